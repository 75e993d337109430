import Foundation
import LintVocabulary

/// Reads `.strings` tables (text, binary plist, XML plist), `.stringsdict` and `.xcstrings` files.
///
/// Detection follows CoreFoundation's `_CFPropertyListCreateWithData` and `encodingForXMLData`:
/// 1. no bytes → `strings-zero-length`;
/// 2. a valid binary plist (`bplist00`) → ``StringsFormat/binary``;
/// 3. a byte order mark — UTF-32BE `00 00 FE FF` / UTF-32LE `FF FE 00 00` (only when longer than
///    4 bytes), UTF-8 `EF BB BF` (longer than 3), UTF-16LE `FF FE` / UTF-16BE `FE FF` (longer than 2);
/// 4. a first or second byte 0x00 (longer than 2 bytes): UTF-16 without a BOM. CF skips the first two
///    bytes and reads the rest as little-endian UTF-16; we do the same and report `strings-encoding`;
/// 5. otherwise UTF-8, with no fallback (invalid UTF-8 → `strings-encoding`).
///
/// Whatever the encoding, CF tries the XML parser first; a text whose first non-space character is
/// `<` and that Foundation reads as an XML plist is ``StringsFormat/xml``. Everything else is read
/// by the old-style parser (see `OldStylePlistParser.swift`).
public enum StringsParser {
  /// Reads a table from the bytes of a file; never throws — problems are findings.
  ///
  /// The path's extension selects `.stringsdict` and `.xcstrings` handling (for a catalog, the
  /// source language's table is returned; use ``StringCatalog/parse(_:path:)`` for all languages).
  public static func parse(_ data: Data, path: String) -> StringsTable {
    parse(bytes: [UInt8](data), path: path)
  }

  /// Reads a table from the bytes of a file; never throws — problems are findings.
  public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes, path: String) -> StringsTable {
    parse(bytes: Array(bytes), path: path)
  }

  /// ``parse(_:path:)`` without a `.stringsdict`'s ``StringsTable/variations`` when `variations`
  /// is false (only `strings dump` shows them; building them was 6% of `strings lint`), and
  /// without a text table's key → value map built ahead when `valueMap` is false
  /// (``StringsTable/values`` then builds it from the entries each time it is asked).
  package static func parse(_ bytes: [UInt8], path: String, variations: Bool, valueMap: Bool = true) -> StringsTable {
    parse(bytes: bytes, path: path, variations: variations, valueMap: valueMap)
  }

  static func parse(bytes: [UInt8], path: String, variations: Bool = true, valueMap: Bool = true) -> StringsTable {
    let lowerPath = path.lowercased()
    if lowerPath.hasSuffix(".xcstrings") {
      let catalog = StringCatalog.parse(Data(bytes), path: path)
      if let language = catalog.sourceLanguage, let table = catalog.tables[language] {
        var table = table
        table.findings = catalog.findings + table.findings
        return table
      }
      return StringsTable(path: path, format: .xcstrings, findings: catalog.findings)
    }
    if lowerPath.hasSuffix(".stringsdict") {
      return PlistTable.stringsdict(bytes: bytes, path: path, variations: variations)
    }
    if bytes.isEmpty {
      return StringsTable(path: path, format: .text, findings: [Finding(StringsMessage.emptyFile, line: 1, column: 1)])
    }
    if bytes.starts(with: Array("bplist00".utf8)), let table = PlistTable.binary(bytes: bytes, path: path) {
      return table
    }
    // UTF-8 (most tables) is read as bytes: no UTF-16 copy of the file.
    if let start = TextDecoder.utf8Start(bytes), let table = utf8Table(bytes, from: start, path: path, valueMap: valueMap) {
      return table
    }
    // So is UTF-16 with a byte order mark (Xcode's old default), turned into UTF-8 straight from
    // its bytes: the same table (the tests compare the readers), and the byte reader is the faster.
    if let bigEndian = TextDecoder.utf16ByteOrder(bytes),
      let utf8 = TextDecoder.utf8(fromUTF16Bytes: bytes, from: 2, bigEndian: bigEndian),
      let table = utf8.withUnsafeBufferPointer({
        textTable($0, bytes: bytes, path: path, encoding: bigEndian ? "utf-16be" : "utf-16le", note: nil, valueMap: valueMap)
      }) {
      return table
    }
    switch TextDecoder.decode(bytes) {
    case .failure(let failure):
      return StringsTable(path: path, format: .text, encoding: failure.encoding, findings: [failure.finding])
    case .success(let decoded):
      // Other UTF-16 and UTF-32 text without a lone surrogate is read from its UTF-8 too.
      if decoded.encoding != "utf-8", let utf8 = TextDecoder.utf8(fromUTF16: decoded.units),
        let table = utf8.withUnsafeBufferPointer({
          textTable($0, bytes: bytes, path: path, encoding: decoded.encoding, note: decoded.finding, valueMap: valueMap)
        }) {
        return table
      }
      return decoded.units.withUnsafeBufferPointer { units in
        // The UTF-16 reader never leaves a file to another one.
        textTable(units, bytes: bytes, path: path, encoding: decoded.encoding, note: decoded.finding, valueMap: valueMap)
          ?? StringsTable(path: path, format: .text, encoding: decoded.encoding)
      }
    }
  }

  /// A table of valid UTF-8 read from its bytes after `start`; nil when the bytes are not valid
  /// UTF-8 (`TextDecoder` then reports where) or when the UTF-8 reader leaves the file to the UTF-16 one.
  static func utf8Table(_ bytes: [UInt8], from start: Int, path: String, valueMap: Bool = true) -> StringsTable? {
    bytes.withUnsafeBufferPointer { all in
      let text = UnsafeBufferPointer(rebasing: all[start...])
      guard isValidUTF8(text) else { return nil }
      return textTable(text, bytes: bytes, path: path, encoding: "utf-8", note: nil, valueMap: valueMap)
    }
  }

  /// A text table from its decoded text (UTF-16 units, or UTF-8 bytes after any byte order mark).
  static func textTable<Unit: TextUnit>(
    _ text: UnsafeBufferPointer<Unit>, bytes: [UInt8], path: String, encoding: String, note: Finding?,
    valueMap: Bool = true
  ) -> StringsTable? {
    var table = StringsTable(path: path, format: .text, encoding: encoding)
    if let note { table.findings.append(note) }
    // A second byte order mark (`FF FE FF FE`): CoreFoundation refuses the text, but Xcode's
    // Copy Strings File drops one leading U+FEFF after decoding and writes the table it read, so
    // the table is read as Xcode builds it (`strings-extra-bom`; whether it ships verbatim is the
    // project's to say).
    var text = text
    if Unit.isUTF8 ? text.starts(with: [0xEF, 0xBB, 0xBF]) : text.first == 0xFEFF {
      table.findings.append(Finding(StringsMessage.extraBOM(encoding: encoding), line: 1, column: 1))
      text = UnsafeBufferPointer(rebasing: text[(Unit.isUTF8 ? 3 : 1)...])
    }
    if text.isEmpty {
      table.findings.append(Finding(StringsMessage.emptyAfterBOM, line: 1, column: 1))
      return table
    }
    if let xml = PlistTable.xmlIfApplicable(text: text, bytes: bytes, path: path) {
      var xml = xml
      xml.findings = table.findings + xml.findings
      return xml
    }
    guard let result = TextTableReader.read(text) else { return nil }
    table.entries = result.entries
    // The last definition wins; keys kept out of translation are noted in the same pass.
    var map: [String: String] = [:]
    if valueMap { map.reserveCapacity(result.entries.count) }
    for entry in result.entries {
      if valueMap { map[entry.key] = entry.value }
      if let comment = entry.comment, StringsEntry.marksNotForTranslation(comment) { table.untranslatableKeys.insert(entry.key) }
      if StringsEntry.isDoNotLocalizeValue(entry.value) { table.untranslatableKeys.insert(entry.key) }
    }
    if valueMap { table.valueMap = map }
    table.findings += result.findings
    if Unit.isUTF8, bytes.starts(with: [0xEF, 0xBF, 0xBD]),
       let first = table.findings.firstIndex(where: { $0.rule == RuleID(StringsRule.syntax) && $0.line == 1 }) {
      table.findings[first].message += replacementCharacterHint(bytes)
    }
    return table
  }

  /// Why a text that begins with U+FFFD (`EF BF BD`) fails at once: a tool that could not decode
  /// the start of the file replaced it. Two of them before UTF-16 text (zero bytes between ASCII
  /// letters) are a UTF-16 byte order mark (`FF FE`) read as UTF-8 and written back.
  static func replacementCharacterHint(_ bytes: [UInt8]) -> String {
    let rest = bytes.dropFirst(6).prefix(64)
    let oddZeros = rest.indices.filter { ($0 - rest.startIndex) % 2 == 1 && rest[$0] == 0 }.count
    if bytes.count >= 8, bytes[3..<6].elementsEqual([0xEF, 0xBF, 0xBD]), rest.count >= 8, oddZeros * 2 >= rest.count * 3 / 4 {
      return " (the file begins with EF BF BD EF BF BD, two U+FFFD replacement characters where a UTF-16 byte order mark (FF FE) was, and UTF-16 text follows: a tool read the file as UTF-8 and wrote the mark back replaced; CoreFoundation then reads it all as UTF-8 and refuses it: save it again as UTF-16 with its mark, or as UTF-8)"
    }
    return " (the file begins with U+FFFD, the replacement character a tool writes for bytes it could not decode: CoreFoundation refuses the table there)"
  }
}

/// Reads the top level of an old-style strings file: CF's `__CFCreateOldStylePropertyListOrStringsFile`.
enum TextTableReader {
  struct Result {
    var entries: [StringsEntry]
    var findings: [Finding]
  }

  /// The table in `text`; nil when the UTF-8 reader leaves the file to the UTF-16 one
  /// (`OldStyleParser.unsupported`).
  static func read<Unit: TextUnit>(_ text: UnsafeBufferPointer<Unit>) -> Result? {
    var parser = OldStyleParser(text: text)
    var entries: [StringsEntry] = []
    var positions = Unit.Positions(text: text)

    func finish(_ parser: inout OldStyleParser<Unit>, fatal: (StringsMessage, Int)?) -> Result? {
      if parser.unsupported { return nil }
      var pending = parser.pending
      if let (message, offset) = fatal {
        pending.append(PendingFinding(message, offset: offset))
      }
      var findings: [Finding] = []
      findings.reserveCapacity(pending.count)
      for (index, p) in pending.enumerated().sorted(by: { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }) {
        _ = index
        let (line, column) = positions.position(of: p.offset)
        findings.append(Finding(p.message, line: line, column: column, keyPath: p.key))
      }
      return Result(entries: entries, findings: findings)
    }

    // A file of only whitespace and comments is an empty table.
    parser.trackComments = true
    guard parser.advance() else {
      if let opening = parser.unterminatedComment {
        parser.pending.append(PendingFinding(.unterminatedComment, offset: opening))
      }
      return finish(&parser, fatal: nil)
    }
    parser.trackComments = false
    parser.unterminatedComment = nil

    if text[parser.curr] == 0x7B {  // '{': a braced dictionary
      parser.curr += 1
      guard readEntries(&parser, into: &entries, positions: &positions, braced: true) else {
        return finish(&parser, fatal: parser.error ?? (.doesNotParse, parser.curr))
      }
      if !parser.advance() || text[parser.curr] != 0x7D {
        return finish(&parser, fatal: (.unclosedTable(found: parser.describe(at: parser.curr)), parser.curr))
      }
      parser.curr += 1
      if parser.advance() {
        return finish(&parser, fatal: (.unexpectedAfterTable(found: parser.describe(at: parser.curr)), parser.curr))
      }
      return finish(&parser, fatal: nil)
    }

    // CF first reads one object; a lone string means "strings file": start again as dictionary content.
    let first = parser.parseObject(requireObject: true, depth: 0)
    guard let first else {
      return finish(&parser, fatal: parser.error ?? (.doesNotParse, parser.curr))
    }
    guard case .string = first else {
      if parser.advance() {
        return finish(&parser, fatal: (.unexpectedAfterValue(found: parser.describe(at: parser.curr)), parser.curr))
      }
      return finish(&parser, fatal: (.notATable(holding: first.kindName), 0))
    }
    if !parser.advance() {
      return finish(&parser, fatal: (.singleString, 0))
    }
    parser.curr = 0
    parser.clearError()
    parser.pending.removeAll()
    guard readEntries(&parser, into: &entries, positions: &positions, braced: false) else {
      return finish(&parser, fatal: parser.error ?? (.doesNotParse, parser.curr))
    }
    return finish(&parser, fatal: nil)
  }

  /// Reads a key like CF's `parsePlistString(pInfo, false)`: the key, its offset and the comment
  /// before it; nil where reading stops, with the finding that says why when it is one
  /// (`braced`: inside `{…}`, where CF's own error stands). `afterFirst`: an entry was read before.
  @inline(__always)
  static func readKey<Unit: TextUnit>(_ parser: inout OldStyleParser<Unit>, afterFirst: Bool,
                                      braced: Bool) -> (ScannedString<Unit>, Int, String?)? {
    parser.trackComments = true
    parser.sawNewline = false
    parser.ignoreTrailingComment = afterFirst
    parser.lastComment = nil
    parser.unterminatedComment = nil
    let found = parser.advance()
    parser.trackComments = false
    var comment: String? = nil
    if var (a, b) = parser.lastComment {
      while a < b {
        let n = Unit.leadingTrimmable(parser.text, a, b)
        if n == 0 { break }
        a += n
      }
      while b > a {
        let n = Unit.trailingTrimmable(parser.text, a, b)
        if n == 0 { break }
        b -= n
      }
      if a < b { comment = parser.excerpt(a, b) }
    }
    guard found else {
      if let opening = parser.unterminatedComment, !braced {
        parser.pending.append(PendingFinding(.unterminatedComment, offset: opening))
      }
      return nil
    }
    let start = parser.curr
    let ch = parser.text[start]
    if ch == 0x27 || ch == 0x22 {
      parser.curr += 1
      parser.building = true
      let pendingBefore = parser.pending.count
      let s = parser.parseQuoted(ch)
      parser.building = false
      guard let s else {
        if !braced {
          parser.pending.removeSubrange(pendingBefore...)
          parser.pending.append(PendingFinding(.unclosedKey, offset: start))
        }
        return nil
      }
      return (s, start, comment)
    }
    if OldStyleParser<Unit>.isUnquoted(ch) {
      guard let s = parser.parseUnquoted() else { return nil }
      return (s, start, comment)
    }
    // `;;` (or `;` and more `;`s) with nothing but space and comments after: CF stops there,
    // but no entry is lost.
    var entriesFollow = true
    if ch == 0x3B {
      let saved = parser.curr
      while parser.curr < parser.end, parser.text[parser.curr] == 0x3B {
        parser.curr += 1
        if !parser.advance() { entriesFollow = false; break }
      }
      parser.curr = saved
    }
    if !braced && entriesFollow {
      parser.pending.append(PendingFinding(.invalidKeyStart(found: parser.describe(at: start)), offset: start))
    }
    return nil
  }

  /// CF's `parsePlistDictContent` at depth 0, recording entries. False when CF fails the file.
  static func readEntries<Unit: TextUnit>(
    _ parser: inout OldStyleParser<Unit>, into entries: inout [StringsEntry],
    positions: inout Unit.Positions, braced: Bool
  ) -> Bool {
    // Finds keys defined again. The key → value map (`StringsTable.values`) is built from the
    // entries only when asked for: `strings lint` never asks.
    var keys = KeyIndex(expected: parser.end / 48)
    entries.reserveCapacity(parser.end / 48)
    var afterFirst = false

    var next = readKey(&parser, afterFirst: afterFirst, braced: braced)
    while let (keyString, keyOffset, comment) = next {
      let key = parser.string(keyString)
      guard parser.advance() else {
        parser.setError(.expectedEqualsOrSemicolon(afterKey: key, found: nil), at: parser.curr)
        return false
      }
      var value: String?
      var valueStart = -1, valueEnd = -1
      let c = parser.text[parser.curr]
      if c == 0x3B {
        value = key
      } else if c == 0x3D {
        parser.curr += 1
        if parser.advance() { valueStart = parser.curr }
        parser.building = true
        let scanned = parser.parseObject(requireObject: true, depth: 1)
        valueEnd = parser.curr
        parser.building = false
        guard let scanned else { return false }
        if case .string(let s) = scanned {
          value = parser.string(s)
        } else {
          parser.pending.append(PendingFinding(.valueNotString(key: key, holding: scanned.kindName), offset: keyOffset, key: key))
        }
      } else {
        parser.setError(.expectedEqualsOrSemicolon(afterKey: key, found: parser.describe(at: parser.curr)), at: parser.curr)
        return false
      }
      let (line, column) = positions.position(of: keyOffset)
      if let value {
        if let previous = keys.insert(key, at: entries.count, in: entries), let previousLine = entries[previous].line {
          // The same value again changes nothing on the device; another value replaces it, and whether
          // what shows is meant is judged once the table's language is known (StringsLint).
          let message: StringsMessage = entries[previous].value == value
            ? .duplicateSameValue(key: key, previousLine: previousLine) : .duplicateOtherValue(key: key, previousLine: previousLine)
          parser.pending.append(PendingFinding(message, offset: keyOffset, key: key))
        }
        entries.append(StringsEntry(key: key, value: value, line: line, column: column, comment: comment))
      }
      guard parser.advance(), parser.text[parser.curr] == 0x3B else {
        // A value that ran over lines to here most likely lost its closing quote on its first line.
        var opened: (line: Int, column: Int, endLine: Int, endColumn: Int)? = nil
        if valueStart >= 0, valueEnd > valueStart, let value, value.containsUTF8(0x0A) {
          let (valueLine, valueColumn) = positions.position(of: valueStart)
          let (endLine, endColumn) = positions.position(of: valueEnd - 1)
          if endLine > valueLine { opened = (valueLine, valueColumn, endLine, endColumn) }
        }
        parser.setError(.expectedSemicolon(afterValueOf: key, found: parser.describe(at: parser.curr), opened: opened), at: parser.curr)
        return false
      }
      parser.curr += 1
      afterFirst = true
      next = readKey(&parser, afterFirst: afterFirst, braced: braced)
    }
    parser.clearError()
    return true
  }
}

/// Converts code-unit offsets to 1-based line and column (columns count Unicode scalars).
/// Moving forward is incremental; moving backwards restarts from the top.
///
/// A line ends at `\n`, at `\r\n` (counted once) or at a lone `\r`; every other unit is one column,
/// except the second half of a surrogate pair. The line breaks of a stretch are counted with a
/// branch-free loop; columns are then counted from the last line break only.
struct PositionCounter: PositionCounting {
  let text: UnsafeBufferPointer<UInt16>
  var offset = 0
  var line = 1
  var column = 1

  init(text: UnsafeBufferPointer<UInt16>) { self.text = text }

  @inline(__always)
  private func isBreak(_ j: Int) -> Bool {
    let c = text[j]
    return c == 0x0A || (c == 0x0D && !(j + 1 < text.count && text[j + 1] == 0x0A))
  }

  mutating func position(of target: Int) -> (Int, Int) {
    if target < offset { offset = 0; line = 1; column = 1 }
    let stop = min(target, text.count)
    guard offset < stop else { return (line, column) }
    var lf = 0
    var cr = 0
    var j = offset
    if let base = text.baseAddress {
      // Four units per 64-bit word: a unit equal to \n (or \r) becomes 0 after the xor, and
      // `zeroUnits` counts the zero units exactly (no borrow between units).
      let low: UInt64 = 0x7FFF_7FFF_7FFF_7FFF
      @inline(__always) func zeroUnits(_ x: UInt64) -> Int { (~(((x & low) &+ low) | x | low)).nonzeroBitCount }
      let raw = UnsafeRawPointer(base)
      while j + 4 <= stop {
        let w = raw.loadUnaligned(fromByteOffset: 2 * j, as: UInt64.self)
        lf &+= zeroUnits(w ^ 0x000A_000A_000A_000A)
        cr &+= zeroUnits(w ^ 0x000D_000D_000D_000D)
        j += 4
      }
    }
    while j < stop {
      let c = text[j]
      lf &+= c == 0x0A ? 1 : 0
      cr &+= c == 0x0D ? 1 : 0
      j += 1
    }
    var breaks = lf
    if cr > 0 {
      for j in offset..<stop where text[j] == 0x0D && isBreak(j) { breaks += 1 }
    }
    var from = offset
    if breaks > 0 {
      line += breaks
      column = 1
      var j = stop - 1
      while j > offset && !isBreak(j) { j -= 1 }
      from = j + 1
    }
    for j in from..<stop {
      let c = text[j]
      // A \r here is followed by \n (a lone one would be a line break): no column, like the \n.
      if c == 0x0D { continue }
      if c >= 0xDC00 && c <= 0xDFFF && j > 0 && text[j - 1] >= 0xD800 && text[j - 1] <= 0xDBFF { continue }
      column += 1
    }
    offset = stop
    return (line, column)
  }
}
