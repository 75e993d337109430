import APNsLint
import Foundation
import PayloadSchema
import TestSupport
import Testing

/// `check --activity` through the command line (SPEC §13.1): the Live Activity rules' catalogue
/// examples, requests, and Swift files that cannot be read.
@Suite struct ActivityCLITests {
  static var activityRules: [Rule] { Rule.catalogue.filter { $0.category == .activity } }

  /// Writes an example's payload (`p.json`) and Swift source (after `--- Attributes.swift`) to a
  /// folder and runs `check p.json --activity Attributes.swift --format json`.
  static func run(_ example: String, flags: String = "", extra: [String] = []) throws -> (status: Int32, found: [String], err: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-activity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for (name, body) in RuleCatalogueTests.sections(example) {
      try Data(body.utf8).write(to: dir.appendingPathComponent(name == "payload" ? "p.json" : name.replacingOccurrences(of: "/Localizable.strings", with: "")))
    }
    let (status, out, err) = try runCLI(["check", "p.json", "--activity", "Attributes.swift", "--format", "json", "--now", "1700000000"]
                                          + flags.split(separator: " ").map(String.init) + extra,
                                        in: dir.path)
    guard let root = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any],
          let results = root["results"] as? [[String: Any]] else { return (status, [], err) }
    var found: [String] = []
    for result in results {
      for d in result["diagnostics"] as? [[String: Any]] ?? [] {
        found.append("\(d["rule"] as? String ?? "") \(d["line"] as? Int ?? 0):\(d["column"] as? Int ?? 0) \(d["keyPath"] as? String ?? "-")")
      }
    }
    return (status, found, err)
  }

  @Test func everyActivityRuleHasExamples() {
    #expect(Self.activityRules.map(\.id.rawValue) == [
      "activity-type-unknown", "activity-state-missing", "activity-state-type", "activity-date-epoch",
      "activity-not-checked", "activity-extra-key", "activity-state-size",
    ])
  }

  @Test(arguments: activityRules.map(\.id.rawValue))
  func triggeringExampleFiresWhereItsMarkerSays(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    let position = try #require(rule.expectedPosition)
    let (_, found, err) = try Self.run(rule.triggeringExample, flags: rule.triggeringFlags)
    #expect(err == "")
    let first = found.first { $0.hasPrefix(id + " ") }.map { String($0.split(separator: " ")[1]) }
    #expect(first == "\(position.line):\(position.column)", "\(found)")
  }

  @Test(arguments: activityRules.map(\.id.rawValue))
  func passingExampleDoesNot(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    let (status, found, _) = try Self.run(rule.passingExample, flags: rule.passingFlags)
    #expect(!found.contains { $0.hasPrefix(id + " ") }, "\(found)")
    #expect(status == 0)
  }

  @Test func exitStatusAndTextLine() throws {
    let rule = try #require(Rule.named("activity-state-type"))
    let (status, found, _) = try Self.run(rule.triggeringExample)
    #expect(status == 1)
    #expect(found == ["activity-state-type 1:118 aps.content-state.stops"])
  }

  @Test func aRequestFileIsCheckedToo() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-activity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data("struct Score: ActivityAttributes { struct ContentState: Codable, Hashable { var home: Int; var away: Int } }".utf8)
      .write(to: dir.appendingPathComponent("Score.swift"))
    let request = """
      POST /3/device/0a1b2c3d HTTP/2
      apns-topic: com.example.app.push-type.liveactivity
      apns-push-type: liveactivity
      apns-priority: 10

      {"aps": {"event": "update", "timestamp": 1700000000,
               "content-state": {"home": 1, "away": "2"}}}
      """
    try Data(request.utf8).write(to: dir.appendingPathComponent("update.http"))
    let (status, out, _) = try runCLI(["check", "update.http", "--activity", ".", "--now", "1700000000"], in: dir.path)
    #expect(status == 1)
    #expect(out.contains("update.http:7:47: error: 'away' is the string '2'; Score.ContentState.away decodes from a number (Int): the device drops the update [activity-state-type]"), "\(out)")
    #expect(out.contains("update.http: APNs would answer 200"), "\(out)")
  }

  @Test func aSwiftFileThatDoesNotParseIsPositionedAndExits2() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-activity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data("struct A: ActivityAttributes {\n  var x: \n}\n".utf8).write(to: dir.appendingPathComponent("Bad.swift"))
    try Data(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#.utf8).write(to: dir.appendingPathComponent("p.json"))
    let (status, out, err) = try runCLI(["check", "p.json", "--activity", "Bad.swift"], in: dir.path)
    #expect(status == 2)
    #expect(err.contains("Bad.swift:2:10: error: the Swift file does not parse: expected a type here"), "\(err)")
    #expect(out.contains("1 payloads"), "\(out)")
  }

  @Test func ndjsonRecordsAreCheckedAgainstTheAppsTypes() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-activity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data("struct Score: ActivityAttributes { struct ContentState: Codable, Hashable { var home: Int; var away: Int } }".utf8)
      .write(to: dir.appendingPathComponent("Score.swift"))
    // A good update, one whose `away` is a string, an empty line, and one without `away`.
    let stream = #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"home": 1, "away": 2}}}"# + "\n"
      + #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"home": 1, "away": "2"}}}"# + "\n\n"
      + #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"home": 3}}}"# + "\n"
      // Over the 1 MiB a plain stream keeps whole, under limits.max-input-bytes: still checked.
      + #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"home": 1, "away": "2"}}, "pad": ""#
      + String(repeating: "x", count: 3 << 20) + #""}"#
    let (status, out, err) = try runCLI(["check", "--ndjson", "-", "--activity", "Score.swift", "--format", "json", "--now", "1700000000"],
                                        stdin: Data(stream.utf8), in: dir.path)
    #expect(status == 1)
    #expect(err == "")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let results = try #require(root["results"] as? [[String: Any]])
    #expect(results.map { $0["record"] as? Int } == [1, 2, 3, 4, 5])
    func found(_ i: Int) -> [String] {
      (results[i]["diagnostics"] as? [[String: Any]] ?? []).map {
        "\($0["rule"] as? String ?? "") \($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0) \($0["keyPath"] as? String ?? "-")"
      }
    }
    #expect(found(0) == [])
    #expect(found(1) == ["activity-state-type 2:91 aps.content-state.away"])
    #expect(found(2) == ["payload-empty 3:1 -"])
    #expect(found(3).filter { $0.hasPrefix("activity-") } == ["activity-state-missing 4:71 aps.content-state.away"], "\(found(3))")
    #expect(found(4) == ["payload-too-large 5:1 -", "activity-state-type 5:91 aps.content-state.away"], "\(found(4))")
  }

  @Test func renderShowsTheDecodedState() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-activity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data("""
      struct Delivery: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var courier: String
          var eta: Date
          var phase: Phase
        }
        enum Phase: String, Codable { case packed, onTheWay = "on_the_way" }
      }
      """.utf8).write(to: dir.appendingPathComponent("Delivery.swift"))
    try Data(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721693600, "phase": "on_the_way"}}}"#.utf8)
      .write(to: dir.appendingPathComponent("u.json"))
    let (status, out, err) = try runCLI(["render", "u.json", "--activity", "Delivery.swift"], in: dir.path)
    #expect(status == 0, "\(err)")
    #expect(out == """
      Delivery (update), as the app decodes u.json:
        aps.content-state.courier  String = "Anne"
        aps.content-state.eta      Date = 2023-11-14 22:26 UTC
        aps.content-state.phase    Delivery.Phase = .onTheWay

      """)
    try Data(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721693600, "phase": "late"}}}"#.utf8)
      .write(to: dir.appendingPathComponent("bad.json"))
    let (badStatus, json, _) = try runCLI(["render", "bad.json", "--activity", "Delivery.swift", "--format", "json"], in: dir.path)
    #expect(badStatus == 1)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(root["type"] as? String == "Delivery")
    #expect(root["decodes"] as? Bool == false)
    let d = try #require((root["diagnostics"] as? [[String: Any]])?.first)
    #expect(d["rule"] as? String == "activity-state-type")
    #expect(d["keyPath"] as? String == "aps.content-state.phase")
  }

  /// An APNs payload needs tables or Swift types to render (a web push message needs neither).
  @Test func renderNeedsStringsOrActivity() throws {
    let dir = try TemporaryFolder()
    try dir.write("x.json", #"{"aps": {"alert": {"loc-key": "K"}}}"#)
    let (status, _, err) = try runCLI(["render", "x.json"], in: dir.path)
    #expect(status == 2, "\(status)")
    #expect(err.contains("give --strings DIR (an alert) or --activity FILE|DIR (a Live Activity)"))
  }
}
