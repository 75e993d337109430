/// How much a finding matters.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
  case error, warning, info

  private var rank: Int {
    switch self {
    case .error: 2
    case .warning: 1
    case .info: 0
    }
  }
  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
