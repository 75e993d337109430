// Building Swift strings from UTF-16 code units without the generic (slow) transcoding path.

/// A `String` from UTF-16 code units; lone surrogates become U+FFFD, as `String(decoding:as:)` does.
func makeString(_ units: UnsafeBufferPointer<UInt16>) -> String {
  let count = units.count
  if count == 0 { return "" }
  // ASCII (most keys and values): exact capacity, so short strings stay small (no allocation).
  var ascii = true
  for u in units where u >= 0x80 {
    ascii = false
    break
  }
  if ascii {
    return String(unsafeUninitializedCapacity: count) { out in
      for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: units[i]) }
      return count
    }
  }
  return String(unsafeUninitializedCapacity: count * 3) { out in
    var o = 0
    var i = 0
    while i < count {
      let u = units[i]
      i += 1
      if u >= 0xD800 && u <= 0xDBFF && i < count && units[i] >= 0xDC00 && units[i] <= 0xDFFF {
        o += storeUTF8(surrogatePair(u, units[i]), out, at: o)
        i += 1
      } else {
        o += storeUTF8(u >= 0xD800 && u <= 0xDFFF ? 0xFFFD : UInt32(u), out, at: o)
      }
    }
    return o
  }
}

/// A `String` from UTF-16 code units held in an array.
func makeString(_ units: [UInt16]) -> String {
  units.withUnsafeBufferPointer { makeString($0) }
}

/// Whether a UTF-16 unit is whitespace for trimming comments (ASCII space and controls, U+2028/9, NBSP).
@inline(__always)
func isTrimmable(_ u: UInt16) -> Bool {
  u == 0x20 || (u >= 0x09 && u <= 0x0D) || u == 0x2028 || u == 0x2029 || u == 0xA0 || u == 0x85
}

// MARK: UTF-8, shared by the decoders and string builders of this module

/// The scalar of the well-formed UTF-8 sequence whose lead byte (not ASCII) is at `i`, and its
/// length; nil when it is ill-formed or cut by the end of `b` (RFC 3629: no overlong forms, no
/// surrogates, nothing past U+10FFFF).
@inline(__always)
func utf8Sequence(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int)? {
  let c0 = b[i]
  var scalar: UInt32
  let need: Int
  let minimum: UInt32
  switch c0 {
  case 0xC2...0xDF: scalar = UInt32(c0 & 0x1F); need = 1; minimum = 0x80
  case 0xE0...0xEF: scalar = UInt32(c0 & 0x0F); need = 2; minimum = 0x800
  case 0xF0...0xF4: scalar = UInt32(c0 & 0x07); need = 3; minimum = 0x10000
  default: return nil
  }
  if i + need >= b.count { return nil }
  for k in 1...need {
    let c = b[i + k]
    if c & 0xC0 != 0x80 { return nil }
    scalar = (scalar << 6) | UInt32(c & 0x3F)
  }
  if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { return nil }
  return (scalar, need + 1)
}

/// Writes the UTF-8 of `scalar` at `out[o...]` (which has room for four bytes); returns the number
/// of bytes written.
@inline(__always)
func storeUTF8(_ scalar: UInt32, _ out: UnsafeMutableBufferPointer<UInt8>, at o: Int) -> Int {
  if scalar < 0x80 {
    out[o] = UInt8(scalar)
    return 1
  }
  if scalar < 0x800 {
    out[o] = UInt8(0xC0 | (scalar >> 6))
    out[o + 1] = UInt8(0x80 | (scalar & 0x3F))
    return 2
  }
  if scalar < 0x10000 {
    out[o] = UInt8(0xE0 | (scalar >> 12))
    out[o + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
    out[o + 2] = UInt8(0x80 | (scalar & 0x3F))
    return 3
  }
  out[o] = UInt8(0xF0 | (scalar >> 18))
  out[o + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
  out[o + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
  out[o + 3] = UInt8(0x80 | (scalar & 0x3F))
  return 4
}

/// The scalar of a high and a low surrogate.
@inline(__always)
func surrogatePair(_ high: UInt16, _ low: UInt16) -> UInt32 {
  0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
}
