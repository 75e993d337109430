import PayloadSchema
import Foundation
import TestSupport
import Testing
@testable import APNsLint

/// The SARIF reporter: schema validity (checked by Python's jsonschema), URIs, levels, snapshot.
@Suite struct SARIFReporterTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A report with several results: relative, spaced, absolute and stdin paths, an NDJSON record,
  /// all three severities and a message that needs escaping.
  static let report = LintReport(
    results: [
      LintResult(path: "Fixtures/payloads/x.json", bytes: 312, limit: 4096, pushType: "alert", findings: [
        Finding(rule: ruleID("value-type"), severity: .error, message: "expected a number for 'badge', found \"5\"",
                   line: 3, column: 14, keyPath: "aps.badge"),
        Finding(rule: ruleID("unknown-key"), severity: .warning, message: "unknown key 'loc_key'; did you mean 'loc-key'?",
                   line: 2, column: 30, keyPath: "aps.alert.loc_key"),
      ]),
      LintResult(path: "/work/project/My Payloads/naïve #1.json", findings: [
        Finding(rule: ruleID("json-escaped-unicode"), severity: .info, message: "'\\u00e9' could be written 'é'\nsaving 5 bytes",
                   line: 1, column: 20, keyPath: "aps.alert"),
      ]),
      LintResult(path: "-", record: 7, findings: [
        Finding(rule: ruleID("payload-too-large"), severity: .error, message: "5000 bytes, above the limit of 4096",
                   line: 7, column: 1, keyPath: nil),
      ]),
      LintResult(path: "clean.json", findings: []),
    ],
    rulesRun: ["json-escaped-unicode", "payload-too-large", "unknown-key", "value-type", "custom-key-allowlist"]
  )

  /// Runs jsonschema's Draft 7 validator on `sarif` against the 2.1.0 schema (`SARIFSchema`).
  static func validate(_ sarif: String) throws -> String { try SARIFSchema.validate(sarif) }

  @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason))) func validatesAgainstTheSchema() throws {
    let sarif = SARIFReporter.render(Self.report, toolVersion: "0.1.0", workingDirectory: "/work/project")
    #expect(try Self.validate(sarif) == "valid")
    let empty = SARIFReporter.render(LintReport(results: [], rulesRun: []), toolVersion: "0.1.0")
    #expect(try Self.validate(empty) == "valid")
  }

  @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason))) func theValidatorRejectsBrokenSARIF() throws {
    let sarif = SARIFReporter.render(Self.report, toolVersion: "0.1.0", workingDirectory: "/work/project")
    let withoutVersion = sarif.replacingOccurrences(of: "  \"version\": \"2.1.0\",\n", with: "")
    #expect(withoutVersion != sarif)
    #expect(try Self.validate(withoutVersion).hasPrefix("invalid: 'version' is a required property"))
    let badLevel = sarif.replacingOccurrences(of: "\"level\": \"note\"", with: "\"level\": \"info\"")
    #expect(try Self.validate(badLevel).hasPrefix("invalid:"))
  }

  @Test func isWellFormedJSONWithTheExpectedContent() throws {
    let sarif = SARIFReporter.render(Self.report, toolVersion: "0.1.0", workingDirectory: "/work/project")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect(run["columnKind"] as? String == "unicodeCodePoints")
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "apns-lint")
    #expect(driver["version"] as? String == "0.1.0")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == Self.report.rulesRun)
    let levels = rules.map { ($0["defaultConfiguration"] as? [String: Any])?["level"] as? String }
    #expect(levels == ["note", "error", "warning", "error", "none"])
    #expect((rules[3]["shortDescription"] as? [String: Any])?["text"] as? String == Rule.named("value-type")?.summary)
    #expect((rules[3]["fullDescription"] as? [String: Any])?["text"] as? String == Rule.named("value-type")?.consequence)

    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 4)
    #expect(results.map { $0["ruleIndex"] as? Int } == [3, 2, 0, 1])
    #expect(results.map { $0["level"] as? String } == ["error", "warning", "note", "error"])
    let messages = results.map { ($0["message"] as? [String: Any])?["text"] as? String }
    #expect(messages[0] == "expected a number for 'badge', found \"5\"")
    #expect(messages[2] == "'\\u00e9' could be written 'é'\nsaving 5 bytes")
    let physical = results.map { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) }
    let uris = physical.map { ($0?["artifactLocation"] as? [String: Any])?["uri"] as? String }
    #expect(uris == ["Fixtures/payloads/x.json", "Fixtures/payloads/x.json", "My%20Payloads/na%C3%AFve%20%231.json", "stdin"])
    let lines = physical.map { ($0?["region"] as? [String: Any])?["startLine"] as? Int }
    #expect(lines == [3, 2, 1, 7])
  }

  @Test func configuredLevelsBecomeDefaultConfiguration() throws {
    let configuration = try Configuration.parse(
      yaml: "version: 1\nrules: {custom-key-allowlist: error, unknown-key: info}\n", path: "c.yml", base: .builtIn)
    let report = LintReport(results: [], rulesRun: ["unknown-key", "custom-key-allowlist"])
    let sarif = SARIFReporter.render(report, toolVersion: "1", configuration: configuration)
    #expect(sarif.contains("\"id\": \"unknown-key\",\n              \"shortDescription\""))
    let levels = sarif.components(separatedBy: "\"level\": ").dropFirst().map { $0.prefix(while: { $0 != "\n" }) }
    #expect(levels == ["\"note\"", "\"error\""])
  }

  @Test(arguments: [
    ("x.json", "/w", "x.json"),
    ("./Fixtures//a b.json", "/w", "Fixtures/a%20b.json"),
    ("/w/p/x.json", "/w", "p/x.json"),
    ("/w/p/x.json", "/w/", "p/x.json"),
    ("/other/x.json", "/w/p", "../../other/x.json"),
    ("/w/../w/x.json", "/w", "x.json"),
    ("-", "/w", "stdin"),
    ("a:b,c?d#e%f.json", "/w", "a%3Ab%2Cc%3Fd%23e%25f.json"),
    ("日本.json", "/w", "%E6%97%A5%E6%9C%AC.json"),
  ])
  func artifactURIsAreRelative(path: String, cwd: String, uri: String) {
    #expect(SARIFReporter.artifactURI(path, workingDirectory: cwd) == uri)
  }

  @Test func jsonStringsAreEscaped() {
    var out = ""
    JSONValue.writeString("q\"b\\s/\n\r\t\u{08}\u{0C}\u{01}\u{1F}é😀\u{2028}", to: &out)
    #expect(out == #""q\"b\\s/\n\r\t\b\f\u0001\u001Fé😀"# + "\u{2028}\"")
  }

  @Test func snapshot() {
    let report = LintReport(
      results: [LintResult(path: "p.json", findings: [
        Finding(rule: ruleID("value-type"), severity: .error, message: "badge is '5'", line: 3, column: 14, keyPath: "aps.badge"),
      ])],
      rulesRun: ["value-type"])
    let expected = """
      {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
          {
            "tool": {
              "driver": {
                "name": "apns-lint",
                "version": "0.1.0",
                "informationUri": "https://github.com/apns-lint/apns-lint",
                "rules": [
                  {
                    "id": "value-type",
                    "shortDescription": {
                      "text": "a known key with the wrong JSON type whose text or update is lost (alert 42, loc-args not an array of strings, a content-state that is not an object)"
                    },
                    "fullDescription": {
                      "text": "a key of the wrong JSON type is not read as that key, while APNs accepts the push: an alert that is neither a string nor an object, or alert text or loc-args of the wrong type, shows nothing or loses the text, a content-state that is not an object drops the Live Activity update (a key that is only not applied is value-type-ignored, a deprecated key iOS ignores value-type-deprecated-key)"
                    },
                    "helpUri": "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification",
                    "help": {
                      "text": "What you see: APNs answers 200 but the value is not read: an alert of the wrong type shows nothing, a string badge is ignored, a content-state that is not an object drops the Live Activity update.\\nHow to fix it: Send the JSON type Apple's table gives the key: badge a number, alert a string or a dictionary, loc-args an array of strings; don't quote numbers.\\nApplies to: all APNs platforms (iOS, iPadOS, macOS, watchOS, tvOS, visionOS).\\nSource: Generating a remote notification, https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification\\n",
                      "markdown": "What you see: APNs answers 200 but the value is not read: an alert of the wrong type shows nothing, a string badge is ignored, a content-state that is not an object drops the Live Activity update.\\n\\nHow to fix it: Send the JSON type Apple's table gives the key: badge a number, alert a string or a dictionary, loc-args an array of strings; don't quote numbers.\\n\\nApplies to: all APNs platforms (iOS, iPadOS, macOS, watchOS, tvOS, visionOS).\\n\\nSource: [Generating a remote notification](https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification).\\n"
                    },
                    "defaultConfiguration": {
                      "level": "error"
                    },
                    "properties": {
                      "parts": [
                        "value-type-ignored",
                        "value-type-deprecated-key"
                      ]
                    }
                  }
                ]
              }
            },
            "columnKind": "unicodeCodePoints",
            "results": [
              {
                "ruleId": "value-type",
                "ruleIndex": 0,
                "level": "error",
                "message": {
                  "text": "badge is '5'"
                },
                "locations": [
                  {
                    "physicalLocation": {
                      "artifactLocation": {
                        "uri": "p.json"
                      },
                      "region": {
                        "startLine": 3,
                        "startColumn": 14
                      }
                    },
                    "logicalLocations": [
                      {
                        "fullyQualifiedName": "aps.badge"
                      }
                    ]
                  }
                ]
              }
            ]
          }
        ]
      }

      """
    #expect(SARIFReporter.render(report, toolVersion: "0.1.0", workingDirectory: "/w") == expected)
  }
}
