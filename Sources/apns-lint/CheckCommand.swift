import ActivityContract
import APNsAuth
import APNsClient
import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint check`: lints payload files, folders, standard input or NDJSON streams (SPEC §8).
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check APNs payloads and requests (files, folders of *.json, *.apns and *.http, or standard input).",
    discussion: """
      A request file (*.http) is a request line, headers, a blank line and the body; the result says \
      what APNs would answer. A payload is checked as a request too when a request option is given \
      (--device-token, -H, --auth, --key).
      """)

  @Argument(help: "Files or folders (searched for *.json, *.apns and *.http); '-' or nothing with piped input reads standard input.")
  var paths: [String] = []

  @Option(help: "Platform: ios, macos, tvos, watchos, visionos or safari.") var platform: Platform?
  @Option(help: "The devices' OS version on --platform ('18.0', '26'): a push type it predates is an error.") var os: OSVersion?
  @Option(name: .customLong("push-type"), help: "apns-push-type; inferred from each payload when omitted.") var pushType: PushType?
  @Option(help: "Transport: http2, broadcast (a Live Activity to a channel), binary or binary-pre-ios8.") var transport: Transport?
  @Option(help: "apns-priority header.") var priority: Int?
  @Option(help: "apns-topic header.") var topic: String?
  @Option(name: .customLong("collapse-id"), help: "apns-collapse-id header.") var collapseID: String?
  @Option(help: "A folder with the app's .lproj tables: run the localization rules too.", completion: .directory) var strings: String?
  @Option(help: "A device's preferred languages (comma-separated: 'de-AT,fr'), repeatable for several devices: limit the localization rules to the localizations they would pick.") var lang: [String] = []
  @Option(help: "A configuration file (default: .apns-lint.yml in the working directory, else built in).") var config: String?
  @Option(help: "Output: text, json, sarif or github.") var format: OutputFormat = .text
  @Flag(help: "Every line of the input is one payload.") var ndjson = false
  @Flag(help: "Exit 1 on warnings too.") var strict = false
  @OptionGroup var baselineOptions: BaselineOptions
  @Option(name: .customLong("device-token"), help: "Check payloads as requests to POST /3/device/<HEX>.") var deviceToken: String?
  @Option(name: [.customShort("H"), .customLong("header")], help: "A request header 'name: value' (repeatable, as curl).") var header: [String] = []
  @Option(help: "How the provider authenticates: token or certificate (default: token when a request has 'authorization').") var auth: Authentication?
  @Option(help: "A provider key (AuthKey_KEYID.p8, or a public-key PEM) to verify provider-token signatures, with its scope if it has one (FILE:sandbox|production:team|topic=BUNDLE,…); repeatable.") var key: [String] = []
  @Option(help: "The APNs environment the requests go to (sandbox or production), against which a scoped --key is judged; a request file's URL host says it too.") var environment: PushEnvironment?
  @Option(help: "The clock for provider-token age and apns-expiration, in seconds since 1970 (default: now).") var now: Int64?
  @Option(help: "The app's Swift files with its ActivityAttributes (a file, or a folder searched for *.swift; repeatable): check each liveactivity push's content-state and attributes against them.", completion: .file(extensions: ["swift"]))
  var activity: [String] = []

  /// Payloads are checked as requests when any request option is given.
  var requestMode: Bool { deviceToken != nil || !header.isEmpty || auth != nil || !key.isEmpty }

  func run() throws {
    if !lang.isEmpty && strings == nil {
      complain(ToolProblem("--lang selects localizations for the localization rules; give --strings DIR too"))
      throw ExitCode(2)
    }
    if requestMode && ndjson {
      complain(ToolProblem("--ndjson reads a stream of payloads; request options (--device-token, -H, --auth, --key) apply to single payloads and *.http files"))
      throw ExitCode(2)
    }
    let configuration = try loadConfiguration(config)
    let overrides = TargetOverrides(platform: platform, pushType: pushType, transport: transport, priority: priority, topic: topic, collapseID: collapseID, os: os)
    let requestHeaders = try parsedHeaders()
    var ring: ProviderKeyRing? = nil
    for argument in key {
      let (file, parsed) = ProviderKeyRing.splitScope(argument)
      guard case .success(let scope) = parsed else {
        if case .failure(let problem) = parsed { complain(ToolProblem("--key \(VisibleText.escape(argument)): \(problem)")) }
        throw ExitCode(2)
      }
      do {
        let loaded = try ProviderKey.load(path: file)
        if ring == nil { ring = ProviderKeyRing() }
        ring?.add(loaded, scope: scope.isScoped ? scope : nil)
      } catch {
        complain(error.toolProblem)
        throw ExitCode(2)
      }
    }
    let clock = now ?? Int64(Date().timeIntervalSince1970)
    var linter = Linter(configuration: configuration, overrides: overrides, collectAlert: strings != nil,
                        authentication: auth ?? (key.isEmpty ? nil : .token), verifier: ring)
    linter.environment = environment
    let localize = try LocalizationRules.make(strings: strings, devices: devices(lang), configuration: configuration)
    // The app's Swift files are read once, before any payload.
    let (activityChecker, activityFailed) = ActivitySources.load(reporting: activity)

    var inputs = paths
    if inputs.isEmpty {
      if isatty(0) != 0 {
        complain(ToolProblem("no input; give files or folders, or pipe a payload into standard input"))
        throw ExitCode(2)
      }
      inputs = ["-"]
    }

    // The baseline is read before anything is written: a bad one is exit 2 with no partial report.
    let root = BaselineRoot.find(from: FileManager.default.currentDirectoryPath)
    try baselineOptions.refuseOverwriting(inputs: inputs, root: root)
    let matcher = try baselineOptions.matcher(root: root)
    var sink = ResultSink(format: format, linter: linter, strict: strict)
    sink.matcher = matcher
    sink.recorder = baselineOptions.recorder(root: root)
    // Any input, folder or table that could not be read makes the run exit 2, after the others
    // are checked: a scan that skipped something must never pass.
    var unreadable = localize.unreadable || activityFailed
    for input in inputs {
      let (files, problems) = CheckInputs.expand(input)
      problems.forEach(complain)
      if !problems.isEmpty { unreadable = true }
      for file in files {
        let fd: Int32 = file.bytes.map(FileWalk.openForReading) ?? 0
        if fd < 0 {
          complain(ToolProblem("cannot read: \(FileWalk.errorText(errno))", path: file.path))
          unreadable = true
          continue
        }
        defer { if fd != 0 { close(fd) } }
        do {
          if file.path.hasSuffix(".http") && !ndjson {
            let bytes = try PayloadInput.readAll(fd: fd, maxBytes: configuration.maxInputBytes)
            switch RequestFile.parse(bytes) {
            case .failure(let e):
              complain(ToolProblem(e.message, path: file.path, line: e.line, column: e.column))
              unreadable = true
            case .success(let entries):
              for entry in entries {
                sink.add(linter.result(for: entry, path: file.path, record: entries.count > 1 ? entry.line : nil, now: clock,
                                       localize: localize.rules, activity: activityChecker))
              }
            }
          } else if requestMode {
            let body = try PayloadInput.readAll(fd: fd, maxBytes: configuration.maxInputBytes)
            let entry = RequestFile.Entry(request: requestFromOptions(body: body, headers: requestHeaders), line: 0)
            sink.add(linter.result(for: entry, path: file.path, record: nil, now: clock, localize: localize.rules,
                                   activity: activityChecker))
          } else if ndjson, let activityChecker {
            checkActivityStream(fd: fd, path: file.path, checker: activityChecker, linter: &linter, sink: &sink, unreadable: &unreadable,
                                maxRecord: configuration.maxInputBytes, now: clock, localize: localize.rules)
          } else if ndjson {
            try PayloadInput.lintNDJSON(fd: fd, path: file.path, linter: &linter, workers: Self.workers, localize: localize.rules) { sink.add($0) }
          } else if activityChecker != nil {
            linter.simulatorFile = file.path.hasSuffix(".apns")
            let bytes = try PayloadInput.readAll(fd: fd, maxBytes: configuration.maxInputBytes)
            var report = bytes.withUnsafeBytes { linter.validate($0) }
            ActivitySources.apply(activityChecker, to: &report, body: bytes, now: clock)
            sink.add(linter.result(report, path: file.path, record: nil, extra: localize.rules?(report) ?? []))
          } else {
            linter.simulatorFile = file.path.hasSuffix(".apns")
            let report = try PayloadInput.lintOne(fd: fd, linter: &linter, maxBytes: configuration.maxInputBytes)
            sink.add(linter.result(report, path: file.path, record: nil, extra: localize.rules?(report) ?? []))
          }
        } catch {
          switch error {
          case .failed(let code):
            complain(ToolProblem("cannot read: \(FileWalk.errorText(code))", path: file.path))
          case .tooLarge(let limit):
            complain(ToolProblem("more than \(limit) bytes (limits.max-input-bytes) without an error that ends reading: "
              + "not checked (a payload is at most 5120 bytes; use --ndjson for a stream of payloads)", path: file.path))
          }
          unreadable = true
        }
      }
    }
    let written = baselineOptions.write(sink.recorder, unreadable: unreadable)
    sink.outcome.unreadable = unreadable || !written
    try sink.finish()
  }

  /// The request the request options describe (`--device-token`, `-H`, and the target options
  /// as the headers they stand for, unless `-H` gives that header) around a payload file's bytes.
  func requestFromOptions(body: [UInt8], headers given: [RequestHeader]) -> APNsRequest {
    var headers = given
    func add(_ name: String, _ value: String?) {
      guard let value, !headers.contains(where: { $0.name.lowercased() == name }) else { return }
      headers.append(RequestHeader(name, value))
    }
    add("apns-push-type", pushType?.rawValue)
    add("apns-priority", priority.map(String.init))
    add("apns-topic", topic)
    add("apns-collapse-id", collapseID)
    return APNsRequest(path: deviceToken.map { "/3/device/" + $0 }, headers: headers, body: body)
  }

  /// `--ndjson` with `--activity`: each record's content-state is checked against the app's types,
  /// which needs the record's bytes after its report, so records are read one at a time on this
  /// thread (the activity check costs well under a millisecond a payload).
  func checkActivityStream(fd: Int32, path: String, checker: ActivityChecker, linter: inout Linter, sink: inout ResultSink,
                           unreadable: inout Bool, maxRecord: Int, now: Int64,
                           localize: ((PayloadReport) -> [Finding])?) {
    var reader = NDJSONLineReader(fd: fd, maxLine: maxRecord)
    while let next = reader.next() {
      guard case .line(let bytes) = next.content else {
        complain(ToolProblem("a record of more than \(maxRecord) bytes (limits.max-input-bytes): not checked",
                             path: path, line: next.number, column: 1))
        unreadable = true
        continue
      }
      var report = bytes.withUnsafeBytes { linter.validate($0) }
      ActivitySources.apply(checker, to: &report, body: bytes, now: now)
      sink.add(linter.result(report, path: path, record: next.number, extra: localize?(report) ?? []))
    }
    if let code = reader.readError {
      complain(ToolProblem("cannot read: \(FileWalk.errorText(code))", path: path))
      unreadable = true
    }
  }

  /// `-H 'name: value'` as headers; a header without a colon is a usage error.
  func parsedHeaders() throws -> [RequestHeader] {
    try header.map { text in
      guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else {
        complain(ToolProblem("-H '\(VisibleText.escape(text))': expected 'name: value'"))
        throw ExitCode(2)
      }
      let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      return RequestHeader(String(text[..<colon]), value)
    }
  }

  /// Threads that validate the lines of an NDJSON stream: `APNS_LINT_JOBS` if set (1 reads on one
  /// thread), else one per active processor, at most 16. Output is the same whatever the number.
  static var workers: Int {
    if let text = ProcessInfo.processInfo.environment["APNS_LINT_JOBS"], let n = Int(text), n >= 1 { return min(n, 64) }
    return min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16)
  }
}

/// The localization rules for `check --strings`: the tables are loaded once, each payload's alert
/// is checked against them.
enum LocalizationRules {
  /// No rules without `--strings`: then there is nothing to add to a payload's findings.
  /// `unreadable` is true when a folder or table below `--strings` could not be read (each is
  /// reported on standard error): the run checks what it has and exits 2.
  static func make(strings: String?, devices: [[String]]?, configuration: Configuration) throws
    -> (rules: ((PayloadReport) -> [Finding])?, unreadable: Bool) {
    guard let strings else { return (nil, false) }
    let bundle: LocalizationBundle
    do {
      bundle = try LocalizationBundle(root: strings, table: configuration.table, developmentLanguage: configuration.developmentLanguage)
        .excludingUnpickable(configuration)
    } catch {
      complain(ToolProblem("cannot read the localization tables: \(error)", path: strings))
      throw ExitCode(2)
    }
    for problem in bundle.unreadable { complain(ToolProblem(problem.message, path: problem.path)) }
    return ({ report in
      guard let alert = report.alert else { return [] }
      return LocalizationChecks.check(alert: alert, bundle: bundle, devices: devices)
    }, !bundle.unreadable.isEmpty)
  }
}
