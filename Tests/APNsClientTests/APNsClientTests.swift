import APNsAuth
import APNsClient
import APNsServer
import Foundation
import NIOCore
import PayloadSchema
import Testing

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let deviceToken = "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad"
let alert = Array(#"{"aps":{"alert":{"title":"Hello","body":"From the client"}}}"#.utf8)
let headers = [RequestHeader("apns-topic", "com.example.app"), RequestHeader("apns-push-type", "alert")]

func key() throws -> ProviderKey {
  try ProviderKey.load(path: packageRoot.appendingPathComponent("Fixtures/keys/AuthKey_ABC123DEFG.p8").path)
}

/// A `serve` on a free loopback port over h2c (TLS is exercised by scripts/checks/55-send), with
/// the fixture key, so that every push needs a token that verifies.
func startServer(port: Int = 0, _ configure: (inout APNsServer.Configuration) -> Void = { _ in }) throws -> APNsServer {
  var c = APNsServer.Configuration()
  c.port = port
  c.threads = 1
  c.keys = ProviderKeyRing([try key()])
  c.teamID = "DEF123GHIJ"
  c.shutdownGrace = .seconds(2)
  configure(&c)
  return try APNsServer.start(c)
}

func client(port: Int, _ configure: (inout APNsClient.Configuration) -> Void = { _ in }) throws -> APNsClient {
  var c = APNsClient.Configuration(authentication: .token(signer: try ProviderTokenSigner(key: key()), teamID: "DEF123GHIJ"))
  c.host = "127.0.0.1"
  c.port = port
  c.tls = false
  c.initialBackoff = .milliseconds(5)
  c.maxBackoff = .milliseconds(50)
  configure(&c)
  return try APNsClient(c)
}

@Suite(.serialized) struct APNsClientTests {
  @Test func aTokenPushIsAccepted() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    let apns = try client(port: server.port)
    let delivery = try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers, body: alert))
    #expect(delivery.answer == .accepted)
    #expect(delivery.attempts == 1, "\(delivery.lastUnanswered ?? "")")
    #expect(delivery.apnsID?.count == 36)
    #expect(delivery.apnsUniqueID?.count == 36)
    // The same connection and token again: the server saw one token, signed by the fixture key.
    #expect(try await apns.send(APNsPush(deviceToken: deviceToken, headers: headers, body: alert)) == .accepted)
    #expect(server.inbox.pushes().count == 2)
    #expect(apns.statistics.connectionsOpened == 1)
    try await apns.shutdown()
  }

  @Test func otherFourHundredsAreFinal() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    let apns = try client(port: server.port)
    let delivery = try await apns.deliver(APNsPush(deviceToken: "zz", headers: headers, body: alert))
    #expect(delivery.answer == APNsAnswer(status: 400, reason: "BadDeviceToken"))
    #expect(delivery.attempts == 1)
    #expect(server.inbox.pushes().count == 1)
    try await apns.shutdown()
  }

  @Test func fiveHundredsAreRetriedUpToRetries() async throws {
    let server = try startServer { $0.faults = [Fault("503:ServiceUnavailable:100")!] }
    defer { try? server.shutdown() }
    let apns = try client(port: server.port) { $0.retries = 2 }
    let delivery = try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers, body: alert))
    #expect(delivery.answer == APNsAnswer(status: 503, reason: "ServiceUnavailable"))
    #expect(delivery.attempts == 3)
    #expect(delivery.retriedAnswers == [APNsAnswer(status: 503, reason: "ServiceUnavailable"), APNsAnswer(status: 503, reason: "ServiceUnavailable")])
    #expect(server.inbox.pushes().count == 3)
    try await apns.shutdown()
  }

  @Test func theGateStopsAPredictedRefusal() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    let apns = try client(port: server.port) { $0.gate = RequestValidator(authentication: .certificate) }
    do {
      _ = try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers + [RequestHeader("apns-priority", "7")], body: alert))
      Issue.record("sent")
    } catch {
      #expect(error.kind == .gated)
      #expect(error.message == "not sent: apns-lint predicts 400 BadPriority")
    }
    #expect(server.inbox.pushes().isEmpty)
    try await apns.shutdown()
  }

  /// 200 pushes at once on two connections, 10% of them refused: under the apns model the limit
  /// moves between 1 and 1,000 with the answers; every push is answered exactly once.
  @Test(arguments: [APNsServer.StreamLimitModel.apns, .fixed])
  func manyAtOnceFollowTheStreamLimit(_ model: APNsServer.StreamLimitModel) async throws {
    let server = try startServer { $0.faults = [Fault("400:BadDeviceToken:10")!]; $0.streamLimitModel = model }
    defer { try? server.shutdown() }
    let apns = try client(port: server.port) { $0.connections = 2 }
    let deliveries = try await withThrowingTaskGroup(of: APNsDelivery.self) { group in
      for _ in 0..<200 { group.addTask { try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers, body: alert)) } }
      var all: [APNsDelivery] = []
      for try await d in group { all.append(d) }
      return all
    }
    #expect(deliveries.count == 200)
    // Every push answered once: what the server answered is never sent again (a stream the server
    // refused, or one lost with its connection, is sent again; neither was answered).
    #expect(deliveries.allSatisfy { $0.answer == .accepted || $0.answer == APNsAnswer(status: 400, reason: "BadDeviceToken") })
    #expect(server.inbox.pushes().count == 200)
    if model == .fixed {
      #expect(deliveries.allSatisfy { $0.unanswered == 0 && $0.attempts == 1 }, "\(Set(deliveries.compactMap(\.lastUnanswered)))")
    }
    try await apns.shutdown()
  }

  /// A server that shuts down (GOAWAY) and comes back: the next push reconnects.
  @Test func aRestartedServerIsReconnected() async throws {
    let first = try startServer()
    let port = first.port
    let apns = try client(port: port) { $0.retries = 5 }
    #expect(try await apns.send(APNsPush(deviceToken: deviceToken, headers: headers, body: alert)) == .accepted)
    try first.shutdown()
    let second = try startServer(port: port)
    defer { try? second.shutdown() }
    let delivery = try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers, body: alert))
    #expect(delivery.answer == .accepted)
    #expect(second.inbox.pushes().count == 1)
    #expect(apns.statistics.connectionsOpened == 2)
    try await apns.shutdown()
  }

  /// Nothing listening: the attempts run out and the error says so.
  @Test func noServerIsAConnectionError() async throws {
    let probe = try startServer()
    let port = probe.port
    try probe.shutdown()
    let apns = try client(port: port) { $0.retries = 1 }
    do {
      _ = try await apns.send(APNsPush(deviceToken: deviceToken, headers: headers, body: alert))
      Issue.record("answered")
    } catch {
      #expect(error.kind == .connection)
      #expect(error.message.hasPrefix("no answer after 2 attempts: cannot connect to 127.0.0.1:\(port)"))
    }
    try await apns.shutdown()
  }

  @Test func backoffGrowsAndStaysWithinTheCap() throws {
    let apns = try client(port: 1) { $0.initialBackoff = .milliseconds(100); $0.maxBackoff = .seconds(1) }
    for attempt in 1...8 {
      let ceiling = min(Int64(1_000_000_000), Int64(100_000_000) << Int64(attempt - 1))
      let wait = apns.backoff(attempt: attempt).nanoseconds
      #expect(wait >= ceiling / 10 && wait <= ceiling, "attempt \(attempt): \(wait)")
    }
  }
}
