import Foundation
import Testing
import TestSupport

/// The findings of one `strings lint` run, counted in each format (issue 52, "one count"): text,
/// JSON, SARIF and GitHub report the same findings, missing translations grouped per
/// localization, table and fallback in all of them (JSON lists each group's keys), so the
/// summaries agree.
@Suite("strings lint: every format reports the same findings")
struct StringsOutputCountTests {
  /// Errors, warnings and notes of one format's output, and the findings it lists.
  struct Counted: Equatable, CustomStringConvertible {
    var errors = 0, warnings = 0, infos = 0
    var description: String { "\(errors) errors, \(warnings) warnings, \(infos) infos" }
  }

  /// Runs `strings lint` over `folder` in every format and counts what each reports; the text
  /// format's summary line (errors and warnings) must agree with the lines it lists.
  static func counts(_ folder: String) throws -> [String: Counted] {
    var out: [String: Counted] = [:]
    let (_, text, _) = try runCLI(["strings", "lint", folder, "--no-sources", "--format", "text"])
    var listed = Counted()
    for line in text.split(separator: "\n") {
      if line.contains(": error: ") { listed.errors += 1 } else if line.contains(": warning: ") { listed.warnings += 1 }
      else if line.contains(": info: ") { listed.infos += 1 }
    }
    let summary = try #require(text.split(separator: "\n").last { $0.hasSuffix(" warnings") })
    let numbers = summary.split(separator: " ").compactMap { Int($0) }
    #expect(numbers.count == 3 && numbers[1] == listed.errors && numbers[2] == listed.warnings, "text summary \(summary) for \(listed)")
    out["text"] = listed

    let (_, json, _) = try runCLI(["strings", "lint", folder, "--no-sources", "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var fromJSON = Counted()
    for result in document["results"] as? [[String: Any]] ?? [] {
      for diagnostic in result["diagnostics"] as? [[String: Any]] ?? [] {
        switch diagnostic["severity"] as? String {
        case "error": fromJSON.errors += 1
        case "warning": fromJSON.warnings += 1
        default: fromJSON.infos += 1
        }
      }
    }
    let jsonSummary = document["summary"] as? [String: Any] ?? [:]
    #expect(jsonSummary["errors"] as? Int == fromJSON.errors && jsonSummary["warnings"] as? Int == fromJSON.warnings
              && jsonSummary["infos"] as? Int == fromJSON.infos)
    out["json"] = fromJSON

    let (_, sarif, _) = try runCLI(["strings", "lint", folder, "--no-sources", "--format", "sarif"])
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    var fromSARIF = Counted()
    for result in ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? [] {
      switch result["level"] as? String {
      case "error": fromSARIF.errors += 1
      case "warning": fromSARIF.warnings += 1
      default: fromSARIF.infos += 1
      }
    }
    out["sarif"] = fromSARIF

    let (_, github, _) = try runCLI(["strings", "lint", folder, "--no-sources", "--format", "github"])
    var fromGitHub = Counted()
    for line in github.split(separator: "\n") {
      if line.hasPrefix("::error ") { fromGitHub.errors += 1 } else if line.hasPrefix("::warning ") { fromGitHub.warnings += 1 }
      else if line.hasPrefix("::notice ") && !line.hasPrefix("::notice title=apns-lint") { fromGitHub.infos += 1 }
    }
    out["github"] = fromGitHub
    return out
  }

  /// Missing translations that fall back three ways (a catalog unit in state `new` among them), a
  /// table in another script, a copy of the development text and an error: the same counts in
  /// every format, each missing group one finding.
  @Test func aSmallProjectCountsAlikeInEveryFormat() throws {
    let folder = try TemporaryFolder()
    try folder.write("App/en.lproj/Localizable.strings",
                     "\"Delete\" = \"Delete\";\n\"PHOTO\" = \"Photo\";\n\"OK\" = \"OK\";\n\"A\" = \"Open the file\";\n\"B\" = \"Save the file\";\n\"C\" = \"Close it now\";\n\"F\" = \"%@ sent %@\";\n")
    try folder.write("App/de.lproj/Localizable.strings",
                     "\"Delete\" = \"Löschen\";\n\"PHOTO\" = \"Foto\";\n\"OK\" = \"OK\";\n\"A\" = \"Öffnen\";\n\"B\" = \"Sichern\";\n\"C\" = \"Schließen\";\n\"F\" = \"%@ an %d\";\n")
    try folder.write("App/ja.lproj/Localizable.strings", "\"A\" = \"Open the file\";\n\"B\" = \"Save the file\";\n\"C\" = \"Close it now\";\n")
    try folder.write("App/Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "Quit": {"localizations": {"de": {"stringUnit": {"state": "new", "value": "Quit"}}}}
      }}
      """)
    let counts = try Self.counts(folder.path + "/App")
    #expect(counts["json"] == Counted(errors: 1, warnings: 4, infos: 2), "\(counts)")
    for format in ["text", "sarif", "github"] { #expect(counts[format] == counts["json"], "\(format): \(counts)") }
  }

  /// The wild tables (`../shared/wild/wild-tables`, 39 repositories' tables): the text summary's
  /// count, the JSON diagnostics and the SARIF results are the same findings, tens of thousands
  /// of missing keys included.
  @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason)))
  func theWildTablesCountAlikeInEveryFormat() throws {
    let wild = try #require(SharedCorpus.path("wild/wild-tables"))
    let counts = try Self.counts(wild)
    let json = try #require(counts["json"])
    #expect(json.warnings > 1_000, "\(counts)")
    for format in ["text", "sarif", "github"] { #expect(counts[format] == json, "\(format): \(counts)") }
  }
}
