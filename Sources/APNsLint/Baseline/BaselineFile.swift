import Foundation
import PayloadSchema
import StringsFile

extension BaselineMatcher {
  /// Reads and parses the baseline file at `path` (at most 512 MiB) for a run at `root`; a file
  /// that cannot be read, is not UTF-8 (at the first byte that is not) or does not parse is a
  /// positioned problem.
  public static func load(path: String, root: BaselineRoot) -> Result<BaselineMatcher, ToolProblem> {
    let bytes: [UInt8]
    switch FileWalk.read(Array(path.utf8), shownAs: path, limit: 512 * 1024 * 1024) {
    case .success(let b): bytes = b
    case .failure(let problem): return .failure(ToolProblem("the baseline: \(problem.message)", path: problem.path))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let firstNonASCII = bytes.firstIndex { $0 >= 0x80 } ?? bytes.count
      return .failure(ToolProblem("the baseline is not UTF-8", path: path, position: LineIndex.position(of: firstNonASCII, in: bytes)))
    }
    do {
      return .success(BaselineMatcher(baseline: try Baseline.parse(text, path: path), root: root))
    } catch {
      return .failure(error.toolProblem)
    }
  }
}

extension BaselineRecorder {
  /// Writes the recorded baseline to `path` through a temporary file and a rename (a run that
  /// fails halfway leaves the old file); the problem when it could not be written.
  public func write(to path: String) -> ToolProblem? {
    let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
    do {
      try Data(baseline.text.utf8).write(to: URL(fileURLWithPath: temporary))
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      return ToolProblem("cannot write the baseline: \(error.localizedDescription)", path: path)
    }
    // rename(2) replaces the old file in one step.
    guard rename(temporary, path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(atPath: temporary)
      return ToolProblem("cannot write the baseline: \(FileWalk.errorText(code))", path: path)
    }
    return nil
  }
}
