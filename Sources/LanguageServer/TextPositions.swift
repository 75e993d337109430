import APNsLint
import PayloadSchema

/// A place in a document as LSP counts it: a 0-based line and a 0-based offset in UTF-16 code
/// units on that line (`positionEncoding` "utf-16", LSP's default), so a character outside the
/// Basic Multilingual Plane counts 2.
struct Position: Sendable, Hashable, Comparable {
  var line: Int
  var character: Int

  static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

  var json: JSONValue { ["line": .int(line), "character": .int(character)] }

  /// A position of a message; nil when it is not `{line, character}` with whole numbers ≥ 0.
  init?(_ value: JSONValue?) {
    guard let line = value?["line"]?.int, let character = value?["character"]?.int, line >= 0, character >= 0 else { return nil }
    self.line = line
    self.character = character
  }

  init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
}

/// A span of a document, `end` excluded, as LSP counts it.
struct TextRange: Sendable, Hashable {
  var start: Position
  var end: Position

  var json: JSONValue { ["start": start.json, "end": end.json] }

  /// A range of a message; nil when it is not `{start, end}` positions.
  init?(_ value: JSONValue?) {
    guard let start = Position(value?["start"]), let end = Position(value?["end"]) else { return nil }
    self.start = min(start, end)
    self.end = max(start, end)
  }

  init(start: Position, end: Position) {
    self.start = start
    self.end = end
  }

  /// Whether the two ranges share a position (an empty range touching the other counts).
  func touches(_ other: TextRange) -> Bool { start <= other.end && other.start <= end }

  /// Whether `position` lies in the range (its end included: the cursor after the last character).
  func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

/// Where LSP's lines start in UTF-8 text: a line ends at `\n`, `\r\n` or a lone `\r` (LSP 3.17),
/// and positions count UTF-16 code units. Converts byte offsets to positions and back.
struct LineMap {
  /// The text.
  let text: [UInt8]
  /// The byte offset of each line's first byte.
  let starts: [Int]

  init(_ text: [UInt8]) {
    self.text = text
    var starts = [0]
    var i = 0
    let n = text.count
    text.withUnsafeBufferPointer { bytes in
      while i < n {
        let byte = bytes[i]
        if byte == 0x0A {
          starts.append(i + 1)
        } else if byte == 0x0D {
          if i + 1 < n && bytes[i + 1] == 0x0A { i += 1 }
          starts.append(i + 1)
        }
        i += 1
      }
    }
    self.starts = starts
  }

  /// The offset where line `line`'s text ends (before its line break).
  func contentEnd(of line: Int) -> Int {
    guard line + 1 < starts.count else { return text.count }
    var end = starts[line + 1] - 1
    if end > starts[line] && text[end] == 0x0A && text[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The position of the byte at `offset` (clamped to the text; an offset inside a line break
  /// stands at the end of its line's text).
  func position(of offset: Int) -> Position {
    let offset = max(0, min(offset, text.count))
    var low = 0, high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let end = min(offset, contentEnd(of: low))
    var units = 0
    var i = starts[low]
    while i < end {
      let byte = text[i]
      if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
      i += 1
    }
    return Position(line: low, character: units)
  }

  /// The byte offset of `position`: past the line's end, its end (as LSP asks); past the last
  /// line, the end of the text; in the middle of a surrogate pair, the character's start.
  func offset(of position: Position) -> Int {
    guard position.line < starts.count else { return text.count }
    let end = contentEnd(of: position.line)
    var i = starts[position.line]
    var units = 0
    while i < end {
      let byte = text[i]
      let width = byte >= 0xF0 ? 2 : 1
      if units + width > position.character { break }
      units += width
      i += 1
      while i < end && text[i] & 0xC0 == 0x80 { i += 1 }
    }
    return i
  }

  /// The range from byte `start` to byte `end`.
  func range(_ start: Int, _ end: Int) -> TextRange {
    TextRange(start: position(of: start), end: position(of: max(start, end)))
  }
}

/// The byte offsets of findings' places in the text the checker read: 1-based lines and columns
/// that count Unicode scalars, a line ending at `\n` and, for a table (`carriageReturnEndsLine`),
/// at `\r` or `\r\n` too (LintVocabulary's `LineIndex`). One pass over the text for all of them.
enum CheckerPlaces {
  /// The offset of each of `places` (in any order): a place past its line's end stands at the
  /// start of the next line, one past the text at its end.
  static func offsets(of places: [(line: Int, column: Int)], in text: [UInt8], carriageReturnEndsLine: Bool) -> [Int] {
    let order = places.indices.sorted { (places[$0].line, places[$0].column) < (places[$1].line, places[$1].column) }
    var out = [Int](repeating: text.count, count: places.count)
    var index = LineIndex(carriageReturnEndsLine: carriageReturnEndsLine)
    var i = 0
    var next = 0
    while next < order.count {
      let target = places[order[next]]
      // A place starts a scalar, and never at the line feed of a `\r\n` the `\r` already ended.
      let inLineBreak = carriageReturnEndsLine && i > 0 && i < text.count && text[i] == 0x0A && text[i - 1] == 0x0D
      let atScalar = i >= text.count || (text[i] & 0xC0 != 0x80 && !inLineBreak)
      if atScalar && (target.line < index.line || (target.line == index.line && target.column <= index.column) || i >= text.count) {
        out[order[next]] = min(i, text.count)
        next += 1
        continue
      }
      index.step(text[i])
      i += 1
    }
    return out
  }

  /// The byte after the token that starts at `start`: a quoted string (to its closing quote on the
  /// same line), a plist tag (`<key>`), a word (letters, digits, `-`, `+`, `.`, `_`), or else the
  /// one character there. Where a diagnostic's range ends.
  static func tokenEnd(_ text: [UInt8], from start: Int) -> Int {
    guard start < text.count else { return start }
    let first = text[start]
    func scan(to close: UInt8, escapes: Bool) -> Int? {
      var j = start + 1
      while j < text.count && j - start < 4096 {
        let byte = text[j]
        if byte == 0x0A || byte == 0x0D { return nil }
        if escapes && byte == UInt8(ascii: "\\") { j += 2; continue }
        if byte == close { return j + 1 }
        j += 1
      }
      return nil
    }
    switch first {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      if let end = scan(to: first, escapes: true) { return end }
    case UInt8(ascii: "<"):
      if let end = scan(to: UInt8(ascii: ">"), escapes: false) { return end }
    default:
      if isWordByte(first) {
        var j = start + 1
        while j < text.count && isWordByte(text[j]) { j += 1 }
        return j
      }
    }
    var j = start + 1
    while j < text.count && text[j] & 0xC0 == 0x80 { j += 1 }
    return j
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
  }
}
