import APNsLint
import Foundation
import TestSupport
import Testing

@testable import MCPServer

/// The tools of `apns-lint mcp` (SPEC §17): each answers with the JSON its command prints, as
/// text and as `structuredContent`; a path outside the workspace or a bad argument is a tool
/// error (`isError`), and the server answers the next request.
@Suite struct MCPToolTests {
  /// A finding as the tests compare it: rule, line, column, key path.
  static func places(_ result: JSONValue?) -> [String] {
    (result?["diagnostics"]?.array ?? []).map { d in
      "\(d["rule"]?.string ?? "?") \(d["line"]?.int ?? 0):\(d["column"]?.int ?? 0) \(d["keyPath"]?.string ?? "-")"
    }
  }

  /// The structured result, after checking that the text item holds the same JSON.
  static func structured(_ result: JSONValue) -> JSONValue? {
    let text = result["content"]?[0]?["text"]?.string ?? ""
    #expect(result["content"]?[0]?["type"] == "text")
    #expect(JSONValue.parse(Array(text.utf8)) == result["structuredContent"])
    return result["structuredContent"]
  }

  @Test func checkPayloadFindsABadgeWrittenAsAString() throws {
    let result = try MCPSession().call("check_payload", ["payload": #"{"aps": {"badge": "3"}}"#])
    #expect(result["isError"] == false)
    let report = Self.structured(result)
    let first = report?["results"]?[0]
    #expect(first?["path"] == "-")
    #expect(first?["pushType"] == "alert")
    #expect(first?["apns"] == ["status": 200, "reason": .null])
    #expect(Self.places(first) == ["push-type-mismatch 1:9 aps", "value-type-ignored 1:19 aps.badge"])
    #expect(first?["diagnostics"]?[1]?["severity"] == "warning")
    #expect(first?["diagnostics"]?[1]?["message"] == "'badge' must be an integer, not a string")
    #expect(report?["summary"] == ["payloads": 1, "errors": 1, "warnings": 1, "infos": 0])
    // The text is what `apns-lint check --format json` prints: the reporters' own layout.
    #expect(result["content"]?[0]?["text"]?.string?.hasPrefix("{\n  \"version\": 1,\n  \"results\": [") == true)
  }

  static let badToken = """
    POST /3/device/zz9e4f1a0b2d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccdd HTTP/2
    apns-topic: com.example.app
    apns-push-type: alert

    {"aps": {"alert": "Hello"}}
    """

  @Test func checkPayloadPredictsBadDeviceTokenForARequest() throws {
    let result = try MCPSession().call("check_payload", ["payload": .string(Self.badToken)])
    let first = Self.structured(result)?["results"]?[0]
    #expect(result["isError"] == false)
    #expect(first?["apns"] == ["status": 400, "reason": "BadDeviceToken"])
    #expect(Self.places(first) == ["device-token-syntax 1:6 :path"])
    #expect(first?["diagnostics"]?[0]?["apnsReason"] == "BadDeviceToken")
    #expect(first?["diagnostics"]?[0]?["message"] == "device token 'zz9e4f1a0b2d3c4e5f60718293a4b5c6d7e8f901…' is not hexadecimal")
  }

  @Test func checkPayloadTakesTheTargetAndTheClock() throws {
    let session = try MCPSession()
    // A background push at priority 10: APNs refuses it.
    let background = session.call("check_payload", ["payload": #"{"aps": {"content-available": 1}}"#, "push_type": "background",
                                                    "priority": 10, "topic": "com.example.app", "platform": "ios", "os": "18.0"])
    #expect(Self.places(Self.structured(background)?["results"]?[0]) == ["priority-mismatch 1:1 -"])
    // A request whose provider token was issued at 1700000000: fresh at 1700000600, expired an hour later.
    let request = try String(contentsOfFile: packageRoot + "/Fixtures/requests/rules/device-token-syntax.trigger.http", encoding: .utf8)
    let fresh = session.call("check_payload", ["payload": .string(request), "now": 1_700_000_600])
    let late = session.call("check_payload", ["payload": .string(request), "now": 1_700_007_200])
    #expect(Self.places(Self.structured(fresh)?["results"]?[0]) == ["device-token-syntax 1:6 :path"])
    #expect(Self.places(Self.structured(late)?["results"]?[0]) == ["device-token-syntax 1:6 :path", "provider-token-expired 2:16 authorization"])
  }

  @Test func checkPayloadReadsAFileAndAFolderOfTheWorkspace() throws {
    let session = try MCPSession()
    try session.folder.write("pushes/badge.json", #"{"aps": {"badge": "3"}}"#)
    try session.folder.write("pushes/requests/bad-token.http", Self.badToken)
    try session.folder.write("pushes/notes.txt", "not read")
    let file = Self.structured(session.call("check_payload", ["path": "pushes/requests/bad-token.http"]))
    #expect(file?["results"]?[0]?["path"] == "pushes/requests/bad-token.http")
    #expect(file?["results"]?[0]?["apns"] == ["status": 400, "reason": "BadDeviceToken"])
    let folder = Self.structured(session.call("check_payload", ["path": "pushes/"]))
    #expect(folder?["results"]?.array?.map { $0["path"] ?? .null } == ["pushes/badge.json", "pushes/requests/bad-token.http"])
    #expect(Self.places(folder?["results"]?[0]) == ["push-type-mismatch 1:9 aps", "value-type-ignored 1:19 aps.badge"])
    let absolute = Self.structured(session.call("check_payload", ["path": .string(session.root.path + "/pushes/badge.json")]))
    #expect(Self.places(absolute?["results"]?[0]) == ["push-type-mismatch 1:9 aps", "value-type-ignored 1:19 aps.badge"])
  }

  @Test func theWorkspacesConfigurationIsTheOneUsed() throws {
    let session = try MCPSession()
    try session.folder.write(".apns-lint.yml", "version: 1\nrules:\n  value-type: off\n")
    let result = session.call("check_payload", ["payload": #"{"aps": {"badge": "3"}}"#])
    #expect(Self.places(Self.structured(result)?["results"]?[0]) == ["push-type-mismatch 1:9 aps"])
    #expect(Self.structured(session.call("explain_rule", ["rule": "value-type"]))?["severity"] == "off")
    try session.folder.write(".apns-lint.yml", "version: 1\nrules:\n  no-such-rule: off\n")
    let broken = session.call("check_payload", ["payload": "{}"])
    #expect(broken["isError"] == true)
    #expect(broken["structuredContent"]?["error"]?.string?.contains("unknown rule 'no-such-rule'") == true)
  }

  /// An English table and a French one that lacks a key and takes another argument.
  static func writeTables(_ session: MCPSession) throws {
    try session.folder.write("App/en.lproj/Localizable.strings", "\"GREETING\" = \"Hello %@\";\n\"FAREWELL\" = \"Goodbye\";\n")
    try session.folder.write("App/fr.lproj/Localizable.strings", "\"GREETING\" = \"Bonjour %d\";\n")
  }

  @Test func lintStringsReportsAMissingTranslationAndAFormatMismatch() throws {
    let session = try MCPSession()
    try Self.writeTables(session)
    let result = session.call("lint_strings", ["path": "App"])
    #expect(result["isError"] == false)
    let report = Self.structured(result)
    #expect(report?["results"]?.array?.map { $0["path"] ?? .null } == ["App/en.lproj/Localizable.strings", "App/fr.lproj/Localizable.strings"])
    #expect(Self.places(report?["results"]?[0]) == [])
    // Missing translations are one finding per localization and table, as in every format.
    #expect(Self.places(report?["results"]?[1]) == ["strings-format-mismatch 1:1 GREETING", "strings-missing-translation 1:1 -"])
    #expect(report?["results"]?[1]?["diagnostics"]?[1]?["message"]
            == "fr: 1 of 2 keys of 'Localizable.strings' missing: 'FAREWELL' (the device shows the raw key)")
    #expect(report?["results"]?[1]?["diagnostics"]?[1]?["keys"] == ["FAREWELL"])
    #expect(report?["summary"] == ["payloads": 2, "errors": 1, "warnings": 1, "infos": 0])
    let french = Self.structured(session.call("lint_strings", ["path": "App", "development_language": "fr"]))
    #expect(Self.places(french?["results"]?[0]) == ["strings-format-mismatch 1:1 GREETING", "strings-extra-key 2:1 FAREWELL"])
  }

  /// As `strings lint` runs over a folder (TreeLint): the Xcode project below it says what ships,
  /// so a table no target builds has only information, and the code below it says which keys are
  /// looked up; the answer's `notes` say both, with the paths as the caller gave them.
  @Test func lintStringsReadsTheProjectAndTheCodeAsTheCommandDoes() throws {
    let session = try MCPSession()
    try session.folder.write("App/App.xcodeproj/project.pbxproj", """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjects = {
      \t\tP = {isa = PBXProject; developmentRegion = en; knownRegions = (en, fr); mainGroup = G; targets = (T); };
      \t\tG = {isa = PBXGroup; children = (V); sourceTree = "<group>"; };
      \t\tV = {isa = PBXVariantGroup; children = (E, F); name = Localizable.strings; sourceTree = "<group>"; };
      \t\tE = {isa = PBXFileReference; name = en; path = en.lproj/Localizable.strings; sourceTree = "<group>"; };
      \t\tF = {isa = PBXFileReference; name = fr; path = fr.lproj/Localizable.strings; sourceTree = "<group>"; };
      \t\tT = {isa = PBXNativeTarget; buildPhases = (R); name = App; };
      \t\tR = {isa = PBXResourcesBuildPhase; files = (B); };
      \t\tB = {isa = PBXBuildFile; fileRef = V; };
      \t};
      \trootObject = P;
      }

      """)
    try Self.writeTables(session)
    try session.folder.write("App/en.lproj/Old.strings", "\"TITLE\" = \"Title\";\n\"BODY\" = \"Body\";\n")
    try session.folder.write("App/fr.lproj/Old.strings", "\"TITLE\" = \"Titre\";\n")
    try session.folder.write("App/Greeter.swift", "let greeting = NSLocalizedString(\"GREETING\", comment: \"\")\n")
    let result = session.call("lint_strings", ["path": "App/"])
    #expect(result["isError"] == false)
    let report = Self.structured(result)
    let rows = (report?["results"]?.array ?? []).flatMap { file in
      (file["diagnostics"]?.array ?? []).map { "\(file["path"]?.string ?? "?") \($0["severity"]?.string ?? "?") \($0["rule"]?.string ?? "?")" }
    }
    // The format mismatch is in a key the code formats; FAREWELL no code names; Old.strings no target builds.
    #expect(rows == [
      "App/en.lproj/Old.strings info strings-not-shipped",
      "App/fr.lproj/Localizable.strings info strings-missing-translation",
      "App/fr.lproj/Localizable.strings error strings-format-mismatch",
      "App/fr.lproj/Old.strings info strings-not-shipped",
    ])
    let notes = report?["notes"]?.array?.compactMap(\.string) ?? []
    #expect(notes.count == 2)
    #expect(notes.first?.hasPrefix("note: ") == true)
    #expect(notes.last == "note: read 1 source files below App to tell the keys the code looks up; "
            + "findings about keys no source names are info (--no-sources: every key counts as looked up)")
    #expect(notes.allSatisfy { !$0.contains(session.folder.path) })
  }

  @Test func renderAlertShowsWhatAFrenchCanadianDeviceShows() throws {
    let session = try MCPSession()
    try session.folder.write("App/en.lproj/Localizable.strings", "\"GREETING\" = \"Hello %@\";\n")
    try session.folder.write("App/fr.lproj/Localizable.strings", "\"GREETING\" = \"Bonjour %@\";\n")
    let payload: JSONValue = #"{"aps":{"alert":{"loc-key":"GREETING","loc-args":["Jenna"]}}}"#
    let french = Self.structured(session.call("render_alert", ["payload": payload, "strings": "App", "lang": "fr-CA,en"]))
    #expect(french?["results"] == [[
      "language": "fr-CA,en", "localization": "fr", "title": .null, "subtitle": .null, "body": "Bonjour Jenna", "action": .null,
      "diagnostics": [],
    ]])
    let japanese = Self.structured(session.call("render_alert", ["payload": payload, "strings": "App", "lang": "ja"]))
    #expect(japanese?["results"]?[0]?["localization"] == "en")
    #expect(japanese?["results"]?[0]?["body"] == "Hello Jenna")
    let web = Self.structured(session.call("render_alert", [
      "payload": #"{"web_push": 8030, "notification": {"title": "Shipped", "navigate": "https://shop.example/orders/1"}}"#,
    ]))
    #expect(web?["notification"]?["title"] == "Shipped")
  }

  @Test func explainRuleGivesTheRulesDefinition() throws {
    let result = try MCPSession().call("explain_rule", ["rule": "device-token-syntax"])
    let rule = Self.structured(result)
    #expect(result["isError"] == false)
    #expect(rule?["id"] == "device-token-syntax")
    #expect(rule?["severity"] == "error")
    #expect(rule?["category"] == "request")
    #expect(rule?["apnsReason"] == "BadDeviceToken")
    #expect(rule?["apns"] == ["status": 400, "reason": "BadDeviceToken"])
    #expect(rule?["consequence"] == "APNs refuses the request: 400 BadDeviceToken")
    #expect(rule?["examples"]?.array?.map { $0["kind"] ?? .null } == ["triggering", "passing"])
    // The same members as `apns-lint rules --format json` lists for it, and `apns`.
    let listed = JSONValue.parse(Array(RulesReporter.json(.builtIn).utf8))?.array?.first { $0["id"] == "device-token-syntax" }
    var expected = listed?.object ?? [:]
    expected["apns"] = ["status": 400, "reason": "BadDeviceToken"]
    #expect(rule == .object(expected))
    #expect(Self.structured(try MCPSession().call("explain_rule", ["rule": "value-type"]))?["apns"] == .null)
  }

  @Test func anUnknownRuleIsAToolErrorWithTheClosestIds() throws {
    let result = try MCPSession().call("explain_rule", ["rule": "valu-type"])
    #expect(result["isError"] == true)
    #expect(Self.structured(result)?["closest"]?[0] == "value-type")
    // Ids that contain what was asked come first, nearest first.
    #expect(Rule.closest(to: "device-token").prefix(2) == ["device-token-syntax", "device-token-missing"])
    #expect(Rule.closest(to: String(repeating: "x", count: 1_000_000), limit: 5).count == 5)
  }

  /// `../`, an absolute path and a symbolic link out of the workspace are refused by every tool
  /// that reads a path, and the next request is answered.
  @Test func pathsOutOfTheWorkspaceAreRefused() throws {
    let session = try MCPSession()
    let outside = try TemporaryFolder()
    try outside.write("secret.json", #"{"aps": {"badge": "3"}}"#)
    try outside.write("fr.lproj/Localizable.strings", "\"A\" = \"secret\";\n")
    try FileManager.default.createSymbolicLink(atPath: session.folder.path + "/link.json", withDestinationPath: outside.path + "/secret.json")
    try session.folder.write("App/en.lproj/Localizable.strings", "\"A\" = \"a\";\n")
    try FileManager.default.createDirectory(atPath: session.folder.path + "/App/fr.lproj", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: session.folder.path + "/App/fr.lproj/Localizable.strings",
                                               withDestinationPath: outside.path + "/fr.lproj/Localizable.strings")
    let escape = "../" + (outside.path as NSString).lastPathComponent + "/secret.json"
    let calls: [(String, JSONValue)] = [
      ("check_payload", ["path": .string(escape)]),
      ("check_payload", ["path": .string(outside.path + "/secret.json")]),
      ("check_payload", ["path": "/etc/passwd"]),
      ("check_payload", ["path": "link.json"]),
      ("render_alert", ["path": "link.json", "strings": "App"]),
      ("lint_strings", ["path": .string(outside.path)]),
      ("lint_strings", ["path": "App/fr.lproj/Localizable.strings"]),
      ("render_alert", ["payload": "{}", "strings": "../"]),
    ]
    let answers = session.exchange(calls.enumerated().map { MCPSession.call($0.offset + 1, $0.element.0, $0.element.1) } + [MCPSession.request(99, "ping")])
    #expect(answers.count == calls.count + 1)
    for (i, answer) in answers.dropLast().enumerated() {
      #expect(answer["result"]?["isError"] == true, "\(calls[i])")
      let message = answer["result"]?["structuredContent"]?["error"]?.string ?? ""
      #expect(message.contains("outside the workspace"), "\(calls[i]): \(message)")
      #expect(!message.contains("secret\""), "\(calls[i]) shows what it must not read")
    }
    #expect(answers.last?["result"] == [:])
  }

  /// A folder below which a link leads out of the workspace (the git work tree around it is
  /// wider) is refused whole.
  @Test func aFolderWithALinkOutOfTheWorkspaceIsRefused() throws {
    let repository = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: repository.path + "/.git", withIntermediateDirectories: true)
    try repository.write("elsewhere/fr.lproj/Localizable.strings", "\"A\" = \"secret\";\n")
    try repository.write("workspace/App/en.lproj/Localizable.strings", "\"A\" = \"a\";\n")
    try FileManager.default.createDirectory(atPath: repository.path + "/workspace/App/fr.lproj", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: repository.path + "/workspace/App/fr.lproj/Localizable.strings",
                                               withDestinationPath: repository.path + "/elsewhere/fr.lproj/Localizable.strings")
    let root = try WorkspaceRoot(repository.path + "/workspace")
    let answers = AnswerLines()
    var server = MCPServer(workspace: root, output: Output { raw in
      answers.bytes.append(contentsOf: raw)
      return raw.count
    })
    let input = ScriptedInput([MCPSession.call(1, "lint_strings", ["path": "App"])])
    server.run { input.read(into: $0) }
    let result = JSONValue.parse(Array((answers.lines.first ?? "").utf8))?["result"]
    #expect(result?["isError"] == true)
    #expect(result?["structuredContent"]?["error"] == "path: 'App/fr.lproj/Localizable.strings' is a symbolic link out of the workspace: nothing read")
  }

  @Test func badArgumentsAreToolErrors() throws {
    let session = try MCPSession()
    let calls: [(String, JSONValue, String)] = [
      ("check_payload", [:], "give 'payload' (the text) or 'path' (a file inside the workspace): one of the two"),
      ("check_payload", ["payload": "{}", "path": "a.json"], "give 'payload' (the text) or 'path' (a file inside the workspace): one of the two"),
      ("check_payload", ["payload": 12], "'payload' must be a string"),
      ("check_payload", ["payload": "{}", "platform": "android"], "'platform' is 'android'; it must be one of 'ios', 'macos', 'tvos', 'watchos', 'visionos', 'safari', 'web'"),
      ("check_payload", ["payload": "{}", "priority": "high"], "'priority' must be an integer"),
      ("check_payload", ["payload": "{}", "os": "eighteen"], "'os' is 'eighteen'; give a version such as '18.0' or '26'"),
      ("check_payload", ["payload": "{}", "colour": true], "check_payload takes no argument 'colour'; it takes 'payload', 'path', 'platform', 'push_type', 'topic', 'priority', 'os', 'now'"),
      ("check_payload", ["path": "missing.json"], "'missing.json' (path): no such file or folder in the workspace"),
      ("lint_strings", [:], "lint_strings needs the argument 'path'"),
      ("render_alert", ["payload": "{\"aps\": {\"alert\": \"Hi\"}}"], "give 'strings' (a folder of the workspace with the app's tables) to render an alert; only a web push message (\"web_push\": 8030) needs none"),
      ("explain_rule", ["rule": .null], "explain_rule needs the argument 'rule'"),
    ]
    for (tool, arguments, message) in calls {
      let result = session.call(tool, arguments)
      #expect(result["isError"] == true, "\(tool) \(arguments)")
      #expect(Self.structured(result)?["error"] == .string(message), "\(tool) \(arguments)")
    }
  }

  @Test func aRequestFileThatDoesNotParseIsAToolError() throws {
    let result = try MCPSession().call("check_payload", ["payload": "POST /3/device/ab HTTP/2\nno-colon-header\n\n{}"])
    #expect(result["isError"] == true)
    #expect(Self.structured(result)?["problems"] == ["-:2:1: error: expected a header 'name: value' or a blank line before the body"])
    #expect(RequestText.isRequestFile(Array("# a comment\n\nPOST /3/device/ab HTTP/2\n".utf8)))
    #expect(!RequestText.isRequestFile(Array(" {\"aps\": {}}".utf8)))
    #expect(!RequestText.isRequestFile(Array("null".utf8)))
  }
}
