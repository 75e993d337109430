// Small helpers of the checker: keys packed in words for table look-ups without hashing, and
// string replacement without Foundation.

extension String {
  /// `replacingOccurrences` without Foundation.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}

/// A key of at most 24 bytes packed in three little-endian words (zero-padded), with its length;
/// `count` is -1 for a longer key, which is not packed.
struct PackedKey: Equatable {
  var w0: UInt64 = 0
  var w1: UInt64 = 0
  var w2: UInt64 = 0
  var count: Int = -2

  init() {}

  @inline(__always) init(_ bytes: UnsafeBufferPointer<UInt8>) {
    let n = bytes.count
    guard n <= 24, let p = bytes.baseAddress else { count = n == 0 ? 0 : -1; return }
    count = n
    let raw = UnsafeRawPointer(p)
    @inline(__always) func word(_ at: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
    let full = n >> 3, tail = n & 7
    if full >= 1 { w0 = word(0) }
    if full >= 2 { w1 = word(8) }
    if full >= 3 { w2 = word(16) }
    if tail > 0 {
      var last: UInt64
      if n >= 8 {
        last = word(n - 8) >> UInt64((8 - tail) * 8)
      } else {
        last = 0
        var i = tail - 1
        while i >= 0 { last = last << 8 | UInt64(p[i]); i -= 1 }
      }
      switch full {
      case 0: w0 = last
      case 1: w1 = last
      default: w2 = last
      }
    }
  }

  /// The key `text`'s UTF-8 spells (for tables built once).
  init(text: String) {
    var copy = text
    self = copy.withUTF8 { PackedKey($0) }
  }

  @inline(__always) var hash: UInt32 {
    var h = (w0 ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
    h = (h ^ (h >> 29) ^ w1) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h >> 32) ^ w2) &* 0x94D0_49BB_1331_11EB
    return UInt32(truncatingIfNeeded: h ^ (h >> 31))
  }
}
