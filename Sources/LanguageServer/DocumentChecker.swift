import APNsLint
import Foundation
import PayloadSchema
import StringsFile

/// One diagnostic as published: where it stands in the buffer and what it says; the finding it
/// was made from (nil for a problem that is no rule's, e.g. a request file that cannot be read).
struct PublishedDiagnostic: Sendable {
  var range: TextRange
  var finding: Finding?
  var message: String
  var severity: Severity

  /// LSP's `Diagnostic`: severity error 1, warning 2, information 3; `code` the rule id, with a
  /// link to its entry in the rule reference.
  var json: JSONValue {
    var members: [String: JSONValue] = [
      "range": range.json,
      "severity": .int(severity == .error ? 1 : severity == .warning ? 2 : 3),
      "source": "apns-lint",
      "message": .string(message),
    ]
    if let rule = finding?.rule.rawValue {
      members["code"] = .string(rule)
      members["codeDescription"] = ["href": .string(DocumentChecker.rulesPage + "#" + rule)]
    }
    return .object(members)
  }
}

/// Checks documents as the command line checks files: a payload or request file as `apns-lint
/// check` does, a table with the tables it is compared with as `apns-lint strings lint --table
/// NAME` does over the folder that holds its `.lproj` folder, with what the workspace's projects
/// ship and the keys the workspace's code names, as `strings lint` at the workspace's root reads
/// them. Open documents are checked as they are in the editor, in the file's own encoding; every
/// other table comes from the workspace, read again only when it changed.
struct DocumentChecker {
  /// The rule reference, which each diagnostic's code links to.
  static let rulesPage = "https://github.com/apns-lint/apns-lint/blob/main/docs/rules.md"

  /// `.apns-lint.yml` at the workspace's root, or the built-in configuration.
  var configuration: Configuration
  /// What may be read.
  let files: WorkspaceFiles
  /// The clock for provider-token age and `apns-expiration` (seconds since 1970).
  let now: () -> Int64
  /// Threads `strings lint` reads and compares tables on.
  let jobs: Int
  /// What the workspace's Xcode projects and packages ship (SPEC §3 "What ships"), read when the
  /// workspace opens and again when a project file changes; nil when there is none. A table is
  /// linted with it as `strings lint` at the workspace's root lints it: a table no target builds
  /// is information, compared with nothing, and the project's development language is its.
  var shipping: ProjectShipping? = nil
  /// The keys the workspace's code names (SPEC §3 "Keys the code looks up"), read when the
  /// workspace opens and again when a source file changes; nil when the workspace holds no code
  /// (every key counts as looked up). A finding about a key no source names is information, as
  /// `strings lint` at the workspace's root reports it.
  var sources: SourceKeys? = nil

  /// The findings of a payload or request document, or the problem that stops a request file
  /// from being read (at its line and column).
  func payloadFindings(_ checked: CheckedText, path: String, request: Bool) -> (findings: [Finding], problem: RequestFile.SyntaxError?) {
    var linter = Linter(configuration: configuration)
    if request {
      switch RequestFile.parse(checked.bytes) {
      case .failure(let error):
        return ([], error)
      case .success(let entries):
        let findings = entries.flatMap { entry in
          linter.result(for: entry, path: path, record: entries.count > 1 ? entry.line : nil, now: now(), localize: nil, activity: nil).findings
        }
        return (findings, nil)
      }
    }
    linter.simulatorFile = path.hasSuffix(".apns")
    // Read whole, or fed in chunks when large, as `check` reads the file.
    let report = CheckRun.report(ofPayload: checked.bytes, linter: &linter)
    return (linter.result(report, path: path, record: nil).findings, nil)
  }

  /// The findings of a table and of the tables it is compared with, by real path: `strings lint`
  /// over the table's comparison scope (`StringsLint.comparisonScope(of:)`), with `open` (real
  /// path → bytes in the file's encoding) in place of the disk. A file outside the workspace (a
  /// symbolic link out) is never read: it is given as empty. `problems`: files that could not be
  /// read.
  func tableFindings(realPath: String, open: [String: [UInt8]]) -> (byPath: [String: [Finding]], problems: [FileWalk.Problem]) {
    var (root, table) = StringsLint.comparisonScope(of: realPath)
    if files.confine(root) == nil { (root, table) = (realPath, nil) }
    let files = self.files
    let contents: @Sendable (String) -> [UInt8]? = { path in
      guard let real = files.confine(path) else { return [] }
      if let bytes = open[real] { return bytes }
      if case .success(let bytes) = files.contents(real, limit: StringsLint.maxTableBytes) { return bytes }
      return nil
    }
    var problems: [FileWalk.Problem] = []
    var linted: [StringsLintFile]
    do {
      // The projects were read at the workspace's root; the table's folder is below it.
      let workspace = files.root.path
      let scope = root == workspace ? "" : root.hasPrefix(workspace + "/") ? String(root.dropFirst(workspace.count + 1)) : nil
      linted = try StringsLint.lint(root: root, developmentLanguage: configuration.developmentLanguage, table: table,
                                    exclude: configuration.excludedLocalizations, jobs: jobs, contents: contents,
                                    shipping: scope.flatMap { shipping?.below($0) }, problems: &problems)
    } catch {
      return ([:], problems)
    }
    StringsLint.markDead(&linted, sources: sources)
    var byPath: [String: [Finding]] = [:]
    for file in linted {
      guard let real = files.confine(file.path) else { continue }
      byPath[real] = Linter.configured(file.groupedFindings, configuration: configuration)
    }
    return (byPath, problems)
  }

  /// The diagnostics of `findings` in a buffer: each finding's line and column counted in the
  /// checker's text, moved by its shift into the buffer, and converted to LSP's lines and UTF-16
  /// characters; the range covers the token there (a quoted string, a word) or one character.
  static func diagnostics(_ findings: [Finding], checked: CheckedText, buffer: [UInt8], table: Bool) -> [PublishedDiagnostic] {
    let placed = findings.filter { $0.line >= 1 }
    let offsets = CheckerPlaces.offsets(of: placed.map { ($0.line, max(1, $0.column)) }, in: checked.text, carriageReturnEndsLine: table)
    let map = LineMap(buffer)
    var out: [PublishedDiagnostic] = findings.filter { $0.line < 1 }.map {
      PublishedDiagnostic(range: map.range(0, 0), finding: $0, message: VisibleText.escape($0.message), severity: $0.severity)
    }
    for (finding, offset) in zip(placed, offsets) {
      let start = max(0, min(buffer.count, offset + checked.shift))
      let end = CheckerPlaces.tokenEnd(buffer, from: start)
      out.append(PublishedDiagnostic(range: map.range(start, end), finding: finding, message: VisibleText.escape(finding.message),
                                     severity: finding.severity))
    }
    return out
  }

  /// The diagnostic of a request file that cannot be read.
  static func diagnostic(_ problem: RequestFile.SyntaxError, checked: CheckedText, buffer: [UInt8]) -> PublishedDiagnostic {
    let offset = CheckerPlaces.offsets(of: [(problem.line, max(1, problem.column))], in: checked.text, carriageReturnEndsLine: false)[0]
    let start = max(0, min(buffer.count, offset + checked.shift))
    let map = LineMap(buffer)
    return PublishedDiagnostic(range: map.range(start, CheckerPlaces.tokenEnd(buffer, from: start)), finding: nil,
                               message: VisibleText.escape(problem.message), severity: .error)
  }
}
