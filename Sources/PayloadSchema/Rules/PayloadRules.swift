// The payload's structure, keys and values (SPEC §3, "Payload"): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `payload-empty`
  static var payloadEmpty: Self {
    Self(.error, .payload, answer: APNsAnswer(.payloadEmpty),
         fix: .never("what the push should carry is the author's to write; an empty payload holds nothing to fix from"),
         consequence: "APNs refuses the request: 400 PayloadEmpty",
         summary: "no bytes, or only whitespace (APNs answers PayloadEmpty)",
         card: RuleCard(symptom: "APNs answers 400 PayloadEmpty and nothing is delivered.",
                        remedy: "Send a JSON object with an aps dictionary, such as {\"aps\": {\"alert\": \"Hello\"}}.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("1️⃣   ",
                   pass: #"{"aps": {"badge": 1}}"#)
    }
  }

  /// `payload-not-object`
  static var payloadNotObject: Self {
    Self(.error, .payload,
         fix: .never("which part of the top-level value was meant as the payload, or how to wrap it, only the author knows"),
         consequence: "a payload that is not a JSON object has no aps to read: nothing is shown and the app is not woken, so the push is dropped (Apple documents no APNs reason for it)",
         summary: "the top level is not an object",
         card: RuleCard(symptom: "APNs answers 200 but nothing appears and the app is not woken: a top-level array or string has no aps to read.",
                        remedy: "Make the top level a JSON object with the aps dictionary inside: {\"aps\": {...}}.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"1️⃣[{"aps": {"badge": 1}}]"#,
                   pass: #"{"aps": {"badge": 1}}"#)
    }
  }

  /// `payload-too-large`
  static var payloadTooLarge: Self {
    Self(.error, .payload, answer: APNsAnswer(.payloadTooLarge),
         fix: .never("what to shorten is the author's choice: any cut changes what the user reads"),
         consequence: "APNs refuses the request: 413 PayloadTooLarge",
         summary: "size above the target's limit (APNs answers 413 PayloadTooLarge)",
         card: RuleCard(symptom: "APNs answers 413 PayloadTooLarge and nothing is delivered.",
                        remedy: "Shorten the payload to the push type's limit (4 KB, 5 KB for VoIP): move bulky data out of it and let the app or a notification service extension fetch it.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .deviceResponses])) {
      RuleExamples(#"1️⃣{"aps": {"alert": ""# + String(repeating: "x", count: 300) + #""}}"#,
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    }
  }

  /// `payload-near-limit`
  static var payloadNearLimit: Self {
    Self(.warning, .payload,
         fix: .never("nothing is wrong yet; what to shorten, if anything, is the author's choice, and any cut changes what the user reads"),
         consequence: "nothing yet: APNs accepts the push as it is, but a few more bytes in any value that varies (a name, a message, a loc-arg) make APNs refuse it with 413 PayloadTooLarge",
         summary: "size at or above size.warn-at (default 0.9) of the limit",
         card: RuleCard(symptom: "Nothing yet; a slightly longer name or message in the same template makes APNs answer 413 PayloadTooLarge.",
                        remedy: "Leave headroom: trim the custom data, or cap the length of the fields that vary (names, messages, loc-args) before sending.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"1️⃣{"aps": {"alert": ""# + String(repeating: "x", count: 220) + #""}}"#,
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    }
  }

  /// `aps-missing`
  static var apsMissing: Self {
    Self(.error, .payload,
         fix: .never("the aps the push needs (an alert, content-available, or none for its push type) depends on what the author means it to do"),
         consequence: "without aps an alert, background, Live Activity, widgets, controls or accessory push shows, wakes, updates, reloads or decrypts nothing, so it is dropped (an mdm push without mdm likewise); where the push may be right (a location push, {} with neither topic nor push type) it is aps-missing-may-work; a PushKit push (voip, complication, fileprovider, pushtotalk) hands its payload to the app as it is and needs none",
         summary: "no aps member, by push type: an error for alert, background, liveactivity, widgets, controls, accessory; voip, complication, fileprovider and pushtotalk need none (PushKit hands the app its payload), mdm needs mdm; a location push and {} without topic or push type are aps-missing-may-work; a near miss of Simulator Target Bundle in a .apns file gets a hint",
         card: RuleCard(symptom: "APNs answers 200 but no banner appears and the app is not woken: without aps there is nothing to show or wake.",
                        remedy: "Put Apple's keys in an aps dictionary ({\"aps\": {\"alert\": ...}}); for a PushKit push (voip, complication, fileprovider, pushtotalk) send its apns-push-type, and the body is the app's own.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .voipPushes])) {
      RuleExamples(#"1️⃣{"alert": "Hello"}"#,
                   pass: #"{"aps": {"alert": "Hello"}}"#)
    }
  }

  /// `aps-missing-may-work`
  static var apsMissingMayWork: Self {
    Self(.warning, .payload, group: RuleID(PayloadRule.apsMissing),
         fix: .never("whether the push is a location push, a Wallet pass update or a notification that lacks its aps only the author knows"),
         consequence: "the push may be right as it is, and if it is not, the device shows nothing: a location push without aps still reaches the app's Location Push Service Extension, and {} with neither topic nor push type is exactly what a Wallet pass update sends; sent to an app as a notification, it shows and wakes nothing",
         summary: "no aps member where the push may still work: a location push (its extension gets the payload), or {} with neither topic nor push type (a Wallet pass update)",
         card: RuleCard(symptom: "A location push still reaches its extension and a pass update still refreshes the pass; as a notification to an app, nothing appears.",
                        remedy: "Give the push type (--push-type, apns-push-type) or the topic so the push is checked as what it is; add an aps dictionary to a notification.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .locationPushExtension, .walletPassUpdates])) {
      RuleExamples("1️⃣{}",
                   pass: #"{"aps": {"alert": "Hello"}}"#)
    }
  }

  /// `aps-not-object`
  static var apsNotObject: Self {
    Self(.error, .payload,
         fix: .never("whether the value was meant as the alert, a badge or something else only the author knows"),
         consequence: "an aps that is not an object holds no alert, badge, sound or content-available the device can read: nothing is shown or woken, so the push is dropped",
         summary: "aps is not an object",
         card: RuleCard(symptom: "APNs answers 200 but nothing appears: an aps that is a string or a number holds no alert, badge or sound.",
                        remedy: "Make aps a dictionary: {\"aps\": {\"alert\": \"Hello\"}}, not {\"aps\": \"Hello\"}.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": 1️⃣"Hello"}"#,
                   pass: #"{"aps": {"alert": "Hello"}}"#)
    }
  }

  /// `provider-payload-unchecked`
  static var providerPayloadUnchecked: Self {
    Self(.info, .payload,
         fix: .never("the APNs payload is the provider's to build; what to write for it is in the provider's own request format"),
         consequence: "none: the file is not what APNs receives; the provider builds the APNs payload from it (OneSignal picks each device's language from contents and headings: OneSignal, \"Push Notification Content\", https://documentation.onesignal.com/v9.0/reference/push-channel-properties), and apns-lint does not check that mapping",
         summary: "a push provider's request body whose APNs payload the provider builds (a OneSignal create-notification request, an FCM message with no APNs part): recognised, not checked (SPEC §8, \"Envelopes\")",
         card: RuleCard(symptom: "Nothing on the device comes from this file as written: the provider (OneSignal, FCM) builds the APNs payload from it.",
                        remedy: "Check the APNs payload the provider sends (FCM's message.apns.payload, or one captured from the provider), or rely on the provider's own validation.",
                        platforms: .allAPNs, sources: [.oneSignalContent, .fcmApnsConfig])) {
      RuleExamples(#"1️⃣{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "contents": {"en": "Hello"}}"#,
                   pass: #"{"message": {"token": "t", "notification": {"body": "Hello"}}}"#)
    }
  }

  /// `unknown-key`
  static var unknownKey: Self {
    Self(.warning, .payload,
         fix: .edits("a key with the letters of Apple's key (loc_key, interruptionLevel), one typo from a long one, or named as UNNotificationContent names it (threadIdentifier) is renamed; alert keys written directly in aps move into aps.alert; never onto a key already there", PayloadFixes.unknownKey),
         consequence: "iOS ignores a key it does not define while APNs accepts the push, so a misspelt or misplaced key (loc_key, content_available, time-senstive, a title beside aps.alert, category beside aps) does not do what it was written for while the rest of the push works: the alert is not localized, the app is not woken behind the alert it shows, the level is not raised, the actions do not appear; when the push is left showing, waking or updating nothing it is misplaced-key (an error) instead; a misspelt Simulator Target Bundle leaves the Simulator unable to pick the app; a key close to none Apple defines is the app's own data (aps-custom-key, info), and so is a key beside aps that the push type does not read or that aps has itself; inside the aps of a voip push nothing is reported, since PushKit hands the whole payload to the app",
         summary: "a key inside aps, aps.alert or aps.sound that is a near miss of a key Apple defines there (UNNotificationContent's name in any case: threadIdentifier, thread_identifier), or a key of another level (title in aps beside an alert, badge in aps.alert, category or sound beside aps in an alert push), whose loss leaves the rest of the push working; suggests the likely key and says what is lost",
         card: RuleCard(symptom: "APNs answers 200 but the misspelt or misplaced key does nothing: the alert is not localized, the app is not woken, the title is not shown.",
                        remedy: "Use the key the finding suggests, in the dictionary Apple defines it in (loc-key and title in aps.alert, content-available in aps).",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"loc_key": "GREETING"}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#,
                   fixed: #"{"aps": {"alert": {"body": "B", "title": "Hi"}, "interruption-level": "active", "badge": 1}}"#,
                   fixing: #"{"aps": {"alert": {"body": "B"}, "title": "Hi", "interruptionLevel": "active", "badge": 1}}"#)
    }
  }

  /// `misplaced-key`
  static var misplacedKey: Self {
    Self(.error, .payload,
         fix: .edits("alert keys written directly in aps move into aps.alert, and a key of aps written in aps under another name (contentAvailable, threadIdentifier) is renamed to Apple's; a key beside aps is not moved: the app's own code may read it there, so where it goes is the author's decision", PayloadFixes.unknownKey),
         consequence: "the system reads a key only under Apple's name and at its level, and APNs accepts the push whatever is elsewhere; when the key that is elsewhere is the one the push needed, the push shows, wakes or updates nothing, or its alert's text is never shown: title and body directly in aps with no aps.alert (nothing shown; Apple, \"Generating a remote notification\": the alert's keys are members of the alert dictionary), content-available beside aps or written contentAvailable in a push with nothing to show (the app is not woken: Apple, \"Pushing background updates to your App\"), a Live Activity's timestamp or content-state beside aps (the update is dropped), content-changed misspelt in a widgets push (nothing reloads). A key so placed whose loss leaves the push working is unknown-key (a warning), and the finding that only said what the push lacks (push-type-mismatch, background-inert, live-activity-fields) gives way to this one",
         summary: "a key the push needs, written beside aps, as an alert key directly in aps, or under another name (UNNotificationContent's threadIdentifier, contentAvailable, content_available), so the push shows, wakes or updates nothing or loses its alert text; one finding for the alert's keys together",
         card: RuleCard(symptom: "APNs answers 200, but no notification appears, the app is not woken, or the Live Activity or widget does not change",
                        remedy: "Write the key under Apple's name where the system reads it: the alert's keys inside aps.alert, aps's keys inside aps (content-available, category, timestamp, …), kebab case as Apple spells them.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .pushingBackgroundUpdates, .liveActivityPushes])) {
      RuleExamples(#"{"aps": {1️⃣"title": "Hi", "body": "There"}}"#,
                   pass: #"{"aps": {"alert": {"title": "Hi", "body": "There"}}}"#,
                   fixed: #"{"aps": {"alert": {"title": "Hi", "body": "There"}}}"#)
    }
  }

  /// `aps-custom-key`
  static var apsCustomKey: Self {
    Self(.info, .payload,
         fix: .never("moving the key beside aps changes where the app reads it in userInfo; the app's code must change with it"),
         consequence: "none on any device: a key of the app's own inside aps, aps.alert or aps.sound, neither a misspelling nor a misplacement of one Apple defines, is delivered by APNs, the system ignores it and the app reads it from userInfo (plugins such as phonegap-plugin-push pass such keys on), so nothing shown changes; Apple's page asks for custom keys beside aps instead (\"Generating a remote notification\"); so is an accessory push's member (encryptedData, keyID, …) in a push of another type",
         summary: "a custom key inside aps, aps.alert or aps.sound that is close to no key Apple defines",
         card: RuleCard(symptom: "Nothing changes on the device: the system ignores the key and the app reads it from userInfo.",
                        remedy: "Move your own keys beside aps rather than inside it, as Apple asks.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": "New message", 1️⃣"conversation": "c-42"}}"#,
                   pass: #"{"aps": {"alert": "New message"}, "conversation": "c-42"}"#)
    }
  }

  /// `value-type`
  static var valueType: Self {
    Self(.error, .payload,
         fix: .edits("a number written as a string where the key takes a number is unquoted (\"3\" for a badge), a number among strings (loc-args) is quoted; any other wrong type has no certain fix", PayloadFixes.valueType),
         consequence: "a key of the wrong JSON type is not read as that key, while APNs accepts the push: an alert that is neither a string nor an object, or alert text or loc-args of the wrong type, shows nothing or loses the text, a content-state that is not an object drops the Live Activity update (a key that is only not applied is value-type-ignored, a deprecated key iOS ignores value-type-deprecated-key)",
         summary: "a known key with the wrong JSON type whose text or update is lost (alert 42, loc-args not an array of strings, a content-state that is not an object)",
         card: RuleCard(symptom: "APNs answers 200 but the value is not read: an alert of the wrong type shows nothing, a string badge is ignored, a content-state that is not an object drops the Live Activity update.",
                        remedy: "Send the JSON type Apple's table gives the key: badge a number, alert a string or a dictionary, loc-args an array of strings; don't quote numbers.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": 1️⃣42}}"#,
                   pass: #"{"aps": {"alert": "42"}}"#,
                   fixed: #"{"aps": {"alert": {"loc-key": "SCORE", "loc-args": ["3"]}, "badge": 3}}"#,
                   fixing: #"{"aps": {"alert": {"loc-key": "SCORE", "loc-args": [3]}, "badge": "3"}}"#)
    }
  }

  /// `value-type-ignored`
  static var valueTypeIgnored: Self {
    Self(.warning, .payload, group: RuleID(PayloadRule.valueType),
         fix: .edits("a number written as a string where the key takes a number is unquoted (\"3\" for a badge); any other wrong type has no certain fix", PayloadFixes.valueType),
         consequence: "the key is only not applied and the alert shows as sent, while APNs accepts the push: a badge (a string badge is ignored and the alert shown: RMSPushNotificationsBundle pull request 62), sound, thread-id, category, target-content-id, filter-criteria, interruption-level, relevance-score outside a live activity or the alert's launch-image of the wrong type, or a url-args element that is not a string (Safari fills url-args into the website's URL format; what it makes of a number is not documented, and the push is still shown)",
         summary: "a key that is only not applied has the wrong JSON type (badge \"5\", a sound or category that is not a string, a url-args element that is not a string): the alert shows without it",
         card: RuleCard(symptom: "The alert shows, but without what the key sets: the badge stays as it was, the sound or category is not applied.",
                        remedy: "Send the JSON type Apple's table gives the key: badge a number, sound, thread-id and category strings; don't quote numbers.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": "Hi", "badge": 1️⃣"5"}}"#,
                   pass: #"{"aps": {"alert": "Hi", "badge": 5}}"#,
                   fixed: #"{"aps": {"alert": "Hi", "badge": 5}}"#)
    }
  }

  /// `value-type-deprecated-key`
  static var valueTypeDeprecatedKey: Self {
    Self(.info, .payload, group: RuleID(PayloadRule.valueType),
         fix: .never("the key is deprecated and iOS ignores it: whether to drop it or fix its type is the author's choice"),
         consequence: "none: the key is deprecated and iOS ignores it whatever its type (summary-arg-count, action-loc-key), so nothing the device shows changes",
         summary: "a deprecated key iOS ignores has the wrong JSON type (action-loc-key 5): nothing changes, the key can go",
         card: RuleCard(symptom: "Nothing: iOS ignores the deprecated key whatever its value.",
                        remedy: "Remove the deprecated key, or give it the type Apple's table gave it.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", "action-loc-key": 1️⃣5}}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi"}}}"#)
    }
  }

  /// `value-range`
  static var valueRange: Self {
    Self(.error, .payload,
         fix: .never("the number meant cannot be told from one out of range (a sign, a scale, a typo); the author must choose it"),
         consequence: "a number outside its range is not a value the key takes, while APNs accepts the push: a negative Live Activity timestamp is older than any update, so ActivityKit drops it, and a negative stale-date or dismissal-date makes the activity stale, or removes it, at once (a key that is only not applied is value-range-ignored, a deprecated one value-range-deprecated-key)",
         summary: "a number out of range whose update is dropped: a negative timestamp, stale-date or dismissal-date, a live activity's relevance-score outside 0…1",
         card: RuleCard(symptom: "The value is not applied as meant: a negative timestamp drops the update, and a negative badge or a volume outside 0 to 1 is not what appears.",
                        remedy: "Send values in the key's range: timestamps as positive seconds since 1970, badge a whole number from 0, volume and relevance-score between 0 and 1.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1️⃣-1, "content-state": {"score": 1}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"score": 1}}}"#,
                   triggerFlags: "--push-type liveactivity", passFlags: "--push-type liveactivity")
    }
  }

  /// `value-range-ignored`
  static var valueRangeIgnored: Self {
    Self(.warning, .payload, group: RuleID(PayloadRule.valueRange),
         fix: .never("the number meant cannot be told from one out of range (a sign, a scale, a typo); the author must choose it"),
         consequence: "the key is only not applied as meant and the alert shows as sent, while APNs accepts the push: a negative or fractional badge, a sound volume outside 0…1, a relevance score outside 0…1 outside a live activity, which only sorts the app's notifications in the summary (Apple, UNNotificationContent.relevanceScore)",
         summary: "a number out of range for a key that is only not applied: badge negative or fractional, sound.volume or relevance-score outside 0…1",
         card: RuleCard(symptom: "The alert shows, but the badge, the volume or the ordering is not what was meant.",
                        remedy: "Send badge as a whole number from 0, and volume and relevance-score between 0 and 1.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .notificationContent])) {
      RuleExamples(#"{"aps": {"alert": "Hi", "badge": 1️⃣-1}}"#,
                   pass: #"{"aps": {"alert": "Hi", "badge": 1}}"#)
    }
  }

  /// `value-range-deprecated-key`
  static var valueRangeDeprecatedKey: Self {
    Self(.info, .payload, group: RuleID(PayloadRule.valueRange),
         fix: .never("the key is deprecated and iOS ignores it: whether to drop it is the author's choice"),
         consequence: "none: summary-arg-count is deprecated and iOS ignores it, so a value below 1 changes nothing the device shows",
         summary: "a deprecated key iOS ignores is out of range (summary-arg-count below 1): nothing changes, the key can go",
         card: RuleCard(symptom: "Nothing: iOS ignores the deprecated key whatever its value.",
                        remedy: "Remove summary-arg-count; iOS 15 and later ignore it.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", "summary-arg-count": 1️⃣0}}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi"}}}"#)
    }
  }

  /// `value-enum`
  static var valueEnum: Self {
    Self(.error, .payload,
         fix: .never("the value meant cannot be told for certain from one outside the set, even when one is close"),
         consequence: "a string outside the key's set is not one iOS knows: an event other than start, update or end starts, updates or ends no Live Activity (the update is dropped), and an interruption level other than the four does not give the notification the level meant",
         summary: "a string outside its set: interruption-level, event",
         card: RuleCard(symptom: "The push does not do what the value names: an event other than start, update or end changes no Live Activity, and an unknown interruption-level gives no level.",
                        remedy: "Use a documented value: event start, update or end; interruption-level passive, active, time-sensitive or critical.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .liveActivityPushes])) {
      RuleExamples(#"{"aps": {"alert": "Hi", "interruption-level": 1️⃣"urgent"}}"#,
                   pass: #"{"aps": {"alert": "Hi", "interruption-level": "time-sensitive"}}"#)
    }
  }

  /// `flag-value`
  static var flagValue: Self {
    Self(.error, .payload,
         fix: .edits("a flag written true or \"1\" becomes the number 1 (\"0\" or false becomes 0 for sound.critical, 1 becomes true for content-changed); other values have no certain fix", PayloadFixes.flagValue),
         consequence: "a flag other than the number 1 is not the one Apple documents, so what it turns on may not happen: the app is not woken (a string \"1\" is reported not to wake it), a widget reload is not requested (mutable-content and sound.critical, whose alert still shows, are flag-value-ignored; true, which iOS reads as 1, flag-value-true)",
         summary: "content-available or input-push-token other than the number 1 (true is flag-value-true; 0 and false are flag-off); content-changed other than true",
         card: RuleCard(symptom: "APNs answers 200 but the flag is not set: the app is not woken, the notification service extension does not run, the widget does not reload.",
                        remedy: "Write content-available and mutable-content as the number 1, content-changed as true, and critical as 0 or 1.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .pushingBackgroundUpdates])) {
      RuleExamples(#"{"aps": {"content-available": 1️⃣"1"}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#,
                   fixed: #"{"aps": {"content-available": 1}}"#)
    }
  }

  /// `flag-value-ignored`
  static var flagValueIgnored: Self {
    Self(.warning, .payload, group: RuleID(PayloadRule.flagValue),
         fix: .edits("a flag written \"1\" becomes the number 1 (\"0\" or false becomes 0 for sound.critical); other values have no certain fix", PayloadFixes.flagValue),
         consequence: "the alert still shows as sent, nothing dropped, but what the flag turns on does not happen: for mutable-content the notification service extension does not run, for sound.critical the sound plays as a regular one",
         summary: "mutable-content other than the number 1, or sound.critical other than 0 or 1: the alert shows without the extension's changes or the critical sound",
         card: RuleCard(symptom: "The alert shows as sent: the notification service extension does not change it, or the critical sound plays as a regular one.",
                        remedy: "Write mutable-content as the number 1 and critical as 0 or 1.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .modifyingContent])) {
      RuleExamples(#"{"aps": {"alert": "Hi", "mutable-content": 1️⃣"1"}}"#,
                   pass: #"{"aps": {"alert": "Hi", "mutable-content": 1}}"#,
                   fixed: #"{"aps": {"alert": "Hi", "mutable-content": 1}}"#)
    }
  }

  /// `flag-value-true`
  static var flagValueTrue: Self {
    Self(.info, .payload, group: RuleID(PayloadRule.flagValue),
         fix: .edits("true becomes the number 1, which iOS reads alike", PayloadFixes.flagValue),
         consequence: "none: iOS reads true as 1, so the flag is on as meant; only Apple's documented value is 1",
         summary: "content-available, mutable-content or input-push-token written true: iOS reads it as 1, write 1 (omitting the key would turn it off)",
         card: RuleCard(symptom: "Nothing: iOS reads true as 1.",
                        remedy: "Write the number 1, as Apple documents; don't drop the key, which turns the flag off.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"content-available": 1️⃣true}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#,
                   fixed: #"{"aps": {"content-available": 1}}"#)
    }
  }

  /// `flag-off`
  static var flagOff: Self {
    Self(.info, .payload,
         fix: .edits("the flag is removed: 0 or false means off, exactly as its absence does", PayloadFixes.flagOff),
         consequence: "none: 0 or false means off, exactly as if the key were absent, so the device does the same as without it",
         summary: "content-available / mutable-content set to 0 or false: it means off, as if the key were absent (APNs accepts it, iOS reads it as off); leave it out",
         card: RuleCard(symptom: "Nothing changes: 0 or false means off, exactly as if the key were absent.",
                        remedy: "Leave the key out when the flag is off.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": "Hi", "mutable-content": 1️⃣0}}"#,
                   pass: #"{"aps": {"alert": "Hi"}}"#,
                   fixed: #"{"aps": {"alert": "Hi"}}"#)
    }
  }

  /// `background-inert`
  static var backgroundInert: Self {
    Self(.error, .payload,
         fix: .never("whether the push was meant to wake the app or was sent with the wrong push type only the author knows"),
         consequence: "the push wakes nothing, so the background update it carries never reaches the app: it is dropped",
         summary: "a background push whose aps lacks content-available, or sets it to 0 or false (empty aps, only badge or other keys): it wakes nothing; content-available written beside aps or misspelt (contentAvailable) is misplaced-key instead",
         card: RuleCard(symptom: "APNs answers 200 but the app is never woken: a background push without content-available 1 delivers nothing.",
                        remedy: "Add \"content-available\": 1 to aps, and send the push with apns-push-type background at apns-priority 5.",
                        platforms: .allAPNs, sources: [.pushingBackgroundUpdates])) {
      RuleExamples(#"{"aps": 1️⃣{}, "refresh": 1}"#,
                   pass: #"{"aps": {"content-available": 1}, "refresh": 1}"#,
                   triggerFlags: "--push-type background",
                   passFlags: "--push-type background")
    }
  }

  /// `sound-shape`
  static var soundShape: Self {
    Self(.warning, .payload,
         fix: .never("whether the sound was meant to be critical, with its volume, or a regular one by name is the author's decision"),
         consequence: "Apple documents the sound dictionary for critical alerts and the string for regular notifications, so on a regular notification the sound named in the dictionary may not play as meant (a dictionary with critical 0 plays as the string would: sound-shape-critical-off)",
         summary: "a sound dictionary on a notification that is not critical: Apple, \"for regular notifications, use the sound string\"",
         card: RuleCard(symptom: "The sound named in a dictionary on a regular notification may not play as meant.",
                        remedy: "Use the sound string (\"sound\": \"chime.caf\") on regular notifications; keep the dictionary for critical alerts, with critical 1 and the critical alerts entitlement.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": "Hi", "sound": 1️⃣{"name": "ping.caf", "volume": 0.5}}}"#,
                   pass: #"{"aps": {"alert": "Hi", "sound": "ping.caf"}}"#)
    }
  }

  /// `sound-shape-critical-off`
  static var soundShapeCriticalOff: Self {
    Self(.info, .payload, group: RuleID(PayloadRule.soundShape),
         fix: .never("whether the sound was meant to be critical or a regular one by name is the author's decision"),
         consequence: "none: a sound dictionary with critical 0 is Apple's shape with the flag off, and the named sound plays as the sound string would",
         summary: "a sound dictionary with critical 0 on a regular notification: it plays as the sound's name as a string would",
         card: RuleCard(symptom: "Nothing: the named sound plays as a regular one.",
                        remedy: "Write the sound's name as a string (\"sound\": \"chime.caf\") unless the alert is critical.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": "Hi", "sound": 1️⃣{"critical": 0, "name": "ping.caf"}}}"#,
                   pass: #"{"aps": {"alert": "Hi", "sound": "ping.caf"}}"#)
    }
  }

  /// `payload-whitespace`
  static var payloadWhitespace: Self {
    Self(.warning, .payload,
         fix: .never("whether the file is sent as written or compacted by the provider is not in the file; how to send it is the author's choice"),
         consequence: "sent as written, APNs refuses it with 413 PayloadTooLarge; sent compact, as providers usually serialize it, it is accepted: which one happens depends on how the file is sent",
         summary: "a payload file over the limit as written but not when compact: send it compact",
         card: RuleCard(symptom: "Sent as written, APNs answers 413 PayloadTooLarge; sent compact, the same payload is accepted.",
                        remedy: "Serialize the payload without indentation or line breaks before sending (no pretty-printing option in the encoder).",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples("1️⃣{\n  \"aps\": {\n    \"alert\": \"" + String(repeating: "x", count: 230) + "\"\n  }\n}\n",
                   pass: #"{"aps": {"alert": ""# + String(repeating: "x", count: 200) + #""}}"#,
                   triggerFlags: "--transport binary-pre-ios8",
                   passFlags: "--transport binary-pre-ios8")
    }
  }

  /// `alert-empty`
  static var alertEmpty: Self {
    Self(.warning, .payload,
         fix: .never("the text the alert should show is the author's to write"),
         consequence: "the device has no text to show for the alert: no banner appears, and only a badge or sound the push also carries takes effect",
         summary: "an alert object that shows nothing (no title, subtitle, body or loc-keys)",
         card: RuleCard(symptom: "No banner appears: the alert has no title, subtitle, body or loc-key to show, so only a badge or sound takes effect.",
                        remedy: "Give the alert a title or a body (or their loc-keys).",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": 1️⃣{"launch-image": "a.png"}, "sound": "default"}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi"}}}"#)
    }
  }

  /// `alert-text-conflict`
  static var alertTextConflict: Self {
    Self(.warning, .payload,
         fix: .never("whether the written text or the localized key is the one meant only the author knows; removing either changes what some users read"),
         consequence: "the device shows the localized loc-key text and never the body (or title, subtitle) written beside it",
         summary: "both body and loc-key (or title and title-loc-key, subtitle and subtitle-loc-key)",
         card: RuleCard(symptom: "The banner shows the localized loc-key text and never the body (or title, subtitle) written beside it.",
                        remedy: "Send either the literal text or the loc-key for each field, not both.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"loc-key": "GREETING"}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING"}}}"#)
    }
  }

  /// `loc-args-without-key`
  static var locArgsWithoutKey: Self {
    Self(.warning, .payload,
         fix: .never("the loc-key the arguments were meant for is not in the payload; the tool cannot know which one"),
         consequence: "without the loc-key the device ignores the loc-args: the alert shows its text as written, without the values",
         summary: "loc-args without loc-key (same for title- and subtitle-)",
         card: RuleCard(symptom: "The banner shows its text as written, without the values: loc-args without their loc-key are ignored.",
                        remedy: "Add the loc-key (title-loc-key, subtitle-loc-key) the arguments belong to, or write the values into the text and drop the loc-args.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", "loc-args": 1️⃣["Jenna"]}}}"#,
                   pass: #"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": ["Jenna"]}}}"#)
    }
  }

  /// `deprecated-key`
  static var deprecatedKey: Self {
    Self(.info, .payload,
         fix: .never("removing the key changes nothing on current systems but drops what older ones read; whether they still matter is the author's call"),
         consequence: "none on current systems: iOS ignores the key, so the notification looks and behaves exactly as without it (it only had an effect on older systems)",
         summary: "action-loc-key, summary-arg, summary-arg-count, action outside Safari (launch-image is still in Apple's table)",
         card: RuleCard(symptom: "Nothing changes on current systems: iOS ignores the key.",
                        remedy: "Remove the key; for action-loc-key, define the action in a notification category instead.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .actionableNotifications])) {
      RuleExamples(#"{"aps": {"alert": {"body": "Hi", 1️⃣"action-loc-key": "PLAY"}}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi", "launch-image": "a.png"}}}"#)
    }
  }

  /// `platform-key`
  static var platformKey: Self {
    Self(.warning, .payload,
         fix: .never("the same payload may go to platforms that read the key; whether to remove it is the author's choice"),
         consequence: "the platform ignores the key while the rest of the push is delivered, so what it was meant to do there (a Live Activity update, a critical sound, an alert or sound on tvOS) does not happen (url-args in an app's push, which only Safari reads, is url-args-in-app-push)",
         summary: "a key the platform does not support (live activity keys outside ios/visionos, url-args outside safari, critical sound on tvos, alert/sound on tvos, a Safari alert key other than title, body, action; critical sounds are fine on macOS 10.14+)",
         card: RuleCard(symptom: "The rest of the push arrives, but the key does nothing on that platform: no Live Activity update off iPhone and iPad, no alert or sound on tvOS.",
                        remedy: "Send the key only to devices of the platform that reads it, or drop it from pushes to this platform.",
                        platforms: [.iOS(), .iPadOS(), .macOS(), .watchOS(), .tvOS(), .visionOS(), .safari()], sources: [.generatingRemoteNotification, .safariWebsitePush])) {
      RuleExamples(#"{"aps": {"badge": 1, 1️⃣"sound": "ping.caf"}}"#,
                   pass: #"{"aps": {"badge": 1}}"#,
                   triggerFlags: "--platform tvos", passFlags: "--platform tvos")
    }
  }

  /// `url-args-in-app-push`
  static var urlArgsInAppPush: Self {
    Self(.info, .payload, group: RuleID(PayloadRule.platformKey),
         fix: .never("the same payload may also go to Safari, which reads url-args; whether to remove it is the author's choice"),
         consequence: "none: only Safari reads url-args, so in an app's push nothing the notification shows changes (the same payload often goes to both)",
         summary: "url-args in a push to an app: only Safari reads it",
         card: RuleCard(symptom: "Nothing: the app's notification ignores url-args.",
                        remedy: "Keep url-args for pushes to Safari (--platform safari), or drop it from pushes to apps.",
                        platforms: [.iOS(), .iPadOS(), .macOS(), .watchOS(), .tvOS(), .visionOS()], sources: [.safariWebsitePush])) {
      RuleExamples(#"{"aps": {"alert": "Hi", 1️⃣"url-args": ["a"]}}"#,
                   pass: #"{"aps": {"alert": "Hi"}}"#)
    }
  }

  /// `sensitive-data`
  static var sensitiveData: Self {
    Self(.info, .payload,
         fix: .never("whether the value is sensitive, and what to send instead (an id the app fetches with), is the author's design"),
         consequence: "none on the device, which shows the push as written: the value travels in clear in the payload, through APNs, the device's notification handling and any log on the way, a privacy risk rather than a display fault",
         summary: "a custom key whose name matches sensitive-data.key-patterns (values too with check-values)",
         card: RuleCard(symptom: "The device shows the push as written; the value travels in clear through APNs, the device's notification handling and any log on the way.",
                        remedy: "Send an identifier and fetch the data over your own authenticated connection, or encrypt the value and decrypt it in a notification service extension.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .modifyingContent])) {
      RuleExamples(#"{"aps": {"alert": "Hi"}, 1️⃣"password": "hunter2"}"#,
                   pass: #"{"aps": {"alert": "Hi"}, "msgid": "42"}"#)
    }
  }

  /// `custom-key-allowlist`
  static var customKeyAllowlist: Self {
    Self(nil, .payload,
         fix: .never("whether to remove the key or allow it is the project's decision, and the app may read it"),
         consequence: "none on any device: it enforces a project's own list of custom keys, and a key outside it reaches the app as data like any other",
         summary: "a top-level custom key not in custom-key-allowlist.allowed",
         card: RuleCard(symptom: "Nothing changes on the device: the key reaches the app as data; the rule enforces your project's list of custom keys.",
                        remedy: "Add the key to custom-key-allowlist.allowed in .apns-lint.yml, or rename it to one the app reads.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": "Hi"}, 1️⃣"tracking": "x"}"#,
                   pass: #"{"aps": {"alert": "Hi"}, "msgid": "42"}"#,
                   configuration: "version: 1\nrules:\n  custom-key-allowlist: {severity: warning, allowed: [msgid]}\n")
    }
  }

  /// `sound-format`
  static var soundFormat: Self {
    Self(.warning, .payload,
         fix: .never("the fix is converting the sound file in the app's bundle, not an edit to the payload"),
         consequence: "the system plays custom notification sounds only in Linear PCM, MA4 (IMA/ADPCM), µLaw or aLaw, packaged in an aiff, wav or caf file (Apple, UNNotificationSound), so a sound named as an mp3, m4a, aac, flac or ogg file does not play: the device plays the default sound instead",
         summary: "a sound file (aps.sound, or the critical sound's name) whose extension names an audio format iOS does not play for notifications: the default sound plays instead",
         card: RuleCard(symptom: "The default sound plays instead of the custom one.",
                        remedy: "Convert the sound to Linear PCM, MA4, µLaw or aLaw in an aiff, wav or caf file under 30 seconds (afconvert in.mp3 out.caf -d ima4 -f caff) and name that file.",
                        platforms: [.iOS(), .iPadOS(), .macOS(), .watchOS(), .visionOS()], sources: [.notificationSound])) {
      RuleExamples(#"{"aps": {"alert": "Goal!", "sound": 1️⃣"whistle.mp3"}}"#,
                   pass: #"{"aps": {"alert": "Goal!", "sound": "whistle.caf"}}"#)
    }
  }
}

// The messages of the payload rules (`PayloadMessage`): the checker reports these, never a bare
// string. `found` is how a message names what was there ("a string", "\"3\"", "false").
extension PayloadMessage {
  // MARK: payload-empty

  static var payloadEmpty: Self { Self(.payloadEmpty, "the payload is empty; APNs answers PayloadEmpty") }

  // MARK: payload-not-object

  static func payloadNotObject(found: JSONKinds) -> Self {
    Self(.payloadNotObject, "the payload must be a JSON object, not \(found.described)")
  }

  // MARK: payload-too-large

  static func payloadTooLarge(size: Int, limit: Int, pushType: PushType, transport: Transport) -> Self {
    Self(.payloadTooLarge,
         "the payload is \(size) bytes, over the \(limit)-byte limit for \(pushType.rawValue) pushes (\(transport.rawValue)); APNs answers 413 PayloadTooLarge")
  }

  /// A request body over the limit, measured before it is read (`serve`); `truncated`: only the
  /// first `bytes` + 1 were kept, so the body is longer.
  package static func bodyTooLarge(bytes: Int, truncated: Bool, limit: Int) -> Self {
    Self(.payloadTooLarge, "the body is \(truncated ? "more than " : "")\(bytes) bytes; the limit is \(limit)")
  }

  // MARK: payload-near-limit

  static func payloadNearLimit(size: Int, limit: Int) -> Self {
    Self(.payloadNearLimit, "the payload is \(size) bytes, \(size * 100 / max(limit, 1))% of the \(limit)-byte limit")
  }

  // MARK: aps-missing

  /// An mdm push without its `mdm` member.
  static var mdmMissing: Self { Self(.apsMissing, "no 'mdm' member; an mdm push needs one instead of 'aps'") }

  // MARK: aps-missing-may-work

  /// A location push without `aps`: its extension gets the whole payload and it works.
  static var apsMissingFromLocationPush: Self {
    Self(.apsMissingMayWork,
         "no 'aps' member; the whole payload goes to the app's Location Push Service Extension, so this push works, but a notification push needs one: check the push type")
  }

  /// `{}` with no topic to tell: a Wallet pass update is exactly that (nothing says it is sent to
  /// an app).
  static var emptyPayloadWithoutTopic: Self {
    Self(.apsMissingMayWork,
         "an empty payload {} is what a Wallet pass update sends (to the pass type's topic, pass.…); to an app it shows and wakes nothing: give --topic to check it")
  }

  // MARK: aps-missing

  /// `hasMDM`: the payload has an `mdm` member; `simulatorNearMiss`: a key close to the Simulator's.
  static func apsMissing(hasMDM: Bool, simulatorNearMiss: Bool) -> Self {
    var text = hasMDM ? "no 'aps' member; only an mdm push may omit it" : "no 'aps' member; APNs needs one"
    if simulatorNearMiss { text += " (and the Simulator needs 'Simulator Target Bundle', spelt exactly)" }
    return Self(.apsMissing, text)
  }

  // MARK: aps-not-object

  static func apsNotObject(found: JSONKinds) -> Self {
    Self(.apsNotObject, "'aps' must be an object, not \(found.described)")
  }

  // MARK: provider-payload-unchecked

  /// `provider`: what the file is ("a OneSignal create-notification request").
  static func providerPayloadUnchecked(provider: String) -> Self {
    Self(.providerPayloadUnchecked,
         "\(provider): the provider builds the APNs payload from it, and apns-lint does not check that mapping; check the payload the provider sends, or the provider's own fields by its documentation")
  }

  // MARK: unknown-key

  /// A key of `aps`, `aps.alert` or `aps.sound` (`container`) that the schema of `context` lacks:
  /// `unknown-key` with the nearest known key when one is close, or the level it belongs to when
  /// it is a key of another one (`title` in `aps`, `badge` in `aps.alert`); otherwise the app's
  /// own key, `aps-custom-key`. An accessory push's members are suggested only in an accessory
  /// push (`accessory`: given, or named by the topic).
  static func unknownKey(_ key: String, in container: String, context: Context, accessory: Bool = false) -> Self {
    if let s = Schema.swiftName(key, in: context) {
      return Self(.unknownKey, "unknown key '\(key)' in '\(container)': the UNNotificationContent name of '\(s)', which is the key the system reads")
    }
    if let s = Schema.suggestion(for: key, in: Schema.table(context), accessory: accessory && context == .aps) {
      return Self(.unknownKey, "unknown key '\(key)' in '\(container)'; did you mean '\(s)'?")
    }
    if let (meant, level) = Schema.misplaced(key, in: context) {
      let which = meant == key ? "'\(key)' belongs" : "did you mean '\(meant)'? It belongs"
      return Self(.unknownKey, "unknown key '\(key)' in '\(container)'; \(which) in '\(level)', and the system reads it only there")
    }
    return Self(.apsCustomKey, "'\(key)' in '\(container)' is not a key Apple defines, nor close to one: taken as the app's own data (the system ignores it, the app receives it); Apple asks for custom keys beside 'aps'")
  }

  /// A member of an accessory push's `aps` in a push of another type (`aps-custom-key`): the
  /// system reads it only in an accessory push.
  static func accessoryKeyInOtherPush(_ key: StaticString, pushType: PushType) -> Self {
    Self(.apsCustomKey, "'\(key)' in 'aps' is read only in an accessory push (topic '<bundle id>.push-type.accessory', iOS 26.5); with push type '\(pushType.rawValue)' it is taken as the app's own data (the system ignores it, the app receives it)")
  }

  /// A Live Activity key whose value no liveactivity push takes, in a push of another type
  /// (`aps-custom-key`): the app's own data, not a reason to take the push for a Live Activity.
  /// `given`: the push type was given (or named by the topic), not inferred.
  static func liveActivityKeyAsAppData(_ key: StaticString, event: Bool, pushType: PushType, given: Bool) -> Self {
    let value = event ? "a value that is no Live Activity event (start, update, end)" : "a value of a kind no Live Activity reads"
    let push = given ? "the push type is \(pushType.rawValue)" : "nothing else makes this a Live Activity push (it is checked as \(pushType.rawValue))"
    return Self(.apsCustomKey, "'\(key)' in 'aps' holds \(value), and \(push): taken as the app's own data (the system ignores it, the app receives it); Apple asks for custom keys beside 'aps'")
  }

  /// A top-level key close to `Simulator Target Bundle` in a Simulator file.
  static func simulatorKeyMisspelt(_ key: String) -> Self {
    Self(.unknownKey, "'\(key)' is not the Simulator's key: did you mean 'Simulator Target Bundle'? "
         + "The Simulator reads only that spelling to pick the app")
  }

  /// `sound` inside a regular alert.
  static var soundInAlert: Self {
    Self(.unknownKey,
         "unknown key 'sound' in 'aps.alert'; 'sound' belongs in 'aps' (only live activities put it in the alert)")
  }

  /// A key of `aps` written beside it (`written`, the name as written; `meant`, Apple's), whose
  /// loss leaves the push working: `lost`, what does not happen ("the notification's actions do
  /// not appear").
  static func apsKeyBesideAps(_ written: String, meant: String, lost: String) -> Self {
    let key = written == meant ? "it belongs in 'aps'" : "the key is '\(meant)', in 'aps'"
    return Self(.unknownKey, "'\(written)' is beside 'aps', where the system does not read it: \(key), so \(lost)")
  }

  // MARK: misplaced-key

  /// A key the push needed (`meant`, Apple's name) written as `written`, beside `aps` or in it
  /// under another name; `consequence`, what the push then does, said after "so".
  static func misplacedKey(_ written: String, meant: String, beside: Bool, consequence: String) -> Self {
    if beside {
      let key = written == meant ? "it belongs in 'aps'" : "the key is '\(meant)', in 'aps'"
      return Self(.misplacedKey, "'\(written)' is beside 'aps', where the system does not read it: \(key), so \(consequence)")
    }
    let swift = Schema.swiftName(written, in: .aps) != nil ? " (UNNotificationContent's name)" : ""
    return Self(.misplacedKey, "'\(written)'\(swift) in 'aps' is not a key the system reads: the key is '\(meant)', so \(consequence)")
  }

  /// The alert's keys (`keys`, as written, the first where the finding stands) directly in `aps`,
  /// or `beside` it: one finding for them all, whose fix moves them together.
  static func misplacedAlertKeys(_ keys: [String], beside: Bool, consequence: String) -> Self {
    let quoted = keys.map { "'\($0)'" }
    let names = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    let verb = keys.count == 1 ? "is a key of the alert" : "are keys of the alert"
    let place = beside ? "beside 'aps'" : "directly in 'aps'"
    let them = keys.count == 1 ? "it belongs" : "they belong"
    return Self(.misplacedKey, "\(names) \(verb) written \(place), where the system does not read \(keys.count == 1 ? "it" : "them"): \(them) in 'aps.alert', so \(consequence)")
  }

  // MARK: value-type

  /// `expected`: how the key's accepted kinds are named ("an integer", "a string or an object").
  static func valueType(key: StaticString, expected: String, found: JSONKinds) -> Self {
    Self(.valueType, "'\(key)' must be \(expected), not \(found.described)")
  }

  /// A non-string element of a string array (`loc-args`, `url-args`) at `arrayPath`.
  static func notAStringElement(of arrayPath: String?, found: JSONKinds) -> Self {
    let name = arrayPath.map { "'\($0)'" } ?? "the array"
    return Self(.valueType, "elements of \(name) must be strings, not \(found.described)")
  }

  /// An object `title` or `body` outside a live activity.
  static func textObject(_ key: StaticString) -> Self {
    Self(.valueType, "'\(key)' must be a string, not an object (objects are for live activities)")
  }

  // MARK: value-range, flag-value and timestamp-unit of a number

  /// A number its key's check refuses (`ValueCheck.numberProblem` says which rule): a badge, a
  /// flag, a timestamp, a positive integer or a fraction out of its range.
  static func number(_ n: JSONNumber, for spec: KeySpec) -> Self {
    let shown = Checker.show(n)
    let rule = spec.check.numberProblem(n) ?? .valueRange
    switch spec.check {
    case .badge: return Self(rule, "'badge' must be a whole number ≥ 0, not \(shown)")
    case .flagOne, .flagZeroOrOne: return flagValue(spec, found: shown)
    case .timestamp where rule == .timestampUnit, .activityTimestamp where rule == .timestampUnit && n.value > 1e11:
      return Self(rule, "'\(spec.name)' \(shown) looks like milliseconds; APNs expects seconds since 1970")
    case .activityTimestamp where rule == .timestampUnit:
      return Self(rule, "'\(spec.name)' \(shown) is before 2022, older than any Live Activity: ActivityKit ignores an update whose timestamp is older than the activity's last one")
    case .timestamp, .activityTimestamp: return Self(rule, "'\(spec.name)' must be seconds since 1970, not \(shown)")
    case .positiveInteger: return Self(rule, "'\(spec.name)' must be a whole number ≥ 1, not \(shown)")
    default: return Self(rule, "'\(spec.name)' must be between 0 and 1, not \(shown)")
    }
  }

  /// A live activity's `relevance-score` outside 0…1.
  static func relevanceScore(_ value: Double) -> Self {
    Self(.valueRange,
         "'relevance-score' must be between 0 and 1, not \(Checker.show(JSONNumber(value: value, isPlainInteger: false)))")
  }

  // MARK: value-type-ignored, value-range-ignored, flag-value-ignored

  /// `message` (value-type's, value-range's or flag-value's) for a key that is only not applied,
  /// the alert shown as sent (a badge, a sound, mutable-content…): the same words under the part
  /// of its rule (`value-type-ignored`, `value-range-ignored`, `flag-value-ignored`); a message of
  /// another rule (timestamp-unit's) as it is.
  static func onlyNotApplied(_ message: Self) -> Self {
    switch message.rule {
    case .valueType: Self(.valueTypeIgnored, message.text)
    case .valueRange: Self(.valueRangeIgnored, message.text)
    case .flagValue: Self(.flagValueIgnored, message.text)
    default: message
    }
  }

  /// value-type's finding for `relevance-score` once the push is known not to be a live activity,
  /// where the score only sorts the app's notifications (`text`: value-type's words).
  static func relevanceScoreTypeIgnored(text: String) -> Self { Self(.valueTypeIgnored, text) }

  /// relevance-score outside 0…1 outside a live activity: only sorts the app's notifications.
  static func relevanceScoreIgnored(_ value: Double) -> Self {
    Self(.valueRangeIgnored,
         "'relevance-score' must be between 0 and 1, not \(Checker.show(JSONNumber(value: value, isPlainInteger: false)))")
  }

  // MARK: value-type-deprecated-key, value-range-deprecated-key

  /// `message` (value-type's or value-range's) for a deprecated key iOS ignores: the same words
  /// under the part of its rule (`value-type-deprecated-key`, `value-range-deprecated-key`).
  static func deprecatedKeyValue(_ message: Self) -> Self {
    switch message.rule {
    case .valueType: Self(.valueTypeDeprecatedKey, message.text)
    case .valueRange: Self(.valueRangeDeprecatedKey, message.text)
    default: message
    }
  }

  // MARK: value-enum

  /// A string outside its key's allowed values, with the nearest one when it is close.
  static func valueEnum(key: StaticString, allowed: [String], found: String) -> Self {
    var text = "'\(key)' must be one of \(allowed.map { "'\($0)'" }.joined(separator: ", ")), not '\(found)'"
    if let s = Schema.suggestion(for: found, among: allowed) { text += "; did you mean '\(s)'?" }
    return Self(.valueEnum, text)
  }

  // MARK: flag-value

  /// A flag (`content-available`, `mutable-content`, `critical`, `content-changed`) with a value
  /// its check refuses.
  static func flagValue(_ spec: KeySpec, found: String) -> Self {
    let text = switch spec.check {
    case .flagZeroOrOne: "'\(spec.name)' must be the number 0 or 1, not \(found)"
    case .flagTrue: "'\(spec.name)' must be true, not \(found); omit the key otherwise"
    default: found.hasPrefix("\"") || found == "a string"
      ? "'\(spec.name)' must be the number 1, not \(found); write 1 without quotes"
      : "'\(spec.name)' must be the number 1, not \(found); omit the key to leave it off"
    }
    return Self(.flagValue, text)
  }

  // MARK: flag-value-true

  /// `true` for a flag that should be 1: iOS accepts it, and the advice must not be "omit the
  /// key", which turns the flag off.
  static func flagTrue(_ key: StaticString) -> Self {
    Self(.flagValueTrue, "'\(key)' should be the number 1, not true: iOS accepts true, but use 1 (omitting the key would turn it off)")
  }

  // MARK: flag-off

  /// `content-available` or `mutable-content` set to 0 or `false` (`found`: "0", "false"): off,
  /// the same as no key.
  static func flagOff(_ key: StaticString, found: String) -> Self {
    Self(.flagOff, "'\(key)': \(found) means off, the same as leaving the key out; leave it out (or write 1 to turn it on)")
  }

  // MARK: background-inert

  static var backgroundInert: Self {
    Self(.backgroundInert, "a background push without 'content-available': 1 wakes nothing; add it")
  }

  /// `content-available` present but off (`found`: "0", "false").
  static func backgroundFlagOff(found: String) -> Self {
    Self(.backgroundInert, "a background push with 'content-available': \(found) wakes nothing (\(found) means off); write 1")
  }

  // MARK: sound-shape

  static var soundDictionary: Self {
    Self(.soundShape,
         "a 'sound' dictionary is for critical alerts ('critical': 1); for a regular notification write the sound's name as a string")
  }

  // MARK: sound-shape-critical-off

  /// A sound dictionary with `critical: 0` (no effect: the named sound plays as a regular sound).
  static var soundDictionaryNotCritical: Self {
    Self(.soundShapeCriticalOff,
         "with 'critical': 0 the 'sound' dictionary plays its sound as a regular one: the sound's name as a string says the same")
  }

  // MARK: payload-whitespace

  /// Over the limit as written (`written` bytes), under it compact (`compact` bytes).
  static func payloadWhitespace(written: Int, compact: Int, limit: Int) -> Self {
    Self(.payloadWhitespace, "as written it is \(written) bytes, over the \(limit)-byte limit: send it compact, \(compact) bytes")
  }

  // MARK: alert-empty

  static var alertEmpty: Self {
    Self(.alertEmpty, "the alert shows nothing: it has no title, subtitle, body or loc-key")
  }

  // MARK: alert-text-conflict

  /// Both a text (`body`) and the key that localizes it (`loc-key`).
  static func alertTextConflict(text: StaticString, key: StaticString) -> Self {
    Self(.alertTextConflict, "both '\(text)' and '\(key)'; the device shows the localized '\(key)'")
  }

  // MARK: loc-args-without-key

  static func locArgsWithoutKey(args: StaticString, key: StaticString) -> Self {
    Self(.locArgsWithoutKey, "'\(args)' without '\(key)' is ignored")
  }

  // MARK: deprecated-key

  static func deprecatedKey(_ key: StaticString) -> Self { Self(.deprecatedKey, "'\(key)' is deprecated; iOS ignores it") }

  // MARK: platform-key

  /// A key of `aps` the platform does not support.
  static func platformKey(_ spec: KeySpec, platform: Platform) -> Self {
    let which = spec.liveActivity ? "a live activity key" : "supported on \(spec.platforms.names) only"
    return Self(.platformKey, "'\(spec.name)' is \(which); the \(platform.rawValue) platform ignores it")
  }

  // MARK: url-args-in-app-push

  /// `url-args` in a push to an app (`platform`): only Safari reads it.
  static func urlArgsInAppPush(_ spec: KeySpec, platform: Platform) -> Self {
    Self(.urlArgsInAppPush, platformKey(spec, platform: platform).text)
  }

  // MARK: platform-key

  /// An alert key a website push does not show.
  static func notSafariAlertKey(_ key: StaticString) -> Self {
    Self(.platformKey, "'\(key)' is not a Safari alert key; a website push shows only 'title', 'body' and 'action'")
  }

  static func criticalSound(platform: Platform) -> Self {
    Self(.platformKey, "critical sounds are supported on ios, macos, watchos and visionos only, not \(platform.rawValue)")
  }

  // MARK: sensitive-data

  static func sensitiveKey(_ key: String) -> Self {
    Self(.sensitiveData, "custom key '\(key)' looks like sensitive data; payloads are not end-to-end encrypted and show in logs")
  }

  static func sensitiveValue(_ value: String) -> Self {
    Self(.sensitiveData, "custom value '\(value)' looks like sensitive data")
  }

  // MARK: custom-key-allowlist

  static func customKeyNotAllowed(_ key: String) -> Self {
    Self(.customKeyAllowlist, "custom key '\(key)' is not in the allowed list")
  }
}

// MARK: sound-format

extension PayloadMessage {
  /// A sound file named with the `format` (its extension as written: "mp3") iOS does not play.
  static func soundFormat(_ format: String) -> Self {
    Self(.soundFormat, "'\(format)' is not a format iOS plays for notification sounds (aiff, wav or caf holding Linear PCM, MA4, µLaw or aLaw): the device plays the default sound instead; convert it, e.g. afconvert -f caff -d LEI16")
  }
}
