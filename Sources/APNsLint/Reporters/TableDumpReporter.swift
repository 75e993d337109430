import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint strings dump FILE`'s output: a table's entries as read, with its own findings (SPEC §8).
public enum TableDumpReporter {
  /// SPEC §8: `{"path", "format", "encoding", "entries": [{"key", "value", "line", "column",
  /// "comment"}], "diagnostics": [...]}`; entries in file order, duplicates included; `encoding`,
  /// `line`, `column` and `comment` null when the format has none. Severities come from
  /// `configuration`; rules that are `off` are left out.
  ///
  /// What only some tables have is added where it exists (SPEC §3: variations are real values,
  /// `state` is reported): `"language"` for one language of a String Catalog; an entry's
  /// `"state"` (`translated`, `new`, `needs_review`, `stale`) and `"variations"` (`[{"name":
  /// "device.ipad", "value": …}]`); `"plurals"` for keys with no single value (a `.stringsdict`'s
  /// entries, a catalog's plural variations): `[{"key": …, "variations": […]}]`.
  public static func json(_ table: StringsTable, language: String? = nil, configuration: Configuration = .builtIn) -> String {
    func variations(_ key: String) -> JSONValue {
      .array((table.variations[key] ?? []).map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })
    }
    var members: [(String, JSONValue)] = [("path", .string(table.path))]
    if let language { members.append(("language", .string(language))) }
    members += [
      ("format", .string(table.format.rawValue)),
      ("encoding", .optional(table.encoding)),
      ("entries", .array(table.entries.map { entry in
        var fields: [(String, JSONValue)] = [
          ("key", .string(entry.key)),
          ("value", .string(entry.value)),
          ("line", .optional(entry.line)),
          ("column", .optional(entry.column)),
          ("comment", .optional(entry.comment)),
        ]
        if let state = entry.state { fields.append(("state", .string(state))) }
        if table.variations[entry.key] != nil { fields.append(("variations", variations(entry.key))) }
        return .object(fields)
      })),
    ]
    let entryKeys = Set(table.entries.map(\.key))
    let plurals = table.variations.keys.filter { !entryKeys.contains($0) }.sorted()
    if !plurals.isEmpty {
      members.append(("plurals", .array(plurals.map { .object([("key", .string($0)), ("variations", variations($0))]) })))
    }
    members.append(("diagnostics", .array(diagnostics(table, configuration).map(LocalizationOutput.json))))
    return JSONValue.object(members).text
  }

  /// `StringsTable.dump()`'s header and entry lines, then one `LINE:COLUMN: SEVERITY: MESSAGE
  /// [RULE-ID]` line per finding.
  /// A catalog's `language` is named in the header: `Localizable.xcstrings (xcstrings, fr)`.
  public static func text(_ table: StringsTable, language: String? = nil, configuration: Configuration = .builtIn) -> String {
    var entriesOnly = table
    entriesOnly.findings = []
    var out = entriesOnly.dump()
    if let language, let header = out.firstIndex(of: "\n"), out[..<header].hasSuffix(")") {
      out.insert(contentsOf: ", " + VisibleText.escape(language), at: out.index(before: header))
    }
    for diagnostic in diagnostics(table, configuration) { out += LocalizationOutput.line(diagnostic) + "\n" }
    return out
  }

  /// The table's findings with the configuration's severities (rules that are `off` dropped).
  public static func diagnostics(_ table: StringsTable, _ configuration: Configuration) -> [Finding] {
    Linter.configured(table.findings, configuration: configuration)
  }
}
