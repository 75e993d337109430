import Foundation
import Testing

@testable import APNsLint

/// When a key missing from a localization is reported (SPEC §3, "Strings tables"): only where a
/// device would show something other than a translation would. Each case reproduces a pattern
/// judged in docs/accuracy-wild-warnings.md (false class 7), in our own words.
@Suite("strings lint: missing translations a device would show")
struct StringsMissingTranslationTests {
  /// Folders no language setting selects: a translation platform's "Pirate" (`pr`, seen in
  /// element-hq/element-ios `Riot/Assets/pr.lproj`), Middle English (`enm`, element-ios and
  /// leits/MeetingBar), Old Persian (`peo`, jellyfin/Swiftfin `Translations/peo.lproj`), a
  /// gettext modifier (`sr@latin`, nextcloud/talk-ios). A folder with a region after an unknown
  /// code stays in: TZImagePickerController loads its `tz-ru.lproj` by name.
  @Test func foldersNoDeviceSelectsAreNotTranslations() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"a\" = \"Open\";\n\"b\" = \"Close\";\n")
    try folder.write("fr.lproj/Localizable.strings", "\"a\" = \"Ouvrir\";\n")
    for name in ["pr", "enm", "peo", "sr@latin", "tz-ru"] {
      try folder.write("\(name).lproj/Localizable.strings", "\"a\" = \"Arr\";\n\"c\" = \"%d%@\";\n")
    }
    let result = try folder.lint()
    #expect(result["fr.lproj/Localizable.strings"] == [
      "strings-missing-translation 1:1 b: 'b' of 'en.lproj/Localizable.strings:2' has no translation in 'fr': the device shows the raw key"
    ])
    for name in ["pr", "enm", "peo"] { #expect(result["\(name).lproj/Localizable.strings"] == [], "\(name)") }
    // Not compared either; its name alone is reported, with the name a device selects.
    #expect(result["sr@latin.lproj/Localizable.strings"] == [
      "strings-lproj-name 1:1 -: 'sr@latin.lproj' is selected by no device language: '@latin' is a gettext modifier, which no device language has (BCP 47 writes a script as '-Latn'); 'sr' in Latin script is 'sr-Latn' (name the folder 'sr-Latn.lproj'): devices set to 'sr' in Latin script never load it and show another localization, so its tables are not compared"
    ])
    #expect(result["tz-ru.lproj/Localizable.strings"] == [
      "strings-missing-translation 1:1 b: 'b' of 'en.lproj/Localizable.strings:2' has no translation in 'tz-ru': the device shows the raw key",
      "strings-extra-key 2:1 c: 'c' is not in the development language's 'en.lproj/Localizable.strings'",
    ])
    // Nor does `en.lproj` say that those folders lack a table.
    #expect(result["en.lproj/Localizable.strings"] == [])
  }

  @Test(arguments: [
    ("pr", true), ("PR", true), ("enm", true), ("ang", true), ("qaa", true), ("qtz", true), ("und", true), ("en@pirate", true),
    ("sr@latin", true), ("en", false), ("fr-CA", false), ("zh-Hans", false), ("zh_TW", false), ("Base", false), ("English", false),
    ("fil", false), ("yue", false), ("mul", false), ("tz-ru", false), ("iw", false), ("ckb", false),
  ])
  func whichNamesNoDeviceSelects(_ name: String, _ unpickable: Bool) {
    #expect(ExcludedLocalizations.isUnpickable(name) == unpickable)
  }

  /// A Weblate stub: the language's file exists but holds no entry (element-ios
  /// `Riot/Assets/sl.lproj/Vector.strings`). One finding for the table, not one per key.
  @Test func aTableWithNoEntryIsOneFinding() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Vector.strings", "\"a\" = \"Open\";\n\"b\" = \"Close\";\n\"c\" = \"Quit\";\n")
    try folder.write("sl.lproj/Vector.strings", "/* No translation yet. */\n")
    try folder.write("da.lproj/Vector.strings", "\"a\" = \"Åbn\";\n")
    let result = try folder.lint()
    #expect(result["sl.lproj/Vector.strings"] == [
      "strings-missing-translation 1:1 -: 'sl.lproj/Vector.strings' has no entries: all 3 keys of the development language show untranslated in 'sl' (the device shows the raw keys)"
    ])
    #expect(result["da.lproj/Vector.strings"]?.count == 2)
    // The summary counts the empty table's keys with the others.
    let files = try StringsLint.lint(root: folder.root.path)
    #expect(StringsLint.translationSummary(files).map(\.line) == ["sl: 3 of 3 keys missing in 1 table", "da: 2 of 3 keys missing in 1 table"])
    // Text and SARIF group per table: the empty table keeps its one finding, no second one.
    let sl = try #require(files.first { $0.path.hasSuffix("sl.lproj/Vector.strings") })
    #expect(sl.groupedFindings.count == 1)
  }

  /// The raw key a lookup shows is the development text, and that text is right as it stands: in a
  /// regional variant of the development language (ViennaRSS/vienna-rss `Localizable.xcstrings`,
  /// `Never` in `en-GB`), or where it has no word (MythicApp/Mythic `Localizable.xcstrings`,
  /// `(%@)` in `ar`). A key that is an identifier still shows the raw identifier, and Chinese
  /// scripts are not variants of each other.
  @Test func aFallbackThatReadsAsMeantIsNotMissing() throws {
    let folder = TableFolder()
    let english = """
      "Never" = "Never";
      "(%@)" = "(%@)";
      "%d/%d" = "%d/%d";
      "Colour" = "Color";
      "SEPARATOR" = ", ";
      "%#@n@ done" = "%#@n@ done";

      """
    try folder.write("en.lproj/Localizable.strings", english)
    try folder.write("en-GB.lproj/Localizable.strings", "\"(%@)\" = \"(%@)\";\n")
    try folder.write("ar.lproj/Localizable.strings", "\"Never\" = \"أبداً\";\n")
    try folder.write("zh-Hans.lproj/Localizable.strings", english)
    try folder.write("zh-Hant.lproj/Localizable.strings", "\"Colour\" = \"顏色\";\n")
    // What reads as meant is information (`StringsFallbackTests`): the warnings are what is missing.
    let files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
    func warnings(_ path: String) -> [String]? {
      files.first { $0.path.hasSuffix("/" + path) }.map { described($0.findings.filter { $0.severity != .info }) }
    }
    #expect(warnings("en-GB.lproj/Localizable.strings") == [
      "strings-missing-translation 1:1 Colour: 'Colour' of 'en.lproj/Localizable.strings:4' has no translation in 'en-GB': the device shows the raw key",
      "strings-missing-translation 1:1 SEPARATOR: 'SEPARATOR' of 'en.lproj/Localizable.strings:5' has no translation in 'en-GB': the device shows the raw key",
    ])
    #expect(warnings("ar.lproj/Localizable.strings") == [
      "strings-missing-translation 1:1 Colour: 'Colour' of 'en.lproj/Localizable.strings:4' has no translation in 'ar': the device shows the raw key",
      "strings-missing-translation 1:1 SEPARATOR: 'SEPARATOR' of 'en.lproj/Localizable.strings:5' has no translation in 'ar': the device shows the raw key",
      "strings-missing-translation 1:1 %#@n@ done: '%#@n@ done' of 'en.lproj/Localizable.strings:6' has no translation in 'ar': the Arabic user reads the English text '%#@n@ done'",
    ])
    // Chinese is no variant of English: 'Never' is missing (Simplified Chinese, the English
    // table copied, is no evidence that it is a name); the wordless values are not.
    #expect(warnings("zh-Hant.lproj/Localizable.strings")?.filter { $0.hasPrefix("strings-missing-translation") }.count == 3)
  }

  @Test func wordsAndVariants() {
    #expect(!StringsLint.hasWords("(%@)"))
    #expect(!StringsLint.hasWords("%1$@ – %2$lld%%"))
    #expect(!StringsLint.hasWords("%#@count@ · %d"))
    #expect(StringsLint.hasWords("%#@count@ done"))
    #expect(StringsLint.hasWords("Aero Shake"))
    #expect(StringsLint.hasWords("日本"))
    #expect(StringsLint.isRegionalVariant("en-GB", of: "en"))
    #expect(StringsLint.isRegionalVariant("pt_PT", of: "pt-BR"))
    #expect(!StringsLint.isRegionalVariant("en", of: "en"))
    #expect(!StringsLint.isRegionalVariant("zh-HK", of: "zh-Hans"))
    #expect(!StringsLint.isRegionalVariant("sr-Latn", of: "sr"))
    #expect(!StringsLint.isRegionalVariant("de-AT", of: "en"))
  }

  /// Xcode marks a key stale when no code uses it any more (ejbills/DockDoor
  /// `Localizable.xcstrings`, `Option (⌥)`, in state `new` in `fi`): its missing and untranslated
  /// languages are not reported, the key is (`strings-stale`, once).
  @Test func aStaleCatalogKeyIsNotMissing() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "Option": {"extractionState": "stale", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Wahl"}},
          "fi": {"stringUnit": {"state": "new", "value": "Option"}}}},
        "Quit": {"localizations": {"fi": {"stringUnit": {"state": "translated", "value": "Lopeta"}}}}
      }}
      """)
    let result = try folder.lint()
    #expect(result["Localizable.xcstrings"]?.map { String($0.prefix(while: { $0 != ":" })) } == [
      "strings-stale 2",
      "strings-missing-translation 4",
    ])
  }

  /// Where no code is read, what is wrong in the texts of a key Xcode marks stale is information,
  /// as for a key no source names, when Xcode's extraction maintains the catalog (most keys
  /// extracted). ejbills/DockDoor at e19292a: eight empty or argument-dropping translations of
  /// stale keys, such as `Current Version: %@`, which no Swift file of that commit names, beside
  /// 564 extracted keys and 266 stale; Cork's and Nostur's likewise. Where most keys are manual or
  /// stale the app looks them up by code Xcode does not read (LiveContainer's
  /// `"lc.settings.multitaskMode".loc`: 206 manual, 129 stale, none extracted; a catalog migrated
  /// from `.strings` and read through SwiftGen's `L10n.tr`, all stale): the finding stays a
  /// warning. With the code read, the code decides: a stale key it names keeps its warning.
  @Test func whatIsWrongInAStaleKeyIsInformationWhereXcodeExtractsTheCatalog() throws {
    func catalog(_ otherKeys: String) -> String {
      """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "Current Version: %@": {"extractionState": "stale", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Current Version: %@"}},
          "sv": {"stringUnit": {"state": "translated", "value": ""}}}},
        \(otherKeys)
      }}
      """
    }
    let extracted = #""Quit": {"localizations": {"sv": {"stringUnit": {"state": "translated", "value": "Avsluta"}}}}, "Open": {}"#
    func lint(_ folder: borrowing TableFolder, sources: SourceKeys? = nil) throws -> [String] {
      var files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
      if let sources { _ = StringsLint.markUnreached(&files, sources: sources) } else { StringsLint.markStale(&files) }
      return files.flatMap { $0.findings.filter { $0.keyPath == "Current Version: %@" }
        .map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.line):\($0.column): \($0.message)" } }
    }
    let maintained = TableFolder()
    try maintained.write("Localizable.xcstrings", catalog(extracted))
    #expect(try lint(maintained) == [
      "info strings-stale 2:3: 'Current Version: %@' is stale: Xcode no longer finds it in code and offers to remove it, with its 1 translation; a key used only by pushes (a payload's loc-key) or by code Xcode does not read is still needed: set its 'extractionState' to 'manual'",
      "info strings-empty-translation 3:59: 'Current Version: %@' in 'sv' is empty where 'en' has 'Current Version: %@': the device shows nothing (Xcode marks the key stale: its extraction no longer finds it in the code; unless something looks it up at run time, no device shows it)",
    ])
    // The code is read and names the key (a package's code, which Xcode does not extract for the app).
    try maintained.write("Kit/Kit.swift", #"let v = String(format: NSLocalizedString("Current Version: %@", comment: ""), version)"#)
    #expect(try lint(maintained, sources: SourceKeys(roots: [maintained.root.path + "/Kit"])).map { String($0.prefix(40)) } == [
      "info strings-stale 2:3: 'Current Version",
      "warning strings-empty-translation 3:59: ",
    ])
    for others in [#""Quit": {"extractionState": "manual", "localizations": {}}, "Open": {}"#,
                   #""Quit": {"extractionState": "stale", "localizations": {}}"#] {
      let manual = TableFolder()
      try manual.write("Localizable.xcstrings", catalog(others))
      #expect(try lint(manual).filter { $0.contains("strings-empty-translation") }.map { String($0.prefix(40)) } == [
        "warning strings-empty-translation 3:59: ",
      ])
    }
  }
}
