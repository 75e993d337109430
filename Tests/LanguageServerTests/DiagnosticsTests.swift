import Foundation
import Testing

@testable import LanguageServer

/// The diagnostics `apns-lint lsp` publishes (SPEC §19): a payload checked as `apns-lint check`
/// checks it, a table linted with its `.lproj` siblings as `apns-lint strings lint` lints it,
/// each finding at its place in UTF-16 code units.
@Suite struct DiagnosticsTests {
  /// `{"aps": {"badge": "3"}}`: `check` says 1:9 push-type-mismatch (error) and 1:19 value-type
  /// (warning); LSP counts from 0, and the range covers the token there.
  @Test func aPayloadGetsCheckFindingsAtTheirPlaces() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    let outcome = session.run()
    let diagnostics = outcome.diagnostics(uri)
    #expect(diagnostics.count == 2)
    let badge = diagnostics.first { $0["code"] == "value-type-ignored" }
    #expect(badge?["range"] == ["start": ["line": 0, "character": 18], "end": ["line": 0, "character": 21]])
    #expect(badge?["severity"] == 2)
    #expect(badge?["source"] == "apns-lint")
    #expect(badge?["message"] == "'badge' must be an integer, not a string")
    #expect(badge?["codeDescription"] == ["href": "https://github.com/apns-lint/apns-lint/blob/main/docs/rules.md#value-type-ignored"])
    let mismatch = diagnostics.first { $0["code"] == "push-type-mismatch" }
    #expect(mismatch?["range"] == ["start": ["line": 0, "character": 8], "end": ["line": 0, "character": 9]])
    #expect(mismatch?["severity"] == 1)
    #expect(outcome.published(uri).first?["version"] == 1)
  }

  /// A UTF-16 LE table with its byte order mark, linted with its sibling: `strings lint` says
  /// 1:18 (scalars); the character before it outside the BMP makes it 18 UTF-16 units from the
  /// line's start, not 17.
  @Test func aUTF16TableIsLintedWithItsSiblingsAtUTF16Columns() throws {
    let session = try LSPSession()
    try session.folder.write("en.lproj/Localizable.strings", Self.utf16LE("\"😀\" = \"smile\";\n\"count\" = \"%d items\";\n"))
    let french = "\"😀\" = \"sourire\"; \"count\" = \"%@ éléments\";\n"
    try session.folder.write("fr.lproj/Localizable.strings", Self.utf16LE(french))
    session.initialize()
    let uri = session.uri("fr.lproj/Localizable.strings")
    session.open(uri, french)
    let outcome = session.run()
    let diagnostics = outcome.diagnostics(uri)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["code"] == "strings-format-mismatch")
    #expect(diagnostics.first?["range"] == ["start": ["line": 0, "character": 18], "end": ["line": 0, "character": 25]])
    #expect(diagnostics.first?["severity"] == 1)
  }

  /// An incremental change (a range in UTF-16 units, after a character outside the BMP) is
  /// applied where it says, and the diagnostics follow the text.
  @Test func anIncrementalChangeUpdatesTheDiagnostics() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, "{\"aps\": {\"alert\": \"😀\", \"badge\": \"3\"}}")
    // `"3"` is at UTF-16 characters 33..<36 (the emoji counts 2): replace it with 3.
    session.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [
      ["range": ["start": ["line": 0, "character": 33], "end": ["line": 0, "character": 36]], "text": "3"],
    ]])
    session.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 3], "contentChanges": [
      ["range": ["start": ["line": 0, "character": 33], "end": ["line": 0, "character": 34]], "text": "-1"],
    ]])
    let outcome = session.run()
    let published = outcome.published(uri)
    #expect(published.map { $0["version"] } == [1, 2, 3])
    #expect(published[0]["diagnostics"]?.array?.map { $0["code"] } == ["value-type-ignored"])
    #expect(published[1]["diagnostics"]?.array == [])
    let range = published[2]["diagnostics"]?.array?.first?["range"]
    #expect(published[2]["diagnostics"]?.array?.map { $0["code"] } == ["value-range-ignored"])
    #expect(range == ["start": ["line": 0, "character": 33], "end": ["line": 0, "character": 35]])
  }

  @Test func aFullChangeReplacesTheText() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.apns")
    session.open(uri, #"{"aps": {"alert": "hi"}}"#)
    session.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                              "contentChanges": [["text": "{\"aps\": {\"alert\": 42}}"]]])
    let outcome = session.run()
    #expect(outcome.published(uri).first?["diagnostics"] == [])
    #expect(outcome.diagnostics(uri).map { $0["code"] } == ["value-type"])
  }

  /// A `.json` file without `aps` or `web_push` is no payload: nothing is said about it.
  @Test func aJSONFileWithoutApsIsNotChecked() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("package.json")
    session.open(uri, #"{"name": "x", "badge": "3"}"#)
    let outcome = session.run()
    #expect(outcome.diagnostics(uri) == [])
  }

  /// A request file is checked whole, findings placed in the file; one that cannot be read gets
  /// one error at the place it stops.
  @Test func aRequestFileIsCheckedAsARequest() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("send.http")
    session.open(uri, "POST /3/device/740f4707 HTTP/2\napns-push-type: alert\napns-priority: high\n\n{\"aps\": {\"alert\": \"hi\"}}\n")
    let broken = session.uri("broken.http")
    session.open(broken, "POST\n")
    let outcome = session.run()
    let priority = outcome.diagnostics(uri).first { $0["code"] == "priority-mismatch" }
    #expect(priority?["range"]?["start"] == ["line": 2, "character": 15])
    let problem = outcome.diagnostics(broken)
    #expect(problem.count == 1)
    #expect(problem.first?["code"] == nil)
    #expect(problem.first?["severity"] == 1)
  }

  /// The workspace's `.apns-lint.yml` configures the rules: a rule turned off says nothing.
  @Test func theWorkspacesConfigurationIsApplied() throws {
    let session = try LSPSession()
    try session.folder.write(".apns-lint.yml", "version: 1\nrules:\n  push-type-mismatch: off\n  value-type: info\n")
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    let outcome = session.run()
    // `value-type: info` names its part value-type-ignored too (issue 53).
    #expect(outcome.diagnostics(uri).map { $0["code"] } == ["value-type-ignored"])
    #expect(outcome.diagnostics(uri).first?["severity"] == 3)
  }

  /// An edit in one table re-reads none of its siblings: each is read once, then taken from the
  /// cache while its size and modification time stay the same.
  @Test func anEditInOneTableReadsNoOtherFile() throws {
    let session = try LSPSession()
    try session.folder.write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
    try session.folder.write("de.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
    try session.folder.write("fr.lproj/Localizable.strings", "\"a\" = \"A\";\n")
    session.initialize()
    let uri = session.uri("fr.lproj/Localizable.strings")
    session.open(uri, "\"a\" = \"A\";\n")
    for version in 2...4 {
      session.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                                                "contentChanges": [["text": version == 4 ? "\"a\" = \"A\";\n\"b\" = \"B\";\n" : "\"a\" = \"A\";\n"]]])
    }
    let outcome = session.run()
    #expect(outcome.published(uri).count == 4)
    #expect(outcome.published(uri).first?["diagnostics"]?.array?.map { $0["code"] } == ["strings-missing-translation"])
    #expect(outcome.diagnostics(uri) == [])
    let siblings = outcome.reads.filter { !$0.hasSuffix("fr.lproj/Localizable.strings") }
    #expect(siblings.sorted() == [session.root + "/de.lproj/Localizable.strings", session.root + "/en.lproj/Localizable.strings"])
  }

  /// Two open tables of one group: an edit in the development language's shows in the other's
  /// diagnostics.
  @Test func anOpenSiblingIsCheckedAsItIsInTheEditor() throws {
    let session = try LSPSession()
    try session.folder.write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
    try session.folder.write("fr.lproj/Localizable.strings", "\"a\" = \"A\";\n")
    session.initialize()
    let english = session.uri("en.lproj/Localizable.strings")
    let french = session.uri("fr.lproj/Localizable.strings")
    session.open(french, "\"a\" = \"A\";\n")
    session.open(english, "\"a\" = \"A\";\n")
    session.notify("textDocument/didChange", ["textDocument": ["uri": .string(english), "version": 2],
                                              "contentChanges": [["text": "\"a\" = \"A\";\n\"new\" = \"New\";\n"]]])
    let outcome = session.run()
    #expect(outcome.diagnostics(french).map { $0["code"] } == ["strings-missing-translation"])
    #expect(outcome.diagnostics(english) == [])
  }

  /// A sibling that changed on disk (the client's watcher says so) is read again, and the open
  /// table checked against it.
  @Test func aSiblingChangedOnDiskIsReadAgain() throws {
    let session = try LSPSession()
    try session.folder.write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
    try session.folder.write("fr.lproj/Localizable.strings", "\"a\" = \"A\";\n")
    session.initialize()
    let french = session.uri("fr.lproj/Localizable.strings")
    session.open(french, "\"a\" = \"A\";\n")
    session.perform { _ = try? session.folder.write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n") }
    session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(session.uri("en.lproj/Localizable.strings")), "type": 2]]])
    let outcome = session.run()
    #expect(outcome.published(french).map { $0["diagnostics"]?.array?.count } == [0, 1])
    #expect(outcome.diagnostics(french).first?["code"] == "strings-missing-translation")
    #expect(outcome.reads.filter { $0.hasSuffix("en.lproj/Localizable.strings") }.count == 2)
  }

  /// The configuration is read again when it changes, and every open document checked again.
  @Test func theConfigurationIsReadAgainWhenItChanges() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    session.perform { _ = try? session.folder.write(".apns-lint.yml", "version: 1\nrules:\n  value-type: off\n") }
    session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(session.uri(".apns-lint.yml")), "type": 1]]])
    let outcome = session.run()
    #expect(outcome.published(uri).map { $0["diagnostics"]?.array?.count } == [2, 1])
    #expect(outcome.diagnostics(uri).map { $0["code"] } == ["push-type-mismatch"])
  }

  @Test func closingADocumentClearsItsDiagnostics() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    session.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
    session.request(1, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 0]])
    let outcome = session.run()
    #expect(outcome.published(uri).map { $0["diagnostics"]?.array?.count } == [2, 0])
    #expect(outcome.answer(1)?["error"]?["code"] == -32602)
  }

  static func utf16LE(_ text: String) -> Data {
    Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!
  }
}
