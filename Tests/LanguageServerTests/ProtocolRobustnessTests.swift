import APNsLint
import Foundation
import TestSupport
import Testing

@testable import LanguageServer

/// Whatever arrives, `apns-lint lsp` answers what has an id with JSON-RPC's error, logs the
/// rest, never holds more than a message's limit, and goes on (SPEC §19, issue 51 item 6): each
/// hostile message here is followed by a request that is still answered.
@Suite struct ProtocolRobustnessTests {
  /// An initialized session with one open payload, then `hostile`, then request 99 (a hover).
  static func afterHostile(_ hostile: (LSPSession) -> Void) throws -> (LSPSession.Outcome, String) {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, "{\"aps\": {\"badge\": 1}}")
    hostile(session)
    session.request(99, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 12]])
    return (session.run(), uri)
  }

  static func stillAnswers(_ outcome: LSPSession.Outcome) {
    #expect(outcome.answer(99)?["result"]?["contents"]?["value"]?.string?.hasPrefix("**aps.badge**") == true)
  }

  static func error(_ outcome: LSPSession.Outcome, id: JSONValue) -> Int? {
    outcome.messages.first { $0["id"] == id && $0["error"] != nil }?["error"]?["code"]?.int
  }

  @Test func invalidJSONIsAParseError() throws {
    let (outcome, _) = try Self.afterHostile { $0.raw(LSPSession.framed(Array(#"{"jsonrpc": "2.0", "id": 1, "method": "#.utf8))) }
    #expect(Self.error(outcome, id: .null) == -32700)
    Self.stillAnswers(outcome)
  }

  @Test func binaryBytesInABodyAreAParseError() throws {
    var random = SplitMix64(seed: 51)
    let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
    let (outcome, _) = try Self.afterHostile { $0.raw(LSPSession.framed(noise)) }
    #expect(Self.error(outcome, id: .null) == -32700)
    Self.stillAnswers(outcome)
  }

  /// Noise with no header at all: skipped (and said), the next message read.
  @Test func binaryNoiseBetweenMessagesIsSkipped() throws {
    var random = SplitMix64(seed: 6)
    let noise = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }.map { $0 == 0x0A ? 0x20 : $0 }
    let (outcome, _) = try Self.afterHostile { $0.raw(noise) }
    #expect(outcome.log.contains { $0.contains("that are no message header: skipped") })
    Self.stillAnswers(outcome)
  }

  @Test func aHeaderWithoutContentLengthIsSkipped() throws {
    let (outcome, _) = try Self.afterHostile {
      $0.raw(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"x\"}".utf8))
    }
    #expect(outcome.log.contains { $0.contains("a message header without Content-Length: skipped") })
    Self.stillAnswers(outcome)
  }

  @Test func aContentLengthThatIsNoNumberIsSkipped() throws {
    let (outcome, _) = try Self.afterHostile { $0.raw(Array("Content-Length: -12\r\n\r\n".utf8)) }
    #expect(outcome.log.contains { $0.contains("whose Content-Length is '-12'") })
    Self.stillAnswers(outcome)
  }

  /// A header block cut off before its blank line, then a whole message: read from the last
  /// `Content-Length`.
  @Test func truncatedHeadersAreReadFromTheNextHeader() throws {
    let (outcome, _) = try Self.afterHostile { $0.raw(Array("Content-Length: 40\r\nContent-Ty".utf8)) }
    Self.stillAnswers(outcome)
  }

  /// A Content-Length larger than what follows: the body that ends the input holds the next
  /// message's header, which is read again.
  @Test func aContentLengthPastTheEndOfTheInput() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, "{\"aps\": {\"badge\": 1}}")
    session.raw(Array("Content-Length: 100000\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"shutdown\"}".utf8))
    session.request(99, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 12]])
    let outcome = session.run()
    #expect(outcome.answer(5) == nil)
    Self.stillAnswers(outcome)
    #expect(outcome.log.contains { $0.contains("was cut short by the end of the input") })
  }

  /// A Content-Length that claims too much while more input follows: the body is no JSON, and
  /// holds the next message's header: read again from there.
  @Test func aContentLengthThatSwallowsTheNextMessage() throws {
    let (outcome, _) = try Self.afterHostile { session in
      session.raw(Array("Content-Length: 90\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"$/x\"}".utf8))
    }
    Self.stillAnswers(outcome)
    #expect(outcome.log.contains { $0.contains("held a message header") })
  }

  @Test func anUnknownMethodIsMethodNotFound() throws {
    let (outcome, _) = try Self.afterHostile { $0.request(3, "textDocument/semanticTokens/full", [:]) }
    #expect(Self.error(outcome, id: 3) == -32601)
    Self.stillAnswers(outcome)
  }

  @Test func anUnknownNotificationIsLogged() throws {
    let (outcome, _) = try Self.afterHostile { $0.notify("textDocument/didRename", [:]) }
    #expect(outcome.log.contains { $0.contains("no notification 'textDocument/didRename'") })
    Self.stillAnswers(outcome)
  }

  @Test func aDocumentNeverOpenedIsInvalidParams() throws {
    let (outcome, _) = try Self.afterHostile { session in
      session.request(3, "textDocument/hover", ["textDocument": ["uri": .string(session.uri("never.json"))], "position": ["line": 0, "character": 0]])
      session.request(4, "textDocument/codeAction", ["textDocument": ["uri": "file:///nowhere"], "range": [:], "context": [:]])
      session.notify("textDocument/didChange", ["textDocument": ["uri": "file:///nowhere", "version": 2], "contentChanges": []])
    }
    #expect(Self.error(outcome, id: 3) == -32602)
    #expect(Self.error(outcome, id: 4) == -32602)
    #expect(outcome.log.contains { $0.contains("which is not open: ignored") })
    Self.stillAnswers(outcome)
  }

  @Test func invalidParamsAreInvalidParams() throws {
    let (outcome, uri) = try Self.afterHostile { session in
      session.request(3, "textDocument/hover", ["textDocument": ["uri": .string(session.uri("push.json"))], "position": ["line": -1]])
      session.request(4, "textDocument/completion", [:])
      session.notify("textDocument/didOpen", ["textDocument": ["uri": 12]])
      session.notify("textDocument/didChange", ["textDocument": ["uri": .string(session.uri("push.json"))],
                                                "contentChanges": [["range": ["start": 1], "text": "x"]]])
    }
    #expect(Self.error(outcome, id: 3) == -32602)
    #expect(Self.error(outcome, id: 4) == -32602)
    #expect(outcome.log.contains { $0.contains("didOpen without") })
    #expect(outcome.log.contains { $0.contains("a change that is none") })
    // The bad change changed nothing.
    #expect(outcome.published(uri).count == 1)
    Self.stillAnswers(outcome)
  }

  @Test func messagesThatAreNoRequestsAreInvalidRequests() throws {
    let (outcome, _) = try Self.afterHostile { session in
      session.raw(LSPSession.framed(Array(#"{"jsonrpc": "1.0", "id": 3, "method": "shutdown"}"#.utf8)))
      session.raw(LSPSession.framed(Array(#"[1, 2]"#.utf8)))
      session.raw(LSPSession.framed(Array(#"{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}"#.utf8)))
      session.raw(LSPSession.framed(Array(#"{"jsonrpc": "2.0", "id": 4, "method": 17}"#.utf8)))
      session.raw(LSPSession.framed(Array(#"{"jsonrpc": "2.0", "id": 5}"#.utf8)))
    }
    #expect(Self.error(outcome, id: 3) == -32600)
    #expect(Self.error(outcome, id: 4) == -32600)
    #expect(Self.error(outcome, id: 5) == -32600)
    #expect(outcome.messages.filter { $0["id"] == .null && $0["error"]?["code"] == -32600 }.count == 2)
    Self.stillAnswers(outcome)
  }

  /// A message over the limit is said and its bytes skipped as they come, never held.
  @Test func aMessageOverTheLimitIsSkipped() throws {
    let session = try LSPSession()
    session.maxMessageBytes = 1 << 20
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, "{\"aps\": {\"badge\": 1}}")
    let huge = "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"textDocument/hover\",\"params\":\"" + String(repeating: "x", count: 2 << 20) + "\"}"
    session.raw(LSPSession.framed(Array(huge.utf8)))
    session.request(99, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 12]])
    let outcome = session.run()
    #expect(outcome.answer(5) == nil)
    #expect(outcome.log.contains { $0.contains("a message of \(huge.utf8.count) bytes, over the limit of 1048576: skipped") })
    Self.stillAnswers(outcome)
  }

  /// The default limit is 64 MiB: a header claiming more is refused at once.
  @Test func theDefaultLimitIs64MiB() throws {
    #expect(LanguageServer.defaultMaxMessageBytes == 64 << 20)
    let (outcome, _) = try Self.afterHostile { $0.raw(Array("Content-Length: 67108865\r\n\r\n".utf8) + [UInt8](repeating: 0x20, count: 67_108_865)) }
    #expect(outcome.log.contains { $0.contains("a message of 67108865 bytes, over the limit of 67108864: skipped") })
    Self.stillAnswers(outcome)
  }

  /// A 50 MB payload document is kept and checked (in chunks, as `check` reads a file that
  /// large); the server goes on.
  @Test func aFiftyMegabyteDocument() throws {
    let (outcome, _) = try Self.afterHostile { session in
      session.open(session.uri("big.json"), "{\"aps\": {\"alert\": \"" + String(repeating: "a", count: 50_000_000) + "\"}}")
    }
    let big = outcome.messages.first { $0["params"]?["uri"]?.string?.hasSuffix("big.json") == true }
    #expect(big?["params"]?["diagnostics"]?.array?.contains { $0["code"] == "payload-too-large" } == true)
    Self.stillAnswers(outcome)
  }

  /// Every method the server takes, with params made at random (seeded): each request answered
  /// (a result or an error), nothing ends the server.
  @Test func randomParamsToEveryMethod() throws {
    var random = SplitMix64(seed: 1951)
    func value(_ depth: Int) -> JSONValue {
      switch Int.random(in: 0...(depth > 2 ? 4 : 6), using: &random) {
      case 0: return .null
      case 1: return .bool(Bool.random(using: &random))
      case 2: return .int(Int.random(in: -3...40, using: &random))
      case 3: return .string(["", "file:///x", "\"", "😀", "aps", "{\"aps\":{\"badge\":\"3\"}}"].randomElement(using: &random)!)
      case 4: return .number(Double.random(in: -1...1, using: &random))
      case 5: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth + 1) })
      default:
        let keys = ["textDocument", "uri", "position", "line", "character", "range", "start", "end", "text", "contentChanges",
                    "context", "only", "changes", "version"]
        return .object(Dictionary((0..<Int.random(in: 0...4, using: &random)).map { _ in
          (keys.randomElement(using: &random)!, value(depth + 1))
        }, uniquingKeysWith: { first, _ in first }))
      }
    }
    let methods = ["textDocument/hover", "textDocument/completion", "textDocument/codeAction", "textDocument/didOpen",
                   "textDocument/didChange", "textDocument/didClose", "textDocument/didSave", "workspace/didChangeWatchedFiles"]
    var requests: [Int] = []
    let (outcome, _) = try Self.afterHostile { session in
      for id in 100..<400 {
        let method = methods.randomElement(using: &random)!
        if Bool.random(using: &random) {
          session.request(id, method, value(0))
          requests.append(id)
        } else {
          session.notify(method, value(0))
        }
      }
    }
    for id in requests {
      let answer = outcome.messages.first { $0["id"] == .int(id) }
      #expect(answer?["result"] != nil || answer?["error"] != nil, "request \(id)")
    }
    Self.stillAnswers(outcome)
  }

  @Test func requestsBeforeInitializeAreRefused() throws {
    let session = try LSPSession()
    session.request(1, "textDocument/hover", [:])
    session.initialize()
    session.request(2, "initialize", ["rootUri": .null, "capabilities": [:]])
    let outcome = session.run()
    #expect(Self.error(outcome, id: 1) == -32002)
    #expect(outcome.answer(0)?["result"]?["capabilities"] != nil)
    #expect(Self.error(outcome, id: 2) == -32600)
  }

  /// `exit` without `shutdown` is status 1; after `shutdown`, requests are refused and status 0.
  @Test func shutdownThenExit() throws {
    let session = try LSPSession()
    session.initialize()
    session.request(1, "shutdown")
    session.request(2, "textDocument/hover", [:])
    session.notify("exit")
    session.request(3, "shutdown")
    let outcome = session.run()
    #expect(Self.error(outcome, id: 2) == -32600)
    #expect(outcome.answer(3) == nil)
    #expect(outcome.status == 0)

    let abrupt = try LSPSession()
    abrupt.initialize()
    abrupt.notify("exit")
    #expect(abrupt.run().status == 1)

    let ended = try LSPSession()
    ended.initialize()
    #expect(ended.run().status == 1)
  }

  /// The framing alone: headers in any case, a bare `\n\n`, noise before a header, several
  /// messages in one read.
  @Test func framingReadsWhatClientsWrite() {
    let input = Array("content-length: 2\r\n\r\n{}CONTENT-LENGTH: 5\n\n[1,2]xx Content-Length:3\r\nContent-Type: x\r\n\r\nnul".utf8)
    var offset = 0
    var framing = MessageFraming(limit: 100) { buffer in
      let n = min(buffer.count, input.count - offset)
      input.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
      offset += n
      return n
    }
    #expect(framing.next() == .message(Array("{}".utf8)))
    #expect(framing.hasWholeMessage)
    #expect(framing.next() == .message(Array("[1,2]".utf8)))
    #expect(framing.next() == .message(Array("nul".utf8)))
    #expect(!framing.hasWholeMessage)
    #expect(framing.next() == .end)
  }
}
