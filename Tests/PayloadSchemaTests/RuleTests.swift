import PayloadSchema
import Testing

/// A payload that fires rules: the exact findings, as "rule line:column keyPath".
struct RuleCase: Sendable, CustomTestStringConvertible {
  let name: String
  let payload: [UInt8]
  let flags: String
  let expected: [String]
  init(_ name: String, _ payload: [UInt8], flags: String, _ expected: [String]) {
    self.name = name
    self.payload = payload
    self.flags = flags
    self.expected = expected
  }
  var testDescription: String { name }
}

/// A payload close to a triggering one that must not fire `rule` (and fires exactly `others`).
struct PassCase: Sendable, CustomTestStringConvertible {
  let rule: PayloadRule
  let name: String
  let payload: [UInt8]
  let flags: String
  let others: [String]
  init(_ rule: PayloadRule, _ name: String, _ payload: [UInt8], flags: String, others: [String] = []) {
    self.rule = rule
    self.name = name
    self.payload = payload
    self.flags = flags
    self.others = others
  }
  var testDescription: String { "\(rule.rawValue): \(name)" }
}

/// Every payload rule of SPEC §3, with exact positions and key paths (SPEC §3's position rules).
@Suite struct RuleTests {
  @Test(arguments: triggering)
  func fires(_ c: RuleCase) {
    let (target, options) = parseFlags(c.flags)
    #expect(findings(bytes: c.payload, target, options: options) == c.expected)
  }

  @Test(arguments: passing)
  func doesNotFire(_ c: PassCase) {
    let (target, options) = parseFlags(c.flags)
    let found = findings(bytes: c.payload, target, options: options)
    #expect(!found.contains { $0.hasPrefix(c.rule.rawValue + " ") })
    #expect(found == c.others)
  }

  @Test func everyRuleHasATriggeringAndAPassingRow() {
    let fired = Set(Self.triggering.flatMap { $0.expected.map { String($0.prefix { $0 != " " }) } })
      .union(Self.sizeRows.flatMap(\.rules).map(\.rawValue))
    let passed = Set(Self.passing.map(\.rule))
    // Request rules: RequestTests; Live Activity rules (they need the app's Swift types):
    // ActivityContractTests; web push rules (another message format): DeclarativePushTests.
    for rule in PayloadRule.allCases where rule.category != .request && rule.category != .activity && rule.category != .web {
      #expect(fired.contains(rule.rawValue), "no triggering row for \(rule.rawValue)")
      #expect(passed.contains(rule), "no passing row for \(rule.rawValue)")
    }
  }

  // MARK: Messages

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

  /// Apple (Activity.update(_:alertConfiguration:timestamp:)): "If this is older than a previous
  /// update or push payload, the system ignores this update". A timestamp before 2022 is older than
  /// any activity: an update is dropped (an error); an end is applied whatever its timestamp (an
  /// Apple engineer, developer forums thread 776165) and a start makes the activity with it
  /// (Apple's own start sample sends 1234): nothing.
  @Test(arguments: [
    ("update", #"timestamp-unit error 1:38 'timestamp' 0 is before 2022, older than any Live Activity: ActivityKit ignores an update whose timestamp is older than the activity's last one, so this update is dropped"#),
    ("end", nil),
    ("start", nil),
  ] as [(String, String?)])
  func aTimestampBeforeAnyActivity(_ event: String, _ expected: String?) {
    let start = event == "start" ? #","attributes-type":"A","attributes":{},"alert":{"title":"t","body":"b"}"# : ""
    let json = #"{"aps":{"event":"\#(event)","timestamp":0,"content-state":{"a":1}\#(start)}}"#
    let f = check(json, Target(pushType: .liveactivity)).findings.filter { $0.payloadRule == .timestampUnit }
    #expect(f.map { "\($0.rule.rawValue) \($0.severity.rawValue) \($0.line):\($0.column) \($0.message)" } == (expected.map { [$0] } ?? []))
    // Seconds since 2022 are fine in every event.
    let fine = #"{"aps":{"event":"\#(event)","timestamp":1700000000,"content-state":{"a":1}\#(start)}}"#
    #expect(check(fine, Target(pushType: .liveactivity)).findings.filter { $0.payloadRule == .timestampUnit }.isEmpty)
  }

  @Test func interruptionLevelTypoSuggestsTheLevel() {
    let f = check(#"{"aps": {"alert": "Hi", "interruption-level": "time-senstive"}}"#).findings
    #expect(f.map(\.payloadRule) == [.valueEnum])
    #expect(f.first?.message.contains("'time-senstive'") == true)
    #expect(f.first?.message.hasSuffix("did you mean 'time-sensitive'?") == true)
  }

  @Test func escapedUnicodeIsOneFindingWithTheTotalSaved() {
    // é: 6 bytes escaped, 2 raw (×2); 中: 6 and 3; \/: 2 and 1. 4 + 4 + 3 + 1 = 12.
    let f = check(#"{"aps": {"alert": "Caf\u00e9 \/ \u4e2d"}, "k": "\u00e9"}"#).findings
    #expect(f.map(summary) == ["json-escaped-unicode 1:19 aps.alert"])
    #expect(f.first?.message.contains("12 bytes") == true)
  }

  /// `content-available` with a visible key is a combination Apple documents (the push shows
  /// them and wakes the app): information, never escalated. In an explicit background push the
  /// visible key is `push-type-mismatch`, a warning (APNs accepts it; what the device does with
  /// the key is not documented).
  @Test func silentPushShapeIsInformationAndABackgroundPushsVisibleKeyAWarning() {
    let json = #"{"aps": {"content-available": 1, "badge": 1}}"#
    let inferred = check(json).findings
    #expect(inferred.map { "\($0.rule.rawValue) \($0.severity)" } == ["silent-push-shape info"])
    let background = check(json, Target(pushType: .background)).findings
    #expect(background.map { "\($0.rule.rawValue) \($0.severity) \($0.escalated)" }
      == ["silent-push-shape info false", "push-type-mismatch warning false"])
  }

  /// No payload rule escalates a finding today (the mechanism stays for a rule that needs it).
  @Test func noPayloadFindingIsEscalated() {
    for c in Self.triggering {
      let (target, options) = parseFlags(c.flags)
      var v = PayloadValidator(target: target, options: options)
      for f in v.validate(c.payload).findings where f.escalated {
        Issue.record("\(c.name): \(f.rule.rawValue) is escalated")
      }
    }
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

  // MARK: Push type inference (SPEC §2)

  /// An MDM certificate's topic is a prefix: com.apple.mgmt.External.<UUID> (Apple, "Sending MDM
  /// commands to a device").
  @Test func anMDMTopicNamesAnMDMPush() {
    let report = check(#"{"aps":{},"mdm":"996ac527-9993-4a0a-8528-60b2b3c2f52b"}"#, Target(topic: "com.apple.mgmt.External.461f409a-d81a-4b5e-a009-3fb8f607aadc"))
    #expect(report.pushType == .mdm)
    #expect(report.findings.map(summary) == ["push-type-mismatch 1:2 aps"])
    // Information: Apple documents {"mdm": PushMagic} alone, but nothing says more is refused, and
    // the device management daemon reads only mdm (seen in petarov/apns-push-cmd 11d8452,
    // main.go:339, which sends {"aps": {}, "mdm": …}).
    #expect(report.findings.map { "\($0.severity) \($0.message)" } == [
      #"info an mdm push is {"mdm": PushMagic} alone: 'aps' is not read (no app shows an MDM push); leave it out"#
    ])
  }

  @Test(arguments: [
    (#"{"mdm": "00000000-1111-2222-3333-444444444444"}"#, PushType.mdm),
    (#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#, .liveactivity),
    (#"{"aps": {"event": "end", "timestamp": 1700000000, "alert": {"title": "t", "body": "b"}}}"#, .liveactivity),
    (#"{"aps": {"content-available": 1}, "acme": 1}"#, .background),
    (#"{"aps": {"content-available": 1, "badge": 1}}"#, .alert),
    // What else aps holds does not matter while nothing shows (issue 36: mutable-content made the
    // guess alert for a background push); any value of content-available says what was meant.
    (#"{"aps": {"content-available": 1, "thread-id": "t"}}"#, .background),
    (#"{"aps": {"content-available": 1, "mutable-content": 1}, "acme": 1}"#, .background),
    (#"{"aps": {"content-available": 0}}"#, .background),
    (#"{"aps": {"content-available": 1, "mutable-content": 1, "sound": "default"}}"#, .alert),
    // A Live Activity key of any kind, not only event.
    (#"{"aps": {"content-state": {"eta": 5}}}"#, .liveactivity),
    (#"{"aps": {"attributes-type": "Score", "attributes": {}}}"#, .liveactivity),
    (#"{"aps": {"alert": "Hi"}}"#, .alert),
    (#"{"aps": {"alert": "Hi"}, "mdm": "x"}"#, .alert),
    (#"{"aps": {}}"#, .alert),
    // Apple's widget reload payload ("Keeping a widget up to date", WidgetKit push notifications).
    (#"{"aps":{"content-changed":true}}"#, .widgets),
    (#"{"aps": {"content-changed": true, "badge": 1}}"#, .alert),
    // File Provider: Apple documents {"container-identifier", "domain"} without aps.
    (#"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier", "domain": "com.example.docs"}"#, .fileprovider),
    (#"{"aps": {"alert": "Hi"}, "container-identifier": "x"}"#, .alert),
  ])
  func pushTypeIsInferred(_ json: String, _ expected: PushType) {
    #expect(check(json).pushType == expected)
  }

  /// SPEC §2: with a topic, the push type is inferred from its suffix first.
  @Test(arguments: [
    ("com.example.app.voip", PushType.voip),
    ("com.example.app.voip-ptt", .pushtotalk),
    ("com.example.app.complication", .complication),
    ("com.example.app.pushkit.fileprovider", .fileprovider),
    ("com.example.app.push-type.liveactivity", .liveactivity),
    ("com.example.app.location-query", .location),
    ("com.example.app.push-type.widgets", .widgets),
    ("com.example.app.push-type.controls", .controls),
    ("com.example.app", .alert),
    (".voip", .alert),
  ])
  func pushTypeIsInferredFromTheTopic(_ topic: String, _ expected: PushType) {
    var target = Target()
    target.topic = topic
    var validator = PayloadValidator(target: target)
    let report = validator.validate(Array(#"{"aps": {"alert": "Hi"}}"#.utf8))
    #expect(report.pushType == expected)
    #expect(report.limit == (expected == .voip ? 5120 : 4096))
    #expect(!report.findings.contains { $0.payloadRule == .topicMismatch })
  }

  /// SPEC §3 flag-value: `true` is information whose advice is "use the number 1" (iOS reads
  /// true as 1, nothing differs; omitting `mutable-content` would switch the service extension off); "1" or 2: a
  /// warning (the extension does not run, the alert is still shown as sent; for content-available the same
  /// mistake is an error, below: the app is not woken). 0 and
  /// false mean off, as if the key were absent: flag-off, information (issue 36: 15 of 56 errors
  /// on real payloads were `mutable-content: 0` or `false`).
  @Test(arguments: [
    (#"{"aps": {"alert": "Hi", "mutable-content": true}}"#, PayloadRule.flagValue, Severity.info, "'mutable-content' should be the number 1, not true: iOS accepts true, but use 1 (omitting the key would turn it off)"),
    (#"{"aps": {"alert": "Hi", "mutable-content": false}}"#, .flagOff, .info, "'mutable-content': false means off, the same as leaving the key out; leave it out (or write 1 to turn it on)"),
    (#"{"aps": {"alert": "Hi", "mutable-content": "1"}}"#, .flagValue, .warning, "'mutable-content' must be the number 1, not a string; write 1 without quotes"),
    (#"{"aps": {"alert": "Hi", "mutable-content": 0}}"#, .flagOff, .info, "'mutable-content': 0 means off, the same as leaving the key out; leave it out (or write 1 to turn it on)"),
    (#"{"aps": {"alert": "Hi", "mutable-content": 2}}"#, .flagValue, .warning, "'mutable-content' must be the number 1, not 2; omit the key to leave it off"),
  ])
  func flagValueTrueAndOffAreInformation(_ json: String, _ rule: PayloadRule, _ severity: Severity, _ message: String) {
    let report = check(json)
    #expect(report.findings.map(summary) == ["\(rule.rawValue) 1:44 aps.mutable-content"])
    #expect(report.findings.first?.severity == severity)
    #expect(report.findings.first?.message == message)
  }

  /// Severity is the consequence (issue 36): where Apple documents a shape but not what the
  /// device does with another, and nothing is dropped for it, the finding is a warning. Seen on
  /// real payloads: a string Live Activity alert (Apple's own "Sending push notifications using
  /// command-line tools" page, parse-community/node-apn's Live Activity test), attributes on an
  /// update (a provider's heredoc), numbers in a Safari push's url-args (ostinelli/apnotic's
  /// README). The loc-args counterpart, text the alert shows, stays an error.
  @Test(arguments: [
    (#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": "Goal"}}"#,
     Target(pushType: .liveactivity), "live-activity-fields 1:84 aps.alert", Severity.warning),
    (#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score"}}"#,
     Target(pushType: .liveactivity), "live-activity-fields 1:75 aps.attributes-type", .warning),
    (#"{"aps": {"alert": {"title": "T", "body": "B"}, "url-args": ["a", 42]}}"#,
     Target(platform: .safari), "value-type 1:66 aps.url-args[1]", .warning),
    (#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a", 42]}}}"#,
     Target(), "value-type 1:54 aps.alert.loc-args[1]", .error),
  ])
  func documentedShapeWithUndocumentedHandlingIsAWarning(_ json: String, _ target: Target, _ expected: String,
                                                           _ severity: Severity) {
    let report = check(json, target)
    #expect(report.findings.map(summary) == [expected])
    #expect(report.findings.first?.severity == severity)
  }

  /// SPEC §2: `mdm` beside an empty `aps` can only be an MDM push (the pattern of sideshow/apns2's
  /// TestMdm, payload/builder_test.go at 22443bc); the empty `aps` is the MDM push's information
  /// (not read), not an alert push that shows nothing. With something to show, the guess stays alert.
  @Test func mdmBesideAnEmptyApsIsAnMDMPush() {
    let report = check(#"{"aps":{},"mdm":"1f0c"}"#)
    #expect(report.pushType == .mdm)
    #expect(report.findings.map(summary) == ["push-type-mismatch 1:2 aps"])
    #expect(report.findings.first?.severity == .info)
    #expect(check(#"{"aps":{"alert":"Hi"},"mdm":"1f0c"}"#).pushType == .alert)
  }

  /// flag-value on content-available stays an error: a string "1" is reported not to wake the app
  /// (parse-community/docs pull request 570), so the background push does nothing.
  @Test func contentAvailableAsAStringIsAnError() {
    let report = check(#"{"aps": {"content-available": "1"}}"#)
    #expect(report.findings.map(summary) == ["flag-value 1:31 aps.content-available"])
    #expect(report.findings.first?.severity == .error)
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
      "sound-shape info with 'critical': 0 the 'sound' dictionary plays its sound as a regular one: the sound's name as a string says the same"
    ])
    let urlArgs = check(#"{"aps": {"alert": "Hi", "url-args": ["a"]}}"#, Target(platform: .ios, pushType: .alert))
    #expect(urlArgs.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column)" } == ["platform-key info 1:25"])
    let liveOnMac = check(#"{"aps": {"alert": "Hi", "event": "update", "timestamp": 1700000000, "content-state": {}}}"#, Target(platform: .macos, pushType: .alert))
    #expect(liveOnMac.findings.filter { $0.rule == .platformKey }.allSatisfy { $0.severity == .warning })
  }

  /// flag-off is about content-available and mutable-content only: input-push-token, which
  /// ActivityKit documents as 1, stays flag-value.
  @Test func inputPushTokenZeroIsStillAFlagValue() {
    let json = #"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-token": 0}}"#
    #expect(findings(json) == ["flag-value 1:174 aps.input-push-token"])
  }

  /// SPEC §2: `aps-missing` depends on the push type. File Provider and Push to Talk payloads are
  /// documented without `aps`; VoIP, complication and location get a warning; the others an error.
  @Test(arguments: [
    (PushType.fileprovider, #"{"container-identifier": "NSFileProviderRootContainerItemIdentifier", "domain": "com.example.domain"}"#, nil as Bool?),
    (.pushtotalk, #"{"channel": "ops", "speaker": "Jenna"}"#, nil),
    (.voip, #"{"caller": "Jenna", "uuid": "3D7DF1A4-2B0D-4C47-9A58-0E6A3E4C7F21"}"#, true),
    (.complication, #"{"score": "2-1"}"#, true),
    (.location, #"{}"#, true),
    (.alert, #"{"title": "Hi"}"#, false),
    (.background, #"{"refresh": 1}"#, false),
    (.widgets, #"{}"#, false),
  ])
  func apsMissingDependsOnThePushType(_ pushType: PushType, _ json: String, _ softened: Bool?) {
    var target = Target()
    target.pushType = pushType
    let missing = check(json, target).findings.filter { $0.payloadRule == .apsMissing }
    #expect(missing.map(\.softened) == (softened.map { [$0] } ?? []))
  }

  /// SPEC §3 background-inert: a background push without content-available wakes nothing; with
  /// `true` (which iOS honours) it is not inert, and an inferred background push always has it.
  @Test(arguments: [
    (#"{"aps": {}}"#, ["background-inert 1:9 aps"]),
    (#"{"aps": {"contentAvailable": 1}}"#, ["background-inert 1:9 aps", "unknown-key 1:10 aps.contentAvailable"]),
    // Other keys do not wake the app either: inert, and badge is a mismatch of its own.
    (#"{"aps": {"badge": 3, "contentAvailable": 1}}"#,
     ["background-inert 1:9 aps", "push-type-mismatch 1:19 aps.badge", "unknown-key 1:22 aps.contentAvailable"]),
    (#"{"aps": {"thread-id": "t"}, "refresh": 1}"#, ["background-inert 1:9 aps"]),
    (#"{"aps": {"content-available": 1, "badge": 3}}"#, ["silent-push-shape 1:31 aps.content-available", "push-type-mismatch 1:43 aps.badge"]),
    (#"{"aps": {"content-available": 1}}"#, []),
    (#"{"aps": {"content-available": true}}"#, ["flag-value 1:31 aps.content-available"]),
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

  // MARK: Issue 36: what the payload can only be

  /// SPEC §2: `{}` is exactly what a Wallet pass update sends; without a topic to tell, it is a
  /// warning that names the case, not an error.
  @Test func anEmptyPayloadWithoutATopicMayBeAWalletPassUpdate() {
    let report = check("{}")
    #expect(report.findings.map(summary) == ["aps-missing 1:1 -"])
    #expect(report.findings.first?.severity == .warning)
    #expect(report.findings.first?.message
      == "an empty payload {} is what a Wallet pass update sends (to the pass type's topic, pass.…); to an app it shows and wakes nothing: give --topic to check it")
    #expect(check("{}", Target(pushType: .alert)).findings.first?.severity == .warning)
    // A topic tells: an app's is an error, a pass type's is right.
    let app = check("{}", Target(topic: "com.example.app"))
    #expect(app.findings.map(summary) == ["aps-missing 1:1 -"])
    #expect(app.findings.first?.severity == .error)
    #expect(app.findings.first?.message == "no 'aps' member; APNs needs one")
    #expect(check("{}", Target(topic: "pass.com.example.membership")).findings.isEmpty)
    // Anything in it, or another push type, is not a pass update.
    #expect(check(#"{"alert": "Hi"}"#).findings.first?.severity == .error)
    #expect(check("{}", Target(pushType: .background)).findings.first?.severity == .error)
  }

  /// `{"aps":{}}` is what VoIP, location and Push to Talk pushes send (ably/docs, a location push;
  /// alexandercerutti/hapns, its VoIP and Push to Talk bodies): with neither push type nor topic,
  /// "alert" is a guess, and what the push does depends on the push type the tool is not told, so
  /// information; given either, an error as before.
  /// An `aps` holding only keys Apple does not define was meant to show something (seen in
  /// wangzhizhou/APNs-Helper, PayloadEditor: a title written directly in aps): still a warning.
  @Test func anApsOfMisplacedKeysWithoutPushTypeIsAWarning() {
    let report = check(#"{"aps":{"title":"T"}}"#)
    #expect(report.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "")" }
      == ["push-type-mismatch warning 1:8 aps", "unknown-key warning 1:9 aps.title"])
  }

  /// value-type's severity is the consequence for the key (SPEC §3): a key that is only not
  /// applied while the alert shows as sent is a warning (a string badge: RMSPushNotificationsBundle
  /// pull request 62, "apple seems to just ignore the value"); text the alert shows, or loc-args
  /// that are not an array of strings (seen as objects in ZhukV/AppleApnPush's encoder tests), is
  /// lost: an error.
  @Test(arguments: [
    (#"{"aps":{"alert":"Hi","badge":"1"}}"#, "warning 1:30 aps.badge"),
    (#"{"aps":{"alert":"Hi","sound":5}}"#, "warning 1:30 aps.sound"),
    (#"{"aps":{"alert":"Hi","sound":{"name":5}}}"#, "warning 1:38 aps.sound.name"),
    (#"{"aps":{"alert":"Hi","thread-id":7}}"#, "warning 1:34 aps.thread-id"),
    (#"{"aps":{"alert":"Hi","category":["A"]}}"#, "warning 1:33 aps.category"),
    (#"{"aps":{"alert":"Hi","interruption-level":1}}"#, "warning 1:43 aps.interruption-level"),
    (#"{"aps":{"alert":{"body":"Hi","launch-image":1}}}"#, "warning 1:45 aps.alert.launch-image"),
    // Outside a live activity the score only sorts the app's notifications (UNNotificationContent.relevanceScore).
    (#"{"aps":{"alert":"Hi","relevance-score":"1"}}"#, "warning 1:40 aps.relevance-score"),
    (#"{"aps":{"alert":{"body":"Hi","summary-arg-count":"2"}}}"#, "info 1:50 aps.alert.summary-arg-count"),   // deprecated, ignored
    (#"{"aps":{"alert":42}}"#, "error 1:17 aps.alert"),
    (#"{"aps":{"alert":{"body":5}}}"#, "error 1:25 aps.alert.body"),
    (#"{"aps":{"alert":{"loc-key":"K","loc-args":{"a":"b"}}}}"#, "error 1:43 aps.alert.loc-args"),
    (#"{"aps":{"alert":{"title-loc-key":"K","title-loc-args":"b"}}}"#, "error 1:55 aps.alert.title-loc-args"),
  ])
  func valueTypeSeverityIsTheKeysConsequence(_ json: String, _ expected: String) {
    let found = check(json).findings.filter { $0.payloadRule == .valueType }
    #expect(found.map { "\($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "")" } == [expected])
  }

  /// value-range takes its severity as value-type does: a number the key only does not apply as
  /// meant is a warning, a deprecated key iOS ignores is information, a Live Activity timestamp
  /// older than any update (dropped) stays an error, and in a live activity any relevance score goes.
  /// A critical flag other than 0 or 1 plays the sound as a regular one: flag-value's warning.
  @Test(arguments: [
    (#"{"aps":{"alert":"Hi","badge":-1}}"#, PushType.alert, "value-range warning 1:30 aps.badge"),
    (#"{"aps":{"alert":"Hi","badge":1.5}}"#, PushType.alert, "value-range warning 1:30 aps.badge"),
    (#"{"aps":{"alert":"Hi","relevance-score":5}}"#, PushType.alert, "value-range warning 1:40 aps.relevance-score"),
    (#"{"aps":{"alert":"Hi","sound":{"name":"a.caf","critical":1,"volume":3}}}"#, PushType.alert, "value-range warning 1:68 aps.sound.volume"),
    (#"{"aps":{"alert":"Hi","sound":{"name":"a.caf","critical":2}}}"#, PushType.alert, "flag-value warning 1:57 aps.sound.critical"),
    (#"{"aps":{"alert":{"body":"Hi","summary-arg-count":0}}}"#, PushType.alert, "value-range info 1:50 aps.alert.summary-arg-count"),
    (#"{"aps":{"event":"update","timestamp":-1,"content-state":{"s":1}}}"#, PushType.liveactivity, "value-range error 1:38 aps.timestamp"),
    (#"{"aps":{"event":"update","timestamp":1700000000,"content-state":{"s":1},"relevance-score":"x"}}"#, PushType.liveactivity,
     "value-type error 1:91 aps.relevance-score"),
  ])
  func outOfRangeSeverityIsTheKeysConsequence(_ json: String, _ pushType: PushType, _ expected: String) {
    let rules: Set<PayloadRule> = [.valueRange, .valueType, .flagValue]
    let found = check(json, Target(pushType: pushType)).findings.filter { $0.payloadRule.map(rules.contains) == true }
    #expect(found.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "")" } == [expected])
  }

  /// A badge or sound of the wrong type is not applied: an alert push with nothing else shows
  /// nothing (an error), the wrong type itself is value-type's warning. The app's own data in an
  /// otherwise empty aps changes nothing of the empty aps's information.
  @Test func whatIsNotAppliedIsNothingToShow() {
    let badge = check(#"{"aps":{"badge":"5"}}"#, Target(pushType: .alert))
    #expect(badge.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.keyPath ?? "")" }
      == ["push-type-mismatch error aps", "value-type warning aps.badge"])
    #expect(check(#"{"aps":{"badge":5}}"#, Target(pushType: .alert)).findings.isEmpty)
    let data = check(#"{"aps":{"data":1}}"#)
    #expect(data.findings.map { "\($0.rule.rawValue) \($0.severity)" } == ["push-type-mismatch info", "aps-custom-key info"])
  }

  @Test func anEmptyApsWithoutPushTypeOrTopicIsInformation() {
    let guessed = check(#"{"aps": {}, "call": "42"}"#)
    #expect(guessed.findings.map(summary) == ["push-type-mismatch 1:9 aps"])
    #expect(guessed.findings.first?.severity == .info)
    #expect(guessed.findings.first?.message
      == "an empty 'aps' shows nothing as an alert push; voip, location and pushtotalk pushes send exactly this: give --push-type or --topic to check it")
    let given = check(#"{"aps": {}, "call": "42"}"#, Target(pushType: .alert))
    #expect(given.findings.map(summary) == ["push-type-mismatch 1:9 aps"])
    #expect(given.findings.first?.severity == .error)
    #expect(check(#"{"aps": {}}"#, Target(topic: "com.example.app")).findings.first?.severity == .error)
    #expect(check(#"{"aps": {"thread-id": "t"}}"#).findings.first?.severity == .error)
    #expect(check(#"{"aps": {}}"#, Target(topic: "com.example.app.voip")).findings.isEmpty)
  }

  /// A Live Activity `end` sent with apns-push-type alert (seen in dourgulf/ApplePushTesting
  /// @4a531d9, apns-push-p8.sh, sent with `apns-push-type: alert`): the activity never ends.
  /// One error, at `event`; not also "an alert push needs alert" (it has one here, and without
  /// one the Live Activity finding says more).
  @Test(arguments: [
    ("--push-type alert", ["push-type-mismatch 1:35 aps.event"]),
    ("--push-type background", ["background-inert 1:9 aps", "push-type-mismatch 1:35 aps.event", "push-type-mismatch 1:89 aps.alert"]),
    ("--topic com.example.app.voip", ["push-type-mismatch 1:35 aps.event"]),
    ("--push-type liveactivity", []),
    ("", []),
  ])
  func liveActivityKeysUnderAnotherPushType(_ flags: String, _ expected: [String]) {
    let json = #"{"aps": {"timestamp": 1700000000, "event": "end", "content-state": {"eta": 0}, "alert": {"title": "Delivered", "body": "Enjoy"}}}"#
    let (target, options) = parseFlags(flags)
    #expect(check(json, target, options: options).findings.map(summary) == expected)
  }

  @Test func liveActivityKeysUnderAnotherPushTypeSayWhatDoesNotHappen() {
    let alert = Target(pushType: .alert)
    let end = check(#"{"aps": {"timestamp": 1700000000, "event": "end", "content-state": {"eta": 0}, "alert": {"title": "Delivered", "body": "Enjoy"}}}"#, alert)
    #expect(end.findings.first?.message
      == "'timestamp', 'event', 'content-state' are Live Activity keys, but the push type is alert: only a liveactivity push (topic '<bundle id>.push-type.liveactivity') reaches ActivityKit, so the Live Activity never ends")
    #expect(end.findings.first?.severity == .error)
    // Without event: at the first such key; without alert, the one finding still.
    let update = check(#"{"aps": {"badge": 1, "content-state": {"eta": 5}}}"#, alert)
    #expect(update.findings.map(summary) == ["push-type-mismatch 1:22 aps.content-state"])
    #expect(update.findings.first?.message
      == "'content-state' is a Live Activity key, but the push type is alert: only a liveactivity push (topic '<bundle id>.push-type.liveactivity') reaches ActivityKit, so the Live Activity is not updated")
    #expect(check(#"{"aps": {"content-state": {}}}"#, alert).findings.map(summary) == ["push-type-mismatch 1:10 aps.content-state"])
    // A widgets push: the Live Activity key is that error, not also "not read" (the badge is).
    #expect(check(#"{"aps": {"content-changed": true, "timestamp": 1700000000, "badge": 1}}"#, Target(pushType: .widgets)).findings.map(summary)
      == ["push-type-mismatch 1:35 aps.timestamp", "push-type-mismatch 1:60 aps.badge"])
  }

  /// Keys that present a notification are not read by a Live Activity push (Apple's "Starting and
  /// updating Live Activities with ActivityKit push notifications" lists timestamp, event,
  /// content-state, stale-date, dismissal-date, relevance-score, alert {title, body, sound} and the
  /// start keys): a warning each, as badge is (seen in ostinelli/apnotic@66f2554,
  /// spec/apnotic/notification_spec.rb, a payload with every key).
  @Test func notificationKeysInALiveActivityAreWarnings() {
    let json = #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "category": "SCORE", "thread-id": "match-7", "interruption-level": "time-sensitive", "target-content-id": "m7", "filter-criteria": "sports"}}"#
    let report = check(json)
    #expect(report.pushType == .liveactivity)
    #expect(report.findings.map(summary) == [
      "live-activity-fields 1:75 aps.category", "live-activity-fields 1:96 aps.thread-id",
      "live-activity-fields 1:120 aps.interruption-level", "live-activity-fields 1:160 aps.target-content-id",
      "live-activity-fields 1:187 aps.filter-criteria",
    ])
    #expect(report.findings.allSatisfy { $0.severity == .warning })
    #expect(report.findings.first?.message == "'category' is a notification key, not a live activity key; a Live Activity push ignores it")
    // relevance-score is a Live Activity key (the order of activities): nothing.
    #expect(check(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "relevance-score": 50}}"#).findings.isEmpty)
  }

  /// An `input-push-channel` is a channel id, base64 as APNs issues it (Apple,
  /// `PushType.channel(_:)`), and needs iOS 18; Apple's own start payload with a channel passes.
  @Test func inputPushChannelIsAChannelIDForIOS18() {
    let start = #"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-channel": "#
    let bad = check(start + #""match-7"}}"#, Target(pushType: .liveactivity))
    #expect(bad.findings.map(summary) == ["live-activity-fields 1:180 aps.input-push-channel"])
    #expect(bad.findings.first?.severity == .error)
    #expect(bad.findings.first?.message == "'input-push-channel' is not base64 (its length is not a multiple of 4); a channel id is the base64 string APNs returned in apns-channel-id (Apple, PushType.channel(_:)), so the activity subscribes to no channel and no broadcast update reaches it")
    #expect(findings(start + #""bWF0Y2gtNw=x"}}"#) == ["live-activity-fields 1:180 aps.input-push-channel"])
    #expect(findings(start + #""bWF0Y2gtNw-_"}}"#) == ["live-activity-fields 1:180 aps.input-push-channel"])
    #expect(findings(start + #""\u0062WF0Y2gtNw=="}}"#) == [])  // read as it decodes: "bWF0Y2gtNw=="
    #expect(findings(start + #""bWF0Y2gtNw=="}}"#) == [])
    // The OS a device runs (--os): channels are iOS 18 and later.
    let ios17 = check(start + #""bWF0Y2gtNw=="}}"#, Target(pushType: .liveactivity, os: OSVersion(17, 2)))
    #expect(ios17.findings.map(summary) == ["live-activity-fields 1:158 aps.input-push-channel"])
    #expect(ios17.findings.first?.message == "'input-push-channel' needs iOS 18 (ActivityKit's PushType.channel(_:) is iOS 18.0 and later); a device on iOS 17.2 does not subscribe the activity to the channel, so no broadcast update reaches it")
    #expect(check(start + #""bWF0Y2gtNw=="}}"#, Target(pushType: .liveactivity, os: OSVersion(18))).findings.isEmpty)
  }

  /// An end's `dismissal-date` past the four hours an ended activity may stay (Apple,
  /// `ActivityUIDismissalPolicy.after(_:)`) is a warning; within them, or in the past (dismiss
  /// now), nothing.
  @Test func dismissalDateWithinFourHoursOfTheEnd() {
    func end(_ dismissal: Int) -> String {
      #"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}, "dismissal-date": "# + "\(dismissal)}}"
    }
    let late = check(end(1_700_000_000 + 5 * 3600))
    #expect(late.findings.map(summary) == ["live-activity-fields 1:90 aps.dismissal-date"])
    #expect(late.findings.first?.severity == .warning)
    #expect(late.findings.first?.message.hasPrefix("'dismissal-date' is 5.0 hours after the end's 'timestamp'; the system removes an ended Live Activity four hours after it ends at the latest") == true)
    #expect(findings(end(1_700_000_000 + 4 * 3600)) == [])
    #expect(findings(end(1_699_990_000)) == [])
    // In milliseconds it is timestamp-unit's, said once.
    #expect(findings(end(1_700_000_000_000)) == ["timestamp-unit 1:90 aps.dismissal-date"])
  }

  /// Without `event`, push-type-mismatch asks for it; the start-only and dismissal-date checks,
  /// which depend on the event, say nothing (edamov/pushok@f404cbc, tests/PayloadTest.php: a
  /// payload of attributes-type and attributes only).
  @Test func withoutAnEventOnlyTheEventIsAskedFor() {
    #expect(findings(#"{"aps": {"attributes-type": "Score", "attributes": {"home": "A"}}}"#) == ["push-type-mismatch 1:9 aps"])
    #expect(findings(#"{"aps": {"dismissal-date": 1700000000}}"#) == ["push-type-mismatch 1:9 aps"])
    #expect(findings(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "attributes": {}}}"#)
      == ["live-activity-fields 1:75 aps.attributes"])
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

  /// SPEC §3 push-type-mismatch warnings: widgets/controls with other `aps` keys, location pushes
  /// with alert, badge or sound.
  @Test(arguments: [
    (PushType.widgets, #"{"aps": {"content-changed": true, "badge": 1}}"#, ["push-type-mismatch 1:35 aps.badge"]),
    (.controls, #"{"aps": {"content-changed": true}}"#, []),
    (.location, #"{"aps": {"alert": "Hi", "sound": "default"}}"#, ["push-type-mismatch 1:10 aps.alert", "push-type-mismatch 1:25 aps.sound"]),
    (.location, #"{"aps": {}}"#, []),
  ])
  func pushTypeMismatchWarnings(_ pushType: PushType, _ json: String, _ expected: [String]) {
    var target = Target()
    target.pushType = pushType
    let report = check(json, target)
    #expect(report.findings.map(summary) == expected)
    #expect(report.findings.allSatisfy { $0.softened })
  }

  @Test func anExplicitPushTypeIsNotOverridden() {
    #expect(check(#"{"aps": {"content-available": 1}}"#, Target(pushType: .alert)).pushType == .alert)
  }

  // MARK: The rows

  static let triggering: [RuleCase] = [
    RuleCase("priority-mismatch liveactivity at 1", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#),
             flags: "--push-type liveactivity --priority 1", ["priority-mismatch 1:1 -"]),
    RuleCase("live-activity-fields update without content-state", text(#"{"aps": {"event": "update", "timestamp": 1700000000}}"#),
             flags: "--push-type liveactivity", ["live-activity-fields 1:19 aps.event"]),
    RuleCase("push-type-platform location on watchos", text(#"{"aps": {}}"#), flags: "--push-type location --platform watchos", [
      "push-type-platform 1:1 -"
    ]),
    RuleCase("push-type-platform widgets before 26", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets --os 18.0", [
      "push-type-platform 1:1 -"
    ]),
    RuleCase("push-type-platform controls on ios 17.4", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls --os 17.4", [
      "push-type-platform 1:1 -"
    ]),
    RuleCase("push-type-platform voip to safari", text(#"{"aps": {}}"#), flags: "--push-type voip --platform safari", [
      "push-type-platform 1:1 -", "safari-fields 1:9 aps", "safari-fields 1:9 aps",
    ]),
    RuleCase("push-type-deprecated complication", text(#"{"aps": {}}"#), flags: "--push-type complication --platform watchos", [
      "push-type-deprecated 1:1 -"
    ]),
    RuleCase("json-syntax trailing comma", text(#"""
      {
        "aps": {
          "badge": 1,
        }
      }
      """#), flags: "", [
      #"json-syntax 4:3 aps.badge"#
    ]),
    RuleCase("json-syntax comment", text(#"""
      {"aps": {"badge": 1} // note
      }
      """#), flags: "", [
      #"json-syntax 1:22 aps"#
    ]),
    RuleCase("json-syntax single quotes", text(#"{'aps': {}}"#), flags: "", [
      #"json-syntax 1:2 -"#
    ]),
    RuleCase("json-syntax NaN", text(#"{"aps": {"badge": NaN}}"#), flags: "", [
      #"json-syntax 1:19 aps.badge"#
    ]),
    RuleCase("json-syntax leading zero", text(#"{"aps": {"badge": 01}}"#), flags: "", [
      #"json-syntax 1:20 aps.badge"#
    ]),
    RuleCase("json-syntax control character", text(#"{"aps": {"alert": "a\#tb"}}"#), flags: "", [
      #"json-syntax 1:21 aps.alert"#
    ]),
    RuleCase("json-syntax truncated", text(#"""
      {
        "aps": {
          "badge": 1
      """#), flags: "", [
      #"json-syntax 3:15 aps.badge"#
    ]),
    RuleCase("json-syntax trailing garbage", text(#"{"aps": {"badge": 1}} x"#), flags: "", [
      #"json-syntax 1:23 -"#
    ]),
    RuleCase("json-invalid-utf8 truncated sequence", bytes(#"{"aps": {"alert": "caf\xC3"}}"#), flags: "", [
      #"json-invalid-utf8 1:23 aps.alert"#
    ]),
    RuleCase("json-invalid-utf8 encoded surrogate is one finding", bytes(#"{"aps": {"alert": "a\xED\xA0\x80b"}}"#), flags: "", [
      #"json-invalid-utf8 1:21 aps.alert"#
    ]),
    RuleCase("json-invalid-utf8 overlong", bytes(#"{"aps": {"alert": "\xC0\xAF"}}"#), flags: "", [
      #"json-invalid-utf8 1:20 aps.alert"#
    ]),
    RuleCase("json-invalid-utf8 bad lead then valid pair", bytes(#"{"aps": {"alert": "\xE0\xC2\x80"}}"#), flags: "", [
      #"json-invalid-utf8 1:20 aps.alert"#
    ]),
    RuleCase("json-duplicate-key second occurrence", text(#"""
      {
        "aps": {
          "badge": 1,
          "badge": 2
        }
      }
      """#), flags: "", [
      #"json-duplicate-key 4:5 aps.badge"#
    ]),
    RuleCase("json-lone-surrogate", text(#"{"aps": {"alert": "hi \ud83d"}}"#), flags: "", [
      #"json-lone-surrogate 1:23 aps.alert"#
    ]),
    RuleCase("json-bom", bytes(#"\xEF\xBB\xBF{"aps": {"badge": 1}}"#), flags: "", [
      #"json-bom 1:1 -"#
    ]),
    RuleCase("json-too-deep", text(#"{"aps": {"badge": 1}, "d": [[[[1]]]]}"#), flags: "--max-depth 4", [
      #"json-too-deep 1:31 d[0][0][0]"#
    ]),
    RuleCase("json-escaped-unicode total", text(#"""
      {
        "aps": {
          "alert": "Caf\u00e9 \/ \u4e2d"
        },
        "k": "\u00e9"
      }
      """#), flags: "", [
      #"json-escaped-unicode 3:14 aps.alert"#
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
      #"value-type 3:14 aps.badge"#
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
      #"value-range 1:19 aps.badge"#
    ]),
    RuleCase("value-range badge 1.5", text(#"{"aps": {"badge": 1.5}}"#), flags: "", [
      #"value-range 1:19 aps.badge"#
    ]),
    RuleCase("value-range relevance 3", text(#"{"aps": {"alert": "Hi", "relevance-score": 3}}"#), flags: "", [
      #"value-range 1:44 aps.relevance-score"#
    ]),
    RuleCase("value-range volume 2", text(#"{"aps": {"sound": {"name": "a.caf", "volume": 2}}}"#), flags: "", [
      #"sound-shape 1:19 aps.sound"#,
      #"value-range 1:47 aps.sound.volume"#
    ]),
    RuleCase("value-range summary-arg-count 0", text(#"{"aps": {"alert": {"body": "Hi", "summary-arg-count": 0}}}"#), flags: "", [
      #"deprecated-key 1:34 aps.alert.summary-arg-count"#,
      #"value-range 1:55 aps.alert.summary-arg-count"#
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
      #"flag-value 1:31 aps.content-available"#
    ]),
    RuleCase("flag-value content-available string", text(#"{"aps": {"content-available": "1"}}"#), flags: "", [
      #"flag-value 1:31 aps.content-available"#
    ]),
    RuleCase("flag-off content-available 0", text(#"{"aps": {"content-available": 0}}"#), flags: "", [
      #"background-inert 1:9 aps"#,
      #"flag-off 1:31 aps.content-available"#
    ]),
    RuleCase("flag-value mutable-content 2", text(#"{"aps": {"alert": "Hi", "mutable-content": 2}}"#), flags: "", [
      #"flag-value 1:44 aps.mutable-content"#
    ]),
    RuleCase("flag-value critical 2", text(#"{"aps": {"sound": {"critical": 2, "name": "a.caf"}}}"#), flags: "", [
      #"sound-shape 1:19 aps.sound"#,
      #"flag-value 1:32 aps.sound.critical"#
    ]),
    RuleCase("flag-value content-changed false", text(#"{"aps": {"content-changed": false}}"#), flags: "--push-type widgets", [
      #"flag-value 1:29 aps.content-changed"#
    ]),
    RuleCase("background-inert", text(#"{"aps": {}, "refresh": 1}"#), flags: "--push-type background", [
      #"background-inert 1:9 aps"#
    ]),
    RuleCase("sound-shape", text(#"{"aps": {"alert": "Hi", "sound": {"name": "ping.caf", "volume": 0.5}}}"#), flags: "", [
      #"sound-shape 1:34 aps.sound"#
    ]),
    RuleCase("sound-shape critical 0", text(#"{"aps": {"alert": "Hi", "sound": {"critical": 0, "name": "ping.caf"}}}"#), flags: "", [
      #"sound-shape 1:34 aps.sound"#
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
      #"platform-key 1:47 aps.alert.subtitle"#,
      #"platform-key 1:64 aps.alert.loc-key"#,
      #"alert-text-conflict 1:64 aps.alert.loc-key"#
    ]),
    RuleCase("platform-key url-args on ios", text(#"{"aps": {"alert": "Hi", "url-args": ["a"]}}"#), flags: "", [
      #"platform-key 1:25 aps.url-args"#
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
    RuleCase("silent-push-shape warning", text(#"{"aps": {"content-available": 1, "alert": "Hi", "sound": "default"}}"#), flags: "", [
      #"silent-push-shape 1:31 aps.content-available"#
    ]),
    RuleCase("silent-push-shape escalated", text(#"{"aps": {"content-available": 1, "badge": 1}}"#), flags: "--push-type background", [
      #"silent-push-shape 1:31 aps.content-available"#,
      #"push-type-mismatch 1:43 aps.badge"#
    ]),
    RuleCase("push-type-mismatch background", text(#"{"aps": {"alert": "Hi", "badge": 1, "sound": "default"}}"#), flags: "--push-type background", [
      #"background-inert 1:9 aps"#,
      #"push-type-mismatch 1:19 aps.alert"#,
      #"push-type-mismatch 1:34 aps.badge"#,
      #"push-type-mismatch 1:46 aps.sound"#
    ]),
    RuleCase("push-type-mismatch alert nothing to show", text(#"{"aps": {"category": "C"}}"#), flags: "", [
      #"push-type-mismatch 1:9 aps"#
    ]),
    RuleCase("push-type-mismatch alert explicit", text(#"{"aps": {"content-available": 1}}"#), flags: "--push-type alert", [
      #"push-type-mismatch 1:9 aps"#
    ]),
    RuleCase("push-type-mismatch liveactivity no event/timestamp", text(#"{"aps": {"content-state": {}}}"#), flags: "--push-type liveactivity", [
      #"push-type-mismatch 1:9 aps"#
    ]),
    RuleCase("push-type-mismatch liveactivity no timestamp", text(#"{"aps": {"event": "update", "content-state": {}}}"#), flags: "", [
      #"push-type-mismatch 1:9 aps"#
    ]),
    RuleCase("push-type-mismatch mdm with aps", text(#"{"aps": {}, "mdm": "x"}"#), flags: "--push-type mdm", [
      #"push-type-mismatch 1:2 aps"#
    ]),
    RuleCase("push-type-mismatch widgets", text(#"{"aps": {}}"#), flags: "--push-type widgets", [
      #"push-type-mismatch 1:9 aps"#
    ]),
    RuleCase("push-type-mismatch controls", text(#"{"aps": {}}"#), flags: "--push-type controls", [
      #"push-type-mismatch 1:9 aps"#
    ]),
    RuleCase("priority-mismatch not 1/5/10", text(#"{"aps": {"badge": 1}}"#), flags: "--priority 7", [
      #"priority-mismatch 1:1 -"#
    ]),
    RuleCase("priority-mismatch background 10", text(#"{"aps": {"content-available": 1}}"#), flags: "--priority 10", [
      #"priority-mismatch 1:1 -"#
    ]),
    RuleCase("collapse-id 65 bytes", text(#"{"aps": {"badge": 1}}"#), flags: "--collapse-id aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", [
      #"collapse-id-too-long 1:1 -"#
    ]),
    RuleCase("collapse-id 65 bytes multibyte", text(#"{"aps": {"badge": 1}}"#), flags: "--collapse-id ééééééééééééééééééééééééééééééééa", [
      #"collapse-id-too-long 1:1 -"#
    ]),
    RuleCase("live-activity-fields start missing", text(#"""
      {
        "aps": {
          "event": "start",
          "timestamp": 1700000000,
          "content-state": {}
        }
      }
      """#), flags: "", [
      #"live-activity-fields 3:14 aps.event"#
    ]),
    RuleCase("live-activity-fields both inputs", text(#"""
      {
        "aps": {
          "event": "start",
          "timestamp": 1700000000,
          "content-state": {},
          "attributes-type": "Score",
          "attributes": {},
          "alert": {"title": "t", "body": "b"},
          "input-push-token": 1,
          "input-push-channel": "Y2g="
        }
      }
      """#), flags: "", [
      #"live-activity-fields 10:5 aps.input-push-channel"#
    ]),
    // SPEC §3: the shape of a Live Activity's aps.
    RuleCase("live-activity-fields string alert, badge, sound", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": "Goal!", "badge": 1, "sound": "default"}}"#), flags: "", [
      #"live-activity-fields 1:84 aps.alert"#,
      #"live-activity-fields 1:93 aps.badge"#,
      #"live-activity-fields 1:105 aps.sound"#,
    ]),
    RuleCase("live-activity-fields subtitle, dismissal-date on update, attributes-type on update", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": {"title": "t", "subtitle": "s", "body": "b"}, "dismissal-date": 1700003600, "attributes-type": "Score"}}"#), flags: "", [
      #"live-activity-fields 1:99 aps.alert.subtitle"#,
      #"live-activity-fields 1:130 aps.dismissal-date"#,
      #"live-activity-fields 1:160 aps.attributes-type"#,
    ]),
    RuleCase("live-activity-fields start on the broadcast transport", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "t", "body": "b"}}}"#), flags: "--transport broadcast", [
      #"live-activity-fields 1:19 aps.event"#,
    ]),
    // SPEC §2: Wallet pass topics take {} and nothing else.
    RuleCase("push-type-mismatch alert to a Wallet pass topic", text(#"{"aps": {"alert": "Your card was updated"}}"#), flags: "--topic pass.com.example.membercard", [
      #"push-type-mismatch 1:1 -"#,
    ]),
    // A File Provider push is {"container-identifier", "domain"}; without the container there is
    // nothing to enumerate again (seen in github:pkh0225/PushTester, PushModels.swift; ours).
    RuleCase("push-type-mismatch File Provider push without container-identifier", text(#"{"domain": "com.example.app.files"}"#), flags: "--push-type fileprovider", [
      #"push-type-mismatch 1:1 -"#,
    ]),
    // Apple's start payload has content-state, the activity's first content (seen without it in
    // github:zhwayne/PushTest, PayloadValidatorTests.swift; ours).
    RuleCase("live-activity-fields start without content-state", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}}}"#), flags: "", [
      #"live-activity-fields 1:19 aps.event"#,
    ]),
    RuleCase("live-activity-fields inputs on update", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "input-push-token": 1, "input-push-channel": "Yw=="}}"#), flags: "", [
      #"live-activity-fields 1:75 aps.input-push-token"#,
      #"live-activity-fields 1:98 aps.input-push-channel"#
    ]),
    RuleCase("timestamp-unit", text(#"""
      {
        "aps": {
          "event": "end",
          "timestamp": 1700000000000,
          "stale-date": 1700000000001,
          "dismissal-date": 1700000000002,
          "content-state": {}
        }
      }
      """#), flags: "", [
      #"timestamp-unit 4:18 aps.timestamp"#,
      #"timestamp-unit 5:19 aps.stale-date"#,
      #"timestamp-unit 6:23 aps.dismissal-date"#
    ]),
    RuleCase("safari-fields string alert", text(#"{"aps": {"alert": "Hi"}}"#), flags: "--platform safari", [
      #"safari-fields 1:9 aps"#,
      #"safari-fields 1:19 aps.alert"#
    ]),
    RuleCase("safari-fields no body", text(#"{"aps": {"alert": {"title": "t"}, "url-args": []}}"#), flags: "--platform safari", [
      #"safari-fields 1:19 aps.alert"#
    ]),
    RuleCase("topic-mismatch alert to a voip topic", text(#"{"aps": {"alert": "Hi"}}"#), flags: "--push-type alert --topic com.example.app.voip", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch voip", text(#"{"aps": {}}"#), flags: "--push-type voip --topic com.example.app", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch complication", text(#"{"aps": {}}"#), flags: "--push-type complication --topic com.example.app", [
      "push-type-deprecated 1:1 -", #"topic-mismatch 1:1 -"#,
    ]),
    RuleCase("topic-mismatch fileprovider", text(#"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier"}"#), flags: "--push-type fileprovider --topic com.example.app", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch liveactivity", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--push-type liveactivity --topic com.example.app", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch pushtotalk", text(#"{"aps": {}}"#), flags: "--push-type pushtotalk --topic com.example.app", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch location", text(#"{"aps": {}}"#), flags: "--push-type location --topic com.example.app", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch widgets", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets --topic com.example.app", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch controls", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls --topic com.example.app", [
      #"topic-mismatch 1:1 -"#
    ]),
  ]

  static let passing: [PassCase] = [
    PassCase(.payloadTooLarge, "256 bytes on binary-pre-ios8", text(alert(bytes: 256)), flags: "--transport binary-pre-ios8", others: ["payload-near-limit 1:1 -"]),
    PassCase(.payloadNearLimit, "one byte under 90% of 5120", text(alert(bytes: 4607)), flags: "--push-type voip"),
    PassCase(.jsonSyntax, "valid JSON, pretty-printed", text(#"""
      {
        "aps": {
          "badge": 1
        }
      }
      """#), flags: ""),
    PassCase(.jsonInvalidUTF8, "raw UTF-8 of 2, 3 and 4 bytes", text(#"{"aps": {"alert": "café – 中 😀"}}"#), flags: ""),
    PassCase(.jsonDuplicateKey, "same key in sibling objects", text(#"{"aps": {"alert": {"body": "Hi"}, "badge": 1}, "x": {"body": 1}}"#), flags: ""),
    PassCase(.jsonLoneSurrogate, "surrogate pair escaped", text(#"{"aps": {"alert": "\ud83d\ude00"}}"#), flags: "", others: [#"json-escaped-unicode 1:19 aps.alert"#]),
    PassCase(.jsonBOM, "no BOM", text(#"{"aps": {"badge": 1}}"#), flags: ""),
    PassCase(.jsonTooDeep, "exactly max-depth", text(#"{"aps": {"badge": 1}, "d": [[[1]]]}"#), flags: "--max-depth 4"),
    PassCase(.jsonEscapedUnicode, "ASCII escapes do not inflate", text(#"{"aps": {"alert": "line\nquote\" \u0041"}}"#), flags: ""),
    PassCase(.payloadEmpty, "a tiny payload", text(#"{"aps":{"badge":0}}"#), flags: ""),
    PassCase(.payloadNotObject, "object at top", text(#"{"aps": {"badge": 1}}"#), flags: ""),
    PassCase(.apsMissing, "mdm push without aps", text(#"{"mdm": "00000000-1111-2222-3333-444444444444"}"#), flags: ""),
    PassCase(.apsNotObject, "aps object", text(#"{"aps": {"alert": "Hello"}}"#), flags: ""),
    PassCase(.apsCustomKey, "custom keys beside aps", text(#"{"aps": {"alert": "Hi"}, "conversation": "c-42", "link_url": "https://example.com"}"#), flags: "", others: []),
    PassCase(.unknownKey, "every aps key known", text(#"{"aps": {"alert": {"title": "t", "subtitle": "s", "body": "b"}, "badge": 1, "sound": {"name": "a.caf", "volume": 0.5}, "thread-id": "t", "category": "c", "target-content-id": "x", "filter-criteria": "f", "mutable-content": 1, "interruption-level": "passive", "relevance-score": 0.5}, "custom_key": 1}"#), flags: "", others: ["sound-shape 1:86 aps.sound"]),
    PassCase(.valueType, "badge 5, alert string, loc-args strings, null loc-key", text(#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a", "b"], "title-loc-key": null, "title-loc-args": null}, "badge": 5}}"#), flags: ""),
    PassCase(.valueRange, "relevance-score 3 for a live activity", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "relevance-score": 3}}"#), flags: ""),
    PassCase(.valueRange, "bounds 0 and 1", text(#"{"aps": {"badge": 0, "relevance-score": 1, "sound": {"name": "a.caf", "volume": 0}}}"#), flags: "", others: ["sound-shape 1:53 aps.sound"]),
    PassCase(.valueEnum, "every interruption level", text(#"{"aps": {"alert": "Hi", "interruption-level": "time-sensitive"}}"#), flags: ""),
    PassCase(.valueEnum, "event end", text(#"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}}}"#), flags: ""),
    PassCase(.flagValue, "content-available 1 alone", text(#"{"aps": {"content-available": 1}}"#), flags: ""),
    PassCase(.flagOff, "mutable-content 1, content-available left out", text(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#), flags: ""),
    PassCase(.flagOff, "input-push-token 0 is flag-value's", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-token": 0}}"#), flags: "", others: ["flag-value 1:174 aps.input-push-token"]),
    PassCase(.backgroundInert, "content-available 1", text(#"{"aps": {"content-available": 1}, "refresh": 1}"#), flags: "--push-type background"),
    PassCase(.soundShape, "a critical sound dictionary", text(#"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.9}}}"#), flags: ""),
    PassCase(.payloadWhitespace, "over the limit compact too: too large, not whitespace",
             text("{\n  \"aps\": {\"alert\": \"" + String(repeating: "x", count: 260) + "\"}\n}"), flags: "--size-count compact --transport binary-pre-ios8",
             others: ["payload-too-large 1:1 -"]),
    PassCase(.payloadWhitespace, "raw counting never says it", text("{\n  \"aps\": {\"alert\": \"" + String(repeating: "x", count: 230) + "\"}\n}"),
             flags: "--transport binary-pre-ios8", others: ["payload-near-limit 1:1 -"]),
    PassCase(.soundShape, "a sound string", text(#"{"aps": {"alert": "Hi", "sound": "ping.caf"}}"#), flags: ""),
    PassCase(.flagValue, "critical 0 and 1, content-changed true", text(#"{"aps": {"sound": {"critical": 0, "name": "a.caf"}, "badge": 1}}"#), flags: "", others: ["sound-shape 1:19 aps.sound"]),
    PassCase(.flagValue, "content-changed true for widgets", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets"),
    PassCase(.alertEmpty, "alert with only a loc-key", text(#"{"aps": {"alert": {"loc-key": "GREETING"}}}"#), flags: ""),
    PassCase(.alertEmpty, "alert with only a subtitle", text(#"{"aps": {"alert": {"subtitle": "s"}}}"#), flags: ""),
    PassCase(.alertTextConflict, "title and body plus subtitle-loc-key", text(#"{"aps": {"alert": {"title": "t", "body": "b", "subtitle-loc-key": "S"}}}"#), flags: ""),
    PassCase(.locArgsWithoutKey, "each args with its key", text(#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a"], "title-loc-key": "T", "title-loc-args": ["b"], "subtitle-loc-key": "S", "subtitle-loc-args": ["c"]}}}"#), flags: ""),
    PassCase(.deprecatedKey, "action on safari", text(#"{"aps": {"alert": {"title": "t", "body": "b", "action": "View"}, "url-args": []}}"#), flags: "--platform safari"),
    PassCase(.platformKey, "live activity keys on visionos", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--platform visionos"),
    PassCase(.priorityMismatch, "liveactivity at 5", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#),
             flags: "--push-type liveactivity --priority 5"),
    PassCase(.liveActivityFields, "an end without content-state ends with the last content", text(#"{"aps": {"event": "end", "timestamp": 1700000000}}"#),
             flags: "--push-type liveactivity"),
    PassCase(.pushTypePlatform, "location on ios 15", text(#"{"aps": {}}"#), flags: "--push-type location --platform ios --os 15.0"),
    PassCase(.pushTypePlatform, "liveactivity on ios without an OS", text(#"{"aps": {"timestamp": 1700000000, "event": "update", "content-state": {}}}"#),
             flags: "--push-type liveactivity --platform ios --priority 5"),
    PassCase(.pushTypePlatform, "controls on visionos: Apple says nothing", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls --platform visionos"),
    PassCase(.pushTypePlatform, "an inferred push type is not judged", text(#"{"aps": {"content-available": 1}}"#), flags: "--platform safari",
             others: ["safari-fields 1:9 aps", "safari-fields 1:9 aps"]),
    PassCase(.pushTypeDeprecated, "widgets on watchos 26", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets --platform watchos --os 26"),
    PassCase(.platformKey, "critical sound on watchos", text(#"{"aps": {"sound": {"critical": 1, "name": "a.caf"}}}"#), flags: "--platform watchos"),
    // Apple: critical alerts on macOS 10.14 and later (UNAuthorizationOptions.criticalAlert).
    PassCase(.platformKey, "safari title, body and action", text(#"{"aps": {"alert": {"title": "T", "body": "B", "action": "View"}, "url-args": []}}"#), flags: "--platform safari"),
    PassCase(.platformKey, "critical sound on macos", text(#"{"aps": {"sound": {"critical": 1, "name": "a.caf"}}}"#), flags: "--platform macos"),
    PassCase(.deprecatedKey, "launch-image is in Apple's table", text(#"{"aps": {"alert": {"body": "b", "launch-image": "a.png"}}}"#), flags: ""),
    // Apple types timestamp, stale-date and dismissal-date as Number.
    PassCase(.valueType, "fractional timestamps", text(#"{"aps": {"event": "end", "timestamp": 1700000000.5, "dismissal-date": 1700003600.25, "content-state": {}}}"#), flags: ""),
    PassCase(.platformKey, "badge on tvos", text(#"{"aps": {"badge": 1}}"#), flags: "--platform tvos"),
    PassCase(.sensitiveData, "harmless custom keys, values not checked by default", text(#"{"aps": {"badge": 1}, "msgid": "my password", "user": {"name": "Jenna"}}"#), flags: ""),
    PassCase(.sensitiveData, "values checked, none sensitive", text(#"{"aps": {"badge": 1}, "note": "see you", "tags": ["a"]}"#), flags: "--check-values"),
    PassCase(.customKeyAllowlist, "only allowed keys", text(#"{"aps": {"badge": 1}, "msgid": "1", "media": {"url": "x"}}"#), flags: "--allow msgid,media"),
    PassCase(.customKeyAllowlist, "off by default", text(#"{"aps": {"badge": 1}, "tracking": "x"}"#), flags: ""),
    PassCase(.silentPushShape, "content-available with custom data", text(#"{"aps": {"content-available": 1}, "acme": 1}"#), flags: "--push-type background"),
    PassCase(.pushTypeMismatch, "alert push with a badge only", text(#"{"aps": {"badge": 1}}"#), flags: "--push-type alert"),
    PassCase(.pushTypeMismatch, "mdm push", text(#"{"mdm": "x"}"#), flags: "--push-type mdm"),
    PassCase(.pushTypeMismatch, "File Provider push", text(#"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier", "domain": "d"}"#), flags: "--push-type fileprovider"),
    PassCase(.pushTypeMismatch, "controls push", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls"),
    PassCase(.pushTypeMismatch, "voip push needs nothing", text(#"{"aps": {}, "call-id": "1"}"#), flags: "--push-type voip"),
    PassCase(.priorityMismatch, "background at 5", text(#"{"aps": {"content-available": 1}}"#), flags: "--priority 5"),
    PassCase(.priorityMismatch, "alert at 1", text(#"{"aps": {"badge": 1}}"#), flags: "--priority 1"),
    PassCase(.priorityMismatch, "alert at 10", text(#"{"aps": {"badge": 1}}"#), flags: "--priority 10"),
    PassCase(.topicMismatch, "alert push needs no suffix", text(#"{"aps": {"badge": 1}}"#), flags: "--topic com.example.app"),
    PassCase(.collapseIDTooLong, "64 bytes", text(#"{"aps": {"badge": 1}}"#), flags: "--collapse-id aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
    PassCase(.liveActivityFields, "an update with an alert dictionary with a sound", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": {"title": "t", "body": "b", "sound": "chime.caf"}}}"#), flags: ""),
    PassCase(.liveActivityFields, "an end with a dismissal-date", text(#"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}, "dismissal-date": 1700003600}}"#), flags: ""),
    PassCase(.liveActivityFields, "an update on the broadcast transport", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--transport broadcast"),
    PassCase(.pushTypeMismatch, "a Wallet pass update is {}", text("{}"), flags: "--topic pass.com.example.membercard"),
    PassCase(.apsMissing, "File Provider, inferred from container-identifier", text(#"{"container-identifier": "NSFileProviderRootContainerItemIdentifier", "domain": "com.example.docs"}"#), flags: ""),
    PassCase(.liveActivityFields, "complete start with a token", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-token": 1}}"#), flags: ""),
    PassCase(.liveActivityFields, "start with a channel", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-channel": "Y2g="}}"#), flags: ""),
    PassCase(.timestampUnit, "exactly 10^11 is not above", text(#"{"aps": {"event": "end", "timestamp": 1700000000, "dismissal-date": 100000000000, "content-state": {}}}"#), flags: "",
             // (in seconds, a date far past the four hours an ended activity may stay)
             others: ["live-activity-fields 1:69 aps.dismissal-date"]),
    PassCase(.safariFields, "website push", text(#"{"aps": {"alert": {"title": "t", "body": "b"}, "url-args": ["a", "b"]}}"#), flags: "--platform safari"),
    PassCase(.topicMismatch, "voip topic with .voip", text(#"{"aps": {}}"#), flags: "--push-type voip --topic com.example.app.voip"),
    PassCase(.topicMismatch, "complication topic with .complication", text(#"{"aps": {}}"#), flags: "--push-type complication --topic com.example.app.complication",
             others: ["push-type-deprecated 1:1 -"]),
    PassCase(.topicMismatch, "fileprovider topic with .pushkit.fileprovider", text(#"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier"}"#), flags: "--push-type fileprovider --topic com.example.app.pushkit.fileprovider"),
    PassCase(.topicMismatch, "liveactivity topic with .push-type.liveactivity", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--push-type liveactivity --topic com.example.app.push-type.liveactivity"),
    PassCase(.topicMismatch, "pushtotalk topic with .voip-ptt", text(#"{"aps": {}}"#), flags: "--push-type pushtotalk --topic com.example.app.voip-ptt"),
    PassCase(.topicMismatch, "location topic with .location-query", text(#"{"aps": {}}"#), flags: "--push-type location --topic com.example.app.location-query"),
    PassCase(.topicMismatch, "widgets topic with .push-type.widgets", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets --topic com.example.app.push-type.widgets"),
    PassCase(.topicMismatch, "controls topic with .push-type.controls", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls --topic com.example.app.push-type.controls"),
  ]
}
