import APNsLint
import ArgumentParser
import Foundation
import StringsFile

/// `apns-lint render PAYLOAD --strings DIR [--lang L,...|all]`: what the push shows, per language.
struct RenderCommandCLI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render", abstract: "Show the localized alert a payload renders to, per language.")

  @Argument(help: "The payload file ('-' for standard input).") var payload: String
  @Option(help: "A folder with the app's .lproj tables (or .xcstrings).", completion: .directory) var strings: String
  @Option(help: "A device's preferred languages (comma-separated: 'de-AT,fr'); repeat for several devices; 'all' for every localization (default: the development language).") var lang: [String] = []
  @Option(help: "The table name (default: the configuration's, Localizable).") var table: String?
  @Option(help: "A configuration file (default: .apns-lint.yml, else built in).") var config: String?
  @Option(help: "Output: text, json, or html (one self-contained page of lock-screen banners).") var format: RenderFormat = .text
  @Option(name: .customLong("app-name"), help: "The app name the html banners show.") var appName: String = "App"

  enum RenderFormat: String, ExpressibleByArgument, CaseIterable { case text, json, html }

  func run() throws {
    let configuration = try loadConfiguration(config)
    let fd: Int32 = payload == "-" ? 0 : open(payload, O_RDONLY)
    guard fd >= 0 else {
      complain("\(payload): error: cannot read: \(String(cString: strerror(errno)))")
      throw ExitCode(2)
    }
    let bytes: [UInt8]
    do { bytes = try PayloadInput.readAll(fd: fd, maxBytes: configuration.maxInputBytes) } catch {
      switch error {
      case .failed(let code): complain("\(payload): error: cannot read: \(FileWalk.errorText(code))")
      case .tooLarge(let limit): complain("\(payload): error: more than \(limit) bytes (limits.max-input-bytes): not read (a payload is at most 5120 bytes)")
      }
      throw ExitCode(2)
    }
    if fd != 0 { close(fd) }
    let bundle: LocalizationBundle
    do {
      bundle = try LocalizationBundle(root: strings, table: table ?? configuration.table, developmentLanguage: configuration.developmentLanguage)
    } catch {
      complain("\(strings): error: cannot read the localization tables: \(error)")
      throw ExitCode(2)
    }
    for problem in bundle.unreadable { complain("\(problem.path): error: \(problem.message)") }
    let results = RenderCommand.run(payload: bytes, path: payload, bundle: bundle, devices: devices(lang) ?? [], configuration: configuration)
    switch format {
    case .text: Output.shared.write(RenderCommand.text(results))
    case .json: Output.shared.write(RenderCommand.json(results))
    case .html: Output.shared.write(RenderHTML.page(results, appName: appName, title: payload == "-" ? "standard input" : payload))
    }
    // A table that could not be read may be the one a device picks: never a clean exit.
    if !bundle.unreadable.isEmpty { throw ExitCode(2) }
    if results.contains(where: { $0.diagnostics.contains { $0.severity == .error } }) { throw ExitCode(1) }
  }
}

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

    enum DumpFormat: String, ExpressibleByArgument, CaseIterable { case text, json }
    @Option(help: "A configuration file (default: .apns-lint.yml, else built in).") var config: String?

    func run() throws {
      let configuration = try loadConfiguration(config)
      let data: Data
      switch FileWalk.read(Array(file.utf8), shownAs: file, limit: StringsLint.maxTableBytes) {
      case .success(let bytes): data = Data(bytes)
      case .failure(let problem):
        complain("\(problem.path): error: \(problem.message)")
        throw ExitCode(2)
      }
      let table = StringsParser.parse(data, path: file)
      Output.shared.write(format == .json ? StringsDumpCommand.json(table, configuration: configuration) : StringsDumpCommand.text(table, configuration: configuration))
      if StringsDumpCommand.diagnostics(table, configuration).contains(where: { $0.severity == .error }) { throw ExitCode(1) }
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

    func run() throws {
      let configuration = try loadConfiguration(config)
      let files: [StringsLintFile]
      var problems: [FileWalk.Problem] = []
      do {
        files = try StringsLint.lint(root: directory, developmentLanguage: developmentLanguage ?? configuration.developmentLanguage,
                                     table: table, problems: &problems)
      } catch {
        complain("\(directory): error: no such file or folder")
        throw ExitCode(2)
      }
      // Unreadable folders and tables are reported and make the run exit 2; the rest is linted.
      for problem in problems { complain("\(problem.path): error: \(problem.message)") }
      let linter = Linter(configuration: configuration)
      var sink = ResultSink(format: format, linter: linter)
      for file in files {
        sink.add(LintResult(path: file.path, diagnostics: linter.diagnostics(file.findings)))
      }
      sink.finish(noun: "files")
      if !problems.isEmpty { throw ExitCode(2) }
      if sink.errors > 0 || (strict && sink.warnings > 0) { throw ExitCode(1) }
    }
  }
}
