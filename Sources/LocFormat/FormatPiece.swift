/// One piece of a format: a run of literal text, or a specifier.
public enum FormatPiece: Sendable, Hashable {
  /// Text copied to the expansion as it is (never contains `%`).
  case literal(String, range: FormatRange)
  /// A `%` specifier, supported or not.
  case specifier(FormatSpecifier)

  /// The piece's text exactly as written in the format.
  public var text: String {
    switch self {
    case .literal(let text, _): text
    case .specifier(let specifier): specifier.text
    }
  }

  /// Where the piece is in the format.
  public var range: FormatRange {
    switch self {
    case .literal(_, let range): range
    case .specifier(let specifier): specifier.range
    }
  }
}

/// One `%` specifier of a format, as written, with what it does.
public struct FormatSpecifier: Sendable, Hashable {
  /// The specifier exactly as written: `"%2$@"`, `"%d"`, `"%%"`, `"%"` (a `%` at the end).
  public let text: String
  /// Where the specifier is in the format.
  public let range: FormatRange
  /// What the specifier does when the format is expanded.
  public let kind: Kind

  /// What a specifier does when the format is expanded.
  public enum Kind: Sendable, Hashable {
    /// `%%`: one `%`.
    case percent
    /// `%@` (`isPositional` false, position taken from the counter, so bounded by the number of
    /// specifiers) or `%n$@` (position n, 1…9999).
    case object(position: Int, isPositional: Bool)
    /// Anything else: kept verbatim and reported. It may still read an argument position (see
    /// `FormatString.signature`).
    case unsupported
  }

  /// Makes a specifier; the parser is the usual source of them.
  public init(text: String, range: FormatRange, kind: Kind) {
    self.text = text
    self.range = range
    self.kind = kind
  }

  /// The conversion as written without `%`, without a leading `n$` and without a name:
  /// `"@"` for `%@`, `%2$@` and `%(name)@`, `"d"` for `%1$d`, `"lld"`, `"5@"` for `%5@`, `"%"`
  /// for `%%`, `""` for a `%` at the end.
  public var conversion: String {
    let start = afterPosition
    if let close = nameClose(from: start) { return String(text[text.utf8.index(after: close)...]) }
    return String(text[start...])
  }

  /// The name of a named placeholder (Xcode 26): `"count"` for `%(count)lld` and `%1$(count)lld`;
  /// nil for every other specifier.
  public var name: String? {
    // The parser ends an unnamed specifier at its conversion, so a text that goes on after a `(`
    // there is a named one: `%(` alone is a `%` whose conversion is `(`.
    let start = afterPosition
    guard let close = nameClose(from: start) else { return nil }
    return String(text[text.utf8.index(after: start)..<close])
  }

  /// Where the text after `%` and a leading `n$` starts. Read over the UTF-8 bytes (this ran for
  /// every specifier of every value the format rules compare): digits, `$`, `(` and `)` are ASCII,
  /// one byte each, so every index found is a scalar's.
  private var afterPosition: String.Index {
    let utf8 = text.utf8
    guard !text.isEmpty else { return text.startIndex }
    let start = text.unicodeScalars.index(after: text.startIndex)
    var i = start
    while i < utf8.endIndex, (48...57).contains(utf8[i]) { i = utf8.index(after: i) }
    if i > start, i < utf8.endIndex, utf8[i] == UInt8(ascii: "$") { return utf8.index(after: i) }
    return start
  }

  /// The `)` that closes a name starting at `start` (a `(` there); nil when there is none.
  private func nameClose(from start: String.Index) -> String.Index? {
    let utf8 = text.utf8
    guard start < utf8.endIndex, utf8[start] == UInt8(ascii: "(") else { return nil }
    return utf8[start...].firstIndex(of: UInt8(ascii: ")"))
  }
}

/// Offsets into the format text, both in Unicode scalars (for columns) and UTF-8 bytes.
public struct FormatRange: Sendable, Hashable, CustomStringConvertible {
  /// Offsets counted in Unicode scalars, from 0.
  public let scalars: Range<Int>
  /// Offsets counted in UTF-8 bytes, from 0.
  public let utf8: Range<Int>

  /// Makes a range from scalar and UTF-8 offsets.
  public init(scalars: Range<Int>, utf8: Range<Int>) {
    self.scalars = scalars
    self.utf8 = utf8
  }

  /// `scalars 3..<7, utf8 3..<8`, for test failures.
  public var description: String {
    "scalars \(scalars.lowerBound)..<\(scalars.upperBound), utf8 \(utf8.lowerBound)..<\(utf8.upperBound)"
  }
}
