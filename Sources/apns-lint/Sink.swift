import APNsLint
import ArgumentParser

extension OutputFormat: ExpressibleByArgument {}

extension RunOutcome {
  /// Returns for status 0, else throws the status for `main` to exit with.
  func exit() throws(ExitCode) {
    if status != 0 { throw ExitCode(status) }
  }
}

extension ResultSink {
  /// Writes the end of the output, then exits as the outcome says.
  mutating func finish(noun: String = "payloads") throws(ExitCode) {
    if let note = end(noun: noun) { complain(note) }
    try outcome.exit()
  }
}
