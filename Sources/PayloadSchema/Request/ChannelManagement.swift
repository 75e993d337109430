/// Channels for broadcast Live Activity pushes (SPEC §13.2; Apple: "Sending channel management
/// requests to APNs", "Sending broadcast push notification requests to APNs"): the requests a
/// provider sends, built in one place for any client, and what APNs answers the ones it refuses
/// before it looks at the channels it stores.
///
/// The reasons are those of Apple's "Handling error responses from Apple Push Notification
/// service", the page that documents the channel and broadcast APIs' answers (docs/live-activities.md
/// cites each).
public enum ChannelManagement {
  /// The channel management host and port of the development environment.
  public static let developmentHost = "api-manage-broadcast.sandbox.push.apple.com"
  /// The channel management port of the development environment.
  public static let developmentPort = 2195
  /// The channel management host and port of the production environment.
  public static let productionHost = "api-manage-broadcast.push.apple.com"
  /// The channel management port of the production environment.
  public static let productionPort = 2196
  /// Apple: "you can maintain up to 10,000 channels for your app in the development and
  /// production environment, respectively".
  public static let channelLimit = 10_000
  /// A reason APNs gives a channel management or broadcast request: its status and Apple's words.
  public struct DocumentedReason: Sendable, Hashable {
    /// The reason string of the error body (`ChannelNotRegistered`).
    public var reason: String
    /// The HTTP status it comes with.
    public var status: Int
    /// What it means, in the words of the page that lists it.
    public var meaning: String
  }

  /// The reasons of Apple's "Handling error responses from Apple Push Notification service"
  /// (https://developer.apple.com/documentation/usernotifications/handling-error-responses-from-apns),
  /// the page of the channel and broadcast APIs, with the status its table gives each and the
  /// words `apns-lint channel` / `send --channel` explain an answer with: the channel rows of
  /// `APNsCatalogue`, which `check` predicts from and `serve` answers from. Two rows are not
  /// Apple's, and say so: `BadTopic` (the device push table's reason, for a path whose bundle id is
  /// no bundle identifier) and `MissingChannelQueueSize` (undocumented; a public TypeScript APNs
  /// client records it as APNs' answer to a create without a valid `message-storage-policy`, which
  /// Apple's page marks Required). Apple's table spells the first 503 `Service Unavailable`; APNs'
  /// device push table, and this one, say `ServiceUnavailable` (`APNsReason/init(wire:)` reads
  /// both). docs/behaviour.md, "Channels", has the details.
  public static let documentedReasons: [DocumentedReason] = APNsCatalogue.rows.compactMap { row in
    guard let reason = row.reason, row.surfaces.contains(.channel) else { return nil }
    return DocumentedReason(reason: reason.rawValue, status: row.status, meaning: row.explanation ?? row.apple)
  }

  /// The `push-type` values a create body may carry: Apple's `LiveActivity`, the spelling of its
  /// broadcast header table (`Liveactivity`) and of its samples (`liveactivity`).
  public static let pushTypeSpellings: Set<String> = ["LiveActivity", "Liveactivity", "liveactivity"]

  /// The members a create body may have (Apple: both Required).
  public static let createMembers: Set<String> = ["message-storage-policy", "push-type"]

  /// The documented reason named `reason` (in any spelling `APNsReason` reads), or nil.
  public static func documented(_ reason: String) -> DocumentedReason? {
    guard let known = APNsReason(wire: reason), let row = APNsCatalogue.row(known, on: .channel) else { return nil }
    return DocumentedReason(reason: known.rawValue, status: row.status, meaning: row.explanation ?? row.apple)
  }

  /// The answer for a documented reason: its status and the reason (400 for a reason not in the table).
  public static func answer(_ reason: String) -> APNsAnswer {
    APNsAnswer(status: documented(reason)?.status ?? 400, reason: reason)
  }

  /// `message-storage-policy`: whether APNs keeps the most recent broadcast for devices offline.
  public enum StoragePolicy: Int, Sendable, Hashable, Codable {
    /// 0: No Message Stored; a broadcast on such a channel must have `apns-expiration: 0`.
    case noMessageStored = 0
    /// 1: Most Recent Message Stored.
    case mostRecentMessageStored = 1
  }

  /// What a channel management request asks for.
  public enum Operation: Sendable, Hashable {
    /// `POST /1/apps/<bundleId>/channels` with `{"message-storage-policy": 0|1, "push-type": "LiveActivity"}`.
    case create(StoragePolicy)
    /// `GET /1/apps/<bundleId>/channels` with `apns-channel-id`.
    case read(channelID: String)
    /// `DELETE /1/apps/<bundleId>/channels` with `apns-channel-id`.
    case delete(channelID: String)
    /// `GET /1/apps/<bundleId>/all-channels`.
    case list
  }

  /// The request for `operation` on the app `bundleID`: method, path, headers and body, as sent.
  /// `requestID` becomes `apns-request-id` (APNs makes one when it is absent); `authorization` is
  /// `bearer <provider token>` with token authentication.
  public static func request(_ operation: Operation, bundleID: String, requestID: String? = nil,
                             authorization: String? = nil) -> APNsRequest {
    var headers: [RequestHeader] = []
    if let authorization { headers.append(RequestHeader("authorization", authorization)) }
    if let requestID { headers.append(RequestHeader("apns-request-id", requestID)) }
    switch operation {
    case .create(let policy):
      headers.append(RequestHeader("content-type", "application/json"))
      let body = "{\"message-storage-policy\": \(policy.rawValue), \"push-type\": \"LiveActivity\"}"
      return APNsRequest(method: "POST", path: "/1/apps/\(bundleID)/channels", headers: headers, body: Array(body.utf8))
    case .read(let id):
      headers.append(RequestHeader("apns-channel-id", id))
      return APNsRequest(method: "GET", path: "/1/apps/\(bundleID)/channels", headers: headers, body: [])
    case .delete(let id):
      headers.append(RequestHeader("apns-channel-id", id))
      return APNsRequest(method: "DELETE", path: "/1/apps/\(bundleID)/channels", headers: headers, body: [])
    case .list:
      return APNsRequest(method: "GET", path: "/1/apps/\(bundleID)/all-channels", headers: headers, body: [])
    }
  }

  /// A broadcast push to a channel: `POST /4/broadcasts/apps/<bundleId>` with `apns-channel-id`,
  /// `apns-push-type: LiveActivity`, `apns-priority` and `apns-expiration` (both required).
  public static func broadcast(bundleID: String, channelID: String, payload: [UInt8], priority: Int = 10,
                               expiration: Int64 = 0, requestID: String? = nil, authorization: String? = nil) -> APNsRequest {
    var headers: [RequestHeader] = []
    if let authorization { headers.append(RequestHeader("authorization", authorization)) }
    if let requestID { headers.append(RequestHeader("apns-request-id", requestID)) }
    headers.append(RequestHeader("apns-channel-id", channelID))
    headers.append(RequestHeader("apns-push-type", "LiveActivity"))
    headers.append(RequestHeader("apns-priority", String(priority)))
    headers.append(RequestHeader("apns-expiration", String(expiration)))
    return APNsRequest(method: "POST", path: "/4/broadcasts/apps/\(bundleID)", headers: headers, body: payload)
  }

  /// Whether a path is one of the channel management API's (`/1/apps/…`).
  public static func isManagementPath(_ path: String) -> Bool { path.hasPrefix("/1/apps/") }

  /// A channel management request understood: the app and what it asks.
  public struct Parsed: Sendable, Hashable {
    /// The app, from the path.
    public var bundleID: String
    /// What the request asks for.
    public var operation: Operation
  }

  /// A refusal APNs documents for a channel management or broadcast request.
  public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The status and reason APNs answers.
    public var answer: APNsAnswer
    /// Lowercase start: what is wrong.
    public var message: String
    /// The header or part it is about (`apns-channel-id`, `:path`, `body`).
    public var part: String

    /// A refusal: the reason (at the status of Apple's channel table), what is wrong, and the
    /// part of the request it is about.
    public init(_ reason: APNsReason, _ message: String, part: String) {
      answer = APNsAnswer(reason, on: .channel)
      self.message = message
      self.part = part
    }

    /// `400 MissingChannelId: reading a channel needs apns-channel-id`.
    public var description: String { "\(answer): \(message)" }
  }

  /// Reads a channel management request the way APNs checks it: path, method, then the
  /// `apns-channel-id` header or the body. Authentication is not looked at here.
  public static func parse(method: String, path: String, headers: [RequestHeader], body: [UInt8]) -> Result<Parsed, Refusal> {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    // "", "1", "apps", bundle, "channels" | "all-channels"
    guard parts.count == 5, parts[1] == "1", parts[2] == "apps", !parts[3].isEmpty,
          parts[4] == "channels" || parts[4] == "all-channels" else {
      return .failure(Refusal(.badPath, "path '\(Visible.short(path))' is neither /1/apps/<bundle-id>/channels nor /1/apps/<bundle-id>/all-channels", part: ":path"))
    }
    let bundleID = String(parts[3])
    if let suffix = PushType.suffix(ofTopic: bundleID) {
      return .failure(Refusal(.topicDisallowed, "the path's bundle id '\(Visible.short(bundleID))' ends in the push type suffix '\(suffix)': channels belong to the app's own bundle id", part: ":path"))
    }
    guard RequestValidator.isBundleIdentifier(Substring(bundleID).utf8) else {
      return .failure(Refusal(.badTopic, "the path's bundle id '\(Visible.short(bundleID))' is not a bundle identifier", part: ":path"))
    }
    func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name }?.value }
    if parts[4] == "all-channels" {
      guard method == "GET" else {
        return .failure(Refusal(.methodNotAllowed, "method '\(Visible.short(method))' on all-channels: only GET lists the channels", part: ":method"))
      }
      return .success(Parsed(bundleID: bundleID, operation: .list))
    }
    switch method {
    case "POST":
      return createBody(body).map { Parsed(bundleID: bundleID, operation: .create($0)) }
    case "GET", "DELETE":
      guard let id = header("apns-channel-id") else {
        return .failure(Refusal(.missingChannelId, "\(method == "GET" ? "reading" : "deleting") a channel needs apns-channel-id", part: "apns-channel-id"))
      }
      if let problem = channelIDProblem(id) {
        return .failure(Refusal(.badChannelId, "apns-channel-id '\(Visible.short(id))' \(problem)", part: "apns-channel-id"))
      }
      return .success(Parsed(bundleID: bundleID, operation: method == "GET" ? .read(channelID: id) : .delete(channelID: id)))
    default:
      return .failure(Refusal(.methodNotAllowed, "method '\(Visible.short(method))' on channels: POST creates, GET reads, DELETE deletes", part: ":method"))
    }
  }

  /// Why a channel id is not one APNs could have issued, or nil: base64 (standard alphabet, with
  /// padding). No length is checked: Apple sets none ("don't make assumptions on the channel ID
  /// size", "Sending channel management requests to APNs").
  public static func channelIDProblem(_ id: String) -> String? {
    var id = id
    return id.withUTF8 { ValueCheck.channelIDProblem($0) }
  }

  /// The body of a create request: `{"message-storage-policy": 0|1, "push-type": "LiveActivity"}`,
  /// read as APNs reads it: a body that does not parse is `BadRequestPayload`, a member APNs does
  /// not know `BadRequestParams`, a missing or wrong push type `MissingPushType` /
  /// `InvalidPushType`, a missing or wrong storage policy `MissingChannelQueueSize`.
  static func createBody(_ body: [UInt8]) -> Result<StoragePolicy, Refusal> {
    let shape = "{\"message-storage-policy\": 0|1, \"push-type\": \"LiveActivity\"}"
    guard let members = flatObject(body) else {
      let what = body.isEmpty ? "the body is empty" : "the body does not parse as a JSON object of scalars"
      return .failure(Refusal(.badRequestPayload, "\(what); a create sends \(shape)", part: "body"))
    }
    if let unknown = members.keys.sorted().first(where: { !createMembers.contains($0) }) {
      return .failure(Refusal(.badRequestParams, "the body has the member \"\(Visible.short(unknown))\", which APNs does not know; a create sends \(shape)", part: "body"))
    }
    guard let pushType = members["push-type"] else {
      return .failure(Refusal(.missingPushType, "the body has no \"push-type\" (\"LiveActivity\")", part: "body"))
    }
    guard pushType.hasPrefix("\""), let spelled = unquoted(pushType), pushTypeSpellings.contains(spelled) else {
      return .failure(Refusal(.invalidPushType, "\"push-type\" is \(Visible.short(pushType)); the only allowed value is \"LiveActivity\"", part: "body"))
    }
    switch members["message-storage-policy"] {
    case "0"?: return .success(.noMessageStored)
    case "1"?: return .success(.mostRecentMessageStored)
    case nil:
      return .failure(Refusal(.missingChannelQueueSize, "the body has no \"message-storage-policy\", which Apple marks Required: 0 (No Message Stored) or 1 (Most Recent Message Stored); it cannot be changed later", part: "body"))
    case let other?:
      return .failure(Refusal(.missingChannelQueueSize, "\"message-storage-policy\" is \(Visible.short(other)), not 0 (No Message Stored) or 1 (Most Recent Message Stored)", part: "body"))
    }
  }

  /// A JSON string literal's value (`"a\u0062"` → `ab`): every escape of RFC 8259 decoded, a
  /// surrogate pair joined; nil for a malformed escape or a lone surrogate.
  static func unquoted(_ quoted: String) -> String? {
    let u = Array(quoted.utf8)
    guard u.count >= 2, u.first == UInt8(ascii: "\""), u.last == UInt8(ascii: "\"") else { return nil }
    guard u.contains(UInt8(ascii: "\\")) else { return String(decoding: u[1..<(u.count - 1)], as: UTF8.self) }
    var out = String.UnicodeScalarView()
    var bytes: [UInt8] = []
    var i = 1
    let end = u.count - 1
    func hex4(_ at: Int) -> UInt32? {
      guard at + 4 <= end else { return nil }
      var v: UInt32 = 0
      for b in u[at..<(at + 4)] {
        let d: UInt8
        switch b {
        case 0x30...0x39: d = b - 0x30
        case 0x41...0x46: d = b - 0x37
        case 0x61...0x66: d = b - 0x57
        default: return nil
        }
        v = v << 4 | UInt32(d)
      }
      return v
    }
    func flush() {
      if !bytes.isEmpty { out.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars); bytes.removeAll() }
    }
    while i < end {
      guard u[i] == UInt8(ascii: "\\") else { bytes.append(u[i]); i += 1; continue }
      guard i + 1 < end else { return nil }
      let simple: UInt8?
      switch u[i + 1] {
      case UInt8(ascii: "\""): simple = 0x22
      case UInt8(ascii: "\\"): simple = 0x5C
      case UInt8(ascii: "/"): simple = 0x2F
      case UInt8(ascii: "b"): simple = 0x08
      case UInt8(ascii: "f"): simple = 0x0C
      case UInt8(ascii: "n"): simple = 0x0A
      case UInt8(ascii: "r"): simple = 0x0D
      case UInt8(ascii: "t"): simple = 0x09
      case UInt8(ascii: "u"): simple = nil
      default: return nil
      }
      if let simple { bytes.append(simple); i += 2; continue }
      guard let first = hex4(i + 2) else { return nil }
      i += 6
      var value = first
      if (0xD800...0xDBFF).contains(first) {
        guard i + 1 < end, u[i] == UInt8(ascii: "\\"), u[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2),
              (0xDC00...0xDFFF).contains(low) else { return nil }
        value = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
        i += 6
      }
      guard let scalar = Unicode.Scalar(value) else { return nil }
      flush()
      out.append(scalar)
    }
    flush()
    return String(out)
  }

  /// A JSON object whose values are scalars, as member name to the value's text (strings keep
  /// their quotes), read by the one JSON reader (`JSONMembers`); nil for anything else (nesting,
  /// bad JSON, a duplicate member).
  static func flatObject(_ body: [UInt8]) -> [String: String]? {
    guard case .success(let list) = JSONMembers.read(body, maxDepth: 1) else { return nil }
    var members: [String: String] = [:]
    for member in list {
      guard members[member.name] == nil else { return nil }
      members[member.name] = String(decoding: body[member.range], as: UTF8.self)
    }
    return members
  }
}
