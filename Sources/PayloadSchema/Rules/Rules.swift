/// The rules PayloadSchema reports (SPEC §3, §9): each case is a rule's typed id, and its
/// ``definition`` (severity, category, APNs answer, summary, examples) is written once, in the
/// file of its family. The configuration (APNsLint) only overrides severities; `apns-lint rules`,
/// the reporters and the verdict read from here.
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
  case apsCustomKey = "aps-custom-key"
  case valueType = "value-type"
  case valueRange = "value-range"
  case valueEnum = "value-enum"
  case flagValue = "flag-value"
  case flagOff = "flag-off"
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
  case pushTypePlatform = "push-type-platform"
  case pushTypeDeprecated = "push-type-deprecated"
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
  case providerTokenScope = "provider-token-scope"
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
  // Web push to Safari and Home Screen web apps (SPEC §15; DeclarativePushValidator checks them)
  case webPushDeclarative = "web-push-declarative"
  case webPushNotDeclarative = "web-push-not-declarative"
  case webPushMember = "web-push-member"
  case webPushTooLarge = "web-push-too-large"
  case webPushRequest = "web-push-request"

  /// The rule's definition: severity, category, APNs answer, request part, summary and examples,
  /// written once per rule in the file of its family (`JSONRules.swift`, `PayloadRules.swift`,
  /// `PushRules.swift`, `RequestRules.swift`, `ActivityRules.swift`). This switch only ties each
  /// case to its definition, so the compiler says when a rule has none.
  public var definition: RuleDefinition {
    switch self {
    case .jsonSyntax: .jsonSyntax
    case .jsonInvalidUTF8: .jsonInvalidUTF8
    case .jsonDuplicateKey: .jsonDuplicateKey
    case .jsonLoneSurrogate: .jsonLoneSurrogate
    case .jsonBOM: .jsonBOM
    case .jsonTooDeep: .jsonTooDeep
    case .jsonEscapedUnicode: .jsonEscapedUnicode
    case .payloadEmpty: .payloadEmpty
    case .payloadNotObject: .payloadNotObject
    case .payloadTooLarge: .payloadTooLarge
    case .payloadNearLimit: .payloadNearLimit
    case .apsMissing: .apsMissing
    case .apsNotObject: .apsNotObject
    case .unknownKey: .unknownKey
    case .apsCustomKey: .apsCustomKey
    case .valueType: .valueType
    case .valueRange: .valueRange
    case .valueEnum: .valueEnum
    case .flagValue: .flagValue
    case .flagOff: .flagOff
    case .backgroundInert: .backgroundInert
    case .soundShape: .soundShape
    case .payloadWhitespace: .payloadWhitespace
    case .alertEmpty: .alertEmpty
    case .alertTextConflict: .alertTextConflict
    case .locArgsWithoutKey: .locArgsWithoutKey
    case .deprecatedKey: .deprecatedKey
    case .platformKey: .platformKey
    case .sensitiveData: .sensitiveData
    case .customKeyAllowlist: .customKeyAllowlist
    case .silentPushShape: .silentPushShape
    case .pushTypeMismatch: .pushTypeMismatch
    case .pushTypePlatform: .pushTypePlatform
    case .pushTypeDeprecated: .pushTypeDeprecated
    case .priorityMismatch: .priorityMismatch
    case .topicMismatch: .topicMismatch
    case .collapseIDTooLong: .collapseIDTooLong
    case .liveActivityFields: .liveActivityFields
    case .timestampUnit: .timestampUnit
    case .safariFields: .safariFields
    case .requestMethod: .requestMethod
    case .requestPath: .requestPath
    case .deviceTokenMissing: .deviceTokenMissing
    case .deviceTokenSyntax: .deviceTokenSyntax
    case .headerDuplicate: .headerDuplicate
    case .apnsIDSyntax: .apnsIDSyntax
    case .expirationSyntax: .expirationSyntax
    case .expirationUnit: .expirationUnit
    case .expirationPast: .expirationPast
    case .pushTypeUnknown: .pushTypeUnknown
    case .pushTypeMissing: .pushTypeMissing
    case .topicMissing: .topicMissing
    case .topicSyntax: .topicSyntax
    case .providerTokenMissing: .providerTokenMissing
    case .providerTokenSyntax: .providerTokenSyntax
    case .providerTokenExpired: .providerTokenExpired
    case .providerTokenSignature: .providerTokenSignature
    case .providerTokenScope: .providerTokenScope
    case .locationAuth: .locationAuth
    case .channelRequest: .channelRequest
    case .activityTypeUnknown: .activityTypeUnknown
    case .activityStateMissing: .activityStateMissing
    case .activityStateType: .activityStateType
    case .activityDateEpoch: .activityDateEpoch
    case .activityNotChecked: .activityNotChecked
    case .activityExtraKey: .activityExtraKey
    case .activityStateSize: .activityStateSize
    case .webPushDeclarative: .webPushDeclarative
    case .webPushNotDeclarative: .webPushNotDeclarative
    case .webPushMember: .webPushMember
    case .webPushTooLarge: .webPushTooLarge
    case .webPushRequest: .webPushRequest
    }
  }

  /// The severity a finding of this rule has when nothing overrides it; nil for a rule that is
  /// off unless asked for (`custom-key-allowlist`).
  public var defaultSeverity: Severity? { definition.defaultSeverity }
  /// The group SPEC §3 and §9 put the rule in.
  public var category: RuleCategory { definition.category }
  /// What APNs answers a request that breaks this rule (SPEC §9); nil for lint rules, which never
  /// change the predicted answer. A finding may still carry none (`APNsAnswer` on the finding):
  /// `priority-mismatch` for a background push at priority 10 is an error APNs does not document.
  public var apnsAnswer: APNsAnswer? { definition.apnsAnswer }
  /// Where in a request APNs looks for what this rule checks; the verdict is the first rejecting
  /// finding in this order (SPEC §9).
  public var requestPart: RequestPart { definition.requestPart }
  /// One line, lowercase start.
  public var summary: String { definition.summary }
  /// What happens on the device or at APNs when a finding is real: why the rule has its severity.
  public var consequence: String { definition.consequence }
  /// The examples the catalogue shows and the tests run.
  public var examples: RuleExamples { definition.examples }
}

/// The groups of the rule catalogue (SPEC §3, §9).
public enum RuleCategory: String, Sendable, Hashable, CaseIterable, Codable {
  case json, payload, push, request, localization, strings
  /// A Live Activity's `content-state` and `attributes` against the app's own types (SPEC §13.1).
  case activity
  /// A web push message to Safari or a Home Screen web app (SPEC §16).
  case web
}

/// The parts of a request, in the order APNs checks them (SPEC §9).
public enum RequestPart: Int, Sendable, Hashable, Comparable, Codable {
  case method, path, authentication, headers, body
  public static func < (a: RequestPart, b: RequestPart) -> Bool { a.rawValue < b.rawValue }
}
