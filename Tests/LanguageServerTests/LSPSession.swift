import APNsLint
import StringsFile
import Foundation
import TestSupport

@testable import LanguageServer

/// A server driven in process, as an editor drives `apns-lint lsp`: messages go in as bytes (a
/// byte source the server reads as it reads standard input, one message a read, so the server
/// checks what changed between two messages as it does when the editor waits), everything the
/// server writes comes back parsed. The workspace is a temporary folder; every file the server
/// reads is recorded.
final class LSPSession {
  let folder: TemporaryFolder
  /// The workspace's real path (the temporary folder may be reached through a link).
  let root: String
  /// What goes in, one read each; an action runs when the server reads past it (a file changed
  /// on disk between two messages).
  private(set) var input: [(bytes: [UInt8], action: (() -> Void)?)] = []
  /// The largest message the server reads.
  var maxMessageBytes = LanguageServer.defaultMaxMessageBytes
  /// How the server reads the workspace's code; nil: as it does.
  var readSources: (@Sendable (String, Int) -> (keys: SourceKeys?, note: String?))? = nil

  init() throws {
    folder = try TemporaryFolder()
    root = try WorkspaceRoot(folder.path).path
  }

  /// `file://` + the path, percent-encoded as an editor writes it.
  static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

  /// The URI of a file of the workspace.
  func uri(_ relative: String) -> String { Self.uri(root + "/" + relative) }

  /// A message with its header.
  static func framed(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

  func raw(_ bytes: [UInt8]) { input.append((bytes, nil)) }

  /// Runs `action` after the messages so far are handled, before the next is read.
  func perform(_ action: @escaping () -> Void) { input.append(([], action)) }

  func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) {
    raw(Self.framed(JSONValue.object(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]).compactBytes))
  }

  func notify(_ method: String, _ params: JSONValue = [:]) {
    raw(Self.framed(JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).compactBytes))
  }

  /// `initialize` (id 0) for the workspace, then `initialized`.
  func initialize(capabilities: JSONValue = [:]) {
    request(0, "initialize", ["processId": .null, "rootUri": .string(Self.uri(root)), "capabilities": capabilities])
    notify("initialized")
  }

  func open(_ uri: String, _ text: String, version: Int = 1) {
    notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "json", "version": .int(version), "text": .string(text)]])
  }

  /// What one run gave: the messages written, the exit status, the log, the files read.
  struct Outcome {
    var messages: [JSONValue]
    var status: Int32
    var log: [String]
    var reads: [String]

    /// The answer to request `id`.
    func answer(_ id: Int) -> JSONValue? { messages.first { $0["id"] == .int(id) && $0["method"] == nil } }

    /// Every `publishDiagnostics` for `uri`, in order.
    func published(_ uri: String) -> [JSONValue] {
      messages.filter { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }.map { $0["params"]! }
    }

    /// The diagnostics last published for `uri`.
    func diagnostics(_ uri: String) -> [JSONValue] { published(uri).last?["diagnostics"]?.array ?? [] }
  }

  /// Runs a server over the input, to its end.
  func run(jobs: Int = 1) -> Outcome {
    final class Box: @unchecked Sendable {
      let lock = NSLock()
      var reads: [String] = []
    }
    let box = Box()
    var output: [UInt8] = []
    var log: [String] = []
    let server = LanguageServer(send: { output += $0; return true }, log: { log.append($0) }, now: { 1_700_000_000 }, jobs: jobs,
                                maxMessageBytes: maxMessageBytes) { path, limit in
      box.lock.lock()
      box.reads.append(path)
      box.lock.unlock()
      return FileWalk.read(Array(path.utf8), shownAs: path, limit: limit)
    }
    if let readSources { server.readSources = readSources }
    var chunks = input[...]
    var at = 0
    let status = server.serve { buffer in
      while let first = chunks.first, let action = first.action {
        action()
        chunks = chunks.dropFirst()
      }
      guard let chunk = chunks.first?.bytes else { return 0 }
      let n = min(buffer.count, chunk.count - at)
      chunk.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + at, byteCount: n) }
      at += n
      if at == chunk.count {
        chunks = chunks.dropFirst()
        at = 0
      }
      return n
    }
    return Outcome(messages: Self.messages(in: output), status: status, log: log, reads: box.reads)
  }

  /// The messages of framed output.
  static func messages(in output: [UInt8]) -> [JSONValue] {
    var messages: [JSONValue] = []
    var i = 0
    let separator = Array("\r\n\r\n".utf8)
    while i < output.count {
      guard let end = (i...(output.count - 4)).first(where: { Array(output[$0..<$0 + 4]) == separator }) else { break }
      let header = String(decoding: output[i..<end], as: UTF8.self)
      guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) else { break }
      let body = Array(output[(end + 4)..<(end + 4 + length)])
      messages.append(JSONValue.parse(body) ?? .null)
      i = end + 4 + length
    }
    return messages
  }
}
