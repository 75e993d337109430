import PayloadSchema
import StringsFile

/// The keys of one localization of one table that share a translation state (SPEC §14): what
/// text and SARIF show as one finding, as they do for missing translations.
public struct StateGroup: Sendable, Hashable {
  /// `strings-needs-review` or `strings-stale`; `strings-empty-translation` for a language none
  /// of whose values holds text (``StringsLintFile/groupedFindings`` shows its keys still reported).
  public var rule: RuleID
  /// The localization (`de`); for keys Xcode marks stale, the catalog's source language.
  public var localization: String
  /// The table's file name (`Localizable.xcstrings`).
  public var table: String
  /// How many keys the source language's table has.
  public var developmentKeyCount: Int
  /// The keys, sorted.
  public var keys: [String]
  /// For `needs_review`: whether these are values still in the development language's text
  /// (users read them untranslated: a warning); the others are information.
  public var untranslated = false
  /// For `needs_review`: whether these values hold numbers the development text does not (they
  /// still say what the old source said: a warning).
  public var numbersDiffer = false
  /// For `needs_review`: whether nothing in these values shows them wrong (users see them as
  /// meant, as far as the table tells: information).
  public var readsAsWritten = false

  /// "de: 3 of 120 keys of 'Localizable.xcstrings' need review (state 'needs_review': users see
  /// them unreviewed): 'a', 'b', 'c'" (written by its rule: `TableMessage.keysInState`).
  public var message: String {
    rule == RuleID(TableRule.emptyTranslation)
      ? TableMessage.emptyLanguage(language: localization, table: table, total: keys.count, keys: keys).text : TableMessage.keysInState(self).text
  }
}

extension StringsLint {
  /// The translation states of one language of a catalog against its source (SPEC §14), after
  /// ``compare(_:_:kind:language:with:pending:)``: a key in state `new` whose unit still holds the
  /// development text Xcode copied into it (or nothing) is a missing translation (returned, sorted,
  /// for `finish` to report with the language's missing keys); one whose unit holds other text
  /// was translated by someone who left the state as it was (a translation platform's import):
  /// Xcode compiles every unit's value, so the device shows that translation, and the state is
  /// the workflow's, as `needs_review`'s is; `needs_review` is `strings-needs-review`; a unit in state `stale` is
  /// `strings-stale`. Keys `shouldTranslate: false` and keys the source lacks are left out (the
  /// latter are extra keys already), and so are the states `new` and `needs_review` of a key
  /// Xcode marks stale.
  /// Whether `key`'s unit in `table` holds text other than the development language's: a value,
  /// or a form of its variations (plural or device forms, substitutions), that is none of the
  /// development texts of the key (its value, any of its forms, the key itself: Xcode copies the
  /// `other` form into a language's `few` and `many`). Empty text is none.
  static func holdsOtherText(_ key: String, _ table: StringsTable, reference: Reference, values: [String: String]) -> Bool {
    var development: Set<String> = [key]
    if let position = reference.index[key], let value = reference.values[position] { development.insert(value) }
    for form in reference.table.variations[key] ?? [] { development.insert(form.value) }
    if let value = values[key], !value.isEmpty, !development.contains(value) { return true }
    return (table.variations[key] ?? []).contains { !$0.value.isEmpty && !development.contains($0.value) }
  }

  static func checkStates(_ file: inout LintedFile, _ table: StringsTable, language: String, reference: Reference) -> [String] {
    guard !table.states.isEmpty else { return [] }
    var new: [String] = [], review: [String] = [], stale: [String] = [], untranslatedReview: [String] = []
    // A key Xcode marks stale (`"extractionState": "stale"`) is no code's any more: not translated
    // or not reviewed, it shows nowhere (`checkStaleKeys` reports the key once).
    let unused = reference.table.staleKeys
    let values = table.values
    for key in table.states.keys.sorted() where reference.index[key] != nil {
      switch table.states[key] {
      case "new" where !unused.contains(key):
        if holdsOtherText(key, table, reference: reference, values: values) { continue }
        new.append(key)
      case "needs_review" where !unused.contains(key): review.append(key)
      case "stale": stale.append(key)
      default: break
      }
    }
    // The device shows a needs_review value as it shows any other: the state is the workflow's
    // (Xcode sets it when the source text changes). A value that is still the development
    // language's text, as evidently text (`reviewReading`), is read untranslated; one holding a
    // number the source does not still says what the old source said: both warnings. Any other
    // shows nothing wrong as far as the table tells (information); a specifier that differs is
    // `strings-format-mismatch`'s.
    let variant = isRegionalVariant(language, of: reference.language)
    var numbersReview: [String] = []
    // The other translations' values, read only when a copy needs them: a text every other
    // translation that has the key keeps as it is is a name (units not yet translated or
    // reviewed are no evidence).
    var others: [(values: [String: String], states: [String: String])]? = nil
    for key in review {
      let value = values[key]
      let developmentValue = reference.index[key].flatMap { reference.values[$0] }
      var keptElsewhere = false
      if let value, value == developmentValue, !variant {
        if others == nil {
          others = file.catalogTables.filter { other in
            other.key != language && other.key != reference.language && !isRegionalVariant(other.key, of: reference.language)
          }.map { ($0.value.values, $0.value.states) }
        }
        let held = others!.filter { $0.states[key] == nil }.compactMap { $0.values[key] }.filter { !$0.isEmpty }
        keptElsewhere = !held.isEmpty && held.allSatisfy { $0 == value }
      }
      let reading = reviewReading(value: value, developmentValue: developmentValue, language: language, regionalVariant: variant,
                                  keptElsewhere: keptElsewhere)
      file.add(.needsReviewState(key: key, language: language, value: value, reading: reading, developmentValue: developmentValue),
               at: nil, key: key, place: .value(language: language))
      switch reading {
      case .untranslated: untranslatedReview.append(key)
      case .numbersDiffer: numbersReview.append(key)
      case .sharedWord, .asWritten: break
      }
    }
    if !untranslatedReview.isEmpty {
      file.stateGroups.append(StateGroup(rule: RuleID(TableRule.needsReview), localization: language, table: file.fileName,
                                         developmentKeyCount: reference.keys.count, keys: untranslatedReview, untranslated: true))
      let copies = Set(untranslatedReview)
      review.removeAll { copies.contains($0) }
    }
    if !numbersReview.isEmpty {
      file.stateGroups.append(StateGroup(rule: RuleID(TableRule.needsReview), localization: language, table: file.fileName,
                                         developmentKeyCount: reference.keys.count, keys: numbersReview, numbersDiffer: true))
      let differing = Set(numbersReview)
      review.removeAll { differing.contains($0) }
    }
    for key in stale {
      file.add(.staleState(key: key, language: language), at: nil, key: key, place: .value(language: language))
    }
    for (rule, keys) in [(TableRule.needsReviewAsWritten, review), (.stale, stale)] where !keys.isEmpty {
      file.stateGroups.append(StateGroup(rule: RuleID(rule), localization: language, table: file.fileName,
                                         developmentKeyCount: reference.keys.count, keys: keys, readsAsWritten: rule == .needsReviewAsWritten))
    }
    return new
  }

  /// Keys of a catalog with `"extractionState": "stale"` (SPEC §14), once each, in the source
  /// language: `strings-stale` (info), naming how many translations would go with the key.
  static func checkStaleKeys(_ file: inout LintedFile, source: String, languages: [String]) {
    guard let sourceTable = file.catalogTables[source], !sourceTable.staleKeys.isEmpty else { return }
    let keys = sourceTable.staleKeys.sorted()
    // How many languages have each stale key (a value or a plural), one pass per language.
    var counts: [String: Int] = [:]
    for language in languages where language != source {
      guard let table = file.catalogTables[language] else { continue }
      let has = Set(table.entries.map(\.key)).union(table.pluralKeys)
      for key in keys where has.contains(key) { counts[key, default: 0] += 1 }
    }
    for key in keys {
      file.add(.staleKey(key, translations: counts[key] ?? 0), at: nil, key: key)
    }
    file.stateGroups.append(StateGroup(rule: RuleID(TableRule.stale), localization: source, table: file.fileName,
                                       developmentKeyCount: sourceTable.entries.count + sourceTable.pluralKeys.subtracting(sourceTable.entries.map(\.key)).count,
                                       keys: keys))
  }
}
