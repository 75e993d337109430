/// The argument positions a format reads and the conversion of each; two formats are compatible
/// when their signatures are equal.
///
/// Unsupported specifiers that read an argument count too, as on the device: `%d` takes the
/// counter's next position like `%@` does, `%2$d` takes position 2, so `"%d %@"` reads positions 1
/// (`d`) and 2 (`@`). A specifier that reads no argument (`%%`, `%y`, a `%` at the end, `%0$@`,
/// `%10000$@`) is not in the signature. `*` widths and precisions are not counted as positions.
/// When several specifiers read one position, the first one's conversion is recorded.
public struct FormatSignature: Sendable, Hashable {
  /// Position → conversion as written without `%` and position: `"@"`, `"d"`, `"ld"`, `"5@"`.
  public let conversions: [Int: String]
  /// Named placeholders (Xcode 26: `%(count)lld`, `%1$(name)@`): name → conversion. They are
  /// matched by name, so a translation may reorder them.
  public let names: [String: String]

  /// Makes a signature from positions and conversions, and names and their conversions.
  public init(conversions: [Int: String], names: [String: String] = [:]) {
    self.conversions = conversions
    self.names = names
  }

  /// How this signature differs from `other` (the reference, e.g. the development language's),
  /// ascending by position, in words: `"position 2 is missing"`, `"position 3 is extra"`,
  /// `"position 1 is '%d', not '%@'"`. Empty when the signatures are equal.
  public func differences(from other: FormatSignature) -> [String] {
    let positions = Set(conversions.keys).union(other.conversions.keys).sorted()
    var differences: [String] = []
    for position in positions {
      switch (conversions[position], other.conversions[position]) {
      case (nil, .some):
        differences.append("position \(position) is missing")
      case (.some, nil):
        differences.append("position \(position) is extra")
      case (.some(let mine), .some(let theirs)) where mine != theirs:
        differences.append("position \(position) is '%\(mine)', not '%\(theirs)'")
      default:
        break
      }
    }
    for name in Set(names.keys).union(other.names.keys).sorted() {
      switch (names[name], other.names[name]) {
      case (nil, .some): differences.append("the placeholder '\(name)' is missing")
      case (.some, nil): differences.append("the placeholder '\(name)' is extra")
      case (.some(let mine), .some(let theirs)) where mine != theirs:
        differences.append("the placeholder '\(name)' is '%\(mine)', not '%\(theirs)'")
      default: break
      }
    }
    return differences
  }
}

extension FormatString {
  /// The positions this format reads and the conversion of each (see `FormatSignature`).
  public var signature: FormatSignature {
    var conversions: [Int: String] = [:]
    var names: [String: String] = [:]
    for (piece, argumentIndex) in zip(pieces, argumentIndices) {
      guard case .specifier(let specifier) = piece else { continue }
      if argumentIndex >= 0 {
        let position = positions[argumentIndex]
        if conversions[position] == nil { conversions[position] = specifier.conversion }
      } else if case .unsupported = specifier.kind, let name = specifier.name, names[name] == nil {
        names[name] = specifier.conversion
      }
    }
    return FormatSignature(conversions: conversions, names: names)
  }
}
