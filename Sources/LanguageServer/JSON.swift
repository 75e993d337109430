import Foundation
import PayloadSchema

/// A JSON value as a JSON-RPC message carries it: what the server reads from the client and
/// writes back. Integers stay integers (an `id` of 7 goes back as 7), and an object's members are
/// written in key order, so the same answer is always the same bytes.
indirect enum JSON: Sendable, Hashable, Codable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .int(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(arrayLiteral elements: JSON...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { self = .null; return }
    // JSONDecoder reads `true` only as a Bool and `1.5` only as a Double: the order decides nothing else.
    if let value = try? container.decode(Bool.self) { self = .bool(value); return }
    if let value = try? container.decode(Int.self) { self = .int(value); return }
    if let value = try? container.decode(Double.self) { self = .double(value); return }
    if let value = try? container.decode(String.self) { self = .string(value); return }
    if let value = try? container.decode([JSON].self) { self = .array(value); return }
    self = .object(try container.decode([String: JSON].self))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value.isFinite ? value : 0)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The value of a JSON text (UTF-8); nil when it is not JSON (RFC 8259), including text nested
  /// deeper than Foundation's reader takes.
  static func parse(_ bytes: [UInt8]) -> JSON? {
    try? JSONDecoder().decode(JSON.self, from: Data(bytes))
  }

  /// The value as compact JSON text (UTF-8), members in key order.
  var bytes: [UInt8] {
    var out: [UInt8] = []
    write(to: &out)
    return out
  }

  /// The value as compact JSON text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  private func write(to out: inout [UInt8]) {
    switch self {
    case .null: out += Array("null".utf8)
    case .bool(let value): out += Array((value ? "true" : "false").utf8)
    case .int(let value): out += Array(String(value).utf8)
    case .double(let value): out += Array((value.isFinite ? "\(value)" : "0").utf8)
    case .string(let value): JSONText.write(value, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        item.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (i, key) in members.keys.sorted().enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        JSONText.write(key, to: &out)
        out.append(UInt8(ascii: ":"))
        members[key]!.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// A member of an object; nil for a missing member or a value that is not an object.
  subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string, or nil.
  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer (a double with no fraction counts), or nil.
  var int: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
    default: return nil
    }
  }

  /// The boolean, or nil.
  var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, or nil.
  var array: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, or nil.
  var object: [String: JSON]? {
    if case .object(let value) = self { return value }
    return nil
  }
}
