import Foundation
import StringsFile
import Testing
import TestSupport
@testable import APNsLint

/// The leftovers of the 2026 localization round, each on the real file that shows it
/// (`Fixtures/RealLocalizations/leftovers`, cited in `../shared/wild/project-fixtures/Fixtures/RealLocalizations/SOURCES.tsv`,
/// byte for byte): every finding `strings lint` gives on each, judged by Apple's documentation
/// and CoreFoundation's behaviour, not by the tool. The files are real material, read from the
/// shared folder (`RealMaterial`); skipped without it. Each pattern is reproduced in our own words
/// in `StringsLeftoversTests` and `RealPatternTests`, which run everywhere.
@Suite("strings lint on the real files of the leftovers", .enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
struct RealLeftoverFilesTests {
  static let root = RealMaterial.url("Fixtures/RealLocalizations/leftovers")

  static func lint(_ folder: String) throws -> [String: [String]] {
    try linted(Self.root.appendingPathComponent(folder).path)
  }

  /// Pocket Casts' French `Économisez 50 % la première année%%` (a no-break space before `%`): the English value has no
  /// argument, but its `%%` proves it goes through a format call, so the French `% la` (a space
  /// flag, then `l` and `a`) reads an argument that does not exist.
  @Test func aPercentSignInAFrenchTranslationOfAFormatIsAMismatch() throws {
    let result = try Self.lint("pocket-casts")
    let french = try #require(result["fr.lproj/Localizable.strings"])
    #expect(french.filter { $0.hasPrefix("strings-format-mismatch") } == [
      "strings-format-mismatch 1:1 upgrade_experiment_discount_yearly_membership: 'upgrade_experiment_discount_yearly_membership' in 'fr' "
        + "('Économisez 50\u{00A0}% la première année%%') does not take the arguments of 'en' ('Save 50%% off your first year'): position 1 is extra: '% la' reads past the arguments the code passes (it prints whatever lies there: a meaningless value)",
    ])
    // The rest is real too: 15 keys added to English after the last French import, two keys
    // English defines twice, and a trailing '%' after an argument; and the English text French
    // keeps (information).
    #expect(french.filter { $0.hasPrefix("strings-missing-translation") }.count == 15)
    #expect(french.filter { $0.hasPrefix("strings-development-copy") }.count == 1)
    #expect(french.count == 17)
    #expect(try #require(result["en.lproj/Localizable.strings"]) == [
      "strings-duplicate-same-value 503:1 discover_browse_by_category_health: key 'discover_browse_by_category_health' is defined again with the same value as on line 497: nothing changes on the device",
      "strings-duplicate-other-value 542:1 discover_browse_by_category_society_and_culture: key 'discover_browse_by_category_society_and_culture' is defined again with another text; line 539's never shows, the last definition wins",
      "strings-accidental-specifier 3687:1 eoy_year_over_year_title_went_up: 'eoy_year_over_year_title_went_up' has '%' ('Compared to 2022, your listening time went up a whopping %1$@%'): a '%' at the end reads as an incomplete specifier; write '%%' for a percent sign",
    ])
  }

  /// DuckDuckGo's `.stringsdict` (each plural form) and Quicksilver's XML-plist `.strings` (before
  /// and after `\"` became `\&quot;`): a backslash escape in an XML property list is shown as
  /// written.
  @Test func backslashEscapesInXMLPropertyListsAreReportedPerString() throws {
    let ddg = try #require(try Self.lint("duckduckgo-stringsdict")["en.lproj/Localizable.stringsdict"])
    // At each form's <string> (lines 16, 18 and 20, after three tabs).
    #expect(ddg.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
      "strings-xml-escape 16:4", "strings-xml-escape 18:4", "strings-xml-escape 20:4",
    ])
    let forms = ddg.compactMap { finding in ["count.zero", "count.one", "count.other"].first { finding.contains("('\($0)')") } }
    #expect(Set(forms) == ["count.zero", "count.one", "count.other"])
    // At each value's <string> (the later version has two more lines above them).
    for (folder, line) in [("quicksilver-5cb25b0", 164), ("quicksilver-5689629", 168)] {
      let quicksilver = try #require(try Self.lint(folder)["en.lproj/QSAction.commandFormat.strings"])
      #expect(quicksilver == [
        #"strings-xml-escape \#(line):2 QSTextShowDialogAction: 'QSTextShowDialogAction' holds a literal '\"' ('Show dialog: \"%@\"'): a property list has no backslash escapes, so the device shows the backslash; write the character itself"#,
        #"strings-xml-escape \#(line + 2):2 QSTextSpeakAction: 'QSTextSpeakAction' holds a literal '\"' ('Say \"%@\"'): a property list has no backslash escapes, so the device shows the backslash; write the character itself"#,
        #"strings-xml-escape \#(line + 4):2 QSTextTypeAction: 'QSTextTypeAction' holds a literal '\"' ('Type \"%@\"'): a property list has no backslash escapes, so the device shows the backslash; write the character itself"#,
      ], "\(folder)")
    }
  }

  /// CSE's catalog (Xcode, version 1.1, 12 languages): 23 keys `shouldTranslate: false` and 20
  /// auto-generated comments: nothing to report but the search engines' names each language keeps
  /// as in English (`Bing`, `DuckDuckGo`: `strings-development-copy`, information).
  @Test func anXcodeCatalogWithUntranslatableKeysIsClean() throws {
    let path = Self.root.appendingPathComponent("cse/Localizable.xcstrings")
    let catalog = StringCatalog.parse(try Data(contentsOf: path), path: path.path)
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.tables.count == 12)
    #expect(catalog.tables["en"]?.untranslatableKeys.count == 23)
    let findings = try #require(try Self.lint("cse")["Localizable.xcstrings"])
    #expect(findings.count == 11 && findings.allSatisfy { $0.hasPrefix("strings-development-copy ") })
  }

  /// A catalog written by a tool with version "1" (Xcode writes 1.0 to 1.3): read, with an info.
  @Test func aCatalogVersionXcodeNeverWritesIsAnInfo() throws {
    #expect(try Self.lint("lumi") == ["EditorBottomPanel.xcstrings": [
      "strings-catalog-version 1:1 -: the catalog's version '1' is not one Xcode writes (1.0 to 1.3): read as a catalog of those versions",
      "strings-stale 4:5 Bottom panel for the editor (Problems, References, Search Results, etc.): 'Bottom panel for the editor (Problems, References, Search Results, etc.)' is stale: Xcode no longer finds it in code and offers to remove it, with its 2 translations; a key used only by pushes (a payload's loc-key) or by code Xcode does not read is still needed: set its 'extractionState' to 'manual'",
      "strings-stale 27:5 Editor Bottom Panel: 'Editor Bottom Panel' is stale: Xcode no longer finds it in code and offers to remove it, with its 2 translations; a key used only by pushes (a payload's loc-key) or by code Xcode does not read is still needed: set its 'extractionState' to 'manual'",
    ]])
  }

  /// UTF-16 without a byte order mark, as `iconv -t UTF-16BE` (cashflow) and an older tool
  /// (AutoLocalize, little-endian) wrote it: CoreFoundation skips the first two bytes, so what
  /// follows is not the table. Neither starts with whitespace, so both are errors.
  @Test func utf16WithoutAByteOrderMarkIsAnError() throws {
    let cashflow = try Self.lint("cashflow")
    let garbled = "strings-encoding 1:1 -: UTF-16 without a byte order mark: CoreFoundation skips the first two bytes and reads the rest "
      + "as little-endian UTF-16, which garbles this big-endian text; save the file as UTF-8 or with a BOM"
    #expect(cashflow["de.lproj/Localizable.strings"] == [garbled, "strings-syntax 1:1 -: expected a value, found '⨀'"])
    #expect(cashflow["ja.lproj/Localizable.strings"] == [garbled, "strings-syntax 1:1 -: expected a value, found '⨀'"])
    // The development language's own mistake, a missing ';' on line 107, reported where the next
    // entry starts.
    #expect(cashflow["en.lproj/Localizable.strings"] == [
      "strings-syntax 111:1 -: expected ';' after the value of '(Write an inquiry here.)', found '\"'",
    ])
    #expect(try Self.lint("autolocalize")["en.lproj/Localizable.strings"] == [
      "strings-encoding 1:1 -: UTF-16 without a byte order mark: CoreFoundation skips the first two bytes and reads the rest as little-endian UTF-16; "
        + "save the file as UTF-8 or with a BOM",
      "strings-syntax 1:1 -: expected a value, found '*'",
    ])
  }
}
