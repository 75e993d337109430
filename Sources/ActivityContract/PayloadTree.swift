import PayloadSchema

/// A payload read into a flat tree of nodes with byte offsets: what the Live Activity check walks.
/// Malformed JSON gives nil (PayloadSchema reports it); nesting is capped at 64, as
/// `limits.max-depth` caps it by default, so reading recurses at most 64 deep.
struct PayloadTree {
  enum Kind: UInt8 { case object, array, string, number, trueValue, falseValue, null }

  struct Node {
    var kind: Kind
    /// First byte of the value.
    var start: Int
    /// One past its last byte.
    var end: Int
    /// Objects: index of the first member in `members`; arrays: of the first element in `elements`.
    var first: Int = 0
    var count: Int = 0
  }

  struct Member {
    /// The key's opening quote.
    var keyStart: Int
    var key: String
    var value: Int
  }

  var nodes: [Node] = []
  var members: [Member] = []
  var elements: [Int] = []
  let bytes: [UInt8]
  static let maxDepth = 64

  /// Reads `bytes`; nil when they are not one JSON value (with optional whitespace around it).
  static func read(_ bytes: [UInt8]) -> PayloadTree? {
    var tree = PayloadTree(bytes: bytes)
    var i = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
    guard tree.value(&i, depth: 0) != nil else { return nil }
    tree.skipSpace(&i)
    return i == bytes.count ? tree : nil
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  func members(of node: Int) -> ArraySlice<Member> {
    let n = nodes[node]
    return n.kind == .object ? members[n.first..<(n.first + n.count)] : []
  }

  func elements(of node: Int) -> ArraySlice<Int> {
    let n = nodes[node]
    return n.kind == .array ? elements[n.first..<(n.first + n.count)] : []
  }

  func member(_ key: String, of node: Int) -> Member? {
    members(of: node).first { $0.key == key }
  }

  /// The text of a number or the decoded text of a string.
  func text(_ node: Int) -> String {
    let n = nodes[node]
    if n.kind == .string {
      var i = n.start
      return string(&i) ?? ""
    }
    return String(decoding: bytes[n.start..<n.end], as: UTF8.self)
  }

  /// The value's size written compact: every byte outside strings that is not whitespace.
  func compactSize(_ node: Int) -> Int {
    let n = nodes[node]
    var size = 0
    var inString = false
    var i = n.start
    while i < n.end {
      let b = bytes[i]
      if inString {
        size += 1
        if b == UInt8(ascii: "\\") {
          size += 1
          i += 1
        } else if b == UInt8(ascii: "\"") {
          inString = false
        }
      } else if b == UInt8(ascii: "\"") {
        inString = true
        size += 1
      } else if b != 0x20 && b != 0x0A && b != 0x0D && b != 0x09 {
        size += 1
      }
      i += 1
    }
    return size
  }

  private func skipSpace(_ i: inout Int) {
    while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
  }

  private mutating func value(_ i: inout Int, depth: Int) -> Int? {
    skipSpace(&i)
    guard i < bytes.count, depth < Self.maxDepth else { return nil }
    let start = i
    switch bytes[i] {
    case UInt8(ascii: "{"):
      i += 1
      var found: [Member] = []
      skipSpace(&i)
      if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
        i += 1
      } else {
        while true {
          skipSpace(&i)
          let keyStart = i
          guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string(&i) else { return nil }
          skipSpace(&i)
          guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
          i += 1
          guard let v = value(&i, depth: depth + 1) else { return nil }
          found.append(Member(keyStart: keyStart, key: key, value: v))
          skipSpace(&i)
          guard i < bytes.count else { return nil }
          if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
          if bytes[i] == UInt8(ascii: "}") { i += 1; break }
          return nil
        }
      }
      nodes.append(Node(kind: .object, start: start, end: i, first: members.count, count: found.count))
      members.append(contentsOf: found)
    case UInt8(ascii: "["):
      i += 1
      var found: [Int] = []
      skipSpace(&i)
      if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
        i += 1
      } else {
        while true {
          guard let v = value(&i, depth: depth + 1) else { return nil }
          found.append(v)
          skipSpace(&i)
          guard i < bytes.count else { return nil }
          if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
          if bytes[i] == UInt8(ascii: "]") { i += 1; break }
          return nil
        }
      }
      nodes.append(Node(kind: .array, start: start, end: i, first: elements.count, count: found.count))
      elements.append(contentsOf: found)
    case UInt8(ascii: "\""):
      guard string(&i) != nil else { return nil }
      nodes.append(Node(kind: .string, start: start, end: i))
    case UInt8(ascii: "t"):
      guard literal("true", &i) else { return nil }
      nodes.append(Node(kind: .trueValue, start: start, end: i))
    case UInt8(ascii: "f"):
      guard literal("false", &i) else { return nil }
      nodes.append(Node(kind: .falseValue, start: start, end: i))
    case UInt8(ascii: "n"):
      guard literal("null", &i) else { return nil }
      nodes.append(Node(kind: .null, start: start, end: i))
    default:
      guard number(&i) else { return nil }
      nodes.append(Node(kind: .number, start: start, end: i))
    }
    return nodes.count - 1
  }

  private func literal(_ word: StaticString, _ i: inout Int) -> Bool {
    let n = word.utf8CodeUnitCount
    guard i + n <= bytes.count else { return false }
    for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
    i += n
    return true
  }

  private func number(_ i: inout Int) -> Bool {
    let start = i
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
    func digits(_ i: inout Int) -> Int {
      let s = i
      while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
      return i - s
    }
    guard digits(&i) > 0 else { return false }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard digits(&i) > 0 else { return false }
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      guard digits(&i) > 0 else { return false }
    }
    return i > start
  }

  /// Reads a string at `i` (its opening quote) and returns its text, escapes decoded.
  func string(_ i: inout Int) -> String? {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
    i += 1
    var out: [UInt8] = []
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "\"") {
        i += 1
        return String(decoding: out, as: UTF8.self)
      }
      if b < 0x20 { return nil }
      if b != UInt8(ascii: "\\") {
        out.append(b)
        i += 1
        continue
      }
      guard i + 1 < bytes.count else { return nil }
      let e = bytes[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        guard var unit = hex4(i) else { return nil }
        i += 4
        var scalar: Unicode.Scalar? = Unicode.Scalar(unit)
        if unit >= 0xD800 && unit < 0xDC00, i + 5 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
           let low = hex4(i + 2), low >= 0xDC00 && low < 0xE000 {
          unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          scalar = Unicode.Scalar(unit)
          i += 6
        }
        out.append(contentsOf: Array(String(scalar ?? "\u{FFFD}").utf8))
      default:
        return nil
      }
    }
    return nil
  }

  private func hex4(_ at: Int) -> UInt32? {
    guard at + 4 <= bytes.count else { return nil }
    var v: UInt32 = 0
    for k in 0..<4 {
      let c = bytes[at + k]
      let d: UInt32
      switch c {
      case 0x30...0x39: d = UInt32(c - 0x30)
      case 0x41...0x46: d = UInt32(c - 0x41 + 10)
      case 0x61...0x66: d = UInt32(c - 0x61 + 10)
      default: return nil
      }
      v = v << 4 | d
    }
    return v
  }

  /// 1-based line and column (Unicode scalars) of a byte offset.
  func position(_ offset: Int) -> (line: Int, column: Int) {
    let position = LineIndex.position(of: min(offset, bytes.count), in: bytes)
    return (position.line, position.column)
  }
}
