/// A place in an input: what every ``Finding`` carries.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
  /// 1-based line; 0 when the finding is about no line (a request's header), or while a table
  /// reader has placed it only by its byte offset (StringsFile counts the line before handing it out).
  public var line: Int
  /// 1-based column, counting Unicode scalars.
  public var column: Int
  /// Byte offset from the start of the input; -1 when it is not known (a text `.strings` table,
  /// read as decoded text; a table `PropertyListSerialization` read; a finding about a header). In
  /// a binary property list, which has no lines, the offset of the object the finding is about.
  public var offset: Int

  /// Creates a position.
  public init(line: Int, column: Int, offset: Int = -1) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// Line, then column.
  public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
    (a.line, a.column) < (b.line, b.column)
  }

  /// `3:14`.
  public var description: String { "\(line):\(column)" }
}

/// The one converter from a byte offset in UTF-8 text to its line and column, as every finding
/// and tool problem counts them: columns count Unicode scalars (a byte that does not continue a
/// UTF-8 sequence starts one), both 1-based. A line feed ends a line; for a localization table
/// (``carriageReturnEndsLine``) a carriage return does too, alone or before a line feed
/// (CoreFoundation's reading), where JSON and Swift count only the line feed.
///
/// A running position: ``step(_:)`` moves it over one byte, so a reader that goes through its
/// input once (PayloadSchema's streamed chunks, a table's findings in offset order) keeps one and
/// never counts a byte twice; ``position(of:in:carriageReturnEndsLine:)`` counts from the start
/// for a one-off place.
///
/// ```swift
/// LineIndex.position(of: 7, in: Array("{\n  \"é\": 1}".utf8))   // 2:5
/// ```
public struct LineIndex: Sendable, Hashable {
  /// The line of the next byte.
  public var line: Int
  /// The column of the next byte.
  public var column: Int
  /// Whether a carriage return ends a line (a table's text), as a line feed does.
  public let carriageReturnEndsLine: Bool
  /// The last byte was a carriage return that ended a line: a line feed right after it is the
  /// same line break.
  @usableFromInline var afterCarriageReturn = false

  /// At `line`:`column` (1:1, the start of the text, by default); `carriageReturnEndsLine` for a
  /// localization table's text.
  public init(line: Int = 1, column: Int = 1, carriageReturnEndsLine: Bool = false) {
    self.line = line
    self.column = column
    self.carriageReturnEndsLine = carriageReturnEndsLine
  }

  /// Moves past `byte`.
  @inlinable
  public mutating func step(_ byte: UInt8) {
    if byte == 0x0A {
      if afterCarriageReturn {
        afterCarriageReturn = false
        return
      }
      line += 1
      column = 1
    } else if byte == 0x0D && carriageReturnEndsLine {
      line += 1
      column = 1
      afterCarriageReturn = true
    } else {
      afterCarriageReturn = false
      if byte & 0xC0 != 0x80 { column += 1 }
    }
  }

  /// Moves past every byte of `bytes`.
  @inlinable
  public mutating func advance(over bytes: some Sequence<UInt8>) {
    for byte in bytes { step(byte) }
  }

  /// The position of the byte at `offset` in `bytes` (an offset past the end stands just after
  /// the last byte), with its offset.
  @inlinable
  public static func position(of offset: Int, in bytes: some Collection<UInt8>, carriageReturnEndsLine: Bool = false) -> SourcePosition {
    var index = LineIndex(carriageReturnEndsLine: carriageReturnEndsLine)
    index.advance(over: bytes.prefix(max(0, offset)))
    return SourcePosition(line: index.line, column: index.column, offset: offset)
  }
}
