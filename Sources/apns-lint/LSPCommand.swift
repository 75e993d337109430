import ArgumentParser
import Foundation
import LanguageServer

/// `apns-lint lsp`: the checks while a file is edited, a language server (LSP 3.17) on standard
/// input and output (SPEC §19, docs/editors.md). The command line hands the library standard
/// output for the protocol, standard error for its log, the clock and the number of threads.
struct LSPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Serve the checks to editors: a language server (LSP 3.17) on standard input and output.",
    discussion: """
      An editor starts it and speaks the Language Server Protocol to it. Payloads (.apns, .http, and .json \
      files with "aps" or "web_push") and tables (.strings, .stringsdict, .xcstrings) get diagnostics as they \
      are edited, hover, completion of the aps keys, and the rules' fixes as code actions. The workspace is the \
      folder the editor names at initialize: nothing outside it is read, and its .apns-lint.yml configures the \
      rules. It runs until the editor sends exit or closes its input, and opens no network connection.
      """)

  @Flag(help: "Speak over standard input and output (the default and only transport; editors' clients often pass it).")
  var stdio = false

  func run() throws {
    // An editor that goes away closes the pipe: the write fails and the server stops, not the signal.
    signal(SIGPIPE, SIG_IGN)
    let server = LanguageServer(send: writeAll, log: { line in complain(line) },
                                now: { Int64(Date().timeIntervalSince1970) }, jobs: Workers.default)
    let status = server.serve { buffer in read(0, buffer.baseAddress, buffer.count) }
    throw ExitCode(status)
  }
}

/// Writes all of `bytes` to standard output; false when it is closed.
private func writeAll(_ bytes: [UInt8]) -> Bool {
  var written = 0
  while written < bytes.count {
    let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + written, $0.count - written) }
    if n < 0 && errno == EINTR { continue }
    guard n > 0 else { return false }
    written += n
  }
  return true
}
