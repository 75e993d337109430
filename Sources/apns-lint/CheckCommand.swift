import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint check`: lints payload files, folders, standard input or NDJSON streams (SPEC §8).
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check APNs payloads (files, folders of *.json and *.apns, or standard input).")

  @Argument(help: "Files or folders (searched for *.json and *.apns); '-' or nothing with piped input reads standard input.")
  var paths: [String] = []

  @Option(help: "Platform: ios, macos, tvos, watchos, visionos or safari.") var platform: Platform?
  @Option(name: .customLong("push-type"), help: "apns-push-type; inferred from each payload when omitted.") var pushType: PushType?
  @Option(help: "Transport: http2, binary or binary-pre-ios8.") var transport: Transport?
  @Option(help: "apns-priority header.") var priority: Int?
  @Option(help: "apns-topic header.") var topic: String?
  @Option(name: .customLong("collapse-id"), help: "apns-collapse-id header.") var collapseID: String?
  @Option(help: "A folder with the app's .lproj tables: run the localization rules too.") var strings: String?
  @Option(help: "Languages a device prefers (comma-separated): limit the localization rules to the localizations it would pick.") var lang: String?
  @Option(help: "A configuration file (default: .apns-lint.yml in the working directory, else built in).") var config: String?
  @Option(help: "Output: text, json, sarif or github.") var format: OutputFormat = .text
  @Flag(help: "Every line of the input is one payload.") var ndjson = false
  @Flag(help: "Exit 1 on warnings too.") var strict = false

  func run() throws {
    if lang != nil && strings == nil {
      complain("error: --lang selects localizations for the localization rules; give --strings DIR too")
      throw ExitCode(2)
    }
    let configuration = try loadConfiguration(config)
    let overrides = TargetOverrides(platform: platform, pushType: pushType, transport: transport, priority: priority, topic: topic, collapseID: collapseID)
    var linter = Linter(configuration: configuration, overrides: overrides, collectAlert: strings != nil)
    let localize = try LocalizationRules.make(strings: strings, languages: languages(lang), configuration: configuration)

    var inputs = paths
    if inputs.isEmpty {
      if isatty(0) != 0 {
        complain("error: no input; give files or folders, or pipe a payload into standard input")
        throw ExitCode(2)
      }
      inputs = ["-"]
    }

    var sink = ResultSink(format: format, linter: linter)
    var unreadable = false
    for input in inputs {
      for file in expand(input, unreadable: &unreadable) {
        let fd: Int32 = file == "-" ? 0 : open(file, O_RDONLY)
        if fd < 0 {
          complain("\(file): error: cannot read: \(String(cString: strerror(errno)))")
          unreadable = true
          continue
        }
        defer { if fd != 0 { close(fd) } }
        do {
          if ndjson {
            try PayloadInput.lintNDJSON(fd: fd, path: file, linter: &linter, workers: Self.workers, localize: localize) { sink.add($0) }
          } else {
            let bytes = try PayloadInput.readAll(fd: fd)
            let report = bytes.withUnsafeBytes { linter.validate($0) }
            sink.add(linter.result(report, path: file, record: nil, extra: localize?(report) ?? []))
          }
        } catch {
          if case .failed(let code) = error {
            complain("\(file): error: cannot read: \(String(cString: strerror(code)))")
          }
          unreadable = true
        }
      }
    }
    sink.finish()
    if unreadable { throw ExitCode(2) }
    if sink.errors > 0 || (strict && sink.warnings > 0) { throw ExitCode(1) }
  }

  /// Threads that validate the lines of an NDJSON stream: `APNS_LINT_JOBS` if set (1 reads on one
  /// thread), else one per active processor, at most 16. Output is the same whatever the number.
  static var workers: Int {
    if let text = ProcessInfo.processInfo.environment["APNS_LINT_JOBS"], let n = Int(text), n >= 1 { return min(n, 64) }
    return min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16)
  }

  /// A path as the inputs it names: a folder's `*.json` and `*.apns` files, sorted, recursively.
  private func expand(_ path: String, unreadable: inout Bool) -> [String] {
    if path == "-" { return ["-"] }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      complain("\(path): error: no such file or folder")
      unreadable = true
      return []
    }
    guard isDirectory.boolValue else { return [path] }
    guard let walker = FileManager.default.enumerator(atPath: path) else {
      complain("\(path): error: cannot read the folder")
      unreadable = true
      return []
    }
    var files: [String] = []
    for case let relative as String in walker where relative.hasSuffix(".json") || relative.hasSuffix(".apns") {
      let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
      var dir: ObjCBool = false
      if FileManager.default.fileExists(atPath: full, isDirectory: &dir), !dir.boolValue { files.append(full) }
    }
    return files.sorted()
  }
}

/// Collects or streams results to the chosen reporter, and counts.
struct ResultSink {
  let format: OutputFormat
  let rulesRun: [String]
  let configuration: Configuration
  var text = TextReporter(colour: Output.colourful)
  var json = JSONReporter()
  var kept: [LintResult] = []
  var payloads = 0, errors = 0, warnings = 0, infos = 0

  init(format: OutputFormat, linter: Linter) {
    self.format = format
    self.rulesRun = linter.rulesRun
    self.configuration = linter.configuration
    if format == .json { Output.shared.write(json.header()) }
  }

  mutating func add(_ r: LintResult) {
    payloads += 1
    for d in r.diagnostics {
      switch d.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .info: infos += 1
      }
    }
    switch format {
    case .text: if !r.diagnostics.isEmpty { Output.shared.write(text.lines(for: r)) }
    case .json: Output.shared.append { json.write(r, to: &$0) }
    // GitHub annotations are written as they come. SARIF lists results inside one document, so
    // results with findings are kept (memory grows with the findings, not with the stream).
    case .github:
      if !r.diagnostics.isEmpty { Output.shared.write(GitHubReporter.render(LintReport(results: [r], rulesRun: rulesRun))) }
    case .sarif: if !r.diagnostics.isEmpty { kept.append(r) }
    }
  }

  mutating func finish(noun: String = "payloads") {
    switch format {
    case .text: Output.shared.write(text.summary(count: payloads, errors: errors, warnings: warnings, noun: noun))
    case .json: Output.shared.write(json.footer(payloads: payloads, errors: errors, warnings: warnings, infos: infos))
    case .sarif:
      Output.shared.write(SARIFReporter.render(LintReport(results: kept, rulesRun: rulesRun), toolVersion: APNsLintVersion.current, configuration: configuration))
    case .github:
      break
    }
  }
}

/// The localization rules for `check --strings`: the tables are loaded once, each payload's alert
/// is checked against them.
enum LocalizationRules {
  /// Nil without `--strings`: then there is nothing to add to a payload's findings.
  static func make(strings: String?, languages: [String]?, configuration: Configuration) throws -> ((PayloadReport) -> [RuleFinding])? {
    guard let strings else { return nil }
    let bundle: LocalizationBundle
    do {
      bundle = try LocalizationBundle(root: strings, table: configuration.table, developmentLanguage: configuration.developmentLanguage)
    } catch {
      complain("\(strings): error: cannot read the localization tables: \(error)")
      throw ExitCode(2)
    }
    return { report in
      guard let alert = report.alert else { return [] }
      return LocalizationChecks.check(alert: alert, bundle: bundle, languages: languages)
    }
  }
}
