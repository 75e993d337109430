import APNsLint
import ArgumentParser
import PayloadSchema
import Foundation
import StringsFile

/// `--baseline FILE` and `--write-baseline FILE` of `check` and `strings lint` (SPEC §15,
/// docs/baselines.md). The matching is APNsLint's (`BaselineMatcher`); this reads and writes the file.
struct BaselineOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Report only findings not in this baseline file; the exit status counts only those (docs/baselines.md).", valueName: "file"), completion: .file())
  var baseline: String?
  @Option(name: .customLong("write-baseline"),
          help: ArgumentHelp("Write every current finding to this baseline file (sorted, one a line), then report as usual.", valueName: "file"),
          completion: .file())
  var writeBaseline: String?

  /// The matcher for `--baseline`, nil without it; a file that cannot be read or parsed is a
  /// positioned error, thrown (exit 2).
  func matcher(root: BaselineRoot) throws(ToolProblem) -> BaselineMatcher? {
    guard let baseline else { return nil }
    return try BaselineMatcher.load(path: baseline, root: root).get()
  }

  /// The recorder for `--write-baseline`, nil without it.
  func recorder(root: BaselineRoot) -> BaselineRecorder? {
    writeBaseline.map { _ in BaselineRecorder(root: root) }
  }

  /// Refuses (exit 2) a `--write-baseline` file that is one of the inputs: the tool never writes
  /// to a file it checks. (Rewriting the `--baseline` file itself is allowed: it is read whole first.)
  func refuseOverwriting(inputs: [String], root: BaselineRoot) throws(ToolProblem) {
    guard let writeBaseline else { return }
    let target = root.relative(writeBaseline)
    for input in inputs where input != "-" {
      let i = root.relative(input)
      if target == i || target.hasPrefix(i == "." ? "" : i + "/") && Self.isCheckedName(target) {
        throw ToolProblem("--write-baseline would overwrite an input being checked; name a file outside the inputs (e.g. .apns-lint-baseline.tsv)", path: writeBaseline)
      }
    }
  }

  /// Names `check` and `strings lint` read inside a folder.
  private static func isCheckedName(_ path: String) -> Bool {
    [".json", ".apns", ".http", ".strings", ".stringsdict", ".xcstrings"].contains { path.hasSuffix($0) }
  }

  /// Writes the baseline (through a temporary file and a rename: a run that fails halfway leaves
  /// the old file); false, after saying why, when it was not written, and the run then exits 2
  /// (after its report is complete). Nothing is written when an input could not be read: a
  /// baseline without its findings would bring them back as new later.
  func write(_ recorder: BaselineRecorder?, unreadable: Bool) -> Bool {
    guard let writeBaseline, let recorder else { return true }
    if unreadable {
      complain(ToolProblem("baseline not written: an input could not be read (see above)", path: writeBaseline))
      return false
    }
    if let problem = recorder.write(to: writeBaseline) {
      complain(problem)
      return false
    }
    return true
  }
}
