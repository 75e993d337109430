import Testing
import TestSupport
@testable import LocFormat

/// The parser skips literal text over the UTF-8 bytes; strings without contiguous UTF-8 take the
/// scalar-by-scalar path. Both must read every format the same (pieces, ranges, issues).
@Suite struct ByteScanTests {
  static let alphabet: [String] = ["%", "%", "%", "@", "$", "1", "2", "0", "9", "d", " ", "l", "[", "a", "é", "\u{301}", "漢", "😀", "\r\n", "\n", "#", "."]

  @Test func bytePathEqualsScalarPath() {
    var random = SplitMix64(seed: 17_2)
    for _ in 0..<20_000 {
      let length = Int(random.next() % 24)
      let text = (0..<length).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }.joined()
      let fast = FormatParser.parse(text)
      let slow = FormatParser.parse(text, bytes: nil)
      #expect(fast.pieces == slow.pieces, "\(text.debugDescription)")
      #expect(fast.issues == slow.issues, "\(text.debugDescription)")
      #expect(fast.positions == slow.positions && fast.argumentIndices == slow.argumentIndices, "\(text.debugDescription)")
    }
  }
}
