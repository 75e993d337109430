// The old-style (OpenStep) `.strings` grammar, reproduced from CoreFoundation's CFOldStylePList.c.
//
// CoreFoundation decodes the file to UTF-16 and runs a recursive-descent parser over the code
// units. This file follows it step by step — the same cursor moves, the same places where an error
// is set, cleared (CF clears errors on every successful string, array or dictionary), or where the
// parser silently stops — so the key → value map is exactly CF's. Differences are deliberate:
//
// - nesting (`{…}` and `(…)` values) uses an explicit stack, capped like CF's MAX_DEPTH (512);
// - where CF stops reading a strings file without an error (a `;;`, a `}`, a non-ASCII letter or an
//   unterminated string where a key should start, an unterminated `/*`), we report
//   `strings-truncated` at that point;
// - positions, comments, duplicates and suspicious escapes are recorded for the findings.
//
// Grammar, as CF reads a strings file: optional outer `{ … }`; entries `key = value;` or `key;`
// (value = key); keys and values are `"…"` or `'…'` strings (raw newlines allowed) or unquoted
// tokens of [A-Za-z0-9_$/:.-]; values may also be `( … )` arrays, `{ … }` dictionaries or `< hex >`
// data. Whitespace is U+0009…U+000D, space, U+2028, U+2029 (not U+00A0); comments `//` and `/* */`.

/// A string read by the scanner: a slice of the text, or code units built because of escapes.
enum ScannedString<Unit> {
  case slice(Int, Int)
  case built([Unit])
}

/// A value read by `parseObject`.
enum ScannedValue<Unit> {
  case string(ScannedString<Unit>)
  case array
  case dictionary
  case data

  var kindName: String {
    switch self {
    case .string: return "a string"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    case .data: return "data"
    }
  }
}

/// A finding located by a code-unit offset; converted to line and column at the end.
struct PendingFinding {
  var message: StringsMessage
  var offset: Int
  var key: String?

  init(_ message: StringsMessage, offset: Int, key: String? = nil) {
    self.message = message
    self.offset = offset
    self.key = key
  }
}

/// CF's MAX_DEPTH on 64-bit platforms.
let oldStyleMaxDepth = 512

/// The old-style plist / strings scanner over UTF-16 code units, or over the bytes of valid UTF-8
/// (see `TextUnits.swift`).
struct OldStyleParser<Unit: TextUnit>: ~Copyable {
  let text: UnsafeBufferPointer<Unit>
  let end: Int
  var curr = 0
  /// CF's `pInfo->error`: set, overwritten and cleared exactly where CF does (a `strings-syntax`
  /// finding when the file fails).
  var error: (message: StringsMessage, offset: Int)?
  /// Whether strings being read should be materialised and checked for suspicious escapes.
  var building = false
  var pending: [PendingFinding] = []

  // Comment tracking, active while skipping space before a key.
  var trackComments = false
  var sawNewline = false
  var ignoreTrailingComment = false
  var lastComment: (Int, Int)?
  var unterminatedComment: Int?
  /// Set when the UTF-8 reader meets what only the UTF-16 reader reproduces: read the file as UTF-16.
  var unsupported = false

  init(text: UnsafeBufferPointer<Unit>) {
    self.text = text
    self.end = text.count
  }

  // MARK: Characters

  @inline(__always)
  static func isUnquoted(_ c: Unit) -> Bool {
    switch c {
    case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: return true
    default: return false
    }
  }

  @inline(__always)
  static func isHexDigit(_ c: Unit) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
  }

  mutating func setError(_ message: StringsMessage, at offset: Int) {
    error = (message, offset)
  }

  mutating func clearError() { error = nil }

  /// Describes the character at `offset` for a message.
  func describe(at offset: Int) -> String {
    guard offset < end else { return "the end of the file" }
    let (c, next) = Unit.utf16Units(text, at: offset)
    switch c {
    case 0x0A: return "a line break"
    case 0x00: return "U+0000"
    case 0xD800...0xDFFF:
      if let next { return "'" + String(decoding: [c, next], as: UTF16.self) + "'" }
      return "a lone surrogate"
    default:
      if c < 0x20 || c == 0xA0 || c == 0xFEFF {
        return "U+" + String(String(c, radix: 16, uppercase: true).leftPadded(to: 4))
      }
      return "'" + String(decoding: [c], as: UTF16.self) + "'"
    }
  }

  // MARK: advanceToNonSpace

  /// CF's `advanceToNonSpace`: skips whitespace and comments; false at the end of the text.
  mutating func advance() -> Bool {
    while curr < end {
      let ch = text[curr]
      curr += 1
      if ch >= 9 && ch <= 0x0D {
        if ch == 0x0A || ch == 0x0D { sawNewline = true }
        continue
      }
      if ch == 0x20 { continue }
      if ch >= 0x80 {
        let length = Unit.separatorLength(text, at: curr - 1)
        if length > 0 {
          curr += length - 1
          continue
        }
      }
      if ch == 0x2F {  // '/'
        if curr >= end {
          curr -= 1
          return true
        } else if text[curr] == 0x2F {
          curr += 1
          let start = curr
          while curr < end {
            let c3 = text[curr]
            if c3 == 0x0A || c3 == 0x0D || (c3 >= 0x80 && Unit.separatorLength(text, at: curr) > 0) { break }
            curr += 1
          }
          noteComment(start, curr)
        } else if text[curr] == 0x2A {  // '*'
          let opening = curr - 1
          curr += 1
          let start = curr
          var closed = false
          var contentEnd = end
          while curr < end {
            curr = Unit.skipToStar(text, from: curr)
            guard curr < end else { break }
            let c2 = text[curr]
            curr += 1
            if c2 == 0x2A && curr < end && text[curr] == 0x2F {
              contentEnd = curr - 1
              curr += 1
              closed = true
              break
            }
          }
          if !closed && trackComments { unterminatedComment = opening }
          noteComment(start, contentEnd)
        } else {
          curr -= 1
          return true
        }
      } else {
        curr -= 1
        return true
      }
    }
    return false
  }

  @inline(__always)
  mutating func noteComment(_ start: Int, _ stop: Int) {
    guard trackComments else { return }
    if ignoreTrailingComment && !sawNewline { return }
    lastComment = (start, stop)
  }

  // MARK: Strings

  /// CF's `getSlashedChar`; `backslash` is the offset of the `\`, the cursor is after it. Nil in
  /// UTF-8 when a non-ASCII character follows the `\`: the cursor is moved back to it, and it is
  /// kept as it is (CF yields its UTF-16 unit, which is the same character).
  mutating func slashedChar(backslash: Int) -> UInt16? {
    let ch = text[curr]
    curr += 1
    switch ch {
    case 0x30...0x37:
      var num = UInt8(ch - 0x30)
      var digits = 1
      var wrapped = false
      for _ in 0..<2 {
        if curr >= end { break }
        let c = text[curr]
        if c >= 0x30 && c <= 0x37 {
          if num >= 0x20 { wrapped = true }
          num = (num &<< 3) &+ UInt8(c - 0x30)
          curr += 1
          digits += 1
        } else {
          break
        }
      }
      let result = nextStepToUTF16(num)
      if building && (num >= 0x80 || wrapped) {
        let written = excerpt(backslash + 1, backslash + 1 + digits)
        pending.append(PendingFinding(.octalEscape(digits: written, byte: num, yields: result), offset: backslash))
      }
      return result
    case 0x55:  // 'U'
      var num: UInt32 = 0
      var numDigits = 4
      while curr < end && numDigits > 0 {
        numDigits -= 1
        let c = text[curr]
        if c < 128 && OldStyleParser.isHexDigit(c) {
          curr += 1
          num = (num << 4) + UInt32(c <= 0x39 ? c - 0x30 : (c <= 0x46 ? c - 0x41 + 10 : c - 0x61 + 10))
        }
      }
      if building && curr < end && OldStyleParser.isHexDigit(text[curr]) {
        var stop = curr
        while stop < end && stop - curr < 4 && OldStyleParser.isHexDigit(text[stop]) { stop += 1 }
        let written = excerpt(backslash, stop)
        let read = excerpt(backslash, curr)
        pending.append(PendingFinding(.longUnicodeEscape(written: written, read: read, rest: excerpt(curr, stop)), offset: backslash))
      }
      return UInt16(truncatingIfNeeded: num)
    case 0x61: return 0x07
    case 0x62: return 0x08
    case 0x66: return 0x0C
    case 0x6E: return 0x0A
    case 0x72: return 0x0D
    case 0x74: return 0x09
    case 0x76: return 0x0B
    case 0x22: return 0x22
    case 0x0A: return 0x0A
    case 0x75:  // 'u': not an escape, yields 'u'
      if building && curr < end && OldStyleParser.isHexDigit(text[curr]) {
        var stop = curr
        while stop < end && stop - curr < 4 && OldStyleParser.isHexDigit(text[stop]) { stop += 1 }
        let written = excerpt(backslash, stop)
        let hex = excerpt(curr, stop)
        pending.append(PendingFinding(.lowercaseUnicodeEscape(written: written, hex: hex), offset: backslash))
      }
      return UInt16(ch)
    default:
      if Unit.isUTF8 && ch >= 0x80 {
        curr -= 1
        return nil
      }
      return UInt16(ch)
    }
  }

  /// The text from `a` to `b` as a `String` (for messages).
  func excerpt(_ a: Int, _ b: Int) -> String {
    Unit.makeString(UnsafeBufferPointer(rebasing: text[a..<b]))
  }

  /// CF's `parseQuotedPlistString`; the cursor is after the opening quote.
  mutating func parseQuoted(_ quote: Unit) -> ScannedString<Unit>? {
    let startMark = curr
    var mark = curr
    var built: [Unit] = []
    var high: UInt16 = 0
    var escaped = false
    while curr < end {
      curr = Unit.skipToQuoteOrBackslash(text, from: curr, quote: quote)
      guard curr < end else { break }
      let ch = text[curr]
      if ch == quote { break }
      if ch == 0x5C {  // '\\'
        escaped = true
        Unit.appendLiteral(text[mark..<curr], to: &built, high: &high)
        let backslash = curr
        curr += 1
        if curr == end {
          setError(.unterminatedEscape, at: backslash)
          return nil
        }
        if let c = slashedChar(backslash: backslash) { Unit.appendEscaped(c, to: &built, high: &high) }
        mark = curr
      } else {
        curr += 1
      }
    }
    if end <= curr {
      curr = startMark
      setError(.unterminatedString(doubleQuoted: quote == 0x22), at: startMark - 1)
      return nil
    }
    let result: ScannedString<Unit>
    if escaped {
      Unit.appendLiteral(text[mark..<curr], to: &built, high: &high)
      Unit.finish(&built, high: &high)
      result = .built(built)
    } else {
      result = .slice(mark, curr)
    }
    curr += 1
    clearError()
    return result
  }

  /// CF's `parseUnquotedPlistString`.
  mutating func parseUnquoted() -> ScannedString<Unit>? {
    let mark = curr
    while curr < end && OldStyleParser.isUnquoted(text[curr]) { curr += 1 }
    if curr != mark { return .slice(mark, curr) }
    setError(.unexpectedEnd, at: curr)
    return nil
  }

  /// CF's `parsePlistString`.
  mutating func parseString(requireObject: Bool) -> ScannedString<Unit>? {
    guard advance() else {
      if requireObject { setError(.expectedString(found: nil), at: curr) }
      return nil
    }
    let ch = text[curr]
    if ch == 0x27 || ch == 0x22 {
      curr += 1
      return parseQuoted(ch)
    } else if OldStyleParser.isUnquoted(ch) {
      return parseUnquoted()
    } else {
      if requireObject { setError(.expectedString(found: describe(at: curr)), at: curr) }
      return nil
    }
  }

  func string(_ s: ScannedString<Unit>) -> String {
    switch s {
    case .slice(let a, let b): return Unit.makeString(UnsafeBufferPointer(rebasing: text[a..<b]))
    case .built(let units): return units.withUnsafeBufferPointer { Unit.makeString($0) }
    }
  }

  // MARK: Data

  @inline(__always)
  static func hexValue(_ c: Unit) -> UInt8? {
    // CF truncates the UniChar to unsigned char before testing it.
    let b = UInt8(truncatingIfNeeded: c)
    switch b {
    case 0x30...0x39: return b - 0x30
    case 0x61...0x66: return b - 0x61 + 10
    case 0x41...0x46: return b - 0x41 + 10
    default: return nil
    }
  }

  /// CF's `parsePlistData` (after the `<`).
  mutating func parseData() -> Bool {
    while curr < end {
      let ch1 = text[curr]
      if ch1 == 0x3E { break }
      if Unit.isUTF8 && (ch1 >= 0x80 || (curr + 1 < end && text[curr + 1] >= 0x80)) {
        // CF tests the low byte of a UTF-16 unit here: only the UTF-16 reader reproduces that.
        unsupported = true
        setError(.nonASCIIData, at: curr)
        return false
      }
      if OldStyleParser.hexValue(ch1) != nil {
        curr += 1
        if curr >= end || OldStyleParser.hexValue(text[curr]) == nil {
          setError(.oddHexDigits, at: curr)
          return false
        }
        curr += 1
      } else if ch1 == 0x20 || ch1 == 0x0A || ch1 == 0x09 || ch1 == 0x0D || (ch1 >= 0x80 && Unit.separatorLength(text, at: curr) > 0) {
        curr += 1
      } else {
        setError(.unexpectedInData(found: describe(at: curr)), at: curr)
        return false
      }
    }
    clearError()
    if curr < end && text[curr] == 0x3E {
      curr += 1
      return true
    }
    setError(.unterminatedData, at: curr)
    return false
  }

  // MARK: Objects (explicit stack)

  private enum Frame {
    case array(depth: Int)
    case dictionary(depth: Int)
  }

  private enum DictOutcome {
    case needValue
    case failed
    case contentDone
  }

  /// The body of CF's `parsePlistDictContent` loop for a nested dictionary (nothing is recorded).
  private mutating func runDictionary(afterValue startAfterValue: Bool) -> DictOutcome {
    var afterValue = startAfterValue
    var hasKey = false
    if !afterValue { hasKey = parseString(requireObject: false) != nil }
    while true {
      if afterValue {
        afterValue = false
        if advance() && text[curr] == 0x3B {
          curr += 1
          hasKey = parseString(requireObject: false) != nil
        } else {
          setError(.expectedSemicolonAfterValue(found: describe(at: curr)), at: curr)
          return .failed
        }
      }
      if !hasKey {
        clearError()
        return .contentDone
      }
      if !advance() {
        setError(.keyAtEnd, at: curr)
        return .failed
      }
      let c = text[curr]
      if c == 0x3B {
        afterValue = true
        continue
      }
      if c == 0x3D {
        curr += 1
        return .needValue
      }
      setError(.expectedEqualsOrSemicolon(found: describe(at: curr)), at: curr)
      return .failed
    }
  }

  /// CF's `parsePlistDict` ending: the `}`.
  private mutating func closeDictionary() -> Bool {
    if !advance() || text[curr] != 0x7D {
      setError(.unclosedDictionary(found: describe(at: curr)), at: curr)
      return false
    }
    curr += 1
    return true
  }

  /// CF's `parsePlistObject`, without recursion. Strings are materialised only at the outer level.
  mutating func parseObject(requireObject: Bool, depth: Int) -> ScannedValue<Unit>? {
    var stack: [Frame] = []
    var call: (require: Bool, depth: Int)? = (requireObject, depth)
    var result: ScannedValue<Unit>? = nil
    let outerBuilding = building
    defer { building = outerBuilding }
    while true {
      if let c = call {
        call = nil
        building = outerBuilding && stack.isEmpty
        result = nil
        if c.depth > oldStyleMaxDepth {
          setError(.tooDeep, at: curr)
        } else if !advance() {
          if c.require { setError(.expectedValue(found: nil), at: curr) }
        } else {
          let ch = text[curr]
          curr += 1
          switch ch {
          case 0x7B:  // '{'
            switch runDictionary(afterValue: false) {
            case .needValue:
              stack.append(.dictionary(depth: c.depth))
              call = (true, c.depth + 1)
              continue
            case .failed: result = nil
            case .contentDone: result = closeDictionary() ? .dictionary : nil
            }
          case 0x28:  // '('
            stack.append(.array(depth: c.depth))
            call = (false, c.depth + 1)
            continue
          case 0x3C:  // '<'
            result = parseData() ? .data : nil
          case 0x27, 0x22:
            result = parseQuoted(ch).map { .string($0) }
          default:
            curr -= 1
            if OldStyleParser.isUnquoted(ch) {
              result = parseUnquoted().map { .string($0) }
            } else if c.require {
              setError(.expectedValue(found: describe(at: curr)), at: curr)
            }
          }
        }
      }
      // Return `result` to the innermost frame.
      guard let frame = stack.popLast() else { return result }
      switch frame {
      case .array(let d):
        var gotElement = result != nil
        if gotElement {
          if !advance() {
            setError(.unfinishedArray, at: curr)
            result = nil
            continue
          }
          if text[curr] == 0x2C {
            curr += 1
            stack.append(frame)
            call = (false, d + 1)
            continue
          }
          gotElement = false
        }
        if !advance() || text[curr] != 0x29 {
          setError(.unclosedArray(found: describe(at: curr)), at: curr)
          result = nil
        } else {
          clearError()
          curr += 1
          result = .array
        }
      case .dictionary(let d):
        if result == nil { continue }
        switch runDictionary(afterValue: true) {
        case .needValue:
          stack.append(frame)
          call = (true, d + 1)
        case .failed: result = nil
        case .contentDone: result = closeDictionary() ? .dictionary : nil
        }
      }
    }
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
