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
      (nil, [:], [StringsFinding(rule: "strings-syntax", message: message, line: 1, column: 1)])
    }
    if data.isEmpty {
      return (nil, [:], [StringsFinding(rule: "strings-zero-length", message: "the catalog is empty", line: 1, column: 1)])
    }
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: data, options: [])
    } catch {
      let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      return fail("the catalog is not valid JSON: \(reason.lowercasedFirst())")
    }
    guard let root = json as? [String: Any] else { return fail("the catalog is not a JSON object") }
    let source = root["sourceLanguage"] as? String
    var findings: [StringsFinding] = []
    if source == nil {
      findings.append(StringsFinding(rule: "strings-syntax", message: "the catalog has no 'sourceLanguage' string", line: 1, column: 1))
    }
    guard let strings = root["strings"] as? [String: Any] else {
      findings.append(StringsFinding(rule: "strings-syntax", message: "the catalog has no 'strings' object", line: 1, column: 1))
      return (source, [:], findings)
    }
    // Tables are mutated in place through `tables[language, default:]`: taking a table out into a
    // local and storing it back copied its entry list on every entry (300,000 keys took minutes).
    var tables: [String: StringsTable] = [:]
    let empty = StringsTable(path: path, format: .xcstrings)
    if let source { tables[source] = empty }
    for key in strings.keys.sorted() {
      guard let item = strings[key] as? [String: Any] else {
        findings.append(StringsFinding(rule: "strings-syntax", message: "the entry '\(key)' is not a JSON object", line: 1, column: 1, key: key))
        continue
      }
      let comment = item["comment"] as? String
      let localizations = item["localizations"] as? [String: Any] ?? [:]
      for language in localizations.keys.sorted() {
        guard let localization = localizations[language] as? [String: Any] else { continue }
        if let unit = localization["stringUnit"] as? [String: Any] {
          if let value = unit["value"] as? String {
            tables[language, default: empty].entries.append(StringsEntry(key: key, value: value, comment: comment))
          } else {
            tables[language, default: empty].findings.append(StringsFinding(
              rule: "strings-syntax", message: "'\(key)' in '\(language)' has a string unit without a string 'value'", line: 1, column: 1, key: key))
          }
        } else if let variations = localization["variations"] as? [String: Any] {
          if variations["plural"] != nil { tables[language, default: empty].pluralKeys.insert(key) }
          else if tables[language] == nil { tables[language] = empty }
        } else if tables[language] == nil {
          tables[language] = empty
        }
      }
      if let source, localizations[source] == nil {
        tables[source, default: empty].entries.append(StringsEntry(key: key, value: key, comment: comment))
      }
    }
    return (source, tables, findings)
  }
}
