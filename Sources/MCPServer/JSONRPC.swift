import APNsLint
import Foundation

/// A JSON value as a JSON-RPC message carries it: what the server reads from the client and
/// what it writes back. Integers stay integers (an `id` of 7 goes back as 7), and an object's
/// members are written in key order, so the same answer is always the same bytes.
indirect enum JSONRPCValue: Sendable, Hashable, Codable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONRPCValue])
  case object([String: JSONRPCValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { self = .null; return }
    // JSONDecoder reads `true` only as a Bool and `1.5` only as a Double, so the order decides nothing else.
    if let value = try? container.decode(Bool.self) { self = .bool(value); return }
    if let value = try? container.decode(Int.self) { self = .int(value); return }
    if let value = try? container.decode(Double.self) { self = .double(value); return }
    if let value = try? container.decode(String.self) { self = .string(value); return }
    if let value = try? container.decode([JSONRPCValue].self) { self = .array(value); return }
    self = .object(try container.decode([String: JSONRPCValue].self))
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

  /// The value of a JSON text (UTF-8), nil when it is not JSON (RFC 8259; nesting deeper than
  /// Foundation's reader takes, 512, is not JSON here either).
  static func parse(_ bytes: [UInt8]) -> JSONRPCValue? {
    try? JSONDecoder().decode(JSONRPCValue.self, from: Data(bytes))
  }

  /// The value on one line: what a message on the wire is.
  var compact: String { encoded([.sortedKeys, .withoutEscapingSlashes]) }

  /// The value pretty-printed as the reporters print JSON (APNsLint's `JSONValue`), members in
  /// key order: the text of a tool's own answer.
  var pretty: String { reported.text }

  private var reported: JSONValue {
    switch self {
    case .null: .null
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .double(let value): .number(value)
    case .string(let value): .string(value)
    case .array(let items): .array(items.map(\.reported))
    case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.reported) })
    }
  }

  private func encoded(_ formatting: JSONEncoder.OutputFormatting) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = formatting
    // Every case encodes (a non-finite number is written as 0): nothing here can fail.
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }

  /// A member of an object; nil for a missing member or a value that is not an object.
  subscript(key: String) -> JSONRPCValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The text of a string value.
  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The members of an object value.
  var object: [String: JSONRPCValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// A string, or null when absent.
  static func optional(_ text: String?) -> JSONRPCValue { text.map { .string($0) } ?? .null }
}

extension JSONRPCValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .int(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(arrayLiteral elements: JSONRPCValue...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, JSONRPCValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

/// A JSON-RPC error answer (JSON-RPC 2.0 §5.1): the code, a message for a person, and data.
struct JSONRPCError: Error, Sendable, Hashable {
  /// Not JSON, or not UTF-8.
  static let parseError = -32700
  /// JSON, but not a request: no `jsonrpc: "2.0"`, no method, an id that is neither a string nor
  /// a number, a message larger than the server reads.
  static let invalidRequest = -32600
  /// A method the server does not have.
  static let methodNotFound = -32601
  /// Parameters the method cannot take (an unknown tool included, as MCP says).
  static let invalidParams = -32602

  var code: Int
  var message: String
  var data: JSONRPCValue? = nil

  /// The error answer to the request `id` (null when the request's id could not be read).
  func answer(to id: JSONRPCValue) -> JSONRPCValue {
    var error: [String: JSONRPCValue] = ["code": .int(code), "message": .string(message)]
    if let data { error["data"] = data }
    return ["jsonrpc": "2.0", "id": id, "error": .object(error)]
  }
}
