import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint strings dump|lint`.
struct StringsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strings", abstract: "Read and lint localization tables.",
    subcommands: [Dump.self, Lint.self])

  /// `strings dump FILE`: the entries as the device reads them, in file order, with positions.
  struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dump", abstract: "Print a table's entries as the device reads them.")
    @Argument(help: "A .strings, .stringsdict or .xcstrings file.") var file: String
    @Option(help: "Output: text or json.") var format: DumpFormat = .text
    @Option(help: "A String Catalog's language to show (default: its source language).") var lang: String?

    enum DumpFormat: String, ExpressibleByArgument, CaseIterable { case text, json }
    @Option(help: "A configuration file (default: .apns-lint.yml, else built in).") var config: String?

    func run() throws {
      let configuration = try loadConfiguration(config)
      let data: Data
      switch FileWalk.read(Array(file.utf8), shownAs: file, limit: StringsLint.maxTableBytes) {
      case .success(let bytes): data = Data(bytes)
      case .failure(let problem):
        throw ToolProblem(problem.message, path: problem.path)
      }
      var table = StringsParser.parse(data, path: file)
      var language: String? = nil
      if let lang {
        guard file.lowercased().hasSuffix(".xcstrings") else {
          throw ToolProblem("--lang chooses a language of a String Catalog (.xcstrings); a .lproj table is one language already", path: file)
        }
        let picked = StringCatalog.table(data, path: file, language: lang)
        guard let languageTable = picked.table else {
          throw ToolProblem("the catalog has no language '\(lang)'; it has \(picked.languages.map { "'\($0)'" }.joined(separator: ", "))", path: file)
        }
        table = languageTable
        language = picked.name
      }
      Output.standard.write(format == .json ? TableDumpReporter.json(table, language: language, configuration: configuration)
                          : TableDumpReporter.text(table, language: language, configuration: configuration))
      var outcome = RunOutcome()
      outcome.count(TableDumpReporter.diagnostics(table, configuration))
      try outcome.exit()
    }
  }

  /// `strings lint DIR`: every table on its own and every localization against the development one.
  struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lint", abstract: "Lint every table below a folder.")
    @Argument(help: "A folder with .lproj tables (or a single table).") var directory: String
    @Option(name: .customLong("development-language"), help: "The language others are compared with (default: the configuration's, en).") var developmentLanguage: String?
    @Option(help: "Lint only this table (default: every table).") var table: String?
    @Option(help: "A configuration file (default: .apns-lint.yml, else built in).") var config: String?
    @Option(help: "Output: text, json, sarif or github.") var format: OutputFormat = .text
    @Flag(help: "Exit 1 on warnings too.") var strict = false
    @Option(name: .customLong("sources"), help: ArgumentHelp(
      "The app's source folder (repeatable): findings about keys no source names become info.",
      discussion: "Swift, Objective-C, C, Python and JavaScript string literals, property lists and storyboard IDs are read (SPEC §3).",
      valueName: "DIR")) var sources: [String] = []
    @Flag(name: .customLong("no-sources"), help: ArgumentHelp(
      "Do not read the code below the folder: every key counts as looked up.",
      discussion: "Without --sources, a linted folder that holds code is read as the app's sources (SPEC §3).")) var noSources = false
    @Flag(name: .customLong("no-project"), help: ArgumentHelp(
      "Do not read Xcode projects or Package.swift: every table counts as shipped.",
      discussion: "Without it, the projects below the folder tell which tables a target builds and the development language (SPEC §3 \"What ships\").")) var noProject = false
    @OptionGroup var baselineOptions: BaselineOptions
    @OptionGroup var fixOptions: FixOptions

    func run() throws {
      let configuration = try loadConfiguration(config)
      if fixOptions.fix {
        let session = try fixTables(configuration)
        if fixOptions.dryRun {
          var left = session.left
          left.strict = strict
          throw ExitCode(left.status)
        }
      }
      let root = BaselineRoot.find(from: FileManager.default.currentDirectoryPath)
      try baselineOptions.refuseOverwriting(inputs: [directory], root: root)
      var matcher = try baselineOptions.matcher(root: root)
      var recorder = baselineOptions.recorder(root: root)
      if noSources, !sources.isEmpty {
        throw ToolProblem("--no-sources and --sources exclude each other")
      }
      // The projects, the tables, and the code read on a thread of its own meanwhile (TreeLint).
      var files: [StringsLintFile]
      var problems: [FileWalk.Problem] = []
      do {
        let run = try TreeLint(directory: directory, developmentLanguage: developmentLanguage,
                               configuredLanguage: configuration.developmentLanguage, table: table,
                               exclude: configuration.excludedLocalizations, jobs: Workers.default,
                               readProjects: !noProject, sources: sources, noSources: noSources)
        run.notes.forEach(complain)
        (files, problems) = (run.files, run.problems)
      } catch {
        throw ToolProblem("no such file or folder", path: directory)
      }
      // Unreadable folders and tables are reported and make the run exit 2; the rest is linted.
      for problem in problems { complain(ToolProblem(problem.message, path: problem.path)) }
      let linter = Linter(configuration: configuration)
      var sink = ResultSink(format: format, linter: linter, strict: strict, output: .standard, colour: Output.standardTakesColour)
      sink.outcome.unreadable = !problems.isEmpty
      StringsLint.applyBaseline(&files, matcher: &matcher, recorder: &recorder, linter: linter)
      // Every format reports the same findings: one per localization and table for missing
      // translations and keys in a state (JSON lists each group's keys), so the counts agree.
      for file in files {
        var result = LintResult(path: file.path, findings: linter.configured(file.groupedFindings))
        if format == .sarif { result.fixes = Self.fixes(result.findings, path: file.path) }
        sink.add(result, baselined: true)
      }
      sink.matcher = matcher
      if !baselineOptions.write(recorder, unreadable: !problems.isEmpty) { sink.outcome.unreadable = true }
      if format == .text, configuration.level(of: RuleID(TableRule.missingTranslation)) != .off {
        Output.standard.write(TextReporter.translationSummary(StringsLint.translationSummary(files)))
      }
      try sink.finish(noun: "files")
    }

    /// What the projects below the folder ship (nil with `--no-project`, or when there is none);
    /// their notes go to standard error. `--development-language` wins over the projects'.
    func readShipping(quiet: Bool = false) -> ProjectShipping? {
      var notes: [String] = []
      let shipping = TreeLint.shipping(directory: directory, developmentLanguage: developmentLanguage,
                                       readProjects: !noProject, jobs: Workers.default, notes: &notes)
      if !quiet { notes.forEach(complain) }
      return shipping
    }

    /// The fixes the rules offer for a table's findings, placed in its text (SARIF's `fixes`);
    /// none when no finding's rule fixes, or the table's encoding is not one a fix writes.
    static func fixes(_ findings: [Finding], path: String) -> [PositionedFix] {
      guard FixSession.hasFixable(findings),
            case .success(let bytes) = FileWalk.read(Array(path.utf8), shownAs: path, limit: StringsLint.maxTableBytes),
            let text = TableText(bytes) else { return [] }
      return FixPlanner.positioned(findings, in: text.text, carriageReturnEndsLine: TableText.carriageReturnEndsLine)
    }

    /// `--fix`: every table with a finding a rule fixes is fixed and checked again with the
    /// tables it is compared with (its `.lproj` siblings, read as they are), then written (or
    /// shown, `--dry-run`); the report that follows says what is left.
    func fixTables(_ configuration: Configuration) throws -> FixSession {
      let development = developmentLanguage ?? configuration.developmentLanguage
      let exclude = configuration.excludedLocalizations
      var problems: [FileWalk.Problem] = []
      let files: [StringsLintFile]
      // What the projects below the folder ship, as the report after the fixes reads it (which
      // says the note; a dry run, which makes no report, says it here): the development language
      // and the tables no target builds.
      let shipping = readShipping(quiet: !fixOptions.dryRun)
      do {
        files = try StringsLint.lint(root: directory, developmentLanguage: development, table: table, exclude: exclude,
                                     jobs: Workers.default, shipping: shipping, problems: &problems)
      } catch {
        throw ToolProblem("no such file or folder", path: directory)
      }
      let linter = Linter(configuration: configuration)
      var session = FixSession(dryRun: fixOptions.dryRun)
      for file in files {
        let findings = linter.configured(file.findings)
        guard FixSession.hasFixable(findings),
              case .success(let bytes) = FileWalk.read(Array(file.path.utf8), shownAs: file.path, limit: StringsLint.maxTableBytes)
        else {
          session.left.count(findings)
          continue
        }
        let (scope, name) = StringsLint.comparisonScope(of: file.path)
        let path = file.path
        // The projects were read below `directory`; the table's folder is below it (or is it).
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let scopeShipping = scope == base ? shipping
          : scope.hasPrefix(base + "/") ? shipping?.below(String(scope.dropFirst(base.count + 1))) : nil
        // Every file the table's findings read (TableDependencies: the other translations too,
        // whose keeping or translating a text decides whether a missing key reads as meant).
        let dependencies = TableDependencies(of: path, developmentLanguage: development)
        let include: @Sendable (String) -> Bool = { dependencies.dependsOn($0) }
        let result = FixPlanner.fix(path: path, bytes: bytes, table: true, findings: findings) { fixed in
          var ignored: [FileWalk.Problem] = []
          // Over the table's folder, with the projects asked about it as the first lint asked.
          let again = (try? StringsLint.lint(root: scope, developmentLanguage: development, table: name, exclude: exclude,
                                             contents: { StringsLint.samePath($0, path) ? fixed : nil }, include: include,
                                             shipping: scopeShipping, problems: &ignored)) ?? []
          return linter.configured(again.first { StringsLint.samePath($0.path, path) }?.findings ?? [])
        }
        session.take(result, table: true)
      }
      complain(session.summary)
      return session
    }
  }
}
