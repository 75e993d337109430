import APNsLint
import Foundation
import TestSupport

@testable import MCPServer

/// A server driven in process, as a client drives `apns-lint mcp`: messages go in as bytes (a
/// byte source the server reads as it reads standard input), answers come out through an
/// `Output`, one a line. The workspace is a temporary folder.
final class MCPSession {
  let folder: TemporaryFolder
  let root: WorkspaceRoot

  init() throws {
    folder = try TemporaryFolder()
    root = try WorkspaceRoot(folder.path)
  }

  /// A piece of the input.
  enum Part {
    /// A line of text; the newline is added.
    case line(String)
    /// Bytes as they are.
    case bytes([UInt8])
    /// A byte repeated: made as it is read, never held whole.
    case repeated(UInt8, count: Int)
  }

  /// A request line.
  static func request(_ id: Int, _ method: String, _ params: JSONValue? = nil) -> Part {
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
    if let params { message["params"] = params }
    return .line(JSONValue.object(message).compact)
  }

  /// A `tools/call` request line.
  static func call(_ id: Int, _ tool: String, _ arguments: JSONValue) -> Part {
    request(id, "tools/call", ["name": .string(tool), "arguments": arguments])
  }

  /// Runs a server over `parts` to the end of the input; its answers, each parsed.
  func exchange(_ parts: [Part]) -> [JSONValue] {
    let input = ScriptedInput(parts)
    let answers = AnswerLines()
    let output = Output { raw in
      answers.bytes.append(contentsOf: raw)
      return raw.count
    }
    var server = MCPServer(workspace: root, output: output, clock: { 1_700_000_600 })
    server.run { input.read(into: $0) }
    return answers.lines.map { JSONValue.parse(Array($0.utf8)) ?? .string("not JSON: " + $0) }
  }

  /// The result of one tool call (the answer's `result`), null when the answer is an error.
  func call(_ tool: String, _ arguments: JSONValue) -> JSONValue {
    exchange([Self.call(1, tool, arguments)]).first?["result"] ?? .null
  }
}

/// What the server wrote, as lines.
final class AnswerLines: @unchecked Sendable {
  var bytes: [UInt8] = []
  var lines: [String] { String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init) }
}

/// The input as a `read(2)`: each part's bytes in turn, a repeated byte made as it is read.
final class ScriptedInput: @unchecked Sendable {
  private var parts: [MCPSession.Part]
  private var index = 0
  private var offset = 0

  init(_ parts: [MCPSession.Part]) { self.parts = parts }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    while index < parts.count {
      let bytes: [UInt8]?, count: Int
      switch parts[index] {
      case .line(let text): bytes = Array((text + "\n").utf8); count = bytes!.count
      case .bytes(let given): bytes = given; count = given.count
      case .repeated(_, let n): bytes = nil; count = n
      }
      guard offset < count else {
        index += 1
        offset = 0
        continue
      }
      let n = min(buffer.count, count - offset)
      if let bytes {
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + n])) }
      } else if case .repeated(let byte, _) = parts[index] {
        memset(buffer.baseAddress!, Int32(byte), n)
      }
      offset += n
      return n
    }
    return 0
  }
}
