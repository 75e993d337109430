// The payload's structure, keys and values (SPEC §3, "Payload"): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `payload-empty`
  static var payloadEmpty: Self {
    Self(.error, .payload, answer: APNsAnswer(status: 400, reason: "PayloadEmpty"),
         summary: "no bytes, or only whitespace (APNs answers PayloadEmpty)") {
      RuleExamples("1️⃣   ",
                   pass: #"{"aps": {"badge": 1}}"#)
    }
  }

  /// `payload-not-object`
  static var payloadNotObject: Self {
    Self(.error, .payload,
         summary: "the top level is not an object") {
      RuleExamples(#"1️⃣[{"aps": {"badge": 1}}]"#,
                   pass: #"{"aps": {"badge": 1}}"#)
    }
  }

  /// `payload-too-large`
  static var payloadTooLarge: Self {
    Self(.error, .payload, answer: APNsAnswer(status: 413, reason: "PayloadTooLarge"),
         summary: "size above the target's limit (APNs answers 413 PayloadTooLarge)") {
      RuleExamples(#"1️⃣{"aps": {"alert": ""# + String(repeating: "x", count: 300) + #""}}"#,
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    }
  }

  /// `payload-near-limit`
  static var payloadNearLimit: Self {
    Self(.warning, .payload,
         summary: "size at or above size.warn-at (default 0.9) of the limit") {
      RuleExamples(#"1️⃣{"aps": {"alert": ""# + String(repeating: "x", count: 220) + #""}}"#,
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    }
  }

  /// `aps-missing`
  static var apsMissing: Self {
    Self(.error, .payload,
         summary: "no aps member, by push type: an error for alert, background, liveactivity, widgets, controls; a warning for voip, complication, location; fileprovider and pushtotalk need none, mdm needs mdm, a Wallet pass update is {}; a near miss of Simulator Target Bundle in a .apns file gets a hint") {
      RuleExamples(#"1️⃣{"alert": "Hello"}"#,
                   pass: #"{"aps": {"alert": "Hello"}}"#)
    }
  }

  /// `aps-not-object`
  static var apsNotObject: Self {
    Self(.error, .payload,
         summary: "aps is not an object") {
      RuleExamples(#"{"aps": 1️⃣"Hello"}"#,
                   pass: #"{"aps": {"alert": "Hello"}}"#)
    }
  }

  /// `unknown-key`
  static var unknownKey: Self {
    Self(.warning, .payload,
         summary: "a key Apple does not define inside aps, aps.alert or aps.sound; suggests the likely key") {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"loc_key": "GREETING"}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#)
    }
  }

  /// `value-type`
  static var valueType: Self {
    Self(.error, .payload,
         summary: "a known key with the wrong JSON type (badge \"5\", alert 42, loc-args not an array of strings)") {
      RuleExamples(#"{"aps": {"alert": "Hi", "badge": 1️⃣"5"}}"#,
                   pass: #"{"aps": {"alert": "Hi", "badge": 5}}"#)
    }
  }

  /// `value-range`
  static var valueRange: Self {
    Self(.error, .payload,
         summary: "a number out of range: badge negative or fractional, relevance-score or sound.volume outside 0…1, summary-arg-count below 1") {
      RuleExamples(#"{"aps": {"alert": "Hi", "badge": 1️⃣-1}}"#,
                   pass: #"{"aps": {"alert": "Hi", "badge": 0}}"#)
    }
  }

  /// `value-enum`
  static var valueEnum: Self {
    Self(.error, .payload,
         summary: "a string outside its set: interruption-level, event") {
      RuleExamples(#"{"aps": {"alert": "Hi", "interruption-level": 1️⃣"urgent"}}"#,
                   pass: #"{"aps": {"alert": "Hi", "interruption-level": "time-sensitive"}}"#)
    }
  }

  /// `flag-value`
  static var flagValue: Self {
    Self(.error, .payload,
         summary: "content-available / mutable-content other than the number 1 (true: a warning, use 1); sound.critical other than 0 or 1; content-changed other than true") {
      RuleExamples(#"{"aps": {"content-available": 1️⃣"1"}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#)
    }
  }

  /// `background-inert`
  static var backgroundInert: Self {
    Self(.error, .payload,
         summary: "a background push whose aps lacks content-available (empty aps, a misspelt contentAvailable, only badge or other keys): it wakes nothing") {
      RuleExamples(#"{"aps": 1️⃣{}, "refresh": 1}"#,
                   pass: #"{"aps": {"content-available": 1}, "refresh": 1}"#,
                   triggerFlags: "--push-type background",
                   passFlags: "--push-type background")
    }
  }

  /// `sound-shape`
  static var soundShape: Self {
    Self(.warning, .payload,
         summary: "a sound dictionary on a notification that is not critical: Apple, \"for regular notifications, use the sound string\"") {
      RuleExamples(#"{"aps": {"alert": "Hi", "sound": 1️⃣{"name": "ping.caf", "volume": 0.5}}}"#,
                   pass: #"{"aps": {"alert": "Hi", "sound": "ping.caf"}}"#)
    }
  }

  /// `payload-whitespace`
  static var payloadWhitespace: Self {
    Self(.warning, .payload,
         summary: "a payload file over the limit as written but not when compact: send it compact") {
      RuleExamples("1️⃣{\n  \"aps\": {\n    \"alert\": \"" + String(repeating: "x", count: 230) + "\"\n  }\n}\n",
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    }
  }

  /// `alert-empty`
  static var alertEmpty: Self {
    Self(.warning, .payload,
         summary: "an alert object that shows nothing (no title, subtitle, body or loc-keys)") {
      RuleExamples(#"{"aps": {"alert": 1️⃣{"launch-image": "a.png"}, "sound": "default"}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi"}}}"#)
    }
  }

  /// `alert-text-conflict`
  static var alertTextConflict: Self {
    Self(.warning, .payload,
         summary: "both body and loc-key (or title and title-loc-key, subtitle and subtitle-loc-key)") {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"loc-key": "GREETING"}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#)
    }
  }

  /// `loc-args-without-key`
  static var locArgsWithoutKey: Self {
    Self(.warning, .payload,
         summary: "loc-args without loc-key (same for title- and subtitle-)") {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", "loc-args": 1️⃣["Jenna"]}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": ["Jenna"]}}}"#)
    }
  }

  /// `deprecated-key`
  static var deprecatedKey: Self {
    Self(.info, .payload,
         summary: "action-loc-key, summary-arg, summary-arg-count, action outside Safari (launch-image is still in Apple's table)") {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"action-loc-key": "PLAY"}}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi", "launch-image": "a.png"}}}"#)
    }
  }

  /// `platform-key`
  static var platformKey: Self {
    Self(.warning, .payload,
         summary: "a key the platform does not support (live activity keys outside ios/visionos, url-args outside safari, critical sound on tvos, alert/sound on tvos, a Safari alert key other than title, body, action; critical sounds are fine on macOS 10.14+)") {
      RuleExamples(#"{"aps": {"alert": "Hi", 1️⃣"url-args": ["a"]}}"#,
                   pass: #"{"aps": {"alert": "Hi"}}"#)
    }
  }

  /// `sensitive-data`
  static var sensitiveData: Self {
    Self(.warning, .payload,
         summary: "a custom key whose name matches sensitive-data.key-patterns (values too with check-values)") {
      RuleExamples(#"{"aps": {"alert": "Hi"}, 1️⃣"password": "hunter2"}"#,
                   pass: #"{"aps": {"alert": "Hi"}, "msgid": "42"}"#)
    }
  }

  /// `custom-key-allowlist`
  static var customKeyAllowlist: Self {
    Self(nil, .payload,
         summary: "a top-level custom key not in custom-key-allowlist.allowed") {
      RuleExamples(#"{"aps": {"alert": "Hi"}, 1️⃣"tracking": "x"}"#,
                   pass: #"{"aps": {"alert": "Hi"}, "msgid": "42"}"#,
                   configuration: "version: 1\nrules:\n  custom-key-allowlist: {severity: warning, allowed: [msgid]}\n")
    }
  }
}
