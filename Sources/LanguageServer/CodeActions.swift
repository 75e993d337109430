import APNsLint
import PayloadSchema

extension LanguageServer {
  /// `textDocument/codeAction`: the fix of each finding whose diagnostic touches the range, as a
  /// preferred quick fix (`FixPlanner.fixes`, the fixes `--fix` applies), and one
  /// `source.fixAll.apns-lint` action with every fix of the document that does not overlap one
  /// before it. `context.only` limits the kinds, as LSP says.
  func codeActions(_ uri: String, _ params: JSONValue) -> Result<JSONValue, ResponseError> {
    guard let range = TextRange(params["range"]) else {
      return .failure(ResponseError(.invalidParams, "params.range is not {start, end}"))
    }
    checkIfStale(uri)
    guard let document = documents[uri], let checked = document.checked, !document.published.isEmpty else { return .success([]) }
    let only = params["context"]?["only"]?.array?.compactMap(\.string)
    func wanted(_ kind: String) -> Bool { only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true }
    let table = document.kind == .table
    let map = LineMap(document.text)
    var actions: [JSONValue] = []
    if wanted("quickfix") {
      // The fixes of the findings here only (a fix is computed from the text: a catalog's costs a
      // read of its JSON); a fix several findings share is offered at each.
      let here = document.published.filter { $0.range.touches(range) }.compactMap(\.finding)
      for fix in FixPlanner.fixes(for: here, in: checked.text, carriageReturnEndsLine: table, eachFinding: true) {
        guard let diagnostic = document.published.first(where: { $0.finding == fix.finding }),
              let edits = Self.edits(fix.fix.edits, shift: checked.shift, map: map) else { continue }
        actions.append(["title": .string(fix.fix.title), "kind": "quickfix", "isPreferred": true,
                        "diagnostics": [diagnostic.json], "edit": ["changes": [uri: .array(edits)]]])
      }
    }
    if wanted(Self.fixAllKind) {
      // Every fix of the document, computed once for the findings published (editors ask at each
      // move of the cursor).
      let planned = document.allFixes ?? FixPlanner.fixes(for: document.published.compactMap(\.finding), in: checked.text,
                                                          carriageReturnEndsLine: table)
      documents[uri]?.allFixes = planned
      let kept = FixPlanner.compatible(planned).kept.filter { Self.edits($0.fix.edits, shift: checked.shift, map: map) != nil }
      if !kept.isEmpty, let edits = Self.edits(kept.flatMap(\.fix.edits), shift: checked.shift, map: map) {
        let diagnostics = kept.compactMap { fix in document.published.first { $0.finding == fix.finding }?.json }
        actions.append(["title": .string("apply apns-lint's \(kept.count) fix\(kept.count == 1 ? "" : "es")"), "kind": .string(Self.fixAllKind),
                        "diagnostics": .array(diagnostics), "edit": ["changes": [uri: .array(edits)]]])
      }
    }
    return .success(.array(actions))
  }

  /// LSP text edits of a fix's byte edits (in the checker's text): moved by the shift into the
  /// buffer and converted to UTF-16 positions; nil when one falls outside the buffer (a fix of
  /// a byte order mark the editor does not show).
  static func edits(_ edits: [TextEdit], shift: Int, map: LineMap) -> [JSONValue]? {
    var out: [JSONValue] = []
    for edit in edits.sorted() {
      let (start, end) = (edit.start + shift, edit.end + shift)
      guard start >= 0, end >= start, end <= map.text.count else { return nil }
      out.append(["range": map.range(start, end).json, "newText": .string(edit.replacement)])
    }
    return out
  }
}
