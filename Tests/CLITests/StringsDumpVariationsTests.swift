import Foundation
import StringsFile
import Testing
import TestSupport
@testable import apns_lint
@testable import APNsLint

/// `strings dump` shows what a device can show: a catalog's every language (`--lang`), its
/// plural and device variations and `state`, and a `.stringsdict`'s forms (SPEC §3, §8).
@Suite("strings dump: variations, state, languages")
struct StringsDumpVariationsTests {
  static let catalog = localizationFixtures.appendingPathComponent("Catalog/Localizable.xcstrings").path
  static let stringsdict = localizationFixtures.appendingPathComponent("DemoApp/en.lproj/Localizable.stringsdict").path

  @Test func catalogLanguageWithPluralVariations() throws {
    let (status, out, err) = try runCLI(["strings", "dump", Self.catalog, "--lang", "FR"])
    #expect(status == 0 && err == "")
    #expect(out == """
      \(Self.catalog) (xcstrings, fr)
      - "ACTION_VIEW" = "Voir";  [translated]  /* Action button that opens the message */
      - "FILE_RECEIVED" = "%2$@ reçu de %1$@";  [translated]  /* A file arrived; %1$@ is the sender, %2$@ the file name */
      - "NEW_MESSAGE_FROM" = "%@ vous a envoyé un message";  [translated]  /* Body of the alert; %@ is the sender's name */
      - "NEW_MESSAGE_TITLE" = "Nouveau message";  [translated]  /* Title of the alert for a new chat message */
      - "N_NEW_MESSAGES" (plural)
          plural.one = "%lld nouveau message";
          plural.other = "%lld nouveaux messages";

      """)
  }

  @Test func unknownLanguageAndLangOnATableAreUsageErrors() throws {
    let (status, out, err) = try runCLI(["strings", "dump", Self.catalog, "--lang", "de"])
    #expect(status == 2 && out == "")
    #expect(err == "\(Self.catalog): error: the catalog has no language 'de'; it has 'en', 'fr', 'ja'\n")
    let table = localizationFixtures.appendingPathComponent("DemoApp/en.lproj/Localizable.strings").path
    let (status2, _, err2) = try runCLI(["strings", "dump", table, "--lang", "fr"])
    #expect(status2 == 2)
    #expect(err2.hasSuffix("error: --lang chooses a language of a String Catalog (.xcstrings); a .lproj table is one language already\n"))
  }

  @Test func stringsdictShowsItsForms() throws {
    let (status, out, _) = try runCLI(["strings", "dump", Self.stringsdict])
    #expect(status == 0)
    #expect(out == """
      \(Self.stringsdict) (stringsdict)
      - "N_NEW_MESSAGES" (plural)
          format = "%#@messages@";
          messages.valueType = "d";
          messages.one = "%d new message";
          messages.other = "%d new messages";

      """)
    let json = TableDumpReporter.json(StringsParser.parse(try Data(contentsOf: URL(fileURLWithPath: Self.stringsdict)), path: "x.stringsdict"))
    #expect(json.contains("""
        "plurals": [
          {
            "key": "N_NEW_MESSAGES",
            "variations": [
              {
                "name": "format",
                "value": "%#@messages@"
              },
      """))
  }

  @Test func deviceVariationsAndStateInJSON() throws {
    let catalog = #"{"sourceLanguage": "en", "strings": {"platform": {"localizations": {"en": {"variations": {"device": {"#
      + #""ipad": {"stringUnit": {"state": "needs_review", "value": "iPad"}}, "iphone": {"stringUnit": {"state": "new", "value": "iPhone"}}}}}}}}}"#
    let table = StringsParser.parse(Data(catalog.utf8), path: "L.xcstrings")
    #expect(TableDumpReporter.json(table, language: "en") == """
      {
        "path": "L.xcstrings",
        "language": "en",
        "format": "xcstrings",
        "encoding": null,
        "entries": [
          {
            "key": "platform",
            "value": "iPhone",
            "line": null,
            "column": null,
            "comment": null,
            "state": "new",
            "variations": [
              {
                "name": "device.ipad",
                "value": "iPad"
              },
              {
                "name": "device.iphone",
                "value": "iPhone"
              }
            ]
          }
        ],
        "diagnostics": []
      }

      """)
  }
}
