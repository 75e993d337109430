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

  /// Builds, gates, sends and reports one channel management request; throws the exit code.
  static func perform(_ operation: ChannelManagement.Operation, _ options: Options) throws {
    try options.connection.checkUsage()
    let setup = try options.connection.makeSetup(.management)
    let request = APNsPush(channel: operation, bundleID: options.bundleID)
    let now = Int64(Date().timeIntervalSince1970)
    var linter = try options.connection.makeLinter(setup)
    let authorization = setup.authentication.authorization(now: now)
    let report = linter.validate(request: request.request(authorization: authorization), now: now)
    let decision = linter.sendDecision(report, path: request.path)
    let (result, blocked) = (decision.result, decision.blocked)
    // The gate's verdict for a request APNs would take is a 200; channel management answers a
    // create with 201 and a delete with 204 (as `check` prints it).
    let accepted = decision.predicted.isAccepted
    let predicted = accepted ? APNsAnswer(status: operation.successStatus, reason: nil) : decision.predicted

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
      print(request.text(to: setup.endpoint, authorization: authorization, showSecrets: options.gate.showSecrets))
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
    let answer = ChannelManagementAnswer(operation, delivery: delivery, predicted: predicted)
    print(options.format == .json ? answer.json : answer.text)
    if !answer.succeeded { throw ExitCode(1) }
  }
}
