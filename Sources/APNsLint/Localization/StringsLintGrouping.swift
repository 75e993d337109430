import PayloadSchema
import StringsFile

// Missing translations as a team reads them (SPEC §3, after the table): one finding per
// localization, table and fallback in every format (JSON lists each one's keys), a line per
// localization in the summary. `StringsLintFile.findings` keeps one per key, for the baseline,
// `--sources` and `--fix`.

extension StringsLintFile {
  /// ``findings`` with the per-key `strings-missing-translation` findings replaced by one per
  /// localization, table and what the device shows instead (``MissingFallback``), at 1:1: "da:
  /// 2,493 of 2,520 keys of 'Vector.strings' missing: 'a', 'b', … and 2,488 more", its
  /// `Finding.keys` every key. A 40-language app then gets a few findings, not one per key
  /// (GitHub code scanning refuses more than 25,000 results a run). What every format reports.
  /// A catalog's `needs_review` and `stale` keys (``stateGroups``) are grouped the same way.
  public var groupedFindings: [Finding] {
    let perKey = missingTranslations.filter { !$0.reportedWhole }
    guard !perKey.isEmpty || !stateGroups.isEmpty else { return findings }
    let missingRule = RuleID(TableRule.missingTranslation)
    let grouped = perKey.map { group in
      var finding = Finding(TableMessage.missingTranslations(group), line: 1, column: 1)
      finding.keys = group.keys
      return finding
    }
    // A group of keys in a state stands where its first key's own finding stood (the keys are
    // in the catalog, unlike missing ones).
    let (emptyGroups, emptyTaken) = emptyLanguageFindings
    let inState = stateGroups.filter { $0.rule != RuleID(TableRule.emptyTranslation) }.map { group in
      var finding = Finding(TableMessage.keysInState(group), line: 1, column: 1)
      if let first = group.keys.first {
        // The key's finding in the group's language (`'Old' in 'de' …`), else its first.
        let own = findings.filter { $0.rule == group.rule && $0.keyPath == first }
        if let place = own.first(where: { $0.message.hasPrefix("'\(first)' in '\(group.localization)'") })
            ?? own.min(by: { ($0.line, $0.column) < ($1.line, $1.column) }) {
          finding.position = place.position
        }
      }
      finding.keys = group.keys
      return finding
    }
    // (A key whose fallback reads as meant is strings-translation-not-needed's, grouped alike.)
    var groupedRules: Set<RuleID> = perKey.isEmpty ? [] : [missingRule, RuleID(TableRule.translationNotNeeded)]
    for group in stateGroups where group.rule != RuleID(TableRule.emptyTranslation) { groupedRules.insert(group.rule) }
    let rest = findings.enumerated().filter { !emptyTaken.contains($0.offset) && !(groupedRules.contains($0.element.rule) && $0.element.keyPath != nil) }
      .map(\.element) + emptyGroups + inState.filter { !($0.line == 1 && $0.column == 1) }
    // File-level findings (1:1) first, as in `findings`; the others by their place.
    let ordered = rest.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
      .map(\.element)
    let atStart = ordered.prefix { $0.line == 1 && $0.column == 1 }
    return Array(atStart) + grouped + inState.filter { $0.line == 1 && $0.column == 1 } + ordered.dropFirst(atStart.count)
  }
}

extension StringsLintFile {
  /// A language nobody translated (a `strings-empty-translation` group of ``stateGroups``, noted
  /// when none of its values holds text): its empty values that are still warnings or errors
  /// (not those of keys no code looks up) are one finding where the first stood, listing the keys,
  /// when two or more are; with the indices of ``findings`` it stands for.
  var emptyLanguageFindings: (findings: [Finding], taken: Set<Int>) {
    let rule = RuleID(TableRule.emptyTranslation)
    var grouped: [Finding] = [], taken: Set<Int> = []
    for group in stateGroups where group.rule == rule {
      let keys = Set(group.keys)
      let own = findings.indices.filter { i in
        let f = findings[i]
        guard f.rule == rule, f.severity != .info, let key = f.keyPath, keys.contains(key) else { return false }
        return f.message.hasPrefix("'\(key)' in '\(group.localization)'")
      }
      guard own.count >= 2 else { continue }
      let ownKeys = own.compactMap { findings[$0].keyPath }
      var finding = Finding(TableMessage.emptyLanguage(language: group.localization, table: group.table, total: group.keys.count, keys: ownKeys),
                            line: 1, column: 1)
      finding.position = findings[own[0]].position
      finding.keys = ownKeys
      grouped.append(finding)
      taken.formUnion(own)
    }
    return (grouped, taken)
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
    for file in files {
      // A table whose missing keys fall back two ways has two groups: it counts once.
      var counted: Set<String> = []
      for group in file.missingTranslations where group.isMissing {
        var summary = byLocalization[group.localization] ?? TranslationSummary(localization: group.localization, missing: 0, total: 0, tables: 0)
        summary.missing += group.keys.count
        if counted.insert(group.localization).inserted {
          summary.total += group.developmentKeyCount
          summary.tables += 1
        }
        byLocalization[group.localization] = summary
      }
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
