import LintVocabulary
import Foundation

/// Binary and XML property-list tables and `.stringsdict` files, read with `PropertyListSerialization`.
enum PlistTable {
  /// A binary plist table, or nil when Foundation does not read the bytes as one (CF then tries text).
  static func binary(bytes: [UInt8], path: String) -> StringsTable? {
    if let read = bytes.withUnsafeBufferPointer({ BinaryPlistReader.stringTable($0) }) {
      var table = StringsTable(path: path, format: .binary)
      var entries: [StringsEntry] = []
      entries.reserveCapacity(read.map.count)
      for key in read.map.keys.sorted() {
        if let value = read.map[key] { entries.append(StringsEntry(key: key, value: value)) }
      }
      table.entries = entries
      table.valueMap = read.map
      table.locations = read.locations
      return table
    }
    // Foundation's binary reader crashes on some damaged files (a set object among them, found by
    // fuzzing), so bytes the native reader refuses are never handed to it: a table of strings is
    // all a .strings file may hold, and anything else is reported.
    var table = StringsTable(path: path, format: .binary)
    table.findings.append(Finding(StringsMessage.damagedBinaryPlist, line: 1, column: 1))
    return table
  }

  /// An XML plist table when the text starts (after space) with `<` and Foundation reads it as XML.
  ///
  /// A text starting with `<?xml` or `<plist` that Foundation refuses is reported as a syntax error
  /// with Foundation's message; any other `<` goes to the old-style parser (old-style data).
  static func xmlIfApplicable<Unit: TextUnit>(text units: UnsafeBufferPointer<Unit>, bytes: [UInt8], path: String) -> StringsTable? {
    var i = 0
    while i < units.count, units[i] == 0x20 || units[i] == 0x09 || units[i] == 0x0A || units[i] == 0x0D { i += 1 }
    guard i < units.count, units[i] == 0x3C else { return nil }
    // The shape Xcode writes (UTF-8, dictionaries and strings) is read from the bytes, keeping
    // where each key stands; anything else goes to Foundation, which agrees on what both read.
    if let members = bytes.withUnsafeBufferPointer(StringsdictReader.read) {
      return xml(members, bytes: bytes, path: path)
    }
    var format = PropertyListSerialization.PropertyListFormat.xml
    do {
      let plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
      guard format == .xml else { return nil }
      return table(from: plist, path: path, format: .xml)
    } catch {
      let head = Unit.makeString(UnsafeBufferPointer(rebasing: units[i..<min(units.count, i + 6)]))
      guard head.hasPrefix("<?xml") || head.hasPrefix("<plist") else { return nil }
      let at = PlistErrorPosition.position(of: error, in: bytes)
      return StringsTable(path: path, format: .xml, findings: [Finding(StringsMessage.invalidXML(error), line: at.line, column: at.column)])
    }
  }

  /// An XML table that ``StringsdictReader`` read: entries sorted by key, as from Foundation
  /// (`table(from:path:format:)`), with where each key and value stands.
  static func xml(_ members: [StringsdictReader.Member], bytes: [UInt8], path: String) -> StringsTable {
    var table = StringsTable(path: path, format: .xml)
    table.entries.reserveCapacity(members.count)
    table.locations.reserveCapacity(members.count)
    for member in members.sorted(by: { $0.key < $1.key }) {
      table.locations[member.key] = KeyLocation(key: member.keyOffset, value: member.valueOffset)
      switch member.value {
      case .string(let value):
        table.entries.append(StringsEntry(key: member.key, value: value))
      case .dictionary:
        table.findings.append(Finding(
          StringsMessage.plistValueNotString(key: member.key, holding: "a dictionary"), offset: member.keyOffset, keyPath: member.key))
      }
    }
    TextPositions.resolve(&table.findings, in: bytes)
    return table
  }

  /// A `.stringsdict`: its top-level keys are plural keys; a value that is a plain string is also an entry.
  static func stringsdict(bytes: [UInt8], path: String, variations: Bool = true) -> StringsTable {
    guard !bytes.isEmpty else {
      return StringsTable(path: path, format: .stringsdict, findings: [Finding(StringsMessage.emptyFile, line: 1, column: 1)])
    }
    if let members = bytes.withUnsafeBufferPointer(StringsdictReader.read) {
      var table = stringsdict(members, path: path, variations: variations)
      TextPositions.resolve(&table.findings, in: bytes)
      return table
    }
    return foundationStringsdict(bytes: bytes, path: path)
  }

  /// A non-empty `.stringsdict` read by `PropertyListSerialization`: every file `StringsdictReader`
  /// leaves alone, and the reference it is tested against.
  static func foundationStringsdict(bytes: [UInt8], path: String) -> StringsTable {
    do {
      let plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
      guard let dictionary = plist as? [String: Any] else {
        return StringsTable(path: path, format: .stringsdict, findings: [
          Finding(StringsMessage.stringsdictNotDictionary(holding: kindName(plist)), line: 1, column: 1)
        ])
      }
      var table = StringsTable(path: path, format: .stringsdict, pluralKeys: Set(dictionary.keys))
      for key in dictionary.keys.sorted() {
        if let rule = dictionary[key] as? [String: Any] {
          table.variations[key] = pluralVariations(rule)
          noteVariables(rule, key: key, in: &table)
          // A device or width rule (NSStringDeviceSpecificRuleType, NSStringVariableWidthRuleType)
          // is an entry of its own shape, with no format (Apple, "Creating width and device variants of strings").
          if rule["NSStringLocalizedFormatKey"] as? String == nil, !rule.keys.contains(where: VariableStructure.ruleTypeKeys.contains) {
            table.findings.append(Finding(StringsMessage.pluralEntryWithoutFormat(key: key), line: 1, column: 1, keyPath: key))
          }
        } else {
          table.findings.append(Finding(
            StringsMessage.pluralEntryNotDictionary(key: key, holding: kindName(dictionary[key] as Any)), line: 1, column: 1, keyPath: key))
        }
      }
      return table
    } catch {
      let at = PlistErrorPosition.position(of: error, in: bytes)
      return StringsTable(path: path, format: .stringsdict, findings: [
        Finding(StringsMessage.unparsableStringsdict(error), line: at.line, column: at.column)
      ])
    }
  }

  /// The table of a `.stringsdict` that ``StringsdictReader`` read: what the Foundation path
  /// below makes of the same file, with where each key, variable and form stands
  /// (``StringsTable/locations``). Its findings wait for their line and column (the caller has
  /// the bytes: ``TextPositions/resolve(_:in:lines:)``).
  static func stringsdict(_ members: [StringsdictReader.Member], path: String, variations: Bool = true) -> StringsTable {
    var table = StringsTable(path: path, format: .stringsdict, pluralKeys: Set(members.map(\.key)))
    table.locations.reserveCapacity(members.count)
    for member in members.sorted(by: { $0.key < $1.key }) {
      let key = member.key
      let location = KeyLocation(key: member.keyOffset, value: member.valueOffset)
      switch member.value {
      case .dictionary(let rule):
        // Where its variables and forms stand is read again only for an entry a finding is
        // about (`StringsTable.located(_:in:)`): most have none.
        if variations { table.variations[key] = pluralVariations(rule) }
        noteVariables(rule, key: key, in: &table)
        if !rule.contains(where: { if Keyword($0.key) == .localizedFormat, case .string = $0.value { true } else { false } }),
           !rule.contains(where: { Keyword($0.key) == .ruleType }) {
          table.findings.append(Finding(StringsMessage.pluralEntryWithoutFormat(key: key), offset: member.keyOffset, keyPath: key))
        }
      case .string:
        table.findings.append(Finding(StringsMessage.pluralEntryNotDictionary(key: key, holding: "a string"), offset: member.keyOffset, keyPath: key))
      }
      table.locations[key] = location
    }
    return table
  }

  /// The variables of a `.stringsdict` entry (`StringsdictReader`'s) that do not hold together
  /// (``StringsTable/undefinedVariables``, ``StringsTable/invalidVariableTypes``): its format and
  /// its variables' forms name each variable by `%#@name@`, which CoreFoundation expands from the
  /// entry's dictionary of that name, reading the count with its `NSStringFormatValueTypeKey`.
  /// A device or width rule (no format) is left alone.
  static func noteVariables(_ rule: [StringsdictReader.Member], key: String, in table: inout StringsTable) {
    // The member keys are compared by their bytes (`Keyword`): this runs on every entry of every
    // `.stringsdict`, and comparing and hashing them as Strings was most of its cost.
    var format: String?
    for member in rule {
      switch Keyword(member.key) {
      case .localizedFormat:
        if format == nil, case .string(let text) = member.value { format = text }
      case .ruleType:
        return
      default:
        continue
      }
    }
    guard let format else { return }
    var texts = [format], defined: [String] = [], types: [(variable: String, type: String)] = []
    for member in rule where Keyword(member.key) != .localizedFormat {
      guard case .dictionary(let spec) = member.value else { continue }
      defined.append(member.key)
      for form in spec {
        guard case .string(let text) = form.value else { continue }
        switch Keyword(form.key) {
        case .valueType: types.append((member.key, text))
        case .otherFormat, .specType: continue
        default: texts.append(text)
        }
      }
    }
    record(VariableStructure.check(texts: texts, defined: defined, types: types), key: key, in: &table)
  }

  /// What a `.stringsdict` member key is to the readers above, told from its bytes.
  enum Keyword: Equatable {
    /// `NSStringLocalizedFormatKey`.
    case localizedFormat
    /// `NSStringFormatValueTypeKey`.
    case valueType
    /// `NSStringFormatSpecTypeKey`.
    case specType
    /// Another key that starts with `NSStringFormat`.
    case otherFormat
    /// `NSStringDeviceSpecificRuleType` or `NSStringVariableWidthRuleType` (``VariableStructure/ruleTypeKeys``).
    case ruleType
    /// Anything else (a variable, a form).
    case other

    init(_ key: String) {
      if let known = key.utf8.withContiguousStorageIfAvailable({ Keyword.classify($0) }), let known {
        self = known
      } else {
        self = Keyword.comparingStrings(key)
      }
    }

    /// From the bytes: every keyword is ASCII, at least 14 bytes, and starts with `NSString`, so
    /// a key that is shorter or starts otherwise is none, whatever its other bytes (a String
    /// canonically equivalent to an ASCII one is no shorter, and starts with the same letters
    /// here). Else from the bytes of an ASCII key (where comparing bytes is comparing Strings);
    /// nil for any other, which Strings compare as canonical equivalents (U+212A KELVIN SIGN is `K`).
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> Keyword? {
      guard bytes.count >= 14, let base = bytes.baseAddress,
            UnsafeRawPointer(base).loadUnaligned(as: UInt64.self) == nsStringWord else { return .other }
      let rest = UnsafeBufferPointer(rebasing: bytes[8...])
      // A keyword's very bytes (then the key is ASCII): the common case, told without a scan.
      if same(rest, localizedFormatRest) { return .localizedFormat }
      if same(rest, valueTypeRest) { return .valueType }
      if same(rest, specTypeRest) { return .specType }
      if same(rest, deviceRuleRest) || same(rest, widthRuleRest) { return .ruleType }
      for byte in rest where byte >= 0x80 { return nil }
      return rest.starts(with: format) ? .otherFormat : .other
    }

    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
      a.count == b.count && b.withUnsafeBufferPointer { memcmp(a.baseAddress!, $0.baseAddress!, a.count) == 0 }
    }

    /// What the String comparisons these readers made say of `key`.
    private static func comparingStrings(_ key: String) -> Keyword {
      if key == "NSStringLocalizedFormatKey" { return .localizedFormat }
      if key == "NSStringFormatValueTypeKey" { return .valueType }
      if VariableStructure.ruleTypeKeys.contains(key) { return .ruleType }
      if key.hasPrefix("NSStringFormat") { return key == "NSStringFormatSpecTypeKey" ? .specType : .otherFormat }
      return .other
    }

    /// `NSString`'s eight bytes as one word, loaded as ``classify(_:)`` loads a key's.
    private static let nsStringWord = Array("NSString".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    private static let format = Array("Format".utf8)
    private static let valueTypeRest = Array("FormatValueTypeKey".utf8), specTypeRest = Array("FormatSpecTypeKey".utf8)
    private static let localizedFormatRest = Array("LocalizedFormatKey".utf8)
    private static let deviceRuleRest = Array("DeviceSpecificRuleType".utf8), widthRuleRest = Array("VariableWidthRuleType".utf8)
  }

  /// ``noteVariables(_:key:in:)`` for an entry `PropertyListSerialization` read.
  static func noteVariables(_ rule: [String: Any], key: String, in table: inout StringsTable) {
    guard let format = rule["NSStringLocalizedFormatKey"] as? String,
          !rule.keys.contains(where: { VariableStructure.entryKeys.contains($0) && $0 != "NSStringLocalizedFormatKey" })
    else { return }
    var texts = [format], defined: [String] = [], types: [(variable: String, type: String)] = []
    for variable in rule.keys.sorted() where !VariableStructure.entryKeys.contains(variable) {
      guard let spec = rule[variable] as? [String: Any] else { continue }
      defined.append(variable)
      for (name, value) in spec.sorted(by: { $0.key < $1.key }) {
        guard let text = value as? String else { continue }
        if name == "NSStringFormatValueTypeKey" {
          types.append((variable, text))
        } else if !name.hasPrefix("NSStringFormat") {
          texts.append(text)
        }
      }
    }
    record(VariableStructure.check(texts: texts, defined: defined, types: types), key: key, in: &table)
  }

  /// Stores what ``VariableStructure/check(texts:defined:types:)`` found for `key`.
  static func record(_ found: (undefined: UndefinedVariables?, invalidTypes: [VariableType]), key: String, in table: inout StringsTable) {
    if let undefined = found.undefined { table.undefinedVariables[key] = undefined }
    if !found.invalidTypes.isEmpty { table.invalidVariableTypes[key] = found.invalidTypes }
  }

  /// Where the strings of a `.stringsdict` entry stand, by the names `pluralVariations(_:)`
  /// gives them: `format`, and per variable its `<key>` (a plural) and each form (`count.one`)
  /// and value type (`count.valueType`). The first of a repeated name is kept, as there.
  static func locateVariations(_ rule: [StringsdictReader.Member], in location: inout KeyLocation) {
    for member in rule {
      switch member.value {
      case .string:
        if member.key == "NSStringLocalizedFormatKey" {
          location.variations.append(VariationLocation(name: "format", key: member.keyOffset, value: member.valueOffset))
        }
      case .dictionary(let spec):
        location.plurals.append(VariationLocation(name: member.key, key: member.keyOffset, value: member.valueOffset))
        for form in spec {
          guard case .string = form.value else { continue }
          let name: String
          if form.key == "NSStringFormatValueTypeKey" {
            name = member.key + ".valueType"
          } else if form.key.hasPrefix("NSStringFormat") {
            continue
          } else {
            name = member.key + "." + form.key
          }
          location.variations.append(VariationLocation(name: name, key: form.keyOffset, value: form.valueOffset))
        }
      }
    }
  }

  /// `pluralVariations(_:)` of a rule that `StringsdictReader` read.
  static func pluralVariations(_ rule: [StringsdictReader.Member]) -> [(name: String, value: String)] {
    // This runs on every entry of every .stringsdict that strings lint reads: each variable's
    // members are looked at once (a slot per CLDR form), and keys are sorted only when they are
    // not in order already or a variable has keys other than CLDR's forms.
    var out: [(name: String, value: String)] = []
    // At most one name per string of the entry: one allocation instead of growing by doubling.
    var strings = 0
    for member in rule {
      if case .dictionary(let spec) = member.value { strings += spec.count } else { strings += 1 }
    }
    out.reserveCapacity(strings)
    for member in rule where Keyword(member.key) == .localizedFormat {
      if case .string(let format) = member.value { out.append(("format", format)) }
      break
    }
    let inOrder = zip(rule, rule.dropFirst()).allSatisfy { $0.key < $1.key }
    for member in inOrder ? rule : rule.sorted(by: { $0.key < $1.key }) where Keyword(member.key) != .localizedFormat {
      let variable = member.key
      guard case .dictionary(let spec) = member.value else { continue }
      var type: String?
      var forms: (String?, String?, String?, String?, String?, String?)
      var others: [(key: String, text: String)] = []
      var seenType = false
      var seen: UInt8 = 0
      for form in spec {
        let key = form.key, node = form.value
        let index = pluralFormIndex(key)
        // Only a key that is no CLDR form can be a keyword (`Keyword`, told from its bytes).
        let keyword = index >= 0 ? Keyword.other : Keyword(key)
        guard case .string(let text) = node else {
          if index >= 0 { seen |= 1 << index } else if keyword == .valueType { seenType = true }
          continue
        }
        if index >= 0 {
          guard seen & (1 << index) == 0 else { continue }
          seen |= 1 << index
          switch index {
          case 0: forms.0 = text
          case 1: forms.1 = text
          case 2: forms.2 = text
          case 3: forms.3 = text
          case 4: forms.4 = text
          default: forms.5 = text
          }
        } else if keyword == .valueType {
          if !seenType { type = text }
          seenType = true
        } else if keyword != .specType, keyword != .otherFormat, !others.contains(where: { $0.key == key }) {
          others.append((key, text))
        }
      }
      if let type { out.append((variable + ".valueType", type)) }
      let prefix = variable + "."
      for (i, text) in [forms.0, forms.1, forms.2, forms.3, forms.4, forms.5].enumerated() {
        if let text { out.append((prefix + pluralForms[i], text)) }
      }
      for (key, text) in others.sorted(by: { $0.key < $1.key }) { out.append((prefix + key, text)) }
    }
    return out
  }

  /// The index of a CLDR form name in ``pluralForms``, or -1.
  static func pluralFormIndex(_ key: String) -> Int {
    // By the bytes: a switch over Strings compares with each name in turn, as canonical
    // equivalents (these ASCII names have no other spelling). This ran on every key of every
    // variable of every `.stringsdict`.
    // The name's bytes packed into a word, compared with each form's (all are ASCII, at most
    // five bytes): a byte-by-byte `elementsEqual` per key cost more than the rest of the lookup.
    let utf8 = key.utf8
    guard (3...5).contains(utf8.count) else { return -1 }
    var word = UInt64(utf8.count) << 56, shift: UInt64 = 0
    for byte in utf8 {
      word |= UInt64(byte) << shift
      shift += 8
    }
    switch word {
    case packedForms.0: return 0
    case packedForms.1: return 1
    case packedForms.2: return 2
    case packedForms.3: return 3
    case packedForms.4: return 4
    case packedForms.5: return 5
    default: return -1
    }
  }

  /// ``pluralForms`` packed as ``pluralFormIndex(_:)`` packs a name (its length in the top byte).
  private static let packedForms: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = {
    let packed = pluralForms.map { form in
      form.utf8.enumerated().reduce(UInt64(form.utf8.count) << 56) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
    }
    return (packed[0], packed[1], packed[2], packed[3], packed[4], packed[5])
  }()

  /// The plural forms CLDR names, in its order (what `dump` lists first).
  static let pluralForms = ["zero", "one", "two", "few", "many", "other"]

  /// A `.stringsdict` entry's strings, as `dump` shows them: `format` (the
  /// `NSStringLocalizedFormatKey`), then each variable's forms (`n.one`, `n.other`) and its
  /// `NSStringFormatValueTypeKey` (`n.valueType`), variables by name.
  static func pluralVariations(_ rule: [String: Any]) -> [(name: String, value: String)] {
    var out: [(name: String, value: String)] = []
    if let format = rule["NSStringLocalizedFormatKey"] as? String { out.append(("format", format)) }
    for variable in rule.keys.sorted() where variable != "NSStringLocalizedFormatKey" {
      guard let spec = rule[variable] as? [String: Any] else { continue }
      if let type = spec["NSStringFormatValueTypeKey"] as? String { out.append((variable + ".valueType", type)) }
      let forms = pluralForms + spec.keys.sorted().filter { !pluralForms.contains($0) && !$0.hasPrefix("NSStringFormat") }
      for form in forms { if let text = spec[form] as? String { out.append((variable + "." + form, text)) } }
    }
    return out
  }

  /// Entries (sorted by key: plists keep no order) and findings for non-string values.
  static func table(from plist: Any, path: String, format: StringsFormat) -> StringsTable {
    var table = StringsTable(path: path, format: format)
    guard let dictionary = plist as? [String: Any] else {
      table.findings.append(Finding(StringsMessage.plistNotDictionary(holding: kindName(plist)), line: 1, column: 1))
      return table
    }
    for key in dictionary.keys.sorted() {
      if let value = dictionary[key] as? String {
        table.entries.append(StringsEntry(key: key, value: value))
      } else {
        table.findings.append(Finding(
          StringsMessage.plistValueNotString(key: key, holding: kindName(dictionary[key] as Any)), line: 1, column: 1, keyPath: key))
      }
    }
    return table
  }

  static func kindName(_ value: Any) -> String {
    switch value {
    case is String: return "a string"
    case is [Any]: return "an array"
    case is [String: Any], is [AnyHashable: Any]: return "a dictionary"
    case is Data: return "data"
    case is Date: return "a date"
    case is Bool: return "a boolean"
    case is NSNumber, is Int, is Double: return "a number"
    default: return "a value of type \(type(of: value))"
    }
  }
}

extension String {
  func lowercasedFirst() -> String {
    guard let first = first else { return self }
    return first.lowercased() + dropFirst()
  }
}
