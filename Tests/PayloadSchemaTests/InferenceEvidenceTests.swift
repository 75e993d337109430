import PayloadSchema
import Testing

/// SPEC §2, inference from all the evidence (issue 53): with no push type given, the push type is
/// the one the payload's keys and values agree on. A Live Activity key counts only with a value a
/// liveactivity push takes (`event` start, update or end; `timestamp` a number; `content-state`
/// an object; …); one whose value no push type accepts is the app's own data (`aps-custom-key`,
/// information, said once), not a reason to take the push for a Live Activity and report what a
/// Live Activity would lack.
@Suite struct InferenceEvidenceTests {
  static func report(_ json: String, _ flags: String = "") -> PayloadReport {
    let (target, options) = parseFlags(flags)
    let bytes = Array(json.utf8)
    var general = options
    general.fastLane = false
    var a = PayloadValidator(target: target, options: options), b = PayloadValidator(target: target, options: general)
    let report = a.validate(bytes)
    #expect(report == b.validate(bytes), "the fast lane and the general reader differ on \(json)")
    var streamed = PayloadValidator(target: target, options: options)
    streamed.begin()
    for byte in bytes { [byte].withUnsafeBytes { streamed.feed($0) } }
    #expect(streamed.finish().findings == report.findings, "byte by byte differs on \(json)")
    return report
  }

  static func found(_ json: String, _ flags: String = "") -> [String] {
    report(json, flags).findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "-")" }
  }

  /// The issue's reproduction: a silent push whose aps carries the app's `event: "sync"` is a
  /// background push, and `event` is reported once, as the app's own data (it was taken for a Live
  /// Activity: "needs 'timestamp'" and "event must be start, update or end", two errors).
  @Test func aSilentPushWithTheAppsEventIsBackground() {
    let json = #"{"aps": {"content-available": 1, "event": "sync"}}"#
    let r = Self.report(json)
    #expect(r.pushType == .background)
    #expect(Self.found(json) == ["aps-custom-key info 1:34 aps.event"])
    #expect(r.findings.map(\.message) == [
      "'event' in 'aps' holds a value that is no Live Activity event (start, update, end), and nothing else makes this a Live Activity push (it is checked as background): taken as the app's own data (the system ignores it, the app receives it); Apple asks for custom keys beside 'aps'"
    ])
  }

  /// A value of a kind no Live Activity reads is no evidence either: an alert push, the key the
  /// app's (no value-type error judging it as a Live Activity's).
  @Test func aKeyOfTheWrongKindIsNoEvidence() {
    #expect(Self.report(#"{"aps": {"alert": "Hi", "timestamp": "yesterday"}}"#).pushType == .alert)
    #expect(Self.found(#"{"aps": {"alert": "Hi", "timestamp": "yesterday"}}"#) == ["aps-custom-key info 1:25 aps.timestamp"])
    #expect(Self.found(#"{"aps": {"alert": "Hi", "content-state": "x", "event": 3}}"#)
      == ["aps-custom-key info 1:25 aps.content-state", "aps-custom-key info 1:47 aps.event"])
  }

  /// An aps of nothing but the app's `event`: what an empty aps is (information), and the key said once.
  @Test func onlyTheAppsEventIsAnEmptyAps() {
    #expect(Self.report(#"{"aps": {"event": "sync"}}"#).pushType == .alert)
    #expect(Self.found(#"{"aps": {"event": "sync"}}"#) == ["aps-empty-untyped info 1:9 aps", "aps-custom-key info 1:10 aps.event"])
    // Beside a widget reload it is the app's too: still a widgets push.
    #expect(Self.report(#"{"aps": {"content-changed": true, "event": "sync"}}"#).pushType == .widgets)
  }

  /// Evidence that agrees wins over one key that does not: a timestamp and a content-state make a
  /// Live Activity, whose `event` "sync" is then its mistake (value-enum, an error).
  @Test func agreeingEvidenceMakesALiveActivity() {
    let json = #"{"aps": {"event": "sync", "timestamp": 1700000000, "content-state": {}}}"#
    #expect(Self.report(json).pushType == .liveactivity)
    #expect(Self.found(json) == ["value-enum error 1:19 aps.event"])
    #expect(Self.report(#"{"aps": {"content-available": 1, "event": "update", "timestamp": 1700000000, "content-state": {}}}"#).pushType
      == .liveactivity)
  }

  /// A push type given is not inferred: in a liveactivity push `event: "sync"` is the error it
  /// always was; a real Live Activity key in a push of another type is push-type-mismatch still.
  @Test func aGivenPushTypeDecides() {
    #expect(Self.found(#"{"aps": {"event": "sync", "timestamp": 1700000000, "content-state": {}}}"#, "--push-type liveactivity")
      == ["value-enum error 1:19 aps.event"])
    #expect(Self.found(#"{"aps": {"content-available": 1, "event": "update"}}"#, "--push-type background")
      == ["push-type-mismatch error 1:34 aps.event"])
    #expect(Self.found(#"{"aps": {"content-available": 1, "event": "sync"}}"#, "--push-type background")
      == ["aps-custom-key info 1:34 aps.event"])
    // A voip push's aps is the app's: nothing said of it.
    #expect(Self.found(#"{"aps": {"event": "sync"}}"#, "--push-type voip") == [])
  }
}
