import Foundation
import LintVocabulary
import StringsFile

/// `strings lint DIRECTORY` as every front end that lints a folder runs it (the command line and
/// the MCP server's `lint_strings`), so that they report the same findings (SPEC §3): the projects
/// below the folder say which tables ship and the development language ("What ships"), the code
/// below it (read on a thread of its own while the tables are linted) says which keys are looked
/// up ("Keys no source names"), and each step's notes are kept in the order a user reads them.
public struct TreeLint {
  /// The linted tables, their dead keys' findings made information (``StringsLint/markDead(_:sources:)``).
  public var files: [StringsLintFile]
  /// Folders and tables that could not be read (the code's, when `sources` named folders, too).
  public var problems: [FileWalk.Problem]
  /// What the run decided and why, for standard error or a tool's answer, each line as the
  /// command line writes it: the projects' summary, what they could not say of a table, how much
  /// code was read, which tables' keys `markDead` took as looked up another way.
  public var notes: [String]

  /// Lints `directory` (a folder or one table).
  /// - Parameters:
  ///   - directory: the folder (or table) to lint, and below which the projects and code are read.
  ///   - developmentLanguage: the language the others are compared with when given; nil: the
  ///     projects' development region, else `configuredLanguage`.
  ///   - configuredLanguage: the configuration's development language.
  ///   - table: only this table name (nil: every table).
  ///   - exclude: localizations no device picks (the configuration's).
  ///   - jobs: threads that read and lint (1: the calling thread only).
  ///   - readProjects: false for `--no-project`: every table counts as shipped.
  ///   - sources: folders of code to read instead of the code below `directory` (`--sources`).
  ///   - noSources: read no code: every key counts as looked up (`--no-sources`).
  /// - Throws: when `directory` does not exist.
  public init(directory: String, developmentLanguage: String?, configuredLanguage: String, table: String?,
              exclude: [String], jobs: Int, readProjects: Bool, sources: [String] = [], noSources: Bool = false) throws {
    let pendingSources = PendingSources {
      StringsLint.sourceKeys(directory: directory, sources: sources, noSources: noSources, jobs: jobs)
    }
    var notes: [String] = []
    let shipping = Self.shipping(directory: directory, developmentLanguage: developmentLanguage,
                                 readProjects: readProjects, jobs: jobs, notes: &notes)
    var problems: [FileWalk.Problem] = []
    var files = try StringsLint.lint(root: directory, developmentLanguage: developmentLanguage ?? configuredLanguage,
                                     table: table, exclude: exclude, jobs: jobs, shipping: shipping, problems: &problems)
    // What a project holding a table could not say (a project with no table below it says nothing).
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    for note in shipping?.notes(forTablesAt: files.map { String($0.path.dropFirst(base.count)) }) ?? [] {
      notes.append(ToolProblem(note, kind: .note).description)
    }
    // Keys no source names: their findings are information (what their translations do reaches
    // no device); a source that cannot be read is reported like a table.
    let (keys, note) = pendingSources.wait()
    if !sources.isEmpty { problems += keys?.problems ?? [] }   // the linted folder's own are reported with its tables
    if let note { notes.append(ToolProblem(note, kind: .note).description) }
    notes += StringsLint.markDead(&files, sources: keys)
    (self.files, self.problems, self.notes) = (files, problems, notes)
  }

  /// What the projects below `directory` ship (nil when `readProjects` is false or there is none);
  /// their summary is added to `notes`. A given development language wins over the projects'.
  public static func shipping(directory: String, developmentLanguage: String?, readProjects: Bool, jobs: Int,
                              notes: inout [String]) -> ProjectShipping? {
    guard readProjects, var shipping = ProjectShipping.read(root: directory, jobs: jobs) else { return nil }
    shipping.decidesDevelopmentLanguage = developmentLanguage == nil
    if let summary = shipping.summary { notes.append(ToolProblem(summary, kind: .note).description) }
    return shipping
  }
}
