import APNsAuth
import Crypto
@testable import APNsClient
import APNsServer
import Foundation
import NIOConcurrencyHelpers
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
  c.serverErrorDelay = .milliseconds(5)
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

  /// Apple asks for `:path` (the device token) and `authorization` (the provider token) as HPACK
  /// literals without indexing; `serve` reads the representation each arrived in.
  @Test func pathAndAuthorizationAreNotIndexed() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    let apns = try client(port: server.port)
    for _ in 0..<2 { #expect(try await apns.send(APNsPush(deviceToken: deviceToken, headers: headers, body: alert)) == .accepted) }
    let records = server.inbox.pushes()
    #expect(records.count == 2)
    #expect(records.allSatisfy { $0.hpackIndexed.isEmpty }, "\(records.map(\.hpackIndexed))")
    #expect(records.allSatisfy { $0.headers.contains { $0.name == "authorization" } })
    try await apns.shutdown()
  }

  /// A 500 or 503 is sent again after `serverErrorDelay` (Apple: after 15 minutes, with
  /// back-off), doubled for the next; a 429 keeps the short backoff.
  @Test func fiveHundredsWaitTheServerErrorDelay() async throws {
    let server = try startServer { $0.faults = [Fault("503:ServiceUnavailable:100")!] }
    defer { try? server.shutdown() }
    let waits = NIOLockedValueBox<[(Int?, Int64)]>([])
    let apns = try client(port: server.port) {
      $0.retries = 2
      $0.serverErrorDelay = .milliseconds(200)
      $0.onRetryWait = { answer, wait in waits.withLockedValue { $0.append((answer?.status, wait.nanoseconds / 1_000_000)) } }
    }
    let start = NIODeadline.now()
    let delivery = try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers, body: alert))
    let elapsed = (NIODeadline.now() - start).nanoseconds / 1_000_000
    #expect(delivery.attempts == 3)
    let seen = waits.withLockedValue { $0 }
    #expect(seen.map(\.0) == [503, 503])
    // 200 ms, then 400 ms, each with at most 10 % jitter.
    #expect(seen.count == 2 && (200...220).contains(seen[0].1) && (400...440).contains(seen[1].1), "\(seen)")
    #expect(elapsed >= 600)
    #expect(apns.serverErrorWait(retry: 1).nanoseconds >= 200_000_000)
    try await apns.shutdown()
    // The default is Apple's 15 minutes.
    #expect(APNsClient.Configuration(authentication: .none).serverErrorDelay == .seconds(900))
  }

  /// The 2025 key model in `serve` (Apple, "Establishing a token-based connection to APNs"): a
  /// key limited to the other environment, a topic-specific key used for another topic, and a
  /// token of a key unrelated to the connection's first, which ends the connection; the client
  /// sends that push again on a new connection.
  @Test func keyScopes() async throws {
    let teamKey = try key()  // ABC123DEFG
    let topicKey = ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "TOPIC12345")
    let prodKey = ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "PROD123456")
    let server = try startServer {
      var ring = ProviderKeyRing()
      ring.add(teamKey, scope: KeyScope(environment: .sandbox))
      ring.add(topicKey, scope: KeyScope(environment: .sandbox, topics: ["com.example.app"]))
      ring.add(prodKey, scope: KeyScope(environment: .production))
      $0.keys = ring
    }
    defer { try? server.shutdown() }
    func token(_ k: ProviderKey) throws -> String {
      try "bearer " + ProviderTokenSigner(key: k).token(teamID: "DEF123GHIJ", issuedAt: Int64(Date().timeIntervalSince1970))
    }
    func push(_ k: ProviderKey?, topic: String = "com.example.app") throws -> APNsPush {
      var h = [RequestHeader("apns-topic", topic), RequestHeader("apns-push-type", "alert")]
      if let k { h.append(RequestHeader("authorization", try token(k))) }
      return APNsPush(deviceToken: deviceToken, headers: h, body: alert)
    }

    // Each client's first push binds its connection to that push's key.
    let production = try client(port: server.port) { $0.retries = 0 }
    #expect(try await production.send(push(prodKey)) == APNsAnswer(status: 403, reason: "BadEnvironmentKeyIdInToken"))
    try await production.shutdown()

    let topics = try client(port: server.port) { $0.retries = 0 }
    #expect(try await topics.send(push(topicKey, topic: "com.example.app.voip")) == .accepted)
    #expect(try await topics.send(push(topicKey, topic: "com.example.other")) == APNsAnswer(status: 403, reason: "Forbidden"))
    try await topics.shutdown()

    // The client's own token (the team key) binds the connection; a push carrying the topic
    // key's token is refused there, and sent again on a new connection, where it is the first.
    let apns = try client(port: server.port)
    #expect(try await apns.send(push(nil)) == .accepted)
    let moved = try await apns.deliver(push(topicKey))
    #expect(moved.answer == .accepted)
    #expect(moved.retriedAnswers == [APNsAnswer(status: 403, reason: "UnrelatedKeyIdInToken")])
    #expect(apns.statistics.connectionsOpened == 2)
    try await apns.shutdown()
    let unrelated = server.inbox.pushes().filter { $0.answer.reason == "UnrelatedKeyIdInToken" }
    #expect(unrelated.count == 1)
    // The refused push and the one after it came on different connections.
    let last = server.inbox.pushes().suffix(2).map(\.connection)
    #expect(last.count == 2 && last[0] != last[1])
  }

  /// APNs writes `BadEnvironmentKeyInToken` on the wire for the reason Apple's table spells
  /// `BadEnvironmentKeyIdInToken`: the answer keeps the wire's spelling, matches a prediction in
  /// Apple's, and is explained with Apple's words.
  @Test func theWireSpellingOfAReasonMatchesApplesAndIsExplained() async throws {
    let server = try startServer { $0.faults = [Fault("403:BadEnvironmentKeyInToken:100")!] }
    defer { try? server.shutdown() }
    let apns = try client(port: server.port)
    let delivery = try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers, body: alert))
    #expect(delivery.answer == APNsAnswer(status: 403, reason: "BadEnvironmentKeyInToken"))
    #expect(delivery.attempts == 1)
    #expect(delivery.answer.matches(prediction: APNsAnswer(status: 403, reason: "BadEnvironmentKeyIdInToken")))
    #expect(delivery.answer.matches(prediction: APNsAnswer(.badEnvironmentKeyIdInToken)))
    #expect(!delivery.answer.matches(prediction: APNsAnswer(status: 403, reason: "Forbidden")))
    #expect(!APNsAnswer(status: 403, reason: "BadEnvironmentKeyInTokens").matches(prediction: APNsAnswer(.badEnvironmentKeyIdInToken)))
    #expect(APNsCatalogue.row(for: delivery.answer, on: .device)?.apple == "The key ID in the provider token doesn’t match the environment.")
    try await apns.shutdown()
  }

  /// The explanation `send`, `send --batch` and `channel` print under an answer in APNs' wire
  /// spelling: which of Apple's reasons it is, Apple's words and what to do; none for Apple's own
  /// spelling or another reason.
  @Test func theWireSpellingIsExplainedInWords() throws {
    let explanation = """
      BadEnvironmentKeyInToken is APNs' wire spelling of BadEnvironmentKeyIdInToken, as Apple's table writes it \
      ("Handling notification responses from APNs", https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns): \
      The key ID in the provider token doesn’t match the environment.
      What to do: the token's key is limited to the other environment (Apple's key model of 2025, \
      "Establishing a token-based connection to APNs"); sign the token with a key enabled for this environment, \
      or send to the host of the key's environment (api.sandbox.push.apple.com for sandbox, api.push.apple.com for production)
      """
    #expect(APNsAnswer(status: 403, reason: "BadEnvironmentKeyInToken").wireSpellingExplanation == explanation)
    #expect(APNsAnswer(status: 403, reason: "BadEnvironmentKeyIdInToken").wireSpellingExplanation == nil)
    #expect(APNsAnswer(status: 503, reason: "Service Unavailable").wireSpellingExplanation == nil)
    #expect(APNsAnswer(status: 403, reason: "Forbidden").wireSpellingExplanation == nil)
    #expect(APNsAnswer.accepted.wireSpellingExplanation == nil)
    // A batch's summary explains it under the counts.
    var tally = APNsBatchTally()
    tally.byAnswer = ["403 BadEnvironmentKeyInToken": 2, "200": 1]
    let summary = tally.summary(seconds: 1, connections: 1, retries: 3)
    #expect(summary.contains("  403 BadEnvironmentKeyInToken: 2\n" + explanation + "\nprediction mismatches: 0"), "\(summary)")
  }

  /// `serve` answers a token whose key is limited to the other environment with Apple's table's
  /// spelling by default and with the wire's under `--reason-spelling wire`, in the body, the
  /// answer the client reads and the inbox.
  @Test func serveSpellsTheReasonAsAsked() async throws {
    let prodKey = ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "PROD123456")
    for (spelling, reason) in [(APNsServer.ReasonSpelling.apple, "BadEnvironmentKeyIdInToken"), (.wire, "BadEnvironmentKeyInToken")] {
      let server = try startServer {
        var ring = ProviderKeyRing()
        ring.add(prodKey, scope: KeyScope(environment: .production))
        $0.keys = ring
        $0.environment = .development
        $0.reasonSpelling = spelling
      }
      defer { try? server.shutdown() }
      let apns = try client(port: server.port) { $0.retries = 0 }
      let token = try "bearer " + ProviderTokenSigner(key: prodKey).token(teamID: "DEF123GHIJ", issuedAt: Int64(Date().timeIntervalSince1970))
      let delivery = try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers + [RequestHeader("authorization", token)], body: alert))
      #expect(delivery.answer == APNsAnswer(status: 403, reason: reason))
      #expect(String(decoding: delivery.body, as: UTF8.self) == #"{"reason":"\#(reason)"}"#)
      #expect(server.inbox.pushes().last?.answer.reason == reason)
      #expect(delivery.answer.matches(prediction: APNsAnswer(.badEnvironmentKeyIdInToken)))
      try await apns.shutdown()
    }
    #expect(APNsServer.ReasonSpelling.wire.spell("BadEnvironmentKeyIdInToken") == "BadEnvironmentKeyInToken")
    #expect(APNsServer.ReasonSpelling.wire.spell("BadDeviceToken") == "BadDeviceToken")
    #expect(APNsServer.ReasonSpelling.wire.spell("value-type") == "value-type")
    #expect(APNsServer.ReasonSpelling.apple.spell("BadEnvironmentKeyInToken") == "BadEnvironmentKeyInToken")
  }

  @Test func keyScopeArguments() throws {
    let (path, scope) = ProviderKeyRing.splitScope("/keys/a:b/AuthKey_ABC123DEFG.p8:sandbox:topic=com.a,com.b:related=XYZ1234567")
    #expect(path == "/keys/a:b/AuthKey_ABC123DEFG.p8")
    #expect(try scope.get() == KeyScope(environment: .sandbox, topics: ["com.a", "com.b"], related: "XYZ1234567"))
    #expect(try ProviderKeyRing.splitScope("k.p8").scope.get() == KeyScope())
    #expect(try ProviderKeyRing.splitScope("k.p8:production:team").scope.get() == KeyScope(environment: .production))
    #expect(throws: KeyScopeError.self) { try ProviderKeyRing.splitScope("k.p8:sandbox:production").scope.get() }
    #expect(throws: KeyScopeError.self) { try ProviderKeyRing.splitScope("k.p8:team:related=XYZ1234567").scope.get() }
    #expect(KeyScope(environment: .sandbox, topics: ["com.a"]).description == "sandbox only, topics com.a")
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

  /// Half the pushes refused, so that under the apns model the stream limit moves between 1 and
  /// 1,000 on almost every answer, each move a SETTINGS frame: 600 pushes at once on one
  /// connection are each sent once and answered once, and the connection is kept. (NIOHTTP2's
  /// default of 200 control frames in 30 s closed it, on the client for the SETTINGS and on the
  /// server for their ACKs, and the pushes in flight with it were sent again although the server
  /// had answered them: about 40% of 3,000 in `send --batch`.)
  @Test func aFlappingStreamLimitSendsNothingTwice() async throws {
    let server = try startServer { $0.faults = [Fault("400:BadDeviceToken:50")!]; $0.streamLimitModel = .apns }
    defer { try? server.shutdown() }
    let apns = try client(port: server.port) { $0.retries = 5 }
    let count = 600
    let deliveries = try await withThrowingTaskGroup(of: APNsDelivery.self) { group in
      for i in 0..<count {
        let body = Array(#"{"aps":{"alert":"push \#(i)"}}"#.utf8)
        group.addTask { try await apns.deliver(APNsPush(deviceToken: deviceToken, headers: headers, body: body)) }
      }
      var all: [APNsDelivery] = []
      for try await d in group { all.append(d) }
      return all
    }
    #expect(deliveries.count == count)
    let refused = deliveries.filter { $0.answer == APNsAnswer(status: 400, reason: "BadDeviceToken") }.count
    #expect(deliveries.filter { $0.answer == .accepted }.count + refused == count)
    #expect(refused > count / 4 && refused < count * 3 / 4, "\(refused) refused: the limit did not flap")
    let bodies = server.inbox.pushes().map(\.body)
    let twice = Dictionary(grouping: bodies, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    #expect(twice.count == 0, "sent twice, e.g. \(twice.prefix(3))")
    #expect(bodies.count == count)
    #expect(deliveries.allSatisfy { $0.unanswered == 0 && $0.attempts == 1 }, "\(Set(deliveries.compactMap(\.lastUnanswered)))")
    #expect(apns.statistics.connectionsOpened == 1)
    try await apns.shutdown()
  }

  /// RFC 9113 §8.7: an attempt without an answer is sent again only when the server cannot have
  /// processed it.
  @Test func onlyUnprocessedStreamsAreRetried() {
    func retried(_ f: StreamFailure, goAway: Int? = nil) -> Bool {
      if case .notAnswered = Connection.outcome(of: f, goAwayLastStreamID: goAway) { return true }
      return false
    }
    // Held by NIOHTTP2 (above the stream limit) when the connection went: never on the wire.
    #expect(retried(StreamFailure(streamID: nil, sent: false, refused: false, why: "lost")))
    // RST_STREAM REFUSED_STREAM before any response HEADERS.
    #expect(retried(StreamFailure(streamID: 7, sent: true, refused: true, why: "refused")))
    // Above a GOAWAY's last-stream-id; at or below it the server may have processed it.
    #expect(retried(StreamFailure(streamID: 9, sent: true, refused: false, why: "closed"), goAway: 7))
    #expect(!retried(StreamFailure(streamID: 7, sent: true, refused: false, why: "closed"), goAway: 7))
    // Sent, then the connection was lost, the stream reset otherwise, or the answer timed out.
    #expect(!retried(StreamFailure(streamID: 5, sent: true, refused: false, why: "the stream closed without an answer")))
    if case .unknown(let why) = Connection.outcome(of: StreamFailure(streamID: 5, sent: true, refused: false, why: "stream reset (CANCEL)"), goAwayLastStreamID: nil) {
      #expect(why == "stream reset (CANCEL)")
    } else {
      Issue.record("a sent, unanswered stream was to be sent again")
    }
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
