// Baselines (SPEC §15, docs/baselines.md): the findings a project already has, written once and
// hidden afterwards, so that a team adopting apns-lint fails only on what it adds.
//
// The file is text, one entry a line, tab-separated, sorted, so that a change to it reads well in
// a diff:
//
//     # apns-lint baseline 1
//     PATH<TAB>RECORD<TAB>RULE<TAB>KEY<TAB>SUBJECT<TAB>COUNT
//
// An entry names no line and no column: a finding that moved within its file (50 lines inserted
// above it) is still the same finding. Fields are escaped (`\\`, `\t`, `\n`, `\r`, `\u{XX}` for the
// other control characters); a missing key or record is `-` (a key that is `-` itself is `\-`).

import PayloadSchema

/// One finding as a baseline keeps it: where (the path relative to the repository root, and the
/// record of an NDJSON stream), which rule, which key, and what about it, never a line or column.
public struct BaselineEntry: Sendable, Hashable, Comparable {
  /// The path relative to the repository root (`Fixtures/payloads/x.json`), `/`-separated; `-`
  /// for standard input.
  public var path: String
  /// The 1-based record (line) of an `--ndjson` stream; nil for a file that is one payload, a
  /// request file or a table.
  public var record: Int?
  /// The rule id (`value-type`).
  public var rule: String
  /// The key path in the payload (`aps.badge`) or the key in a table; nil for findings about the
  /// whole input.
  public var key: String?
  /// What the finding is about: the values and keys its message quotes, or, when it quotes none,
  /// the message itself (see ``BaselineEntry/subject(ofMessage:)``).
  public var subject: String

  /// Creates an entry from its fields.
  public init(path: String, record: Int?, rule: String, key: String?, subject: String) {
    self.path = path
    self.record = record
    self.rule = rule
    self.key = key
    self.subject = subject
  }

  /// The entry for a finding of the input at `path` (already relative to the repository root).
  public init(path: String, record: Int?, rule: String, key: String?, message: String) {
    self.init(path: path, record: record, rule: rule, key: key, subject: Self.subject(ofMessage: message))
  }

  /// The subject of a finding, from its message: the parts it quotes with '…' (the offending
  /// values and keys; messages quote every value they name), joined by `' '`; the whole message
  /// when it quotes nothing. A line number is never part of it: a message that counts lines ("line
  /// 3 is overridden") keeps the count outside the quotes, and a quoted place in another file
  /// ('en.lproj/Localizable.strings:12') loses its `:12`, so the subject does not change when a
  /// finding, or what it refers to, moves.
  public static func subject(ofMessage message: String) -> String {
    var parts: [Substring] = []
    var rest = message[...]
    while let open = rest.firstIndex(of: "'") {
      let after = rest.index(after: open)
      // An apostrophe inside a word ("don't") opens no quote.
      if open > rest.startIndex, let before = rest[..<open].last, before.isLetter || before.isNumber {
        rest = rest[after...]
        continue
      }
      guard let close = rest[after...].firstIndex(where: { $0 == "'" }) else { break }
      var part = rest[after..<close]
      // 'en.lproj/Localizable.strings:12' names a place in another file: the line is left out.
      if let colon = part.lastIndex(of: ":"), part.index(after: colon) < part.endIndex,
         part[part.index(after: colon)...].allSatisfy(\.isASCIIDigitLite), part[..<colon].contains(".") {
        part = part[..<colon]
      }
      parts.append(part)
      rest = rest[rest.index(after: close)...]
    }
    return parts.isEmpty ? message : parts.map { "'\($0)'" }.joined(separator: " ")
  }

  /// Path, record, rule, key, subject: the file's order.
  public static func < (a: BaselineEntry, b: BaselineEntry) -> Bool {
    if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
    if a.record != b.record { return (a.record ?? 0) < (b.record ?? 0) }
    if a.rule != b.rule { return a.rule < b.rule }
    if a.key != b.key {
      guard let ak = a.key else { return true }
      guard let bk = b.key else { return false }
      return ak.utf8.lexicographicallyPrecedes(bk.utf8)
    }
    return a.subject.utf8.lexicographicallyPrecedes(b.subject.utf8)
  }
}

/// The findings a project accepts for now: a multiset of ``BaselineEntry`` (the same finding may
/// occur several times in one file, at different lines), read from and written to the baseline
/// file format.
public struct Baseline: Sendable, Hashable {
  /// How many times each entry occurs.
  public var counts: [BaselineEntry: Int]

  /// The first line of every baseline file.
  public static let header = "# apns-lint baseline 1"
  /// The most occurrences a file may list in all (a bound against a hostile file).
  public static let maxEntries = 5_000_000
  /// The most bytes a field may have.
  public static let maxFieldBytes = 64 * 1024

  /// An empty baseline.
  public init() { counts = [:] }

  /// A baseline of `entries` (repeated entries count several times).
  public init(_ entries: some Sequence<BaselineEntry>) {
    counts = [:]
    for e in entries { counts[e, default: 0] += 1 }
  }

  /// Adds one occurrence of an entry.
  public mutating func add(_ entry: BaselineEntry) { counts[entry, default: 0] += 1 }

  /// The number of occurrences over every entry.
  public var total: Int { counts.values.reduce(0, +) }

  /// The file's text: the header, a line saying what the columns are, then one line per entry,
  /// sorted; the same findings always give the same bytes.
  public var text: String {
    var out = Self.header + "\n"
    out += "# path\trecord\trule\tkey\tsubject\tcount: regenerate with --write-baseline (docs/baselines.md)\n"
    for entry in counts.keys.sorted() {
      let fields = [
        Self.escape(entry.path), entry.record.map(String.init) ?? "-", Self.escape(entry.rule),
        entry.key.map { $0 == "-" ? "\\-" : Self.escape($0) } ?? "-", Self.escape(entry.subject), String(counts[entry]!),
      ]
      out += fields.joined(separator: "\t") + "\n"
    }
    return out
  }

  /// Reads a baseline file's text; `path` names it in errors. Every problem is an error at its
  /// line and column: a baseline that cannot be read never hides findings by accident.
  public static func parse(_ text: String, path: String) throws(ConfigurationError) -> Baseline {
    var baseline = Baseline()
    var lineNumber = 0
    var entries = 0
    // Lines and fields are split on scalars, not characters: "\r\n" is one character, and a
    // combining mark after a tab would hide the tab from a character split.
    for rawScalars in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let rawLine = Substring(rawScalars)
      let line = rawLine.unicodeScalars.last == "\r" ? Substring(rawLine.unicodeScalars.dropLast()) : rawLine
      if lineNumber == 1 {
        guard line == Self.header[...] else {
          throw ConfigurationError(path: path, line: 1, column: 1,
                                   message: "not an apns-lint baseline: the first line must be '\(Self.header)' (write one with --write-baseline)")
        }
        continue
      }
      if line.isEmpty || line.unicodeScalars.first == "#" { continue }
      let fields = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map(Substring.init)
      func column(_ index: Int) -> Int {
        1 + fields[..<index].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
      }
      guard fields.count == 6 else {
        throw ConfigurationError(path: path, line: lineNumber, column: fields.count > 6 ? column(6) : line.unicodeScalars.count + 1,
                                 message: "expected 6 tab-separated fields (path, record, rule, key, subject, count), found \(fields.count)")
      }
      for (i, field) in fields.enumerated() where field.utf8.count > maxFieldBytes {
        throw ConfigurationError(path: path, line: lineNumber, column: column(i), message: "a field of more than \(maxFieldBytes) bytes")
      }
      func unescaped(_ i: Int) throws(ConfigurationError) -> String {
        switch Self.unescape(fields[i]) {
        case .success(let s): return s
        case .failure(let bad):
          throw ConfigurationError(path: path, line: lineNumber, column: column(i) + bad.offset,
                                   message: "a backslash must start \\\\, \\t, \\n, \\r, \\- or \\u{XX}")
        }
      }
      let filePath = try unescaped(0)
      guard !filePath.isEmpty else { throw ConfigurationError(path: path, line: lineNumber, column: 1, message: "the path is empty") }
      var record: Int? = nil
      if fields[1] != "-" {
        guard let n = Int(fields[1]), n >= 1 else {
          throw ConfigurationError(path: path, line: lineNumber, column: column(1), message: "the record must be '-' or a line number ≥ 1, not '\(Visible.short(String(fields[1])))'")
        }
        record = n
      }
      let rule = try unescaped(2)
      guard !rule.isEmpty, rule.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else {
        throw ConfigurationError(path: path, line: lineNumber, column: column(2), message: "'\(Visible.short(String(fields[2])))' is not a rule id (kebab-case)")
      }
      let key: String? = fields[3] == "-" ? nil : (fields[3] == "\\-" ? "-" : try unescaped(3))
      let subject = try unescaped(4)
      guard let count = Int(fields[5]), count >= 1, count <= maxEntries else {
        throw ConfigurationError(path: path, line: lineNumber, column: column(5),
                                 message: "the count must be a number from 1 to \(maxEntries), not '\(Visible.short(String(fields[5])))'")
      }
      entries += count
      guard entries <= maxEntries else {
        throw ConfigurationError(path: path, line: lineNumber, column: column(5), message: "more than \(maxEntries) entries")
      }
      baseline.counts[BaselineEntry(path: filePath, record: record, rule: rule, key: key, subject: subject), default: 0] += count
    }
    return baseline
  }

  /// A field as the file writes it: controls and backslashes escaped, nothing else.
  static func escape(_ s: String) -> String {
    if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x5C || $0 == 0x7F }) { return s }
    var out = ""
    for u in s.unicodeScalars {
      switch u {
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      default:
        if u.value < 0x20 || u.value == 0x7F {
          out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out
  }

  /// A field as written back to its text; on a bad escape, the column offset (0-based, in
  /// Unicode scalars) of its backslash.
  static func unescape(_ field: Substring) -> Result<String, BadEscape> {
    // Most fields have no escape: one copy, no scalar walk.
    if !field.utf8.contains(0x5C) { return .success(String(field)) }
    var out = ""
    var scalars = Array(field.unicodeScalars)[...]
    var offset = 0
    while let u = scalars.popFirst() {
      defer { offset += 1 }
      guard u == "\\" else { out.unicodeScalars.append(u); continue }
      let start = offset
      guard let next = scalars.popFirst() else { return .failure(BadEscape(offset: start)) }
      offset += 1
      switch next {
      case "\\": out += "\\"
      case "t": out += "\t"
      case "n": out += "\n"
      case "r": out += "\r"
      case "-": out += "-"
      case "u":
        guard scalars.first == "{", let close = scalars.firstIndex(of: "}") else { return .failure(BadEscape(offset: start)) }
        let hex = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close]))
        guard (1...6).contains(hex.count), let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return .failure(BadEscape(offset: start)) }
        out.unicodeScalars.append(scalar)
        offset += scalars.distance(from: scalars.startIndex, to: close) + 1
        scalars = scalars[scalars.index(after: close)...]
      default: return .failure(BadEscape(offset: start))
      }
    }
    return .success(out)
  }
}

/// Where a field's bad escape starts: the offset of its backslash, in Unicode scalars.
struct BadEscape: Error {
  var offset: Int
}

extension Character {
  /// 0-9 only (`isNumber` also takes other scripts' digits and fractions).
  var isASCIIDigitLite: Bool { isASCII && isNumber }
}
