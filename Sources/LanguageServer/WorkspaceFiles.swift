import APNsLint
import Foundation
import PayloadSchema
import StringsFile

/// Reads the bytes of a file by its real path, at most `limit` of them: the one way the server
/// reads a file's content. The command line's is `FileWalk.read`; a test's records what is read.
typealias FileReader = @Sendable (_ realPath: String, _ limit: Int) -> Result<[UInt8], FileWalk.Problem>

/// The files of the workspace the server was started for, as it may read them: only inside
/// `APNsLint.WorkspaceRoot` (every `..` and symbolic link resolved first), and a table that did
/// not change since it was read (same size and modification time) is not read again, so an edit
/// in one table re-reads none of its siblings.
struct WorkspaceFiles: Sendable {
  /// The root.
  let root: WorkspaceRoot
  private let read: FileReader
  private let cache = BytesCache()

  init(root: WorkspaceRoot, read: @escaping FileReader) {
    self.root = root
    self.read = read
  }

  /// The real path of `path` when it lies inside the root.
  func confine(_ path: String) -> String? { root.confine(path) }

  /// The bytes of the file at `path` (any spelling) when it lies inside the root; from the cache
  /// when the file has not changed since it was read. `keep`: cache what is read (tables, which
  /// are read again as siblings; not a payload read once for its encoding).
  func contents(_ path: String, limit: Int, keep: Bool = true) -> Result<[UInt8], FileWalk.Problem> {
    guard let real = confine(path) else {
      return .failure(FileWalk.Problem(path: path, message: "outside the workspace \(VisibleText.escape(root.path)): not read"))
    }
    let stamp = Self.stamp(real)
    if let stamp, let bytes = cache.bytes(real, stamp: stamp) { return .success(bytes) }
    let result = read(real, limit)
    if keep, case .success(let bytes) = result, let stamp { cache.store(real, stamp: stamp, bytes: bytes) }
    return result
  }

  /// Forgets what was read of `path` (a file the client says changed).
  func forget(_ path: String) {
    if let real = confine(path) { cache.remove(real) }
  }

  /// A file's size and modification time, nil when it cannot be stat'ed.
  static func stamp(_ realPath: String) -> FileStamp? {
    var info = stat()
    guard stat(realPath, &info) == 0 else { return nil }
#if canImport(Darwin)
    let time = info.st_mtimespec
#else
    let time = info.st_mtim
#endif
    return FileStamp(size: Int(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
  }
}

/// What says a file is unchanged: its size and modification time.
struct FileStamp: Sendable, Hashable {
  let size: Int
  let seconds: Int
  let nanoseconds: Int
}

/// Files' bytes by real path and stamp, shared by the threads `strings lint` reads on.
final class BytesCache: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String: (stamp: FileStamp, bytes: [UInt8])] = [:]

  func bytes(_ path: String, stamp: FileStamp) -> [UInt8]? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[path], entry.stamp == stamp else { return nil }
    return entry.bytes
  }

  func store(_ path: String, stamp: FileStamp, bytes: [UInt8]) {
    lock.lock()
    defer { lock.unlock() }
    entries[path] = (stamp, bytes)
  }

  func remove(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    entries[path] = nil
  }
}
