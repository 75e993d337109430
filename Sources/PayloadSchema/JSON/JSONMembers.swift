/// The members of one JSON object, read by ``JSONReader`` (the package's one JSON tokenizer): each
/// member's name with its escapes decoded, what its value is, where the value stands in the bytes
/// as written, and a string value decoded. For callers that need a small document's top-level
/// shape and no tree: a batch line of `send --batch` (its payload kept as the bytes written), a
/// channel create body, a subscription.
///
/// ```swift
/// let members = try JSONMembers.read(Array(#"{"token": "0a1b", "payload": {"aps": {}}}"#.utf8)).get()
/// members[1].range   // the payload's bytes: 28..<39
/// ```
public enum JSONMembers {
  /// One member of the object.
  public struct Member: Sendable, Hashable {
    /// The name, escapes decoded.
    public var name: String
    /// What the value is.
    public var kind: Kind
    /// The value's bytes as written (a string with its quotes).
    public var range: Range<Int>
    /// A string value, escapes decoded (nil for other kinds).
    public var string: String?
  }

  /// What a member's value is.
  public enum Kind: Sendable, Hashable {
    /// A string (``Member/string`` holds it decoded), a number, `true` or `false`, `null`, an
    /// object or an array (``Member/range`` holds its bytes).
    case string, number, bool, null, object, array
  }

  /// Why the bytes are not one JSON object: the byte offset and what is wrong.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem in the document.
    public var offset: Int
    /// What is wrong, in words.
    public var message: String
    public var description: String { "\(offset): \(message)" }

    public init(offset: Int, message: String) {
      self.offset = offset
      self.message = message
    }
  }

  /// The members of the object `bytes` holds, in order (a repeated name appears each time), or
  /// the first problem: bytes that are not JSON, an invalid UTF-8 sequence or a lone surrogate
  /// escape, nesting past `maxDepth`, a document that is not an object.
  public static func read(_ bytes: [UInt8], maxDepth: Int = 64) -> Result<[Member], Problem> {
    var reader = JSONReader(maxDepth: maxDepth)
    var collector = Collector(bytes: bytes)
    bytes.withUnsafeBufferPointer { reader.read($0, isFinal: true, handler: &collector) }
    if let problem = collector.problem { return .failure(problem) }
    guard collector.rootIsObject else { return .failure(Problem(offset: 0, message: "not a JSON object")) }
    return .success(collector.members)
  }

  /// The strings of a JSON array of strings (`["a", "b"]`: a member's bytes, ``Member/range``),
  /// escapes decoded; nil when the bytes are not JSON or not an array of strings only.
  public static func strings(inArray bytes: [UInt8]) -> [String]? {
    var reader = JSONReader(maxDepth: 2)
    var collector = StringArray()
    bytes.withUnsafeBufferPointer { reader.read($0, isFinal: true, handler: &collector) }
    return collector.failed || !collector.rootIsArray ? nil : collector.strings
  }

  /// Records an array's string elements; anything else fails it.
  private struct StringArray: JSONEventHandler {
    var strings: [String] = []
    var failed = false
    var rootIsArray = false
    var depth = 0

    mutating func arrayStart(at offset: Int) {
      if depth == 0 { rootIsArray = true } else { failed = true }
      depth += 1
    }
    mutating func arrayEnd(at offset: Int) { depth -= 1 }
    mutating func objectStart(at offset: Int) { failed = true; depth += 1 }
    mutating func objectEnd(at offset: Int) { depth -= 1 }
    mutating func key(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, inflation: Int, compactOffset: Int) {}
    mutating func valueEnd(compactOffset: Int) {}
    mutating func stringStart(at offset: Int) -> Bool {
      if depth != 1 { failed = true }
      return depth == 1
    }
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?, at offset: Int, inflation: Int) {
      if let bytes { strings.append(String(decoding: bytes, as: UTF8.self)) }
    }
    mutating func number(_ number: JSONNumber, at offset: Int) { failed = true }
    mutating func bool(_ value: Bool, at offset: Int) { failed = true }
    mutating func null(at offset: Int) { failed = true }
    mutating func problem(_ problem: JSONProblem, at offset: Int) {
      if case .byteOrderMark = problem { return }
      failed = true
    }
  }

  /// Records the root object's members as the reader's events arrive.
  private struct Collector: JSONEventHandler {
    let bytes: [UInt8]
    var members: [Member] = []
    var problem: Problem?
    var rootIsObject = false
    /// How many containers are open (the root object is 1).
    var depth = 0
    var name: String?
    /// Where the member value being read starts, and its kind.
    var valueStart = -1
    var valueKind = Kind.null
    var valueString: String?
    /// A scalar member value whose end is known only at the next `,` or `}`.
    var scalarOpen = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func objectStart(at offset: Int) {
      if depth == 0 { rootIsObject = true } else if depth == 1 { begin(.object, at: offset) }
      depth += 1
    }

    mutating func objectEnd(at offset: Int) {
      depth -= 1
      if depth == 1 { end(at: offset + 1) } else if depth == 0 { closeScalar(before: offset) }
    }

    mutating func arrayStart(at offset: Int) {
      if depth == 1 { begin(.array, at: offset) }
      depth += 1
    }

    mutating func arrayEnd(at offset: Int) {
      depth -= 1
      if depth == 1 { end(at: offset + 1) }
    }

    mutating func key(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, inflation: Int, compactOffset: Int) {
      guard depth == 1 else { return }
      closeScalar(before: offset)
      name = String(decoding: bytes, as: UTF8.self)
    }

    mutating func valueEnd(compactOffset: Int) {}

    mutating func stringStart(at offset: Int) -> Bool {
      guard depth == 1 else { return false }
      begin(.string, at: offset)
      scalarOpen = true
      return true
    }

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?, at offset: Int, inflation: Int) {
      if depth == 1, let bytes { valueString = String(decoding: bytes, as: UTF8.self) }
    }

    mutating func number(_ number: JSONNumber, at offset: Int) { scalar(.number, at: offset) }
    mutating func bool(_ value: Bool, at offset: Int) { scalar(.bool, at: offset) }
    mutating func null(at offset: Int) { scalar(.null, at: offset) }

    mutating func problem(_ problem: JSONProblem, at offset: Int) {
      guard self.problem == nil else { return }
      let message: String
      switch problem {
      case .syntax(let text): message = text
      case .invalidUTF8: message = "bytes that are not UTF-8"
      case .loneSurrogate: message = "a \\u escape of half a surrogate pair"
      case .byteOrderMark: return  // a BOM before the object is read past, as everywhere
      case .tooDeep(let limit): message = "nested deeper than \(limit)"
      }
      self.problem = Problem(offset: offset, message: message)
    }

    private mutating func scalar(_ kind: Kind, at offset: Int) {
      guard depth == 1 else { return }
      begin(kind, at: offset)
      scalarOpen = true
    }

    private mutating func begin(_ kind: Kind, at offset: Int) {
      valueStart = offset
      valueKind = kind
      valueString = nil
    }

    /// A container member's value ended just before `offset`.
    private mutating func end(at offset: Int) {
      guard let name, valueStart >= 0 else { return }
      members.append(Member(name: name, kind: valueKind, range: valueStart..<offset, string: nil))
      self.name = nil
      valueStart = -1
    }

    /// A scalar member's value ends before the `,` (and blanks) that precede `offset`.
    private mutating func closeScalar(before offset: Int) {
      guard scalarOpen, let name, valueStart >= 0 else { return }
      var end = min(offset, bytes.count)
      func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
      while end > valueStart, blank(bytes[end - 1]) { end -= 1 }
      if end > valueStart, bytes[end - 1] == 0x2C { end -= 1 }  // ,
      while end > valueStart, blank(bytes[end - 1]) { end -= 1 }
      members.append(Member(name: name, kind: valueKind, range: valueStart..<end, string: valueKind == .string ? valueString : nil))
      self.name = nil
      valueStart = -1
      scalarOpen = false
    }
  }
}

extension Array where Element == JSONMembers.Member {
  /// The member named `name`; of repeated names the last, as Foundation's reader keeps it.
  public func named(_ name: String) -> JSONMembers.Member? { last { $0.name == name } }
}

extension JSONMembers.Member {
  /// A number that is a whole number in `bytes` (the document the member was read from), as
  /// written (`1700000000123`); nil for another kind, a fraction or an exponent.
  public func integer(in bytes: [UInt8]) -> Int64? {
    guard kind == .number else { return nil }
    return Int64(String(decoding: bytes[range], as: UTF8.self))
  }
}
