// The one catalogue of what APNs and Apple's web push service answer: every `reason` they send,
// its status, Apple's words and the page they are from, on each API (device pushes, channel
// management, broadcasts, tokens, web push). Rules, `serve`, `send`, `channel`, `token check`,
// `check`'s predictions and the client's explanations all read it. This file is the only one in
// Sources/ that writes a reason as a value (a string literal); CLITests' AnswerCatalogueTests fails
// on one written anywhere else. Prose (a rule's consequence, a help text) may name one.

/// A reason APNs or Apple's web push service gives in the JSON body of a refusal
/// (`{"reason": "BadDeviceToken"}`) or in a GOAWAY frame.
///
/// The raw value is the spelling apns-lint sends and predicts, Apple's own; ``init(wire:)`` also
/// reads the other spellings met on the wire (``aliases``). What each reason means, and at which
/// status, is in ``APNsCatalogue``.
public enum APNsReason: String, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
  // Device pushes ("Handling notification responses from APNs"), in the order of Apple's table.
  /// 400: the collapse identifier is too long.
  case badCollapseId = "BadCollapseId"
  /// 400: the device token is invalid, or for the other environment.
  case badDeviceToken = "BadDeviceToken"
  /// 400: `apns-expiration` is invalid.
  case badExpirationDate = "BadExpirationDate"
  /// 400: `apns-id` is invalid.
  case badMessageId = "BadMessageId"
  /// 400: `apns-priority` is invalid.
  case badPriority = "BadPriority"
  /// 400: `apns-topic` is invalid.
  case badTopic = "BadTopic"
  /// 400: the device token is not the topic's.
  case deviceTokenNotForTopic = "DeviceTokenNotForTopic"
  /// 400: a header is repeated.
  case duplicateHeaders = "DuplicateHeaders"
  /// 400, or a GOAWAY: the connection was idle too long.
  case idleTimeout = "IdleTimeout"
  /// 400: `apns-push-type` is invalid.
  case invalidPushType = "InvalidPushType"
  /// 400: the path has no device token.
  case missingDeviceToken = "MissingDeviceToken"
  /// 400: `apns-topic` is missing and required.
  case missingTopic = "MissingTopic"
  /// 400: the payload is empty.
  case payloadEmpty = "PayloadEmpty"
  /// 400: pushing to this topic is not allowed.
  case topicDisallowed = "TopicDisallowed"
  /// 403: the certificate is invalid.
  case badCertificate = "BadCertificate"
  /// 403: the certificate is for the other environment.
  case badCertificateEnvironment = "BadCertificateEnvironment"
  /// 403: the provider token is stale.
  case expiredProviderToken = "ExpiredProviderToken"
  /// 403: the action is not allowed.
  case forbidden = "Forbidden"
  /// 403: the provider token is invalid, or its signature does not verify.
  case invalidProviderToken = "InvalidProviderToken"
  /// 403: neither a certificate nor a provider token.
  case missingProviderToken = "MissingProviderToken"
  /// 403, then a GOAWAY: the token's key is not related to the connection's.
  case unrelatedKeyIdInToken = "UnrelatedKeyIdInToken"
  /// 403: the token's key is for the other environment (on the wire also `BadEnvironmentKeyInToken`).
  case badEnvironmentKeyIdInToken = "BadEnvironmentKeyIdInToken"
  /// 404: the path is invalid.
  case badPath = "BadPath"
  /// 405: the method is not allowed.
  case methodNotAllowed = "MethodNotAllowed"
  /// 410: the device token has expired.
  case expiredToken = "ExpiredToken"
  /// 410: the device token is inactive for the topic.
  case unregistered = "Unregistered"
  /// 413: the payload is too large.
  case payloadTooLarge = "PayloadTooLarge"
  /// 429: the provider token changes too often.
  case tooManyProviderTokenUpdates = "TooManyProviderTokenUpdates"
  /// 429: too many requests in a row to one device token (or subscription).
  case tooManyRequests = "TooManyRequests"
  /// 500: an internal server error.
  case internalServerError = "InternalServerError"
  /// 503: the service is unavailable (Apple's channel table spells it `Service Unavailable`).
  case serviceUnavailable = "ServiceUnavailable"
  /// 503, or a GOAWAY: the server is shutting down.
  case shutdown = "Shutdown"
  // Channel management and broadcasts ("Handling error responses from Apple Push Notification service").
  /// 400: broadcast push is not enabled for the topic.
  case featureNotEnabled = "FeatureNotEnabled"
  /// 400: `apns-channel-id` is missing.
  case missingChannelId = "MissingChannelId"
  /// 400: `apns-channel-id` is badly encoded or too long.
  case badChannelId = "BadChannelId"
  /// 400: no channel has that `apns-channel-id`.
  case channelNotRegistered = "ChannelNotRegistered"
  /// 400: the create body has a member APNs does not know.
  case badRequestParams = "BadRequestParams"
  /// 400: the create body does not parse.
  case badRequestPayload = "BadRequestPayload"
  /// 400: the create body has no `push-type`.
  case missingPushType = "MissingPushType"
  /// 400: the app has as many channels as it may.
  case cannotCreateChannelConfig = "CannotCreateChannelConfig"
  /// 400: the create body's `message-storage-policy` is missing or not 0 or 1 (not in Apple's table).
  case missingChannelQueueSize = "MissingChannelQueueSize"
  /// 403: the token's or certificate's bundle ids do not include the path's.
  case topicMismatch = "TopicMismatch"
  // Web push ("Sending web push notifications in web apps and browsers").
  /// `TTL` is missing or not a positive number.
  case badTtl = "BadTtl"
  /// `Urgency` is not `very-low`, `low`, `normal` or `high`.
  case badUrgency = "BadUrgency"
  /// The request does not follow the encryption rules.
  case badWebPushRequest = "BadWebPushRequest"
  /// `Topic` does not conform to the specification.
  case badWebPushTopic = "BadWebPushTopic"
  /// The VAPID key is not the subscription's.
  case vapidPkHashMismatch = "VapidPkHashMismatch"
  /// `Authorization` does not conform to the specification.
  case badAuthorizationHeader = "BadAuthorizationHeader"
  /// The VAPID JWT is missing, signed with another key, or has a wrong claim.
  case badJwtToken = "BadJwtToken"
  /// The VAPID public key is missing, not base64url, or not a P-256 key.
  case badVapidPublicKey = "BadVapidPublicKey"

  /// Other spellings of a reason: `BadEnvironmentKeyInToken`, what APNs sends on the wire for
  /// the reason Apple's table writes `BadEnvironmentKeyIdInToken` (APNSwift, pull request 229), and
  /// `Service Unavailable`, the spelling of Apple's channel and broadcast table.
  public static let aliases: [String: APNsReason] = [
    wireBadEnvironmentKey: .badEnvironmentKeyIdInToken,
    "Service Unavailable": .serviceUnavailable,
  ]

  /// What APNs writes on the wire for `BadEnvironmentKeyIdInToken` (APNSwift, pull request 229).
  private static let wireBadEnvironmentKey = "BadEnvironmentKeyInToken"

  /// The spelling APNs sends on the wire: `BadEnvironmentKeyInToken` for the reason Apple's table
  /// writes `BadEnvironmentKeyIdInToken`, the raw value for every other reason. `serve
  /// --reason-spelling wire` answers with it.
  public var wireSpelling: String { self == .badEnvironmentKeyIdInToken ? Self.wireBadEnvironmentKey : rawValue }

  /// True when `text` is APNs' wire spelling of a reason Apple's table spells otherwise
  /// (`BadEnvironmentKeyInToken`); false for Apple's spelling, another alias or an unknown reason.
  public static func isWireSpelling(_ text: String) -> Bool {
    guard let reason = aliases[text] else { return false }
    return reason.wireSpelling == text
  }

  /// The reason a received `reason` string names, in Apple's spelling or an alias; nil for one
  /// apns-lint does not know.
  public init?(wire: String) {
    guard let reason = APNsReason(rawValue: wire) ?? Self.aliases[wire] else { return nil }
    self = reason
  }

  /// Decodes a reason written in any of its spellings (``init(wire:)``).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let reason = APNsReason(wire: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is no reason APNs documents")
    }
    self = reason
  }

  /// The spelling apns-lint sends: the raw value.
  public var description: String { rawValue }

  /// The status `surface` answers the reason with: its first row for that surface, else its first
  /// row of all (a device push's token reason answered on a channel request).
  public func status(on surface: APNsSurface = .device) -> Int {
    (APNsCatalogue.row(self, on: surface) ?? APNsCatalogue.rows.first { $0.reason == self })?.status ?? 400
  }
}

/// Which of Apple's push APIs gives an answer.
public enum APNsSurface: String, CaseIterable, Sendable, Hashable, Codable {
  /// A device push: `POST /3/device/<token>` (the rules, `serve`, `send`).
  case device
  /// Channel management: `/1/apps/<bundle-id>/channels` and `/all-channels`.
  case channel
  /// A broadcast push: `POST /4/broadcasts/apps/<bundle-id>`.
  case broadcast
  /// A provider token or VAPID header judged on its own, and a key's scope (`token check`).
  case token
  /// Apple's web push service (`web.push.apple.com`).
  case webPush
}

/// The page (or RFC) a row of the catalogue quotes.
public struct APNsSource: Sendable, Hashable {
  /// The page's title.
  public let title: String
  /// Its address: an https URL, or a path in this repository for apns-lint's own reading.
  public let url: String

  /// A page under its title and address.
  package init(title: String, url: String) {
    self.title = title
    self.url = url
  }

  /// Apple's table of device push answers.
  public static let deviceResponses = APNsSource(
    title: "Handling notification responses from APNs",
    url: "https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns")
  /// Apple's table of channel management and broadcast answers.
  public static let errorResponses = APNsSource(
    title: "Handling error responses from Apple Push Notification service",
    url: "https://developer.apple.com/documentation/usernotifications/handling-error-responses-from-apns")
  /// Apple's web push page: its statuses and, apart, its reasons.
  public static let webPush = APNsSource(
    title: "Sending web push notifications in web apps and browsers",
    url: "https://developer.apple.com/documentation/usernotifications/sending-web-push-notifications-in-web-apps-and-browsers")
  /// RFC 8030, Generic Event Delivery Using HTTP Push.
  public static let rfc8030 = APNsSource(title: "RFC 8030, Generic Event Delivery Using HTTP Push",
                                         url: "https://www.rfc-editor.org/rfc/rfc8030")
  /// RFC 8292, Voluntary Application Server Identification (VAPID) for Web Push.
  public static let rfc8292 = APNsSource(title: "RFC 8292, Voluntary Application Server Identification (VAPID) for Web Push",
                                         url: "https://www.rfc-editor.org/rfc/rfc8292")
  /// apns-lint's own reading, where Apple is silent.
  public static let project = APNsSource(title: "apns-lint's reading (docs/behaviour.md)", url: "docs/behaviour.md")
}

/// What APNs and Apple's web push service answer, one row per reason (or status without one) and
/// source table, with the source's words and what apns-lint prints for it.
public enum APNsCatalogue {
  /// One answer a source documents.
  public struct Row: Sendable, Hashable {
    /// The reason; nil for a status that comes without one (web push's 201 and 410).
    public let reason: APNsReason?
    /// The HTTP status.
    public let status: Int
    /// The APIs that answer it.
    public let surfaces: Set<APNsSurface>
    /// The source's words for it, verbatim (Apple's, but for the RFCs' rows and apns-lint's own).
    public let apple: String
    /// Where the words are from.
    public let source: APNsSource
    /// What apns-lint prints to explain the answer (`channel`, `send --channel`, `send` to a web
    /// push endpoint); nil where it prints none.
    public let explanation: String?
    /// Where apns-lint departs from the source or chose what the source leaves open; nil otherwise.
    public let note: String?

    /// The answer: the status and the reason.
    public var answer: APNsAnswer { APNsAnswer(status: status, reason: reason?.rawValue) }
  }

  /// The first row of `reason` on `surface`, or nil when that API does not document it.
  public static func row(_ reason: APNsReason, on surface: APNsSurface) -> Row? {
    rows.first { $0.reason == reason && $0.surfaces.contains(surface) }
  }

  /// The row that explains a received answer on `surface`: its reason's (any spelling ``APNsReason``
  /// reads), at its status when a row has it; for an answer without a reason, the row of its status.
  /// Nil for an unknown reason or an undocumented answer.
  public static func row(for answer: APNsAnswer, on surface: APNsSurface) -> Row? {
    guard let text = answer.reason else {
      return rows.first { $0.reason == nil && $0.status == answer.status && $0.surfaces.contains(surface) }
    }
    guard let reason = APNsReason(wire: text) else { return nil }
    return rows.first { $0.reason == reason && $0.status == answer.status && $0.surfaces.contains(surface) }
      ?? row(reason, on: surface)
  }

  private static func entry(_ reason: APNsReason?, _ status: Int, _ surfaces: Set<APNsSurface>, _ source: APNsSource,
                          _ apple: String, explanation: String? = nil, note: String? = nil) -> Row {
    Row(reason: reason, status: status, surfaces: surfaces, apple: apple, source: source, explanation: explanation, note: note)
  }

  /// Every documented answer: Apple's three tables in their order, then the RFCs' statuses.
  public static let rows: [Row] = deviceRows + channelRows + webPushRows

  private static let device: Set<APNsSurface> = [.device]
  private static let deviceAndToken: Set<APNsSurface> = [.device, .token]
  private static let channelAndBroadcast: Set<APNsSurface> = [.channel, .broadcast]
  private static let web: Set<APNsSurface> = [.webPush]
  private static let webAndToken: Set<APNsSurface> = [.webPush, .token]

  /// "Handling notification responses from APNs": device pushes, and the token reasons.
  static let deviceRows: [Row] = [
    entry(nil, 200, device, .deviceResponses, "Success."),
    entry(.badCollapseId, 400, device, .deviceResponses, "The collapse identifier exceeds the maximum allowed size."),
    entry(.badDeviceToken, 400, device, .deviceResponses, "The specified device token is invalid. Verify that the request contains a valid token and that the token matches the environment."),
    entry(.badExpirationDate, 400, device, .deviceResponses, "The apns-expiration value is invalid."),
    entry(.badMessageId, 400, device, .deviceResponses, "The apns-id value is invalid."),
    entry(.badPriority, 400, device, .deviceResponses, "The apns-priority value is invalid."),
    entry(.badTopic, 400, device, .deviceResponses, "The apns-topic value is invalid."),
    entry(.deviceTokenNotForTopic, 400, device, .deviceResponses, "The device token doesn’t match the specified topic."),
    entry(.duplicateHeaders, 400, device, .deviceResponses, "One or more headers are repeated."),
    entry(.idleTimeout, 400, device, .deviceResponses, "Idle timeout.",
        note: "serve sends it only in the GOAWAY frame of a connection idle for --idle-timeout seconds"),
    entry(.invalidPushType, 400, device, .deviceResponses, "The apns-push-type value is invalid."),
    entry(.missingDeviceToken, 400, device, .deviceResponses, "The device token isn’t specified in the request :path. Verify that the :path header contains the device token."),
    entry(.missingTopic, 400, device, .deviceResponses, "The apns-topic header of the request isn’t specified and is required. The apns-topic header is mandatory when the client is connected using a certificate that supports multiple topics."),
    entry(.payloadEmpty, 400, device, .deviceResponses, "The message payload is empty."),
    entry(.topicDisallowed, 400, device, .deviceResponses, "Pushing to this topic is not allowed."),
    entry(.badCertificate, 403, device, .deviceResponses, "The certificate is invalid."),
    entry(.badCertificateEnvironment, 403, device, .deviceResponses, "The client certificate doesn’t match the environment."),
    entry(.expiredProviderToken, 403, deviceAndToken, .deviceResponses, "The provider token is stale and a new token should be generated."),
    entry(.forbidden, 403, deviceAndToken, .deviceResponses, "The specified action is not allowed.",
        note: "apns-lint answers it for a topic-specific key used for a topic it does not list: Apple names no reason for that case (docs/behaviour.md)"),
    entry(.invalidProviderToken, 403, deviceAndToken, .deviceResponses, "The provider token is not valid, or the token signature can’t be verified."),
    entry(.missingProviderToken, 403, device, .deviceResponses, "No provider certificate was used to connect to APNs, and the authorization header is missing or no provider token is specified."),
    entry(.unrelatedKeyIdInToken, 403, device, .deviceResponses, "The key ID in the provider token isn’t related to the key ID of the token used in the first push of this connection. To use this token, open a new connection."),
    entry(.badEnvironmentKeyIdInToken, 403, deviceAndToken, .deviceResponses, "The key ID in the provider token doesn’t match the environment.",
        note: "APNs sends BadEnvironmentKeyInToken on the wire (APNSwift, pull request 229); apns-lint sends Apple's spelling and reads both"),
    entry(.badPath, 404, device, .deviceResponses, "The request contained an invalid :path value."),
    entry(.methodNotAllowed, 405, device, .deviceResponses, "The specified :method value isn’t POST."),
    entry(.expiredToken, 410, device, .deviceResponses, "The device token has expired."),
    entry(.unregistered, 410, device, .deviceResponses, "The device token is inactive for the specified topic. There is no need to send further pushes to the same device token, unless your application retrieves the same device token, refer to Registering your app with APNs"),
    entry(.payloadTooLarge, 413, device, .deviceResponses, "The message payload is too large. For information about the allowed payload size, refer to Create a POST request to APNs in Sending notification requests to APNs."),
    entry(.tooManyProviderTokenUpdates, 429, device, .deviceResponses, "The provider’s authentication token is being updated too often. Update the authentication token no more than once every 20 minutes."),
    entry(.tooManyRequests, 429, device, .deviceResponses, "Too many requests were made consecutively to the same device token."),
    entry(.internalServerError, 500, device, .deviceResponses, "An internal server error occurred."),
    entry(.serviceUnavailable, 503, device, .deviceResponses, "The service is unavailable."),
    entry(.shutdown, 503, device, .deviceResponses, "The APNs server is shutting down.",
        note: "serve also sends it in the GOAWAY frame of a connection it closes on SIGINT or SIGTERM"),
  ]

  /// "Handling error responses from Apple Push Notification service": channel management and
  /// broadcasts, with the two rows apns-lint adds where Apple is silent. The explanations are what
  /// `channel` and `send --channel` print.
  static let channelRows: [Row] = [
    entry(.featureNotEnabled, 400, channelAndBroadcast, .errorResponses, "The feature isn’t enabled for this topic. Refer to Setting up broadcast push notifications to enable broadcast capabilities.",
        explanation: "the feature isn't enabled for this topic (enable broadcast push for the app: \"Setting up broadcast push notifications\")"),
    entry(.missingChannelId, 400, channelAndBroadcast, .errorResponses, "The apns-channel-id header is missing.",
        explanation: "the apns-channel-id header is missing"),
    entry(.badChannelId, 400, channelAndBroadcast, .errorResponses, "The apns-channel-id header isn’t properly encoded, or it’s greater than the allowed length.",
        explanation: "the apns-channel-id header isn't properly encoded, or it's greater than the allowed length",
        note: "apns-lint checks no length (Apple: \"don't make assumptions on the channel ID size\"): an id that is not base64"),
    entry(.channelNotRegistered, 400, channelAndBroadcast, .errorResponses, "The apns-channel-id header used in the request doesn’t exist.",
        explanation: "the apns-channel-id header used in the request doesn't exist"),
    entry(.badRequestParams, 400, channelAndBroadcast, .errorResponses, "The JSON Request payload contained an unrecognizable attribute.",
        explanation: "the JSON request payload contained an unrecognizable attribute"),
    entry(.badRequestPayload, 400, channelAndBroadcast, .errorResponses, "The JSON Request payload is unparseable.",
        explanation: "the JSON request payload is unparseable"),
    entry(.payloadEmpty, 400, channelAndBroadcast, .errorResponses, "The push notification request didn’t include a notification payload.",
        explanation: "the push notification request didn't include a notification payload"),
    entry(.badMessageId, 400, channelAndBroadcast, .errorResponses, "The apns-id value is invalid.",
        explanation: "the apns-request-id value is invalid",
        note: "the explanation names apns-request-id, the id header of these APIs, where Apple's row says apns-id"),
    entry(.missingPushType, 400, channelAndBroadcast, .errorResponses, "The apns-push-type attribute is missing.",
        explanation: "the apns-push-type attribute is missing"),
    entry(.invalidPushType, 400, channelAndBroadcast, .errorResponses, "The apns-push-type attribute is set to an incorrect value. The only allowed value is LiveActivity.",
        explanation: "the apns-push-type attribute is set to an incorrect value; the only allowed value is LiveActivity"),
    entry(.cannotCreateChannelConfig, 400, channelAndBroadcast, .errorResponses, "You have reached the maximum channel limit for your application. Delete channels that you no longer use.",
        explanation: "you have reached the maximum channel limit for your application; delete channels that you no longer use"),
    entry(.missingChannelQueueSize, 400, channelAndBroadcast, .project, "a create body without message-storage-policy, or with another value than 0 or 1, is 400 MissingChannelQueueSize",
        explanation: "'message-storage-policy' has not been provided, or is not 0 or 1 (not in Apple's table; observed by a public APNs client)",
        note: "not in Apple's table: Apple marks the member Required but names no reason; a public TypeScript APNs client records this one as APNs' answer"),
    entry(.badExpirationDate, 400, channelAndBroadcast, .errorResponses, "The apns-expiration header is an invalid epoch timestamp. For channels with a No Messages Stored storage policy, you can only specify a 0 expiration value.",
        explanation: "the apns-expiration header is an invalid epoch timestamp; for channels with a No Messages Stored storage policy, you can only specify a 0 expiration value"),
    entry(.topicDisallowed, 400, channelAndBroadcast, .errorResponses, "The topic is not allowed. Ensure that no push type suffix is added to the bundle ID.",
        explanation: "the topic is not allowed; ensure that no push type suffix is added to the bundle ID"),
    entry(.badPriority, 400, channelAndBroadcast, .errorResponses, "The apns-priority header is an invalid value.",
        explanation: "the apns-priority header is an invalid value"),
    entry(.badTopic, 400, channelAndBroadcast, .project, "a path whose bundle id is no bundle identifier is 400 BadTopic (the device push table's reason)",
        explanation: "the bundle id of the path is not a bundle identifier (not in Apple's channel table: the device push table's reason)",
        note: "not in Apple's channel table: the device push table's reason for an invalid topic"),
    entry(.badCertificate, 403, channelAndBroadcast, .errorResponses, "The certificate is invalid.",
        explanation: "the certificate is invalid"),
    entry(.badCertificateEnvironment, 403, channelAndBroadcast, .errorResponses, "The client certificate is for the wrong environment.",
        explanation: "the client certificate is for the wrong environment"),
    entry(.topicMismatch, 403, channelAndBroadcast, .errorResponses, "The bundle IDs parsed from your token or certificate don’t include the topic present in the path.",
        explanation: "the bundle IDs parsed from your token or certificate don't include the topic present in the path"),
    entry(.missingProviderToken, 403, channelAndBroadcast, .errorResponses, "No certificate or JWT token provided.",
        explanation: "no certificate or JWT token provided"),
    entry(.expiredProviderToken, 403, channelAndBroadcast, .errorResponses, "The JWT Token is expired.",
        explanation: "the JWT token is expired; make a new one"),
    entry(.invalidProviderToken, 403, channelAndBroadcast, .errorResponses, "The JWT Token is invalid.",
        explanation: "the JWT token is invalid"),
    entry(.badPath, 404, channelAndBroadcast, .errorResponses, "The URL is invalid. Either the HTTP/2 method or the HTTP/2 path is incorrect.",
        explanation: "the URL is invalid: either the HTTP/2 method or the HTTP/2 path is incorrect"),
    entry(.methodNotAllowed, 405, channelAndBroadcast, .errorResponses, "The specified :method value isn’t allowed.",
        explanation: "the specified :method value isn't allowed"),
    entry(.payloadTooLarge, 413, channelAndBroadcast, .errorResponses, "The message payload is too large. For information about the allowed payload size, refer to Sending broadcast push notification requests to APNs.",
        explanation: "the broadcast payload is larger than 5 KB",
        note: "the explanation gives the broadcast limit of the page Apple's row refers to (5,120 bytes)"),
    entry(.tooManyRequests, 429, channelAndBroadcast, .errorResponses, "The request was throttled because too many requests were received.",
        explanation: "the request was throttled because too many requests were received"),
    entry(.tooManyProviderTokenUpdates, 429, channelAndBroadcast, .errorResponses, "The provider’s authentication token is being updated too often. Update the authentication token no more than once every 20 minutes.",
        explanation: "the provider's authentication token is being updated too often; update it no more than once every 20 minutes"),
    entry(.internalServerError, 500, channelAndBroadcast, .errorResponses, "An unexpected error occurred.",
        explanation: "an unexpected error occurred; retry later, with back-off"),
    entry(.serviceUnavailable, 503, channelAndBroadcast, .errorResponses, "The service is unavailable",
        explanation: "the service is unavailable; retry later, with back-off",
        note: "Apple's table spells the reason Service Unavailable; its device push table, and apns-lint, ServiceUnavailable; both are read"),
    entry(.shutdown, 503, channelAndBroadcast, .errorResponses, "The server is shutting down and unavailable.",
        explanation: "the server is shutting down and unavailable; retry on a new connection"),
  ]

  /// Apple's web push page lists statuses and reasons apart: each reason's status is apns-lint's
  /// reading of its status table (docs/behaviour.md, "Web push answers").
  private static let webPushStatus = "Apple's page pairs no status with a reason: the status is apns-lint's reading of its status table (docs/behaviour.md)"

  /// "Sending web push notifications in web apps and browsers", then the RFCs' statuses. The
  /// explanations are what `send` prints under a web push answer.
  static let webPushRows: [Row] = [
    entry(nil, 201, web, .webPush, "Success."),
    entry(nil, 410, web, .webPush, "The device token has expired.",
        note: "serve answers it, with no reason, to a push to an expired subscription; RFC 8030 §7.3 would answer 404"),
    entry(.badTtl, 400, web, .webPush, "The TTL header is either missing or isn’t a positive number.",
        explanation: "the TTL header is missing or not a positive number", note: webPushStatus),
    entry(.badUrgency, 400, web, .webPush, "The Urgency header is present but isn’t one of the allowed values: very-low, low, normal, high.",
        explanation: "the Urgency header is not very-low, low, normal or high", note: webPushStatus),
    entry(.badWebPushRequest, 400, web, .webPush, "The request doesn’t conform to the encryption rules.",
        explanation: "the request does not follow the encryption rules (aes128gcm, RFC 8291)", note: webPushStatus),
    entry(.badWebPushTopic, 400, web, .webPush, "The Topic header is present but doesn’t conform to the specification.",
        explanation: "the Topic header is not 1 to 32 URL-safe base64 characters", note: webPushStatus),
    entry(.vapidPkHashMismatch, 403, webAndToken, .webPush, "The VAPID public key from the push subscription doesn’t match the VAPID public key in the request.",
        explanation: "the VAPID key is not the one the subscription was made with (its applicationServerKey)", note: webPushStatus),
    entry(.idleTimeout, 400, web, .webPush, "The connection timed out.",
        note: "serve's web push service never sends it; 400 is the device push table's status"),
    entry(.badAuthorizationHeader, 403, webAndToken, .webPush, "The Authorization header doesn’t conform to the specification.",
        explanation: "the Authorization header is not 'vapid t=<JWT>, k=<key>'", note: webPushStatus),
    entry(.badJwtToken, 403, webAndToken, .webPush, "The JSON web token (JWT) has one of following issues: The JWT is missing. The JWT is signed with the wrong private key. The JWT subject claim isn’t a URL or mailto:. The JWT audience claim isn’t the origin of the push service where you sent the request. The JWT expiration parameter is more than one day into the future.",
        explanation: "the VAPID JWT is missing, signed with another key, its sub is not a URL or mailto:, its aud not the service's origin, or its exp more than a day ahead",
        note: webPushStatus + "; an expired, malformed or non-ES256 token is this reason too: Apple lists no other for a token"),
    entry(.badVapidPublicKey, 403, webAndToken, .webPush, "The VAPID public key has one of the following issues: The VAPID public key isn’t present. The VAPID public key is present but not base64url encoded. The VAPID public key isn’t the correct type of key.",
        explanation: "the VAPID public key is missing, not base64url, or not a P-256 key", note: webPushStatus),
    entry(.badPath, 404, web, .webPush, "The request contained an invalid :path value.",
        explanation: "no subscription has this endpoint", note: webPushStatus),
    entry(.methodNotAllowed, 405, web, .webPush, "The specified :method value isn’t POST.", note: webPushStatus),
    entry(.payloadTooLarge, 413, web, .webPush, "The payload size is over the limit of 4 KB.",
        explanation: "the body is over 4 KB", note: webPushStatus),
    entry(.tooManyRequests, 429, web, .webPush, "The push service received too many consecutive requests to the same device token.",
        explanation: "too many pushes to this subscription in a row", note: webPushStatus + "; serve answers it past --rate-limit N pushes a second to one subscription"),
    entry(.internalServerError, 500, web, .webPush, "An internal server error occurred.", note: webPushStatus),
    entry(.serviceUnavailable, 503, web, .webPush, "The service is unavailable.", note: webPushStatus),
    entry(.shutdown, 503, web, .webPush, "The push server is shutting down.", note: webPushStatus),
    entry(nil, 201, web, .rfc8030, "A 201 (Created) response indicates that the push message was accepted."),
    entry(nil, 404, web, .rfc8030, "A push service MUST return a 404 (Not Found) status code if an application server attempts to send a push message to an expired push message subscription.",
        note: "serve follows Apple's table: 410 with no reason"),
    entry(nil, 413, web, .rfc8030, "Push services MUST NOT return a 413 status code in responses to an entity body that is 4096 bytes or less in size."),
    entry(nil, 403, webAndToken, .rfc8292, "A push service MAY reject a request with a 403 (Forbidden) status code if the JWT signature or its claims are invalid."),
  ]
}

extension APNsAnswer {
  /// The answer `surface` gives with `reason`, at the status the catalogue gives it there;
  /// `timestamp` only for 410.
  public init(_ reason: APNsReason, on surface: APNsSurface = .device, timestamp: Int64? = nil) {
    self.init(status: reason.status(on: surface), reason: reason.rawValue, timestamp: timestamp)
  }

  /// The reason as a case, in any spelling ``APNsReason`` reads; nil for an unknown one or none.
  public var knownReason: APNsReason? { reason.flatMap(APNsReason.init(wire:)) }
}
