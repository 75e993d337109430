import APNsLint
import ArgumentParser
import PayloadSchema

/// A run's exit status (SPEC §8), decided here for every command: 2 when an input, folder or
/// table could not be read (after the others are checked: a scan that skipped something never
/// passes), 1 when there is an error finding (or a warning with `--strict`), else 0.
struct RunOutcome {
  var unreadable = false
  var strict = false
  private(set) var errors = 0, warnings = 0, infos = 0

  /// Counts findings by severity.
  mutating func count(_ diagnostics: [Finding]) {
    for d in diagnostics {
      switch d.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .info: infos += 1
      }
    }
  }

  /// Counts one finding of `severity` (for findings that are not `Finding`s, such as a token's).
  mutating func count(_ severity: Severity) {
    switch severity {
    case .error: errors += 1
    case .warning: warnings += 1
    case .info: infos += 1
    }
  }

  /// The status, as `ArgumentParser` wants it.
  var code: ExitCode {
    if unreadable { return ExitCode(2) }
    if errors > 0 || (strict && warnings > 0) { return ExitCode(1) }
    return .success
  }

  /// Returns for status 0, else throws the status for `main` to exit with.
  func exit() throws(ExitCode) {
    let code = self.code
    if code != .success { throw code }
  }
}

/// The one place a run's output format and exit status are decided: `check` and `strings lint`
/// stream their results through it; `render`, `strings dump` and `token check` count their
/// findings in a `RunOutcome`.
struct ResultSink {
  let format: OutputFormat
  let rulesRun: [String]
  let configuration: Configuration
  var text = TextReporter(colour: Output.colourful)
  var json = JSONReporter()
  var sarif: SARIFReporter.Writer? = nil
  var payloads = 0
  /// The findings counted so far, and whether an input could not be read.
  var outcome: RunOutcome
  /// `--baseline`: hides the findings it lists before they are counted or written.
  var matcher: BaselineMatcher? = nil
  /// `--write-baseline`: every finding, before the baseline hides any.
  var recorder: BaselineRecorder? = nil

  init(format: OutputFormat, linter: Linter, strict: Bool) {
    self.format = format
    self.outcome = RunOutcome(strict: strict)
    self.rulesRun = linter.rulesRun
    self.configuration = linter.configuration
    if format == .json { Output.shared.write(json.header()) }
    if format == .sarif {
      let writer = SARIFReporter.Writer(rulesRun: rulesRun, toolVersion: APNsLintVersion.current, configuration: configuration)
      Output.shared.write(writer.header)
      sarif = writer
    }
  }

  /// Counts and writes one result; `baselined` when the caller has already recorded and
  /// filtered it (`strings lint` does, per key, before grouping missing translations).
  mutating func add(_ result: LintResult, baselined: Bool = false) {
    var r = result
    if !baselined {
      recorder?.add(r)
      if matcher != nil { r = matcher!.filter(r) }
    }
    payloads += 1
    outcome.count(r.findings)
    switch format {
    case .text: if text.hasLines(for: r) { Output.shared.write(text.lines(for: r)) }
    case .json: Output.shared.append { json.write(r, to: &$0) }
    // Every format is written as results come: memory does not grow with the stream or the findings.
    case .github:
      if !r.findings.isEmpty { Output.shared.write(GitHubReporter.render(LintReport(results: [r], rulesRun: rulesRun))) }
    case .sarif: if !r.findings.isEmpty, sarif != nil { Output.shared.write(sarif!.results(for: r)) }
    }
  }

  /// Writes the summary (text), footer (JSON) or closing (SARIF), then exits as `outcome` says.
  mutating func finish(noun: String = "payloads") throws(ExitCode) {
    let (errors, warnings, infos) = (outcome.errors, outcome.warnings, outcome.infos)
    let baseline = matcher?.summary
    switch format {
    case .text:
      Output.shared.write(text.summary(count: payloads, errors: errors, warnings: warnings, noun: noun))
      if let baseline { Output.shared.write(baseline + "\n") }
    case .json:
      Output.shared.write(json.footer(payloads: payloads, errors: errors, warnings: warnings, infos: infos,
                                      baseline: matcher.map { (suppressed: $0.suppressed, fixed: $0.fixed) }))
    case .sarif:
      if let sarif { Output.shared.write(sarif.footer) }
      // The SARIF document stays as it was; the counts go to standard error.
      if let baseline { complain("note: " + baseline) }
    case .github:
      if let baseline { Output.shared.write("::notice title=apns-lint baseline::\(GitHubReporter.escapeData(baseline))\n") }
    }
    try outcome.exit()
  }
}
