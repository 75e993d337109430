// The keys of a text table being read, to find keys defined twice.

/// Entry indices by key, to find a key defined again, with `String ==` (canonical equivalence)
/// as `Dictionary<String, String>` did, without its `Hasher` for most keys (~600 instructions an
/// entry). ASCII keys (nearly all) are found by a 64-bit hash of their bytes in an open-addressing
/// table: two ASCII strings are equal exactly when their bytes are. Other keys go to a
/// `Dictionary`: a non-ASCII string never equals an ASCII one, except through the three
/// characters whose canonical decomposition is ASCII (U+037E `;`, U+1FEF `` ` ``, U+212A `K`);
/// from the first key holding one of them on, every key goes to one `Dictionary`.
///
/// Hostile input: the hash is seeded per process (keys cannot be made to collide ahead), and a
/// probe run longer than `maxProbes` sends every key to the `Dictionary` (randomly seeded SipHash,
/// as before), so the worst case stays the old one.
struct KeyIndex {
  private static let seed = UInt64.random(in: .min ... .max)
  private let maxProbes: Int
  /// Entry index + 1 (0: empty slot).
  private var slots: [Int32]
  private var hashes: [UInt64]
  private var mask: Int
  private var count = 0
  /// The keys that are not ASCII.
  private var others: [String: Int] = [:]
  /// Every key so far, once a key that may equal an ASCII one has been seen.
  private var general: [String: Int]? = nil

  /// An index for about `expected` keys (it grows as needed).
  init(expected: Int, maxProbes: Int = 64) {
    self.maxProbes = maxProbes
    var size = 64
    while size < expected * 2 { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    hashes = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// Records that `entries[index]` (not yet appended) has `key`; returns the index of the last
  /// earlier entry whose key equals it (`String ==`), if any.
  mutating func insert(_ key: String, at index: Int, in entries: [StringsEntry]) -> Int? {
    if general == nil, index < Int(Int32.max) {
      if let hash = KeyIndex.asciiHash(key) {
        if case .recorded(let previous) = insertASCII(key, hash: hash, at: index, in: entries) { return previous }
        // A long run of taken slots: the `Dictionary` from here on.
      } else if !KeyIndex.mayEqualASCII(key) {
        return others.updateValue(index, forKey: key)
      }
    }
    if general == nil {
      var map: [String: Int] = [:]
      map.reserveCapacity(max(entries.count * 2, 16))
      for i in 0..<entries.count { map[entries[i].key] = i }
      general = map
    }
    return general?.updateValue(index, forKey: key)
  }

  private enum Probe {
    /// `index` is recorded; `previous` is the earlier entry with the key, if any.
    case recorded(previous: Int?)
    /// The probe run is longer than `maxProbes`; nothing is recorded.
    case tooLong
  }

  private mutating func insertASCII(_ key: String, hash: UInt64, at index: Int, in entries: [StringsEntry]) -> Probe {
    if (count + 1) * 2 > slots.count { grow() }
    var i = Int(truncatingIfNeeded: hash) & mask
    var probes = 0
    while true {
      let slot = slots[i]
      if slot == 0 {
        slots[i] = Int32(index + 1)
        hashes[i] = hash
        count += 1
        return .recorded(previous: nil)
      }
      if hashes[i] == hash {
        let previous = Int(slot) - 1
        if entries[previous].key == key {
          slots[i] = Int32(index + 1)
          return .recorded(previous: previous)
        }
      }
      probes += 1
      if probes > maxProbes { return .tooLong }
      i = (i + 1) & mask
    }
  }

  private mutating func grow() {
    let size = slots.count * 2
    var newSlots = [Int32](repeating: 0, count: size)
    var newHashes = [UInt64](repeating: 0, count: size)
    let newMask = size - 1
    for j in 0..<slots.count where slots[j] != 0 {
      var i = Int(truncatingIfNeeded: hashes[j]) & newMask
      while newSlots[i] != 0 { i = (i + 1) & newMask }
      newSlots[i] = slots[j]
      newHashes[i] = hashes[j]
    }
    slots = newSlots
    hashes = newHashes
    mask = newMask
  }

  /// Whether a non-ASCII key holds U+037E (CD BE), U+1FEF (E1 BF AF) or U+212A (E2 84 AA).
  static func mayEqualASCII(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    var i = 0
    while i + 1 < bytes.count {
      if bytes[i] == 0xCD && bytes[i + 1] == 0xBE { return true }
      if i + 2 < bytes.count {
        if bytes[i] == 0xE1 && bytes[i + 1] == 0xBF && bytes[i + 2] == 0xAF { return true }
        if bytes[i] == 0xE2 && bytes[i + 1] == 0x84 && bytes[i + 2] == 0xAA { return true }
      }
      i += 1
    }
    return false
  }

  /// A hash of the key's bytes when they are all ASCII; nil otherwise.
  static func asciiHash(_ key: String) -> UInt64? {
    let result = key.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
      let n = bytes.count
      var h: UInt64 = seed ^ (UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15)
      var high: UInt64 = 0
      var i = 0
      if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        while i + 8 <= n {
          let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          high |= w
          h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
          h ^= h >> 29
          i += 8
        }
        if i < n {
          var w: UInt64 = 0
          var shift: UInt64 = 0
          while i < n {
            w |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
          }
          high |= w
          h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
        }
      }
      guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
      h ^= h >> 32
      h = h &* 0xC4CE_B9FE_1A85_EC53
      h ^= h >> 29
      return h
    }
    return result ?? nil
  }
}
