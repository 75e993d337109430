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
    @OptionGroup var baselineOptions: BaselineOptions

    func run() throws {
      let configuration = try loadConfiguration(config)
      let root = BaselineRoot.find(from: FileManager.default.currentDirectoryPath)
      try baselineOptions.refuseOverwriting(inputs: [directory], root: root)
      var matcher = try baselineOptions.matcher(root: root)
      var recorder = baselineOptions.recorder(root: root)
      var files: [StringsLintFile]
      var problems: [FileWalk.Problem] = []
      do {
        files = try StringsLint.lint(root: directory, developmentLanguage: developmentLanguage ?? configuration.developmentLanguage,
                                     table: table, exclude: configuration.excludedLocalizations, jobs: Workers.default, problems: &problems)
      } catch {
        throw ToolProblem("no such file or folder", path: directory)
      }
      if noSources, !sources.isEmpty {
        throw ToolProblem("--no-sources and --sources exclude each other")
      }
      // Keys no source names: their findings are information (what their translations do
      // reaches no device); a source that cannot be read is reported like a table.
      let (keys, note) = StringsLint.sourceKeys(directory: directory, sources: sources, noSources: noSources, jobs: Workers.default)
      if !sources.isEmpty { problems += keys?.problems ?? [] }   // the linted folder's own are reported with its tables
      if let note { complain(ToolProblem(note, kind: .note)) }
      if let keys {
        for note in StringsLint.markUnreached(&files, sources: keys) { complain("\(note)") }
      }
      // Unreadable folders and tables are reported and make the run exit 2; the rest is linted.
      for problem in problems { complain(ToolProblem(problem.message, path: problem.path)) }
      let linter = Linter(configuration: configuration)
      var sink = ResultSink(format: format, linter: linter, strict: strict, output: .standard, colour: Output.standardTakesColour)
      sink.outcome.unreadable = !problems.isEmpty
      StringsLint.applyBaseline(&files, matcher: &matcher, recorder: &recorder, linter: linter)
      // JSON keeps a finding per missing key; text, SARIF and GitHub one per localization and table.
      for file in files {
        sink.add(LintResult(path: file.path, findings: linter.configured(format == .json ? file.findings : file.groupedFindings)),
                 baselined: true)
      }
      sink.matcher = matcher
      if !baselineOptions.write(recorder, unreadable: !problems.isEmpty) { sink.outcome.unreadable = true }
      if format == .text, configuration.level(of: RuleID(TableRule.missingTranslation)) != .off {
        Output.standard.write(TextReporter.translationSummary(StringsLint.translationSummary(files)))
      }
      try sink.finish(noun: "files")
    }
  }
}
