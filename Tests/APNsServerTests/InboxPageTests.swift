import Crypto
import Foundation
import NIOCore
import NotificationCard
import PayloadSchema
import StringsFile
import Testing

@testable import APNsServer

/// `GET` over HTTP/1.1 on the inbox port: status and body.
func inbox(_ server: APNsServer, _ path: String) async throws -> (status: Int, body: String) {
  let port = try #require(server.uiPort)
  let response = try await sharedClient.http1(port: port, path: path)
  return (Int(response.head.status.code), String(buffer: response.body))
}

/// The inbox page (`--ui-port`) draws each push as `render --format html` does: NotificationCard's
/// markup and stylesheet, everything from the push escaped, right to left for a right-to-left
/// device; `/api/cards`, which the page polls to update itself, answers the same cards.
@Suite(.serialized) struct InboxPageTests {
  @Test func aPushIsTheRenderCardWithItsTextEscaped() async throws {
    let server = try startServer { $0.uiPort = 0 }
    defer { try? server.shutdown() }
    let body = #"{"aps":{"alert":{"title":"<b>Tom & \"Jerry\"</b>","subtitle":"it's <i>here</i>","body":"line 1\nline 2 <script>alert(1)</script>"}}}"#
    #expect(try await push(sharedClient, port: server.port, headers: [("apns-topic", "com.example.app"), ("apns-push-type", "alert")], body: body).status == 200)
    let record = try #require(server.inbox.pushes().first)
    let (status, page) = try await inbox(server, "/")
    #expect(status == 200)

    // The text exactly, escaped: nothing of the push becomes markup.
    let title = "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;"
    #expect(page.contains(#"<div class="title" title="\#(title)">\#(title)</div>"#))
    #expect(page.contains(#"<div class="subtitle" title="it&#39;s &lt;i&gt;here&lt;/i&gt;">it&#39;s &lt;i&gt;here&lt;/i&gt;</div>"#))
    let text = "line 1\nline 2 &lt;script&gt;alert(1)&lt;/script&gt;"
    #expect(page.contains("<div class=\"body\" title=\"\(text)\">\(text)</div>"), "the full body in the title attribute, for the hover")
    #expect(!page.contains("<b>") && !page.contains("<i>") && !page.contains("<script>alert"))

    // The same card as the render page: its banner, byte for byte, and its stylesheet.
    let (label, dateTime) = InboxPage.times(record.time)
    let banner = NotificationCard.banner(NotificationCard.Banner(
      appName: "com.example.app", time: label, dateTime: dateTime, languages: "", localization: nil,
      title: #"<b>Tom & "Jerry"</b>"#, subtitle: "it's <i>here</i>", body: "line 1\nline 2 <script>alert(1)</script>"))
    #expect(page.contains("<section class=\"card\" data-seq=\"\(record.sequence)\">\n<h2 class=\"card-title\"><span class=\"verdict ok\">200</span> com.example.app "))
    #expect(page.contains("<div class=\"wallpaper\">\n" + banner + "</div>\n<p class=\"findings clean\">no findings</p>\n<details class=\"request\">"))
    #expect(page.contains(NotificationCard.stylesheet))
    #expect(page.contains(#"<article class="banner" dir="ltr" lang="">"#))

    // What the page fetches every second to update itself is the same markup.
    let (cardsStatus, cards) = try await inbox(server, "/api/cards")
    #expect(cardsStatus == 200)
    #expect(cards.hasPrefix("<section class=\"card\" data-seq=\"\(record.sequence)\">"))
    #expect(page.contains("<main class=\"cards\" id=\"list\" data-limit=\"200\">\n" + cards + "</main>"))
  }

  /// An accessory push (iOS 26.5; Apple, "Responding to forwarded notifications": push type
  /// `accessory`, topic `<bundle id>.push-type.accessory`, the four members in `aps`) is answered
  /// 200, as APNs answers it, with no finding; the inbox lists it (`/api/pushes`) and draws an
  /// empty banner captioned with why nothing shows on the iPhone.
  @Test func anAccessoryPushIsAcceptedAndShownAsForwarded() async throws {
    let server = try startServer { $0.uiPort = 0 }
    defer { try? server.shutdown() }
    let body = #"{"aps":{"encryptedData":"c2VhbGVkIHJlcGx5","sessionIdentifier":"9B2D6E0A-51C4-4F7B-8A0E-3C5D7F1B2A44","keyID":"a2V5LTE=","messageIndex":"7"}}"#
    let headers = [("apns-topic", "com.example.companion.push-type.accessory"), ("apns-push-type", "accessory"), ("apns-priority", "10")]
    let reply = try await push(sharedClient, port: server.port, headers: headers, body: body)
    #expect(reply.status == 200)
    #expect(reply.body == "")
    let record = try #require(server.inbox.pushes().first)
    #expect(record.pushType == .accessory)
    #expect(record.findings.isEmpty)
    #expect(record.alert == nil)
    #expect(record.dropped == nil)
    let (apiStatus, list) = try await inbox(server, "/api/pushes")
    #expect(apiStatus == 200)
    #expect(list.contains(#""topic":"com.example.companion.push-type.accessory""#))
    #expect(list.contains(#""apns-push-type":"accessory""#))
    let (_, page) = try await inbox(server, "/")
    #expect(page.contains(#"<p class="banner-caption">an accessory push shows nothing on the iPhone: the system decrypts it and hands it to the accessory&#39;s data provider extension, which forwards it to the accessory</p>"#))
    #expect(page.contains(#"<p class="nothing">nothing to show</p>"#))
    // Without messageIndex APNs still answers 200 (never stricter than APNs): the finding is logged.
    let broken = #"{"aps":{"encryptedData":"c2VhbGVk","sessionIdentifier":"9B2D","keyID":"a2V5"}}"#
    #expect(try await push(sharedClient, port: server.port, headers: headers, body: broken).status == 200)
    #expect(try #require(server.inbox.pushes().first).findings.map(\.rule.rawValue) == ["accessory-fields"])
  }

  @Test func verdictFindingsAndRightToLeftDevices() async throws {
    let bundle = try LocalizationBundle(root: packageRoot.appendingPathComponent("Fixtures/Localizations/BannerApp").path, table: "Notifications")
    let server = try startServer {
      $0.uiPort = 0
      $0.strings = bundle
      $0.languages = [["ar-EG", "en"], ["de"]]
    }
    defer { try? server.shutdown() }
    let payload = try String(contentsOf: packageRoot.appendingPathComponent("Fixtures/payloads/localized/order-shipped.json"), encoding: .utf8)
    #expect(try await push(sharedClient, port: server.port, headers: [("apns-topic", "com.example.parcels"), ("apns-push-type", "alert")], body: payload).status == 200)
    #expect(try await push(sharedClient, port: server.port, headers: [("apns-topic", "com.example.app"), ("apns-priority", "7")], body: #"{"aps":{"alert":"hi","badge":"3"}}"#).status == 400)

    let (_, cards) = try await inbox(server, "/api/cards?topic=com.example.parcels")
    #expect(cards.components(separatedBy: "<section class=\"card").count == 2, "one card for the one push to that topic")
    let ar = try #require(server.inbox.pushes(topic: "com.example.parcels").first?.rendered.first)
    #expect(ar.localization == "ar")
    let arTitle = try #require(ar.alert.title)
    #expect(cards.contains("<p class=\"banner-caption\">ar-EG,en → ar</p>\n<article class=\"banner\" dir=\"rtl\" lang=\"ar\">"))
    #expect(cards.contains("<div class=\"title\" title=\"\(arTitle)\">\(arTitle)</div>"))
    #expect(cards.contains("<p class=\"banner-caption\">de → de</p>\n<article class=\"banner\" dir=\"ltr\" lang=\"de\">"))

    let (_, refused) = try await inbox(server, "/api/cards?topic=com.example.app")
    #expect(refused.hasPrefix("<section class=\"card has-errors\""), "an error finding outlines the card")
    #expect(refused.contains(#"<span class="verdict bad">400 BadPriority</span>"#))
    #expect(refused.contains(#"<li class="error"><span class="severity">error</span> <span class="position">apns-priority</span> "#),
            "a header finding is placed by the header's name")
    #expect(refused.contains(#"<span class="position">1:30</span> <span class="message">&#39;badge&#39; must be an integer"#))

    let (_, none) = try await inbox(server, "/api/cards?topic=com.example.nobody")
    #expect(none == "<p class=\"nothing\">No pushes yet.</p>\n")
  }

  @Test func cardsThatDidNotChangeAreNotSentAgain() async throws {
    let server = try startServer { $0.uiPort = 0 }
    defer { try? server.shutdown() }
    let port = try #require(server.uiPort)
    func cards(ifNoneMatch tag: String?) async throws -> (status: Int, tag: String?, body: String) {
      let response = try await sharedClient.http1(port: port, path: "/api/cards", headers: tag.map { [("if-none-match", $0)] } ?? [])
      return (Int(response.head.status.code), response.head.headers.first(name: "etag"), String(buffer: response.body))
    }
    _ = try await push(sharedClient, port: server.port)
    let first = try await cards(ifNoneMatch: nil)
    let tag = try #require(first.tag)
    #expect(first.status == 200 && first.body.contains("data-seq=\"1\""))
    let same = try await cards(ifNoneMatch: tag)
    #expect(same.status == 304 && same.body.isEmpty)
    _ = try await push(sharedClient, port: server.port)
    let newer = try await cards(ifNoneMatch: tag)
    #expect(newer.status == 200 && newer.tag != tag)
    #expect(newer.body.components(separatedBy: "<section class=\"card").count == 3)
    server.inbox.removeAll()
    let emptied = try await cards(ifNoneMatch: newer.tag)
    #expect(emptied.status == 200 && emptied.body == "<p class=\"nothing\">No pushes yet.</p>\n")
  }

  @Test func theContentSecurityPolicyAllowsOnlyThePagesScript() async throws {
    let server = try startServer { $0.uiPort = 0 }
    defer { try? server.shutdown() }
    let (_, page) = try await inbox(server, "/")
    let start = try #require(page.range(of: "<script>")), end = try #require(page.range(of: "</script>"))
    let script = String(page[start.upperBound..<end.lowerBound])
    let hash = Data(SHA256.hash(data: Array(script.utf8))).base64EncodedString()
    #expect(page.contains(#"content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-\#(hash)'; connect-src 'self'""#))
    #expect(page.components(separatedBy: "<script").count == 2, "one script")
    #expect(script.contains(#"fetch("/api/cards?""#))
  }

  @Test(arguments: [
    (Int64(0), "00:00:00", "1970-01-01T00:00:00.000Z"),
    (1_700_000_000_123, "22:13:20", "2023-11-14T22:13:20.123Z"),
    (951_782_400_005, "00:00:00", "2000-02-29T00:00:00.005Z"),
    (-1, "23:59:59", "1969-12-31T23:59:59.999Z"),
  ])
  func timesAreUTC(milliseconds: Int64, label: String, dateTime: String) {
    #expect(InboxPage.times(milliseconds) == (label, dateTime))
  }
}
