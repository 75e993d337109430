import PayloadSchema
import StringsFile

// Missing translations as a team reads them (SPEC §3, after the table): one finding per
// localization and table in text and SARIF, a line per localization in the summary. JSON keeps
// one finding per key (`StringsLintFile.findings`).

extension StringsLintFile {
  /// ``findings`` with the per-key `strings-missing-translation` findings replaced by one per
  /// localization and table, at 1:1: "da: 2,493 of 2,520 keys of 'Vector.strings' missing: 'a',
  /// 'b', … and 2,488 more". A 40-language app then gets a few lines, not one per key (GitHub code
  /// scanning keeps 25,000 results a run).
  /// A catalog's `needs_review` and `stale` keys (``stateGroups``) are grouped the same way.
  public var groupedFindings: [Finding] {
    let perKey = missingTranslations.filter { !$0.reportedWhole }
    guard !perKey.isEmpty || !stateGroups.isEmpty else { return findings }
    let missingRule = RuleID(TableRule.missingTranslation)
    let grouped = perKey.map { Finding(TableMessage.missingTranslations($0), line: 1, column: 1) }
      + stateGroups.map { Finding(TableMessage.keysInState($0), line: 1, column: 1) }
    var groupedRules: Set<RuleID> = perKey.isEmpty ? [] : [missingRule]
    for group in stateGroups { groupedRules.insert(group.rule) }
    let rest = findings.filter { !(groupedRules.contains($0.rule) && $0.keyPath != nil) }
    // File-level findings (1:1) first, as in `findings`.
    let atStart = rest.prefix { $0.line == 1 && $0.column == 1 }
    return Array(atStart) + grouped + rest.dropFirst(atStart.count)
  }
}

extension MissingTranslations {
  /// How many keys a grouped finding names before "and N more".
  public static let listedKeyLimit = 5

  /// "da: 2,493 of 2,520 keys of 'Vector.strings' missing: 'a', 'b', 'c', 'd', 'e' and 2,488
  /// more (the device shows the raw keys)" (written by its rule: `TableMessage.missingTranslations`).
  public var message: String { TableMessage.missingTranslations(self).text }
}

/// How much of the development language one localization lacks, over every table.
public struct TranslationSummary: Sendable, Hashable {
  /// The localization (`da`).
  public var localization: String
  /// Keys missing, over every table of the run.
  public var missing: Int
  /// Development-language keys of the tables it lacks keys of (those it has in full are not counted).
  public var total: Int
  /// The tables with missing keys.
  public var tables: Int

  /// "da: 2,493 of 2,520 keys missing in 1 table".
  public var line: String {
    "\(localization): \(StringsLint.grouped(missing)) of \(StringsLint.grouped(total)) keys missing in \(tables) table\(tables == 1 ? "" : "s")"
  }
}

extension StringsLint {
  /// One summary per localization with missing keys, most missing first (then by name).
  public static func translationSummary(_ files: [StringsLintFile]) -> [TranslationSummary] {
    var byLocalization: [String: TranslationSummary] = [:]
    for group in files.flatMap(\.missingTranslations) {
      var summary = byLocalization[group.localization] ?? TranslationSummary(localization: group.localization, missing: 0, total: 0, tables: 0)
      summary.missing += group.keys.count
      summary.total += group.developmentKeyCount
      summary.tables += 1
      byLocalization[group.localization] = summary
    }
    return byLocalization.values.sorted { ($1.missing, $0.localization) < ($0.missing, $1.localization) }
  }

  /// 2493 → "2,493".
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
      out.append(c)
    }
    return (number < 0 ? "-" : "") + out
  }
}

extension TextReporter {
  /// `strings lint`'s per-localization lines before the summary line: "missing translations by
  /// localization:" then "  da: 2,493 of 2,520 keys missing in 1 table" each; empty when none.
  public static func translationSummary(_ summary: [TranslationSummary]) -> String {
    guard !summary.isEmpty else { return "" }
    return "missing translations by localization:\n" + summary.map { "  " + $0.line + "\n" }.joined()
  }
}

extension LocalizationBundle {
  /// The bundle without the localizations no device picks: `qqq` (``StringsLint/alwaysExcluded``)
  /// and the configuration's `localization.exclude`. `check --strings` and `render --lang all`
  /// then neither render nor check them.
  public func excludingUnpickable(_ configuration: Configuration) -> LocalizationBundle {
    let excluded = ExcludedLocalizations(configuration.excludedLocalizations)
    var bundle = self
    bundle.localizations.removeAll { excluded.contains($0.identifier) }
    return bundle
  }
}
