#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
  }

  /// Lints every line of `fd` as a payload; `body` gets each result (1-based record number).
  /// A final line without a newline counts; an empty input has no records.
  public static func lintNDJSON(fd: Int32, path: String, linter: inout Linter, localize: (PayloadReport) -> [RuleFinding] = { _ in [] }, _ body: (LintResult) -> Void) throws(ReadError) {
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    var carry: [UInt8] = []
    var streaming = false   // the current record is being fed in chunks
    var streamed = 0
    var record = 0

    func finishRecord(_ report: PayloadReport, _ linter: inout Linter) {
      record += 1
      body(linter.result(report, path: path, record: record, extra: localize(report)))
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
            if streaming {
              linter.feed(piece); streamed += piece.count
            } else if carry.count + piece.count > recordLimit {
              linter.begin()
              carry.withUnsafeBytes { linter.feed($0) }
              linter.feed(piece)
              streamed = carry.count + piece.count
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
            finishRecord(linter.finish(), &linter)
          } else if carry.isEmpty {
            finishRecord(linter.validate(piece), &linter)
          } else {
            carry.append(contentsOf: piece)
            let report = carry.withUnsafeBytes { linter.validate($0) }
            carry.removeAll(keepingCapacity: carry.capacity <= 1 << 16)
            finishRecord(report, &linter)
          }
          start = end + 1
        }
      }
    }
    if streaming {
      finishRecord(linter.finish(), &linter)
    } else if !carry.isEmpty {
      let report = carry.withUnsafeBytes { linter.validate($0) }
      finishRecord(report, &linter)
    }
  }

  /// Reads all of `fd` (a payload file or standard input).
  public static func readAll(fd: Int32) throws(ReadError) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 1 << 16) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .failed(errno)
      }
      if n == 0 { return out }
      out.append(contentsOf: buffer[0..<n])
    }
  }
}
