// A run's output and exit status (SPEC §8): results written as they come in the format asked
// for, the baseline applied, the findings counted, the summary or footer at the end, and the
// status. `apns-lint check` and `strings lint` stream their results through `ResultSink`; other
// commands count their findings in a `RunOutcome`. The command line hands in where the output goes
// (an `Output`, standard output for it) and whether it takes colour.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PayloadSchema

/// Output formats (SPEC §8).
public enum OutputFormat: String, Sendable, CaseIterable {
  case text, json, sarif, github
}

/// A run's exit status (SPEC §8): 2 when an input, folder or table could not be read (after the
/// others are checked: a scan that skipped something never passes), 1 when there is an error
/// finding (or a warning with `strict`), else 0.
public struct RunOutcome: Sendable {
  public var unreadable = false
  public var strict = false
  public private(set) var errors = 0, warnings = 0, infos = 0

  public init(unreadable: Bool = false, strict: Bool = false) {
    self.unreadable = unreadable
    self.strict = strict
  }

  /// Counts findings by severity.
  public mutating func count(_ findings: [Finding]) {
    for f in findings { count(f.severity) }
  }

  /// Counts one finding of `severity` (for findings that are not `Finding`s, such as a token's).
  public mutating func count(_ severity: Severity) {
    switch severity {
    case .error: errors += 1
    case .warning: warnings += 1
    case .info: infos += 1
    }
  }

  /// 0, 1 or 2, as above.
  public var status: Int32 {
    if unreadable { return 2 }
    return errors > 0 || (strict && warnings > 0) ? 1 : 0
  }
}

/// Buffered output to a sink handed in (the command line's is standard output): a report of
/// 200,000 payloads is written in large blocks. A failed write (a full disk, a closed pipe) is
/// kept (`writeError`): the run must then exit 2, never 0 with a report that was not written.
public final class Output: @unchecked Sendable {
  private var buffer: [UInt8] = []
  private let sink: (UnsafeRawBufferPointer) -> Int
  /// The `errno` of the first failed write to the sink.
  public private(set) var writeError: Int32? = nil

  /// Output that writes its blocks with `write`, which returns the number of bytes it wrote, or
  /// -1 with `errno` set (as `write(2)` does); it is called again for what is left.
  public init(write: @escaping (UnsafeRawBufferPointer) -> Int) {
    sink = write
    buffer.reserveCapacity(1 << 16)
  }

  /// Appends `text` in UTF-8, writing the buffer when it is full.
  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Lets `body` append UTF-8 bytes straight to the buffer.
  public func append(_ body: (inout [UInt8]) -> Void) {
    body(&buffer)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes what is buffered (unless a write has already failed) and empties the buffer.
  public func flush() {
    guard !buffer.isEmpty else { return }
    if writeError == nil {
      buffer.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let n = sink(UnsafeRawBufferPointer(rebasing: raw[offset...]))
          if n < 0 && errno == EINTR { continue }
          if n <= 0 {
            writeError = n < 0 ? errno : EIO
            break
          }
          offset += n
        }
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Writes a run's results to an `Output` as they come, in one format: memory does not grow
/// with the stream or the findings. `--baseline` hides what it lists before anything is counted;
/// `--write-baseline` records every finding first.
public struct ResultSink {
  public let format: OutputFormat
  /// The rules that run (`Linter.rulesRun`) for SARIF and GitHub output; empty for the others.
  let rulesRun: [String]
  let configuration: Configuration
  let output: Output
  var text: TextReporter
  var json = JSONReporter()
  var sarif: SARIFReporter.Writer? = nil
  public private(set) var payloads = 0
  /// The findings counted so far, and whether an input could not be read.
  public var outcome: RunOutcome
  /// `--baseline`: hides the findings it lists before they are counted or written.
  public var matcher: BaselineMatcher? = nil
  /// `--write-baseline`: every finding, before the baseline hides any.
  public var recorder: BaselineRecorder? = nil

  /// Starts the output (the JSON header, the SARIF run's head) on `output`; `colour`: the text
  /// format's severities in ANSI colours (the command line decides, for a terminal).
  public init(format: OutputFormat, linter: Linter, strict: Bool, output: Output, colour: Bool) {
    self.format = format
    self.output = output
    self.text = TextReporter(colour: colour)
    self.outcome = RunOutcome(strict: strict)
    // Only SARIF and GitHub output name the rules run: text and JSON do not build the catalogue
    // for them (its examples cost every run some 17 M instructions at start-up).
    self.rulesRun = format == .sarif || format == .github ? linter.rulesRun : []
    self.configuration = linter.configuration
    if format == .json { output.write(json.header()) }
    if format == .sarif {
      let writer = SARIFReporter.Writer(rulesRun: rulesRun, toolVersion: APNsLintVersion.current, configuration: configuration)
      output.write(writer.header)
      sarif = writer
    }
  }

  /// Counts and writes one result; `baselined` when the caller has already recorded and
  /// filtered it (`strings lint` does, per key, before grouping missing translations).
  public mutating func add(_ result: LintResult, baselined: Bool = false) {
    var r = result
    if !baselined {
      recorder?.add(r)
      if matcher != nil { r = matcher!.filter(r) }
    }
    payloads += 1
    outcome.count(r.findings)
    switch format {
    case .text: if text.hasLines(for: r) { output.write(text.lines(for: r)) }
    case .json: output.append { json.write(r, to: &$0) }
    case .github:
      if !r.findings.isEmpty { output.write(GitHubReporter.render(LintReport(results: [r], rulesRun: rulesRun))) }
    case .sarif: if !r.findings.isEmpty, sarif != nil { output.write(sarif!.results(for: r)) }
    }
  }

  /// Writes the summary (text), footer (JSON) or closing (SARIF); returns a note for standard
  /// error (the baseline's counts beside a SARIF document, which stays as it is), if any.
  public mutating func end(noun: String = "payloads") -> String? {
    let (errors, warnings, infos) = (outcome.errors, outcome.warnings, outcome.infos)
    let baseline = matcher?.summary
    switch format {
    case .text:
      output.write(text.summary(count: payloads, errors: errors, warnings: warnings, noun: noun))
      if let baseline { output.write(baseline + "\n") }
    case .json:
      output.write(json.footer(payloads: payloads, errors: errors, warnings: warnings, infos: infos,
                                      baseline: matcher.map { (suppressed: $0.suppressed, fixed: $0.fixed) }))
    case .sarif:
      if let sarif { output.write(sarif.footer) }
      if let baseline { return "note: " + baseline }
    case .github:
      if let baseline { output.write("::notice title=apns-lint baseline::\(GitHubReporter.escapeData(baseline))\n") }
    }
    return nil
  }
}
