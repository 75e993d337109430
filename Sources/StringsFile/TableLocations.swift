// Where the keys of a property-list or String Catalog table stand in its file. The readers record
// byte offsets while they scan (integers, no line counting); a line and column are worked out only
// for the findings made, in one pass over the bytes (`TextPositions`), as PayloadSchema does.

import LintVocabulary

/// Where one key of a table stands in the file it was read from, as byte offsets from the start of
/// the file (-1 where there is none). Kept for the tables whose entries carry no line: XML and
/// binary property lists, `.stringsdict` files and String Catalogs (``StringsTable/locations``).
public struct KeyLocation: Sendable, Hashable {
  /// The key: an XML property list's `<key>` element (its `<`), a binary property list's key
  /// object, a String Catalog's key in `strings` (its opening quote).
  public var key: Int
  /// The key's value in this table: an XML property list's `<string>` or `<dict>` element, a
  /// binary property list's value object, the opening quote of the `value` of this language's
  /// `stringUnit` in a catalog (else of the language's member in `localizations`); -1 for none.
  public var value: Int
  /// Where each variation of the key (``StringsTable/variations``, by the same names) stands
  /// (for a `.stringsdict`, filled in by ``StringsTable/located(_:in:)``):
  /// a `.stringsdict` form's `<key>` and `<string>` (`count.one`), its `NSStringLocalizedFormatKey`
  /// (`format`) and value type (`count.valueType`); a catalog variation's member (`"one"`) and the
  /// opening quote of its `stringUnit`'s `value` (`plural.one`, `device.iphone`).
  public var variations: [VariationLocation]
  /// Where each plural of the key stands, by the name `strings lint` gives it: a `.stringsdict`
  /// variable's `<key>` and `<dict>` (`count`); in a catalog the `plural` member of the
  /// localization's variations (`""`), of a device's (`device.iphone`) or of a substitution's
  /// (`count`).
  public var plurals: [VariationLocation]

  /// Creates a location.
  public init(key: Int, value: Int = -1, variations: [VariationLocation] = [], plurals: [VariationLocation] = []) {
    self.key = key
    self.value = value
    self.variations = variations
    self.plurals = plurals
  }

  /// The variation named `name`, if its place is known.
  public func variation(_ name: String) -> VariationLocation? { variations.first { $0.name == name } }

  /// The plural named `name`, if its place is known.
  public func plural(_ name: String) -> VariationLocation? { plurals.first { $0.name == name } }
}

/// Where one named part of a key stands: its own key and its value, as byte offsets (-1: none).
public struct VariationLocation: Sendable, Hashable {
  /// The name (`count.one`, `plural.few`, `device.ipad`; a plural's name for ``KeyLocation/plurals``).
  public var name: String
  /// The part's key: a `.stringsdict` `<key>` element, a catalog member's opening quote.
  public var key: Int
  /// The part's value: a `<string>` or `<dict>` element, the opening quote of a catalog `value`; -1 for none.
  public var value: Int

  /// Creates a location.
  public init(name: String, key: Int, value: Int) {
    self.name = name
    self.key = key
    self.value = value
  }
}

/// Line and column (SPEC §3: 1-based, columns in Unicode scalars) of byte offsets in UTF-8 text.
///
/// A line ends at `\n`, at `\r\n` (counted once) or at a lone `\r`, as the text reader counts
/// (`PositionCounter`); a UTF-8 byte order mark at the start takes no column (editors do not show it).
public enum TextPositions {
  /// The line and column of each byte offset of `offsets` (in any order), in one pass over
  /// `bytes` up to the last of them; an offset past the end stands at the end.
  public static func positions(of offsets: [Int], in bytes: [UInt8]) -> [SourcePosition] {
    bytes.withUnsafeBufferPointer { positions(of: offsets, in: $0) }
  }

  /// The line and column of each byte offset of `offsets`, in a buffer of UTF-8.
  public static func positions(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [SourcePosition] {
    var out = [SourcePosition](repeating: SourcePosition(line: 1, column: 1), count: offsets.count)
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    // `\r\n` is one line break; a lone `\r` is one too.
    var position = LineIndex(carriageReturnEndsLine: true)
    var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    for index in order {
      let target = min(offsets[index], bytes.count)
      while i < target {
        position.step(bytes[i])
        i += 1
      }
      out[index] = SourcePosition(line: position.line, column: position.column, offset: offsets[index])
    }
    return out
  }

  /// Fills in the line and column of every finding still waiting for them (line 0 and a known
  /// offset), in one pass over the bytes; the others are left as they are. In a file that has no
  /// lines (`lines` false: a binary property list) such a finding stands at 1:1 and keeps its offset.
  public static func resolve(_ findings: inout [Finding], in bytes: [UInt8], lines: Bool = true) {
    bytes.withUnsafeBufferPointer { resolve(&findings, in: $0, lines: lines) }
  }

  /// Fills in the pending findings' lines and columns from a buffer of UTF-8 (see the array form).
  public static func resolve(_ findings: inout [Finding], in bytes: UnsafeBufferPointer<UInt8>, lines: Bool = true) {
    let pending = findings.indices.filter { findings[$0].line == 0 && findings[$0].offset >= 0 }
    guard !pending.isEmpty else { return }
    guard lines else {
      for i in pending { findings[i].line = 1; findings[i].column = 1 }
      return
    }
    let found = positions(of: pending.map { findings[$0].offset }, in: bytes)
    for (k, i) in pending.enumerated() { findings[i].position = found[k] }
  }
}

extension Finding {
  /// A finding of `message` at byte `offset` of a file whose line and column are not counted yet
  /// (line 0): ``TextPositions/resolve(_:in:lines:)`` fills them in before the finding is shown.
  package init(_ message: some RuleMessage, offset: Int, keyPath: String? = nil) {
    self.init(message, line: 0, column: 0, keyPath: keyPath)
    self.offset = offset
  }
}

extension StringsTable {
  /// The byte offset of `key` itself in this table's file (see ``KeyLocation/key``); nil when unknown.
  public func keyOffset(_ key: String) -> Int? {
    guard let at = locations[key]?.key, at >= 0 else { return nil }
    return at
  }

  /// Whether the offsets of ``locations`` count lines: false for a binary property list.
  public var hasLines: Bool { format != .binary }

  /// Where `key` stands, with its variations and plurals: for a `.stringsdict`, whose reader
  /// keeps only each key's and value's place, they are read again from `bytes` (the file the
  /// table was read from), for this entry only.
  public func located(_ key: String, in bytes: [UInt8]) -> KeyLocation? {
    guard var location = locations[key] else { return nil }
    guard format == .stringsdict, location.variations.isEmpty, location.plurals.isEmpty, location.value >= 0 else { return location }
    if let rule = bytes.withUnsafeBufferPointer({ StringsdictReader.dictionary(at: location.value, in: $0) }) {
      PlistTable.locateVariations(rule, in: &location)
    }
    return location
  }
}
