#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import PayloadSchema

/// Reads payloads from a file descriptor and lints them one by one, in constant memory.
///
/// In NDJSON mode every line is a payload; a line is checked straight from the read buffer when it
/// fits, and a line longer than `recordLimit` is fed to the validator in chunks, so a stream of any
/// size, with lines of any length, is read in memory bounded by the chunk size.
public struct PayloadInput {
  /// Bytes read at a time.
  public static let chunkSize = 1 << 20
  /// Lines longer than this are streamed through the validator instead of buffered.
  public static let recordLimit = 1 << 20

  public enum ReadError: Error, Sendable, Equatable {
    /// `read(2)` failed; the number is `errno`.
    case failed(Int32)
    /// The input holds more than the given number of bytes (`limits.max-input-bytes`) and no
    /// error was found before it: it is not checked.
    case tooLarge(Int)
  }

  /// Inputs up to this size are read whole and validated in one call (the fast lane); a larger
  /// one is fed to the validator in chunks, so that memory stays bounded and reading stops at its
  /// first fatal error.
  public static let wholeReadLimit = 1 << 20

  /// Lints one payload read from `fd` (a file, standard input, a device), reading at most
  /// `maxBytes`: a 3 GB file whose first byte is already an error is read no further than the
  /// first chunk, `/dev/zero` no further than `maxBytes`.
  ///
  /// Returns the report; when reading stopped early at an error, its size counts the bytes read.
  /// Throws `.tooLarge` when more than `maxBytes` arrive without an error that ends reading.
  public static func lintOne(fd: Int32, linter: inout Linter, maxBytes: Int) throws(ReadError) -> PayloadReport {
    try lintOneKeepingBytes(fd: fd, linter: &linter, maxBytes: maxBytes).report
  }

  /// `lintOne(fd:linter:maxBytes:)`, which also hands back the bytes of a payload read whole (nil
  /// when it was fed in chunks): what `check` reads an envelope from (SPEC §8, "Envelopes").
  public static func lintOneKeepingBytes(fd: Int32, linter: inout Linter, maxBytes: Int) throws(ReadError)
    -> (report: PayloadReport, bytes: [UInt8]?) {
    var held: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var streaming = false
    var total = 0
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .failed(errno)
      }
      if n == 0 { break }
      total += n
      if streaming {
        buffer.withUnsafeBytes { linter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
      } else {
        held.append(contentsOf: buffer[0..<n])
        if held.count > wholeReadLimit {
          linter.begin()
          held.withUnsafeBytes { linter.feed($0) }
          held = []
          streaming = true
        }
      }
      if streaming && linter.hasStopped { return (linter.finish(), nil) }
      if total > maxBytes { throw .tooLarge(maxBytes) }
    }
    if streaming { return (linter.finish(), nil) }
    return (held.withUnsafeBytes { linter.validate($0) }, held)
  }

  /// Lints every line of `fd` as a payload; `body` gets each result (1-based record number), in
  /// input order. A final line without a newline counts; an empty input has no records.
  ///
  /// With `workers` above 1, the complete lines of each chunk read are validated by that many
  /// threads at once (each with its own copy of `linter`), while the results of the previous chunk
  /// are made and handed to `body`, one by one and in order, by one task at a time (`body` and
  /// `localize` never run concurrently with themselves, but may run on another thread than the
  /// caller's, which waits).
  /// A record split across chunks, or streamed because it is too long, is read on the calling thread.
  ///
  /// `amend`, when given, sees each report with its record's bytes before the result is made (the
  /// Live Activity contract of `check --activity`); the lines are then validated on the calling
  /// thread, a record is kept whole up to `wholeRecord` bytes (instead of `recordLimit`), and a
  /// longer one, fed in chunks, is not amended.
  public static func lintNDJSON(fd: Int32, path: String, linter: inout Linter, workers: Int = 1,
                                localize: ((PayloadReport) -> [Finding])? = nil,
                                amend: ((inout PayloadReport, UnsafeRawBufferPointer) -> Void)? = nil,
                                wholeRecord: Int = recordLimit,
                                _ body: @escaping (LintResult) -> Void) throws(ReadError) {
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    var carry: [UInt8] = []
    var streaming = false   // the current record is being fed in chunks
    // Complete lines of the current chunk not yet validated (offset, length).
    var pending: [(Int, Int)] = []
    // With threads: the reports of the chunk being validated, and those of the previous chunk,
    // handed on while this one is validated (the hand-over is one more task beside the pieces).
    var filling: [PayloadReport] = []
    var ready: [PayloadReport] = []
    var readyCount = 0
    let workers = amend == nil ? max(1, workers) : 1
    // Each piece of a chunk gets its own validator; there are more pieces than threads, so that a
    // thread that is done early takes the next piece (payloads differ in cost, not only in size).
    let pieces = workers == 1 ? 1 : workers * 4
    let copies = workers == 1 ? [] : (0..<pieces).map { _ in LinterSlot(linter) }
    let placeholderReport = PayloadReport(findings: [], size: 0, limit: 0, pushType: .alert)
    let handOver = HandOver(path: path, configuration: linter.configuration, localize: localize, body: body,
                            placeholder: placeholderReport)
    func finishRecord(_ report: PayloadReport) { handOver.finish(report) }
    func validated(_ record: UnsafeRawBufferPointer) -> PayloadReport {   // one whole record, on this thread
      var report = linter.validate(record); amend?(&report, record); return report
    }

    /// Hands on what the previous chunk left, before any record that follows it.
    func drain() {
      guard readyCount > 0 else { return }
      let count = readyCount
      readyCount = 0
      ready.withUnsafeMutableBufferPointer { handOver.handOn($0, count) }
    }

    /// Validates the pending lines of `chunk`: on this thread when there are few, else in pieces
    /// on all threads while the previous chunk's results are handed on.
    func flush(_ chunk: UnsafeRawBufferPointer) {
      guard !pending.isEmpty, let base = chunk.baseAddress else { return }
      let count = pending.count
      if workers == 1 || count < 2 * pieces {
        drain()
        for k in 0..<count {
          finishRecord(validated(UnsafeRawBufferPointer(start: base + pending[k].0, count: pending[k].1)))
        }
        pending.removeAll(keepingCapacity: true)
        return
      }
      if filling.count < count {
        filling.append(contentsOf: repeatElement(placeholderReport, count: count - filling.count))
      }
      let handing = readyCount
      readyCount = 0
      validateInPieces(pending, base: base, pieces: pieces, validators: copies, handOver: handOver,
                       into: &filling, handingOn: &ready, handing: handing)
      swap(&filling, &ready)
      readyCount = count
      pending.removeAll(keepingCapacity: true)
    }

    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .failed(errno)
      }
      if n == 0 { break }
      buffer.withUnsafeBytes { raw in
        let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<n])
        var start = 0
        while start < n {
          let newline = memchr(bytes.baseAddress! + start, 0x0A, n - start).map { $0 - UnsafeMutableRawPointer(mutating: bytes.baseAddress!) }
          let end = newline ?? n
          let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
          if newline == nil {
            // The record continues in the next chunk.
            flush(bytes)
            if streaming {
              linter.feed(piece)
            } else if carry.count + piece.count > (amend == nil ? recordLimit : max(recordLimit, wholeRecord)) {
              linter.begin()
              carry.withUnsafeBytes { linter.feed($0) }
              linter.feed(piece)
              carry.removeAll(keepingCapacity: false)
              streaming = true
            } else {
              carry.append(contentsOf: piece)
            }
            start = n
            continue
          }
          if streaming {
            linter.feed(piece)
            streaming = false
            drain()
            finishRecord(linter.finish())
          } else if carry.isEmpty {
            pending.append((start, end - start))
          } else {
            carry.append(contentsOf: piece)
            let report = carry.withUnsafeBytes { validated($0) }
            carry.removeAll(keepingCapacity: carry.capacity <= 1 << 16)
            drain()
            finishRecord(report)
          }
          start = end + 1
        }
        flush(bytes)
      }
    }
    drain()
    if streaming {
      finishRecord(linter.finish())
    } else if !carry.isEmpty {
      let report = carry.withUnsafeBytes { validated($0) }
      finishRecord(report)
    }
  }

  /// Validates `lines` (offset, length in `base`) in `pieces` runs of about the same number of bytes,
  /// each run by its own validator, on all threads, writing report `k` to `out[k]`. When `handing`
  /// is above 0, one more task hands on the first `handing` reports of `done` (the previous chunk's)
  /// at the same time.
  ///
  /// The workers make reports only. Results hold the path, a shared reference-counted string: made on
  /// one thread and released on another, they bounced its count between the cores and two threads
  /// ran slower than one. The hand-over is task 0, so that it starts first; the calling thread waits
  /// for all tasks, so the hand-overs never overlap and stay in order.
  private static func validateInPieces(_ lines: [(Int, Int)], base: UnsafeRawPointer, pieces: Int,
                                       validators: [LinterSlot], handOver: HandOver,
                                       into out: inout [PayloadReport], handingOn done: inout [PayloadReport],
                                       handing: Int) {
    let count = lines.count
    var bounds = [0]
    let total = lines[count - 1].0 + lines[count - 1].1 - lines[0].0
    var k = 0
    for w in 1..<pieces {
      let goal = lines[0].0 + total * w / pieces
      while k < count && lines[k].0 < goal { k += 1 }
      bounds.append(max(k, bounds[bounds.count - 1]))
    }
    bounds.append(count)
    lines.withUnsafeBufferPointer { lines in
      out.withUnsafeMutableBufferPointer { out in
        done.withUnsafeMutableBufferPointer { done in
          let first = handing > 0 ? 1 : 0
          let shared = Unchecked((lines, out, validators, base, bounds, handOver, done, handing, first))
          DispatchQueue.concurrentPerform(iterations: pieces + first) { task in
            let (lines, out, validators, base, bounds, handOver, done, handing, first) = shared.value
            if task < first { handOver.handOn(done, handing); return }
            let w = task - first
            let slot = validators[w]
            for k in bounds[w]..<bounds[w + 1] {
              out[k] = slot.linter.validate(UnsafeRawBufferPointer(start: base + lines[k].0, count: lines[k].1))
            }
          }
        }
      }
    }
  }

  /// Reads all of `fd` (a payload file or standard input), at most `maxBytes` (`.tooLarge` past it).
  public static func readAll(fd: Int32, maxBytes: Int = Int.max) throws(ReadError) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 1 << 16) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .failed(errno)
      }
      if n == 0 { return out }
      guard out.count + n <= maxBytes else { throw .tooLarge(maxBytes) }
      out.append(contentsOf: buffer[0..<n])
    }
  }
}

/// Hands pointers that threads use for disjoint parts of the same buffers to `concurrentPerform`.
private struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// One thread's linter, in its own allocation (linters side by side in one array share cache
/// lines between threads).
private final class LinterSlot: @unchecked Sendable {
  var linter: Linter
  init(_ linter: Linter) { self.linter = linter }
}

/// Makes results from reports and hands them on, numbering the records; used by one thread at a
/// time (`lintNDJSON` waits for each hand-over before the next).
private final class HandOver: @unchecked Sendable {
  let path: String
  let configuration: Configuration
  let localize: ((PayloadReport) -> [Finding])?
  let body: (LintResult) -> Void
  let placeholder: PayloadReport
  var record = 0

  init(path: String, configuration: Configuration, localize: ((PayloadReport) -> [Finding])?,
       body: @escaping (LintResult) -> Void, placeholder: PayloadReport) {
    self.path = path
    self.configuration = configuration
    self.localize = localize
    self.body = body
    self.placeholder = placeholder
  }

  func finish(_ report: PayloadReport) {
    record += 1
    body(Linter.result(report, path: path, record: record, extra: localize?(report) ?? [], configuration: configuration))
  }

  /// Hands on the first `count` reports of `done` in order, moving them out (no reference
  /// counting per record) and refilling their slots.
  func handOn(_ done: UnsafeMutableBufferPointer<PayloadReport>, _ count: Int) {
    for k in 0..<count {
      let report = (done.baseAddress! + k).move()
      (done.baseAddress! + k).initialize(to: placeholder)
      finish(report)
    }
  }
}
