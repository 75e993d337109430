import Foundation
import PayloadSchema
import Testing

@testable import APNsLint

/// "rule severity line:column keyPath: message", what these tests compare.
private func severe(_ findings: [Finding]) -> [String] {
  findings.map { "\($0.rule) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-"): \($0.message)" }
}

/// The findings of `path` (relative to the folder) after a lint of `folder`: per key, and as every
/// format reports them (`groupedFindings`).
private func lintedFile(_ folder: borrowing TableFolder, _ path: String) throws -> StringsLintFile {
  let files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
  return try #require(files.first { $0.path.hasSuffix("/" + path) })
}

/// What a device shows for a missing translation decides the finding (SPEC §3, "Strings tables";
/// issue 52): the development text where the key is that text (a catalog, a table keyed by its
/// English), the raw key otherwise, and nothing missing where the text shown is right anyway.
@Suite("strings lint: a missing translation is what the device falls back to")
struct StringsFallbackTests {
  /// A String Catalog's key is the development text, so a French device reads the English text,
  /// not "the raw key" (DockDoor's `Localizable.xcstrings`, `Advanced` untranslated in `es`); a
  /// key written as an identifier with an English value still shows the identifier.
  @Test func aCatalogKeyFallsBackToTheEnglishText() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "Delete": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Löschen"}}}},
        "PHOTO_BODY": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Photo"}},
          "de": {"stringUnit": {"state": "translated", "value": "Foto"}},
          "fr": {"stringUnit": {"state": "translated", "value": "Photo"}}}},
        "SAVE": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Save"}},
          "de": {"stringUnit": {"state": "translated", "value": "Sichern"}}}}
      }}
      """)
    let file = try lintedFile(folder, "Localizable.xcstrings")
    #expect(severe(file.findings.filter { $0.rule == RuleID(TableRule.missingTranslation) || $0.rule == RuleID(TableRule.translationNotNeeded) }) == [
      "strings-missing-translation warning 2:3 Delete: 'Delete' of 'en' has no translation in 'fr': the French user reads the English text 'Delete'",
      "strings-missing-translation warning 6:3 SAVE: 'SAVE' of 'en' has no translation in 'fr': the device shows the raw key",
    ])
    #expect(severe(file.groupedFindings.filter { $0.rule == RuleID(TableRule.missingTranslation) || $0.rule == RuleID(TableRule.translationNotNeeded) }) == [
      "strings-missing-translation warning 1:1 -: fr: 1 of 3 keys of 'Localizable.xcstrings' missing: 'Delete' (the French user reads the English text)",
      "strings-missing-translation warning 1:1 -: fr: 1 of 3 keys of 'Localizable.xcstrings' missing: 'SAVE' (the device shows the raw key)",
    ])
    #expect(file.groupedFindings.prefix(2).map(\.keys) == [["Delete"], ["SAVE"]])
  }

  /// A `.strings` table keyed by its English text (`"Delete" = "Delete";`) falls back to that
  /// text; one keyed by identifiers (`PHOTO_BODY`, with no development value the lookup can reach)
  /// shows the identifier. One table can hold both: a finding for each.
  @Test func aStringsKeyThatIsTheTextShowsTheText() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"Delete\" = \"Delete\";\n\"PHOTO_BODY\" = \"Photo\";\n\"Open\" = \"Open\";\n")
    try folder.write("de.lproj/Localizable.strings", "\"Delete\" = \"Löschen\";\n\"PHOTO_BODY\" = \"Foto\";\n\"Open\" = \"Öffnen\";\n")
    try folder.write("fr.lproj/Localizable.strings", "\"Open\" = \"Ouvrir\";\n")
    let file = try lintedFile(folder, "fr.lproj/Localizable.strings")
    #expect(severe(file.findings) == [
      "strings-missing-translation warning 1:1 Delete: 'Delete' of 'en.lproj/Localizable.strings:1' has no translation in 'fr': the French user reads the English text 'Delete'",
      "strings-missing-translation warning 1:1 PHOTO_BODY: 'PHOTO_BODY' of 'en.lproj/Localizable.strings:2' has no translation in 'fr': the device shows the raw key",
    ])
    #expect(severe(file.groupedFindings) == [
      "strings-missing-translation warning 1:1 -: fr: 1 of 3 keys of 'Localizable.strings' missing: 'Delete' (the French user reads the English text)",
      "strings-missing-translation warning 1:1 -: fr: 1 of 3 keys of 'Localizable.strings' missing: 'PHOTO_BODY' (the device shows the raw key)",
    ])
    // The summary counts the table once.
    let files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
    #expect(StringsLint.translationSummary(files).map(\.line) == ["fr: 2 of 3 keys missing in 1 table"])
  }

  /// Nothing is missing where the text a device shows is right in the language anyway: the same
  /// in every language that has the key (a name, an `OK` the languages keep: GoMap's `GPS`), no
  /// word to translate (`%@`), an empty key (Xcode's `""`, DockDoor). A table copied from the
  /// development language unchanged is no evidence (every value would be "the same"); a key
  /// another language translates is missing.
  @Test func textTheSameEverywhereIsNotMissing() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "OK" = "OK";
      "GitHub" = "GitHub";
      "" = "";
      "%@" = "%@";
      "Settings" = "Settings";
      "Archive" = "Archive";
      "Open" = "Open";

      """)
    try folder.write("de.lproj/Localizable.strings",
                     "\"OK\" = \"OK\";\n\"GitHub\" = \"GitHub\";\n\"Settings\" = \"Einstellungen\";\n\"Open\" = \"Öffnen\";\n")
    // Spanish is the development table copied: it says nothing of what is a name.
    try folder.write("es.lproj/Localizable.strings", "\"OK\" = \"OK\";\n\"Settings\" = \"Settings\";\n\"Archive\" = \"Archive\";\n")
    try folder.write("fr.lproj/Localizable.strings", "\"Open\" = \"Ouvrir\";\n")
    let file = try lintedFile(folder, "fr.lproj/Localizable.strings")
    #expect(severe(file.findings.filter { $0.rule == RuleID(TableRule.missingTranslation) || $0.rule == RuleID(TableRule.translationNotNeeded) }) == [
      "strings-translation-not-needed info 1:1 OK: 'OK' of 'en.lproj/Localizable.strings:1' has no translation in 'fr', and needs none: the French user reads the English text 'OK', the same in every language that has the key",
      "strings-translation-not-needed info 1:1 GitHub: 'GitHub' of 'en.lproj/Localizable.strings:2' has no translation in 'fr', and needs none: the French user reads the English text 'GitHub', the same in every language that has the key",
      "strings-translation-not-needed info 1:1 : '' of 'en.lproj/Localizable.strings:3' has no translation in 'fr', and needs none: an empty key shows nothing to translate",
      "strings-translation-not-needed info 1:1 %@: '%@' of 'en.lproj/Localizable.strings:4' has no translation in 'fr', and needs none: the French user reads the English text '%@', which has no word to translate",
      "strings-missing-translation warning 1:1 Settings: 'Settings' of 'en.lproj/Localizable.strings:5' has no translation in 'fr': the French user reads the English text 'Settings'",
      "strings-missing-translation warning 1:1 Archive: 'Archive' of 'en.lproj/Localizable.strings:6' has no translation in 'fr': the French user reads the English text 'Archive'",
    ])
    #expect(severe(file.groupedFindings.filter { $0.rule == RuleID(TableRule.missingTranslation) || $0.rule == RuleID(TableRule.translationNotNeeded) }) == [
      "strings-missing-translation warning 1:1 -: fr: 2 of 7 keys of 'Localizable.strings' missing: 'Settings', 'Archive' (the French user reads the English text)",
      "strings-translation-not-needed info 1:1 -: fr: 4 of 7 keys of 'Localizable.strings' have no translation and need none: 'OK', 'GitHub', '', '%@' (the French user reads the English text as meant: it has no word to translate, or is the same in every language that has the key)",
    ])
    let files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
    #expect(StringsLint.translationSummary(files).map(\.line).contains("fr: 2 of 7 keys missing in 1 table"))
  }

  /// A regional variant reads the development text as meant (ViennaRSS's `en-GB`): information,
  /// one finding for the table, where it used to be silent.
  @Test func aRegionalVariantReadsTheTextAsMeant() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"Never\" = \"Never\";\n\"Colour\" = \"Color\";\n")
    try folder.write("en-GB.lproj/Localizable.strings", "\"Colour\" = \"Colour\";\n")
    let file = try lintedFile(folder, "en-GB.lproj/Localizable.strings")
    #expect(severe(file.groupedFindings) == [
      "strings-translation-not-needed info 1:1 -: en-GB: 1 of 2 keys of 'Localizable.strings' has no translation and needs none: 'Never' ('en-GB' is a regional variant of 'en': the English user reads the English text as meant)",
    ])
  }

  /// A localization folder without the table: CFBundle looks the table up through the bundle's
  /// languages down to the development region, so the device reads the development table.
  @Test func aMissingTableReadsTheDevelopmentOne() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"A\" = \"Open\";\n")
    try folder.write("en.lproj/Alerts.strings", "\"B\" = \"Close\";\n\"C\" = \"Quit\";\n")
    try folder.write("ja.lproj/Localizable.strings", "\"A\" = \"開く\";\n")
    let file = try lintedFile(folder, "en.lproj/Alerts.strings")
    #expect(severe(file.groupedFindings) == [
      "strings-missing-translation warning 1:1 -: 'ja.lproj' has no 'Alerts.strings': a device in Japanese reads 'en.lproj/Alerts.strings' instead, so its 2 keys show the English text",
    ])
  }

  /// A catalog unit in state `new` holds the development text Xcode copied into it: the device
  /// shows it, and it is a missing translation unless that text reads as meant.
  @Test func aNewUnitIsMissingUnlessItsTextReadsAsMeant() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "Quit": {"localizations": {"fi": {"stringUnit": {"state": "new", "value": "Quit"}},
          "de": {"stringUnit": {"state": "translated", "value": "Beenden"}}}},
        "%lld px": {"localizations": {"fi": {"stringUnit": {"state": "new", "value": "%lld px"}},
          "de": {"stringUnit": {"state": "translated", "value": "%lld px"}}}}
      }}
      """)
    let file = try lintedFile(folder, "Localizable.xcstrings")
    #expect(severe(file.groupedFindings.filter { $0.rule == RuleID(TableRule.missingTranslation) || $0.rule == RuleID(TableRule.translationNotNeeded) }) == [
      "strings-missing-translation warning 1:1 -: fi: 1 of 2 keys of 'Localizable.xcstrings' missing: 'Quit' (the Finnish user reads the English text)",
      "strings-translation-not-needed info 1:1 -: fi: 1 of 2 keys of 'Localizable.xcstrings' has no translation and needs none: '%lld px' (the Finnish user reads the English text as meant: it has no word to translate, or is the same in every language that has the key)",
    ])
  }
}
