import APNsLint
import ArgumentParser
import Foundation
import StringsFile

/// `apns-lint render PAYLOAD --strings DIR [--lang L,...|all] [--format text|json|html]`: what the push shows, per language.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render", abstract: "Show the localized alert a payload renders to, per language.")

  @Argument(help: "The payload file ('-' for standard input).") var payload: String
  @Option(help: "A folder with the app's .lproj tables (or .xcstrings).", completion: .directory) var strings: String
  @Option(help: "A device's preferred languages (comma-separated: 'de-AT,fr'); repeat for several devices; 'all' for every localization (default: the development language).") var lang: [String] = []
  @Option(help: "The table name (default: the configuration's, Localizable).") var table: String?
  @Option(help: "A configuration file (default: .apns-lint.yml, else built in).") var config: String?
  @Option(help: "Output: text, json, or html (one self-contained page of lock-screen banners).") var format: RenderFormat = .text
  @Option(name: .customLong("app-name"), help: "The app name the html banners show.") var appName: String = "App"

  enum RenderFormat: String, ExpressibleByArgument, CaseIterable { case text, json, html }

  func run() throws {
    let configuration = try loadConfiguration(config)
    let fd: Int32 = payload == "-" ? 0 : open(payload, O_RDONLY)
    guard fd >= 0 else {
      complain("\(payload): error: cannot read: \(String(cString: strerror(errno)))")
      throw ExitCode(2)
    }
    let bytes: [UInt8]
    do { bytes = try PayloadInput.readAll(fd: fd, maxBytes: configuration.maxInputBytes) } catch {
      switch error {
      case .failed(let code): complain("\(payload): error: cannot read: \(FileWalk.errorText(code))")
      case .tooLarge(let limit): complain("\(payload): error: more than \(limit) bytes (limits.max-input-bytes): not read (a payload is at most 5120 bytes)")
      }
      throw ExitCode(2)
    }
    if fd != 0 { close(fd) }
    let bundle: LocalizationBundle
    do {
      bundle = try LocalizationBundle(root: strings, table: table ?? configuration.table, developmentLanguage: configuration.developmentLanguage)
        .excludingUnpickable(configuration)
    } catch {
      complain("\(strings): error: cannot read the localization tables: \(error)")
      throw ExitCode(2)
    }
    for problem in bundle.unreadable { complain("\(problem.path): error: \(problem.message)") }
    let results = AlertPreview.render(payload: bytes, path: payload, bundle: bundle, devices: devices(lang) ?? [], configuration: configuration)
    switch format {
    case .text: Output.shared.write(RenderReporter.text(results))
    case .json: Output.shared.write(RenderReporter.json(results))
    case .html: Output.shared.write(RenderHTML.page(results, appName: appName, title: payload == "-" ? "standard input" : payload))
    }
    // A table that could not be read may be the one a device picks: never a clean exit.
    var outcome = RunOutcome(unreadable: !bundle.unreadable.isEmpty)
    for result in results { outcome.count(result.diagnostics) }
    try outcome.exit()
  }
}
