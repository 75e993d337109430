import PayloadSchema
import StringsFile

/// What a device with one language shows for a payload: one card of `apns-lint render`.
public struct RenderResult: Sendable, Hashable {
  /// The payload's path as the user gave it (shown in the text card; not part of the JSON).
  public var path: String
  /// The preferred language rendered for (`fr-CA`), or a localization's language code for `--lang all`.
  public var language: String
  /// The localization the device picks (its folder name without `.lproj`, `fr`), nil when none.
  public var localization: String?
  /// The rendered text, each nil when the alert has nothing for it.
  public var title: String?
  public var subtitle: String?
  public var body: String?
  public var action: String?
  /// The payload's findings and the localization rules for this language, with severities.
  public var findings: [Finding]

  /// Creates a result.
  public init(
    path: String, language: String, localization: String?, title: String?, subtitle: String?, body: String?,
    action: String?, findings: [Finding]
  ) {
    self.path = path
    self.language = language
    self.localization = localization
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.action = action
    self.findings = findings
  }
}

/// What a payload's alert shows on devices with given languages: the values `apns-lint render`
/// prints (SPEC §8); `RenderReporter` writes them as text or JSON.

///
/// ```swift
/// let bundle = try LocalizationBundle(root: "App", table: configuration.table,
///                                     developmentLanguage: configuration.developmentLanguage)
/// let results = AlertPreview.render(payload: bytes, path: "push.json", bundle: bundle,
///                                   devices: [["fr-CA"], ["de-AT", "fr"], ["ja"]], configuration: configuration)
/// print(RenderReporter.json(results), terminator: "")
/// ```
public enum AlertPreview {
  /// Renders the payload once per device. `devices` are the `--lang` options, each a device's
  /// preference list (`["de-AT", "fr"]`: Austrian German, then French; the result's language is
  /// `de-AT,fr`); `[["all"]]` renders every localization of the bundle (language = its language
  /// code); no device renders the development language. Each result's diagnostics are the payload's
  /// own findings followed by the localization rules limited to that language (`LocalizationChecks`). A payload that is not
  /// readable JSON (`json-syntax`, `json-invalid-utf8`, `json-too-deep`, `payload-empty`,
  /// `payload-not-object`) renders nothing: APNs would refuse it.
  public static func render(
    payload bytes: [UInt8], path: String, bundle: LocalizationBundle, devices: [[String]], configuration: Configuration,
    overrides: TargetOverrides = TargetOverrides()
  ) -> [RenderResult] {
    var linter = Linter(configuration: configuration, overrides: overrides, collectAlert: true)
    let report = bytes.withUnsafeBytes { linter.validate($0) }
    let payloadFindings = report.findings

    var requests: [(language: String, localization: Localization?)] = []
    if devices.contains(where: { $0.count == 1 && $0[0].lowercased() == "all" }) {
      requests = bundle.localizations.map { ($0.languageCode, $0) }
    } else {
      for device in devices.isEmpty ? [[bundle.developmentLanguage]] : devices {
        requests.append((device.joined(separator: ","), bundle.localization(for: device)))
      }
    }

    return requests.map { request in
      var findings = payloadFindings
      var rendered = RenderedAlert()
      if let alert = report.alert, !report.findings.contains(where: { $0.payloadRule.map(unreadable.contains) ?? false }) {
        rendered = Localizer.render(AlertSpec(alert), in: request.localization)
        let scope = [request.localization?.identifier ?? request.language]
        findings += LocalizationChecks.check(alert: alert, bundle: bundle, devices: [scope])
      }
      return RenderResult(
        path: path, language: request.language, localization: request.localization?.identifier,
        title: rendered.title, subtitle: rendered.subtitle, body: rendered.body, action: rendered.action,
        findings: Linter.configured(findings, configuration: configuration))
    }
  }

  /// Findings after which the payload is not JSON a device could receive: nothing is rendered.
  static let unreadable: Set<PayloadRule> = [.jsonSyntax, .jsonInvalidUTF8, .jsonTooDeep, .payloadEmpty, .payloadNotObject]
}
