import Foundation
import PayloadSchema
import StringsFile

/// The folder a server (`apns-lint lsp`, `apns-lint mcp`) was started for: the only files it reads
/// or writes (issue 51, SPEC §17). A path is inside when its real path (`..` and every symbolic
/// link resolved) is the root or below it; anything else is refused with a problem that names the
/// path as given, never where a link points.
///
/// ```swift
/// let root = try WorkspaceRoot("/work/app")
/// root.confine("Sources/../en.lproj/Localizable.strings")   // "/work/app/en.lproj/Localizable.strings"
/// root.confine("/etc/passwd")                                // nil
/// ```
public struct WorkspaceRoot: Sendable, Hashable {
  /// The root's real path, without a trailing slash (except for `/`).
  public let path: String

  /// The root at `path` (relative to the working directory); a problem when it is not a folder.
  public init(_ path: String) throws(ToolProblem) {
    guard let real = Self.realPath(path) else {
      throw ToolProblem("the workspace '\(VisibleText.escape(path))' does not exist")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw ToolProblem("the workspace '\(VisibleText.escape(path))' is not a folder")
    }
    self.path = real
  }

  /// The real path of `path` (absolute, or relative to the root) when it lies inside the root,
  /// else nil. A file that does not exist yet is judged by its folder's real path.
  public func confine(_ path: String) -> String? {
    let absolute = path.hasPrefix("/") ? path : self.path + "/" + path
    let real: String
    if let resolved = Self.realPath(absolute) {
      real = resolved
    } else {
      let folder = (absolute as NSString).deletingLastPathComponent
      let name = (absolute as NSString).lastPathComponent
      guard !name.isEmpty, name != "..", name != ".", let parent = Self.realPath(folder) else { return nil }
      real = parent == "/" ? "/" + name : parent + "/" + name
    }
    return contains(real) ? real : nil
  }

  /// Whether a real path is the root or below it.
  public func contains(_ realPath: String) -> Bool {
    realPath == path || realPath.hasPrefix(path == "/" ? "/" : path + "/")
  }

  /// The bytes of a regular file inside the root, at most `limit` of them; a problem naming the
  /// path as given when it is outside, missing, not a regular file or larger.
  public func read(_ path: String, limit: Int) throws(ToolProblem) -> [UInt8] {
    guard let real = confine(path) else {
      throw ToolProblem("'\(VisibleText.escape(path))' is outside the workspace '\(VisibleText.escape(self.path))': not read")
    }
    switch FileWalk.read(Array(real.utf8), shownAs: path, limit: limit) {
    case .success(let bytes): return bytes
    case .failure(let problem): throw ToolProblem("\(VisibleText.escape(problem.path)): \(problem.message)")
    }
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
