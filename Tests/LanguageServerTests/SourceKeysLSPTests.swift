import Foundation
import Testing
import TestSupport
@testable import APNsLint

/// The language server lints a table with the keys the workspace's code names (SPEC §3 "Keys the
/// code looks up"), as `strings lint` at the workspace's root does: a finding about a key no
/// source names is information. A source file that changes is read again, and the open tables
/// are checked again with it.
@Suite struct SourceKeysLSPTests {
  @Test func aKeyNoCodeNamesIsInformationUntilTheCodeNamesIt() throws {
    let session = try LSPSession()
    try session.folder.write("App/en.lproj/Localizable.strings",
                             "\"TITLE\" = \"New photo\";\n\"PHOTO_BODY\" = \"%@ sent you a photo\";\n\"OLD_BODY\" = \"%@ left\";\n")
    let french = "\"TITLE\" = \"Nouvelle photo\";\n\"PHOTO_BODY\" = \"Vous avez reçu une photo\";\n\"OLD_BODY\" = \"Parti\";\n"
    try session.folder.write("App/fr.lproj/Localizable.strings", french)
    try session.folder.write("App/App.swift", """
      import Foundation
      let title = NSLocalizedString("TITLE", comment: "")
      func body(_ sender: String) -> String { String(format: NSLocalizedString("PHOTO_BODY", comment: ""), sender) }

      """)
    session.initialize()
    let uri = session.uri("App/fr.lproj/Localizable.strings")
    session.open(uri, french)
    // The code starts naming OLD_BODY: saved on disk, and said by the client's watcher.
    session.perform {
      try? Data("""
        import Foundation
        let title = NSLocalizedString("TITLE", comment: "")
        func body(_ sender: String) -> String { String(format: NSLocalizedString("PHOTO_BODY", comment: ""), sender) }
        func gone(_ sender: String) -> String { String(format: NSLocalizedString("OLD_BODY", comment: ""), sender) }

        """.utf8).write(to: URL(fileURLWithPath: session.root + "/App/App.swift"))
    }
    session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(session.uri("App/App.swift")), "type": 2]]])
    let outcome = session.run()
    let runs = outcome.published(uri).map { published in
      (published["diagnostics"]?.array ?? []).map { "\($0["range"]?["start"]?["line"]?.int ?? -1) \($0["severity"]?.int ?? 0) \($0["code"]?.string ?? "")" }
    }
    #expect(runs.first == ["1 2 strings-argument-left-out", "2 3 strings-argument-left-out"])
    #expect(runs.last == ["1 2 strings-argument-left-out", "2 2 strings-argument-left-out"])
  }

  /// The extensions the server watches are the files whose keys are read.
  @Test func theWatchedCodeIsWhatTheKeysAreReadFrom() {
    #expect(SourceKeys.codeExtensions.allSatisfy { SourceKeys.isCode("File." + $0) })
    #expect(!SourceKeys.isCode("fr.lproj/Localizable.strings") && !SourceKeys.isCode("payload.json"))
  }

  /// The workspace's code is read on a thread of its own: `initialize` is answered while it is
  /// read, and the first table waits for it, so its findings already know which keys the code
  /// names (no warning published and then withdrawn).
  @Test func initializeIsAnsweredWhileTheCodeIsRead() throws {
    let session = try LSPSession()
    try session.folder.write("App/en.lproj/Localizable.strings", "\"TITLE\" = \"%@ photos\";\n\"OLD\" = \"%@ left\";\n")
    let french = "\"TITLE\" = \"Photos\";\n\"OLD\" = \"Parti\";\n"
    try session.folder.write("App/fr.lproj/Localizable.strings", french)
    try session.folder.write("App/App.swift", #"let t = String(format: NSLocalizedString("TITLE", comment: ""), n)"#)
    final class Gate: @unchecked Sendable {
      let open = DispatchSemaphore(value: 0)
      var heldUntilOpened = false
    }
    let gate = Gate()
    session.readSources = { folder, jobs in
      // Held until the test has seen the answer to `initialize` (a deadlock fails, not hangs).
      gate.heldUntilOpened = gate.open.wait(timeout: .now() + 60) == .success
      return StringsLint.sourceKeys(directory: folder, sources: [], noSources: false, jobs: jobs)
    }
    var answeredBeforeRead = false
    session.initialize()
    session.perform {
      answeredBeforeRead = true
      gate.open.signal()
    }
    let uri = session.uri("App/fr.lproj/Localizable.strings")
    session.open(uri, french)
    session.request(1, "shutdown")
    session.notify("exit")
    let outcome = session.run()
    #expect(answeredBeforeRead && gate.heldUntilOpened)
    #expect(outcome.answer(0)?["result"]?["capabilities"] != nil)
    // One publication, with the code read: TITLE, which the code formats, is a warning; OLD, which
    // no code names, is information.
    let runs = outcome.published(uri).map { published in
      (published["diagnostics"]?.array ?? []).map { "\($0["range"]?["start"]?["line"]?.int ?? -1) \($0["severity"]?.int ?? 0) \($0["code"]?.string ?? "")" }
    }
    #expect(runs == [["0 2 strings-argument-left-out", "1 3 strings-argument-left-out"]])
    #expect(outcome.log.contains { $0.hasPrefix("apns-lint lsp: read 1 source files below") })
  }
}
