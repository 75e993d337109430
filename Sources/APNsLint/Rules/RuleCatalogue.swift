import PayloadSchema
import StringsFile

/// One rule of the catalogue: everything about it lives here once. `apns-lint rules`, the
/// configuration, the reporters and the tests read from this table.
public struct Rule: Sendable, Hashable {
  /// Stable kebab-case id (`value-type`).
  public let id: String
  /// The severity a rule has when no configuration names it (`off` for opt-in rules).
  public let defaultLevel: RuleLevel
  public let category: RuleCategory
  /// One line, lowercase start.
  public let summary: String
  /// Input that triggers the rule. For payload rules a payload; for strings rules the text of a
  /// `.strings` file; for localization rules a payload, then `--- en.lproj` and a table.
  ///
  /// A byte that text cannot show (a byte order mark, invalid UTF-8) is written `\xNN` (a backslash,
  /// `x`, two hex digits); every other character stands for its UTF-8 bytes.
  public let triggeringExample: String
  /// Input close to the triggering one that does not trigger it (same notation).
  public let passingExample: String
  /// What APNs answers a request that breaks the rule (SPEC §9); nil for lint-only rules.
  public private(set) var apnsAnswer: APNsAnswer? = nil
  /// The `apns-lint check` flags the triggering example needs (`--push-type background`); empty for most.
  public let triggeringFlags: String
  /// The `apns-lint check` flags the passing example needs; empty for most.
  public let passingFlags: String
  /// A configuration file (`--config`) both examples need, as YAML, for rules that are off by
  /// default or need a parameter; empty for most.
  public let exampleConfiguration: String

  /// A rule PayloadSchema reports: id, default severity and category are PayloadSchema's.
  init(_ rule: PayloadRule, _ summary: String,
       trigger: String, pass: String, triggerFlags: String = "", passFlags: String = "",
       configuration: String = "") {
    self.init(rule.rawValue, rule.defaultSeverity.map(RuleLevel.on) ?? .off, rule.category, summary,
              trigger: trigger, pass: pass, triggerFlags: triggerFlags, passFlags: passFlags, configuration: configuration)
    self.apnsAnswer = rule.apnsAnswer
  }

  /// A rule APNsLint detects against the tables (`check --strings`, `render`).
  init(_ rule: LocalizationRule, _ level: RuleLevel, _ summary: String,
       trigger: String, pass: String) {
    self.init(rule.rawValue, level, .localization, summary, trigger: trigger, pass: pass)
  }

  /// A rule about one table (StringsFile) or about tables compared (`strings lint`).
  init(_ rule: StringsRule, _ level: RuleLevel, _ summary: String, trigger: String, pass: String) {
    self.init(rule.rawValue, level, .strings, summary, trigger: trigger, pass: pass)
  }

  init(_ rule: TableRule, _ level: RuleLevel, _ summary: String, trigger: String, pass: String) {
    self.init(rule.rawValue, level, .strings, summary, trigger: trigger, pass: pass)
  }

  private init(_ id: String, _ level: RuleLevel, _ category: RuleCategory, _ summary: String,
       trigger: String, pass: String, triggerFlags: String = "", passFlags: String = "",
       configuration: String = "") {
    self.id = id
    self.defaultLevel = level
    self.category = category
    self.summary = summary
    self.triggeringExample = trigger
    self.passingExample = pass
    self.triggeringFlags = triggerFlags
    self.passingFlags = passFlags
    self.exampleConfiguration = configuration
  }
}

extension Rule {
  /// Looks a rule up by id.
  public static func named(_ id: String) -> Rule? { catalogueIndex[id].map { catalogue[$0] } }

  /// The whole catalogue, in SPEC §3 order.
  public static let catalogue: [Rule] = [
    // JSON
    Rule(.jsonSyntax,
         "not RFC 8259 JSON: says what was expected where",
         trigger: #"{"aps": {"badge": 1,}}"#, pass: #"{"aps": {"badge": 1}}"#),
    Rule(.jsonInvalidUTF8,
         "bytes that are not well-formed UTF-8 (overlong, surrogate, truncated sequence)",
         trigger: #"{"aps": {"alert": "caf\xC3"}}"#, pass: #"{"aps": {"alert": "café"}}"#),
    Rule(.jsonDuplicateKey,
         "a key repeated in the same object",
         trigger: #"{"aps": {"badge": 1, "badge": 2}}"#, pass: #"{"aps": {"badge": 2}}"#),
    Rule(.jsonLoneSurrogate,
         "a \\uD800–\\uDFFF escape without its pair",
         trigger: #"{"aps": {"alert": "\ud83d"}}"#, pass: #"{"aps": {"alert": "\ud83d\ude00"}}"#),
    Rule(.jsonBOM,
         "a UTF-8 byte order mark before the payload",
         trigger: #"\xEF\xBB\xBF{"aps": {"badge": 1}}"#, pass: #"{"aps": {"badge": 1}}"#),
    Rule(.jsonTooDeep,
         "nesting deeper than limits.max-depth (default 64); reading stops there",
         trigger: #"{"aps": {"badge": 1}, "d": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
         pass: #"{"aps": {"badge": 1}, "d": [[[0]]]}"#),
    Rule(.jsonEscapedUnicode,
         "\\uXXXX escapes of non-ASCII characters, or \\/, that inflate the size",
         trigger: #"{"aps": {"alert": "caf\u00e9"}}"#, pass: #"{"aps": {"alert": "café"}}"#),
    // Payload structure
    Rule(.payloadEmpty,
         "no bytes, or only whitespace (APNs answers PayloadEmpty)",
         trigger: "   ", pass: #"{"aps": {"badge": 1}}"#),
    Rule(.payloadNotObject,
         "the top level is not an object",
         trigger: #"[{"aps": {"badge": 1}}]"#, pass: #"{"aps": {"badge": 1}}"#),
    Rule(.payloadTooLarge,
         "size above the target's limit (APNs answers 413 PayloadTooLarge)",
         trigger: #"{"aps": {"alert": ""# + String(repeating: "x", count: 300) + #""}}"#,
         pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
         triggerFlags: "--transport binary-pre-ios8", passFlags: "--transport binary-pre-ios8"),
    Rule(.payloadNearLimit,
         "size at or above size.warn-at (default 0.9) of the limit",
         trigger: #"{"aps": {"alert": ""# + String(repeating: "x", count: 220) + #""}}"#,  // 240 of 256 bytes
         pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
         triggerFlags: "--transport binary-pre-ios8", passFlags: "--transport binary-pre-ios8"),
    Rule(.apsMissing,
         "no aps member, by push type: an error for alert, background, liveactivity, widgets, controls; a warning for voip, complication, location; fileprovider and pushtotalk need none, mdm needs mdm, a Wallet pass update is {}; a near miss of Simulator Target Bundle in a .apns file gets a hint",
         trigger: #"{"alert": "Hello"}"#, pass: #"{"aps": {"alert": "Hello"}}"#),
    Rule(.apsNotObject,
         "aps is not an object",
         trigger: #"{"aps": "Hello"}"#, pass: #"{"aps": {"alert": "Hello"}}"#),
    Rule(.unknownKey,
         "a key Apple does not define inside aps, aps.alert or aps.sound; suggests the likely key",
         trigger: #"{"aps": {"alert": {"body": "Hi", "loc_key": "GREETING"}}}"#,
         pass: #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#),
    Rule(.valueType,
         "a known key with the wrong JSON type (badge \"5\", alert 42, loc-args not an array of strings)",
         trigger: #"{"aps": {"alert": "Hi", "badge": "5"}}"#, pass: #"{"aps": {"alert": "Hi", "badge": 5}}"#),
    Rule(.valueRange,
         "a number out of range: badge negative or fractional, relevance-score or sound.volume outside 0…1, summary-arg-count below 1",
         trigger: #"{"aps": {"alert": "Hi", "badge": -1}}"#, pass: #"{"aps": {"alert": "Hi", "badge": 0}}"#),
    Rule(.valueEnum,
         "a string outside its set: interruption-level, event",
         trigger: #"{"aps": {"alert": "Hi", "interruption-level": "urgent"}}"#,
         pass: #"{"aps": {"alert": "Hi", "interruption-level": "time-sensitive"}}"#),
    Rule(.flagValue,
         "content-available / mutable-content other than the number 1 (true: a warning, use 1); sound.critical other than 0 or 1; content-changed other than true",
         trigger: #"{"aps": {"content-available": "1"}}"#, pass: #"{"aps": {"content-available": 1}}"#),
    Rule(.backgroundInert,
         "a background push whose aps lacks content-available (empty aps, or only a misspelt contentAvailable): it wakes nothing",
         trigger: #"{"aps": {}, "refresh": 1}"#, pass: #"{"aps": {"content-available": 1}, "refresh": 1}"#,
         triggerFlags: "--push-type background", passFlags: "--push-type background"),
    Rule(.soundShape,
         "a sound dictionary on a notification that is not critical: Apple, \"for regular notifications, use the sound string\"",
         trigger: #"{"aps": {"alert": "Hi", "sound": {"name": "ping.caf", "volume": 0.5}}}"#,
         pass: #"{"aps": {"alert": "Hi", "sound": "ping.caf"}}"#),
    Rule(.payloadWhitespace,
         "a payload file over the limit as written but not when compact: send it compact",
         trigger: "{\n  \"aps\": {\n    \"alert\": \"" + String(repeating: "x", count: 230) + "\"\n  }\n}\n",
         pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
         triggerFlags: "--transport binary-pre-ios8", passFlags: "--transport binary-pre-ios8"),
    Rule(.alertEmpty,
         "an alert object that shows nothing (no title, subtitle, body or loc-keys)",
         trigger: #"{"aps": {"alert": {"launch-image": "a.png"}, "sound": "default"}}"#,
         pass: #"{"aps": {"alert": {"body": "Hi"}}}"#),
    Rule(.alertTextConflict,
         "both body and loc-key (or title and title-loc-key, subtitle and subtitle-loc-key)",
         trigger: #"{"aps": {"alert": {"body": "Hi", "loc-key": "GREETING"}}}"#,
         pass: #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#),
    Rule(.locArgsWithoutKey,
         "loc-args without loc-key (same for title- and subtitle-)",
         trigger: #"{"aps": {"alert": {"body": "Hi", "loc-args": ["Jenna"]}}}"#,
         pass: #"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": ["Jenna"]}}}"#),
    Rule(.deprecatedKey,
         "action-loc-key, summary-arg, summary-arg-count, action outside Safari (launch-image is still in Apple's table)",
         trigger: #"{"aps": {"alert": {"body": "Hi", "action-loc-key": "PLAY"}}}"#,
         pass: #"{"aps": {"alert": {"body": "Hi", "launch-image": "a.png"}}}"#),
    Rule(.platformKey,
         "a key the platform does not support (live activity keys outside ios/visionos, url-args outside safari, critical sound on tvos, alert/sound on tvos, a Safari alert key other than title, body, action; critical sounds are fine on macOS 10.14+)",
         trigger: #"{"aps": {"alert": "Hi", "url-args": ["a"]}}"#, pass: #"{"aps": {"alert": "Hi"}}"#),
    Rule(.sensitiveData,
         "a custom key whose name matches sensitive-data.key-patterns (values too with check-values)",
         trigger: #"{"aps": {"alert": "Hi"}, "password": "hunter2"}"#,
         pass: #"{"aps": {"alert": "Hi"}, "msgid": "42"}"#),
    Rule(.customKeyAllowlist,
         "a top-level custom key not in custom-key-allowlist.allowed",
         trigger: #"{"aps": {"alert": "Hi"}, "tracking": "x"}"#,
         pass: #"{"aps": {"alert": "Hi"}, "msgid": "42"}"#,
         configuration: "version: 1\nrules:\n  custom-key-allowlist: {severity: warning, allowed: [msgid]}\n"),
    // Push type and headers
    Rule(.silentPushShape,
         "content-available: 1 together with alert, badge or sound (it is no longer silent); error for push type background",
         trigger: #"{"aps": {"content-available": 1, "alert": "Hi"}}"#, pass: #"{"aps": {"content-available": 1}}"#),
    Rule(.pushTypeMismatch,
         "the payload contradicts the push type (background with alert, alert with nothing to show, anything but {} to a Wallet pass topic, …; warnings: widgets with other aps keys, location with alert, badge or sound)",
         trigger: #"{"aps": {"alert": "Hi"}}"#, pass: #"{"aps": {"content-available": 1}}"#,
         triggerFlags: "--push-type background", passFlags: "--push-type background"),
    Rule(.priorityMismatch,
         "priority not 1, 5 or 10; background with priority other than 5",
         trigger: #"{"aps": {"content-available": 1}}"#, pass: #"{"aps": {"content-available": 1}}"#,
         triggerFlags: "--priority 10", passFlags: "--priority 5"),
    Rule(.topicMismatch,
         "the topic lacks the suffix the push type needs (.voip, .complication, .push-type.liveactivity, …), or carries one of another push type (an alert push to app.voip)",
         trigger: #"{"aps": {}, "call": "1"}"#, pass: #"{"aps": {}, "call": "1"}"#,
         triggerFlags: "--push-type voip --topic com.example.app",
         passFlags: "--push-type voip --topic com.example.app.voip"),
    Rule(.collapseIDTooLong,
         "collapse id over 64 bytes",
         trigger: #"{"aps": {"alert": "Hi"}}"#, pass: #"{"aps": {"alert": "Hi"}}"#,
         triggerFlags: "--collapse-id " + String(repeating: "x", count: 65), passFlags: "--collapse-id score-update"),
    Rule(.liveActivityFields,
         "event start without attributes-type, attributes and alert; start-only keys on other events; a string alert; start on the broadcast transport; warnings: badge, a top-level sound, alert.subtitle, dismissal-date before end",
         trigger: #"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}}}"#,
         pass: #"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "Kick-off", "body": "Go"}}}"#),
    Rule(.timestampUnit,
         "timestamp, stale-date or dismissal-date that looks like milliseconds (above 10^11)",
         trigger: #"{"aps": {"event": "update", "timestamp": 1700000000000, "content-state": {}}}"#,
         pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#),
    Rule(.safariFields,
         "platform safari: url-args missing, or alert not an object with title and body",
         trigger: #"{"aps": {"alert": "Hi"}}"#,
         pass: #"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#,
         triggerFlags: "--platform safari", passFlags: "--platform safari"),
    // Requests (SPEC §9): examples are request files (*.http)
    Rule(.requestMethod,
         "a request method other than POST (405 MethodNotAllowed)",
         trigger: "GET /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.requestPath,
         "a path other than /3/device/<token> or /4/broadcasts/apps/<bundle-id> (404 BadPath)",
         trigger: "POST /3/devices/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.deviceTokenMissing,
         "/3/device/ with no token (400 MissingDeviceToken)",
         trigger: "POST /3/device/ HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.deviceTokenSyntax,
         "a device token that is not hexadecimal or has an odd length (400 BadDeviceToken); any even length is fine",
         trigger: "POST /3/device/0a1b2c3 HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.headerDuplicate,
         "a header given twice (400 DuplicateHeaders)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-topic: com.example.app\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.apnsIDSyntax,
         "apns-id not a canonical UUID, 8-4-4-4-12 hexadecimal (400 BadMessageId)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-id: 42\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-id: 123e4567-e89b-12d3-a456-4266554400a0\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.expirationSyntax,
         "apns-expiration not a non-negative integer (400 BadExpirationDate)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: tomorrow\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 0\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.expirationUnit,
         "apns-expiration that looks like milliseconds (above 10^11)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400000\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         triggerFlags: "--now 1700000600", passFlags: "--now 1700000600"),
    Rule(.expirationPast,
         "apns-expiration nonzero and before now: APNs tries once and stores nothing",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1699990000\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         triggerFlags: "--now 1700000600", passFlags: "--now 1700000600"),
    Rule(.pushTypeUnknown,
         "apns-push-type not one of the push types (400 InvalidPushType); other spellings of one are a warning",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: notification\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.pushTypeMissing,
         "no apns-push-type: required on watchOS (error there), recommended elsewhere",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.topicMissing,
         "no apns-topic on a token-authenticated request (400 MissingTopic; a warning with a certificate); a broadcast without apns-channel-id (400 MissingChannelId)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         triggerFlags: "--now 1700000600", passFlags: "--now 1700000600"),
    Rule(.topicSyntax,
         "apns-topic not a bundle identifier (400 BadTopic); a broadcast topic with a suffix (400 TopicDisallowed)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example..app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}"),
    Rule(.providerTokenMissing,
         "token authentication and no authorization header (403 MissingProviderToken)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         triggerFlags: "--auth token --now 1700000600", passFlags: "--auth token --now 1700000600"),
    Rule(.providerTokenSyntax,
         "authorization not bearer and an ES256 JWT with kid, iss and iat as Apple requires (403 InvalidProviderToken)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJIUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         triggerFlags: "--now 1700000600", passFlags: "--now 1700000600"),
    Rule(.providerTokenExpired,
         "a provider token issued more than an hour ago (403 ExpiredProviderToken)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNjk5OTkwMDAwfQ.mKzVJeAH8m-uRUzNYnIqKVTQOyouA10PscW4uCCL-Bl6cnTjj66q_D4_cTZZkQ7XYZLjC1cZYzmVm5QdDFIwGA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         triggerFlags: "--now 1700000600", passFlags: "--now 1700000600"),
    Rule(.providerTokenSignature,
         "with --key: the ES256 signature does not verify, or kid is not the key's id (403 InvalidProviderToken)",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.YfLmpTmYrB8e5xxfAANSv57cpRWoB6GAuvUUu_pt2cw-H50mTubbcZPNTtP6Nli34ovWzRPpMPZgWqz2NYq28w\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
         triggerFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8", passFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8"),
    Rule(.locationAuth,
         "a location push without token authentication",
         trigger: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app.location-query\napns-push-type: location\napns-priority: 5\n\n{\"aps\": {}}",
         pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app.location-query\napns-push-type: location\napns-priority: 5\n\n{\"aps\": {}}",
         triggerFlags: "--now 1700000600", passFlags: "--now 1700000600"),
    // Localization
    Rule(LocalizationRule.locKeyMissing, .on(.error),
         "a loc-key, title-loc-key, subtitle-loc-key or action-loc-key absent from the development language's table",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"OTHER\" = \"Other\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";"),
    Rule(LocalizationRule.locKeyUntranslated, .on(.warning),
         "a key present in the development language but absent from another localization (that device shows the raw key)",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";\n--- fr.lproj\n\"OTHER\" = \"Autre\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";\n--- fr.lproj\n\"NEW_MSG\" = \"Nouveau message\";"),
    Rule(LocalizationRule.locArgsCount, .on(.error),
         "fewer loc-args than the localized format needs, in any localization",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ sent %@\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\", \"a photo\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ sent %@\";"),
    Rule(LocalizationRule.locArgsUnused, .on(.info),
         "more loc-args than every localization uses",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\", \"x\"]}}}\n--- en.lproj\n\"FROM\" = \"From %@\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\"]}}}\n--- en.lproj\n\"FROM\" = \"From %@\";"),
    Rule(LocalizationRule.locFormatUnsupported, .on(.error),
         "the localized format uses a specifier other than %@, %n$@, %%",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"COUNT\", \"loc-args\": [\"3\"]}}}\n--- en.lproj\n\"COUNT\" = \"%d new messages\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"COUNT\", \"loc-args\": [\"3\"]}}}\n--- en.lproj\n\"COUNT\" = \"%@ new messages\";"),
    Rule(LocalizationRule.locFormatMixed, .on(.warning),
         "one format mixes %@ and %n$@",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"a\", \"b\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ and %2$@\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"a\", \"b\"]}}}\n--- en.lproj\n\"FROM\" = \"%1$@ and %2$@\";"),
    Rule(LocalizationRule.locFormatGap, .on(.error),
         "the localized format skips a position (%2$@ without %1$@): the device shows the wrong argument",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"GOT\", \"loc-args\": [\"Jenna\", \"a file\"]}}}\n--- fr.lproj\n\"GOT\" = \"%2$@ reçu\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"GOT\", \"loc-args\": [\"Jenna\", \"a file\"]}}}\n--- fr.lproj\n\"GOT\" = \"%2$@ reçu de %1$@\";"),
    Rule(LocalizationRule.locKeyPlural, .on(.warning),
         "the key is a .stringsdict plural entry (iOS does not resolve plurals for push arguments)",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"N_MESSAGES\", \"loc-args\": [\"3\"]}}}\n--- en.lproj/Localizable.stringsdict defines N_MESSAGES",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";"),
    // Strings tables
    Rule(StringsRule.syntax, .on(.error),
         "the file does not parse (missing ;, unterminated string, stray character)",
         trigger: "\"A\" = \"a\"\n\"B\" = \"b\";", pass: "\"A\" = \"a\";\n\"B\" = \"b\";"),
    Rule(StringsRule.truncated, .on(.error),
         "CoreFoundation stops reading early without an error: every entry after that point is lost on the device",
         trigger: "\"A\" = \"a\";;\n\"B\" = \"b\";", pass: "\"A\" = \"a\";\n\"B\" = \"b\";"),
    Rule(StringsRule.duplicateKey, .on(.warning),
         "a key defined twice in one file (the last one wins)",
         trigger: "\"A\" = \"a\";\n\"A\" = \"b\";", pass: "\"A\" = \"a\";\n\"B\" = \"b\";"),
    Rule(StringsRule.encoding, .on(.error),
         "bytes that decode in no encoding CoreFoundation accepts (UTF-16 without a BOM, invalid UTF-8)",
         trigger: #""A" = "caf\xE9";"#, pass: "\"A\" = \"café\";"),
    Rule(StringsRule.zeroLength, .on(.error),
         "an empty file (CoreFoundation refuses it)",
         trigger: "", pass: "/* No entries yet */"),
    Rule(StringsRule.escape, .on(.warning),
         "an escape CoreFoundation reads differently from what the author meant (\\u00e9, \\U1F600, octal)",
         trigger: #""A" = "caf\u00e9";"#, pass: #""A" = "caf\U00e9";"#),
    Rule(TableRule.missingTranslation, .on(.warning),
         "a key of the development language missing from another localization",
         trigger: "--- en.lproj\n\"A\" = \"a\";\n\"B\" = \"b\";\n--- fr.lproj\n\"A\" = \"a\";",
         pass: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";"),
    Rule(TableRule.extraKey, .on(.info),
         "a key of a localization that the development language lacks",
         trigger: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";\n\"Z\" = \"z\";",
         pass: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";"),
    Rule(TableRule.formatMismatch, .on(.error),
         "a translation's specifiers differ from the development language's (count, positions or types)",
         trigger: "--- en.lproj\n\"FROM\" = \"From %@\";\n--- fr.lproj\n\"FROM\" = \"De la part de\";",
         pass: "--- en.lproj\n\"FROM\" = \"From %@\";\n--- fr.lproj\n\"FROM\" = \"De %@\";"),
    Rule(TableRule.formatGap, .on(.error),
         "a value's positional specifiers skip a position (%2$@ without %1$@)",
         trigger: "\"GOT\" = \"%2$@ received\";", pass: "\"GOT\" = \"%2$@ received from %1$@\";"),
    Rule(TableRule.accidentalSpecifier, .on(.warning),
         "a % that reads as a specifier nobody means: '100% guaranteed' (% g) or a trailing % in the development language, %n or a position above 9999 anywhere",
         trigger: "--- en.lproj\n\"SAFE\" = \"100% guaranteed\";", pass: "--- en.lproj\n\"SAFE\" = \"100%% guaranteed\";"),
  ]

  private static let catalogueIndex: [String: Int] = {
    var index: [String: Int] = [:]
    for (i, rule) in catalogue.enumerated() { index[rule.id] = i }
    return index
  }()
}
