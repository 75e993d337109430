// A push's alert drawn in HTML as an iOS lock-screen banner, with its findings beside it: the card
// of `apns-lint render --format html` (SPEC §8) and of `apns-lint serve`'s inbox (SPEC §10), so the
// two pages cannot drift apart. Strings in, HTML out: no Foundation, no NIO, nothing read from an
// input reaches the page unescaped, and a card needs nothing but `stylesheet` (no script, image,
// font or network).

import LintVocabulary

/// HTML for a rendered alert as the lock screen draws it: one card (a heading, one or more banners
/// on a wallpaper, the findings) and the CSS it needs.
///
/// ```swift
/// let banner = NotificationCard.Banner(
///   appName: "Parcels", languages: "de-AT,fr", localization: "de",
///   title: "Ihre Bestellung wurde versandt", body: "Sie kommt morgen an.")
/// let html = NotificationCard.card(
///   headingHTML: NotificationCard.escape("de-AT,fr → de"), attributes: [("data-language", "de-AT,fr")],
///   banners: [banner], findings: [])
/// // a page shows it with NotificationCard.stylesheet in its <style>
/// ```
public enum NotificationCard {
  /// The lines a lock-screen banner shows of each field before an ellipsis (iOS 16–18, default
  /// text size): the title and subtitle one line each, the body four.
  public static let titleLines = 1, subtitleLines = 1, bodyLines = 4

  /// Languages written right to left: a device set to one lays the banner out from the right.
  public static let rightToLeft: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "ckb", "dv"]

  /// One banner: what one device shows for an alert.
  public struct Banner: Sendable, Hashable {
    /// The name in the banner's header (its first letter is the icon).
    public var appName: String
    /// The time label ("now", "14:02:31").
    public var time: String
    /// The machine-readable time (`2025-05-01T14:02:31.120Z`) for the `<time>` element's
    /// `datetime`; nil writes none.
    public var dateTime: String?
    /// The device's preference list (`he-IL,en`): its first language sets the direction.
    public var languages: String
    /// The localization the device picked (`he`), the language of the text; nil when none.
    public var localization: String?
    /// The alert's fields, each nil when the alert has none.
    public var title: String?
    public var subtitle: String?
    public var body: String?
    public var action: String?
    /// A line above the banner, on the wallpaper, naming it when a card holds several
    /// (`fr-CA,en → fr`); nil writes none.
    public var caption: String?
    /// The text's direction when the notification says it (`ltr`, `rtl`: a web push message's
    /// `dir`); nil (or `auto`) lays it out by the device's language.
    public var direction: String?

    /// Creates a banner; `time` defaults to "now".
    public init(
      appName: String, time: String = "now", dateTime: String? = nil, languages: String, localization: String?,
      title: String? = nil, subtitle: String? = nil, body: String? = nil, action: String? = nil, caption: String? = nil,
      direction: String? = nil
    ) {
      self.direction = direction
      self.appName = appName
      self.time = time
      self.dateTime = dateTime
      self.languages = languages
      self.localization = localization
      self.title = title
      self.subtitle = subtitle
      self.body = body
      self.action = action
      self.caption = caption
    }

    /// The device's first language (`he-IL` of `he-IL,en`).
    public var deviceLanguage: String {
      languages.split(separator: ",").first.map(String.init) ?? languages
    }

    /// True when the device lays the banner out right to left (``direction`` first).
    public var isRightToLeft: Bool {
      switch direction {
      case "rtl": true
      case "ltr": false
      default: NotificationCard.isRightToLeft(deviceLanguage)
      }
    }
  }

  /// One finding as the card shows it beside the banners: severity, where, message, rule.
  public struct Note: Sendable, Hashable {
    public var severity: Severity
    /// Where, as shown: `3:14`, or a header's name for a finding about a request header.
    public var position: String
    /// The message (lowercase start, values quoted with '…').
    public var message: String
    /// The rule id (`value-type`).
    public var rule: String

    /// Creates a finding.
    public init(severity: Severity, position: String, message: String, rule: String) {
      self.severity = severity
      self.position = position
      self.message = message
      self.rule = rule
    }

    /// A finding as every card shows it (the one converter: `render`, the inbox and the web push
    /// inbox use it): `line:column`, or for a finding with no position in the body (a request
    /// header's) the header's name or key path.
    public init(_ finding: Finding) {
      self.init(severity: finding.severity,
                position: finding.line > 0 ? "\(finding.line):\(finding.column)" : (finding.keyPath ?? "-"),
                message: finding.message, rule: finding.rule.rawValue)
    }
  }

  /// One card: the heading, the banners on a wallpaper, then the findings (a red outline when one
  /// is an error), then `trailingHTML`.
  ///
  /// - Parameters:
  ///   - headingHTML: the heading's content, already HTML: escape what comes from an input with
  ///     `escape(visible(_:))`.
  ///   - attributes: extra attributes of the `<section>` (`data-language`); values are escaped.
  ///   - banners: drawn in order, one under the other.
  ///   - findings: listed beside the banners, or "no findings".
  ///   - trailingHTML: more of the card after the findings (the inbox's request details), already HTML.
  /// - Returns: a `<section class="card">` element.
  public static func card(
    headingHTML: String, attributes: [(name: String, value: String)] = [], banners: [Banner], findings: [Note],
    trailingHTML: String = ""
  ) -> String {
    let errors = findings.contains { $0.severity == .error }
    var html = "<section class=\"card\(errors ? " has-errors" : "")\""
    for attribute in attributes { html += " \(attribute.name)=\"\(escape(attribute.value))\"" }
    html += ">\n<h2 class=\"card-title\">\(headingHTML)</h2>\n"
    html += "<div class=\"wallpaper\">\n"
    for banner in banners { html += self.banner(banner) }
    html += "</div>\n"
    html += self.findings(findings)
    html += trailingHTML
    html += "</section>"
    return html
  }

  /// A whole self-contained page around `cardsHTML` (already HTML, from ``card(headingHTML:attributes:banners:findings:trailingHTML:)``):
  /// the stylesheet, `title` (the window's; `heading` the page's when it differs) and a summary
  /// line, all escaped; no script, nothing fetched.
  public static func page(title: String, heading: String? = nil, summary: String, cardsHTML: String, generator: String) -> String {
    let shownTitle = escape(visible(title))
    let shownHeading = heading.map { escape(visible($0)) } ?? shownTitle
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="\(escape(generator))">
      <title>\(shownTitle)</title>
      <style>
      \(stylesheet)
      </style>
      </head>
      <body>
      <header class="page-header">
      <h1>\(shownHeading)</h1>
      <p>\(escape(summary))</p>
      </header>
      <main class="cards">
      \(cardsHTML)
      </main>
      </body>
      </html>

      """
  }

  /// One banner as the lock screen draws it (`<article class="banner">`), its caption before it.
  public static func banner(_ banner: Banner) -> String {
    var html = ""
    if let caption = banner.caption { html += "<p class=\"banner-caption\">\(escape(visible(caption)))</p>\n" }
    let textLanguage = banner.localization ?? banner.deviceLanguage
    html += "<article class=\"banner\" dir=\"\(banner.isRightToLeft ? "rtl" : "ltr")\" lang=\"\(escape(textLanguage))\">\n"
    html += "<div class=\"banner-head\"><span class=\"app-icon\" aria-hidden=\"true\">\(escape(String(banner.appName.prefix(1)).uppercased()))</span>"
    html += "<span class=\"app-name\"><bdi>\(escape(visible(banner.appName)))</bdi></span>"
    html += "<time class=\"time\"\(banner.dateTime.map { " datetime=\"\(escape($0))\"" } ?? "")>\(escape(banner.time))</time></div>\n"
    let fields: [(String, String?)] = [("title", banner.title), ("subtitle", banner.subtitle), ("body", banner.body)]
    if fields.allSatisfy({ $0.1 == nil }) {
      html += "<p class=\"nothing\">nothing to show</p>\n"
    }
    for (name, value) in fields {
      guard let value else { continue }
      let text = escape(shown(value))
      html += "<div class=\"\(name)\" title=\"\(text)\">\(text)</div>\n"
    }
    if let action = banner.action {
      html += "<div class=\"action\" title=\"action button\">\(escape(shown(action)))</div>\n"
    }
    html += "</article>\n"
    return html
  }

  /// The findings as a list, or a line saying there are none.
  public static func findings(_ findings: [Note]) -> String {
    guard !findings.isEmpty else { return "<p class=\"findings clean\">no findings</p>\n" }
    var html = "<ul class=\"findings\">\n"
    for finding in findings {
      let severity = finding.severity.rawValue
      html += "<li class=\"\(severity)\"><span class=\"severity\">\(severity)</span> "
      html += "<span class=\"position\">\(escape(visible(finding.position)))</span> "
      html += "<span class=\"message\">\(escape(visible(finding.message)))</span> "
      html += "<code class=\"rule\">\(escape(finding.rule))</code></li>\n"
    }
    return html + "</ul>\n"
  }

  /// Whether a language tag (`ar`, `he-IL`, `fa_IR`) is written right to left.
  public static func isRightToLeft(_ language: String) -> Bool {
    let code = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    return rightToLeft.contains(code)
  }

  /// Text escaped for HTML content and attribute values (both quotes too).
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Text from an input shown as data (paths, messages, names): every control and bidi character
  /// written as a visible escape, as on a terminal (`VisibleText`). Escape the result for HTML.
  public static func visible(_ text: String) -> String { VisibleText.escape(text) }

  /// Alert text as the device draws it: line breaks and tabs kept, other controls (which HTML
  /// cannot hold) written as visible escapes; bidi characters kept, each field isolated by the
  /// stylesheet. Escape the result for HTML.
  public static func shown(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
      if isControl && scalar != "\n" && scalar != "\t", let escaped = VisibleText.escape(scalar) {
        out += escaped
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The CSS of a page of cards: the system font stack, a lock-screen banner of iOS's proportions
  /// (a 360-point wide rounded panel on a wallpaper), one line for title and subtitle, four for the
  /// body, the findings beside the banner (under it on a narrow window).
  public static let stylesheet = """
    :root { color-scheme: light; --banner-width: 360px; }
    * { box-sizing: border-box; }
    body { margin: 0; padding: 24px; background: #f2f2f7; color: #1c1c1e;
      font: 15px/1.35 -apple-system, BlinkMacSystemFont, "SF Pro Text", "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
    .page-header h1 { font-size: 20px; margin: 0 0 4px; overflow-wrap: anywhere; }
    .page-header p { margin: 0 0 20px; color: #636366; font-size: 13px; }
    .cards { display: flex; flex-direction: column; gap: 20px; }
    .card { display: grid; grid-template-columns: calc(var(--banner-width) + 32px) minmax(240px, 1fr); grid-template-rows: auto 1fr;
      column-gap: 20px; background: #fff; border-radius: 14px; padding: 14px 16px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
    .card.has-errors { box-shadow: 0 0 0 2px #ff3b30; }
    .card-title { grid-column: 1 / -1; font-size: 14px; font-weight: 600; margin: 0 0 10px; color: #3a3a3c; overflow-wrap: anywhere; }
    .card-title .none { color: #ff3b30; font-weight: 400; }
    .wallpaper { padding: 16px; border-radius: 18px; background: linear-gradient(160deg, #3a6073 0%, #16222a 55%, #5b4a7a 100%); align-self: start; }
    .banner { width: var(--banner-width); max-width: 100%; overflow: hidden; padding: 12px 14px 13px; border-radius: 22px;
      background: rgba(246, 246, 248, .9); color: #000; box-shadow: 0 4px 18px rgba(0,0,0,.25); }
    .banner-head { display: flex; align-items: center; gap: 8px; margin-bottom: 4px; font-size: 13px; color: #6c6c70; min-width: 0; }
    .app-icon { flex: none; width: 20px; height: 20px; border-radius: 5px; background: linear-gradient(180deg, #5ac8fa, #007aff);
      color: #fff; font-size: 12px; font-weight: 700; display: inline-flex; align-items: center; justify-content: center; }
    .app-name { flex: 1 1 auto; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; text-transform: uppercase; letter-spacing: .02em; }
    .time { flex: none; }
    .title, .subtitle { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; unicode-bidi: plaintext; }
    .title { font-weight: 600; }
    .subtitle { font-weight: 500; }
    .body { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 4; line-clamp: 4; overflow: hidden;
      white-space: pre-line; overflow-wrap: anywhere; unicode-bidi: plaintext; }
    .action { margin-top: 6px; font-size: 13px; color: #007aff; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .nothing { margin: 0; color: #8e8e93; font-style: italic; }
    .findings { margin: 0; padding: 0; list-style: none; font-size: 13px; align-self: start; min-width: 0; }
    .findings li { padding: 6px 0; border-bottom: 1px solid #e5e5ea; overflow-wrap: anywhere; }
    .findings.clean { color: #34c759; }
    .severity { display: inline-block; min-width: 56px; font-weight: 600; text-transform: uppercase; font-size: 11px; }
    .error .severity { color: #ff3b30; } .warning .severity { color: #ff9500; } .info .severity { color: #007aff; }
    .position { color: #8e8e93; font-variant-numeric: tabular-nums; }
    .rule { color: #636366; font-size: 12px; }
    @media (max-width: 700px) { .card { grid-template-columns: 1fr; } .findings { margin-top: 12px; } }
    """

  /// CSS for cards that hold several banners, each under a caption (the inbox, one banner per
  /// `--lang` device): add it after `stylesheet`. The render page, one banner a card, needs none.
  public static let stackStylesheet = """
    .banner-caption { margin: 0 0 6px; color: rgba(255,255,255,.85); font-size: 12px; overflow-wrap: anywhere; }
    .banner + .banner-caption, .banner + .banner { margin-top: 12px; }
    """
}

extension NotificationCard {
  /// A declarative web push message as an HTML page (`apns-lint render --format html`):
  /// `banner`, the banner Safari draws from the message (the caller makes it from the checked
  /// message: `from` as the app name, "from NAME" under the title for a Home Screen web app), or,
  /// when nil, a card saying the service worker gets the message; then `findings`.
  public static func webPushPage(banner: Banner?, shownPath: String, findings: [Finding]) -> String {
    let card = card(headingHTML: escape(visible(shownPath)) + " — web push", banners: banner.map { [$0] } ?? [],
                    findings: findings.map(Note.init))
    return page(title: shownPath + " — apns-lint render",
                summary: banner == nil ? "not shown as declared: Safari hands the message to the site's service worker"
                                       : "a declarative web push message as Safari shows it",
                cardsHTML: card, generator: "apns-lint render --format html")
  }
}
