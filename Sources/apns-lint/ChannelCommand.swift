import APNsClient
import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint channel create|read|delete|list`: Apple's channel management API for broadcast
/// Live Activity pushes (SPEC §13.2; Apple: "Sending channel management requests to APNs"), with
/// `send`'s authentication, server options and gate.
struct ChannelCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "channel",
    abstract: "Create, read, delete and list broadcast channels (Live Activities) on APNs or a serve.",
    discussion: """
      Each request goes through check's validator first (rule channel-request): a predicted \
      refusal stops it (exit 1) unless --force. --sandbox (the default) talks to \
      \(ChannelManagement.developmentHost):\(ChannelManagement.developmentPort), --production to \
      \(ChannelManagement.productionHost):\(ChannelManagement.productionPort), --url to a serve. \
      Exit 0 when APNs accepted the request, 1 when it (or the gate) refused it, 2 for usage, key, \
      certificate or connection errors.
      """,
    subcommands: [Create.self, Read.self, Delete.self, List.self])

  /// What every channel subcommand takes.
  struct Options: ParsableArguments {
    @Option(name: .customLong("bundle-id"), help: "The app's bundle id.") var bundleID: String
    @Option(help: "Output: text or json.") var format: Format = .text
    @OptionGroup(title: "Authentication and server") var connection: ConnectionOptions
    @OptionGroup(title: "Gate and output") var gate: GateOptions
  }

  enum Format: String, ExpressibleByArgument { case text, json }

  /// `--storage-policy`: Apple's `message-storage-policy` 0 and 1.
  enum StoragePolicyName: String, ExpressibleByArgument, CaseIterable {
    case noStorage = "no-storage"
    case mostRecent = "most-recent"

    var policy: ChannelManagement.StoragePolicy {
      switch self {
      case .noStorage: .noMessageStored
      case .mostRecent: .mostRecentMessageStored
      }
    }
  }

  struct Create: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Create a channel; prints its id (apns-channel-id) and the apns-request-id.")
    @OptionGroup var options: Options
    @Option(name: .customLong("storage-policy"),
            help: "no-storage (0: a broadcast needs apns-expiration 0) or most-recent (1: APNs keeps the latest broadcast).")
    var storagePolicy: StoragePolicyName = .noStorage

    func run() throws { try ChannelCommand.perform(.create(storagePolicy.policy), options) }
  }

  struct Read: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a channel's settings (its storage policy and push type).")
    @OptionGroup var options: Options
    @Option(help: "The channel id (apns-channel-id, base64).") var channel: String

    func run() throws { try ChannelCommand.perform(.read(channelID: channel), options) }
  }

  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Delete a channel.")
    @OptionGroup var options: Options
    @Option(help: "The channel id (apns-channel-id, base64).") var channel: String

    func run() throws { try ChannelCommand.perform(.delete(channelID: channel), options) }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the ids of the app's channels.")
    @OptionGroup var options: Options

    func run() throws { try ChannelCommand.perform(.list, options) }
  }

  // MARK: - One request

  /// The status of a successful answer: 201 for a create, 204 for a delete, else 200 (Apple:
  /// "Sending channel management requests to APNs").
  static func successStatus(_ operation: ChannelManagement.Operation) -> Int {
    switch operation {
    case .create: 201
    case .delete: 204
    case .read, .list: 200
    }
  }

  /// The request for `operation`, as `ChannelManagement` builds it for any client.
  static func push(_ operation: ChannelManagement.Operation, bundleID: String) -> APNsPush {
    let r = ChannelManagement.request(operation, bundleID: bundleID)
    return APNsPush(method: r.method, path: r.path ?? "", headers: r.headers, body: r.body)
  }

  /// Builds, gates, sends and reports one channel management request; throws the exit code.
  static func perform(_ operation: ChannelManagement.Operation, _ options: Options) throws {
    let setup = try options.connection.makeSetup(.management)
    let request = push(operation, bundleID: options.bundleID)
    let now = Int64(Date().timeIntervalSince1970)
    var linter = try options.connection.makeLinter(setup)
    let authorization = ConnectionOptions.gateToken(setup, now: now)
    let report = linter.validate(request: request.request(authorization: authorization), now: now)
    let decision = linter.sendDecision(report, path: request.path)
    let (result, blocked) = (decision.result, decision.blocked)
    // The gate's verdict for a request APNs would take is a 200; channel management answers a
    // create with 201 and a delete with 204 (as `check` prints it).
    let accepted = decision.predicted.isAccepted
    let predicted = accepted ? APNsAnswer(status: successStatus(operation), reason: nil) : decision.predicted

    if options.gate.curl {
      print(options.connection.curlCommand(request, setup: setup, authorization: authorization, showSecrets: options.gate.showSecrets))
      return
    }
    let text = TextReporter(colour: false)
    if options.format == .text && (text.hasLines(for: result) || blocked || options.gate.dryRun) {
      let lines = text.lines(for: result)
      if !lines.isEmpty { FileHandle.standardError.write(Data(lines.utf8)) }
    }
    if options.gate.dryRun {
      print(ConnectionOptions.requestText(request, setup: setup, authorization: authorization, showSecrets: options.gate.showSecrets))
      print("apns-lint predicts \(predicted)")
      if blocked { throw ExitCode(1) }
      return
    }
    if blocked && !options.gate.force {
      complain("\(request.method) \(request.path): not sent: apns-lint predicts \(predicted)\(accepted ? " and found errors" : ""); --force sends it anyway")
      throw ExitCode(1)
    }
    // A create is not sent twice (a retried create could make two channels); the others are
    // idempotent and retried as `send` retries (refused streams, 429, 500, 503).
    let retries: Int
    if case .create = operation { retries = 0 } else { retries = 2 }
    let delivery = try options.connection.deliverOnce(request, setup: setup, retries: retries)
    let answer = ChannelAnswer(operation, delivery: delivery, predicted: predicted)
    print(options.format == .json ? answer.json() : answer.text())
    if !answer.succeeded { throw ExitCode(1) }
  }
}

/// What APNs answered a channel management request, read for the user: the new id, the
/// settings, the list, or the documented reason of a refusal.
struct ChannelAnswer {
  var operation: ChannelManagement.Operation
  var answer: APNsAnswer
  var requestID: String?
  /// `create`: the new channel's id (`apns-channel-id`).
  var channelID: String?
  /// `read`: `message-storage-policy` (0 or 1).
  var storagePolicy: Int?
  /// `read`: `push-type`.
  var pushType: String?
  /// `list`: the ids.
  var channels: [String]?
  /// A refusal's meaning, from Apple's table (`ChannelManagement.documentedReasons`).
  var meaning: String?
  var predicted: APNsAnswer

  init(_ operation: ChannelManagement.Operation, delivery: APNsDelivery, predicted: APNsAnswer) {
    self.operation = operation
    self.answer = delivery.answer
    self.predicted = predicted
    requestID = delivery.header("apns-request-id") ?? delivery.apnsID
    meaning = delivery.answer.reason.flatMap { ChannelManagement.documented($0)?.meaning }
    guard (200..<300).contains(delivery.answer.status) else { return }
    let object = (try? JSONSerialization.jsonObject(with: Data(delivery.body))) as? [String: Any]
    switch operation {
    case .create:
      channelID = delivery.header("apns-channel-id")
    case .read(let id):
      channelID = id
      storagePolicy = (object?["message-storage-policy"] as? NSNumber)?.intValue
      pushType = object?["push-type"] as? String
    case .delete(let id):
      channelID = id
    case .list:
      channels = (object?["channels"] as? [Any])?.compactMap { $0 as? String } ?? []
    }
  }

  /// A 2xx answer, with what the operation needs (a create's id).
  var succeeded: Bool {
    guard (200..<300).contains(answer.status) else { return false }
    if case .create = operation { return channelID != nil }
    return true
  }

  /// Reasons that depend on what APNs stores or allows, which no offline check can predict.
  static let stateReasons: Set<String> = ["ChannelNotRegistered", "CannotCreateChannelConfig", "FeatureNotEnabled",
                                          "TooManyRequests", "InternalServerError", "ServiceUnavailable"]

  /// The answer differs from the gate's prediction in a way the prediction should have seen.
  var mismatch: Bool {
    if (200..<300).contains(answer.status) { return !(200..<300).contains(predicted.status) }
    if let reason = answer.reason, Self.stateReasons.contains(reason) { return false }
    return answer != predicted
  }

  static func policyName(_ policy: Int) -> String {
    switch policy {
    case 0: "0 (No Message Stored)"
    case 1: "1 (Most Recent Message Stored)"
    default: String(policy)
    }
  }

  /// The text output: one line, or one id a line for a list.
  func text() -> String {
    let rid = requestID.map { " (apns-request-id \($0))" } ?? ""
    var lines: [String] = []
    if !succeeded {
      var line = "APNs answered \(answer)"
      if let meaning { line += ": " + meaning }
      if (200..<300).contains(answer.status) { line += ": the answer has no apns-channel-id" }
      lines.append(line + rid)
    } else {
      switch operation {
      case .create:
        lines.append(channelID ?? "")
        lines.append("created channel \(channelID ?? "")\(rid)")
      case .read:
        lines.append("channel \(channelID ?? ""): message-storage-policy \(storagePolicy.map(Self.policyName) ?? "(not given)"), push-type \(pushType ?? "(not given)")\(rid)")
      case .delete:
        lines.append("deleted channel \(channelID ?? "")\(rid)")
      case .list:
        lines += channels ?? []
        lines.append("\(channels?.count ?? 0) channel\(channels?.count == 1 ? "" : "s")\(rid)")
      }
    }
    if mismatch { lines.append("APNs answered \(answer); apns-lint predicted \(predicted)") }
    return lines.joined(separator: "\n")
  }

  /// The JSON output: one object.
  func json() -> String {
    var members: [(String, JSONValue)] = []
    let name: String
    switch operation {
    case .create: name = "create"
    case .read: name = "read"
    case .delete: name = "delete"
    case .list: name = "list"
    }
    members.append(("operation", .string(name)))
    members.append(("status", .int(answer.status)))
    members.append(("reason", answer.reason.map { .string($0) } ?? .null))
    if let meaning { members.append(("meaning", .string(meaning))) }
    members.append(("requestId", requestID.map { .string($0) } ?? .null))
    if let channelID { members.append(("channelId", .string(channelID))) }
    if let storagePolicy { members.append(("messageStoragePolicy", .int(storagePolicy))) }
    if let pushType { members.append(("pushType", .string(pushType))) }
    if let channels { members.append(("channels", .array(channels.map { .string($0) }))) }
    members.append(("predicted", .object([("status", .int(predicted.status)), ("reason", predicted.reason.map { .string($0) } ?? .null)])))
    return SendCommand.compact(.object(members))
  }
}
