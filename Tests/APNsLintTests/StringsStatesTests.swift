import Foundation
import StringsFile
import Testing
@testable import APNsLint

/// A catalog with source `en` whose `strings` members are `members` (JSON text).
func catalog(_ members: String, version: String = "1.0") -> String {
  "{\"sourceLanguage\": \"en\", \"version\": \"\(version)\", \"strings\": {\(members)}}"
}

/// A key's localization with one string unit.
func unit(_ state: String, _ value: String) -> String {
  "{\"stringUnit\": {\"state\": \"\(state)\", \"value\": \"\(value)\"}}"
}

@Suite("strings lint and check --strings: String Catalog translation states and versions (SPEC §14)")
struct StringsStatesTests {
  static let members = """
    "Archive": {"localizations": {"en": \(unit("translated", "Archive")), "de": \(unit("needs_review", "Archiv")), \
    "fr": \(unit("new", "Archive"))}},
    "Delete": {"localizations": {"en": \(unit("translated", "Delete")), "de": \(unit("translated", "Löschen")), \
    "fr": \(unit("new", "Delete"))}},
    "Old": {"extractionState": "stale", "localizations": {"en": \(unit("translated", "Old")), "de": \(unit("stale", "Alt")), \
    "fr": \(unit("translated", "Vieux"))}},
    "Brand": {"shouldTranslate": false, "localizations": {"en": \(unit("translated", "Brand")), "fr": \(unit("new", "Brand"))}},
    "N": {"localizations": {"en": {"variations": {"plural": {"one": \(unit("translated", "%lld file")), "other": \(unit("translated", "%lld files"))}}}, \
    "de": {"variations": {"plural": {"one": \(unit("translated", "%lld Datei")), "other": \(unit("needs_review", "%lld Dateien"))}}}, \
    "fr": {"variations": {"plural": {"one": \(unit("translated", "%lld fichier")), "other": \(unit("translated", "%lld fichiers"))}}}}}
    """

  @Test func perKeyFindings() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", catalog(Self.members))
    let result = try folder.lint()
    #expect(result["Localizable.xcstrings"] == [
      "strings-needs-review-as-written 1:209 Archive: 'Archive' in 'de' ('Archiv') is in state 'needs_review': users see it as written, and nothing in it shows it stale (its numbers are the source's; Xcode sets the state when the source text changes, a reviewer clears it)",
      "strings-missing-translation 1:268 Archive: 'Archive' in 'fr' is in state 'new' (not translated yet): the device shows 'Archive', which nobody has translated",
      "strings-missing-translation 2:210 Delete: 'Delete' in 'fr' is in state 'new' (not translated yet): the device shows 'Delete', which nobody has translated",
      "strings-stale 3:1 Old: 'Old' is stale: Xcode no longer finds it in code and offers to remove it, with its 2 translations; a key used only by pushes (a payload's loc-key) or by code Xcode does not read is still needed: set its 'extractionState' to 'manual'",
      "strings-stale 3:167 Old: 'Old' in 'de' is in state 'stale'",
      "strings-needs-review-as-written 5:204 N: 'N' in 'de' is in state 'needs_review': users see it as written, and nothing in it shows it stale (its numbers are the source's; Xcode sets the state when the source text changes, a reviewer clears it)",
    ])
  }

  @Test func groupedOnePerLocalizationAndTable() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", catalog(Self.members))
    let files = try StringsLint.lint(root: folder.root.path)
    #expect(described(files[0].groupedFindings) == [
      "strings-missing-translation 1:1 -: fr: 2 of 4 keys of 'Localizable.xcstrings' missing: 'Archive', 'Delete' (the French user reads the English text)",
      "strings-needs-review-as-written 1:209 -: de: 2 of 4 keys of 'Localizable.xcstrings' need review (state 'needs_review'): users see them as written, and nothing in them shows them stale: 'Archive', 'N'",
      "strings-stale 3:1 -: en: 1 of 5 keys of 'Localizable.xcstrings' are stale (Xcode no longer finds them in code and offers to remove them): 'Old'",
      "strings-stale 3:167 -: de: 1 of 4 keys of 'Localizable.xcstrings' are stale (Xcode no longer finds them in code and offers to remove them): 'Old'",
    ])
  }

  /// state `new`: Xcode compiles every unit's value, so a unit still holding the development text
  /// it copied (or plural forms that are the development's) shows that text (a missing
  /// translation), but one holding other text (or other forms) was translated
  /// by a tool that left the state as it was (anyproto/anytype-swift's catalogs, written by its
  /// translation platform's bot in state `new`): the device shows the translation, nothing is
  /// missing. An empty `new` unit stays missing.
  @Test func aNewUnitHoldingATranslationIsWhatTheDeviceShows() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", catalog("""
      "About": {"localizations": {"en": \(unit("translated", "About")), "es": \(unit("new", "Acerca de"))}},
      "Delete": {"localizations": {"en": \(unit("translated", "Delete")), "es": \(unit("new", "Delete"))}},
      "Share": {"localizations": {"en": \(unit("translated", "Share")), "es": \(unit("new", ""))}},
      "Files": {"localizations": {"en": {"variations": {"plural": {"one": \(unit("translated", "%lld file")), "other": \(unit("translated", "%lld files"))}}}, \
      "es": {"variations": {"plural": {"one": \(unit("new", "%lld archivo")), "other": \(unit("new", "%lld archivos"))}}}}},
      "Tabs": {"localizations": {"en": {"variations": {"plural": {"one": \(unit("translated", "%lld tab")), "other": \(unit("translated", "%lld tabs"))}}}, \
      "es": {"variations": {"plural": {"one": \(unit("new", "%lld tab")), "other": \(unit("new", "%lld tabs"))}}}}}
      """))
    // Russian forms that are the English text (the development value has no forms to compare).
    try folder.write("Views.xcstrings", catalog("""
      "%lld views": {"localizations": {"en": \(unit("translated", "%lld views")), \
      "ru": {"variations": {"plural": {"one": \(unit("new", "%lld views")), "few": \(unit("new", "%lld views")), "many": \(unit("new", "%lld views")), "other": \(unit("new", "%lld views"))}}}}},
      "Close": {"localizations": {"en": \(unit("translated", "Close")), "ru": \(unit("new", "Закрыть"))}}
      """))
    let files = try StringsLint.lint(root: folder.root.path)
    #expect(described(files[0].groupedFindings).filter { $0.hasPrefix("strings-missing-translation") } == [
      "strings-missing-translation 1:1 -: es: 3 of 5 keys of 'Localizable.xcstrings' missing: 'Delete', 'Share', 'Tabs' (the Spanish user reads the English text)",
    ])
    #expect(described(files[1].groupedFindings).filter { $0.hasPrefix("strings-missing-translation") } == [
      "strings-missing-translation 1:1 -: ru: 1 of 2 keys of 'Views.xcstrings' missing: '%lld views' (the Russian user reads the English text)",
    ])
  }

  /// needs_review: a value that is still the development language's text is read untranslated,
  /// and says so (wider tables: Caldis/Mos `scrollDurationLockedMessage`): a warning; a
  /// translation in that state that nothing in the table shows stale is information (what its
  /// words say of an older source, as rxhanson/Rectangle's Swedish `ec4-FB-fMa.title`, is beyond
  /// the table; NeedsReviewTests has the rest): grouped apart.
  @Test func needsReviewSaysWhenStillUntranslated() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", catalog("""
      "Archive": {"localizations": {"en": \(unit("translated", "Archive")), "de": \(unit("needs_review", "Archiv"))}},
      "Locked": {"localizations": {"en": \(unit("translated", "Scrolling is locked")), "de": \(unit("needs_review", "Scrolling is locked"))}}
      """))
    let files = try StringsLint.lint(root: folder.root.path)
    #expect(files[0].findings.map { "\($0.severity) \($0.rule.rawValue) \($0.keyPath ?? "-"): \($0.message)" } == [
      "info strings-needs-review-as-written Archive: 'Archive' in 'de' ('Archiv') is in state 'needs_review': users see it as written, and nothing in it shows it stale (its numbers are the source's; Xcode sets the state when the source text changes, a reviewer clears it)",
      "warning strings-needs-review Locked: 'Locked' in 'de' ('Scrolling is locked') is in state 'needs_review' and is still the development language's text: users read it untranslated",
    ])
    #expect(files[0].groupedFindings.map { "\($0.severity) \($0.message)" } == [
      "info de: 1 of 2 keys of 'Localizable.xcstrings' need review (state 'needs_review'): users see them as written, and nothing in them shows them stale: 'Archive'",
      "warning de: 1 of 2 keys of 'Localizable.xcstrings' need review and are still the development language's text (state 'needs_review': users read them untranslated): 'Locked'",
    ])
  }

  /// Xcode 26's versions and generated comments read without a finding; a later version with an info.
  @Test func catalogVersions() throws {
    for version in ["1.0", "1.1", "1.2", "1.3"] {
      let read = StringCatalog.parse(Data(catalog("\"A\": {\"comment\": \"A title\", \"isCommentAutoGenerated\": true}", version: version).utf8), path: "L.xcstrings")
      #expect(read.findings.isEmpty, "\(version)")
      #expect(read.tables["en"]?.entries.map(\.key) == ["A"])
    }
    for (version, message) in [
      ("1.4", "the catalog's version '1.4' is newer than those known (1.0 to 1.3): read as far as it goes; what a later Xcode added may be missed"),
      ("2.0", "the catalog's version '2.0' is newer than those known (1.0 to 1.3): read as far as it goes; what a later Xcode added may be missed"),
      ("1.3.1", "the catalog's version '1.3.1' is newer than those known (1.0 to 1.3): read as far as it goes; what a later Xcode added may be missed"),
      ("0.9", "the catalog's version '0.9' is not one Xcode writes (1.0 to 1.3): read as a catalog of those versions"),
      ("beta", "the catalog's version 'beta' is not one Xcode writes (1.0 to 1.3): read as a catalog of those versions"),
    ] {
      let read = StringCatalog.parse(Data(catalog("\"A\": {}", version: version).utf8), path: "L.xcstrings")
      #expect(read.findings.map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.message)" } == ["strings-catalog-version 1:1 \(message)"])
      #expect(read.tables["en"]?.entries.map(\.key) == ["A"])
    }
  }

  /// `check --strings`: a stale loc-key, and one not done in a language a device picks.
  @Test func pushAware() throws {
    let folder = TableFolder()
    try folder.write("App/Localizable.xcstrings", catalog(Self.members))
    let bundle = try LocalizationBundle(root: folder.root.path)
    func check(_ key: String, _ languages: [String]?) -> [String] {
      guard let alert = alertText(LocalizationChecksTests.payload(key: key, args: nil)) else { return ["no alert"] }
      return described(LocalizationChecks.check(alert: alert, bundle: bundle, devices: languages.map { $0.map { [$0] } }))
    }
    #expect(check("Old", nil) == [
      "loc-key-stale 2:14 aps.alert.loc-key: 'Old' is marked stale in the String Catalog: a key used only by pushes is never found in code, so Xcode marks it stale and offers to remove it (and its translations); set its 'extractionState' to 'manual'"
    ])
    #expect(check("Archive", nil) == [
      "loc-key-unreviewed 2:14 aps.alert.loc-key: 'Archive' is not done in 'de' (needs_review), 'fr' (new): devices using them show a translation nobody has finished ('new') or reviewed ('needs_review')"
    ])
    #expect(check("Archive", ["de-AT"]) == [
      "loc-key-unreviewed 2:14 aps.alert.loc-key: 'Archive' is not done in 'de' (needs_review): devices using it show a translation nobody has finished ('new') or reviewed ('needs_review')"
    ])
    #expect(check("Delete", ["de-AT", "ja"]) == [])
    // A catalog plural named by a loc-key, and its de form that needs review.
    #expect(check("N", ["de-AT"]) == [
      "loc-key-plural 2:14 aps.alert.loc-key: 'N' is a plural entry (.stringsdict or String Catalog plural variation) in 'en' and 'de': iOS does not resolve plural rules for notification arguments",
      "loc-key-unreviewed 2:14 aps.alert.loc-key: 'N' is not done in 'de' (needs_review): devices using it show a translation nobody has finished ('new') or reviewed ('needs_review')",
    ])
    #expect(check("Delete", ["fr-CA"]).count == 1)
  }
}
