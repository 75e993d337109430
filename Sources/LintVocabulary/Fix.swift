// A fix is part of a rule's definition (issue 51, SPEC §3.4): the rule says whether it fixes and
// why (or why not), and, when it does, computes byte edits from one finding and the text it stands
// in. APNsLint's `FixPlanner` gathers the edits of a file's findings, resolves overlaps, applies
// them, checks the result again and writes the file; the language server offers the same edits as
// code actions and SARIF carries them as `fixes`.

/// One replacement in a file's text: the bytes `start..<end` of the UTF-8 text the checker read
/// (a UTF-16 table decoded to UTF-8 without its byte order mark; a UTF-8 file as it is, its byte
/// order mark counted) become `replacement`. An insertion has `start == end`.
public struct TextEdit: Sendable, Hashable, Codable, Comparable {
  /// The first byte replaced.
  public var start: Int
  /// The byte after the last one replaced.
  public var end: Int
  /// The text written in their place.
  public var replacement: String

  /// Replaces `start..<end` with `replacement`.
  public init(start: Int, end: Int, replacement: String) {
    self.start = start
    self.end = end
    self.replacement = replacement
  }

  /// By start, then end, then replacement: the order edits are applied in, from the end of the text.
  public static func < (a: TextEdit, b: TextEdit) -> Bool {
    (a.start, a.end, a.replacement) < (b.start, b.end, b.replacement)
  }
}

/// What fixing one finding does: a title a user reads before accepting it ("write 'badge' as the
/// number 3") and its edits, which never overlap one another.
public struct FindingFix: Sendable, Hashable, Codable {
  /// Imperative, lowercase start, values quoted with '…'.
  public var title: String
  /// The edits, sorted by start.
  public var edits: [TextEdit]

  /// A fix of `edits` (sorted here).
  public init(_ title: String, edits: [TextEdit]) {
    self.title = title
    self.edits = edits.sorted()
  }

  /// The first byte the fix touches and the byte after the last.
  public var span: Range<Int> {
    (edits.map(\.start).min() ?? 0)..<(edits.map(\.end).max() ?? 0)
  }

  /// `text` with the edits applied (they must lie inside it and not overlap).
  public func applied(to text: [UInt8]) -> [UInt8] {
    var out = text
    for edit in edits.reversed() {
      out.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
    }
    return out
  }
}

/// What a rule's definition says about fixing its findings: the edits when the intended text is
/// certain, with what they do; or why there is no fix (the intent is not certain, the text is not
/// the author's, a fix would hide a decision only the author can make).
public struct RuleFix: Sendable, Hashable {
  /// What the fix does and when it is offered, or why the rule never fixes: one sentence,
  /// lowercase start (`apns-lint rules`, `docs/rules.md`).
  public let explanation: String
  /// Rules whose finding at the same key a fix may leave in the fixed finding's place: what the
  /// device then does, named honestly (an empty translation removed is a missing translation,
  /// whose device shows the development text). Checked again, such a finding is not new.
  public let leaves: [RuleID]
  private let make: (@Sendable (FixSite) -> FindingFix?)?

  /// Whether the rule ever fixes a finding.
  public var fixes: Bool { make != nil }

  /// Two decisions are the same when they say the same and both fix or both do not.
  public static func == (a: RuleFix, b: RuleFix) -> Bool { a.explanation == b.explanation && a.fixes == b.fixes }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(explanation)
    hasher.combine(fixes)
  }

  /// Not yet decided: a rule whose definition does not say (GeneratedRegistryTests fails on it).
  package static let undecided = RuleFix(explanation: "", leaves: [], make: nil)

  /// A rule that never fixes, and why.
  public static func never(_ why: String) -> RuleFix { RuleFix(explanation: why, leaves: [], make: nil) }

  /// A rule that fixes a finding when `make` can tell the intended text for certain (nil when it
  /// cannot: then that finding is left as it is).
  public static func edits(_ what: String, leaving leaves: [RuleID] = [],
                           _ make: @escaping @Sendable (FixSite) -> FindingFix?) -> RuleFix {
    RuleFix(explanation: what, leaves: leaves, make: make)
  }

  /// The fix of one finding, or nil.
  public func fix(_ site: FixSite) -> FindingFix? {
    guard let make, let fix = make(site), !fix.edits.isEmpty else { return nil }
    // Edits of one fix must lie in the text and not overlap: a fix that breaks this is no fix.
    var last = 0
    for edit in fix.edits {
      guard edit.start >= last, edit.end >= edit.start, edit.end <= site.text.count else { return nil }
      last = edit.end
    }
    return fix
  }
}

/// What a fix is computed from: the text the finding stands in and the finding.
public struct FixSite: Sendable {
  /// The file's text in UTF-8, as the checker read it (see ``TextEdit``).
  public let text: [UInt8]
  /// The finding to fix.
  public let finding: Finding
  /// Whether a carriage return ends a line in this text (a localization table's).
  public let carriageReturnEndsLine: Bool

  /// The site of `finding` in `text`.
  public init(text: [UInt8], finding: Finding, carriageReturnEndsLine: Bool = false) {
    self.text = text
    self.finding = finding
    self.carriageReturnEndsLine = carriageReturnEndsLine
  }

  /// The finding's byte offset in ``text``: its own offset when it has one, else its line and
  /// column counted in the text; nil when neither places it inside the text.
  public var offset: Int? {
    if finding.offset >= 0 { return finding.offset <= text.count ? finding.offset : nil }
    return Self.offset(line: finding.line, column: finding.column, in: text, carriageReturnEndsLine: carriageReturnEndsLine)
  }

  /// The byte offset of a 1-based line and column (columns count Unicode scalars) in UTF-8 text;
  /// in a table's text (`carriageReturnEndsLine`), columns count from after a byte order mark.
  public static func offset(line: Int, column: Int, in text: [UInt8], carriageReturnEndsLine: Bool = false) -> Int? {
    guard line >= 1, column >= 1 else { return nil }
    var index = LineIndex(carriageReturnEndsLine: carriageReturnEndsLine)
    // A table's readers count columns after a UTF-8 byte order mark (CoreFoundation drops it);
    // JSON's count it (json-bom stands at 1:1, before it).
    var i = carriageReturnEndsLine && text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < text.count {
      if index.line == line && index.column == column && text[i] & 0xC0 != 0x80
          && !(index.afterCarriageReturn && text[i] == 0x0A) { return i }
      if index.line > line { return nil }
      index.step(text[i])
      i += 1
    }
    return index.line == line && index.column == column ? i : nil
  }
}
