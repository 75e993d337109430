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
