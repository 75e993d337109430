import PayloadSchema
import Foundation
import StringsFile

/// Where a baseline's paths are relative to: the repository root, the enclosing git work tree
/// of the working directory (a folder with a `.git` folder or file), else the working directory.
public struct BaselineRoot: Sendable, Hashable {
  /// The root, absolute, without a trailing `/`.
  public var root: String
  /// The working directory the paths of a run are relative to, absolute.
  public var workingDirectory: String

  /// A root given outright (tests).
  public init(root: String, workingDirectory: String) {
    self.root = Self.normalized(root)
    self.workingDirectory = Self.normalized(workingDirectory)
  }

  /// The root of the git work tree that holds `workingDirectory`, else `workingDirectory`.
  public static func find(from workingDirectory: String) -> BaselineRoot {
    let start = normalized(workingDirectory)
    var dir = start
    while true {
      if FileManager.default.fileExists(atPath: dir == "/" ? "/.git" : dir + "/.git") {
        return BaselineRoot(root: dir, workingDirectory: start)
      }
      if dir == "/" || dir.isEmpty { break }
      let parent = dir.lastIndex(of: "/").map { $0 == dir.startIndex ? "/" : String(dir[..<$0]) } ?? "/"
      dir = parent
    }
    return BaselineRoot(root: start, workingDirectory: start)
  }

  /// `path` (as given on the command line or found below a folder) relative to the root,
  /// `/`-separated, with `.` and `..` resolved; absolute when it lies outside the root; `-`
  /// (standard input) stays `-`.
  public func relative(_ path: String) -> String {
    if path == "-" { return "-" }
    let absolute = Self.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    if root == "/" { return String(absolute.dropFirst()) }
    if absolute == root { return "." }
    if absolute.utf8.starts(with: (root + "/").utf8) { return String(decoding: absolute.utf8.dropFirst(root.utf8.count + 1), as: UTF8.self) }
    return absolute
  }

  /// An absolute path with `.`, `..` and repeated `/` resolved (symbolic links are not).
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    // Split on scalars: a combining mark after `/` would hide it from a character split.
    for scalars in path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true) {
      let part = Substring(scalars)
      if part == "." { continue }
      if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }
}

/// Hides the findings a baseline lists and counts what it no longer finds (SPEC §15).
///
/// Feed it every result of a run in order (`filter`), then read ``suppressed`` and ``fixed``.
/// Matching ignores lines and columns: a finding is hidden when an entry with its path, record
/// (`--ndjson` only), rule, key and subject has an occurrence left; each occurrence hides one
/// finding, so a second copy of an accepted problem in the same file is reported.
public struct BaselineMatcher: Sendable {
  private var remaining: [BaselineEntry: Int]
  /// Where the run's paths are relative to.
  public let root: BaselineRoot
  /// The paths (relative to the root) of every input the run checked, findings or not: only their
  /// entries can be "fixed"; an entry for a file this run did not look at is neither.
  private var seenPaths: Set<String> = []
  /// Findings hidden because the baseline lists them.
  public private(set) var suppressed = 0
  /// The last path made relative: a stream's records all have the same one.
  private var lastPath: (given: String, relative: String)? = nil

  /// A matcher for `baseline`, with paths relative to `root`.
  public init(baseline: Baseline, root: BaselineRoot) {
    self.remaining = baseline.counts
    self.root = root
  }

  /// The entry for a finding of a result (the record counts only for `--ndjson` streams: a
  /// request file's entries and a table have none).
  public static func entry(for diagnostic: Finding, in result: LintResult, path: String) -> BaselineEntry {
    BaselineEntry(path: path, record: result.isRequest ? nil : result.record, rule: diagnostic.rule.rawValue, key: diagnostic.keyPath,
                  message: diagnostic.message)
  }

  /// `result` without the findings the baseline lists.
  public mutating func filter(_ result: LintResult) -> LintResult {
    if let last = lastPath, last.given == result.path {
      guard !result.findings.isEmpty else { return result }
    } else {
      lastPath = (result.path, root.relative(result.path))
      seenPaths.insert(lastPath!.relative)
      guard !result.findings.isEmpty else { return result }
    }
    let path = lastPath!.relative
    var kept = result
    kept.findings = result.findings.filter { d in !consume(Self.entry(for: d, in: result, path: path)) }
    return kept
  }

  /// A table's findings (per key, before missing translations are grouped) without those the
  /// baseline lists; its missing-translation groups keep only the keys still reported. Rules
  /// the configuration turns off are dropped first (`linter`), as the baseline was written
  /// without them.
  public mutating func filter(_ file: StringsLintFile, linter: Linter) -> StringsLintFile {
    let path = root.relative(file.path)
    seenPaths.insert(path)
    let missingRule = RuleID(TableRule.missingTranslation)
    var kept: [Finding] = []
    // (localization, key) of the missing-translation findings still reported.
    var stillMissing: Set<[String]> = []
    for finding in file.findings {
      guard linter.configuration.level(of: finding.rule) != .off else { kept.append(finding); continue }
      let entry = BaselineEntry(path: path, record: nil, rule: finding.rule.rawValue, key: finding.keyPath, message: finding.message)
      if consume(entry) { continue }
      kept.append(finding)
      if finding.rule == missingRule || finding.rule == RuleID(TableRule.translationNotNeeded), let key = finding.keyPath, let language = Self.missingLanguage(finding.message) {
        stillMissing.insert([language, key])
      }
    }
    var out = file
    out.findings = kept
    out.missingTranslations = file.missingTranslations.compactMap { group in
      var g = group
      g.keys = group.keys.filter { stillMissing.contains([group.localization, $0]) }
      return g.keys.isEmpty ? nil : g
    }
    return out
  }

  /// The language a per-key missing-translation message says lacks the key: `fr` in "'K' of
  /// 'en' has no translation in 'fr': …".
  static func missingLanguage(_ message: String) -> String? {
    guard let colon = message.range(of: "' has no translation in '") else { return nil }
    let rest = message[colon.upperBound...]
    guard let close = rest.firstIndex(of: "'") else { return nil }
    return String(rest[..<close])
  }

  /// Uses one occurrence of `entry`; for a rule split from another (issue 53), of the entry
  /// written with its group's id when its own has none left (a baseline written before the split).
  private mutating func consume(_ entry: BaselineEntry) -> Bool {
    var key = entry
    if (remaining[key] ?? 0) == 0 {
      guard let group = Rule.named(entry.rule)?.group else { return false }
      key.rule = group.rawValue
    }
    guard let n = remaining[key], n > 0 else { return false }
    remaining[key] = n - 1
    suppressed += 1
    return true
  }

  /// Occurrences the baseline lists for the inputs this run checked that the run no longer
  /// found: fixed since the baseline was written ("`--write-baseline` to drop them").
  public var fixed: Int {
    remaining.reduce(0) { $0 + (seenPaths.contains($1.key.path) ? $1.value : 0) }
  }

  /// The summary line for text output, or nil when there is nothing to say: "3 findings hidden
  /// by the baseline; 12 baseline entries fixed; `--write-baseline` to drop them".
  public var summary: String? {
    var parts: [String] = []
    if suppressed > 0 { parts.append("\(suppressed) finding\(suppressed == 1 ? "" : "s") hidden by the baseline") }
    let fixed = self.fixed
    if fixed > 0 { parts.append("\(fixed) baseline entr\(fixed == 1 ? "y" : "ies") fixed; `--write-baseline` to drop them") }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}

/// Collects a run's findings as a ``Baseline`` for `--write-baseline`.
public struct BaselineRecorder: Sendable {
  /// The baseline so far.
  public private(set) var baseline = Baseline()
  /// Where the run's paths are relative to.
  public let root: BaselineRoot

  /// A recorder with paths relative to `root`.
  public init(root: BaselineRoot) { self.root = root }

  /// The last path made relative.
  private var lastPath: (given: String, relative: String)? = nil

  /// Adds every finding of a result.
  public mutating func add(_ result: LintResult) {
    guard !result.findings.isEmpty else { return }
    if lastPath?.given != result.path { lastPath = (result.path, root.relative(result.path)) }
    let path = lastPath!.relative
    for d in result.findings { baseline.add(BaselineMatcher.entry(for: d, in: result, path: path)) }
  }
}
