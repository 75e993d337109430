import Foundation
import PayloadSchema
import StringsFile

/// One finding's fix, as the planner offers it: what `--fix` applies, the language server's code
/// action and SARIF's `fixes`.
public struct PlannedFix: Sendable, Hashable {
  /// The finding it fixes.
  public var finding: Finding
  /// Its edits, in the UTF-8 text the finding stands in.
  public var fix: FindingFix

  /// A finding and its fix.
  public init(finding: Finding, fix: FindingFix) {
    self.finding = finding
    self.fix = fix
  }
}

/// A fix placed by line and column (1-based, columns in Unicode scalars, as findings are), for
/// reports that carry fixes (SARIF 2.1.0's `fixes`, whose `replacements` are regions).
public struct PositionedFix: Sendable, Hashable {
  /// One replacement: the text from `start` up to (not including) `end` becomes `text`.
  public struct Replacement: Sendable, Hashable {
    /// Where the replaced text starts.
    public var start: SourcePosition
    /// Where it ends (the position just after it).
    public var end: SourcePosition
    /// The text written instead.
    public var text: String
  }

  /// The finding it fixes.
  public var finding: Finding
  /// The fix's title.
  public var title: String
  /// Its replacements, in the file's order.
  public var replacements: [Replacement]
}

/// A fix that was offered and not applied, and why.
public struct DeclinedFix: Sendable, Hashable {
  /// The fix.
  public var planned: PlannedFix
  /// Why it was not applied: it overlaps a fix applied first, or the file checked again was not
  /// the same less the finding (the finding stayed, or a new one appeared).
  public var reason: String
}

/// What fixing one file came to (SPEC §3.4, issue 51).
public struct FileFixResult: Sendable {
  /// The file.
  public var path: String
  /// Its bytes before.
  public var original: [UInt8]
  /// Its bytes after, in its own encoding; equal to `original` when nothing was applied.
  public var fixed: [UInt8]
  /// The fixes applied, in the order of their place in the file.
  public var applied: [PlannedFix]
  /// The fixes offered and not applied.
  public var declined: [DeclinedFix]
  /// The findings of the fixed file (of the original when nothing changed).
  public var remaining: [Finding]
  /// Why the file was not edited at all, when it could not be (its encoding, its syntax).
  public var untouchedBecause: String?

  /// Whether the bytes changed.
  public var changed: Bool { fixed != original }
}

/// Fixes files by the fixes of their rules' definitions (SPEC §3.4): gathers the fix of every
/// finding whose rule fixes it, drops the ones that overlap a fix before them (fixes are taken
/// by their place in the file, then by the catalogue's order of their rules), applies them, checks
/// the file again and keeps the result only when every fixed finding is gone and no finding is
/// new; otherwise it applies them one at a time, keeping each that passes. It repeats until no
/// fix applies, so a second `--fix` changes nothing. Files are written by
/// ``write(_:to:)``: a temporary file in the same folder, renamed over the old one.
public enum FixPlanner {
  /// The most rounds of fixing one file (each round's fixes are checked together).
  static let rounds = 4

  /// The fixes the rules of `findings` offer for them in `text`, in the file's order (identical
  /// fixes of several findings once), overlaps included: the language server offers each.
  /// With `eachFinding`, a fix several findings share (the move of `title` and `body` into the
  /// alert) is given to each of them, as an editor and SARIF show it at each.
  public static func fixes(for findings: [Finding], in text: [UInt8], carriageReturnEndsLine: Bool,
                           eachFinding: Bool = false) -> [PlannedFix] {
    var seen: Set<[TextEdit]> = []
    var planned: [PlannedFix] = []
    for finding in findings {
      guard let rule = Rule.named(finding.rule.rawValue), rule.fix.fixes else { continue }
      let site = FixSite(text: text, finding: finding, carriageReturnEndsLine: carriageReturnEndsLine)
      guard let fix = rule.fix.fix(site), eachFinding || seen.insert(fix.edits).inserted else { continue }
      planned.append(PlannedFix(finding: finding, fix: fix))
    }
    return planned.sorted { a, b in
      (a.fix.span.lowerBound, Rule.order(of: a.finding.rule), a.fix.title) < (b.fix.span.lowerBound, Rule.order(of: b.finding.rule), b.fix.title)
    }
  }

  /// The fixes of `findings` placed by line and column in `text` (see ``fixes(for:in:carriageReturnEndsLine:eachFinding:)``).
  public static func positioned(_ findings: [Finding], in text: [UInt8], carriageReturnEndsLine: Bool) -> [PositionedFix] {
    fixes(for: findings, in: text, carriageReturnEndsLine: carriageReturnEndsLine, eachFinding: true).map { planned in
      PositionedFix(finding: planned.finding, title: planned.fix.title, replacements: planned.fix.edits.map { edit in
        PositionedFix.Replacement(
          start: LineIndex.position(of: edit.start, in: text, carriageReturnEndsLine: carriageReturnEndsLine),
          end: LineIndex.position(of: edit.end, in: text, carriageReturnEndsLine: carriageReturnEndsLine),
          text: edit.replacement)
      })
    }
  }

  /// The fixes of `planned` that can be applied together: each that overlaps one kept before it
  /// is declined.
  public static func compatible(_ planned: [PlannedFix]) -> (kept: [PlannedFix], declined: [DeclinedFix]) {
    var kept: [PlannedFix] = []
    var declined: [DeclinedFix] = []
    var taken: [Range<Int>] = []
    for p in planned {
      let touches = p.fix.edits.contains { edit in
        taken.contains { r in edit.start < r.upperBound && r.lowerBound < edit.end || edit.start == edit.end && r.contains(edit.start) && r.lowerBound != edit.start }
      }
      if touches {
        declined.append(DeclinedFix(planned: p, reason: "it overlaps another fix applied first; run --fix again after it"))
      } else {
        kept.append(p)
        taken += p.fix.edits.map { $0.start..<max($0.end, $0.start) }
      }
    }
    return (kept, declined)
  }

  /// Fixes one file's bytes. `check` gives the findings of a file's bytes as the run reports them
  /// (its configuration, its siblings); `table` says the file is a localization table (a UTF-16
  /// one is edited as text and written back in UTF-16 with its byte order mark), else a payload
  /// (UTF-8 bytes as they are).
  /// `findings`, when the caller has them already, are the file's findings as `check` gives them
  /// (then a file with no fix to offer is not checked at all); nil: `check` is asked first.
  public static func fix(path: String, bytes: [UInt8], table: Bool, findings known: [Finding]? = nil,
                         check: ([UInt8]) -> [Finding]) -> FileFixResult {
    let codec: TableText? = table ? TableText(bytes) : nil
    var result = FileFixResult(path: path, original: bytes, fixed: bytes, applied: [], declined: [], remaining: known ?? [])
    if table && codec == nil {
      if known == nil { result.remaining = check(bytes) }
      result.untouchedBecause = "its encoding is not one a fix can write back exactly (UTF-8, or UTF-16 with a byte order mark)"
      return result
    }
    var text = codec?.text ?? bytes
    // Nothing to offer: the file is left as it is, unchecked again.
    if let known, fixes(for: known, in: text, carriageReturnEndsLine: table).isEmpty { return result }
    let original = known ?? check(bytes)
    result.remaining = original
    var findings = original
    var declined: [DeclinedFix] = []
    // A fix that failed its check is not offered again in a later round.
    var failed: Set<String> = []
    func identity(_ p: PlannedFix) -> String { p.finding.rule.rawValue + "\u{0}" + (p.finding.keyPath ?? "") + "\u{0}" + p.fix.title }
    for _ in 0..<rounds {
      let planned = fixes(for: findings, in: text, carriageReturnEndsLine: table).filter { !failed.contains(identity($0)) }
      if planned.isEmpty { break }
      let (kept, overlapping) = compatible(planned)
      declined += overlapping
      if let round = apply(kept, to: text, before: findings, codec: codec, check: check) {
        (text, findings) = (round.text, round.findings)
        result.applied += kept
        continue
      }
      // Together they fail: one at a time, each checked, from the end of the file (so the
      // offsets of the fixes before it still hold).
      var any = false
      for p in kept.reversed() {
        switch attempt([p], to: text, before: findings, codec: codec, check: check) {
        case .success(let one):
          (text, findings) = (one.text, one.findings)
          result.applied.append(p)
          any = true
        case .failure(let failure):
          failed.insert(identity(p))
          declined.append(DeclinedFix(planned: p, reason: failure.reason))
        }
      }
      if !any { break }
    }
    result.applied.sort { $0.fix.span.lowerBound < $1.fix.span.lowerBound }
    // A fix declined for an overlap is said only when its finding is still there at the end (one
    // applied in a later round, or made moot by another fix, is not declined).
    var left: [String: Int] = [:]
    for f in findings { left[f.rule.rawValue + "\u{0}" + (f.keyPath ?? ""), default: 0] += 1 }
    result.declined = uniqueDeclined(declined.filter { (left[$0.planned.finding.rule.rawValue + "\u{0}" + ($0.planned.finding.keyPath ?? "")] ?? 0) > 0 })
    if !result.applied.isEmpty, let bytes = codec.map({ $0.encoded(text) }) ?? text {
      result.fixed = bytes
      result.remaining = findings
    }
    return result
  }

  /// A fix may bring out a finding its own rule's fix removes (`contentAvailable: true` renamed is
  /// `content-available: true`, which `flag-value` writes as 1): such newcomers are fixed in the
  /// same step, at most `followUps` deep, and the step passes only when none is left.
  static let followUps = 2

  /// The text with `fixes` applied and its findings, when checking it again finds every fixed
  /// finding gone and nothing new (follow-ups included); nil otherwise.
  static func apply(_ fixes: [PlannedFix], to text: [UInt8], before: [Finding], codec: TableText?,
                    check: ([UInt8]) -> [Finding]) -> (text: [UInt8], findings: [Finding])? {
    if case .success(let done) = attempt(fixes, to: text, before: before, codec: codec, check: check) { return done }
    return nil
  }

  /// `fixes` applied and checked again, with their follow-ups; the failure says why (the first
  /// finding left or new that no follow-up removes).
  static func attempt(_ fixes: [PlannedFix], to text: [UInt8], before: [Finding], codec: TableText?,
                      check: ([UInt8]) -> [Finding]) -> Result<(text: [UInt8], findings: [Finding]), FixFailure> {
    guard !fixes.isEmpty else { return .failure(FixFailure(reason: "no fix")) }
    var current = FindingFix("", edits: fixes.flatMap(\.fix.edits)).applied(to: text)
    let fixed = fixes.map(\.finding)
    for depth in 0...followUps {
      guard let bytes = codec.map({ $0.encoded(current) }) ?? current else {
        return .failure(FixFailure(reason: "the fixed text could not be encoded as the file is"))
      }
      let after = check(bytes)
      guard let why = verdict(fixed: fixed, before: before, after: after) else { return .success((current, after)) }
      let newcomers = newFindings(fixed: fixed, before: before, after: after)
      let follow = compatible(Self.fixes(for: newcomers, in: current, carriageReturnEndsLine: codec != nil)).kept
      // A newcomer no fix removes is the reason (not one a follow-up would have removed).
      let unfixable = newcomers.first { n in !follow.contains { $0.finding == n } }
      guard depth < followUps, unfixable == nil, !follow.isEmpty else {
        return .failure(FixFailure(reason: unfixable.map { "checked again, the fixed file has a new finding: " + $0.description } ?? why))
      }
      current = FindingFix("", edits: follow.flatMap(\.fix.edits)).applied(to: current)
    }
    return .failure(FixFailure(reason: "checked again, its follow-up fixes did not settle"))
  }

  /// Why fixes were not applied.
  struct FixFailure: Error {
    let reason: String
  }

  /// The findings of `after` that are not `before` less `fixed` (by rule and key path).
  static func newFindings(fixed: [Finding], before: [Finding], after: [Finding]) -> [Finding] {
    var left: [String: Int] = [:]
    func key(_ f: Finding) -> String { f.rule.rawValue + "\u{0}" + (f.keyPath ?? "") }
    for f in before { left[key(f), default: 0] += 1 }
    for f in fixed { left[key(f), default: 0] -= 1 }
    return after.filter { f in
      let k = key(f)
      if (left[k] ?? 0) > 0 {
        left[k]! -= 1
        return false
      }
      return true
    }
  }

  /// Nil when `after` is `before` less the `fixed` findings (compared by rule and key path, which
  /// an edit elsewhere does not move), else what differs.
  static func verdict(fixed: [Finding], before: [Finding], after: [Finding]) -> String? {
    struct Key: Hashable { let rule: String, keyPath: String? }
    var expected: [Key: Int] = [:]
    for f in before { expected[Key(rule: f.rule.rawValue, keyPath: f.keyPath), default: 0] += 1 }
    for f in fixed {
      expected[Key(rule: f.rule.rawValue, keyPath: f.keyPath), default: 0] -= 1
      // What the fix may leave in the finding's place (its rule's `leaves`) is not new.
      for successor in Rule.named(f.rule.rawValue)?.fix.leaves ?? [] {
        expected[Key(rule: successor.rawValue, keyPath: f.keyPath), default: 0] += 1
      }
    }
    var found: [Key: Int] = [:]
    for f in after { found[Key(rule: f.rule.rawValue, keyPath: f.keyPath), default: 0] += 1 }
    for f in after where found[Key(rule: f.rule.rawValue, keyPath: f.keyPath)]! > max(0, expected[Key(rule: f.rule.rawValue, keyPath: f.keyPath)] ?? 0) {
      let stayed = fixed.contains { $0.rule == f.rule && $0.keyPath == f.keyPath }
      return (stayed ? "checked again, the finding is still there: " : "checked again, the fixed file has a new finding: ") + f.description
    }
    return nil
  }

  static func uniqueDeclined(_ declined: [DeclinedFix]) -> [DeclinedFix] {
    var seen: Set<[TextEdit]> = []
    return declined.filter { seen.insert($0.planned.fix.edits).inserted }
  }

  /// Writes `bytes` over the file at `path` atomically: a temporary file in the same folder with
  /// the old file's permissions, flushed, then renamed over it, so a run killed at any moment
  /// leaves the old file or the new one, never a part. The problem says why when it cannot.
  public static func write(_ bytes: [UInt8], to path: String) throws(ToolProblem) {
    var info = stat()
    guard stat(path, &info) == 0 else { throw ToolProblem("cannot fix: \(FileWalk.errorText(errno))", path: path) }
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".apns-lint-fix.XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw ToolProblem("cannot fix: cannot create a file beside it: \(FileWalk.errorText(errno))", path: path) }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var ok = fchmod(fd, info.st_mode & 0o7777) == 0
    var written = 0
    while ok && written < bytes.count {
      let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + written, $0.count - written) }
      if n <= 0 { ok = false } else { written += n }
    }
    ok = ok && fsync(fd) == 0
    let code = errno
    close(fd)
    guard ok, rename(temporary, path) == 0 else {
      let failure = ok ? errno : code
      unlink(temporary)
      throw ToolProblem("cannot fix: \(FileWalk.errorText(failure))", path: path)
    }
  }
}

extension Rule {
  /// The rule's place in the catalogue (SPEC §3's order): which of two fixes at one place goes first.
  static func order(of id: RuleID) -> Int { catalogue.firstIndex { $0.id == id } ?? Int.max }
}
