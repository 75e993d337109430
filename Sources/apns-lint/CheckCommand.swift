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
    // Any input, folder or table that could not be read makes the run exit 2, after the others
    // are checked: a scan that skipped something must never pass.
    var unreadable = localize.unreadable
    for input in inputs {
      for file in expand(input, unreadable: &unreadable) {
        let fd: Int32 = file.bytes.map(FileWalk.openForReading) ?? 0
        if fd < 0 {
          complain("\(file.path): error: cannot read: \(FileWalk.errorText(errno))")
          unreadable = true
          continue
        }
        defer { if fd != 0 { close(fd) } }
        do {
          if ndjson {
            try PayloadInput.lintNDJSON(fd: fd, path: file.path, linter: &linter, workers: Self.workers, localize: localize.rules) { sink.add($0) }
          } else {
            let report = try PayloadInput.lintOne(fd: fd, linter: &linter, maxBytes: configuration.maxInputBytes)
            sink.add(linter.result(report, path: file.path, record: nil, extra: localize.rules?(report) ?? []))
          }
        } catch {
          switch error {
          case .failed(let code):
            complain("\(file.path): error: cannot read: \(FileWalk.errorText(code))")
          case .tooLarge(let limit):
            complain("\(file.path): error: more than \(limit) bytes (limits.max-input-bytes) without an error that ends reading: "
              + "not checked (a payload is at most 5120 bytes; use --ndjson for a stream of payloads)")
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

  /// An input to read: the path shown, and its bytes for `open` (nil: standard input).
  struct Input {
    var path: String
    var bytes: [UInt8]?
  }

  /// A path as the inputs it names: a folder's `*.json` and `*.apns` files, sorted, recursively
  /// (unreadable subfolders, FIFOs and devices found there are reported, not skipped in silence;
  /// names that are not UTF-8 are found too). A file named on the command line is read whatever
  /// it is (a FIFO from process substitution, a device), up to `limits.max-input-bytes`.
  private func expand(_ path: String, unreadable: inout Bool) -> [Input] {
    if path == "-" { return [Input(path: "-", bytes: nil)] }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      complain("\(path): error: no such file or folder")
      unreadable = true
      return []
    }
    guard isDirectory.boolValue else { return [Input(path: path, bytes: Array(path.utf8))] }
    let walk = FileWalk.files(below: path) { $0.hasSuffix(".json") || $0.hasSuffix(".apns") }
    for problem in walk.problems {
      complain("\(problem.path): error: \(problem.message)")
      unreadable = true
    }
    return walk.files.map { Input(path: $0.path, bytes: $0.bytes) }
  }
}

/// Collects or streams results to the chosen reporter, and counts.
struct ResultSink {
  let format: OutputFormat
  let rulesRun: [String]
  let configuration: Configuration
  var text = TextReporter(colour: Output.colourful)
  var json = JSONReporter()
  var sarif: SARIFReporter.Writer? = nil
  var payloads = 0, errors = 0, warnings = 0, infos = 0

  init(format: OutputFormat, linter: Linter) {
    self.format = format
    self.rulesRun = linter.rulesRun
    self.configuration = linter.configuration
    if format == .json { Output.shared.write(json.header()) }
    if format == .sarif {
      let writer = SARIFReporter.Writer(rulesRun: rulesRun, toolVersion: APNsLintVersion.current, configuration: configuration)
      Output.shared.write(writer.header)
      sarif = writer
    }
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
    // Every format is written as results come: memory does not grow with the stream or the findings.
    case .github:
      if !r.diagnostics.isEmpty { Output.shared.write(GitHubReporter.render(LintReport(results: [r], rulesRun: rulesRun))) }
    case .sarif: if !r.diagnostics.isEmpty, sarif != nil { Output.shared.write(sarif!.results(for: r)) }
    }
  }

  mutating func finish(noun: String = "payloads") {
    switch format {
    case .text: Output.shared.write(text.summary(count: payloads, errors: errors, warnings: warnings, noun: noun))
    case .json: Output.shared.write(json.footer(payloads: payloads, errors: errors, warnings: warnings, infos: infos))
    case .sarif:
      if let sarif { Output.shared.write(sarif.footer) }
    case .github:
      break
    }
  }
}

/// The localization rules for `check --strings`: the tables are loaded once, each payload's alert
/// is checked against them.
enum LocalizationRules {
  /// No rules without `--strings`: then there is nothing to add to a payload's findings.
  /// `unreadable` is true when a folder or table below `--strings` could not be read (each is
  /// reported on standard error): the run checks what it has and exits 2.
  static func make(strings: String?, languages: [String]?, configuration: Configuration) throws
    -> (rules: ((PayloadReport) -> [RuleFinding])?, unreadable: Bool) {
    guard let strings else { return (nil, false) }
    let bundle: LocalizationBundle
    do {
      bundle = try LocalizationBundle(root: strings, table: configuration.table, developmentLanguage: configuration.developmentLanguage)
    } catch {
      complain("\(strings): error: cannot read the localization tables: \(error)")
      throw ExitCode(2)
    }
    for problem in bundle.unreadable { complain("\(problem.path): error: \(problem.message)") }
    return ({ report in
      guard let alert = report.alert else { return [] }
      return LocalizationChecks.check(alert: alert, bundle: bundle, languages: languages)
    }, !bundle.unreadable.isEmpty)
  }
}
