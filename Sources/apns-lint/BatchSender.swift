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
  let setup: APNsClient.Configuration

  func run(path: String) throws -> Int32 {
    let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    if fd < 0 {
      throw ToolProblem("cannot read: \(String(cString: strerror(errno)))", path: path)
    }
    defer { if fd != 0 { close(fd) } }
    let records: RecordWriter?
    if let results = command.results {
      guard FileManager.default.createFile(atPath: results, contents: nil), let handle = FileHandle(forWritingAtPath: results) else {
        throw ToolProblem("cannot write the results", path: results)
      }
      records = RecordWriter(handle)
    } else {
      records = nil
    }
    let client = try command.connection.makeClient(setup, connections: command.connections, retries: command.retries)
    var batch = APNsBatch(client: client, gate: LinterGate(linter: try command.connection.makeLinter(setup)),
                          inflight: command.inflight ?? command.connections * 250)
    batch.baseHeaders = try command.commandLineHeaders()
    batch.force = command.gate.force
    let authentication = setup.authentication
    batch.gateAuthorization = { authentication.authorization(now: $0) }
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
    print(summary.tally.summary(seconds: max(0.001, -started.timeIntervalSinceNow), connections: command.connections, retries: command.retries))
    // A read that failed ended the input early: what followed was never sent, so never a pass.
    if let code = summary.readError {
      throw ToolProblem("cannot read the rest of the input: \(String(cString: strerror(code))); what followed was not sent", path: batchName)
    }
    return summary.tally.status
  }
}

/// `check`'s configuration as a send gate: `Linter.sendDecision`, so that `send` holds back what
/// `check` predicts a refusal for, and nothing a rule turned off found.
struct LinterGate: APNsGate, Sendable {
  var linter: Linter

  mutating func decide(_ request: APNsRequest, now: Int64) -> APNsGateDecision {
    linter.sendingTime = now  // a Live Activity's dates are judged against the time of sending
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
    let text = "\r" + counts.progress(elapsed: -started.timeIntervalSinceNow) + "   "
    FileHandle.standardError.write(Data(text.utf8))
  }
}
