import ActivityContract
import Foundation
import PayloadSchema
import StringsFile

/// One `check` run (SPEC §8): how each input named on the command line is read and checked, and
/// where its results go. The command line builds one from its options and hands it each input
/// `CheckInputs.expand` finds; provider code can do the same with its own inputs.
///
/// An input is read as the kind it is:
/// - a request file (`*.http`, unless `ndjson`): every request in it, placed in the file;
/// - with `requestBody` set, a payload file as the body of the request it builds;
/// - with `ndjson`, a stream of payloads, one a line (with `activity`, on one thread, since each
///   record's bytes are checked against the app's types after its report; a record over
///   `maxInputBytes`, fed in chunks and refused for its size, is not);
/// - else one payload (a `*.apns` file as a simulator file); a payload file read whole that is an
///   envelope (an FCM message, an SNS or OneSignal request body, members without their object:
///   SPEC §8, "Envelopes") is checked as the APNs payload it carries (`envelopeReport`).
///
/// Problems that stop an input (it cannot be opened, read, or is over the size limit) go to
/// `problem` with the input's path, and make `check` answer false: the run checks the others and
/// then exits 2, since a scan that skipped something must never pass.
public struct CheckRun {
  /// The configured linter every input goes through.
  public var linter: Linter
  /// The localization rules of `--strings` (nil: none): extra findings for a payload's alert.
  public var localize: ((PayloadReport) -> [Finding])?
  /// The app's Live Activity types (`--activity`): each liveactivity push's contract is checked.
  public var activity: ActivityChecker?
  /// The clock for provider-token age and `apns-expiration`, seconds since 1970.
  public var now: Int64
  /// The time the pushes are sent (`check --now`), seconds since 1970, against which a Live
  /// Activity's `timestamp`, `stale-date` and the app's `Date`s are judged; nil (the default):
  /// none is judged against a clock, so a payload file gets the same report whenever it is checked.
  public var sendingTime: Int64? {
    didSet { linter.sendingTime = sendingTime }
  }
  /// Every line of an input is one payload.
  public var ndjson = false
  /// Threads that validate an NDJSON stream's lines (without `activity`).
  public var workers = 1
  /// Payload files are checked as the requests this builds around their bytes (nil: as payloads).
  public var requestBody: (([UInt8]) -> APNsRequest)?
  /// Each payload file's results carry the fixes its rules offer (`--format sarif`): such a
  /// file is read whole to place them.
  public var offerFixes = false
  /// Where a problem that stops an input is reported.
  public var problem: (ToolProblem) -> Void

  /// A run with `linter`, the clock `now` (seconds since 1970) and where problems go; payloads are
  /// read one a file, with no localization rules, Live Activity types or request options.
  public init(linter: Linter, now: Int64, problem: @escaping (ToolProblem) -> Void) {
    self.linter = linter
    self.now = now
    self.problem = problem
  }

  /// A run told the time the pushes are sent (`check --now`), or not (nil): told, it is the clock
  /// of every check and the ``sendingTime`` payload dates are judged against; not told, the
  /// machine's clock judges provider tokens and `apns-expiration`, and no payload date is judged.
  public init(linter: Linter, told time: Int64?, problem: @escaping (ToolProblem) -> Void) {
    self.init(linter: linter, now: time ?? Int64(Date().timeIntervalSince1970), problem: problem)
    sendingTime = time
    self.linter.sendingTime = time  // (an initializer does not call `didSet`)
  }

  /// The largest input read whole (`limits.max-input-bytes`). An NDJSON stream is not read whole:
  /// a record over `PayloadInput.recordLimit` is fed to the validator in chunks.
  public var maxInputBytes: Int { linter.configuration.maxInputBytes }

  /// Checks `input` and adds its results to `sink`; false when it could not be read whole.
  public mutating func check(_ input: CheckInputs.Input, into sink: inout ResultSink) -> Bool {
    let fd: Int32 = input.bytes.map(FileWalk.openForReading) ?? 0
    if fd < 0 {
      problem(ToolProblem("cannot read: \(FileWalk.errorText(errno))", path: input.path))
      return false
    }
    defer { if fd != 0 { close(fd) } }
    let path = input.path
    do {
      if path.hasSuffix(".http") && !ndjson {
        return checkRequests(try PayloadInput.readAll(fd: fd, maxBytes: maxInputBytes), path: path, into: &sink)
      } else if let requestBody {
        checkRequest(requestBody(try PayloadInput.readAll(fd: fd, maxBytes: maxInputBytes)), path: path, into: &sink)
      } else if ndjson {
        let (localize, activity, now) = (self.localize, self.activity, self.sendingTime)
        // The results are handed on from the reader's tasks: to a local sink, put back after.
        var stream = sink
        defer { sink = stream }
        try PayloadInput.lintNDJSON(fd: fd, path: path, linter: &linter, workers: workers, localize: localize,
                                    amend: activity.map { checker in { report, bytes in
                                      ActivitySources.apply(checker, to: &report, body: Array(bytes), now: now)
                                    } }, wholeRecord: maxInputBytes) { stream.add($0) }
      } else {
        linter.simulatorFile = path.hasSuffix(".apns")
        if activity != nil || offerFixes {
          checkPayload(try PayloadInput.readAll(fd: fd, maxBytes: maxInputBytes), path: path, into: &sink)
        } else {
          let (report, whole) = try PayloadInput.lintOneKeepingBytes(fd: fd, linter: &linter, maxBytes: maxInputBytes)
          if let whole, let enveloped = envelopeReport(whole, plain: report) {
            sink.add(linter.result(enveloped, path: path, record: nil))
          } else {
            sink.add(linter.result(report, path: path, record: nil, extra: localize?(report) ?? []))
          }
        }
      }
    } catch {
      switch error {
      case .failed(let code):
        problem(ToolProblem("cannot read: \(FileWalk.errorText(code))", path: path))
      case .tooLarge(let limit):
        problem(ToolProblem("more than \(limit) bytes (limits.max-input-bytes) without an error that ends reading: "
          + "not checked (a payload is at most 5120 bytes; use --ndjson for a stream of payloads)", path: path))
      }
      return false
    }
    return true
  }

  /// Checks an input already in memory as `check(_:into:)` checks a file that holds it, and adds
  /// its results to `sink`: as a request file (`*.http`) when `requestFile`, else as the body of
  /// the request `requestBody` builds, else as one payload (a `*.apns` path as a simulator file;
  /// one over `PayloadInput.wholeReadLimit` fed to the validator in chunks, as a file is). False
  /// when a request file cannot be read (`problem` says where). What `apns-lint mcp`'s
  /// `check_payload` runs on a payload handed over as text (SPEC §17).
  public mutating func check(bytes: [UInt8], path: String, requestFile: Bool, into sink: inout ResultSink) -> Bool {
    if requestFile { return checkRequests(bytes, path: path, into: &sink) }
    if let requestBody {
      checkRequest(requestBody(bytes), path: path, into: &sink)
      return true
    }
    linter.simulatorFile = path.hasSuffix(".apns")
    guard activity == nil, !offerFixes, bytes.count > PayloadInput.wholeReadLimit else {
      checkPayload(bytes, path: path, into: &sink)
      return true
    }
    let report = Self.report(ofPayload: bytes, linter: &linter)
    sink.add(linter.result(report, path: path, record: nil, extra: localize?(report) ?? []))
    return true
  }

  /// The report of one payload in memory as `check` makes it for a file that holds it: validated
  /// whole, or, over `PayloadInput.wholeReadLimit`, fed to `linter` in chunks as such a file is.
  /// What `apns-lint lsp` checks a payload document with.
  package static func report(ofPayload bytes: [UInt8], linter: inout Linter) -> PayloadReport {
    guard bytes.count > PayloadInput.wholeReadLimit else { return bytes.withUnsafeBytes { linter.validate($0) } }
    linter.begin()
    var at = 0
    while at < bytes.count && !linter.hasStopped {
      let end = min(at + PayloadInput.chunkSize, bytes.count)
      bytes.withUnsafeBytes { linter.feed(UnsafeRawBufferPointer(rebasing: $0[at..<end])) }
      at = end
    }
    return linter.finish()
  }

  /// The findings of one payload's bytes as `check` reports them for the file at `path` (its
  /// configuration, localization rules and Live Activity types): what `--fix` checks a fixed
  /// payload again with (SPEC §3.4).
  public mutating func findings(ofPayload bytes: [UInt8], path: String) -> [Finding] {
    if let requestBody {
      let entry = RequestFile.Entry(request: requestBody(bytes), line: 0)
      return linter.result(for: entry, path: path, record: nil, now: now, localize: localize, activity: activity).findings
    }
    linter.simulatorFile = path.hasSuffix(".apns")
    var report = bytes.withUnsafeBytes { linter.validate($0) }
    ActivitySources.apply(activity, to: &report, body: bytes, now: sendingTime)
    return linter.result(report, path: path, record: nil, extra: localize?(report) ?? []).findings
  }

  /// Every request of a request file's bytes, each placed in the file; false (and `problem`)
  /// when the file cannot be read as requests.
  private mutating func checkRequests(_ bytes: [UInt8], path: String, into sink: inout ResultSink) -> Bool {
    switch RequestFile.parse(bytes) {
    case .failure(let e):
      problem(ToolProblem(e.message, path: path, line: e.line, column: e.column))
      return false
    case .success(let entries):
      for entry in entries {
        sink.add(linter.result(for: entry, path: path, record: entries.count > 1 ? entry.line : nil, now: now,
                               localize: localize, activity: activity))
      }
      return true
    }
  }

  /// A request built from a payload and the request options (its findings about the method,
  /// path and headers at 1:1).
  private mutating func checkRequest(_ request: APNsRequest, path: String, into sink: inout ResultSink) {
    let entry = RequestFile.Entry(request: request, line: 0)
    sink.add(linter.result(for: entry, path: path, record: nil, now: now, localize: localize, activity: activity))
  }

  /// One payload read whole, with the app's Live Activity contract when there is one.
  private mutating func checkPayload(_ bytes: [UInt8], path: String, into sink: inout ResultSink) {
    var report = bytes.withUnsafeBytes { linter.validate($0) }
    // An envelope's findings are placed in it, but no fix is offered there (SPEC §8, "Envelopes").
    if let enveloped = envelopeReport(bytes, plain: report) {
      sink.add(linter.result(enveloped, path: path, record: nil))
      return
    }
    ActivitySources.apply(activity, to: &report, body: bytes, now: sendingTime)
    var result = linter.result(report, path: path, record: nil, extra: localize?(report) ?? [])
    if offerFixes { result.fixes = FixPlanner.positioned(result.findings, in: bytes, carriageReturnEndsLine: false) }
    sink.add(result)
  }

  /// The localization rules of `check --strings` (SPEC §8) for `localize`: the tables below
  /// `strings` are loaded once, each payload's alert is checked against them, limited to the
  /// localizations `devices` would pick (nil: every localization). `unreadable` lists the folders
  /// and tables that could not be read: the run checks what it has and exits 2. Throws when the
  /// folder itself cannot be read.
  public static func localizationRules(strings: String, devices: [[String]]?, configuration: Configuration) throws(ToolProblem)
    -> (rules: (PayloadReport) -> [Finding], unreadable: [ToolProblem]) {
    let bundle: LocalizationBundle
    do {
      bundle = try LocalizationBundle(root: strings, table: configuration.table, developmentLanguage: configuration.developmentLanguage)
        .excludingUnpickable(configuration)
    } catch {
      throw ToolProblem("cannot read the localization tables: \(error)", path: strings)
    }
    return ({ report in
      guard let alert = report.alert else { return [] }
      return LocalizationChecks.check(alert: alert, bundle: bundle, devices: devices)
    }, bundle.unreadable.map { ToolProblem($0.message, path: $0.path) })
  }
}
