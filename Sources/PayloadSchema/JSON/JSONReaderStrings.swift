// The reader, part 2 of 2: strings (JSONReader.swift has the state machine, numbers and
// literals). Plain runs are skipped eight bytes at a time; escapes, UTF-8 validation and
// surrogate pairs are handled byte by byte, resumable across chunks.

extension JSONReader {
  // MARK: Strings

  mutating func beginString<H: JSONEventHandler>(isKey: Bool, at start: Int, _ handler: inout H) {
    state = .inString
    tokenStart = start
    stringIsKey = isKey
    capture = isKey ? true : handler.stringStart(at: start)
    escape = 0
    pendingHigh = 0
    utf8Need = 0
    utf8Lower = 0x80; utf8Upper = 0xBF
    inflation = 0
    buffered = false
    if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
  }

  /// Reads string content from `i`; returns the index after the closing quote, or `n`.
  mutating func scanString<H: JSONEventHandler>(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int, _ base: Int, _ handler: inout H) -> Int {
    var i = start
    var runStart = i  // start of plain bytes not yet copied to `buffer`
    while i < n {
      // Fast path (no escape, sequence or surrogate pending): plain ASCII eight bytes at a time, whole
      // UTF-8 sequences validated in place, the closing quote handled here.
      if escape == 0 && utf8Need == 0 && pendingHigh == 0 {
        i = Self.skipPlain(p, n, i)
        if i >= n { break }
        if p[i] == 0x22 {
          finishString(p, runStart, i, base, &handler)
          return i + 1
        }
      }
      let c = p[i]
      if escape != 0 {
        if escape == 1 {
          var decoded: UInt8 = 0
          switch c {
          case 0x22: decoded = 0x22
          case 0x5C: decoded = 0x5C
          case 0x2F: decoded = 0x2F; inflation += 1
          case 0x62: decoded = 0x08
          case 0x66: decoded = 0x0C
          case 0x6E: decoded = 0x0A
          case 0x72: decoded = 0x0D
          case 0x74: decoded = 0x09
          case 0x75: escape = 2; hex = 0; i += 1; continue
          default:
            fail(c >= 0x20 && c < 0x7F ? "invalid escape '\\\(Character(Unicode.Scalar(c)))' in a string" : "invalid escape in a string", at: base + i - 1, &handler)
            return n
          }
          if pendingHigh != 0 { flushLoneHigh(&handler) }
          if capture { buffer.append(decoded) }
          escape = 0
          i += 1
          runStart = i
          continue
        }
        // \u hex digits
        let v: UInt32
        switch c {
        case 0x30...0x39: v = UInt32(c - 0x30)
        case 0x41...0x46: v = UInt32(c - 0x41 + 10)
        case 0x61...0x66: v = UInt32(c - 0x61 + 10)
        default:
          fail("expected four hex digits after '\\u'", at: base + i, &handler)
          return n
        }
        hex = hex << 4 | v
        escape += 1
        i += 1
        if escape == 6 {
          escape = 0
          runStart = i
          unicodeEscape(hex, &handler)
        }
        continue
      }
      if utf8Need != 0 {
        if c < utf8Lower || c > utf8Upper {
          // Truncated sequence: report at its first byte, then read this byte afresh.
          invalidUTF8(from: utf8Start, to: base + i, &handler)
          utf8Need = 0
          utf8Lower = 0x80; utf8Upper = 0xBF
          continue
        }
        utf8Need -= 1
        utf8Lower = 0x80; utf8Upper = 0xBF
        i += 1
        continue
      }
      if pendingHigh != 0 && c != 0x5C {
        flushLoneHigh(&handler)
        runStart = i
      }
      switch c {
      case 0x22:  // closing quote
        let end = i
        i += 1
        finishString(p, runStart, end, base, &handler)
        return i
      case 0x5C:
        if capture { copyRun(p, runStart, i) }
        escape = 1
        escapeStart = base + i
        i += 1
        runStart = i
      case 0x20..<0x80:
        i += 1
      case 0x00..<0x20:
        fail("control character (byte 0x\(String(c, radix: 16, uppercase: true))) in a string; escape it", at: base + i, &handler)
        return n
      default:
        // Fast path: a whole well-formed sequence inside this chunk.
        if c >= 0xC2 && c <= 0xDF && i + 1 < n && p[i + 1] & 0xC0 == 0x80 { i += 2; continue }
        if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) && i + 2 < n && p[i + 1] & 0xC0 == 0x80 && p[i + 2] & 0xC0 == 0x80 { i += 3; continue }
        if c >= 0xF1 && c <= 0xF3 && i + 3 < n && p[i + 1] & 0xC0 == 0x80 && p[i + 2] & 0xC0 == 0x80 && p[i + 3] & 0xC0 == 0x80 { i += 4; continue }
        // Start of a multi-byte sequence (RFC 3629 table).
        utf8Start = base + i
        switch c {
        case 0xC2...0xDF: utf8Need = 1
        case 0xE0: utf8Need = 2; utf8Lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: utf8Need = 2
        case 0xED: utf8Need = 2; utf8Upper = 0x9F
        case 0xF0: utf8Need = 3; utf8Lower = 0x90
        case 0xF1...0xF3: utf8Need = 3
        case 0xF4: utf8Need = 3; utf8Upper = 0x8F
        default:
          invalidUTF8(from: base + i, to: base + i + 1, &handler)
        }
        i += 1
      }
    }
    // The chunk ended inside the string: keep what was read (an escape's bytes are decoded, not kept).
    if capture && escape == 0 { copyRun(p, runStart, n) } else if capture { buffered = true }
    return n
  }

  /// The index of the first byte from `i` that is not plain string content: a quote, a backslash,
  /// a control character, or a UTF-8 sequence that is ill-formed or not whole before `n`; or `n`.
  @inline(__always)
  static func skipPlain(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int) -> Int {
    var i = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    while i < n {
      let c = p[i]
      if c < 0x80 {
        if c < 0x20 || c == 0x22 || c == 0x5C { return i }
        i += 1
        // Eight bytes at a time: the lowest flagged byte is exact (borrows only run upwards).
        while i + 8 <= n {
          let w = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
          let q = w ^ (ones &* 0x22)
          let b = w ^ (ones &* 0x5C)
          let special = (((q &- ones) & ~q) | ((b &- ones) & ~b) | ((w &- ones &* 0x20) & ~w) | w) & high
          if special != 0 {
            i += special.trailingZeroBitCount >> 3
            break
          }
          i += 8
        }
        continue
      }
      // A multi-byte sequence, whole and well-formed (RFC 3629 table), or stop here.
      if c < 0xE0 {
        guard c >= 0xC2, i + 1 < n, p[i + 1] & 0xC0 == 0x80 else { return i }
        i += 2
      } else if c < 0xF0 {
        guard i + 2 < n else { return i }
        let b1 = p[i + 1]
        let lower: UInt8 = c == 0xE0 ? 0xA0 : 0x80
        let upper: UInt8 = c == 0xED ? 0x9F : 0xBF
        guard b1 >= lower && b1 <= upper && p[i + 2] & 0xC0 == 0x80 else { return i }
        i += 3
      } else {
        guard c <= 0xF4, i + 3 < n else { return i }
        let b1 = p[i + 1]
        let lower: UInt8 = c == 0xF0 ? 0x90 : 0x80
        let upper: UInt8 = c == 0xF4 ? 0x8F : 0xBF
        guard b1 >= lower && b1 <= upper && p[i + 2] & 0xC0 == 0x80 && p[i + 3] & 0xC0 == 0x80 else { return i }
        i += 4
      }
    }
    return i
  }

  /// Reports ill-formed bytes `from..<to` at their first byte; a run of them (an encoded surrogate,
  /// an overlong form, stray continuation bytes) is one finding, not one per byte.
  mutating func invalidUTF8<H: JSONEventHandler>(from: Int, to: Int, _ handler: inout H) {
    if from != badUTF8End { handler.problem(.invalidUTF8, at: from) }
    badUTF8End = to
  }

  @inline(__always) mutating func copyRun(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) {
    buffered = true
    if to > from { buffer.append(contentsOf: UnsafeBufferPointer(start: p + from, count: to - from)) }
  }

  mutating func appendReplacement() {
    buffered = true
    buffer.append(contentsOf: [0xEF, 0xBF, 0xBD] as [UInt8])
  }

  mutating func flushLoneHigh<H: JSONEventHandler>(_ handler: inout H) {
    handler.problem(.loneSurrogate, at: pendingHighStart)
    if capture { appendReplacement() }
    pendingHigh = 0
  }

  mutating func unicodeEscape<H: JSONEventHandler>(_ u: UInt32, _ handler: inout H) {
    buffered = true
    if u >= 0xDC00 && u <= 0xDFFF {
      if pendingHigh != 0 {
        let scalar = 0x10000 + ((pendingHigh - 0xD800) << 10) + (u - 0xDC00)
        pendingHigh = 0
        inflation += 12 - 4
        if capture { appendScalar(scalar) }
      } else {
        handler.problem(.loneSurrogate, at: escapeStart)
        if capture { appendReplacement() }
      }
      return
    }
    if pendingHigh != 0 { flushLoneHigh(&handler) }
    if u >= 0xD800 && u <= 0xDBFF {
      pendingHigh = u
      pendingHighStart = escapeStart
      return
    }
    if u >= 0x80 { inflation += 6 - (u < 0x800 ? 2 : 3) }
    if capture { appendScalar(u) }
  }

  mutating func appendScalar(_ u: UInt32) {
    if u < 0x80 {
      buffer.append(UInt8(u))
    } else if u < 0x800 {
      buffer.append(UInt8(0xC0 | (u >> 6))); buffer.append(UInt8(0x80 | (u & 0x3F)))
    } else if u < 0x10000 {
      buffer.append(UInt8(0xE0 | (u >> 12))); buffer.append(UInt8(0x80 | ((u >> 6) & 0x3F)))
      buffer.append(UInt8(0x80 | (u & 0x3F)))
    } else {
      buffer.append(UInt8(0xF0 | (u >> 18))); buffer.append(UInt8(0x80 | ((u >> 12) & 0x3F)))
      buffer.append(UInt8(0x80 | ((u >> 6) & 0x3F))); buffer.append(UInt8(0x80 | (u & 0x3F)))
    }
  }

  mutating func finishString<H: JSONEventHandler>(_ p: UnsafePointer<UInt8>, _ runStart: Int, _ end: Int, _ base: Int, _ handler: inout H) {
    if pendingHigh != 0 { flushLoneHigh(&handler) }
    if utf8Need != 0 {  // a sequence cut by the quote
      invalidUTF8(from: utf8Start, to: base + end, &handler)
      utf8Need = 0
      utf8Lower = 0x80; utf8Upper = 0xBF
    }
    let start = tokenStart
    let isKey = stringIsKey
    state = isKey ? .colon : .value
    if capture {
      if buffered {
        copyRun(p, runStart, end)
        buffer.withUnsafeBufferPointer { b in
          if isKey { handler.key(b, at: start, inflation: inflation, compactOffset: start - whitespaceBytes - bomBytes) } else { handler.string(b, at: start, inflation: inflation) }
        }
      } else {
        let b = UnsafeBufferPointer(start: p + runStart, count: end - runStart)
        if isKey { handler.key(b, at: start, inflation: inflation, compactOffset: start - whitespaceBytes - bomBytes) } else { handler.string(b, at: start, inflation: inflation) }
      }
    } else {
      handler.string(nil, at: start, inflation: inflation)
    }
    if !isKey {
      handler.valueEnd(compactOffset: base + end + 1 - whitespaceBytes - bomBytes)
      afterValue()
    }
  }
}
