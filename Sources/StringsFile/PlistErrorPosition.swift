import Foundation

/// Where a property list `PropertyListSerialization` refuses goes wrong, for the finding that
/// says so: its message names the line ("Close tag on line 16 does not match open tag string",
/// "Value missing for key inside <dict> at line 7", CFPropertyList's XML parser), so the finding
/// stands there, at the line's first character that is not a space, and not at 1:1.
enum PlistErrorPosition {
  /// The line Foundation's `error` names in `bytes` (counted as it counts them, by line feeds) and
  /// the column of that line's first non-blank character (in Unicode scalars); 1:1 when the
  /// message names no line, or one past the text's end.
  static func position(of error: any Error, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    guard let line = namedLine(reason), line >= 1 else { return (1, 1) }
    guard let text = decoded(bytes) else { return (line, 1) }
    var current = 1, column = 1, leading = true
    for scalar in text.unicodeScalars {
      if current == line {
        if scalar == "\n" { break }
        if leading && (scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\u{FEFF}") {
          column += 1
          continue
        }
        return (line, column)
      }
      if scalar == "\n" { current += 1 }
    }
    return current == line ? (line, 1) : (1, 1)
  }

  /// N in "line N" (`on line 16`, `at line 7`), the last such number in `reason`.
  static func namedLine(_ reason: String) -> Int? {
    let words = reason.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." || $0 == ":" })
    var found: Int?
    for (i, word) in words.enumerated() where word == "line" && i + 1 < words.count {
      if let n = Int(words[i + 1]), n <= 100_000_000 { found = n }
    }
    return found
  }

  /// The text of a property list's bytes: UTF-16 with a byte order mark, else UTF-8.
  static func decoded(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return String(data: Data(bytes), encoding: .utf16) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
