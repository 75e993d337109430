import APNsLint
import StringsFile

/// `apns-lint strings dump FILE`'s output: a table's entries as read, with its own findings (SPEC §8).
public enum TableDumpReporter {
  /// SPEC §8: `{"path", "format", "encoding", "entries": [{"key", "value", "line", "column",
  /// "comment"}], "diagnostics": [...]}`; entries in file order, duplicates included; `encoding`,
  /// `line`, `column` and `comment` null when the format has none. Severities come from
  /// `configuration`; rules that are `off` are left out.
  public static func json(_ table: StringsTable, configuration: Configuration = .builtIn) -> String {
    JSONValue.object([
      ("path", .string(table.path)),
      ("format", .string(table.format.rawValue)),
      ("encoding", .optional(table.encoding)),
      ("entries", .array(table.entries.map { entry in
        .object([
          ("key", .string(entry.key)),
          ("value", .string(entry.value)),
          ("line", .optional(entry.line)),
          ("column", .optional(entry.column)),
          ("comment", .optional(entry.comment)),
        ])
      })),
      ("diagnostics", .array(diagnostics(table, configuration).map(LocalizationOutput.json))),
    ]).text
  }

  /// `StringsTable.dump()`'s header and entry lines, then one `LINE:COLUMN: SEVERITY: MESSAGE
  /// [RULE-ID]` line per finding.
  public static func text(_ table: StringsTable, configuration: Configuration = .builtIn) -> String {
    var entriesOnly = table
    entriesOnly.findings = []
    var out = entriesOnly.dump()
    for diagnostic in diagnostics(table, configuration) { out += LocalizationOutput.line(diagnostic) + "\n" }
    return out
  }

  /// The table's findings with the configuration's severities (rules that are `off` dropped).
  public static func diagnostics(_ table: StringsTable, _ configuration: Configuration) -> [Diagnostic] {
    LocalizationOutput.diagnostics(table.findings.map(LocalizationOutput.ruleFinding), configuration: configuration)
  }
}
