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
    case .json: Output.shared.write(shown.json)
    case .text: Output.shared.write(shown.text)
    case .html:
      Output.shared.write(NotificationCard.webPushPage(shown.notification, from: shown.from, appName: appName,
                                                       shownPath: shown.shownPath, findings: shown.result.findings))
    }
    var run = RunOutcome()
    run.count(shown.result.findings)
    try run.exit()
  }
}
