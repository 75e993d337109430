@testable import PayloadSchema
import Testing

/// Keys in the wrong place (issue 53, SPEC §3 `misplaced-key`): a key Apple defines written beside
/// `aps`, an alert key directly in `aps`, or a key of `aps` under another name
/// (UNNotificationContent's, camel or snake case) names the key and the place it belongs. Its
/// severity is what the payload then does: the push shows, wakes or updates nothing, or loses its
/// alert text (`misplaced-key`, an error, said once, in place of the finding that only named the
/// symptom); the rest of the push works (`unknown-key`, a warning); the app's own data by its
/// place, push type or value (nothing). Each case is also checked through the fast lane and the
/// general reader alike, and read in chunks of every size.
@Suite struct MisplacedKeyTests {
  /// "rule severity line:column keyPath" of every finding, after checking that both lanes and
  /// every chunk size give the same report.
  static func found(_ json: String, _ flags: String = "") -> [String] {
    let (target, options) = parseFlags(flags)
    let bytes = Array(json.utf8)
    var general = options
    general.fastLane = false
    var a = PayloadValidator(target: target, options: options), b = PayloadValidator(target: target, options: general)
    let report = a.validate(bytes)
    #expect(report == b.validate(bytes), "the fast lane and the general reader differ on \(json)")
    for size in [1, 2, 3, 7, 16] {
      var v = PayloadValidator(target: target, options: options)
      v.begin()
      var i = 0
      while i < bytes.count {
        let end = min(i + size, bytes.count)
        bytes[i..<end].withUnsafeBytes { v.feed($0) }
        i = end
      }
      #expect(v.finish().findings == report.findings, "chunks of \(size) differ on \(json)")
    }
    return report.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "-")" }
  }

  static func messages(_ json: String, _ flags: String = "") -> [String] {
    let (target, options) = parseFlags(flags)
    return check(json, target, options: options).findings.map(\.message)
  }

  // MARK: The alert's keys directly in aps

  /// Title and body directly in `aps`, no alert, no push type: the device shows nothing. One error
  /// for the set, at its first key, naming them all (its fix moves them together), where there
  /// were two unknown-key warnings and a push-type-mismatch warning.
  @Test func titleAndBodyDirectlyInApsAreOneError() {
    let json = #"{"aps": {"title": "Hi", "body": "There"}}"#
    #expect(Self.found(json) == ["misplaced-key error 1:10 aps.title"])
    // With content-available beside it too: nothing shown, nothing woken, each said where it is.
    #expect(Self.found(#"{"aps": {"title": "Hi", "body": "There"}, "content-available": 1}"#)
      == ["misplaced-key error 1:10 aps.title", "misplaced-key error 1:43 content-available"])
    #expect(Self.messages(json) == [
      "'title' and 'body' are keys of the alert written directly in 'aps', where the system does not read them: they belong in 'aps.alert', so this push shows nothing"
    ])
    #expect(Self.found(json, "--push-type alert") == ["misplaced-key error 1:10 aps.title"])
  }

  /// With a badge the push shows something, but the text is lost: still the error, saying so.
  @Test func alertKeysBesideABadgeLoseTheText() {
    let json = #"{"aps": {"badge": 1, "title": "Hi", "loc-args": ["a"]}}"#
    #expect(Self.found(json) == ["misplaced-key error 1:22 aps.title"])
    #expect(Self.messages(json) == [
      "'title' and 'loc-args' are keys of the alert written directly in 'aps', where the system does not read them: they belong in 'aps.alert', so the alert's text is never shown"
    ])
  }

  /// With an alert in `aps` the notification shows: a title beside it is a warning (unknown-key);
  /// in a silent push (content-available, nothing to show) the keys were never going to show.
  @Test func alertKeysBesideAnAlertOrInASilentPushAreWarnings() {
    #expect(Self.found(#"{"aps": {"alert": {"body": "B"}, "title": "T"}}"#) == ["unknown-key warning 1:34 aps.title"])
    #expect(Self.found(#"{"aps": {"content-available": 1, "title": "T"}}"#) == ["unknown-key warning 1:34 aps.title"])
  }

  // MARK: Keys of aps under another name, in aps

  /// `contentAvailable` in an aps with nothing else: nothing shown, nothing woken (an error); with
  /// an alert, only the background launch is lost (the warning as before).
  @Test func contentAvailableMisspeltInAps() {
    #expect(Self.found(#"{"aps": {"contentAvailable": 1}}"#) == ["misplaced-key error 1:10 aps.contentAvailable"])
    #expect(Self.messages(#"{"aps": {"contentAvailable": 1}}"#) == [
      "'contentAvailable' in 'aps' is not a key the system reads: the key is 'content-available', so this push shows nothing and wakes nothing"
    ])
    #expect(Self.found(#"{"aps": {"content_available": 1}}"#, "--push-type background") == ["misplaced-key error 1:10 aps.content_available"])
    #expect(Self.found(#"{"aps": {"alert": "Hi", "contentAvailable": 1}}"#) == ["unknown-key warning 1:25 aps.contentAvailable"])
  }

  /// UNNotificationContent's names in any case are near misses that name Apple's key (they were
  /// the app's own data, information, when kebab or snake case).
  @Test func swiftNamesInAnyCase() {
    for name in ["threadIdentifier", "thread-identifier", "thread_identifier"] {
      let json = #"{"aps": {"alert": "Hi", ""# + name + #"": "t"}}"#
      #expect(Self.found(json) == ["unknown-key warning 1:25 aps.\(name)"])
      #expect(Self.messages(json) == ["unknown key '\(name)' in 'aps': the UNNotificationContent name of 'thread-id', which is the key the system reads"])
    }
    #expect(Self.found(#"{"aps": {"alert": "Hi", "category_identifier": "C"}}"#) == ["unknown-key warning 1:25 aps.category_identifier"])
  }

  /// A widgets push whose content-changed is misspelt reloads nothing: the error, in place of
  /// push-type-mismatch's "needs 'content-changed'".
  @Test func contentChangedMisspeltInAWidgetsPush() {
    #expect(Self.found(#"{"aps": {"contentChanged": true}}"#, "--push-type widgets") == ["misplaced-key error 1:10 aps.contentChanged"])
  }

  // MARK: Keys of aps beside aps

  /// content-available beside an aps that shows nothing: nothing is woken (an error, once: no
  /// "empty aps" information, no background-inert beside it).
  @Test func contentAvailableBesideAnApsThatShowsNothing() {
    let json = #"{"aps": {}, "content-available": 1}"#
    #expect(Self.found(json) == ["misplaced-key error 1:13 content-available"])
    #expect(Self.messages(json) == [
      "'content-available' is beside 'aps', where the system does not read it: it belongs in 'aps', so this push shows nothing and wakes nothing"
    ])
    #expect(Self.found(json, "--push-type background") == ["misplaced-key error 1:13 content-available"])
    #expect(Self.messages(json, "--push-type background") == [
      "'content-available' is beside 'aps', where the system does not read it: it belongs in 'aps', so the push wakes nothing: the background update it carries never reaches the app"
    ])
    #expect(Self.found(#"{"aps": {}, "contentAvailable": true}"#, "--push-type background") == ["misplaced-key error 1:13 contentAvailable"])
    #expect(Self.messages(#"{"aps": {}, "content_available": "1"}"#, "--push-type background") == [
      "'content_available' is beside 'aps', where the system does not read it: the key is 'content-available', in 'aps', so the push wakes nothing: the background update it carries never reaches the app"
    ])
    // Off is off wherever it is written.
    #expect(Self.found(#"{"aps": {}, "content-available": 0}"#, "--push-type background") == ["background-inert error 1:9 aps"])
  }

  /// Beside an alert the notification still shows: what the key does is lost, a warning that
  /// says what.
  @Test func keysBesideAnAlertAreWarningsSayingWhatIsLost() {
    let cases: [(String, String)] = [
      (#""content-available": 1"#, "so the app is not woken in the background"),
      (#""category": "MESSAGE""#, "so the notification's actions do not appear"),
      (#""thread-id": "t""#, "so the notification is not grouped in its thread"),
      (#""sound": "default""#, "so the notification plays no sound"),
      (#""badge": 3"#, "so the app's badge is not set"),
      (#""mutable-content": 1"#, "so the notification service extension does not run"),
      (#""interruption-level": "time-sensitive""#, "so the notification is not delivered at that interruption level"),
    ]
    for (member, lost) in cases {
      let json = #"{"aps": {"alert": "Hi"}, "# + member + "}"
      #expect(Self.found(json) == ["unknown-key warning 1:26 \(member.dropFirst().prefix { $0 != "\"" })"])
      #expect(Self.messages(json).first?.hasSuffix(lost) == true, "\(json): \(Self.messages(json))")
    }
    #expect(Self.messages(#"{"aps": {"alert": "Hi"}, "threadIdentifier": "t"}"#) == [
      "'threadIdentifier' is beside 'aps', where the system does not read it: the key is 'thread-id', in 'aps', so the notification is not grouped in its thread"
    ])
  }

  /// An alert, or its text, beside an aps without one: the text is never shown (an error).
  @Test func theAlertBesideApsIsLostText() {
    #expect(Self.found(#"{"aps": {"badge": 1}, "alert": "Hi"}"#) == ["misplaced-key error 1:23 alert"])
    #expect(Self.found(#"{"aps": {"badge": 1}, "title": "Hi", "body": "B"}"#) == ["misplaced-key error 1:23 title"])
    #expect(Self.messages(#"{"aps": {"sound": "default"}, "body": "B", "title": "Hi"}"#) == [
      "'body' and 'title' are keys of the alert written beside 'aps', where the system does not read them: they belong in 'aps.alert', so the alert's text is never shown"
    ])
    // Given as an alert push with nothing in aps: the push shows nothing, said by these alone.
    #expect(Self.found(#"{"aps": {}, "alert": "Hi", "title": "T"}"#, "--push-type alert")
      == ["misplaced-key error 1:13 alert", "misplaced-key error 1:28 title"])
  }

  /// A Live Activity's keys beside aps: timestamp or content-state there drops the update (one
  /// error in place of "needs 'timestamp'" or "an update without 'content-state'"); stale-date
  /// there is only not applied (a warning).
  @Test func liveActivityKeysBesideAps() {
    #expect(Self.found(#"{"aps": {"event": "update", "content-state": {}}, "timestamp": 1700000000}"#)
      == ["misplaced-key error 1:51 timestamp"])
    // The update still lacks its content-state: that finding stays.
    #expect(Self.found(#"{"aps": {"event": "update"}, "timestamp": 1700000000}"#, "--push-type liveactivity")
      == ["live-activity-fields error 1:19 aps.event", "misplaced-key error 1:30 timestamp"])
    // Without event either: "needs 'event'" is left, for the key nowhere to be found.
    let both = #"{"aps": {"content-state": {}}, "timestamp": 1700000000}"#
    #expect(Self.found(both, "--push-type liveactivity") == ["push-type-mismatch error 1:9 aps", "misplaced-key error 1:32 timestamp"])
    #expect(Self.messages(both, "--push-type liveactivity") == [
      "a liveactivity push needs 'event'",
      "'timestamp' is beside 'aps', where the system does not read it: it belongs in 'aps', so ActivityKit drops the push (a Live Activity push needs 'event' and 'timestamp' in 'aps')",
    ])
    #expect(Self.found(#"{"aps": {"event": "update", "timestamp": 1700000000}, "content-state": {"score": 1}}"#)
      == ["misplaced-key error 1:55 content-state"])
    #expect(Self.found(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}, "stale-date": 1700003600}"#)
      == ["unknown-key warning 1:76 stale-date"])
    #expect(Self.found(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}, "staleDate": 1700003600}"#)
      == ["unknown-key warning 1:76 staleDate"])
  }

  // MARK: The app's own data beside aps

  /// Names the app's own data uses: reported only where the evidence says they were meant for
  /// the system. Nothing here.
  @Test func theAppsOwnDataIsNotReported() {
    let quiet = [
      // aps has its own: the one beside it is the app's.
      #"{"aps": {"alert": "Hi", "category": "A"}, "category": "sports"}"#,
      // A value the key does not take.
      #"{"aps": {"alert": "Hi"}, "category": 3, "badge": "many", "content-available": 0}"#,
      // Live Activity names in an alert push, and the chat app's thread id.
      #"{"aps": {"alert": "Hi"}, "timestamp": 1700000000, "event": "sync", "threadId": "t-1", "thread_id": "t-1"}"#,
      // A silent push's data: the woken app reads it.
      #"{"aps": {"content-available": 1}, "sound": "default", "badge": 2, "title": "Hi", "body": "B", "category": "C"}"#,
      // The alert shows its own text; title and body beside it are the app's.
      #"{"aps": {"alert": {"body": "Test", "title": "Test Title"}, "sound": "default", "badge": 1}, "body": "B", "title": "T"}"#,
    ]
    for json in quiet { #expect(Self.found(json) == [], "\(json)") }
    // What voip, location and pushtotalk pushes send (an empty aps, no push type): the app's.
    #expect(Self.found(#"{"aps": {}, "title": "Incoming call", "alert": "x", "badge": 1}"#) == ["aps-empty-untyped info 1:9 aps"])
    // A PushKit push's payload is the app's whatever its names.
    #expect(Self.found(#"{"aps": {}, "content-available": 1, "title": "T"}"#, "--push-type voip") == [])
  }

  /// A key beside aps named as one of aps's costs the fast lane nothing: it reads it, its value
  /// judged by the shared verdict, and leaves the report to the end.
  @Test func theFastLaneReadsKeysBesideAps() {
    for json in [
      #"{"aps":{"alert":"Hi"},"title":"T","timestamp":1700000000,"event":"sync","category":"C","content-available":1}"#,
      #"{"aps":{"content-available":1},"title":"T","body":"B","badge":2,"sound":{"name":"a"},"contentAvailable":true}"#,
      #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{}},"timestamp":1,"stale-date":"x","event":"end"}"#,
    ] {
      #expect(FastLaneTests.fastLaneReads(json), "\(json)")
    }
  }

  /// The names looked up beside aps: Apple's spelling, snake and camel case, UNNotificationContent's
  /// names, the alert's text keys; not an accessory push's members, not url-args, not a chat
  /// app's thread id.
  @Test func theNamesLookedUpBesideAps() {
    let names = Set(Schema.topLevelNames.map(\.text))
    for name in ["content-available", "content_available", "contentAvailable", "threadIdentifier", "thread-identifier",
                 "categoryIdentifier", "targetContentIdentifier", "targetContentID", "staleDate", "attributesType",
                 "title", "body", "loc-key", "locKey", "titleLocKey", "category", "timestamp"] {
      #expect(names.contains(name), "\(name)")
    }
    for name in ["threadId", "thread_id", "encryptedData", "keyID", "url-args", "aps", "conversation"] {
      #expect(!names.contains(name), "\(name)")
    }
    #expect(Schema.spellings(of: "interruption-level") == ["interruption-level", "interruption_level", "interruptionLevel"])
    #expect(Schema.spellings(of: "threadIdentifier") == ["thread-identifier", "thread_identifier", "threadIdentifier"])
    // Every name finds itself in the checker's table.
    var checker = Checker(target: Target(), options: ValidationOptions())
    for (i, name) in Schema.topLevelNames.enumerated() { #expect(checker.topLevelName(PackedKey(text: name.text)) == i) }
    #expect(checker.topLevelName(PackedKey(text: "media")) == -1)
  }
}
