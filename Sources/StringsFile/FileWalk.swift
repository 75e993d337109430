#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif
import Dispatch
import Foundation

/// Walks a folder the way the tool's folder scans must: every problem is reported, nothing is
/// skipped in silence.
///
/// - A subfolder that cannot be opened is a ``Problem`` (`FileManager`'s enumerator skips it
///   without a word, which made an unreadable `fr.lproj` a false pass).
/// - A wanted name that is not a regular file (a FIFO, a device, a socket, or a symlink to one)
///   is a ``Problem`` and is never opened: reading a FIFO hangs, reading `/dev/zero` never ends.
/// - Names that are not UTF-8 are found too: a ``File`` keeps the path's bytes for opening, and
///   shows the bad bytes as `\xNN`.
/// - Symbolic links to files are followed; symbolic links to folders are not descended into
///   (a link cycle cannot loop), as `find` does without `-L`.
public enum FileWalk {
  /// A file found, with the path as the file system knows it and as it is shown.
  public struct File: Sendable, Hashable {
    /// The path shown in output: the root as given, `/`, the path below it; bytes that are not
    /// UTF-8 written as `\xNN`.
    public var path: String
    /// The path below the root, shown the same way.
    public var relativePath: String
    /// The path's bytes, for opening the file.
    public var bytes: [UInt8]
    /// True when the file is reached through a symbolic link.
    public var isSymbolicLink: Bool

    /// Creates a file entry.
    public init(path: String, relativePath: String, bytes: [UInt8], isSymbolicLink: Bool) {
      self.path = path
      self.relativePath = relativePath
      self.bytes = bytes
      self.isSymbolicLink = isSymbolicLink
    }
  }

  /// Something found that could not be read or is not a file to read.
  public struct Problem: Sendable, Hashable, Error {
    /// The path shown in output.
    public var path: String
    /// What is wrong, lowercase start (`cannot read the folder: Permission denied`).
    public var message: String

    /// Creates a problem.
    public init(path: String, message: String) {
      self.path = path
      self.message = message
    }
  }

  /// The folders build tools write their products into, by the end of their name: SwiftPM's
  /// `.build` (its `*.resources` bundles hold copies of a package's tables, `checkouts` its
  /// dependencies' code), Xcode's `DerivedData`, intermediate `*.build` folders and archives
  /// (`*.xcarchive`), Theos's `.theos`; and, by the end of their path, what
  /// `xcodebuild -derivedDataPath DIR` writes into a folder of any name: `Build/Products` (the
  /// built apps), Xcode's `*.noindex` folders (`Build/Intermediates.noindex`,
  /// `ModuleCache.noindex`, `Index.noindex`) and the packages it resolves
  /// (`SourcePackages/checkouts`, `SourcePackages/artifacts`), and Carthage's checkouts of the
  /// dependencies (`Carthage/Checkouts`). What is in them is a copy of what
  /// the author edits elsewhere (or another project's), so the walks of tables and code do not
  /// enter them below the folder they are given; a build folder given itself is read.
  public static let buildFolders = [".build", "DerivedData", ".xcarchive", ".theos", ".noindex",
                                    "Build/Products", "SourcePackages/checkouts", "SourcePackages/artifacts", "Carthage/Checkouts"]

  /// Every regular file below `root` whose path below the root `wanted` accepts, sorted by path,
  /// and every problem met. `root` itself must be a folder.
  ///
  /// With `jobs` above 1 the root's subfolders are walked side by side, on up to `jobs` threads;
  /// the files and the problems, and their order, are the same as on one thread. A folder whose
  /// name ends with one of `skipping` (`.lproj`) is not entered, nor one whose path below the root
  /// ends, at a folder boundary, with an entry of `skipping` that holds a `/` (`Build/Products`).
  public static func files(below root: String, jobs: Int = 1, skipping: [String] = [],
                           where wanted: (String) -> Bool) -> (files: [File], problems: [Problem]) {
    let skip = skipping.map { Array($0.utf8) }
    let rootBytes = Array(root.utf8)
    let base = root.hasSuffix("/") ? rootBytes : rootBytes + [UInt8(ascii: "/")]
    var files: [File] = []
    var problems: [Problem] = []
    // The root first, then its subfolders: on one thread, the stack carries on from there (the
    // last subfolder's whole tree first); on several, each subfolder's tree is walked on its own
    // and the problems are put back in that order.
    var pending: [[UInt8]] = [[]]
    walk(rootBytes, base, &pending, &files, &problems, wanted, folders: 1, skip: skip)
    if jobs > 1 && pending.count > 1 {
      let subfolders = pending
      var found = [(files: [File], problems: [Problem])](repeating: ([], []), count: subfolders.count)
      withoutActuallyEscaping(wanted) { wanted in
        found.withUnsafeMutableBufferPointer { out in
          let shared = WalkShared(out: out, wanted: wanted)
          DispatchQueue.concurrentPerform(iterations: min(jobs, subfolders.count)) { _ in
            while true {
              let k = shared.next()
              guard k < subfolders.count else { return }
              var stack = [subfolders[k]]
              var subtreeFiles: [File] = []
              var subtreeProblems: [Problem] = []
              walk(rootBytes, base, &stack, &subtreeFiles, &subtreeProblems, shared.wanted, folders: Int.max, skip: skip)
              shared.out[k] = (subtreeFiles, subtreeProblems)
            }
          }
        }
      }
      for k in found.indices.reversed() {
        files += found[k].files
        problems += found[k].problems
      }
    } else {
      walk(rootBytes, base, &pending, &files, &problems, wanted, folders: Int.max, skip: skip)
    }
    files.sort { precedes($0.bytes, $1.bytes) }
    return (files, problems)
  }

  /// `a.lexicographicallyPrecedes(b)` by `memcmp` (byte by byte through iterators, sorting the
  /// paths of a walk cost a hundredth of a lint: they share long prefixes).
  static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    let n = min(a.count, b.count)
    let order = n == 0 ? 0 : a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in memcmp(pa.baseAddress!, pb.baseAddress!, n) } }
    return order != 0 ? order < 0 : a.count < b.count
  }

  /// What the threads of a walk share: their result slots (one each), the filter, the next slot.
  private final class WalkShared: @unchecked Sendable {
    let out: UnsafeMutableBufferPointer<(files: [File], problems: [Problem])>
    let wanted: (String) -> Bool
    private let lock = NSLock()
    private var taken = 0

    init(out: UnsafeMutableBufferPointer<(files: [File], problems: [Problem])>, wanted: @escaping (String) -> Bool) {
      self.out = out
      self.wanted = wanted
    }

    func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      taken += 1
      return taken - 1
    }
  }

  /// Whether a folder (its `name`, its path below the root) is one `skip` leaves out: its name
  /// ends with an entry without `/`, or its path ends with an entry with one, after a `/` or at
  /// the root.
  private static func skipped(_ name: [UInt8], _ relative: [UInt8], _ skip: [[UInt8]]) -> Bool {
    skip.contains { entry in
      if !entry.contains(UInt8(ascii: "/")) {
        return name.count >= entry.count && name.suffix(entry.count).elementsEqual(entry)
      }
      guard relative.count >= entry.count, relative.suffix(entry.count).elementsEqual(entry) else { return false }
      return relative.count == entry.count || relative[relative.count - entry.count - 1] == UInt8(ascii: "/")
    }
  }

  /// Reads up to `folders` folders off the `pending` stack (paths below the root), pushing the
  /// subfolders found, in name order, and adding the wanted files and the problems.
  private static func walk(_ rootBytes: [UInt8], _ base: [UInt8], _ pending: inout [[UInt8]], _ files: inout [File],
                           _ problems: inout [Problem], _ wanted: (String) -> Bool, folders: Int, skip: [[UInt8]] = []) {
    var read = 0
    while read < folders, let relative = pending.popLast() {
      read += 1
      let folder = relative.isEmpty ? rootBytes : base + relative
      guard let dir = folder.withCString(opendir) else {
        problems.append(Problem(path: show(folder), message: "cannot read the folder: \(errorText(errno))"))
        continue
      }
      defer { closedir(dir) }
      var names: [(name: [UInt8], type: UInt8)] = []
      while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
          Array(raw.prefix(while: { $0 != 0 }))
        }
        if name == [0x2E] || name == [0x2E, 0x2E] { continue }
        names.append((name, entry.pointee.d_type))
      }
      for (name, type) in names.sorted(by: { precedes($0.name, $1.name) }) {
        let childRelative = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
        let full = base + childRelative
        // The type readdir gives spares an lstat for folders and regular files (a file is still
        // opened, and checked with fstat, when read); links, other kinds and file systems that
        // do not say are asked.
        if type == UInt8(DT_DIR) {
          if !skipped(name, childRelative, skip) { pending.append(childRelative) }
          continue
        }
        if type == UInt8(DT_REG) {
          let shownRelative = show(childRelative)
          guard wanted(shownRelative) else { continue }
          files.append(File(path: show(full), relativePath: shownRelative, bytes: full, isSymbolicLink: false))
          continue
        }
        var link = stat()
        guard full.withCString({ lstat($0, &link) }) == 0 else {
          problems.append(Problem(path: show(full), message: "cannot read: \(errorText(errno))"))
          continue
        }
        let kind = link.st_mode & S_IFMT
        if kind == S_IFDIR {
          if !skipped(name, childRelative, skip) { pending.append(childRelative) }
          continue
        }
        let shownRelative = show(childRelative)
        guard wanted(shownRelative) else { continue }
        var target = link
        let isLink = kind == S_IFLNK
        if isLink {
          guard full.withCString({ stat($0, &target) }) == 0 else {
            problems.append(Problem(path: show(full), message: "a symbolic link to nothing readable: \(errorText(errno))"))
            continue
          }
          if target.st_mode & S_IFMT == S_IFDIR { continue }
        }
        guard target.st_mode & S_IFMT == S_IFREG else {
          problems.append(Problem(path: show(full), message: "not a regular file (\(kindName(target.st_mode))\(isLink ? ", through a symbolic link" : "")): not read"))
          continue
        }
        files.append(File(path: show(full), relativePath: shownRelative, bytes: full, isSymbolicLink: isLink))
      }
    }
  }

  /// What kind of file a mode is, in words.
  public static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFDIR: "a folder"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// Reads a whole regular file of at most `limit` bytes; a problem when it cannot be read, is not
  /// a regular file (a FIFO is opened without blocking and never read), or is larger than `limit`.
  public static func read(_ path: [UInt8], shownAs shown: String, limit: Int) -> Result<[UInt8], Problem> {
    let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK) }
    guard fd >= 0 else { return .failure(Problem(path: shown, message: "cannot read: \(errorText(errno))")) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(Problem(path: shown, message: "cannot read: \(errorText(errno))")) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      return .failure(Problem(path: shown, message: "not a regular file (\(kindName(info.st_mode))): not read"))
    }
    guard Int(info.st_size) <= limit else {
      return .failure(Problem(path: shown, message: "the file has \(info.st_size) bytes, more than the \(limit) read at most: not read"))
    }
    // The size fstat gave, plus one byte to see the end: read straight into the result (a zeroed
    // 64 KiB chunk per file, copied over, was 260 MB of memset on 4,070 tables). A file that
    // grew since fstat is read on below.
    var failure: Int32 = 0
    var atEnd = false
    let expected = Int(info.st_size) + 1
    var out = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
      var filled = 0
      while filled < expected {
        let n = systemRead(fd, buffer.baseAddress! + filled, expected - filled)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if n == 0 {
          atEnd = true
          break
        }
        filled += n
      }
      initialized = filled
    }
    if failure != 0 { return .failure(Problem(path: shown, message: "cannot read: \(errorText(failure))")) }
    guard out.count <= limit else {
      return .failure(Problem(path: shown, message: "the file has more than the \(limit) bytes read at most: not read"))
    }
    if atEnd { return .success(out) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(Problem(path: shown, message: "cannot read: \(errorText(errno))"))
      }
      if n == 0 { break }
      guard out.count + n <= limit else {
        return .failure(Problem(path: shown, message: "the file has more than the \(limit) bytes read at most: not read"))
      }
      out.append(contentsOf: chunk[0..<n])
    }
    return .success(out)
  }

  /// Opens the file at `path` (its bytes, not necessarily UTF-8) for reading: a descriptor, or
  /// -1 with `errno` set.
  public static func openForReading(_ path: [UInt8]) -> Int32 {
    path.withCString { open($0, O_RDONLY) }
  }

  /// The repository a run checks (SPEC §14): the git work tree enclosing `root` (the nearest
  /// folder at or above it holding `.git`), else `root` itself (its folder when it is a file);
  /// as a real path, symbolic links resolved. Nil when `root` does not resolve.
  public static func repositoryBoundary(of root: String) -> String? {
    guard let real = realPath(Array(root.utf8)) else { return nil }
    var info = stat()
    let start = real.withCString { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR ? real : parent(real)
    var candidate = start
    while true {
      if (candidate + "/.git").withCString({ access($0, F_OK) }) == 0 { return candidate }
      if candidate == "/" || candidate.isEmpty { return start }
      candidate = parent(candidate)
    }
  }

  /// Whether the file at `path` (a symbolic link, say) really lies inside `boundary`, a real path
  /// from ``repositoryBoundary(of:)``. A path that does not resolve is not inside.
  public static func resolves(_ path: [UInt8], inside boundary: String) -> Bool {
    guard let real = realPath(path) else { return false }
    return real == boundary || real.hasPrefix(boundary == "/" ? "/" : boundary + "/")
  }

  /// The problem for a table that is a symbolic link out of the repository: it is not read, and
  /// nothing of it (not even where it points) is shown.
  public static func outsideProblem(_ file: File, boundary: String) -> Problem {
    Problem(path: file.path, message: "a symbolic link to a file outside the repository being checked ('\(boundary)'): not read")
  }

  private static func realPath(_ path: [UInt8]) -> String? {
    guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Where the symbolic link at `path` points, shown as text; nil when it is not a link.
  public static func symbolicLinkTarget(_ path: [UInt8]) -> String? {
    var target = [CChar](repeating: 0, count: 4096)
    let n = path.withCString { readlink($0, &target, target.count - 1) }
    guard n > 0 else { return nil }
    return show(target[0..<n].map { UInt8(bitPattern: $0) })
  }

  /// The path's bytes shown as text: UTF-8 as it is, every other byte as `\xNN`.
  public static func show(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var out = ""
    var i = 0
    while i < bytes.count {
      // The longest well-formed UTF-8 sequence at i (1…4 bytes), else one byte escaped.
      var decoded: String? = nil
      var length = 1
      let lead = bytes[i]
      let expected = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
      if expected > 0 && i + expected <= bytes.count, let s = String(validating: bytes[i..<(i + expected)], as: UTF8.self) {
        decoded = s
        length = expected
      }
      if let decoded { out += decoded } else { out += "\\x" + hex(bytes[i]) }
      i += length
    }
    return out
  }

  private static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
  }

  /// `strerror` as a Swift string.
  public static func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}

extension Array where Element == UInt8 {
  /// Calls `body` with the bytes as a NUL-terminated C string (a path for a system call).
  func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    var terminated = self
    terminated.append(0)
    return try terminated.withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }
}
