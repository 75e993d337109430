import APNsLint
import NotificationCard
import PayloadSchema

/// `apns-lint render MESSAGE` for a declarative web push message (SPEC §16): the notification
/// Safari draws from it, or why Safari shows nothing by itself, as text, JSON or an HTML banner
/// (`WebPushRendering`, `NotificationCard.webPushPage`).
extension RenderCommand {
  func renderWebPush(_ bytes: [UInt8], configuration: Configuration) throws {
    let shown = WebPushRendering(bytes, path: payload, appName: appName, configuration: configuration)
    switch format {
    case .json: Output.standard.write(shown.json)
    case .text: Output.standard.write(shown.text)
    case .html:
      let banner = shown.notification.map { n in
        NotificationCard.Banner(
          appName: shown.from, languages: n.lang.isEmpty ? "en" : n.lang, localization: n.lang.isEmpty ? nil : n.lang,
          title: n.title, subtitle: appName.map { "from \($0)" }, body: n.body.isEmpty ? nil : n.body,
          caption: "opens \(n.navigate)" + (n.appBadge.map { " · badge \($0)" } ?? ""), direction: n.dir)
      }
      Output.standard.write(NotificationCard.webPushPage(banner: banner, shownPath: shown.shownPath, findings: shown.result.findings))
    }
    var run = RunOutcome()
    run.count(shown.result.findings)
    try run.exit()
  }
}
