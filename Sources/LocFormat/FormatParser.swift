/// Scans a format once into pieces, the argument each piece reads, and the format's issues.
///
/// The grammar and the extent of an unsupported specifier are described in `LocFormat.swift`.
/// Positions are parsed with a cap (anything above 9999 is invalid), so no digit string overflows
/// and nothing is sized by a position.
enum FormatParser {
  /// The highest position a `%n$@` may name (SPEC §4).
  static let maximumPosition = 9999
  /// The longest name a named placeholder may have, in scalars (`%(name)@`).
  static let maximumNameLength = 64

  struct Result {
    var pieces: [FormatPiece] = []
    /// Per piece: the index of the argument it reads, or -1.
    var argumentIndices: [Int] = []
    /// The distinct positions read, ascending.
    var positions: [Int] = []
    var issues: [FormatIssue] = []
  }

  /// A position in the text, kept in three units at once.
  private struct Cursor {
    var index: String.Index
    var scalarOffset = 0
    var utf8Offset = 0

    mutating func advance(over scalar: Unicode.Scalar, in scalars: String.UnicodeScalarView) {
      index = scalars.index(after: index)
      scalarOffset &+= 1
      utf8Offset &+= UTF8.width(scalar)
    }

    func range(to end: Cursor) -> FormatRange {
      FormatRange(scalars: scalarOffset..<end.scalarOffset, utf8: utf8Offset..<end.utf8Offset)
    }
  }

  static func parse(_ text: String) -> Result {
    // Literal text is skipped over the UTF-8 bytes (a `%` is one byte and always starts a
    // scalar); only specifiers are read scalar by scalar. Strings without contiguous UTF-8
    // (bridged ones) are read scalar by scalar throughout.
    text.utf8.withContiguousStorageIfAvailable { parse(text, bytes: $0) } ?? parse(text, bytes: nil)
  }

  static func parse(_ text: String, bytes: UnsafeBufferPointer<UInt8>?) -> Result {
    let scalars = text.unicodeScalars
    var result = Result()
    // The position each piece reads (0 for none), parallel to `result.pieces`.
    var reads: [Int] = []
    // At most a literal before each `%` and one after the last: sized once, not grown.
    if let bytes {
      var percents = 0
      for byte in bytes where byte == 0x25 { percents &+= 1 }
      result.pieces.reserveCapacity(2 * percents + 1)
      reads.reserveCapacity(2 * percents + 1)
    }
    var counter = 0
    var cursor = Cursor(index: scalars.startIndex)
    var literalStart = cursor

    func appendLiteral(upTo end: Cursor) {
      guard literalStart.index < end.index else { return }
      let literal = slice(text, from: literalStart, to: end, bytes: bytes)
      result.pieces.append(.literal(literal, range: literalStart.range(to: end)))
      reads.append(0)
    }

    while true {
      skipLiteral(&cursor, in: text, bytes: bytes)
      guard cursor.index < scalars.endIndex else { break }
      appendLiteral(upTo: cursor)
      let (specifier, read) = nextSpecifier(&cursor, in: text, bytes: bytes, counter: &counter)
      result.pieces.append(.specifier(specifier))
      reads.append(read)
      literalStart = cursor
    }
    appendLiteral(upTo: cursor)

    result.positions = distinctSorted(reads)
    result.argumentIndices = reads.map { $0 == 0 ? -1 : index(of: $0, in: result.positions) }
    result.issues = issues(pieces: result.pieces, reads: reads, positions: result.positions)
    return result
  }

  /// The specifiers of `text` in text order, as `parse` makes them, each given to `visit` until it
  /// returns false; the literal text is passed over and nothing else is built.
  static func forEachSpecifier(_ text: String, bytes: UnsafeBufferPointer<UInt8>?, _ visit: (FormatSpecifier) -> Bool) {
    var counter = 0
    var cursor = Cursor(index: text.unicodeScalars.startIndex)
    while true {
      skipLiteral(&cursor, in: text, bytes: bytes)
      guard cursor.index < text.unicodeScalars.endIndex else { return }
      if !visit(nextSpecifier(&cursor, in: text, bytes: bytes, counter: &counter).specifier) { return }
    }
  }

  /// Moves `cursor` to the next `%`, or to the end of the text. With the UTF-8 bytes, literal
  /// text is skipped over them (a `%` is one byte and always starts a scalar); strings without
  /// contiguous UTF-8 (bridged ones) are read scalar by scalar.
  private static func skipLiteral(_ cursor: inout Cursor, in text: String, bytes: UnsafeBufferPointer<UInt8>?) {
    let scalars = text.unicodeScalars
    while cursor.index < scalars.endIndex {
      if let bytes, bytes[cursor.utf8Offset] != 0x25 {
        // To the next `%` (or the end), counting the scalars passed: every byte that is not a
        // continuation byte starts one.
        var j = cursor.utf8Offset
        var passed = 0
        while j < bytes.count && bytes[j] != 0x25 {
          passed &+= bytes[j] & 0xC0 != 0x80 ? 1 : 0
          j += 1
        }
        cursor.scalarOffset &+= passed
        cursor.utf8Offset = j
        cursor.index = j == bytes.count ? scalars.endIndex : text.utf8.index(text.utf8.startIndex, offsetBy: j)
        continue
      }
      let scalar = scalars[cursor.index]
      guard scalar == "%" else {
        cursor.advance(over: scalar, in: scalars)
        continue
      }
      return
    }
  }

  /// Reads the specifier whose `%` is at `cursor`, moving `cursor` past it: the specifier and the
  /// position it reads (0 for none); `counter` as in `classify`.
  private static func nextSpecifier(_ cursor: inout Cursor, in text: String, bytes: UnsafeBufferPointer<UInt8>?,
                                    counter: inout Int) -> (specifier: FormatSpecifier, read: Int) {
    let scalars = text.unicodeScalars
    let start = cursor
    cursor.advance(over: "%", in: scalars)
    let parts = readSpecifier(after: &cursor, in: scalars)
    let (kind, read) = classify(parts, counter: &counter)
    let specifier = FormatSpecifier(
      text: slice(text, from: start, to: cursor, bytes: bytes), range: start.range(to: cursor), kind: kind)
    return (specifier, read)
  }

  /// The text between two cursors: copied from the UTF-8 bytes when there are any (the offsets
  /// always stand at a scalar's start), else from the scalars.
  private static func slice(_ text: String, from start: Cursor, to end: Cursor, bytes: UnsafeBufferPointer<UInt8>?) -> String {
    guard let bytes else { return String(text.unicodeScalars[start.index..<end.index]) }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start.utf8Offset..<end.utf8Offset]), as: UTF8.self)
  }

  /// What follows a `%`, as CoreFoundation reads it.
  private struct SpecifierParts {
    /// An `n$` prefix was given (valid or not).
    var hasPrefix = false
    /// The prefix's position when it names a valid one (1…`maximumPosition`).
    var position: Int?
    /// The prefix starts with `0` (`%01$@` is not positional on the device).
    var leadingZero = false
    /// A name in parentheses (`%(count)lld`).
    var isNamed = false
    /// No flag, width, precision or length modifier.
    var runIsEmpty = true
    /// The conversion; nil when the text ends first.
    var conversion: Unicode.Scalar?
  }

  /// Reads a specifier's parts after its `%`, moving `cursor` past them: the `n$` prefix, a name,
  /// the modifiers and the conversion.
  private static func readSpecifier(after cursor: inout Cursor, in scalars: String.UnicodeScalarView) -> SpecifierParts {
    var parts = SpecifierParts()
    readPositionPrefix(&cursor, in: scalars, into: &parts)
    parts.isNamed = readName(&cursor, in: scalars)
    // Flags, width, precision and length modifiers, in any order, as CoreFoundation reads them.
    var afterDigit = false
    while cursor.index < scalars.endIndex {
      let next = scalars[cursor.index]
      guard isModifier(next) || (next == "$" && afterDigit) else { break }
      afterDigit = digitValue(next) != nil
      parts.runIsEmpty = false
      cursor.advance(over: next, in: scalars)
    }
    // The conversion: the next scalar, whatever it is; none when the text ends first.
    if cursor.index < scalars.endIndex {
      let next = scalars[cursor.index]
      parts.conversion = next
      cursor.advance(over: next, in: scalars)
    }
    return parts
  }

  /// An `n$` right after the `%`: digits folded with a cap, so no input overflows. Without its
  /// `$` the digits are a width, and `cursor` stays.
  private static func readPositionPrefix(_ cursor: inout Cursor, in scalars: String.UnicodeScalarView,
                                         into parts: inout SpecifierParts) {
    var prefix = cursor
    var value = 0
    var digitCount = 0
    while prefix.index < scalars.endIndex, let digit = digitValue(scalars[prefix.index]) {
      if digitCount == 0 { parts.leadingZero = digit == 0 }
      value = min(value * 10 + digit, maximumPosition + 1)
      digitCount += 1
      prefix.advance(over: scalars[prefix.index], in: scalars)
    }
    guard digitCount > 0, prefix.index < scalars.endIndex, scalars[prefix.index] == "$" else {
      parts.leadingZero = false
      return
    }
    prefix.advance(over: "$", in: scalars)
    cursor = prefix
    parts.hasPrefix = true
    if (1...maximumPosition).contains(value) { parts.position = value }
  }

  /// A name in parentheses (Xcode 26's named placeholders: `%(count)lld`, `%1$(name)@`): at most
  /// `maximumNameLength` scalars, none of them `)`, `(` or `%`; without its `)` the `(` is the
  /// conversion, as before, and `cursor` stays.
  private static func readName(_ cursor: inout Cursor, in scalars: String.UnicodeScalarView) -> Bool {
    guard cursor.index < scalars.endIndex, scalars[cursor.index] == "(" else { return false }
    var probe = cursor
    probe.advance(over: "(", in: scalars)
    var length = 0
    while probe.index < scalars.endIndex, length <= maximumNameLength {
      let next = scalars[probe.index]
      if next == ")" || next == "(" || next == "%" { break }
      probe.advance(over: next, in: scalars)
      length += 1
    }
    guard length > 0, length <= maximumNameLength, probe.index < scalars.endIndex, scalars[probe.index] == ")" else {
      return false
    }
    probe.advance(over: ")", in: scalars)
    cursor = probe
    return true
  }

  /// The specifier's kind and the position it reads (0 for none); `counter` is the next
  /// non-positional argument's position less one.
  private static func classify(_ parts: SpecifierParts, counter: inout Int) -> (FormatSpecifier.Kind, Int) {
    if parts.isNamed {
      // Matched by name, not by position: no position is read (FormatSignature.names).
      return (.unsupported, 0)
    }
    if !parts.hasPrefix, parts.runIsEmpty, parts.conversion == "%" { return (.percent, 0) }
    if !parts.hasPrefix, parts.runIsEmpty, parts.conversion == "@" {
      counter &+= 1
      return (.object(position: counter, isPositional: false), counter)
    }
    if parts.runIsEmpty, parts.conversion == "@", let position = parts.position, !parts.leadingZero {
      return (.object(position: position, isPositional: true), position)
    }
    // An unsupported conversion that takes an argument still takes a position, as on the device:
    // its own `n$` (when valid), else the counter's next.
    guard let conversion = parts.conversion, readsArgument(conversion) else { return (.unsupported, 0) }
    if !parts.hasPrefix {
      counter &+= 1
      return (.unsupported, counter)
    }
    return (.unsupported, parts.position ?? 0)
  }

  // MARK: - Issues

  /// At most this many skipped positions are listed in a gap issue; the message counts the rest.
  static let listedGapLimit = 32

  private static func issues(pieces: [FormatPiece], reads: [Int], positions: [Int]) -> [FormatIssue] {
    var issues: [FormatIssue] = []
    var firstStyle: Bool?  // isPositional of the first `%@`/`%n$@`
    var mixedAt: FormatRange?
    for piece in pieces {
      guard case .specifier(let specifier) = piece else { continue }
      switch specifier.kind {
      case .unsupported:
        issues.append(FormatIssue(kind: .unsupported(specifier.text), range: specifier.range))
      case .object(_, let isPositional):
        if let firstStyle {
          if firstStyle != isPositional, mixedAt == nil { mixedAt = specifier.range }
        } else {
          firstStyle = isPositional
        }
      case .percent:
        break
      }
    }
    if let mixedAt { issues.append(FormatIssue(kind: .mixed, range: mixedAt)) }

    // Skipped positions: the holes below the highest position read, walked between the sorted
    // positions so the work is proportional to the specifiers, not to the position numbers.
    guard let highest = positions.last, highest > positions.count else { return issues }
    var missing: [Int] = []
    var expected = 1
    for position in positions {
      while expected < position, missing.count < listedGapLimit {
        missing.append(expected)
        expected += 1
      }
      expected = position + 1
    }
    let unlisted = highest - positions.count - missing.count
    let firstMissing = missing.first ?? 1
    var range = FormatRange(scalars: 0..<0, utf8: 0..<0)
    for (piece, read) in zip(pieces, reads) where read > firstMissing {
      range = piece.range
      break
    }
    issues.append(FormatIssue(kind: .gap(missing: missing), range: range, unlistedCount: unlisted))
    return issues
  }

  // MARK: - Scalars

  private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
    (48...57).contains(scalar.value) ? Int(scalar.value - 48) : nil
  }

  /// Flags, width and precision characters, and length modifiers: what CoreFoundation reads
  /// before the conversion character.
  private static func isModifier(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "-", "+", " ", "#", "0"..."9", ".", "*", "h", "l", "L", "q", "j", "z", "t": true
    default: false
    }
  }

  /// Conversions that read an argument (printf's and CoreFoundation's).
  private static func readsArgument(_ conversion: Unicode.Scalar) -> Bool {
    switch conversion {
    case "@", "d", "i", "o", "u", "x", "X", "D", "U", "O", "c", "C", "s", "S", "p", "P",
      "f", "F", "e", "E", "g", "G", "a", "A", "n":
      true
    default: false
    }
  }

  // MARK: - Positions

  private static func distinctSorted(_ reads: [Int]) -> [Int] {
    var positions = reads.filter { $0 > 0 }
    guard positions.count > 1 else { return positions }
    positions.sort()
    var unique = 0
    for i in positions.indices where positions[i] != positions[unique] {
      unique += 1
      positions[unique] = positions[i]
    }
    positions.removeSubrange((unique + 1)...)
    return positions
  }

  /// Binary search; `position` is always present.
  private static func index(of position: Int, in positions: [Int]) -> Int {
    var low = 0
    var high = positions.count
    while low < high {
      let mid = low + (high - low) / 2
      if positions[mid] < position { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
