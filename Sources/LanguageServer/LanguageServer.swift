import APNsLint
import Foundation
import PayloadSchema
import StringsFile

/// LanguageServer: `apns-lint lsp`, the checks of `apns-lint check` and `apns-lint strings lint`
/// while a file is being edited, in any editor that speaks the Language Server Protocol (SPEC §19,
/// docs/editors.md): LSP 3.17, JSON-RPC 2.0 with `Content-Length` framing, over the byte streams
/// the command line hands in (standard input and output).
///
/// ```swift
/// let server = LanguageServer(send: { bytes in writeAll(1, bytes) }, log: { line in writeAll(2, line + "\n") },
///                             now: { Int64(Date().timeIntervalSince1970) })
/// exit(server.serve { buffer in read(0, buffer.baseAddress, buffer.count) })
/// ```
///
/// - Diagnostics, published when a document is opened or changed: a payload (`.apns`, `.http`, a
///   `.json` holding `"aps"` or `"web_push"`) is checked as `apns-lint check` checks the file; a
///   table (`.strings`, `.stringsdict`, `.xcstrings`) as `apns-lint strings lint` lints it with
///   the `.lproj` siblings it is compared with. The open buffer is checked, encoded as the file
///   is on disk (a UTF-16 table stays UTF-16); siblings come from the disk, each read again only
///   when its size or modification time changed. Ranges are in UTF-16 code units
///   (`positionEncoding` "utf-16").
/// - Hover: an `aps`, `aps.alert` or `aps.sound` key's meaning, its type and values from the
///   payload's JSON Schema (`PayloadJSONSchema`); over a diagnostic or a rule id, the rule's
///   summary, consequence, severity and fix.
/// - Completion: the keys of `aps`, `aps.alert` and `aps.sound`, and the values of
///   `interruption-level`, `event` and the flags.
/// - Code actions: each finding's fix (`FixPlanner`) as a quick fix, and all of a document's at
///   once (`source.fixAll.apns-lint`).
///
/// The workspace is the folder `initialize` names (`rootUri`, else the first workspace folder):
/// nothing outside it is read (`WorkspaceRoot`), a document outside it is not checked, and its
/// `.apns-lint.yml` configures the rules. Nothing is sent over the network. A message that is
/// not one (no `Content-Length`, not JSON, an unknown method, a document never opened, noise)
/// gets JSON-RPC's error answer when it has an id, or is logged, and the server goes on; a
/// message over ``defaultMaxMessageBytes`` is skipped without being held. The server never prints: it
/// writes through `send` and `log`, which the command line hands in.
public final class LanguageServer {
  /// The largest message read (64 MiB); a longer one is skipped as it arrives.
  public static let defaultMaxMessageBytes = 64 << 20

  let send: ([UInt8]) -> Bool
  let log: (String) -> Void
  let now: () -> Int64
  let jobs: Int
  let read: FileReader
  let maxMessageBytes: Int

  /// Open documents by URI.
  var documents: [String: TextDocument] = [:]
  /// What documents are checked with; nil until `initialize` names a workspace.
  var checker: DocumentChecker? = nil
  var state = Lifecycle.starting
  /// The client registers file watchers when asked (`workspace/didChangeWatchedFiles`).
  var clientWatchesFiles = false
  /// The answer to give `exit`, once it came; the output failed when `send` returned false.
  var exitCode: Int32? = nil
  /// The unreadable files already logged.
  var loggedProblems: Set<FileWalk.Problem> = []
  /// A source file changed since the workspace's code was read (`DocumentChecker.sources`): it is
  /// read again before the next table is checked, once for a burst of changes.
  var sourcesStale = false
  /// The workspace's code being read since `initialize` (``PendingSources``), until a table check
  /// takes it into `checker`.
  var pendingSources: PendingSources? = nil
  /// Reads the code below a folder on `jobs` threads (a test holds it back to see what waits).
  var readSources: @Sendable (_ folder: String, _ jobs: Int) -> (keys: SourceKeys?, note: String?) = { folder, jobs in
    StringsLint.sourceKeys(directory: folder, sources: [], noSources: false, jobs: jobs)
  }

  enum Lifecycle { case starting, running, shuttingDown }

  /// A server that writes each framed message with `send` (false when the output is gone: the
  /// server stops), logs a line for a person with `log`, reads the clock with `now` (seconds since
  /// 1970, for provider tokens' age), and lints tables on `jobs` threads.
  public convenience init(send: @escaping ([UInt8]) -> Bool, log: @escaping (String) -> Void,
                          now: @escaping () -> Int64, jobs: Int = 1) {
    self.init(send: send, log: log, now: now, jobs: jobs, maxMessageBytes: Self.defaultMaxMessageBytes) { path, limit in
      FileWalk.read(Array(path.utf8), shownAs: path, limit: limit)
    }
  }

  /// A server whose file reads go through `read` (a test records them) and whose messages are at
  /// most `maxMessageBytes`.
  init(send: @escaping ([UInt8]) -> Bool, log: @escaping (String) -> Void, now: @escaping () -> Int64, jobs: Int,
       maxMessageBytes: Int, read: @escaping FileReader) {
    self.send = send
    self.log = log
    self.now = now
    self.jobs = max(1, jobs)
    self.maxMessageBytes = maxMessageBytes
    self.read = read
  }

  /// Reads messages with `read` (as `read(2)`: bytes into the buffer, 0 at the end, -1 on an
  /// error) and answers them until `exit` or the end of the input. Returns the exit status: 0 when
  /// `shutdown` came before, else 1 (LSP 3.17). Documents changed are checked once no other
  /// message is waiting, so a burst of changes is checked once.
  public func serve(read: @escaping (UnsafeMutableRawBufferPointer) -> Int) -> Int32 {
    var framing = MessageFraming(limit: maxMessageBytes, read: read)
    while exitCode == nil {
      if !framing.hasWholeMessage { checkStaleDocuments() }
      guard exitCode == nil else { break }
      switch framing.next() {
      case .message(let body): handle(body, framing: &framing)
      case .problem(let text): log("apns-lint lsp: \(text)")
      case .end:
        if state != .shuttingDown { checkStaleDocuments() }
        return state == .shuttingDown ? 0 : 1
      }
    }
    return exitCode ?? 1
  }

  // MARK: - Messages

  /// One message's body: a request answered, a notification handled, a response ignored.
  func handle(_ body: [UInt8], framing: inout MessageFraming) {
    guard let message = JSONValue.parse(body) else {
      // A body that holds the next message's header claimed too many bytes: read again from there.
      if let at = MessageFraming.nextHeader(in: body) {
        framing.pushBack(body[at...])
        log("apns-lint lsp: a message that is not JSON held a message header after \(at) bytes: read again from there")
        return
      }
      respond(id: .null, error: ResponseError(.parseError, "the message is not JSON (\(body.count) bytes)"))
      return
    }
    let id = message["id"]
    let validID: Bool = switch id {
    case .int?, .string?: true
    default: false
    }
    guard case .object = message, message["jsonrpc"]?.string == "2.0" else {
      respond(id: validID ? id! : .null, error: ResponseError(.invalidRequest, "not a JSON-RPC 2.0 message: an object with \"jsonrpc\": \"2.0\""))
      return
    }
    guard let method = message["method"] else {
      // A response to a request of ours (the watcher registration): nothing waits for it.
      if id != nil && (message["result"] != nil || message["error"] != nil) { return }
      respond(id: validID ? id! : .null, error: ResponseError(.invalidRequest, "a message without \"method\" that is no response"))
      return
    }
    guard let name = method.string else {
      respond(id: validID ? id! : .null, error: ResponseError(.invalidRequest, "\"method\" is not a string"))
      return
    }
    let params = message["params"] ?? .null
    if let id {
      guard validID else {
        respond(id: .null, error: ResponseError(.invalidRequest, "\"id\" is neither a number nor a string"))
        return
      }
      switch request(name, params) {
      case .success(let result): respond(id: id, result: result)
      case .failure(let error): respond(id: id, error: error)
      }
    } else {
      notification(name, params)
    }
  }

  /// Answers a request.
  func request(_ method: String, _ params: JSONValue) -> Result<JSONValue, ResponseError> {
    if method == "initialize" { return initialize(params) }
    switch state {
    case .starting: return .failure(ResponseError(.serverNotInitialized, "the server is not initialized: send 'initialize' first"))
    case .shuttingDown: return .failure(ResponseError(.invalidRequest, "the server is shutting down: only 'exit' is read now"))
    case .running: break
    }
    switch method {
    case "shutdown":
      state = .shuttingDown
      return .success(.null)
    case "textDocument/hover": return withDocument(params) { hover($0, params) }
    case "textDocument/completion": return withDocument(params) { completion($0, params) }
    case "textDocument/codeAction": return withDocument(params) { codeActions($0, params) }
    default:
      return .failure(ResponseError(.methodNotFound, "no method '\(VisibleText.escape(String(method.prefix(100))))'"))
    }
  }

  /// Handles a notification; one that cannot be handled is logged.
  func notification(_ method: String, _ params: JSONValue) {
    if method == "exit" {
      exitCode = state == .shuttingDown ? 0 : 1
      return
    }
    guard state == .running else {
      if state == .starting { log("apns-lint lsp: '\(VisibleText.escape(String(method.prefix(100))))' before 'initialize': ignored") }
      return
    }
    switch method {
    case "initialized": registerWatchers()
    case "textDocument/didOpen": didOpen(params)
    case "textDocument/didChange": didChange(params)
    case "textDocument/didClose": didClose(params)
    case "textDocument/didSave": didSave(params)
    case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
    case "workspace/didChangeConfiguration", "$/cancelRequest", "$/setTrace", "$/progress": break
    default:
      if !method.hasPrefix("$/") { log("apns-lint lsp: no notification '\(VisibleText.escape(String(method.prefix(100))))': ignored") }
    }
  }

  /// Runs `body` on the open document `params.textDocument.uri`; invalid params when there is
  /// none or it was never opened.
  func withDocument(_ params: JSONValue, _ body: (String) -> Result<JSONValue, ResponseError>) -> Result<JSONValue, ResponseError> {
    guard let uri = params["textDocument"]?["uri"]?.string else {
      return .failure(ResponseError(.invalidParams, "params.textDocument.uri is missing"))
    }
    guard documents[uri] != nil else {
      return .failure(ResponseError(.invalidParams, "'\(VisibleText.escape(String(uri.prefix(300))))' is not open (textDocument/didOpen first)"))
    }
    return body(uri)
  }

  // MARK: - Writing

  /// Writes a message with its `Content-Length` header.
  func write(_ message: JSONValue) {
    guard exitCode == nil else { return }
    let body = message.compactBytes
    if !send(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body) {
      log("apns-lint lsp: the output is closed: stopping")
      exitCode = 1
    }
  }

  func respond(id: JSONValue, result: JSONValue) { write(["jsonrpc": "2.0", "id": id, "result": result]) }

  func respond(id: JSONValue, error: ResponseError) {
    write(["jsonrpc": "2.0", "id": id, "error": ["code": .int(error.code.rawValue), "message": .string(error.message)]])
  }

  func notify(_ method: String, _ params: JSONValue) { write(["jsonrpc": "2.0", "method": .string(method), "params": params]) }
}

/// A JSON-RPC error answer.
struct ResponseError: Error, Equatable {
  /// JSON-RPC's and LSP's error codes.
  enum Code: Int {
    case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
    case internalError = -32603, serverNotInitialized = -32002
  }

  let code: Code
  let message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }
}
