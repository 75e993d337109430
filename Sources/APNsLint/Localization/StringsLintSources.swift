import Foundation
import PayloadSchema
import StringsFile

// `strings lint --sources DIR` (SPEC §3 "Keys no source names"): findings about keys that no
// source file names become information, since what a key's translation does reaches no device
// once the code stopped looking the key up.

extension StringsLint {
  /// The code `strings lint DIRECTORY` reads to tell the keys it looks up (SPEC §3): the folders
  /// of `sources` when given; else, unless `noSources`, the code below `directory` when it is a
  /// folder holding any (`note` says so); nil keys: every key counts as looked up. The keys'
  /// `problems` are sources that could not be read.
  public static func sourceKeys(directory: String, sources: [String], noSources: Bool, jobs: Int) -> (keys: SourceKeys?, note: String?) {
    if !sources.isEmpty { return (SourceKeys(roots: sources, jobs: jobs), nil) }
    var isDirectory: ObjCBool = false
    guard !noSources, FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { return (nil, nil) }
    let found = SourceKeys(roots: [directory], jobs: jobs)
    guard found.codeFilesRead > 0 else { return (nil, nil) }
    return (found, "read \(found.codeFilesRead) source files below \(directory) to tell the keys the code looks up; findings about keys no source names are info (--no-sources: every key counts as looked up)")
  }

  /// Applies a baseline to linted files, per key whatever the output format: each file's findings
  /// are recorded by `recorder` and filtered by `matcher` before missing translations are grouped.
  public static func applyBaseline(_ files: inout [StringsLintFile], matcher: inout BaselineMatcher?,
                                   recorder: inout BaselineRecorder?, linter: Linter) {
    for i in files.indices {
      recorder?.add(LintResult(path: files[i].path, findings: linter.configured(files[i].findings)))
      if matcher != nil { files[i] = matcher!.filter(files[i], linter: linter) }
    }
  }

  /// The share of a table's keys the sources must name before its other keys are taken as dead:
  /// below it, the app evidently looks its keys up in a way the sources do not show (accessors
  /// generated at build time, keys built at run time), and nothing of the table is marked.
  public static let namedShareForUnreached = 0.25

  /// Rules about a whole table, whose findings are never marked: a syntax error or a truncation
  /// loses the entries after it, whichever key it stands at.
  static let tableWideRules: Set<RuleID> = [RuleID(StringsRule.syntax), RuleID(StringsRule.truncated), RuleID(StringsRule.encoding)]

  /// Marks every error and warning about a key that `sources` does not name as unreached
  /// (`Finding.unreached`: information), and leaves such keys out of the missing-translation
  /// groups. A table
  /// of which the sources name less than ``namedShareForUnreached`` of the keys is left as it is,
  /// with a note (returned, one per table file: "path: …"). Files are re-read only when they have
  /// a finding to mark.
  public static func markUnreached(_ files: inout [StringsLintFile], sources: SourceKeys) -> [String] {
    var notes: [String] = []
    // The same keys come back in every localization: each is looked up once per table name.
    var known: [String: [String: Bool]] = [:]
    for index in files.indices {
      useDefaultTexts(&files[index], sources: sources)
      let path = files[index].path
      let table = tableName(path)
      var cache = known[table] ?? [:]
      defer { known[table] = cache }
      func named(_ key: String) -> Bool {
        if let answer = cache[key] { return answer }
        let answer = sources.names(key, table: table)
        cache[key] = answer
        return answer
      }
      let marked = files[index].findings.indices.filter { i in
        let f = files[index].findings[i]
        guard let key = f.keyPath, f.severity != .info, !tableWideRules.contains(f.rule) else { return false }
        return !named(key)
      }
      let groupsTouched = files[index].missingTranslations.contains { $0.keys.contains { !named($0) } }
      guard !marked.isEmpty || groupsTouched else { continue }
      guard case .success(let bytes) = FileWalk.read(Array(path.utf8), shownAs: path, limit: maxTableBytes) else { continue }
      let keys = Set(StringsParser.parse(bytes, path: path).entries.map(\.key))
      guard !keys.isEmpty else { continue }
      let namedCount = keys.filter { named($0) }.count
      if Double(namedCount) < namedShareForUnreached * Double(keys.count) {
        notes.append("\(path): the sources name \(namedCount) of its \(keys.count) keys; taken as looked up another way (generated accessors, keys built at run time), so none of its findings is marked unreached")
        continue
      }
      for i in marked {
        files[index].findings[i].unreached = true
        files[index].findings[i].message += " (no source file names the key: no device shows it)"
      }
      for g in files[index].missingTranslations.indices {
        files[index].missingTranslations[g].keys.removeAll { !named($0) }
      }
      files[index].missingTranslations.removeAll { $0.keys.isEmpty }
    }
    return notes
  }

  /// What the code, or where none is read what Xcode says of it, makes of the findings: with
  /// `sources`, ``markUnreached(_:sources:)`` (its notes returned); without,
  /// ``markStale(_:)``. Every front end (the command line, the language server, the build plugin,
  /// the MCP server) makes this one choice here.
  @discardableResult
  public static func markDead(_ files: inout [StringsLintFile], sources: SourceKeys?) -> [String] {
    guard let sources else {
      markStale(&files)
      return []
    }
    return markUnreached(&files, sources: sources)
  }

  /// Where no code is read (`--no-sources`, a folder of tables alone), what Xcode says of the code
  /// instead: every error and warning about a catalog key it marks stale, in a catalog its
  /// extraction maintains (``StringsLintFile/staleKeys``), is information, "(Xcode marks the key
  /// stale: …)". Table-wide findings are never marked. With the code read, ``markUnreached(_:sources:)``
  /// decides, and a stale key the code names keeps its findings.
  public static func markStale(_ files: inout [StringsLintFile]) {
    for index in files.indices where !files[index].staleKeys.isEmpty {
      let stale = files[index].staleKeys
      for i in files[index].findings.indices {
        let f = files[index].findings[i]
        guard let key = f.keyPath, f.severity != .info, !tableWideRules.contains(f.rule), stale.contains(key) else { continue }
        files[index].findings[i].unreached = true
        files[index].findings[i].message += " (Xcode marks the key stale: its extraction no longer finds it in the code; unless something looks it up at run time, no device shows it)"
      }
    }
  }

  /// A missing key whose lookup in the code passes a default text (``SourceKeys/keysWithDefaultText``:
  /// `NSLocalizedString(key, value:)`, SwiftGen's `fallback:`, `defaultValue:`) shows that text,
  /// which the development table holds too, not the raw key (CFBundle's
  /// `CFBundleCopyLocalizedString`: "If no value exists for key, returns value unless value is
  /// NULL or an empty string"): its groups and findings say so (still a warning: the user reads
  /// the development language).
  static func useDefaultTexts(_ file: inout StringsLintFile, sources: SourceKeys) {
    let withDefault = sources.keysWithDefaultText
    guard !withDefault.isEmpty, file.missingTranslations.contains(where: { $0.fallback == .rawKey }) else { return }
    var moved: [MissingTranslations] = []
    for g in file.missingTranslations.indices where file.missingTranslations[g].fallback == .rawKey && !file.missingTranslations[g].reportedWhole {
      let keys = file.missingTranslations[g].keys.filter { withDefault.contains($0) }
      guard !keys.isEmpty else { continue }
      file.missingTranslations[g].keys.removeAll { withDefault.contains($0) }
      var group = file.missingTranslations[g]
      group.keys = keys
      group.fallback = .developmentText
      moved.append(group)
    }
    guard !moved.isEmpty else { return }
    for group in moved {
      if let same = file.missingTranslations.firstIndex(where: {
        $0.localization == group.localization && $0.table == group.table && $0.fallback == .developmentText && !$0.reportedWhole
      }) {
        file.missingTranslations[same].keys += group.keys
      } else {
        file.missingTranslations.append(group)
      }
    }
    file.missingTranslations.removeAll { $0.keys.isEmpty }
    let rule = RuleID(TableRule.missingTranslation)
    for i in file.findings.indices where file.findings[i].rule == rule {
      guard let key = file.findings[i].keyPath, withDefault.contains(key) else { continue }
      file.findings[i].message = TableMessage.showsDefaultText(file.findings[i].message)
    }
  }

  /// `Localizable` for `…/fr.lproj/Localizable.strings`.
  static func tableName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = file.lastIndex(of: ".") else { return file }
    return String(file[..<dot])
  }
}
