// The readers behind `ProviderToken` (ProviderToken.swift): the token's three parts, base64url,
// and a strict one-object JSON reader, all in stack memory: a valid token allocates nothing.

/// Where the three '.'-separated parts of a token are.
struct TokenParts {
  let firstDot: Int
  let secondDot: Int
  let count: Int

  /// Nil unless there are exactly two dots and three non-empty parts.
  init?(_ token: UnsafeBufferPointer<UInt8>) {
    var dots = (-1, -1)
    var found = 0
    for i in 0..<token.count where token[i] == UInt8(ascii: ".") {
      found += 1
      if found == 1 { dots.0 = i } else if found == 2 { dots.1 = i } else { return nil }
    }
    guard found == 2, dots.0 > 0, dots.1 > dots.0 + 1, dots.1 < token.count - 1 else { return nil }
    firstDot = dots.0; secondDot = dots.1; count = token.count
  }

  func range(_ part: Int) -> Range<Int> {
    switch part {
    case 0: return 0..<firstDot
    case 1: return (firstDot + 1)..<secondDot
    default: return (secondDot + 1)..<count
    }
  }
}

/// base64url (RFC 4648 §5) without line breaks; '=' padding at the end is accepted and ignored.
enum Base64URL {
  /// The 6-bit value of a base64url character, or nil.
  @inline(__always)
  static func value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "-"): return 62
    case UInt8(ascii: "_"): return 63
    default: return nil
    }
  }

  /// The length of `range` without its trailing padding, or nil when the padding is malformed.
  static func unpaddedCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var end = range.upperBound
    while end > range.lowerBound && bytes[end - 1] == UInt8(ascii: "=") { end -= 1 }
    let padding = range.upperBound - end
    let count = end - range.lowerBound
    guard padding <= 2, padding == 0 || (count + padding) % 4 == 0 else { return nil }
    return count
  }

  /// Whether `range` is base64url text that decodes (a length of 4n+1 characters never does).
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard let count = unpaddedCount(bytes, range), count > 0, count % 4 != 1 else { return false }
    for i in range.lowerBound..<(range.lowerBound + count) where value(bytes[i]) == nil { return false }
    return true
  }

  /// How many bytes `count` base64 characters decode to.
  static func decodedCount(_ count: Int) -> Int { count / 4 * 3 + max(0, count % 4 - 1) }

  /// Decodes valid text (see `isValid`) into `out`; nil when it does not fit.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
    guard let count = unpaddedCount(bytes, range) else { return nil }
    let size = decodedCount(count)
    guard size <= out.count else { return nil }
    var accumulator: UInt32 = 0, bits = 0, written = 0
    for i in range.lowerBound..<(range.lowerBound + count) {
      guard let v = value(bytes[i]) else { return nil }
      accumulator = (accumulator << 6) | UInt32(v)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
        written += 1
      }
    }
    return written
  }
}

// MARK: - The JSON of header and claims

/// A strict reader of one JSON object (RFC 8259) that keeps two of its top-level members. Nested
/// values are checked and skipped with a bit stack (at most 64 levels), strings are validated as
/// UTF-8 and unescaped in place, so the buffer must be writable. A member given twice keeps its
/// last value, as most JSON readers do.
enum TokenJSON {
  /// A top-level member's value.
  enum Value {
    case missing
    /// Unescaped UTF-8 in `start..<end` of the buffer.
    case string(start: Int, end: Int)
    case integer(Int64)
    case other

    var integer: Int64? {
      if case .integer(let value) = self { return value }
      return nil
    }

    /// A string of 1 to 18 decimal digits, as a number (an `iat` sent as `"1700000000"`).
    func digits(in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int64? {
      guard case .string(let start, let end) = self, end > start, end - start <= 18 else { return nil }
      var value: Int64 = 0
      for i in start..<end {
        let b = buffer[i]
        guard b >= 0x30 && b <= 0x39 else { return nil }
        value = value * 10 + Int64(b - 0x30)
      }
      return value
    }

    func string(in buffer: UnsafeMutableBufferPointer<UInt8>) -> String? {
      guard case .string(let start, let end) = self else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }

    func stringEquals(_ text: StaticString, in buffer: UnsafeMutableBufferPointer<UInt8>) -> Bool {
      guard case .string(let start, let end) = self, end - start == text.utf8CodeUnitCount else { return false }
      for i in 0..<(end - start) where buffer[start + i] != text.utf8Start[i] { return false }
      return true
    }

    func isString(in buffer: UnsafeMutableBufferPointer<UInt8>, count: Int, where allowed: (UInt8) -> Bool) -> Bool {
      guard case .string(let start, let end) = self, end - start == count else { return false }
      for i in start..<end where !allowed(buffer[i]) { return false }
      return true
    }
  }

  struct Fields {
    var first = Value.missing
    var second = Value.missing
  }

  static let maxDepth = 64

  /// Reads `buffer[0..<count]` as one object; nil when it is not exactly one JSON object.
  static func read(_ buffer: UnsafeMutableBufferPointer<UInt8>, count: Int, keys first: StaticString, _ second: StaticString) -> Fields? {
    var reader = Reader(buffer: buffer, end: count)
    var fields = Fields()
    reader.skipBlanks()
    guard reader.take(UInt8(ascii: "{")) else { return nil }
    reader.skipBlanks()
    if !reader.take(UInt8(ascii: "}")) {
      while true {
        guard let key = reader.string() else { return nil }
        reader.skipBlanks()
        guard reader.take(UInt8(ascii: ":")) else { return nil }
        reader.skipBlanks()
        let value: Value
        switch reader.peek {
        case UInt8(ascii: "\""):
          guard let s = reader.string() else { return nil }
          value = .string(start: s.lowerBound, end: s.upperBound)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          let start = reader.index
          guard let n = reader.number() else { return nil }
          // A fraction or an exponent (`1700000000.5`, `1.7e9`): its integer part, as RFC 7519's
          // NumericDate allows non-integers and clients send `time.time()`.
          value = n.map { .integer($0) } ?? Self.integerPart(reader.buffer, start..<reader.index).map { .integer($0) } ?? .other
        default:
          guard reader.skipValue() else { return nil }
          value = .other
        }
        if reader.equals(key, first) { fields.first = value } else if reader.equals(key, second) { fields.second = value }
        reader.skipBlanks()
        if reader.take(UInt8(ascii: "}")) { break }
        guard reader.take(UInt8(ascii: ",")) else { return nil }
        reader.skipBlanks()
      }
    }
    reader.skipBlanks()
    return reader.index == count ? fields : nil
  }

  /// The integer part of the JSON number in `range` (already checked to be one), or nil when it
  /// does not fit in 64 bits. Only for numbers with a fraction or an exponent: a short string
  /// (no allocation for up to 15 bytes), then the standard library's `Double` parser.
  static func integerPart(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
    guard range.count <= 64 else { return nil }
    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    guard let double = Double(text), double.isFinite,
          double > -9_223_372_036_854_775_808.0, double < 9_223_372_036_854_775_808.0 else { return nil }
    // Int64(_:) truncates toward zero; `rounded(.towardZero)` would call libm's `trunc` in a debug
    // build, which a program that imports only PayloadSchema does not link on Linux.
    return Int64(double)
  }

  struct Reader {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    let end: Int
    var index = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>, end: Int) {
      self.buffer = buffer
      self.end = end
    }

    /// The byte at the index, or 0 at the end (0 is never valid where it is looked at).
    var peek: UInt8 { index < end ? buffer[index] : 0 }

    mutating func take(_ byte: UInt8) -> Bool {
      guard index < end, buffer[index] == byte else { return false }
      index += 1
      return true
    }

    mutating func skipBlanks() {
      while index < end {
        switch buffer[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
      guard range.count == text.utf8CodeUnitCount else { return false }
      for i in 0..<range.count where buffer[range.lowerBound + i] != text.utf8Start[i] { return false }
      return true
    }

    /// Reads a string at the index, unescaping it in place; returns where its text now is.
    mutating func string() -> Range<Int>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      var out = index
      while index < end {
        let byte = buffer[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return start..<out
        case UInt8(ascii: "\\"):
          index += 1
          guard index < end else { return nil }
          let escape = buffer[index]
          index += 1
          let simple: UInt8
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = escape
          case UInt8(ascii: "b"): simple = 0x08
          case UInt8(ascii: "f"): simple = 0x0C
          case UInt8(ascii: "n"): simple = 0x0A
          case UInt8(ascii: "r"): simple = 0x0D
          case UInt8(ascii: "t"): simple = 0x09
          case UInt8(ascii: "u"):
            guard var scalar = hex4() else { return nil }
            if scalar >= 0xD800 && scalar < 0xDC00 {
              // A high surrogate must be followed by an escaped low one.
              guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
                    low >= 0xDC00 && low < 0xE000 else { return nil }
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
              return nil
            }
            // The UTF-8 of an escape is never longer than the escape (6 or 12 bytes).
            out += encodeUTF8(scalar, at: out)
            continue
          default: return nil
          }
          buffer[out] = simple
          out += 1
        case 0..<0x20:
          return nil
        case 0..<0x80:
          buffer[out] = byte
          out += 1
          index += 1
        default:
          guard let length = utf8Length() else { return nil }
          for k in 0..<length { buffer[out + k] = buffer[index + k] }
          out += length
          index += length
        }
      }
      return nil
    }

    /// Writes the UTF-8 of a scalar (not a surrogate) at `position`; returns its length.
    func encodeUTF8(_ scalar: UInt32, at position: Int) -> Int {
      switch scalar {
      case 0..<0x80:
        buffer[position] = UInt8(scalar)
        return 1
      case 0..<0x800:
        buffer[position] = UInt8(0xC0 | scalar >> 6)
        buffer[position + 1] = UInt8(0x80 | scalar & 0x3F)
        return 2
      case 0..<0x10000:
        buffer[position] = UInt8(0xE0 | scalar >> 12)
        buffer[position + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
        buffer[position + 2] = UInt8(0x80 | scalar & 0x3F)
        return 3
      default:
        buffer[position] = UInt8(0xF0 | scalar >> 18)
        buffer[position + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
        buffer[position + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
        buffer[position + 3] = UInt8(0x80 | scalar & 0x3F)
        return 4
      }
    }

    /// Four hexadecimal digits after `\u`.
    mutating func hex4() -> UInt32? {
      guard end - index >= 4 else { return nil }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = buffer[index]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
        index += 1
      }
      return value
    }

    /// The length of the well-formed UTF-8 sequence at the index (no overlongs, no surrogates,
    /// nothing past U+10FFFF), or nil.
    func utf8Length() -> Int? {
      let lead = buffer[index]
      let length: Int
      var low: UInt8 = 0x80, high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; high = 0x9F
      case 0xF0: length = 4; low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; high = 0x8F
      default: return nil
      }
      guard end - index >= length else { return nil }
      let second = buffer[index + 1]
      guard second >= low && second <= high else { return nil }
      for k in 2..<max(2, length) where buffer[index + k] & 0xC0 != 0x80 { return nil }
      return length
    }

    /// Reads a number; the outer nil means not a number, the inner nil a number that is not an
    /// integer that fits in 64 bits.
    mutating func number() -> Int64?? {
      let negative = take(UInt8(ascii: "-"))
      var value: Int64 = 0
      var fits = true
      guard index < end, buffer[index] >= UInt8(ascii: "0") && buffer[index] <= UInt8(ascii: "9") else { return nil }
      if buffer[index] == UInt8(ascii: "0") {
        index += 1
      } else {
        while index < end, buffer[index] >= UInt8(ascii: "0") && buffer[index] <= UInt8(ascii: "9") {
          let digit = Int64(buffer[index] - UInt8(ascii: "0"))
          if fits {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if o1 || o2 { fits = false } else { value = next }
          }
          index += 1
        }
      }
      var integral = fits
      if take(UInt8(ascii: ".")) {
        integral = false
        guard digits() else { return nil }
      }
      if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
        index += 1
        integral = false
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
        guard digits() else { return nil }
      }
      return .some(integral ? value : nil)
    }

    /// One or more digits.
    mutating func digits() -> Bool {
      let start = index
      while index < end, buffer[index] >= UInt8(ascii: "0") && buffer[index] <= UInt8(ascii: "9") { index += 1 }
      return index > start
    }

    mutating func literal(_ text: StaticString) -> Bool {
      let n = text.utf8CodeUnitCount
      guard end - index >= n else { return false }
      for i in 0..<n where buffer[index + i] != text.utf8Start[i] { return false }
      index += n
      return true
    }

    /// Checks and skips one value of any kind, without recursion: containers open and close on a
    /// bit stack (1 = object, 0 = array) of at most `maxDepth` levels.
    mutating func skipValue() -> Bool {
      var stack: UInt64 = 0
      var depth = 0
      value: while true {
        skipBlanks()
        switch peek {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isObject = peek == UInt8(ascii: "{")
          guard depth < TokenJSON.maxDepth else { return false }
          index += 1
          stack = stack << 1 | (isObject ? 1 : 0)
          depth += 1
          skipBlanks()
          if take(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            stack >>= 1
            depth -= 1
          } else {
            if isObject {
              guard string() != nil else { return false }
              skipBlanks()
              guard take(UInt8(ascii: ":")) else { return false }
            }
            continue value
          }
        case UInt8(ascii: "\""):
          guard string() != nil else { return false }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          guard number() != nil else { return false }
        case UInt8(ascii: "t"):
          guard literal("true") else { return false }
        case UInt8(ascii: "f"):
          guard literal("false") else { return false }
        case UInt8(ascii: "n"):
          guard literal("null") else { return false }
        default:
          return false
        }
        // After a value: close containers or go on to the next member or element.
        while depth > 0 {
          skipBlanks()
          let inObject = stack & 1 == 1
          if take(inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            stack >>= 1
            depth -= 1
            continue
          }
          guard take(UInt8(ascii: ",")) else { return false }
          if inObject {
            skipBlanks()
            guard string() != nil else { return false }
            skipBlanks()
            guard take(UInt8(ascii: ":")) else { return false }
          }
          continue value
        }
        return true
      }
    }
  }
}
