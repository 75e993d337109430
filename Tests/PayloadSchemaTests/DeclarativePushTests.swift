import Foundation
import PayloadSchema
import Testing
import TestSupport

/// Declarative web push (SPEC §16): the W3C "declarative push message parser" and WebKit's
/// `NotificationJSONParser`, case by case. The cases follow the two test lists that exist for it
/// (no upstream web-platform test does yet): Mozilla's `_mozilla/push-api/declarative.https.any.js`
/// and WebKit's `TEST(WebPushD, DeclarativeParsing)` (Tools/TestWebKitAPI/Tests/WebKitCocoa/
/// WebPushDaemon.mm); the payloads are ours, written to their descriptions.
@Suite struct DeclarativePushTests {
  static func check(_ json: String) -> DeclarativePushReport {
    var validator = DeclarativePushValidator()
    return validator.validate(Array(json.utf8))
  }

  static func described(_ json: String) -> [String] {
    check(json).findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "-")" }
  }

  static let simple = #"{"web_push": 8030, "notification": {"title": "Order shipped", "navigate": "https://shop.example/orders/1"}}"#

  /// Valid messages pass clean and give the notification Safari draws.
  @Test func validMessagesPassAndGiveTheNotification() throws {
    let report = Self.check(Self.simple)
    #expect(report.findings.isEmpty)
    let note = try #require(report.notification)
    #expect(note.title == "Order shipped" && note.navigate == "https://shop.example/orders/1" && note.dir == "auto")
    #expect(note.origin == "https://shop.example")
    // The shape of WebKit's "Meet Declarative Web Push" example (lang, dir, body, silent), with
    // app_badge at the top level where WebKit reads it since 295319@main.
    let full = """
      {
        "web_push": 8030,
        "notification": {
          "title": "Shop — your order",
          "lang": "en-US",
          "dir": "ltr",
          "body": "It left the warehouse this morning.",
          "navigate": "https://shop.example/orders/1",
          "silent": false,
          "tag": "order-1",
          "icon": "https://shop.example/icon.png",
          "data": {"order": [1, "a", null]}
        },
        "app_badge": "1",
        "mutable": true
      }
      """
    let fullReport = Self.check(full)
    // Its one finding is the tag Safari does not replace by (web-push-tag, a warning: see
    // tagDoesNotReplace); Safari shows the notification all the same.
    #expect(Self.described(full) == ["web-push-tag warning 10:5 notification.tag"])
    let drawn = try #require(fullReport.notification)
    #expect(drawn == DeclarativeNotification(title: "Shop — your order", body: "It left the warehouse this morning.",
                                             navigate: "https://shop.example/orders/1", lang: "en-US", dir: "ltr", tag: "order-1",
                                             icon: "https://shop.example/icon.png", silent: false, mutable: true, appBadge: 1))
    // WebKit json9, json12, json32, json33: badges Safari reads.
    for (badge, value) in [(#""""#, UInt64(0)), ("10", 10), (#""20""#, 20), (#""8031""#, 8031)] {
      let r = Self.check(#"{"web_push": 8030, "notification": {"title": "Hello world!", "navigate": "https://example.com/"}, "app_badge": \#(badge)}"#)
      #expect(r.findings.isEmpty && r.notification?.appBadge == value, "\(badge)")
    }
    // WebKit json16–18, 21, 23, 25, 28, 30–31: members of the right type and value (a tag: see
    // tagDoesNotReplace).
    for member in [#""dir": "rtl""#, #""lang": "language""#, #""body": "world""#, #""tag": """#,
                   #""icon": "https://example.com/icon.png""#, #""silent": true"#] {
      let r = Self.check(#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", \#(member)}}"#)
      #expect(r.findings.isEmpty && r.notification != nil, "\(member)")
    }
  }

  /// Every failure of the parser: the exact finding, where it stands, and no notification.
  @Test(arguments: [
    // WebKit json5: a relative navigate (the W3C draft resolves it against the scope; Safari does not).
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "foo"}}"#, ["web-push-declarative error 1:63 notification.navigate"]),
    // WebKit json6: no title.
    (#"{"web_push": 8030, "notification": {"navigate": "https://example.com/"}}"#, ["web-push-declarative error 1:36 notification"]),
    // WebKit json7, json8: an empty title, a title that is a number.
    (#"{"web_push": 8030, "notification": {"title": "", "navigate": "https://example.com/"}}"#, ["web-push-declarative error 1:46 notification.title"]),
    (#"{"web_push": 8030, "notification": {"title": 4, "navigate": "https://example.com/"}}"#, ["web-push-declarative error 1:46 notification.title"]),
    // Mozilla: no navigate; a navigate with an impossible IPv4 host.
    (#"{"web_push": 8030, "notification": {"title": "T"}}"#, ["web-push-declarative error 1:36 notification"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "http://999.999"}}"#, ["web-push-declarative error 1:63 notification.navigate"]),
    // No notification; a notification that is not an object.
    (#"{"web_push": 8030}"#, ["web-push-declarative error 1:1 -"]),
    (#"{"web_push": 8030, "notification": "T"}"#, ["web-push-declarative error 1:36 notification"]),
    // WebKit json10, json11, json34: badges Safari cannot read.
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/"}, "app_badge": -1}"#, ["web-push-declarative error 1:101 app_badge"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/"}, "app_badge": {}}"#, ["web-push-declarative error 1:101 app_badge"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/"}, "app_badge": "18446744073709551616"}"#, ["web-push-declarative error 1:101 app_badge"]),
    // WebKit json15, json19, json20, json22, json24, json26, json27, json29: optional members of
    // the wrong type or value fail the whole message in Safari.
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "dir": 0}}"#, ["web-push-declarative error 1:94 notification.dir"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "dir": "nonsense"}}"#, ["web-push-declarative error 1:94 notification.dir"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "lang": {}}}"#, ["web-push-declarative error 1:95 notification.lang"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "body": {}}}"#, ["web-push-declarative error 1:95 notification.body"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "tag": {}}}"#, ["web-push-declarative error 1:94 notification.tag"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "icon": 0}}"#, ["web-push-declarative error 1:95 notification.icon"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "icon": "world"}}"#, ["web-push-declarative error 1:95 notification.icon"]),
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "silent": 0}}"#, ["web-push-declarative error 1:97 notification.silent"]),
    // WebKit json35–37: mutable that is not a boolean.
    (#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/"}, "mutable": "true"}"#, ["web-push-declarative error 1:99 mutable"]),
  ])
  func parserFailures(_ json: String, _ expected: [String]) {
    #expect(Self.described(json) == expected)
    #expect(Self.check(json).notification == nil)
  }

  /// Not declarative at all: Mozilla's "not treated as DWP" cases; the service worker gets them.
  @Test func notDeclarative() {
    // web_push 8031, and "8030" as a string (a developer-published variant).
    #expect(Self.described(#"{"web_push": 8031, "notification": {"title": "T", "navigate": "https://example.com/"}}"#) == ["web-push-not-declarative warning 1:2 web_push"])
    #expect(Self.described(#"{"web_push": "8030", "notification": {"title": "T", "navigate": "https://example.com/"}}"#) == ["web-push-not-declarative warning 1:2 web_push"])
    // A declarative message nested in another object, or in an array: the top level has no web_push.
    #expect(Self.described("{\"x\": \(Self.simple)}") == ["web-push-service-worker info 1:1 -"])
    #expect(Self.described("[\(Self.simple)]") == ["web-push-service-worker info 1:1 -"])
    // A notification without web_push; an APNs payload.
    #expect(Self.described(#"{"notification": {"title": "T", "navigate": "https://example.com/"}}"#) == ["web-push-not-declarative warning 1:1 -"])
    #expect(Self.described(#"{"aps": {"alert": "Hi"}}"#) == ["web-push-not-declarative warning 1:2 aps"])
    // Invalid JSON (Mozilla: the first character removed) is a JSON error, as for any payload.
    #expect(Self.described(String(Self.simple.dropFirst())).first?.hasPrefix("json-syntax error 1:") == true)
    #expect(Self.check(String(Self.simple.dropFirst())).notification == nil)
  }

  /// What Safari does not read, and members in an older draft's place: warnings, and the
  /// notification still shows.
  @Test func membersSafariDoesNotRead() throws {
    let json = """
      {"web_push": 8030, "notification": {"title": "T", "navigate": "http://example.com/",
       "actions": [{"action": "a", "title": "A", "navigate": "https://example.com/a"}],
       "requireInteraction": true, "require_interaction": true, "app_badge": 3, "mutable": true}}
      """
    let report = Self.check(json)
    #expect(report.findings.map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-"): \($0.message)" } == [
      "web-push-member 1:63 notification.navigate: 'navigate' ('http://example.com/') is a http: URL, not https: tapping the notification does not open the site's page in the web app",
      "web-push-member 2:2 notification.actions: Safari does not read 'actions': the notification shows without it (it is in the W3C draft's NotificationOptions, which other browsers may read)",
      "web-push-member 3:2 notification.requireInteraction: Safari does not read 'requireInteraction': the notification shows without it (it is in the W3C draft's NotificationOptions, which other browsers may read)",
      "web-push-member 3:30 notification.require_interaction: 'require_interaction' is not a member of a declarative notification; Safari ignores it (did you mean 'requireInteraction'?)",
      "web-push-member 3:59 notification.app_badge: 'app_badge' belongs beside 'notification', at the top level: Safari does not read it here, so the badge is not set",
      "web-push-member 3:75 notification.mutable: 'mutable' belongs beside 'notification', at the top level: Safari still reads it here, but only for now (WebKit bug 297389)",
    ])
    let note = try #require(report.notification)
    #expect(note.appBadge == nil && note.mutable)
  }

  /// `web-push-tag`: Safari keeps a notification's tag but never replaces the shown notification
  /// with the same tag, as the Notifications API's show steps say (WebKit bug 258922; MDN's
  /// compatibility data, mdn/browser-compat-data pull request 24537: "sending bursts of same-tag
  /// notifications does still lead to multiple notifications being displayed"). A warning at the
  /// member, on a message Safari still shows; an empty tag is no tag and says nothing.
  @Test func tagDoesNotReplace() throws {
    let tagged = """
      {"web_push": 8030, "notification": {"title": "3 new messages", "navigate": "https://chat.example/rooms/1",
       "body": "Ana: see you at 8", "tag": "room-1"}, "mutable": true}
      """
    let report = Self.check(tagged)
    #expect(report.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line):\($0.column) \($0.keyPath ?? "-"): \($0.message)" } == [
      "web-push-tag warning 2:31 notification.tag: Safari does not replace the earlier notification tagged 'room-1' (WebKit bug 258922): every push with this tag shows as a notification of its own, and the older ones stay",
    ])
    #expect(try #require(report.notification).tag == "room-1")
    // Beside a parser failure (the tag of a message Safari hands to the service worker), and
    // beside web-push-member's warnings, each finding at its own member.
    #expect(Self.described(#"{"web_push": 8030, "notification": {"title": "T", "navigate": "/r/1", "tag": "r", "renotify": true}}"#)
      == ["web-push-declarative error 1:63 notification.navigate", "web-push-tag warning 1:71 notification.tag",
          "web-push-member warning 1:83 notification.renotify"])
    // A notification without web_push goes to the service worker, whose notification Safari does
    // not replace by its tag either (MDN: Notification.tag has no effect in Safari).
    #expect(Self.described(#"{"notification": {"title": "T", "navigate": "https://example.com/", "tag": "x"}}"#)
      == ["web-push-not-declarative warning 1:1 -", "web-push-tag warning 1:69 notification.tag"])
    // Must not fire: an empty tag, a tag that is not a string (the parser's error alone), a "tag"
    // outside notification (in data, at the top level).
    #expect(Self.described(#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "tag": ""}}"#).isEmpty)
    #expect(Self.described(#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "tag": 1}}"#)
      == ["web-push-declarative error 1:94 notification.tag"])
    #expect(Self.described(#"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "data": {"tag": "x"}}, "tag": "y"}"#).isEmpty)
  }

  /// 3993 bytes of message fill a 4096-byte aes128gcm body; one more is refused (413).
  @Test func sizeLimit() {
    func message(_ total: Int) -> String {
      let head = #"{"web_push": 8030, "notification": {"title": "T", "navigate": "https://example.com/", "body": ""#
      let tail = #""}}"#
      return head + String(repeating: "x", count: total - head.utf8.count - tail.utf8.count) + tail
    }
    #expect(Self.check(message(3993)).findings.isEmpty)
    let over = Self.check(message(3994))
    #expect(over.findings.map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.message)" } == [
      "web-push-too-large 1:1 the message is 3994 bytes; a web push body holds 3993 bytes of message (4096 encrypted): Apple answers 413 PayloadTooLarge"
    ])
    #expect(over.findings.first?.apnsAnswer == APNsAnswer(status: 413, reason: "PayloadTooLarge"))
  }

  /// Positions count lines and Unicode scalars, as every finding does.
  @Test func positionsCountScalars() {
    let json = "{\"web_push\": 8030,\n \"notification\": {\"title\": \"Ünïcödé\", \"navigate\": \"x\"}}"
    #expect(Self.described(json) == ["web-push-declarative error 2:51 notification.navigate"])
  }

  @Test func isWebPushLooksOnlyAtTheTopLevel() {
    #expect(DeclarativePushValidator.isWebPush(Array(Self.simple.utf8)))
    #expect(DeclarativePushValidator.isWebPush(Array(#"{"web_push": "8030"}"#.utf8)))
    #expect(!DeclarativePushValidator.isWebPush(Array("{\"x\": \(Self.simple)}".utf8)))
    #expect(!DeclarativePushValidator.isWebPush(Array(#"{"aps": {"alert": "web_push"}}"#.utf8)))
  }

  /// `Fixtures/payloads/web`: a web push rule's trigger file fires it; its pass file does not, and
  /// Safari shows it with no error. The files come in pairs named after a web push rule; a rule's
  /// required pair is its definition's examples (`RuleCatalogueTests.webPushExamples`), so a rule
  /// needs no file here (docs/adding-a-rule.md), as a payload rule needs none in `rules/`.
  @Test func fixturesFireTheirRules() throws {
    let directory = packageRoot + "/Fixtures/payloads/web"
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    let names = Set(files.map { $0.replacingOccurrences(of: ".trigger.json", with: "").replacingOccurrences(of: ".pass.json", with: "") })
    #expect(files.count == 2 * names.count && !names.isEmpty, "\(files)")
    for name in names.sorted() {
      let rule = try #require(PayloadRule.allCases.first { $0.category == .web && $0.rawValue == name }, "\(name) is not a web push rule")
      for (suffix, fires) in [(".trigger.json", true), (".pass.json", false)] {
        let bytes = try #require(FileManager.default.contents(atPath: directory + "/" + rule.rawValue + suffix), "\(rule.rawValue)\(suffix)")
        var validator = DeclarativePushValidator()
        let report = validator.validate(Array(bytes))
        let found = report.findings
        #expect(found.contains { $0.rule == rule } == fires, "\(rule.rawValue)\(suffix): \(found)")
        if !fires { #expect(report.notification != nil && !found.contains { $0.severity == .error }, "\(rule.rawValue)\(suffix): \(found)") }
      }
    }
    // The one pass file with another rule's finding: web-push-declarative's keeps its tag.
    let declarative = try #require(FileManager.default.contents(atPath: directory + "/web-push-declarative.pass.json"))
    var validator = DeclarativePushValidator()
    #expect(validator.validate(Array(declarative)).findings.map { "\($0.rule.rawValue) \($0.line):\($0.column)" } == ["web-push-tag 8:5"])
  }
}

/// A web push request file's headers (SPEC §16, `web-push-request`): each of Apple's reasons, and
/// the answer predicted.
@Suite struct WebPushRequestTests {
  static let jwt = "eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3dlYi5wdXNoLmFwcGxlLmNvbSIsImV4cCI6MTcwMDA0MzIwMCwic3ViIjoibWFpbHRvOm9wc0BleGFtcGxlLmNvbSJ9.c2ln"
  static let key = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let body = Array(#"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#.utf8)

  static func answer(_ headers: [RequestHeader], path: String = "https://web.push.apple.com/QGuQ", method: String = "POST", now: Int64 = 1_700_000_600) -> String {
    let request = APNsRequest(method: method, path: path, headers: headers, body: body)
    #expect(WebPushRequestCheck.isWebPush(request))
    let report = WebPushRequestCheck.validate(request, now: now)
    return "\(report.verdict)" + report.findings.map { " | \($0.keyPath ?? "-"): \($0.message)" }.joined()
  }

  @Test func answers() {
    let auth = RequestHeader("authorization", "vapid t=\(Self.jwt), k=\(Self.key)")
    #expect(Self.answer([RequestHeader("TTL", "60"), auth]) == "201")
    #expect(Self.answer([auth]) == "400 BadTtl | TTL: no TTL header: Apple's web push service needs one (seconds it keeps an undelivered push) and answers 400 BadTtl")
    #expect(Self.answer([RequestHeader("TTL", "60"), RequestHeader("Content-Encoding", "aesgcm"), auth]).hasPrefix("400 BadWebPushRequest"))
    #expect(Self.answer([RequestHeader("TTL", "60"), auth], now: 1_800_000_000) == "403 BadJwtToken | Authorization: the VAPID Authorization: the JWT expired 99956800 seconds ago ('exp' 1700043200)")
    #expect(Self.answer([RequestHeader("TTL", "60"), auth], path: "https://fcm.googleapis.com/wp/abc")
      == "403 BadJwtToken | Authorization: the VAPID Authorization: 'aud' is 'https://web.push.apple.com', not the push service's origin 'https://fcm.googleapis.com'")
    #expect(Self.answer([RequestHeader("TTL", "60"), RequestHeader("authorization", "vapid t=\(Self.jwt)")]).hasPrefix("403 BadVapidPublicKey"))
    #expect(Self.answer([RequestHeader("TTL", "60"), RequestHeader("authorization", "bearer \(Self.jwt)")]).hasPrefix("403 BadAuthorizationHeader"))
    #expect(Self.answer([RequestHeader("TTL", "60"), auth], method: "GET").hasPrefix("405 MethodNotAllowed"))
    // An APNs request is not a web push request.
    #expect(!WebPushRequestCheck.isWebPush(APNsRequest(path: "/3/device/abc", headers: [RequestHeader("TTL", "1")], body: [])))
  }
}
