#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
  /// Whether the string's UTF-8 holds `byte`: `memchr` over the contiguous bytes. Iterating
  /// `utf8` element by element cost a few percent of `strings lint`, asked of every key and value.
  package func containsUTF8(_ byte: UInt8) -> Bool {
    let found = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
      return memchr(base, Int32(byte), bytes.count) != nil
    }
    return found ?? utf8.contains(byte)
  }
}

extension String {
  /// Whether the two strings hold the same UTF-8 bytes (`==` compares canonical equivalents):
  /// `memcmp` over the contiguous bytes (`elementsEqual` went byte by byte through the views).
  package func sameUTF8(as other: String) -> Bool {
    let n = utf8.count
    guard n == other.utf8.count else { return false }
    let compared = utf8.withContiguousStorageIfAvailable { a in
      other.utf8.withContiguousStorageIfAvailable { b -> Bool in
        guard n > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, n) == 0
      }
    }
    if let compared, let same = compared { return same }
    return utf8.elementsEqual(other.utf8)
  }
}

extension Collection where Element == UInt8 {
  /// Whether these bytes hold `needle`'s UTF-8 anywhere (a plain scan: the callers look into the
  /// first kilobytes of a file or a short document). Shared by the source reader (a generated
  /// file's header) and the language server (a document that is a payload).
  package func containsBytes(of needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard count >= pattern.count, let first = pattern.first else { return false }
    let found = withContiguousStorageIfAvailable { bytes -> Bool in
      var i = 0
      let last = bytes.count - pattern.count
      while i <= last {
        if bytes[i] == first {
          var k = 1
          while k < pattern.count && bytes[i + k] == pattern[k] { k += 1 }
          if k == pattern.count { return true }
        }
        i += 1
      }
      return false
    }
    return found ?? Array(self).containsBytes(of: needle)
  }
}


extension String {
  /// Whether the string's UTF-8 holds `needle`'s, byte for byte (`contains` with a `String`
  /// argument goes through Foundation's `range(of:)`, which converts both to UTF-16 and compares
  /// canonical equivalents: a tenth of `strings lint` over a project's code and projects).
  package func containsUTF8(_ needle: StaticString) -> Bool {
    let found = utf8.withContiguousStorageIfAvailable { bytes in
      UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount).withMemoryRebound(to: UInt8.self) { pattern in
        bytes.firstOffset(of: pattern, from: 0) != nil
      }
    }
    if let found { return found }
    return Array(utf8).withUnsafeBufferPointer { bytes in
      UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount).withMemoryRebound(to: UInt8.self) { pattern in
        bytes.firstOffset(of: pattern, from: 0) != nil
      }
    }
  }
}

extension UnsafeBufferPointer where Element == UInt8 {
  /// The offset of the first occurrence of `pattern` at or after `start`, or nil: `memchr` for its
  /// first byte, `memcmp` for the rest (Glibc's `memmem` is not exported to Swift).
  package func firstOffset(of pattern: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = baseAddress, start >= 0, start <= count, pattern.count <= count - start else { return nil }
    guard let needle = pattern.baseAddress, !pattern.isEmpty else { return start }
    let last = count - pattern.count   // the last offset a match can start at
    var at = start
    while at <= last {
      guard let hit = memchr(base + at, Int32(needle.pointee), last - at + 1) else { return nil }
      let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      if pattern.count == 1 || memcmp(base + offset + 1, needle + 1, pattern.count - 1) == 0 { return offset }
      at = offset + 1
    }
    return nil
  }
}
