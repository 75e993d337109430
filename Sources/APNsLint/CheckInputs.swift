import ActivityContract
import Foundation
import PayloadSchema
import StringsFile

/// What `check PATH…` reads (SPEC §8, §14): a path as the inputs it names, and a request file's
/// entry as a result.
public enum CheckInputs {
  /// An input to read: the path shown, and its bytes for `open` (nil: standard input).
  public struct Input: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]?

    /// An input shown as `path`, opened at the file path `bytes` (nil: standard input): a tool
    /// that shows a path other than the one it opens (`apns-lint mcp`, relative to its workspace).
    public init(path: String, bytes: [UInt8]?) {
      self.path = path
      self.bytes = bytes
    }
  }

  /// A path as the inputs it names: `-` is standard input; a folder's `*.json`, `*.apns` and
  /// `*.http` files, sorted, recursively (unreadable subfolders, FIFOs and devices found there
  /// are problems, not skipped in silence; names that are not UTF-8 are found too). A file named
  /// is read whatever it is (a FIFO from process substitution, a device). Nothing outside the
  /// repository is read through a symbolic link: the enclosing git work tree, else the folder
  /// named (a named file's own folder), bounds it.
  public static func expand(_ path: String) -> (inputs: [Input], problems: [ToolProblem]) {
    if path == "-" { return ([Input(path: "-", bytes: nil)], []) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return ([], [ToolProblem("no such file or folder", path: path)])
    }
    var problems: [ToolProblem] = []
    func isOutside(_ file: FileWalk.File, boundaryOf root: String) -> Bool {
      guard file.isSymbolicLink else { return false }
      guard let boundary = FileWalk.repositoryBoundary(of: root), FileWalk.resolves(file.bytes, inside: boundary) else {
        let problem = FileWalk.outsideProblem(file, boundary: FileWalk.repositoryBoundary(of: root) ?? root)
        problems.append(ToolProblem(problem.message, path: file.path))
        return true
      }
      return false
    }
    guard isDirectory.boolValue else {
      var link = stat()
      let isLink = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
      let file = FileWalk.File(path: path, relativePath: path, bytes: Array(path.utf8), isSymbolicLink: isLink)
      let folder = (path as NSString).deletingLastPathComponent
      if isOutside(file, boundaryOf: folder.isEmpty ? "." : folder) { return ([], problems) }
      return ([Input(path: path, bytes: Array(path.utf8))], [])
    }
    let walk = FileWalk.files(below: path) { $0.hasSuffix(".json") || $0.hasSuffix(".apns") || $0.hasSuffix(".http") }
    problems += walk.problems.map { ToolProblem($0.message, path: $0.path) }
    let inputs = walk.files.filter { !isOutside($0, boundaryOf: path) }.map { Input(path: $0.path, bytes: $0.bytes) }
    return (inputs, problems)
  }
}

extension Linter {
  /// A request's result (a request file's entry, or a payload with request options): findings
  /// placed in the request file (headers at their value, body findings at their line in the
  /// file), the Live Activity contract's findings, and the verdict. A management request's
  /// success is 201 (create) or 204 (delete), as channel management answers (SPEC §13.2). The
  /// entry's URL host, when it names an environment, is the one judged.
  public mutating func result(for entry: RequestFile.Entry, path: String, record: Int?, now: Int64,
                              localize: ((PayloadReport) -> [Finding])?, activity: ActivityChecker?) -> LintResult {
    let saved = environment
    if let named = entry.environment { environment = named }
    defer { environment = saved }
    var report = validate(request: entry.request, now: now)
    ActivitySources.apply(activity, to: &report, body: entry.request.body, now: sendingTime)
    entry.place(&report.findings)
    var result = self.result(report, path: path, record: nil, extra: localize?(report) ?? [])
    result.record = record
    result.isRequest = true
    if result.apns == .accepted, let p = entry.request.path, ChannelManagement.isManagementPath(p) {
      if entry.request.method == "POST" { result.apns = APNsAnswer(status: 201, reason: nil) }
      if entry.request.method == "DELETE" { result.apns = APNsAnswer(status: 204, reason: nil) }
      result.pushType = nil
    }
    return result
  }
}
