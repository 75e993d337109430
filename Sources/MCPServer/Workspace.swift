import APNsLint
import Foundation
import PayloadSchema
import StringsFile

/// A tool call's problem: the call is answered with `isError: true` and this message (with
/// `details` beside it in the structured result), and the server goes on.
struct ToolFailure: Error {
  var message: String
  var details: [String: JSONValue] = [:]

  init(_ message: String, details: [String: JSONValue] = [:]) {
    self.message = message
    self.details = details
  }
}

/// The workspace as the tools see it (SPEC §17): every path a tool is given is confined to the
/// root, and its configuration is the root's `.apns-lint.yml` when there is one.
extension WorkspaceRoot {
  /// The configuration of the workspace: its `.apns-lint.yml`, else the built-in one. Read at
  /// each call, so that an edit to it counts from the next call on.
  func configuration() throws(ToolFailure) -> Configuration {
    let file = path == "/" ? "/.apns-lint.yml" : path + "/.apns-lint.yml"
    var link = stat()
    if lstat(file, &link) == 0, confine(".apns-lint.yml") == nil {
      throw ToolFailure("the workspace's .apns-lint.yml is a symbolic link out of the workspace: not read")
    }
    do {
      return try Configuration.resolve(explicitPath: nil, workingDirectory: path)
    } catch {
      throw ToolFailure(error.toolProblem.description)
    }
  }

  /// The real path of the `argument` `given` (relative to the root, or absolute), which must be
  /// inside the workspace and exist.
  func confined(_ given: String, argument: String) throws(ToolFailure) -> String {
    guard !given.isEmpty else { throw ToolFailure("'\(argument)' is empty: give a path inside the workspace") }
    guard let real = confine(given) else {
      throw ToolFailure("'\(VisibleText.escape(given))' (\(argument)) is outside the workspace '\(VisibleText.escape(path))': not read")
    }
    guard FileManager.default.fileExists(atPath: real) else {
      throw ToolFailure("'\(VisibleText.escape(given))' (\(argument)): no such file or folder in the workspace")
    }
    return real
  }

  /// Refuses a folder below which a symbolic link leads out of the workspace. The readers bound
  /// links by the enclosing git work tree (SPEC §14), which can be wider than the workspace;
  /// only then is the folder walked for them.
  func refuseLinksOut(below folder: String, argument: String) throws(ToolFailure) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
          let boundary = FileWalk.repositoryBoundary(of: folder), !contains(boundary) else { return }
    let outside = FileWalk.files(below: folder) { _ in true }.files.filter { file in
      file.isSymbolicLink && !FileWalk.resolves(file.bytes, inside: path)
    }
    guard outside.isEmpty else {
      let shown = outside.prefix(5).map { "'" + VisibleText.escape(relative($0.path)) + "'" }.joined(separator: ", ")
      throw ToolFailure("\(argument): \(shown)\(outside.count > 5 ? " and \(outside.count - 5) more" : "") "
        + "\(outside.count == 1 ? "is a symbolic link" : "are symbolic links") out of the workspace: nothing read")
    }
  }

  /// A real path inside the root as a path relative to it (`.` for the root itself).
  func relative(_ real: String) -> String {
    if real == path { return "." }
    let prefix = path == "/" ? "/" : path + "/"
    return real.hasPrefix(prefix) ? String(real.dropFirst(prefix.count)) : real
  }
}

/// How a tool shows paths: as the caller gave the path it was called with, followed by what
/// lies below it, as `apns-lint` run in the workspace prints them, never the real paths the
/// readers were handed.
struct PathDisplay {
  /// The real path the readers were given.
  let real: String
  /// The path as the caller gave it, without trailing slashes.
  let given: String

  init(real: String, given: String) {
    self.real = real
    var given = given
    while given.count > 1 && given.hasSuffix("/") { given.removeLast() }
    self.given = given
  }

  /// A path below `real` as one below `given`.
  func path(_ shown: String) -> String {
    if shown == real { return given }
    let prefix = real == "/" ? "/" : real + "/"
    guard shown.hasPrefix(prefix) else { return shown }
    return (given == "/" ? "/" : given + "/") + shown.dropFirst(prefix.count)
  }

  /// A note of the run (``TreeLint/notes``) with the paths it names below `real`, or `real`
  /// itself, as below `given`.
  func text(_ note: String) -> String {
    let prefix = real == "/" ? "/" : real + "/"
    let replacement = given == "/" ? "/" : given + "/"
    var note = note.replacingOccurrences(of: prefix, with: replacement)
    if real != "/" { note = note.replacingOccurrences(of: real, with: given) }
    return note
  }

  /// Findings whose messages name paths below `real` (a missing translation names the
  /// development table) with those paths as below `given`.
  func findings(_ findings: [Finding]) -> [Finding] {
    let prefix = real == "/" ? "/" : real + "/"
    let replacement = given == "/" ? "/" : given + "/"
    return findings.map { finding in
      var finding = finding
      if finding.message.contains(prefix) { finding.message = finding.message.replacingOccurrences(of: prefix, with: replacement) }
      return finding
    }
  }
}

/// The bytes an `Output` writes, kept in memory: how a tool reads what a reporter prints.
final class CapturedOutput {
  private var bytes: [UInt8] = []
  private(set) lazy var output = Output { [unowned self] raw in
    bytes.append(contentsOf: raw)
    return raw.count
  }

  /// What was written, flushed.
  var text: String {
    output.flush()
    return String(decoding: bytes, as: UTF8.self)
  }
}
