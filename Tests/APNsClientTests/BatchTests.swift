import APNsAuth
@testable import APNsClient
import APNsServer
import Foundation
import NIOConcurrencyHelpers
import PayloadSchema
import Testing

/// `APNsBatch`, the library's batch sender (SPEC §12): lines read from a file descriptor, each
/// gated, sent, and reported as an event with a record, against an in-process `serve`.
@Suite(.serialized) struct BatchTests {
  /// Writes `text` to a pipe and returns its read end (closed by the caller).
  func pipe(_ text: String) -> Int32 {
    var fds: [Int32] = [0, 0]
    _ = fds.withUnsafeMutableBufferPointer { Foundation.pipe($0.baseAddress!) }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])
    return fds[0]
  }

  @Test func aBatchIsGatedSentAndCounted() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    let apns = try client(port: server.port)
    let signer = try ProviderTokenSigner(key: key())
    let good = #"{"token": "\#(deviceToken)", "payload": {"aps": {"alert": "Hi"}}}"#
    let refused = #"{"token": "zz", "payload": {"aps": {"alert": "Hi"}}}"#
    let notJSON = #"{"token": "\#(deviceToken)", "payload": [1]}"#
    let badges = #"{"token": "\#(deviceToken)", "payload": {"aps": {"alert": {"body": 5}}}, "headers": {"apns-priority": "5"}}"#
    let fd = pipe([good, refused, "", notJSON, badges, good].joined(separator: "\n"))
    defer { close(fd) }
    var batch = APNsBatch(client: apns, gate: RequestValidator(authentication: .token), inflight: 4)
    batch.baseHeaders = headers
    batch.gateAuthorization = { now in (try? signer.token(teamID: "DEF123GHIJ", issuedAt: now)).map { "bearer " + $0 } }
    let seen = NIOLockedValueBox<[String]>([])
    let summary = await batch.send(NDJSONLineReader(fd: fd)) { event, _ in
      switch event {
      case .unreadableLine(let line, let column, let message): seen.withLockedValue { $0.append("line \(line):\(column) \(message)") }
      case .held(let r): seen.withLockedValue { $0.append("held \(r.line ?? 0) \(r.predicted)") }
      case .finished(let r): seen.withLockedValue { $0.append("sent \(r.line ?? 0) \(r.delivery?.answer.description ?? "-")") }
      }
    }
    try await apns.shutdown()
    // Line 2's token is not hexadecimal (400 BadDeviceToken, predicted and held); line 3 is blank;
    // line 4's payload is an array; line 5 has a value-type error (a body that is not text): held.
    #expect(seen.withLockedValue { $0.sorted() } == [
      "held 2 400 BadDeviceToken", "held 5 200", "line 4:\(notJSON.utf8.count - 3) 'payload' is not a JSON object",
      "sent 1 200", "sent 6 200",
    ])
    #expect(summary.tally.sent == 2 && summary.tally.accepted == 2 && summary.tally.gated == 2 && summary.tally.badLines == 1)
    #expect(summary.tally.byAnswer == ["200": 2])
    #expect(summary.tally.mismatches == 0)
    #expect(summary.readError == nil)
    #expect(server.inbox.pushes().count == 2)
  }

  @Test func forceSendsWhatTheGateHolds() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    let apns = try client(port: server.port)
    let fd = pipe(#"{"token": "zz", "payload": {"aps": {"alert": "Hi"}}}"# + "\n")
    defer { close(fd) }
    var batch = APNsBatch(client: apns, gate: RequestValidator(authentication: .token), inflight: 1)
    batch.baseHeaders = headers
    batch.force = true
    let records = NIOLockedValueBox<[String]>([])
    let summary = await batch.send(NDJSONLineReader(fd: fd)) { event, _ in
      if case .finished(let r) = event { records.withLockedValue { $0.append(r.record) } }
    }
    try await apns.shutdown()
    #expect(summary.tally.refused == 1 && summary.tally.gated == 0)
    let record = try #require(records.withLockedValue { $0.first })
    #expect(record.hasPrefix(#"{"line":1,"token":"zz","status":400,"reason":"BadDeviceToken","apnsId":"#))
    #expect(record.hasSuffix(#","attempts":1,"predicted":{"status":400,"reason":"BadDeviceToken"}}"#))
  }

  @Test func batchLinesAreReadWithTheirColumns() {
    #expect(APNsBatchLine.parse(Array(#"{"token": 7, "payload": {}}"#.utf8)) == .failure(.init(column: 11, message: "'token' is not a string")))
    #expect(APNsBatchLine.parse(Array(#"{"payload": {}}"#.utf8)) == .failure(.init(column: 1, message: "no 'token' member")))
    #expect(APNsBatchLine.parse(Array(#"{"token": "ab", "payload": {"aps":{}}, "headers": {"apns-priority": 5}}"#.utf8))
      == .failure(.init(column: 69, message: "header 'apns-priority' is not a string")))
    #expect(APNsBatchLine.parse(Array(#"{"token": "a\u0062", "payload": {"aps":{}}}"#.utf8))
      == .success(APNsBatchLine(token: "ab", payload: Array(#"{"aps":{}}"#.utf8))))
  }

  /// `send FILE.http`: the file's headers first, the command line's where the file has none of
  /// that name, the command line's path before the file's.
  @Test func aRequestFileEntryAsAPush() throws {
    let file = Array("POST /3/device/aa\napns-topic: com.example.file\n\n{\"aps\":{}}\n".utf8)
    guard case .success(let entries) = RequestFile.parse(file), let entry = entries.first else {
      Issue.record("the request file does not parse")
      return
    }
    let defaults = [RequestHeader("apns-topic", "com.example.option"), RequestHeader("apns-priority", "5")]
    let push = try #require(APNsPush(entry: entry, defaults: defaults, path: nil))
    #expect(push.path == "/3/device/aa")
    #expect(push.headers == [RequestHeader("apns-topic", "com.example.file"), RequestHeader("apns-priority", "5")])
    #expect(push.body == Array(#"{"aps":{}}"#.utf8))
    #expect(APNsPush(entry: entry, defaults: [], path: "/3/device/bb")?.path == "/3/device/bb")
  }

  @Test func aDeliveryInOneLine() {
    var delivery = APNsDelivery(answer: APNsAnswer(status: 410, reason: "Unregistered"), apnsID: "ID", timestamp: 1700000000000, attempts: 2)
    delivery.headers = [RequestHeader("apns-request-id", "R")]
    #expect(delivery.summary == "APNs answered 410 Unregistered (apns-id ID, apns-request-id R, timestamp 1700000000000, 2 attempts)")
    #expect(APNsDelivery(answer: .accepted).summary == "APNs answered 200")
  }
}
