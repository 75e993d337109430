import Testing

@testable import LanguageServer

/// Positions as LSP counts them (0-based lines ended by `\n`, `\r\n` or `\r`; characters in
/// UTF-16 code units) against byte offsets of UTF-8 text, and findings' places (1-based lines
/// and columns of Unicode scalars, as the checker counts them) against byte offsets.
@Suite struct TextPositionsTests {
  @Test func positionsCountUTF16Units() {
    let text = Array("a😀é\r\nb\rc\nd".utf8)
    let map = LineMap(text)
    #expect(map.starts == [0, 9, 11, 13])
    #expect(map.position(of: 1) == Position(line: 0, character: 1))
    #expect(map.position(of: 5) == Position(line: 0, character: 3))
    #expect(map.position(of: 7) == Position(line: 0, character: 4))
    #expect(map.position(of: 8) == Position(line: 0, character: 4))   // in the line break: the line's end
    #expect(map.position(of: 10) == Position(line: 1, character: 1))
    #expect(map.position(of: 14) == Position(line: 3, character: 1))
    #expect(map.offset(of: Position(line: 0, character: 3)) == 5)
    #expect(map.offset(of: Position(line: 0, character: 2)) == 1)       // inside the surrogate pair: its start
    #expect(map.offset(of: Position(line: 0, character: 99)) == 7)      // past the line: its end
    #expect(map.offset(of: Position(line: 2, character: 0)) == 11)
    #expect(map.offset(of: Position(line: 9, character: 0)) == text.count)
  }

  @Test func changesApplyInUTF16Units() {
    let text = Array("x😀y\nz".utf8)
    let changed = TextDocument.applying([
      ["range": ["start": ["line": 0, "character": 3], "end": ["line": 1, "character": 0]], "text": "Y"],
      ["range": ["start": ["line": 0, "character": 1], "end": ["line": 0, "character": 3]], "text": "é"],
    ], to: text)
    #expect(changed.map { String(decoding: $0, as: UTF8.self) } == "xéYz")
    #expect(TextDocument.applying([["text": "new"]], to: text) == Array("new".utf8))
    #expect(TextDocument.applying([["range": ["start": ["line": 0]], "text": "x"]], to: text) == nil)
  }

  /// The checker's lines: a carriage return ends a table's line, not a payload's.
  @Test func findingPlacesAreTheCheckersLinesAndScalars() {
    let text = Array("a😀b\r\nc\rd".utf8)
    #expect(CheckerPlaces.offsets(of: [(1, 3), (2, 1), (3, 2), (1, 1)], in: text, carriageReturnEndsLine: true) == [5, 8, 11, 0])
    #expect(CheckerPlaces.offsets(of: [(2, 3), (9, 9)], in: text, carriageReturnEndsLine: false) == [10, text.count])
  }

  @Test func aDiagnosticCoversTheTokenThere() {
    let text = Array(#"{"k\"ey": 12.5e3, <key>, é}"#.utf8)
    #expect(CheckerPlaces.tokenEnd(text, from: 1) == 8)
    #expect(CheckerPlaces.tokenEnd(text, from: 10) == 16)
    #expect(CheckerPlaces.tokenEnd(text, from: 18) == 23)
    #expect(CheckerPlaces.tokenEnd(text, from: 25) == 27)
    #expect(CheckerPlaces.tokenEnd(text, from: 0) == 1)
  }
}
