import ActivityContract
import APNsLint
import PayloadSchema

extension ActivitySources {
  /// `load(_:)` with its problems written to standard error; `failed` when one is an error (the
  /// caller exits 2 after checking what it could).
  static func load(reporting paths: [String]) -> (checker: ActivityChecker?, failed: Bool) {
    let (checker, problems) = load(paths)
    problems.forEach(complain)
    return (checker, problems.contains { $0.kind == .error })
  }
}
