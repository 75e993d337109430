import APNsLint
import Foundation
import PayloadSchema
import StringsFile

extension LanguageServer {
  // MARK: - Text synchronization

  /// `textDocument/didOpen`: the document is kept, and checked once no other message waits.
  func didOpen(_ params: JSONValue) {
    guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
      log("apns-lint lsp: textDocument/didOpen without textDocument.uri and .text: ignored")
      return
    }
    let path = TextDocument.filePath(of: uri)
    let realPath = path.flatMap { checker?.files.confine($0) }
    let kind = DocumentKind(path: path ?? "")
    var encoding = DiskEncoding.utf8
    if let realPath, kind != .other, let checker,
       case .success(let bytes) = checker.files.contents(realPath, limit: StringsLint.maxTableBytes, keep: kind == .table) {
      encoding = DiskEncoding(bytes)
    }
    if realPath == nil && kind != .other {
      log("apns-lint lsp: \(VisibleText.escape(String(uri.prefix(300)))) is outside the workspace: not checked, nothing of it read")
    }
    documents[uri] = TextDocument(uri: uri, path: path, realPath: realPath, kind: kind, encoding: encoding,
                                  version: item["version"]?.int ?? 0, text: Array(text.utf8))
  }

  /// `textDocument/didChange`: full or incremental changes, applied in order.
  func didChange(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.string, let changes = params["contentChanges"]?.array else {
      log("apns-lint lsp: textDocument/didChange without textDocument.uri and contentChanges: ignored")
      return
    }
    guard var document = documents[uri] else {
      log("apns-lint lsp: textDocument/didChange of \(VisibleText.escape(String(uri.prefix(300)))), which is not open: ignored")
      return
    }
    guard let text = TextDocument.applying(changes, to: document.text) else {
      log("apns-lint lsp: textDocument/didChange with a change that is none (no text, or a range that is no range): ignored")
      return
    }
    document.text = text
    document.version = params["textDocument"]?["version"]?.int ?? document.version &+ 1
    document.stale = true
    documents[uri] = document
  }

  /// `textDocument/didClose`: its diagnostics are cleared; the tables compared with it are
  /// checked again against the file on disk.
  func didClose(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents.removeValue(forKey: uri) else { return }
    if document.realPath != nil && document.kind != .other {
      notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
    }
    if document.kind == .table { markTablesStale(dependingOn: document.realPath) }
  }

  /// `textDocument/didSave`: the file changed on disk (the configuration, when it is the one
  /// saved, is read again).
  func didSave(_ params: JSONValue) {
    guard let uri = params["textDocument"]?["uri"]?.string, let path = TextDocument.filePath(of: uri) else { return }
    fileChanged(path)
  }

  /// `workspace/didChangeWatchedFiles`: what changed on disk is read again when next needed.
  func didChangeWatchedFiles(_ params: JSONValue) {
    for change in params["changes"]?.array ?? [] {
      if let path = change["uri"]?.string.flatMap(TextDocument.filePath) { fileChanged(path) }
    }
  }

  /// A file changed on disk: forgotten; the configuration read again; the open tables (which
  /// may be compared with it) checked again.
  func fileChanged(_ path: String) {
    guard let checker else { return }
    checker.files.forget(path)
    if (path as NSString).lastPathComponent == ".apns-lint.yml",
       (path as NSString).deletingLastPathComponent == checker.files.root.path
        || checker.files.confine(path) == checker.files.root.path + "/.apns-lint.yml" {
      self.checker?.configuration = loadConfiguration(checker.files)
      for uri in documents.keys { documents[uri]?.stale = true }
    } else if let real = checker.files.confine(path), real.hasPrefix(checker.files.root.path + "/"),
              ProjectShipping.isProjectFile(String(real.dropFirst(checker.files.root.path.count + 1))) {
      // What ships may have changed for any table.
      self.checker?.shipping = ProjectShipping.read(root: checker.files.root.path, jobs: checker.jobs)
      for (uri, document) in documents where document.kind == .table { documents[uri]?.stale = true }
    } else if DocumentKind(path: path) == .table || DocumentKind.isInterfaceFile(path) {
      markTablesStale(dependingOn: checker.files.confine(path))
    }
    if SourceKeys.isCode(path), checker.files.confine(path)?.hasPrefix(checker.files.root.path + "/") == true {
      // The keys the code names may have changed for any table: read again before the next check.
      // A storyboard's or XIB's object IDs name only the keys of the tables made from it, which
      // are marked above.
      sourcesStale = true
      if !DocumentKind.isInterfaceFile(path) {
        for (uri, document) in documents where document.kind == .table { documents[uri]?.stale = true }
      }
    }
  }

  /// Marks stale the open tables whose findings depend on the table at `realPath`
  /// (`TableDependencies`): a change to `fr.lproj/InfoPlist.strings` leaves the `Localizable`
  /// tables alone, one to the development language's table reaches every translation of it.
  /// Every open table when the path is not known (a file outside the workspace, or gone).
  func markTablesStale(dependingOn realPath: String?) {
    let developmentLanguage = checker?.configuration.developmentLanguage ?? "en"
    for (uri, document) in documents where document.kind == .table {
      var affected = true
      if let realPath, let own = document.realPath {
        affected = TableDependencies(of: own, developmentLanguage: developmentLanguage).dependsOn(realPath)
      }
      if affected { documents[uri]?.stale = true }
    }
  }

  // MARK: - Checking

  /// Checks every document changed since it was last checked.
  func checkStaleDocuments() {
    for uri in documents.keys.sorted() where documents[uri]?.stale == true { check(uri) }
  }

  /// Checks a document when it changed since it was last checked (hover, completion and code
  /// actions read its findings).
  func checkIfStale(_ uri: String) {
    if documents[uri]?.stale == true { check(uri) }
  }

  /// Checks one document and publishes its diagnostics (a table's: those of the open tables
  /// compared with it too).
  func check(_ uri: String) {
    guard let document = documents[uri] else { return }
    documents[uri]?.stale = false
    guard let checker, let path = document.path, let realPath = document.realPath else { return }
    switch document.kind {
    case .other:
      return
    case .payload, .request:
      guard document.isPayload else {
        if !document.published.isEmpty || document.checked == nil { publish(uri, [], checked: document.checkedText) }
        return
      }
      let checked = document.checkedText
      let (findings, problem) = checker.payloadFindings(checked, path: path, request: document.kind == .request)
      var diagnostics = DocumentChecker.diagnostics(findings, checked: checked, buffer: document.text, table: false)
      if let problem { diagnostics.append(DocumentChecker.diagnostic(problem, checked: checked, buffer: document.text)) }
      publish(uri, diagnostics, checked: checked)
    case .table:
      checkTable(uri, realPath: realPath, checker: checker)
    }
  }

  /// Lints a table with its siblings, the open ones as they are in the editor.
  private func checkTable(_ uri: String, realPath: String, checker: DocumentChecker) {
    var checker = checker
    if let pending = pendingSources {
      // The code read since `initialize`, waited for here: no table is checked without it.
      pendingSources = nil
      let (keys, note) = pending.wait()
      checker.sources = keys
      self.checker?.sources = keys
      if let note { log("apns-lint lsp: \(note)") }
    }
    if sourcesStale {
      // A source file changed since the code was read: read the workspace's code again, once.
      sourcesStale = false
      checker.sources = StringsLint.sourceKeys(directory: checker.files.root.path, sources: [], noSources: false, jobs: checker.jobs).keys
      self.checker?.sources = checker.sources
    }
    var open: [String: (uri: String, checked: CheckedText)] = [:]
    for (otherURI, other) in documents where other.kind == .table {
      if let real = other.realPath { open[real] = (otherURI, other.checkedText) }
    }
    let (byPath, problems) = checker.tableFindings(realPath: realPath, open: open.mapValues(\.checked.bytes))
    // Said once: a sibling that cannot be read is not news at every keystroke.
    for problem in problems where loggedProblems.insert(problem).inserted {
      log("apns-lint lsp: \(VisibleText.escape(problem.path)): \(problem.message)")
    }
    if byPath[realPath] == nil, let own = open[realPath] {
      // Not on disk yet (a new table): nothing to compare it with, nothing published.
      publish(uri, [], checked: own.checked)
    }
    for (real, findings) in byPath.sorted(by: { $0.key < $1.key }) {
      guard let (otherURI, checked) = open[real], let other = documents[otherURI] else { continue }
      documents[otherURI]?.stale = false
      publish(otherURI, DocumentChecker.diagnostics(findings, checked: checked, buffer: other.text, table: true), checked: checked)
    }
  }

  /// Publishes a document's diagnostics, and keeps them for hover and code actions.
  func publish(_ uri: String, _ diagnostics: [PublishedDiagnostic], checked: CheckedText) {
    guard let document = documents[uri] else { return }
    documents[uri]?.published = diagnostics
    documents[uri]?.checked = checked
    documents[uri]?.allFixes = nil
    notify("textDocument/publishDiagnostics", ["uri": .string(uri), "version": .int(document.version),
                                                "diagnostics": .array(diagnostics.map(\.json))])
  }
}
