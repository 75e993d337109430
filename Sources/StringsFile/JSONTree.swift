import Foundation
import LintVocabulary

/// A JSON value as String Catalogs need it: objects are dictionaries, numbers are only told
/// apart from other values.
///
/// `JSONSerialization` on Linux took 1.1 s and a gigabyte for a 10 MB catalog (60,000 keys in
/// two languages), and `JSONDecoder` 0.7 s; this reader is a single pass over the bytes, RFC 8259
/// strict, nesting bounded by `JSONTree.maxDepth`.
indirect enum JSONNode {
  case string(String)
  /// A number; its value when it is an integer of at most 9 digits (an `argNum`), else nil.
  case number(Int?)
  case bool(Bool)
  case null
  /// Members in document order (catalog objects are small but one, `strings`, which is only
  /// iterated: a list costs no hashing; a repeated key's last value wins on lookup).
  case object([JSONMember])
  case array([JSONNode])

  /// The value of `key` when this is an object.
  subscript(key: String) -> JSONNode? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// The member `key` (its last, as the subscript) when this is an object: its value with where
  /// it stands.
  func member(_ key: String) -> JSONMember? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }
  }

  /// The members when this is an object.
  var members: [JSONMember]? {
    if case .object(let members) = self { return members }
    return nil
  }

  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  var integer: Int? {
    if case .number(let n) = self { return n }
    return nil
  }
}

/// One member of a JSON object, with the byte offsets of its key's opening quote and of its
/// value's first byte (where findings about a catalog's keys and values point).
struct JSONMember {
  var key: String
  var value: JSONNode
  var keyOffset: Int
  var valueOffset: Int
}

/// Reads JSON text into a `JSONNode`.
enum JSONTree {
  /// The deepest nesting read; a catalog needs 8.
  static let maxDepth = 128

  /// Why a text is not JSON, and where (line and column count Unicode scalars, 1-based).
  struct Failure: Error {
    var message: String
    var offset: Int
  }

  /// Parses `bytes` (UTF-8, an optional BOM is skipped).
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<JSONNode, Failure> {
    var reader = Reader(bytes: bytes)
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { reader.i = 3 }
    do {
      let value = try reader.value(depth: 0)
      reader.skipSpace()
      if reader.i < bytes.count { throw Failure(message: "unexpected \(reader.describe()) after the JSON value", offset: reader.i) }
      return .success(value)
    } catch let failure as Failure {
      return .failure(failure)
    } catch {
      return .failure(Failure(message: "\(error)", offset: reader.i))
    }
  }

  /// `line:column` of a byte offset in `bytes`.
  static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
    let p = LineIndex.position(of: min(offset, bytes.count), in: bytes)
    return (p.line, p.column)
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    mutating func skipSpace() {
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func describe() -> String {
      guard i < bytes.count else { return "end of the file" }
      let b = bytes[i]
      return b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    mutating func value(depth: Int) throws -> JSONNode {
      skipSpace()
      guard i < bytes.count else { throw Failure(message: "unexpected end of the file; expected a value", offset: i) }
      switch bytes[i] {
      case 0x7B: return try object(depth: depth + 1)
      case 0x5B: return try array(depth: depth + 1)
      case 0x22: return .string(try string())
      case 0x74: try literal("true"); return .bool(true)
      case 0x66: try literal("false"); return .bool(false)
      case 0x6E: try literal("null"); return .null
      case 0x2D, 0x30...0x39: return .number(try number())
      default: throw Failure(message: "unexpected \(describe()); expected a value", offset: i)
      }
    }

    mutating func object(depth: Int) throws -> JSONNode {
      guard depth <= JSONTree.maxDepth else { throw Failure(message: "nesting deeper than \(JSONTree.maxDepth) levels", offset: i) }
      i += 1
      var members: [JSONMember] = []
      skipSpace()
      if i < bytes.count && bytes[i] == 0x7D { i += 1; return .object(members) }
      while true {
        skipSpace()
        guard i < bytes.count, bytes[i] == 0x22 else { throw Failure(message: "unexpected \(describe()); expected a key", offset: i) }
        let keyOffset = i
        let key = try string()
        skipSpace()
        guard i < bytes.count, bytes[i] == 0x3A else { throw Failure(message: "unexpected \(describe()); expected ':' after a key", offset: i) }
        i += 1
        skipSpace()
        let valueOffset = i
        members.append(JSONMember(key: key, value: try value(depth: depth), keyOffset: keyOffset, valueOffset: valueOffset))
        skipSpace()
        guard i < bytes.count else { throw Failure(message: "unexpected end of the file; expected ',' or '}'", offset: i) }
        if bytes[i] == 0x2C { i += 1; continue }
        if bytes[i] == 0x7D { i += 1; return .object(members) }
        throw Failure(message: "unexpected \(describe()); expected ',' or '}'", offset: i)
      }
    }

    mutating func array(depth: Int) throws -> JSONNode {
      guard depth <= JSONTree.maxDepth else { throw Failure(message: "nesting deeper than \(JSONTree.maxDepth) levels", offset: i) }
      i += 1
      var items: [JSONNode] = []
      skipSpace()
      if i < bytes.count && bytes[i] == 0x5D { i += 1; return .array(items) }
      while true {
        items.append(try value(depth: depth))
        skipSpace()
        guard i < bytes.count else { throw Failure(message: "unexpected end of the file; expected ',' or ']'", offset: i) }
        if bytes[i] == 0x2C { i += 1; continue }
        if bytes[i] == 0x5D { i += 1; return .array(items) }
        throw Failure(message: "unexpected \(describe()); expected ',' or ']'", offset: i)
      }
    }

    mutating func literal(_ word: StaticString) throws {
      let n = word.utf8CodeUnitCount
      guard i + n <= bytes.count, memcmp(bytes.baseAddress! + i, word.utf8Start, n) == 0 else {
        throw Failure(message: "unexpected \(describe()); expected a value", offset: i)
      }
      i += n
    }

    mutating func number() throws -> Int? {
      let start = i
      if bytes[i] == 0x2D { i += 1 }
      func digits() -> Int {
        let s = i
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
        return i - s
      }
      guard i < bytes.count else { throw Failure(message: "unexpected end of the file in a number", offset: i) }
      if bytes[i] == 0x30 { i += 1 } else if digits() == 0 { throw Failure(message: "unexpected \(describe()) in a number", offset: i) }
      if i < bytes.count && bytes[i] == 0x2E {
        i += 1
        guard digits() > 0 else { throw Failure(message: "unexpected \(describe()); expected a digit", offset: i) }
      }
      if i < bytes.count && (bytes[i] == 0x65 || bytes[i] == 0x45) {
        i += 1
        if i < bytes.count && (bytes[i] == 0x2B || bytes[i] == 0x2D) { i += 1 }
        guard digits() > 0 else { throw Failure(message: "unexpected \(describe()); expected a digit", offset: i) }
      }
      // An integer of at most 9 digits (no sign, fraction or exponent) keeps its value.
      guard i - start <= 9, bytes[start..<i].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      return bytes[start..<i].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// A string at `i` (its opening quote); strict about control characters, escapes and UTF-8.
    mutating func string() throws -> String {
      let start = i
      i += 1
      let runStart = i
      // The common case: no escape, copied once.
      while i < bytes.count {
        let b = bytes[i]
        if b == 0x22 {
          let run = UnsafeBufferPointer(rebasing: bytes[runStart..<i])
          i += 1
          guard let text = String(validating: run, as: UTF8.self) else {
            throw Failure(message: "a string that is not valid UTF-8", offset: start)
          }
          return text
        }
        if b == 0x5C { break }
        if b < 0x20 { throw Failure(message: "a control character (byte 0x\(String(b, radix: 16, uppercase: true))) in a string", offset: i) }
        i += 1
      }
      var out: [UInt8] = Array(bytes[runStart..<i])
      while i < bytes.count {
        let b = bytes[i]
        if b == 0x22 {
          i += 1
          guard let text = String(validating: out, as: UTF8.self) else {
            throw Failure(message: "a string that is not valid UTF-8", offset: start)
          }
          return text
        }
        if b < 0x20 { throw Failure(message: "a control character (byte 0x\(String(b, radix: 16, uppercase: true))) in a string", offset: i) }
        if b != 0x5C { out.append(b); i += 1; continue }
        guard i + 1 < bytes.count else { break }
        let e = bytes[i + 1]
        i += 2
        switch e {
        case 0x22, 0x5C, 0x2F: out.append(e)
        case 0x62: out.append(0x08)
        case 0x66: out.append(0x0C)
        case 0x6E: out.append(0x0A)
        case 0x72: out.append(0x0D)
        case 0x74: out.append(0x09)
        case 0x75:
          var u = try hex4()
          if (0xD800...0xDBFF).contains(u), i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 {
            let save = i
            i += 2
            let low = try hex4()
            if (0xDC00...0xDFFF).contains(low) { u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00) } else { i = save }
          }
          let scalar = Unicode.Scalar(u) ?? "\u{FFFD}"
          out.append(contentsOf: String(Character(scalar)).utf8)
        default:
          throw Failure(message: "an unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string", offset: i - 2)
        }
      }
      throw Failure(message: "unexpected end of the file in a string", offset: i)
    }

    mutating func hex4() throws -> UInt32 {
      guard i + 4 <= bytes.count else { throw Failure(message: "unexpected end of the file in a \\u escape", offset: i) }
      var u: UInt32 = 0
      for _ in 0..<4 {
        let c = bytes[i]
        let d: UInt32
        switch c {
        case 0x30...0x39: d = UInt32(c - 0x30)
        case 0x41...0x46: d = UInt32(c - 0x41 + 10)
        case 0x61...0x66: d = UInt32(c - 0x61 + 10)
        default: throw Failure(message: "unexpected \(describe()) in a \\u escape", offset: i)
        }
        u = u << 4 | d
        i += 1
      }
      return u
    }
  }
}
