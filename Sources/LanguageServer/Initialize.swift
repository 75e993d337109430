import APNsLint
import Foundation
import PayloadSchema
import StringsFile

extension LanguageServer {
  /// What the server offers (LSP 3.17 `ServerCapabilities`): incremental text sync with open and
  /// close (and save), hover, completion triggered by `"`, quick fixes and fix-all code actions,
  /// positions in UTF-16 code units.
  static let capabilities: JSONValue = [
    "positionEncoding": "utf-16",
    "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
    "hoverProvider": true,
    "completionProvider": ["triggerCharacters": ["\""], "resolveProvider": false],
    "codeActionProvider": ["codeActionKinds": ["quickfix", .string(fixAllKind)], "resolveProvider": false],
  ]

  /// The code action kind that fixes every finding of a document.
  static let fixAllKind = "source.fixAll.apns-lint"

  /// `initialize`: the workspace (`rootUri`, else the first of `workspaceFolders`, else
  /// `rootPath`), its configuration, and the capabilities.
  func initialize(_ params: JSONValue) -> Result<JSONValue, ResponseError> {
    guard state == .starting else { return .failure(ResponseError(.invalidRequest, "'initialize' came twice")) }
    guard case .object = params else { return .failure(ResponseError(.invalidParams, "initialize needs its params object")) }
    let uri = params["rootUri"]?.string ?? params["workspaceFolders"]?.array?.first?["uri"]?.string
    let given = uri.flatMap(TextDocument.filePath) ?? params["rootPath"]?.string
    if let given {
      do {
        let root = try WorkspaceRoot(given)
        var checker = DocumentChecker(configuration: .builtIn, files: WorkspaceFiles(root: root, read: read), now: now, jobs: jobs)
        checker.configuration = loadConfiguration(checker.files)
        checker.shipping = ProjectShipping.read(root: root.path, jobs: jobs)
        if let summary = checker.shipping?.summary { log("apns-lint lsp: \(summary)") }
        // The workspace's code is read on another thread: the answer to `initialize`, payloads,
        // hover and completion do not wait for it; the first table checked does (`checkTable`).
        let path = root.path, jobs = jobs, readSources = readSources
        pendingSources = PendingSources { readSources(path, jobs) }
        self.checker = checker
      } catch {
        log("apns-lint lsp: \(error.description): no document is checked")
      }
    } else {
      log("apns-lint lsp: initialize names no workspace folder (rootUri, workspaceFolders): no document is checked")
    }
    clientWatchesFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
    state = .running
    return .success(["capabilities": Self.capabilities, "serverInfo": ["name": "apns-lint", "version": .string(APNsLintVersion.current)]])
  }

  /// The workspace's `.apns-lint.yml` (read inside the workspace only), or the built-in
  /// configuration; a configuration that cannot be used is said in the log and to the user.
  func loadConfiguration(_ files: WorkspaceFiles) -> Configuration {
    let path = files.root.path + "/.apns-lint.yml"
    guard FileManager.default.fileExists(atPath: path) else { return .builtIn }
    let problem: String
    switch files.contents(path, limit: 1 << 20) {
    case .failure(let failure):
      problem = "cannot read .apns-lint.yml: \(failure.message)"
    case .success(let bytes):
      guard let text = String(bytes: bytes, encoding: .utf8) else {
        problem = ".apns-lint.yml is not UTF-8"
        break
      }
      do {
        return try Configuration.parse(yaml: text, path: ".apns-lint.yml", base: .builtIn)
      } catch {
        problem = "\(error)"
      }
    }
    log("apns-lint lsp: \(problem): the built-in configuration is used")
    notify("window/showMessage", ["type": 1, "message": .string("apns-lint: \(problem); the built-in configuration is used")])
    return .builtIn
  }

  /// Asks a client that registers watchers dynamically to say when a table, the configuration,
  /// a project or a source file changes on disk (`workspace/didChangeWatchedFiles`).
  func registerWatchers() {
    guard clientWatchesFiles, checker != nil else { return }
    let tables = ["**/*.strings", "**/*.stringsdict", "**/*.xcstrings", "**/*.storyboard", "**/*.xib", "**/.apns-lint.yml",
                  "**/project.pbxproj", "**/Package.swift"]
    let code = SourceKeys.codeExtensions.sorted().map { "**/*." + $0 }.filter { !tables.contains($0) }
    let watchers: [JSONValue] = (tables + code).map { ["globPattern": .string($0)] }
    write(["jsonrpc": "2.0", "id": "apns-lint-watch", "method": "client/registerCapability",
           "params": ["registrations": [["id": "apns-lint-watched-files", "method": "workspace/didChangeWatchedFiles",
                                         "registerOptions": ["watchers": .array(watchers)]]]]])
  }
}
