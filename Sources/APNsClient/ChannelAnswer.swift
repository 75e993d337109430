// Channel management from provider code (SPEC §13.2): the request for an operation, the status
// that means success, and APNs' answer read for the caller (the new id, the settings, the list,
// or the documented meaning of a refusal). `apns-lint channel` prints these.

import APNsAuth
import PayloadSchema

extension ChannelManagement.Operation {
  /// The status of a successful answer: 201 for a create, 204 for a delete, else 200 (Apple:
  /// "Sending channel management requests to APNs").
  public var successStatus: Int {
    switch self {
    case .create: 201
    case .delete: 204
    case .read, .list: 200
    }
  }

  /// The operation's name in JSON output: `create`, `read`, `delete`, `list`.
  public var name: String {
    switch self {
    case .create: "create"
    case .read: "read"
    case .delete: "delete"
    case .list: "list"
    }
  }
}

extension APNsPush {
  /// The channel management request for `operation`, as `ChannelManagement` builds it.
  public init(channel operation: ChannelManagement.Operation, bundleID: String) {
    let r = ChannelManagement.request(operation, bundleID: bundleID)
    self.init(method: r.method, path: r.path ?? "", headers: r.headers, body: r.body)
  }
}

/// What APNs answered a channel management request, read for the caller.
public struct ChannelManagementAnswer: Sendable {
  public var operation: ChannelManagement.Operation
  public var answer: APNsAnswer
  /// `apns-request-id` (or `apns-id`).
  public var requestID: String?
  /// `create`: the new channel's id (`apns-channel-id`); `read`, `delete`: the channel asked about.
  public var channelID: String?
  /// `read`: `message-storage-policy` (0 or 1).
  public var storagePolicy: Int?
  /// `read`: `push-type`.
  public var pushType: String?
  /// `list`: the ids.
  public var channels: [String]?
  /// A refusal's meaning, from Apple's table (`ChannelManagement.documented(_:)`).
  public var meaning: String?
  /// The answer the gate predicted (a success is the operation's own status).
  public var predicted: APNsAnswer

  /// Reads `delivery`'s headers and body (through PayloadSchema's JSON reader).
  public init(_ operation: ChannelManagement.Operation, delivery: APNsDelivery, predicted: APNsAnswer) {
    self.operation = operation
    self.answer = delivery.answer
    self.predicted = predicted
    requestID = delivery.header("apns-request-id") ?? delivery.apnsID
    meaning = delivery.answer.reason.flatMap { ChannelManagement.documented($0)?.meaning } ?? delivery.answer.wireSpellingExplanation
    guard (200..<300).contains(delivery.answer.status) else { return }
    let members = (try? JSONMembers.read(delivery.body).get()) ?? []
    switch operation {
    case .create:
      channelID = delivery.header("apns-channel-id")
    case .read(let id):
      channelID = id
      storagePolicy = members.named("message-storage-policy")?.integer(in: delivery.body).map { Int($0) }
      pushType = members.named("push-type")?.string
    case .delete(let id):
      channelID = id
    case .list:
      channels = members.named("channels").flatMap { $0.kind == .array ? JSONMembers.strings(inArray: Array(delivery.body[$0.range])) : nil } ?? []
    }
  }

  /// A 2xx answer, with what the operation needs (a create's id).
  public var succeeded: Bool {
    guard (200..<300).contains(answer.status) else { return false }
    if case .create = operation { return channelID != nil }
    return true
  }

  /// Reasons that depend on what APNs stores or allows, which no offline check can predict.
  public static let stateReasons: Set<String> = Set([APNsReason.channelNotRegistered, .cannotCreateChannelConfig, .featureNotEnabled,
                                                     .tooManyRequests, .internalServerError, .serviceUnavailable].map(\.rawValue))

  /// The answer differs from the gate's prediction in a way the prediction should have seen.
  public var mismatch: Bool {
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

  /// The text `apns-lint channel` prints: one line, or one id a line for a list.
  public var text: String {
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

  /// The answer as one line of JSON (`apns-lint channel --format json`): `operation`, `status`,
  /// `reason`, `meaning`, `requestId`, `channelId`, `messageStoragePolicy`, `pushType`,
  /// `channels`, `predicted`, each when it applies.
  public var json: String {
    func string(_ s: String?) -> String { s.map(JWTText.jsonString) ?? "null" }
    var members = ["\"operation\":" + string(operation.name), "\"status\":\(answer.status)", "\"reason\":" + string(answer.reason)]
    if let meaning { members.append("\"meaning\":" + string(meaning)) }
    members.append("\"requestId\":" + string(requestID))
    if let channelID { members.append("\"channelId\":" + string(channelID)) }
    if let storagePolicy { members.append("\"messageStoragePolicy\":\(storagePolicy)") }
    if let pushType { members.append("\"pushType\":" + string(pushType)) }
    if let channels { members.append("\"channels\":[" + channels.map(JWTText.jsonString).joined(separator: ",") + "]") }
    members.append("\"predicted\":{\"status\":\(predicted.status),\"reason\":\(string(predicted.reason))}")
    return "{" + members.joined(separator: ",") + "}"
  }
}
