import PayloadSchema
import Testing

/// The payload rules (SPEC §3, "Payload structure" in rules.yaml: payload-*, aps-*, unknown-key,
/// value-*, flag-*, background-inert, sound-shape, alert-*, loc-args-without-key, deprecated-key,
/// platform-key, sensitive-data, custom-key-allowlist, payload-whitespace) and the sizes and limits
/// of SPEC §2, with their exact findings: a `RuleCase` row in `triggering` is a payload, its flags
/// (as on the command line) and every finding it gives, as "rule line:column keyPath"; a
/// `PassCase` row in `passing` is a payload close to a triggering one that must not fire its rule
/// and gives exactly `others`. `RuleTests` runs the rows; a `SizeRow` is run here.
@Suite struct PayloadRuleTests {
  // MARK: Keys: unknown, the app's own, the Simulator's, aps-missing

  @Test(arguments: [
    (#"{"aps": {"alert": {"loc_key": "K"}}}"#, "did you mean 'loc-key'?"),
    (#"{"aps": {"alert": {"lockey": "K"}}}"#, "did you mean 'loc-key'?"),
    (#"{"aps": {"content_available": 1, "badge": 1}}"#, "did you mean 'content-available'?"),
    (#"{"aps": {"sound": {"nmae": "a.caf"}}}"#, "did you mean 'name'?"),
  ])
  func unknownKeySuggestsTheKey(_ json: String, _ suggestion: String) {
    let report = check(json)
    let unknown = report.findings.filter { $0.payloadRule == .unknownKey }
    #expect(unknown.count == 1)
    #expect(unknown.first?.message.hasSuffix(suggestion) == true, "\(unknown.first?.message ?? "none")")
  }

  @Test func aKeyCloseToNoneAppleDefinesIsTheAppsOwn() {
    let f = check(#"{"aps": {"badge": 1, "xyzzy-frobnicate": 1}}"#).findings
    #expect(f.map(\.payloadRule) == [.apsCustomKey])
    #expect(f.first?.message == "'xyzzy-frobnicate' in 'aps' is not a key Apple defines, nor close to one: taken as the app's own data (the system ignores it, the app receives it); Apple asks for custom keys beside 'aps'")
    #expect(f.first?.severity == .info)
    #expect(f.first.map { "\($0.line):\($0.column) \($0.keyPath ?? "")" } == "1:22 aps.xyzzy-frobnicate")
  }

  /// Seen in the wild (docs/accuracy-wider-payloads.tsv): custom data inside aps (a plugin's
  /// `showWhenInForeground`, a tutorial's `link_url`) is delivered and read by the app; a title
  /// written directly in aps never shows.
  @Test(arguments: [
    (#"{"aps": {"alert": "Hi", "title": "T"}}"#, "unknown-key", "unknown key 'title' in 'aps'; 'title' belongs in 'aps.alert', and the system reads it only there"),
    (#"{"aps": {"alert": "Hi", "lockey": "K"}}"#, "unknown-key", "unknown key 'lockey' in 'aps'; did you mean 'loc-key'? It belongs in 'aps.alert', and the system reads it only there"),
    (#"{"aps": {"alert": {"body": "Hi", "badge": 2}}}"#, "unknown-key", "unknown key 'badge' in 'aps.alert'; 'badge' belongs in 'aps', and the system reads it only there"),
    (#"{"aps": {"alert": "Hi", "link_url": "https://example.com"}}"#, "aps-custom-key", "'link_url' in 'aps' is not a key Apple defines, nor close to one: taken as the app's own data (the system ignores it, the app receives it); Apple asks for custom keys beside 'aps'"),
    (#"{"aps": {"alert": {"body": "Hi", "showWhenInForeground": true}}}"#, "aps-custom-key", "'showWhenInForeground' in 'aps.alert' is not a key Apple defines, nor close to one: taken as the app's own data (the system ignores it, the app receives it); Apple asks for custom keys beside 'aps'"),
  ])
  func misplacedKeysAreUnknownAndTheAppsOwnAreCustom(_ json: String, _ rule: String, _ message: String) {
    let f = check(json).findings
    #expect(f.map(\.rule.rawValue) == [rule])
    #expect(f.first?.message == message)
  }

  @Test func aSimulatorKeyNearMissGetsAHintInApnsFilesOnly() {
    let payload = #"{"Simulation Target Bundle": "com.example.app", "alert": "Hi"}"#
    var (target, options) = parseFlags("")
    options.simulatorFile = true
    let report = check(payload, target, options: options)
    #expect(report.findings.map(summary) == ["aps-missing 1:1 -", #"unknown-key 1:2 ["Simulation Target Bundle"]"#])
    #expect(report.findings[0].message == "no 'aps' member; APNs needs one (and the Simulator needs 'Simulator Target Bundle', spelt exactly)")
    #expect(report.findings[1].message.hasPrefix("'Simulation Target Bundle' is not the Simulator's key: did you mean 'Simulator Target Bundle'?"))
    options.simulatorFile = false
    target = Target()
    #expect(check(payload, target, options: options).findings.map(summary) == ["aps-missing 1:1 -"])
    // The right key, and keys that are merely long, get nothing.
    options.simulatorFile = true
    #expect(check(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}"#, target, options: options).findings.isEmpty)
    #expect(check(#"{"aps": {"alert": "Hi"}, "conversation-identifier": "x"}"#, target, options: options).findings.isEmpty)
  }

  /// A near miss of the Simulator's key is found with or without aps, when the validator is told
  /// per file (the command line sets `simulatorFile` after init: it never reached the checker, so
  /// `Simulate Target Bundle` beside aps passed; vinaylalwani/positiveminds@738a193, test.apns).
  @Test(arguments: [
    (#"{"Simulate Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}"#, "Simulate Target Bundle"),
    (#"{"aps": {"alert": "Hi"}, "simulator target bundle": "com.example.app"}"#, "simulator target bundle"),
    (#"{"aps": {"alert": "Hi"}, "Simulator Target Bundle ID": "com.example.app"}"#, "Simulator Target Bundle ID"),
  ])
  func simulatorKeyNearMissWhereverItIs(_ json: String, _ key: String) {
    var v = PayloadValidator()
    v.simulatorFile = true
    let report = v.validate(Array(json.utf8))
    #expect(report.findings.map(\.payloadRule) == [.unknownKey])
    #expect(report.findings.first?.keyPath == "[\"\(key)\"]")
    #expect(report.findings.first?.severity == .warning)
    #expect(report.findings.first?.message
      == "'\(key)' is not the Simulator's key: did you mean 'Simulator Target Bundle'? The Simulator reads only that spelling to pick the app")
    v.simulatorFile = false
    #expect(v.validate(Array(json.utf8)).findings.isEmpty)
  }

  /// SPEC §2: `aps-missing` depends on the push type. File Provider and Push to Talk payloads are
  /// documented without `aps`, and PushKit hands a VoIP or complication push's whole payload to the
  /// app (peer libraries' encoders send `{"callId": "1"}` or `{}`): none; location gets a warning
  /// (its extension gets the payload); the others an error.
  @Test(arguments: [
    (PushType.fileprovider, #"{"container-identifier": "NSFileProviderRootContainerItemIdentifier", "domain": "com.example.domain"}"#, nil as Bool?),
    (.pushtotalk, #"{"channel": "ops", "speaker": "Jenna"}"#, nil),
    (.voip, #"{"caller": "Jenna", "uuid": "3D7DF1A4-2B0D-4C47-9A58-0E6A3E4C7F21"}"#, nil),
    (.complication, #"{"score": "2-1"}"#, nil),
    (.location, #"{}"#, true),
    (.alert, #"{"title": "Hi"}"#, false),
    (.background, #"{"refresh": 1}"#, false),
    (.widgets, #"{}"#, false),
    (.accessory, #"{"encryptedData": "c2VhbGVk"}"#, false),
  ])
  func apsMissingDependsOnThePushType(_ pushType: PushType, _ json: String, _ softened: Bool?) {
    var target = Target()
    target.pushType = pushType
    // The push that may be right without aps is aps-missing-may-work, a warning (issue 53).
    let missing = check(json, target).findings.filter { $0.payloadRule == .apsMissing || $0.payloadRule == .apsMissingMayWork }
    #expect(missing.map(\.rule.rawValue) == (softened.map { [$0 ? "aps-missing-may-work" : "aps-missing"] } ?? []))
  }

  /// A PushKit push carries the app's own payload (issue 53: APNSwift's and other encoders send
  /// `{"callId": "1"}`, `{"foo": "bar"}` or `{}`): given the push type, or named by the topic's
  /// suffix, a body without `aps` is no finding, and its size is the push type's (a voip body up
  /// to 5120 bytes). 5,000 bytes is 97% of that limit: `payload-near-limit`, the warning every
  /// push that close gets (nothing with `size.warn-at` 0.98), never `payload-too-large` or
  /// `aps-missing`.
  @Test func aPushKitBodyIsTheApps() {
    let call = #"{"callId": "1"}"#
    #expect(findings(call, Target(pushType: .voip)) == [])
    for (topic, pushType) in [("com.example.app.voip", PushType.voip), ("com.example.app.complication", .complication),
                              ("com.example.app.voip-ptt", .pushtotalk)] {
      let report = check(call, Target(topic: topic))
      #expect(report.pushType == pushType)
      #expect(report.findings.isEmpty, "\(topic)")
    }
    #expect(check(#"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier"}"#,
                  Target(topic: "com.example.app.pushkit.fileprovider")).findings.isEmpty)
    #expect(findings("{}", Target(pushType: .voip)) == [])
    let body = #"{"callId": "1", "sdp": ""# + String(repeating: "v", count: 5000 - 26) + #""}"#
    #expect(body.utf8.count == 5000)
    let large = check(body, Target(pushType: .voip))
    #expect(large.limit == 5120)
    #expect(large.findings.map { "\(summary($0)) \($0.severity)" } == ["payload-near-limit 1:1 - warning"])
    var quieter = ValidationOptions()
    quieter.warnAt = 0.98
    #expect(findings(body, Target(pushType: .voip), options: quieter) == [])
    // Without push type or topic nothing says it is a PushKit body: an alert push's limit and its aps.
    #expect(findings(body) == ["payload-too-large 1:1 -", "aps-missing 1:1 -"])
  }

  // MARK: Values: their type, range and enumeration

  @Test func interruptionLevelTypoSuggestsTheLevel() {
    let f = check(#"{"aps": {"alert": "Hi", "interruption-level": "time-senstive"}}"#).findings
    #expect(f.map(\.payloadRule) == [.valueEnum])
    #expect(f.first?.message.contains("'time-senstive'") == true)
    #expect(f.first?.message.hasSuffix("did you mean 'time-sensitive'?") == true)
  }

  /// value-type's severity is the consequence for the key (SPEC §3): a key that is only not
  /// applied while the alert shows as sent is a warning (a string badge: RMSPushNotificationsBundle
  /// pull request 62, "apple seems to just ignore the value"); text the alert shows, or loc-args
  /// that are not an array of strings (seen as objects in ZhukV/AppleApnPush's encoder tests), is
  /// lost: an error.
  @Test(arguments: [
    (#"{"aps":{"alert":"Hi","badge":"1"}}"#, "value-type-ignored warning 1:30 aps.badge"),
    (#"{"aps":{"alert":"Hi","sound":5}}"#, "value-type-ignored warning 1:30 aps.sound"),
    (#"{"aps":{"alert":"Hi","sound":{"name":5}}}"#, "value-type-ignored warning 1:38 aps.sound.name"),
    (#"{"aps":{"alert":"Hi","thread-id":7}}"#, "value-type-ignored warning 1:34 aps.thread-id"),
    (#"{"aps":{"alert":"Hi","category":["A"]}}"#, "value-type-ignored warning 1:33 aps.category"),
    (#"{"aps":{"alert":"Hi","interruption-level":1}}"#, "value-type-ignored warning 1:43 aps.interruption-level"),
    (#"{"aps":{"alert":{"body":"Hi","launch-image":1}}}"#, "value-type-ignored warning 1:45 aps.alert.launch-image"),
    // Outside a live activity the score only sorts the app's notifications (UNNotificationContent.relevanceScore).
    (#"{"aps":{"alert":"Hi","relevance-score":"1"}}"#, "value-type-ignored warning 1:40 aps.relevance-score"),
    (#"{"aps":{"alert":{"body":"Hi","summary-arg-count":"2"}}}"#, "value-type-deprecated-key info 1:50 aps.alert.summary-arg-count"),   // deprecated, ignored
    (#"{"aps":{"alert":42}}"#, "value-type error 1:17 aps.alert"),
    (#"{"aps":{"alert":{"body":5}}}"#, "value-type error 1:25 aps.alert.body"),
    (#"{"aps":{"alert":{"loc-key":"K","loc-args":{"a":"b"}}}}"#, "value-type error 1:43 aps.alert.loc-args"),
    (#"{"aps":{"alert":{"title-loc-key":"K","title-loc-args":"b"}}}"#, "value-type error 1:55 aps.alert.title-loc-args"),
  ])
  func valueTypeSeverityIsTheKeysConsequence(_ json: String, _ expected: String) {
    // value-type and its parts (issue 53): the rule says the consequence, the severity follows.
    let found = check(json).findings.filter { [.valueType, .valueTypeIgnored, .valueTypeDeprecatedKey].contains($0.payloadRule) }
    #expect(found.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "")" } == [expected])
  }

  /// value-range takes its severity as value-type does: a number the key only does not apply as
  /// meant is a warning, a deprecated key iOS ignores is information, a Live Activity timestamp
  /// older than any update (dropped) stays an error, and in a live activity any relevance score goes.
  /// A critical flag other than 0 or 1 plays the sound as a regular one: flag-value's warning.
  @Test(arguments: [
    (#"{"aps":{"alert":"Hi","badge":-1}}"#, PushType.alert, "value-range-ignored warning 1:30 aps.badge"),
    (#"{"aps":{"alert":"Hi","badge":1.5}}"#, PushType.alert, "value-range-ignored warning 1:30 aps.badge"),
    (#"{"aps":{"alert":"Hi","relevance-score":5}}"#, PushType.alert, "value-range-ignored warning 1:40 aps.relevance-score"),
    (#"{"aps":{"alert":"Hi","sound":{"name":"a.caf","critical":1,"volume":3}}}"#, PushType.alert, "value-range-ignored warning 1:68 aps.sound.volume"),
    (#"{"aps":{"alert":"Hi","sound":{"name":"a.caf","critical":2}}}"#, PushType.alert, "flag-value-ignored warning 1:57 aps.sound.critical"),
    (#"{"aps":{"alert":{"body":"Hi","summary-arg-count":0}}}"#, PushType.alert, "value-range-deprecated-key info 1:50 aps.alert.summary-arg-count"),
    (#"{"aps":{"event":"update","timestamp":-1,"content-state":{"s":1}}}"#, PushType.liveactivity, "value-range error 1:38 aps.timestamp"),
    (#"{"aps":{"event":"update","timestamp":1700000000,"content-state":{"s":1},"relevance-score":"x"}}"#, PushType.liveactivity,
     "value-type error 1:91 aps.relevance-score"),
  ])
  func outOfRangeSeverityIsTheKeysConsequence(_ json: String, _ pushType: PushType, _ expected: String) {
    let rules: Set<PayloadRule> = [.valueRange, .valueRangeIgnored, .valueRangeDeprecatedKey, .valueType, .valueTypeIgnored, .flagValue, .flagValueIgnored]
    let found = check(json, Target(pushType: pushType)).findings.filter { $0.payloadRule.map(rules.contains) == true }
    #expect(found.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "")" } == [expected])
  }

  // MARK: Flags, sounds and background-inert

  /// SPEC §3 flag-value: `true` is information whose advice is "use the number 1" (iOS reads
  /// true as 1, nothing differs; omitting `mutable-content` would switch the service extension off); "1" or 2: a
  /// warning (the extension does not run, the alert is still shown as sent; for content-available the same
  /// mistake is an error, below: the app is not woken). 0 and
  /// false mean off, as if the key were absent: flag-off, information (issue 36: 15 of 56 errors
  /// on real payloads were `mutable-content: 0` or `false`).
  @Test(arguments: [
    (#"{"aps": {"alert": "Hi", "mutable-content": true}}"#, PayloadRule.flagValueTrue, Severity.info, "'mutable-content' should be the number 1, not true: iOS accepts true, but use 1 (omitting the key would turn it off)"),
    (#"{"aps": {"alert": "Hi", "mutable-content": false}}"#, .flagOff, .info, "'mutable-content': false means off, the same as leaving the key out; leave it out (or write 1 to turn it on)"),
    (#"{"aps": {"alert": "Hi", "mutable-content": "1"}}"#, .flagValueIgnored, .warning, "'mutable-content' must be the number 1, not a string; write 1 without quotes"),
    (#"{"aps": {"alert": "Hi", "mutable-content": 0}}"#, .flagOff, .info, "'mutable-content': 0 means off, the same as leaving the key out; leave it out (or write 1 to turn it on)"),
    (#"{"aps": {"alert": "Hi", "mutable-content": 2}}"#, .flagValueIgnored, .warning, "'mutable-content' must be the number 1, not 2; omit the key to leave it off"),
  ])
  func flagValueTrueAndOffAreInformation(_ json: String, _ rule: PayloadRule, _ severity: Severity, _ message: String) {
    let report = check(json)
    #expect(report.findings.map(summary) == ["\(rule.rawValue) 1:44 aps.mutable-content"])
    #expect(report.findings.first?.severity == severity)
    #expect(report.findings.first?.message == message)
  }

  /// flag-value on content-available stays an error: a string "1" is reported not to wake the app
  /// (parse-community/docs pull request 570), so the background push does nothing.
  @Test func contentAvailableAsAStringIsAnError() {
    let report = check(#"{"aps": {"content-available": "1"}}"#)
    #expect(report.findings.map(summary) == ["flag-value 1:31 aps.content-available"])
    #expect(report.findings.first?.severity == .error)
  }

  /// flag-off is about content-available and mutable-content only: input-push-token, which
  /// ActivityKit documents as 1, stays flag-value.
  @Test func inputPushTokenZeroIsStillAFlagValue() {
    let json = #"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-token": 0}}"#
    #expect(findings(json) == ["flag-value 1:174 aps.input-push-token"])
  }

  /// sound-shape: a sound dictionary without `critical` is a warning (Apple documents it for
  /// critical alerts); with `critical: 0` it is Apple's shape with the flag off, and the named
  /// sound plays as a regular one: information (seen in home-assistant/iOS d722d78,
  /// Sources/PushServer/Tests/SharedPushTests/notification_test_cases.bundle/sound_regular_but_in_object.json).
  /// `url-args` in an iOS push: only Safari reads it, information.
  @Test func soundDictionaryAndURLArgsByConsequence() {
    let plain = check(#"{"aps": {"alert": "Hi", "sound": {"name": "ping.caf"}}}"#)
    #expect(plain.findings.map { "\($0.rule.rawValue) \($0.severity)" } == ["sound-shape warning"])
    let off = check(#"{"aps": {"alert": "Hi", "sound": {"critical": 0, "name": "ping.caf"}}}"#)
    #expect(off.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.message)" } == [
      "sound-shape-critical-off info with 'critical': 0 the 'sound' dictionary plays its sound as a regular one: the sound's name as a string says the same"
    ])
    let urlArgs = check(#"{"aps": {"alert": "Hi", "url-args": ["a"]}}"#, Target(platform: .ios, pushType: .alert))
    #expect(urlArgs.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column)" } == ["url-args-in-app-push info 1:25"])
    let liveOnMac = check(#"{"aps": {"alert": "Hi", "event": "update", "timestamp": 1700000000, "content-state": {}}}"#, Target(platform: .macos, pushType: .alert))
    #expect(liveOnMac.findings.filter { $0.rule == .platformKey }.allSatisfy { $0.severity == .warning })
  }

  /// SPEC §3 background-inert: a background push without content-available wakes nothing; with
  /// `true` (which iOS honours) it is not inert, and an inferred background push always has it.
  @Test(arguments: [
    (#"{"aps": {}}"#, ["background-inert 1:9 aps"]),
    // A misspelt content-available is the cause, said once (misplaced-key), not beside the symptom.
    (#"{"aps": {"contentAvailable": 1}}"#, ["misplaced-key 1:10 aps.contentAvailable"]),
    // Other keys do not wake the app either, and badge is a mismatch of its own.
    (#"{"aps": {"badge": 3, "contentAvailable": 1}}"#,
     ["push-type-key-unread 1:19 aps.badge", "misplaced-key 1:22 aps.contentAvailable"]),
    (#"{"aps": {"thread-id": "t"}, "refresh": 1}"#, ["background-inert 1:9 aps"]),
    (#"{"aps": {"content-available": 1, "badge": 3}}"#, ["silent-push-shape 1:31 aps.content-available", "push-type-key-unread 1:43 aps.badge"]),
    (#"{"aps": {"content-available": 1}}"#, []),
    (#"{"aps": {"content-available": true}}"#, ["flag-value-true 1:31 aps.content-available"]),
    // 0 and false mean off: as inert as no key (and flag-off says what 0 means).
    (#"{"aps": {"content-available": 0}}"#, ["background-inert 1:9 aps", "flag-off 1:31 aps.content-available"]),
    (#"{"aps": {"content-available": false, "mutable-content": 1}}"#, ["background-inert 1:9 aps", "flag-off 1:31 aps.content-available"]),
  ])
  func backgroundInert(_ json: String, _ expected: [String]) {
    var target = Target()
    target.pushType = .background
    #expect(findings(json, target) == expected)
  }

  @Test func backgroundInertSaysWhatZeroAndFalseMean() {
    let target = Target(pushType: .background)
    #expect(check(#"{"aps": {"content-available": 0}}"#, target).findings.first?.message
      == "a background push with 'content-available': 0 wakes nothing (0 means off); write 1")
    #expect(check(#"{"aps": {"content-available": false}}"#, target).findings.first?.message
      == "a background push with 'content-available': false wakes nothing (false means off); write 1")
  }

  // MARK: Sizes (SPEC §2)

  struct SizeRow: Sendable, CustomTestStringConvertible {
    let name: String
    let payload: String
    let flags: String
    let size: Int
    let limit: Int
    let pushType: PushType
    var rules: [PayloadRule] = []
    var testDescription: String { name }
  }

  static func alert(bytes n: Int) -> String {
    #"{"aps":{"alert":""# + String(repeating: "x", count: n - 20) + #""}}"#
  }

  static let spaced = #"{ "aps" : { "alert" : "a b" } }"#  // 23 bytes compact, 31 raw

  static let sizeRows: [SizeRow] = [
    SizeRow(name: "http2 alert, compact", payload: spaced, flags: "--size-count compact", size: 23, limit: 4096, pushType: .alert),
    SizeRow(name: "http2 alert, raw", payload: spaced, flags: "", size: 31, limit: 4096, pushType: .alert),
    SizeRow(name: "escapes count as written", payload: #"{"aps":{"alert":"\u00e9"}}"#, flags: "", size: 26, limit: 4096, pushType: .alert, rules: [.jsonEscapedUnicode]),
    SizeRow(name: "http2 voip", payload: spaced, flags: "--size-count compact --push-type voip", size: 23, limit: 5120, pushType: .voip),
    SizeRow(name: "http2 background", payload: #"{"aps": {"content-available": 1}}"#, flags: "--size-count compact", size: 31, limit: 4096, pushType: .background),
    SizeRow(name: "http2 liveactivity", payload: #"{"aps": {"event": "end", "timestamp": 1}}"#, flags: "--size-count compact", size: 37, limit: 4096, pushType: .liveactivity),
    SizeRow(name: "http2 macos", payload: spaced, flags: "--size-count compact --platform macos", size: 23, limit: 4096, pushType: .alert),
    SizeRow(name: "binary ios", payload: spaced, flags: "--size-count compact --transport binary", size: 23, limit: 2048, pushType: .alert),
    SizeRow(name: "binary voip", payload: spaced, flags: "--size-count compact --transport binary --push-type voip", size: 23, limit: 2048, pushType: .voip),
    SizeRow(name: "binary macos", payload: spaced, flags: "--size-count compact --transport binary --platform macos", size: 23, limit: 256, pushType: .alert),
    SizeRow(name: "binary-pre-ios8", payload: spaced, flags: "--size-count compact --transport binary-pre-ios8", size: 23, limit: 256, pushType: .alert),
    SizeRow(name: "binary-pre-ios8 voip", payload: spaced, flags: "--size-count compact --transport binary-pre-ios8 --push-type voip", size: 23, limit: 256, pushType: .voip),
    SizeRow(name: "binary-pre-ios8 macos", payload: spaced, flags: "--size-count compact --transport binary-pre-ios8 --platform macos", size: 23, limit: 256, pushType: .alert),
    // A .apns file's "Simulator Target Bundle" is not counted, nor the comma that joins it.
    SizeRow(name: ".apns, bundle first", payload: "{\n  \"Simulator Target Bundle\": \"com.example.app\",\n  \"aps\": {\"alert\": \"a b\"}\n}\n", flags: "--size-count compact --apns", size: 23, limit: 4096, pushType: .alert),
    SizeRow(name: ".apns, bundle last", payload: #"{"aps": {"alert": "a b"}, "Simulator Target Bundle": "com.example.app"}"#, flags: "--size-count compact --apns", size: 23, limit: 4096, pushType: .alert),
    SizeRow(name: ".apns, bundle between", payload: #"{"aps": {"alert": "a b"}, "Simulator Target Bundle": "com.example.app", "k": 1}"#, flags: "--size-count compact --apns", size: 29, limit: 4096, pushType: .alert),
    SizeRow(name: ".apns, bundle only", payload: #"{"Simulator Target Bundle": "com.example.app"}"#, flags: "--size-count compact --apns", size: 2, limit: 4096, pushType: .alert, rules: [.apsMissing]),
    // Limits and the 90% warning, at their exact edges.
    SizeRow(name: "4096 on http2 is allowed", payload: alert(bytes: 4096), flags: "", size: 4096, limit: 4096, pushType: .alert, rules: [.payloadNearLimit]),
    SizeRow(name: "4097 on http2 is too large", payload: alert(bytes: 4097), flags: "", size: 4097, limit: 4096, pushType: .alert, rules: [.payloadTooLarge]),
    SizeRow(name: "exactly 90% of 5120", payload: alert(bytes: 4608), flags: "--push-type voip", size: 4608, limit: 5120, pushType: .voip, rules: [.payloadNearLimit]),
    SizeRow(name: "one byte under 90% of 5120", payload: alert(bytes: 4607), flags: "--push-type voip", size: 4607, limit: 5120, pushType: .voip),
    SizeRow(name: "5121 on voip", payload: alert(bytes: 5121), flags: "--push-type voip", size: 5121, limit: 5120, pushType: .voip, rules: [.payloadTooLarge]),
    SizeRow(name: "257 on binary-pre-ios8", payload: alert(bytes: 257), flags: "--transport binary-pre-ios8", size: 257, limit: 256, pushType: .alert, rules: [.payloadTooLarge]),
    SizeRow(name: "256 on binary-pre-ios8", payload: alert(bytes: 256), flags: "--transport binary-pre-ios8", size: 256, limit: 256, pushType: .alert, rules: [.payloadNearLimit]),
    SizeRow(name: "230 of 256 is under 90%", payload: alert(bytes: 230), flags: "--transport binary-pre-ios8", size: 230, limit: 256, pushType: .alert),
    SizeRow(name: "231 of 256 is over 90%", payload: alert(bytes: 231), flags: "--transport binary-pre-ios8", size: 231, limit: 256, pushType: .alert, rules: [.payloadNearLimit]),
    SizeRow(name: "warn-at 0.5: exactly half", payload: alert(bytes: 2048), flags: "--warn-at 0.5", size: 2048, limit: 4096, pushType: .alert, rules: [.payloadNearLimit]),
    // Library default: the bytes given; the simulator's key counts outside .apns files (SPEC §2).
    SizeRow(name: "raw is the library's default", payload: spaced, flags: "", size: 31, limit: 4096, pushType: .alert),
    SizeRow(name: "simulator key counts in a .json", payload: #"{"aps": {"alert": "a b"}, "Simulator Target Bundle": "com.example.app"}"#, flags: "--size-count compact", size: 67, limit: 4096, pushType: .alert),
    // Compact counting: over the limit as written, under it compact (a pretty payload file).
    SizeRow(name: "payload-whitespace", payload: "{\n  \"aps\": {\n    \"alert\": \"" + String(repeating: "x", count: 230) + "\"\n  }\n}\n", flags: "--size-count compact --transport binary-pre-ios8", size: 250, limit: 256, pushType: .alert, rules: [.payloadNearLimit, .payloadWhitespace]),
    SizeRow(name: "raw counting can push over the limit", payload: alert(bytes: 250) + "      \n", flags: "--transport binary-pre-ios8 --size-count raw", size: 257, limit: 256, pushType: .alert, rules: [.payloadTooLarge]),
  ]

  @Test func broadcastHasTheLiveActivityLimit() {
    let (target, options) = parseFlags("--transport broadcast")
    let report = check(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#, target, options: options)
    #expect(report.limit == 5120 && report.pushType == .liveactivity && report.findings.isEmpty)
  }

  @Test(arguments: sizeRows)
  func sizeAndLimit(_ row: SizeRow) {
    let (target, options) = parseFlags(row.flags)
    let report = check(row.payload, target, options: options)
    #expect(report.size == row.size)
    #expect(report.limit == row.limit)
    #expect(report.pushType == row.pushType)
    #expect(report.findings.map(\.payloadRule) == row.rules)
    for f in report.findings where f.payloadRule == .payloadTooLarge || f.payloadRule == .payloadNearLimit || f.payloadRule == .payloadWhitespace {
      #expect(f.line == 1 && f.column == 1 && f.keyPath == nil)
      #expect(f.message.contains("\(row.size) bytes"))
    }
  }

  // MARK: The rows

  static let triggering: [RuleCase] = [
    RuleCase("value-range negative timestamp", text(#"{"aps":{"event":"update","timestamp":-1,"content-state":{"s":1}}}"#), flags: "--push-type liveactivity", [
      #"value-range 1:38 aps.timestamp"#
    ]),
    // The parts split from a rule (issue 53, one consequence per rule): their definitions' examples.
    RuleCase("aps-missing-may-work example", text(#"{}"#), flags: "", [
      #"aps-missing-may-work 1:1 -"#
    ]),
    RuleCase("value-type-ignored example", text(#"{"aps": {"alert": "Hi", "badge": "5"}}"#), flags: "", [
      #"value-type-ignored 1:34 aps.badge"#
    ]),
    RuleCase("value-type-deprecated-key example", text(#"{"aps": {"alert": {"body": "Hi", "action-loc-key": 5}}}"#), flags: "", [
      #"deprecated-key 1:34 aps.alert.action-loc-key"#,
      #"value-type-deprecated-key 1:52 aps.alert.action-loc-key"#
    ]),
    RuleCase("value-range-ignored example", text(#"{"aps": {"alert": "Hi", "badge": -1}}"#), flags: "", [
      #"value-range-ignored 1:34 aps.badge"#
    ]),
    RuleCase("value-range-deprecated-key example", text(#"{"aps": {"alert": {"body": "Hi", "summary-arg-count": 0}}}"#), flags: "", [
      #"deprecated-key 1:34 aps.alert.summary-arg-count"#,
      #"value-range-deprecated-key 1:55 aps.alert.summary-arg-count"#
    ]),
    RuleCase("flag-value-ignored example", text(#"{"aps": {"alert": "Hi", "mutable-content": "1"}}"#), flags: "", [
      #"flag-value-ignored 1:44 aps.mutable-content"#
    ]),
    RuleCase("flag-value-true example", text(#"{"aps": {"content-available": true}}"#), flags: "", [
      #"flag-value-true 1:31 aps.content-available"#
    ]),
    RuleCase("sound-shape-critical-off example", text(#"{"aps": {"alert": "Hi", "sound": {"critical": 0, "name": "ping.caf"}}}"#), flags: "", [
      #"sound-shape-critical-off 1:34 aps.sound"#
    ]),
    RuleCase("url-args-in-app-push example", text(#"{"aps": {"alert": "Hi", "url-args": ["a"]}}"#), flags: "", [
      #"url-args-in-app-push 1:25 aps.url-args"#
    ]),
    RuleCase("payload-empty no bytes", text(""), flags: "", [
      #"payload-empty 1:1 -"#
    ]),
    RuleCase("payload-empty whitespace", text(" \n\t "), flags: "", [
      #"payload-empty 1:1 -"#
    ]),
    RuleCase("payload-not-object", text(#"[{"aps": {"badge": 1}}]"#), flags: "", [
      #"payload-not-object 1:1 -"#
    ]),
    RuleCase("aps-missing", text(#"""
      {
        "alert": "Hello"
      }
      """#), flags: "", [
      #"aps-missing 1:1 -"#
    ]),
    RuleCase("aps-not-object", text(#"""
      {
        "aps": "Hello"
      }
      """#), flags: "", [
      #"aps-not-object 2:10 aps"#
    ]),
    RuleCase("unknown-key suggestions", text(#"""
      {
        "aps": {
          "alert": {
            "loc_key": "GREETING",
            "lockey": "GREETING",
            "body": "Hi"
          },
          "content_available": 1,
          "sound": {"name": "a.caf", "volum": 1}
        }
      }
      """#), flags: "", [
      #"unknown-key 4:7 aps.alert.loc_key"#,
      #"unknown-key 5:7 aps.alert.lockey"#,
      #"unknown-key 8:5 aps.content_available"#,
      #"sound-shape 9:14 aps.sound"#,
      #"unknown-key 9:32 aps.sound.volum"#
    ]),
    RuleCase("misplaced-key: the alert's keys directly in aps, and content-available beside it", text(#"""
      {
        "aps": {
          "title": "Hi",
          "body": "There"
        },
        "content-available": 1
      }
      """#), flags: "", [
      #"misplaced-key 3:5 aps.title"#,
      #"misplaced-key 6:3 content-available"#
    ]),
    RuleCase("aps-custom-key: the app's own keys inside aps and its alert", text(#"""
      {
        "aps": {
          "alert": {"body": "Hi", "conversation": "c-42"},
          "showWhenInForeground": true
        }
      }
      """#), flags: "", [
      #"aps-custom-key 3:29 aps.alert.conversation"#,
      #"aps-custom-key 4:5 aps.showWhenInForeground"#
    ]),
    RuleCase("value-type badge string", text(#"""
      {
        "aps": {
          "badge": "5"
        }
      }
      """#), flags: "", [
      // The badge is not applied, so the alert push has nothing to show.
      #"push-type-mismatch 2:10 aps"#,
      #"value-type-ignored 3:14 aps.badge"#
    ]),
    RuleCase("value-type alert number", text(#"""
      {
        "aps": {
          "alert": 42
        }
      }
      """#), flags: "", [
      #"value-type 3:14 aps.alert"#
    ]),
    RuleCase("value-type loc-args number", text(#"""
      {
        "aps": {
          "alert": {
            "loc-key": "K",
            "loc-args": ["Jenna", 3]
          }
        }
      }
      """#), flags: "", [
      #"value-type 5:29 aps.alert.loc-args[1]"#
    ]),
    RuleCase("value-type loc-args not array", text(#"{"aps": {"alert": {"loc-key": "K", "loc-args": "Jenna"}}}"#), flags: "", [
      #"value-type 1:48 aps.alert.loc-args"#
    ]),
    RuleCase("value-type content-state", text(#"""
      {
        "aps": {
          "event": "update",
          "timestamp": 1700000000,
          "content-state": []
        }
      }
      """#), flags: "", [
      #"value-type 5:22 aps.content-state"#
    ]),
    RuleCase("value-range badge -1", text(#"{"aps": {"badge": -1}}"#), flags: "", [
      #"value-range-ignored 1:19 aps.badge"#
    ]),
    RuleCase("value-range badge 1.5", text(#"{"aps": {"badge": 1.5}}"#), flags: "", [
      #"value-range-ignored 1:19 aps.badge"#
    ]),
    RuleCase("value-range relevance 3", text(#"{"aps": {"alert": "Hi", "relevance-score": 3}}"#), flags: "", [
      #"value-range-ignored 1:44 aps.relevance-score"#
    ]),
    RuleCase("value-range volume 2", text(#"{"aps": {"sound": {"name": "a.caf", "volume": 2}}}"#), flags: "", [
      #"sound-shape 1:19 aps.sound"#,
      #"value-range-ignored 1:47 aps.sound.volume"#
    ]),
    RuleCase("value-range summary-arg-count 0", text(#"{"aps": {"alert": {"body": "Hi", "summary-arg-count": 0}}}"#), flags: "", [
      #"deprecated-key 1:34 aps.alert.summary-arg-count"#,
      #"value-range-deprecated-key 1:55 aps.alert.summary-arg-count"#
    ]),
    RuleCase("value-enum interruption-level typo", text(#"""
      {
        "aps": {
          "alert": "Hi",
          "interruption-level": "time-senstive"
        }
      }
      """#), flags: "", [
      #"value-enum 4:27 aps.interruption-level"#
    ]),
    RuleCase("value-enum event begin", text(#"{"aps": {"event": "begin", "timestamp": 1700000000, "content-state": {}}}"#), flags: "", [
      #"value-enum 1:19 aps.event"#
    ]),
    RuleCase("flag-value content-available true", text(#"{"aps": {"content-available": true}}"#), flags: "", [
      #"flag-value-true 1:31 aps.content-available"#
    ]),
    RuleCase("flag-value content-available string", text(#"{"aps": {"content-available": "1"}}"#), flags: "", [
      #"flag-value 1:31 aps.content-available"#
    ]),
    RuleCase("flag-value mutable-content 2", text(#"{"aps": {"alert": "Hi", "mutable-content": 2}}"#), flags: "", [
      #"flag-value-ignored 1:44 aps.mutable-content"#
    ]),
    RuleCase("flag-value critical 2", text(#"{"aps": {"sound": {"critical": 2, "name": "a.caf"}}}"#), flags: "", [
      #"sound-shape 1:19 aps.sound"#,
      #"flag-value-ignored 1:32 aps.sound.critical"#
    ]),
    RuleCase("flag-value content-changed false", text(#"{"aps": {"content-changed": false}}"#), flags: "--push-type widgets", [
      #"flag-value 1:29 aps.content-changed"#
    ]),
    RuleCase("flag-off content-available 0", text(#"{"aps": {"content-available": 0}}"#), flags: "", [
      #"background-inert 1:9 aps"#,
      #"flag-off 1:31 aps.content-available"#
    ]),
    RuleCase("background-inert", text(#"{"aps": {}, "refresh": 1}"#), flags: "--push-type background", [
      #"background-inert 1:9 aps"#
    ]),
    RuleCase("sound-shape", text(#"{"aps": {"alert": "Hi", "sound": {"name": "ping.caf", "volume": 0.5}}}"#), flags: "", [
      #"sound-shape 1:34 aps.sound"#
    ]),
    RuleCase("sound-shape critical 0", text(#"{"aps": {"alert": "Hi", "sound": {"critical": 0, "name": "ping.caf"}}}"#), flags: "", [
      #"sound-shape-critical-off 1:34 aps.sound"#
    ]),
    // sound-format: iOS plays notification sounds in aiff, wav or caf only (Apple, UNNotificationSound,
    // "Prepare Sound Resources"); seen in siddharth952/HalfActive's test.apns ("sound": an .mp3).
    RuleCase("sound-format", text(#"{"aps": {"alert": "Goal!", "sound": "whistle.mp3"}}"#), flags: "", [
      #"sound-format 1:37 aps.sound"#
    ]),
    RuleCase("sound-format, any case, escaped", text(#"{"aps": {"alert": "Goal!", "sound": "Whistle\u002eM4A"}}"#), flags: "", [
      #"sound-format 1:37 aps.sound"#
    ]),
    RuleCase("sound-format in a critical sound", text(#"{"aps": {"alert": "Fire", "sound": {"critical": 1, "name": "siren.flac", "volume": 1}}}"#), flags: "", [
      #"sound-format 1:60 aps.sound.name"#
    ]),
    RuleCase("alert-empty", text(#"""
      {
        "aps": {
          "alert": {
            "launch-image": "a.png"
          },
          "sound": "default"
        }
      }
      """#), flags: "", [
      #"alert-empty 3:14 aps.alert"#
    ]),
    RuleCase("alert-empty null loc-key", text(#"{"aps": {"alert": {"loc-key": null}}}"#), flags: "", [
      #"alert-empty 1:19 aps.alert"#
    ]),
    RuleCase("alert-text-conflict three pairs", text(#"""
      {
        "aps": {
          "alert": {
            "loc-key": "K",
            "body": "b",
            "title": "t",
            "title-loc-key": "T",
            "subtitle-loc-key": "S",
            "subtitle": "s"
          }
        }
      }
      """#), flags: "", [
      #"alert-text-conflict 5:7 aps.alert.body"#,
      #"alert-text-conflict 7:7 aps.alert.title-loc-key"#,
      #"alert-text-conflict 9:7 aps.alert.subtitle"#
    ]),
    RuleCase("loc-args-without-key three kinds", text(#"""
      {
        "aps": {
          "alert": {
            "body": "b",
            "loc-args": ["a"],
            "title-loc-args": ["b"],
            "subtitle-loc-args": ["c"]
          }
        }
      }
      """#), flags: "", [
      #"loc-args-without-key 5:19 aps.alert.loc-args"#,
      #"loc-args-without-key 6:25 aps.alert.title-loc-args"#,
      #"loc-args-without-key 7:28 aps.alert.subtitle-loc-args"#
    ]),
    RuleCase("deprecated-key", text(#"""
      {
        "aps": {
          "alert": {
            "body": "Hi",
            "action-loc-key": "PLAY",
            "launch-image": "a.png",
            "summary-arg": "Jenna",
            "summary-arg-count": 2,
            "action": "View"
          }
        }
      }
      """#), flags: "", [
      #"deprecated-key 5:7 aps.alert.action-loc-key"#,
      #"deprecated-key 7:7 aps.alert.summary-arg"#,
      #"deprecated-key 8:7 aps.alert.summary-arg-count"#,
      #"deprecated-key 9:7 aps.alert.action"#
    ]),
    RuleCase("platform-key live activity on macos", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--platform macos", [
      #"platform-key 1:10 aps.event"#,
      #"platform-key 1:29 aps.timestamp"#,
      #"platform-key 1:54 aps.content-state"#
    ]),
    RuleCase("platform-key safari alert keys", text(#"{"aps": {"alert": {"title": "T", "body": "B", "subtitle": "S", "loc-key": "K"}, "url-args": []}}"#), flags: "--platform safari", [
      "safari-legacy-push-reach 1:1 -",
      #"platform-key 1:47 aps.alert.subtitle"#,
      #"platform-key 1:64 aps.alert.loc-key"#,
      #"alert-text-conflict 1:64 aps.alert.loc-key"#
    ]),
    RuleCase("platform-key url-args on ios", text(#"{"aps": {"alert": "Hi", "url-args": ["a"]}}"#), flags: "", [
      #"url-args-in-app-push 1:25 aps.url-args"#
    ]),
    RuleCase("platform-key critical on tvos", text(#"{"aps": {"badge": 1, "sound": {"critical": 1, "name": "a.caf"}}}"#), flags: "--platform tvos", [
      #"platform-key 1:22 aps.sound"#,
      #"platform-key 1:32 aps.sound.critical"#
    ]),
    RuleCase("platform-key alert and sound on tvos", text(#"{"aps": {"alert": "Hi", "sound": "default", "badge": 1}}"#), flags: "--platform tvos", [
      #"platform-key 1:10 aps.alert"#,
      #"platform-key 1:25 aps.sound"#
    ]),
    RuleCase("sensitive-data default patterns nested", text(#"""
      {
        "aps": {"badge": 1},
        "password": "x",
        "user": {
          "Email": "a@example.com",
          "Credit Card": "4111",
          "devices": [{"push_token": "t"}],
          "name": "Jenna"
        }
      }
      """#), flags: "", [
      #"sensitive-data 3:3 password"#,
      #"sensitive-data 5:5 user.Email"#,
      #"sensitive-data 6:5 user["Credit Card"]"#,
      #"sensitive-data 7:18 user.devices[0].push_token"#
    ]),
    RuleCase("sensitive-data check-values", text(#"{"aps": {"badge": 1}, "note": "my password is x", "tags": ["secret", "ok"]}"#), flags: "--check-values", [
      #"sensitive-data 1:31 note"#,
      #"sensitive-data 1:60 tags[0]"#
    ]),
    RuleCase("custom-key-allowlist", text(#"{"aps": {"badge": 1}, "msgid": "1", "tracking": "x", "meta": {"deep": 1}}"#), flags: "--allow msgid,media", [
      #"custom-key-allowlist 1:37 tracking"#,
      #"custom-key-allowlist 1:54 meta"#
    ]),
  ]

  static let passing: [PassCase] = [
    PassCase(.apsMissingMayWork, "example", text(#"{"aps": {"alert": "Hello"}}"#), flags: "", others: []),
    PassCase(.valueTypeIgnored, "example", text(#"{"aps": {"alert": "Hi", "badge": 5}}"#), flags: "", others: []),
    PassCase(.valueTypeDeprecatedKey, "example", text(#"{"aps": {"alert": {"body": "Hi"}}}"#), flags: "", others: []),
    PassCase(.valueRangeIgnored, "example", text(#"{"aps": {"alert": "Hi", "badge": 1}}"#), flags: "", others: []),
    PassCase(.valueRangeDeprecatedKey, "example", text(#"{"aps": {"alert": {"body": "Hi"}}}"#), flags: "", others: []),
    PassCase(.flagValueIgnored, "example", text(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#), flags: "", others: []),
    PassCase(.flagValueTrue, "example", text(#"{"aps": {"content-available": 1}}"#), flags: "", others: []),
    PassCase(.soundShapeCriticalOff, "example", text(#"{"aps": {"alert": "Hi", "sound": "ping.caf"}}"#), flags: "", others: []),
    PassCase(.urlArgsInAppPush, "example", text(#"{"aps": {"alert": "Hi"}}"#), flags: "", others: []),
    PassCase(.payloadEmpty, "a tiny payload", text(#"{"aps":{"badge":0}}"#), flags: ""),
    PassCase(.payloadNotObject, "object at top", text(#"{"aps": {"badge": 1}}"#), flags: ""),
    PassCase(.payloadTooLarge, "256 bytes on binary-pre-ios8", text(alert(bytes: 256)), flags: "--transport binary-pre-ios8", others: ["payload-near-limit 1:1 -"]),
    PassCase(.payloadNearLimit, "one byte under 90% of 5120", text(alert(bytes: 4607)), flags: "--push-type voip"),
    PassCase(.apsMissing, "mdm push without aps", text(#"{"mdm": "00000000-1111-2222-3333-444444444444"}"#), flags: ""),
    PassCase(.apsMissing, "File Provider, inferred from container-identifier", text(#"{"container-identifier": "NSFileProviderRootContainerItemIdentifier", "domain": "com.example.docs"}"#), flags: ""),
    PassCase(.apsNotObject, "aps object", text(#"{"aps": {"alert": "Hello"}}"#), flags: ""),
    PassCase(.unknownKey, "every aps key known", text(#"{"aps": {"alert": {"title": "t", "subtitle": "s", "body": "b"}, "badge": 1, "sound": {"name": "a.caf", "volume": 0.5}, "thread-id": "t", "category": "c", "target-content-id": "x", "filter-criteria": "f", "mutable-content": 1, "interruption-level": "passive", "relevance-score": 0.5}, "custom_key": 1}"#), flags: "", others: ["sound-shape 1:86 aps.sound"]),
    PassCase(.misplacedKey, "the alert's keys in aps.alert, content-available in aps; the app's title and body beside a silent push", text(#"{"aps": {"alert": {"title": "Hi"}, "content-available": 1}, "title": "Hi", "body": "There"}"#), flags: "", others: ["silent-push-shape 1:57 aps.content-available"]),
    PassCase(.apsCustomKey, "custom keys beside aps", text(#"{"aps": {"alert": "Hi"}, "conversation": "c-42", "link_url": "https://example.com"}"#), flags: "", others: []),
    PassCase(.valueType, "badge 5, alert string, loc-args strings, null loc-key", text(#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a", "b"], "title-loc-key": null, "title-loc-args": null}, "badge": 5}}"#), flags: ""),
    // Apple types timestamp, stale-date and dismissal-date as Number.
    PassCase(.valueType, "fractional timestamps", text(#"{"aps": {"event": "end", "timestamp": 1700000000.5, "dismissal-date": 1700003600.25, "content-state": {}}}"#), flags: ""),
    PassCase(.valueRange, "relevance-score 3 for a live activity", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "relevance-score": 3}}"#), flags: ""),
    PassCase(.valueRange, "bounds 0 and 1", text(#"{"aps": {"badge": 0, "relevance-score": 1, "sound": {"name": "a.caf", "volume": 0}}}"#), flags: "", others: ["sound-shape 1:53 aps.sound"]),
    PassCase(.valueEnum, "every interruption level", text(#"{"aps": {"alert": "Hi", "interruption-level": "time-sensitive"}}"#), flags: ""),
    PassCase(.valueEnum, "event end", text(#"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}}}"#), flags: ""),
    PassCase(.flagValue, "content-available 1 alone", text(#"{"aps": {"content-available": 1}}"#), flags: ""),
    PassCase(.flagValue, "critical 0 and 1, content-changed true", text(#"{"aps": {"sound": {"critical": 0, "name": "a.caf"}, "badge": 1}}"#), flags: "", others: ["sound-shape-critical-off 1:19 aps.sound"]),
    PassCase(.flagValue, "content-changed true for widgets", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets"),
    PassCase(.flagOff, "mutable-content 1, content-available left out", text(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#), flags: ""),
    PassCase(.flagOff, "input-push-token 0 is flag-value's", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-token": 0}}"#), flags: "", others: ["flag-value 1:174 aps.input-push-token"]),
    PassCase(.backgroundInert, "content-available 1", text(#"{"aps": {"content-available": 1}, "refresh": 1}"#), flags: "--push-type background"),
    PassCase(.soundShape, "a critical sound dictionary", text(#"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.9}}}"#), flags: ""),
    PassCase(.soundShape, "a sound string", text(#"{"aps": {"alert": "Hi", "sound": "ping.caf"}}"#), flags: ""),
    PassCase(.soundFormat, "a caf file", text(#"{"aps": {"alert": "Goal!", "sound": "whistle.caf"}}"#), flags: ""),
    PassCase(.soundFormat, "the default sound", text(#"{"aps": {"alert": "Goal!", "sound": "default"}}"#), flags: ""),
    PassCase(.soundFormat, "a name without an extension", text(#"{"aps": {"alert": "Goal!", "sound": "chime"}}"#), flags: ""),
    PassCase(.soundFormat, "a name whose dot is no format's", text(#"{"aps": {"alert": "Goal!", "sound": "v1.2"}}"#), flags: ""),
    PassCase(.soundFormat, "an aiff in a critical sound", text(#"{"aps": {"alert": "Fire", "sound": {"critical": 1, "name": "Siren.AIFF", "volume": 1}}}"#), flags: ""),
    // A Live Activity alert's sound is ActivityKit's, whose own example names an .mp4
    // ("Starting and updating Live Activities with ActivityKit push notifications").
    PassCase(.soundFormat, "a Live Activity alert's sound", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": {"title": "t", "body": "b", "sound": "HeroDown.mp4"}}}"#),
             flags: "--push-type liveactivity"),
    PassCase(.payloadWhitespace, "over the limit compact too: too large, not whitespace",
             text("{\n  \"aps\": {\"alert\": \"" + String(repeating: "x", count: 260) + "\"}\n}"), flags: "--size-count compact --transport binary-pre-ios8",
             others: ["payload-too-large 1:1 -"]),
    PassCase(.payloadWhitespace, "raw counting never says it", text("{\n  \"aps\": {\"alert\": \"" + String(repeating: "x", count: 230) + "\"}\n}"),
             flags: "--transport binary-pre-ios8", others: ["payload-near-limit 1:1 -"]),
    PassCase(.alertEmpty, "alert with only a loc-key", text(#"{"aps": {"alert": {"loc-key": "GREETING"}}}"#), flags: ""),
    PassCase(.alertEmpty, "alert with only a subtitle", text(#"{"aps": {"alert": {"subtitle": "s"}}}"#), flags: ""),
    PassCase(.alertTextConflict, "title and body plus subtitle-loc-key", text(#"{"aps": {"alert": {"title": "t", "body": "b", "subtitle-loc-key": "S"}}}"#), flags: ""),
    PassCase(.locArgsWithoutKey, "each args with its key", text(#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a"], "title-loc-key": "T", "title-loc-args": ["b"], "subtitle-loc-key": "S", "subtitle-loc-args": ["c"]}}}"#), flags: ""),
    PassCase(.deprecatedKey, "action on safari", text(#"{"aps": {"alert": {"title": "t", "body": "b", "action": "View"}, "url-args": []}}"#), flags: "--platform safari",
             others: ["safari-legacy-push-reach 1:1 -"]),
    PassCase(.deprecatedKey, "launch-image is in Apple's table", text(#"{"aps": {"alert": {"body": "b", "launch-image": "a.png"}}}"#), flags: ""),
    PassCase(.platformKey, "live activity keys on visionos", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--platform visionos"),
    PassCase(.platformKey, "critical sound on watchos", text(#"{"aps": {"sound": {"critical": 1, "name": "a.caf"}}}"#), flags: "--platform watchos"),
    // Apple: critical alerts on macOS 10.14 and later (UNAuthorizationOptions.criticalAlert).
    PassCase(.platformKey, "safari title, body and action", text(#"{"aps": {"alert": {"title": "T", "body": "B", "action": "View"}, "url-args": []}}"#), flags: "--platform safari",
             others: ["safari-legacy-push-reach 1:1 -"]),
    PassCase(.platformKey, "critical sound on macos", text(#"{"aps": {"sound": {"critical": 1, "name": "a.caf"}}}"#), flags: "--platform macos"),
    PassCase(.platformKey, "badge on tvos", text(#"{"aps": {"badge": 1}}"#), flags: "--platform tvos"),
    PassCase(.sensitiveData, "harmless custom keys, values not checked by default", text(#"{"aps": {"badge": 1}, "msgid": "my password", "user": {"name": "Jenna"}}"#), flags: ""),
    PassCase(.sensitiveData, "values checked, none sensitive", text(#"{"aps": {"badge": 1}, "note": "see you", "tags": ["a"]}"#), flags: "--check-values"),
    PassCase(.customKeyAllowlist, "only allowed keys", text(#"{"aps": {"badge": 1}, "msgid": "1", "media": {"url": "x"}}"#), flags: "--allow msgid,media"),
    PassCase(.customKeyAllowlist, "off by default", text(#"{"aps": {"badge": 1}, "tracking": "x"}"#), flags: ""),
  ]
}
