import Foundation
import TestSupport
import Testing

/// `strings lint DIR` reads the Xcode projects and packages below DIR (SPEC §3 "What ships"):
/// `Fixtures/Localizations/ShipsApp`, development region `fr`, with a table outside its variant
/// group and a variant group in no build phase.
@Suite("strings lint reads what the project ships (issue 52)")
struct ProjectShippingCLITests {
  static let app = "Fixtures/Localizations/ShipsApp"

  /// `rule severity line:column path-below-the-app` of every JSON diagnostic.
  static func diagnostics(_ json: String) throws -> [String] {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var found: [String] = []
    for result in try #require(root["results"] as? [[String: Any]]) {
      let path = String((result["path"] as? String ?? "").dropFirst(app.count + 1))
      for d in result["diagnostics"] as? [[String: Any]] ?? [] {
        found.append("\(d["rule"] as? String ?? "") \(d["severity"] as? String ?? "") \(d["line"] as? Int ?? 0):\(d["column"] as? Int ?? 0) \(path)")
      }
    }
    return found
  }

  @Test func theProjectDecidesAndNoProjectGivesTodaysVerdict() throws {
    let (status, out, err) = try runCLI(["strings", "lint", Self.app, "--format", "json"])
    #expect(status == 0)
    #expect(err == "note: read 1 project (ShipsApp.xcodeproj) to tell the tables that ship; a table no target builds is info, compared with nothing (--no-project: every table counts as shipped)\n")
    #expect(try Self.diagnostics(out) == [
      "strings-not-shipped info 1:1 ShipsApp/de.lproj/Labels.strings",
      "strings-duplicate-other-value info 4:1 ShipsApp/de.lproj/Labels.strings",
      "strings-missing-translation warning 1:1 ShipsApp/en.lproj/Labels.strings",
      "strings-not-shipped info 1:1 ShipsApp/en.lproj/Legacy.strings",
      "strings-not-shipped info 1:1 ShipsApp/fr.lproj/Legacy.strings",
    ])
    // Without the project: English is guessed as the development language and every table is
    // compared: de's TITLE shows Russian over its German translation (a warning once compared).
    let (_, plain, plainErr) = try runCLI(["strings", "lint", Self.app, "--format", "json", "--no-project"])
    #expect(plainErr == "")
    #expect(try Self.diagnostics(plain).filter { !$0.hasPrefix("strings-missing-translation") } == [
      "strings-extra-key info 3:1 ShipsApp/de.lproj/Labels.strings",
      "strings-duplicate-key warning 4:1 ShipsApp/de.lproj/Labels.strings",
      "strings-extra-key info 3:1 ShipsApp/fr.lproj/Labels.strings",
      "strings-extra-key info 2:1 ShipsApp/fr.lproj/Legacy.strings",
    ])
    // `--development-language` wins over the project's region.
    let (_, english, _) = try runCLI(["strings", "lint", Self.app, "--format", "json", "--development-language", "en"])
    #expect(try Self.diagnostics(english).contains("strings-extra-key info 3:1 ShipsApp/fr.lproj/Labels.strings"))
  }
}
