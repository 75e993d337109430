import PayloadSchema
import Crypto
import Foundation
import Testing
import TestSupport
@testable import apns_lint
import APNsLint

/// Runs the built `apns-lint` (next to the test bundle) in `directory`; returns exit status, stdout, stderr.
func runCLI(_ arguments: [String], stdin: Data? = nil, in directory: String = packageRoot) throws -> (status: Int32, out: String, err: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: cliExecutable)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  let out = Pipe(), err = Pipe(), input = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = input
  try process.run()
  if let stdin { input.fileHandleForWriting.write(stdin) }
  try input.fileHandleForWriting.close()
  let o = out.fileHandleForReading.readDataToEndOfFile()
  let e = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}

/// Reporter output for one payload set, compared with committed snapshots
/// (`Tests/APNsLintTests/Snapshots/check.FORMAT`). Set `UPDATE_SNAPSHOTS=1` to rewrite them.
@Suite struct CheckSnapshotTests {
  static let set = "Tests/APNsLintTests/Snapshots/payloads"

  @Test(arguments: ["text", "json", "sarif", "github"])
  func matchesSnapshot(_ format: String) throws {
    let (status, out, err) = try runCLI(["check", Self.set, "--format", format])
    #expect(status == 1, "errors in the set make the exit status 1")
    #expect(err.isEmpty)
    let snapshot = packageRoot + "/Tests/APNsLintTests/Snapshots/check." + format
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] != nil {
      try out.write(toFile: snapshot, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOfFile: snapshot, encoding: .utf8)
    #expect(out == expected)
  }

  @Test func jsonHasSpecFieldsAndTypes() throws {
    let (_, out, _) = try runCLI(["check", Self.set, "--format", "json"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    #expect(Set(root.keys) == ["version", "results", "summary"])
    #expect(root["version"] as? Int == 1)
    let results = try #require(root["results"] as? [[String: Any]])
    #expect(results.count == 6)
    for r in results {
      #expect(Set(r.keys) == ["path", "record", "bytes", "limit", "pushType", "apns", "diagnostics"])
      #expect(r["record"] is NSNull)
      let apns = try #require(r["apns"] as? [String: Any])
      #expect(apns["status"] is Int && (apns["reason"] is String || apns["reason"] is NSNull))
      for d in try #require(r["diagnostics"] as? [[String: Any]]) {
        // SPEC §9: a finding APNs refuses carries its reason.
        let keys: Set<String> = ["rule", "severity", "message", "line", "column", "keyPath"]
        #expect(Set(d.keys) == keys || Set(d.keys) == keys.union(["apnsReason"]))
      }
    }
    let summary = try #require(root["summary"] as? [String: Int])
    #expect(Set(summary.keys) == ["payloads", "errors", "warnings", "infos"])
    #expect(summary["payloads"] == 6)
  }
}

@Suite struct CheckCommandTests {
  @Test func exitZeroOnCleanPayloadFromStandardInput() throws {
    let (status, out, _) = try runCLI(["check"], stdin: Data(#"{"aps":{"alert":"Hello"}}"#.utf8))
    #expect(status == 0)
    #expect(out == "1 payloads, 0 errors, 0 warnings\n")
  }

  @Test func dashReadsStandardInput() throws {
    let (status, out, _) = try runCLI(["check", "-", "--format", "json"], stdin: Data(#"{"aps":{"alert":{"body":1}}}"#.utf8))
    #expect(status == 1)
    #expect(out.contains(#""path": "-""#))
    #expect(out.contains(#""keyPath": "aps.alert.body""#))
  }

  @Test func strictTurnsWarningsIntoFailure() throws {
    let payload = Data(#"{"aps":{"alert":"Hi","lockey":"X"}}"#.utf8)
    #expect(try runCLI(["check"], stdin: payload).status == 0)
    let strict = try runCLI(["check", "--strict"], stdin: payload)
    #expect(strict.status == 1)
    // A near miss of an alert key, directly in aps.
    #expect(strict.out == "-:1:22: warning: unknown key 'lockey' in 'aps'; did you mean 'loc-key'? It belongs in 'aps.alert', and the system reads it only there [unknown-key]\n1 payloads, 0 errors, 1 warnings\n")
  }

  /// `accessory` is a push type (issue 53: it was a usage error, exit 2): Apple's shape passes,
  /// messageIndex as a number is the error, and `schema --push-type accessory` gives its shape (the
  /// four members, strings, all required, nothing else in aps).
  @Test func accessoryIsAPushType() throws {
    let payload = Data(#"{"aps": {"encryptedData": "c2VhbGVkIHJlcGx5", "sessionIdentifier": "9B2D6E0A-51C4-4F7B-8A0E-3C5D7F1B2A44", "keyID": "a2V5LTE=", "messageIndex": "7"}}"#.utf8)
    let clean = try runCLI(["check", "--push-type", "accessory"], stdin: payload)
    #expect(clean.status == 0, "\(clean.err)")
    #expect(clean.out == "1 payloads, 0 errors, 0 warnings\n")
    let number = try runCLI(["check", "--topic", "com.example.app.push-type.accessory"],
                            stdin: Data(#"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyID": "a2V5", "messageIndex": 7}}"#.utf8))
    #expect(number.status == 1)
    #expect(number.out == "-:1:97: error: 'messageIndex' must be a string, as Apple's sample sends it, not a number; the system cannot decrypt the accessory's response with it, so the response is dropped [accessory-fields]\n1 payloads, 1 errors, 0 warnings\n")

    let schema = try runCLI(["schema", "--push-type", "accessory"])
    #expect(schema.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(schema.out.utf8)) as? [String: Any])
    let properties = try #require(root["properties"] as? [String: Any])
    let aps = try #require(properties["aps"] as? [String: Any])
    let members = try #require(aps["properties"] as? [String: [String: Any]])
    #expect(Set(members.keys) == ["encryptedData", "sessionIdentifier", "keyID", "messageIndex"])
    #expect(members.values.allSatisfy { $0["type"] as? String == "string" })
    #expect(aps["required"] as? [String] == ["encryptedData", "sessionIdentifier", "keyID", "messageIndex"])
    #expect(aps["additionalProperties"] as? Bool == false)
    #expect(root["required"] as? [String] == ["aps"])
  }

  @Test func unreadableInputIsExitTwoAndOthersAreStillChecked() throws {
    let (status, out, err) = try runCLI(["check", "no/such/file.json", CheckSnapshotTests.set + "/clean.json"])
    #expect(status == 2)
    #expect(err == "no/such/file.json: error: no such file or folder\n")
    #expect(out == "1 payloads, 0 errors, 0 warnings\n")
  }

  @Test func usageErrorIsExitTwo() throws {
    #expect(try runCLI(["check", "--platform", "android"], stdin: Data()).status == 2)
    #expect(try runCLI(["check", "--bogus"], stdin: Data()).status == 2)
    let lang = try runCLI(["check", "--lang", "fr"], stdin: Data(#"{"aps":{"alert":"x"}}"#.utf8))
    #expect(lang.status == 2)
    #expect(lang.err == "error: --lang selects localizations for the localization rules; give --strings DIR too\n")
  }

  #if os(Linux)
  @Test func aBatchWhoseInputCannotBeReadIsNeverAPass() throws {
    // A folder opens but does not read (EISDIR on Linux): the batch ends there, with an error and exit 2.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-batch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let (status, out, err) = try runCLI(["send", "--batch", dir.path, "--url", "http://127.0.0.1:9", "--topic", "com.example.app"])
    #expect(status == 2)
    #expect(out.hasPrefix("sent 0 pushes"), "\(out)")
    #expect(err == "\(dir.path): error: cannot read the rest of the input: Is a directory; what followed was not sent\n")
  }
  #endif

  @Test func ndjsonLinesAreRecordsAndLinesOfTheStream() throws {
    let stream = "{\"aps\":{\"alert\":\"a\"}}\n{\"aps\":{\"badge\":-1}}\n\n{\"aps\":{\"alert\":\"b\"}}"
    let (status, out, _) = try runCLI(["check", "--ndjson", "-", "--format", "json"], stdin: Data(stream.utf8))
    #expect(status == 1)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let results = try #require(root["results"] as? [[String: Any]])
    #expect(results.map { $0["record"] as? Int } == [1, 2, 3, 4])
    let second = try #require(results[1]["diagnostics"] as? [[String: Any]])
    #expect(second.map { $0["rule"] as? String } == ["value-range-ignored"])
    #expect(second.first?["line"] as? Int == 2)
    #expect(second.first?["column"] as? Int == 17)
    let third = try #require(results[2]["diagnostics"] as? [[String: Any]])
    #expect(third.map { $0["rule"] as? String } == ["payload-empty"])
    #expect(third.first?["line"] as? Int == 3)
  }

  @Test func ndjsonRecordLongerThanTheBufferIsStreamed() throws {
    // A 3 MB record (longer than the 1 MiB record buffer) between two small ones.
    let big = "{\"aps\":{\"alert\":\"" + String(repeating: "x", count: 3_000_000) + "\",\"badge\":\"9\"}}"
    let stream = "{\"aps\":{\"alert\":\"a\"}}\n" + big + "\n{\"aps\":{\"alert\":\"b\"}}\n"
    let (_, out, _) = try runCLI(["check", "--ndjson", "-", "--format", "json"], stdin: Data(stream.utf8))
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let results = try #require(root["results"] as? [[String: Any]])
    #expect(results.count == 3)
    let rules = (results[1]["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
    #expect(rules == ["payload-too-large", "value-type-ignored"], "ordered by position; whole-payload findings stand at 1:1")
    #expect(results[1]["bytes"] as? Int == big.utf8.count)
    let badge = (results[1]["diagnostics"] as? [[String: Any]])?.last
    #expect(badge?["line"] as? Int == 2)
    #expect(badge?["column"] as? Int == 3_000_028)
  }

  /// The bound on memory, measured where nothing else allocates: the peak resident memory of an
  /// `apns-lint check --ndjson` process (`wait4`'s `ru_maxrss`) reading a stream with a 50 MB
  /// record grows by less than 25 MB over the same process reading a stream of small records.
  /// Held whole, the record alone would add 50 MB; streamed, the reader keeps about 2 MiB of
  /// buffers. (Read in the test process, its resident size moved with every test running beside it.)
  @Test func aFiftyMegabyteRecordIsReadInBoundedMemory() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-peak-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let small = folder.appendingPathComponent("small.ndjson").path, large = folder.appendingPathComponent("large.ndjson").path
    let record = Data(#"{"aps":{"alert":"a"}}"#.utf8) + Data([0x0A])
    #expect(FileManager.default.createFile(atPath: small, contents: record + record))
    var stream = record + Data(#"{"aps":{"alert":""#.utf8)
    stream += Data(repeating: 0x78, count: 50_000_000)
    stream += Data(#"","badge":"9"}}"#.utf8) + Data([0x0A]) + record
    #expect(FileManager.default.createFile(atPath: large, contents: stream))
    stream = Data()
    func peakMegabytes(_ path: String) throws -> (status: Int32, peak: Int) {
      var pid: pid_t = 0
      let devNull = "/dev/null"
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 1, devNull, O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, devNull, O_WRONLY, 0)
      let arguments = [cliExecutable, "check", "--ndjson", path, "--format", "json"]
      var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
      defer { argv.forEach { free($0) } }
      #expect(posix_spawn(&pid, cliExecutable, &actions, nil, &argv, environ) == 0)
      var status: Int32 = 0
      var usage = rusage()
      #expect(wait4(pid, &status, 0, &usage) == pid)
      return ((status >> 8) & 0xFF, usage.ru_maxrss / 1024)   // ru_maxrss is in KiB on Linux
    }
    let base = try peakMegabytes(small), peak = try peakMegabytes(large)
    #expect(base.status == 0 && peak.status == 1, "the large record has errors, the small ones none")
    #expect(peak.peak - base.peak < 25, "peak resident memory \(peak.peak) MB against \(base.peak) MB for small records")
  }

  @Test func badConfigurationIsExitTwoWithPosition() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-cfg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "version: 1\nrules:\n  unknown-key: loud\n".write(to: dir.appendingPathComponent(".apns-lint.yml"), atomically: true, encoding: .utf8)
    let (status, _, err) = try runCLI(["check", "-"], stdin: Data(#"{"aps":{"alert":"x"}}"#.utf8), in: dir.path)
    #expect(status == 2)
    #expect(err.hasPrefix(".apns-lint.yml:3:16: error: "))
  }

  @Test func configurationChangesSeverityAndTurnsRulesOff() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-cfg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let config = dir.appendingPathComponent("strict.yml")
    try "version: 1\nrules:\n  unknown-key: error\n  sensitive-data: off\n".write(to: config, atomically: true, encoding: .utf8)
    let payload = Data(#"{"aps":{"alert":"Hi","lockey":"X"},"password":"p"}"#.utf8)
    let (status, out, _) = try runCLI(["check", "--config", config.path], stdin: payload)
    #expect(status == 1)
    #expect(out.contains("error: unknown key 'lockey'"))
    #expect(!out.contains("sensitive-data"))
  }
}

/// The README's `render` example is a transcript: the command runs and prints exactly what the
/// README shows (English, French from a UTF-16 table, Spanish missing a key, Japanese falling back).
@Suite struct ReadmeExampleTests {
  @Test func renderExampleMatchesTheReadme() throws {
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    let marker = try #require(readme.range(of: "<!-- render-example"))
    let after = readme[marker.upperBound...]
    let start = try #require(after.range(of: "```console\n"))
    let end = try #require(after[start.upperBound...].range(of: "```"))
    var lines = after[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let command = lines.removeFirst()
    #expect(command.hasPrefix("$ apns-lint render "))
    let arguments = command.dropFirst("$ apns-lint ".count).split(separator: " ").map(String.init)
    let expected = lines.joined(separator: "\n")
    let (status, out, _) = try runCLI(arguments)
    #expect(status == 0)
    #expect(out == expected)
    #expect(out.contains("body:     photo.jpg reçu de Jenna"))
    #expect(out.contains("ja → en"))
  }
}

@Suite struct RulesCommandTests {
  /// `rules GROUP` shows the rule and lists its parts with their severities; `rules PART` names
  /// its group (issue 53, one consequence per rule).
  @Test func aGroupListsItsPartsAndAPartNamesItsGroup() throws {
    let (status, group, _) = try runCLI(["rules", "value-type"])
    #expect(status == 0)
    #expect(group.hasPrefix("value-type (payload, error; default error)\n"))
    #expect(group.contains("  Group of its parts `value-type-ignored` (warning), `value-type-deprecated-key` (info): a configuration or baseline naming `value-type` names them too; one naming a part wins for that part.\n"))
    let (_, part, _) = try runCLI(["rules", "value-type-ignored"])
    #expect(part.hasPrefix("value-type-ignored (payload, warning; default warning)\n"))
    #expect(part.contains("  Part of `value-type`: split from it so that each rule has one consequence; a configuration or baseline naming `value-type` names this rule too.\n"))
  }

  @Test func jsonListsEveryRuleWithSpecFields() throws {
    let (status, out, _) = try runCLI(["rules", "--format", "json"])
    #expect(status == 0)
    let rules = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
    // One entry per typed rule of every family (generated from the definitions): no count is kept by hand.
    let typed = PayloadRule.allCases.count + StringsRule.allCases.count + LocalizationRule.allCases.count + TableRule.allCases.count
    #expect(rules.count == Rule.catalogue.count && rules.count == typed)
    #expect(rules.allSatisfy {
      Set($0.keys) == ["id", "severity", "category", "group", "parts", "apnsReason", "summary", "consequence", "symptom", "remedy", "platforms",
                       "sources", "fix", "examples"]
    })
    // One consequence per rule (issue 53): a part names its group, the group lists its parts.
    let byID = Dictionary(uniqueKeysWithValues: rules.map { ($0["id"] as? String ?? "", $0) })
    #expect(byID["value-type-ignored"]?["group"] as? String == "value-type")
    #expect(byID["value-type"]?["group"] is NSNull)
    #expect(byID["value-type"]?["parts"] as? [String] == ["value-type-ignored", "value-type-deprecated-key"])
    #expect(byID["value-type-ignored"]?["severity"] as? String == "warning" && byID["value-type"]?["severity"] as? String == "error")
    for rule in rules {
      for part in rule["parts"] as? [String] ?? [] { #expect(byID[part]?["group"] as? String == rule["id"] as? String, "\(part)") }
    }
    // Every rule's card (issue 53): symptom, remedy, platforms with their minimum OS, sources with an https address.
    for rule in rules {
      let id = rule["id"] as? String ?? "?"
      #expect((rule["symptom"] as? String).map { !$0.isEmpty } == true, "\(id)")
      #expect((rule["remedy"] as? String).map { !$0.isEmpty } == true, "\(id)")
      #expect((rule["platforms"] as? [[String: Any]])?.isEmpty == false, "\(id)")
      #expect((rule["sources"] as? [[String: String]])?.contains { $0["url"]?.hasPrefix("https://") == true && $0["title"]?.isEmpty == false } == true, "\(id)")
    }
    let accessory = try #require(rules.first { $0["id"] as? String == "accessory-fields" })
    #expect((accessory["platforms"] as? [[String: String]]) == [["name": "iOS", "minimum": "26.5"]])
    #expect((accessory["sources"] as? [[String: String]]) == [["title": "Responding to forwarded notifications",
                                                              "url": "https://developer.apple.com/documentation/accessorynotifications/responding-to-forwarded-notifications"]])
    #expect(accessory["remedy"] as? String == #"Send all four members in aps as strings, as Apple's sample does: encryptedData, sessionIdentifier, keyID and messageIndex ("messageIndex": "3")."#)
    let tvOS = try #require((rules.first { $0["id"] as? String == "json-bom" }?["platforms"] as? [[String: Any]])?.first { $0["name"] as? String == "tvOS" })
    #expect(tvOS["minimum"] is NSNull)
    let examples = try #require(rules.first { $0["id"] as? String == "value-type" }?["examples"] as? [[String: String]])
    #expect(examples.map { $0["kind"] } == ["triggering", "passing"])
    #expect(examples[0]["input"] == #"{"aps": {"alert": 42}}"#)
    #expect(rules.first { $0["id"] as? String == "custom-key-allowlist" }?["severity"] as? String == "off")
    // Every rule says whether it fixes (SPEC §3.4); a fixing rule's example and its fixed text.
    let fix = try #require(rules.first { $0["id"] as? String == "flag-value" }?["fix"] as? [String: Any])
    #expect(fix["fixes"] as? Bool == true)
    #expect((fix["example"] as? [String: String])?["fixed"] == #"{"aps": {"content-available": 1}}"#)
    let never = try #require(rules.first { $0["id"] as? String == "strings-missing-translation" }?["fix"] as? [String: Any])
    #expect(never["fixes"] as? Bool == false && never["example"] is NSNull)
    #expect(never["explanation"] as? String == "a translation is the translator's text; the tool cannot write it")
    #expect(rules.first { $0["id"] as? String == "json-bom" }?["category"] as? String == "json")
    #expect(rules.first { $0["id"] as? String == "json-bom" }?["apnsReason"] is NSNull)
    #expect(rules.first { $0["id"] as? String == "device-token-syntax" }?["apnsReason"] as? String == "BadDeviceToken")
    #expect(rules.first { $0["id"] as? String == "device-token-syntax" }?["consequence"] as? String == "APNs refuses the request: 400 BadDeviceToken")
    #expect(Set(rules.compactMap { $0["category"] as? String }) == ["json", "payload", "push", "request", "localization", "strings", "activity", "web"])
  }

  /// docs/rules.md is the generated reference and rules.yaml the generated built-in configuration;
  /// regenerate both with UPDATE_SNAPSHOTS=1 or scripts/generate-rules.
  @Test func rulesYAMLIsGenerated() throws {
    let (status, out, _) = try runCLI(["rules", "--format", "yaml"])
    #expect(status == 0)
    let path = packageRoot + "/rules.yaml"
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] != nil {
      try out.write(toFile: path, atomically: true, encoding: .utf8)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == out, "rules.yaml is out of date: scripts/generate-rules")
  }

  @Test func ruleReferenceIsGenerated() throws {
    let file = "docs/rules.md"
    let (status, out, _) = try runCLI(["rules", "--format", "markdown", "--config", "rules.yaml"])
    #expect(status == 0)
    #expect(out == RulesReporter.markdown(.builtIn))
    let path = packageRoot + "/" + file
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] != nil {
      try out.write(toFile: path, atomically: true, encoding: .utf8)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == out, "\(file) is out of date: apns-lint rules --format markdown > \(file)")
    for rule in Rule.catalogue { #expect(out.contains("### \(rule.id)\n")) }
  }

  @Test func textShowsConfiguredSeverity() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-rules-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "version: 1\nrules:\n  json-bom: off\n".write(to: dir.appendingPathComponent(".apns-lint.yml"), atomically: true, encoding: .utf8)
    let (status, out, _) = try runCLI(["rules"], in: dir.path)
    #expect(status == 0)
    let line = try #require(out.split(separator: "\n").first { $0.contains("json-bom ") })
    #expect(line.contains(" off "))
    // Under each rule's line, its consequence (why its default severity).
    let lines = out.split(separator: "\n").map(String.init)
    let index = try #require(lines.firstIndex { $0.contains("json-bom ") })
    let bom = try #require(Rule.named("json-bom"))
    #expect(lines[index + 1].trimmingCharacters(in: .whitespaces) == "→ " + bom.consequence)
  }

  @Test func oneRuleShowsItsExamplesAndFlags() throws {
    let (status, out, _) = try runCLI(["rules", "topic-mismatch"])
    #expect(status == 0)
    #expect(out.contains("Triggers it (with --push-type voip --topic com.example.app):"))
    #expect(out.contains("Does not (with --push-type voip --topic com.example.app.voip):"))
    let rule = try #require(Rule.named("topic-mismatch"))
    #expect(out.contains("  Why error by default: \(rule.consequence)\n"))
  }

  @Test func unknownRuleIsAUsageError() throws {
    let (status, _, err) = try runCLI(["rules", "no-such-rule"])
    #expect(status == 2)
    #expect(err.contains("unknown rule 'no-such-rule'"))
  }
}

/// `strings lint --sources` end to end: a crash in a key no source names is information and the
/// run passes; the live key's crash still fails it; a missing source folder is exit 2.
@Suite struct StringsSourcesCLITests {
  @Test func keysNoSourceNamesAreInformation() throws {
    let dir = try TemporaryFolder()
    try dir.write("L/en.lproj/Localizable.strings", "\"live\" = \"%@ files\";\n\"dead\" = \"%@ items\";\n")
    try dir.write("L/fr.lproj/Localizable.strings", "\"live\" = \"%@ fichiers\";\n\"dead\" = \"%d éléments\";\n")
    try dir.write("Src/App.swift", #"let s = String(format: NSLocalizedString("live", comment: ""), n)"#)
    let run = try runCLI(["strings", "lint", "L", "--sources", "Src"], in: dir.path)
    #expect(run.status == 0)
    #expect(run.out == """
      L/fr.lproj/Localizable.strings:2:1: info: 'dead' in 'fr' ('%d éléments') does not take the arguments of 'en' ('%@ items'): position 1 is '%d', not '%@' (it prints an object as an integer: a meaningless value) (no source file names the key: no device shows it) [strings-format-mismatch]
      2 files, 0 errors, 0 warnings

      """)
    let without = try runCLI(["strings", "lint", "L"], in: dir.path)
    #expect(without.status == 1)
    let missing = try runCLI(["strings", "lint", "L", "--sources", "Nowhere"], in: dir.path)
    #expect(missing.status == 2)
    #expect(missing.err.contains("Nowhere: error: no such file or folder"))
  }

  /// Run on the project, the code beside the tables is the sources: the same verdict as
  /// `--sources`, a note saying so, and `--no-sources` to count every key as looked up.
  @Test func codeInTheLintedFolderIsReadAsTheSources() throws {
    let dir = try TemporaryFolder()
    try dir.write("App/en.lproj/Localizable.strings", "\"live\" = \"%@ files\";\n\"dead\" = \"%@ items\";\n")
    try dir.write("App/fr.lproj/Localizable.strings", "\"live\" = \"%@ fichiers\";\n\"dead\" = \"%d éléments\";\n")
    try dir.write("App/Sources/App.swift", #"let s = String(format: NSLocalizedString("live", comment: ""), n)"#)
    let run = try runCLI(["strings", "lint", "App"], in: dir.path)
    #expect(run.status == 0)
    #expect(run.out.hasPrefix("App/fr.lproj/Localizable.strings:2:1: info: 'dead' in 'fr' ('%d éléments')"))
    #expect(run.out.contains("(no source file names the key: no device shows it) [strings-format-mismatch]\n2 files, 0 errors, 0 warnings\n"))
    #expect(run.err == "note: read 1 source files below App to tell the keys the code looks up; findings about keys no source names are info (--no-sources: every key counts as looked up)\n")
    let off = try runCLI(["strings", "lint", "App", "--no-sources"], in: dir.path)
    #expect(off.status == 1)
    #expect(off.out.contains("App/fr.lproj/Localizable.strings:2:1: error: 'dead' in 'fr'"))
    #expect(off.err.isEmpty)
    let both = try runCLI(["strings", "lint", "App", "--no-sources", "--sources", "App/Sources"], in: dir.path)
    #expect(both.status == 2)
    // Tables alone (no code below the folder): every key counts as looked up, and no note.
    try FileManager.default.removeItem(atPath: dir.path + "/App/Sources")
    let tablesOnly = try runCLI(["strings", "lint", "App"], in: dir.path)
    #expect(tablesOnly.status == 1)
    #expect(tablesOnly.err.isEmpty)
  }
}

/// `check` on web push messages (SPEC §16): found by their content or named by `--platform web`,
/// answered 201 when Apple's web push service takes them, and a native platform says what they are.
@Suite struct WebPushCheckCLITests {
  static let message = #"{"web_push": 8030, "notification": {"title": "Order shipped", "navigate": "https://shop.example/orders/1"}}"#

  @Test func foundByContentOrNamedByPlatform() throws {
    let dir = try TemporaryFolder()
    try dir.write("m.json", Self.message)
    try dir.write("relative.json", #"{"web_push": 8030, "notification": {"title": "T", "navigate": "/orders/1"}}"#)
    try dir.write("aps.json", #"{"aps": {"alert": "Hi"}}"#)
    let clean = try runCLI(["check", "m.json", "relative.json"], in: dir.path)
    #expect(clean.status == 1)
    #expect(clean.out == """
      relative.json:1:63: error: 'navigate' ('/orders/1') is not an absolute URL: Safari reads it with no base URL, fails the whole message and hands it to the service worker; write the full https:// URL [web-push-declarative]
      2 payloads, 1 errors, 0 warnings

      """)
    let json = try runCLI(["check", "--format", "json", "m.json"], in: dir.path)
    #expect(json.out.contains("\"pushType\": \"web\",\n      \"apns\": {\n        \"status\": 201,"))
    // Named web: an APNs payload is not a web push message.
    let aps = try runCLI(["check", "--platform", "web", "aps.json"], in: dir.path)
    #expect(aps.status == 0)
    #expect(aps.out.hasPrefix("aps.json:1:2: warning: an APNs payload ('aps') sent as a web push message"))
    // Named a native platform: aps-missing, saying what the message is.
    let ios = try runCLI(["check", "--platform", "ios", "m.json"], in: dir.path)
    #expect(ios.status == 1)
    #expect(ios.out.contains("[aps-missing]") && ios.out.contains("this is a declarative web push message ('web_push')"))
  }

  /// `render MESSAGE`: what Safari draws, as text, JSON and an HTML banner (dir and lang kept).
  @Test func renderDrawsWhatSafariShows() throws {
    let dir = try TemporaryFolder()
    try dir.write("m.json", #"{"web_push": 8030, "notification": {"title": "طلبك في الطريق", "body": "وصل اليوم", "navigate": "https://shop.example/orders/1", "lang": "ar", "dir": "rtl"}, "app_badge": 2}"#)
    try dir.write("bad.json", #"{"web_push": 8030, "notification": {"title": "", "navigate": "https://shop.example/"}}"#)
    let text = try runCLI(["render", "m.json"], in: dir.path)
    #expect(text.status == 0)
    #expect(text.out == """
      m.json: web push, shown by Safari as declared (the service answers 201)
        from:  shop.example
        title: طلبك في الطريق
        body:  وصل اليوم
        opens: https://shop.example/orders/1
        lang ar · dir rtl · badge 2

      """)
    let json = try runCLI(["render", "--format", "json", "m.json"], in: dir.path)
    #expect(json.out.contains("\"declarative\": true,\n  \"answer\": 201,"))
    #expect(json.out.contains("\"origin\": \"https://shop.example\","))
    let html = try runCLI(["render", "--format", "html", "--app-name", "Shop", "m.json"], in: dir.path)
    #expect(html.out.contains("<article class=\"banner\" dir=\"rtl\" lang=\"ar\">"))
    #expect(html.out.contains("<span class=\"app-name\"><bdi>Shop</bdi></span>"))
    #expect(html.out.contains("<div class=\"subtitle\" title=\"from Shop\">from Shop</div>"))
    let bad = try runCLI(["render", "bad.json"], in: dir.path)
    #expect(bad.status == 1)
    #expect(bad.out == """
      bad.json: Safari shows nothing by itself: the message is handed to the site's service worker as an ordinary push (with none, it is dropped)
      bad.json:1:46: error: 'title' is empty: Safari needs a non-empty title and hands the message to the service worker [web-push-declarative]

      """)
  }

  /// `token make --vapid` and `token check` on VAPID headers (SPEC §16): both forms, the claims,
  /// and Apple's reasons for what its web push service refuses.
  @Test func vapidTokensMadeAndChecked() throws {
    let dir = try TemporaryFolder()
    let key = P256.Signing.PrivateKey()
    try dir.write("vapid.pem", key.pemRepresentation)
    let made = try runCLI(["token", "make", "--vapid", "vapid.pem", "--sub", "mailto:ops@example.com",
                           "--endpoint", "https://web.push.apple.com/QGuQyavXut", "--now", "1700000000"], in: dir.path)
    #expect(made.status == 0)
    let header = try #require(made.out.split(separator: "\n").first.map(String.init))
    #expect(header.hasPrefix("Authorization: vapid t=eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9."))
    let value = String(header.dropFirst("Authorization: ".count))
    let serverKey = String(value[value.range(of: "k=")!.upperBound...])
    let good = try runCLI(["token", "check", value, "--now", "1700000100", "--aud", "https://web.push.apple.com", "--server-key", serverKey], in: dir.path)
    #expect(good.status == 0)
    #expect(good.out.contains("  aud https://web.push.apple.com\n  sub mailto:ops@example.com\n  exp 1700043200 (43100 s from now)\n"))
    #expect(good.out.hasSuffix("the web push service would take it: 201\n"))
    // The older form: WebPush <JWT> with Crypto-Key.
    let old = try runCLI(["token", "make", "--vapid", "vapid.pem", "--sub", "https://example.com/contact", "--aud", "https://web.push.apple.com",
                          "--now", "1700000000", "--webpush-form"], in: dir.path)
    let lines = old.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 2 && lines[0].hasPrefix("Authorization: WebPush eyJ") && lines[1].hasPrefix("Crypto-Key: p256ecdsa=B"))
    let oldCheck = try runCLI(["token", "check", String(lines[0].dropFirst("Authorization: ".count)),
                               "--crypto-key", String(lines[1].dropFirst("Crypto-Key: ".count)), "--now", "1700000100"], in: dir.path)
    #expect(oldCheck.status == 0 && oldCheck.out.hasPrefix("VAPID (WebPush + Crypto-Key): signature valid\n"))
    // Refused: expired, another audience, another key than the subscription's.
    let expired = try runCLI(["token", "check", value, "--now", "1700050000"], in: dir.path)
    #expect(expired.status == 1 && expired.out.hasSuffix("the web push service would refuse it: BadJwtToken\n"))
    let other = try runCLI(["token", "check", value, "--now", "1700000100", "--aud", "https://fcm.googleapis.com"], in: dir.path)
    #expect(other.status == 1 && other.out.hasSuffix("the web push service would refuse it: BadJwtToken\n"))
    let otherKey = String(P256.Signing.PrivateKey().publicKey.x963Representation.base64EncodedString()
      .filter { $0 != "=" }.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    let mismatch = try runCLI(["token", "check", value, "--now", "1700000100", "--server-key", otherKey], in: dir.path)
    #expect(mismatch.status == 1 && mismatch.out.hasSuffix("the web push service would refuse it: VapidPkHashMismatch\n"))
    // A subject the service refuses is not signed at all.
    let badSub = try runCLI(["token", "make", "--vapid", "vapid.pem", "--sub", "ops", "--aud", "https://web.push.apple.com"], in: dir.path)
    #expect(badSub.status == 2 && badSub.err.contains("(Apple would answer BadJwtToken)"))
  }
}
