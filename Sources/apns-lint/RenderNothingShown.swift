import APNsLint
import NotificationCard
import PayloadSchema

/// `apns-lint render PAYLOAD` for a push that shows nothing on the device it is sent to (an
/// accessory push, SPEC §8): why nothing shows, and the payload's findings, as text, JSON or an
/// HTML card with an empty banner. No tables are needed.
extension RenderCommand {
  /// The target flags render takes (`--push-type`, `--topic`).
  var overrides: TargetOverrides { TargetOverrides(pushType: pushType, topic: topic) }

  /// Renders the payload when its push type shows nothing on the device, and exits by its
  /// findings; false (nothing written) for any other push.
  func renderNothingShown(_ bytes: [UInt8], configuration: Configuration) throws -> Bool {
    var linter = Linter(configuration: configuration, overrides: overrides)
    let report = bytes.withUnsafeBytes { linter.validate($0) }
    guard let why = report.pushType.showsNothingOnTheDevice else { return false }
    let result = linter.result(report, path: payload, record: nil)
    let shown = payload == "-" ? "standard input" : payload
    switch format {
    case .json:
      Output.standard.write(JSONValue.object([
        ("path", .string(payload)),
        ("pushType", .string(report.pushType.rawValue)),
        ("shows", .string(why)),
        ("diagnostics", .array(result.findings.map(LocalizationOutput.json))),
      ]).text)
    case .text:
      var out = VisibleText.escape(shown) + ": " + why + "\n"
      for d in result.findings { out += VisibleText.escape(payload) + ":" + LocalizationOutput.line(d) + "\n" }
      Output.standard.write(out)
    case .html:
      let banner = NotificationCard.Banner(appName: appName ?? "App", languages: "", localization: nil, title: nil, subtitle: nil,
                                           body: nil, action: nil, caption: why)
      let card = NotificationCard.card(headingHTML: NotificationCard.escape(NotificationCard.visible(report.pushType.rawValue + " push")),
                                       banners: [banner], findings: result.findings.map(NotificationCard.Note.init))
      Output.standard.write(NotificationCard.page(title: shown + " — apns-lint render", heading: shown, summary: why, cardsHTML: card,
                                                  generator: "apns-lint render --format html"))
    }
    var run = RunOutcome()
    run.count(result.findings)
    try run.exit()
    return true
  }
}
