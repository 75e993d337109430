// A native reader for the binary property lists (`bplist00`) that compiled `.strings` tables are:
// a top-level dictionary whose keys and values are ASCII (0x5X) or UTF-16BE (0x6X) strings.
//
// Layout (CoreFoundation's CFBinaryPList.c): the 8-byte header, the objects, an offset table of
// `numObjects` big-endian integers of `offsetIntSize` bytes, then a 32-byte trailer (6 unused
// bytes, offsetIntSize, objectRefSize, numObjects, topObject, offsetTableOffset — big-endian).
// A dictionary object 0xDN holds N key references, then N value references (`objectRefSize` bytes
// each); N = 0xF means the count follows as an integer object (0x1K, 2^K bytes).
//
// The reader is deliberately stricter than CoreFoundation: anything it is not sure about (another
// object type, a value that is not a string, a non-ASCII byte in an ASCII string, a lone surrogate,
// an empty UTF-16 string (which CF refuses),
// two keys that are equal as Swift strings, an out-of-range offset or reference, a trailer that is
// not right after the offset table) makes it return nil, and the caller then asks
// `PropertyListSerialization`, so what it accepts reads exactly as Foundation reads it.

enum BinaryPlistReader {
  /// The key → value map of a `bplist00` string table, with where each key and value object
  /// stands (byte offsets of their markers), or nil when the caller should use Foundation.
  static func stringTable(_ bytes: UnsafeBufferPointer<UInt8>) -> (map: [String: String], locations: [String: KeyLocation])? {
    var reader = Reader(bytes: bytes)
    return reader.read()
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offsetIntSize = 0
    var objectRefSize = 0
    var numObjects = 0
    var offsetTableOffset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A big-endian unsigned integer of `size` (1…8) bytes at `at`; nil when it does not fit.
    func uint(at: Int, size: Int) -> UInt64? {
      guard size >= 1, size <= 8, at >= 0, at <= bytes.count - size else { return nil }
      var v: UInt64 = 0
      for k in 0..<size { v = v << 8 | UInt64(bytes[at + k]) }
      return v
    }

    /// An `Int` from a big-endian integer, nil above `limit`.
    func int(at: Int, size: Int, below limit: Int) -> Int? {
      guard let v = uint(at: at, size: size), v < UInt64(limit) else { return nil }
      return Int(v)
    }

    /// The offset of object `ref`, inside the object area.
    func offset(of ref: Int) -> Int? {
      guard ref >= 0, ref < numObjects else { return nil }
      guard let o = int(at: offsetTableOffset + ref * offsetIntSize, size: offsetIntSize, below: offsetTableOffset),
        o >= 8
      else { return nil }
      return o
    }

    /// The count of an object with marker low nibble `nibble` at `offset`, and where its content starts.
    func count(nibble: UInt8, at offset: Int) -> (count: Int, start: Int)? {
      if nibble != 0x0F { return (Int(nibble), offset + 1) }
      guard offset + 1 < offsetTableOffset else { return nil }
      let marker = bytes[offset + 1]
      guard marker & 0xF0 == 0x10, marker & 0x0F <= 3 else { return nil }
      let size = 1 << Int(marker & 0x0F)
      guard let n = int(at: offset + 2, size: size, below: offsetTableOffset) else { return nil }
      return (n, offset + 2 + size)
    }

    /// The string object `ref` (ASCII or UTF-16BE only).
    func string(_ ref: Int) -> String? {
      guard let o = offset(of: ref) else { return nil }
      let marker = bytes[o]
      guard let (n, start) = count(nibble: marker & 0x0F, at: o) else { return nil }
      switch marker & 0xF0 {
      case 0x50:
        guard start + n <= offsetTableOffset else { return nil }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<(start + n)])
        for b in slice where b >= 0x80 { return nil }
        return String(decoding: slice, as: UTF8.self)
      case 0x60:
        // CF refuses an empty UTF-16 string (it allocates 0 bytes for it and takes NULL as failure).
        guard n > 0, n <= (offsetTableOffset - start) / 2 else { return nil }
        var bad = false
        let s = String(unsafeUninitializedCapacity: n * 3) { out -> Int in
          var o2 = 0
          var i = 0
          while i < n {
            let u = UInt16(bytes[start + 2 * i]) << 8 | UInt16(bytes[start + 2 * i + 1])
            i += 1
            if u < 0x80 {
              out[o2] = UInt8(u)
              o2 += 1
            } else if u < 0x800 {
              out[o2] = UInt8(0xC0 | (u >> 6))
              out[o2 + 1] = UInt8(0x80 | (u & 0x3F))
              o2 += 2
            } else if u >= 0xD800 && u <= 0xDFFF {
              guard u <= 0xDBFF, i < n else { bad = true; break }
              let low = UInt16(bytes[start + 2 * i]) << 8 | UInt16(bytes[start + 2 * i + 1])
              guard low >= 0xDC00 && low <= 0xDFFF else { bad = true; break }
              i += 1
              let scalar = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
              out[o2] = UInt8(0xF0 | (scalar >> 18))
              out[o2 + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
              out[o2 + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
              out[o2 + 3] = UInt8(0x80 | (scalar & 0x3F))
              o2 += 4
            } else {
              out[o2] = UInt8(0xE0 | (u >> 12))
              out[o2 + 1] = UInt8(0x80 | ((u >> 6) & 0x3F))
              out[o2 + 2] = UInt8(0x80 | (u & 0x3F))
              o2 += 3
            }
          }
          return bad ? 0 : o2
        }
        return bad ? nil : s
      default:
        return nil
      }
    }

    mutating func read() -> (map: [String: String], locations: [String: KeyLocation])? {
      let n = bytes.count
      guard n >= 8 + 1 + 32, bytes.starts(with: "bplist00".utf8) else { return nil }
      let t = n - 32
      // 6 unused bytes (CF ignores them; sortVersion is the 6th).
      offsetIntSize = Int(bytes[t + 6])
      objectRefSize = Int(bytes[t + 7])
      guard (1...8).contains(offsetIntSize), (1...8).contains(objectRefSize) else { return nil }
      guard let objects = int(at: t + 8, size: 8, below: n),
        let top = int(at: t + 16, size: 8, below: n),
        let tableOffset = int(at: t + 24, size: 8, below: n)
      else { return nil }
      numObjects = objects
      offsetTableOffset = tableOffset
      guard numObjects >= 1, top < numObjects, offsetTableOffset >= 9,
        numObjects <= (t - offsetTableOffset) / offsetIntSize,
        offsetTableOffset + numObjects * offsetIntSize == t
      else { return nil }
      // Every reference and offset must be able to name every object / byte (as CF checks).
      if objectRefSize < 8 && (1 << (8 * objectRefSize)) <= numObjects { return nil }
      if offsetIntSize < 8 && (1 << (8 * offsetIntSize)) <= offsetTableOffset { return nil }

      // Every offset of the table must lie in the object area (CF checks them all up front).
      for ref in 0..<numObjects where offset(of: ref) == nil { return nil }

      guard let o = offset(of: top) else { return nil }
      let marker = bytes[o]
      guard marker & 0xF0 == 0xD0, let (count, start) = count(nibble: marker & 0x0F, at: o) else { return nil }
      guard count <= (offsetTableOffset - start) / (2 * objectRefSize) else { return nil }
      var map: [String: String] = [:]
      map.reserveCapacity(count)
      var locations: [String: KeyLocation] = [:]
      locations.reserveCapacity(count)
      for k in 0..<count {
        guard let keyRef = int(at: start + k * objectRefSize, size: objectRefSize, below: numObjects),
          let valueRef = int(at: start + (count + k) * objectRefSize, size: objectRefSize, below: numObjects),
          keyRef != top, valueRef != top,
          let key = string(keyRef), let value = string(valueRef)
        else { return nil }
        // Two keys equal as Swift strings: leave the choice of the winner to Foundation.
        guard map.updateValue(value, forKey: key) == nil else { return nil }
        // Both references were checked by `string(_:)`.
        locations[key] = KeyLocation(key: offset(of: keyRef) ?? -1, value: offset(of: valueRef) ?? -1)
      }
      return (map, locations)
    }
  }
}
