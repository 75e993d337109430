// LocFormat: the format strings of localized push alerts (SPEC §4).
//
// A `loc-key`'s localized value is a format: text with `%@` and `%n$@` specifiers that the device
// fills with the payload's `loc-args`, and `%%` for a percent sign. `FormatString` parses one
// format into pieces, expands it the way CoreFoundation's `__CFStringAppendFormatCore` does, and
// reports what the device would get wrong (`issues`). `FormatSignature` says which argument
// positions a format reads, so a translation can be compared with its development-language format.
//
// The grammar, as CoreFoundation scans it:
//
//     specifier   = "%" [position "$"] { flag | digit | "." | "*" | length } conversion
//     flag        = "-" | "+" | " " | "#" | "0"
//     length      = "h" | "l" | "L" | "q" | "j" | "z" | "t"
//     conversion  = any one Unicode scalar
//
// Only `%%`, `%@` and `%n$@` (n in 1…9999, no leading zero, nothing between `%` and `@` but the
// position) are expanded. Every other specifier is kept verbatim in the expansion and reported as
// unsupported. It extends from the `%` over the run of flags, digits, `.`, `*`, length modifiers
// (and a `$` right after a digit) to the next scalar, its conversion; if the text ends inside the
// run, the specifier extends to the end (so a `%` at the end is the one-scalar specifier `%`).
//
// This module depends on the standard library only.

/// A localized format string, parsed into literal text and specifiers, that expands `%@`, `%n$@`
/// and `%%` the way CoreFoundation does on the device.
///
/// Positions: the k-th `%@` reads position k of a counter that only `%@` (and unsupported
/// specifiers that read an argument, like `%d`) advance; `%n$@` reads position n and leaves the
/// counter alone. Filling: the distinct positions the format reads, sorted ascending, take the
/// arguments in order, so `"%2$@ reçu"` with `["Jenna", "un fichier"]` renders `"Jenna reçu"`
/// (position 1 is skipped: a gap). A position left without an argument renders as `(null)`;
/// extra arguments are ignored.
///
/// Parsing happens once, in `init`; `expand(_:)` is then one pass over the pieces. Nothing traps
/// on any input, and no work or memory is proportional to a position number: `%0$@` and positions
/// above 9999 (even `%99999999999999999999$@`) are unsupported specifiers, kept verbatim.
///
/// ```swift
/// let format = FormatString("%2$@ reçu")
/// format.expand(["Jenna", "un fichier"]).text   // "Jenna reçu"
/// format.issues.map(\.message)                  // ["format skips position 1; …"]
/// ```
///
/// Two formats are equal when their texts are.
public struct FormatString: Sendable, Hashable {
  /// The format exactly as given.
  public let text: String

  /// The literal runs and specifiers in text order; together they cover the whole text.
  public let pieces: [FormatPiece]

  /// Problems the device would show: unsupported specifiers (in text order), then a mix of `%@`
  /// and `%n$@`, then skipped positions. Empty for a well-formed format.
  public let issues: [FormatIssue]

  /// For each piece, the index of the argument it reads, or -1 when it reads none.
  let argumentIndices: [Int]

  /// The distinct positions the format reads, ascending (the i-th takes argument i).
  let positions: [Int]

  /// Parses `text`. Never fails: whatever is not a supported specifier is literal text or an
  /// unsupported specifier.
  public init(_ text: String) {
    self.text = text
    let parsed = FormatParser.parse(text)
    pieces = parsed.pieces
    argumentIndices = parsed.argumentIndices
    positions = parsed.positions
    issues = parsed.issues
  }

  /// The specifier pieces only, in text order (`%%` and unsupported ones included).
  public var specifiers: [FormatSpecifier] {
    pieces.compactMap {
      if case .specifier(let specifier) = $0 { specifier } else { nil }
    }
  }

  /// Hands the specifiers of `text` to `body` in text order, exactly as `FormatString(text).specifiers`
  /// lists them, until `body` returns false. Nothing else of the format is built (no literal
  /// pieces, positions or issues), so a question about the first specifiers costs a fraction of a
  /// parse.
  ///
  /// ```swift
  /// FormatString.forEachSpecifier(in: "%d of %@") { print($0.text); return true }  // %d, %@
  /// ```
  public static func forEachSpecifier(in text: String, _ body: (FormatSpecifier) -> Bool) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { FormatParser.forEachSpecifier(text, bytes: $0, body) }
    if done == nil { FormatParser.forEachSpecifier(text, bytes: nil, body) }
  }

  /// How many arguments the format reads: the number of distinct positions it references.
  public var argumentsNeeded: Int { positions.count }

  /// The highest position the format reads, 0 when it reads none.
  public var maxPosition: Int { positions.last ?? 0 }

  /// The distinct argument positions the format reads, ascending.
  public var referencedPositions: [Int] { positions }

  /// Whether the format has nothing to expand: no specifier at all.
  public var isLiteral: Bool { pieces.allSatisfy { if case .literal = $0 { true } else { false } } }

  /// The specifiers that read `position`, in text order (unsupported ones like `%d` included);
  /// empty when no specifier reads it. For naming the specifier a missing argument would fill.
  public func specifiers(readingPosition position: Int) -> [FormatSpecifier] {
    var found: [FormatSpecifier] = []
    for (piece, argumentIndex) in zip(pieces, argumentIndices)
    where argumentIndex >= 0 && positions[argumentIndex] == position {
      if case .specifier(let specifier) = piece { found.append(specifier) }
    }
    return found
  }

  /// Two formats are equal when their texts are (everything else is derived from the text).
  public static func == (a: FormatString, b: FormatString) -> Bool { a.text == b.text }

  /// Hashes the text, consistently with `==`.
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
