import ActivityContract
import Foundation
import NIOHTTP1
import PayloadSchema
import Testing

@testable import APNsServer

/// `serve`'s channel API and broadcast checks (SPEC §13.2), and `--activity` (SPEC §13.1).
@Suite(.serialized) struct ChannelAndActivityTests {
  static let app = "com.example.app"
  static let update = #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"home": 1, "away": 2}}}"#

  @Test func createReadListBroadcastDelete() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    let client = sharedClient
    let requestID = "0b3e6c2a-5d4f-4e8a-9b1c-2d3e4f5a6b7c"
    let created = try await push(client, port: server.port, path: "/1/apps/\(Self.app)/channels",
                                 headers: [("apns-request-id", requestID)],
                                 body: #"{"message-storage-policy": 0, "push-type": "LiveActivity"}"#)
    #expect(created.status == 201)
    #expect(created.headers["apns-request-id"] == requestID)
    #expect(created.headers["apns-id"] == nil)
    let id = try #require(created.headers["apns-channel-id"])
    #expect(id.count == 24 && ChannelManagement.channelIDProblem(id) == nil)

    let read = try await push(client, port: server.port, path: "/1/apps/\(Self.app)/channels", method: .GET,
                              headers: [("apns-channel-id", id)], body: "")
    #expect(read.status == 200)
    #expect(read.body == #"{"message-storage-policy":0,"push-type":"LiveActivity"}"#)
    let list = try await push(client, port: server.port, path: "/1/apps/\(Self.app)/all-channels", method: .GET, headers: [], body: "")
    #expect(list.status == 200)
    #expect(list.body == #"{"channels":["\#(id)"]}"#)

    let broadcast = { (expiration: String) in
      try await push(client, port: server.port, path: "/4/broadcasts/apps/\(Self.app)",
                     headers: [("apns-push-type", "LiveActivity"), ("apns-channel-id", id), ("apns-priority", "10"),
                               ("apns-expiration", expiration)], body: Self.update)
    }
    #expect(try await broadcast("0").status == 200)
    let stored = try await broadcast("1700003600")
    #expect(stored.status == 400)
    #expect(stored.body == #"{"reason":"BadExpirationDate"}"#)

    let deleted = try await push(client, port: server.port, path: "/1/apps/\(Self.app)/channels", method: .DELETE,
                                 headers: [("apns-channel-id", id)], body: "")
    #expect(deleted.status == 204)
    let gone = try await broadcast("0")
    #expect(gone.status == 400)
    #expect(gone.body == #"{"reason":"ChannelNotRegistered"}"#)
    #expect(server.inbox.pushes().count == 7)
  }

  @Test func documentedRefusals() {
    let store = ChannelStore()
    func answer(_ method: String, _ path: String, _ headers: [RequestHeader] = [], _ body: String = "") -> String {
      PushDesk.channelAnswer(method: method, path: path, headers: headers, body: Array(body.utf8), authorization: nil,
                             requiresToken: false, store: store, newID: { "dHN0LXNyY2gtY2hubA==" }).description
    }
    let channels = "/1/apps/\(Self.app)/channels"
    #expect(answer("GET", channels) == "400 MissingChannelId")
    #expect(answer("DELETE", channels, [RequestHeader("apns-channel-id", "***")]) == "400 BadChannelId")
    #expect(answer("GET", channels, [RequestHeader("apns-channel-id", "dHN0LXNyY2gtY2hubA==")]) == "400 ChannelNotRegistered")
    // No length limit Apple does not set: a long base64 id is only not registered.
    let long = String(repeating: "QUJD", count: 200)
    #expect(answer("GET", channels, [RequestHeader("apns-channel-id", long)]) == "400 ChannelNotRegistered")
    #expect(answer("POST", channels, [], #"{"message-storage-policy": 1}"#) == "400 MissingPushType")
    #expect(answer("POST", channels, [], #"{"message-storage-policy": 1, "push-type": "alert"}"#) == "400 InvalidPushType")
    #expect(answer("POST", channels, [], #"{"message-storage-policy": 7, "push-type": "LiveActivity"}"#) == "400 MissingChannelQueueSize")
    #expect(answer("POST", channels, [], #"{"push-type": "LiveActivity"}"#) == "400 MissingChannelQueueSize")
    #expect(answer("POST", channels, [], #"{"message-storage-policy": 1, "push-type": "LiveActivity", "ttl": 5}"#) == "400 BadRequestParams")
    #expect(answer("POST", channels, [], #"{"message-storage-policy": 1, "push-type": "LiveActivity""#) == "400 BadRequestPayload")
    #expect(answer("POST", channels, [], "") == "400 BadRequestPayload")
    #expect(answer("POST", "/1/apps/\(Self.app).push-type.liveactivity/channels", [], "") == "400 TopicDisallowed")
    // Apple's three spellings of the push type, and escapes in member names, are read as APNs reads them.
    for spelled in ["LiveActivity", "Liveactivity", "liveactivity", #"Live\u0041ctivity"#] {
      #expect(answer("POST", channels, [], #"{"message-storage-p\u006flicy": 0, "push-type": "\#(spelled)"}"#) == "201", "\(spelled)")
    }
    #expect(answer("PUT", channels) == "405 MethodNotAllowed")
    #expect(answer("POST", "/1/apps/\(Self.app)/all-channels") == "405 MethodNotAllowed")
    #expect(answer("GET", "/1/apps/\(Self.app)/channel") == "404 BadPath")
    #expect(answer("POST", channels, [], #"{"message-storage-policy": 1, "push-type": "LiveActivity"}"#) == "201")
  }

  @Test func theTenThousandAndFirstChannelIsRefused() {
    let store = ChannelStore()
    var n = 0
    func create(_ app: String) -> String {
      n += 1
      return PushDesk.channelAnswer(method: "POST", path: "/1/apps/\(app)/channels", headers: [],
                                    body: Array(#"{"message-storage-policy": 1, "push-type": "LiveActivity"}"#.utf8),
                                    authorization: nil, requiresToken: false, store: store,
                                    newID: { Base64.encode(Array(String(n).utf8)) }).description
    }
    for _ in 0..<10_000 { #expect(create(Self.app) == "201") }
    #expect(store.list(bundleID: Self.app).count == 10_000)
    #expect(create(Self.app) == "400 CannotCreateChannelConfig")
    #expect(create("com.example.other") == "201")
  }

  @Test func base64() {
    #expect(Base64.encode(Array("tst-srch-chnl".utf8)) == "dHN0LXNyY2gtY2hubA==")
    #expect(Base64.encode([]) == "")
    #expect(Base64.encode([0xFF]) == "/w==")
  }

  @Test func aPushThatWouldNotDecodeIsAcceptedAndMarkedDropped() async throws {
    var contract = ActivityContract()
    contract.add(source: "struct Score: ActivityAttributes { struct ContentState: Codable, Hashable { var home: Int; var away: Int } }",
                 file: "Score.swift")
    let server = try startServer { $0.activity = ActivityChecker(contract: contract) }
    defer { try? server.shutdown() }
    let headers = [("apns-topic", "com.example.app.push-type.liveactivity"), ("apns-push-type", "liveactivity"), ("apns-priority", "10")]
    // serve judges a Live Activity's timestamp against the time the push arrives: written now.
    let now = Int64(Date().timeIntervalSince1970)
    let bad = try await push(sharedClient, port: server.port, headers: headers,
                             body: #"{"aps": {"event": "update", "timestamp": \#(now), "content-state": {"home": 1, "away": "2"}}}"#)
    #expect(bad.status == 200)
    let record = try #require(server.inbox.pushes().first)
    #expect(record.dropped == "dropped on the device: 'away' is the string '2'; Score.ContentState.away decodes from a number (Int): the device drops the update (aps.content-state.away [activity-state-type])")
    let good = try await push(sharedClient, port: server.port, headers: headers,
                              body: Self.update.replacingOccurrences(of: "1700000000", with: "\(now)"))
    #expect(good.status == 200)
    #expect(try #require(server.inbox.pushes().first).dropped == nil)
    #expect(InboxPage.card(record).contains("dropped on the device"))
  }

  /// Issue 53: serve judges a Live Activity's dates against the time the push arrives. An update
  /// written in 2023 is accepted, as APNs accepts it, and marked dropped on the device (ActivityKit
  /// ignores it: older than any activity); a stale-date already past is said in the log.
  @Test func anUpdateWrittenLongAgoIsAcceptedAndMarkedDropped() async throws {
    let server = try startServer { _ in }
    defer { try? server.shutdown() }
    let headers = [("apns-topic", "com.example.app.push-type.liveactivity"), ("apns-push-type", "liveactivity"), ("apns-priority", "5")]
    #expect(try await push(sharedClient, port: server.port, headers: headers, body: Self.update).status == 200)
    let old = try #require(server.inbox.pushes().first)
    #expect(old.dropped?.hasPrefix("dropped on the device: 'timestamp' 1700000000 (2023-11-14 22:13 UTC) is ") == true, "\(old.dropped ?? "nil")")
    #expect(old.dropped?.hasSuffix("so this update is dropped; set 'timestamp' to the time the content is made (aps.timestamp [timestamp-old])") == true)
    let now = Int64(Date().timeIntervalSince1970)
    let stale = #"{"aps": {"event": "update", "timestamp": \#(now), "stale-date": \#(now - 600), "content-state": {"home": 1, "away": 2}}}"#
    #expect(try await push(sharedClient, port: server.port, headers: headers, body: stale).status == 200)
    let record = try #require(server.inbox.pushes().first)
    #expect(record.dropped == nil)
    #expect(record.findings.map { "\($0.rule.rawValue) \($0.severity.rawValue) \($0.keyPath ?? "-")" } == ["stale-date-past warning aps.stale-date"])
  }
}
