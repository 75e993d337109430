import PayloadSchema

/// A JSON value with members in a fixed order, written pretty-printed with two-space indents.
/// Every reporter writes JSON through it, so escaping and layout are the same everywhere; the
/// language and MCP servers also read their messages into it and write their answers with it
/// (`JSONValue+Messages.swift`).
public enum JSONValue: Sendable {
  case string(String)
  case int(Int)
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// A string, or null when absent.
  public static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
  /// An integer, or null when absent.
  public static func optional(_ n: Int?) -> JSONValue { n.map { .int($0) } ?? .null }

  /// The value as pretty-printed text with two-space indents, ending in a newline.
  public var text: String {
    var out = ""
    write(to: &out, indent: 0)
    return out + "\n"
  }

  /// Appends the value, pretty-printed at `indent` levels, to `out`: the bytes the byte writer
  /// below makes, as text.
  func write(to out: inout String, indent: Int) {
    var bytes: [UInt8] = []
    write(to: &bytes, indent: indent)
    out += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value, pretty-printed at `indent` levels, as UTF-8 bytes: the one writer every
  /// JSON text goes through (a JSON report of many findings is written straight into its bytes;
  /// appending to a `String` piece by piece cost about 3,000 instructions a line).
  func write(to out: inout [UInt8], indent: Int) {
    switch self {
    case .string(let s): JSONText.write(s, to: &out)
    case .int(let n): out.append(contentsOf: String(n).utf8)
    case .number(let d): out.append(contentsOf: JSONValue.numberText(d).utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .null: out.append(contentsOf: "null".utf8)
    case .array(let items):
      JSONValue.container(UInt8(ascii: "["), UInt8(ascii: "]"), count: items.count, indent: indent, to: &out) { i, out in
        items[i].write(to: &out, indent: indent + 1)
      }
    case .object(let members):
      JSONValue.container(UInt8(ascii: "{"), UInt8(ascii: "}"), count: members.count, indent: indent, to: &out) { i, out in
        JSONText.write(members[i].0, to: &out)
        out.append(contentsOf: ": ".utf8)
        members[i].1.write(to: &out, indent: indent + 1)
      }
    }
  }

  /// An array or object: `open`, then each element on its own line one level in (`element`
  /// writes the `i`th), commas between, and `close` on a line of its own; `[]`, `{}` when empty.
  private static func container(_ open: UInt8, _ close: UInt8, count: Int, indent: Int, to out: inout [UInt8],
                                element: (Int, inout [UInt8]) -> Void) {
    out.append(open)
    guard count > 0 else { out.append(close); return }
    out.append(UInt8(ascii: "\n"))
    for i in 0..<count {
      out.append(contentsOf: repeatElement(0x20, count: 2 * (indent + 1)))
      element(i, &out)
      if i != count - 1 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "\n"))
    }
    out.append(contentsOf: repeatElement(0x20, count: 2 * max(0, indent)))
    out.append(close)
  }

  /// RFC 8259 escaping: quote, backslash and control characters; everything else as is.
  static func writeString(_ s: String, to out: inout String) { JSONText.write(s, to: &out) }

  /// A number as JSON text: a whole number below 10^15 without a fraction (`3`, not `3.0`), a
  /// number JSON cannot hold (infinity, NaN) as `null`.
  static func numberText(_ d: Double) -> String {
    d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)) : "null"
  }
}

extension JSONValue: Equatable {
  /// Whether the two are the same JSON value: an object's members are compared by name, in any
  /// order (RFC 8259: an object is unordered), a repeated name's last value counting, as a lookup
  /// does; an `int` is never equal to a `number`.
  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.string(let x), .string(let y)): x == y
    case (.int(let x), .int(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.bool(let x), .bool(let y)): x == y
    case (.null, .null): true
    case (.array(let x), .array(let y)): x == y
    case (.object, .object): a.object == b.object
    default: false
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An integer.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// `true` or `false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An array of the elements.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object of the members, in the order written.
  public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}
