import APNsLint
import Foundation
import Testing

@testable import LanguageServer

/// The rules' fixes as code actions (SPEC §19): each finding's fix (`FixPlanner.fixes`) as a
/// preferred quick fix for the diagnostic it fixes, and all of a document's at once as
/// `source.fixAll.apns-lint`; edits in UTF-16 positions of the buffer.
@Suite struct CodeActionTests {
  static func range(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
    ["start": ["line": .int(line), "character": .int(start)], "end": ["line": .int(line), "character": .int(end)]]
  }

  static func codeAction(_ session: LSPSession, id: Int, uri: String, range: JSONValue, only: [String]? = nil) {
    var context: [String: JSONValue] = ["diagnostics": []]
    if let only { context["only"] = .array(only.map { .string($0) }) }
    session.request(id, "textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": range, "context": .object(context)])
  }

  @Test func aFindingsFixIsAQuickFix() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    Self.codeAction(session, id: 1, uri: uri, range: Self.range(0, 19, 19))
    Self.codeAction(session, id: 2, uri: uri, range: Self.range(0, 0, 1), only: ["quickfix"])
    Self.codeAction(session, id: 3, uri: uri, range: Self.range(0, 0, 1), only: ["source.fixAll"])
    let outcome = session.run()
    let actions = outcome.answer(1)?["result"]?.array ?? []
    #expect(actions.count == 2)
    let diagnostic = outcome.diagnostics(uri).first { $0["code"] == "value-type-ignored" }
    #expect(actions.first == [
      "title": "write 'badge' as the number 3", "kind": "quickfix", "isPreferred": true,
      "diagnostics": [diagnostic ?? .null],
      "edit": ["changes": [uri: [["range": Self.range(0, 18, 21), "newText": "3"]]]],
    ])
    #expect(actions.last?["kind"] == "source.fixAll.apns-lint")
    #expect(actions.last?["title"] == "apply apns-lint's 1 fix")
    #expect(actions.last?["edit"] == ["changes": [uri: [["range": Self.range(0, 18, 21), "newText": "3"]]]])
    // A range no fixable diagnostic touches: no quick fix; `only` limits the kinds.
    #expect(outcome.answer(2)?["result"] == [])
    #expect(outcome.answer(3)?["result"]?.array?.map { $0["kind"] } == ["source.fixAll.apns-lint"])
  }

  /// In a UTF-16 table, a fix's byte edits (in the table's text decoded to UTF-8) become UTF-16
  /// positions: the character outside the BMP before it counts 2.
  @Test func aTableFixInAUTF16Table() throws {
    let session = try LSPSession()
    let text = "\"😀\" = \"caf\\u00e9\";\n"
    try session.folder.write("en.lproj/Localizable.strings", DiagnosticsTests.utf16LE(text))
    session.initialize()
    let uri = session.uri("en.lproj/Localizable.strings")
    session.open(uri, text)
    Self.codeAction(session, id: 1, uri: uri, range: Self.range(0, 12, 12), only: ["quickfix"])
    let outcome = session.run()
    #expect(outcome.diagnostics(uri).map { $0["code"] } == ["strings-escape"])
    let action = outcome.answer(1)?["result"]?.array?.first
    let edits = action?["edit"]?["changes"]?[uri]?.array ?? []
    #expect(edits.count == 1)
    // The `u` of `\u` is UTF-16 character 12 (the emoji is characters 1 and 2): it becomes `U`.
    #expect(edits.first == ["range": Self.range(0, 12, 13), "newText": "U"])
    #expect(Self.apply(edits, to: text) == "\"😀\" = \"caf\\U00e9\";\n")
  }

  /// A byte order mark the editor hides has no edit in the buffer: its fix is not offered.
  @Test func aFixOfAHiddenByteOrderMarkIsNotOffered() throws {
    let session = try LSPSession()
    try session.folder.write("push.json", Data([0xEF, 0xBB, 0xBF] + Array(#"{"aps": {"alert": "hi"}}"#.utf8)))
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"alert": "hi"}}"#)
    Self.codeAction(session, id: 1, uri: uri, range: Self.range(0, 0, 0))
    let outcome = session.run()
    #expect(outcome.diagnostics(uri).map { $0["code"] } == ["json-bom"])
    #expect(outcome.diagnostics(uri).first?["range"] == Self.range(0, 0, 1))
    #expect(outcome.answer(1)?["result"] == [])
  }

  /// Several fixes: each a quick fix where it stands, one fix-all with all their edits.
  @Test func fixAllGathersEveryFix() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    let text = "{\"aps\": {\"alert\": \"hi\", \"badge\": \"3\", \"mutable-content\": true}}"
    session.open(uri, text)
    Self.codeAction(session, id: 1, uri: uri, range: Self.range(0, 0, 80), only: ["quickfix"])
    Self.codeAction(session, id: 2, uri: uri, range: Self.range(0, 0, 0), only: ["source"])
    let outcome = session.run()
    let quickFixes = outcome.answer(1)?["result"]?.array ?? []
    #expect(quickFixes.map { $0["title"] } == ["write 'badge' as the number 3", "write 'mutable-content' as 1"])
    let all = outcome.answer(2)?["result"]?.array?.first
    #expect(all?["title"] == "apply apns-lint's 2 fixes")
    let edits = all?["edit"]?["changes"]?[uri]?.array ?? []
    #expect(Self.apply(edits, to: text) == "{\"aps\": {\"alert\": \"hi\", \"badge\": 3, \"mutable-content\": 1}}")
  }

  /// Alert keys written directly in `aps` are one `misplaced-key` finding at the first of them
  /// (issue 53: the push shows nothing, one consequence): its fix moves them all into the alert,
  /// offered there and once in the fix-all; the second key has no finding of its own.
  @Test func oneFindingMovesEveryMisplacedAlertKey() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    let text = #"{"aps": {"title": "T", "body": "B"}}"#
    session.open(uri, text)
    Self.codeAction(session, id: 1, uri: uri, range: Self.range(0, 10, 10), only: ["quickfix"])
    Self.codeAction(session, id: 2, uri: uri, range: Self.range(0, 24, 24), only: ["quickfix"])
    Self.codeAction(session, id: 3, uri: uri, range: Self.range(0, 0, 0), only: ["source.fixAll.apns-lint"])
    let outcome = session.run()
    let atTitle = outcome.answer(1)?["result"]?.array ?? []
    let atBody = outcome.answer(2)?["result"]?.array ?? []
    #expect(atTitle.map { $0["title"] } == ["move 'title', 'body' into 'aps.alert'"])
    #expect(atBody.isEmpty)
    #expect(atTitle.first?["diagnostics"]?.array?.first?["range"] == Self.range(0, 9, 16))
    #expect(atTitle.first?["diagnostics"]?.array?.first?["code"] == "misplaced-key")
    let all = outcome.answer(3)?["result"]?.array?.first
    #expect(all?["title"] == "apply apns-lint's 1 fix")
    #expect(all?["edit"] == atTitle.first?["edit"])
    let fixed = Self.apply(all?["edit"]?["changes"]?[uri]?.array ?? [], to: text)
    #expect(fixed == #"{"aps": {"alert": {"title": "T", "body": "B"}}}"#)
  }

  /// `edits` (LSP text edits on one line, not overlapping) applied to `text`.
  static func apply(_ edits: [JSONValue], to text: String) -> String {
    var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
    let sorted = edits.sorted { ($0["range"]?["start"]?["character"]?.int ?? 0) > ($1["range"]?["start"]?["character"]?.int ?? 0) }
    for edit in sorted {
      guard let line = edit["range"]?["start"]?["line"]?.int, let start = edit["range"]?["start"]?["character"]?.int,
            let end = edit["range"]?["end"]?["character"]?.int, let newText = edit["newText"]?.string else { continue }
      lines[line].replaceSubrange(start..<end, with: Array(newText.utf16))
    }
    return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
  }
}
