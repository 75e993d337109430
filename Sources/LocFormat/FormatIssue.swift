/// A problem in a format that makes the device show something other than what the author meant.
///
/// `StringsFile` and `APNsLint` turn these into findings: `loc-format-unsupported`,
/// `loc-format-mixed`, `loc-format-gap`, `strings-format-gap` (SPEC §3).
public struct FormatIssue: Sendable, Hashable {
  /// What is wrong.
  public enum Kind: Sendable, Hashable {
    /// A specifier other than `%@`, `%n$@`, `%%`, as written (`"%d"`, `"%0$@"`, `"%"`). It is kept
    /// verbatim in the expansion.
    case unsupported(String)
    /// The format uses both `%@` and `%n$@`.
    case mixed
    /// The format reads a position without reading every position below it. `missing` lists the
    /// skipped positions ascending, at most `FormatIssue.listedGapLimit` of them (the message
    /// counts the rest), so a `%9999$@` does not make a list of 9998 numbers.
    case gap(missing: [Int])
  }

  /// What is wrong.
  public let kind: Kind
  /// The specifier for `unsupported`; for `mixed`, the first `%@` or `%n$@` whose style differs
  /// from the first one's; for `gap`, the first specifier (in text order) that reads a position
  /// above the first skipped one, so gets another position's argument.
  public let range: FormatRange
  /// Skipped positions beyond those listed in `.gap(missing:)`.
  let unlistedCount: Int

  /// At most this many skipped positions are listed in `.gap(missing:)`.
  public static var listedGapLimit: Int { FormatParser.listedGapLimit }

  /// Makes an issue; `FormatString.issues` is the usual source of them.
  public init(kind: Kind, range: FormatRange) {
    self.init(kind: kind, range: range, unlistedCount: 0)
  }

  init(kind: Kind, range: FormatRange, unlistedCount: Int) {
    self.kind = kind
    self.range = range
    self.unlistedCount = unlistedCount
  }

  /// The issue in words: lowercase start, values quoted with '…'.
  public var message: String {
    switch kind {
    case .unsupported(let text):
      if text == "%" {
        return "a '%' at the end is not a specifier; write %% for a percent sign"
      }
      let specifier = FormatString(text).specifiers.first
      if specifier?.conversion == "@", specifier?.text.unicodeScalars.contains("$") == true {
        return "unsupported specifier '\(text)'; a position is a number from 1 to 9999 without leading zeros"
      }
      return "unsupported specifier '\(text)'; only %@, %n$@ and %% are expanded"
    case .mixed:
      return "format mixes %@ and %n$@; the device counts %@ on its own, so number every specifier"
    case .gap(let missing):
      let plural = missing.count + unlistedCount > 1
      var list = Self.describe(missing)
      if unlistedCount > 0 { list += " and \(unlistedCount) more" }
      return "format skips position\(plural ? "s" : "") \(list); the device gives the arguments to the "
        + "positions it reads in order, so it shows the wrong argument"
    }
  }

  /// `1, 3…5, 7`: runs of three or more ascending positions are shown as ranges.
  private static func describe(_ positions: [Int]) -> String {
    var parts: [String] = []
    var index = 0
    while index < positions.count {
      var end = index
      while end + 1 < positions.count, positions[end + 1] == positions[end] &+ 1 { end += 1 }
      if end - index >= 2 {
        parts.append("\(positions[index])…\(positions[end])")
      } else {
        for i in index...end { parts.append("\(positions[i])") }
      }
      index = end + 1
    }
    return parts.joined(separator: ", ")
  }
}
