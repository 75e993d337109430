/// Text made safe to print on a terminal or in a CI log: every control and bidirectional-formatting
/// character is written as a visible escape, so that nothing read from an input can start a new
/// line, move the cursor, recolour the terminal, reorder what is shown, or inject a CI workflow
/// command (`::error …` at the start of a line).
///
/// - line feed, carriage return and tab: written as `\n`, `\r`, `\t`;
/// - other C0 controls, DEL and C1 controls (U+0080–U+009F): `\u{1B}`, `\u{7F}`, `\u{85}`;
/// - bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)
///   and the line and paragraph separators U+2028, U+2029: `\u{202E}`.
///
/// Everything else is kept as it is. Strings with nothing to escape are returned without a copy
/// (the common case costs one scan of the UTF-8 bytes).
public enum VisibleText {
  /// `text` with every control and bidi character escaped.
  public static func escape(_ text: String) -> String {
    guard needsEscaping(text) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  /// A short piece of `text` to quote in a message: at most `limit` characters, then `…`, escaped.
  /// A message never quotes a whole line of an unexpected file (a table that is a symbolic link
  /// to a system file must not print that file's contents).
  public static func excerpt(_ text: String, limit: Int = 40) -> String {
    let short = text.count > limit ? String(text.prefix(limit)) + "…" : text
    return escape(short)
  }

  /// True when `text` holds a character `escape(_:)` changes.
  public static func needsEscaping(_ text: String) -> Bool {
    if let answer = text.utf8.withContiguousStorageIfAvailable({ scan($0) }) { return answer }
    return text.unicodeScalars.contains { escape($0) != nil }
  }

  /// The escape for one scalar, or nil when it is printed as it is.
  public static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      return nil
    }
  }

  /// Scans UTF-8: ASCII bytes are checked directly; a multi-byte sequence is decoded only when
  /// its lead byte can start one of the escaped ranges (C2 for C1 controls, D8 for U+061C, E2 for
  /// U+200E–U+2069).
  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b < 0x20 || b == 0x7F { return true }
      if b < 0x80 { i += 1; continue }
      switch b {
      case 0xC2:
        if i + 1 < n, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F { return true }
      case 0xD8:
        if i + 1 < n, bytes[i + 1] == 0x9C { return true }
      case 0xE2:
        if i + 2 < n {
          let v = (UInt32(b & 0x0F) << 12) | (UInt32(bytes[i + 1] & 0x3F) << 6) | UInt32(bytes[i + 2] & 0x3F)
          if (0x200E...0x200F).contains(v) || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return true }
        }
      default: break
      }
      i += 1
    }
    return false
  }
}
