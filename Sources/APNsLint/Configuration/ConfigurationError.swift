import PayloadSchema

/// A configuration that cannot be used, with the position of the problem: a configuration file
/// or a baseline file (``Baseline/parse(_:path:)``), the files that say how a run judges.
///
/// Its `description` is the line the command line prints: `FILE:LINE:COLUMN: error: MESSAGE`.
/// Messages start lowercase and quote values with '…'. A bad configuration is always an error,
/// never a silent fallback to defaults.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The configuration or baseline file's path as the user gave it.
  public var path: String
  /// 1-based line of the problem.
  public var line: Int
  /// 1-based column of the problem, in Unicode scalars.
  public var column: Int
  /// What is wrong, lowercase start.
  public var message: String

  /// Creates an error at a 1-based position of `path`.
  public init(path: String, line: Int, column: Int, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// The problem in the one shape every tool error has.
  public var toolProblem: ToolProblem { ToolProblem(message, path: path, line: line, column: column) }

  /// `FILE:LINE:COLUMN: error: MESSAGE` (`ToolProblem`'s form).
  public var description: String { toolProblem.description }
}
