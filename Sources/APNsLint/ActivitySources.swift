import ActivityContract
import Foundation
import PayloadSchema
import StringsFile

/// An app's Swift files with its `ActivityAttributes` (`--activity FILE.swift|DIR` of `check`,
/// `render` and `serve`; SPEC §13.1), read once per run into one checker, and a report's Live
/// Activity findings added from it.
public enum ActivitySources {
  /// Reads every `.swift` file named, or found below a folder named. Files that cannot be read or
  /// do not parse are problems at their position (`FILE:LINE:COLUMN: error: …`); a set of files
  /// that declares no `ActivityAttributes` type is a warning. The checker is made from what could
  /// be read; nil when no path is given.
  public static func load(_ paths: [String]) -> (checker: ActivityChecker?, problems: [ToolProblem]) {
    guard !paths.isEmpty else { return (nil, []) }
    var contract = ActivityContract()
    var problems: [ToolProblem] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        problems.append(ToolProblem("no such file or folder (--activity)", path: path))
        continue
      }
      var files: [(shown: String, bytes: [UInt8])] = []
      if isDirectory.boolValue {
        let walk = FileWalk.files(below: path) { $0.hasSuffix(".swift") }
        problems += walk.problems.map { ToolProblem($0.message, path: $0.path) }
        files = walk.files.map { ($0.path, $0.bytes) }
      } else {
        files = [(path, Array(path.utf8))]
      }
      for file in files {
        switch FileWalk.read(file.bytes, shownAs: file.shown, limit: maxSwiftBytes) {
        case .failure(let problem): problems.append(ToolProblem(problem.message, path: problem.path))
        case .success(let bytes): contract.add(source: String(decoding: bytes, as: UTF8.self), file: file.shown)
        }
      }
    }
    problems += contract.problems.map(\.toolProblem)
    if contract.activityTypes.isEmpty {
      problems.append(ToolProblem("the --activity files declare no ActivityAttributes type (\(contract.fileCount) Swift files read)",
                                  kind: .warning))
    }
    return (ActivityChecker(contract: contract), problems)
  }

  /// A Swift file larger than this is not read (a generated file of 64 MB is no app's attributes).
  public static let maxSwiftBytes = 64 << 20

  /// Adds the Live Activity findings to a report of a `liveactivity` push (`PayloadReport.join`:
  /// in input order, as every command joins findings; `ActivityChecker.amend`). `now`: the time
  /// the push is sent, if known (`check --now`), which a `Date` is judged against when the push
  /// has no timestamp.
  public static func apply(_ checker: ActivityChecker?, to report: inout PayloadReport, body: [UInt8], now: Int64?) {
    checker?.amend(&report, body: body, now: now)
  }
}
