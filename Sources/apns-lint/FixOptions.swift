import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// `--fix` and `--dry-run` of `check` and `strings lint` (SPEC §3.4, §8).
struct FixOptions: ParsableArguments {
  @Flag(help: ArgumentHelp(
    "Fix, in place, what a rule can fix for certain, then report what is left.",
    discussion: "`apns-lint rules` marks the rules that fix. Each file is checked again after its fixes and written atomically (a temporary file renamed over it, its permissions kept); a fix whose file checks worse is not applied, and the run says why."))
  var fix = false
  @Flag(name: .customLong("dry-run"), help: "With --fix: print the fixes as a unified diff and write nothing.") var dryRun = false

  func validate() throws {
    if dryRun && !fix { throw ToolProblem("--dry-run shows what --fix would do: give --fix too") }
  }
}

/// What one `--fix` run did, file by file: the files are written (or, with `--dry-run`, their
/// diff printed) as they come; the summary goes to standard error, so a JSON or SARIF report on
/// standard output stays whole.
struct FixSession {
  let dryRun: Bool
  private(set) var fixed = 0
  private(set) var files = 0
  private(set) var declined = 0
  private(set) var failedWrites = false
  /// What is left after the fixes, for `--dry-run`'s exit status.
  var left = RunOutcome()

  init(dryRun: Bool) { self.dryRun = dryRun }

  /// Writes (or shows) one file's fixes and says what was not fixed.
  mutating func take(_ result: FileFixResult, table: Bool) {
    left.count(result.remaining)
    if let why = result.untouchedBecause, Self.hasFixable(result.remaining) {
      complain(ToolProblem("not fixed: \(why)", path: result.path, kind: .note))
    }
    for d in result.declined {
      let f = d.planned.finding
      complain(ToolProblem("fix '\(d.planned.fix.title)' [\(f.rule.rawValue)] not applied: \(d.reason)",
                           path: result.path, line: f.line, column: f.column, kind: .note))
    }
    declined += result.declined.count
    guard result.changed else { return }
    if dryRun {
      let old = table ? TableText(result.original)?.text ?? result.original : result.original
      let new = table ? TableText(result.fixed)?.text ?? result.fixed : result.fixed
      Output.standard.write(UnifiedDiff.make(old: old, new: new, path: result.path))
    } else {
      do {
        try FixPlanner.write(result.fixed, to: result.path)
      } catch {
        complain(error)
        failedWrites = true
        return
      }
    }
    fixed += result.applied.count
    files += 1
  }

  /// Whether some finding's rule fixes (so a file left untouched is worth a note).
  static func hasFixable(_ findings: [Finding]) -> Bool {
    findings.contains { Rule.named($0.rule.rawValue)?.fix.fixes == true }
  }

  /// `fixed 3 findings in 2 files; 1 fix not applied (see above)`, or `would fix …` for a dry run.
  var summary: String {
    let verb = dryRun ? "would fix" : "fixed"
    var text = "apns-lint: \(verb) \(fixed) finding\(fixed == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")"
    if declined > 0 { text += "; \(declined) fix\(declined == 1 ? "" : "es") not applied (see above)" }
    if dryRun {
      text += "; \(left.errors) error\(left.errors == 1 ? "" : "s"), \(left.warnings) warning\(left.warnings == 1 ? "" : "s") would be left"
    }
    return text
  }
}
