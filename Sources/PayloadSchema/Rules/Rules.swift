/// The rules PayloadSchema reports, each defined once: its id, default severity, the group it
/// belongs to, and the answer APNs gives to a request that breaks it (SPEC §3, §9). The
/// configuration (APNsLint) only overrides severities; `apns-lint rules`, the reporters and the
/// verdict read from here.
public enum PayloadRule: String, Sendable, Hashable, CaseIterable, Codable {
  // JSON
  case jsonSyntax = "json-syntax"
  case jsonInvalidUTF8 = "json-invalid-utf8"
  case jsonDuplicateKey = "json-duplicate-key"
  case jsonLoneSurrogate = "json-lone-surrogate"
  case jsonBOM = "json-bom"
  case jsonTooDeep = "json-too-deep"
  case jsonEscapedUnicode = "json-escaped-unicode"
  // Payload structure
  case payloadEmpty = "payload-empty"
  case payloadNotObject = "payload-not-object"
  case payloadTooLarge = "payload-too-large"
  case payloadNearLimit = "payload-near-limit"
  case apsMissing = "aps-missing"
  case apsNotObject = "aps-not-object"
  case unknownKey = "unknown-key"
  case valueType = "value-type"
  case valueRange = "value-range"
  case valueEnum = "value-enum"
  case flagValue = "flag-value"
  case backgroundInert = "background-inert"
  case soundShape = "sound-shape"
  case payloadWhitespace = "payload-whitespace"
  case alertEmpty = "alert-empty"
  case alertTextConflict = "alert-text-conflict"
  case locArgsWithoutKey = "loc-args-without-key"
  case deprecatedKey = "deprecated-key"
  case platformKey = "platform-key"
  case sensitiveData = "sensitive-data"
  case customKeyAllowlist = "custom-key-allowlist"
  // Push type and headers
  case silentPushShape = "silent-push-shape"
  case pushTypeMismatch = "push-type-mismatch"
  case priorityMismatch = "priority-mismatch"
  case topicMismatch = "topic-mismatch"
  case collapseIDTooLong = "collapse-id-too-long"
  case liveActivityFields = "live-activity-fields"
  case timestampUnit = "timestamp-unit"
  case safariFields = "safari-fields"
  // Requests (SPEC §9)
  case requestMethod = "request-method"
  case requestPath = "request-path"
  case deviceTokenMissing = "device-token-missing"
  case deviceTokenSyntax = "device-token-syntax"
  case headerDuplicate = "header-duplicate"
  case apnsIDSyntax = "apns-id-syntax"
  case expirationSyntax = "expiration-syntax"
  case expirationUnit = "expiration-unit"
  case expirationPast = "expiration-past"
  case pushTypeUnknown = "push-type-unknown"
  case pushTypeMissing = "push-type-missing"
  case topicMissing = "topic-missing"
  case topicSyntax = "topic-syntax"
  case providerTokenMissing = "provider-token-missing"
  case providerTokenSyntax = "provider-token-syntax"
  case providerTokenExpired = "provider-token-expired"
  case providerTokenSignature = "provider-token-signature"
  case locationAuth = "location-auth"
  case channelRequest = "channel-request"
  // Live Activities against the app's ActivityAttributes (SPEC §13.1; ActivityContract detects them)
  case activityTypeUnknown = "activity-type-unknown"
  case activityStateMissing = "activity-state-missing"
  case activityStateType = "activity-state-type"
  case activityDateEpoch = "activity-date-epoch"
  case activityNotChecked = "activity-not-checked"
  case activityExtraKey = "activity-extra-key"
  case activityStateSize = "activity-state-size"

  /// The severity a finding of this rule has when nothing overrides it; nil for a rule that is
  /// off unless asked for (`custom-key-allowlist`).
  public var defaultSeverity: Severity? {
    switch self {
    case .customKeyAllowlist: nil
    case .jsonEscapedUnicode, .deprecatedKey, .activityNotChecked, .activityExtraKey: .info
    case .jsonLoneSurrogate, .jsonBOM, .payloadNearLimit, .unknownKey, .soundShape, .payloadWhitespace,
         .alertEmpty, .alertTextConflict, .locArgsWithoutKey, .platformKey, .sensitiveData, .silentPushShape,
         .timestampUnit, .expirationUnit, .expirationPast, .pushTypeMissing:
      .warning
    default: .error
    }
  }

  /// The group SPEC §3 and §9 put the rule in.
  public var category: RuleCategory {
    switch self {
    case .jsonSyntax, .jsonInvalidUTF8, .jsonDuplicateKey, .jsonLoneSurrogate, .jsonBOM, .jsonTooDeep, .jsonEscapedUnicode:
      .json
    case .silentPushShape, .pushTypeMismatch, .priorityMismatch, .topicMismatch, .collapseIDTooLong,
         .liveActivityFields, .timestampUnit, .safariFields:
      .push
    case .requestMethod, .requestPath, .deviceTokenMissing, .deviceTokenSyntax, .headerDuplicate, .apnsIDSyntax,
         .expirationSyntax, .expirationUnit, .expirationPast, .pushTypeUnknown, .pushTypeMissing, .topicMissing,
         .topicSyntax, .providerTokenMissing, .providerTokenSyntax, .providerTokenExpired,
         .providerTokenSignature, .locationAuth, .channelRequest:
      .request
    case .activityTypeUnknown, .activityStateMissing, .activityStateType, .activityDateEpoch, .activityNotChecked,
         .activityExtraKey, .activityStateSize:
      .activity
    default: .payload
    }
  }

  /// What APNs answers a request that breaks this rule (SPEC §9); nil for lint rules, which never
  /// change the predicted answer. A finding may still carry none (`APNsAnswer` on the finding):
  /// `priority-mismatch` for a background push at priority 10 is an error APNs does not document.
  public var apnsAnswer: APNsAnswer? {
    switch self {
    case .requestMethod: APNsAnswer(status: 405, reason: "MethodNotAllowed")
    case .requestPath: APNsAnswer(status: 404, reason: "BadPath")
    case .deviceTokenMissing: APNsAnswer(status: 400, reason: "MissingDeviceToken")
    case .deviceTokenSyntax: APNsAnswer(status: 400, reason: "BadDeviceToken")
    case .headerDuplicate: APNsAnswer(status: 400, reason: "DuplicateHeaders")
    case .apnsIDSyntax: APNsAnswer(status: 400, reason: "BadMessageId")
    case .expirationSyntax: APNsAnswer(status: 400, reason: "BadExpirationDate")
    case .priorityMismatch: APNsAnswer(status: 400, reason: "BadPriority")
    case .pushTypeUnknown: APNsAnswer(status: 400, reason: "InvalidPushType")
    case .topicMissing: APNsAnswer(status: 400, reason: "MissingTopic")
    case .topicSyntax: APNsAnswer(status: 400, reason: "BadTopic")
    case .collapseIDTooLong: APNsAnswer(status: 400, reason: "BadCollapseId")
    case .payloadEmpty: APNsAnswer(status: 400, reason: "PayloadEmpty")
    case .payloadTooLarge: APNsAnswer(status: 413, reason: "PayloadTooLarge")
    case .providerTokenMissing: APNsAnswer(status: 403, reason: "MissingProviderToken")
    case .providerTokenSyntax, .providerTokenSignature: APNsAnswer(status: 403, reason: "InvalidProviderToken")
    case .providerTokenExpired: APNsAnswer(status: 403, reason: "ExpiredProviderToken")
    default: nil
    }
  }

  /// Where in a request APNs looks for what this rule checks; the verdict is the first rejecting
  /// finding in this order (SPEC §9).
  public var requestPart: RequestPart {
    switch self {
    case .requestMethod: .method
    case .requestPath, .deviceTokenMissing, .deviceTokenSyntax, .channelRequest: .path
    case .providerTokenMissing, .providerTokenSyntax, .providerTokenExpired, .providerTokenSignature, .locationAuth:
      .authentication
    case .headerDuplicate, .apnsIDSyntax, .expirationSyntax, .expirationUnit, .expirationPast, .priorityMismatch,
         .pushTypeUnknown, .pushTypeMissing, .topicMissing, .topicSyntax, .collapseIDTooLong, .topicMismatch:
      .headers
    default: .body
    }
  }
}

/// The groups of the rule catalogue (SPEC §3, §9).
public enum RuleCategory: String, Sendable, Hashable, CaseIterable, Codable {
  case json, payload, push, request, localization, strings
  /// A Live Activity's `content-state` and `attributes` against the app's own types (SPEC §13.1).
  case activity
}

/// The parts of a request, in the order APNs checks them (SPEC §9).
public enum RequestPart: Int, Sendable, Hashable, Comparable, Codable {
  case method, path, authentication, headers, body
  public static func < (a: RequestPart, b: RequestPart) -> Bool { a.rawValue < b.rawValue }
}

/// How much a finding matters.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
  case error, warning, info

  private var rank: Int {
    switch self {
    case .error: 2
    case .warning: 1
    case .info: 0
    }
  }
  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// An answer of APNs: an HTTP status and, for a refusal, the `reason` of its JSON body.
public struct APNsAnswer: Sendable, Hashable, Codable, CustomStringConvertible {
  /// 200 for an accepted push.
  public var status: Int
  /// The documented reason (`BadDeviceToken`, `PayloadTooLarge`, …); nil when accepted.
  public var reason: String?

  public init(status: Int, reason: String?) {
    self.status = status
    self.reason = reason
  }

  /// 200, no reason.
  public static let accepted = APNsAnswer(status: 200, reason: nil)

  public var isAccepted: Bool { status == 200 }

  /// `200` or `400 BadPriority`.
  public var description: String { reason.map { "\(status) \($0)" } ?? "\(status)" }
}
