import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder below the system's temporary folder, removed (permissions restored first) when done.
public final class TemporaryFolder {
  /// The folder's path.
  public let path: String

  /// Makes the folder.
  public init() throws {
    path = NSTemporaryDirectory() + "apns-lint-reliability-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    chmod(path, 0o755)
  }

  /// Writes `text` at `relative` (folders made as needed), readable by everyone.
  @discardableResult
  public func write(_ relative: String, _ text: String) throws -> String {
    try write(relative, Data(text.utf8))
  }

  /// Writes `data` at `relative` (folders made as needed), readable by everyone.
  @discardableResult
  public func write(_ relative: String, _ data: Data) throws -> String {
    let full = path + "/" + relative
    let folder = (full as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(folder, 0o755)
    try data.write(to: URL(fileURLWithPath: full))
    chmod(full, 0o644)
    return full
  }

  deinit {
    _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", path]).waitUntilExit()
    try? FileManager.default.removeItem(atPath: path)
  }
}
