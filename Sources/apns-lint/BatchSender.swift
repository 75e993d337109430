import APNsAuth
import APNsClient
import APNsLint
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint send --batch FILE.ndjson|-`: reads one push a line, gates each with `check`'s
/// validator, sends them over the client's connections with a bounded number in flight, writes
/// `--results` records as answers come, and prints a summary. Memory stays bounded whatever the
/// batch's size: the input is read in chunks, a line is at most `maxLineBytes`, at most `inflight`
/// pushes are held, and the counts are by status and reason.
struct BatchSender {
  let command: SendCommand
  let setup: SendCommand.Setup

  /// The longest line read; a longer one is reported and skipped.
  static let maxLineBytes = 1 << 20

  struct Tally {
    var byAnswer: [String: Int] = [:]
    var retried: [String: Int] = [:]
    var unanswered = 0
    var sent = 0
    var accepted = 0
    var refused = 0
    var gated = 0
    var badLines = 0
    var failed = 0
    var mismatches = 0
  }

  /// What one push came to.
  struct Finished: Sendable {
    var line: Int
    var token: String?
    var predicted: APNsAnswer
    var delivery: APNsDelivery?
    var error: String?
  }

  func run(path: String) throws -> Int32 {
    let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    if fd < 0 {
      complain("\(path): error: cannot read: \(String(cString: strerror(errno)))")
      return 2
    }
    defer { if fd != 0 { close(fd) } }
    var resultsHandle: FileHandle?
    if let results = command.results {
      guard FileManager.default.createFile(atPath: results, contents: nil), let handle = FileHandle(forWritingAtPath: results) else {
        complain("\(results): error: cannot write the results")
        return 2
      }
      resultsHandle = handle
    }
    let client = try command.makeClient(setup, connections: command.connections)
    let results = resultsHandle
    let linterTemplate = try command.makeLinter(setup)
    let setup = self.setup
    let batchName = command.batch ?? "-"
    let baseHeaders = try command.commandLineHeaders()
    let showProgress = command.progress == .always || (command.progress == .auto && isatty(2) != 0)
    let limit = max(1, command.inflight ?? command.connections * 250)
    let force = command.gate.force
    let started = Date()

    let feed = BatchFeed(reader: LineReader(fd: fd, maxLine: Self.maxLineBytes), linter: linterTemplate, setup: setup,
                         batchName: batchName, baseHeaders: baseHeaders, force: force, results: results,
                         showProgress: showProgress, started: started)
    let tally = waitFor { () async -> Tally in
      // `limit` workers, each sending one push at a time: as many in flight as before, without a
      // task made and reaped a push (the task group's bookkeeping of a thousand children was 9%
      // of a batch's time).
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<limit {
          group.addTask {
            while let job = feed.next() {
              let finished: Finished
              do {
                let d = try await client.deliver(job.push)
                finished = Finished(line: job.line, token: job.token, predicted: job.predicted, delivery: d)
              } catch {
                finished = Finished(line: job.line, token: job.token, predicted: job.predicted, delivery: nil,
                                    error: (error as? APNsClientError)?.message ?? "\(error)")
              }
              feed.finish(finished)
            }
          }
        }
      }
      feed.flushResults()
      try? await client.shutdown()
      return feed.tally
    }
    if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
    try? resultsHandle?.close()

    let elapsed = max(0.001, -started.timeIntervalSinceNow)
    var lines: [String] = []
    lines.append("sent \(tally.sent) pushes in \(String(format: "%.1f", elapsed)) s (\(Int(Double(tally.sent) / elapsed))/s) over \(command.connections) connection\(command.connections == 1 ? "" : "s")")
    for (answer, count) in tally.byAnswer.sorted(by: { $0.key < $1.key }) { lines.append("  \(answer): \(count)") }
    if !tally.retried.isEmpty || tally.unanswered > 0 {
      let retried = tally.retried.sorted(by: { $0.key < $1.key }).map { "\($0.key): \($0.value)" }
      lines.append("retried: " + (retried + (tally.unanswered > 0 ? ["not answered (refused stream, lost connection): \(tally.unanswered)"] : [])).joined(separator: ", "))
    }
    if tally.gated > 0 { lines.append("not sent (the gate predicts a refusal or found an error; --force sends them): \(tally.gated)") }
    if tally.badLines > 0 { lines.append("lines not read (reported above): \(tally.badLines)") }
    if tally.failed > 0 { lines.append("no answer after \(command.retries) retries: \(tally.failed)") }
    lines.append("prediction mismatches: \(tally.mismatches)")
    print(lines.joined(separator: "\n"))
    // A read that failed ended the input early: what followed was never sent, so never a pass.
    if let code = feed.readError {
      complain("\(batchName): error: cannot read the rest of the input: \(String(cString: strerror(code))); what followed was not sent")
      return 2
    }
    if tally.failed > 0 { return 2 }
    return tally.refused + tally.gated + tally.badLines > 0 ? 1 : 0
  }
}

/// Reads lines in 64 KiB chunks; a line over `maxLine` bytes is reported as such, never held whole.
/// A batch's input, gate and counts, shared by the workers that send: a worker takes its next
/// push (reading, parsing and gating lines until one may be sent) and hands back what came of
/// it, each under one lock.
final class BatchFeed: @unchecked Sendable {
  struct Job: Sendable {
    var line: Int
    var token: String
    var predicted: APNsAnswer
    var push: APNsPush
  }

  private let lock = NSLock()
  private var reader: LineReader
  private var linter: Linter
  private let setup: SendCommand.Setup
  private let batchName: String
  private let baseHeaders: [RequestHeader]
  private let force: Bool
  private let results: FileHandle?
  private let showProgress: Bool
  private let started: Date
  private var gateToken: (token: String?, at: Int64) = (nil, 0)
  private var lastProgress = Date()
  /// Records are written 64 KiB at a time (one write(2) a push cost more than the push), and
  /// made only when there is a --results file.
  private var pending: [UInt8] = []
  private var counts = BatchSender.Tally()

  init(reader: LineReader, linter: Linter, setup: SendCommand.Setup, batchName: String, baseHeaders: [RequestHeader], force: Bool,
       results: FileHandle?, showProgress: Bool, started: Date) {
    self.reader = reader
    self.linter = linter
    self.setup = setup
    self.batchName = batchName
    self.baseHeaders = baseHeaders
    self.force = force
    self.results = results
    self.showProgress = showProgress
    self.started = started
  }

  /// The counts so far.
  var tally: BatchSender.Tally { lock.withLock { counts } }

  /// The `errno` of a read of the input that failed, which ended it early.
  var readError: Int32? { lock.withLock { reader.readError } }

  /// The next push to send, or nil at the end of the input. Lines that are too long, not a push
  /// or refused by the gate are reported and counted here.
  func next() -> Job? {
    lock.withLock {
      while let next = reader.next() {
        let lineNumber = next.number
        guard case .line(let bytes) = next.content else {
          complain("\(batchName):\(lineNumber):1: error: a line longer than \(BatchSender.maxLineBytes) bytes; skipped")
          counts.badLines += 1
          continue
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        let parsed: BatchLine
        switch BatchLine.parse(bytes) {
        case .failure(let problem):
          complain("\(batchName):\(lineNumber):\(problem.column): error: \(problem.message)")
          counts.badLines += 1
          continue
        case .success(let p):
          parsed = p
        }
        var headers = baseHeaders
        for h in parsed.headers {
          headers.removeAll { $0.name.lowercased() == h.name.lowercased() }
          headers.append(h)
        }
        let push = APNsPush(deviceToken: parsed.token, headers: headers, body: parsed.payload)
        // The gate: one token signed a minute for the validator (the client signs its own).
        let now = Int64(Date().timeIntervalSince1970)
        if now - gateToken.at >= 60 { gateToken = (SendCommand.gateToken(setup, now: now), now) }
        let report = linter.validate(request: SendCommand.gated(push, authorization: gateToken.token), now: now)
        let decision = linter.sendDecision(report)
        let predicted = decision.predicted
        if decision.blocked && !force {
          counts.gated += 1
          emit(SendCommand.record(token: parsed.token, delivery: nil, predicted: predicted, line: lineNumber, gated: true))
          continue
        }
        return Job(line: lineNumber, token: parsed.token, predicted: predicted, push: push)
      }
      return nil
    }
  }

  /// Counts what came of a push, writes its record and the progress line.
  func finish(_ f: BatchSender.Finished) {
    lock.withLock {
      if let d = f.delivery {
        counts.sent += 1
        counts.byAnswer[d.answer.description, default: 0] += 1
        for a in d.retriedAnswers { counts.retried[a.description, default: 0] += 1 }
        counts.unanswered += d.unanswered
        if d.answer.isAccepted { counts.accepted += 1 } else { counts.refused += 1 }
        if !SendCommand.same(d.answer, f.predicted) { counts.mismatches += 1 }
        emit(SendCommand.record(token: f.token, delivery: d, predicted: f.predicted, line: f.line))
      } else {
        counts.failed += 1
        emit(SendCommand.record(token: f.token, delivery: nil, predicted: f.predicted, line: f.line, error: f.error))
      }
      if showProgress, -lastProgress.timeIntervalSinceNow >= 0.25 {
        lastProgress = Date()
        let elapsed = max(0.001, -started.timeIntervalSinceNow)
        let reasons = counts.byAnswer.filter { $0.key != "200" }.sorted { $0.value > $1.value }.prefix(3)
          .map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        let retries = counts.retried.values.reduce(0, +) + counts.unanswered
        let text = "\rsent \(counts.sent), accepted \(counts.accepted), refused \(counts.refused)\(reasons.isEmpty ? "" : " (\(reasons))"), "
          + "retries \(retries), \(Int(Double(counts.sent) / elapsed))/s   "
        FileHandle.standardError.write(Data(text.utf8))
      }
    }
  }

  /// Writes the records not yet written.
  func flushResults() {
    lock.withLock { writePending() }
  }

  private func emit(_ record: @autoclosure () -> String) {
    guard results != nil else { return }
    pending.append(contentsOf: record().utf8)
    pending.append(0x0A)
    if pending.count >= 1 << 16 { writePending() }
  }

  private func writePending() {
    guard let results, !pending.isEmpty else { return }
    results.write(Data(pending))
    pending.removeAll(keepingCapacity: true)
  }
}

struct LineReader {
  enum Content { case line([UInt8]), tooLong }
  let fd: Int32
  let maxLine: Int
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var eof = false
  private var number = 0
  /// The `errno` of a read that failed (the input ends there); nil while reads succeed.
  private(set) var readError: Int32?

  init(fd: Int32, maxLine: Int) {
    self.fd = fd
    self.maxLine = maxLine
  }

  mutating func next() -> (number: Int, content: Content)? {
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

/// One batch line: `{"token": HEX, "payload": {...}, "headers": {...}}`; the payload is kept as
/// the bytes written (what is sent), the rest read as strings.
struct BatchLine {
  var token: String
  var payload: [UInt8]
  var headers: [RequestHeader]

  struct Problem: Error {
    var column: Int
    var message: String
  }

  /// Reads the line with PayloadSchema's JSON reader (`JSONMembers`): the payload's bytes as
  /// written, the token and headers as decoded strings.
  static func parse(_ bytes: [UInt8]) -> Result<BatchLine, Problem> {
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
    return .success(BatchLine(token: token, payload: payload, headers: headers))
  }
}

