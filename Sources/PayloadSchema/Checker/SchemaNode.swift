// A JSON value of the JSON Schema document `apns-lint schema` prints (APNsLint's
// `PayloadJSONSchema`): here, because a check of string values says what a schema can of it
// (`ValueCheck.stringSchema`), beside its verdict.

/// A JSON value of the schema document, written with sorted-as-given members and two-space indents.
package indirect enum SchemaNode {
  case object([(String, SchemaNode)])
  case array([SchemaNode])
  case string(String)
  /// A number as it is written (`1`, `100000000000`).
  case number(String)
  case bool(Bool)

  package func write(to out: inout String, indent: Int) {
    let pad = String(repeating: "  ", count: indent)
    switch self {
    case .object(let members):
      if members.isEmpty { out += "{}"; return }
      out += "{\n"
      for (i, (key, value)) in members.enumerated() {
        out += pad + "  "
        Self.writeString(key, to: &out)
        out += ": "
        value.write(to: &out, indent: indent + 1)
        out += i == members.count - 1 ? "\n" : ",\n"
      }
      out += pad + "}"
    case .array(let items):
      if items.allSatisfy({ if case .string = $0 { true } else if case .number = $0 { true } else { false } }) {
        out += "["
        for (i, item) in items.enumerated() {
          if i > 0 { out += ", " }
          item.write(to: &out, indent: indent)
        }
        out += "]"
        return
      }
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += pad + "  "
        item.write(to: &out, indent: indent + 1)
        out += i == items.count - 1 ? "\n" : ",\n"
      }
      out += pad + "]"
    case .string(let s): Self.writeString(s, to: &out)
    case .number(let n): out += n
    case .bool(let b): out += b ? "true" : "false"
    }
  }

  static func writeString(_ s: String, to out: inout String) { JSONText.write(s, to: &out) }
}
