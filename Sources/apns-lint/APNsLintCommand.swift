import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint`: lints APNs payloads and localization tables (SPEC §8). The command line is thin:
/// it parses arguments, walks inputs, calls the linter, picks a reporter and sets the exit code.
@main
struct APNsLintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "apns-lint",
    abstract: "Lint Apple push notification payloads and the localization tables they use.",
    version: APNsLintVersion.current,
    subcommands: [CheckCommand.self, RenderCommand.self, StringsCommand.self, RulesCommand.self, InitCommand.self, TokenCommand.self, ServeCommand.self, SchemaCommand.self, SendCommand.self, ChannelCommand.self, MCPCommand.self, LSPCommand.self])

  /// SPEC §8 exit codes: 0 clean, 1 an error finding (or a warning with --strict), 2 usage error,
  /// bad configuration or unreadable input.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
      Output.standard.exitIfWriteFailed()
    } catch let code as ExitCode {
      Output.standard.exitIfWriteFailed()
      Foundation.exit(code.rawValue)
    } catch let problem as ToolProblem {
      // The one report of a problem that ends the run (a usage error, an input, key or
      // configuration that cannot be used, the network): commands throw it, none prints it.
      complain(problem)
      Output.standard.exitIfWriteFailed()
      Foundation.exit(2)
    } catch {
      Output.standard.exitIfWriteFailed()
      if exitCode(for: error) == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
      Foundation.exit(2)
    }
  }
}

extension Platform: ExpressibleByArgument {}
extension PushType: ExpressibleByArgument {}
extension Transport: ExpressibleByArgument {}
extension OSVersion: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}
extension Authentication: ExpressibleByArgument {}

extension Output {
  /// Standard output, buffered: the one `Output` of the command line (libraries never print).
  static let standard = Output(write: writeStandardOutput)

  /// Whether standard output is a terminal that takes colour (not with `NO_COLOR` or `TERM=dumb`).
  static var standardTakesColour: Bool {
    guard isatty(1) != 0, getenv("NO_COLOR") == nil else { return false }
    return getenv("TERM").map { String(cString: $0) != "dumb" } ?? true
  }

  /// Exits 2 with a message when writing to standard output failed.
  func exitIfWriteFailed() {
    flush()
    guard let code = writeError else { return }
    FileHandle.standardError.write(Data((ToolProblem("cannot write the output: \(FileWalk.errorText(code))").description + "\n").utf8))
    Foundation.exit(2)
  }
}

/// `write(2)` to standard output (a function, so that `Output.write` does not hide it).
private func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) -> Int { write(1, bytes.baseAddress, bytes.count) }

/// Threads for the work a run spreads over the cores (an NDJSON stream's lines, `strings lint`'s
/// tables), handed to the libraries as `jobs`/`workers`: `APNS_LINT_JOBS` if set (1 works on one
/// thread), at most 64, else one per active processor, at most 16. Output is the same whatever the number.
enum Workers {
  /// The number of threads, from `APNS_LINT_JOBS` or the active processors.
  static var `default`: Int {
    if let text = ProcessInfo.processInfo.environment["APNS_LINT_JOBS"], let n = Int(text), n >= 1 { return min(n, 64) }
    return min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16)
  }
}

/// A message on standard error: `PATH: error: …`, with controls and bidi characters escaped (a
/// file name or a value read from an input is part of many messages).
func complain(_ message: String) {
  Output.standard.flush()
  FileHandle.standardError.write(Data((VisibleText.escape(message) + "\n").utf8))
}

/// A problem of the run on standard error, as `path:line:column: error: message` (`ToolProblem`):
/// the one way every command reports a usage error, an input that cannot be read, a
/// configuration or the network. A problem that ends the run is thrown instead, and `main`
/// reports it here once.
func complain(_ problem: ToolProblem) { complain(problem.description) }

/// Loads the configuration (`--config FILE`, else `.apns-lint.yml`, else built in), or throws
/// where it cannot be used.
func loadConfiguration(_ path: String?) throws(ToolProblem) -> Configuration {
  do {
    return try Configuration.resolve(explicitPath: path, workingDirectory: FileManager.default.currentDirectoryPath)
  } catch {
    throw error.toolProblem
  }
}

/// The devices of repeated `--lang` options (SPEC §8): each option is one device's preference
/// list, `--lang de-AT,fr` Austrian German then French; nil when none is given.
func devices(_ options: [String]) -> [[String]]? { AlertPreview.devices(options) }
