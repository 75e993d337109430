#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The messages of LSP's base protocol: a header block (`Content-Length: N`, `\r\n` line breaks,
/// a blank line) then N bytes of JSON, read from a byte source in bounded memory.
///
/// Whatever arrives, the reader goes on: a header block without a usable `Content-Length` is
/// said and skipped; a message longer than `limit` is said and its bytes skipped as they arrive,
/// never held; bytes that are no header at all (binary noise) are dropped, keeping only a
/// `Content-Length:` found among them, where reading starts again; a body cut short by the end of
/// the input is searched for the next message's header the same way. What is held is at most
/// `limit` bytes of body and ``maxHeaderBytes`` of header.
struct MessageFraming {
  /// What the next thing read is.
  enum Next: Equatable {
    /// A whole message body.
    case message([UInt8])
    /// Something that is no message, said in a sentence for the log; reading goes on.
    case problem(String)
    /// The end of the input (or a read error: nothing more can be read).
    case end
  }

  /// The longest header block kept while its blank line has not come.
  static let maxHeaderBytes = 8 << 10
  /// The longest body held.
  let limit: Int
  private let read: (UnsafeMutableRawBufferPointer) -> Int
  private var pending: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var finished = false
  /// Bytes of a message over the limit still to drop.
  private var skipping = 0
  /// The header's length, once read, while the body is not all here.
  private var bodyLength: Int? = nil

  /// A reader of `read`, which fills the buffer it is given and returns how many bytes it put
  /// there: 0 at the end, -1 on an error, as `read(2)` does.
  init(limit: Int, read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
    self.limit = limit
    self.read = read
  }

  /// Whether a whole message is held already, so `next()` returns without reading: the server
  /// lints what changed only when nothing else is waiting.
  var hasWholeMessage: Bool {
    if skipping > 0 { return false }
    if let bodyLength { return pending.count - start >= bodyLength }
    guard let (block, after) = headerBlock(), case .length(let n) = Self.contentLength(pending[block]) else { return false }
    return n <= limit && pending.count - after >= n
  }

  /// The next message, a problem to log, or the end.
  mutating func next() -> Next {
    while true {
      if skipping > 0 {
        let dropped = min(skipping, pending.count - start)
        start += dropped
        skipping -= dropped
        if skipping > 0 && !fill() { return .end }
        continue
      }
      if let length = bodyLength {
        if pending.count - start >= length {
          let body = Array(pending[start..<start + length])
          start += length
          bodyLength = nil
          compact()
          return .message(body)
        }
        if fill(wanting: length - (pending.count - start)) { continue }
        bodyLength = nil
        return cutShort(expected: length)
      }
      guard let (block, after) = headerBlock() else {
        if pending.count - start > Self.maxHeaderBytes { return dropNoise() }
        if fill() { continue }
        let left = pending[start...].contains { !Self.isSpace($0) }
        start = pending.count
        return left ? .problem("the input ended inside a message header") : .end
      }
      let header = pending[block]
      start = after
      switch Self.contentLength(header) {
      case .missing:
        return .problem("a message header without Content-Length: skipped")
      case .invalid(let text):
        return .problem("a message header whose Content-Length is '\(text)', not a byte count: skipped")
      case .length(let n) where n > limit:
        skipping = n
        return .problem("a message of \(n) bytes, over the limit of \(limit): skipped")
      case .length(let n):
        bodyLength = n
      }
    }
  }

  /// Puts `bytes` back in front of what is still to read: a body that was no JSON but held a
  /// message header (its `Content-Length` claimed too much) is read again from that header.
  mutating func pushBack(_ bytes: ArraySlice<UInt8>) {
    pending = Array(bytes) + pending[start...]
    start = 0
  }

  /// Where the next header line `Content-Length:` starts in `bytes`, after the first byte (a body
  /// that holds one was cut short or claimed too much).
  static func nextHeader(in bytes: [UInt8]) -> Int? {
    lastContentLength(in: bytes[...], from: 1, first: true)
  }

  // MARK: - Reading

  /// Reads more; false at the end of the input. `wanting`: the bytes a body still needs, room
  /// for which is made at once.
  private mutating func fill(wanting: Int = 0) -> Bool {
    guard !finished else { return false }
    compact()
    if wanting > 0 { pending.reserveCapacity(pending.count + wanting) }
    while true {
      let n = chunk.withUnsafeMutableBytes { read($0) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        finished = true
        return false
      }
      pending.append(contentsOf: chunk[0..<min(n, chunk.count)])
      return true
    }
  }

  /// Drops what was read before `start` once it is most of the buffer.
  private mutating func compact() {
    if start > 0 && (start >= pending.count || start > 1 << 16) {
      pending.removeSubrange(..<start)
      start = 0
    }
  }

  /// The header block (without its blank line) and where the body starts, once the blank line
  /// has come: `\r\n\r\n`, or a bare `\n\n` from a lenient client.
  private func headerBlock() -> (Range<Int>, Int)? {
    var i = start
    let end = pending.count
    while i < end {
      if pending[i] == 0x0A {
        if i + 1 < end && pending[i + 1] == 0x0A { return (start..<i, i + 2) }
        if i + 2 < end && pending[i + 1] == 0x0D && pending[i + 2] == 0x0A { return (start..<i, i + 3) }
      }
      i += 1
    }
    return nil
  }

  /// Bytes that hold no header block: dropped, up to the last `Content-Length:` among them
  /// (where a message may start), or all but a few (one may be arriving).
  private mutating func dropNoise() -> Next {
    let held = pending.count - start
    if let at = Self.lastContentLength(in: pending[start...], from: start + 1, first: false) {
      start = at
    } else {
      start = pending.count - 15
    }
    compact()
    return .problem("\(held - (pending.count - start)) bytes that are no message header: skipped")
  }

  /// A body cut short by the end of the input: read again from a header inside it, if any.
  private mutating func cutShort(expected: Int) -> Next {
    let got = Array(pending[start...])
    start = pending.count
    if let at = Self.nextHeader(in: got) {
      pushBack(got[at...])
      return .problem("a message of \(expected) bytes was cut short by the end of the input; a message header \(at) bytes into it is read again")
    }
    return .problem("a message of \(expected) bytes ended after \(got.count): the input ended")
  }

  // MARK: - Headers

  enum ContentLength: Equatable { case missing, invalid(String), length(Int) }

  /// The `Content-Length` of a header block. Header names are case-insensitive; a block whose
  /// lines are not all headers (noise before a header) is read from its last `Content-Length:`.
  static func contentLength(_ block: ArraySlice<UInt8>) -> ContentLength {
    guard let at = lastContentLength(in: block, from: block.startIndex, first: false) else { return .missing }
    var i = at + contentLengthName.count
    while i < block.endIndex && (block[i] == 0x20 || block[i] == 0x09) { i += 1 }
    var digits = i
    while digits < block.endIndex && block[digits] >= 0x30 && block[digits] <= 0x39 { digits += 1 }
    var lineEnd = digits
    while lineEnd < block.endIndex && block[lineEnd] != 0x0A { lineEnd += 1 }
    let rest = block[digits..<lineEnd].allSatisfy(isSpace)
    let text = String(decoding: block[i..<lineEnd], as: UTF8.self).trimmingSpaces
    guard digits > i, digits - i <= 18, rest, let n = Int(String(decoding: block[i..<digits], as: UTF8.self)) else {
      return .invalid(String(text.prefix(40)))
    }
    return .length(n)
  }

  private static let contentLengthName = Array("content-length:".utf8)

  /// The first or last place at or after `from` where `Content-Length:` (any case) starts.
  private static func lastContentLength(in bytes: ArraySlice<UInt8>, from: Int, first: Bool) -> Int? {
    let name = contentLengthName
    guard bytes.endIndex - name.count >= from else { return nil }
    var found: Int? = nil
    for i in from...(bytes.endIndex - name.count) where bytes[i] | 0x20 == name[0] {
      var matches = true
      for k in 1..<name.count where bytes[i + k] | (name[k] >= 0x61 ? 0x20 : 0) != name[k] {
        matches = false
        break
      }
      if matches {
        if first { return i }
        found = i
      }
    }
    return found
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}

extension String {
  /// Without spaces, tabs and line breaks at either end.
  var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }),
          let last = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }) else { return "" }
    return String(scalars[first...last])
  }
}
