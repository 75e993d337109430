import LintVocabulary
import StringsFile

// A key defined twice in a translated text table (SPEC §3, "Strings tables"): the parser reports
// every repeated key whose text differs as `strings-duplicate-other-value` (information: the last
// definition wins, as it has on every device the table ran on). Once the table's language is
// known, a repeat whose last definition is evidently not what the language's readers were meant to
// see becomes `strings-duplicate-key` (warning).

extension StringsLint {
  /// Turns each `strings-duplicate-other-value` of a translation into `strings-duplicate-key`
  /// where the definition the device shows is in a script `expected` (the language's scripts)
  /// lacks while the definition it overrides is written in one of them: English left over a
  /// Chinese translation. Which of two texts in the language's own script was meant the table does
  /// not say, so those stay information.
  static func judgeDuplicates(_ file: inout LintedFile, _ table: StringsTable, language: String, expected: Set<Script>?,
                              reference: Reference) {
    guard let expected, !file.isCatalog,
          file.findings.contains(where: { $0.stringsRule == .duplicateOtherValue }) else { return }
    // Every definition of each repeated key, in the file's order (the last one is the device's).
    var definitions: [String: [StringsEntry]] = [:]
    for entry in table.entries { definitions[entry.key, default: []].append(entry) }
    for i in file.findings.indices where file.findings[i].stringsRule == .duplicateOtherValue {
      guard let key = file.findings[i].keyPath, let all = definitions[key], all.count > 1,
            let shown = all.last, case let line = file.findings[i].line,
            let overridden = all.last(where: { ($0.line ?? .max) < line && !sameBytes($0.value, shown.value) }),
            let overriddenLine = overridden.line else { continue }
      let developmentValue = reference.index[key].flatMap { reference.values[$0] }
      guard writesLanguage(overridden.value, developmentValue: developmentValue, expected: expected),
            let script = shownScript(shown.value, developmentValue: developmentValue, expected: expected)
      else { continue }
      var judged = Finding(StringsMessage.duplicateKey(key: key, previousLine: overriddenLine, language: language, script: script.name),
                           line: line, column: file.findings[i].column, keyPath: key)
      judged.position = file.findings[i].position
      file.findings[i] = judged
    }
  }

  /// Whether `value` is written in the language: letters of a script `expected` has, and not
  /// judged to be in another script.
  static func writesLanguage(_ value: String, developmentValue: String?, expected: Set<Script>) -> Bool {
    guard value.unicodeScalars.contains(where: { Script.of($0).map(expected.contains) ?? false }) else { return false }
    let isCopy = sameBytes(developmentValue, value)
    return wrongScript(value, developmentValue: developmentValue, expected: expected, isCopy: isCopy) == nil
  }

  /// The script `value` is written in when it is not one `expected` has: judged as
  /// `strings-wrong-script` judges a value, or, since the definition it overrides is a
  /// translation, every letter of its words (brand-like words such as `OK`, `iCloud` left out;
  /// at least two letters) in one script the language does not write: a single word, which
  /// `strings-wrong-script` leaves as a possible name, is text here.
  static func shownScript(_ value: String, developmentValue: String?, expected: Set<Script>) -> Script? {
    let isCopy = sameBytes(developmentValue, value)
    if let script = wrongScript(value, developmentValue: developmentValue, expected: expected, isCopy: isCopy) { return script }
    var shown: Script?
    var letters = 0
    for word in words(in: Array(value.unicodeScalars)) where !word.isBrandLike {
      for scalar in word.scalars {
        guard let script = Script.of(scalar) else { continue }
        if expected.contains(script) || (shown != nil && shown != script) { return nil }
        shown = script
        letters += 1
      }
    }
    return letters >= 2 ? shown : nil
  }
}
