/// Where a cursor stands in a payload being written, read leniently: the text may be half a
/// payload (`{"aps": {"ba`), so nothing here needs it to be JSON. One pass from the start of the
/// payload to the cursor (and to the end of the token under it), keeping the stack of objects
/// and arrays open there and the key each object is at.
struct PayloadCursor {
  /// What the cursor is on.
  enum Slot: Equatable {
    /// A key of the object at `container` (`[]` the top level, `["aps"]`, `["aps", "alert"]`):
    /// `text` is what is written of it, `span` its bytes (inside the quotes when `quoted`).
    case key(container: [String], text: String, span: Range<Int>, quoted: Bool)
    /// The value of `key` in the object at `container`.
    case value(container: [String], key: String, text: String, span: Range<Int>, quoted: Bool)
    /// Anything else (an array's element, a number's middle, outside any object).
    case none
  }

  private struct Frame {
    var isObject: Bool
    /// The key this container is the value of ("[]" for an array's element, "" for the top).
    var name: String
    var key: String? = nil
    var expectingKey: Bool
  }

  /// The slot at byte `offset` of `text`, reading from byte `start` (a request file's body).
  static func slot(at offset: Int, in text: [UInt8], from start: Int = 0) -> Slot {
    var frames: [Frame] = []
    var i = start
    while i <= text.count {
      if i == offset || i == text.count { return unquoted(at: offset, in: text, frames: frames) }
      let byte = text[i]
      switch byte {
      case UInt8(ascii: "\""):
        let (close, terminated) = stringEnd(text, from: i)
        if offset > i && offset <= close {
          let end = terminated ? close : min(close, offset)
          let content = decode(text[(i + 1)..<end])
          guard let top = frames.last, let container = path(frames) else { return .none }
          if top.isObject && top.expectingKey { return .key(container: container, text: content, span: (i + 1)..<end, quoted: true) }
          if top.isObject, let key = top.key { return .value(container: container, key: key, text: content, span: (i + 1)..<end, quoted: true) }
          return .none
        }
        if let top = frames.last, top.isObject && top.expectingKey { frames[frames.count - 1].key = decode(text[(i + 1)..<close]) }
        i = terminated ? close + 1 : close
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let name = frames.last.map { $0.isObject ? ($0.key ?? "") : "[]" } ?? ""
        frames.append(Frame(isObject: byte == UInt8(ascii: "{"), name: name, expectingKey: byte == UInt8(ascii: "{")))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if !frames.isEmpty { frames.removeLast() }
      case UInt8(ascii: ":"):
        if !frames.isEmpty { frames[frames.count - 1].expectingKey = false }
      case UInt8(ascii: ","):
        if let top = frames.last, top.isObject {
          frames[frames.count - 1].expectingKey = true
          frames[frames.count - 1].key = nil
        }
      default:
        break
      }
      i += 1
    }
    return .none
  }

  /// The slot of a cursor outside any string: the word around it (a key written without its
  /// quotes yet, a number, `true`).
  private static func unquoted(at offset: Int, in text: [UInt8], frames: [Frame]) -> Slot {
    guard let top = frames.last, top.isObject, let container = path(frames) else { return .none }
    var start = min(offset, text.count)
    while start > 0 && CheckerPlaces.isWordByte(text[start - 1]) { start -= 1 }
    var end = min(offset, text.count)
    while end < text.count && CheckerPlaces.isWordByte(text[end]) { end += 1 }
    let word = String(decoding: text[start..<end], as: UTF8.self)
    if top.expectingKey { return .key(container: container, text: word, span: start..<end, quoted: false) }
    if let key = top.key { return .value(container: container, key: key, text: word, span: start..<end, quoted: false) }
    return .none
  }

  /// The keys from the top-level object to the innermost container; nil when the top level is
  /// no object.
  private static func path(_ frames: [Frame]) -> [String]? {
    guard let first = frames.first, first.isObject else { return nil }
    return frames.dropFirst().map(\.name)
  }

  /// The closing quote of the string opening at `open`, or where it stops unterminated (a line
  /// break or the end).
  private static func stringEnd(_ text: [UInt8], from open: Int) -> (Int, terminated: Bool) {
    var j = open + 1
    while j < text.count {
      switch text[j] {
      case UInt8(ascii: "\\"): j += 2
      case UInt8(ascii: "\""): return (j, true)
      case 0x0A, 0x0D: return (j, false)
      default: j += 1
      }
    }
    return (text.count, false)
  }

  /// A string's content with JSON's escapes read (a key of `aps` has none, but may).
  private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let byte = bytes[i]
      guard byte == UInt8(ascii: "\\"), i + 1 < bytes.endIndex else {
        out.append(byte)
        i += 1
        continue
      }
      let next = bytes[i + 1]
      switch next {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "u") where i + 5 < bytes.endIndex:
        if let value = UInt32(String(decoding: bytes[(i + 2)...(i + 5)], as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(value) {
          out += Array(String(scalar).utf8)
          i += 6
          continue
        }
        out.append(next)
      default: out.append(next)
      }
      i += 2
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Where a request file's body starts: after the first blank line (the whole text when there
  /// is none).
  static func bodyStart(of text: [UInt8]) -> Int {
    var i = 0
    while i + 1 < text.count {
      if text[i] == 0x0A {
        if text[i + 1] == 0x0A { return i + 2 }
        if text[i + 1] == 0x0D && i + 2 < text.count && text[i + 2] == 0x0A { return i + 3 }
      }
      i += 1
    }
    return text.count
  }
}
