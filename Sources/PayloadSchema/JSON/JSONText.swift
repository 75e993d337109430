/// JSON string literals, written one way by the reports, provider tokens, the JSON Schema and
/// `token check` (`serve`'s journal still has its own writer, `JSONWriter`): `"` and `\` escaped, `\n` `\r` `\t` `\b` `\f` by name, every other C0 control
/// as `\u00XX` (uppercase hexadecimal); with `escapingInvisible`, also DEL, C1 controls and the
/// bidirectional and line-separator characters ``VisibleText`` escapes, as `\uXXXX`, so that a
/// terminal shows them as text.
package enum JSONText {
  /// `text` as a JSON string literal, quotes included.
  package static func quoted(_ text: String, escapingInvisible: Bool = false) -> String {
    var out = ""
    write(text, to: &out, escapingInvisible: escapingInvisible)
    return out
  }

  /// Appends `text` as a JSON string literal, quotes included.
  package static func write(_ text: String, to out: inout String, escapingInvisible: Bool = false) {
    out += "\""
    // Most strings need no escape: appended whole (scalar by scalar was 6% of a JSON report).
    let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || (escapingInvisible && $0 >= 0x7F) }
    }
    if plain == true {
      out += text
      out += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case _ where scalar.value < 0x20 || (escapingInvisible && VisibleText.escape(scalar) != nil):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
