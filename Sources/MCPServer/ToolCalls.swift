import APNsLint
import Foundation
import PayloadSchema
import StringsFile

// Each tool runs what its command runs, on the library's functions, and answers with the JSON the
// command prints with `--format json`: written by the same reporters, into a `CapturedOutput`.

extension Tools {
  /// `check_payload`: `apns-lint check --format json` on a payload or request (text or a file),
  /// or on a folder's payloads and requests.
  func checkPayload(_ arguments: Arguments) throws(ToolFailure) -> ToolResult {
    let configuration = try root.configuration()
    var overrides = TargetOverrides(platform: try arguments.choice("platform", Platform.self),
                                    pushType: try arguments.choice("push_type", PushType.self),
                                    priority: try arguments.integer("priority"), topic: try arguments.string("topic"))
    if let os = try arguments.string("os") {
      guard let version = OSVersion(os) else { throw ToolFailure("'os' is '\(VisibleText.escape(os))'; give a version such as '18.0' or '26'") }
      overrides.os = version
    }
    let problems = ProblemList()
    let told = try arguments.integer("now").map(Int64.init)
    var run = CheckRun(linter: Linter(configuration: configuration, overrides: overrides),
                       now: told ?? Int64(clock()), problem: problems.add)
    run.sendingTime = told  // as `check --now`: the time a Live Activity's dates are judged against
    let captured = CapturedOutput()
    var sink = ResultSink(format: .json, linter: run.linter, strict: false, output: captured.output, colour: false)
    if let folder = try folderArgument(arguments) {
      try root.refuseLinksOut(below: folder.real, argument: "path")
      let display = PathDisplay(real: folder.real, given: folder.given)
      let (inputs, unreadable) = CheckInputs.expand(folder.real)
      unreadable.forEach { problems.add(ToolProblem($0.message, path: $0.path.map(display.path))) }
      for input in inputs {
        let shown = display.path(input.path)
        guard FileWalk.resolves(input.bytes ?? [], inside: root.path) else {
          problems.add(ToolProblem("a symbolic link out of the workspace: not read", path: shown))
          continue
        }
        _ = run.check(CheckInputs.Input(path: shown, bytes: input.bytes), into: &sink)
      }
    } else {
      let payload = try arguments.payload(in: root, limit: run.maxInputBytes)
      let requestFile = payload.isFile ? payload.shown.hasSuffix(".http") : RequestText.isRequestFile(payload.bytes)
      _ = run.check(bytes: payload.bytes, path: payload.shown, requestFile: requestFile, into: &sink)
    }
    _ = sink.end()
    return try problems.result(ToolResult(report: captured.text))
  }

  /// `lint_strings`: `apns-lint strings lint --format json` on a folder or table of the workspace
  /// (the code below the folder read for the keys it looks up, as the command does).
  func lintStrings(_ arguments: Arguments) throws(ToolFailure) -> ToolResult {
    let configuration = try root.configuration()
    let given = try arguments.required("path")
    let real = try root.confined(given, argument: "path")
    try root.refuseLinksOut(below: real, argument: "path")
    let display = PathDisplay(real: real, given: given)
    // As the command runs it (TreeLint): the projects below the folder say what ships and, unless
    // 'development_language' is given, the development language; the code below it, which keys
    // are looked up.
    let run: TreeLint
    do {
      run = try TreeLint(directory: real, developmentLanguage: try arguments.string("development_language"),
                         configuredLanguage: configuration.developmentLanguage, table: try arguments.string("table"),
                         exclude: configuration.excludedLocalizations, jobs: workers, readProjects: true)
    } catch {
      throw ToolFailure("'\(VisibleText.escape(given))' (path): no such file or folder in the workspace")
    }
    let (files, unreadable) = (run.files, run.problems)
    let linter = Linter(configuration: configuration)
    let captured = CapturedOutput()
    var sink = ResultSink(format: .json, linter: linter, strict: false, output: captured.output, colour: false)
    for file in files {
      sink.add(LintResult(path: display.path(file.path), findings: display.findings(linter.configured(file.groupedFindings))), baselined: true)
    }
    _ = sink.end(noun: "files")
    let problems = ProblemList()
    unreadable.forEach { problems.add(ToolProblem($0.message, path: display.path($0.path))) }
    return try problems.result(ToolResult(report: captured.text).adding(notes: run.notes.map(display.text)))
  }

  /// `render_alert`: `apns-lint render --format json` for one device's languages, or a web push
  /// message as Safari shows it.
  func renderAlert(_ arguments: Arguments) throws(ToolFailure) -> ToolResult {
    let configuration = try root.configuration()
    let payload = try arguments.payload(in: root, limit: configuration.maxInputBytes)
    let lang = try arguments.string("lang"), table = try arguments.string("table")
    guard let strings = try arguments.string("strings") else {
      guard DeclarativePushValidator.isWebPush(payload.bytes) else {
        throw ToolFailure("give 'strings' (a folder of the workspace with the app's tables) to render an alert; only a web push message (\"web_push\": 8030) needs none")
      }
      return ToolResult(report: WebPushRendering(payload.bytes, path: payload.shown, appName: nil, configuration: configuration).json)
    }
    let real = try root.confined(strings, argument: "strings")
    try root.refuseLinksOut(below: real, argument: "strings")
    let display = PathDisplay(real: real, given: strings)
    let bundle: LocalizationBundle
    do {
      bundle = try LocalizationBundle(root: real, table: table ?? configuration.table, developmentLanguage: configuration.developmentLanguage)
        .excludingUnpickable(configuration)
    } catch {
      throw ToolFailure("'\(VisibleText.escape(strings))' (strings) is not a folder of tables")
    }
    var results = AlertPreview.render(payload: payload.bytes, path: payload.shown, bundle: bundle,
                                      devices: AlertPreview.devices(lang.map { [$0] } ?? []) ?? [], configuration: configuration)
    for i in results.indices { results[i].findings = display.findings(results[i].findings) }
    let problems = ProblemList()
    bundle.unreadable.forEach { problems.add(ToolProblem($0.message, path: display.path($0.path))) }
    return try problems.result(ToolResult(report: RenderReporter.json(results)))
  }

  /// `explain_rule`: the rule as `apns-lint rules --format json` lists it, with `apns`, the
  /// answer it predicts (status and reason; null for a rule APNs does not refuse on).
  func explainRule(_ arguments: Arguments) throws(ToolFailure) -> ToolResult {
    let id = try arguments.required("rule")
    guard let rule = Rule.named(id) else {
      let closest = Rule.closest(to: id)
      throw ToolFailure("unknown rule '\(VisibleText.escape(String(id.prefix(200))))'; the closest: \(closest.joined(separator: ", "))",
                        details: ["closest": .array(closest.map { .string($0) })])
    }
    var value = JSONValue.parse(Array(RulesReporter.json(rule, try root.configuration()).utf8))?.object ?? [:]
    value["apns"] = rule.apnsAnswer.map { ["status": .int($0.status), "reason": .optional($0.reason)] } ?? .null
    return ToolResult(value: .object(value))
  }

  /// `check_payload`'s `path` when it names a folder (and no `payload` is given): as given, and real.
  private func folderArgument(_ arguments: Arguments) throws(ToolFailure) -> (given: String, real: String)? {
    guard let given = try arguments.string("path"), try arguments.string("payload") == nil else { return nil }
    let real = try root.confined(given, argument: "path")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
    return (given, real)
  }
}

/// The problems a run meets (an input that cannot be read, a request file that does not parse),
/// gathered for the answer: a call that met any fails, with its report beside them.
final class ProblemList {
  private(set) var problems: [ToolProblem] = []

  func add(_ problem: ToolProblem) { problems.append(problem) }

  func add(_ problem: FileWalk.Problem) { problems.append(ToolProblem(problem.message, path: problem.path)) }

  /// `result` when nothing went wrong, else a failure that lists the problems and keeps the report.
  func result(_ result: ToolResult) throws(ToolFailure) -> ToolResult {
    guard !problems.isEmpty else { return result }
    throw ToolFailure(problems.map(\.description).joined(separator: "\n"),
                      details: ["problems": .array(problems.map { .string($0.description) }), "report": result.structured])
  }
}

/// Whether a text handed to `check_payload` is a request file rather than a payload.
enum RequestText {
  /// True when the first line that is not blank or a comment (`#`, `//`) starts with a method
  /// and a space (`POST /3/device/…`), as a request file's request line does; a payload starts
  /// with `{`.
  static func isRequestFile(_ bytes: [UInt8]) -> Bool {
    var text = bytes[...]
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
    for line in text.split(separator: 0x0A, omittingEmptySubsequences: true) {
      let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
      if trimmed.isEmpty || trimmed.starts(with: [0x23]) || trimmed.starts(with: [0x2F, 0x2F]) { continue }
      let method = trimmed.prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
      return !method.isEmpty && trimmed.dropFirst(method.count).first == 0x20
    }
    return false
  }
}
