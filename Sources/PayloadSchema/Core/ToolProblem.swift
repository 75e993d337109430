/// A problem of the run rather than of what it checks: a usage error, an input, folder or key
/// that cannot be read, a configuration, the network. Every command reports these one way:
/// `path:line:column: error: message`, with the position where one exists, and the path and
/// message made visible (controls and bidi characters escaped: a file name or a value read from
/// an input is part of many messages).
public struct ToolProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// How serious: an `error` ends the run with status 2 (after the other inputs are checked); a
  /// `warning` or `note` is said and the run goes on.
  public enum Kind: String, Sendable, Hashable {
    case error, warning, note
  }

  /// What is wrong, lowercase start, no trailing period.
  public var message: String
  /// The file, folder or argument it is about, as shown to the user; nil for the run as a whole.
  public var path: String?
  /// 1-based line and column in `path`, when the problem has a position.
  public var line: Int?
  public var column: Int?
  public var kind: Kind

  public init(_ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil, kind: Kind = .error) {
    self.message = message
    self.path = path
    self.line = line
    self.column = column
    self.kind = kind
  }

  /// `path:line:column: error: message` (the position's parts that exist), made visible.
  public var description: String {
    var text = ""
    if let path {
      text += path
      if let line {
        text += ":\(line)"
        if let column { text += ":\(column)" }
      }
      text += ": "
    }
    return VisibleText.escape(text + kind.rawValue + ": " + message)
  }
}
