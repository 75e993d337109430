import TestSupport
import Testing
@testable import StringsFile

@Suite("PositionCounter: line and column of an offset")
struct PositionCounterTests {
  /// The straightforward counter (one unit at a time), as the reference.
  static func reference(_ text: [UInt16], _ target: Int) -> (Int, Int) {
    var line = 1
    var column = 1
    for offset in 0..<min(target, text.count) {
      let c = text[offset]
      if c == 0x0A {
        line += 1; column = 1
      } else if c == 0x0D {
        if !(offset + 1 < text.count && text[offset + 1] == 0x0A) { line += 1; column = 1 }
      } else if c >= 0xDC00 && c <= 0xDFFF && offset > 0 && text[offset - 1] >= 0xD800 && text[offset - 1] <= 0xDBFF {
      } else {
        column += 1
      }
    }
    return (line, column)
  }

  @Test func agreesWithTheReferenceOnRandomTexts() {
    var rng = SplitMix64(state: 6)
    let alphabet: [UInt16] = [0x61, 0x20, 0x0A, 0x0D, 0x0D, 0x09, 0xE9, 0xD83D, 0xDE00, 0xDE00, 0x2028]
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? 0x61 }
      text.withUnsafeBufferPointer { buffer in
        var counter = PositionCounter(text: buffer)
        for _ in 0..<6 {
          // Mostly forward, sometimes backwards (restart), sometimes past the end.
          let target = Int.random(in: 0...(text.count + 2), using: &rng)
          let got = counter.position(of: target)
          let want = Self.reference(text, target)
          #expect(got == want, "\(text) at \(target)")
        }
      }
    }
  }
}
