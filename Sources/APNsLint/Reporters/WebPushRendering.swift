import PayloadSchema

/// A declarative web push message as Safari shows it (SPEC §16, `apns-lint render MESSAGE`): the
/// notification it declares (title, body, the site or Home Screen web app it comes from, `lang`
/// and `dir`, the badge and the page it opens), or none when Safari hands the message to the
/// site's service worker, with the findings and the push service's answer. `text` and `json` are
/// what `render` prints; NotificationCard's `webPushPage` draws it as HTML.
public struct WebPushRendering: Sendable {
  /// The path shown (`-` for standard input).
  public var path: String
  /// The notification Safari shows by itself; nil when the message is not declarative.
  public var notification: DeclarativeNotification?
  /// The findings and the predicted answer of the push service.
  public var result: LintResult
  /// A Home Screen web app's name (iOS writes "from NAME" under the title); nil for a site.
  public var appName: String?

  /// Checks `bytes` as a declarative web push message with `configuration`'s severities.
  public init(_ bytes: [UInt8], path: String, appName: String?, configuration: Configuration) {
    var validator = DeclarativePushValidator()
    let found = validator.validate(bytes)
    var report = PayloadReport(findings: found.findings, size: found.size, limit: found.limit, pushType: .alert)
    report.isWebPush = true
    self.path = path
    self.notification = found.notification
    self.result = Linter(configuration: configuration).result(report, path: path, record: nil)
    self.appName = appName
  }

  /// Who the notification is from: a Home Screen web app's name, else the host of the page it
  /// opens (as Safari on macOS attributes it), else "website".
  public var from: String {
    appName ?? notification.flatMap { DeclarativeURL.host($0.navigate) } ?? "website"
  }

  /// The status the push service answers (201 when it takes the message).
  public var status: Int { result.apns?.status ?? 201 }

  /// The path as a sentence names it.
  public var shownPath: String { path == "-" ? "standard input" : path }

  /// Text: the notification's lines (or why nothing is shown), then each finding.
  public var text: String {
    var out = ""
    if let n = notification {
      out += "\(shownPath): web push, shown by Safari as declared (the service answers \(status))\n"
      out += "  from:  \(VisibleText.escape(from))\(appName == nil ? "" : " (a Home Screen web app: 'from \(VisibleText.escape(from))' under the title)")\n"
      out += "  title: \(VisibleText.escape(n.title))\n"
      if !n.body.isEmpty { out += "  body:  \(VisibleText.escape(n.body))\n" }
      out += "  opens: \(VisibleText.escape(n.navigate))\n"
      var details: [String] = []
      if !n.lang.isEmpty { details.append("lang \(n.lang)") }
      if n.dir != "auto" { details.append("dir \(n.dir)") }
      if let badge = n.appBadge { details.append("badge \(badge)") }
      if n.silent { details.append("silent") }
      if n.mutable { details.append("mutable: the service worker may replace it") }
      if !n.tag.isEmpty { details.append("tag \(n.tag)") }
      if !details.isEmpty { out += "  " + VisibleText.escape(details.joined(separator: " · ")) + "\n" }
    } else {
      out += "\(shownPath): Safari shows nothing by itself: the message is handed to the site's service worker as an ordinary push (with none, it is dropped)\n"
    }
    for d in result.findings { out += VisibleText.escape(path) + ":" + LocalizationOutput.line(d) + "\n" }
    return out
  }

  /// JSON: `path`, `declarative`, `answer`, `notification` (null when not declarative) and
  /// `diagnostics`.
  public var json: String {
    let shown: JSONValue = notification.map { n in
      .object([
        ("title", .string(n.title)), ("body", .string(n.body)), ("navigate", .string(n.navigate)),
        ("origin", .optional(n.origin)), ("from", .string(from)), ("lang", .string(n.lang)), ("dir", .string(n.dir)),
        ("tag", .string(n.tag)), ("icon", .optional(n.icon)), ("silent", .bool(n.silent)), ("mutable", .bool(n.mutable)),
        ("appBadge", n.appBadge.map { .int(Int(clamping: $0)) } ?? .null),
      ])
    } ?? .null
    return JSONValue.object([
      ("path", .string(path)),
      ("declarative", .bool(notification != nil)),
      ("answer", .int(status)),
      ("notification", shown),
      ("diagnostics", .array(result.findings.map { d in
        .object([("rule", .string(d.rule.rawValue)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
                 ("line", .int(d.line)), ("column", .int(d.column)), ("keyPath", .optional(d.keyPath))])
      })),
    ]).text
  }
}
