import APNsLint
import PayloadSchema
import StringsFile

extension LanguageServer {
  /// `textDocument/hover`: an Apple key's meaning under the cursor, and the rule of each
  /// diagnostic there (or of a rule id written there); null when there is nothing to say.
  func hover(_ uri: String, _ params: JSONValue) -> Result<JSONValue, ResponseError> {
    guard let position = Position(params["position"]) else {
      return .failure(ResponseError(.invalidParams, "params.position is not {line, character}"))
    }
    checkIfStale(uri)
    guard let document = documents[uri] else { return .success(.null) }
    let map = LineMap(document.text)
    let offset = map.offset(of: position)
    var sections: [String] = []
    var range: TextRange? = nil
    if document.kind == .payload || document.kind == .request, let (key, span) = keyHovered(document, offset: offset) {
      sections.append(key.markdown)
      range = map.range(span.lowerBound, span.upperBound)
    }
    var rules: [String] = []
    for diagnostic in document.published where diagnostic.range.contains(position) {
      if let finding = diagnostic.finding, !rules.contains(finding.rule.rawValue) {
        rules.append(finding.rule.rawValue)
        sections.append(ruleMarkdown(finding.rule.rawValue, finding: finding))
        range = range ?? diagnostic.range
      }
    }
    if rules.isEmpty, let (word, span) = Self.word(at: offset, in: document.text), Rule.named(word) != nil {
      sections.append(ruleMarkdown(word, finding: nil))
      range = map.range(span.lowerBound, span.upperBound)
    }
    guard !sections.isEmpty else { return .success(.null) }
    var result: [String: JSONValue] = ["contents": ["kind": "markdown", "value": .string(sections.joined(separator: "\n\n---\n\n"))]]
    if let range { result["range"] = range.json }
    return .success(.object(result))
  }

  /// The Apple key whose name is under the cursor, with the span of its name.
  private func keyHovered(_ document: TextDocument, offset: Int) -> (PayloadKey, Range<Int>)? {
    let start = document.kind == .request ? PayloadCursor.bodyStart(of: document.text) : 0
    guard offset >= start else { return nil }
    var slot = PayloadCursor.slot(at: offset, in: document.text, from: start)
    if case .key(_, _, _, true) = slot {} else if offset < document.text.count && document.text[offset] == UInt8(ascii: "\"") {
      // On the opening quote: the key that starts there.
      slot = PayloadCursor.slot(at: offset + 1, in: document.text, from: start)
    }
    guard case .key(let container, let name, let span, true) = slot, let key = PayloadKeys.key(name, in: container) else { return nil }
    // The whole name, even when the cursor is in its middle.
    var end = span.upperBound
    while end < document.text.count && document.text[end] != UInt8(ascii: "\"") && document.text[end] != 0x0A { end += 1 }
    return (key, span.lowerBound..<end)
  }

  /// A rule as Markdown: its id and severity, summary, consequence and fix (`apns-lint rules`).
  func ruleMarkdown(_ id: String, finding: Finding?) -> String {
    guard let rule = Rule.named(id) else { return "**\(id)**" }
    let level = checker?.configuration.level(of: rule.id) ?? rule.defaultLevel
    var severity = "severity: \(level.name)"
    if let finding, case .on(let configured) = level, finding.severity != configured {
      severity = "severity: \(finding.severity.rawValue) here (the rule's: \(configured.rawValue))"
    }
    var out = "**\(id)** · \(severity)\n\n\(rule.summary)\n\n\(rule.consequence)"
    if let answer = rule.apnsAnswer { out += "\n\nAPNs answers \(answer)." }
    if !rule.fix.explanation.isEmpty { out += "\n\nFix: \(rule.fix.explanation)" }
    return out
  }

  /// The rule-id-like word under the cursor (`value-type`): lowercase letters, digits and `-`.
  static func word(at offset: Int, in text: [UInt8]) -> (String, Range<Int>)? {
    func isIDByte(_ byte: UInt8) -> Bool {
      (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
    }
    var start = min(offset, text.count)
    while start > 0 && isIDByte(text[start - 1]) && offset - start < 64 { start -= 1 }
    var end = min(offset, text.count)
    while end < text.count && isIDByte(text[end]) && end - offset < 64 { end += 1 }
    guard end > start else { return nil }
    return (String(decoding: text[start..<end], as: UTF8.self), start..<end)
  }
}
