import APNsAuth
import APNsServer
import Crypto
import Foundation
import PayloadSchema
import Testing

/// base64url (with or without padding) to bytes, for the RFC's values.
private func bytes(_ text: String) -> [UInt8] {
  var s = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
  while s.count % 4 != 0 { s += "=" }
  return Array(Data(base64Encoded: s)!)
}

/// The local web push service's answers (SPEC §16): a push made as a provider makes it (RFC 8291
/// encryption, a VAPID token) is taken (201), decrypted and read as Safari reads it; each of
/// Apple's refusals has its case.
@Suite struct WebPushServiceTests {
  static let origin = "http://127.0.0.1:8026"
  static let now: Int64 = 1_700_000_000
  static let message = #"{"web_push": 8030, "notification": {"title": "Order shipped", "navigate": "https://shop.example/orders/1"}}"#

  /// A push to `record` as a provider sends it: encrypted to its keys, signed by `server`.
  static func push(_ record: WebPushSubscriptionRecord, server: P256.Signing.PrivateKey, message: String = message,
                   audience: String = origin, extra: [(name: String, value: String)] = [], ttl: String? = "60",
                   lifetime: Int64 = 3600) throws -> (headers: [(name: String, value: String)], body: [UInt8]) {
    let body = try WebPushEncryption.encrypt(Array(message.utf8), to: record.keys.subscriptionKeys)
    let token = try VAPIDSigner(privateKey: server).token(audience: audience, subject: "mailto:ops@shop.example", now: now, lifetime: lifetime)
    var headers: [(name: String, value: String)] = [("Authorization", token.authorization), ("Content-Encoding", "aes128gcm")]
    if let ttl { headers.append(("TTL", ttl)) }
    return (headers + extra, body)
  }

  @Test func aPushIsTakenDecryptedAndRead() throws {
    var service = WebPushService(origin: Self.origin)
    let server = P256.Signing.PrivateKey()
    let record = service.subscribe(applicationServerKey: Array(server.publicKey.x963Representation))
    #expect(record.endpoint == Self.origin + "/push/" + record.id)
    #expect(record.json.hasPrefix("{\"endpoint\": \"\(record.endpoint)\", \"expirationTime\": null, \"keys\": {\"auth\": \""))
    let (headers, body) = try Self.push(record, server: server)
    let answer = service.receive(method: "POST", path: "/push/" + record.id, headers: headers, body: body, now: Self.now + 10)
    #expect(answer.status == 201 && answer.reason == nil && answer.body.isEmpty)
    #expect(answer.plaintext == Array(Self.message.utf8))
    #expect(answer.shown?.title == "Order shipped" && answer.subject == "mailto:ops@shop.example" && answer.ttl == 60)
  }

  /// RFC 8291 §5 and Appendix A: the RFC's body, sent to a subscription with the RFC's receiver
  /// keys, decrypts to the RFC's plaintext.
  @Test func theRFCsBodyDecrypts() throws {
    var service = WebPushService(origin: Self.origin)
    let receiver = try WebPushReceiverKeys(privateKey: try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")),
                                           authSecret: bytes("BTBZMqHH6r4Tts7J_aSIgg"))
    #expect(receiver.subscriptionKeys.p256dhBase64URL == "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
    let record = service.add(WebPushSubscriptionRecord(id: "rfc8291", endpoint: Self.origin + "/push/rfc8291", keys: receiver))
    let rfcBody = bytes("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_"
      + "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    let token = try VAPIDSigner(privateKey: P256.Signing.PrivateKey()).token(audience: Self.origin, subject: "mailto:a@example.com", now: Self.now)
    let answer = service.receive(method: "POST", path: "/push/" + record.id,
                                 headers: [("TTL", "10"), ("Content-Encoding", "aes128gcm"), ("Authorization", token.authorization)],
                                 body: rfcBody, now: Self.now)
    #expect(answer.status == 201)
    #expect(answer.plaintext.map { String(decoding: $0, as: UTF8.self) } == "When I grow up, I want to be a watermelon")
    // Not JSON: an ordinary message, which only a service worker can show.
    #expect(answer.shown == nil)
    #expect(answer.message?.findings.map(\.rule.rawValue) == ["json-syntax"])
  }

  /// Apple's refusals, each for its own reason, in Apple's order.
  @Test func refusals() throws {
    var service = WebPushService(origin: Self.origin)
    let server = P256.Signing.PrivateKey()
    let record = service.subscribe(applicationServerKey: Array(server.publicKey.x963Representation))
    func answer(_ headers: [(name: String, value: String)], _ body: [UInt8], method: String = "POST", path: String? = nil, now: Int64 = Self.now + 10) -> String {
      let a = service.receive(method: method, path: path ?? "/push/" + record.id, headers: headers, body: body, now: now)
      return "\(a.status) \(a.reason ?? "-")"
    }
    let good = try Self.push(record, server: server)
    #expect(answer(good.headers, good.body, method: "GET") == "405 MethodNotAllowed")
    #expect(answer(good.headers, good.body, path: "/push/nobody") == "404 BadPath")
    let noTTL = try Self.push(record, server: server, ttl: nil)
    #expect(answer(noTTL.headers, noTTL.body) == "400 BadTtl")
    let zeroTTL = try Self.push(record, server: server, ttl: "0")   // pywebpush's default
    #expect(answer(zeroTTL.headers, zeroTTL.body) == "400 BadTtl")
    let urgency = try Self.push(record, server: server, extra: [("Urgency", "urgent")])
    #expect(answer(urgency.headers, urgency.body) == "400 BadUrgency")
    let longTopic = try Self.push(record, server: server, extra: [("Topic", String(repeating: "a", count: 40))])
    #expect(answer(longTopic.headers, longTopic.body) == "400 BadWebPushTopic")
    let topic = try Self.push(record, server: server, extra: [("Topic", "order-1042")])
    #expect(answer(topic.headers, topic.body) == "201 -")
    #expect(answer(good.headers, good.body, now: Self.now + 7200) == "403 BadJwtToken")   // expired
    let otherAudience = try Self.push(record, server: server, audience: "https://web.push.apple.com")
    #expect(answer(otherAudience.headers, otherAudience.body) == "403 BadJwtToken")
    let otherKey = try Self.push(record, server: P256.Signing.PrivateKey())
    #expect(answer(otherKey.headers, otherKey.body) == "403 VapidPkHashMismatch")
    #expect(answer(good.headers.filter { $0.name != "Authorization" }, good.body) == "403 BadJwtToken")
    #expect(answer(good.headers, [UInt8](repeating: 0, count: 4097)) == "413 PayloadTooLarge")
    #expect(answer(good.headers.filter { $0.name != "Content-Encoding" }, good.body) == "400 BadWebPushRequest")
    var tampered = good.body
    tampered[tampered.count - 1] ^= 1
    #expect(answer(good.headers, tampered) == "400 BadWebPushRequest")
    service.expire(record.id)
    #expect(answer(good.headers, good.body) == "410 -")
    #expect(WebPushAnswer(status: 400, reason: "BadTtl", problem: nil).body == #"{"reason":"BadTtl"}"#)
  }

  /// `serve --rate-limit N`, as for a device token: past N pushes that would be taken to one
  /// subscription in one clock second, 429 TooManyRequests (the catalogue's reason); refused
  /// pushes are not counted; another subscription and the next second are unaffected; without
  /// a limit no push is refused.
  @Test func rateLimitPerSubscription() throws {
    var limited = APNsServer.Configuration()
    limited.rateLimit = 3
    var service = WebPushService(origin: Self.origin, configuration: limited)
    let server = P256.Signing.PrivateKey()
    let record = service.subscribe(applicationServerKey: Array(server.publicKey.x963Representation))
    let other = service.subscribe(applicationServerKey: Array(server.publicKey.x963Representation))
    let good = try Self.push(record, server: server)
    let noTTL = try Self.push(record, server: server, ttl: nil)
    let toOther = try Self.push(other, server: server)
    func send(_ push: (headers: [(name: String, value: String)], body: [UInt8]), to id: String, at second: Int64 = 10) -> WebPushAnswer {
      service.receive(method: "POST", path: "/push/" + id, headers: push.headers, body: push.body, now: Self.now + second)
    }
    #expect((0..<5).map { _ in send(noTTL, to: record.id).status } == [400, 400, 400, 400, 400])
    #expect((0..<3).map { _ in send(good, to: record.id).status } == [201, 201, 201])
    let refused = send(good, to: record.id)
    #expect(refused.status == 429 && refused.reason == "TooManyRequests" && refused.body == #"{"reason":"TooManyRequests"}"#)
    #expect(refused.plaintext == nil && refused.shown == nil)
    #expect(send((good.headers, []), to: record.id).status == 429)   // an empty push counts too
    #expect(send(toOther, to: other.id).status == 201)
    #expect(send(good, to: record.id, at: 11).status == 201)

    var unlimited = WebPushService(origin: Self.origin)
    let free = unlimited.add(record)
    #expect((0..<20).map { _ in unlimited.receive(method: "POST", path: "/push/" + free.id, headers: good.headers, body: good.body, now: Self.now + 10).status }
            == Array(repeating: 201, count: 20))
  }

  @Test func topics() {
    #expect(WebPushService.isTopic("order-1042_A"))
    #expect(WebPushService.isTopic(String(repeating: "a", count: 32)))
    #expect(!WebPushService.isTopic(String(repeating: "a", count: 33)))
    #expect(!WebPushService.isTopic("") && !WebPushService.isTopic("a b") && !WebPushService.isTopic("a+b") && !WebPushService.isTopic("a=b"))
  }
}

/// `serve --web-push PORT` over HTTP/1.1: a subscription from `POST /subscriptions`, a push to its
/// endpoint answered 201 with `location` and `apns-id`, a refusal with Apple's `{"reason": …}`,
/// and the pushes as JSON and as the inbox's banners.
@Suite(.serialized) struct WebPushHTTPTests {
  @Test func subscribePushAndRead() async throws {
    // (Without serve's TLS identity: with one, the port speaks TLS, HTTP/2 or HTTP/1.1 by ALPN,
    // which scripts/checks/58-web-push drives with send --web-push, pywebpush and curl.)
    let server = try startServer { $0.tls = nil; $0.webPushPort = 0 }
    defer { try? server.shutdown() }
    let port = try #require(server.webPushPort)
    let signing = P256.Signing.PrivateKey()
    let serverKey = Data(signing.publicKey.x963Representation).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    let created = try await sharedClient.http1(port: port, method: .POST, path: "/subscriptions",
                                               body: Array(#"{"applicationServerKey": "\#(serverKey)"}"#.utf8))
    #expect(created.head.status == .created)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(String(buffer: created.body).utf8)) as? [String: Any])
    let endpoint = try #require(json["endpoint"] as? String)
    let keys = try #require(json["keys"] as? [String: String])
    #expect(endpoint.hasPrefix("http://127.0.0.1:\(port)/push/"))
    let subscription = try WebPushSubscriptionKeys(p256dh: try #require(keys["p256dh"]), auth: try #require(keys["auth"]))
    let path = String(endpoint.dropFirst("http://127.0.0.1:\(port)".count))
    let token = try VAPIDSigner(privateKey: signing).token(audience: "http://127.0.0.1:\(port)", subject: "mailto:ops@shop.example",
                                                            now: Int64(Date().timeIntervalSince1970))
    let body = try WebPushEncryption.encrypt(Array(WebPushServiceTests.message.utf8), to: subscription)
    let headers = [("TTL", "60"), ("Content-Encoding", "aes128gcm"), ("Authorization", token.authorization)]
    let taken = try await sharedClient.http1(port: port, method: .POST, path: path, headers: headers, body: body)
    #expect(taken.head.status == .created)
    #expect(taken.head.headers["location"].first?.hasPrefix(path + "/") == true && taken.head.headers["apns-id"].count == 1)
    let refused = try await sharedClient.http1(port: port, method: .POST, path: path, headers: Array(headers.dropFirst()), body: body)
    #expect(refused.head.status == .badRequest && String(buffer: refused.body) == #"{"reason":"BadTtl"}"#)
    let pushes = try await sharedClient.http1(port: port, path: "/pushes")
    let list = try #require(try JSONSerialization.jsonObject(with: Data(String(buffer: pushes.body).utf8)) as? [[String: Any]])
    #expect(list.map { $0["status"] as? Int } == [400, 201])
    #expect((list[1]["shown"] as? [String: Any])?["title"] as? String == "Order shipped")
    #expect(list[1]["safari"] as? String == "shows 'Order shipped' from shop.example, by itself")
    let page = try await sharedClient.http1(port: port, path: "/")
    #expect(String(buffer: page.body).contains(#"<div class="title" title="Order shipped">Order shipped</div>"#))
  }

  /// `serve --rate-limit N` reaches the web push service: N pushes to one subscription in a second, then 429.
  @Test func rateLimitReachesTheWebPushService() throws {
    let server = try startServer { $0.tls = nil; $0.webPushPort = 0; $0.rateLimit = 2 }
    defer { try? server.shutdown() }
    let desk = try #require(server.webPush)
    let signing = P256.Signing.PrivateKey()
    let record = try desk.subscribe(requestBody: []).get()
    let token = try VAPIDSigner(privateKey: signing).token(audience: desk.origin, subject: "mailto:ops@shop.example", now: WebPushServiceTests.now)
    let statuses = (0..<3).map { _ in
      desk.receive(method: "POST", path: "/push/" + record.id, headers: [("TTL", "60"), ("Authorization", token.authorization)], body: [],
                   now: WebPushServiceTests.now + 10).status
    }
    #expect(statuses == [201, 201, 429])
  }
}
