import Foundation
import PayloadSchema

// A JSON value as a JSON-RPC message carries it: what `apns-lint lsp` and `apns-lint mcp` read
// from their client and write back. Integers stay integers (an `id` of 7 goes back as 7), and an
// object's members are written in key order, so the same answer is always the same bytes.

extension JSONValue {
  /// The value of a JSON text (UTF-8), its objects' members in key order; nil when it is not JSON
  /// (RFC 8259), including text nested deeper than Foundation's reader takes (512).
  package static func parse(_ bytes: [UInt8]) -> JSONValue? {
    try? JSONDecoder().decode(Decoded.self, from: Data(bytes)).value
  }

  /// An object of a dictionary's members, in key order.
  package static func object(_ members: [String: JSONValue]) -> JSONValue {
    .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  /// The value as compact JSON text (UTF-8) on one line, every object's members in key order (a
  /// repeated name's last value only): a message on the wire.
  package var compactBytes: [UInt8] {
    var out: [UInt8] = []
    writeCompact(to: &out)
    return out
  }

  /// The value as compact JSON text on one line (``compactBytes``).
  package var compact: String { String(decoding: compactBytes, as: UTF8.self) }

  /// The value with every object's members in key order (a repeated name's last value only), as
  /// the wire has them: pretty-printed with ``text``, an answer reads as its message does.
  package var inKeyOrder: JSONValue {
    switch self {
    case .array(let items): .array(items.map(\.inKeyOrder))
    case .object(let members): .object(Self.byName(members).map { ($0.0, $0.1.inKeyOrder) })
    default: self
    }
  }

  private func writeCompact(to out: inout [UInt8]) {
    switch self {
    case .null: out += Array("null".utf8)
    case .bool(let value): out += Array((value ? "true" : "false").utf8)
    case .int(let value): out += Array(String(value).utf8)
    case .number(let value): out += Array(Self.numberText(value).utf8)
    case .string(let value): JSONText.write(value, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        item.writeCompact(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (i, (key, value)) in Self.byName(members).enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        JSONText.write(key, to: &out)
        out.append(UInt8(ascii: ":"))
        value.writeCompact(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// An object's members in key order, a repeated name's last value only.
  private static func byName(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
    Dictionary(members, uniquingKeysWith: { _, last in last }).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// A member of an object (a repeated name's last value); nil for a missing member or a value
  /// that is not an object.
  package subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members.last { $0.0 == key }?.1 }
    return nil
  }

  /// An element of an array; nil past its end or for a value that is not an array.
  package subscript(index: Int) -> JSONValue? {
    if case .array(let items) = self, items.indices.contains(index) { return items[index] }
    return nil
  }

  /// The string, or nil.
  package var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer (a number with no fraction, below 10^15, counts), or nil.
  package var int: Int? {
    switch self {
    case .int(let value): return value
    case .number(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
    default: return nil
    }
  }

  /// The boolean, or nil.
  package var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, or nil.
  package var array: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members by name (a repeated name's last value), or nil.
  package var object: [String: JSONValue]? {
    if case .object(let members) = self { return Dictionary(members, uniquingKeysWith: { _, last in last }) }
    return nil
  }

  /// What `JSONDecoder` reads a value as: an integer as `int` (`JSONDecoder` reads `true` only as
  /// a Bool and `1.5` only as a Double, so the order of the tries decides nothing else).
  private struct Decoded: Decodable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() { value = .null; return }
      if let v = try? container.decode(Bool.self) { value = .bool(v); return }
      if let v = try? container.decode(Int.self) { value = .int(v); return }
      if let v = try? container.decode(Double.self) { value = .number(v); return }
      if let v = try? container.decode(String.self) { value = .string(v); return }
      if let v = try? container.decode([Decoded].self) { value = .array(v.map(\.value)); return }
      value = .object(try container.decode([String: Decoded].self).mapValues(\.value))
    }
  }
}
