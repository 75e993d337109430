/// The text a format renders for some arguments, and how the arguments fitted.
public struct FormatExpansion: Sendable, Hashable {
  /// The rendered text: `%@` and `%n$@` replaced, `%%` as `%`, unsupported specifiers verbatim.
  public let text: String
  /// The positions the format reads that got no argument, ascending. Where a `%@` or `%n$@` reads
  /// one, the text shows `(null)`, as Foundation does.
  public let missingPositions: [Int]
  /// Arguments beyond what the format uses (they are ignored).
  public let unusedArgumentCount: Int
  /// The number of distinct positions the format reads.
  public let argumentsNeeded: Int

  /// Makes an expansion; `FormatString.expand(_:)` is the usual source of them.
  public init(text: String, missingPositions: [Int], unusedArgumentCount: Int, argumentsNeeded: Int) {
    self.text = text
    self.missingPositions = missingPositions
    self.unusedArgumentCount = unusedArgumentCount
    self.argumentsNeeded = argumentsNeeded
  }
}

extension FormatString {
  /// What Foundation shows for a missing argument.
  public static let nullArgument = "(null)"

  /// Renders the format with `arguments` the way the device does: the i-th smallest position the
  /// format reads gets `arguments[i]`, a position without an argument shows `(null)`, and extra
  /// arguments are ignored.
  ///
  /// One pass over the pieces; the argument of each specifier was resolved by `init`.
  public func expand(_ arguments: [String]) -> FormatExpansion {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for (piece, argumentIndex) in zip(pieces, argumentIndices) {
      switch piece {
      case .literal(let literal, _):
        output += literal
      case .specifier(let specifier):
        switch specifier.kind {
        case .percent:
          output += "%"
        case .object:
          output += (0..<arguments.count).contains(argumentIndex) ? arguments[argumentIndex] : Self.nullArgument
        case .unsupported:
          output += specifier.text
        }
      }
    }
    let used = min(arguments.count, positions.count)
    return FormatExpansion(
      text: output,
      missingPositions: Array(positions[used...]),
      unusedArgumentCount: arguments.count - used,
      argumentsNeeded: positions.count)
  }
}
