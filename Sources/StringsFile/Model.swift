// The public model of a read table: entries with positions, findings, and the key → value map.

import PayloadSchema

/// The kind of file a ``StringsTable`` was read from.
public enum StringsFormat: String, Sendable {
  /// An old-style (OpenStep) text `.strings` file: `"key" = "value";`.
  case text
  /// A binary property list (`bplist00`), as Xcode compiles `.strings` files into a bundle.
  case binary
  /// An XML property list.
  case xml
  /// A String Catalog (`.xcstrings`, JSON).
  case xcstrings
  /// A `.stringsdict` plural table (a property list).
  case stringsdict
}

/// One `key = value` definition of a table, in file order.
public struct StringsEntry: Sendable, Hashable {
  /// The key, with escapes resolved.
  public var key: String
  /// The value, with escapes resolved.
  public var value: String
  /// The 1-based line of the key's first character (its opening quote); nil for plists and catalogs.
  public var line: Int?
  /// The 1-based column (in Unicode scalars) of the key's first character; nil for plists and catalogs.
  public var column: Int?
  /// The text of the comment right above the entry, without `/* */` or `//` and trimmed; nil if none.
  public var comment: String?

  /// Creates an entry.
  public init(key: String, value: String, line: Int? = nil, column: Int? = nil, comment: String? = nil) {
    self.key = key
    self.value = value
    self.line = line
    self.column = column
    self.comment = comment
  }
}

/// The rules StringsFile reports about one table (SPEC §3, "Strings tables"); the raw value is
/// the catalogue's id. Severities and the rules that compare tables are APNsLint's.
public enum StringsRule: String, Sendable, Hashable, CaseIterable, Codable {
  /// The file does not parse.
  case syntax = "strings-syntax"
  /// CoreFoundation stops reading early without an error.
  case truncated = "strings-truncated"
  /// A key defined twice in one file.
  case duplicateKey = "strings-duplicate-key"
  /// Bytes in no encoding CoreFoundation accepts.
  case encoding = "strings-encoding"
  /// An empty file.
  case zeroLength = "strings-zero-length"
  /// An escape CoreFoundation reads differently from what the author meant.
  case escape = "strings-escape"
}

/// A problem found in a table: a rule of SPEC §3 ("Strings tables"), a message and a position.
public struct StringsFinding: Sendable, Hashable {
  /// The rule (`.syntax` is `strings-syntax`).
  public var rule: StringsRule
  /// What is wrong, starting lowercase, values quoted with '…'.
  public var message: String
  /// Where: 1-based line and column in Unicode scalars (1:1 for findings about the whole file);
  /// the byte offset is -1 (tables are decoded before they are read).
  public var position: SourcePosition
  /// The 1-based line (1 for findings about the whole file).
  public var line: Int {
    get { position.line }
    set { position.line = newValue }
  }
  /// The 1-based column in Unicode scalars (1 for findings about the whole file).
  public var column: Int {
    get { position.column }
    set { position.column = newValue }
  }
  /// The key the finding is about, if any.
  public var key: String?

  /// Creates a finding.
  public init(rule: StringsRule, message: String, line: Int, column: Int, key: String? = nil) {
    self.rule = rule
    self.message = message
    self.position = SourcePosition(line: line, column: column)
    self.key = key
  }
}

/// A localization table read from one file (or one language of a String Catalog).
///
/// Problems never throw: they are ``findings``. When a finding has rule `strings-syntax`,
/// `strings-encoding` or `strings-zero-length`, CoreFoundation refuses the whole file (a device
/// shows raw keys); ``entries`` then holds what could be read before the error.
public struct StringsTable: Sendable {
  /// The path the table was read from.
  public var path: String
  /// The file format.
  public var format: StringsFormat
  /// The text encoding ("utf-8", "utf-16le", "utf-16be", "utf-32le", "utf-32be"); nil for plists.
  public var encoding: String?
  /// The entries in file order, duplicates included.
  public var entries: [StringsEntry] { didSet { valueMap = nil } }
  /// ``values`` built once by the reader (nil when not built, or when ``entries`` changed since).
  var valueMap: [String: String]?
  /// The plural keys (the top-level keys of a `.stringsdict`, plural variations of a catalog).
  public var pluralKeys: Set<String>
  /// The problems found, in file order.
  public var findings: [StringsFinding]

  /// The key → value map, the last definition winning (equals `PropertyListSerialization`'s map).
  public var values: [String: String] {
    if let valueMap { return valueMap }
    var map: [String: String] = [:]
    map.reserveCapacity(entries.count)
    for entry in entries { map[entry.key] = entry.value }
    return map
  }

  /// Whether CoreFoundation reads the file at all (no syntax, encoding or zero-length finding).
  public var isReadable: Bool {
    !findings.contains { StringsTable.fatalRules.contains($0.rule) }
  }

  /// The rules whose findings mean CoreFoundation refuses the file.
  public static let fatalRules: Set<StringsRule> = [.syntax, .encoding, .zeroLength]

  /// Creates a table.
  public init(
    path: String, format: StringsFormat, encoding: String? = nil, entries: [StringsEntry] = [],
    pluralKeys: Set<String> = [], findings: [StringsFinding] = []
  ) {
    self.path = path
    self.format = format
    self.encoding = encoding
    self.entries = entries
    self.valueMap = nil
    self.pluralKeys = pluralKeys
    self.findings = findings
  }
}
