import APNsAuth
import APNsClient
import APNsServer
import Crypto
import Foundation
import PayloadSchema
import Testing
import TestSupport
@testable import apns_lint

/// `apns-lint channel` and `send --channel` (SPEC §13.2): the requests they build, how they read
/// an answer, and the whole round trip against an in-process `serve`.
@Suite struct ChannelCommandTests {
  static let app = "com.example.app"
  static let id = "dHN0LXNyY2gtY2hubA=="

  @Test func theRequestsAreApplesManagementRequests() {
    let create = APNsPush(channel: .create(.mostRecentMessageStored), bundleID: Self.app)
    #expect(create.method == "POST")
    #expect(create.path == "/1/apps/com.example.app/channels")
    #expect(create.headers == [RequestHeader("content-type", "application/json")])
    #expect(String(decoding: create.body, as: UTF8.self) == #"{"message-storage-policy": 1, "push-type": "LiveActivity"}"#)

    let read = APNsPush(channel: .read(channelID: Self.id), bundleID: Self.app)
    #expect(read.method == "GET")
    #expect(read.path == "/1/apps/com.example.app/channels")
    #expect(read.headers == [RequestHeader("apns-channel-id", Self.id)])
    #expect(read.body.isEmpty)

    let delete = APNsPush(channel: .delete(channelID: Self.id), bundleID: Self.app)
    #expect(delete.method == "DELETE")
    #expect(delete.headers == [RequestHeader("apns-channel-id", Self.id)])

    let list = APNsPush(channel: .list, bundleID: Self.app)
    #expect(list.method == "GET")
    #expect(list.path == "/1/apps/com.example.app/all-channels")
    #expect(list.headers.isEmpty && list.body.isEmpty)

    #expect(ChannelManagement.Operation.create(.noMessageStored).successStatus == 201)
    #expect(ChannelManagement.Operation.delete(channelID: Self.id).successStatus == 204)
    #expect(ChannelManagement.Operation.list.successStatus == 200)
  }

  @Test func aBroadcastGoesToTheBundleIDWithTheRequiredHeaders() {
    let topic = "com.example.app.push-type.liveactivity"
    let (path, headers) = ChannelManagement.broadcast(channel: Self.id, bundleID: nil, topic: topic,
                                                headers: [RequestHeader("apns-topic", topic), RequestHeader("apns-priority", "5")])
    #expect(path == "/4/broadcasts/apps/com.example.app")
    #expect(headers == [RequestHeader("apns-priority", "5"), RequestHeader("apns-channel-id", Self.id),
                        RequestHeader("apns-push-type", "LiveActivity"), RequestHeader("apns-expiration", "0")])
    let (other, kept) = ChannelManagement.broadcast(channel: Self.id, bundleID: "com.example.other", topic: nil,
                                              headers: [RequestHeader("apns-expiration", "1700003600")])
    #expect(other == "/4/broadcasts/apps/com.example.other")
    #expect(kept == [RequestHeader("apns-expiration", "1700003600"), RequestHeader("apns-channel-id", Self.id),
                     RequestHeader("apns-push-type", "LiveActivity"), RequestHeader("apns-priority", "10")])
  }

  @Test func answersAreReadForTheUser() {
    let rid = "0b3e6c2a-5d4f-4e8a-9b1c-2d3e4f5a6b7c"
    var created = APNsDelivery(answer: APNsAnswer(status: 201, reason: nil))
    created.headers = [RequestHeader("apns-request-id", rid), RequestHeader("apns-channel-id", Self.id)]
    let create = ChannelManagementAnswer(.create(.noMessageStored), delivery: created, predicted: APNsAnswer(status: 201, reason: nil))
    #expect(create.succeeded)
    #expect(create.text == "\(Self.id)\ncreated channel \(Self.id) (apns-request-id \(rid))")
    #expect(create.json == #"{"operation":"create","status":201,"reason":null,"requestId":"\#(rid)","channelId":"\#(Self.id)","predicted":{"status":201,"reason":null}}"#)

    var settings = APNsDelivery(answer: .accepted)
    settings.headers = [RequestHeader("apns-request-id", rid)]
    settings.body = Array(#"{"message-storage-policy":1,"push-type":"LiveActivity"}"#.utf8)
    let read = ChannelManagementAnswer(.read(channelID: Self.id), delivery: settings, predicted: .accepted)
    #expect(read.text == "channel \(Self.id): message-storage-policy 1 (Most Recent Message Stored), push-type LiveActivity (apns-request-id \(rid))")
    #expect(read.json == #"{"operation":"read","status":200,"reason":null,"requestId":"\#(rid)","channelId":"\#(Self.id)","messageStoragePolicy":1,"pushType":"LiveActivity","predicted":{"status":200,"reason":null}}"#)

    var ids = APNsDelivery(answer: .accepted)
    ids.body = Array(#"{"channels":["\#(Self.id)","AAAAAAAAAAAAAAAAAAAAAA=="]}"#.utf8)
    let list = ChannelManagementAnswer(.list, delivery: ids, predicted: .accepted)
    #expect(list.text == "\(Self.id)\nAAAAAAAAAAAAAAAAAAAAAA==\n2 channels")

    var gone = APNsDelivery(answer: APNsAnswer(status: 400, reason: "ChannelNotRegistered"))
    gone.headers = [RequestHeader("apns-request-id", rid)]
    gone.body = Array(#"{"reason":"ChannelNotRegistered"}"#.utf8)
    let refused = ChannelManagementAnswer(.delete(channelID: Self.id), delivery: gone, predicted: APNsAnswer(status: 204, reason: nil))
    #expect(!refused.succeeded)
    #expect(!refused.mismatch)  // what APNs stores is no offline prediction
    #expect(refused.text == "APNs answered 400 ChannelNotRegistered: the apns-channel-id header used in the request doesn't exist (apns-request-id \(rid))")
    #expect(refused.json == #"{"operation":"delete","status":400,"reason":"ChannelNotRegistered","meaning":"the apns-channel-id header used in the request doesn't exist","requestId":"\#(rid)","predicted":{"status":204,"reason":null}}"#)

    // A refusal the gate should have seen is said to differ from the prediction.
    let missed = ChannelManagementAnswer(.read(channelID: Self.id), delivery: APNsDelivery(answer: APNsAnswer(status: 400, reason: "BadChannelId")), predicted: .accepted)
    #expect(missed.mismatch)
    #expect(missed.text == "APNs answered 400 BadChannelId: the apns-channel-id header isn't properly encoded, or it's greater than the allowed length\nAPNs answered 400 BadChannelId; apns-lint predicted 200")
    // A 201 without the new id is no success.
    let noID = ChannelManagementAnswer(.create(.noMessageStored), delivery: APNsDelivery(answer: APNsAnswer(status: 201, reason: nil)), predicted: APNsAnswer(status: 201, reason: nil))
    #expect(!noID.succeeded)
    #expect(noID.text == "APNs answered 201: the answer has no apns-channel-id")
  }

  /// One decision for rules turned off (SPEC §12, "The gate"): with `topic-syntax: off` in the
  /// configuration, `check` predicts 200 and `send` (the same result) predicts 200 and sends;
  /// without it both predict 400 BadTopic and `send` holds the push back.
  @Test func checkAndSendAgreeOnARuleTurnedOff() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-off-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(#"{"aps": {"alert": "Hi"}}"#.utf8).write(to: dir.appendingPathComponent("p.json"))
    let check = ["check", "p.json", "--device-token", "0a1b2c3d", "-H", "apns-topic: com example", "-H", "apns-push-type: alert"]
    let send = ["send", "p.json", "--device-token", "0a1b2c3d", "--topic", "com example", "--dry-run"]
    let onCheck = try runCLI(check, in: dir.path), onSend = try runCLI(send, in: dir.path)
    #expect(onCheck.out.contains("p.json: APNs would answer 400 BadTopic\n"))
    #expect(onSend.status == 1 && onSend.out.hasSuffix("apns-lint predicts 400 BadTopic\n"))
    try Data("version: 1\nrules:\n  topic-syntax: off\n".utf8).write(to: dir.appendingPathComponent(".apns-lint.yml"))
    let offCheck = try runCLI(check, in: dir.path), offSend = try runCLI(send, in: dir.path)
    #expect(offCheck.status == 0 && offCheck.out.contains("p.json: APNs would answer 200\n"))
    #expect(offSend.status == 0 && offSend.out.hasSuffix("apns-lint predicts 200\n"), "\(offSend)")
  }

  @Test func theDocumentedStatusesAreTheOnesServeAndCheckUse() {
    // Apple's table: ChannelNotRegistered is 400 (a provider branching on 404 to drop a dead
    // channel would never see it), TopicMismatch 403.
    #expect(ChannelManagement.answer("ChannelNotRegistered") == APNsAnswer(status: 400, reason: "ChannelNotRegistered"))
    #expect(ChannelManagement.answer("TopicMismatch").status == 403)
    #expect(ChannelManagement.answer("BadRequestParams").status == 400)
    #expect(ChannelManagement.answer("BadRequestPayload").status == 400)
    #expect(ChannelManagement.answer("MissingChannelId") == APNsAnswer(status: 400, reason: "MissingChannelId"))
    #expect(ChannelManagement.answer("MethodNotAllowed").status == 405)
    #expect(ChannelManagement.answer("TooManyRequests").status == 429)
    #expect(Set(ChannelManagement.documentedReasons.map(\.reason)).count == ChannelManagement.documentedReasons.count)
    // Every refusal `check` predicts for a management request has the table's status.
    let refusals: [(String, String, [RequestHeader], String)] = [
      ("GET", "/1/apps/com.example.app/channels", [], ""),
      ("DELETE", "/1/apps/com.example.app/channels", [RequestHeader("apns-channel-id", "***")], ""),
      ("POST", "/1/apps/com.example.app/channels", [], #"{"message-storage-policy": 1}"#),
      ("POST", "/1/apps/com.example.app/channels", [], #"{"message-storage-policy": 1, "push-type": "alert"}"#),
      ("POST", "/1/apps/com.example.app/channels", [], #"{"message-storage-policy": 7, "push-type": "LiveActivity"}"#),
      ("PUT", "/1/apps/com.example.app/channels", [], ""),
      ("GET", "/1/apps/com.example.app/channel", [], ""),
      ("GET", "/1/apps/com example/channels", [], ""),
    ]
    var reasons: [String] = []
    for (method, path, headers, body) in refusals {
      guard case .failure(let refusal) = ChannelManagement.parse(method: method, path: path, headers: headers, body: Array(body.utf8)) else {
        Issue.record("\(method) \(path) was not refused")
        continue
      }
      #expect(refusal.answer == ChannelManagement.answer(refusal.answer.reason ?? ""), "\(refusal)")
      reasons.append(refusal.answer.description)
    }
    #expect(reasons == ["400 MissingChannelId", "400 BadChannelId", "400 MissingPushType", "400 InvalidPushType",
                        "400 MissingChannelQueueSize", "405 MethodNotAllowed", "404 BadPath", "400 BadTopic"])
  }

  @Test func curlAndDryRunShowTheRequestForTheManagementHost() throws {
    let delete = try runCLI(["channel", "delete", "--bundle-id", Self.app, "--channel", Self.id, "--curl"])
    #expect(delete.status == 0, "\(delete.err)")
    #expect(delete.out == "curl --http2 -sS -D - -X DELETE -H 'apns-channel-id: \(Self.id)' 'https://api-manage-broadcast.sandbox.push.apple.com:2195/1/apps/com.example.app/channels'\n")
    let list = try runCLI(["channel", "list", "--bundle-id", Self.app, "--production", "--curl"])
    #expect(list.out == "curl --http2 -sS -D - 'https://api-manage-broadcast.push.apple.com:2196/1/apps/com.example.app/all-channels'\n")
    let create = try runCLI(["channel", "create", "--bundle-id", Self.app, "--storage-policy", "most-recent", "--dry-run"])
    #expect(create.status == 0, "\(create.err)")
    #expect(create.out == """
      POST /1/apps/com.example.app/channels HTTP/2
      host: api-manage-broadcast.sandbox.push.apple.com:2195
      content-type: application/json

      {"message-storage-policy": 1, "push-type": "LiveActivity"}
      apns-lint predicts 201

      """)
    // The gate: a channel id that is not base64 is not sent.
    let bad = try runCLI(["channel", "read", "--bundle-id", Self.app, "--channel", "not base64!", "--url", "http://127.0.0.1:9"])
    #expect(bad.status == 1)
    #expect(bad.out == "")
    #expect(bad.err.contains("[channel-request]"))
    #expect(bad.err.hasSuffix("GET /1/apps/com.example.app/channels: not sent: apns-lint predicts 400 BadChannelId; --force sends it anyway\n"))
    let usage = try runCLI(["channel", "read", "--bundle-id", Self.app])
    #expect(usage.status == 2)
    #expect(usage.err.contains("--channel"))
  }
}

/// The round trip of SPEC §13.2 with the command line against `serve` (in this process, over
/// h2c, with the fixture key): create → read → list → broadcast → delete → broadcast again.
@Suite(.serialized) struct ChannelEndToEndTests {
  static let keyPath = packageRoot + "/Fixtures/keys/AuthKey_ABC123DEFG.p8"

  @Test func createReadListBroadcastDeleteThenRefused() throws {
    var configuration = APNsServer.Configuration()
    configuration.port = 0
    configuration.threads = 1
    configuration.keys = ProviderKeyRing([try ProviderKey.load(path: Self.keyPath)])
    configuration.teamID = "DEF123GHIJ"
    configuration.shutdownGrace = .seconds(2)
    let server = try APNsServer.start(configuration)
    defer { try? server.shutdown() }
    let auth = ["--url", "http://127.0.0.1:\(server.port)", "--key", Self.keyPath, "--team", "DEF123GHIJ"]
    let app = ["--bundle-id", "com.example.app"]

    let created = try runCLI(["channel", "create"] + app + ["--storage-policy", "no-storage"] + auth)
    #expect(created.status == 0, "\(created.err)")
    let lines = created.out.split(separator: "\n").map(String.init)
    let id = try #require(lines.first)
    #expect(ChannelManagement.channelIDProblem(id) == nil)
    #expect(lines.count == 2)
    #expect(lines.last?.hasPrefix("created channel \(id) (apns-request-id ") == true)

    let read = try runCLI(["channel", "read"] + app + ["--channel", id, "--format", "json"] + auth)
    #expect(read.status == 0, "\(read.err)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(read.out.utf8)) as? [String: Any])
    #expect(object["status"] as? Int == 200)
    #expect(object["channelId"] as? String == id)
    #expect(object["messageStoragePolicy"] as? Int == 0)
    #expect(object["pushType"] as? String == "LiveActivity")

    let list = try runCLI(["channel", "list"] + app + auth)
    #expect(list.status == 0, "\(list.err)")
    let listed = list.out.split(separator: "\n").map(String.init)
    #expect(listed.first == id)
    #expect(listed.count == 2 && listed[1].hasPrefix("1 channel (apns-request-id "))

    let payload = FileManager.default.temporaryDirectory.appendingPathComponent("channel-e2e-\(getpid()).json")
    let now = Int(Date().timeIntervalSince1970)
    try Data(#"{"aps": {"event": "update", "timestamp": \#(now), "content-state": {"home": 1, "away": 2}}}"#.utf8).write(to: payload)
    defer { try? FileManager.default.removeItem(at: payload) }
    let sent = try runCLI(["send", payload.path, "--channel", id] + app + auth)
    #expect(sent.status == 0, "\(sent.out)\(sent.err)")
    #expect(sent.out.hasPrefix("APNs answered 200 ("))
    let broadcasts = server.inbox.pushes().filter { $0.path == "/4/broadcasts/apps/com.example.app" }
    #expect(broadcasts.count == 1)
    #expect(broadcasts.first?.answer.status == 200)
    #expect(broadcasts.first?.headers.contains(RequestHeader("apns-channel-id", id)) == true)
    #expect(broadcasts.first?.headers.contains(RequestHeader("apns-push-type", "LiveActivity")) == true)

    let deleted = try runCLI(["channel", "delete"] + app + ["--channel", id] + auth)
    #expect(deleted.status == 0, "\(deleted.err)")
    #expect(deleted.out.hasPrefix("deleted channel \(id) (apns-request-id "))

    let again = try runCLI(["send", payload.path, "--channel", id] + app + auth)
    #expect(again.status == 1)
    let answered = again.out.split(separator: "\n").map(String.init)
    #expect(answered.count == 2, "\(again.out)")
    #expect(answered.first?.hasPrefix("APNs answered 400 ChannelNotRegistered (") == true)
    #expect(answered.last == "ChannelNotRegistered: the apns-channel-id header used in the request doesn't exist")
    #expect(server.inbox.pushes().filter { $0.path == "/4/broadcasts/apps/com.example.app" }.count == 2)

    let readGone = try runCLI(["channel", "read"] + app + ["--channel", id] + auth)
    #expect(readGone.status == 1)
    #expect(readGone.out.hasPrefix("APNs answered 400 ChannelNotRegistered: the apns-channel-id header used in the request doesn't exist (apns-request-id "))
    let empty = try runCLI(["channel", "list"] + app + auth)
    #expect(empty.out.hasPrefix("0 channels (apns-request-id "))
  }
}

/// `send --push-type accessory` (issue 53; Apple, "Responding to forwarded notifications") against
/// `serve` in this process: the gate passes Apple's shape, serve answers 200 and keeps it with its
/// push type and topic; a response without messageIndex is held back by the gate (exit 1).
@Suite(.serialized) struct AccessorySendEndToEndTests {
  @Test func sendAnAccessoryPushToServe() throws {
    var configuration = APNsServer.Configuration()
    configuration.port = 0
    configuration.threads = 1
    configuration.keys = ProviderKeyRing([try ProviderKey.load(path: ChannelEndToEndTests.keyPath)])
    configuration.teamID = "DEF123GHIJ"
    configuration.shutdownGrace = .seconds(2)
    let server = try APNsServer.start(configuration)
    defer { try? server.shutdown() }
    let folder = try TemporaryFolder()
    try folder.write("reply.json", #"{"aps": {"encryptedData": "c2VhbGVkIHJlcGx5", "sessionIdentifier": "9B2D6E0A-51C4-4F7B-8A0E-3C5D7F1B2A44", "keyID": "a2V5LTE=", "messageIndex": "7"}}"#)
    try folder.write("broken.json", #"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyID": "a2V5"}}"#)
    let token = String(repeating: "5e", count: 32)
    let push = ["--device-token", token, "--push-type", "accessory", "--topic", "com.example.companion.push-type.accessory",
                "--url", "http://127.0.0.1:\(server.port)", "--key", ChannelEndToEndTests.keyPath, "--team", "DEF123GHIJ"]

    let sent = try runCLI(["send", folder.path + "/reply.json"] + push)
    #expect(sent.status == 0, "\(sent.out)\(sent.err)")
    #expect(sent.out.hasPrefix("APNs answered 200 ("))
    let record = try #require(server.inbox.pushes().first)
    #expect(record.path == "/3/device/" + token)
    #expect(record.pushType == .accessory)
    #expect(record.headers.contains(RequestHeader("apns-push-type", "accessory")))
    #expect(record.topic == "com.example.companion.push-type.accessory")
    #expect(record.findings.isEmpty)

    let held = try runCLI(["send", folder.path + "/broken.json"] + push)
    #expect(held.status == 1)
    #expect((held.out + held.err).contains("[accessory-fields]"), "\(held.out)\(held.err)")
    #expect(server.inbox.pushes().count == 1, "the gate sent nothing")
  }
}

/// `send --web-push` (SPEC §16) against `serve --web-push` in this process: the gate first (an
/// error in the message sends nothing), then 201 and the message drawn; a Topic Apple refuses,
/// sent with --force, comes back as its reason with its meaning.
@Suite(.serialized) struct WebPushSendEndToEndTests {
  @Test func sendToTheLocalService() throws {
    var configuration = APNsServer.Configuration()
    configuration.port = 0
    configuration.threads = 1
    configuration.webPushPort = 0
    configuration.shutdownGrace = .seconds(2)
    let server = try APNsServer.start(configuration)
    defer { try? server.shutdown() }
    let desk = try #require(server.webPush)
    guard case .success(let subscription) = desk.subscribe(requestBody: []) else { Issue.record("no subscription"); return }
    let dir = try TemporaryFolder()
    try dir.write("sub.json", subscription.json)
    try dir.write("vapid.pem", P256.Signing.PrivateKey().pemRepresentation)
    try dir.write("m.json", #"{"web_push": 8030, "notification": {"title": "Shipped", "navigate": "https://shop.example/1"}}"#)
    try dir.write("bad.json", #"{"web_push": 8030, "notification": {"title": "", "navigate": "https://shop.example/1"}}"#)
    let common = ["--web-push", "sub.json", "--vapid", "vapid.pem", "--sub", "mailto:ops@shop.example", "--ttl", "60"]
    let sent = try runCLI(["send", "m.json"] + common, in: dir.path)
    #expect(sent.status == 0 && sent.out == "m.json: the web push service answered 201 over HTTP/1.1\n", "\(sent.err)")
    #expect(desk.received.first?.answer.shown?.title == "Shipped")
    let gated = try runCLI(["send", "bad.json"] + common, in: dir.path)
    #expect(gated.status == 1 && gated.out.isEmpty)
    #expect(gated.err.contains("bad.json:1:46: error: 'title' is empty")
            && gated.err.hasSuffix("bad.json: not sent: apns-lint predicts 201 and found errors; --force sends it anyway\n"), "\(gated.err)")
    #expect(desk.received.count == 1)
    // The gate reads the configuration APNs sends read: a rule turned off there does not hold the message back.
    try dir.write(".apns-lint.yml", "version: 1\nrules:\n  web-push-declarative: off\n")
    let configured = try runCLI(["send", "bad.json"] + common, in: dir.path)
    #expect(configured.status == 0 && configured.err.isEmpty, "\(configured.err)")
    try FileManager.default.removeItem(atPath: dir.path + "/.apns-lint.yml")
    #expect(desk.received.count == 2)
    let topic = try runCLI(["send", "m.json"] + common + ["--web-push-topic", String(repeating: "a", count: 40), "--force"], in: dir.path)
    #expect(topic.status == 1)
    #expect(topic.out == "m.json: the web push service answered 400 BadWebPushTopic over HTTP/1.1\n  the Topic header is not 1 to 32 URL-safe base64 characters\n")
    let dry = try runCLI(["send", "m.json"] + common + ["--dry-run"], in: dir.path)
    #expect(dry.out.hasPrefix("POST \(subscription.endpoint)\nTTL: 60\nContent-Encoding: aes128gcm\n"))
    #expect(desk.received.count == 3)
  }
}
