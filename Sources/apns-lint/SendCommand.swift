import APNsAuth
import APNsClient
import APNsLint
import ArgumentParser
import Foundation
import NIOCore
import PayloadSchema
import StringsFile

/// `apns-lint send`: check a push with `check`'s validator, send it to APNs (or `serve`), and say
/// when the answer differs from the prediction (SPEC §12).
struct SendCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "send",
    abstract: "Check a push, send it to APNs (or a serve), and compare the answer with the prediction.",
    discussion: """
      The request goes through the same validator as `check` first: a predicted refusal or an \
      error finding stops it (exit 1) unless --force. Exit 0 when every push was accepted, 1 when \
      any was refused (by APNs or by the gate), 2 for usage, key, certificate or connection errors.
      """)

  @Argument(help: "A payload file (JSON), or a request file (*.http: its path and headers are used).") var input: String?
  @Option(name: .customLong("device-token"), help: "The device token (hexadecimal).") var deviceToken: String?
  @Option(help: "apns-topic (the app's bundle id, plus the push type's suffix).") var topic: String?
  @Option(name: .customLong("push-type"), help: "apns-push-type.") var pushType: PushType?
  @Option(help: "apns-priority.") var priority: Int?
  @Option(help: "apns-expiration, seconds since 1970.") var expiration: Int64?
  @Option(name: .customLong("collapse-id"), help: "apns-collapse-id.") var collapseID: String?
  @Option(name: [.customShort("H"), .customLong("header")], help: "A request header 'name: value' (repeatable, as curl).") var header: [String] = []
  @Option(help: "A broadcast: the channel id (base64) to send to, at /4/broadcasts/apps/<bundle-id>.") var channel: String?
  @Option(name: .customLong("bundle-id"), help: "With --channel: the app's bundle id (default: --topic without its suffix).") var bundleID: String?
  @OptionGroup(title: "Authentication and server") var connection: ConnectionOptions
  @OptionGroup(title: "Gate and output") var gate: GateOptions
  @Option(help: "Output: text or json.") var format: SendFormat = .text
  @Option(help: "An NDJSON file of pushes ({\"token\", \"payload\", \"headers\"} a line); '-' for standard input.") var batch: String?
  @Option(help: "Connections for a batch.") var connections: Int = 1
  @Option(help: "Retries of a push after a refused stream, a lost connection, 429, 500 or 503.") var retries: Int = 3
  @Option(help: "Write one NDJSON record per push to this file.") var results: String?
  @OptionGroup(title: "Web push (SPEC §16)") var webPush: WebPushOptions
  @Option(help: "A progress line on standard error: auto (on a terminal), always or never.") var progress: ProgressMode = .auto
  @Option(help: "Pushes in flight at once over all connections (the server's stream limit applies per connection).") var inflight: Int?

  enum SendFormat: String, ExpressibleByArgument { case text, json }
  enum ProgressMode: String, ExpressibleByArgument { case auto, always, never }

  /// Usage errors of option combinations, thrown as `ToolProblem` (the shape of every usage
  /// error) when the command starts; not ArgumentParser's `validate()`, whose errors it prints
  /// its own way.
  func checkUsage() throws(ToolProblem) {
    if batch != nil && input != nil { throw ToolProblem("give a payload or --batch, not both") }
    if batch == nil && input == nil { throw ToolProblem("give a payload or request file, or --batch FILE") }
    if channel != nil && batch != nil { throw ToolProblem("--channel sends one broadcast; it does not take --batch") }
    if channel != nil && deviceToken != nil { throw ToolProblem("give --device-token or --channel, not both") }
    if channel != nil && bundleID == nil && topic == nil { throw ToolProblem("--channel needs --bundle-id ID (or --topic)") }
    if bundleID != nil && channel == nil { throw ToolProblem("--bundle-id goes with --channel") }
    if connection.broadcastHost != .api && channel == nil { throw ToolProblem("--broadcast-host goes with --channel (a broadcast)") }
    if connections < 1 || connections > 64 { throw ToolProblem("--connections must be 1 to 64") }
    if retries < 0 || retries > 100 { throw ToolProblem("--retries must be 0 to 100") }
    if let results, let input, results == input { throw ToolProblem("--results would overwrite the input") }
    if let results, let batch, results == batch { throw ToolProblem("--results would overwrite the batch") }
  }

  func run() throws {
    try connection.checkUsage()
    try checkUsage()
    if webPush.subscription != nil { return try sendWebPush() }
    let setup = try makeSetup()
    if let batch {
      let code = try BatchSender(command: self, setup: setup).run(path: batch)
      if code != 0 { throw ExitCode(code) }
      return
    }
    try sendOne(setup: setup)
  }

  // MARK: - Setup

  typealias Setup = APNsClient.Configuration

  func makeSetup() throws -> Setup {
    try connection.makeSetup(channel != nil ? .broadcast(sampleHost: connection.broadcastHost == .apiBroadcast) : .push)
  }

  /// The command line's headers, in a fixed order, before any of a request file or a batch line.
  func commandLineHeaders() throws -> [RequestHeader] {
    var headers: [RequestHeader] = []
    for text in header {
      guard let parsed = RequestHeader(commandLine: text) else {
        throw ToolProblem("-H '\(VisibleText.escape(text))': expected 'name: value'")
      }
      headers.append(parsed)
    }
    headers.addUnlessPresent("apns-topic", topic)
    headers.addUnlessPresent("apns-push-type", pushType?.rawValue)
    headers.addUnlessPresent("apns-priority", priority.map(String.init))
    headers.addUnlessPresent("apns-expiration", expiration.map(String.init))
    headers.addUnlessPresent("apns-collapse-id", collapseID)
    return headers
  }

  // MARK: - One push

  func sendOne(setup: Setup) throws {
    guard let input else { return }
    guard let data = FileManager.default.contents(atPath: input) else {
      throw ToolProblem("cannot read", path: input)
    }
    var headers = try commandLineHeaders()
    var path: String? = deviceToken.map { "/3/device/" + $0 }
    if let channel { (path, headers) = ChannelManagement.broadcast(channel: channel, bundleID: bundleID, topic: topic, headers: headers) }
    var entry: RequestFile.Entry?
    if input.hasSuffix(".http") {
      switch RequestFile.parse(Array(data)) {
      case .failure(let e):
        throw ToolProblem(e.message, path: input, line: e.line, column: e.column)
      case .success(let entries):
        guard let first = entries.first else {
          throw ToolProblem("no request in the file", path: input)
        }
        if entries.count > 1 { complain(ToolProblem("\(entries.count) requests in the file; sending the first (line \(first.line))", path: input, kind: .warning)) }
        entry = first
      }
    }
    let push = if let entry { APNsPush(entry: entry, defaults: headers, path: path) }
               else { path.map { APNsPush(path: $0, headers: headers, body: Array(data)) } }
    guard let push else {
      throw ToolProblem("no device token: give --device-token HEX (or a request file with a path)")
    }
    let now = Int64(Date().timeIntervalSince1970)
    var linter = try connection.makeLinter(setup)
    linter.sendingTime = now  // a Live Activity's dates are judged against the time of sending
    let gateAuthorization = setup.authentication.authorization(now: now)
    var report = linter.validate(request: push.request(authorization: gateAuthorization), now: now)
    entry?.place(&report.findings)
    let decision = linter.sendDecision(report, path: input)
    let (result, predicted, blocked) = (decision.result, decision.predicted, decision.blocked)

    if gate.curl {
      print(connection.curlCommand(push, setup: setup, authorization: gateAuthorization, showSecrets: gate.showSecrets))
      return
    }
    // The gate's findings, as `check` prints them.
    let text = TextReporter(colour: false)
    if format == .text && (text.hasLines(for: result) || blocked || gate.dryRun) {
      let lines = text.lines(for: result)
      if !lines.isEmpty { FileHandle.standardError.write(Data(lines.utf8)) }
    }
    if gate.dryRun {
      print(push.text(to: setup.endpoint, authorization: gateAuthorization, showSecrets: gate.showSecrets))
      print("apns-lint predicts \(predicted)")
      if blocked { throw ExitCode(1) }
      return
    }
    if blocked && !gate.force {
      complain("\(input): not sent: apns-lint predicts \(predicted)\(predicted.isAccepted ? " and found errors" : ""); --force sends it anyway")
      throw ExitCode(1)
    }
    let delivery = try connection.deliverOnce(push, setup: setup, retries: retries)
    // A channel APNs does not have (or a limit it keeps) is no prediction an offline check could make.
    let stateful = channel != nil && delivery.answer.reason.map { ChannelManagementAnswer.stateReasons.contains($0) } == true
    let mismatch = !delivery.answer.matches(prediction: predicted) && !stateful
    if format == .json {
      print(APNsBatchResult(line: nil, token: push.deviceToken, predicted: predicted, delivery: delivery).record)
    } else {
      print(delivery.summary)
      if let explanation = delivery.answer.wireSpellingExplanation { print(explanation) }
      if channel != nil, let reason = delivery.answer.reason, let documented = ChannelManagement.documented(reason) {
        print("\(reason): \(documented.meaning)")
      }
      if mismatch {
        print("APNs answered \(delivery.answer); apns-lint predicted \(predicted)")
        print(push.bugReport(to: setup.endpoint, delivery: delivery, predicted: predicted,
                             toolVersion: APNsLintVersion.current))
      }
    }
    if !delivery.answer.isAccepted { throw ExitCode(1) }
  }
}

/// Runs an async body to completion from synchronous code (the command line's `run`).
func waitFor<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    box.value = await body()
    done.signal()
  }
  done.wait()
  return box.value!
}

final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
