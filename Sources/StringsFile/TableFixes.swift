// The fixes of the text-table rules (issue 51, SPEC §3.4): a missing `;`, quotes left unescaped
// inside a value, a key defined again with the same value, a `\u` escape. Each reads the text a
// finding stands in again with a small lexer of CoreFoundation's tokens and edits only when the
// text around the finding has exactly the shape whose intent is certain; anything else is no fix.

import LintVocabulary

/// The fixes of `strings-syntax`, `strings-duplicate-same-value` and `strings-escape` in a text
/// `.strings` table, computed from the table's UTF-8 text (a UTF-8 byte order mark counted, as
/// ``FixSite`` says) and one finding.
///
/// ```swift
/// let site = FixSite(text: Array("\"A\" = \"a\"\n\"B\" = \"b\";".utf8), finding: finding, carriageReturnEndsLine: true)
/// TextTableFixes.syntax(site)?.edits    // [TextEdit(start: 9, end: 9, replacement: ";")]
/// ```
package enum TextTableFixes {
  /// A token of a text table as CoreFoundation's old-style parser splits it.
  struct Token {
    enum Kind { case quoted, word, punctuation, comment, other }
    var kind: Kind
    /// Its first byte's offset and the offset after its last.
    var start: Int
    var end: Int
    /// Its first byte.
    var first: UInt8
  }

  // MARK: strings-syntax

  /// A missing `;` after a value, or quotes left unescaped inside a value (see ``missingSemicolon(_:)``
  /// and ``unescapedQuotes(_:)``); nil for every other syntax error and every uncertain text.
  package static func syntax(_ site: FixSite) -> FindingFix? {
    guard site.finding.message.hasPrefix("expected ';' after the value of ") else { return nil }
    return missingSemicolon(site) ?? unescapedQuotes(site)
  }

  /// Whether the finding's message names the key written at `key` (a key with an escape is not
  /// compared: no fix).
  static func names(_ site: FixSite, key: Token, in text: [UInt8]) -> Bool {
    guard key.kind == .quoted, key.end - key.start >= 2 else { return false }
    let raw = text[(key.start + 1)..<(key.end - 1)]
    guard !raw.contains(UInt8(ascii: "\\")) else { return false }
    return site.finding.message.hasPrefix("expected ';' after the value of '" + String(decoding: raw, as: UTF8.self) + "', found ")
  }

  /// `"A" = "a"` followed by the next entry's `"B" =` (or the end of the file) with no `;`: the
  /// `;` goes right after the value's closing quote. The entry must be `"key" = "value"` after the
  /// start of the file, a `{` or a `;`, and stand where the finding says the `;` is missing.
  static func missingSemicolon(_ site: FixSite) -> FindingFix? {
    let text = site.text
    guard let at = offset(of: site.finding, in: text) else { return nil }
    let (tokens, complete) = lex(text)
    let significant = tokens.filter { $0.kind != .comment }
    guard let found = significant.firstIndex(where: { $0.start >= at }) ?? (complete && at == text.count ? significant.count : nil),
          found == significant.count || significant[found].start == at, found >= 3 else { return nil }
    let value = significant[found - 1], equals = significant[found - 2], key = significant[found - 3]
    guard value.kind == .quoted, text[value.start] == UInt8(ascii: "\""), isPunctuation(equals, "="), key.kind == .quoted,
          found == 3 || isPunctuation(significant[found - 4], ";") || isPunctuation(significant[found - 4], "{"),
          names(site, key: key, in: text) else { return nil }
    // What follows starts the next entry, `"key" =`, or nothing does.
    if found < significant.count {
      guard significant[found].kind == .quoted, found + 1 < significant.count, isPunctuation(significant[found + 1], "=") else { return nil }
    }
    return FindingFix("insert the missing ';' after the value of \(excerpt(text, key))",
                      edits: [TextEdit(start: value.end, end: value.end, replacement: ";")])
  }

  /// `"key" = "say "hi" now";` alone on its line: the value's closing quote is the last `"` before
  /// the line's final `;`, so the quotes between are text; each gets its backslash. Not offered
  /// when a quote inside is followed by `;` or `=` (a second entry on the line), when the value
  /// is not double-quoted or when the finding is not on that line, after the first quote inside.
  static func unescapedQuotes(_ site: FixSite) -> FindingFix? {
    let text = site.text
    guard let at = offset(of: site.finding, in: text), at < text.count else { return nil }
    let line = lineRange(around: at, in: text)
    let start = max(line.lowerBound, bomLength(text))
    // `"key"`, `=`, `"` at the start of the line (spaces and tabs before each).
    var i = skipBlanks(text, from: start, to: line.upperBound)
    guard i < line.upperBound, text[i] == UInt8(ascii: "\""), let keyEnd = quotedEnd(text, from: i, limit: line.upperBound) else { return nil }
    let key = Token(kind: .quoted, start: i, end: keyEnd, first: text[i])
    guard names(site, key: key, in: text) else { return nil }
    i = skipBlanks(text, from: keyEnd, to: line.upperBound)
    guard i < line.upperBound, text[i] == UInt8(ascii: "=") else { return nil }
    let open = skipBlanks(text, from: i + 1, to: line.upperBound)
    guard open < line.upperBound, text[open] == UInt8(ascii: "\"") else { return nil }
    // The line ends with `"`, `;` and blanks (blanks between them too): that quote closes the value.
    var last = line.upperBound
    while last > open, text[last - 1] == 0x20 || text[last - 1] == 0x09 { last -= 1 }
    guard last > open + 1, text[last - 1] == UInt8(ascii: ";") else { return nil }
    var close = last - 1
    while close > open, text[close - 1] == 0x20 || text[close - 1] == 0x09 { close -= 1 }
    close -= 1
    guard close > open, text[close] == UInt8(ascii: "\"") else { return nil }
    var inner: [Int] = []
    var j = open + 1
    while j < close {
      if text[j] == UInt8(ascii: "\\") { j += 2; continue }
      if text[j] == UInt8(ascii: "\"") { inner.append(j) }
      j += 1
    }
    // An escape that swallows the closing quote, or no quote inside: not this error.
    guard j == close, let first = inner.first, first < at, at < close else { return nil }
    for q in inner {
      let after = skipBlanks(text, from: q + 1, to: close)
      if after < close, text[after] == UInt8(ascii: ";") || text[after] == UInt8(ascii: "=") { return nil }
      var before = q
      while before > open + 1, text[before - 1] == 0x20 || text[before - 1] == 0x09 { before -= 1 }
      if text[before - 1] == UInt8(ascii: "=") { return nil }
    }
    let count = inner.count == 1 ? "the quote" : "the \(inner.count) quotes"
    return FindingFix("escape \(count) inside the value of \(excerpt(text, key))",
                      edits: inner.map { TextEdit(start: $0, end: $0, replacement: "\\") })
  }

  // MARK: strings-duplicate-same-value

  /// Removes the definition a key's same-valued later definition overrides (the last one wins,
  /// with the same text): its whole line, so no blank line is left. The comment right above it
  /// goes with it only when the later definition has the same comment right above it (the same
  /// note twice); otherwise it stays, as every byte the finding is not about does. A blank line
  /// that would be left doubled goes too. Offered when every earlier definition of the key has
  /// that value (removing one never uncovers another value) and the definition stands alone on
  /// its lines.
  package static func removeEarlierDefinition(_ site: FixSite) -> FindingFix? {
    let text = site.text
    guard let key = site.finding.keyPath, site.finding.line >= 1 else { return nil }
    let bom = bomLength(text)
    guard let table = StringsParser.utf8Table(text, from: bom, path: "Fix.strings", valueMap: false), table.format == .text else { return nil }
    let entries = table.entries
    guard let later = entries.firstIndex(where: { $0.key == key && $0.line == site.finding.line && $0.column == site.finding.column }) else {
      return nil
    }
    let earlier = entries[..<later].indices.filter { entries[$0].key == key }
    guard let removed = earlier.last, earlier.allSatisfy({ entries[$0].value == entries[later].value }),
          let removedLine = entries[removed].line, let removedColumn = entries[removed].column,
          let laterLine = entries[later].line, let laterColumn = entries[later].column,
          let start = offset(line: removedLine, column: removedColumn, in: text),
          let laterStart = offset(line: laterLine, column: laterColumn, in: text),
          let entryEnd = entryEnd(text, from: start) else { return nil }
    // Alone on its lines: blanks before the key, blanks then a line break (or the end) after the `;`.
    let first = lineRange(around: start, in: text).lowerBound
    guard skipBlanks(text, from: max(first, bom), to: start) == start else { return nil }
    let afterSemicolon = skipBlanks(text, from: entryEnd, to: text.count)
    guard afterSemicolon == text.count || isLineBreak(text[afterSemicolon]) else { return nil }
    var from = max(first, bom)
    var to = afterBreak(text, at: afterSemicolon)
    if let comment = attachedComment(text, before: start), let laterComment = attachedComment(text, before: laterStart),
       text[comment.start..<comment.end].elementsEqual(text[laterComment.start..<laterComment.end]) {
      from = max(lineRange(around: comment.start, in: text).lowerBound, bom)
    }
    // A blank line (or the start) before and a blank line after: one of them goes too.
    let startsBlock = from == bom || isBlankLine(text, endingAt: from)
    if startsBlock, to < text.count, let blankEnd = blankLineEnd(text, from: to) { to = blankEnd }
    return FindingFix("remove the earlier definition of '\(VisibleText.excerpt(key, limit: 40))' on line \(removedLine), which says the same",
                      edits: [TextEdit(start: from, end: to, replacement: "")])
  }

  // MARK: strings-escape

  /// `\u00e9` (a lowercase `u` and four hex digits, not a surrogate): CoreFoundation reads `u` and
  /// the digits, and `\U00e9` is the escape that was meant; the `u` becomes `U`.
  package static func uppercaseUnicodeEscape(_ site: FixSite) -> FindingFix? {
    let text = site.text
    guard site.finding.message.hasPrefix("'\\u' is not an escape"), let at = offset(of: site.finding, in: text),
          at + 6 <= text.count, text[at] == UInt8(ascii: "\\"), text[at + 1] == UInt8(ascii: "u") else { return nil }
    let digits = text[(at + 2)..<(at + 6)]
    guard digits.allSatisfy(isHexDigit), let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
          !(0xD800...0xDFFF).contains(value) else { return nil }
    let written = String(decoding: text[at..<(at + 6)], as: UTF8.self)
    return FindingFix("write '\(written)' as '\\U\(String(decoding: digits, as: UTF8.self))'",
                      edits: [TextEdit(start: at + 1, end: at + 2, replacement: "U")])
  }

  // MARK: Places in the text

  /// The finding's byte offset in `text`: its own offset, else its line and column counted as the
  /// text reader counts them (a carriage return ends a line; a UTF-8 byte order mark takes no
  /// column).
  static func offset(of finding: Finding, in text: [UInt8]) -> Int? {
    if finding.offset >= 0 { return finding.offset <= text.count ? finding.offset : nil }
    return offset(line: finding.line, column: finding.column, in: text)
  }

  /// The byte offset of a 1-based line and column of a table's text (see ``offset(of:in:)``).
  static func offset(line: Int, column: Int, in text: [UInt8]) -> Int? {
    let bom = bomLength(text)
    guard let inner = FixSite.offset(line: line, column: column, in: Array(text[bom...]), carriageReturnEndsLine: true) else { return nil }
    return inner + bom
  }

  /// 3 when the text starts with a UTF-8 byte order mark, else 0.
  static func bomLength(_ text: [UInt8]) -> Int { text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }

  static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  /// The line holding `offset`, without its line break.
  static func lineRange(around offset: Int, in text: [UInt8]) -> Range<Int> {
    var start = min(offset, text.count)
    while start > 0, !isLineBreak(text[start - 1]) { start -= 1 }
    var end = min(offset, text.count)
    while end < text.count, !isLineBreak(text[end]) { end += 1 }
    return start..<end
  }

  /// The first byte from `from` that is not a space or a tab (`limit` when there is none).
  static func skipBlanks(_ text: [UInt8], from: Int, to limit: Int) -> Int {
    var i = from
    while i < limit, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
    return i
  }

  /// The byte after the line break at `at` (CRLF counted once); `at` when there is none.
  static func afterBreak(_ text: [UInt8], at: Int) -> Int {
    guard at < text.count, isLineBreak(text[at]) else { return at }
    return text[at] == 0x0D && at + 1 < text.count && text[at + 1] == 0x0A ? at + 2 : at + 1
  }

  /// The end of the blank line (blanks and its line break) that starts at `from`; nil when it is not blank.
  static func blankLineEnd(_ text: [UInt8], from: Int) -> Int? {
    let end = skipBlanks(text, from: from, to: text.count)
    guard end < text.count, isLineBreak(text[end]) else { return nil }
    return afterBreak(text, at: end)
  }

  /// Whether the line that ends (with its line break) right before `lineStart` is blank.
  static func isBlankLine(_ text: [UInt8], endingAt lineStart: Int) -> Bool {
    guard lineStart > 0, isLineBreak(text[lineStart - 1]) else { return false }
    let previous = lineRange(around: lineStart - 1, in: text)
    return skipBlanks(text, from: max(previous.lowerBound, bomLength(text)), to: previous.upperBound) == previous.upperBound
  }

  /// The byte after the `;` of the entry whose key starts at `start` (`key = value;` or `key;`);
  /// nil when the tokens there are not one such entry.
  static func entryEnd(_ text: [UInt8], from start: Int) -> Int? {
    let (tokens, _) = lex(text, from: start, count: 5)
    let significant = tokens.filter { $0.kind != .comment }
    guard let key = significant.first, key.start == start, key.kind == .quoted || key.kind == .word, significant.count >= 2 else { return nil }
    if isPunctuation(significant[1], ";") { return significant[1].end }
    guard significant.count >= 4, isPunctuation(significant[1], "="), significant[2].kind == .quoted || significant[2].kind == .word,
          isPunctuation(significant[3], ";") else { return nil }
    return significant[3].end
  }

  /// The comment right above the key at `start`: it ends on the line before and starts its own line.
  static func attachedComment(_ text: [UInt8], before start: Int) -> Token? {
    let keyLine = lineRange(around: start, in: text)
    guard keyLine.lowerBound > 0 else { return nil }
    var end = keyLine.lowerBound - 1
    if text[end] == 0x0A, end > 0, text[end - 1] == 0x0D { end -= 1 }
    while end > 0, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
    let previousLine = lineRange(around: keyLine.lowerBound - 1, in: text)
    // `*/` ending the line: its `/*` is found by lexing from the start of the file.
    let (tokens, _) = lex(text, upTo: end)
    guard let comment = tokens.last(where: { $0.end == end }), comment.kind == .comment else { return nil }
    let commentLine = lineRange(around: comment.start, in: text)
    guard skipBlanks(text, from: max(commentLine.lowerBound, bomLength(text)), to: comment.start) == comment.start,
          comment.end <= previousLine.upperBound else { return nil }
    return comment
  }

  static func isPunctuation(_ token: Token, _ character: Unicode.Scalar) -> Bool {
    token.kind == .punctuation && UInt32(token.first) == character.value
  }

  // MARK: The lexer

  /// The tokens of `text` from `from` (after the byte order mark by default), at most `count`
  /// of them that are not comments, none starting at or after `limit`; `complete` is false when
  /// an unterminated string or comment stopped the reading.
  static func lex(_ text: [UInt8], from: Int? = nil, count: Int = .max, upTo limit: Int? = nil) -> (tokens: [Token], complete: Bool) {
    var tokens: [Token] = []
    var significant = 0
    var i = from ?? bomLength(text)
    let stop = min(limit ?? text.count, text.count)
    while significant < count {
      i = skipSpace(text, from: i)
      guard i < stop else { break }
      let c = text[i]
      if c == UInt8(ascii: "/"), i + 1 < text.count, text[i + 1] == UInt8(ascii: "/") || text[i + 1] == UInt8(ascii: "*") {
        guard let end = commentEnd(text, from: i) else { return (tokens, false) }
        tokens.append(Token(kind: .comment, start: i, end: end, first: c))
        i = end
        continue
      }
      let end: Int
      let kind: Token.Kind
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        guard let closed = quotedEnd(text, from: i, limit: text.count) else { return (tokens, false) }
        (end, kind) = (closed, .quoted)
      } else if isUnquoted(c) {
        var j = i + 1
        while j < text.count, isUnquoted(text[j]) { j += 1 }
        (end, kind) = (j, .word)
      } else if "=;{}(),<>".utf8.contains(c) {
        (end, kind) = (i + 1, .punctuation)
      } else {
        var j = i + 1
        while j < text.count, text[j] & 0xC0 == 0x80 { j += 1 }
        (end, kind) = (j, .other)
      }
      tokens.append(Token(kind: kind, start: i, end: end, first: c))
      significant += 1
      i = end
    }
    return (tokens, true)
  }

  /// The byte after the closing quote of the string whose opening quote is at `from` (a
  /// backslash escapes the byte after it); nil when it is not closed before `limit`.
  static func quotedEnd(_ text: [UInt8], from: Int, limit: Int) -> Int? {
    let quote = text[from]
    var i = from + 1
    while i < limit {
      if text[i] == UInt8(ascii: "\\") { i += 2; continue }
      if text[i] == quote { return i + 1 }
      i += 1
    }
    return nil
  }

  /// The byte after a comment starting at `from` (`//` up to the line break, `/* */`); nil for an
  /// unterminated `/*`.
  static func commentEnd(_ text: [UInt8], from: Int) -> Int? {
    var i = from + 2
    if text[from + 1] == UInt8(ascii: "/") {
      while i < text.count, !isLineBreak(text[i]), separatorLength(text, at: i) == 0 { i += 1 }
      return i
    }
    while i + 1 < text.count {
      if text[i] == UInt8(ascii: "*"), text[i + 1] == UInt8(ascii: "/") { return i + 2 }
      i += 1
    }
    return nil
  }

  /// The first byte from `from` that CoreFoundation does not skip as space (9–13, 32, U+2028, U+2029).
  static func skipSpace(_ text: [UInt8], from: Int) -> Int {
    var i = from
    while i < text.count {
      let c = text[i]
      if (9...13).contains(c) || c == 0x20 { i += 1; continue }
      let separator = separatorLength(text, at: i)
      if separator == 0 { break }
      i += separator
    }
    return i
  }

  /// 3 at U+2028 or U+2029 in UTF-8, else 0.
  static func separatorLength(_ text: [UInt8], at i: Int) -> Int {
    i + 2 < text.count && text[i] == 0xE2 && text[i + 1] == 0x80 && (text[i + 2] == 0xA8 || text[i + 2] == 0xA9) ? 3 : 0
  }

  /// A character CoreFoundation reads in an unquoted string: `[A-Za-z0-9_$/:.-]`.
  static func isUnquoted(_ c: UInt8) -> Bool {
    (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || (0x30...0x39).contains(c) || "_$/:.-".utf8.contains(c)
  }

  /// A key's text as written, quoted for a title.
  static func excerpt(_ text: [UInt8], _ key: Token) -> String {
    let inner = key.kind == .quoted && key.end - key.start >= 2 ? text[(key.start + 1)..<(key.end - 1)] : text[key.start..<key.end]
    return "'" + VisibleText.excerpt(String(decoding: inner, as: UTF8.self), limit: 40) + "'"
  }
}
