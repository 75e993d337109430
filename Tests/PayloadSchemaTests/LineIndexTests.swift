import PayloadSchema
import Testing

/// `LineIndex`, the one converter from a byte offset to line:column (LintVocabulary): columns
/// count Unicode scalars; a line feed ends a line, and for a table's text a carriage return too,
/// alone or before a line feed.
@Suite struct LineIndexTests {
  @Test func jsonCountsLineFeedsAndScalars() {
    let bytes = Array("{\n  \"é\": 1}".utf8)
    #expect(LineIndex.position(of: 0, in: bytes) == SourcePosition(line: 1, column: 1, offset: 0))
    #expect(LineIndex.position(of: 7, in: bytes) == SourcePosition(line: 2, column: 5, offset: 7))
    #expect(LineIndex.position(of: 99, in: bytes).description == "2:10")
    // A carriage return is a character of the line for JSON.
    #expect(LineIndex.position(of: 3, in: Array("a\r\nb".utf8)).description == "2:1")
    #expect(LineIndex.position(of: 2, in: Array("a\rb".utf8)).description == "1:3")
  }

  @Test func aTableCountsCarriageReturnsAsCoreFoundationDoes() {
    for (text, offset, expected) in [("a\rb", 2, "2:1"), ("a\r\nb", 3, "2:1"), ("a\n\rb", 3, "3:1"), ("a\r\r\nb", 4, "3:1"), ("é\r\nü", 5, "2:2")] {
      #expect(LineIndex.position(of: offset, in: Array(text.utf8), carriageReturnEndsLine: true).description == expected, "\(text.debugDescription)")
    }
  }

  /// Stepping byte by byte from a running position gives what counting from the start gives.
  @Test func steppingEqualsCountingFromTheStart() {
    let bytes = Array("{\"aps\": {\r\n \"alert\": \"日本\",\n\"badge\": 1}}".utf8)
    for carriageReturnEndsLine in [false, true] {
      var running = LineIndex(carriageReturnEndsLine: carriageReturnEndsLine)
      for offset in bytes.indices {
        let counted = LineIndex.position(of: offset, in: bytes, carriageReturnEndsLine: carriageReturnEndsLine)
        #expect(running.line == counted.line && running.column == counted.column)
        running.step(bytes[offset])
      }
    }
  }
}
