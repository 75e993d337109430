import Foundation

/// The large external test corpus: real `.strings` tables under GPL licences, compiled binary
/// plists and the SARIF 2.1.0 schema, kept outside the repository (the development workspace's
/// `shared/corpus`). Tests that need it run only when `APNS_LINT_SHARED` names that `shared`
/// folder (`scripts/test` sets it when `../shared` exists, so CI runs them); on a plain clone they
/// are reported as skipped, with `skipReason`, and everything else still runs.
public enum SharedCorpus {
  /// The `shared` folder named by `APNS_LINT_SHARED`, when it exists.
  public static let root: String? = {
    guard let value = ProcessInfo.processInfo.environment["APNS_LINT_SHARED"], !value.isEmpty else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
    return URL(fileURLWithPath: value).standardizedFileURL.path
  }()

  /// Whether the corpus is there.
  public static var isAvailable: Bool { root != nil }

  /// Why a test that needs the corpus was skipped.
  public static let skipReason = "needs the external corpus: set APNS_LINT_SHARED to the shared/ folder (scripts/test does when ../shared exists)"

  /// The absolute path of `relative` inside the corpus folder (`corpus/strings`, …), when the corpus is there.
  public static func path(_ relative: String) -> String? {
    root.map { $0 + "/" + relative }
  }
}
