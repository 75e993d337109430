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

@Suite("UTF8PositionCounter: line and column of a byte offset")
struct UTF8PositionCounterTests {
  @Test func agreesWithTheUTF16CounterOnRandomTexts() {
    var rng = SplitMix64(state: 8)
    let alphabet: [String] = ["a", " ", "\n", "\r", "\r", "\r\n", "\t", "é", "😀", "日", "\u{2028}", "\u{85}"]
    for _ in 0..<3000 {
      let pieces = (0..<Int.random(in: 0...60, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "a" }
      let text = pieces.joined()
      // The offsets of each character in UTF-8 and in UTF-16.
      var utf8Offsets: [Int] = [0]
      var utf16Offsets: [Int] = [0]
      for scalar in text.unicodeScalars {
        utf8Offsets.append(utf8Offsets[utf8Offsets.count - 1] + String(scalar).utf8.count)
        utf16Offsets.append(utf16Offsets[utf16Offsets.count - 1] + String(scalar).utf16.count)
      }
      let bytes = Array(text.utf8)
      let units = Array(text.utf16)
      bytes.withUnsafeBufferPointer { b in
        units.withUnsafeBufferPointer { u in
          var counter8 = UTF8PositionCounter(text: b)
          var counter16 = PositionCounter(text: u)
          for _ in 0..<8 {
            // Mostly forward, sometimes backwards (restart), sometimes past the end.
            let k = Int.random(in: 0...(utf8Offsets.count + 1), using: &rng)
            let (o8, o16) = k < utf8Offsets.count ? (utf8Offsets[k], utf16Offsets[k]) : (bytes.count + 3, units.count + 3)
            #expect(counter8.position(of: o8) == counter16.position(of: o16), "\(text.debugDescription) at \(k)")
          }
        }
      }
    }
  }
}
