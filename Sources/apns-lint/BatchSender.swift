import APNsAuth
import APNsClient
import APNsLint
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint send --batch FILE.ndjson|-`: APNsClient's `APNsBatch` with `check`'s configuration
/// as its gate (`LinterGate`), the command line's headers and options, `--results` records written
/// 64 KiB at a time, a progress line, and a summary.
struct BatchSender {
  let command: SendCommand
  let setup: SendCommand.Setup

  func run(path: String) throws -> Int32 {
    let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    if fd < 0 {
      complain(ToolProblem("cannot read: \(String(cString: strerror(errno)))", path: path))
      return 2
    }
    defer { if fd != 0 { close(fd) } }
    let records: RecordWriter?
    if let results = command.results {
      guard FileManager.default.createFile(atPath: results, contents: nil), let handle = FileHandle(forWritingAtPath: results) else {
        complain(ToolProblem("cannot write the results", path: results))
        return 2
      }
      records = RecordWriter(handle)
    } else {
      records = nil
    }
    let client = try command.makeClient(setup, connections: command.connections)
    var batch = APNsBatch(client: client, gate: LinterGate(linter: try command.makeLinter(setup)),
                          inflight: command.inflight ?? command.connections * 250)
    batch.baseHeaders = try command.commandLineHeaders()
    batch.force = command.gate.force
    let setup = self.setup
    batch.gateAuthorization = { ConnectionOptions.gateToken(setup, now: $0) }
    let batchName = command.batch ?? "-"
    let progress = command.progress == .always || (command.progress == .auto && isatty(2) != 0) ? ProgressLine() : nil
    let started = Date()
    let ready = batch
    let summary = waitFor { () async -> APNsBatch<LinterGate>.Summary in
      let summary = await ready.send(NDJSONLineReader(fd: fd)) { event, tally in
        switch event {
        case .unreadableLine(let line, let column, let message):
          complain(ToolProblem(message, path: batchName, line: line, column: column))
        case .held(let result), .finished(let result):
          records?.write(result.record)
          progress?.show(tally, since: started)
        }
      }
      records?.flush()
      try? await client.shutdown()
      return summary
    }
    if progress != nil { FileHandle.standardError.write(Data("\n".utf8)) }
    records?.close()
    print(Self.summaryText(summary.tally, seconds: max(0.001, -started.timeIntervalSinceNow), connections: command.connections,
                           retries: command.retries))
    // A read that failed ended the input early: what followed was never sent, so never a pass.
    if let code = summary.readError {
      complain(ToolProblem("cannot read the rest of the input: \(String(cString: strerror(code))); what followed was not sent", path: batchName))
      return 2
    }
    let tally = summary.tally
    if tally.failed > 0 { return 2 }
    return tally.refused + tally.gated + tally.badLines > 0 ? 1 : 0
  }

  /// The summary printed at the end (SPEC §12).
  static func summaryText(_ tally: APNsBatchTally, seconds: Double, connections: Int, retries: Int) -> String {
    var lines: [String] = []
    lines.append("sent \(tally.sent) pushes in \(String(format: "%.1f", seconds)) s (\(Int(Double(tally.sent) / seconds))/s) over \(connections) connection\(connections == 1 ? "" : "s")")
    for (answer, count) in tally.byAnswer.sorted(by: { $0.key < $1.key }) { lines.append("  \(answer): \(count)") }
    if !tally.retried.isEmpty || tally.unanswered > 0 {
      let retried = tally.retried.sorted(by: { $0.key < $1.key }).map { "\($0.key): \($0.value)" }
      lines.append("retried: " + (retried + (tally.unanswered > 0 ? ["not answered (refused stream, lost connection): \(tally.unanswered)"] : [])).joined(separator: ", "))
    }
    if tally.gated > 0 { lines.append("not sent (the gate predicts a refusal or found an error; --force sends them): \(tally.gated)") }
    if tally.badLines > 0 { lines.append("lines not read (reported above): \(tally.badLines)") }
    if tally.failed > 0 { lines.append("no answer after \(retries) retries: \(tally.failed)") }
    lines.append("prediction mismatches: \(tally.mismatches)")
    return lines.joined(separator: "\n")
  }
}

/// `check`'s configuration as a send gate: `Linter.sendDecision`, so that `send` holds back what
/// `check` predicts a refusal for, and nothing a rule turned off found.
struct LinterGate: APNsGate, Sendable {
  var linter: Linter

  mutating func decide(_ request: APNsRequest, now: Int64) -> APNsGateDecision {
    let decision = linter.sendDecision(linter.validate(request: request, now: now))
    return APNsGateDecision(blocked: decision.blocked, predicted: decision.predicted)
  }
}

/// `--results`: records written 64 KiB at a time (one write(2) a push cost more than the push).
/// Called by one task at a time (APNsBatch's events).
final class RecordWriter: @unchecked Sendable {
  private let handle: FileHandle
  private var pending: [UInt8] = []

  init(_ handle: FileHandle) { self.handle = handle }

  func write(_ record: String) {
    pending.append(contentsOf: record.utf8)
    pending.append(0x0A)
    if pending.count >= 1 << 16 { flush() }
  }

  func flush() {
    guard !pending.isEmpty else { return }
    handle.write(Data(pending))
    pending.removeAll(keepingCapacity: true)
  }

  func close() {
    flush()
    try? handle.close()
  }
}

/// The progress line on standard error, at most four times a second. Called by one task at a time.
final class ProgressLine: @unchecked Sendable {
  private var last = Date.distantPast

  func show(_ counts: APNsBatchTally, since started: Date) {
    guard -last.timeIntervalSinceNow >= 0.25 else { return }
    last = Date()
    let elapsed = max(0.001, -started.timeIntervalSinceNow)
    let reasons = counts.byAnswer.filter { $0.key != "200" }.sorted { $0.value > $1.value }.prefix(3)
      .map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    let retries = counts.retried.values.reduce(0, +) + counts.unanswered
    let text = "\rsent \(counts.sent), accepted \(counts.accepted), refused \(counts.refused)\(reasons.isEmpty ? "" : " (\(reasons))"), "
      + "retries \(retries), \(Int(Double(counts.sent) / elapsed))/s   "
    FileHandle.standardError.write(Data(text.utf8))
  }
}
