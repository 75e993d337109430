// What each rule of PayloadSchema says and shows (SPEC §3, §9): its one-line summary and its
// examples, a payload (or, for request rules, a request file) that triggers it and one close to it
// that does not. The test suite runs them all; in a triggering example `1️⃣` marks where the
// finding stands (swift-format's marker style, `RuleExamples.marked`), and `\xNN` stands for a
// byte text cannot show (a byte order mark, invalid UTF-8).

/// A rule's examples (SPEC §3, §9), with the `apns-lint check` flags and configuration they need.
public struct RuleExamples: Sendable, Hashable {
  /// Input that triggers the rule, with `1️⃣` where the finding stands.
  public let marked: String
  /// Input close to the triggering one that does not trigger it.
  public let passing: String
  /// The `apns-lint check` flags the triggering example needs (`--push-type background`); empty for most.
  public let triggeringFlags: String
  /// The flags the passing example needs.
  public let passingFlags: String
  /// A configuration (YAML) both need, for rules that are off by default or take a parameter.
  public let configuration: String

  public init(_ marked: String, pass: String, triggerFlags: String = "", passFlags: String = "", configuration: String = "") {
    self.marked = marked
    self.passing = pass
    self.triggeringFlags = triggerFlags
    self.passingFlags = passFlags
    self.configuration = configuration
  }

  /// The position marker.
  public static let marker: Character = "1️⃣"

  /// The triggering input without its marker.
  public var triggering: String {
    guard let i = marked.firstIndex(of: Self.marker) else { return marked }
    return String(marked[..<i]) + String(marked[marked.index(after: i)...])
  }

  /// Where the marker stands in `triggering`: 1-based line and column (columns count Unicode
  /// scalars, and `\xNN` counts as one, the byte it stands for); nil when there is no marker.
  public var expectedPosition: (line: Int, column: Int)? {
    guard let i = marked.firstIndex(of: Self.marker) else { return nil }
    var line = 1, column = 1
    var scalars = Substring(marked[..<i]).unicodeScalars[...]
    while let s = scalars.popFirst() {
      if s == "\n" { line += 1; column = 1; continue }
      // `\xNN` is one byte: skip its three other characters.
      if s == "\\", scalars.first == "x", scalars.count >= 3 { scalars = scalars.dropFirst(3) }
      column += 1
    }
    return (line, column)
  }
}

extension PayloadRule {

  /// One line, lowercase start.
  public var summary: String {
    switch self {
    case .jsonSyntax: "not RFC 8259 JSON: says what was expected where"
    case .jsonInvalidUTF8: "bytes that are not well-formed UTF-8 (overlong, surrogate, truncated sequence)"
    case .jsonDuplicateKey: "a key repeated in the same object"
    case .jsonLoneSurrogate: "a \\uD800–\\uDFFF escape without its pair"
    case .jsonBOM: "a UTF-8 byte order mark before the payload"
    case .jsonTooDeep: "nesting deeper than limits.max-depth (default 64); reading stops there"
    case .jsonEscapedUnicode: "\\uXXXX escapes of non-ASCII characters, or \\/, that inflate the size"
    case .payloadEmpty: "no bytes, or only whitespace (APNs answers PayloadEmpty)"
    case .payloadNotObject: "the top level is not an object"
    case .payloadTooLarge: "size above the target's limit (APNs answers 413 PayloadTooLarge)"
    case .payloadNearLimit: "size at or above size.warn-at (default 0.9) of the limit"
    case .apsMissing: "no aps member, by push type: an error for alert, background, liveactivity, widgets, controls; a warning for voip, complication, location; fileprovider and pushtotalk need none, mdm needs mdm, a Wallet pass update is {}; a near miss of Simulator Target Bundle in a .apns file gets a hint"
    case .apsNotObject: "aps is not an object"
    case .unknownKey: "a key Apple does not define inside aps, aps.alert or aps.sound; suggests the likely key"
    case .valueType: "a known key with the wrong JSON type (badge \"5\", alert 42, loc-args not an array of strings)"
    case .valueRange: "a number out of range: badge negative or fractional, relevance-score or sound.volume outside 0…1, summary-arg-count below 1"
    case .valueEnum: "a string outside its set: interruption-level, event"
    case .flagValue: "content-available / mutable-content other than the number 1 (true: a warning, use 1); sound.critical other than 0 or 1; content-changed other than true"
    case .backgroundInert: "a background push whose aps lacks content-available (empty aps, a misspelt contentAvailable, only badge or other keys): it wakes nothing"
    case .soundShape: "a sound dictionary on a notification that is not critical: Apple, \"for regular notifications, use the sound string\""
    case .payloadWhitespace: "a payload file over the limit as written but not when compact: send it compact"
    case .alertEmpty: "an alert object that shows nothing (no title, subtitle, body or loc-keys)"
    case .alertTextConflict: "both body and loc-key (or title and title-loc-key, subtitle and subtitle-loc-key)"
    case .locArgsWithoutKey: "loc-args without loc-key (same for title- and subtitle-)"
    case .deprecatedKey: "action-loc-key, summary-arg, summary-arg-count, action outside Safari (launch-image is still in Apple's table)"
    case .platformKey: "a key the platform does not support (live activity keys outside ios/visionos, url-args outside safari, critical sound on tvos, alert/sound on tvos, a Safari alert key other than title, body, action; critical sounds are fine on macOS 10.14+)"
    case .sensitiveData: "a custom key whose name matches sensitive-data.key-patterns (values too with check-values)"
    case .customKeyAllowlist: "a top-level custom key not in custom-key-allowlist.allowed"
    case .silentPushShape: "content-available: 1 together with alert, badge or sound (it is no longer silent); error for push type background"
    case .pushTypeMismatch: "the payload contradicts the push type (background with alert, alert with nothing to show, anything but {} to a Wallet pass topic, …; warnings: widgets with other aps keys, location with alert, badge or sound)"
    case .priorityMismatch: "priority not 1, 5 or 10; background with priority other than 5"
    case .topicMismatch: "the topic lacks the suffix the push type needs (.voip, .complication, .push-type.liveactivity, …), or carries one of another push type (an alert push to app.voip)"
    case .collapseIDTooLong: "collapse id over 64 bytes"
    case .liveActivityFields: "event start without attributes-type, attributes and alert; start-only keys on other events; a string alert; start on the broadcast transport; warnings: badge, a top-level sound, alert.subtitle, dismissal-date before end"
    case .timestampUnit: "timestamp, stale-date or dismissal-date that looks like milliseconds (above 10^11)"
    case .safariFields: "platform safari: url-args missing, or alert not an object with title and body"
    case .requestMethod: "a request method other than POST (405 MethodNotAllowed)"
    case .requestPath: "a path other than /3/device/<token> or /4/broadcasts/apps/<bundle-id> (404 BadPath)"
    case .deviceTokenMissing: "/3/device/ with no token (400 MissingDeviceToken)"
    case .deviceTokenSyntax: "a device token that is not hexadecimal or has an odd length (400 BadDeviceToken); any even length is fine"
    case .headerDuplicate: "a header given twice (400 DuplicateHeaders)"
    case .apnsIDSyntax: "apns-id not a canonical UUID, 8-4-4-4-12 hexadecimal (400 BadMessageId)"
    case .expirationSyntax: "apns-expiration not a non-negative integer (400 BadExpirationDate)"
    case .expirationUnit: "apns-expiration that looks like milliseconds (above 10^11)"
    case .expirationPast: "apns-expiration nonzero and before now: APNs tries once and stores nothing"
    case .pushTypeUnknown: "apns-push-type not one of the push types (400 InvalidPushType); other spellings of one are a warning"
    case .pushTypeMissing: "no apns-push-type: required on watchOS (error there), recommended elsewhere"
    case .topicMissing: "no apns-topic on a token-authenticated request (400 MissingTopic; a warning with a certificate); a broadcast without apns-channel-id (400 MissingChannelId)"
    case .topicSyntax: "apns-topic not a bundle identifier (400 BadTopic); a broadcast topic with a suffix (400 TopicDisallowed)"
    case .providerTokenMissing: "token authentication and no authorization header (403 MissingProviderToken)"
    case .providerTokenSyntax: "authorization not bearer and an ES256 JWT with kid, iss and iat as Apple requires (403 InvalidProviderToken)"
    case .providerTokenExpired: "a provider token issued more than an hour ago (403 ExpiredProviderToken)"
    case .providerTokenSignature: "with --key: the ES256 signature does not verify, or kid is not the key's id (403 InvalidProviderToken)"
    case .locationAuth: "a location push without token authentication"
    case .channelRequest:
      "a channel management request (/1/apps/<bundle-id>/channels, all-channels) APNs refuses: wrong method, no or bad apns-channel-id, a body without push-type LiveActivity or with a storage policy other than 0 or 1 (400 MissingChannelId, BadChannelId, MissingPushType, InvalidPushType, CannotCreateChannelConfig; 405 MethodNotAllowed)"
    case .activityTypeUnknown:
      "attributes-type names no ActivityAttributes type of the --activity files (bare name, case-sensitive): the Live Activity never starts"
    case .activityStateMissing:
      "content-state or attributes lacks a non-optional property of the app's type, or sends null for it: the device cannot decode the push and drops it"
    case .activityStateType:
      "a value the app's Swift type cannot decode (a number as a string, 0/1 for Bool, 20.5 for Int, a string for Date, an unknown enum raw value, a bad UUID): the device drops the push"
    case .activityDateEpoch:
      "a Date sent as seconds (or milliseconds) since 1970: ActivityKit counts seconds since 2001-01-01 and shows it 31 years late"
    case .activityNotChecked:
      "a value whose Swift type the tool cannot see or follow (not among the --activity files, a custom init(from:) it cannot read): not checked"
    case .activityExtraKey:
      "a key of content-state or attributes that the app's type does not decode (ignored on the device)"
    case .activityStateSize:
      "the encoded content-state is over 4 KB (4096 bytes)"
    }
  }

  /// The examples the catalogue shows and the tests run.
  public var examples: RuleExamples {
    switch self {
    case .jsonSyntax:
      RuleExamples(#"{"aps": {"badge": 1,1️⃣}}"#,
                   pass: #"{"aps": {"badge": 1}}"#)
    case .jsonInvalidUTF8:
      RuleExamples(#"{"aps": {"alert": "caf1️⃣\xC3"}}"#,
                   pass: #"{"aps": {"alert": "café"}}"#)
    case .jsonDuplicateKey:
      RuleExamples(#"{"aps": {"badge": 1, 1️⃣"badge": 2}}"#,
                   pass: #"{"aps": {"badge": 2}}"#)
    case .jsonLoneSurrogate:
      RuleExamples(#"{"aps": {"alert": "1️⃣\ud83d"}}"#,
                   pass: #"{"aps": {"alert": "\ud83d\ude00"}}"#)
    case .jsonBOM:
      RuleExamples(#"1️⃣\xEF\xBB\xBF{"aps": {"badge": 1}}"#,
                   pass: #"{"aps": {"badge": 1}}"#)
    case .jsonTooDeep:
      RuleExamples(#"{"aps": {"badge": 1}, "d": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1️⃣[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
                   pass: #"{"aps": {"badge": 1}, "d": [[[0]]]}"#)
    case .jsonEscapedUnicode:
      RuleExamples(#"{"aps": {"alert": 1️⃣"caf\u00e9"}}"#,
                   pass: #"{"aps": {"alert": "café"}}"#)
    case .payloadEmpty:
      RuleExamples("1️⃣   ",
                   pass: #"{"aps": {"badge": 1}}"#)
    case .payloadNotObject:
      RuleExamples(#"1️⃣[{"aps": {"badge": 1}}]"#,
                   pass: #"{"aps": {"badge": 1}}"#)
    case .payloadTooLarge:
      RuleExamples(#"1️⃣{"aps": {"alert": ""# + String(repeating: "x", count: 300) + #""}}"#,
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    case .payloadNearLimit:
      RuleExamples(#"1️⃣{"aps": {"alert": ""# + String(repeating: "x", count: 220) + #""}}"#,
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    case .apsMissing:
      RuleExamples(#"1️⃣{"alert": "Hello"}"#,
                   pass: #"{"aps": {"alert": "Hello"}}"#)
    case .apsNotObject:
      RuleExamples(#"{"aps": 1️⃣"Hello"}"#,
                   pass: #"{"aps": {"alert": "Hello"}}"#)
    case .unknownKey:
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"loc_key": "GREETING"}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#)
    case .valueType:
      RuleExamples(#"{"aps": {"alert": "Hi", "badge": 1️⃣"5"}}"#,
                   pass: #"{"aps": {"alert": "Hi", "badge": 5}}"#)
    case .valueRange:
      RuleExamples(#"{"aps": {"alert": "Hi", "badge": 1️⃣-1}}"#,
                   pass: #"{"aps": {"alert": "Hi", "badge": 0}}"#)
    case .valueEnum:
      RuleExamples(#"{"aps": {"alert": "Hi", "interruption-level": 1️⃣"urgent"}}"#,
                   pass: #"{"aps": {"alert": "Hi", "interruption-level": "time-sensitive"}}"#)
    case .flagValue:
      RuleExamples(#"{"aps": {"content-available": 1️⃣"1"}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#)
    case .backgroundInert:
      RuleExamples(#"{"aps": 1️⃣{}, "refresh": 1}"#,
                   pass: #"{"aps": {"content-available": 1}, "refresh": 1}"#,
                   triggerFlags: "--push-type background",
                   passFlags: "--push-type background")
    case .soundShape:
      RuleExamples(#"{"aps": {"alert": "Hi", "sound": 1️⃣{"name": "ping.caf", "volume": 0.5}}}"#,
                   pass: #"{"aps": {"alert": "Hi", "sound": "ping.caf"}}"#)
    case .payloadWhitespace:
      RuleExamples("1️⃣{\n  \"aps\": {\n    \"alert\": \"" + String(repeating: "x", count: 230) + "\"\n  }\n}\n",
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    case .alertEmpty:
      RuleExamples(#"{"aps": {"alert": 1️⃣{"launch-image": "a.png"}, "sound": "default"}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi"}}}"#)
    case .alertTextConflict:
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"loc-key": "GREETING"}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#)
    case .locArgsWithoutKey:
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", "loc-args": 1️⃣["Jenna"]}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": ["Jenna"]}}}"#)
    case .deprecatedKey:
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"action-loc-key": "PLAY"}}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi", "launch-image": "a.png"}}}"#)
    case .platformKey:
      RuleExamples(#"{"aps": {"alert": "Hi", 1️⃣"url-args": ["a"]}}"#,
                   pass: #"{"aps": {"alert": "Hi"}}"#)
    case .sensitiveData:
      RuleExamples(#"{"aps": {"alert": "Hi"}, 1️⃣"password": "hunter2"}"#,
                   pass: #"{"aps": {"alert": "Hi"}, "msgid": "42"}"#)
    case .customKeyAllowlist:
      RuleExamples(#"{"aps": {"alert": "Hi"}, 1️⃣"tracking": "x"}"#,
                   pass: #"{"aps": {"alert": "Hi"}, "msgid": "42"}"#,
                   configuration: "version: 1\nrules:\n  custom-key-allowlist: {severity: warning, allowed: [msgid]}\n")
    case .silentPushShape:
      RuleExamples(#"{"aps": {"content-available": 1️⃣1, "alert": "Hi"}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#)
    case .pushTypeMismatch:
      RuleExamples(#"{"aps": {"alert": 1️⃣"Hi"}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#,
                   triggerFlags: "--push-type background",
                   passFlags: "--push-type background")
    case .priorityMismatch:
      RuleExamples(#"1️⃣{"aps": {"content-available": 1}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#,
                   triggerFlags: "--priority 10",
                   passFlags: "--priority 5")
    case .topicMismatch:
      RuleExamples(#"1️⃣{"aps": {}, "call": "1"}"#,
                   pass: #"{"aps": {}, "call": "1"}"#,
                   triggerFlags: "--push-type voip --topic com.example.app",
                   passFlags: "--push-type voip --topic com.example.app.voip")
    case .collapseIDTooLong:
      RuleExamples(#"1️⃣{"aps": {"alert": "Hi"}}"#,
                   pass: #"{"aps": {"alert": "Hi"}}"#,
                   triggerFlags: "--collapse-id " + String(repeating: "x", count: 65),
                   passFlags: "--collapse-id score-update")
    case .liveActivityFields:
      RuleExamples(#"{"aps": {"event": 1️⃣"start", "timestamp": 1700000000, "content-state": {}}}"#,
                   pass: #"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "Kick-off", "body": "Go"}}}"#)
    case .timestampUnit:
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1️⃣1700000000000, "content-state": {}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#)
    case .safariFields:
      RuleExamples(#"{"aps": 1️⃣{"alert": "Hi"}}"#,
                   pass: #"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#,
                   triggerFlags: "--platform safari",
                   passFlags: "--platform safari")
    case .requestMethod:
      RuleExamples("1️⃣GET /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .requestPath:
      RuleExamples("POST 1️⃣/3/devices/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .deviceTokenMissing:
      RuleExamples("POST 1️⃣/3/device/ HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .deviceTokenSyntax:
      RuleExamples("POST 1️⃣/3/device/0a1b2c3 HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .headerDuplicate:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-topic: 1️⃣com.example.app\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .apnsIDSyntax:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-id: 1️⃣42\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-id: 123e4567-e89b-12d3-a456-4266554400a0\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .expirationSyntax:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣tomorrow\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 0\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .expirationUnit:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣1700086400000\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    case .expirationPast:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣1699990000\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    case .pushTypeUnknown:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: 1️⃣notification\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .pushTypeMissing:
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .topicMissing:
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    case .topicSyntax:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: 1️⃣com.example..app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    case .providerTokenMissing:
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--auth token --now 1700000600",
                   passFlags: "--auth token --now 1700000600")
    case .providerTokenSyntax:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJIUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    case .providerTokenExpired:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNjk5OTkwMDAwfQ.mKzVJeAH8m-uRUzNYnIqKVTQOyouA10PscW4uCCL-Bl6cnTjj66q_D4_cTZZkQ7XYZLjC1cZYzmVm5QdDFIwGA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    case .providerTokenSignature:
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.YfLmpTmYrB8e5xxfAANSv57cpRWoB6GAuvUUu_pt2cw-H50mTubbcZPNTtP6Nli34ovWzRPpMPZgWqz2NYq28w\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8",
                   passFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8")
    case .locationAuth:
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app.location-query\napns-push-type: location\napns-priority: 5\n\n{\"aps\": {}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app.location-query\napns-push-type: location\napns-priority: 5\n\n{\"aps\": {}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    case .channelRequest:
      RuleExamples("1️⃣GET /1/apps/com.example.app/channels HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\n\n",
                   pass: "GET /1/apps/com.example.app/channels HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-channel-id: dHN0LXNyY2gtY2hubA==\n\n",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    case .activityTypeUnknown:
      RuleExamples(#"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": 1️⃣"DeliveryActivity", "attributes": {"orderID": "A1"}, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}, "alert": {"title": "Order A1", "body": "On its way"}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": "DeliveryAttributes", "attributes": {"orderID": "A1"}, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}, "alert": {"title": "Order A1", "body": "On its way"}}}"#
                     + Self.activityExampleSource)
    case .activityStateMissing:
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": 1️⃣{"courier": "Anne", "eta": 721694000}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    case .activityStateType:
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 1️⃣2.5}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2.0}}}"#
                     + Self.activityExampleSource)
    case .activityDateEpoch:
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 1️⃣1700000800, "stops": 2}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721693600, "stops": 2}}}"#
                     + Self.activityExampleSource)
    case .activityNotChecked:
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2, "route": 1️⃣{"id": 7}}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    case .activityExtraKey:
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2, 1️⃣"driver": "Anne"}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    case .activityStateSize:
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": 1️⃣{"courier": ""# + String(repeating: "x", count: 4100)
                     + #"", "eta": 721694000, "stops": 2}}}"# + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": ""# + String(repeating: "x", count: 3900)
                     + #"", "eta": 721694000, "stops": 2}}}"# + Self.activityExampleSource,
                   triggerFlags: "--transport broadcast")
    }
  }

  /// The app's source the Live Activity examples run against (`check --activity Attributes.swift`):
  /// after a line `--- Attributes.swift`, as table examples put their tables.
  static let activityExampleSource = """

    --- Attributes.swift
    import ActivityKit

    struct DeliveryAttributes: ActivityAttributes {
      struct ContentState: Codable, Hashable {
        var courier: String
        var eta: Date
        var stops: Int
        var route: Route?
      }
      var orderID: String
    }
    """
}
