// Sending as a library (SPEC §12): the gate's decision, a batch of pushes read as NDJSON, sent
// over the client's connections with a bounded number in flight, each push's result as one
// record, and the counts. `apns-lint send --batch` is this plus its options and its printing.

import APNsAuth
import Foundation
import PayloadSchema

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The gate

/// What a gate decides about one push before it is sent.
public struct APNsGateDecision: Sendable, Hashable {
  /// True when the push is held back: the gate predicts a refusal, or found an error finding.
  public var blocked: Bool
  /// The answer the gate predicts APNs gives.
  public var predicted: APNsAnswer

  public init(blocked: Bool, predicted: APNsAnswer) {
    self.blocked = blocked
    self.predicted = predicted
  }

  /// The decision for a request report: held back when the verdict is a refusal or any finding
  /// is an error (the rule of `APNsClient.deliver`'s gate and of `apns-lint send`).
  public init(_ report: PayloadReport) {
    self.init(blocked: report.verdict.holdsBack(with: report.findings), predicted: report.verdict)
  }
}

/// Decides whether a push may be sent, before it is. `RequestValidator` is one (its verdict and
/// findings, with the built-in rules); apns-lint's `Linter`, with a project's configuration, is
/// another (`apns-lint send` uses it, so that a rule turned off does not hold a push back).
public protocol APNsGate {
  /// The decision for `request`: the push as it will be sent, with the `authorization` header
  /// the client adds (`APNsPush.request(authorization:)`), at `now` (seconds since 1970).
  mutating func decide(_ request: APNsRequest, now: Int64) -> APNsGateDecision
}

extension RequestValidator: APNsGate {
  /// Checks the request as it is sent at `now`: the clock for its token and `apns-expiration`,
  /// and the time a Live Activity's dates are judged against (`sendingTime`).
  public mutating func decide(_ request: APNsRequest, now: Int64) -> APNsGateDecision {
    sendingTime = now
    return APNsGateDecision(validate(request, now: now))
  }
}

extension APNsPush {
  /// The request a gate checks: this push with the `authorization` the client will add (a
  /// header the push already has is kept).
  public func request(authorization: String?) -> APNsRequest {
    var all = headers
    if let authorization, !all.contains(where: { $0.name.lowercased() == "authorization" }) {
      all.insert(RequestHeader("authorization", authorization), at: 0)
    }
    return APNsRequest(method: method, path: path, headers: all, body: body)
  }
}

extension APNsAnswer {
  /// True when an answer is what was predicted: the same status, and for a refusal the same reason
  /// in any spelling `APNsReason` reads (APNs' `BadEnvironmentKeyInToken` is Apple's
  /// `BadEnvironmentKeyIdInToken`).
  public func matches(prediction: APNsAnswer) -> Bool {
    guard status == prediction.status else { return false }
    if status == 200 || reason == prediction.reason { return true }
    return knownReason != nil && knownReason == prediction.knownReason
  }
}

// MARK: - Batch lines

/// One line of a batch: `{"token": HEX, "payload": {...}, "headers": {"name": "value", ...}}`.
/// The payload is kept as the bytes written (what is sent); token and headers are decoded.
public struct APNsBatchLine: Sendable, Hashable {
  public var token: String
  public var payload: [UInt8]
  public var headers: [RequestHeader]

  /// Why a line is not a batch line, at a 1-based column of it.
  public struct Problem: Error, Sendable, Hashable {
    public var column: Int
    public var message: String
  }

  public init(token: String, payload: [UInt8], headers: [RequestHeader] = []) {
    self.token = token
    self.payload = payload
    self.headers = headers
  }

  /// Reads one line with PayloadSchema's JSON reader (`JSONMembers`).
  public static func parse(_ bytes: [UInt8]) -> Result<APNsBatchLine, Problem> {
    let members: [JSONMembers.Member]
    switch JSONMembers.read(bytes) {
    case .success(let m): members = m
    case .failure(let p): return .failure(Problem(column: p.offset + 1, message: p.message))
    }
    var token: String?
    var payload: [UInt8]?
    var headers: [RequestHeader] = []
    for member in members {
      let column = member.range.lowerBound + 1
      switch member.name {
      case "token":
        guard let s = member.string else { return .failure(Problem(column: column, message: "'token' is not a string")) }
        token = s
      case "payload":
        guard member.kind == .object else { return .failure(Problem(column: column, message: "'payload' is not a JSON object")) }
        payload = Array(bytes[member.range])
      case "headers":
        guard member.kind == .object, case .success(let pairs) = JSONMembers.read(Array(bytes[member.range]), maxDepth: 1) else {
          return .failure(Problem(column: column, message: "'headers' is not an object of strings"))
        }
        for pair in pairs {
          guard let value = pair.string else {
            return .failure(Problem(column: column + pair.range.lowerBound, message: "header '\(pair.name)' is not a string"))
          }
          headers.append(RequestHeader(pair.name, value))
        }
      default:
        break
      }
    }
    guard let token else { return .failure(Problem(column: 1, message: "no 'token' member")) }
    guard let payload else { return .failure(Problem(column: 1, message: "no 'payload' member")) }
    return .success(APNsBatchLine(token: token, payload: payload, headers: headers))
  }
}

/// Reads lines from a file descriptor in 64 KiB chunks. A line over `maxLine` bytes is reported
/// as such and never held whole; a final line without a newline counts.
public struct NDJSONLineReader: Sendable {
  public enum Content: Sendable { case line([UInt8]), tooLong }
  public let fd: Int32
  public let maxLine: Int
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var eof = false
  private var number = 0
  /// The `errno` of a read that failed (the input ends there); nil while reads succeed.
  public private(set) var readError: Int32?

  public init(fd: Int32, maxLine: Int = 1 << 20) {
    self.fd = fd
    self.maxLine = maxLine
  }

  /// The next line (1-based number), or nil at the end of the input.
  public mutating func next() -> (number: Int, content: Content)? {
    var line: [UInt8] = []
    var tooLong = false
    while true {
      if start == end {
        if eof { break }
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n < 0 { readError = errno }
        if n <= 0 { eof = true; break }
        start = 0
        end = n
      }
      if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
        if !tooLong { line += buffer[start..<newline] }
        start = newline + 1
        number += 1
        return (number, (tooLong || line.count > maxLine) ? .tooLong : .line(line))
      }
      if !tooLong { line += buffer[start..<end] }
      if line.count > maxLine { tooLong = true; line = [] }
      start = end
    }
    if line.isEmpty && !tooLong { return nil }
    number += 1
    return (number, tooLong ? .tooLong : .line(line))
  }
}

// MARK: - Results

/// What one push of a batch came to: sent and answered, sent without an answer (`error`), or
/// held back by the gate (`gated`).
public struct APNsBatchResult: Sendable {
  /// The line of the batch it was read from (nil for a push not read from a batch).
  public var line: Int?
  public var token: String?
  public var predicted: APNsAnswer
  public var delivery: APNsDelivery?
  public var gated = false
  public var error: String?

  public init(line: Int?, token: String?, predicted: APNsAnswer, delivery: APNsDelivery?, gated: Bool = false, error: String? = nil) {
    self.line = line
    self.token = token
    self.predicted = predicted
    self.delivery = delivery
    self.gated = gated
    self.error = error
  }

  /// The result as one line of JSON (`send --results`, `send --format json`; SPEC §12): `line`,
  /// `token`, `status`, `reason`, `apnsId`, `apnsUniqueId`, `timestamp`, `attempts`, `predicted`,
  /// and `notSent` or `error` when they apply.
  public var record: String {
    func string(_ s: String?) -> String { s.map(JWTText.jsonString) ?? "null" }
    var members: [String] = []
    if let line { members.append("\"line\":\(line)") }
    members.append("\"token\":" + string(token))
    if let delivery {
      members.append("\"status\":\(delivery.answer.status)")
      members.append("\"reason\":" + string(delivery.answer.reason))
      members.append("\"apnsId\":" + string(delivery.apnsID))
      members.append("\"apnsUniqueId\":" + string(delivery.apnsUniqueID))
      members.append("\"timestamp\":" + (delivery.timestamp.map(String.init) ?? "null"))
      members.append("\"attempts\":\(delivery.attempts)")
    } else {
      members.append("\"status\":null")
      members.append("\"reason\":null")
      members.append("\"attempts\":0")
    }
    members.append("\"predicted\":{\"status\":\(predicted.status),\"reason\":\(string(predicted.reason))}")
    if gated { members.append("\"notSent\":" + string("the gate predicts \(predicted)")) }
    if let error { members.append("\"error\":" + string(error)) }
    return "{" + members.joined(separator: ",") + "}"
  }
}

/// A batch's counts so far: answers by status and reason, retries, and what was not sent.
public struct APNsBatchTally: Sendable, Hashable {
  /// Final answers by `APNsAnswer.description` ("200", "400 BadDeviceToken").
  public var byAnswer: [String: Int] = [:]
  /// Answers that were retried, by description.
  public var retried: [String: Int] = [:]
  /// Sends that got no answer and were sent again (a refused stream, a lost connection).
  public var unanswered = 0
  public var sent = 0
  public var accepted = 0
  public var refused = 0
  /// Held back by the gate.
  public var gated = 0
  /// Lines that are not a batch line (or too long).
  public var badLines = 0
  /// Pushes with no answer after the last retry.
  public var failed = 0
  /// Answers that differ from the gate's prediction.
  public var mismatches = 0

  public init() {}

  /// The summary `send --batch` prints at the end (SPEC §12): pushes sent and the rate, the count
  /// of each answer, what was retried, held back, not read or never answered, and the mismatches.
  /// `seconds` under a millisecond counts as one millisecond.
  public func summary(seconds: Double, connections: Int, retries: Int) -> String {
    let seconds = max(seconds, 0.001)
    var lines = ["sent \(sent) pushes in \(String(format: "%.1f", seconds)) s (\(Int(Double(sent) / seconds))/s) over \(connections) connection\(connections == 1 ? "" : "s")"]
    for (answer, count) in byAnswer.sorted(by: { $0.key < $1.key }) { lines.append("  \(answer): \(count)") }
    // A reason in APNs' wire spelling (`403 BadEnvironmentKeyInToken`) is explained under the counts.
    for answer in byAnswer.keys.sorted() {
      let parts = answer.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, let status = Int(parts[0]),
            let explanation = APNsAnswer(status: status, reason: String(parts[1])).wireSpellingExplanation else { continue }
      lines.append(explanation)
    }
    if !retried.isEmpty || unanswered > 0 {
      let counts = retried.sorted(by: { $0.key < $1.key }).map { "\($0.key): \($0.value)" }
      lines.append("retried: " + (counts + (unanswered > 0 ? ["not answered (refused stream, lost connection): \(unanswered)"] : [])).joined(separator: ", "))
    }
    if gated > 0 { lines.append("not sent (the gate predicts a refusal or found an error; --force sends them): \(gated)") }
    if badLines > 0 { lines.append("lines not read (reported above): \(badLines)") }
    if failed > 0 { lines.append("no answer after \(retries) retries: \(failed)") }
    lines.append("prediction mismatches: \(mismatches)")
    return lines.joined(separator: "\n")
  }

  /// The progress line after `elapsed` seconds: sent, accepted, refused (the three commonest
  /// refusals, ties in the order of their names), retries and the rate.
  public func progress(elapsed: Double) -> String {
    let reasons = byAnswer.filter { $0.key != "200" }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3)
      .map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    return "sent \(sent), accepted \(accepted), refused \(refused)\(reasons.isEmpty ? "" : " (\(reasons))"), "
      + "retries \(retried.values.reduce(0, +) + unanswered), \(Int(Double(sent) / max(elapsed, 0.001)))/s"
  }

  /// The exit status of a batch (SPEC §12): 2 when a push got no answer, 1 when one was refused,
  /// held back or a line not read, else 0.
  public var status: Int32 { failed > 0 ? 2 : refused + gated + badLines > 0 ? 1 : 0 }
}

/// What happens to a batch, line by line, as it happens. The handler is called by one task at a
/// time (under the batch's lock), with the counts after the event.
public enum APNsBatchEvent: Sendable {
  /// A line that is not a batch line, at a 1-based column (it is skipped).
  case unreadableLine(line: Int, column: Int, message: String)
  /// A push the gate held back (not sent).
  case held(APNsBatchResult)
  /// A push sent: answered, or with no answer after the last retry (`error`).
  case finished(APNsBatchResult)
}

// MARK: - The batch

/// Sends a batch of pushes, one NDJSON line each, through a gate, over a client's connections.
///
/// Each line is read, parsed (`APNsBatchLine`) and decided by the gate as a worker asks for its
/// next push; held pushes are not sent unless `force`. At most `inflight` pushes are in flight.
/// Memory stays bounded whatever the batch's size: the input is read in chunks, a line is at most
/// the reader's `maxLine`, and the counts are by answer. A push is never sent twice once answered
/// (the client's retry rules).
///
/// ```swift
/// let client = try APNsClient(configuration)
/// let batch = APNsBatch(client: client, gate: RequestValidator(authentication: .token), inflight: 500)
/// let summary = await batch.send(NDJSONLineReader(fd: fd)) { event, tally in
///   if case .finished(let result) = event { print(result.record) }
/// }
/// ```
public struct APNsBatch<Gate: APNsGate & Sendable>: Sendable {
  public var client: APNsClient
  public var gate: Gate
  /// Headers every push gets before its line's own (a line's header replaces one of that name).
  public var baseHeaders: [RequestHeader] = []
  /// Send what the gate holds back too.
  public var force = false
  /// Pushes in flight at once, over all connections.
  public var inflight: Int
  /// The `authorization` the gate checks at a time (the client signs its own per connection);
  /// asked once a minute. Nil for certificate authentication.
  public var gateAuthorization: @Sendable (Int64) -> String? = { _ in nil }

  public init(client: APNsClient, gate: Gate, inflight: Int = 250) {
    self.client = client
    self.gate = gate
    self.inflight = max(1, inflight)
  }

  /// What a whole batch came to.
  public struct Summary: Sendable {
    public var tally: APNsBatchTally
    /// The `errno` of a read of the input that failed, which ended it early (what followed was not sent).
    public var readError: Int32?
  }

  /// Sends every push of `lines`, calling `events` with each line's outcome, and returns the counts.
  public func send(_ lines: NDJSONLineReader,
                   events: @escaping @Sendable (APNsBatchEvent, APNsBatchTally) -> Void = { _, _ in }) async -> Summary {
    let feed = BatchFeed(reader: lines, batch: self, events: events)
    let client = self.client
    // `inflight` workers, each sending one push at a time: as many in flight as a task per push,
    // without the task group's bookkeeping of a thousand children (9 % of a batch's time).
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<inflight {
        group.addTask {
          while let job = feed.next() {
            let result: APNsBatchResult
            do {
              let delivery = try await client.deliver(job.push)
              result = APNsBatchResult(line: job.line, token: job.token, predicted: job.predicted, delivery: delivery)
            } catch {
              result = APNsBatchResult(line: job.line, token: job.token, predicted: job.predicted, delivery: nil,
                                       error: (error as? APNsClientError)?.message ?? "\(error)")
            }
            feed.finish(result)
          }
        }
      }
    }
    return Summary(tally: feed.tally, readError: feed.readError)
  }
}

/// A batch's input, gate and counts, shared by the workers: a worker takes its next push
/// (reading, parsing and gating lines until one may be sent) and hands back what came of it,
/// each under one lock.
final class BatchFeed<Gate: APNsGate & Sendable>: @unchecked Sendable {
  struct Job {
    var line: Int
    var token: String
    var predicted: APNsAnswer
    var push: APNsPush
  }

  private let lock = NSLock()
  private var reader: NDJSONLineReader
  private var gate: Gate
  private let batch: APNsBatch<Gate>
  private let events: @Sendable (APNsBatchEvent, APNsBatchTally) -> Void
  private var gateToken: (token: String?, at: Int64) = (nil, 0)
  private var counts = APNsBatchTally()

  init(reader: NDJSONLineReader, batch: APNsBatch<Gate>, events: @escaping @Sendable (APNsBatchEvent, APNsBatchTally) -> Void) {
    self.reader = reader
    self.gate = batch.gate
    self.batch = batch
    self.events = events
  }

  var tally: APNsBatchTally { lock.withLock { counts } }
  var readError: Int32? { lock.withLock { reader.readError } }

  /// The next push to send, or nil at the end of the input.
  func next() -> Job? {
    lock.withLock {
      while let next = reader.next() {
        let number = next.number
        guard case .line(let bytes) = next.content else {
          counts.badLines += 1
          events(.unreadableLine(line: number, column: 1, message: "a line longer than \(reader.maxLine) bytes; skipped"), counts)
          continue
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        let parsed: APNsBatchLine
        switch APNsBatchLine.parse(bytes) {
        case .failure(let problem):
          counts.badLines += 1
          events(.unreadableLine(line: number, column: problem.column, message: problem.message), counts)
          continue
        case .success(let p):
          parsed = p
        }
        var headers = batch.baseHeaders
        for h in parsed.headers {
          headers.removeAll { $0.name.lowercased() == h.name.lowercased() }
          headers.append(h)
        }
        let push = APNsPush(deviceToken: parsed.token, headers: headers, body: parsed.payload)
        let now = Int64(Date().timeIntervalSince1970)
        if now - gateToken.at >= 60 { gateToken = (batch.gateAuthorization(now), now) }
        let decision = gate.decide(push.request(authorization: gateToken.token), now: now)
        if decision.blocked && !batch.force {
          counts.gated += 1
          events(.held(APNsBatchResult(line: number, token: parsed.token, predicted: decision.predicted, delivery: nil, gated: true)), counts)
          continue
        }
        return Job(line: number, token: parsed.token, predicted: decision.predicted, push: push)
      }
      return nil
    }
  }

  /// Counts what came of a push and tells the handler.
  func finish(_ result: APNsBatchResult) {
    lock.withLock {
      if let d = result.delivery {
        counts.sent += 1
        counts.byAnswer[d.answer.description, default: 0] += 1
        for a in d.retriedAnswers { counts.retried[a.description, default: 0] += 1 }
        counts.unanswered += d.unanswered
        if d.answer.isAccepted { counts.accepted += 1 } else { counts.refused += 1 }
        if !d.answer.matches(prediction: result.predicted) { counts.mismatches += 1 }
      } else {
        counts.failed += 1
      }
      events(.finished(result), counts)
    }
  }
}
