#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers

/// The NDJSON log (`--log`): records are appended to a buffer in memory and written in blocks, by
/// whoever fills the buffer, by a timer and at shutdown. Order is kept: blocks are taken and
/// written under one lock.
final class PushLog: Sendable {
  private let fd: Int32
  private let ownsFD: Bool
  private let pending = NIOLockedValueBox<[UInt8]>([])
  private let writer = NIOLock()
  /// Past this many bytes the appender writes the block itself.
  static let blockSize = 256 * 1024

  /// Opens (creates, appends to) the file, or uses standard output.
  init(_ destination: APNsServer.LogDestination) throws(APNsServerError) {
    switch destination {
    case .standardOutput:
      fd = 1
      ownsFD = false
    case .file(let path):
      let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      guard opened >= 0 else { throw APNsServerError(.cannotOpenLog(path: path, errno: errno)) }
      fd = opened
      ownsFD = true
    }
    pending.withLockedValue { $0.reserveCapacity(Self.blockSize + 8192) }
  }

  deinit {
    if ownsFD { close(fd) }
  }

  /// Appends one line (the record's bytes and a newline).
  func append(_ line: [UInt8]) {
    let full = pending.withLockedValue { buffer -> Bool in
      buffer.append(contentsOf: line)
      buffer.append(0x0A)
      return buffer.count >= Self.blockSize
    }
    if full { flush() }
  }

  /// Writes what is pending.
  func flush() {
    writer.withLock {
      var block = pending.withLockedValue { buffer -> [UInt8] in
        var taken: [UInt8] = []
        taken.reserveCapacity(Self.blockSize + 8192)
        swap(&taken, &buffer)
        return taken
      }
      guard !block.isEmpty else { return }
      block.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
          if n < 0 && errno == EINTR { continue }
          if n <= 0 { break }  // a full disk or a closed pipe: the server keeps answering
          offset += n
        }
      }
      block.removeAll()
    }
  }
}

/// The last pushes, newest first, for the inbox page: a ring of fixed capacity, so memory stays
/// flat however many pushes arrive.
public final class Inbox: Sendable {
  private struct Ring {
    var slots: [PushRecord?]
    var next = 0
    var count = 0
  }
  private let ring: NIOLockedValueBox<Ring>
  /// The most records kept.
  public let capacity: Int

  public init(capacity: Int) {
    self.capacity = max(0, capacity)
    ring = NIOLockedValueBox(Ring(slots: Array(repeating: nil, count: max(0, capacity))))
  }

  func add(_ record: PushRecord) {
    guard capacity > 0 else { return }
    // The record it replaces is released after the lock (a record is a dozen allocations, 4 % of
    // a push with the log on: `perf`, issue 54), so that other loops and the inbox page wait less.
    var replaced: PushRecord? = record
    ring.withLockedValue { r in
      swap(&r.slots[r.next], &replaced)
      r.next = (r.next + 1) % capacity
      r.count = min(r.count + 1, capacity)
    }
    _ = replaced
  }

  /// The records kept, newest first, optionally only those to one device token or topic, at most `limit`.
  public func pushes(token: String? = nil, topic: String? = nil, limit: Int = .max) -> [PushRecord] {
    let token = token?.lowercased()
    return ring.withLockedValue { r in
      var out: [PushRecord] = []
      var i = r.next
      for _ in 0..<r.count {
        i = (i - 1 + capacity) % capacity
        guard let record = r.slots[i] else { continue }
        if let token, record.deviceToken?.lowercased() != token { continue }
        if let topic, record.topic != topic { continue }
        out.append(record)
        if out.count >= limit { break }
      }
      return out
    }
  }

  /// How many records are kept.
  public var count: Int { ring.withLockedValue { $0.count } }

  /// Forgets every record.
  public func removeAll() {
    ring.withLockedValue { r in
      r.slots = Array(repeating: nil, count: capacity)
      r.next = 0
      r.count = 0
    }
  }
}
