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
  /// True when the text was cut at the expansion's length limit (`FormatString.renderLimit`).
  public let isTruncated: Bool

  /// Makes an expansion; `FormatString.expand(_:)` is the usual source of them.
  public init(text: String, missingPositions: [Int], unusedArgumentCount: Int, argumentsNeeded: Int, isTruncated: Bool = false) {
    self.text = text
    self.missingPositions = missingPositions
    self.unusedArgumentCount = unusedArgumentCount
    self.argumentsNeeded = argumentsNeeded
    self.isTruncated = isTruncated
  }
}

extension FormatString {
  /// What Foundation shows for a missing argument.
  public static let nullArgument = "(null)"

  /// The longest text `expand(_:limit:)` renders by default, in UTF-8 bytes (64 KiB: a lock
  /// screen shows a few hundred characters; a notification's whole payload is at most 5 KB).
  public static let renderLimit = 1 << 16

  /// Renders the format with `arguments` the way the device does: the i-th smallest position the
  /// format reads gets `arguments[i]`, a position without an argument shows `(null)`, and extra
  /// arguments are ignored.
  ///
  /// One pass over the pieces; the argument of each specifier was resolved by `init`. The text
  /// stops growing at `limit` UTF-8 bytes (then `isTruncated` is set): a format of 100,000 `%@`
  /// with a long argument would otherwise render hundreds of megabytes, far more than any
  /// notification shows.
  public func expand(_ arguments: [String], limit: Int = FormatString.renderLimit) -> FormatExpansion {
    var output = ""
    output.reserveCapacity(min(text.utf8.count, limit))
    var truncated = false
    for (piece, argumentIndex) in zip(pieces, argumentIndices) {
      if output.utf8.count >= limit {
        truncated = true
        break
      }
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
    if output.utf8.count > limit {
      truncated = true
      // Cut on a character boundary at or below the limit.
      let utf8 = output.utf8
      var end = utf8.index(utf8.startIndex, offsetBy: limit)
      while end > utf8.startIndex && utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
      output = String(decoding: utf8[..<end], as: UTF8.self)
    }
    let used = min(arguments.count, positions.count)
    return FormatExpansion(
      text: output,
      missingPositions: Array(positions[used...]),
      unusedArgumentCount: arguments.count - used,
      argumentsNeeded: positions.count,
      isTruncated: truncated)
  }
}
