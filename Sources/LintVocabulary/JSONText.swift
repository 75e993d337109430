/// JSON string literals, written one way everywhere (the reports, provider tokens, the JSON
/// Schema, `token check`, and `serve`'s journal, inbox and answers): `"` and `\` escaped, `\n`
/// `\r` `\t` `\b` `\f` by name, every other C0 control as `\u00XX` (uppercase hexadecimal); with
/// `escapingInvisible`, also DEL, C1 controls and the bidirectional and line-separator characters
/// ``VisibleText`` escapes, as `\uXXXX`, so that a terminal shows them as text.
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
      if scalar.isASCII, let escape = escape(UInt8(scalar.value)) {
        out += escape
      } else if escapingInvisible && VisibleText.escape(scalar) != nil {
        out += "\\u" + hex4(scalar.value)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  /// Appends `text` as a JSON string literal, quotes included, as UTF-8 bytes: for writers that
  /// build bytes (`serve`'s journal writes every push). Runs of bytes that need no escape are
  /// copied at once, eight bytes tested at a time.
  package static func write(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    if text.utf8.withContiguousStorageIfAvailable({ write(utf8: $0, to: &bytes) }) == nil {
      var copy = text
      copy.withUTF8 { write(utf8: $0, to: &bytes) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The escape of an ASCII byte in a JSON string; nil when it stands as itself. The one table of
  /// both writers.
  @inline(__always) static func escape(_ byte: UInt8) -> String? {
    switch byte {
    case 0x22: "\\\""
    case 0x5C: "\\\\"
    case 0x0A: "\\n"
    case 0x0D: "\\r"
    case 0x09: "\\t"
    case 0x08: "\\b"
    case 0x0C: "\\f"
    case 0..<0x20: "\\u" + hex4(UInt32(byte))
    default: nil
    }
  }

  /// Four uppercase hexadecimal digits.
  static func hex4(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Whether any of the eight bytes is below 0x20, `"` or `\` (exact: the classic has-zero-byte
  /// and has-less-than tests give no false answer for the word as a whole).
  @inline(__always) static func needsEscape(_ w: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
    let below = (w &- ones &* 0x20) & ~w & highs
    return (below | hasZero(w ^ (ones &* 0x22)) | hasZero(w ^ (ones &* 0x5C))) != 0
  }

  private static func write(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    var start = 0
    var i = 0
    let base = utf8.baseAddress
    while i < utf8.count {
      if let base, i + 8 <= utf8.count,
         !needsEscape(UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))) {
        i += 8
        continue
      }
      let b = utf8[i]
      if b >= 0x20 && b != 0x22 && b != 0x5C {
        i += 1
        continue
      }
      if i > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i])) }
      if let escape = escape(b) { bytes.append(contentsOf: escape.utf8) }
      i += 1
      start = i
    }
    if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count])) }
  }
}
