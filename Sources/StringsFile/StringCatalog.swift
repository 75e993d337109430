import Foundation
import LintVocabulary

/// Reads String Catalogs (`.xcstrings`, JSON), one ``StringsTable`` per language.
///
/// Each key's `localizations.<language>.stringUnit.value` becomes an entry of that language's
/// table (with the key's `comment` and the unit's `state`). Variations are real values (SPEC §3):
/// - plural variations (`variations.plural`): the key joins ``StringsTable/pluralKeys`` and gets
///   no entry (no single string is the value); the forms are in ``StringsTable/variations``;
/// - device variations only (`variations.device`): the key exists, its entry's value is what an
///   iPhone shows (`iphone`, else `other`, else the first device by name); every device's value is
///   in ``StringsTable/variations`` (a device variation may itself vary by plural);
/// - substitutions (`%#@count@` with `substitutions.count`): the value stays as written, and
///   ``StringsTable/argumentFormats`` holds the format of the arguments it reads (see there).
/// A key marked `"shouldTranslate": false` is in the source table's
/// ``StringsTable/untranslatableKeys``. As Xcode does when it compiles a catalog, a key without a
/// source-language localization is its own source-language value. Entries are sorted by key
/// (JSON objects have no order).
public enum StringCatalog {
  /// Parses a catalog: its source (development) language, a table per language, and file-level findings.
  public static func parse(_ data: Data, path: String) -> (sourceLanguage: String?, tables: [String: StringsTable], findings: [Finding]) {
    if data.isEmpty {
      return (nil, [:], [Finding(StringsMessage.emptyCatalog, line: 1, column: 1)])
    }
    let parsed: Result<JSONNode, JSONTree.Failure> = data.withUnsafeBytes { JSONTree.parse($0.bindMemory(to: UInt8.self)) }
    let json: JSONNode
    switch parsed {
    case .success(let node): json = node
    case .failure(let failure):
      let position = data.withUnsafeBytes { JSONTree.position(of: failure.offset, in: $0.bindMemory(to: UInt8.self)) }
      return (nil, [:], [Finding(StringsMessage.catalogNotJSON(failure), line: position.line, column: position.column)])
    }
    guard case .object = json else { return (nil, [:], [Finding(StringsMessage.catalogNotObject, line: 1, column: 1)]) }
    let root = json
    let source = root["sourceLanguage"]?.string
    var findings: [Finding] = []
    if source == nil {
      findings.append(Finding(StringsMessage.catalogWithoutSourceLanguage, line: 1, column: 1))
    }
    if let finding = versionFinding(root["version"]) { findings.append(finding) }
    guard let stringsNode = root["strings"], let strings = stringsNode.members else {
      findings.append(Finding(StringsMessage.catalogWithoutStrings, line: 1, column: 1))
      return (source, [:], findings)
    }
    // Tables are mutated in place through `tables[language, default:]`: taking a table out into a
    // local and storing it back copied its entry list on every entry (300,000 keys took minutes).
    var tables: [String: StringsTable] = [:]
    let empty = StringsTable(path: path, format: .xcstrings)
    if let source { tables[source] = empty }
    // Keys in order; a key given twice keeps its last value, as a dictionary would.
    var latest: [String: Int] = [:]
    latest.reserveCapacity(strings.count)
    for (index, member) in strings.enumerated() { latest[member.key] = index }
    let order = latest.sorted { $0.key < $1.key }
    for (key, index) in order {
      let itemNode = strings[index].value
      let keyOffset = strings[index].keyOffset
      guard case .object = itemNode else {
        findings.append(Finding(StringsMessage.catalogEntryNotObject(key: key), offset: keyOffset, keyPath: key))
        continue
      }
      let comment = itemNode["comment"]?.string
      let extractionState = itemNode["extractionState"]?.string
      let isStale = extractionState == "stale"
      if let source { Self.count(extractionState, in: &tables[source, default: empty]) }
      let localizations = Self.localizations(of: itemNode)
      for member in localizations {
        let language = member.key, localization = member.value
        guard case .object = localization else { continue }
        var read = ReadLocalization()
        read.read(localization, key: key, language: language)
        // One lookup of the language, and the table changed where it is (`tables[language]` as a
        // value would copy it: a retain of each of its collections, per key and language).
        var slot = tables.index(forKey: language)
        if slot == nil {
          tables[language] = empty
          slot = tables.index(forKey: language)
        }
        Self.add(read, key: key, keyOffset: keyOffset, member: member, comment: comment, isStale: isStale, to: &tables.values[slot!])
      }
      if let source, !localizations.contains(where: { $0.key == source }) {
        tables[source, default: empty].entries.append(StringsEntry(key: key, value: key, comment: comment))
        tables[source, default: empty].locations[key] = KeyLocation(key: keyOffset)
        if isStale { tables[source, default: empty].staleKeys.insert(key) }
      }
      if let source, itemNode["shouldTranslate"]?.bool == false || comment.map(StringsEntry.marksNotForTranslation) == true {
        tables[source, default: empty].untranslatableKeys.insert(key)
      }
    }
    // Findings stand at their byte offsets until here: lines are counted once, for them only.
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      TextPositions.resolve(&findings, in: bytes)
      for language in tables.keys where tables[language]?.findings.isEmpty == false {
        TextPositions.resolve(&tables[language, default: empty].findings, in: bytes)
      }
    }
    return (source, tables, findings)
  }
}

extension StringCatalog {
  /// A key's localizations by language, sorted; a language given twice keeps its last value.
  private static func localizations(of item: JSONNode) -> [JSONMember] {
    var localizations: [JSONMember] = []
    for member in item["localizations"]?.members ?? [] {
      if let k = localizations.firstIndex(where: { $0.key == member.key }) { localizations[k] = member } else { localizations.append(member) }
    }
    localizations.sort { $0.key < $1.key }
    return localizations
  }

  /// Counts a key by its `extractionState` in the source language's table
  /// (``StringsTable/extractedKeyCount``, ``StringsTable/manualKeyCount``).
  private static func count(_ extractionState: String?, in table: inout StringsTable) {
    switch extractionState {
    case nil, "extracted_with_value": table.extractedKeyCount += 1
    case "manual": table.manualKeyCount += 1
    default: break
    }
  }

  /// Adds what one language of one key holds to that language's table.
  private static func add(_ read: ReadLocalization, key: String, keyOffset: Int, member: JSONMember, comment: String?,
                          isStale: Bool, to table: inout StringsTable) {
    if let value = read.value {
      var entry = StringsEntry(key: key, value: value, comment: comment)
      entry.state = read.state
      table.entries.append(entry)
    }
    table.locations[key] = KeyLocation(
      key: keyOffset, value: read.valueOffset ?? member.keyOffset, variations: read.variationLocations, plurals: read.pluralLocations)
    if read.isPlural { table.pluralKeys.insert(key) }
    if !read.variations.isEmpty { table.variations[key] = read.variations }
    if let format = read.argumentFormat { table.argumentFormats[key] = format }
    if let undefined = read.undefinedVariables { table.undefinedVariables[key] = undefined }
    if !read.invalidVariableTypes.isEmpty { table.invalidVariableTypes[key] = read.invalidVariableTypes }
    if let state = read.pendingState { table.states[key] = state }
    if isStale { table.staleKeys.insert(key) }
    if !read.findings.isEmpty { table.findings += read.findings }
  }

  /// The catalog versions Xcode writes (SPEC §14): 1.0 (Xcode 15), 1.1 once generated comments
  /// or symbols are used (Xcode 26), up to 1.3; later ones add no field this reader needs.
  public static let knownVersions = ["1.0", "1.1", "1.2", "1.3"]

  /// `strings-catalog-version` (info) for a `version` this reader does not know: the catalog is
  /// read as far as it goes all the same. No finding for a known version or none at all.
  static func versionFinding(_ node: JSONNode?) -> Finding? {
    guard let node else { return nil }
    guard let version = node.string else { return Finding(StringsMessage.catalogVersionNotString, line: 1, column: 1) }
    if knownVersions.contains(version) { return nil }
    // "2", "1.4", "1.10", "2.0.1": numbers above 1.3 compared part by part.
    let parts = version.split(separator: ".", omittingEmptySubsequences: false).compactMap { $0.count <= 6 ? Int($0) : nil }
    let isNumeric = !parts.isEmpty && parts.count == version.split(separator: ".", omittingEmptySubsequences: false).count
    let isNewer = isNumeric && [1, 3].lexicographicallyPrecedes(parts)
    return Finding(StringsMessage.unknownCatalogVersion(version, newer: isNewer), line: 1, column: 1)
  }

  /// The table of one language of a catalog (`language` matched as devices match names: letter
  /// case, `-` and `_` alike), with the catalog's own findings first; nil when the catalog has no
  /// such language. `languages` lists those it has, `name` is the language as the catalog spells it.
  public static func table(_ data: Data, path: String, language: String)
    -> (table: StringsTable?, name: String?, languages: [String]) {
    let catalog = parse(data, path: path)
    let key = LanguageMatcher.normalizedName(language)
    guard let name = catalog.tables.keys.first(where: { LanguageMatcher.normalizedName($0) == key }), var table = catalog.tables[name] else {
      return (nil, nil, catalog.tables.keys.sorted())
    }
    table.findings = catalog.findings + table.findings
    return (table, name, catalog.tables.keys.sorted())
  }
}

/// What one language of one catalog key holds: its value, variations and argument format.
private struct ReadLocalization {
  var value: String?
  var state: String?
  var isPlural = false
  var variations: [(name: String, value: String)] = []
  var argumentFormat: String?
  var findings: [Finding] = []
  /// Where the value stands (the opening quote of its string unit's `value`), when there is one.
  var valueOffset: Int?
  /// Where the variations (by the names of `variations`) and plurals stand.
  var variationLocations: [VariationLocation] = []
  var pluralLocations: [VariationLocation] = []
  /// The states of the units of the variations (`collect`).
  var variationStates: Set<String> = []
  /// The substitutions the value or its variations name (`%#@name@`) that this localization does
  /// not define, and those whose `formatSpecifier` is no specifier (``VariableStructure``).
  var undefinedVariables: UndefinedVariables?
  var invalidVariableTypes: [VariableType] = []

  /// The state that says the translation is not done (`new`, then `needs_review`, then `stale`),
  /// of the string unit or any variation's; nil when every unit is `translated` or has no state.
  var pendingState: String? {
    let all = variationStates.union(state.map { [$0] } ?? [])
    return ["new", "needs_review", "stale"].first { all.contains($0) }
  }

  /// The device a push is rendered for, then the fallbacks Xcode documents (`other`).
  static let devicePreference = ["iphone", "other"]

  mutating func read(_ localization: JSONNode, key: String, language: String) {
    if let unitMember = localization.member("stringUnit"), case .object = unitMember.value {
      let unit = unitMember.value
      state = unit["state"]?.string
      if let member = unit.member("value"), let text = member.value.string {
        value = text
        valueOffset = member.valueOffset
      } else {
        findings.append(Finding(StringsMessage.stringUnitWithoutValue(key: key, language: language), offset: unitMember.keyOffset, keyPath: key))
      }
    }
    if let node = localization["variations"], case .object = node {
      collect(node, prefix: "")
      if node["plural"] != nil {
        isPlural = true
      } else if value == nil, let devices = node["device"]?.members, !devices.isEmpty {
        let byName = devices.sorted { $0.key < $1.key }
        let chosen = Self.devicePreference.lazy.compactMap { name in byName.last { $0.key == name } }.first ?? byName[0]
        if let unit = chosen.value["stringUnit"], let member = unit.member("value"), let text = member.value.string {
          value = text
          valueOffset = member.valueOffset
          state = unit["state"]?.string
        } else if chosen.value["variations"]?["plural"] != nil {
          isPlural = true
        }
      }
    }
    let substitutions = localization["substitutions"]?.members ?? []
    if !substitutions.isEmpty, let value {
      argumentFormat = Self.argumentFormat(value, substitutions: substitutions)
      for substitution in substitutions {
        if let node = substitution.value["variations"], case .object = node { collect(node, prefix: substitution.key + ".") }
      }
    }
    noteSubstitutions(substitutions)
  }

  /// Each `%#@name@` of the value and its variations against this localization's substitutions,
  /// from which Xcode writes the variables of the `.stringsdict` it compiles (a substitution's
  /// `formatSpecifier` becomes the variable's `NSStringFormatValueTypeKey`). A unit in state
  /// `new` is left alone: the device shows the source language's text for it.
  mutating func noteSubstitutions(_ substitutions: [JSONMember]) {
    // Most units name no variable and have no substitution: decided without building anything.
    let hasVariable = (value?.containsUTF8(UInt8(ascii: "#")) ?? false) || variations.contains { $0.value.containsUTF8(UInt8(ascii: "#")) }
    guard hasVariable || !substitutions.isEmpty, pendingState != "new" else { return }
    let texts = (value.map { [$0] } ?? []) + variations.map(\.value)
    let types = substitutions.compactMap { member in member.value["formatSpecifier"]?.string.map { (variable: member.key, type: $0) } }
    let found = VariableStructure.check(texts: hasVariable ? texts : [], defined: substitutions.map(\.key), types: types)
    undefinedVariables = found.undefined
    invalidVariableTypes = found.invalidTypes
  }

  /// Every string of a `variations` object, depth first, named by its path (`plural.one`,
  /// `device.ipad.plural.other`); nesting is bounded by the JSON reader's depth limit.
  mutating func collect(_ variations: JSONNode, prefix: String) {
    for kind in (variations.members ?? []).sorted(by: { $0.key < $1.key }) {
      if kind.key == "plural" {
        // The plural's name in `strings lint`: the path before `plural` (`""`, `device.iphone`, `count`).
        pluralLocations.append(VariationLocation(name: String(prefix.dropLast()), key: kind.keyOffset, value: kind.valueOffset))
      }
      for variation in (kind.value.members ?? []) {
        let path = prefix + kind.key + "." + variation.key, node = variation.value
        if let member = node["stringUnit"]?.member("value"), let text = member.value.string {
          self.variations.append((path, text))
          variationLocations.append(VariationLocation(name: path, key: variation.keyOffset, value: member.valueOffset))
        }
        if let state = node["stringUnit"]?["state"]?.string { variationStates.insert(state) }
        if let nested = node["variations"], case .object = nested { collect(nested, prefix: path + ".") }
      }
    }
  }

  /// A format that reads the arguments `value` reads: each `%#@name@` replaced by its
  /// substitution's specifier (`%lld`, or `%2$lld` with `argNum` 2), then the text of each
  /// substitution's `other` variation (else its first), whose `%arg` is the substitution's own
  /// argument (already counted) and whose other specifiers read the string's other arguments.
  static func argumentFormat(_ value: String, substitutions: [JSONMember]) -> String {
    var specifiers: [String: String] = [:]
    for substitution in substitutions {
      let conversion = substitution.value["formatSpecifier"]?.string ?? "@"
      let position = substitution.value["argNum"]?.integer.map { "\($0)$" } ?? ""
      specifiers[substitution.key] = "%" + position + conversion
    }
    var format = ""
    var rest = Substring(value)
    while let start = rest.range(of: "%#@") {
      format += rest[..<start.lowerBound]
      let afterName = rest[start.upperBound...]
      guard let end = afterName.firstIndex(of: "@") else { rest = rest[start.lowerBound...]; break }
      let name = String(afterName[..<end])
      format += specifiers[name] ?? String(rest[start.lowerBound...end])
      rest = afterName[afterName.index(after: end)...]
    }
    format += rest
    for substitution in substitutions {
      let plural = substitution.value["variations"]?["plural"]
      let text = plural?["other"]?["stringUnit"]?["value"]?.string
        ?? plural?.members?.sorted(by: { $0.key < $1.key }).lazy.compactMap({ $0.value["stringUnit"]?["value"]?.string }).first
      if let text { format += " " + text.replacingOccurrences(of: "%arg", with: "") }
    }
    return format
  }
}

extension StringCatalog {
  /// The languages a catalog holds a unit in (its source language and every key's
  /// `localizations`), or nil when it is no catalog: what the app's own catalogs localize it
  /// into, for a bundle that takes the app's language.
  package static func languages(_ bytes: [UInt8]) -> Set<String>? {
    guard case .success(let root) = bytes.withUnsafeBufferPointer({ JSONTree.parse($0) }), case .object = root else { return nil }
    var languages: Set<String> = []
    if let source = root["sourceLanguage"]?.string { languages.insert(source) }
    for item in root["strings"]?.members ?? [] {
      for member in item.value["localizations"]?.members ?? [] { languages.insert(member.key) }
    }
    return languages
  }
}
