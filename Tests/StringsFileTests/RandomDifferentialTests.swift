import Foundation
import Testing
@testable import StringsFile
import TestSupport

@Suite("Random inputs: same map as PropertyListSerialization, never a crash")
struct RandomDifferentialTests {
  static let pieces = [
    "\"", "'", "a", "key", "=", ";", "{", "}", "(", ")", ",", "<", ">", "0a", "/", "*", "//", "/*", "*/",
    "\\", "\\n", "\\U00e9", "\\351", " ", "\n", "é", "\u{2028}", "\u{A0}", "\"k\" = \"v\";", "x = y;",
  ]

  @Test func tokenSoupAgreesWithFoundation() {
    var rng = SplitMix64(state: 2026)
    var agreed = 0
    for _ in 0..<3000 {
      let n = Int.random(in: 1...12, using: &rng)
      let source = (0..<n).map { _ in Self.pieces.randomElement(using: &rng) ?? "" }.joined()
      let bytes = Array(source.utf8)
      let t = StringsParser.parse(Data(bytes), path: "r.strings")
      let fatal = t.findings.contains { StringsTable.fatalRules.contains($0.rule) }
      let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
      if let dictionary = plist as? [String: Any], dictionary.values.allSatisfy({ $0 is String }) {
        #expect(!fatal, "\(source.debugDescription): \(t.findings)")
        #expect(t.values == dictionary.compactMapValues { $0 as? String }, "\(source.debugDescription)")
      } else {
        #expect(fatal, "\(source.debugDescription): Foundation gives \(String(describing: plist))")
      }
      agreed += 1
    }
    #expect(agreed == 3000)
  }

  @Test func randomBytesNeverCrash() {
    var rng = SplitMix64(state: 7)
    let prefixes: [[UInt8]] = [[], [0xFF, 0xFE], [0xFE, 0xFF], [0xEF, 0xBB, 0xBF], [0, 0, 0xFE, 0xFF], Array("bplist00".utf8)]
    for _ in 0..<2000 {
      let body = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let bytes = (prefixes.randomElement(using: &rng) ?? []) + body
      let t = StringsParser.parse(Data(bytes), path: "r.strings")
      #expect(t.findings.allSatisfy { $0.line >= 1 && $0.column >= 1 })
    }
  }
}
