// Web push messages to Safari and Home Screen web apps (SPEC §16): one definition per rule, and
// the messages each reports. Checked by `DeclarativePushValidator` (`WebPush/`), not by the APNs
// payload checker. How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `web-push-declarative`
  static var webPushDeclarative: Self {
    Self(.error, .web,
         fix: .never("the title, URL or value meant is the site's own; the tool cannot know the site's origin or text"),
         consequence: "Safari does not show the message as declared: its parser fails, so the message is handed to the site's service worker as an ordinary push, and with no service worker it is dropped; a push a service worker does not show counts towards the three silent pushes after which Safari revokes the site's permission (WebKit's NotificationJSONParser, the W3C declarative push message parser)",
         summary: "a message with \"web_push\": 8030 that Safari's parser refuses: no notification object, no title or an empty one, a navigate or icon that is not an absolute URL, a member of the wrong type",
         card: RuleCard(symptom: "Safari shows nothing by itself: the declarative message does not parse, so it goes to the service worker, or is dropped without one.",
                        remedy: "Send {\"web_push\": 8030, \"notification\": {\"title\": \"...\", \"navigate\": \"https://...\"}} with a non-empty title and absolute URLs.",
                        platforms: [.web], sources: [.declarativeWebPush, .webPush])) {
      RuleExamples(#"{"web_push": 8030, "notification": {"title": "Your order shipped", "navigate": 1️⃣"/orders/1"}}"#,
                   pass: #"{"web_push": 8030, "notification": {"title": "Your order shipped", "navigate": "https://shop.example/orders/1"}}"#,
                   triggerFlags: "--platform web", passFlags: "--platform web")
    }
  }

  /// `web-push-not-declarative`
  static var webPushNotDeclarative: Self {
    Self(.warning, .web,
         fix: .never("whether the message is meant for Safari to show or for the site's service worker only the author knows"),
         consequence: "Safari shows nothing by itself for a message that is not declarative: only the site's service worker can show it, and an APNs payload or a web_push that is not the number 8030 is plainly meant to be shown as declared (an ordinary service-worker message is web-push-service-worker)",
         summary: "a web push message that is not a declarative one: an APNs payload (aps), web_push that is not the number 8030, a notification without web_push",
         card: RuleCard(symptom: "Safari shows nothing unless the site's service worker shows the push.",
                        remedy: "Send a declarative message (web_push 8030 with a notification of title and navigate), or make sure the service worker shows every push.",
                        platforms: [.web], sources: [.declarativeWebPush, .webPush])) {
      RuleExamples(#"{1️⃣"web_push": "8030", "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#,
                   pass: #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#,
                   triggerFlags: "--platform web", passFlags: "--platform web")
    }
  }

  /// `web-push-service-worker`
  static var webPushServiceWorker: Self {
    Self(.info, .web, group: RuleID(PayloadRule.webPushNotDeclarative),
         fix: .never("whether the message is meant for Safari to show or for the site's service worker only the author knows"),
         consequence: "none: an ordinary web push message, with no aps, web_push or notification, is what a site's service worker receives and shows itself; Safari shows nothing by itself, as meant",
         summary: "an ordinary web push message for the site's service worker (no web_push, no notification): not a declarative one",
         card: RuleCard(symptom: "Nothing unless the site's service worker shows it, which is how such messages work.",
                        remedy: "Make sure the service worker shows every push, or send a declarative message (web_push 8030 with a notification of title and navigate).",
                        platforms: [.web], sources: [.declarativeWebPush, .webPush])) {
      RuleExamples(#"1️⃣{"score": 3}"#,
                   pass: #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#,
                   triggerFlags: "--platform web", passFlags: "--platform web")
    }
  }

  /// `web-push-member`
  static var webPushMember: Self {
    Self(.warning, .web,
         fix: .never("the member may serve other browsers, and the https page meant is the site's; whether and how to change it is the author's choice"),
         consequence: "Safari shows the notification without what the member was for: it does not read actions, image, badge, vibrate, timestamp, renotify, requireInteraction or an unknown member, nor app_badge inside notification, and a navigate that is not https opens outside the web app",
         summary: "a notification member Safari does not read, one in the place an older draft had it, or a navigate that is not https",
         card: RuleCard(symptom: "The notification appears without what the member was for (actions, an image, a badge), or opens its link outside the web app.",
                        remedy: "Use the members Safari reads (title, body, navigate, lang, dir, silent, tag, data; app_badge beside notification) and an https navigate.",
                        platforms: [.web], sources: [.declarativeWebPush])) {
      RuleExamples(#"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", 1️⃣"actions": []}}"#,
                   pass: #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#,
                   triggerFlags: "--platform web", passFlags: "--platform web")
    }
  }

  /// `web-push-too-large`
  static var webPushTooLarge: Self {
    Self(.error, .web, answer: APNsAnswer(.payloadTooLarge, on: .webPush),
         fix: .never("what to shorten is the author's choice: any cut changes what the user reads"),
         consequence: "Apple's web push service refuses the request: 413 PayloadTooLarge (a 4 KB encrypted body holds 3993 bytes of message)",
         summary: "a web push message over 3993 bytes, more than a 4096-byte aes128gcm body holds (Apple answers 413 PayloadTooLarge)",
         card: RuleCard(symptom: "Apple's web push service answers 413 PayloadTooLarge and nothing is delivered.",
                        remedy: "Keep the message under 3,993 bytes: shorten the texts, send ids and let the site fetch the rest.",
                        platforms: [.web], sources: [.webPush, .rfc8030])) {
      RuleExamples(#"1️⃣{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "body": ""# + String(repeating: "x", count: 4000) + #""}}"#,
                   pass: #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "body": "x"}}"#,
                   triggerFlags: "--platform web", passFlags: "--platform web")
    }
  }

  /// `web-push-tag`
  static var webPushTag: Self {
    Self(.warning, .web,
         fix: .never("the tag may serve browsers that honour it; whether to remove it is the author's choice"),
         consequence: "every push with the tag shows as a notification of its own: Safari does not replace the shown notification with the same tag, as the Notifications API's show steps say (WebKit bug 258922; MDN's compatibility data: in Safari the tag can be set but has no effect), so updates meant to replace one another (an unread count, an order's status) pile up in Notification Center",
         summary: "a notification tag, which Safari does not use to replace the earlier notification with the same tag: every push shows as a notification of its own",
         card: RuleCard(symptom: "Every push with the tag shows as a notification of its own; they pile up in Notification Center instead of replacing one another.",
                        remedy: "Don't rely on tag to replace notifications in Safari: send a notification only for an event worth reading on its own.",
                        platforms: [.web], sources: [.webPush])) {
      RuleExamples(#"{"web_push": 8030, "notification": {"title": "3 new messages", "navigate": "https://chat.example/rooms/1", 1️⃣"tag": "room-1"}}"#,
                   pass: #"{"web_push": 8030, "notification": {"title": "3 new messages", "navigate": "https://chat.example/rooms/1"}}"#,
                   triggerFlags: "--platform web", passFlags: "--platform web")
    }
  }
}

extension RuleDefinition {
  /// `web-push-request`
  static var webPushRequest: Self {
    Self(.error, .request, part: .headers,
         fix: .never("the TTL, urgency, topic and VAPID token are the sender's settings and keys; the tool cannot choose them"),
         consequence: "Apple's web push service refuses the request with the answer the finding names (400 BadTtl, BadUrgency, BadWebPushTopic or BadWebPushRequest, 403 BadJwtToken, BadAuthorizationHeader or BadVapidPublicKey, 405 MethodNotAllowed), and the push is not delivered",
         summary: "a web push request (SPEC §16) Apple's service refuses: no TTL or one that is not positive, an Urgency or Topic it does not take, a Content-Encoding other than aes128gcm, a VAPID Authorization that is missing, malformed, not ES256, for another origin, expired or more than a day ahead, without a mailto: or https: sub, or without its key",
         card: RuleCard(symptom: "Apple's web push service refuses the request with the answer the finding names, and the push is not delivered.",
                        remedy: "Send TTL as a positive number of seconds, Content-Encoding aes128gcm, and a VAPID Authorization: an ES256 JWT for the push service's origin, expiring within a day, with a mailto: or https: sub, and your public key.",
                        platforms: [.web], sources: [.webPush, .rfc8030, .rfc8292])) {
      RuleExamples("POST https://web.push.apple.com/QGuQyavXutnMtFqoyi5Mq9 HTTP/1.1\nTTL: 1️⃣0\nauthorization: vapid t=eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3dlYi5wdXNoLmFwcGxlLmNvbSIsImV4cCI6MTcwMDA0MzIwMCwic3ViIjoibWFpbHRvOm9wc0BleGFtcGxlLmNvbSJ9.c2ln, k=BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8\n\n{\"web_push\": 8030, \"notification\": {\"title\": \"Hi\", \"navigate\": \"https://example.com/\"}}\n",
                   pass: "POST https://web.push.apple.com/QGuQyavXutnMtFqoyi5Mq9 HTTP/1.1\nTTL: 60\nauthorization: vapid t=eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3dlYi5wdXNoLmFwcGxlLmNvbSIsImV4cCI6MTcwMDA0MzIwMCwic3ViIjoibWFpbHRvOm9wc0BleGFtcGxlLmNvbSJ9.c2ln, k=BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8\n\n{\"web_push\": 8030, \"notification\": {\"title\": \"Hi\", \"navigate\": \"https://example.com/\"}}\n",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }
}

// MARK: web-push-request

extension PayloadMessage {
  static func webPushMethod(_ method: String) -> Self {
    Self(.webPushRequest, "the method is \(Visible.short(method)), not POST: Apple answers 405 MethodNotAllowed")
  }

  static var webPushTTLMissing: Self {
    Self(.webPushRequest, "no TTL header: Apple's web push service needs one (seconds it keeps an undelivered push) and answers 400 BadTtl")
  }

  static func webPushTTL(_ value: String) -> Self {
    Self(.webPushRequest, "TTL is '\(Visible.short(value))', not a positive number of seconds: Apple answers 400 BadTtl (pywebpush sends 0 unless given ttl)")
  }

  static func webPushUrgency(_ value: String) -> Self {
    Self(.webPushRequest, "Urgency is '\(Visible.short(value))', not very-low, low, normal or high: Apple answers 400 BadUrgency")
  }

  static func webPushTopic(_ value: String) -> Self {
    Self(.webPushRequest, "Topic '\(Visible.short(value))' is not 1 to 32 characters of the URL-safe base64 alphabet: Apple answers 400 BadWebPushTopic")
  }

  static func webPushEncoding(_ value: String) -> Self {
    Self(.webPushRequest, "Content-Encoding is '\(Visible.short(value))', not aes128gcm (RFC 8291): Apple answers 400 BadWebPushRequest")
  }

  static var webPushAuthorizationMissing: Self {
    Self(.webPushRequest, "no Authorization header: a web push carries a VAPID token ('vapid t=<JWT>, k=<key>'); Apple answers 403 BadJwtToken")
  }

  /// A VAPID header's problem (`what`); the finding carries Apple's reason.
  static func webPushAuthorization(_ what: String) -> Self {
    Self(.webPushRequest, "the VAPID Authorization: \(what)")
  }
}

// MARK: web-push-declarative

extension PayloadMessage {
  static var notificationMissing: Self {
    Self(.webPushDeclarative, "a declarative message needs a 'notification' object beside 'web_push': 8030; Safari hands this one to the service worker")
  }

  static func notificationNotObject(found: String) -> Self {
    Self(.webPushDeclarative, "'notification' must be an object, not \(found); Safari hands the message to the service worker")
  }

  /// `member` ("title", "navigate") is missing from `notification`.
  static func requiredMissing(_ member: String) -> Self {
    Self(.webPushDeclarative, "the notification has no '\(member)': a declarative message needs a title and a navigate URL; Safari hands it to the service worker")
  }

  static var emptyTitle: Self {
    Self(.webPushDeclarative, "'title' is empty: Safari needs a non-empty title and hands the message to the service worker")
  }

  /// A member of the wrong JSON type (`expected`, `found`: "a string", "a number", …).
  static func memberType(_ member: String, path: String, expected: String, found: String) -> Self {
    Self(.webPushDeclarative, "'\(path)' must be \(expected), not \(found): Safari fails the whole message and hands it to the service worker")
  }

  /// `navigate` or `icon` that WebKit's URL parser does not take without a base.
  static func notAbsoluteURL(_ member: String, _ text: String) -> Self {
    Self(.webPushDeclarative, "'\(member)' ('\(VisibleText.excerpt(text))') is not an absolute URL: Safari reads it with no base URL, fails the whole message and hands it to the service worker; write the full https:// URL")
  }

  static func direction(_ text: String) -> Self {
    Self(.webPushDeclarative, "'dir' is '\(VisibleText.excerpt(text))': Safari takes only 'auto', 'ltr' or 'rtl' and fails the whole message")
  }

  static func appBadgeString(_ text: String) -> Self {
    Self(.webPushDeclarative, "'app_badge' ('\(VisibleText.excerpt(text))') is a string but not a whole number Safari can read (digits only, at most 18446744073709551615): Safari fails the whole message")
  }

  static func appBadgeNumber(_ shown: String) -> Self {
    Self(.webPushDeclarative, "'app_badge' is \(shown): Safari takes a whole number from 0 to 2147483647 (or a string of digits) and fails the whole message")
  }

  static func appBadgeType(found: String) -> Self {
    Self(.webPushDeclarative, "'app_badge' must be a number or a string of digits, not \(found): Safari fails the whole message")
  }
}

// MARK: web-push-not-declarative

extension PayloadMessage {
  /// Not declarative and not meant to be (no `web_push`): information.
  // MARK: web-push-service-worker

  static func notDeclarative(reason: String) -> Self {
    Self(.webPushServiceWorker, "not a declarative message (\(reason)): an ordinary web push message, which Safari shows only if the site's service worker shows it")
  }

  // MARK: web-push-not-declarative

  static func webPushNotMagic(_ shown: String) -> Self {
    Self(.webPushNotDeclarative, "'web_push' is \(shown), not the number 8030: the message is not declarative, and Safari hands it to the service worker")
  }

  static func webPushString(_ text: String) -> Self {
    Self(.webPushNotDeclarative, "'web_push' is the string '\(VisibleText.excerpt(text))': only the number 8030 makes a message declarative; Safari hands this one to the service worker; write 8030 without quotes")
  }

  static var webPushMissing: Self {
    Self(.webPushNotDeclarative, "a 'notification' without 'web_push': 8030 is not a declarative message: Safari hands it to the service worker; add \"web_push\": 8030")
  }

  static var apnsPayload: Self {
    Self(.webPushNotDeclarative, "an APNs payload ('aps') sent as a web push message: Safari does not read 'aps' and shows nothing by itself; send a declarative message ({\"web_push\": 8030, \"notification\": {…}}) to a web push endpoint, and 'aps' payloads to APNs")
  }
}

// MARK: web-push-member

extension PayloadMessage {
  static func notReadBySafari(_ member: String) -> Self {
    Self(.webPushMember, "Safari does not read '\(member)': the notification shows without it (it is in the W3C draft's NotificationOptions, which other browsers may read)")
  }

  /// `app_badge` or `mutable` inside `notification`: their place is the top level.
  static func memberAtTopLevel(_ member: String, stillRead: Bool) -> Self {
    Self(.webPushMember, stillRead
      ? "'\(member)' belongs beside 'notification', at the top level: Safari still reads it here, but only for now (WebKit bug 297389)"
      : "'\(member)' belongs beside 'notification', at the top level: Safari does not read it here, so the badge is not set")
  }

  static func unknownNotificationMember(_ member: String, suggestion: String?) -> Self {
    Self(.webPushMember, "'\(VisibleText.excerpt(member))' is not a member of a declarative notification; Safari ignores it"
      + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
  }

  /// A member of the 2023 explainer's format (`title`, `options`, `default_action_url` at the top).
  static func explainerMember(_ member: String) -> Self {
    Self(.webPushMember, "'\(member)' at the top level is the 2023 explainer's format, which Safari no longer reads: a declarative message has 'notification' with 'title' and 'navigate'")
  }

  static func navigateNotHTTPS(_ text: String, scheme: String) -> Self {
    Self(.webPushMember, "'navigate' ('\(VisibleText.excerpt(text))') is a \(scheme): URL, not https: tapping the notification does not open the site's page in the web app")
  }
}

// MARK: web-push-tag

extension PayloadMessage {
  /// A non-empty `tag` (`text`), which Safari does not use to replace an earlier notification.
  static func tagDoesNotReplace(_ text: String) -> Self {
    Self(.webPushTag, "Safari does not replace the earlier notification tagged '\(VisibleText.excerpt(text))' (WebKit bug 258922): every push with this tag shows as a notification of its own, and the older ones stay")
  }
}

// MARK: web-push-too-large

extension PayloadMessage {
  static func webPushTooLarge(size: Int) -> Self {
    Self(.webPushTooLarge, "the message is \(size) bytes; a web push body holds 3993 bytes of message (4096 encrypted): Apple answers 413 PayloadTooLarge")
  }
}
