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
    subcommands: [CheckCommand.self, RenderCommand.self, StringsCommand.self, RulesCommand.self, InitCommand.self, TokenCommand.self, ServeCommand.self, SchemaCommand.self, SendCommand.self, ChannelCommand.self])

  /// SPEC §8 exit codes: 0 clean, 1 an error finding (or a warning with --strict), 2 usage error,
  /// bad configuration or unreadable input.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
      Output.shared.exitIfWriteFailed()
    } catch let code as ExitCode {
      Output.shared.exitIfWriteFailed()
      Foundation.exit(code.rawValue)
    } catch {
      Output.shared.exitIfWriteFailed()
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
  /// Exits 2 with a message when writing to standard output failed.
  func exitIfWriteFailed() {
    flush()
    guard let code = writeError else { return }
    FileHandle.standardError.write(Data("error: cannot write the output: \(FileWalk.errorText(code))\n".utf8))
    Foundation.exit(2)
  }
}

/// A message on standard error: `PATH: error: …`, with controls and bidi characters escaped (a
/// file name or a value read from an input is part of many messages).
func complain(_ message: String) {
  Output.shared.flush()
  FileHandle.standardError.write(Data((VisibleText.escape(message) + "\n").utf8))
}

/// A problem of the run on standard error, as `path:line:column: error: message` (`ToolProblem`):
/// the one way every command reports a usage error, an input that cannot be read, a
/// configuration or the network.
func complain(_ problem: ToolProblem) { complain(problem.description) }

/// Loads the configuration (`--config FILE`, else `.apns-lint.yml`, else built in) or exits 2.
func loadConfiguration(_ path: String?) throws -> Configuration {
  do {
    return try Configuration.resolve(explicitPath: path, workingDirectory: FileManager.default.currentDirectoryPath)
  } catch {
    complain(error.toolProblem)
    throw ExitCode(2)
  }
}

/// The devices of repeated `--lang` options (SPEC §8): each option is one device's preference
/// list, `--lang de-AT,fr` Austrian German then French; nil when none is given.
func devices(_ options: [String]) -> [[String]]? {
  let devices = options.map { text in
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }.filter { !$0.isEmpty }
  return devices.isEmpty ? nil : devices
}
