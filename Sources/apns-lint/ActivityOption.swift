import ActivityContract
import Foundation
import PayloadSchema
import StringsFile

/// `--activity FILE.swift|DIR` (repeatable) of `check`, `render` and `serve` (SPEC §13.1): the
/// app's Swift files, read once per run into one checker.
enum ActivitySources {
  /// Reads every `.swift` file named or found below a folder named. Files that cannot be read or
  /// do not parse are reported on standard error at their position (`FILE:LINE:COLUMN: error: …`);
  /// `failed` is then true and the caller exits 2 after checking what it could.
  static func load(_ paths: [String]) -> (checker: ActivityChecker?, failed: Bool) {
    guard !paths.isEmpty else { return (nil, false) }
    var contract = ActivityContract()
    var failed = false
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        complain(ToolProblem("no such file or folder (--activity)", path: path))
        failed = true
        continue
      }
      var files: [(shown: String, bytes: [UInt8])] = []
      if isDirectory.boolValue {
        let walk = FileWalk.files(below: path) { $0.hasSuffix(".swift") }
        for problem in walk.problems {
          complain(ToolProblem(problem.message, path: problem.path))
          failed = true
        }
        files = walk.files.map { ($0.path, $0.bytes) }
      } else {
        files = [(path, Array(path.utf8))]
      }
      for file in files {
        switch FileWalk.read(file.bytes, shownAs: file.shown, limit: maxSwiftBytes) {
        case .failure(let problem):
          complain(ToolProblem(problem.message, path: problem.path))
          failed = true
        case .success(let bytes):
          contract.add(source: String(decoding: bytes, as: UTF8.self), file: file.shown)
        }
      }
    }
    for problem in contract.problems {
      complain(problem.toolProblem)
      failed = true
    }
    if contract.activityTypes.isEmpty {
      complain(ToolProblem("the --activity files declare no ActivityAttributes type (\(contract.fileCount) Swift files read)", kind: .warning))
    }
    return (ActivityChecker(contract: contract), failed)
  }

  /// A Swift file larger than this is not read (a generated file of 64 MB is no app's attributes).
  static let maxSwiftBytes = 64 << 20

  /// Adds the Live Activity findings to a report of a `liveactivity` push, all in input order
  /// (findings about a request's method, path and headers, offset -1, stay first).
  static func apply(_ checker: ActivityChecker?, to report: inout PayloadReport, body: [UInt8], now: Int64) {
    guard let checker, report.pushType == .liveactivity else { return }
    let found = checker.check(body, now: now).findings
    guard !found.isEmpty else { return }
    report.findings = (report.findings + found).enumerated().sorted { a, b in
      a.element.offset != b.element.offset ? a.element.offset < b.element.offset : a.offset < b.offset
    }.map(\.element)
  }
}
