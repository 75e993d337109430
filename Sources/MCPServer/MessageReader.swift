#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The messages of MCP's stdio transport: one JSON-RPC message a line, read from a byte source
/// in memory bounded by `limit`. A line longer than `limit` is said as soon as it passes it, then
/// skipped up to its newline without being kept: a client that sends 50 MB in one line costs
/// the server `limit` bytes at most, and the next line is read as usual.
struct MessageReader {
  /// What the next line is.
  enum Next: Equatable {
    /// A whole line, without its line break (a CR before the LF is dropped too).
    case message([UInt8])
    /// A line longer than the limit: it is skipped, up to its newline, on the next call.
    case tooLarge
    /// The end of the input (or a read error: nothing more can be read).
    case end
  }

  /// The longest line kept, in bytes.
  let limit: Int
  private let read: (UnsafeMutableRawBufferPointer) -> Int
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var finished = false
  private var skipping = false

  /// A reader of `read`, which fills the buffer it is given and returns how many bytes it put
  /// there: 0 at the end, -1 on an error, as `read(2)` does.
  init(limit: Int, read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
    self.limit = limit
    self.read = read
  }

  /// The next line, `tooLarge`, or the end.
  mutating func next() -> Next {
    var line: [UInt8] = []
    while true {
      if start == end && !fill() {
        // The last line may end without a line break.
        if skipping || line.isEmpty { return .end }
        return .message(trimmed(line))
      }
      let newline = buffer.withUnsafeBytes { raw in
        memchr(raw.baseAddress! + start, 0x0A, end - start).map { raw.baseAddress!.distance(to: UnsafeRawPointer($0)) }
      }
      let stop = newline ?? end
      if !skipping {
        if line.count + (stop - start) > limit {
          // Said now, skipped from here on: the rest of the line is never kept.
          skipping = newline == nil
          start = newline.map { $0 + 1 } ?? end
          return .tooLarge
        }
        line.append(contentsOf: buffer[start..<stop])
      }
      start = newline.map { $0 + 1 } ?? end
      if newline != nil {
        if skipping {
          skipping = false
          continue
        }
        return .message(trimmed(line))
      }
    }
  }

  /// Reads more into the buffer; false at the end of the input.
  private mutating func fill() -> Bool {
    guard !finished else { return false }
    while true {
      let n = buffer.withUnsafeMutableBytes { read($0) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        finished = true
        return false
      }
      start = 0
      end = n
      return true
    }
  }

  private func trimmed(_ line: [UInt8]) -> [UInt8] {
    line.last == 0x0D ? Array(line.dropLast()) : line
  }
}
