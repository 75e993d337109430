import PayloadSchema
import StringsFile

// What a device shows where a translation lacks a key or holds the development text, decided
// once every translation of a table is compared (SPEC §3, "Strings tables"): whether a value is
// the same in every language that has it is known only then.

extension StringsLint {
  /// What comparing one translation leaves to `finish(_:in:reference:)`.
  struct PendingTranslation {
    /// The translation's file: its index in the group's files (0 for a catalog, its only file).
    let slot: Int
    /// The translation's localization (`fr`), or the catalog language.
    let language: String
    /// Whether it is a regional variant of the development language (`en-GB` for `en`).
    var regionalVariant = false
    /// How many findings its file had when the comparison began: the missing keys' findings go
    /// there, before the comparison's others, as they did when they were made first.
    var findingsBefore = 0
    /// The development keys it lacks (positions in `Reference.keys`), in the development table's order.
    var missing: [Int] = []
    /// A catalog's keys in state `new` in this language, sorted (`checkStates`).
    var newKeys: [String] = []
    /// How many of its values the comparison read (non-empty, of keys the development language has).
    var valueCount = 0
    /// Whether its language's scripts and the development language's are known, and share one.
    var scriptsKnown = false
    var sameScript = true
    /// Values in a script its language does not write (`strings-wrong-script`), and copies of the
    /// development text (`strings-development-copy`), in the table's order.
    var wrongScript: [(position: Int, entry: StringsEntry, isCopy: Bool, script: Script)] = []
    var copies: [(position: Int, entry: StringsEntry)] = []

    /// Notes whether the scripts of the translation's language and of `developmentLanguage` are
    /// known and shared; returns the translation's, nil when not known.
    mutating func noteScripts(developmentLanguage: String) -> Set<Script>? {
      let mine = scripts(of: language), development = scripts(of: developmentLanguage)
      scriptsKnown = mine != nil && development != nil
      if let mine, let development { sameScript = !mine.isDisjoint(with: development) }
      return mine
    }
  }

  /// Notes what one translated value is written in, for `finish`: a value in a script `expected`
  /// lacks, else a copy of the development text with words to translate.
  /// (`entries[index]` is the value's entry, read in place: copied only when noted.)
  /// `latinExpected` is whether `expected` holds Latin, asked once per translation rather than per value.
  static func noteScript(of entries: [StringsEntry], at index: Int, position: Int, developmentValue: String, isCopy: Bool,
                         expected: Set<Script>?, latinExpected: Bool, into pending: inout PendingTranslation, reference: inout Reference) {
    let value = entries[index].value
    // The byte scan `copyScript` starts with first: most values are in the expected script.
    if let expected, mayBeWrongScript(value, latinExpected: latinExpected), !isName(entries[index].key),
       let script = copyScript(value, position: position, developmentValue: developmentValue, expected: expected,
                               isCopy: isCopy, reference: &reference),
       !isEndonym(key: entries[index].key, script: script, lists: reference.languageLists,
                  developmentScripts: scripts(of: reference.language) ?? [.latin]) {
      pending.wrongScript.append((position, entries[index], isCopy, script))
    } else if isCopy, reference.copyHasWords(position, value) {
      pending.copies.append((position, entries[index]))
    }
  }

  /// ``wrongScript(_:developmentValue:expected:isCopy:)``, judged once per key and set of scripts
  /// for a copy of the development text (the same bytes in every language that copies it: an
  /// untranslated catalog copies the same English into thirty languages), once per key, set of
  /// scripts and text for another value (languages keep the same stale text), the development
  /// value's words made once per key (`Reference.copyScripts`, `judgedScripts`, `developmentWords`).
  static func copyScript(_ value: String, position: Int, developmentValue: String, expected: Set<Script>, isCopy: Bool,
                         reference: inout Reference) -> Script? {
    guard mayBeWrongScript(value, latinExpected: expected.contains(.latin)) else { return nil }
    let mask = mask(of: expected)
    if isCopy {
      let key = UInt64(position) << 32 | UInt64(mask)
      if let known = reference.copyScripts[key] { return known }
      let found = judgeScript(value, expected: mask, sharedWords: nil)
      reference.copyScripts[key] = found
      return found
    }
    if let known = reference.judgedScripts[position]?.first(where: { $0.mask == mask && sameBytes($0.value, value) }) { return known.script }
    let found = words(in: Array(value.unicodeScalars))
    var script = judge(found, expected: mask, leavingOut: [])
    if script != nil {
      // Judged again without the words the development value has too (the names a translation
      // keeps): made only for a value that is judged wrong with them.
      let shared: Set<String>
      if let known = reference.developmentWords[position] {
        shared = known
      } else {
        shared = wordTexts(developmentValue)
        reference.developmentWords[position] = shared
      }
      if !shared.isEmpty { script = judge(found, expected: mask, leavingOut: shared) }
    }
    reference.judgedScripts[position, default: []].append((mask, value, script))
    return script
  }

  /// Whether `text` has a word of two letters or more outside its format specifiers: a copy of a
  /// lone letter (`A`, an option's label) says nothing of a translation.
  static func hasWordToTranslate(_ text: String) -> Bool {
    guard hasWords(text) else { return false }
    // Two letters in a row outside the specifiers: no word list is made (most values have one).
    var run = 0
    var skipping = false
    for scalar in text.unicodeScalars {
      if scalar == "%" { skipping = true; run = 0; continue }
      if skipping {
        // A specifier ends at its conversion (a letter or `@`); `%#@name@` at its second `@`.
        if scalar == "@" || (scalar.isASCII && scalar.properties.isAlphabetic && !"hlqLzjt".unicodeScalars.contains(scalar)) { skipping = false }
        continue
      }
      let letter = scalar.isASCII ? ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) : Script.of(scalar) != nil || scalar.properties.isAlphabetic
      run = letter ? run + 1 : 0
      if run >= 2 { return true }
    }
    return false
  }

  /// The values of one translation that a table reports in a script its language does not write:
  /// at least ``wrongScriptMinimum`` of them not written like names, and a twentieth of its values
  /// or ``wrongScriptAlways`` (a few values in Latin letters are as likely names as text left in
  /// another language); or ``wrongScriptSentences`` not written like names, whatever their share
  /// (jami's Russian, Japanese and Arabic tables each hold 16 English sentences among 642 values,
  /// "You don't have any conversations yet.": text left in English, which no name reads like).
  static let wrongScriptMinimum = 3
  static let wrongScriptAlways = 20
  static let wrongScriptSentences = 10

  /// Whether `count` values of `total` in another script make a finding, `sentences` of them
  /// not written like names (``isNameLike(_:)``): names are kept in every language's table
  /// (`Night Shift`, `True Tone`, an app icon's `Electric Blue`), text left untranslated is
  /// mostly sentences; half a table is text left untranslated whatever its words look like
  /// (a watch app's `Active Carbs`, `Bolus Failed` in its Hebrew table).
  static func reportsWrongScript(_ count: Int, of total: Int, sentences: Int) -> Bool {
    guard count >= wrongScriptMinimum else { return false }
    if count * 2 >= total { return true }
    if sentences >= wrongScriptSentences { return true }
    return sentences >= wrongScriptMinimum && (count >= wrongScriptAlways || count * 20 >= total)
  }

  /// Whether two values are the same bytes (what the device shows; `==` compares canonical equivalents).
  static func sameBytes(_ a: String?, _ b: String) -> Bool {
    guard let a else { return false }
    return a.sameUTF8(as: b)
  }

  /// How many of `values` (in another script) are written as text, not like names, counted up to
  /// ``wrongScriptSentences`` (all that `reportsWrongScript` needs).
  static func sentenceCount<Values: Sequence<(Script, String)>>(_ values: Values) -> Int {
    var count = 0
    for (script, value) in values where script != .latin || !isNameLike(value) {
      count += 1
      if count >= wrongScriptSentences { break }
    }
    return count
  }

  /// Whether a value in Latin letters is written like a name or a title: every word of two
  /// letters or more starts with a capital (`Night Shift`, `Google Calendar API`), with no
  /// lowercase word (`Open the file`, `Dismiss meeting` are text).
  static func isNameLike(_ value: String) -> Bool {
    !words(in: Array(value.unicodeScalars)).contains { word in
      let letters = word.scalars.filter { !("0"..."9").contains($0) }
      return letters.count >= 2 && letters.first.map { !Word.isCapital($0) && Script.of($0) == .latin } == true
    }
  }

  /// Reports what a translation's comparison left: each missing key and key in state `new` with
  /// what the device shows (`strings-missing-translation`, one group per fallback), its values in
  /// a script its language does not write (`strings-wrong-script`) and its copies of the
  /// development text (`strings-development-copy`).
  /// `shift`: how many findings earlier translations of the same file (a catalog's) inserted
  /// before this one's place; returns how many this one inserts.
  @discardableResult
  static func finish(_ pending: PendingTranslation, in file: inout LintedFile, reference: inout Reference, shift: Int = 0) -> Int {
    let language = pending.language
    var groups: [(fallback: MissingFallback, keys: [String])] = []
    func note(_ key: String, _ fallback: MissingFallback) {
      if let i = groups.firstIndex(where: { $0.fallback == fallback }) { groups[i].keys.append(key) } else { groups.append((fallback, [key])) }
    }
    var made: [Finding] = []
    made.reserveCapacity(pending.missing.count)
    for position in pending.missing {
      let (key, devEntry) = reference.keys[position]
      let shown = fallback(at: position, in: reference, regionalVariant: pending.regionalVariant, sameScript: pending.scriptsKnown && pending.sameScript)
      let line = devEntry?.line ?? reference.line(of: key)
      file.add(.untranslated(key: key, language: language, developmentLanguage: reference.language, developmentFile: reference.file,
                             line: line, kind: reference.kind, fallback: shown, developmentValue: reference.values[position]),
               at: nil, key: key)
      made.append(file.findings.removeLast())
      note(key, shown)
    }
    file.findings.insert(contentsOf: made, at: min(pending.findingsBefore + shift, file.findings.count))
    if !pending.newKeys.isEmpty {
      let values = file.isCatalog ? file.catalogTables[language]?.values ?? [:] : [:]
      for key in pending.newKeys {
        // A unit in state `new` shows what it holds, the development text as Xcode copies it.
        var shown = MissingFallback.developmentText
        if let position = reference.index[key] { shown = fallback(at: position, in: reference, regionalVariant: pending.regionalVariant, sameScript: pending.scriptsKnown && pending.sameScript) }
        let readsAsMeant = !isMissing(shown)
        file.add(.newState(key: key, language: language, value: values[key], readsAsMeant: readsAsMeant), at: nil, key: key,
                 place: .value(language: language))
        note(key, shown == .rawKey ? .developmentText : shown)
      }
    }
    // Warnings first (the development text, then raw keys), then what reads as meant.
    let order: (MissingFallback) -> Int = { if case .developmentText = $0 { 0 } else if case .rawKey = $0 { 1 } else { 2 } }
    for group in groups.sorted(by: { order($0.fallback) < order($1.fallback) }) {
      file.missing.append(MissingTranslations(localization: language, table: file.fileName, kind: reference.kind,
                                              developmentKeyCount: reference.keys.count, keys: group.keys, fallback: group.fallback,
                                              developmentLanguage: reference.language))
    }
    reportScripts(pending, in: &file, reference: reference)
    return made.count
  }

  /// Whether a fallback leaves something missing (a warning) or reads as meant (information).
  static func isMissing(_ fallback: MissingFallback) -> Bool {
    if case .readsAsMeant = fallback { return false }
    return true
  }

  /// `strings-wrong-script` and `strings-development-copy` for one translation. A copy of the
  /// development text in another script counts only when another language translates the key
  /// (`Night Shift` kept in every language is a name); those that do not, and the copies in a
  /// script the language shares, are `strings-development-copy` (information).
  static func reportScripts(_ pending: PendingTranslation, in file: inout LintedFile, reference: Reference) {
    let catalogLanguage = file.isCatalog ? pending.language : nil
    var counted: [(position: Int, entry: StringsEntry, script: Script)] = []
    var copies = pending.copies
    for value in pending.wrongScript {
      if !value.isCopy || reference.translatedElsewhere[value.position] > 0 {
        counted.append((value.position, value.entry, value.script))
      } else {
        copies.append((value.position, value.entry))
      }
    }
    let sentences = sentenceCount(counted.lazy.map { ($0.script, $0.entry.value) })
    if reportsWrongScript(counted.count, of: pending.valueCount, sentences: sentences) {
      let copied = counted.filter { sameBytes(reference.values[$0.position], $0.entry.value) }.count
      addGroup(.wrongScript(localization: pending.language, table: file.fileName, count: counted.count, of: pending.valueCount,
                            scripts: counted.map(\.script), examples: counted.map { ($0.entry.key, $0.entry.value) }, copied: copied,
                            developmentLanguage: reference.language),
               at: counted.map(\.entry), in: &file, catalogLanguage: catalogLanguage)
    } else {
      // Too few to tell from names: the copies among them are copies.
      copies += counted.filter { sameBytes(reference.values[$0.position], $0.entry.value) }.map { ($0.position, $0.entry) }
    }
    guard !pending.regionalVariant, !copies.isEmpty else { return }
    // In order of place (those added from the values in another script come last until sorted).
    if copies.count > pending.copies.count { copies.sort { $0.position < $1.position } }
    let kept = copies.allSatisfy { reference.translatedElsewhere[$0.position] == 0 }
    addGroup(.developmentCopy(localization: pending.language, table: file.fileName, count: copies.count, of: pending.valueCount,
                              examples: copies.map(\.entry.key), sameScript: pending.sameScript || !pending.scriptsKnown,
                              keptEverywhere: kept, developmentLanguage: reference.language),
             at: copies.map(\.entry), in: &file, catalogLanguage: catalogLanguage)
  }

  /// Whether a key's value is a name, written as it is in every language: the bundle's names in
  /// `InfoPlist.strings` (`CFBundleDisplayName`, `CFBundleName`, `CFBundleSpokenName`).
  static func isName(_ key: String) -> Bool { key.hasPrefix("CFBundle") && key.hasSuffix("Name") }

  /// `strings-wrong-script` for a development table: its values in a script its language does
  /// not write (an English table holding Russian text).
  static func checkDevelopmentScripts(_ file: inout LintedFile, _ table: StringsTable, language: String, catalogLanguage: String?) {
    guard let expected = scripts(of: language) else { return }
    var counted: [(entry: StringsEntry, script: Script)] = []
    var total = 0
    for entry in table.entries where !entry.value.isEmpty && !table.untranslatableKeys.contains(entry.key) {
      total += 1
      if !isName(entry.key), let script = wrongScript(entry.value, developmentValue: nil, expected: expected, isCopy: true) {
        counted.append((entry, script))
      }
    }
    // A language's own name in a list of languages is no text left in another (read only when some value asks).
    if !counted.isEmpty {
      let lists = languageLists(table.entries.lazy.map(\.key))
      counted.removeAll { isEndonym(key: $0.entry.key, script: $0.script, lists: lists) }
    }
    let sentences = sentenceCount(counted.lazy.map { ($0.script, $0.entry.value) })
    guard reportsWrongScript(counted.count, of: total, sentences: sentences) else { return }
    addGroup(.wrongScript(localization: language, table: file.fileName, count: counted.count, of: total, scripts: counted.map(\.script),
                          examples: counted.map { ($0.entry.key, $0.entry.value) }, copied: 0, developmentLanguage: nil),
             at: counted.map(\.entry), in: &file, catalogLanguage: catalogLanguage)
  }

  /// A finding about several values of one table, at the first one's value, listing every key.
  static func addGroup(_ message: TableMessage, at entries: [StringsEntry], in file: inout LintedFile, catalogLanguage: String?) {
    guard let first = entries.first else { return }
    file.add(message, at: first, key: first.key, place: .value(language: catalogLanguage))
    file.findings[file.findings.count - 1].keyPath = nil
    file.findings[file.findings.count - 1].keys = entries.map(\.key)
  }
}
