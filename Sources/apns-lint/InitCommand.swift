import APNsLint
import ArgumentParser
import PayloadSchema
import Foundation

/// `apns-lint init [--output FILE] [--force]`: writes a commented `.apns-lint.yml` (SPEC §8) with
/// every setting and rule at its built-in value, commented out, that `check --config` accepts.
struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a commented .apns-lint.yml with every rule at its default.",
    discussion: """
      Every setting is commented out at its built-in value, so the file changes nothing until you \
      uncomment a line (and its section's line, such as 'rules:'). apns-lint reads .apns-lint.yml \
      from the current directory; a file elsewhere is given with 'check --config FILE'.
      """)

  @Option(name: [.short, .long], help: "The file to write.") var output: String = ".apns-lint.yml"
  @Flag(help: "Overwrite the file if it exists.") var force = false

  func run() throws {
    let text = ConfigurationTemplate.text()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
      if isDirectory.boolValue {
        throw ToolProblem("is a directory", path: output)
      }
      if !force {
        throw ToolProblem("already exists; use --force to overwrite it", path: output)
      }
    }
    // O_EXCL without --force: a file that appears meanwhile is not overwritten either.
    let flags = O_WRONLY | O_CREAT | O_TRUNC | (force ? 0 : O_EXCL)
    let fd = open(output, flags, 0o644)
    guard fd >= 0 else {
      throw ToolProblem("cannot write: \(String(cString: strerror(errno)))", path: output)
    }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        throw ToolProblem("cannot write: \(String(cString: strerror(n < 0 ? errno : EIO)))", path: output)
      }
      offset += n
    }
    Output.standard.write("wrote \(output): every rule at its default, commented out; uncomment what to change\n")
  }
}
