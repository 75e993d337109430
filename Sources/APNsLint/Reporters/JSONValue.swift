/// A JSON value with members in a fixed order, written pretty-printed with two-space indents.
/// Every reporter writes JSON through it, so escaping and layout are the same everywhere.
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

  func write(to out: inout String, indent: Int) {
    switch self {
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .int(let n): out += String(n)
    case .number(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)) : "null"
    case .bool(let b): out += b ? "true" : "false"
    case .null: out += "null"
    case .array(let items):
      if items.isEmpty { out += "[]"; return }
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += String(repeating: "  ", count: indent + 1)
        item.write(to: &out, indent: indent + 1)
        out += i == items.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: "  ", count: indent) + "]"
    case .object(let members):
      if members.isEmpty { out += "{}"; return }
      out += "{\n"
      for (i, (key, value)) in members.enumerated() {
        out += String(repeating: "  ", count: indent + 1)
        JSONValue.writeString(key, to: &out)
        out += ": "
        value.write(to: &out, indent: indent + 1)
        out += i == members.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: "  ", count: indent) + "}"
    }
  }

  /// RFC 8259 escaping: quote, backslash and control characters; everything else as is.
  static func writeString(_ s: String, to out: inout String) {
    out += "\""
    // Most strings need no escape: appended whole (scalar by scalar was 6% of a JSON run).
    let plain = s.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }
    if plain == true {
      out += s
      out += "\""
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
