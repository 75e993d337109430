import Foundation
import StringsFile
import Testing

/// The examples of the StringsFile DocC catalog (GettingStarted.md) print what the article says.
@Suite struct DocCExampleTests {
  @Test func parseKeepsWhatItReadAndSaysWhereItStopped() {
    let bytes = Array("\"GREETING\" = \"Bonjour %@\";\n\"BYE\" = \"Au revoir\"\n".utf8)
    let table = StringsParser.parse(bytes, path: "fr.lproj/Localizable.strings")
    #expect(table.values["GREETING"] == "Bonjour %@")
    #expect(table.findings.map { "\($0.line) \($0.rule.rawValue)" } == ["3 strings-syntax"])
  }

  @Test func renderPicksTheDevicesLocalization() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("docc-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (language, value) in [("en", "Hello %@"), ("fr", "Bonjour %@")] {
      let folder = root.appendingPathComponent("App/Resources/\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try "\"GREETING\" = \"\(value)\";\n".write(
        to: folder.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
    }
    let bundle = try LocalizationBundle(root: root.appendingPathComponent("App/Resources").path)
    let alert = AlertSpec(locKey: "GREETING", locArgs: ["Jenna"])
    #expect(Localizer.render(alert, in: bundle.localization(for: ["fr-CA", "en"])).body == "Bonjour Jenna")
    #expect(Localizer.render(alert, in: bundle.localization(for: ["ja"])).body == "Hello Jenna")
  }
}
