import PayloadSchema
import Testing

/// The push rules (SPEC §3, "Push type and headers" in rules.yaml: silent-push-shape, push-type-*,
/// priority-mismatch, topic-mismatch, collapse-id-too-long, live-activity-fields, timestamp-unit,
/// safari-fields) and the push type's inference (SPEC §2), with their exact findings: a `RuleCase`
/// row in `triggering` is a payload, its flags (as on the command line: --push-type, --topic,
/// --priority, --collapse-id…) and every finding it gives, as "rule line:column keyPath"; a
/// `PassCase` row in `passing` is a payload close to a triggering one that must not fire its rule
/// and gives exactly `others`. `RuleTests` runs the rows.
@Suite struct PushRuleTests {
  // MARK: Push type inference (SPEC §2)

  /// An MDM certificate's topic is a prefix: com.apple.mgmt.External.<UUID> (Apple, "Sending MDM
  /// commands to a device").
  @Test func anMDMTopicNamesAnMDMPush() {
    let report = check(#"{"aps":{},"mdm":"996ac527-9993-4a0a-8528-60b2b3c2f52b"}"#, Target(topic: "com.apple.mgmt.External.461f409a-d81a-4b5e-a009-3fb8f607aadc"))
    #expect(report.pushType == .mdm)
    #expect(report.findings.map(summary) == ["push-content-unread 1:2 aps"])
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
    // An accessory's response: two or more of its members and no other key Apple defines; one alone
    // may be the app's own key of that name.
    (PushRuleTests.accessorySample, .accessory),
    (#"{"aps": {"encryptedData": "c2VhbGVk", "keyID": "a2V5"}, "acme": 1}"#, .accessory),
    (#"{"aps": {"keyID": "a2V5"}}"#, .alert),
    (#"{"aps": {"alert": "Hi", "keyID": "a2V5", "messageIndex": "1"}}"#, .alert),
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
    ("com.example.app.push-type.accessory", .accessory),
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

  /// SPEC §2: `mdm` beside an empty `aps` can only be an MDM push (the pattern of sideshow/apns2's
  /// TestMdm, payload/builder_test.go at 22443bc); the empty `aps` is the MDM push's information
  /// (not read), not an alert push that shows nothing. With something to show, the guess stays alert.
  @Test func mdmBesideAnEmptyApsIsAnMDMPush() {
    let report = check(#"{"aps":{},"mdm":"1f0c"}"#)
    #expect(report.pushType == .mdm)
    #expect(report.findings.map(summary) == ["push-content-unread 1:2 aps"])
    #expect(report.findings.first?.severity == .info)
    #expect(check(#"{"aps":{"alert":"Hi"},"mdm":"1f0c"}"#).pushType == .alert)
  }

  /// Wallet reads nothing of a pass update's payload: the device asks the pass's web service for
  /// the changed passes (issue 53: pass servers have sent `{"aps": {}}` for years, and nothing
  /// breaks). Anything but `{}` to a `pass.` topic is information saying so, at 1:1, and nothing
  /// else is judged of it as a push (no aps-missing, no "an alert push needs…").
  @Test func aWalletTopicIgnoresThePayload() {
    let pass = Target(topic: "pass.com.example.membership")
    #expect(check("{}", pass).findings.isEmpty)
    for json in [#"{"aps": {}}"#, #"{"aps": {"alert": "Your card was updated"}}"#, #"{"serial": "E5982H"}"#] {
      let report = check(json, pass)
      #expect(report.findings.map { "\(summary($0)) \($0.severity)" } == ["push-content-unread 1:1 - info"], "\(json)")
      #expect(report.findings.first?.message
        == "Wallet does not read a pass update's payload: the device asks the pass's web service for the changed passes, and what this payload holds changes nothing, an alert included (a pass update is sent as {}; a pass field's changeMessage is what Wallet shows when it changes)")
    }
  }

  @Test func anExplicitPushTypeIsNotOverridden() {
    #expect(check(#"{"aps": {"content-available": 1}}"#, Target(pushType: .alert)).pushType == .alert)
  }

  // MARK: Push type mismatch: what the payload can only be

  /// SPEC §2: `{}` is exactly what a Wallet pass update sends; with nothing else known (no topic,
  /// no push type) it is a warning that names the case, not an error. A push type given says what
  /// the push is: `--push-type alert` makes it an alert push with no aps, an error.
  @Test func anEmptyPayloadWithoutATopicMayBeAWalletPassUpdate() {
    let report = check("{}")
    #expect(report.findings.map(summary) == ["aps-missing-may-work 1:1 -"])
    #expect(report.findings.first?.severity == .warning)
    #expect(report.findings.first?.message
      == "an empty payload {} is what a Wallet pass update sends (to the pass type's topic, pass.…); to an app it shows and wakes nothing: give --topic to check it")
    let alert = check("{}", Target(pushType: .alert))
    #expect(alert.findings.map { "\(summary($0)) \($0.severity)" } == ["aps-missing 1:1 - error"])
    #expect(alert.findings.first?.message == "no 'aps' member; APNs needs one")
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
  /// An `aps` holding only the alert's keys written directly in it was meant to show something
  /// (seen in wangzhizhou/APNs-Helper, PayloadEditor: a title written directly in aps): the device
  /// shows nothing, so one error naming the cause (misplaced-key), not the symptom beside it.
  @Test func anApsOfMisplacedAlertKeysWithoutPushTypeIsOneError() {
    let report = check(#"{"aps":{"title":"T"}}"#)
    #expect(report.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "")" }
      == ["misplaced-key error 1:9 aps.title"])
  }

  /// A badge or sound of the wrong type is not applied: an alert push with nothing else shows
  /// nothing (an error), the wrong type itself is value-type's warning. The app's own data in an
  /// otherwise empty aps changes nothing of the empty aps's information.
  @Test func whatIsNotAppliedIsNothingToShow() {
    let badge = check(#"{"aps":{"badge":"5"}}"#, Target(pushType: .alert))
    #expect(badge.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.keyPath ?? "")" }
      == ["push-type-mismatch error aps", "value-type-ignored warning aps.badge"])
    #expect(check(#"{"aps":{"badge":5}}"#, Target(pushType: .alert)).findings.isEmpty)
    let data = check(#"{"aps":{"data":1}}"#)
    #expect(data.findings.map { "\($0.rule.rawValue) \($0.severity)" } == ["aps-empty-untyped info", "aps-custom-key info"])
  }

  @Test func anEmptyApsWithoutPushTypeOrTopicIsInformation() {
    let guessed = check(#"{"aps": {}, "call": "42"}"#)
    #expect(guessed.findings.map(summary) == ["aps-empty-untyped 1:9 aps"])
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

  /// `content-available` with a visible key is a combination Apple documents (the push shows
  /// them and wakes the app): information, never escalated. In an explicit background push the
  /// visible key is `push-type-mismatch`, a warning (APNs accepts it; what the device does with
  /// the key is not documented).
  @Test func silentPushShapeIsInformationAndABackgroundPushsVisibleKeyAWarning() {
    let json = #"{"aps": {"content-available": 1, "badge": 1}}"#
    let inferred = check(json).findings
    #expect(inferred.map { "\($0.rule.rawValue) \($0.severity)" } == ["silent-push-shape info"])
    let background = check(json, Target(pushType: .background)).findings
    #expect(background.map { "\($0.rule.rawValue) \($0.severity)" }
      == ["silent-push-shape info", "push-type-key-unread warning"])
  }

  /// SPEC §3 push-type-mismatch warnings: widgets/controls with other `aps` keys, location pushes
  /// with alert, badge or sound.
  @Test(arguments: [
    (PushType.widgets, #"{"aps": {"content-changed": true, "badge": 1}}"#, ["push-type-key-unread 1:35 aps.badge"]),
    (.controls, #"{"aps": {"content-changed": true}}"#, []),
    (.location, #"{"aps": {"alert": "Hi", "sound": "default"}}"#, ["push-type-key-unread 1:10 aps.alert", "push-type-key-unread 1:25 aps.sound"]),
    (.location, #"{"aps": {}}"#, []),
  ])
  func pushTypeMismatchWarnings(_ pushType: PushType, _ json: String, _ expected: [String]) {
    var target = Target()
    target.pushType = pushType
    let report = check(json, target)
    #expect(report.findings.map(summary) == expected)
    #expect(report.findings.allSatisfy { $0.severity == .warning })
  }

  /// A Live Activity `end` sent with apns-push-type alert (seen in dourgulf/ApplePushTesting
  /// @4a531d9, apns-push-p8.sh, sent with `apns-push-type: alert`): the activity never ends.
  /// One error, at `event`; not also "an alert push needs alert" (it has one here, and without
  /// one the Live Activity finding says more).
  @Test(arguments: [
    ("--push-type alert", ["push-type-mismatch 1:35 aps.event"]),
    ("--push-type background", ["background-inert 1:9 aps", "push-type-mismatch 1:35 aps.event", "push-type-key-unread 1:89 aps.alert"]),
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
      == ["push-type-mismatch 1:35 aps.timestamp", "push-type-key-unread 1:60 aps.badge"])
  }

  // MARK: Accessory pushes (SPEC §2: iOS 26.5, Apple's "Responding to forwarded notifications")

  /// An accessory's response as Apple's sample has it (our values: base64 data, a session UUID, a
  /// key id, the ratchet's index as a string).
  static let accessorySample = #"{"aps": {"encryptedData": "c2VhbGVkIHJlcGx5", "sessionIdentifier": "9B2D6E0A-51C4-4F7B-8A0E-3C5D7F1B2A44", "keyID": "a2V5LTE=", "messageIndex": "7"}}"#

  /// Apple's shape is clean with the push type, with its topic alone, and with neither (inferred);
  /// it is never "an alert push that shows nothing".
  @Test(arguments: ["--push-type accessory", "--topic com.example.app.push-type.accessory",
                    "--push-type accessory --topic com.example.app.push-type.accessory --priority 10", "",
                    "--push-type accessory --os 26.5"])
  func anAccessoryPushAsAppleSendsItIsClean(_ flags: String) {
    let (target, options) = parseFlags(flags)
    let report = check(Self.accessorySample, target, options: options)
    #expect(report.pushType == .accessory)
    #expect(report.limit == 4096)
    #expect(report.findings.map(summary) == [])
  }

  /// A missing member or one that is not a string leaves the system nothing it can decrypt: an
  /// error, at `aps` (naming what is missing) or at the value; another key Apple defines is not
  /// read (a warning at it), the app's own key is aps-custom-key, and a near miss of a member is
  /// suggested in an accessory push only.
  @Test(arguments: [
    (#"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyID": "a2V5"}}"#,
     ["accessory-fields error 1:9 aps"]),
    (#"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyID": "a2V5", "messageIndex": 7}}"#,
     ["accessory-fields error 1:97 aps.messageIndex"]),
    (#"{"aps": {"encryptedData": ["c2Vh"], "sessionIdentifier": "9B2D", "keyID": null, "messageIndex": "7"}}"#,
     ["accessory-fields error 1:27 aps.encryptedData", "accessory-fields error 1:75 aps.keyID"]),
    (#"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyID": "a2V5", "messageIndex": "7", "alert": "Hi", "acme": 1}}"#,
     ["push-type-key-unread warning 1:102 aps.alert", "aps-custom-key info 1:117 aps.acme"]),
    (#"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyId": "a2V5", "messageIndex": "7"}}"#,
     ["accessory-fields error 1:9 aps", "unknown-key warning 1:64 aps.keyId"]),
    (#"{"encryptedData": "c2Vh"}"#, ["aps-missing error 1:1 -"]),
  ])
  func anAccessoryPushsMembers(_ json: String, _ expected: [String]) {
    let found = check(json, Target(pushType: .accessory)).findings
    #expect(found.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "-")" } == expected)
  }

  @Test func anAccessoryPushsMessagesSayWhatIsDropped() {
    let missing = check(#"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D"}}"#, Target(pushType: .accessory)).findings
    #expect(missing.map(\.message) == [
      #"an accessory push's 'aps' needs 'encryptedData', 'sessionIdentifier', 'keyID' and 'messageIndex' (Apple, "Responding to forwarded notifications"); without 'keyID' and 'messageIndex' the system cannot decrypt the accessory's response, so it is dropped"#
    ])
    let number = check(#"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyID": "a2V5", "messageIndex": 7}}"#).findings
    #expect(number.map(\.message) == [
      "'messageIndex' must be a string, as Apple's sample sends it, not a number; the system cannot decrypt the accessory's response with it, so the response is dropped"
    ])
    let extra = check(Self.accessorySample.replacingOccurrences(of: #""messageIndex": "7""#, with: #""messageIndex": "7", "badge": 1"#),
                      Target(pushType: .accessory)).findings
    #expect(extra.map(\.message) == [
      "an accessory push's 'aps' carries only 'encryptedData', 'sessionIdentifier', 'keyID' and 'messageIndex'; 'badge' is not read (nothing shows on the iPhone: the system hands the decrypted response to the accessory's data provider extension)"
    ])
  }

  /// In a push of another type an accessory push's members are the app's own data, as any key
  /// Apple does not define there (aps-custom-key, information), and a near miss of one is not
  /// suggested; a voip push's aps is the app's, and nothing is said of it.
  @Test func anAccessoryPushsMembersElsewhereAreTheAppsData() {
    let alert = check(#"{"aps": {"alert": "Hi", "keyID": "k1"}}"#)
    #expect(alert.findings.map { "\(summary($0)) \($0.severity)" } == ["aps-custom-key 1:25 aps.keyID info"])
    #expect(alert.findings.first?.message
      == "'keyID' in 'aps' is read only in an accessory push (topic '<bundle id>.push-type.accessory', iOS 26.5); with push type 'alert' it is taken as the app's own data (the system ignores it, the app receives it)")
    #expect(check(#"{"aps": {"alert": "Hi", "keyId": "k1"}}"#).findings.map { "\(summary($0)) \($0.payloadRule!)" }
      == ["aps-custom-key 1:25 aps.keyId apsCustomKey"])
    #expect(check(#"{"aps": {"keyID": "k1", "messageIndex": 3}}"#, Target(pushType: .voip)).findings.isEmpty)
    // Sent as an alert push, Apple's shape shows nothing: that error, and each member the app's data.
    #expect(findings(Self.accessorySample, Target(pushType: .alert)) == [
      "push-type-mismatch 1:9 aps", "aps-custom-key 1:10 aps.encryptedData", "aps-custom-key 1:47 aps.sessionIdentifier",
      "aps-custom-key 1:108 aps.keyID", "aps-custom-key 1:129 aps.messageIndex",
    ])
  }

  // MARK: Safari's reach (SPEC §2)

  /// Legacy Safari push (certificates, url-args) reaches Safari 26.3 and earlier only: Safari 26.4
  /// ended it. Without the Safari version some recipients still get it (a warning); from 26.4 every
  /// one drops it (an error); before it, nothing to say. A request on the platform is told the same.
  @Test(arguments: [
    ("--platform safari", "warning"),
    ("--platform safari --os 26.4", "error"),
    ("--platform safari --os 27", "error"),
    ("--platform safari --os 26.3", nil),
    ("--platform safari --os 17.0", nil),
    ("", nil),
  ] as [(String, String?)])
  func legacySafariPushReachesSafari26Point3AndEarlier(_ flags: String, _ severity: String?) {
    let json = #"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": ["a"]}}"#
    let (target, options) = parseFlags(flags)
    // Without the Safari version, safari-legacy-push-reach (a warning): some recipients still get it.
    let found = check(json, target, options: options).findings.filter { $0.payloadRule == .safariLegacyPush || $0.payloadRule == .safariLegacyPushReach }
    let rule = severity == "warning" ? "safari-legacy-push-reach" : "safari-legacy-push"
    #expect(found.map { "\(summary($0)) \($0.severity)" } == (severity.map { ["\(rule) 1:1 - \($0)"] } ?? []))
  }

  @Test func legacySafariPushPointsAtWebPush() throws {
    let json = #"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#
    #expect(check(json, Target(platform: .safari)).findings.map(\.message) == [
      "a Safari website push (a website push certificate, url-args) reaches Safari 26.3 and earlier only: Safari 26.4 ended legacy Safari push, so users on Safari 26.4 and later get nothing; send a web push instead (check its message with --platform web)"
    ])
    #expect(check(json, Target(platform: .safari, os: OSVersion(26, 4))).findings.map(\.message) == [
      "a Safari website push (a website push certificate, url-args) reaches Safari 26.3 and earlier only: Safari 26.4 ended legacy Safari push, and Safari 26.4 drops it; send a web push instead (check its message with --platform web)"
    ])
    // A request to a website push token is checked on the same platform.
    var requests = RequestValidator(target: Target(platform: .safari))
    let request = APNsRequest(method: "POST", path: "/3/device/" + String(repeating: "ab", count: 32),
                              headers: [RequestHeader("apns-topic", "web.com.example.news"), RequestHeader("apns-push-type", "alert")],
                              body: Array(json.utf8))
    let report = requests.validate(request, now: nil)
    #expect(report.findings.map { "\($0.rule.rawValue) \($0.severity)" } == ["safari-legacy-push-reach warning"])
  }

  // MARK: Live Activity fields and timestamps

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
      "live-activity-key-ignored 1:75 aps.category", "live-activity-key-ignored 1:96 aps.thread-id",
      "live-activity-key-ignored 1:120 aps.interruption-level", "live-activity-key-ignored 1:160 aps.target-content-id",
      "live-activity-key-ignored 1:187 aps.filter-criteria",
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
    #expect(late.findings.map(summary) == ["live-activity-key-ignored 1:90 aps.dismissal-date"])
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
      == ["live-activity-key-ignored 1:75 aps.attributes"])
  }

  /// Apple (Activity.update(_:alertConfiguration:timestamp:)): "If this is older than a previous
  /// update or push payload, the system ignores this update". A timestamp before 2022 is older than
  /// any activity: an update is dropped (an error); an end is applied whatever its timestamp (an
  /// Apple engineer, developer forums thread 776165) and a start makes the activity with it
  /// (Apple's own start sample sends 1234): nothing.
  @Test(arguments: [
    ("update", #"timestamp-before-2022 error 1:38 'timestamp' 0 is before 2022, older than any Live Activity: ActivityKit ignores an update whose timestamp is older than the activity's last one, so this update is dropped"#),
    ("end", nil),
    ("start", nil),
  ] as [(String, String?)])
  func aTimestampBeforeAnyActivity(_ event: String, _ expected: String?) {
    let start = event == "start" ? #","attributes-type":"A","attributes":{},"alert":{"title":"t","body":"b"}"# : ""
    let json = #"{"aps":{"event":"\#(event)","timestamp":0,"content-state":{"a":1}\#(start)}}"#
    let f = check(json, Target(pushType: .liveactivity)).findings.filter { $0.payloadRule == .timestampUnit || $0.payloadRule == .timestampBefore2022 }
    #expect(f.map { "\($0.rule.rawValue) \($0.severity.rawValue) \($0.line):\($0.column) \($0.message)" } == (expected.map { [$0] } ?? []))
    // Seconds since 2022 are fine in every event.
    let fine = #"{"aps":{"event":"\#(event)","timestamp":1700000000,"content-state":{"a":1}\#(start)}}"#
    #expect(check(fine, Target(pushType: .liveactivity)).findings.filter { $0.payloadRule == .timestampUnit }.isEmpty)
  }

  // MARK: Dates against the time of sending (issue 53)

  /// A Live Activity update written on 14 November 2023.
  static let updateOf2023 = #"""
    {
      "aps": {
        "event": "update",
        "timestamp": 1700000000,
        "content-state": {"score": 1}
      }
    }
    """#

  /// The same update checked as sent a year later (`check --now`, `send`, `serve`): ActivityKit
  /// drops it (Apple, "Displaying live data with Live Activities": twelve hours at most;
  /// Activity.update(_:alertConfiguration:timestamp:): an older update is ignored). Without a time,
  /// the report is the one the file always had.
  @Test func anUpdateSentAYearAfterItsTimestampIsDropped() {
    var options = ValidationOptions()
    options.sendingTime = 1_731_536_000  // 2024-11-13 22:13 UTC
    var validator = PayloadValidator(options: options)
    let report = validator.validate(Array(Self.updateOf2023.utf8))
    #expect(report.findings.map { "\($0.rule.rawValue) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-")" }
      == ["timestamp-old error 4:18 aps.timestamp"])
    #expect(report.findings.first?.message == "'timestamp' 1700000000 (2023-11-14 22:13 UTC) is 365 days before the time of sending (2024-11-13 22:13 UTC), older than any Live Activity lasts (twelve hours): ActivityKit ignores an update older than the activity's last content, so this update is dropped; set 'timestamp' to the time the content is made")
    #expect(report.droppedOnTheDevice?.payloadRule == .timestampOld)
    // The clock changes per push on one validator (serve, send --batch): back within the hour, clean.
    validator.sendingTime = 1_700_000_600
    #expect(validator.validate(Array(Self.updateOf2023.utf8)).findings.isEmpty)
    validator.sendingTime = nil
    #expect(validator.validate(Array(Self.updateOf2023.utf8)).findings.isEmpty)
  }

  /// The spans a message names, in the unit a person reads: the age of the update.
  @Test(arguments: [
    (1_700_000_000 + 13 * 3600 + 1800, "13.5 hours"), (1_700_000_000 + 3 * 86_400, "3 days"),
    (1_700_000_000 + 3 * 31_557_600, "3 years"),
  ] as [(Int64, String)])
  func theAgeIsNamed(_ now: Int64, _ age: String) {
    var options = ValidationOptions()
    options.sendingTime = now
    var validator = PayloadValidator(options: options)
    let message = validator.validate(Array(Self.updateOf2023.utf8)).findings.first?.message ?? ""
    #expect(message.contains(" is \(age) before the time of sending"), "\(message)")
  }

  @Test func aStaleDateAlreadyPastSaysSo() {
    let report = check(#"{"aps": {"event": "start", "timestamp": 1700000000, "stale-date": 1699996400, "content-state": {}, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}}}"#,
                       Target(), options: { var o = ValidationOptions(); o.sendingTime = 1_700_000_000; return o }())
    #expect(report.findings.map { "\($0.rule.rawValue) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-")" }
      == ["stale-date-past warning 1:67 aps.stale-date"])
    #expect(report.findings.first?.message == "'stale-date' 1699996400 (2023-11-14 21:13 UTC) is 60 minutes before the time of sending (2023-11-14 22:13 UTC): the activity shows this content as out of date the moment it arrives; send a stale-date after the time the content stops being current")
  }

  /// Apple ("Starting and updating Live Activities with ActivityKit push notifications"): "To
  /// dismiss the Live Activity from the Lock Screen immediately after it ends, provide a date for
  /// "dismissal-date" that's in the past": no finding, with or without a clock.
  @Test func aDismissalDateInThePastDismissesAtOnce() {
    let end = #"{"aps": {"event": "end", "timestamp": 1700000000, "dismissal-date": 1663177260, "content-state": {}}}"#
    #expect(findings(end) == [])
    var options = ValidationOptions()
    options.sendingTime = 1_700_000_030
    var validator = PayloadValidator(options: options)
    #expect(validator.validate(Array(end.utf8)).findings.isEmpty)
  }

  /// A content-state member named for a date, holding seconds since 1970: the warning names the
  /// date ActivityKit would show, and the value to send.
  @Test func aUnixDateInContentStateNamesTheDateShown() {
    let report = check(#"{"aps": {"event": "update", "timestamp": 1735689600, "content-state": {"updatedAt": 1735689600}}}"#)
    #expect(report.findings.map { "\($0.rule.rawValue) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-")" }
      == ["content-state-unix-date warning 1:85 aps.content-state.updatedAt"])
    #expect(report.findings.first?.message == "'updatedAt' 1,735,689,600 reads as seconds since 1970 (2025-01-01 00:00 UTC); read as a Date (seconds since 2001, ActivityKit's default decoding) it is 2056-01-02 00:00 UTC, 31 years late: if the app declares it a Date, send 757,382,400 (seconds since 2001); check with --activity and the app's Swift types to know")
    // Named for something else, or another push type's data: nothing.
    #expect(findings(#"{"aps": {"event": "update", "timestamp": 1735689600, "content-state": {"timeRemaining": 1735689600}}}"#) == [])
  }

  @Test(arguments: [
    ("updatedAt", true), ("updated_at", true), ("startTime", true), ("endDate", true), ("eta", true), ("ETA", true),
    ("countdown_end", true), ("created-at", true), ("lastUpdate", true), ("deadline", true), ("expiresAt", true),
    ("timestamp", true), ("kickoffAt", true), ("timeRemaining", false), ("elapsedTime", false), ("durationTime", false),
    ("timeZoneOffset", false), ("dateId", false), ("score", false), ("format", false), ("latitude", false), ("attempts", false),
  ])
  func aKeyNamesADate(_ key: String, _ expected: Bool) {
    let json = #"{"aps": {"event": "update", "timestamp": 1735689600, "content-state": {""# + key + #"": 1735689600}}}"#
    #expect(findings(json).contains { $0.hasPrefix("content-state-unix-date ") } == expected, "\(key)")
  }

  // MARK: The rows

  static let triggering: [RuleCase] = [
    // The parts split from a rule (issue 53, one consequence per rule): their definitions' examples.
    RuleCase("push-type-key-unread example", text(#"{"aps": {"content-available": 1, "badge": 1}}"#), flags: "--push-type background", [
      #"silent-push-shape 1:31 aps.content-available"#,
      #"push-type-key-unread 1:43 aps.badge"#
    ]),
    RuleCase("fileprovider-container-missing example", text(#"{"domain": "Files"}"#), flags: "--push-type fileprovider", [
      #"fileprovider-container-missing 1:1 -"#
    ]),
    RuleCase("alert-push-may-show-nothing example", text(#"{"aps": {"launch-image": "Splash"}}"#), flags: "", [
      #"alert-push-may-show-nothing 1:9 aps"#,
      #"unknown-key 1:10 aps.launch-image"#
    ]),
    RuleCase("push-content-unread example", text(#"{"aps": {"alert": "Your pass changed"}}"#), flags: "--topic pass.com.example.card", [
      #"push-content-unread 1:1 -"#
    ]),
    RuleCase("aps-empty-untyped example", text(#"{"aps": {}, "call": "1"}"#), flags: "", [
      #"aps-empty-untyped 1:9 aps"#
    ]),
    RuleCase("live-activity-key-ignored example", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "badge": 1}}"#), flags: "", [
      #"live-activity-key-ignored 1:75 aps.badge"#
    ]),
    RuleCase("timestamp-before-2022 example", text(#"{"aps": {"event": "update", "timestamp": 1234, "content-state": {}}}"#), flags: "", [
      #"timestamp-before-2022 1:42 aps.timestamp"#
    ]),
    RuleCase("safari-legacy-push-reach example", text(#"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#), flags: "--platform safari", [
      #"safari-legacy-push-reach 1:1 -"#
    ]),
    RuleCase("silent-push-shape warning", text(#"{"aps": {"content-available": 1, "alert": "Hi", "sound": "default"}}"#), flags: "", [
      #"silent-push-shape 1:31 aps.content-available"#
    ]),
    RuleCase("silent-push-shape escalated", text(#"{"aps": {"content-available": 1, "badge": 1}}"#), flags: "--push-type background", [
      #"silent-push-shape 1:31 aps.content-available"#,
      #"push-type-key-unread 1:43 aps.badge"#
    ]),
    RuleCase("push-type-mismatch background", text(#"{"aps": {"alert": "Hi", "badge": 1, "sound": "default"}}"#), flags: "--push-type background", [
      #"background-inert 1:9 aps"#,
      #"push-type-key-unread 1:19 aps.alert"#,
      #"push-type-key-unread 1:34 aps.badge"#,
      #"push-type-key-unread 1:46 aps.sound"#
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
      #"push-content-unread 1:2 aps"#
    ]),
    RuleCase("push-type-mismatch widgets", text(#"{"aps": {}}"#), flags: "--push-type widgets", [
      #"push-type-mismatch 1:9 aps"#
    ]),
    RuleCase("push-type-mismatch controls", text(#"{"aps": {}}"#), flags: "--push-type controls", [
      #"push-type-mismatch 1:9 aps"#
    ]),
    // SPEC §2: Wallet pass topics take {} and nothing else.
    RuleCase("push-type-mismatch alert to a Wallet pass topic", text(#"{"aps": {"alert": "Your card was updated"}}"#), flags: "--topic pass.com.example.membercard", [
      #"push-content-unread 1:1 -"#,
    ]),
    // A File Provider push is {"container-identifier", "domain"}; without the container there is
    // nothing to enumerate again (seen in github:pkh0225/PushTester, PushModels.swift; ours).
    RuleCase("push-type-mismatch File Provider push without container-identifier", text(#"{"domain": "com.example.app.files"}"#), flags: "--push-type fileprovider", [
      #"fileprovider-container-missing 1:1 -"#,
    ]),
    RuleCase("priority-mismatch liveactivity at 1", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#),
             flags: "--push-type liveactivity --priority 1", ["priority-mismatch 1:1 -"]),
    RuleCase("priority-mismatch not 1/5/10", text(#"{"aps": {"badge": 1}}"#), flags: "--priority 7", [
      #"priority-mismatch 1:1 -"#
    ]),
    RuleCase("priority-mismatch background 10", text(#"{"aps": {"content-available": 1}}"#), flags: "--priority 10", [
      #"priority-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch alert to a voip topic", text(#"{"aps": {"alert": "Hi"}}"#), flags: "--push-type alert --topic com.example.app.voip", [
      #"topic-mismatch 1:1 -"#
    ]),
    // Mobile Surfaces' trap MS012: a push-to-start before iOS 17.2, where nothing can start.
    RuleCase("push-type-platform start before iOS 17.2",
             text(#"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": "A", "attributes": {}, "content-state": {}, "alert": {"title": "T", "body": "B"}}}"#),
             flags: "--push-type liveactivity --topic com.example.app.push-type.liveactivity --os 17.1", [
      "push-type-platform 1:19 aps.event"
    ]),
    // Mobile Surfaces' trap MS018: the suffix written twice names a bundle id with the suffix in it.
    RuleCase("topic-mismatch liveactivity suffix twice", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#),
             flags: "--push-type liveactivity --topic com.example.app.push-type.liveactivity.push-type.liveactivity", [
      #"topic-mismatch 1:1 -"#
    ]),
    // A broadcast names the bundle id in its path, with no suffix and no apns-topic (Apple,
    // "Sending broadcast push notification requests to APNs"): what 0Itsuki0/TS_LiveActivityAPNServer
    // sends (src/notifications.ts, sendBroadcast).
    RuleCase("topic-mismatch not for a broadcast", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#),
             flags: "--push-type liveactivity --topic com.example.app --transport broadcast --priority 10", []),
    // PushKit hands aps to the app as it is: peer clients' voip bodies (flutter_ios_voip_kit's
    // README curl, capacitor-plugin-callkit-voip's sendVoip.sh; ours) are the app's data.
    RuleCase("voip aps is the app's", text(#"{"aps": {"alert": {"uuid": "9", "caller": "Tester"}, "content-available": "1"}, "id": "42"}"#),
             flags: "--push-type voip --topic com.example.app.voip", []),
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
    RuleCase("topic-mismatch accessory", text(accessorySample), flags: "--push-type accessory --topic com.example.app", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("topic-mismatch alert to an accessory topic", text(#"{"aps": {"alert": "Hi"}}"#), flags: "--push-type alert --topic com.example.app.push-type.accessory", [
      #"topic-mismatch 1:1 -"#
    ]),
    RuleCase("collapse-id 65 bytes", text(#"{"aps": {"badge": 1}}"#), flags: "--collapse-id aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", [
      #"collapse-id-too-long 1:1 -"#
    ]),
    RuleCase("collapse-id 65 bytes multibyte", text(#"{"aps": {"badge": 1}}"#), flags: "--collapse-id ééééééééééééééééééééééééééééééééa", [
      #"collapse-id-too-long 1:1 -"#
    ]),
    RuleCase("live-activity-fields update without content-state", text(#"{"aps": {"event": "update", "timestamp": 1700000000}}"#),
             flags: "--push-type liveactivity", ["live-activity-fields 1:19 aps.event"]),
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
      #"live-activity-key-ignored 1:84 aps.alert"#,
      #"live-activity-key-ignored 1:93 aps.badge"#,
      #"live-activity-key-ignored 1:105 aps.sound"#,
    ]),
    RuleCase("live-activity-fields subtitle, dismissal-date on update, attributes-type on update", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": {"title": "t", "subtitle": "s", "body": "b"}, "dismissal-date": 1700003600, "attributes-type": "Score"}}"#), flags: "", [
      #"live-activity-key-ignored 1:99 aps.alert.subtitle"#,
      #"live-activity-key-ignored 1:130 aps.dismissal-date"#,
      #"live-activity-key-ignored 1:160 aps.attributes-type"#,
    ]),
    RuleCase("live-activity-fields start on the broadcast transport", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "t", "body": "b"}}}"#), flags: "--transport broadcast", [
      #"live-activity-fields 1:19 aps.event"#,
    ]),
    // Apple's start payload has content-state, the activity's first content (seen without it in
    // github:zhwayne/PushTest, PayloadValidatorTests.swift; ours).
    RuleCase("live-activity-fields start without content-state", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}}}"#), flags: "", [
      #"live-activity-fields 1:19 aps.event"#,
    ]),
    RuleCase("live-activity-fields inputs on update", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "input-push-token": 1, "input-push-channel": "Yw=="}}"#), flags: "", [
      #"live-activity-key-ignored 1:75 aps.input-push-token"#,
      #"live-activity-key-ignored 1:98 aps.input-push-channel"#
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
    // Issue 53: the dates judged against the time of sending (--now; send and serve their clock).
    RuleCase("timestamp-old a year later", text(PushRuleTests.updateOf2023), flags: "--now 1731536000", [
      "timestamp-old 4:18 aps.timestamp"
    ]),
    RuleCase("timestamp-ahead by a day", text(PushRuleTests.updateOf2023), flags: "--now 1699913600", [
      "timestamp-ahead 4:18 aps.timestamp"
    ]),
    RuleCase("timestamp-ahead in milliseconds, said once", text(#"{"aps": {"event": "update", "timestamp": 1700000000000, "content-state": {}}}"#),
             flags: "--now 1700000000", ["timestamp-ahead 1:42 aps.timestamp"]),
    RuleCase("stale-date-past", text(#"""
      {
        "aps": {
          "event": "update",
          "timestamp": 1700000000,
          "stale-date": 1699999000,
          "content-state": {"score": 1}
        }
      }
      """#), flags: "--now 1700000060", ["stale-date-past 5:19 aps.stale-date"]),
    RuleCase("content-state-unix-date", text(#"""
      {
        "aps": {
          "event": "update",
          "timestamp": 1700000000,
          "content-state": {
            "updatedAt": 1700000000,
            "timeRemaining": 1700000000,
            "orderId": 1700000000,
            "legs": [{"arrival_at": 1700003600.5}],
            "etaMs": 1700000000000,
            "startTime": 721692800
          }
        }
      }
      """#), flags: "", [
      "content-state-unix-date 6:20 aps.content-state.updatedAt",
      "content-state-unix-date 9:31 aps.content-state.legs[0].arrival_at",
    ]),
    // Milliseconds under a name without a unit: ActivityKit reads them as seconds since 2001. A
    // name with its unit (`etaMs` above) is a number the app converts: no finding.
    RuleCase("content-state-unix-date milliseconds", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"eta": 1700000000000}}}"#),
             flags: "", ["content-state-unix-date 1:79 aps.content-state.eta"]),
    // Issue 53: Apple's accessory response (Responding to forwarded notifications) without a
    // member, or with messageIndex a number (a string in Apple's sample).
    RuleCase("accessory-fields messageIndex missing", text(#"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyID": "a2V5"}}"#),
             flags: "--push-type accessory", ["accessory-fields 1:9 aps"]),
    RuleCase("accessory-fields messageIndex a number", text(#"""
      {
        "aps": {
          "encryptedData": "c2Vh",
          "sessionIdentifier": "9B2D",
          "keyID": "a2V5",
          "messageIndex": 7
        }
      }
      """#), flags: "--topic com.example.app.push-type.accessory", ["accessory-fields 6:21 aps.messageIndex"]),
    RuleCase("safari-legacy-push on Safari 26.4", text(#"{"aps": {"alert": {"title": "t", "body": "b"}, "url-args": []}}"#),
             flags: "--platform safari --os 26.4", ["safari-legacy-push 1:1 -"]),
    RuleCase("safari-fields string alert", text(#"{"aps": {"alert": "Hi"}}"#), flags: "--platform safari", [
      "safari-legacy-push-reach 1:1 -",
      #"safari-fields 1:9 aps"#,
      #"safari-fields 1:19 aps.alert"#
    ]),
    RuleCase("safari-fields no body", text(#"{"aps": {"alert": {"title": "t"}, "url-args": []}}"#), flags: "--platform safari", [
      "safari-legacy-push-reach 1:1 -",
      #"safari-fields 1:19 aps.alert"#
    ]),
    RuleCase("push-type-platform location on watchos", text(#"{"aps": {}}"#), flags: "--push-type location --platform watchos", [
      "push-type-platform 1:1 -"
    ]),
    RuleCase("push-type-platform widgets before 26", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets --os 18.0", [
      "push-type-platform 1:1 -"
    ]),
    RuleCase("push-type-platform controls on ios 17.4", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls --os 17.4", [
      "push-type-platform 1:1 -"
    ]),
    RuleCase("push-type-platform accessory on macos", text(accessorySample), flags: "--push-type accessory --platform macos", [
      "push-type-platform 1:1 -"
    ]),
    RuleCase("push-type-platform accessory on ios 26.4", text(accessorySample), flags: "--push-type accessory --os 26.4", [
      "push-type-platform 1:1 -"
    ]),
    RuleCase("push-type-platform voip to safari", text(#"{"aps": {}}"#), flags: "--push-type voip --platform safari", [
      "safari-legacy-push-reach 1:1 -", "push-type-platform 1:1 -", "safari-fields 1:9 aps", "safari-fields 1:9 aps",
    ]),
    RuleCase("push-type-deprecated complication", text(#"{"aps": {}}"#), flags: "--push-type complication --platform watchos", [
      "push-type-deprecated 1:1 -"
    ]),
  ]

  static let passing: [PassCase] = [
    PassCase(.pushTypeKeyUnread, "example", text(#"{"aps": {"content-available": 1}}"#), flags: "--push-type background", others: []),
    PassCase(.fileProviderContainerMissing, "example", text(#"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier"}"#), flags: "--push-type fileprovider", others: []),
    PassCase(.alertPushMayShowNothing, "example", text(#"{"aps": {"alert": {"body": "Hi", "launch-image": "Splash"}}}"#), flags: "", others: []),
    PassCase(.pushContentUnread, "example", text(#"{}"#), flags: "--topic pass.com.example.card", others: []),
    PassCase(.apsEmptyUntyped, "example", text(#"{"aps": {}, "call": "1"}"#), flags: "--push-type voip", others: []),
    PassCase(.liveActivityKeyIgnored, "example", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "", others: []),
    PassCase(.timestampBefore2022, "example", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "", others: []),
    PassCase(.safariLegacyPushReach, "example", text(#"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#), flags: "--platform safari --os 26.3", others: []),
    PassCase(.silentPushShape, "content-available with custom data", text(#"{"aps": {"content-available": 1}, "acme": 1}"#), flags: "--push-type background"),
    PassCase(.pushTypeMismatch, "alert push with a badge only", text(#"{"aps": {"badge": 1}}"#), flags: "--push-type alert"),
    PassCase(.pushTypeMismatch, "mdm push", text(#"{"mdm": "x"}"#), flags: "--push-type mdm"),
    PassCase(.pushTypeMismatch, "File Provider push", text(#"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier", "domain": "d"}"#), flags: "--push-type fileprovider"),
    PassCase(.pushTypeMismatch, "controls push", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls"),
    PassCase(.pushTypeMismatch, "voip push needs nothing", text(#"{"aps": {}, "call-id": "1"}"#), flags: "--push-type voip"),
    PassCase(.pushTypeMismatch, "a Wallet pass update is {}", text("{}"), flags: "--topic pass.com.example.membercard"),
    PassCase(.priorityMismatch, "liveactivity at 5", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#),
             flags: "--push-type liveactivity --priority 5"),
    PassCase(.priorityMismatch, "background at 5", text(#"{"aps": {"content-available": 1}}"#), flags: "--priority 5"),
    PassCase(.priorityMismatch, "alert at 1", text(#"{"aps": {"badge": 1}}"#), flags: "--priority 1"),
    PassCase(.priorityMismatch, "alert at 10", text(#"{"aps": {"badge": 1}}"#), flags: "--priority 10"),
    PassCase(.topicMismatch, "alert push needs no suffix", text(#"{"aps": {"badge": 1}}"#), flags: "--topic com.example.app"),
    PassCase(.topicMismatch, "voip topic with .voip", text(#"{"aps": {}}"#), flags: "--push-type voip --topic com.example.app.voip"),
    PassCase(.topicMismatch, "complication topic with .complication", text(#"{"aps": {}}"#), flags: "--push-type complication --topic com.example.app.complication",
             others: ["push-type-deprecated 1:1 -"]),
    PassCase(.topicMismatch, "fileprovider topic with .pushkit.fileprovider", text(#"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier"}"#), flags: "--push-type fileprovider --topic com.example.app.pushkit.fileprovider"),
    PassCase(.topicMismatch, "liveactivity topic with .push-type.liveactivity", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--push-type liveactivity --topic com.example.app.push-type.liveactivity"),
    PassCase(.topicMismatch, "pushtotalk topic with .voip-ptt", text(#"{"aps": {}}"#), flags: "--push-type pushtotalk --topic com.example.app.voip-ptt"),
    PassCase(.topicMismatch, "location topic with .location-query", text(#"{"aps": {}}"#), flags: "--push-type location --topic com.example.app.location-query"),
    PassCase(.topicMismatch, "widgets topic with .push-type.widgets", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets --topic com.example.app.push-type.widgets"),
    PassCase(.topicMismatch, "controls topic with .push-type.controls", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls --topic com.example.app.push-type.controls"),
    PassCase(.topicMismatch, "accessory topic with .push-type.accessory", text(accessorySample), flags: "--push-type accessory --topic com.example.app.push-type.accessory"),
    PassCase(.accessoryFields, "Apple's four members, strings", text(accessorySample), flags: "--push-type accessory"),
    PassCase(.accessoryFields, "an alert push with the app's own keyID", text(#"{"aps": {"alert": "Hi", "keyID": 7}}"#), flags: "",
             others: ["aps-custom-key 1:25 aps.keyID"]),
    PassCase(.safariLegacyPush, "a website push to Safari 26.3", text(#"{"aps": {"alert": {"title": "t", "body": "b"}, "url-args": []}}"#),
             flags: "--platform safari --os 26.3"),
    PassCase(.collapseIDTooLong, "64 bytes", text(#"{"aps": {"badge": 1}}"#), flags: "--collapse-id aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
    PassCase(.liveActivityFields, "an end without content-state ends with the last content", text(#"{"aps": {"event": "end", "timestamp": 1700000000}}"#),
             flags: "--push-type liveactivity"),
    PassCase(.liveActivityFields, "an update with an alert dictionary with a sound", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": {"title": "t", "body": "b", "sound": "chime.caf"}}}"#), flags: ""),
    PassCase(.liveActivityFields, "an end with a dismissal-date", text(#"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}, "dismissal-date": 1700003600}}"#), flags: ""),
    PassCase(.liveActivityFields, "an update on the broadcast transport", text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--transport broadcast"),
    PassCase(.liveActivityFields, "complete start with a token", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-token": 1}}"#), flags: ""),
    PassCase(.liveActivityFields, "start with a channel", text(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "t", "body": "b"}, "input-push-channel": "Y2g="}}"#), flags: ""),
    PassCase(.timestampUnit, "exactly 10^11 is not above", text(#"{"aps": {"event": "end", "timestamp": 1700000000, "dismissal-date": 100000000000, "content-state": {}}}"#), flags: "",
             // (in seconds, a date far past the four hours an ended activity may stay)
             others: ["live-activity-key-ignored 1:69 aps.dismissal-date"]),
    PassCase(.timestampOld, "without a time of sending, an update of 2023 is as it was written", text(PushRuleTests.updateOf2023), flags: ""),
    PassCase(.timestampOld, "an update eleven hours old", text(PushRuleTests.updateOf2023), flags: "--now 1700039600"),
    PassCase(.timestampOld, "an end a year old is applied whatever its timestamp",
             text(#"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}}}"#), flags: "--now 1731536000"),
    PassCase(.timestampOld, "a start with Apple's sample timestamp",
             text(#"{"aps": {"event": "start", "timestamp": 1234, "content-state": {}, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}}}"#),
             flags: "--now 1731536000"),
    PassCase(.timestampAhead, "an update seven hours ahead of the clock", text(PushRuleTests.updateOf2023), flags: "--now 1699974800"),
    PassCase(.staleDatePast, "a stale-date an hour after the time of sending",
             text(#"{"aps": {"event": "update", "timestamp": 1700000000, "stale-date": 1700003600, "content-state": {}}}"#), flags: "--now 1700000000"),
    PassCase(.staleDatePast, "an end's stale-date: an ended activity is not made stale",
             text(#"{"aps": {"event": "end", "timestamp": 1700000000, "stale-date": 1699990000, "content-state": {}}}"#), flags: "--now 1700000000"),
    PassCase(.staleDatePast, "without a time of sending, a stale-date of 2023 is as it was written",
             text(#"{"aps": {"event": "update", "timestamp": 1700000000, "stale-date": 1699990000, "content-state": {}}}"#), flags: ""),
    PassCase(.contentStateUnixDate, "seconds since 2001, durations and identifiers",
             text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"updatedAt": 721692800, "timeRemaining": 1700000000, "elapsedTime": 1700000000, "orderId": 1700000000, "score": 1700000000}}}"#),
             flags: ""),
    PassCase(.contentStateUnixDate, "outside content-state the app's data is its own",
             text(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}, "updatedAt": 1700000000}"#), flags: ""),
    PassCase(.safariFields, "website push", text(#"{"aps": {"alert": {"title": "t", "body": "b"}, "url-args": ["a", "b"]}}"#), flags: "--platform safari",
             others: ["safari-legacy-push-reach 1:1 -"]),
    PassCase(.pushTypePlatform, "location on ios 15", text(#"{"aps": {}}"#), flags: "--push-type location --platform ios --os 15.0"),
    PassCase(.pushTypePlatform, "liveactivity on ios without an OS", text(#"{"aps": {"timestamp": 1700000000, "event": "update", "content-state": {}}}"#),
             flags: "--push-type liveactivity --platform ios --priority 5"),
    PassCase(.pushTypePlatform, "controls on visionos: Apple says nothing", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type controls --platform visionos"),
    PassCase(.pushTypePlatform, "accessory on ios 26.5", text(accessorySample), flags: "--push-type accessory --os 26.5"),
    PassCase(.pushTypePlatform, "an inferred push type is not judged", text(#"{"aps": {"content-available": 1}}"#), flags: "--platform safari",
             others: ["safari-legacy-push-reach 1:1 -", "safari-fields 1:9 aps", "safari-fields 1:9 aps"]),
    PassCase(.pushTypeDeprecated, "widgets on watchos 26", text(#"{"aps": {"content-changed": true}}"#), flags: "--push-type widgets --platform watchos --os 26"),
  ]
}
