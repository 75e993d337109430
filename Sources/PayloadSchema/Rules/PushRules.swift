// The payload against its push type and headers (SPEC §3, "Push type and headers"): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `silent-push-shape`
  static var silentPushShape: Self {
    Self(.info, .push,
         fix: .never("whether the push is meant to show its alert or to be silent only the author knows; either edit changes what the device does"),
         consequence: "none beyond what the payload asks for: the push shows its alert, badge or sound and also wakes the app, a combination Apple documents; it is only not a silent push (a background push with them is push-type-mismatch)",
         summary: "content-available: 1 together with alert, badge or sound: the push shows them and also wakes the app (Apple documents the combination), so it is no longer a silent push; a background push with them is push-type-mismatch",
         card: RuleCard(symptom: "The alert, badge or sound shows and the app is also woken: the push is not a silent one.",
                        remedy: "For a silent push keep only content-available in aps; to show something and wake the app, keep it as it is.",
                        platforms: .allAPNs, sources: [.pushingBackgroundUpdates])) {
      RuleExamples(#"{"aps": {"content-available": 1️⃣1, "alert": "Hi"}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#)
    }
  }

  /// `push-type-mismatch`
  static var pushTypeMismatch: Self {
    Self(.error, .push,
         fix: .never("whether the payload or the push type is the wrong one only the author knows; the tool cannot tell which was meant"),
         consequence: "the push does not do what its type is for: an alert push with nothing to show is not displayed, a liveactivity push without event and timestamp or Live Activity keys in a push of another type never start, update or end the activity, a widgets or controls push without content-changed reloads nothing (the push's other consequences are rules of their own: push-type-key-unread, fileprovider-container-missing, alert-push-may-show-nothing, push-content-unread, aps-empty-untyped)",
         summary: "the payload contradicts the push type so that it does nothing: an alert push with nothing to show, a liveactivity push without event and timestamp, Live Activity keys in a push of another type, a widgets or controls push without content-changed",
         card: RuleCard(symptom: "APNs answers 200 but the push does not do what its type is for: an alert push with nothing to show displays nothing, Live Activity keys in another type change no activity.",
                        remedy: "Make apns-push-type and the payload agree: change the header to the type the payload is, or the payload to what the type needs.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .generatingRemoteNotification])) {
      RuleExamples(#"{"aps": 1️⃣{"content-available": 1}}"#,
                   pass: #"{"aps": {"alert": "Hi"}}"#,
                   triggerFlags: "--push-type alert",
                   passFlags: "--push-type alert")
    }
  }

  /// `push-type-key-unread`
  static var pushTypeKeyUnread: Self {
    Self(.warning, .push, group: RuleID(PayloadRule.pushTypeMismatch),
         fix: .never("whether the key or the push type is the wrong one only the author knows"),
         consequence: "the push arrives, but a key of it is not read or may not show: alert, badge or sound in a background push (Apple: it triggers no user interaction) or in a location push (handed to the location push extension, nobody sees it), other aps keys in a widgets, controls or accessory push (the system reads only content-changed, or the accessory's four members)",
         summary: "a key the push type does not read: alert, badge or sound in a background or location push, other aps keys in a widgets, controls or accessory push",
         card: RuleCard(symptom: "The push arrives, but the alert, badge or sound it carries is not shown, or the other key does nothing.",
                        remedy: "Send what the key does in a push of the type that reads it (an alert push for alert, badge and sound), or drop the key.",
                        platforms: .allAPNs, sources: [.pushingBackgroundUpdates, .locationPushExtension, .widgetPushes, .accessoryResponses])) {
      RuleExamples(#"{"aps": {"content-available": 1, "badge": 1️⃣1}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#,
                   triggerFlags: "--push-type background", passFlags: "--push-type background")
    }
  }

  /// `fileprovider-container-missing`
  static var fileProviderContainerMissing: Self {
    Self(.warning, .push, group: RuleID(PayloadRule.pushTypeMismatch),
         fix: .never("the container to enumerate again is the app's own identifier, which the payload does not contain"),
         consequence: "the system signals no enumerator, so the File Provider extension is not told what changed; the app's PushKit delegate still gets the push (Apple, \"Using push notifications to signal changes\")",
         summary: "a fileprovider push without a top-level container-identifier: no enumerator is signalled, only the app's PushKit delegate gets it",
         card: RuleCard(symptom: "Files changed on the server do not appear until the system enumerates again on its own; only the app's PushKit delegate sees the push.",
                        remedy: "Put the container to enumerate again in a top-level container-identifier (NSFileProviderWorkingSetContainerItemIdentifier for the working set), and domain for an app with domains.",
                        platforms: [.iOS("16.0"), .iPadOS("16.0"), .macOS("13.0")], sources: [.fileProviderPushes])) {
      RuleExamples(#"1️⃣{"domain": "Files"}"#,
                   pass: #"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier"}"#,
                   triggerFlags: "--push-type fileprovider", passFlags: "--push-type fileprovider")
    }
  }

  /// `alert-push-may-show-nothing`
  static var alertPushMayShowNothing: Self {
    Self(.warning, .push, group: RuleID(PayloadRule.pushTypeMismatch),
         fix: .never("the push type is a guess here: which one was meant, and what the alert should say, only the author knows"),
         consequence: "taken as an alert push (no push type or topic given), it shows nothing, and its aps holds a key of the alert written in the wrong place, so something was meant to show; sent with another push type it may be right",
         summary: "no push type or topic given, and an aps with nothing to show but a key of the alert in the wrong place (launch-image, summary-arg): as an alert push it shows nothing",
         card: RuleCard(symptom: "As an alert push nothing appears: the key meant to show something is not one the system reads there.",
                        remedy: "Write the alert's keys where Apple's table puts them (aps.alert.title), and give the push type (--push-type, apns-push-type) so the payload is checked as what it is.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples(#"{"aps": 1️⃣{"launch-image": "Splash"}}"#,
                   pass: #"{"aps": {"alert": {"body": "Hi", "launch-image": "Splash"}}}"#)
    }
  }

  /// `push-content-unread`
  static var pushContentUnread: Self {
    Self(.info, .push, group: RuleID(PayloadRule.pushTypeMismatch),
         fix: .never("whether the content was meant for another push only the author knows; removing it changes nothing"),
         consequence: "none: nothing reads the content, so no device shows or does anything with it: anything but {} to a Wallet pass topic (Wallet reads nothing of the payload: the device asks the pass's web service for the changed passes), aps in an mdm push (the device management daemon reads only mdm)",
         summary: "content nothing reads: anything but {} to a Wallet pass topic, aps in an mdm push",
         card: RuleCard(symptom: "Nothing: Wallet fetches the changed pass from its web service, and an MDM push is read for its mdm member only.",
                        remedy: "Send {} to a pass's topic and {\"mdm\": PushMagic} alone for MDM; put what Wallet should show in the pass's changeMessage.",
                        platforms: .allAPNs, sources: [.walletPassUpdates])) {
      RuleExamples(#"1️⃣{"aps": {"alert": "Your pass changed"}}"#,
                   pass: "{}",
                   triggerFlags: "--topic pass.com.example.card", passFlags: "--topic pass.com.example.card")
    }
  }

  /// `aps-empty-untyped`
  static var apsEmptyUntyped: Self {
    Self(.info, .push, group: RuleID(PayloadRule.pushTypeMismatch),
         fix: .never("the push type decides whether an empty aps is right; only the author knows it"),
         consequence: "none known: an empty aps, or one of the app's own data only, is exactly what voip, location and pushtotalk pushes send; it would show nothing only as an alert push, a guess made without push type or topic",
         summary: "an empty aps (or one of the app's own data only) with no push type or topic given: right for voip, location and pushtotalk pushes; give --push-type to check it",
         card: RuleCard(symptom: "Nothing, if the push is a voip, location or pushtotalk push; as an alert push nothing appears.",
                        remedy: "Give the push type (--push-type, apns-push-type) or the topic, so the payload is checked as what it is.",
                        platforms: .allAPNs, sources: [.voipPushes, .locationPushExtension, .pushToTalk])) {
      RuleExamples(#"{"aps": 1️⃣{}, "call": "1"}"#,
                   pass: #"{"aps": {}, "call": "1"}"#,
                   passFlags: "--push-type voip")
    }
  }

  /// `priority-mismatch`
  static var priorityMismatch: Self {
    Self(.error, .push, answer: APNsAnswer(.badPriority), part: .headers,
         fix: .never("which priority was meant cannot be told from one APNs refuses, and it is often given on the command line rather than in the file"),
         consequence: "APNs refuses a priority other than 1, 5 or 10 with 400 BadPriority; a background push at priority 10, and a Live Activity push at 1, are ones Apple calls errors, with no documented answer (a Live Activity request without apns-priority, which goes at 10, is live-activity-priority-unset)",
         summary: "priority not 1, 5 or 10; background with priority other than 5; a Live Activity push with priority other than 5 or 10",
         card: RuleCard(symptom: "APNs answers 400 BadPriority, or a background push at 10 (or a Live Activity push at 1) is one Apple calls an error and may not arrive as meant.",
                        remedy: "Send apns-priority 10 for alerts that must show now, 5 for background pushes and routine Live Activity updates, and never 1 for a Live Activity.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .pushingBackgroundUpdates])) {
      RuleExamples(#"1️⃣{"aps": {"content-available": 1}}"#,
                   pass: #"{"aps": {"content-available": 1}}"#,
                   triggerFlags: "--priority 10",
                   passFlags: "--priority 5")
    }
  }

  /// `topic-mismatch`
  static var topicMismatch: Self {
    Self(.error, .push, part: .headers,
         fix: .never("whether the topic or the push type is the wrong one only the author knows"),
         consequence: "the push is addressed to a topic that is not its push type's (Apple requires the suffix: a voip push goes to the bundle id plus .voip), so it does not reach the app as that push; APNs' answer is not documented",
         summary: "the topic lacks the suffix the push type needs (.voip, .complication, .push-type.liveactivity, …), or carries one of another push type (an alert push to app.voip)",
         card: RuleCard(symptom: "The push does not reach the app as its type: a voip push to the bare bundle id, or an alert to the .voip topic, is not delivered as meant.",
                        remedy: "Use the topic the push type needs: the bundle id plus .voip, .complication, .push-type.liveactivity, .push-type.location and so on, and the bare bundle id for alert and background.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests])) {
      RuleExamples(#"1️⃣{"aps": {}, "call": "1"}"#,
                   pass: #"{"aps": {}, "call": "1"}"#,
                   triggerFlags: "--push-type voip --topic com.example.app",
                   passFlags: "--push-type voip --topic com.example.app.voip")
    }
  }

  /// `collapse-id-too-long`
  static var collapseIDTooLong: Self {
    Self(.error, .push, answer: APNsAnswer(.badCollapseId), part: .headers,
         fix: .never("shortening the collapse id changes which notifications it replaces; the author must choose one of 64 bytes or fewer"),
         consequence: "APNs refuses the request: 400 BadCollapseId",
         summary: "collapse id over 64 bytes",
         card: RuleCard(symptom: "APNs answers 400 BadCollapseId and nothing is delivered.",
                        remedy: "Keep apns-collapse-id to 64 bytes or fewer: collapse on a short key such as an id.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples(#"1️⃣{"aps": {"alert": "Hi"}}"#,
                   pass: #"{"aps": {"alert": "Hi"}}"#,
                   triggerFlags: "--collapse-id " + String(repeating: "x", count: 65),
                   passFlags: "--collapse-id score-update")
    }
  }

  /// `live-activity-fields`
  static var liveActivityFields: Self {
    Self(.error, .push,
         fix: .never("the missing attributes, content-state or alert are the app's data, and which event or key was meant only the author knows"),
         consequence: "ActivityKit does not take the push as written: an update without content-state updates nothing, a start without attributes-type, attributes and alert, or sent on the broadcast transport (Apple: 'You can't use broadcast push notifications to start a Live Activity'), never starts the activity, an input-push-channel that is not a base64 channel id or goes to a device before iOS 18 subscribes the activity to no channel (no broadcast update reaches it), and input-push-token with input-push-channel is not a start Apple documents (a key that is only ignored is live-activity-key-ignored)",
         summary: "event start without attributes-type, attributes and alert; an update without content-state; start on the broadcast transport; input-push-token with input-push-channel; input-push-channel not base64, or to iOS before 18 (--os)",
         card: RuleCard(symptom: "APNs answers 200 but the Live Activity does not change: an update without content-state updates nothing, and a start without attributes-type, attributes and alert never starts.",
                        remedy: "Send event, timestamp and content-state on every update; on a start also attributes-type, attributes and an alert dictionary of title and body; start activities on the device transport, never on a broadcast channel.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": 1️⃣"start", "timestamp": 1700000000, "content-state": {}}}"#,
                   pass: #"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score", "attributes": {}, "alert": {"title": "Kick-off", "body": "Go"}}}"#)
    }
  }

  /// `live-activity-key-ignored`
  static var liveActivityKeyIgnored: Self {
    Self(.warning, .push, group: RuleID(PayloadRule.liveActivityFields),
         fix: .never("whether the key belongs in another push or nowhere only the author knows"),
         consequence: "the update arrives and only a key is ignored, cut short or of a shape whose handling Apple does not document: start-only keys on an update or end (attributes and the push token or channel are fixed at the start), a string alert (Apple documents a dictionary; its own command-line page sends a string, and nothing says the update is dropped), badge, a top-level sound, alert.subtitle, notification keys, dismissal-date on an event other than end, an end's dismissal-date past the four hours an ended activity stays (ActivityUIDismissalPolicy.after(_:))",
         summary: "a Live Activity key that is ignored: start-only keys on other events, a string alert, badge, a top-level sound, alert.subtitle, notification keys (category, thread-id, interruption-level, target-content-id, filter-criteria), dismissal-date before end, an end's dismissal-date more than four hours after its timestamp",
         card: RuleCard(symptom: "The Live Activity updates, but the badge, sound, subtitle or other key does nothing, or the ended activity leaves sooner than asked.",
                        remedy: "Send only what ActivityKit reads for the event: the alert as a dictionary of title, body and sound, start-only keys on the start, dismissal-date on the end within four hours.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, 1️⃣"badge": 1}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#)
    }
  }

  /// `timestamp-unit`
  static var timestampUnit: Self {
    Self(.warning, .push,
         fix: .never("a large value is likely milliseconds but may be a mistyped date, and an old one says nothing of the date meant"),
         consequence: "ActivityKit reads seconds since 1970, so a value in milliseconds is a date thousands of years ahead: a stale-date or dismissal-date never comes, and a later update whose timestamp is in seconds looks older than this one (an update's timestamp before 2022, which drops it, is timestamp-before-2022)",
         summary: "timestamp, stale-date or dismissal-date that looks like milliseconds (above 10^11)",
         card: RuleCard(symptom: "A date in milliseconds is thousands of years ahead: the stale or dismissal date never comes, and later updates in seconds are ignored as older.",
                        remedy: "Send timestamp, stale-date and dismissal-date in seconds since 1970 (Date.now() divided by 1000, rounded down).",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes, .activityUpdate])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1️⃣1700000000000, "content-state": {}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#)
    }
  }

  /// `timestamp-before-2022`
  static var timestampBefore2022: Self {
    Self(.error, .push, group: RuleID(PayloadRule.timestampUnit),
         fix: .never("an old timestamp says nothing of the date meant"),
         consequence: "a Live Activity update whose timestamp is before 2022 is older than any activity, and ActivityKit ignores an update older than the activity's last one (Apple, Activity.update(_:alertConfiguration:timestamp:)), so the update is dropped",
         summary: "a Live Activity update's timestamp before 2022: older than any activity, so the update is dropped",
         card: RuleCard(symptom: "APNs answers 200 but the Live Activity does not change: the update looks older than the activity's last one.",
                        remedy: "Send the time of the update in seconds since 1970 (Date.now() divided by 1000, rounded down), not a counter or a date before 2022.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes, .activityUpdate])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1️⃣1234, "content-state": {}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#)
    }
  }

  /// `timestamp-old`
  static var timestampOld: Self {
    Self(.error, .push,
         fix: .never("the time the content was made is the sender's to give; the clock the push is judged by is not it"),
         consequence: "ActivityKit ignores an update whose timestamp is older than the activity's last content (Apple, Activity.update(_:alertConfiguration:timestamp:): \"If this is older than a previous update or push payload, the system ignores this update\"), and a Live Activity stays on the device twelve hours at most (Apple, \"Displaying live data with Live Activities\": active up to eight hours, then up to four more on the Lock Screen, where an ended activity takes no update): an update timestamped more than twelve hours before it is sent is older than every activity it could reach, so it is dropped",
         summary: "judged against the time of sending (send, serve, check --now): an update whose timestamp is more than twelve hours before it is dropped",
         card: RuleCard(symptom: "APNs answers 200 but the Live Activity does not change: the update is older than any activity it could reach.",
                        remedy: "Set timestamp to the time the content was produced, in seconds since 1970, when you send it; never resend a stored payload with its old timestamp.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.activityUpdate, .liveActivities])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1️⃣1700000000, "content-state": {"score": 1}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1731536000, "content-state": {"score": 1}}}"#,
                   triggerFlags: "--now 1731536000", passFlags: "--now 1731536000")
    }
  }

  /// `timestamp-ahead`
  static var timestampAhead: Self {
    Self(.error, .push,
         fix: .never("the time the content was made is the sender's to give; a timestamp ahead of the clock may be a wrong clock or a wrong unit"),
         consequence: "an update timestamped more than eight hours (the longest a Live Activity is active) after it is sent is dropped (an Apple engineer on the developer forums, thread 776165, \"Broadcast Push Notifications - Update ignored\": \"timestamps beyond 8 hours (the max lifetime of a Live Activity) will also be dropped\")",
         summary: "judged against the time of sending (send, serve, check --now): an update whose timestamp is more than eight hours after it (or in milliseconds) is dropped",
         card: RuleCard(symptom: "APNs answers 200 but the update is dropped: its timestamp is more than eight hours ahead of the time it is sent.",
                        remedy: "Take timestamp from the server's clock at sending, in seconds (not milliseconds), and keep that clock in sync.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.activityUpdate, .liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1️⃣1731600000, "content-state": {"score": 1}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1731536000, "content-state": {"score": 1}}}"#,
                   triggerFlags: "--now 1731536000", passFlags: "--now 1731536000")
    }
  }

  /// `stale-date-past`
  static var staleDatePast: Self {
    Self(.warning, .push,
         fix: .never("when the content goes out of date is the sender's to say; the clock the push is judged by does not tell it"),
         consequence: "at its stale date a Live Activity's state becomes stale (Apple, ActivityContent.staleDate: \"When time reaches the configured stale date, the system considers the Live Activity out of date\") and the app's view shows its out-of-date look: a stale-date already past when the push is sent shows the content it brings as out of date from the moment it arrives, which the sender most likely did not mean; the content itself is shown",
         summary: "judged against the time of sending (send, serve, check --now): a start's or update's stale-date at or before it: the activity shows as stale on arrival",
         card: RuleCard(symptom: "The Live Activity shows its out-of-date look as soon as the update arrives.",
                        remedy: "Set stale-date to a future moment when the content will stop being current, or leave it out.",
                        platforms: [.iOS("16.2"), .iPadOS("17.0")], sources: [.activityStaleDate, .liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1731536000, "stale-date": 1️⃣1731535000, "content-state": {"score": 1}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1731536000, "stale-date": 1731539600, "content-state": {"score": 1}}}"#,
                   triggerFlags: "--now 1731536000", passFlags: "--now 1731536000")
    }
  }

  /// `content-state-unix-date`
  static var contentStateUnixDate: Self {
    Self(.warning, .push,
         fix: .never("whether the app reads the member as a Date, or as a number it converts itself, only its type says (check --activity)"),
         consequence: "ActivityKit decodes content-state with JSONDecoder's default strategies (Apple, \"Starting and updating Live Activities with ActivityKit push notifications\": \"the system always decodes JSON payloads for Live Activity updates using its default encoding strategies\"), which read a Date as seconds since 2001-01-01: a member the app declares a Date, sent as seconds since 1970, shows a date 31 years late (in milliseconds, millennia away); whether the member is a Date only the app's type says (check --activity, where it is activity-date-epoch's error or nothing), so the device most likely shows a date the sender did not mean",
         summary: "a content-state member whose name says date or time (updatedAt, endTime, eta, countdown_end, …) holding a number that reads as seconds or milliseconds since 1970: read as a Date, ActivityKit shows it 31 years late",
         card: RuleCard(symptom: "The Live Activity most likely shows a date 31 years late (or millennia away, for milliseconds).",
                        remedy: "Send Date members as seconds since 2001-01-01 (Unix seconds minus 978307200), or declare them as numbers in the app's ContentState; check with --activity.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"score": 1, "updatedAt": 1️⃣1700000000}}}"#,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"score": 1, "updatedAt": 721692800}}}"#)
    }
  }

  /// `accessory-fields`
  static var accessoryFields: Self {
    Self(.error, .push,
         fix: .never("the encrypted response, its session and the ratchet's key id and index come from the accessory; the tool cannot write them"),
         consequence: "the system decrypts an accessory's response with the ratchet step keyID and messageIndex name and hands it, by sessionIdentifier, to the accessory's data provider extension (Apple, \"Responding to forwarded notifications\"): without one of the four members, or with one that is not a string as Apple's sample sends it, it has nothing it can decrypt, so the response is dropped",
         summary: "an accessory push whose aps lacks encryptedData, sessionIdentifier, keyID or messageIndex, or holds one that is not a string (messageIndex too, as in Apple's sample): the response is not decrypted",
         card: RuleCard(symptom: "APNs answers 200 but the accessory's response is never decrypted: it is dropped.",
                        remedy: "Send all four members in aps as strings, as Apple's sample does: encryptedData, sessionIdentifier, keyID and messageIndex (\"messageIndex\": \"3\").",
                        platforms: [.iOS("26.5")], sources: [.accessoryResponses])) {
      RuleExamples(#"{"aps": {"encryptedData": "c2VhbGVkIHJlcGx5", "sessionIdentifier": "9B2D6E0A-51C4-4F7B-8A0E-3C5D7F1B2A44", "keyID": "a2V5LTE=", "messageIndex": 1️⃣7}}"#,
                   pass: #"{"aps": {"encryptedData": "c2VhbGVkIHJlcGx5", "sessionIdentifier": "9B2D6E0A-51C4-4F7B-8A0E-3C5D7F1B2A44", "keyID": "a2V5LTE=", "messageIndex": "7"}}"#,
                   triggerFlags: "--push-type accessory", passFlags: "--push-type accessory")
    }
  }

  /// `safari-fields`
  static var safariFields: Self {
    Self(.error, .push,
         fix: .never("the title, body and url-args of a website push are the site's own text and data; the tool cannot write them"),
         consequence: "Apple's website push payload requires url-args and an alert of title and body, so without them Safari does not show the push",
         summary: "platform safari: url-args missing, or alert not an object with title and body",
         card: RuleCard(symptom: "Safari shows nothing: a website push needs url-args and an alert of title and body.",
                        remedy: "Give aps an alert dictionary with title and body, and a url-args array (empty when the URL has no placeholders).",
                        platforms: [.safari()], sources: [.safariWebsitePush])) {
      RuleExamples(#"{"aps": 1️⃣{"url-args": []}}"#,
                   pass: #"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#,
                   triggerFlags: "--platform safari",
                   passFlags: "--platform safari")
    }
  }

  /// `safari-legacy-push`
  static var safariLegacyPush: Self {
    Self(.error, .push,
         fix: .never("moving to web push changes the site's subscription, its server and its keys (VAPID), not the payload"),
         consequence: "legacy Safari push (a website push sent through APNs with a website push certificate and url-args) reaches Safari 26.3 and earlier only: Safari 26.4 ended it, so on Safari 26.4 and later the push is dropped (without --os, the Safari version, safari-legacy-push-reach)",
         summary: "a Safari website push (platform safari) to Safari 26.4 or later (--os): Safari 26.4 ended legacy Safari push; send web push (--platform web)",
         card: RuleCard(symptom: "Users on Safari 26.4 and later get nothing: legacy Safari website push has ended there.",
                        remedy: "Move to web push (the Push API with VAPID through web.push.apple.com) and check those pushes with --platform web; keep legacy pushes only for Safari 26.3 and earlier.",
                        platforms: [.safari("26.4")], sources: [.safariWebsitePush, .webPush])) {
      RuleExamples(#"1️⃣{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#,
                   pass: #"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#,
                   triggerFlags: "--platform safari --os 26.4", passFlags: "--platform safari --os 26.3")
    }
  }

  /// `safari-legacy-push-reach`
  static var safariLegacyPushReach: Self {
    Self(.warning, .push, group: RuleID(PayloadRule.safariLegacyPush),
         fix: .never("moving to web push changes the site's subscription, its server and its keys (VAPID), not the payload"),
         consequence: "legacy Safari push reaches Safari 26.3 and earlier only: without the Safari version (--os) some recipients still get the push and those on Safari 26.4 and later get nothing",
         summary: "a Safari website push (platform safari) with no Safari version given: users on Safari 26.4 and later get nothing, earlier ones still do; send web push (--platform web)",
         card: RuleCard(symptom: "Users on Safari 26.4 and later get nothing; users on earlier Safari still get the push.",
                        remedy: "Move to web push (the Push API with VAPID through web.push.apple.com) and check those pushes with --platform web.",
                        platforms: [.safari("26.4")], sources: [.safariWebsitePush, .webPush])) {
      RuleExamples(#"1️⃣{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#,
                   pass: #"{"aps": {"alert": {"title": "News", "body": "Hi"}, "url-args": []}}"#,
                   triggerFlags: "--platform safari", passFlags: "--platform safari --os 26.3")
    }
  }

  /// `push-type-platform`
  static var pushTypePlatform: Self {
    Self(.error, .push,
         fix: .never("whether to send another push type, or not to send it to that platform, is the author's decision"),
         consequence: "the push never reaches what it is for: Apple lists the platform among those the push type isn't available on, or the device's OS predates the framework that receives the type (ActivityKit's push updates 16.1, the Location Push Service Extension 15, Push to Talk 16, WidgetKit's control push handler iOS 18 and macOS/watchOS 26, its widget push handler 26, the Accessory Notifications framework iOS 26.5, on iPhone only), so the push is dropped",
         summary: "a push type the platform does not receive (location, liveactivity or pushtotalk on watchos, macos or tvos; voip, fileprovider or mdm on watchos; accessory anywhere but ios; anything but alert to safari), or one newer than the OS given with --os (widgets before 26, controls before iOS 18, accessory before iOS 26.5)",
         card: RuleCard(symptom: "APNs answers 200 but the device drops the push: its platform, or its OS version, does not receive that push type.",
                        remedy: "Send the type only to devices that receive it (location, liveactivity and pushtotalk to iPhone and iPad; controls from iOS 18; widgets from OS 26; accessory to iPhone on iOS 26.5), and reach the others another way.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests])) {
      RuleExamples(#"1️⃣{"aps": {}, "query": "where"}"#,
                   pass: #"{"aps": {}, "query": "where"}"#,
                   triggerFlags: "--push-type location --platform watchos",
                   passFlags: "--push-type location --platform ios --os 15.0")
    }
  }

  /// `push-type-deprecated`
  static var pushTypeDeprecated: Self {
    Self(.info, .push,
         fix: .never("moving from ClockKit to WidgetKit complications is a change to the app, not to the push"),
         consequence: "none today: a complication push still reloads a ClockKit complication, but ClockKit is deprecated (TN3157: WidgetKit complications replace it from watchOS 9) and WidgetKit complications are reloaded by a widgets push (watchOS 26)",
         summary: "the complication push type, which reaches only ClockKit complications (deprecated); WidgetKit complications take a widgets push",
         card: RuleCard(symptom: "Nothing changes today: a complication push still reloads a ClockKit complication, but ClockKit is deprecated.",
                        remedy: "Move the complication to WidgetKit and reload it with a widgets push.",
                        platforms: [.watchOS()], sources: [.clockKitComplications, .widgetPushes])) {
      RuleExamples(#"1️⃣{"aps": {"content-available": 1}}"#,
                   pass: #"{"aps": {"content-changed": true}}"#,
                   triggerFlags: "--push-type complication --platform watchos",
                   passFlags: "--push-type widgets --platform watchos --os 26")
    }
  }
}

// The messages of the push rules (`PayloadMessage`): the checker reports them against the headers
// a payload travels with (`--priority`, `--topic`), the request reader against a request's own
// header lines (`apns-priority: 7`).
extension PayloadMessage {
  // MARK: silent-push-shape

  /// `shown`: the visible keys present, quoted and comma-separated (`'alert', 'sound'`).
  static func silentPushShape(shown: String) -> Self {
    Self(.silentPushShape, "'content-available' with \(shown): the push shows \(shown) and also wakes the app; send it as an alert push, it is not a silent one")
  }

  // MARK: push-type-platform

  /// `pushType` is not delivered to `platform` at all.
  package static func pushTypeUnavailable(_ pushType: PushType, platform: Platform) -> Self {
    if platform == .safari {
      return Self(.pushTypePlatform, "a Safari website push is an alert: push type '\(pushType.rawValue)' reaches nothing in Safari")
    }
    return Self(.pushTypePlatform, "push type '\(pushType.rawValue)' isn't available on \(platform.rawValue) (Apple's apns-push-type table): the push reaches nothing there")
  }

  /// `pushType` needs `minimum` of `platform`, which `os` predates.
  package static func pushTypeTooNew(_ pushType: PushType, platform: Platform, os: OSVersion, minimum: OSVersion, receiver: String) -> Self {
    Self(.pushTypePlatform, "push type '\(pushType.rawValue)' needs \(platform.rawValue) \(minimum) or later (\(receiver)); on \(platform.rawValue) \(os) nothing receives it")
  }

  /// A push-to-start (`"event": "start"`) for an iOS before 17.2, where ActivityKit has no
  /// push-to-start token (`Activity.pushToStartToken`, iOS 17.2; Apple, "Starting and updating Live
  /// Activities with ActivityKit push notifications"; Mobile Surfaces' trap MS012).
  package static func pushToStartTooNew(os: OSVersion) -> Self {
    Self(.pushTypePlatform, "a Live Activity start ('event': 'start') needs iOS 17.2 or later (ActivityKit's push-to-start token); on iOS \(os) nothing starts")
  }

  // MARK: push-type-deprecated

  static var complicationDeprecated: Self {
    Self(.pushTypeDeprecated, "push type 'complication' reloads only ClockKit complications; ClockKit is deprecated (TN3157: WidgetKit complications replace it from watchOS 9), and a WidgetKit complication is reloaded by push type 'widgets' (watchOS 26)")
  }

  // MARK: push-type-mismatch

  /// A payload other than `{}` to a Wallet pass topic (`push-content-unread`: Wallet reads nothing of it).
  static var walletIgnoresContent: Self {
    Self(.pushContentUnread,
         "Wallet does not read a pass update's payload: the device asks the pass's web service for the changed passes, and what this payload holds changes nothing, an alert included (a pass update is sent as {}; a pass field's changeMessage is what Wallet shows when it changes)")
  }

  /// A visible key (`alert`, `badge`, `sound`) in a background push.
  static func visibleKeyInBackgroundPush(_ key: StaticString) -> Self {
    Self(.pushTypeKeyUnread, "a background push should carry only 'content-available': Apple says it triggers no user interaction, so '\(key)' may never show; use push type alert")
  }

  /// A File Provider push without `container-identifier` (Apple, "Using push notifications to
  /// signal changes": the system calls `signalEnumerator(for:)` with the identifier the payload
  /// names, and also hands the push to the app's PushKit delegates): `fileprovider-container-missing`.
  static var fileProviderWithoutContainer: Self {
    Self(.fileProviderContainerMissing, "a File Provider push names the container to enumerate again in a top-level 'container-identifier' "
      + "(and 'domain' for an app with domains); without it the system signals no enumerator, and only the app's PushKit delegate gets the push")
  }

  /// An alert push with nothing to show; `hasMDM`: it has an `mdm` member.
  static func alertPushShowsNothing(hasMDM: Bool) -> Self {
    Self(.pushTypeMismatch, hasMDM
      ? "an alert push needs 'alert', 'badge' or 'sound'; with 'mdm' this looks like an MDM push, which has no 'aps' (or give --push-type mdm)"
      : "an alert push needs 'alert', 'badge' or 'sound'; a push without them is a background push")
  }

  /// An alert push whose `aps` holds nothing to show but an alert key in the wrong place, with
  /// neither push type nor topic given (`alert-push-may-show-nothing`).
  static var alertPushMayShowNothing: Self {
    Self(.alertPushMayShowNothing, alertPushShowsNothing(hasMDM: false).text)
  }

  /// An empty `aps` with neither push type nor topic (`aps-empty-untyped`: VoIP, location and Push
  /// to Talk pushes send exactly this, so what it does depends on the push type it is sent with).
  static var emptyApsWithoutPushType: Self {
    Self(.apsEmptyUntyped,
         "an empty 'aps' shows nothing as an alert push; voip, location and pushtotalk pushes send exactly this: give --push-type or --topic to check it")
  }

  /// `missing`: the quoted keys a liveactivity push lacks (`'event'`, `'timestamp'`).
  static func liveActivityPushNeeds(_ missing: [String]) -> Self {
    Self(.pushTypeMismatch, "a liveactivity push needs \(missing.joined(separator: " and "))")
  }

  /// `aps` in an MDM push (information: Apple documents the payload as the push magic alone,
  /// nothing says the device or APNs refuses more, and the device management daemon reads only
  /// `mdm`: nothing changes on the device).
  static var apsInMDMPush: Self {
    Self(.pushContentUnread, "an mdm push is {\"mdm\": PushMagic} alone: 'aps' is not read (no app shows an MDM push); leave it out")
  }

  /// A widgets or controls push without `content-changed: true`.
  static func contentChangedMissing(pushType: PushType) -> Self {
    Self(.pushTypeMismatch, "a \(pushType.rawValue) push needs 'content-changed': true")
  }

  /// Another `aps` key in a widgets or controls push (`push-type-key-unread`).
  static func keyNotReadByContentChangedPush(_ key: StaticString, pushType: PushType) -> Self {
    Self(.pushTypeKeyUnread, "a \(pushType.rawValue) push carries only 'content-changed'; '\(key)' is not read")
  }

  /// Another key Apple defines in an accessory push's `aps` (`push-type-key-unread`).
  static func keyNotReadByAccessoryPush(_ key: StaticString) -> Self {
    Self(.pushTypeKeyUnread, "an accessory push's 'aps' carries only 'encryptedData', 'sessionIdentifier', 'keyID' and 'messageIndex'; '\(key)' is not read (nothing shows on the iPhone: the system hands the decrypted response to the accessory's data provider extension)")
  }

  /// Live Activity keys (`names`, quoted) in a push of another type; `event` as read.
  static func liveActivityKeysInOtherPush(_ names: [String], pushType: PushType, event: LiveActivityEvent) -> Self {
    let what = switch event {
    case .start: "the Live Activity never starts"
    case .end: "the Live Activity never ends"
    default: "the Live Activity is not updated"
    }
    let keys = names.count == 1 ? "\(names[0]) is a Live Activity key" : "\(names.joined(separator: ", ")) are Live Activity keys"
    return Self(.pushTypeMismatch,
                "\(keys), but the push type is \(pushType.rawValue): only a liveactivity push (topic '<bundle id>.push-type.liveactivity') reaches ActivityKit, so \(what)")
  }

  /// A visible key in a location push (`push-type-key-unread`: nobody sees it).
  static func visibleKeyInLocationPush(_ key: StaticString) -> Self {
    Self(.pushTypeKeyUnread, "a location push is handed to the location push extension; nobody sees '\(key)'")
  }

  // MARK: priority-mismatch

  static func priorityNotKnown(_ priority: Int) -> Self {
    Self(.priorityMismatch, "priority \(priority) is not one of 1, 5 or 10")
  }

  /// A broadcast without `apns-priority` (Apple's broadcast header table: Required).
  static var broadcastNeedsPriority: Self {
    Self(.priorityMismatch, "a broadcast push needs apns-priority (10, 5 or 1); Apple's broadcast header table marks it Required")
  }

  /// A Live Activity push at a priority other than 5 or 10.
  static func liveActivityPriority(_ priority: Int) -> Self {
    Self(.priorityMismatch, "a Live Activity push has priority 5 or 10, not \(priority) (Apple, \"Starting and updating Live Activities with ActivityKit push notifications\")")
  }

  static func backgroundPriority(_ priority: Int) -> Self {
    Self(.priorityMismatch, "a background push must have priority 5, not \(priority)")
  }

  /// A request's apns-priority header that is not 1, 5 or 10 (`text` as written).
  static func priorityHeaderNotAllowed(_ text: String) -> Self {
    Self(.priorityMismatch, "apns-priority '\(Visible.short(text))' is not 1, 5 or 10")
  }

  /// A background push with no apns-priority header, which APNs sends at 10.
  /// A Live Activity request without `apns-priority` (information: one push changes nothing).
  static var liveActivityDefaultPriority: Self {
    Self(.liveActivityPriorityUnset, "no apns-priority: APNs sends this Live Activity push at 10, at once, and each push at 10 draws on the activity's budget of high-priority updates, past which the system throttles them (Apple, \"Starting and updating Live Activities with ActivityKit push notifications\", Determine the update frequency); send 5 for updates that need not arrive at once, 10 where they must")
  }

  static var backgroundAtDefaultPriority: Self {
    Self(.priorityMismatch, "a background push must have priority 5, not 10 (no apns-priority: APNs sends at 10)")
  }

  // MARK: topic-mismatch

  static func topicLacksSuffix(topic: String, suffix: String, pushType: PushType) -> Self {
    Self(.topicMismatch, "topic '\(topic)' lacks the suffix '\(suffix)' a \(pushType.rawValue) push needs")
  }

  /// The topic carries its push type's suffix twice (`app.push-type.liveactivity.push-type.liveactivity`,
  /// Mobile Surfaces' trap MS018): APNs reads the bundle id as everything before the last suffix,
  /// a bundle id with the suffix in it, which the token's app is not.
  static func topicSuffixTwice(topic: String, suffix: String) -> Self {
    Self(.topicMismatch, "topic '\(topic)' carries '\(suffix)' twice: the bundle id is the topic once, without the suffix")
  }

  /// The topic carries the suffix of `named` pushes (an alert push to `app.voip`).
  static func topicOfAnotherPushType(topic: String, suffix: String, named: PushType, pushType: PushType) -> Self {
    Self(.topicMismatch,
         "topic '\(topic)' ends in '\(suffix)', the topic of \(named.rawValue) pushes, but the push type is '\(pushType.rawValue)'")
  }

  // MARK: collapse-id-too-long

  static func collapseID(bytes: Int) -> Self {
    Self(.collapseIDTooLong, "collapse id is \(bytes) bytes; APNs allows 64")
  }

  /// A request's apns-collapse-id header over 64 bytes.
  static func collapseIDHeaderTooLong(bytes: Int) -> Self {
    Self(.collapseIDTooLong, "apns-collapse-id is \(bytes) bytes; APNs allows 64")
  }

  // MARK: live-activity-fields

  /// A start without `missing` (unquoted names).
  static func liveActivityStartNeeds(_ missing: [StaticString]) -> Self {
    Self(.liveActivityFields, "a live activity start needs \(missing.map { "'\($0)'" }.joined(separator: ", "))")
  }

  /// An update without `content-state`.
  static var liveActivityUpdateWithoutContentState: Self {
    Self(.liveActivityFields, "a Live Activity update without 'content-state' carries no content for ActivityKit to decode: nothing is updated")
  }

  static var broadcastStart: Self {
    Self(.liveActivityFields,
         "a broadcast push cannot start a live activity (Apple: \"You can't use broadcast push notifications to start a Live Activity\")")
  }

  static var tokenAndChannel: Self {
    Self(.liveActivityFields, "'input-push-token' and 'input-push-channel' together; send one")
  }

  // MARK: live-activity-key-ignored

  static func startOnlyKey(_ key: StaticString) -> Self {
    Self(.liveActivityKeyIgnored, "'\(key)' belongs to a live activity start only; an update or end does not read it (what it sets is fixed when the activity starts)")
  }

  static var liveActivityAlertString: Self {
    Self(.liveActivityKeyIgnored, "a live activity's 'alert' is a dictionary of 'title', 'body' and 'sound', not a string; what ActivityKit does with a string is not documented, so the alert may not be shown")
  }

  static var liveActivityBadge: Self {
    Self(.liveActivityKeyIgnored, "'badge' is not a live activity key; the system ignores it")
  }

  static var liveActivitySound: Self {
    Self(.liveActivityKeyIgnored, "a live activity's sound goes inside 'alert' ('alert': {'sound': …}); 'aps.sound' is ignored")
  }

  static var liveActivitySubtitle: Self {
    Self(.liveActivityKeyIgnored, "'subtitle' is not a live activity alert key; the alert shows 'title' and 'body'")
  }

  /// A key that presents a notification (`category`, `thread-id`, `interruption-level`,
  /// `target-content-id`, `filter-criteria`) in a Live Activity push (`live-activity-key-ignored`).
  static func notALiveActivityKey(_ key: StaticString) -> Self {
    Self(.liveActivityKeyIgnored, "'\(key)' is a notification key, not a live activity key; a Live Activity push ignores it")
  }

  // MARK: live-activity-fields

  /// `aps.input-push-channel` that is not a channel id APNs could have issued (`problem`: why).
  static func inputPushChannelNotAChannel(_ problem: String) -> Self {
    Self(.liveActivityFields, "'input-push-channel' \(problem); a channel id is the base64 string APNs returned in apns-channel-id (Apple, PushType.channel(_:)), so the activity subscribes to no channel and no broadcast update reaches it")
  }

  /// `aps.input-push-channel` to a device whose OS (`--os`) predates channels.
  static func inputPushChannelBeforeChannels(_ os: OSVersion) -> Self {
    Self(.liveActivityFields, "'input-push-channel' needs iOS 18 (ActivityKit's PushType.channel(_:) is iOS 18.0 and later); a device on iOS \(os) does not subscribe the activity to the channel, so no broadcast update reaches it")
  }

  // MARK: live-activity-key-ignored

  /// An end's `dismissal-date` more than four hours after its `timestamp` (`hours`, as shown).
  static func dismissalDateBeyondWindow(hours: String) -> Self {
    Self(.liveActivityKeyIgnored, "'dismissal-date' is \(hours) hours after the end's 'timestamp'; the system removes an ended Live Activity four hours after it ends at the latest (Apple, ActivityUIDismissalPolicy.after(_:): \"after the specified date or after four hours from the moment the Live Activity ended — whichever comes first\"), so it leaves the Lock Screen earlier than this date")
  }

  static var dismissalDateBeforeEnd: Self {
    Self(.liveActivityKeyIgnored, "'dismissal-date' is read with 'event': 'end' only; on other events it is ignored")
  }

  // MARK: timestamp-before-2022

  /// timestamp-unit's finding of an update's timestamp before 2022 (`text`, its words), once the
  /// event is known to be an update: the update is dropped.
  static func timestampBefore2022(text: String) -> Self { Self(.timestampBefore2022, text + ", so this update is dropped") }

  // MARK: timestamp-old

  /// An update's `timestamp` (`value`, as written) `age` before the time of sending `sent`.
  static func timestampOld(_ value: String, age: String, sent: Int64) -> Self {
    Self(.timestampOld, "'timestamp' \(value) (\(CivilDate.text(unix: Double(value) ?? .nan))) is \(age) before the time of sending (\(CivilDate.text(unix: Double(sent)))), older than any Live Activity lasts (twelve hours): ActivityKit ignores an update older than the activity's last content, so this update is dropped; set 'timestamp' to the time the content is made")
  }

  // MARK: timestamp-ahead

  /// An update's `timestamp` `ahead` after the time of sending `sent` (`milliseconds`: over 10^11).
  static func timestampAhead(_ value: String, ahead: String, sent: Int64, milliseconds: Bool) -> Self {
    let unit = milliseconds ? " (milliseconds? APNs expects seconds since 1970)" : ""
    return Self(.timestampAhead, "'timestamp' \(value) is \(ahead) after the time of sending (\(CivilDate.text(unix: Double(sent))))\(unit), more than the eight hours a Live Activity runs: the update is dropped; set 'timestamp' to the time the content is made")
  }

  // MARK: stale-date-past

  /// A `stale-date` (`value`, as written) `age` before, or at, the time of sending `sent`.
  static func staleDatePast(_ value: String, age: String, sent: Int64) -> Self {
    Self(.staleDatePast, "'stale-date' \(value) (\(CivilDate.text(unix: Double(value) ?? .nan))) is \(age) before the time of sending (\(CivilDate.text(unix: Double(sent)))): the activity shows this content as out of date the moment it arrives; send a stale-date after the time the content stops being current")
  }

  // MARK: content-state-unix-date

  /// A `content-state` member `key` whose number `value` reads as seconds or milliseconds since 1970.
  static func contentStateUnixDate(_ key: String, value: Double) -> Self {
    let milliseconds = value > 1e11
    let unix = milliseconds ? value / 1000 : value
    let since2001 = Int64(unix.rounded(.down)) - CivilDate.referenceOffset
    let decoded = value + Double(CivilDate.referenceOffset)
    let written = value.rounded() == value ? CivilDate.grouped(Int64(value)) : String(value)
    let away = milliseconds ? "millennia away" : "31 years late"
    return Self(.contentStateUnixDate, "'\(Visible.short(key))' \(written) reads as \(milliseconds ? "milliseconds" : "seconds") since 1970 (\(CivilDate.text(unix: unix))); read as a Date (seconds since 2001, ActivityKit's default decoding) it is \(CivilDate.text(unix: decoded)), \(away): if the app declares it a Date, send \(CivilDate.grouped(since2001)) (seconds since 2001); check with --activity and the app's Swift types to know")
  }

  // MARK: accessory-fields

  /// An accessory push without `missing` (the members' names, in Apple's order).
  static func accessoryPushNeeds(_ missing: [StaticString]) -> Self {
    let names = missing.map { "'\($0)'" }
    let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    return Self(.accessoryFields, "an accessory push's 'aps' needs 'encryptedData', 'sessionIdentifier', 'keyID' and 'messageIndex' (Apple, \"Responding to forwarded notifications\"); without \(list) the system cannot decrypt the accessory's response, so it is dropped")
  }

  /// A member of an accessory push that is not a string (`found`: what it is).
  static func accessoryMemberNotString(_ key: StaticString, found: JSONKinds) -> Self {
    Self(.accessoryFields, "'\(key)' must be a string, as Apple's sample sends it, not \(found.described); the system cannot decrypt the accessory's response with it, so the response is dropped")
  }

  // MARK: safari-legacy-push

  /// A Safari website push to Safari `os` (26.4 or later, `--os`).
  static func legacySafariPushEnded(os: OSVersion) -> Self {
    Self(.safariLegacyPush, legacySafariPushText(reach: "and Safari \(os) drops it"))
  }

  // MARK: safari-legacy-push-reach

  /// A Safari website push with no Safari version given.
  static var legacySafariPushReach: Self {
    Self(.safariLegacyPushReach, legacySafariPushText(reach: "so users on Safari 26.4 and later get nothing"))
  }

  private static func legacySafariPushText(reach: String) -> String {
    "a Safari website push (a website push certificate, url-args) reaches Safari 26.3 and earlier only: Safari 26.4 ended legacy Safari push, \(reach); send a web push instead (check its message with --platform web)"
  }

  // MARK: safari-fields

  static var urlArgsMissing: Self {
    Self(.safariFields, "a website push needs 'url-args' (an array, possibly empty)")
  }

  static var safariAlertShape: Self {
    Self(.safariFields, "a website push needs 'alert' as an object with 'title' and 'body'")
  }
}

extension PushAvailability {
  /// The `push-type-platform` finding for a push of `pushType` to one device of `platform` running
  /// `os` (nil: unknown), or nil when the push reaches it or Apple does not say. For code that
  /// knows its devices (a registry, `serve --devices`): APNs accepts such a push with 200, and the
  /// device drops it.
  public static func finding(_ pushType: PushType, on platform: Platform, os: OSVersion?) -> Finding? {
    switch problem(pushType, on: platform, os: os) {
    case .unavailable?:
      return Finding(.pushTypeUnavailable(pushType, platform: platform), offset: 0, line: 1, column: 1, keyPath: nil)
    case .tooOld(let minimum, let receiver)?:
      guard let os else { return nil }
      return Finding(.pushTypeTooNew(pushType, platform: platform, os: os, minimum: minimum, receiver: receiver),
                     offset: 0, line: 1, column: 1, keyPath: nil)
    case nil:
      return nil
    }
  }
}
