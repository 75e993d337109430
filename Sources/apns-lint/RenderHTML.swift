// `render --format html` (SPEC §8): one self-contained page with a card per language that looks like
// an iOS lock-screen banner, and the findings beside it. No network: inline CSS, the system font
// stack, no images or scripts (a Content-Security-Policy says so), everything read from an input
// escaped for HTML. The card and its CSS are `NotificationCard`'s, which `serve`'s inbox shows too.

import APNsLint
import NotificationCard
import PayloadSchema
import StringsFile

/// The `render --format html` page: a heading, then one `NotificationCard` per result.
public enum RenderHTML {
  /// The whole page: a heading, then a card per result, in order. `title` names the page (the
  /// payload's path).
  public static func page(_ results: [RenderResult], appName: String, title: String) -> String {
    let errors = results.reduce(0) { $0 + $1.findings.filter { $0.severity == .error }.count }
    let warnings = results.reduce(0) { $0 + $1.findings.filter { $0.severity == .warning }.count }
    let summary = "\(results.count) \(results.count == 1 ? "language" : "languages"), \(errors) \(errors == 1 ? "error" : "errors"), "
      + "\(warnings) \(warnings == 1 ? "warning" : "warnings") · rendered by apns-lint as an iOS lock-screen banner shows it "
      + "(title 1 line, subtitle 1 line, body \(NotificationCard.bodyLines) lines; hover for the full text)"
    return NotificationCard.page(title: title + " — apns-lint render", heading: title, summary: summary,
                                 cardsHTML: results.map { card($0, appName: appName) }.joined(separator: "\n"),
                                 generator: "apns-lint render --format html")
  }

  /// One result's card: a heading (language → localization), the banner as the device draws it,
  /// and the findings.
  ///
  /// - Parameters:
  ///   - result: the alert as one device renders it (one of `AlertPreview.render`'s results), with its findings.
  ///   - appName: the name in the banner's header; escaped, as everything read from an input is.
  ///   - time: the banner's time label ("now", "2m ago").
  /// - Returns: a `<section class="card">` element.
  public static func card(_ result: RenderResult, appName: String, time: String = "now") -> String {
    let localization = result.localization.map { NotificationCard.escape(NotificationCard.visible($0)) }
      ?? "<span class=\"none\">no localization</span>"
    let banner = NotificationCard.Banner(
      appName: appName, time: time, languages: result.language, localization: result.localization,
      title: result.title, subtitle: result.subtitle, body: result.body, action: result.action)
    return NotificationCard.card(
      headingHTML: "\(NotificationCard.escape(NotificationCard.visible(result.language))) → \(localization)",
      attributes: [("data-language", result.language)], banners: [banner],
      findings: result.findings.map(NotificationCard.Note.init))
  }
}
