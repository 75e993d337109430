// The code units the old-style parser reads: UTF-16 (CoreFoundation's own, for UTF-16 and UTF-32
// files) or the bytes of a valid UTF-8 file, read as they are (no UTF-16 copy of the file).
//
// The grammar only looks at ASCII, except for U+2028 and U+2029 (whitespace, and the end of a `//`
// comment), the trimming of comments and the naming of a character in a message; those go through
// this protocol. What only UTF-16 can reproduce (CF truncating a UTF-16 unit to a byte inside
// `<…>` data) makes the UTF-8 reader give up, and the file is read again as UTF-16.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

protocol TextUnit: FixedWidthInteger & UnsignedInteger & Sendable {
  associatedtype Positions: PositionCounting where Positions.Unit == Self
  /// Whether the units are UTF-8 bytes.
  static var isUTF8: Bool { get }
  /// The length of a U+2028 or U+2029 at `i` (0 when there is none); asked only of units ≥ 0x80.
  static func separatorLength(_ text: UnsafeBufferPointer<Self>, at i: Int) -> Int
  /// A `String` from units (lone surrogates become U+FFFD).
  static func makeString(_ units: UnsafeBufferPointer<Self>) -> String
  /// Appends the UTF-16 unit an escape yields to a string being built; `high` holds a high
  /// surrogate waiting for its other half (0 when none) where the units are not UTF-16.
  static func appendEscaped(_ unit: UInt16, to built: inout [Self], high: inout UInt16)
  /// Appends text of the file to a string being built.
  static func appendLiteral(_ units: Slice<UnsafeBufferPointer<Self>>, to built: inout [Self], high: inout UInt16)
  /// Ends a string being built.
  static func finish(_ built: inout [Self], high: inout UInt16)
  /// The length of comment-trimmable space (`isTrimmable`) starting at `a` (0 when none), before `b`.
  static func leadingTrimmable(_ text: UnsafeBufferPointer<Self>, _ a: Int, _ b: Int) -> Int
  /// The length of comment-trimmable space ending at `b` (0 when none), after `a`.
  static func trailingTrimmable(_ text: UnsafeBufferPointer<Self>, _ a: Int, _ b: Int) -> Int
  /// The UTF-16 unit at `i` and the next one (nil at the end) as CF's UTF-16 text has them.
  static func utf16Units(_ text: UnsafeBufferPointer<Self>, at i: Int) -> (UInt16, UInt16?)
  /// The first offset from `i` on of `quote` or `\\`; the text's count when there is none.
  static func skipToQuoteOrBackslash(_ text: UnsafeBufferPointer<Self>, from i: Int, quote: Self) -> Int
  /// The first offset from `i` on of `*`; the text's count when there is none.
  static func skipToStar(_ text: UnsafeBufferPointer<Self>, from i: Int) -> Int
}

extension UInt16: TextUnit {
  typealias Positions = PositionCounter
  static var isUTF8: Bool { false }

  @inline(__always)
  static func separatorLength(_ text: UnsafeBufferPointer<UInt16>, at i: Int) -> Int {
    text[i] == 0x2028 || text[i] == 0x2029 ? 1 : 0
  }

  static func makeString(_ units: UnsafeBufferPointer<UInt16>) -> String {
    StringsFile.makeString(units)
  }

  @inline(__always)
  static func appendEscaped(_ unit: UInt16, to built: inout [UInt16], high: inout UInt16) {
    built.append(unit)
  }

  @inline(__always)
  static func appendLiteral(_ units: Slice<UnsafeBufferPointer<UInt16>>, to built: inout [UInt16], high: inout UInt16) {
    built.append(contentsOf: units)
  }

  @inline(__always)
  static func finish(_ built: inout [UInt16], high: inout UInt16) {}

  @inline(__always)
  static func leadingTrimmable(_ text: UnsafeBufferPointer<UInt16>, _ a: Int, _ b: Int) -> Int {
    isTrimmable(text[a]) ? 1 : 0
  }

  @inline(__always)
  static func trailingTrimmable(_ text: UnsafeBufferPointer<UInt16>, _ a: Int, _ b: Int) -> Int {
    isTrimmable(text[b - 1]) ? 1 : 0
  }

  static func utf16Units(_ text: UnsafeBufferPointer<UInt16>, at i: Int) -> (UInt16, UInt16?) {
    (text[i], i + 1 < text.count ? text[i + 1] : nil)
  }

  @inline(__always)
  static func skipToQuoteOrBackslash(_ text: UnsafeBufferPointer<UInt16>, from i: Int, quote: UInt16) -> Int {
    var j = i
    while j < text.count && text[j] != quote && text[j] != 0x5C { j += 1 }
    return j
  }

  @inline(__always)
  static func skipToStar(_ text: UnsafeBufferPointer<UInt16>, from i: Int) -> Int {
    var j = i
    while j < text.count && text[j] != 0x2A { j += 1 }
    return j
  }
}

extension UInt8: TextUnit {
  typealias Positions = UTF8PositionCounter
  static var isUTF8: Bool { true }

  /// U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
  @inline(__always)
  static func separatorLength(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    text[i] == 0xE2 && i + 2 < text.count && text[i + 1] == 0x80 && (text[i + 2] == 0xA8 || text[i + 2] == 0xA9) ? 3 : 0
  }

  /// The bytes are valid UTF-8 (checked before reading, or built from valid pieces).
  static func makeString(_ units: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: units, as: UTF8.self)
  }

  @inline(__always)
  private static func appendScalar(_ scalar: UInt32, to built: inout [UInt8]) {
    if scalar < 0x80 {
      built.append(UInt8(scalar))
    } else if scalar < 0x800 {
      built.append(UInt8(0xC0 | (scalar >> 6)))
      built.append(UInt8(0x80 | (scalar & 0x3F)))
    } else if scalar < 0x10000 {
      built.append(UInt8(0xE0 | (scalar >> 12)))
      built.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      built.append(UInt8(0x80 | (scalar & 0x3F)))
    } else {
      built.append(UInt8(0xF0 | (scalar >> 18)))
      built.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
      built.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      built.append(UInt8(0x80 | (scalar & 0x3F)))
    }
  }

  /// As `makeString` of the UTF-16 units would: a high surrogate followed by a low one is their
  /// scalar, any other surrogate is U+FFFD.
  static func appendEscaped(_ unit: UInt16, to built: inout [UInt8], high: inout UInt16) {
    if high != 0 {
      let h = high
      high = 0
      if unit >= 0xDC00 && unit <= 0xDFFF {
        appendScalar(0x10000 + ((UInt32(h) - 0xD800) << 10) + (UInt32(unit) - 0xDC00), to: &built)
        return
      }
      appendScalar(0xFFFD, to: &built)
    }
    if unit >= 0xD800 && unit <= 0xDBFF {
      high = unit
    } else if unit >= 0xDC00 && unit <= 0xDFFF {
      appendScalar(0xFFFD, to: &built)
    } else {
      appendScalar(UInt32(unit), to: &built)
    }
  }

  @inline(__always)
  static func appendLiteral(_ units: Slice<UnsafeBufferPointer<UInt8>>, to built: inout [UInt8], high: inout UInt16) {
    if units.isEmpty { return }
    finish(&built, high: &high)
    built.append(contentsOf: units)
  }

  @inline(__always)
  static func finish(_ built: inout [UInt8], high: inout UInt16) {
    if high != 0 {
      high = 0
      appendScalar(0xFFFD, to: &built)
    }
  }

  /// ASCII space and controls, U+0085 and U+00A0 (C2 85, C2 A0), U+2028 and U+2029.
  @inline(__always)
  static func leadingTrimmable(_ text: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Int {
    let c = text[a]
    if c == 0x20 || (c >= 0x09 && c <= 0x0D) { return 1 }
    if c == 0xC2 && a + 1 < b && (text[a + 1] == 0xA0 || text[a + 1] == 0x85) { return 2 }
    if c == 0xE2 && a + 2 < b && text[a + 1] == 0x80 && (text[a + 2] == 0xA8 || text[a + 2] == 0xA9) { return 3 }
    return 0
  }

  @inline(__always)
  static func trailingTrimmable(_ text: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Int {
    let c = text[b - 1]
    if c == 0x20 || (c >= 0x09 && c <= 0x0D) { return 1 }
    if (c == 0xA0 || c == 0x85) && b - 2 >= a && text[b - 2] == 0xC2 { return 2 }
    if (c == 0xA8 || c == 0xA9) && b - 3 >= a && text[b - 3] == 0xE2 && text[b - 2] == 0x80 { return 3 }
    return 0
  }

  static func utf16Units(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt16, UInt16?) {
    let c0 = text[i]
    var scalar: UInt32
    var need: Int
    switch c0 {
    case 0x00..<0x80: return (UInt16(c0), nil)
    case 0xC0..<0xE0: scalar = UInt32(c0 & 0x1F); need = 1
    case 0xE0..<0xF0: scalar = UInt32(c0 & 0x0F); need = 2
    case 0xF0..<0xF8: scalar = UInt32(c0 & 0x07); need = 3
    default: return (0xFFFD, nil)  // not the start of a character (never asked)
    }
    guard i + need < text.count else { return (0xFFFD, nil) }
    for k in 1...need { scalar = (scalar << 6) | UInt32(text[i + k] & 0x3F) }
    if scalar >= 0x10000 {
      let v = scalar - 0x10000
      return (UInt16(0xD800 + (v >> 10)), UInt16(0xDC00 + (v & 0x3FF)))
    }
    return (UInt16(scalar), nil)
  }

  /// Eight bytes at a time: a byte equal to the quote or `\\` is zero after the xor, and a word
  /// with a zero byte has one of the bits of `(x - 0x01…) & ~x & 0x80…` set (the bytes below the
  /// first zero are exact; the loop below finds which).
  @inline(__always)
  static func skipToQuoteOrBackslash(_ text: UnsafeBufferPointer<UInt8>, from i: Int, quote: UInt8) -> Int {
    let n = text.count
    var j = i
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let q = UInt64(quote) &* ones
      let b: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
      while j + 8 <= n {
        let w = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
        let x = w ^ q
        let y = w ^ b
        if ((x &- ones) & ~x | (y &- ones) & ~y) & highs != 0 { break }
        j += 8
      }
    }
    while j < n && text[j] != quote && text[j] != 0x5C { j += 1 }
    return j
  }

  @inline(__always)
  static func skipToStar(_ text: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
    guard i < text.count, let base = text.baseAddress, let found = memchr(base + i, 0x2A, text.count - i) else { return text.count }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }
}

/// Line and column (in Unicode scalars) of offsets into a text, moving forward.
protocol PositionCounting {
  associatedtype Unit
  init(text: UnsafeBufferPointer<Unit>)
  mutating func position(of target: Int) -> (Int, Int)
}

/// `PositionCounter` over the bytes of valid UTF-8: a column is a byte that does not continue a
/// character. Line breaks are counted eight bytes at a time; a file without `\r` (most) counts
/// only `\n`.
struct UTF8PositionCounter: PositionCounting {
  let text: UnsafeBufferPointer<UInt8>
  let hasCR: Bool
  var offset = 0
  var line = 1
  var column = 1

  init(text: UnsafeBufferPointer<UInt8>) {
    self.text = text
    if let base = text.baseAddress, !text.isEmpty {
      hasCR = memchr(base, 0x0D, text.count) != nil
    } else {
      hasCR = false
    }
  }

  @inline(__always)
  private func isBreak(_ j: Int) -> Bool {
    let c = text[j]
    return c == 0x0A || (c == 0x0D && !(j + 1 < text.count && text[j + 1] == 0x0A))
  }

  mutating func position(of target: Int) -> (Int, Int) {
    if target < offset { offset = 0; line = 1; column = 1 }
    let stop = min(target, text.count)
    guard offset < stop else { return (line, column) }
    var breaks = 0
    var j = offset
    if let base = text.baseAddress {
      // A byte equal to \n becomes 0 after the xor; `zeroBytes` counts the zero bytes exactly.
      let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      @inline(__always) func zeroBytes(_ x: UInt64) -> Int { (~(((x & low) &+ low) | x | low)).nonzeroBitCount }
      let raw = UnsafeRawPointer(base)
      while j + 8 <= stop {
        breaks &+= zeroBytes(raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A)
        j += 8
      }
    }
    while j < stop {
      breaks &+= text[j] == 0x0A ? 1 : 0
      j += 1
    }
    if hasCR, let base = text.baseAddress {
      // Each \r found by `memchr` (files with \r mostly end lines with \r\n: a few a stretch).
      var k = offset
      while k < stop, let found = memchr(base + k, 0x0D, stop - k) {
        let r = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        if isBreak(r) { breaks += 1 }
        k = r + 1
      }
    }
    var from = offset
    if breaks > 0 {
      line += breaks
      column = 1
      var j = stop - 1
      while j > offset && !isBreak(j) { j -= 1 }
      from = j + 1
    }
    for j in from..<stop {
      let c = text[j]
      // A \r here is followed by \n (a lone one would be a line break): no column, like the \n.
      if c == 0x0D || c & 0xC0 == 0x80 { continue }
      column += 1
    }
    offset = stop
    return (line, column)
  }
}

/// Whether bytes are valid UTF-8 (as `TextDecoder.decodeUTF8` accepts: no overlong forms,
/// surrogates or scalars above U+10FFFF), ASCII eight bytes at a time.
func isValidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
  let n = b.count
  guard let base = b.baseAddress else { return true }
  var i = 0
  while i < n {
    while i + 8 <= n {
      if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
      i += 8
    }
    guard i < n else { break }
    if b[i] < 0x80 {
      i += 1
      continue
    }
    guard let (_, length) = utf8Sequence(b, at: i) else { return false }
    i += length
  }
  return true
}
