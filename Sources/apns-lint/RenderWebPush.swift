import APNsLint
import Foundation
import NotificationCard
import PayloadSchema

/// `apns-lint render MESSAGE` for a declarative web push message (SPEC §16): the notification
/// Safari draws from it (title, body, the site it comes from, `lang` and `dir`, the badge and the
/// page it opens), or why Safari shows nothing by itself, as text, JSON or an HTML banner.
extension RenderCommand {
  func renderWebPush(_ bytes: [UInt8], configuration: Configuration) throws {
    var validator = DeclarativePushValidator()
    let found = validator.validate(bytes)
    var report = PayloadReport(findings: found.findings, size: found.size, limit: found.limit, pushType: .alert)
    report.isWebPush = true
    let linter = Linter(configuration: configuration)
    let result = linter.result(report, path: payload, record: nil)
    let shown = payload == "-" ? "standard input" : payload
    let note = found.notification
    // Who the notification is from: a Home Screen web app's name (iOS adds "from NAME"), else the
    // site, as Safari on macOS attributes it.
    let from = appName ?? note.flatMap { DeclarativeURL.host($0.navigate) } ?? "website"
    switch format {
    case .json:
      let notification: JSONValue = note.map { n in
        .object([
          ("title", .string(n.title)), ("body", .string(n.body)), ("navigate", .string(n.navigate)),
          ("origin", .optional(n.origin)), ("from", .string(from)), ("lang", .string(n.lang)), ("dir", .string(n.dir)),
          ("tag", .string(n.tag)), ("icon", .optional(n.icon)), ("silent", .bool(n.silent)), ("mutable", .bool(n.mutable)),
          ("appBadge", n.appBadge.map { .int(Int(clamping: $0)) } ?? .null),
        ])
      } ?? .null
      Output.shared.write(JSONValue.object([
        ("path", .string(payload)),
        ("declarative", .bool(note != nil)),
        ("answer", .int(result.apns?.status ?? 201)),
        ("notification", notification),
        ("diagnostics", .array(result.findings.map { d in
          .object([("rule", .string(d.rule.rawValue)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
                   ("line", .int(d.line)), ("column", .int(d.column)), ("keyPath", .optional(d.keyPath))])
        })),
      ]).text)
    case .html:
      let banner = NotificationCard.Banner(
        appName: from, languages: note.map { $0.lang.isEmpty ? "en" : $0.lang } ?? "en", localization: note.flatMap { $0.lang.isEmpty ? nil : $0.lang },
        title: note?.title, subtitle: appName.map { "from \($0)" }, body: note.flatMap { $0.body.isEmpty ? nil : $0.body },
        caption: note.map { "opens \($0.navigate)" + ($0.appBadge.map { " · badge \($0)" } ?? "") } ?? "Safari shows nothing by itself: the service worker gets the message",
        direction: note?.dir)
      let notes = result.findings.map(NotificationCard.Note.init)
      let card = NotificationCard.card(headingHTML: NotificationCard.escape(NotificationCard.visible(shown)) + " — web push",
                                       banners: note == nil ? [] : [banner], findings: notes)
      Output.shared.write(NotificationCard.page(title: shown + " — apns-lint render", summary: note == nil
        ? "not shown as declared: Safari hands the message to the site's service worker"
        : "a declarative web push message as Safari shows it", cardsHTML: card, generator: "apns-lint render --format html"))
    case .text:
      var out = ""
      if let n = note {
        out += "\(shown): web push, shown by Safari as declared (the service answers \(result.apns?.status ?? 201))\n"
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
        out += "\(shown): Safari shows nothing by itself: the message is handed to the site's service worker as an ordinary push (with none, it is dropped)\n"
      }
      for d in result.findings { out += VisibleText.escape(payload) + ":" + LocalizationOutput.line(d) + "\n" }
      Output.shared.write(out)
    }
    var run = RunOutcome()
    run.count(result.findings)
    try run.exit()
  }
}
