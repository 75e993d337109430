import Foundation
import TestSupport
import Testing

@testable import LanguageServer

/// `apns-lint lsp` reads nothing outside the workspace `initialize` named (SPEC §19): a document
/// outside it (`..`, a symbolic link out, another folder) is not checked and none of its files
/// is read; a sibling table or a configuration that links out is not read either.
@Suite struct WorkspaceConfinementTests {
  /// A folder beside the workspace, with a table and a payload that have findings.
  static func outside() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("x.strings", "\"a\" = \"1\";\n\"a\" = \"2\";\n")
    try folder.write("push.json", #"{"aps": {"badge": "3"}}"#)
    try folder.write("de.strings", "\"other\" = \"x\" junk\n")
    try folder.write("config.yml", "version: 1\nrules:\n  value-type: off\n")
    return folder
  }

  static func expectOnlyInside(_ outcome: LSPSession.Outcome, _ session: LSPSession, _ outside: TemporaryFolder) {
    for path in outcome.reads { #expect(path.hasPrefix(session.root + "/"), "read outside the workspace: \(path)") }
    #expect(!outcome.reads.contains { $0.hasPrefix(outside.path) || $0.contains("/x.strings") || $0.contains("de.strings") })
  }

  @Test func aDocumentUpTheTreeIsNotChecked() throws {
    let outside = try Self.outside()
    let session = try LSPSession()
    session.initialize()
    let name = (outside.path as NSString).lastPathComponent
    let table = "file://" + session.root + "/../" + name + "/x.strings"
    let payload = "file://" + session.root + "/../" + name + "/push.json"
    session.open(table, "\"a\" = \"1\";\n\"a\" = \"2\";\n")
    session.open(payload, #"{"aps": {"badge": "3"}}"#)
    session.request(1, "textDocument/codeAction", ["textDocument": ["uri": .string(payload)],
                                                   "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 30]]])
    let outcome = session.run()
    #expect(outcome.published(table).isEmpty)
    #expect(outcome.published(payload).isEmpty)
    #expect(outcome.answer(1)?["result"] == [])
    #expect(outcome.log.filter { $0.contains("is outside the workspace: not checked") }.count == 2)
    Self.expectOnlyInside(outcome, session, outside)
  }

  @Test func aSymbolicLinkOutIsNotFollowed() throws {
    let outside = try Self.outside()
    let session = try LSPSession()
    try FileManager.default.createSymbolicLink(atPath: session.root + "/link.strings", withDestinationPath: outside.path + "/x.strings")
    try FileManager.default.createSymbolicLink(atPath: session.root + "/folder", withDestinationPath: outside.path)
    session.initialize()
    let linked = session.uri("link.strings")
    let throughFolder = session.uri("folder/push.json")
    session.open(linked, "\"a\" = \"1\";\n\"a\" = \"2\";\n")
    session.open(throughFolder, #"{"aps": {"badge": "3"}}"#)
    let outcome = session.run()
    #expect(outcome.published(linked).isEmpty)
    #expect(outcome.published(throughFolder).isEmpty)
    Self.expectOnlyInside(outcome, session, outside)
  }

  @Test func anotherFolderIsNotChecked() throws {
    let outside = try Self.outside()
    let session = try LSPSession()
    session.initialize()
    let uri = LSPSession.uri(outside.path + "/push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    let outcome = session.run()
    #expect(outcome.published(uri).isEmpty)
    Self.expectOnlyInside(outcome, session, outside)
  }

  /// A sibling table that links out of the workspace is never read: the table open in the editor
  /// is linted with the siblings inside.
  @Test func aSiblingThatLinksOutIsNotRead() throws {
    let outside = try Self.outside()
    let session = try LSPSession()
    try session.folder.write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
    try session.folder.write("fr.lproj/Localizable.strings", "\"a\" = \"A\";\n")
    try FileManager.default.createDirectory(atPath: session.root + "/de.lproj", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: session.root + "/de.lproj/Localizable.strings", withDestinationPath: outside.path + "/de.strings")
    session.initialize()
    let uri = session.uri("en.lproj/Localizable.strings")
    session.open(uri, "\"a\" = \"A\";\n\"b\" = \"B\";\n")
    let outcome = session.run()
    #expect(outcome.diagnostics(uri) == [])
    #expect(outcome.published(uri).count == 1)
    #expect(outcome.reads.contains(session.root + "/fr.lproj/Localizable.strings"))
    Self.expectOnlyInside(outcome, session, outside)
  }

  /// A configuration that links out is not read: the built-in one is used, and the user told.
  @Test func aConfigurationThatLinksOutIsNotRead() throws {
    let outside = try Self.outside()
    let session = try LSPSession()
    try FileManager.default.createSymbolicLink(atPath: session.root + "/.apns-lint.yml", withDestinationPath: outside.path + "/config.yml")
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    let outcome = session.run()
    #expect(outcome.diagnostics(uri).contains { $0["code"] == "value-type-ignored" })
    #expect(outcome.messages.contains { $0["method"] == "window/showMessage" })
    Self.expectOnlyInside(outcome, session, outside)
  }

  /// No workspace named: nothing is checked, nothing read.
  @Test func noWorkspaceChecksNothing() throws {
    let session = try LSPSession()
    session.request(0, "initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    let outcome = session.run()
    #expect(outcome.answer(0)?["result"]?["capabilities"] != nil)
    #expect(outcome.published(uri).isEmpty)
    #expect(outcome.reads.isEmpty)
  }
}
