import Foundation
import Testing
@testable import StringsFile
import TestSupport

/// The old-style reader over UTF-8 bytes (most tables, read without a UTF-16 copy) against the
/// same reader over UTF-16 units (CoreFoundation's own text, the reference): same entries, values,
/// positions, comments, duplicate keys and findings with their messages and line:column.
@Suite("Text .strings: the UTF-8 reader equals the UTF-16 reader")
struct UTF8ReaderTests {
  /// The table read from `text`'s UTF-8 bytes and from its UTF-16 units; the first is nil when the
  /// UTF-8 reader leaves the file to the UTF-16 one.
  static func readBoth(_ text: String) -> (utf8: StringsTable?, utf16: StringsTable?) {
    let bytes = Array(text.utf8)
    let units = Array(text.utf16)
    let viaUTF8 = bytes.withUnsafeBufferPointer {
      StringsParser.textTable($0, bytes: bytes, path: "t.strings", encoding: "utf-8", note: nil)
    }
    let viaUTF16 = units.withUnsafeBufferPointer {
      StringsParser.textTable($0, bytes: bytes, path: "t.strings", encoding: "utf-8", note: nil)
    }
    return (viaUTF8, viaUTF16)
  }

  /// Compares the two readings; false when the UTF-8 reader gave the file up.
  @discardableResult
  static func expectSame(_ text: String, _ label: @autoclosure () -> String) -> Bool {
    let (a, b) = readBoth(text)
    guard let b else {
      Issue.record("\(label()): the UTF-16 reader gave nothing")
      return false
    }
    guard let a else { return false }
    #expect(a.entries == b.entries, "\(label()): entries differ")
    #expect(a.findings == b.findings, "\(label()): findings differ:\n\(a.findings)\n\(b.findings)")
    #expect(a.values == b.values, "\(label()): maps differ")
    #expect(a.format == b.format)
    return true
  }

  /// Duplicate-key findings as the reader made them before `KeyIndex`: a `[String: Int]` of the
  /// last line of each key (canonical equivalence).
  static func referenceDuplicates(_ table: StringsTable) -> [String] {
    var lines: [String: (line: Int?, value: String)] = [:]
    var messages: [String] = []
    for entry in table.entries {
      if let (previous, value) = lines[entry.key], let previous {
        // The same value again is `strings-duplicate-same-value`: nothing changes on the device.
        messages.append(value == entry.value
          ? "key '\(entry.key)' is defined again with the same value as on line \(previous): nothing changes on the device"
          : "key '\(entry.key)' is defined again with another text; line \(previous)'s never shows, the last definition wins")
      }
      lines[entry.key] = (entry.line, entry.value)
    }
    return messages
  }

  @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason))) func everyCorpusTableReadsTheSame() throws {
    var compared = 0
    for url in corpusFiles(["strings"]) {
      let bytes = [UInt8](try Data(contentsOf: url))
      guard !bytes.starts(with: Array("bplist00".utf8)), case .success(let decoded) = TextDecoder.decode(bytes) else { continue }
      let text = String(decoding: decoded.units, as: UTF16.self)
      guard Array(text.utf16) == decoded.units else { continue }  // lone surrogates: UTF-16 only
      if Self.expectSame(text, url.path) { compared += 1 }
      guard !text.isEmpty else { continue }  // empty files: each encoding has its own message
      // The public path: the file as UTF-8 (no BOM, with a BOM) and as UTF-16 with a BOM.
      let asUTF8 = StringsParser.parse(Data(text.utf8), path: "t.strings")
      let withBOM = StringsParser.parse(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), path: "t.strings")
      let asUTF16 = StringsParser.parse(Data(utf16LE(text)), path: "t.strings")
      for other in [withBOM, asUTF16] {
        #expect(asUTF8.entries == other.entries, "\(url.path)")
        #expect(asUTF8.findings == other.findings, "\(url.path)")
        #expect(asUTF8.values == other.values, "\(url.path)")
      }
      let duplicates = asUTF8.findings.filter { $0.stringsRule == .duplicateOtherValue || $0.stringsRule == .duplicateSameValue }.map(\.message)
      #expect(duplicates == Self.referenceDuplicates(asUTF8), "\(url.path)")
    }
    #expect(compared > 200)
  }

  static let pieces = [
    "\"", "'", "a", "key", "K", "_$/:.-", "=", " = ", ";", "{", "}", "(", ")", ",", "<", ">", "<0a>", "<0A b1>", "<é>", "<0é>",
    "/", "*", "//", "/*", "*/", "/* comment */", "/* \u{A0}note\u{2028} */", "// line comment\n", "//\u{85} x \u{2029}",
    "/*\u{85}x\u{A0}*/", "/* x\u{2029}*/", "/*\u{2028}*/", "// c\u{A0}\n", "/* é\u{85}*/\"k\" = \"v\";", "/*\u{A0} \u{A0}*/k;",
    "\\", "\\n", "\\t", "\\\"", "\\'", "\\\\", "\\a", "\\U00e9", "\\U00E9", "\\UD83D\\UDE00", "\\UD83D", "\\UDE00", "\\U12345",
    "\\u00e9", "\\351", "\\377", "\\0", "\\1234", "\\é", "\\😀", "\\\n", "\\z",
    " ", "\n", "\r\n", "\r", "\t", "é", "😀", "日本", "e\u{301}", "\u{212A}", "\u{37E}", "\u{1FEF}", "\u{2028}", "\u{2029}",
    "\u{A0}", "\u{85}", "\u{FEFF}", "\u{0}",
    "\"k\" = \"v\";", "x = y;", "\"K\" = \"1\";", "\"\u{212A}\" = \"2\";", "\"é\" = \"1\";", "\"e\u{301}\" = \"2\";",
    "\";\" = \"3\";", "\"\u{37E}\" = \"4\";", "\"k\";", "k = (a, b);", "k = {a = b;};", "k = <0a0b>;",
  ]

  @Test func tokenSoupReadsTheSame() {
    var rng = SplitMix64(state: 2611)
    var compared = 0
    for round in 0..<6000 {
      let n = Int.random(in: 1...16, using: &rng)
      let source = (0..<n).map { _ in Self.pieces.randomElement(using: &rng) ?? "" }.joined()
      if Self.expectSame(source, "soup \(round): \(source.debugDescription)") { compared += 1 }
      if let table = Self.readBoth(source).utf8 {
        let duplicates = table.findings.filter { $0.stringsRule == .duplicateOtherValue || $0.stringsRule == .duplicateSameValue }.map(\.message)
        #expect(duplicates == Self.referenceDuplicates(table), "\(source.debugDescription)")
      }
    }
    #expect(compared > 5000)
  }

  @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason))) func corpusMutantsReadTheSame() throws {
    var rng = SplitMix64(state: 1124)
    let texts: [String] = try corpusFiles(["strings"]).compactMap { url in
      let bytes = [UInt8](try Data(contentsOf: url))
      guard !bytes.starts(with: Array("bplist00".utf8)), case .success(let decoded) = TextDecoder.decode(bytes) else { return nil }
      let text = String(decoding: decoded.units, as: UTF16.self)
      return text.isEmpty ? nil : text
    }
    #expect(texts.count > 200)
    var compared = 0
    for round in 0..<1500 {
      guard let base = texts.randomElement(using: &rng) else { break }
      var scalars = Array(base.unicodeScalars)
      // Keep mutants small enough to compare quickly: a window of the file.
      if scalars.count > 3000 {
        let start = Int.random(in: 0...(scalars.count - 3000), using: &rng)
        scalars = Array(scalars[start..<(start + 3000)])
      }
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let at = Int.random(in: 0...scalars.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
          let piece = Self.pieces.randomElement(using: &rng) ?? ""
          scalars.insert(contentsOf: piece.unicodeScalars, at: at)
        case 1:
          let stop = min(scalars.count, at + Int.random(in: 1...20, using: &rng))
          scalars.removeSubrange(at..<stop)
        default:
          if at < scalars.count, let c = "\"';=\\/*\n{}(<".unicodeScalars.randomElement(using: &rng) { scalars[at] = c }
        }
      }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      if Self.expectSame(text, "mutant \(round)") { compared += 1 }
    }
    #expect(compared > 1400)
  }

  @Test func dataWithNonASCIIGoesToTheUTF16Reader() {
    // CF tests the low byte of a UTF-16 unit in data: U+0130 is '0' there.
    let source = "\"k\" = <a\u{130}>;"
    #expect(Self.readBoth(source).utf8 == nil)
    let table = StringsParser.parse(Data(source.utf8), path: "t.strings")
    #expect(table.encoding == "utf-8")
    #expect(table.findings.map(\.stringsRule) == [.syntax])
    let viaUTF16 = StringsParser.parse(Data(utf16LE(source)), path: "t.strings")
    #expect(table.findings == viaUTF16.findings)
  }

  @Test func validationAgreesWithTheDecoder() {
    var rng = SplitMix64(state: 99)
    let alphabet: [UInt8] = [0x61, 0x22, 0x0A, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x9F]
    for _ in 0..<20000 {
      let bytes = (0..<Int.random(in: 0...24, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? 0x61 }
      let valid = bytes.withUnsafeBufferPointer { isValidUTF8($0) }
      let decoded: Bool
      if case .success = TextDecoder.decodeUTF8(bytes, from: 0) { decoded = true } else { decoded = false }
      #expect(valid == decoded, "\(bytes)")
      // Both read sequences through `utf8Sequence`: the standard library is the independent judge.
      #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
  }

  @Test func utf16BytesBecomeTheSameUTF8AsTheirUnits() {
    var rng = SplitMix64(state: 16)
    let alphabet: [UInt16] = [0x41, 0x0A, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x2028, 0xFFFD, 0xD83D, 0xDE00, 0xDBFF, 0xDC00]
    for _ in 0..<20000 {
      let units = (0..<Int.random(in: 0...20, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? 0x41 }
      let bigEndian = Bool.random(using: &rng)
      var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      for u in units { bytes += bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
      if Int.random(in: 0..<8, using: &rng) == 0 { bytes.append(0x41) }  // odd length
      let direct = TextDecoder.utf8(fromUTF16Bytes: bytes, from: 2, bigEndian: bigEndian)
      var viaUnits: [UInt8]? = nil
      if case .success(let decoded) = TextDecoder.decodeUTF16(bytes, from: 2, bigEndian: bigEndian) {
        viaUnits = TextDecoder.utf8(fromUTF16: decoded.units)
        if let utf8 = viaUnits { #expect(Array(String(decoding: decoded.units, as: UTF16.self).utf8) == utf8) }
      }
      #expect(direct == viaUnits, "\(bytes)")
    }
  }

  @Test func keyIndexFindsEqualKeysAsStringDoes() {
    var rng = SplitMix64(state: 5)
    let keys = ["K", "\u{212A}", "é", "e\u{301}", ";", "\u{37E}", "`", "\u{1FEF}", "a", "ab", "abcdefghijklmnop", "abcdefghijklmnoq", "日本", ""]
    for round in 0..<3000 {
      // Short probe limits send the keys to the Dictionary part way through.
      var index = KeyIndex(expected: 1, maxProbes: [0, 1, 2, 64][round % 4])
      var entries: [StringsEntry] = []
      var reference: [String: Int] = [:]
      for i in 0..<Int.random(in: 1...40, using: &rng) {
        let key = keys.randomElement(using: &rng) ?? ""
        let got = index.insert(key, at: i, in: entries)
        #expect(got == reference.updateValue(i, forKey: key), "\(entries.map(\.key)) + \(key)")
        entries.append(StringsEntry(key: key, value: ""))
      }
    }
  }
}
