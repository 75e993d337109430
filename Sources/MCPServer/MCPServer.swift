#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import APNsLint
import Foundation
import PayloadSchema

/// MCPServer: `apns-lint mcp`, the checks served to AI agents over the Model Context Protocol
/// (SPEC §17, docs/agents.md).
///
/// The transport is MCP's stdio: one JSON-RPC 2.0 message a line on the input, one answer a line
/// on the output (an `Output` handed in; logs go to `log`, never to the output). The server
/// answers `initialize` (the client's protocol version when it is one of ``protocolVersions``),
/// `ping`, `tools/list` and `tools/call`, takes `notifications/initialized` and every other
/// notification without a word, and answers any other method with -32601. Its four tools run the
/// commands' own library code and answer with the JSON the command prints with `--format json`:
///
/// - `check_payload` — `apns-lint check` on a payload or request (text, or a file or folder of the
///   workspace): findings with rule, line, column and key path, and APNs' predicted answer;
/// - `lint_strings` — `apns-lint strings lint` on a folder or table of the workspace;
/// - `render_alert` — `apns-lint render`: the alert a device with given languages shows;
/// - `explain_rule` — a rule as `apns-lint rules` defines it.
///
/// Every path a tool is given is confined to the workspace (a `WorkspaceRoot`: no `..` and no
/// symbolic link out of it), and the workspace's `.apns-lint.yml`, when there is one, is the
/// configuration. Hostile input is answered, never fatal: a line that is not JSON or not UTF-8
/// gets -32700, one longer than ``maxMessageBytes`` -32600 (skipped without being kept), and the
/// next message is read as usual; the run ends at the end of the input. Nothing here opens a
/// network connection.
///
/// ```swift
/// let root = try WorkspaceRoot("/work/app")
/// var server = MCPServer(workspace: root, output: output, log: { note in … })
/// server.run(fd: 0)     // until the client closes the input
/// ```
public struct MCPServer {
  /// The protocol versions `initialize` accepts, oldest first. The last, the newest MCP SDKs'
  /// stateless revision, is answered when a client asks for it by `initialize`; its
  /// `server/discover` probe is answered -32601, after which the SDKs fall back to the handshake.
  public static let protocolVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"]
  /// The version answered to a client that asks for one not in ``protocolVersions``: the newest
  /// reached by the `initialize` handshake.
  public static let handshakeVersion = "2025-11-25"
  /// The longest message read, in bytes (16 MiB): a payload is at most 5 KB, a request file or
  /// a table's path far less.
  public static let maxMessageBytes = 16 << 20

  private let tools: Tools
  private let output: Output
  private let log: (String) -> Void
  /// The version `initialize` agreed on; nil before it.
  public private(set) var protocolVersion: String?

  /// A server for the workspace at `workspace`, answering on `output`.
  /// - Parameters:
  ///   - workers: threads for `lint_strings`' tables (the command line passes one per core).
  ///   - clock: seconds since 1970, for provider tokens and `apns-expiration` (default: now).
  ///   - log: where notes for a person go (the command line: standard error).
  public init(workspace: WorkspaceRoot, output: Output, workers: Int = 1,
              clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) },
              log: @escaping (String) -> Void = { _ in }) {
    tools = Tools(root: workspace, workers: max(1, workers), clock: clock)
    self.output = output
    self.log = log
  }

  /// Serves the messages read from the file descriptor `fd` until its end (or until the output
  /// cannot be written).
  public mutating func run(fd: Int32) {
    run { buffer in read(fd, buffer.baseAddress, buffer.count) }
  }

  /// Serves the messages `read` gives, until it gives no more (0, or -1 for an error other than
  /// `EINTR`) or the output cannot be written. `read` fills the buffer it is handed and returns
  /// the number of bytes it put there, as `read(2)` does.
  public mutating func run(read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
    var reader = MessageReader(limit: Self.maxMessageBytes, read: read)
    while output.writeError == nil {
      switch reader.next() {
      case .end: return
      case .tooLarge:
        log("a message longer than \(Self.maxMessageBytes) bytes: answered -32600 and skipped")
        send(JSONRPCError(code: JSONRPCError.invalidRequest,
                          message: "Invalid Request: the message is larger than \(Self.maxMessageBytes) bytes (16 MiB): not read")
          .answer(to: .null))
      case .message(let line): receive(line)
      }
    }
  }

  /// Answers one line: a message, a batch of them, or what is neither.
  mutating func receive(_ line: [UInt8]) {
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
    guard Array(String(decoding: line, as: UTF8.self).utf8) == line else {
      return send(JSONRPCError(code: JSONRPCError.parseError, message: "Parse error: the message is not UTF-8 text").answer(to: .null))
    }
    guard let message = JSONValue.parse(line) else {
      return send(JSONRPCError(code: JSONRPCError.parseError, message: "Parse error: the message is not JSON (RFC 8259)").answer(to: .null))
    }
    guard case .array(let batch) = message else {
      if let answer = answer(message) { send(answer) }
      return
    }
    guard !batch.isEmpty else {
      return send(JSONRPCError(code: JSONRPCError.invalidRequest, message: "Invalid Request: an empty batch").answer(to: .null))
    }
    let answers = batch.compactMap { answer($0) }
    if !answers.isEmpty { send(.array(answers)) }
  }

  /// The answer to one message; nil for a notification, or for a response the client sends.
  mutating func answer(_ message: JSONValue) -> JSONValue? {
    guard let members = message.object else {
      return JSONRPCError(code: JSONRPCError.invalidRequest, message: "Invalid Request: a message is a JSON object").answer(to: .null)
    }
    let id = members["id"]
    let idIsValid = id.map { if case .string = $0 { return true }; if case .int = $0 { return true }; return false } ?? true
    guard idIsValid else {
      return JSONRPCError(code: JSONRPCError.invalidRequest, message: "Invalid Request: 'id' must be a string or an integer").answer(to: .null)
    }
    guard members["jsonrpc"] == "2.0" else {
      return JSONRPCError(code: JSONRPCError.invalidRequest, message: "Invalid Request: 'jsonrpc' must be \"2.0\"").answer(to: id ?? .null)
    }
    guard let methodValue = members["method"] else {
      // A response to a request of the server's: it sends none, so there is nothing to match.
      if id != nil && (members["result"] != nil || members["error"] != nil) { return nil }
      return JSONRPCError(code: JSONRPCError.invalidRequest, message: "Invalid Request: no 'method'").answer(to: id ?? .null)
    }
    guard let method = methodValue.string else {
      return JSONRPCError(code: JSONRPCError.invalidRequest, message: "Invalid Request: 'method' must be a string").answer(to: id ?? .null)
    }
    guard let id else { return nil }   // a notification: taken, never answered
    do {
      return ["jsonrpc": "2.0", "id": id, "result": try call(method, params: members["params"])]
    } catch {
      return error.answer(to: id)
    }
  }

  /// The result of a request's method.
  private mutating func call(_ method: String, params: JSONValue?) throws(JSONRPCError) -> JSONValue {
    let params = try Self.object(params)
    switch method {
    case "initialize":
      guard let asked = params["protocolVersion"]?.string else {
        throw JSONRPCError(code: JSONRPCError.invalidParams, message: "Invalid params: 'protocolVersion' (a string) is required")
      }
      let agreed = Self.protocolVersions.contains(asked) ? asked : Self.handshakeVersion
      protocolVersion = agreed
      return [
        "protocolVersion": .string(agreed),
        "capabilities": ["tools": ["listChanged": false]],
        "serverInfo": ["name": "apns-lint", "title": "apns-lint", "version": .string(APNsLintVersion.current)],
        "instructions": .string(Self.instructions),
      ]
    case "ping":
      return [:]
    case "tools/list":
      return ["tools": .array(Tools.definitions.map(\.json))]
    case "tools/call":
      guard let name = params["name"]?.string else {
        throw JSONRPCError(code: JSONRPCError.invalidParams, message: "Invalid params: 'name' (a string) is required")
      }
      let arguments = try Self.object(params["arguments"], name: "arguments")
      guard let result = tools.call(name, arguments) else {
        throw JSONRPCError(code: JSONRPCError.invalidParams, message: "Invalid params: unknown tool '\(VisibleText.escape(String(name.prefix(200))))'",
                           data: ["tools": .array(Tools.names.map { .string($0) })])
      }
      return result.json
    default:
      throw JSONRPCError(code: JSONRPCError.methodNotFound, message: "Method not found: '\(VisibleText.escape(String(method.prefix(200))))'")
    }
  }

  /// The members of `params` (or of an argument), empty when absent or null.
  private static func object(_ value: JSONValue?, name: String = "params") throws(JSONRPCError) -> [String: JSONValue] {
    if value == nil || value == .null { return [:] }
    guard let members = value?.object else {
      throw JSONRPCError(code: JSONRPCError.invalidParams, message: "Invalid params: '\(name)' must be an object")
    }
    return members
  }

  /// Writes one message on its own line and hands it on at once.
  private func send(_ message: JSONValue) {
    output.write(message.compact + "\n")
    output.flush()
  }

  /// What `initialize` tells the client the server is for.
  static let instructions = """
    apns-lint checks Apple push notifications before they are sent. check_payload: a payload or a whole \
    HTTP/2 request, with each finding's rule, line, column and key path and the status and reason APNs \
    would answer. lint_strings: the app's localization tables. render_alert: what a device with given \
    languages shows. explain_rule: a finding's rule, why it matters, and examples. Paths are inside the workspace.
    """
}
