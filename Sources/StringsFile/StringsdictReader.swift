#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A `.stringsdict` read straight from its bytes, for the shape Xcode and translation tools write:
// an XML plist of dictionaries and strings. Anything else returns nil and the file goes to
// `PropertyListSerialization` as before, so this reader only has to agree with Foundation on
// what it accepts (`StringsdictReaderTests` compares the two on every fixture, the corpus and
// mutants of both).
//
// Why: `PropertyListSerialization` and the bridging of its result to `[String: Any]` were 27% of
// `strings lint` on the 10x corpus (a third of its files are `.stringsdict`), five times what
// parsing the XML itself costs.
// It also says where each member stands (the byte offsets of its `<key>` and value elements),
// which Foundation cannot: findings about a key, variable or form point there. XML `.strings`
// tables are the same shape and are read by it too.

enum StringsdictReader {
  /// A value of the subset: a string, or a dictionary in file order.
  enum Node {
    case string(String)
    case dictionary([Member])
  }

  /// One member of a dictionary, with where it stands: byte offsets of its `<key>` element and
  /// of its value's element (`<string>`, `<dict>`), each at its `<`.
  struct Member {
    var key: String
    var value: Node
    var keyOffset: Int
    var valueOffset: Int
  }

  /// The top-level dictionary's members, or nil when the bytes hold anything this reader leaves to
  /// Foundation: a byte order mark, an encoding other than UTF-8, invalid UTF-8, a comment, CDATA,
  /// a character reference or entity other than the five predefined ones, a carriage return in
  /// text, an element other than `plist`, `dict`, `key` and `string`, tags with spaces or
  /// attributes (except on `plist` and in the XML declaration), a repeated key, more than
  /// ``maxDepth`` nested dictionaries, or anything after `</plist>` but white space.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [Member]? {
    var reader = Reader(bytes: bytes)
    return reader.document()
  }

  /// The members of the dictionary whose `<dict>` starts at `offset` (a member's
  /// `valueOffset` from ``read(_:)`` over the same bytes), with their places; nil when there is
  /// no such dictionary. Where a `.stringsdict` entry's variables and forms stand is read this
  /// way, only for an entry a finding is about.
  static func dictionary(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [Member]? {
    var reader = Reader(bytes: bytes)
    guard offset >= 0, offset < bytes.count else { return nil }
    reader.i = offset
    guard reader.take("<dict>") else { return nil }
    return reader.dictionary(depth: 1)
  }

  /// The bytes as a string, or nil when they are not well-formed UTF-8.
  static func string(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
    // Decoding repairs ill-formed UTF-8 with U+FFFD: the bytes come back unchanged only when
    // they were well-formed.
    let decoded = String(decoding: raw, as: UTF8.self)
    let same = decoded.utf8.withContiguousStorageIfAvailable { out in
      out.count == raw.count && (raw.isEmpty || memcmp(out.baseAddress!, raw.baseAddress!, raw.count) == 0)
    }
    return same ?? decoded.utf8.elementsEqual(raw) ? decoded : nil
  }

  /// The keys every plural entry repeats, as constant strings (too long to be small strings:
  /// each was an allocation of its own, several per entry); nil for any other bytes.
  static func keyword(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
    guard raw.count == 25 || raw.count == 26, raw[0] == UInt8(ascii: "N") else { return nil }
    func matches(_ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == raw.count && memcmp(raw.baseAddress!, literal.utf8Start, raw.count) == 0
    }
    if matches("NSStringLocalizedFormatKey") { return "NSStringLocalizedFormatKey" }
    if matches("NSStringFormatValueTypeKey") { return "NSStringFormatValueTypeKey" }
    if matches("NSStringFormatSpecTypeKey") { return "NSStringFormatSpecTypeKey" }
    return nil
  }

  /// Deeper than this is left to Foundation (real files nest three levels).
  static let maxDepth = 16

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func document() -> [Member]? {
      if starts(with: "<?xml") {
        guard let end = find(UInt8(ascii: ">"), from: i) else { return nil }
        let declaration = bytes[i..<end]
        // Only "utf-8" (any case) may be declared; `?>` must close it.
        guard end > i && bytes[end - 1] == UInt8(ascii: "?") else { return nil }
        if let at = search("encoding", in: i..<end) {
          var j = at + 8
          while j < end && isSpace(bytes[j]) { j += 1 }
          guard j < end, bytes[j] == UInt8(ascii: "=") else { return nil }
          j += 1
          while j < end && isSpace(bytes[j]) { j += 1 }
          guard j < end, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
          let quote = bytes[j]
          let valueStart = j + 1
          guard let valueEnd = find(quote, from: valueStart), valueEnd < end else { return nil }
          let value = bytes[valueStart..<valueEnd].map { $0 | 0x20 }
          guard value == Array("utf-8".utf8) else { return nil }
        }
        _ = declaration
        i = end + 1
        skipSpace()
      }
      if starts(with: "<!DOCTYPE") {
        guard let end = find(UInt8(ascii: ">"), from: i), find(UInt8(ascii: "["), from: i).map({ $0 > end }) ?? true else { return nil }
        i = end + 1
        skipSpace()
      }
      guard starts(with: "<plist"), i + 6 < bytes.count, bytes[i + 6] == UInt8(ascii: ">") || isSpace(bytes[i + 6]) else { return nil }
      guard let open = find(UInt8(ascii: ">"), from: i), bytes[open - 1] != UInt8(ascii: "/") else { return nil }
      // Attribute values may not hold '<' or '>' (then this is not the shape handled here).
      guard find(UInt8(ascii: "<"), from: i + 1).map({ $0 > open }) ?? false else { return nil }
      i = open + 1
      skipSpace()
      guard take("<dict>") else { return nil }
      guard let members = dictionary(depth: 1) else { return nil }
      skipSpace()
      guard take("</plist>") else { return nil }
      skipSpace()
      return i == bytes.count ? members : nil
    }

    /// The members of a dictionary whose `<dict>` was just read, through its `</dict>`.
    mutating func dictionary(depth: Int) -> [Member]? {
      guard depth <= StringsdictReader.maxDepth else { return nil }
      var members: [Member] = []
      // A plural rule's dictionary has a handful of members: one allocation instead of growing by doubling.
      members.reserveCapacity(8)
      var seen: Set<String> = []
      while true {
        skipSpace()
        if take("</dict>") { return members }
        let keyOffset = i
        guard take("<key>"), let key = text(until: "</key>") else { return nil }
        skipSpace()
        let valueOffset = i
        let value: Node
        if take("<string>") {
          guard let string = text(until: "</string>") else { return nil }
          value = .string(string)
        } else if take("<string/>") {
          value = .string("")
        } else if take("<dict>") {
          guard let inner = dictionary(depth: depth + 1) else { return nil }
          value = .dictionary(inner)
        } else if take("<dict/>") {
          value = .dictionary([])
        } else {
          return nil
        }
        // A repeated key: small dictionaries (a plural rule's) are searched, large ones hashed.
        if members.count < 8 {
          if members.contains(where: { $0.key == key }) { return nil }
        } else {
          if seen.isEmpty { seen = Set(members.map(\.key)) }
          guard seen.insert(key).inserted else { return nil }
        }
        members.append(Member(key: key, value: value, keyOffset: keyOffset, valueOffset: valueOffset))
      }
    }

    /// Character data up to `close` (which is consumed), with the five predefined entities
    /// resolved; nil for anything else this reader leaves to Foundation.
    mutating func text(until close: StaticString) -> String? {
      let start = i
      var plain = true
      var high: UInt8 = 0
      if let base = bytes.baseAddress {
        // Eight bytes at a time while none is '<', '\r' or '&'; `highs` gathers the top bits.
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        var highs: UInt64 = 0
        while i + 8 <= bytes.count {
          let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          let a = w ^ 0x3C3C_3C3C_3C3C_3C3C
          let b = w ^ 0x0D0D_0D0D_0D0D_0D0D
          let c = w ^ 0x2626_2626_2626_2626
          if ((a &- ones) & ~a | (b &- ones) & ~b | (c &- ones) & ~c) & 0x8080_8080_8080_8080 != 0 { break }
          highs |= w
          i += 8
        }
        if highs & 0x8080_8080_8080_8080 != 0 { high = 0x80 }
      }
      while i < bytes.count {
        let c = bytes[i]
        if c == UInt8(ascii: "<") { break }
        if c == UInt8(ascii: "\r") { return nil }
        if c == UInt8(ascii: "&") { plain = false }
        high |= c
        i += 1
      }
      let end = i
      guard take(close) else { return nil }
      let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
      if plain && high < 0x80 { return StringsdictReader.keyword(raw) ?? String(decoding: raw, as: UTF8.self) }
      if plain { return StringsdictReader.string(raw) }
      var out: [UInt8] = []
      out.reserveCapacity(raw.count)
      var j = 0
      while j < raw.count {
        let c = raw[j]
        guard c == UInt8(ascii: "&") else { out.append(c); j += 1; continue }
        let rest = UnsafeBufferPointer(rebasing: raw[(j + 1)...])
        var matched = false
        for (name, byte) in [("lt;", UInt8(ascii: "<")), ("gt;", UInt8(ascii: ">")), ("amp;", UInt8(ascii: "&")),
                             ("quot;", UInt8(ascii: "\"")), ("apos;", UInt8(ascii: "'"))] where rest.starts(with: name.utf8) {
          out.append(byte)
          j += 1 + name.utf8.count
          matched = true
          break
        }
        guard matched else { return nil }
      }
      return out.withUnsafeBufferPointer { StringsdictReader.string($0) }
    }

    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    mutating func skipSpace() {
      while i < bytes.count && isSpace(bytes[i]) { i += 1 }
    }

    @inline(__always)
    func starts(with literal: StaticString) -> Bool {
      let n = literal.utf8CodeUnitCount
      guard i + n <= bytes.count else { return false }
      let p = literal.utf8Start
      for k in 0..<n where bytes[i + k] != p[k] { return false }
      return true
    }

    @inline(__always)
    mutating func take(_ literal: StaticString) -> Bool {
      guard starts(with: literal) else { return false }
      i += literal.utf8CodeUnitCount
      return true
    }

    func find(_ byte: UInt8, from start: Int) -> Int? {
      var j = start
      while j < bytes.count {
        if bytes[j] == byte { return j }
        j += 1
      }
      return nil
    }

    func search(_ word: StaticString, in range: Range<Int>) -> Int? {
      let n = word.utf8CodeUnitCount
      let p = word.utf8Start
      var j = range.lowerBound
      while j + n <= range.upperBound {
        var k = 0
        while k < n && bytes[j + k] == p[k] { k += 1 }
        if k == n { return j }
        j += 1
      }
      return nil
    }
  }
}
