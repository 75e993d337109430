// `render --format html` (SPEC §8): one self-contained page with a card per language that looks like
// an iOS lock-screen banner, and the findings beside it. No network: inline CSS, the system font
// stack, no images or scripts (a Content-Security-Policy says so), everything read from an input
// escaped for HTML. `card(_:appName:)` and `stylesheet` are the pieces an inbox page (`serve`) reuses.

import APNsLint
import PayloadSchema
import StringsFile

/// HTML for rendered alerts: a whole page (`page`), or one card and the CSS it needs.
///
/// Another page (the `serve` inbox) shows pushes the same way with `stylesheet` in its `<style>`
/// and one `card(_:appName:time:)` per push; a card needs nothing else (no script, image or font).
public enum RenderHTML {
  /// The lines a lock-screen banner shows of each field before an ellipsis (iOS 16–18, default
  /// text size): the title and subtitle one line each, the body four.
  public static let titleLines = 1, subtitleLines = 1, bodyLines = 4

  /// Languages written right to left: a device set to one lays the banner out from the right.
  public static let rightToLeft: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "ckb", "dv"]

  /// The whole page: a heading, then a card per result, in order. `title` names the page (the
  /// payload's path).
  public static func page(_ results: [RenderResult], appName: String, title: String) -> String {
    let errors = results.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == .error }.count }
    let warnings = results.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == .warning }.count }
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="apns-lint render --format html">
      <title>\(escape(visible(title))) — apns-lint render</title>
      <style>
      \(stylesheet)
      </style>
      </head>
      <body>
      <header class="page-header">
      <h1>\(escape(visible(title)))</h1>
      <p>\(results.count) \(results.count == 1 ? "language" : "languages"), \(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings") · rendered by apns-lint as an iOS lock-screen banner shows it (title 1 line, subtitle 1 line, body \(bodyLines) lines; hover for the full text)</p>
      </header>
      <main class="cards">

      """
    for result in results { html += card(result, appName: appName) + "\n" }
    html += "</main>\n</body>\n</html>\n"
    return html
  }

  /// One card: a header (language → localization), the banner as the device draws it, and the
  /// findings. Self-contained HTML that needs only `stylesheet`.
  ///
  /// - Parameters:
  ///   - result: the alert as one device renders it (one of `AlertPreview.render`'s results), with its findings.
  ///   - appName: the name in the banner's header; escaped, as everything read from an input is.
  ///   - time: the banner's time label ("now", "2m ago").
  /// - Returns: a `<section class="card">` element.
  public static func card(_ result: RenderResult, appName: String, time: String = "now") -> String {
    let device = result.language.split(separator: ",").first.map(String.init) ?? result.language
    let direction = isRightToLeft(device) ? "rtl" : "ltr"
    let textLanguage = result.localization ?? device
    let errors = result.diagnostics.contains { $0.severity == .error }
    var html = "<section class=\"card\(errors ? " has-errors" : "")\" data-language=\"\(escape(result.language))\">\n"
    html += "<h2 class=\"card-title\">\(escape(visible(result.language))) → \(result.localization.map { escape(visible($0)) } ?? "<span class=\"none\">no localization</span>")</h2>\n"
    html += "<div class=\"wallpaper\">\n"
    html += "<article class=\"banner\" dir=\"\(direction)\" lang=\"\(escape(textLanguage))\">\n"
    html += "<div class=\"banner-head\"><span class=\"app-icon\" aria-hidden=\"true\">\(escape(String(appName.prefix(1)).uppercased()))</span>"
    html += "<span class=\"app-name\"><bdi>\(escape(visible(appName)))</bdi></span><time class=\"time\">\(escape(time))</time></div>\n"
    let fields: [(String, String?)] = [("title", result.title), ("subtitle", result.subtitle), ("body", result.body)]
    if fields.allSatisfy({ $0.1 == nil }) {
      html += "<p class=\"nothing\">nothing to show</p>\n"
    }
    for (name, value) in fields {
      guard let value else { continue }
      let text = escape(shown(value))
      html += "<div class=\"\(name)\" title=\"\(text)\">\(text)</div>\n"
    }
    if let action = result.action {
      html += "<div class=\"action\" title=\"action button\">\(escape(shown(action)))</div>\n"
    }
    html += "</article>\n</div>\n"
    html += findings(result.diagnostics)
    html += "</section>"
    return html
  }

  /// The findings as a list, or a line saying there are none.
  static func findings(_ diagnostics: [Diagnostic]) -> String {
    guard !diagnostics.isEmpty else { return "<p class=\"findings clean\">no findings</p>\n" }
    var html = "<ul class=\"findings\">\n"
    for diagnostic in diagnostics {
      let severity = diagnostic.severity.rawValue
      html += "<li class=\"\(severity)\"><span class=\"severity\">\(severity)</span> "
      html += "<span class=\"position\">\(diagnostic.line):\(diagnostic.column)</span> "
      html += "<span class=\"message\">\(escape(visible(diagnostic.message)))</span> "
      html += "<code class=\"rule\">\(escape(diagnostic.rule))</code></li>\n"
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
  /// written as a visible escape, as on a terminal.
  static func visible(_ text: String) -> String { VisibleText.escape(text) }

  /// Alert text as the device draws it: line breaks and tabs kept, other controls (which HTML
  /// cannot hold) written as visible escapes; bidi characters kept, each field isolated.
  static func shown(_ text: String) -> String {
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

  /// The page's CSS: the system font stack, a lock-screen banner of iOS's proportions (a 360-point
  /// wide rounded panel on a wallpaper), one line for title and subtitle, four for the body.
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
}
