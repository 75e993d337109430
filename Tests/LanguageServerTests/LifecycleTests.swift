import APNsLint
import Foundation
import Testing

@testable import LanguageServer

/// `initialize`, `shutdown` and `exit` as LSP 3.17 says, and the capabilities offered.
@Suite struct LifecycleTests {
  @Test func initializeOffersTheCapabilities() throws {
    let session = try LSPSession()
    session.initialize()
    session.request(1, "shutdown")
    session.notify("exit")
    let outcome = session.run()
    let result = outcome.answer(0)?["result"]
    #expect(result?["capabilities"] == [
      "positionEncoding": "utf-16",
      "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
      "hoverProvider": true,
      "completionProvider": ["triggerCharacters": ["\""], "resolveProvider": false],
      "codeActionProvider": ["codeActionKinds": ["quickfix", "source.fixAll.apns-lint"], "resolveProvider": false],
    ])
    #expect(result?["serverInfo"] == ["name": "apns-lint", "version": .string(APNsLintVersion.current)])
    #expect(outcome.answer(1)?["result"] == .null)
    #expect(outcome.status == 0)
  }

  /// A client that registers file watchers dynamically is asked to watch the tables, the
  /// configuration, the projects and the code whose keys are read; one that does not is asked nothing.
  @Test func watchersAreRegisteredWhenTheClientCan() throws {
    let session = try LSPSession()
    session.initialize(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
    let outcome = session.run()
    let registration = outcome.messages.first { $0["method"] == "client/registerCapability" }
    let watchers = registration?["params"]?["registrations"]?.array?.first?["registerOptions"]?["watchers"]?.array ?? []
    #expect(watchers.map { $0["globPattern"] } == ["**/*.strings", "**/*.stringsdict", "**/*.xcstrings", "**/*.storyboard", "**/*.xib", "**/.apns-lint.yml",
                                                          "**/project.pbxproj", "**/Package.swift", "**/*.c", "**/*.cc", "**/*.cpp",
                                                          "**/*.h", "**/*.hpp", "**/*.intentdefinition", "**/*.js", "**/*.jsx", "**/*.m",
                                                          "**/*.mm", "**/*.plist", "**/*.py", "**/*.swift", "**/*.ts", "**/*.tsx"])
    #expect(registration?["id"] != nil)

    let plain = try LSPSession()
    plain.initialize()
    #expect(!plain.run().messages.contains { $0["method"] == "client/registerCapability" })
  }
}
