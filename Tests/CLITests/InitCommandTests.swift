import APNsLint
import Foundation
import Testing

/// `apns-lint init` (SPEC §8): the file it writes is accepted as is, changes nothing, and once
/// every line is uncommented it states the built-in configuration.
@Suite struct InitCommandTests {
  func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-init-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test func initThenCheckWithTheFileIsClean() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = try runCLI(["init"], in: dir.path)
    #expect(first.status == 0, "\(first.err)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".apns-lint.yml").path))
    let payload = Data(#"{"aps":{"alert":{"title":"Hi","body":"There"},"badge":1}}"#.utf8)
    let check = try runCLI(["check", "--config", ".apns-lint.yml", "-"], stdin: payload, in: dir.path)
    #expect(check.status == 0, "\(check.out)\(check.err)")
    // Picked up from the current directory too.
    let implicit = try runCLI(["check", "-"], stdin: payload, in: dir.path)
    #expect(implicit.status == 0, "\(implicit.err)")
  }

  @Test func refusesToOverwriteWithoutForce() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("mine.yml")
    try "version: 1\n".write(to: file, atomically: true, encoding: .utf8)
    let refused = try runCLI(["init", "--output", "mine.yml"], in: dir.path)
    #expect(refused.status == 2)
    #expect(refused.err.contains("already exists; use --force"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "version: 1\n")
    let forced = try runCLI(["init", "--output", "mine.yml", "--force"], in: dir.path)
    #expect(forced.status == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == ConfigurationTemplate.text())
  }

  @Test func templateAsWrittenIsTheBuiltInConfiguration() throws {
    let parsed = try Configuration.parse(yaml: ConfigurationTemplate.text(), path: ".apns-lint.yml", base: .builtIn)
    #expect(parsed == Configuration.builtIn)
  }

  /// Removing the leading "# " of every line after `version: 1` gives a live configuration equal to
  /// the built-in one (but for `push-type`, shown as an example): every rule is there at its default.
  @Test func everyLineUncommentedIsTheBuiltInConfiguration() throws {
    let text = ConfigurationTemplate.text()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "version: 1"))
    let live = lines[start...].map { line in
      line.hasPrefix("# ") ? String(line.dropFirst(2)) : line == "#" ? "" : line
    }.joined(separator: "\n")
    var parsed = try Configuration.parse(yaml: live, path: "live.yml", base: .builtIn)
    #expect(parsed.pushType == .alert)
    parsed.pushType = Configuration.builtIn.pushType
    #expect(parsed == Configuration.builtIn)
    for rule in Rule.catalogue {
      #expect(live.contains("\n  \(rule.id):"), "rule \(rule.id) is in the template")
    }
  }
}
