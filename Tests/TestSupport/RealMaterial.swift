import Foundation

/// The real files from public projects that the repository no longer holds (issue 36): the
/// third-party tables, payloads, Live Activity sources and JSONTestSuite, kept byte for byte in
/// the shared folder's `wild/project-fixtures/`, with the same layout they had here
/// (`Fixtures/RealLocalizations`, `Fixtures/payloads/apple`, `Fixtures/payloads/real`,
/// `Fixtures/activities`, `Tests/Data/JSONTestSuite`). The repository keeps only what we wrote
/// about them: the SOURCES and EXPECTED manifests with the findings each file must give.
/// Tests that read a real file run when `APNS_LINT_SHARED` names that shared folder (CI sets it)
/// and are reported as skipped, with `skipReason`, on a plain clone.
public enum RealMaterial {
  /// `wild/project-fixtures` in the shared folder, when it is there.
  public static let root: String? = {
    guard let shared = SharedCorpus.root else { return nil }
    let path = shared + "/wild/project-fixtures"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
    return path
  }()

  /// Whether the real files are there.
  public static var isAvailable: Bool { root != nil }

  /// Why a test that reads a real file was skipped.
  public static let skipReason =
    "reads real files from public projects, kept outside the repository: set APNS_LINT_SHARED to the shared/ folder that holds wild/project-fixtures (CI does)"

  /// The absolute path of `relative` (as it was in the repository: `Fixtures/payloads/real/x.json`)
  /// among the real files; a path that exists nowhere when they are not there, so a read fails
  /// loudly instead of finding something else.
  public static func path(_ relative: String) -> String {
    (root ?? "/nonexistent/APNS_LINT_SHARED-not-set/wild/project-fixtures") + "/" + relative
  }

  /// `path(relative)` as a file URL.
  public static func url(_ relative: String) -> URL {
    URL(fileURLWithPath: path(relative))
  }
}
