import Foundation

/// Reads String Catalogs (`.xcstrings`, JSON), one ``StringsTable`` per language.
///
/// Each key's `localizations.<language>.stringUnit.value` becomes an entry of that language's
/// table (with the key's `comment`). A localization with `variations` (plural or device) is not a
/// plain string: its key joins the table's ``StringsTable/pluralKeys`` (a `variations.plural`) and
/// gets no entry. As Xcode does when it compiles a catalog, a key without a source-language string
/// unit is its own source-language value. Entries are sorted by key (JSON objects have no order).
public enum StringCatalog {
  /// Parses a catalog: its source (development) language, a table per language, and file-level findings.
  public static func parse(_ data: Data, path: String) -> (sourceLanguage: String?, tables: [String: StringsTable], findings: [StringsFinding]) {
    func fail(_ message: String) -> (String?, [String: StringsTable], [StringsFinding]) {
      (nil, [:], [StringsFinding(rule: .syntax, message: message, line: 1, column: 1)])
    }
    if data.isEmpty {
      return (nil, [:], [StringsFinding(rule: .zeroLength, message: "the catalog is empty", line: 1, column: 1)])
    }
    let parsed: Result<JSONNode, JSONTree.Failure> = data.withUnsafeBytes { JSONTree.parse($0.bindMemory(to: UInt8.self)) }
    let json: JSONNode
    switch parsed {
    case .success(let node): json = node
    case .failure(let failure):
      let position = data.withUnsafeBytes { JSONTree.position(of: failure.offset, in: $0.bindMemory(to: UInt8.self)) }
      return (nil, [:], [StringsFinding(rule: .syntax, message: "the catalog is not valid JSON: \(failure.message)",
                                        line: position.line, column: position.column)])
    }
    guard case .object = json else { return fail("the catalog is not a JSON object") }
    let root = json
    let source = root["sourceLanguage"]?.string
    var findings: [StringsFinding] = []
    if source == nil {
      findings.append(StringsFinding(rule: .syntax, message: "the catalog has no 'sourceLanguage' string", line: 1, column: 1))
    }
    guard let stringsNode = root["strings"], let strings = stringsNode.members else {
      findings.append(StringsFinding(rule: .syntax, message: "the catalog has no 'strings' object", line: 1, column: 1))
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
      guard case .object = itemNode else {
        findings.append(StringsFinding(rule: .syntax, message: "the entry '\(key)' is not a JSON object", line: 1, column: 1, key: key))
        continue
      }
      let comment = itemNode["comment"]?.string
      var localizations: [JSONMember] = []
      for member in itemNode["localizations"]?.members ?? [] {
        if let k = localizations.firstIndex(where: { $0.key == member.key }) { localizations[k] = member } else { localizations.append(member) }
      }
      localizations.sort { $0.key < $1.key }
      for member in localizations {
        let language = member.key, localization = member.value
        guard case .object = localization else { continue }
        if let unit = localization["stringUnit"], case .object = unit {
          if let value = unit["value"]?.string {
            tables[language, default: empty].entries.append(StringsEntry(key: key, value: value, comment: comment))
          } else {
            tables[language, default: empty].findings.append(StringsFinding(
              rule: .syntax, message: "'\(key)' in '\(language)' has a string unit without a string 'value'", line: 1, column: 1, key: key))
          }
        } else if let variations = localization["variations"], case .object = variations {
          if variations["plural"] != nil { tables[language, default: empty].pluralKeys.insert(key) }
          else if tables[language] == nil { tables[language] = empty }
        } else if tables[language] == nil {
          tables[language] = empty
        }
      }
      if let source, !localizations.contains(where: { $0.key == source }) {
        tables[source, default: empty].entries.append(StringsEntry(key: key, value: key, comment: comment))
      }
    }
    return (source, tables, findings)
  }
}
