// A streaming reader of RFC 8259 JSON over UTF-8 bytes.
//
// The grammar it reads, exactly: a value is an object `{ "key" : value , … }`, an array
// `[ value , … ]`, a string `"…"` (no raw control characters below U+0020; escapes `\" \\ \/ \b \f
// \n \r \t \uXXXX`), a number `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, or one of `true`,
// `false`, `null`; whitespace is space, tab, line feed and carriage return only. One value makes the
// document; anything after it but whitespace is an error. Bytes must be well-formed UTF-8.
//
// The reader keeps no tree. It sends events to a handler with the byte offset of each token and
// keeps only what resuming needs: the state of the token it is in, a stack of one bit per open
// container (bounded by `maxDepth`: nothing recurses) and the decoded bytes of the key or captured
// string it is reading. Input can arrive in chunks of any size, split anywhere.

/// What the reader found wrong. Syntax and depth problems end the reading; encoding problems do not.
public enum JSONProblem: Sendable, Hashable {
  /// Not JSON here; the message says what was expected. Reading stops.
  case syntax(String)
  /// A byte that is not part of well-formed UTF-8 (overlong, surrogate, truncated, stray).
  case invalidUTF8
  /// A `\uD800`–`\uDFFF` escape without its pair; decoded as U+FFFD.
  case loneSurrogate
  /// A UTF-8 byte order mark before the value.
  case byteOrderMark
  /// A container nested deeper than the limit. Reading stops.
  case tooDeep(limit: Int)
}

/// A JSON number as the validator needs it: its value and shape, not its text.
public struct JSONNumber: Sendable, Hashable {
  /// The value, to double precision (for checks against ranges).
  public var value: Double
  /// True when written without fraction or exponent.
  public var isPlainInteger: Bool
  /// True when the value is a whole number (`1`, `1.0` and `1e2` are).
  ///
  /// Written without `rounded()`: on Linux that calls libm's `trunc`, which a program that imports
  /// only PayloadSchema (no Foundation) cannot link. From 2^52 up every finite double is integral.
  public var isIntegral: Bool {
    guard value.isFinite else { return false }
    if value.magnitude >= 4_503_599_627_370_496 { return true }
    return Double(Int64(value)) == value
  }

  public init(value: Double, isPlainInteger: Bool) {
    self.value = value
    self.isPlainInteger = isPlainInteger
  }
}

/// Receives the reader's events in document order. Offsets are byte offsets from the start of the input.
public protocol JSONEventHandler {
  /// `{` at `offset`.
  mutating func objectStart(at offset: Int)
  /// `}` at `offset`.
  mutating func objectEnd(at offset: Int)
  /// `[` at `offset`.
  mutating func arrayStart(at offset: Int)
  /// `]` at `offset`.
  mutating func arrayEnd(at offset: Int)
  /// A member name, decoded to UTF-8; `offset` is its opening quote. `inflation` is how many bytes its
  /// escapes of non-ASCII characters (and `\/`) add over raw UTF-8. `compactOffset` is the offset of
  /// the quote with insignificant whitespace (and a BOM) not counted.
  mutating func key(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, inflation: Int, compactOffset: Int)
  /// A value (of any kind) ended; `compactOffset` is the offset just past it, whitespace not counted.
  mutating func valueEnd(compactOffset: Int)
  /// A string value starts at `offset`; return true to receive its decoded bytes in `string`.
  mutating func stringStart(at offset: Int) -> Bool
  /// The string value that started at `offset`; `bytes` is nil unless `stringStart` asked for them.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?, at offset: Int, inflation: Int)
  mutating func number(_ number: JSONNumber, at offset: Int)
  mutating func bool(_ value: Bool, at offset: Int)
  mutating func null(at offset: Int)
  mutating func problem(_ problem: JSONProblem, at offset: Int)
}

/// A resumable, allocation-free (after warm-up) reader of one JSON document.
///
/// Feed it with `read(_:isFinal:handler:)` as many times as there are chunks; the last call passes
/// `isFinal: true`. `reset()` makes it ready for the next document and keeps its buffers.
public struct JSONReader: Sendable {
  /// Containers may nest this deep (the outermost object counts 1).
  public var maxDepth: Int
  /// Offset of the next byte to read (the number of bytes read so far).
  public private(set) var offset = 0
  /// Whitespace bytes read outside strings (for the compact size).
  public private(set) var whitespaceBytes = 0
  /// True once the document is complete and well-formed so far.
  public var isComplete: Bool { state == .done }
  /// True when reading stopped at a syntax or depth problem.
  public private(set) var failed = false
  /// True when no value has started (only whitespace, or a BOM, so far).
  public private(set) var sawValue = false
  /// Offsets the reader may still report that lie before the next byte: the start of a token it is
  /// inside, of an escape (or a UTF-8 sequence), of a high surrogate waiting for its pair. A streaming caller resolves their
  /// line and column before the chunk holding them goes away. -1 where there is none.
  public var openOffsets: (token: Int, escape: Int, surrogate: Int) {
    switch state {
    // `escape` is also the start of a multi-byte UTF-8 sequence cut by the chunk (never both at once):
    // an ill-formed sequence is reported at its first byte.
    case .inString: (tokenStart, escape != 0 ? escapeStart : (utf8Need != 0 ? utf8Start : -1), pendingHigh != 0 ? pendingHighStart : -1)
    case .inNumber, .inLiteral: (tokenStart, -1, -1)
    default: (-1, -1, -1)
    }
  }
  /// Bytes a BOM took at the start (0 or 3).
  public private(set) var bomBytes = 0

  enum State: UInt8 {
    case start, value, firstValueOrEnd, firstKeyOrEnd, key, colon, commaOrEnd, done, stopped
    case inString, inNumber, inLiteral
  }
  var state: State = .start
  var containers: [Bool] = []  // true = object
  // The token being read.
  var tokenStart = 0
  var stringIsKey = false
  var capture = false
  var escape: UInt8 = 0        // 0 none, 1 after `\`, 2…5 hex digits of \u read so far + 2
  var escapeStart = 0
  var hex: UInt32 = 0
  var pendingHigh: UInt32 = 0  // a high surrogate waiting for its pair
  var pendingHighStart = 0
  var utf8Need: UInt8 = 0
  var utf8Lower: UInt8 = 0x80
  var utf8Upper: UInt8 = 0xBF
  var utf8Start = 0            // where the multi-byte sequence being read began
  var badUTF8End = -1          // just past the last ill-formed byte reported: a run gets one finding
  var inflation = 0
  var buffer: [UInt8] = []
  var buffered = false         // the token's bytes are in `buffer` (escapes or chunk split)
  var numberState: UInt8 = 0
  var mantissa: UInt64 = 0
  var mantissaDigits = 0
  var droppedDigits = 0        // integer digits beyond the 19 kept
  var fractionDigits = 0       // fraction digits kept in the mantissa
  var exponent = 0
  var exponentNegative = false
  var negative = false
  var plainInteger = true
  var literal: StaticString = "true"
  var literalMatched = 0
  var bomMatched = 0

  public init(maxDepth: Int = 64) {
    self.maxDepth = max(1, maxDepth)
    containers.reserveCapacity(min(self.maxDepth, 1024) + 1)
    buffer.reserveCapacity(256)
  }

  /// Forgets the document, keeps the buffers.
  public mutating func reset() {
    offset = 0; whitespaceBytes = 0; failed = false; sawValue = false
    bomBytes = 0; state = .start; containers.removeAll(keepingCapacity: true)
    buffer.removeAll(keepingCapacity: true); bomMatched = 0; pendingHigh = 0; escape = 0; utf8Need = 0
    utf8Lower = 0x80; utf8Upper = 0xBF; badUTF8End = -1
  }

  /// Reads `chunk`, sending events to `handler`. With `isFinal`, an unfinished document is a syntax
  /// problem ("unexpected end of input").
  public mutating func read<H: JSONEventHandler>(_ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, handler: inout H) {
    if let base = chunk.baseAddress, chunk.count > 0 {
      scan(base, chunk.count, &handler)
    }
    if isFinal { finish(&handler) }
  }

  mutating func fail<H: JSONEventHandler>(_ message: String, at offset: Int, _ handler: inout H) {
    failed = true
    state = .stopped
    handler.problem(.syntax(message), at: offset)
  }

  mutating func finish<H: JSONEventHandler>(_ handler: inout H) {
    switch state {
    case .done, .stopped: return
    case .start:
      if bomMatched > 0 && bomMatched < 3 { fail("expected a value", at: offset - bomMatched, &handler) }
      return  // empty: the validator reports payload-empty
    case .value, .firstValueOrEnd:
      if !sawValue { return }
      fail("unexpected end of input; expected a value", at: offset, &handler)
    case .firstKeyOrEnd, .key: fail("unexpected end of input; expected a key", at: offset, &handler)
    case .colon: fail("unexpected end of input; expected ':'", at: offset, &handler)
    case .commaOrEnd:
      fail("unexpected end of input; expected ',' or '\(containers.last == true ? "}" : "]")'", at: offset, &handler)
    case .inString: fail("unexpected end of input inside a string", at: offset, &handler)
    case .inNumber:
      if numberState == 1 || numberState == 2 || numberState == 4 || numberState == 7 {
        emitNumber(&handler)
        handler.valueEnd(compactOffset: offset - whitespaceBytes - bomBytes)
        afterValue()
        if state != .done { finish(&handler) }
      } else {
        fail("unexpected end of input inside a number", at: offset, &handler)
      }
    case .inLiteral:
      // A literal that ended with the input (its delimiter is the end) is complete.
      if literalMatched == literal.utf8CodeUnitCount {
        emitLiteral(compactOffset: offset - whitespaceBytes - bomBytes, &handler)
        if state != .done { finish(&handler) }
      } else {
        fail("unexpected end of input inside '\(literal)'", at: offset, &handler)
      }
    }
  }

  @inline(__always) mutating func afterValue() {
    state = containers.isEmpty ? .done : .commaOrEnd
  }

  /// A UTF-8 byte order mark at the start of the input, possibly split across chunks: reported
  /// and skipped. False when reading stops here (the chunk ends inside the mark, or the bytes
  /// start one and then differ).
  @inline(__always) mutating func skipByteOrderMark<H: JSONEventHandler>(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: inout Int,
                                                                           _ base: Int, _ handler: inout H) -> Bool {
    while bomMatched < 3 && i < n {
      let expected: UInt8 = bomMatched == 0 ? 0xEF : (bomMatched == 1 ? 0xBB : 0xBF)
      if p[i] == expected { bomMatched += 1; i += 1 } else { break }
    }
    if bomMatched == 3 {
      bomBytes = 3
      handler.problem(.byteOrderMark, at: 0)
      bomMatched = 4
    } else if bomMatched > 0 && bomMatched < 3 {
      if i == n { return false }
      fail("unexpected byte; a byte order mark is 'EF BB BF'", at: base + i, &handler)
      return false
    }
    return true
  }

  /// Ends the innermost container with its `}` or `]` at `offset`.
  @inline(__always) mutating func closeContainer<H: JSONEventHandler>(isObject: Bool, at offset: Int, _ handler: inout H) {
    containers.removeLast()
    if isObject { handler.objectEnd(at: offset) } else { handler.arrayEnd(at: offset) }
    handler.valueEnd(compactOffset: offset + 1 - whitespaceBytes - bomBytes)
    afterValue()
  }

  /// Where a value is expected, `c` (at `i`) starts one: a container, a string, a number or a
  /// literal (read in place when it ends in this chunk), or ends an empty array. False when
  /// reading stops (too deep, or a byte that starts no value).
  @inline(__always) mutating func scanValue<H: JSONEventHandler>(_ c: UInt8, _ p: UnsafePointer<UInt8>, _ n: Int, _ i: inout Int,
                                                                   _ base: Int, _ handler: inout H) -> Bool {
    if c == 0x5D && state == .firstValueOrEnd {  // ]
      closeContainer(isObject: false, at: base + i, &handler)
      i += 1
      return true
    }
    sawValue = true
    switch c {
    case 0x7B, 0x5B:  // { [
      if containers.count >= maxDepth {
        failed = true; state = .stopped
        handler.problem(.tooDeep(limit: maxDepth), at: base + i)
        return false
      }
      let isObject = c == 0x7B
      containers.append(isObject)
      if isObject { handler.objectStart(at: base + i) } else { handler.arrayStart(at: base + i) }
      state = isObject ? .firstKeyOrEnd : .firstValueOrEnd
      i += 1
    case 0x22:  // "
      beginString(isKey: false, at: base + i, &handler)
      i = scanString(p, n, i + 1, base, &handler)
    case 0x2D, 0x30...0x39:
      if let (value, end) = Self.plainInteger(p, n, i) {
        // The common case, read in place: a short integer ending inside this chunk.
        let v = Double(value.magnitude)
        handler.number(JSONNumber(value: p[i] == 0x2D ? -v : v, isPlainInteger: true), at: base + i)
        handler.valueEnd(compactOffset: base + end - whitespaceBytes - bomBytes)
        afterValue()
        i = end
        return true
      }
      beginNumber(at: base + i)
      i = scanNumber(p, n, i, base, &handler)
    case 0x74: beginLiteral("true", at: base + i); i = scanLiteral(p, n, i, base, &handler)
    case 0x66: beginLiteral("false", at: base + i); i = scanLiteral(p, n, i, base, &handler)
    case 0x6E: beginLiteral("null", at: base + i); i = scanLiteral(p, n, i, base, &handler)
    default:
      fail(unexpected(c, expected: "a value"), at: base + i, &handler)
      return false
    }
    return state != .stopped
  }

  // The main loop. `i` is the index in the chunk; `base` the chunk's offset in the input.
  mutating func scan<H: JSONEventHandler>(_ p: UnsafePointer<UInt8>, _ n: Int, _ handler: inout H) {
    let base = offset
    var i = 0
    defer { offset = base + n }
    if state == .start {
      guard skipByteOrderMark(p, n, &i, base, &handler) else { return }
      state = .value
    }
    // Resume a token split by the previous chunk.
    switch state {
    case .inString: i = scanString(p, n, i, base, &handler)
    case .inNumber: i = scanNumber(p, n, i, base, &handler)
    case .inLiteral: i = scanLiteral(p, n, i, base, &handler)
    case .stopped: return
    default: break
    }
    while i < n {
      let c = p[i]
      // Whitespace.
      if c <= 0x20 {
        if c == 0x20 || c == 0x09 || c == 0x0D { whitespaceBytes += 1; i += 1; continue }
        if c == 0x0A { whitespaceBytes += 1; i += 1; continue }
      }
      switch state {
      case .value, .firstValueOrEnd, .start:
        guard scanValue(c, p, n, &i, base, &handler) else { return }
        continue
      case .firstKeyOrEnd, .key:
        if c == 0x22 {
          beginString(isKey: true, at: base + i, &handler)
          i = scanString(p, n, i + 1, base, &handler)
        } else if c == 0x7D && state == .firstKeyOrEnd {
          closeContainer(isObject: true, at: base + i, &handler)
          i += 1
        } else {
          let what = state == .key && c == 0x7D ? "a key after ','; trailing commas are not allowed" : "a key in double quotes"
          fail(unexpected(c, expected: what), at: base + i, &handler)
          return
        }
      case .colon:
        if c == 0x3A { state = .value; i += 1 } else {
          fail(unexpected(c, expected: "':' after the key"), at: base + i, &handler)
          return
        }
      case .commaOrEnd:
        let inObject = containers.last == true
        if c == 0x2C {
          state = inObject ? .key : .value
          i += 1
          // A trailing comma reads as "expected a value/key" at the closing bracket.
          if !inObject { state = .value }
        } else if c == 0x7D && inObject {
          closeContainer(isObject: true, at: base + i, &handler)
          i += 1
        } else if c == 0x5D && !inObject {
          closeContainer(isObject: false, at: base + i, &handler)
          i += 1
        } else {
          fail(unexpected(c, expected: inObject ? "',' or '}'" : "',' or ']'"), at: base + i, &handler)
          return
        }
      case .done:
        fail(unexpected(c, expected: "the end of input after the value"), at: base + i, &handler)
        return
      case .stopped:
        return
      case .inString, .inNumber, .inLiteral:
        return  // unreachable: tokens return at the chunk end
      }
      if state == .stopped { return }
    }
  }

  func unexpected(_ c: UInt8, expected: String) -> String {
    let shown: String
    switch c {
    case 0x20...0x7E: shown = "'\(Character(Unicode.Scalar(c)))'"
    default:
      let digits = Array("0123456789ABCDEF")
      shown = "byte 0x\(digits[Int(c >> 4)])\(digits[Int(c & 15)])"
    }
    if c == 0x27 { return "unexpected \(shown); expected \(expected) (strings take double quotes)" }
    if c == 0x2F { return "unexpected \(shown); expected \(expected) (JSON has no comments)" }
    if c == 0x5D || c == 0x7D {
      if expected == "a value" { return "unexpected \(shown); expected a value (trailing commas are not allowed)" }
    }
    return "unexpected \(shown); expected \(expected)"
  }

  // MARK: Numbers
  //
  // numberState: 0 after '-', 1 after a leading '0', 2 in integer digits, 3 after '.', 4 in fraction
  // digits, 5 after 'e', 6 after the exponent's sign, 7 in exponent digits.

  /// A plain integer `-?(0|[1-9][0-9]{0,17})` at `start`, followed by a delimiter inside the chunk:
  /// its value and the index of the delimiter. Nil for anything else, which the state machine reads.
  @inline(__always)
  static func plainInteger(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int) -> (Int64, Int)? {
    var i = start
    let negative = p[i] == 0x2D
    if negative { i += 1 }
    let first = i
    var v: Int64 = 0
    while i < n {
      let d = p[i] &- 0x30
      if d > 9 { break }
      v = v &* 10 &+ Int64(d)
      i += 1
    }
    let digits = i - first
    guard digits > 0 && digits <= 18 && i < n else { return nil }
    if digits > 1 && p[first] == 0x30 { return nil }
    switch p[i] {
    case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D, 0x7D: return (negative ? -v : v, i)
    default: return nil
    }
  }

  mutating func beginNumber(at start: Int) {
    state = .inNumber
    tokenStart = start
    numberState = 255
    mantissa = 0; mantissaDigits = 0; droppedDigits = 0; fractionDigits = 0
    exponent = 0; exponentNegative = false; negative = false; plainInteger = true
  }

  mutating func scanNumber<H: JSONEventHandler>(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int, _ base: Int, _ handler: inout H) -> Int {
    var i = start
    while i < n {
      let c = p[i]
      let isDigit = c >= 0x30 && c <= 0x39
      switch numberState {
      case 255:
        if c == 0x2D { negative = true; numberState = 0 } else if c == 0x30 { numberState = 1 } else { numberState = 2; addDigit(c) }
      case 0:
        if c == 0x30 { numberState = 1 } else if isDigit { numberState = 2; addDigit(c) } else {
          fail(unexpected(c, expected: "a digit after '-'"), at: base + i, &handler); return n
        }
      case 1, 2:
        if isDigit {
          if numberState == 1 { fail("leading zeros are not allowed in numbers", at: base + i, &handler); return n }
          addDigit(c)
        } else if c == 0x2E { numberState = 3; plainInteger = false } else if c == 0x65 || c == 0x45 { numberState = 5; plainInteger = false } else {
          return endNumber(c, i, base, &handler)
        }
      case 3:
        if isDigit { numberState = 4; addFractionDigit(c) } else {
          fail(unexpected(c, expected: "a digit after '.'"), at: base + i, &handler); return n
        }
      case 4:
        if isDigit { addFractionDigit(c) } else if c == 0x65 || c == 0x45 { numberState = 5 } else {
          return endNumber(c, i, base, &handler)
        }
      case 5:
        if c == 0x2B || c == 0x2D { exponentNegative = c == 0x2D; numberState = 6 } else if isDigit { numberState = 7; addExponentDigit(c) } else {
          fail(unexpected(c, expected: "a digit in the exponent"), at: base + i, &handler); return n
        }
      case 6:
        if isDigit { numberState = 7; addExponentDigit(c) } else {
          fail(unexpected(c, expected: "a digit in the exponent"), at: base + i, &handler); return n
        }
      default:  // 7
        if isDigit { addExponentDigit(c) } else { return endNumber(c, i, base, &handler) }
      }
      i += 1
    }
    return n
  }

  @inline(__always) mutating func addDigit(_ c: UInt8) {
    if mantissaDigits < 19 {
      mantissa = mantissa &* 10 &+ UInt64(c - 0x30)
      if mantissa != 0 { mantissaDigits += 1 }
    } else {
      droppedDigits += 1
    }
  }

  @inline(__always) mutating func addFractionDigit(_ c: UInt8) {
    if mantissaDigits < 19 {
      mantissa = mantissa &* 10 &+ UInt64(c - 0x30)
      if mantissa != 0 { mantissaDigits += 1 }
      fractionDigits += 1
    }
  }

  @inline(__always) mutating func addExponentDigit(_ c: UInt8) {
    if exponent < 100_000 { exponent = exponent * 10 + Int(c - 0x30) }
  }

  /// A byte that cannot continue the number: it must be a delimiter.
  mutating func endNumber<H: JSONEventHandler>(_ c: UInt8, _ i: Int, _ base: Int, _ handler: inout H) -> Int {
    switch c {
    case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D, 0x7D:
      emitNumber(&handler)
      handler.valueEnd(compactOffset: base + i - whitespaceBytes - bomBytes)
      afterValue()
      return i
    default:
      fail(unexpected(c, expected: "a delimiter after the number"), at: base + i, &handler)
      return Int.max / 2  // any index ≥ n stops the chunk
    }
  }

  mutating func emitNumber<H: JSONEventHandler>(_ handler: inout H) {
    let v = Self.compose(mantissa: mantissa, droppedDigits: droppedDigits, fractionDigits: fractionDigits,
                         exponent: exponentNegative ? -exponent : exponent, negative: negative)
    handler.number(JSONNumber(value: v, isPlainInteger: plainInteger), at: tokenStart)
  }

  /// A number's value from its parts: the first 19 significant digits (`mantissa`), the integer
  /// digits dropped past them, the fraction digits kept in the mantissa, and the written exponent.
  /// The fast lane (`FastLane.swift`) computes values with this same function.
  @inline(__always)
  static func compose(mantissa: UInt64, droppedDigits: Int, fractionDigits: Int, exponent: Int, negative: Bool) -> Double {
    let e10 = exponent + droppedDigits - fractionDigits
    var v = Double(mantissa)
    if v != 0 && e10 != 0 {
      var e = e10
      if e > 0 {
        while e > 22 && v.isFinite { v *= 1e22; e -= 22 }
        v *= powersOfTen[min(e, 22)]
      } else {
        e = -e
        while e > 22 && v != 0 { v /= 1e22; e -= 22 }
        v /= powersOfTen[min(e, 22)]
      }
    }
    return negative ? -v : v
  }

  static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                              1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

  // MARK: Literals

  mutating func beginLiteral(_ word: StaticString, at start: Int) {
    state = .inLiteral
    tokenStart = start
    literal = word
    literalMatched = 0
  }

  mutating func scanLiteral<H: JSONEventHandler>(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int, _ base: Int, _ handler: inout H) -> Int {
    var i = start
    let count = literal.utf8CodeUnitCount
    let word = literal.utf8Start
    while i < n && literalMatched < count {
      if p[i] != word[literalMatched] {
        fail(unexpected(p[i], expected: "'\(literal)'"), at: base + i, &handler)
        return n
      }
      literalMatched += 1
      i += 1
    }
    // The literal must end at a delimiter: when the chunk ends right after it, wait for the next
    // byte (or the end of input), so that chunked reading decides exactly as whole reading does.
    if literalMatched < count || i == n { return n }
    switch p[i] {
    case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D, 0x7D: break
    default:
      fail(unexpected(p[i], expected: "a delimiter after '\(literal)'"), at: base + i, &handler)
      return n
    }
    emitLiteral(compactOffset: base + i - whitespaceBytes - bomBytes, &handler)
    return i
  }

  mutating func emitLiteral<H: JSONEventHandler>(compactOffset: Int, _ handler: inout H) {
    let count = literal.utf8CodeUnitCount
    switch count {
    case 4 where literal.utf8Start[0] == 0x74: handler.bool(true, at: tokenStart)
    case 5: handler.bool(false, at: tokenStart)
    default: handler.null(at: tokenStart)
    }
    handler.valueEnd(compactOffset: compactOffset)
    afterValue()
  }
}
