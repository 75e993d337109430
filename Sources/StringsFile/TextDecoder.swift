// Decodes the bytes of a text table to UTF-16 the way CoreFoundation's `encodingForXMLData` and
// `CFStringCreateWithBytes` do, in one pass, remembering where decoding first fails.

import LintVocabulary

enum TextDecoder {
  struct Decoded {
    var units: [UInt16]
    var encoding: String
    /// A non-fatal note about the encoding (UTF-16 without a BOM).
    var finding: Finding?
  }

  struct Failure: Error {
    var encoding: String
    var finding: Finding
  }

  /// Where the text starts when `decode` reads the bytes as UTF-8 (3 after a byte order mark, else
  /// 0); nil when it reads them as UTF-16 or UTF-32. The same tests, in the same order, as `decode`.
  static func utf8Start(_ bytes: [UInt8]) -> Int? {
    let n = bytes.count
    if n > 4 {
      if bytes[0] == 0x00 && bytes[1] == 0x00 && bytes[2] == 0xFE && bytes[3] == 0xFF { return nil }
      if bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0x00 && bytes[3] == 0x00 { return nil }
    }
    if n > 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return 3 }
    if n > 2 {
      if bytes[0] == 0xFF && bytes[1] == 0xFE { return nil }
      if bytes[0] == 0xFE && bytes[1] == 0xFF { return nil }
      if bytes[0] == 0x00 || bytes[1] == 0x00 { return nil }
    }
    return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }

  /// First bytes of a BOM-less little-endian UTF-16 text whose loss changes nothing, named.
  static let skippedSpace: [UInt8: String] = [0x0A: "a line break", 0x0D: "a carriage return", 0x09: "a tab", 0x20: "a space"]

  static func decode(_ bytes: [UInt8]) -> Result<Decoded, Failure> {
    let n = bytes.count
    if n > 4 {
      if bytes[0] == 0x00 && bytes[1] == 0x00 && bytes[2] == 0xFE && bytes[3] == 0xFF {
        return decodeUTF32(bytes, from: 4, bigEndian: true)
      }
      if bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0x00 && bytes[3] == 0x00 {
        return decodeUTF32(bytes, from: 4, bigEndian: false)
      }
    }
    if n > 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      return decodeUTF8(bytes, from: 3)
    }
    if n > 2 {
      if bytes[0] == 0xFF && bytes[1] == 0xFE { return decodeUTF16(bytes, from: 2, bigEndian: false) }
      if bytes[0] == 0xFE && bytes[1] == 0xFF { return decodeUTF16(bytes, from: 2, bigEndian: true) }
      if bytes[0] == 0x00 || bytes[1] == 0x00 {
        // kCFStringEncodingUnicode without a BOM: CF skips two bytes and reads host-order (little-endian) UTF-16.
        let bigEndianGuess = bytes[0] == 0x00
        // The two skipped bytes are a little-endian line break, tab or space: the table reads the
        // same without them, so the device gets every entry (SPEC §14): a warning, not a refusal.
        let skipped = bytes[1] == 0x00 ? Self.skippedSpace[bytes[0]] : nil
        let note = Finding(skipped.map { StringsMessage.utf16WithoutBOM(skipped: $0) } ?? .utf16WithoutBOM(bigEndian: bigEndianGuess),
                           line: 1, column: 1)
        switch decodeUTF16(bytes, from: 2, bigEndian: false) {
        case .success(var decoded):
          decoded.finding = note
          return .success(decoded)
        case .failure(var failure):
          failure.finding = note
          return .failure(failure)
        }
      }
    }
    // CF's UTF-8 conversion drops a leading BOM even when the BOM check above did not apply.
    let skip = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    return decodeUTF8(bytes, from: skip)
  }

  static func decodeUTF8(_ bytes: [UInt8], from start: Int) -> Result<Decoded, Failure> {
    var bad: Int? = nil
    // UTF-8 never takes more UTF-16 units than bytes.
    let units = [UInt16](unsafeUninitializedCapacity: max(0, bytes.count - start)) { out, initialized in
      bytes.withUnsafeBufferPointer { b in
        var i = start
        var o = 0
        let n = b.count
        defer { initialized = o }
        while i < n {
          // ASCII, 8 bytes at a time.
          if let base = b.baseAddress {
            while i + 8 <= n {
              let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
              if word & 0x8080_8080_8080_8080 != 0 { break }
              for k in 0..<8 { out[o + k] = UInt16(b[i + k]) }
              i += 8
              o += 8
            }
          }
          guard i < n else { break }
          let c0 = b[i]
          if c0 < 0x80 {
            out[o] = UInt16(c0)
            o += 1
            i += 1
            continue
          }
          guard let (scalar, length) = utf8Sequence(b, at: i) else {
            bad = i
            return
          }
          if scalar >= 0x10000 {
            let v = scalar - 0x10000
            out[o] = UInt16(0xD800 + (v >> 10))
            out[o + 1] = UInt16(0xDC00 + (v & 0x3FF))
            o += 2
          } else {
            out[o] = UInt16(scalar)
            o += 1
          }
          i += length
        }
      }
    }
    if let bad {
      // Line and column of the bad byte, as a table counts them (CR, LF and CRLF end a line).
      var position = LineIndex(carriageReturnEndsLine: true)
      position.advance(over: bytes[start..<bad])
      return .failure(Failure(encoding: "utf-8", finding: Finding(StringsMessage.invalidUTF8(byte: bytes[bad], offset: bad),
                                                                  line: position.line, column: position.column)))
    }
    return .success(Decoded(units: units, encoding: "utf-8", finding: nil))
  }

  /// Whether `decode` reads the bytes as UTF-16 after a byte order mark: big-endian (true) or
  /// little-endian (false); nil for the other encodings. The same tests, in the same order.
  static func utf16ByteOrder(_ bytes: [UInt8]) -> Bool? {
    let n = bytes.count
    if n > 4 {
      if bytes[0] == 0x00 && bytes[1] == 0x00 && bytes[2] == 0xFE && bytes[3] == 0xFF { return nil }
      if bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0x00 && bytes[3] == 0x00 { return nil }
    }
    if n > 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return nil }
    if n > 2 {
      if bytes[0] == 0xFF && bytes[1] == 0xFE { return false }
      if bytes[0] == 0xFE && bytes[1] == 0xFF { return true }
    }
    return nil
  }

  /// The UTF-8 of the UTF-16 text after a byte order mark (what `decodeUTF16` decodes); nil when
  /// its length is odd or it holds a lone surrogate (`decode` and the UTF-16 reader handle those).
  /// ASCII four units at a time.
  static func utf8(fromUTF16Bytes bytes: [UInt8], from start: Int, bigEndian: Bool) -> [UInt8]? {
    guard (bytes.count - start) % 2 == 0 else { return nil }
    let count = (bytes.count - start) / 2
    var ok = true
    let result = bytes.withUnsafeBufferPointer { b -> [UInt8] in
      [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
        var o = 0
        var i = start
        let n = b.count
        defer { initialized = o }
        guard let base = b.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        // Little-endian: the low byte of each unit is at the even offsets; big-endian, the odd.
        let highBits: UInt64 = bigEndian ? 0x80FF_80FF_80FF_80FF : 0xFF80_FF80_FF80_FF80
        let shift: UInt64 = bigEndian ? 8 : 0
        @inline(__always) func unit(_ j: Int) -> UInt16 {
          bigEndian ? UInt16(b[j]) << 8 | UInt16(b[j + 1]) : UInt16(b[j + 1]) << 8 | UInt16(b[j])
        }
        while i < n {
          if let outBase = out.baseAddress {
            let target = UnsafeMutableRawPointer(outBase)
            while i &+ 8 <= n {
              var w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
              if w & highBits != 0 { break }
              // Four ASCII characters at bits 0, 16, 32 and 48, zeros elsewhere: packed into 32 bits.
              w = w &>> shift
              w |= w &>> 8
              let packed = UInt32(truncatingIfNeeded: w & 0xFFFF) | UInt32(truncatingIfNeeded: (w &>> 32) & 0xFFFF) &<< 16
              target.storeBytes(of: packed, toByteOffset: o, as: UInt32.self)
              o &+= 4
              i &+= 8
            }
          }
          guard i < n else { break }
          let u = unit(i)
          i += 2
          if u >= 0xD800 && u <= 0xDFFF {
            guard u <= 0xDBFF, i < n else {
              ok = false
              return
            }
            let low = unit(i)
            guard low >= 0xDC00 && low <= 0xDFFF else {
              ok = false
              return
            }
            i += 2
            o += storeUTF8(surrogatePair(u, low), out, at: o)
          } else {
            o += storeUTF8(UInt32(u), out, at: o)
          }
        }
      }
    }
    return ok ? result : nil
  }

  /// The UTF-8 of UTF-16 units; nil when they hold a lone surrogate (which UTF-8 cannot hold).
  static func utf8(fromUTF16 units: [UInt16]) -> [UInt8]? {
    var ok = true
    let count = units.count
    let bytes = [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
      var o = 0
      var i = 0
      defer { initialized = o }
      while i < count {
        let u = units[i]
        i += 1
        if u >= 0xD800 && u <= 0xDFFF {
          guard u <= 0xDBFF, i < count, units[i] >= 0xDC00, units[i] <= 0xDFFF else {
            ok = false
            return
          }
          o += storeUTF8(surrogatePair(u, units[i]), out, at: o)
          i += 1
        } else {
          o += storeUTF8(UInt32(u), out, at: o)
        }
      }
    }
    return ok ? bytes : nil
  }

  static func decodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) -> Result<Decoded, Failure> {
    let name = bigEndian ? "utf-16be" : "utf-16le"
    let count = (bytes.count - start) / 2
    var units = [UInt16](repeating: 0, count: count)
    for k in 0..<count {
      let a = UInt16(bytes[start + 2 * k])
      let b = UInt16(bytes[start + 2 * k + 1])
      units[k] = bigEndian ? (a << 8 | b) : (b << 8 | a)
    }
    if (bytes.count - start) % 2 != 0 {
      return .failure(Failure(encoding: name, finding: Finding(StringsMessage.oddUTF16Length(encoding: name), line: 1, column: 1)))
    }
    return .success(Decoded(units: units, encoding: name, finding: nil))
  }

  static func decodeUTF32(_ bytes: [UInt8], from start: Int, bigEndian: Bool) -> Result<Decoded, Failure> {
    let name = bigEndian ? "utf-32be" : "utf-32le"
    var units: [UInt16] = []
    units.reserveCapacity((bytes.count - start) / 4)
    var i = start
    while i + 3 < bytes.count {
      let b0 = UInt32(bytes[i]), b1 = UInt32(bytes[i + 1]), b2 = UInt32(bytes[i + 2]), b3 = UInt32(bytes[i + 3])
      let scalar = bigEndian ? (b0 << 24 | b1 << 16 | b2 << 8 | b3) : (b3 << 24 | b2 << 16 | b1 << 8 | b0)
      if scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) {
        return .failure(Failure(encoding: name, finding: Finding(
          StringsMessage.invalidUTF32(encoding: name, value: scalar, offset: i), line: 1, column: 1)))
      }
      if scalar >= 0x10000 {
        let v = scalar - 0x10000
        units.append(UInt16(0xD800 + (v >> 10)))
        units.append(UInt16(0xDC00 + (v & 0x3FF)))
      } else {
        units.append(UInt16(scalar))
      }
      i += 4
    }
    if i != bytes.count {
      return .failure(Failure(encoding: name, finding: Finding(StringsMessage.utf32Length(encoding: name), line: 1, column: 1)))
    }
    return .success(Decoded(units: units, encoding: name, finding: nil))
  }
}
