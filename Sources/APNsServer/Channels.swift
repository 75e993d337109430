import NIOConcurrencyHelpers
import PayloadSchema

/// The broadcast channels `serve` keeps (SPEC §13.2): per app, in creation order, each with its
/// message storage policy. One environment per server, so the 10,000-channel limit is per app.
/// Channels live as long as the server: they never expire (Apple: "a channel ID exists even if
/// there are no active subscribers"); only a delete removes one.
final class ChannelStore: Sendable {
  private struct App {
    var order: [String] = []
    var policies: [String: ChannelManagement.StoragePolicy] = [:]
  }
  private let apps = NIOLockedValueBox<[String: App]>([:])
  let limit: Int

  init(limit: Int = ChannelManagement.channelLimit) { self.limit = limit }

  /// A new channel id, or nil when the app already has `limit` channels.
  func create(bundleID: String, policy: ChannelManagement.StoragePolicy, id: String) -> String? {
    apps.withLockedValue { apps in
      var app = apps[bundleID] ?? App()
      guard app.order.count < limit else { return nil }
      app.order.append(id)
      app.policies[id] = policy
      apps[bundleID] = app
      return id
    }
  }

  func policy(bundleID: String, id: String) -> ChannelManagement.StoragePolicy? {
    apps.withLockedValue { $0[bundleID]?.policies[id] }
  }

  /// Removes a channel; false when it does not exist.
  func delete(bundleID: String, id: String) -> Bool {
    apps.withLockedValue { apps in
      guard var app = apps[bundleID], app.policies.removeValue(forKey: id) != nil else { return false }
      app.order.removeAll { $0 == id }
      apps[bundleID] = app
      return true
    }
  }

  func list(bundleID: String) -> [String] {
    apps.withLockedValue { $0[bundleID]?.order ?? [] }
  }
}

extension PushDesk {
  /// The answer to a channel management request (`/1/apps/<bundleId>/…`), as Apple documents
  /// it: 201 with `apns-channel-id` for a create, 200 and the settings for a read, 204 for a
  /// delete, 200 and `{"channels": [...]}` for the list; `apns-request-id` instead of `apns-id`.
  func channelAnswer(method: String, path: String, headers: [RequestHeader], body: [UInt8], authorization: String?) -> Response {
    let c = server.configuration
    let requiresToken = !c.keys.keyIDs.isEmpty && clientCertificate == nil
    // A token is checked as on a push: it verifies, it is fresh, it is the team's; and the key's
    // scope (Apple's 2025 keys) covers the environment and the path's bundle id.
    if requiresToken, let authorization {
      let inspection = ProviderToken.inspect(authorization: authorization, now: Clock.nowMilliseconds() / 1000,
                                             verifier: c.keys, keyIDs: c.keys.keyIDs)
      var refusal: Response?
      if inspection.answer.status != 200 {
        refusal = Response(status: inspection.answer.status, reason: inspection.answer.reason)
      } else if let team = c.teamID, inspection.claims?.issuer != team {
        refusal = Response(.invalidProviderToken, on: .channel)
      } else if let kid = inspection.claims?.keyID {
        let scope = c.keys.scope(of: kid)
        let bundleID = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(3).first.map(String.init) ?? ""
        if let environment = scope.environment, environment != (c.environment == .development ? .sandbox : .production) {
          refusal = Response(.badEnvironmentKeyIdInToken, on: .channel)
        } else if let topics = scope.topics, !topics.contains(bundleID) {
          // Apple's channel table: "The bundle IDs parsed from your token or certificate don't
          // include the topic present in the path."
          refusal = Response(.topicMismatch, on: .channel)
        }
      }
      if var refusal {
        refusal.idHeader = "apns-request-id"
        return refusal
      }
    }
    var answer = Self.channelAnswer(method: method, path: path, headers: headers, body: body,
                                    authorization: authorization, requiresToken: requiresToken,
                                    store: server.channels, newID: { newChannelID() })
    answer.idHeader = "apns-request-id"
    return answer
  }

  /// The channel management verdict without a connection (tests call it directly).
  static func channelAnswer(method: String, path: String, headers: [RequestHeader], body: [UInt8], authorization: String?,
                            requiresToken: Bool, store: ChannelStore, newID: () -> String) -> Response {
    switch ChannelManagement.parse(method: method, path: path, headers: headers, body: body) {
    case .failure(let refusal):
      return Response(status: refusal.answer.status, reason: refusal.answer.reason)
    case .success(let parsed):
      if requiresToken && authorization == nil { return Response(.missingProviderToken, on: .channel) }
      switch parsed.operation {
      case .create(let policy):
        guard let id = store.create(bundleID: parsed.bundleID, policy: policy, id: newID()) else {
          return Response(.cannotCreateChannelConfig, on: .channel)
        }
        var a = Response(status: 201, reason: nil)
        a.headers = [RequestHeader("apns-channel-id", id)]
        return a
      case .read(let id):
        guard let policy = store.policy(bundleID: parsed.bundleID, id: id) else {
          return Response(.channelNotRegistered, on: .channel)
        }
        var a = Response(status: 200, reason: nil)
        a.content = Array("{\"message-storage-policy\":\(policy.rawValue),\"push-type\":\"LiveActivity\"}".utf8)
        return a
      case .delete(let id):
        return store.delete(bundleID: parsed.bundleID, id: id) ? Response(status: 204, reason: nil)
          : Response(.channelNotRegistered, on: .channel)
      case .list:
        // The ids are this server's own base64: nothing in them needs escaping.
        let ids = store.list(bundleID: parsed.bundleID).map { "\"" + $0 + "\"" }.joined(separator: ",")
        var a = Response(status: 200, reason: nil)
        a.content = Array("{\"channels\":[\(ids)]}".utf8)
        return a
      }
    }
  }

  /// A broadcast push (`/4/broadcasts/apps/<bundleId>`) the request checks accepted: the channel
  /// must exist for that app, and a No Message Stored channel takes only `apns-expiration: 0`.
  /// Nil when the push goes out.
  static func broadcastRefusal(path: String, headers: [RequestHeader], store: ChannelStore) -> Response? {
    let bundleID = String(path.dropFirst("/4/broadcasts/apps/".count))
    func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name }?.value }
    guard let id = header("apns-channel-id") else { return Response(.missingChannelId, on: .broadcast) }
    if ChannelManagement.channelIDProblem(id) != nil { return Response(.badChannelId, on: .broadcast) }
    guard let policy = store.policy(bundleID: bundleID, id: id) else { return Response(.channelNotRegistered, on: .broadcast) }
    guard header("apns-priority") != nil else { return Response(.badPriority, on: .broadcast) }
    guard let expiration = header("apns-expiration") else { return Response(.badExpirationDate, on: .broadcast) }
    if policy == .noMessageStored && expiration != "0" { return Response(.badExpirationDate, on: .broadcast) }
    return nil
  }
}

extension Response {
  /// The answer `surface` gives with `reason`, at the status `APNsCatalogue` gives it there
  /// (channels and broadcasts: Apple's "Handling error responses from Apple Push Notification
  /// service"); `timestamp` only for 410.
  init(_ reason: APNsReason, on surface: APNsSurface = .device, timestamp: Int64? = nil) {
    self.init(APNsAnswer(reason, on: surface, timestamp: timestamp))
  }
}

extension PushDesk {
  /// A new channel id: 16 random bytes in base64, as APNs' ids look (`dHN0LXNyY2gtY2hubA==`).
  func newChannelID() -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    for _ in 0..<2 {
      var v = tools.random.next()
      for _ in 0..<8 {
        bytes.append(UInt8(truncatingIfNeeded: v))
        v >>= 8
      }
    }
    return Base64.encode(bytes)
  }
}

/// Standard base64 with padding (RFC 4648 §4), standard library only.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
      let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
      out.append(alphabet[Int(b0 >> 2)])
      out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
      out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
      out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
      i += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}
