import PayloadSchema
import Testing

/// Tool errors have one shape (issue 39): `path:line:column: kind: message`, with only the
/// position's parts that exist, the path and message made visible.
@Suite struct ToolProblemTests {
  @Test func theOneShape() {
    #expect(ToolProblem("cannot read: Permission denied", path: "a.json").description == "a.json: error: cannot read: Permission denied")
    #expect(ToolProblem("expected a header", path: "r.http", line: 2, column: 1).description == "r.http:2:1: error: expected a header")
    #expect(ToolProblem("a line", path: "b.ndjson", line: 7).description == "b.ndjson:7: error: a line")
    #expect(ToolProblem("no input").description == "error: no input")
    #expect(ToolProblem("no ActivityAttributes", kind: .warning).description == "warning: no ActivityAttributes")
    // A file name with a newline and a bidi override cannot start a line or reorder what is shown.
    #expect(ToolProblem("cannot read", path: "evil\n::error::x\u{202E}.json").description
      == #"evil\n::error::x\u{202E}.json: error: cannot read"#)
  }
}
