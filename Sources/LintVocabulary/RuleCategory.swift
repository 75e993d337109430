/// The groups of the rule catalogue (SPEC §3, §9).
public enum RuleCategory: String, Sendable, Hashable, CaseIterable, Codable {
  case json, payload, push, request, localization, strings
  /// A Live Activity's `content-state` and `attributes` against the app's own types (SPEC §13.1).
  case activity
  /// A web push message to Safari or a Home Screen web app (SPEC §16).
  case web
}

/// The parts of a request, in the order APNs checks them (SPEC §9).
public enum RequestPart: Int, Sendable, Hashable, Comparable, Codable {
  case method, path, authentication, headers, body
  public static func < (a: RequestPart, b: RequestPart) -> Bool { a.rawValue < b.rawValue }
}
