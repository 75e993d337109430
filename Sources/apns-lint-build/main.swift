// apns-lint-build: the tool of the build-tool plugin APNsLintBuildPlugin (SPEC §18). It lints a
// target's tables and payload fixtures as `apns-lint strings lint` and `apns-lint check` do
// (APNsLint's `BuildLint`), prints each finding in the compiler's shape, writes the Swift file the
// build compiles (so that SwiftPM and Xcode run it again only when an input changed), and exits
// non-zero when the build must fail. It depends on APNsLint alone, so the plugin's host tool
// builds quickly; its few arguments are read by hand.
//
//   apns-lint-build --output STAMP.swift --directory TARGET_DIR --root PACKAGE_DIR [--] FILE...
//
// Exit status: 0; 1 when an error was printed (or a warning, with `build: {fail-on: warning}`);
// 2 for a usage error, a bad configuration or a file that cannot be read.

import APNsLint
import Foundation
import PayloadSchema

/// The arguments, read by hand (no ArgumentParser: the plugin's tool builds in seconds).
struct Arguments {
  var output = ""
  var directory = ""
  var root = ""
  var files: [String] = []

  static let usage = "usage: apns-lint-build --output STAMP.swift --directory TARGET_DIR --root PACKAGE_DIR [--] FILE..."

  init(_ arguments: [String]) throws(ToolProblem) {
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      i += 1
      switch argument {
      case "--":
        files += arguments[i...]
        i = arguments.count
      case "--output", "--directory", "--root":
        guard i < arguments.count else { throw ToolProblem("\(argument) needs a value; \(Self.usage)") }
        let value = arguments[i]
        i += 1
        if argument == "--output" { output = value } else if argument == "--directory" { directory = value } else { root = value }
      case "-h", "--help":
        throw ToolProblem(Self.usage, kind: .note)
      default:
        guard !argument.hasPrefix("-") else { throw ToolProblem("unknown option '\(VisibleText.escape(argument))'; \(Self.usage)") }
        files.append(argument)
      }
    }
    guard !output.isEmpty, !directory.isEmpty else { throw ToolProblem("--output and --directory are required; \(Self.usage)") }
    if root.isEmpty { root = directory }
  }
}

/// A line on standard error (a problem in the one shape, `ToolProblem`).
func complain(_ problem: ToolProblem) {
  FileHandle.standardError.write(Data((problem.description + "\n").utf8))
}

/// Runs the lint; returns the exit status.
func run() -> Int32 {
  let arguments: Arguments
  do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
  } catch {
    if error.kind == .note {   // --help
      FileHandle.standardOutput.write(Data((Arguments.usage + "\n").utf8))
      return 0
    }
    complain(error)
    return 2
  }
  var configuration = Configuration.builtIn
  if let file = BuildLint.configurationFile(from: arguments.directory, upTo: arguments.root) {
    do {
      configuration = try Configuration.load(path: file)
    } catch {
      complain(error.toolProblem)
      return 2
    }
  }
  var lint = BuildLint(configuration: configuration)
  lint.jobs = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)
  // The package's or project's folder: its projects and code, as `strings lint` there reads them.
  lint.root = arguments.root
  let report = lint.run(arguments.files)
  var out = report.lines.map { $0 + "\n" }.joined()
  out += report.summary + "\n"
  FileHandle.standardOutput.write(Data(out.utf8))
  report.problems.forEach(complain)
  // Rewritten only when it changes: the target's Swift module is not compiled again for nothing.
  let stamp = BuildLint.stamp(checked: report.checked)
  if (try? String(contentsOfFile: arguments.output, encoding: .utf8)) != stamp {
    do {
      try stamp.write(toFile: arguments.output, atomically: true, encoding: .utf8)
    } catch {
      complain(ToolProblem("cannot write the build stamp: \(error.localizedDescription)", path: arguments.output))
      return 2
    }
  }
  if !report.problems.isEmpty { return 2 }
  return report.fails ? 1 : 0
}

exit(run())
