import APNsLint
import Foundation
import Testing

@testable import MCPServer

/// MCP's stdio transport and JSON-RPC as `apns-lint mcp` speaks them (SPEC §17): the handshake,
/// the methods, and every hostile message answered with the protocol's error, the next request
/// still answered.
@Suite struct MCPProtocolTests {
  static let initialize: JSONValue = [
    "protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"],
  ]

  @Test(arguments: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"])
  func initializeAnswersTheClientsVersion(_ version: String) throws {
    let session = try MCPSession()
    var params = Self.initialize
    if var members = params.object { members["protocolVersion"] = .string(version); params = .object(members) }
    let answers = session.exchange([MCPSession.request(1, "initialize", params), .line(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)])
    #expect(answers.count == 1)
    let result = answers.first?["result"]
    #expect(answers.first?["id"] == 1)
    #expect(result?["protocolVersion"] == .string(version))
    #expect(result?["serverInfo"]?["name"] == "apns-lint")
    #expect(result?["serverInfo"]?["version"] == .string(APNsLintVersion.current))
    #expect(result?["capabilities"] == ["tools": ["listChanged": false]])
  }

  @Test func initializeAnswersTheNewestHandshakeVersionToAnUnknownOne() throws {
    let answers = try MCPSession().exchange([MCPSession.request(1, "initialize", ["protocolVersion": "2099-01-01", "capabilities": [:]])])
    #expect(answers.first?["result"]?["protocolVersion"] == "2025-11-25")
    #expect(MCPServer.protocolVersions.contains(MCPServer.handshakeVersion))
  }

  @Test func toolsListNamesTheFourToolsWithTheirSchemas() throws {
    let answers = try MCPSession().exchange([MCPSession.request(1, "initialize", Self.initialize), MCPSession.request(2, "tools/list")])
    let tools = answers.last?["result"]?["tools"]?.array ?? []
    #expect(tools.map { $0["name"]?.string ?? "" } == ["check_payload", "lint_strings", "render_alert", "explain_rule"])
    for tool in tools {
      #expect(tool["inputSchema"]?["type"] == "object")
      #expect(tool["inputSchema"]?["additionalProperties"] == false)
      #expect(tool["annotations"]?["readOnlyHint"] == true)
    }
    #expect(tools[1]["inputSchema"]?["required"] == ["path"])
    #expect(tools[3]["inputSchema"]?["required"] == ["rule"])
    #expect(tools[0]["inputSchema"]?["properties"]?["platform"]?["enum"]?[0] == "ios")
  }

  @Test func pingIsAnsweredAndNotificationsAreNot() throws {
    let answers = try MCPSession().exchange([
      .line(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
      .line(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#),
      .line(#"{"jsonrpc":"2.0","method":"no/such/notification"}"#),
      .line(#"{"jsonrpc":"2.0","id":"a-string-id","method":"ping"}"#),
    ])
    #expect(answers == [["jsonrpc": "2.0", "id": "a-string-id", "result": [:]]])
  }

  /// A hostile message, then `ping` with id 2: the error the message gets, and the ping answered.
  func answersAfter(_ hostile: MCPSession.Part...) throws -> (error: JSONValue?, next: JSONValue?) {
    let answers = try MCPSession().exchange(hostile + [MCPSession.request(2, "ping")])
    #expect(answers.count == 2, "\(answers)")
    #expect(answers.last == ["jsonrpc": "2.0", "id": 2, "result": [:]])
    return (answers.first, answers.last)
  }

  @Test func truncatedJSONIsAParseError() throws {
    let (error, _) = try answersAfter(.line(#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list""#))
    #expect(error?["id"] == .null)
    #expect(error?["error"]?["code"] == -32700)
  }

  @Test func invalidJSONIsAParseError() throws {
    let (error, _) = try answersAfter(.line(#"{"jsonrpc": "2.0",, "id": 1, 'method': ping}"#))
    #expect(error?["id"] == .null)
    #expect(error?["error"]?["code"] == -32700)
  }

  @Test func binaryBytesAreAParseError() throws {
    let (error, _) = try answersAfter(.bytes([0xFF, 0xFE, 0x00, 0x80, 0xC3, 0x28, 0x0A]))
    #expect(error?["error"]?["code"] == -32700)
    #expect(error?["error"]?["message"] == "Parse error: the message is not UTF-8 text")
    // Invalid UTF-8 inside a string of otherwise valid JSON is refused too.
    let (inString, _) = try answersAfter(.bytes(Array(#"{"jsonrpc":"2.0","id":1,"method":"p"#.utf8) + [0xFF] + Array("\"}\n".utf8)))
    #expect(inString?["error"]?["code"] == -32700)
    #expect(inString?["id"] == .null)
  }

  @Test func anUnknownMethodIsMethodNotFound() throws {
    let (error, _) = try answersAfter(MCPSession.request(7, "resources/list"))
    #expect(error?["id"] == 7)
    #expect(error?["error"]?["code"] == -32601)
    #expect(error?["error"]?["message"] == "Method not found: 'resources/list'")
  }

  @Test func aFiftyMegabyteLineIsRefusedWithoutBeingKept() throws {
    let (error, _) = try answersAfter(.repeated(UInt8(ascii: "x"), count: 50_000_000), .bytes([0x0A]))
    #expect(error?["id"] == .null)
    #expect(error?["error"]?["code"] == -32600)
    #expect(error?["error"]?["message"]?.string?.contains("larger than 16777216 bytes") == true)
    // A line of 50 MB that is a request, newline at the end: refused the same way.
    let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""#.utf8)
    let answers = try MCPSession().exchange([.bytes(request), .repeated(UInt8(ascii: "a"), count: 50_000_000), .line(#""}}"#),
                                             MCPSession.request(2, "ping")])
    #expect(answers.map { $0["error"]?["code"] ?? $0["id"] } == [-32600, 2])
  }

  @Test func invalidParamsAreAnswered32602() throws {
    let answers = try MCPSession().exchange([
      MCPSession.request(1, "initialize", ["capabilities": [:]]),
      MCPSession.request(2, "tools/call", ["arguments": [:]]),
      MCPSession.request(3, "tools/call", ["name": "no_such_tool", "arguments": [:]]),
      MCPSession.request(4, "tools/call", ["name": "explain_rule", "arguments": "value-type"]),
      MCPSession.request(5, "tools/list", "not an object"),
      MCPSession.request(6, "ping"),
    ])
    #expect(answers.map { $0["error"]?["code"] ?? .null } == [-32602, -32602, -32602, -32602, -32602, .null])
    #expect(answers.map { $0["id"] ?? .null } == [1, 2, 3, 4, 5, 6])
    #expect(answers[2]["error"]?["data"]?["tools"]?.array?.count == 4)
  }

  @Test func messagesThatAreNotRequestsAreInvalidRequests() throws {
    let answers = try MCPSession().exchange([
      .line(#"[1, 2]"#),
      .line(#""ping""#),
      .line(#"{"id": 3, "method": "ping"}"#),
      .line(#"{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}"#),
      .line(#"{"jsonrpc": "2.0", "id": 5, "method": 12}"#),
      .line(#"{"jsonrpc": "2.0", "id": 6}"#),
      .line(#"[]"#),
      .line(#"{"jsonrpc": "2.0", "id": 99, "result": {}}"#),   // a response: nothing to answer
      MCPSession.request(8, "ping"),
    ])
    #expect(answers.count == 8)
    #expect(answers.first?.array?.map { $0["error"]?["code"] ?? .null } == [-32600, -32600])
    #expect(answers.dropFirst().map { $0["error"]?["code"] ?? .null } == [-32600, -32600, -32600, -32600, -32600, -32600, .null])
    #expect(answers.dropFirst().map { $0["id"] ?? .null } == [.null, 3, .null, 5, 6, .null, 8])
  }

  @Test func aBatchIsAnsweredAsABatch() throws {
    let answers = try MCPSession().exchange([
      .line(#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"nope"}]"#),
    ])
    #expect(answers.count == 1)
    #expect(answers[0].array?.map { $0["id"] ?? .null } == [1, 2])
    #expect(answers[0][1]?["error"]?["code"] == -32601)
  }

  /// The server reads a real pipe (its `run(fd:)`, what `apns-lint mcp` runs on standard input)
  /// while another thread writes it, answers each request, and returns at the end of the input.
  @Test func theServerReadsAPipeAndStopsAtItsEnd() throws {
    let session = try MCPSession()
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let lines = (1...200).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }.joined(separator: "\n") + "\n"
    let writer = Thread { [fds] in
      let bytes = Array(lines.utf8)
      var at = 0
      while at < bytes.count {
        let n = bytes[at...].withUnsafeBytes { write(fds[1], $0.baseAddress, min($0.count, 4096)) }
        if n <= 0 { break }
        at += n
      }
      close(fds[1])
    }
    writer.start()
    let answers = AnswerLines()
    var server = MCPServer(workspace: session.root, output: Output { raw in
      answers.bytes.append(contentsOf: raw)
      return raw.count
    })
    server.run(fd: fds[0])
    close(fds[0])
    #expect(answers.lines.count == 200)
    #expect(answers.lines.last == #"{"id":200,"jsonrpc":"2.0","result":{}}"#)
  }

  @Test func theReaderKeepsLinesUpToItsLimitAndSkipsLongerOnes() {
    let input = ScriptedInput([.bytes(Array("ab\r\n\n0123456789abc\nxyz\n12345678".utf8))])
    var reader = MessageReader(limit: 8, read: { input.read(into: $0) })
    var got: [MessageReader.Next] = []
    while true {
      let next = reader.next()
      got.append(next)
      if next == .end { break }
    }
    #expect(got == [.message(Array("ab".utf8)), .message([]), .tooLarge, .message(Array("xyz".utf8)), .message(Array("12345678".utf8)), .end])
  }
}
