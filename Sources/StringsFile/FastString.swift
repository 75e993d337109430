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
      if u < 0x80 {
        out[o] = UInt8(u)
        o += 1
      } else if u < 0x800 {
        out[o] = UInt8(0xC0 | (u >> 6))
        out[o + 1] = UInt8(0x80 | (u & 0x3F))
        o += 2
      } else if u >= 0xD800 && u <= 0xDBFF && i < count && units[i] >= 0xDC00 && units[i] <= 0xDFFF {
        let scalar = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
        i += 1
        out[o] = UInt8(0xF0 | (scalar >> 18))
        out[o + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
        out[o + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
        out[o + 3] = UInt8(0x80 | (scalar & 0x3F))
        o += 4
      } else {
        let v: UInt16 = (u >= 0xD800 && u <= 0xDFFF) ? 0xFFFD : u
        out[o] = UInt8(0xE0 | (v >> 12))
        out[o + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
        out[o + 2] = UInt8(0x80 | (v & 0x3F))
        o += 3
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
