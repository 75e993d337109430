// The public model of a read table: entries with positions, findings, and the key → value map.

import LintVocabulary

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
  /// The 1-based line of the key's first character (its opening quote); nil for plists and
  /// catalogs (their keys' places are byte offsets: ``StringsTable/locations``).
  public var line: Int?
  /// The 1-based column (in Unicode scalars) of the key's first character; nil for plists and catalogs.
  public var column: Int?
  /// The text of the comment right above the entry, without `/* */` or `//` and trimmed; nil if none.
  public var comment: String?
  /// A String Catalog's translation state (`translated`, `new`, `needs_review`, `stale`); nil elsewhere.
  public var state: String? = nil

  /// Creates an entry.
  public init(key: String, value: String, line: Int? = nil, column: Int? = nil, comment: String? = nil) {
    self.key = key
    self.value = value
    self.line = line
    self.column = column
    self.comment = comment
  }
}

extension StringsEntry {
  /// Whether an entry's comment keeps its text out of translation, as a catalog's
  /// `shouldTranslate: false` does: Interface Builder's localizer hint (`Note = "Do not
  /// localize";`, Xcode's "Localizer Hint" of the object) or a comment that is itself the
  /// instruction ("Do not localize.", "Don't translate this", "DNL"), any case. A comment that only
  /// names words to keep ("Do not translate 'Siri'") is not: the rest of the text is translated.
  /// Such a key is never missing from a translation, and an empty translation of it is no text lost.
  public static func marksNotForTranslation(_ comment: String) -> Bool {
    guard comment.utf8.count >= 3 else { return false }
    // Most comments say nothing of it: decided by one pass over the bytes, without a copy.
    guard mentionsTranslation(comment.utf8) else { return false }
    var instruction = Substring(comment)
    // Interface Builder's `Class = "…"; title = "…"; ObjectID = "…"; Note = "…";`: the note.
    if let note = comment.range(of: "Note = \"") {
      instruction = comment[note.upperBound...].prefix { $0 != "\"" }
    }
    let lowered = instruction.trimmingPrefix { $0 == " " || $0 == "*" || $0 == "-" }.lowercased()
    if lowered == "dnl" || lowered.hasPrefix("dnl ") || lowered.hasPrefix("dnl:") { return true }
    for negation in ["do not ", "don't ", "don’t ", "never "] where lowered.hasPrefix(negation) {
      let rest = lowered.dropFirst(negation.count)
      for verb in ["localize", "localise", "translate"] where rest.hasPrefix(verb) {
        let after = rest.dropFirst(verb.count)
        if after.isEmpty || after.hasPrefix(" this") || after.hasPrefix(" it") || after.first.map({ ".,;:!-–—(".contains($0) }) == true {
          return true
        }
      }
    }
    return false
  }

  /// Whether `bytes` hold `ocali`, `ocalis`, `ransl` or `dnl` in any case (`Localize`, `translate`,
  /// `DNL`): a comment without them is no instruction about translating.
  static func mentionsTranslation(_ bytes: String.UTF8View) -> Bool {
    // Over the contiguous bytes when there are (every native string): no iterator per byte.
    bytes.withContiguousStorageIfAvailable { mentionsTranslation(contiguous: $0) } ?? mentionsTranslation(in: bytes)
  }

  /// ``mentionsTranslation(_:)`` over contiguous bytes: every pattern holds an `l`, so the bytes
  /// are passed over eight at a time up to an `l` or `L`, and only there are the bytes before it read.
  static func mentionsTranslation(contiguous bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base), n = bytes.count
    @inline(__always) func lower(_ i: Int) -> UInt8 { bytes[i] | 0x20 }
    var q = 0
    while q < n {
      if q + 8 <= n {
        // No byte that lowercases to `l` among the eight: none of them ends or holds a pattern's `l`.
        let x = (raw.loadUnaligned(fromByteOffset: q, as: UInt64.self) | 0x2020_2020_2020_2020) ^ 0x6C6C_6C6C_6C6C_6C6C
        if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 == 0 { q += 8; continue }
      }
      if q >= 2 && lower(q) == 0x6C {
        if lower(q - 2) == 0x64 && lower(q - 1) == 0x6E { return true }                                    // dnl
        if q >= 4 && lower(q - 4) == 0x72 && lower(q - 3) == 0x61 && lower(q - 2) == 0x6E && lower(q - 1) == 0x73 { return true }  // ransl
        if q >= 3 && q + 1 < n && lower(q - 3) == 0x6F && lower(q - 2) == 0x63 && lower(q - 1) == 0x61
          && (lower(q + 1) == 0x69 || lower(q + 1) == 0x73) { return true }                                // ocali, ocals
      }
      q += 1
    }
    return false
  }

  /// ``mentionsTranslation(_:)`` over any bytes.
  static func mentionsTranslation<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> Bool {
    var a: UInt8 = 0, b: UInt8 = 0, c: UInt8 = 0, d: UInt8 = 0  // the last four bytes, lowercased
    for byte in bytes {
      let e = byte | 0x20
      // The five-byte window (a, b, c, d, e).
      if (a == 0x6F && b == 0x63 && c == 0x61 && d == 0x6C && (e == 0x69 || e == 0x73))   // ocali, ocals
        || (a == 0x72 && b == 0x61 && c == 0x6E && d == 0x73 && e == 0x6C)               // ransl
        || (c == 0x64 && d == 0x6E && e == 0x6C) {                                        // dnl
        return true
      }
      a = b; b = c; c = d; d = e
    }
    return false
  }

  /// Whether a value says that it is not to be translated: the mark itself
  /// (``isDoNotLocalizeMarker(_:)``), or the instruction written as the text, as a nib's
  /// placeholder the code replaces ("DO NOT LOCALIZE": Sparkle's `SUUpdatePermissionPrompt`
  /// `179.title`, read as ``marksNotForTranslation(_:)`` reads a comment). No user reads it in any
  /// language, so no translation of it is missing. Only values of up to 40 bytes are read.
  public static func isDoNotLocalizeValue(_ value: String) -> Bool {
    let utf8 = value.utf8
    let count = utf8.count
    if count == 3 || count == 5 { return isDoNotLocalizeMarker(value) }
    guard let first = utf8.first, first | 0x20 == UInt8(ascii: "d") || first | 0x20 == UInt8(ascii: "n"), count <= 40 else {
      return false
    }
    return marksNotForTranslation(value)
  }

  /// Whether a value is itself the mark "do not localize" (`<dnl>`, `DNL`): a placeholder the
  /// code replaces at run time, as in mangerlahn/Latest's table cell `<dnl>`, which no user reads
  /// in any language.
  public static func isDoNotLocalizeMarker(_ value: String) -> Bool {
    let count = value.utf8.count
    guard count == 3 || count == 5 else { return false }
    let lowered = value.lowercased()
    return lowered == "<dnl>" || lowered == "dnl"
  }
}

extension RuleID {
  /// The id of a rule about one table.
  public init(_ rule: StringsRule) { self.init(id: rule.rawValue) }
}

extension Finding {
  /// The rule about one table this finding is of; nil for other modules' rules.
  public var stringsRule: StringsRule? { rule.payloadRule == nil ? StringsRule(rawValue: rule.rawValue) : nil }
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
  public var findings: [Finding]
  /// For a String Catalog's keys whose value uses substitutions (`%#@count@`): a format that
  /// reads the same arguments (each substitution replaced by its `formatSpecifier`, at its
  /// `argNum`, and the specifiers of its variations). Format rules compare these, not the value.
  public var argumentFormats: [String: String] = [:]
  /// A String Catalog's keys marked `shouldTranslate: false`: never missing from a translation.
  public var untranslatableKeys: Set<String> = []
  /// A String Catalog's keys whose translation in this language is not done, by key: the state
  /// of its string unit, or of its variations' units (`new` first, then `needs_review`, then
  /// `stale`, when they differ). Keys whose units are all `translated` (or have no state) are absent.
  public var states: [String: String] = [:]
  /// A String Catalog's keys with `"extractionState": "stale"` (Xcode no longer finds them in
  /// code); the same set in every language's table of the catalog.
  public var staleKeys: Set<String> = []
  /// How many of a String Catalog's keys Xcode's extraction keeps (no `extractionState`, or
  /// `extracted_with_value`) and how many are `manual` (added by hand, looked up by code Xcode
  /// does not read); set on the source language's table. A catalog mostly extracted shows
  /// Xcode's extraction maintains it, so that a key it marks stale is one no code it reads names.
  public var extractedKeyCount = 0
  /// See ``extractedKeyCount``.
  public var manualKeyCount = 0
  /// Values that are not the entry's plain value, by key: a catalog's plural and device
  /// variations (`plural.one`, `device.iphone`, `count.plural.other` for a substitution), a
  /// `.stringsdict` entry's format key and plural forms. What `dump` shows besides the entries.
  public var variations: [String: [(name: String, value: String)]] = [:]
  /// Variables a key's texts name (`%#@name@`) that its entry does not define, by key, with those
  /// it does: a `.stringsdict` entry's format or form naming no variable dictionary of the
  /// entry, a String Catalog value or variation naming no substitution of its localization.
  public var undefinedVariables: [String: UndefinedVariables] = [:]
  /// Variables whose count type is no format specifier, by key: a `.stringsdict` variable's
  /// `NSStringFormatValueTypeKey`, a String Catalog substitution's `formatSpecifier`.
  public var invalidVariableTypes: [String: [VariableType]] = [:]
  /// Where each key stands in the file, as byte offsets (turned into a line and column only for a
  /// finding: ``TextPositions``), for the tables whose entries carry no line: XML and binary
  /// property lists, `.stringsdict` files and String Catalogs (the key's place, this language's
  /// value, variations and plurals). Empty for text tables, whose entries carry their line, and for
  /// the files `PropertyListSerialization` reads (other encodings, comments, other value types).
  public var locations: [String: KeyLocation] = [:]

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
  public static let fatalRules: Set<RuleID> = [RuleID(StringsRule.syntax), RuleID(StringsRule.encoding), RuleID(StringsRule.zeroLength)]

  /// Creates a table.
  public init(
    path: String, format: StringsFormat, encoding: String? = nil, entries: [StringsEntry] = [],
    pluralKeys: Set<String> = [], findings: [Finding] = []
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

/// What reads a table at run time, which decides the rules that make sense for it (SPEC §3).
public enum StringsTableKind: String, Sendable, Hashable {
  /// Read by the app's code (`NSLocalizedString`, `String(localized:)`) or by a push's `loc-key`.
  case standard
  /// Generated by Interface Builder for a storyboard or nib (keys `ObjectID.property`, such as
  /// `Ab1-cD-2eF.title` or `21.title`): shown verbatim, never formatted; a key it lacks shows the
  /// nib's own text.
  case interfaceBuilder
  /// Read by `NSPredicateEditor` (`%1$[Name]@` templates): not a format string.
  case predicateEditor
  /// `InfoPlist.strings`: a key it lacks shows Info.plist's own value.
  case infoPlist
}

extension StringsTable {
  /// What reads this table: `InfoPlist.strings` by name; Interface Builder when every key has the
  /// `ObjectID.property` shape (or every entry has IB's `ObjectID = "…";` comment);
  /// `NSPredicateEditor` when a key or value holds a `%[…]@` or `%1$[…]@` template.
  public var kind: StringsTableKind {
    // Split by bytes: splitting the String by Characters cost 50,000 instructions a path.
    // The last non-empty component, found from the end (splitting the whole path made an array of every component).
    let utf8 = path.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
    var start = end
    while start > utf8.startIndex, utf8[utf8.index(before: start)] != UInt8(ascii: "/") { start = utf8.index(before: start) }
    let name = start < end ? String(decoding: utf8[start..<end], as: UTF8.self) : path
    if name.lowercased().hasPrefix("infoplist.") { return .infoPlist }
    if entries.isEmpty { return .standard }
    // By index, reading only the fields needed: a closure over `entries` copied every entry
    // (four reference counts up and down) for each test.
    let count = entries.count
    for i in 0..<count where Self.hasPredicateTemplate(entries[i].key) || Self.hasPredicateTemplate(entries[i].value) {
      return .predicateEditor
    }
    if (0..<count).allSatisfy({ Self.isInterfaceBuilderKey(entries[$0].key) })
      || (0..<count).allSatisfy({ entries[$0].comment?.containsUTF8("ObjectID = \"") ?? false }) {
      return .interfaceBuilder
    }
    return .standard
  }

  /// `Ab1-cD-2eF.title`, `21.title`, `5Gm-Ox-g7x.segmentTitles[0]`: an object id (IB's
  /// `xxx-xx-xxx`, or a number in old nibs), a dot, a property path.
  static func isInterfaceBuilderKey(_ key: String) -> Bool {
    let utf8 = Array(key.utf8)
    guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")), dot > 0, dot + 1 < utf8.count else { return false }
    let id = utf8[..<dot]
    func isAlnum(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
    let isNumber = id.allSatisfy { (0x30...0x39).contains($0) }
    let parts = id.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    let isGenerated = parts.map(\.count) == [3, 2, 3] && parts.allSatisfy { $0.allSatisfy(isAlnum) }
    guard isNumber || isGenerated else { return false }
    let property = utf8[(dot + 1)...]
    guard let first = property.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) else { return false }
    return property.allSatisfy { isAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "_") }
  }

  /// Whether `text` holds an `NSPredicateEditor` template: `%[` or `%` digits `$[`.
  static func hasPredicateTemplate(_ text: String) -> Bool {
    // Most keys and values hold no `%`: no copy of their bytes then (this ran over every key and
    // value of every table).
    guard text.containsUTF8(UInt8(ascii: "%")) else { return false }
    let utf8 = Array(text.utf8)
    var i = 0
    while i < utf8.count {
      if utf8[i] == UInt8(ascii: "%") {
        var j = i + 1
        while j < utf8.count, (0x30...0x39).contains(utf8[j]) { j += 1 }
        if j > i + 1, j < utf8.count, utf8[j] == UInt8(ascii: "$") { j += 1 }
        if j < utf8.count, utf8[j] == UInt8(ascii: "[") { return true }
        if j < utf8.count, utf8[j] == UInt8(ascii: "%") { j += 1 }
        i = max(j, i + 1)
      } else {
        i += 1
      }
    }
    return false
  }
}
