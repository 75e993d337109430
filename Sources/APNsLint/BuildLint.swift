import Foundation
import PayloadSchema
import StringsFile

/// The lint a build runs through the build-tool plugin (SPEC §18): the tables and payload
/// fixtures among a target's files, checked as `strings lint` and `check` check them, each finding
/// one line in the compiler's shape, so that Xcode and `swift build` show it at its key.
///
/// ```swift
/// let report = BuildLint(configuration: .builtIn).run(["/app/Sources/App/fr.lproj/Localizable.strings"])
/// report.lines    // ["/app/Sources/App/fr.lproj/Localizable.strings:5:1: warning: … [strings-format-mismatch]"]
/// report.fails    // false: warnings fail the build only with `build: {fail-on: warning}`
/// ```
///
/// What is read, by extension: `.strings`, `.stringsdict` and `.xcstrings` are tables, linted with
/// their `.lproj` siblings as `strings lint` lints the folder that holds the `.lproj` folders
/// (with ``root``, as `strings lint ROOT` lints them: the projects below it decide which tables
/// ship and the development language, and the code below it which keys are looked up);
/// `.apns` files and `.json` files whose top-level object has an `aps` or `web_push` member
/// (``holdsPayloadMember(_:)``) are payloads, checked as `check` checks them. Anything else is
/// left out. Severities are the configuration's; an info finding is a `note:` line.
package struct BuildLint {
  /// The configuration the findings are configured with; its `build.fail-on` decides `fails`.
  package var configuration: Configuration
  /// Threads that read and compare tables (the result is the same whatever the number).
  package var jobs = 1
  /// The package's or Xcode project's folder: the projects below it say which tables ship and the
  /// development language, and the code below it which keys are looked up, as for `strings lint`
  /// run there (SPEC §3 "What ships", "Keys the code looks up"), so that Xcode shows at a key what
  /// the command line and the editor show. Nil lints the tables alone (every table ships, every
  /// key is looked up: `--no-project --no-sources`).
  package var root: String?

  /// A lint with `configuration` (severities, the development language, `build.fail-on`).
  package init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// What one run found.
  package struct Report: Sendable, Equatable {
    /// One line a finding, `PATH:LINE:COLUMN: error|warning|note: MESSAGE [RULE-ID]`, in the order
    /// of the files given, each file's findings by position.
    package var lines: [String] = []
    /// Files and folders that could not be read, and inputs that do not exist: each fails the build.
    package var problems: [ToolProblem] = []
    /// The files linted (tables and payloads; a `.json` file that is no payload is not counted).
    package var checked = 0
    /// The findings printed, by severity.
    package var errors = 0, warnings = 0, notes = 0
    /// The least severity that fails the build (`build.fail-on`).
    package var failOn: Severity = .error

    /// Whether the build fails: a problem, an error, or a warning when `build.fail-on` is `warning`.
    package var fails: Bool {
      !problems.isEmpty || errors > 0 || (failOn == .warning && warnings > 0)
    }

    /// The last line the tool prints: `apns-lint-build: checked N files, E errors, W warnings`.
    package var summary: String {
      "apns-lint-build: checked \(checked) files, \(errors) errors, \(warnings) warnings"
    }
  }

  /// What a file among the inputs is to the lint.
  package enum Kind: Sendable, Equatable {
    case table, payload, json
  }

  /// The kind of file `path` names by its extension: a table, a payload (`.apns`), a `.json`
  /// file that is a payload when it holds one (``holdsPayloadMember(_:)``); nil for anything else.
  package static func kind(of path: String) -> Kind? {
    switch (path as NSString).pathExtension.lowercased() {
    case "strings", "stringsdict", "xcstrings": .table
    case "apns": .payload
    case "json": .json
    default: nil
    }
  }

  /// Lints `files` (absolute, or relative to the working directory; shown as given), tables
  /// with their `.lproj` siblings, payloads one by one.
  package func run(_ files: [String]) -> Report {
    var report = Report(failOn: configuration.buildFailOn)
    let inputs = files.map(Self.standardized)
    let tables = inputs.filter { Self.kind(of: $0) == .table }
    var results: [String: LintResult] = [:]
    let context = root.map(Self.standardized).map { root in
      (root: root, shipping: tables.isEmpty ? nil : ProjectShipping.read(root: root, jobs: jobs),
       sources: tables.isEmpty ? nil : StringsLint.sourceKeys(directory: root, sources: [], noSources: false, jobs: jobs).keys)
    }
    for result in lintTables(tables, context: context, problems: &report.problems) { results[result.path] = result }
    var linter = Linter(configuration: configuration)
    for path in inputs where results[path] == nil {
      guard let kind = Self.kind(of: path), kind != .table else { continue }
      switch FileWalk.read(Array(path.utf8), shownAs: path, limit: configuration.maxInputBytes) {
      case .failure(let problem):
        report.problems.append(ToolProblem(problem.message, path: problem.path))
      case .success(let bytes):
        if kind == .json && !Self.holdsPayloadMember(bytes) { continue }
        linter.simulatorFile = kind == .payload
        let checked = bytes.withUnsafeBytes { linter.validate($0) }
        results[path] = linter.result(checked, path: path, record: nil)
      }
    }
    var printed: Set<String> = []
    for path in inputs {
      guard let result = results[path], printed.insert(path).inserted else { continue }
      report.checked += 1
      for finding in result.findings {
        report.lines.append(Self.line(path: path, finding))
        switch finding.severity {
        case .error: report.errors += 1
        case .warning: report.warnings += 1
        case .info: report.notes += 1
        }
      }
    }
    return report
  }

  /// The tables among the inputs, each compared with its `.lproj` siblings: `strings lint` on the
  /// folder that holds a table's `.lproj` folder (on the file itself for a String Catalog or a
  /// table outside `.lproj`), a folder inside another linted one left to that one, and only the
  /// results of the inputs kept. Findings are configured and grouped as `strings lint`'s text shows them.
  /// `context` is what ``root`` holds: its projects, from which each linted folder's tables
  /// are asked about, and its code, whose keys decide which findings are information.
  func lintTables(_ tables: [String], context: (root: String, shipping: ProjectShipping?, sources: SourceKeys?)? = nil,
                  problems: inout [ToolProblem]) -> [LintResult] {
    let wanted = Set(tables)
    var roots: [String] = []
    for path in tables {
      let folder = (path as NSString).deletingLastPathComponent
      let inLocalization = (folder as NSString).lastPathComponent.lowercased().hasSuffix(".lproj")
        && !path.lowercased().hasSuffix(".xcstrings")
      let root = inLocalization ? (folder as NSString).deletingLastPathComponent : path
      if !roots.contains(root) { roots.append(root) }
    }
    let folders = roots.filter { root in Self.isFolder(root) }
    roots.removeAll { root in folders.contains { $0 != root && root.hasPrefix($0 == "/" ? "/" : $0 + "/") } }
    var results: [LintResult] = []
    for root in roots {
      var walkProblems: [FileWalk.Problem] = []
      do {
        // The projects asked about this folder, as `strings lint` over the package asks them.
        var shipping: ProjectShipping?
        if let context, let projects = context.shipping {
          let base = context.root
          shipping = root == base ? projects
            : root.hasPrefix(base == "/" ? "/" : base + "/") ? projects.below(String(root.dropFirst(base.count + 1))) : nil
        }
        var files = try StringsLint.lint(root: root, developmentLanguage: configuration.developmentLanguage,
                                         exclude: configuration.excludedLocalizations, jobs: jobs, shipping: shipping,
                                         problems: &walkProblems)
        StringsLint.markDead(&files, sources: context?.sources)
        for file in files where wanted.contains(file.path) {
          results.append(LintResult(path: file.path, findings: Linter.configured(file.groupedFindings, configuration: configuration)))
        }
      } catch {
        problems.append(ToolProblem("no such file or folder", path: root))
      }
      problems += walkProblems.map { ToolProblem($0.message, path: $0.path) }
    }
    return results
  }

  /// `PATH:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID]` with `note` for an info finding (the word
  /// Xcode and SwiftPM read besides `error` and `warning`), path and message made visible.
  package static func line(path: String, _ finding: Finding) -> String {
    let word = finding.severity == .info ? "note" : finding.severity.rawValue
    return "\(VisibleText.escape(path)):\(finding.line):\(finding.column): \(word): \(VisibleText.escape(finding.message)) [\(finding.rule.rawValue)]"
  }

  /// Whether JSON text has a member `aps` or `web_push` in its top-level object: a payload
  /// fixture, not some other resource. Read as far as it goes, so that a broken payload (a
  /// trailing comma, a missing brace) is still one and `json-syntax` reports it.
  package static func holdsPayloadMember(_ bytes: [UInt8]) -> Bool {
    var depth = 0, i = 0
    let n = bytes.count
    while i < n {
      switch bytes[i] {
      case UInt8(ascii: "\""):
        let start = i + 1
        i += 1
        while i < n, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        let name = bytes[start..<min(i, n)]
        i += 1
        guard depth == 1, name.elementsEqual("aps".utf8) || name.elementsEqual("web_push".utf8) else { continue }
        var j = i
        while j < n, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
        if j < n, bytes[j] == UInt8(ascii: ":") { return true }
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; i += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1; i += 1
      default: i += 1
      }
    }
    return false
  }

  /// The configuration file of a target: the nearest `.apns-lint.yml` from `directory` up to
  /// `root` (the package or project folder), both included; nil when there is none (the
  /// built-in configuration applies). A `directory` outside `root` is searched alone, then `root`.
  package static func configurationFile(from directory: String, upTo root: String) -> String? {
    let root = standardized(root)
    var folder = standardized(directory)
    let inside = folder == root || folder.hasPrefix(root == "/" ? "/" : root + "/")
    while true {
      let candidate = (folder as NSString).appendingPathComponent(".apns-lint.yml")
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
      if folder == root || folder == "/" { return nil }
      folder = inside ? (folder as NSString).deletingLastPathComponent : root
    }
  }

  /// The Swift source the tool writes as its build output (SwiftPM runs a build command only
  /// when something consumes what it writes: the target compiles this file). A comment only:
  /// it declares nothing in the target's module.
  package static func stamp(checked: Int) -> String {
    "// Written by apns-lint-build (the APNsLintBuildPlugin, SPEC §18) when it linted this target's\n"
      + "// tables and payload fixtures: \(checked) files. It declares nothing; the build compiles it so\n"
      + "// that the lint runs again only when one of those files or the configuration changes.\n"
  }

  static func standardized(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return (absolute as NSString).standardizingPath
  }

  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
