import APNsLint
import Foundation
import PayloadSchema
import Testing
import TestSupport

/// SPEC §9 through the command line: every request rule's request files (`Fixtures/requests/rules`)
/// and catalogue examples, checked with `apns-lint check --format json`, with the answer APNs
/// would give. Tokens are checked against a fixed clock; signatures with the test key
/// `Fixtures/keys/AuthKey_ABC123DEFG.p8` (a key made for these tests, not Apple's).
@Suite struct RequestFixtureTests {
  static let directory = "Fixtures/requests/rules"
  static let clock = ["--now", "1700000600"]

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/" + directory)) ?? [])
      .filter { $0.hasSuffix(".http") }.sorted()
  }

  /// FLAGS.tsv: the options a fixture needs.
  static let flags: [String: [String]] = {
    guard let text = try? String(contentsOfFile: packageRoot + "/" + directory + "/FLAGS.tsv", encoding: .utf8) else { return [:] }
    var out: [String: [String]] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      if parts.count == 2 { out[String(parts[0])] = parts[1].split(separator: " ").map(String.init) }
    }
    return out
  }()

  /// Rules (with "rule line:column" in `placed`) and the verdict of one checked file.
  static func check(_ path: String, flags: [String]) throws -> (rules: [String], apns: String, status: Int32) {
    let r = try checkPlaced(path, flags: flags)
    return (r.rules, r.apns, r.status)
  }

  static func checkPlaced(_ path: String, flags: [String]) throws -> (rules: [String], placed: [String], apns: String, status: Int32) {
    let (status, out, err) = try runCLI(["check", path, "--format", "json"] + clock + flags)
    #expect(err.isEmpty, "\(err)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let results = try #require(root["results"] as? [[String: Any]])
    let result = try #require(results.first)
    let diagnostics = try #require(result["diagnostics"] as? [[String: Any]])
    let apns = try #require(result["apns"] as? [String: Any])
    let answer = "\(apns["status"] as? Int ?? 0)" + ((apns["reason"] as? String).map { " " + $0 } ?? "")
    let placed = diagnostics.map { "\($0["rule"] as? String ?? "") \($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0)" }
    return (diagnostics.compactMap { $0["rule"] as? String }, placed, answer, status)
  }

  // A request rule needs no file pair here: its definition's examples are run below
  // (`catalogueExamples`), with their position marker and APNs answer. The files here are second
  // cases, checked the same way.
  @Test func theFixturesAreThere() { #expect(Self.files.count >= 40) }

  @Test(arguments: files)
  func fixture(_ name: String) throws {
    let rule = try #require(PayloadRule(rawValue: String(name.prefix { $0 != "." })), "\(name) is not named after a rule")
    let found = try Self.check(Self.directory + "/" + name, flags: Self.flags[name] ?? [])
    if name.contains(".trigger.") {
      #expect(found.rules.contains(rule.rawValue), "\(found.rules)")
      // A rule APNs answers for decides the verdict of its trigger file.
      if let answer = rule.apnsAnswer { #expect(found.apns == answer.description) }
    } else {
      #expect(!found.rules.contains(rule.rawValue), "\(found.rules)")
      #expect(found.apns == "200")
    }
  }

  static var requestRules: [Rule] { Rule.catalogue.filter { $0.category == .request } }

  @Test(arguments: requestRules.map(\.id.rawValue))
  func catalogueExamples(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-examples-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let trigger = dir.appendingPathComponent("trigger.http"), pass = dir.appendingPathComponent("pass.http")
    try rule.triggeringExample.write(to: trigger, atomically: true, encoding: .utf8)
    try rule.passingExample.write(to: pass, atomically: true, encoding: .utf8)
    let fired = try Self.checkPlaced(trigger.path, flags: rule.triggeringFlags.split(separator: " ").map(String.init))
    #expect(fired.rules.contains(id), "\(fired.rules)")
    let position = try #require(rule.expectedPosition, "\(id) has no position marker")
    #expect(fired.placed.first { $0.hasPrefix(id + " ") } == "\(id) \(position.line):\(position.column)", "\(fired.placed)")
    if let answer = rule.apnsAnswer {
      #expect(fired.apns == answer.description)
    }
    let passed = try Self.check(pass.path, flags: rule.passingFlags.split(separator: " ").map(String.init))
    #expect(!passed.rules.contains(id), "\(passed.rules)")
  }

  static var appleFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Fixtures/requests/apple")) ?? [])
      .filter { $0.hasSuffix(".http") }.sorted()
  }

  /// The held-out set (Fixtures/requests/apple/README.md): each file is named after the answer
  /// Apple documents for it.
  @Test(arguments: appleFiles)
  func appleAnswers(_ name: String) throws {
    let stem = name.dropLast(5)
    let parts = stem.split(separator: "-", maxSplits: 1)
    let expected = parts[0] == "200" ? "200" : "\(parts[0]) \(parts[1])"
    let found = try Self.check("Fixtures/requests/apple/" + name, flags: ["--auth", "token"])
    #expect(found.apns == expected, "\(found.rules)")
    #expect(found.status == (parts[0] == "200" ? 0 : 1))
  }

  @Test func theHeldOutSetCoversEveryPredictableReason() {
    let reasons = Set(Self.appleFiles.compactMap { $0.split(separator: "-", maxSplits: 1).last.map { String($0.dropLast(5)) } })
    let predicted = Set(PayloadRule.allCases.compactMap(\.apnsAnswer?.reason)).union(["TopicDisallowed", "MissingChannelId"])
    #expect(predicted.isSubset(of: reasons), "\(predicted.subtracting(reasons))")
  }

  @Test func aPayloadWithRequestOptions() throws {
    let (status, out, _) = try runCLI(["check", "Tests/APNsLintTests/Snapshots/payloads/clean.json", "--device-token", "abc",
                                       "-H", "apns-priority: 7", "--topic", "com.example.app"])
    #expect(status == 1)
    #expect(out == """
      Tests/APNsLintTests/Snapshots/payloads/clean.json:1:1: error: device token 'abc' has an odd number of hexadecimal digits (3) [device-token-syntax]
      Tests/APNsLintTests/Snapshots/payloads/clean.json:1:1: error: apns-priority '7' is not 1, 5 or 10 [priority-mismatch]
      Tests/APNsLintTests/Snapshots/payloads/clean.json:1:1: warning: no apns-push-type: recommended (required on watchOS); APNs guesses from the payload [push-type-missing]
      Tests/APNsLintTests/Snapshots/payloads/clean.json: APNs would answer 400 BadDeviceToken
      1 payloads, 2 errors, 1 warnings

      """)
  }

  @Test(arguments: [
    ("POST /3/device/ab HTTP/2\nbroken header\n\n{}", "bad.http:2:1: error: expected a header 'name: value' or a blank line before the body\n"),
    ("", "bad.http:1:1: error: no request: expected a request line 'POST /3/device/<token> HTTP/2'\n"),
  ])
  func malformedRequestFilesExit2(_ text: String, _ expected: String) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-bad-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try text.write(to: dir.appendingPathComponent("bad.http"), atomically: true, encoding: .utf8)
    let (status, _, err) = try runCLI(["check", "bad.http"], in: dir.path)
    #expect(status == 2)
    #expect(err == expected)
  }

  @Test func aBrokenKeyFileIsAUsageError() throws {
    let (status, _, err) = try runCLI(["check", "Fixtures/requests/rules/request-method.pass.http", "--key", "Package.swift"])
    #expect(status == 2)
    #expect(err.hasPrefix("Package.swift: error: "))
  }
}
