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
  /// Where in `path` the problem is, when it has a place: 1-based line and column (column 0 when
  /// only the line is known, as for a line of a list that cannot be read).
  public var position: SourcePosition?
  public var kind: Kind

  /// The 1-based line in `path`, when the problem has a position.
  public var line: Int? { position?.line }
  /// The 1-based column in `path`, when the problem has one.
  public var column: Int? { position.flatMap { $0.column > 0 ? $0.column : nil } }

  /// A problem at `position` of `path` (nil: about the whole file, or the run).
  public init(_ message: String, path: String? = nil, position: SourcePosition?, kind: Kind = .error) {
    self.message = message
    self.path = path
    self.position = position
    self.kind = kind
  }

  /// A problem at a line and column of `path`, either of which may be unknown (a column without
  /// a line is not a place, and is dropped).
  public init(_ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil, kind: Kind = .error) {
    self.init(message, path: path, position: line.map { SourcePosition(line: $0, column: column ?? 0) }, kind: kind)
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
