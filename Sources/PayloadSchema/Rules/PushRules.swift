// The payload against its push type and headers (SPEC §3, "Push type and headers"): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `silent-push-shape`
  static var silentPushShape: Self {
    Self(.warning, .push,
         summary: "content-available: 1 together with alert, badge or sound (it is no longer silent); error for push type background") {
      RuleExamples(#"{"aps": {"content-available": 1️⃣1, "alert": "Hi"}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#)
    }
  }

  /// `push-type-mismatch`
  static var pushTypeMismatch: Self {
    Self(.error, .push,
         summary: "the payload contradicts the push type (background with alert, alert with nothing to show, anything but {} to a Wallet pass topic, …; warnings: widgets with other aps keys, location with alert, badge or sound)") {
      RuleExamples(#"{"aps": {"alert": 1️⃣"Hi"}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#,
                   triggerFlags: "--push-type background",
                   passFlags: "--push-type background")
    }
  }

  /// `priority-mismatch`
  static var priorityMismatch: Self {
    Self(.error, .push, answer: APNsAnswer(status: 400, reason: "BadPriority"), part: .headers,
         summary: "priority not 1, 5 or 10; background with priority other than 5") {
      RuleExamples(#"1️⃣{"aps": {"content-available": 1}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#,
                   triggerFlags: "--priority 10",
                   passFlags: "--priority 5")
    }
  }

  /// `topic-mismatch`
  static var topicMismatch: Self {
    Self(.error, .push, part: .headers,
         summary: "the topic lacks the suffix the push type needs (.voip, .complication, .push-type.liveactivity, …), or carries one of another push type (an alert push to app.voip)") {
      RuleExamples(#"1️⃣{"aps": {}, "call": "1"}"#,
                   pass: #"{"aps": {}, "call": "1"}"#,
                   triggerFlags: "--push-type voip --topic com.example.app",
                   passFlags: "--push-type voip --topic com.example.app.voip")
    }
  }

  /// `collapse-id-too-long`
  static var collapseIDTooLong: Self {
    Self(.error, .push, answer: APNsAnswer(status: 400, reason: "BadCollapseId"), part: .headers,
         summary: "collapse id over 64 bytes") {
      RuleExamples(#"1️⃣{"aps": {"alert": "Hi"}}"#,
                   pass: #"{"aps": {"alert": "Hi"}}"#,
                   triggerFlags: "--collapse-id " + String(repeating: "x", count: 65),
                   passFlags: "--collapse-id score-update")
    }
  }

  /// `live-activity-fields`
  static var liveActivityFields: Self {
    Self(.error, .push,
         summary: "event start without attributes-type, attributes and alert; start-only keys on other events; a string alert; start on the broadcast transport; warnings: badge, a top-level sound, alert.subtitle, dismissal-date before end") {
      RuleExamples(#"{"aps": {"event": 1️⃣"start", "timestamp": 1700000000, "content-state": {}}}"#,
                   pass: #"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "Kick-off", "body": "Go"}}}"#)
    }
  }

  /// `timestamp-unit`
  static var timestampUnit: Self {
    Self(.warning, .push,
         summary: "timestamp, stale-date or dismissal-date that looks like milliseconds (above 10^11)") {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1️⃣1700000000000, "content-state": {}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#)
    }
  }

  /// `safari-fields`
  static var safariFields: Self {
    Self(.error, .push,
         summary: "platform safari: url-args missing, or alert not an object with title and body") {
      RuleExamples(#"{"aps": 1️⃣{"alert": "Hi"}}"#,
                   pass: #"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#,
                   triggerFlags: "--platform safari",
                   passFlags: "--platform safari")
    }
  }
}
