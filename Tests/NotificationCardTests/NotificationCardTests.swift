import NotificationCard
import PayloadSchema
import Foundation
import Testing

/// The card's markup: escaping, direction, captions and times, the findings. The whole
/// `render --format html` page is pinned by `RenderHTMLTests.matchesSnapshot`; the inbox's use of
/// the card by `InboxPageTests`.
@Suite struct NotificationCardTests {
  @Test func everythingFromAnInputIsEscaped() {
    let banner = NotificationCard.Banner(
      appName: #"<img src=x onerror="alert(1)">"#, languages: "en", localization: "en",
      title: "Tom & 'Jerry'", body: "a <b>bold</b>\nline\u{7}")
    let html = NotificationCard.banner(banner)
    #expect(html.contains(#"<span class="app-name"><bdi>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</bdi></span>"#))
    #expect(html.contains(#"<span class="app-icon" aria-hidden="true">&lt;</span>"#))
    #expect(html.contains(#"<div class="title" title="Tom &amp; &#39;Jerry&#39;">Tom &amp; &#39;Jerry&#39;</div>"#))
    #expect(html.contains("<div class=\"body\" title=\"a &lt;b&gt;bold&lt;/b&gt;\nline\\u{7}\">a &lt;b&gt;bold&lt;/b&gt;\nline\\u{7}</div>"),
            "line breaks kept for the body, other controls shown as escapes")
    #expect(!html.contains("<img") && !html.contains("<b>"))
  }

  @Test(arguments: [("ar", "rtl"), ("he-IL,en", "rtl"), ("fa_IR", "rtl"), ("en,ar", "ltr"), ("fr-CA", "ltr"), ("", "ltr")])
  func directionFollowsTheDevicesFirstLanguage(languages: String, direction: String) {
    let banner = NotificationCard.Banner(appName: "App", languages: languages, localization: nil, body: "x")
    #expect(NotificationCard.banner(banner).contains("<article class=\"banner\" dir=\"\(direction)\""))
  }

  @Test func theTextLanguageIsTheLocalizationElseTheDevicesLanguage() {
    let picked = NotificationCard.Banner(appName: "App", languages: "de-AT,fr", localization: "fr", body: "x")
    let none = NotificationCard.Banner(appName: "App", languages: "de-AT,fr", localization: nil, body: "x")
    #expect(NotificationCard.banner(picked).contains(#"dir="ltr" lang="fr">"#))
    #expect(NotificationCard.banner(none).contains(#"dir="ltr" lang="de-AT">"#))
  }

  @Test func captionAndMachineReadableTimeOnlyWhenGiven() {
    var banner = NotificationCard.Banner(appName: "App", languages: "ar", localization: "ar", title: "t")
    #expect(!NotificationCard.banner(banner).contains("banner-caption"))
    #expect(NotificationCard.banner(banner).contains(#"<time class="time">now</time>"#))
    banner.caption = "ar → <ar>"
    banner.time = "14:02:31"
    banner.dateTime = "2025-05-01T14:02:31.120Z"
    let html = NotificationCard.banner(banner)
    #expect(html.hasPrefix("<p class=\"banner-caption\">ar → &lt;ar&gt;</p>\n<article class=\"banner\""))
    #expect(html.contains(#"<time class="time" datetime="2025-05-01T14:02:31.120Z">14:02:31</time>"#))
  }

  @Test func anAlertWithNothingToShowSaysSo() {
    let html = NotificationCard.banner(NotificationCard.Banner(appName: "App", languages: "en", localization: nil))
    #expect(html.contains(#"<p class="nothing">nothing to show</p>"#))
    #expect(!html.contains(#"class="title""#))
  }

  @Test func aCardWithAnErrorIsMarkedAndListsItsFindings() {
    let banner = NotificationCard.Banner(appName: "App", languages: "en", localization: "en", title: "t")
    let findings = [
      NotificationCard.Note(severity: .error, position: "1:19", message: "'badge' must be an integer, not a string", rule: "value-type"),
      NotificationCard.Note(severity: .warning, position: "apns-priority", message: "a <priority>", rule: "priority-mismatch"),
    ]
    let html = NotificationCard.card(
      headingHTML: "h", attributes: [("data-seq", "7\"")], banners: [banner, banner], findings: findings,
      trailingHTML: "<details></details>\n")
    #expect(html.hasPrefix("<section class=\"card has-errors\" data-seq=\"7&quot;\">\n<h2 class=\"card-title\">h</h2>\n<div class=\"wallpaper\">\n<article"))
    #expect(html.components(separatedBy: "<article class=\"banner\"").count == 3)
    #expect(html.contains(#"<li class="error"><span class="severity">error</span> <span class="position">1:19</span> <span class="message">&#39;badge&#39; must be an integer, not a string</span> <code class="rule">value-type</code></li>"#))
    #expect(html.contains(#"<span class="position">apns-priority</span> <span class="message">a &lt;priority&gt;</span>"#))
    #expect(html.hasSuffix("</ul>\n<details></details>\n</section>"))
    let clean = NotificationCard.card(headingHTML: "h", banners: [banner], findings: [])
    #expect(clean.hasPrefix("<section class=\"card\">"))
    #expect(clean.contains("<p class=\"findings clean\">no findings</p>"))
  }

  @Test func theStylesheetLoadsNothing() {
    for css in [NotificationCard.stylesheet, NotificationCard.stackStylesheet] {
      for external in ["url(", "@import", "@font-face", "http"] { #expect(!css.contains(external)) }
    }
    #expect(NotificationCard.stylesheet.contains("-webkit-line-clamp: \(NotificationCard.bodyLines)"))
  }

  /// One converter from a finding to a card's note (render, the inbox, the web push inbox): a body
  /// finding at its line and column, a header's finding (no line) at the header's name.
  @Test func aNoteIsMadeFromAFindingOneWay() {
    let body = Finding(rule: RuleID(PayloadRule.valueType), severity: .error, message: "'badge' must be an integer, not a string",
                       line: 3, column: 14, keyPath: "aps.badge")
    #expect(NotificationCard.Note(body) == NotificationCard.Note(severity: .error, position: "3:14",
                                                                 message: "'badge' must be an integer, not a string", rule: "value-type"))
    let header = Finding(rule: RuleID(PayloadRule.valueType), severity: .warning, message: "m", line: 0, column: 0, keyPath: "apns-priority")
    #expect(NotificationCard.Note(header).position == "apns-priority")
  }
}
