import ActivityContract
import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint render PAYLOAD --strings DIR [--lang L,...|all] [--format text|json|html]`: what the push shows, per language;
/// `apns-lint render MESSAGE` for a declarative web push message (SPEC §16): what Safari shows.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render", abstract: "Show the localized alert a payload renders to, per language.")

  @Argument(help: "The payload file ('-' for standard input).") var payload: String
  @Option(help: "A folder with the app's .lproj tables (or .xcstrings).", completion: .directory) var strings: String?
  @Option(help: "The app's Swift files with its ActivityAttributes (a file or a folder; repeatable): show the Live Activity's decoded state instead of an alert.", completion: .file(extensions: ["swift"]))
  var activity: [String] = []
  @Option(help: "A device's preferred languages (comma-separated: 'de-AT,fr'); repeat for several devices; 'all' for every localization (default: the development language).") var lang: [String] = []
  @Option(help: "The table name (default: the configuration's, Localizable).") var table: String?
  @Option(help: "A configuration file (default: .apns-lint.yml, else built in).") var config: String?
  @Option(help: "Output: text, json, or html (one self-contained page of lock-screen banners).") var format: RenderFormat = .text
  @Option(name: .customLong("app-name"), help: "The app name the html banners show (a web push message: the Home Screen web app's name; default: the site's host).") var appName: String?
  @Option(name: .customLong("push-type"), help: "apns-push-type; inferred from the payload when omitted.") var pushType: PushType?
  @Option(help: "apns-topic header (its suffix names the push type).") var topic: String?

  enum RenderFormat: String, ExpressibleByArgument, CaseIterable { case text, json, html }

  /// Usage errors of option combinations, thrown as `ToolProblem` (the shape of every usage
  /// error) when the command starts; not ArgumentParser's `validate()`, whose errors it prints
  /// its own way.
  func checkUsage() throws(ToolProblem) {
    if strings != nil && !activity.isEmpty { throw ToolProblem("--strings renders an alert, --activity a Live Activity's state: give one") }
    if !activity.isEmpty && format == .html { throw ToolProblem("--activity renders as text or json") }
  }

  func run() throws {
    try checkUsage()
    let configuration = try loadConfiguration(config)
    let fd: Int32 = payload == "-" ? 0 : open(payload, O_RDONLY)
    guard fd >= 0 else {
      throw ToolProblem("cannot read: \(String(cString: strerror(errno)))", path: payload)
    }
    let bytes: [UInt8]
    do { bytes = try PayloadInput.readAll(fd: fd, maxBytes: configuration.maxInputBytes) } catch {
      switch error {
      case .failed(let code): throw ToolProblem("cannot read: \(FileWalk.errorText(code))", path: payload)
      case .tooLarge(let limit): throw ToolProblem("more than \(limit) bytes (limits.max-input-bytes): not read (a payload is at most 5120 bytes)", path: payload)
      }
    }
    if fd != 0 { close(fd) }
    if strings == nil && activity.isEmpty {
      // A declarative web push message needs no tables: Safari draws what it holds.
      if DeclarativePushValidator.isWebPush(bytes) { return try renderWebPush(bytes, configuration: configuration) }
      // Nor does a push that shows nothing on the device (an accessory push).
      if try renderNothingShown(bytes, configuration: configuration) { return }
      throw ToolProblem("give --strings DIR (an alert) or --activity FILE|DIR (a Live Activity); a web push message (\"web_push\": 8030) needs neither")
    }
    guard let strings else { return try renderActivity(bytes, configuration: configuration) }
    let bundle: LocalizationBundle
    do {
      bundle = try LocalizationBundle(root: strings, table: table ?? configuration.table, developmentLanguage: configuration.developmentLanguage)
        .excludingUnpickable(configuration)
    } catch {
      throw ToolProblem("cannot read the localization tables: \(error)", path: strings)
    }
    for problem in bundle.unreadable { complain(ToolProblem(problem.message, path: problem.path)) }
    let results = AlertPreview.render(payload: bytes, path: payload, bundle: bundle, devices: devices(lang) ?? [], configuration: configuration,
                                      overrides: overrides)
    switch format {
    case .text: Output.standard.write(RenderReporter.text(results))
    case .json: Output.standard.write(RenderReporter.json(results))
    case .html: Output.standard.write(RenderHTML.page(results, appName: appName ?? "App", title: payload == "-" ? "standard input" : payload))
    }
    // A table that could not be read may be the one a device picks: never a clean exit.
    var outcome = RunOutcome(unreadable: !bundle.unreadable.isEmpty)
    for result in results { outcome.count(result.findings) }
    try outcome.exit()
  }

  /// `render --activity`: the values the app decodes from `content-state` and `attributes`, with
  /// every finding; exit 1 when the device would drop the push.
  func renderActivity(_ bytes: [UInt8], configuration: Configuration) throws {
    let (checker, failed) = ActivitySources.load(reporting: activity)
    guard let checker else { throw ExitCode(2) }
    var linter = Linter(configuration: configuration, overrides: overrides)
    var report = bytes.withUnsafeBytes { linter.validate($0) }
    let now = Int64(Date().timeIntervalSince1970)
    let outcome = checker.check(bytes, now: now)
    outcome.dropGuesses(from: &report.findings)
    report.findings += outcome.findings
    let result = linter.result(report, path: payload, record: nil)
    let shown = payload == "-" ? "standard input" : payload
    switch format {
    case .json:
      let w = JSONValue.object([
        ("path", .string(payload)),
        ("type", .optional(outcome.typeName)),
        ("event", .optional(outcome.event)),
        ("decodes", .bool(!result.findings.contains(where: \.failsTheAppsDecoding))),
        ("values", .array(outcome.values.map { v in
          .object([("keyPath", .string(v.keyPath)), ("type", .string(v.type)), ("value", .string(v.shown))])
        })),
        ("diagnostics", .array(result.findings.map { d in
          .object([("rule", .string(d.rule.rawValue)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
                   ("line", .int(d.line)), ("column", .int(d.column)), ("keyPath", .optional(d.keyPath))])
        })),
      ]).text
      Output.standard.write(w)
    default:
      var out = ""
      if let type = outcome.typeName {
        out += "\(type) (\(outcome.event ?? "no event")), as the app decodes \(shown):\n"
      } else {
        out += "\(shown): not checked against an ActivityAttributes type\n"
      }
      let width = outcome.values.map(\.keyPath.count).max() ?? 0
      for v in outcome.values {
        out += "  " + v.keyPath + String(repeating: " ", count: width - v.keyPath.count) + "  " + v.type + " = " + VisibleText.escape(v.shown) + "\n"
      }
      for d in result.findings {
        out += VisibleText.escape(payload) + ":" + LocalizationOutput.line(d) + "\n"
      }
      Output.standard.write(out)
    }
    var run = RunOutcome(unreadable: failed)
    run.count(result.findings)
    try run.exit()
  }
}
