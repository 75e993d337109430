import LintVocabulary

/// A table file's text as fixes edit it (issue 51): UTF-8 bytes, and the encoding to write them
/// back in, so a fixed file keeps its encoding and byte order mark and every byte a fix does not
/// touch. A UTF-8 file is its own text (a byte order mark included, as the readers' offsets count
/// it); a UTF-16 file with a byte order mark is decoded to UTF-8 without it, and encoded back
/// unit for unit. Anything else (UTF-16 without a byte order mark, UTF-32, bytes that do not
/// decode, a lone surrogate) is not a text a fix may touch: `init` gives nil.
///
/// ```swift
/// let table = TableText(bytes)!                     // UTF-16 LE with its BOM
/// let fixed = table.encoded(fix.applied(to: table.text))!   // UTF-16 LE with its BOM again
/// ```
public struct TableText: Sendable, Hashable {
  /// How the file's bytes encode the text.
  public enum Encoding: Sendable, Hashable {
    /// UTF-8; the byte order mark, when there is one, is part of ``TableText/text``.
    case utf8
    /// UTF-16 after a byte order mark, big- or little-endian.
    case utf16(bigEndian: Bool)
  }

  /// The encoding to write the text back in.
  public let encoding: Encoding
  /// The text in UTF-8.
  public let text: [UInt8]

  /// The text of a file's bytes; nil when fixes may not touch it (see the type's summary).
  public init?(_ bytes: [UInt8]) {
    if let bigEndian = TextDecoder.utf16ByteOrder(bytes) {
      guard let text = TextDecoder.utf8(fromUTF16Bytes: bytes, from: 2, bigEndian: bigEndian) else { return nil }
      self.encoding = .utf16(bigEndian: bigEndian)
      self.text = text
      return
    }
    guard TextDecoder.utf8Start(bytes) != nil, Self.isUTF8(bytes) else { return nil }
    self.encoding = .utf8
    self.text = bytes
  }

  /// The bytes of `text` (UTF-8) in this file's encoding; nil when it is not well-formed UTF-8.
  public func encoded(_ text: [UInt8]) -> [UInt8]? {
    guard Self.isUTF8(text) else { return nil }
    switch encoding {
    case .utf8:
      return text
    case .utf16(let bigEndian):
      var out: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      out.reserveCapacity(2 + text.count * 2)
      for unit in String(decoding: text, as: UTF8.self).utf16 {
        let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
        if bigEndian { out += [high, low] } else { out += [low, high] }
      }
      return out
    }
  }

  /// Whether a carriage return ends a line in a table's text (it does: CoreFoundation's reading),
  /// for `FixSite`.
  public static let carriageReturnEndsLine = true

  static func isUTF8(_ bytes: [UInt8]) -> Bool {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
