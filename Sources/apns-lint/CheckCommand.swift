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
  @OptionGroup var fixOptions: FixOptions
  @Option(name: .customLong("device-token"), help: "Check payloads as requests to POST /3/device/<HEX>.") var deviceToken: String?
  @Option(name: [.customShort("H"), .customLong("header")], help: "A request header 'name: value' (repeatable, as curl).") var header: [String] = []
  @Option(help: "How the provider authenticates: token or certificate (default: token when a request has 'authorization').") var auth: Authentication?
  @Option(help: "A provider key (AuthKey_KEYID.p8, or a public-key PEM) to verify provider-token signatures, with its scope if it has one (FILE:sandbox|production:team|topic=BUNDLE,…); repeatable.") var key: [String] = []
  @Option(help: "The APNs environment the requests go to (sandbox or production), against which a scoped --key is judged; a request file's URL host says it too.") var environment: PushEnvironment?
  @Option(help: "The time the pushes are sent: seconds since 1970, an ISO 8601 date ('2026-11-30T12:00:00Z', '2026-11-30'; UTC unless it names a zone) or 'now'. A Live Activity's timestamp and stale-date, and with --activity the app's Dates, are judged against it, and so are provider tokens and apns-expiration. Default: tokens and apns-expiration against the machine's clock, and no payload date against any clock.")
  var now: ClockOption?
  @Option(help: "The app's Swift files with its ActivityAttributes (a file, or a folder searched for *.swift; repeatable): check each liveactivity push's content-state and attributes against them.", completion: .file(extensions: ["swift"]))
  var activity: [String] = []

  /// Payloads are checked as requests when any request option is given.
  var requestMode: Bool { deviceToken != nil || !header.isEmpty || auth != nil || !key.isEmpty }

  func run() throws {
    if !lang.isEmpty && strings == nil {
      throw ToolProblem("--lang selects localizations for the localization rules; give --strings DIR too")
    }
    if requestMode && ndjson {
      throw ToolProblem("--ndjson reads a stream of payloads; request options (--device-token, -H, --auth, --key) apply to single payloads and *.http files")
    }
    let configuration = try loadConfiguration(config)
    let overrides = TargetOverrides(platform: platform, pushType: pushType, transport: transport, priority: priority, topic: topic, collapseID: collapseID, os: os)
    let requestHeaders = try parsedHeaders()
    let ring = try keyRing()
    var linter = Linter(configuration: configuration, overrides: overrides, collectAlert: strings != nil,
                        authentication: auth ?? (key.isEmpty ? nil : .token), verifier: ring)
    linter.environment = environment
    var run = CheckRun(linter: linter, told: now?.seconds, problem: complain)
    run.ndjson = ndjson
    run.offerFixes = format == .sarif
    run.workers = Workers.default
    // Any input, folder or table that could not be read makes the run exit 2, after the others
    // are checked: a scan that skipped something must never pass.
    var unreadable = false
    if let strings {
      do {
        let (rules, problems) = try CheckRun.localizationRules(strings: strings, devices: devices(lang), configuration: configuration)
        run.localize = rules
        problems.forEach(complain)
        unreadable = !problems.isEmpty
      } catch {
        throw error
      }
    }
    if requestMode {
      // The target options stand for the headers they name, unless -H gives that header.
      run.requestBody = { [deviceToken, pushType, priority, topic, collapseID] body in
        var headers = requestHeaders
        headers.addUnlessPresent("apns-push-type", pushType?.rawValue)
        headers.addUnlessPresent("apns-priority", priority.map(String.init))
        headers.addUnlessPresent("apns-topic", topic)
        headers.addUnlessPresent("apns-collapse-id", collapseID)
        return APNsRequest(path: deviceToken.map { "/3/device/" + $0 }, headers: headers, body: body)
      }
    }
    // The app's Swift files are read once, before any payload.
    let activityFailed: Bool
    (run.activity, activityFailed) = ActivitySources.load(reporting: activity)
    unreadable = unreadable || activityFailed

    var inputs = paths
    if inputs.isEmpty {
      if isatty(0) != 0 {
        throw ToolProblem("no input; give files or folders, or pipe a payload into standard input")
      }
      inputs = ["-"]
    }

    if fixOptions.fix {
      let session = try fixPayloads(inputs, run: &run)
      if fixOptions.dryRun {
        var left = session.left
        left.unreadable = left.unreadable || unreadable
        left.strict = strict
        throw ExitCode(left.status)
      }
    }

    // The baseline is read before anything is written: a bad one is exit 2 with no partial report.
    let root = BaselineRoot.find(from: FileManager.default.currentDirectoryPath)
    try baselineOptions.refuseOverwriting(inputs: inputs, root: root)
    let matcher = try baselineOptions.matcher(root: root)
    var sink = ResultSink(format: format, linter: linter, strict: strict, output: .standard, colour: Output.standardTakesColour)
    sink.matcher = matcher
    sink.recorder = baselineOptions.recorder(root: root)
    for input in inputs {
      let (files, problems) = CheckInputs.expand(input)
      problems.forEach(complain)
      if !problems.isEmpty { unreadable = true }
      for file in files where !run.check(file, into: &sink) { unreadable = true }
    }
    let written = baselineOptions.write(sink.recorder, unreadable: unreadable)
    sink.outcome.unreadable = unreadable || !written
    try sink.finish()
  }

  /// The provider keys of `--key`, each with its scope; nil without any.
  func keyRing() throws -> ProviderKeyRing? {
    var ring: ProviderKeyRing? = nil
    for argument in key {
      let (file, parsed) = ProviderKeyRing.splitScope(argument)
      let scope = try parsed.mapError { ToolProblem("--key \(VisibleText.escape(argument)): \($0)") }.get()
      do {
        let loaded = try ProviderKey.load(path: file)
        if ring == nil { ring = ProviderKeyRing() }
        ring?.add(loaded, scope: scope.isScoped ? scope : nil)
      } catch {
        throw error.toolProblem
      }
    }
    return ring
  }

  /// `--fix`: each payload file's fixes applied and written (or shown, `--dry-run`), before the
  /// report, which then says what is left. Standard input and NDJSON streams are not rewritten;
  /// a request file (`*.http`) is checked, not fixed.
  func fixPayloads(_ inputs: [String], run: inout CheckRun) throws -> FixSession {
    if ndjson { throw ToolProblem("--fix rewrites payload files; an --ndjson stream is checked, not fixed") }
    var session = FixSession(dryRun: fixOptions.dryRun)
    for input in inputs {
      for file in CheckInputs.expand(input).inputs {
        guard let opened = file.bytes else {
          complain(ToolProblem("standard input is checked, not fixed (--fix rewrites files)", kind: .note))
          continue
        }
        if file.path.hasSuffix(".http") {
          complain(ToolProblem("a request file is checked, not fixed", path: file.path, kind: .note))
          continue
        }
        guard case .success(let bytes) = FileWalk.read(opened, shownAs: file.path, limit: run.maxInputBytes) else { continue }
        var result = FixPlanner.fix(path: file.path, bytes: bytes, table: false) { run.findings(ofPayload: $0, path: file.path) }
        result.path = String(decoding: opened, as: UTF8.self)
        session.take(result, table: false)
      }
    }
    complain(session.summary)
    return session
  }

  /// `-H 'name: value'` as headers; a header without a colon is a usage error.
  func parsedHeaders() throws -> [RequestHeader] {
    try header.map { text in
      guard let parsed = RequestHeader(commandLine: text) else {
        throw ToolProblem("-H '\(VisibleText.escape(text))': expected 'name: value'")
      }
      return parsed
    }
  }
}
