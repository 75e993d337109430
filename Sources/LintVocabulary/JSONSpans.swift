/// A JSON text's structure as byte spans, for fixes (payloads, String Catalogs): each value's span,
/// each member's key span and decoded key. Read once, only when a fix is computed (never on a
/// check's path); nil for text that is not RFC 8259 JSON or nests deeper than `maxDepth`, so a
/// file whose syntax makes an edit uncertain is never edited.
///
/// ```swift
/// let spans = JSONSpans(Array(#"{"aps": {"badge": "3"}}"#.utf8))!
/// spans.find(offset: 18)?.member?.key          // "badge" (the value "3" starts at 18)
/// ```
public struct JSONSpans: Sendable {
  /// The kinds of JSON value.
  public enum Kind: Sendable, Hashable { case object, array, string, number, literal }

  /// One value: its kind, span and, for an object or array, its members or elements.
  public struct Value: Sendable {
    /// What it is.
    public var kind: Kind
    /// Its first byte.
    public var start: Int
    /// The byte after its last.
    public var end: Int
    /// An object's members, in order.
    public var members: [Member] = []
    /// An array's elements, in order.
    public var elements: [Value] = []
    /// A string's decoded text.
    public var string: String?
  }

  /// One member of an object.
  public struct Member: Sendable {
    /// The decoded key.
    public var key: String
    /// The key's opening quote.
    public var keyStart: Int
    /// The byte after the key's closing quote.
    public var keyEnd: Int
    /// The value.
    public var value: Value
  }

  /// Where a finding's offset stands: the value (or member) there and the chain of containers.
  public struct Location: Sendable {
    /// The containers from the root down to the one holding the located value.
    public var containers: [Value]
    /// The member whose key or value starts at the offset, when the parent is an object.
    public var member: Member?
    /// Its index in the parent object's members, or the element's index in the parent array.
    public var index: Int
    /// The located value.
    public var value: Value
    /// The object or array holding it.
    public var parent: Value? { containers.last }
  }

  /// The text read.
  public let text: [UInt8]
  /// The top-level value.
  public let root: Value

  /// Reads `text`; nil when it is not one JSON value (a UTF-8 byte order mark before it is skipped).
  public init?(_ text: [UInt8], maxDepth: Int = 64) {
    var reader = Reader(text: text, maxDepth: maxDepth)
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
    reader.skipSpace()
    guard let root = reader.value(depth: 0) else { return nil }
    reader.skipSpace()
    guard reader.i == text.count else { return nil }
    self.text = text
    self.root = root
  }

  /// The member or element whose key or value starts at `offset`, the innermost one.
  public func find(offset: Int) -> Location? { find(offset, in: root, containers: []) }

  private func find(_ offset: Int, in value: Value, containers: [Value]) -> Location? {
    let path = containers + [value]
    if value.kind == .object {
      for (index, member) in value.members.enumerated() where member.keyStart <= offset && offset < member.value.end {
        if offset >= member.value.start, let deeper = find(offset, in: member.value, containers: path) { return deeper }
        guard member.keyStart == offset || member.value.start == offset else { return nil }
        return Location(containers: path, member: member, index: index, value: member.value)
      }
    } else if value.kind == .array {
      for (index, element) in value.elements.enumerated() where element.start <= offset && offset < element.end {
        if let deeper = find(offset, in: element, containers: path) { return deeper }
        guard element.start == offset else { return nil }
        return Location(containers: path, member: nil, index: index, value: element)
      }
    }
    return nil
  }

  /// The value at a path of keys from the root (`["aps", "alert"]`), the first member of each name.
  public func value(at keys: [String]) -> Value? {
    var current = root
    for key in keys {
      guard let member = current.members.first(where: { $0.key == key }) else { return nil }
      current = member.value
    }
    return current
  }

  /// The text of a span.
  public func source(_ start: Int, _ end: Int) -> String {
    String(decoding: text[start..<end], as: UTF8.self)
  }

  /// The text of a value as written.
  public func source(of value: Value) -> String { source(value.start, value.end) }

  /// The text of a member as written, key to value.
  public func source(of member: Member) -> String { source(member.keyStart, member.value.end) }

  /// The edit that removes member `index` of `object` with its comma and the space up to the next
  /// key (or, for the last member, from the end of the previous value), so the lines around it
  /// keep their indentation; the only member leaves `{}`.
  public func removal(ofMember index: Int, in object: Value) -> TextEdit {
    let members = object.members
    if members.count == 1 { return TextEdit(start: object.start + 1, end: object.end - 1, replacement: "") }
    if index + 1 < members.count {
      return TextEdit(start: members[index].keyStart, end: members[index + 1].keyStart, replacement: "")
    }
    return TextEdit(start: members[index - 1].value.end, end: members[index].value.end, replacement: "")
  }

  /// The edits that remove the members at `indices` of `object` (not all of them): each run of
  /// neighbouring members goes with its commas and the space up to the next key kept, or, at the
  /// end, from the end of the value before it; so the members kept keep their lines.
  public func removal(ofMembers indices: Set<Int>, in object: Value) -> [TextEdit] {
    let members = object.members
    var edits: [TextEdit] = []
    var i = 0
    while i < members.count {
      guard indices.contains(i) else { i += 1; continue }
      var k = i
      while k + 1 < members.count, indices.contains(k + 1) { k += 1 }
      if k + 1 < members.count {
        edits.append(TextEdit(start: members[i].keyStart, end: members[k + 1].keyStart, replacement: ""))
      } else if i > 0 {
        edits.append(TextEdit(start: members[i - 1].value.end, end: members[k].value.end, replacement: ""))
      } else {
        edits.append(TextEdit(start: object.start + 1, end: object.end - 1, replacement: ""))
      }
      i = k + 1
    }
    return edits
  }

  private struct Reader {
    let text: [UInt8]
    let maxDepth: Int
    var i = 0

    init(text: [UInt8], maxDepth: Int) {
      self.text = text
      self.maxDepth = maxDepth
    }

    mutating func skipSpace() {
      while i < text.count, text[i] == 0x20 || text[i] == 0x0A || text[i] == 0x0D || text[i] == 0x09 { i += 1 }
    }

    mutating func value(depth: Int) -> Value? {
      guard i < text.count, depth <= maxDepth else { return nil }
      let start = i
      switch text[i] {
      case UInt8(ascii: "{"): return object(depth: depth)
      case UInt8(ascii: "["): return array(depth: depth)
      case UInt8(ascii: "\""):
        guard let s = string() else { return nil }
        return Value(kind: .string, start: start, end: i, string: s)
      case UInt8(ascii: "t"): return literal("true", start)
      case UInt8(ascii: "f"): return literal("false", start)
      case UInt8(ascii: "n"): return literal("null", start)
      default: return number(start)
      }
    }

    mutating func literal(_ word: StaticString, _ start: Int) -> Value? {
      let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
      guard text.count - i >= bytes.count, text[i..<i + bytes.count].elementsEqual(bytes) else { return nil }
      i += bytes.count
      return Value(kind: .literal, start: start, end: i)
    }

    mutating func number(_ start: Int) -> Value? {
      func digits() -> Int {
        let from = i
        while i < text.count, text[i] >= 0x30, text[i] <= 0x39 { i += 1 }
        return i - from
      }
      if i < text.count, text[i] == UInt8(ascii: "-") { i += 1 }
      guard i < text.count else { return nil }
      if text[i] == 0x30 { i += 1 } else if digits() == 0 { return nil }
      if i < text.count, text[i] == UInt8(ascii: ".") {
        i += 1
        guard digits() > 0 else { return nil }
      }
      if i < text.count, text[i] | 0x20 == UInt8(ascii: "e") {
        i += 1
        if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { return nil }
      }
      return Value(kind: .number, start: start, end: i)
    }

    mutating func object(depth: Int) -> Value? {
      var result = Value(kind: .object, start: i, end: i)
      i += 1
      skipSpace()
      if i < text.count, text[i] == UInt8(ascii: "}") {
        i += 1
        result.end = i
        return result
      }
      while true {
        skipSpace()
        let keyStart = i
        guard i < text.count, text[i] == UInt8(ascii: "\""), let key = string() else { return nil }
        let keyEnd = i
        skipSpace()
        guard i < text.count, text[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        skipSpace()
        guard let v = value(depth: depth + 1) else { return nil }
        result.members.append(Member(key: key, keyStart: keyStart, keyEnd: keyEnd, value: v))
        skipSpace()
        guard i < text.count else { return nil }
        if text[i] == UInt8(ascii: ",") { i += 1; continue }
        guard text[i] == UInt8(ascii: "}") else { return nil }
        i += 1
        result.end = i
        return result
      }
    }

    mutating func array(depth: Int) -> Value? {
      var result = Value(kind: .array, start: i, end: i)
      i += 1
      skipSpace()
      if i < text.count, text[i] == UInt8(ascii: "]") {
        i += 1
        result.end = i
        return result
      }
      while true {
        skipSpace()
        guard let v = value(depth: depth + 1) else { return nil }
        result.elements.append(v)
        skipSpace()
        guard i < text.count else { return nil }
        if text[i] == UInt8(ascii: ",") { i += 1; continue }
        guard text[i] == UInt8(ascii: "]") else { return nil }
        i += 1
        result.end = i
        return result
      }
    }

    /// A string at `i` (its opening quote), decoded; nil for a control character, a bad escape,
    /// a lone surrogate escape or invalid UTF-8 (a fix near it would not be certain).
    mutating func string() -> String? {
      i += 1
      var scalars = String.UnicodeScalarView()
      var runStart = i
      func flush(_ end: Int) -> Bool {
        guard runStart < end else { return true }
        var decoder = UTF8()
        var iterator = text[runStart..<end].makeIterator()
        while true {
          switch decoder.decode(&iterator) {
          case .scalarValue(let s): scalars.append(s)
          case .emptyInput: return true
          case .error: return false
          }
        }
      }
      while i < text.count {
        let b = text[i]
        if b == UInt8(ascii: "\"") {
          guard flush(i) else { return nil }
          i += 1
          return String(scalars)
        }
        if b < 0x20 { return nil }
        if b == UInt8(ascii: "\\") {
          guard flush(i), i + 1 < text.count else { return nil }
          let e = text[i + 1]
          i += 2
          switch e {
          case UInt8(ascii: "\""): scalars.append("\"")
          case UInt8(ascii: "\\"): scalars.append("\\")
          case UInt8(ascii: "/"): scalars.append("/")
          case UInt8(ascii: "b"): scalars.append("\u{08}")
          case UInt8(ascii: "f"): scalars.append("\u{0C}")
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "u"):
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
              guard i + 1 < text.count, text[i] == UInt8(ascii: "\\"), text[i + 1] == UInt8(ascii: "u") else { return nil }
              i += 2
              guard let low = hex4(), (0xDC00..<0xE000).contains(low),
                    let s = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else { return nil }
              scalars.append(s)
            } else {
              guard let s = Unicode.Scalar(high) else { return nil }
              scalars.append(s)
            }
          default: return nil
          }
          runStart = i
          continue
        }
        i += 1
      }
      return nil
    }

    mutating func hex4() -> UInt32? {
      guard text.count - i >= 4 else { return nil }
      var v: UInt32 = 0
      for _ in 0..<4 {
        let c = text[i]
        let d: UInt8
        switch c {
        case 0x30...0x39: d = c - 0x30
        case 0x41...0x46: d = c - 0x37
        case 0x61...0x66: d = c - 0x57
        default: return nil
        }
        v = v << 4 | UInt32(d)
        i += 1
      }
      return v
    }
  }
}
