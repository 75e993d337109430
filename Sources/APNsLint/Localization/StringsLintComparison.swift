import Foundation
import LintVocabulary
import LocFormat
import StringsFile

// The cross-localization rules of `strings lint`: each localization of a table against the
// development language (`.lproj` groups), and each language of a String Catalog against its source.

extension StringsLint {
  /// One group: the files of one table name and extension in the `.lproj` folders of one directory.
  static func compareGroup(_ files: UnsafeMutableBufferPointer<LintedFile>, members: [Int], localizations: [String],
                           developmentLanguage: String) {
    let developmentLanguage = members.first.flatMap { files[$0].projectLanguage } ?? developmentLanguage
    var byLocalization: [String: Int] = [:]
    byLocalization.reserveCapacity(members.count)
    for index in members where byLocalization[files[index].localization] == nil { byLocalization[files[index].localization] = index }
    guard let development = pickDevelopment(localizations, developmentLanguage: developmentLanguage),
      let devIndex = byLocalization[development],
      var devTable = files[devIndex].table, Localizer.isLoaded(devTable)
    else { return }
    let devKind = files[devIndex].kind
    // An `NSMenu` title AppKit never draws is no text to translate (`undrawnMenuTitles`).
    if devKind == .interfaceBuilder {
      devTable.untranslatableKeys.formUnion(undrawnMenuTitles(tablePath: files[devIndex].path, table: devTable))
      devTable.untranslatableKeys.formUnion(placeholderKeys(devTable))
    }
    let devName = files[devIndex].relativePath
    var reference = Reference(table: devTable, kind: devKind, language: development, file: devName)
    reference.overridden = files[devIndex].overriddenKeys ?? []
    reference.source = files[devIndex].source
    let devKeys = reference.keys
    // What each translation leaves to decide once all are compared (which missing keys and
    // copies read as meant, whether its values in another script are reported).
    var pending: [PendingTranslation] = []
    for localization in localizations where localization != development {
      guard let index = byLocalization[localization] else {
        if !devKeys.isEmpty {
          files[devIndex].add(.missingFile(files[devIndex].fileName, localization: localization, keys: devKeys.count,
                                           developmentFile: devName, developmentLanguage: development), at: nil)
        }
        continue
      }
      guard let table = files[index].table, Localizer.isLoaded(table) else { continue }
      var translation = PendingTranslation(slot: index, language: localization)
      compare(&files[index], table, kind: files[index].kind, language: localization, with: &reference, pending: &translation)
      pending.append(translation)
    }
    checkDevelopmentScripts(&files[devIndex], devTable, language: development, catalogLanguage: nil)
    for translation in pending { finish(translation, in: &files[translation.slot], reference: &reference) }
  }

  /// The cross-localization rules inside a String Catalog: every language against the source.
  static func compareCatalog(_ file: inout LintedFile, developmentLanguage: String, excluded: ExcludedLocalizations) {
    let languages = file.catalogTables.keys.sorted().filter { !excluded.contains($0) }
    guard let source = file.sourceLanguage ?? pickDevelopment(languages, developmentLanguage: developmentLanguage),
      var sourceTable = file.catalogTables[source]
    else { return }
    // An Interface Builder catalog (`mul.lproj/Main.xcstrings`): its `NSMenu` titles AppKit never draws.
    if sourceTable.kind == .interfaceBuilder {
      sourceTable.untranslatableKeys.formUnion(undrawnMenuTitles(tablePath: file.path, table: sourceTable))
      sourceTable.untranslatableKeys.formUnion(placeholderKeys(sourceTable))
    }
    var reference = Reference(table: sourceTable, kind: sourceTable.kind, language: source, file: nil)
    var pending: [PendingTranslation] = []
    for language in languages where language != source {
      guard let table = file.catalogTables[language] else { continue }
      var translation = PendingTranslation(slot: 0, language: language)
      compare(&file, table, kind: table.kind, language: language, with: &reference, pending: &translation)
      translation.newKeys = checkStates(&file, table, language: language, reference: reference)
      pending.append(translation)
    }
    checkDevelopmentScripts(&file, sourceTable, language: source, catalogLanguage: source)
    var inserted = 0
    for translation in pending { inserted += finish(translation, in: &file, reference: &reference, shift: inserted) }
    checkStaleKeys(&file, source: source, languages: languages)
  }

  /// The development language's table a translation is compared with, and what every
  /// translation needs of it, worked out once per group rather than once per language.
  struct Reference {
    let table: StringsTable
    /// What reads it (``StringsTable/kind``).
    let kind: StringsTableKind
    /// The keys that need a translation (not `shouldTranslate: false`), with their last definition.
    let keys: [(key: String, entry: StringsEntry?)]
    /// The keys of `keys` alone (matching compares them without copying a tuple).
    let keyNames: [String]
    /// Key → its position in `keys` (the first, were a key listed twice).
    let index: [String: Int]
    /// Whether every key in `keys` is listed once (always, by construction; checked, as matching
    /// keys by position relies on it).
    let keysAreUnique: Bool
    let language: String
    /// The development table's path below the root; nil inside a catalog.
    let file: String?
    /// The comparable signature of each key's format, made when a translation first needs it.
    var signatures: [FormatSignature?]
    /// The development file's bytes when its keys stand at byte offsets (a plist); empty otherwise.
    var source: [UInt8] = []
    /// The development keys' language lists (``StringsLint/languageLists(_:)``), made when a
    /// value in another script first asks.
    lazy var languageLists: Set<Substring> = StringsLint.languageLists(keyNames)
    /// The line of each key of such a file, counted when a translation first lacks a key.
    var keyLines: [String: Int]?
    /// Per key: its value (nil for a plural key without one) and its format as compared (a
    /// catalog's argument format, else the value), taken out once so that comparing a
    /// translation copies no `StringsEntry`.
    let values: [String?]
    let formatTexts: [String?]
    /// Per key: whether what a device shows when a translation lacks it is its development value
    /// (the key is that value, or the table is Interface Builder's or `InfoPlist.strings`).
    let fallsBackToText: [Bool]
    /// Per key: how many translations hold its development value unchanged (not counting regional
    /// variants of the development language, tables mostly copied from it, nor catalog units in
    /// state `new` or `needs_review`), and how many hold another text: a value that two thirds of
    /// the languages having it keep is a name or a word the languages share (`OIDC`, `URL`).
    var sameElsewhere: [Int32]
    var translatedElsewhere: [Int32]
    /// ``translatedElsewhere`` counted only in translations written in a script the development
    /// language writes (Latin for English): "OK" kept by most Latin-script languages reads as
    /// those languages write it in another Latin-script one, whatever Russian or Chinese write.
    var translatedElsewhereSameScript: [Int32]
    /// What a copy of a key's development value is judged (``StringsLint/copyScript(_:position:developmentValue:expected:isCopy:reference:)``),
    /// by its position and the scripts expected (`position << 32 | mask`): the same in every
    /// language of those scripts, so judged once (an untranslated catalog copies the same English
    /// into thirty languages).
    var copyScripts: [UInt64: Script?] = [:]
    /// What another value of a key is judged, by the scripts expected and the value (languages keep
    /// the same stale text), and the development value's words it is compared with, made once per key.
    var judgedScripts: [Int: [(mask: UInt32, value: String, script: Script?)]] = [:]
    var developmentWords: [Int: Set<String>] = [:]
    /// Whether a copy of a key's development value has a word to translate (``StringsLint/hasWordToTranslate(_:)``), by position.
    var copyWords: [Int: Bool] = [:]

    /// ``StringsLint/hasWordToTranslate(_:)`` of the development value at `position` (`value`, which a copy holds), made once.
    mutating func copyHasWords(_ position: Int, _ value: String) -> Bool {
      if let known = copyWords[position] { return known }
      let made = hasWordToTranslate(value)
      copyWords[position] = made
      return made
    }

    init(table: StringsTable, kind: StringsTableKind, language: String, file: String?) {
      self.table = table
      self.kind = kind
      self.language = language
      self.file = file
      let keys = table.untranslatableKeys.isEmpty ? keyed(table) : keyed(table).filter { !table.untranslatableKeys.contains($0.key) }
      var index: [String: Int] = [:]
      index.reserveCapacity(keys.count)
      for (position, (key, _)) in keys.enumerated() where index[key] == nil { index[key] = position }
      self.keys = keys
      keyNames = keys.map(\.key)
      self.index = index
      keysAreUnique = index.count == keys.count
      signatures = Array(repeating: nil, count: keys.count)
      readings = Array(repeating: nil, count: keys.count)
      values = keys.map { $0.entry?.value }
      formatTexts = keys.map { key, entry in
        guard let entry else { return nil }
        return table.argumentFormats.isEmpty ? entry.value : table.argumentFormats[key] ?? entry.value
      }
      let showsKey = kind == .standard || kind == .predicateEditor
      fallsBackToText = keys.map { key, entry in entry.map { !showsKey || $0.value == key } ?? false }
      sameElsewhere = Array(repeating: 0, count: keys.count)
      translatedElsewhere = Array(repeating: 0, count: keys.count)
      translatedElsewhereSameScript = translatedElsewhere
    }

    /// The keys the development language's `.stringsdict` defines over this `.strings` table.
    var overridden: Set<String> = []
    /// How each key's development value is read, worked out when a translation first needs it.
    var readings: [DevelopmentReading?]

    /// How the development value at `position` is read (``StringsLint/developmentReading(_:)``).
    mutating func reading(_ position: Int, _ text: String) -> DevelopmentReading {
      if let known = readings[position] { return known }
      let made = developmentReading(text)
      readings[position] = made
      return made
    }

    /// The line of `key` in the development file, for a table whose entries carry none (a plist:
    /// counted once, for every key, from ``source``); nil when unknown.
    mutating func line(of key: String) -> Int? {
      guard !source.isEmpty, table.hasLines else { return nil }
      if keyLines == nil {
        let placed = table.locations.filter { $0.value.key >= 0 }
        let keys = Array(placed.keys)
        let positions = TextPositions.positions(of: keys.map { placed[$0]?.key ?? 0 }, in: source)
        keyLines = Dictionary(uniqueKeysWithValues: zip(keys, positions.map(\.line)))
      }
      return keyLines?[key]
    }

    /// Each plural key's development forms by name (`notePluralCopies`), made when a translation first needs them.
    var developmentForms: [String: [String: String]] = [:]
    /// What the format rules read of each key's development value, made when a translation first needs it.
    var formats: [Int: DevelopmentFormat] = [:]

    /// The format facts of the development value at `position` (`text`).
    mutating func format(_ position: Int, _ text: String) -> DevelopmentFormat {
      if let known = formats[position] { return known }
      let made = DevelopmentFormat(text)
      formats[position] = made
      return made
    }

    /// The signature translations are compared with: accidental specifiers left out.
    mutating func signature(_ position: Int, _ text: String) -> FormatSignature {
      if let known = signatures[position] { return known }
      let made = comparableSignature(text) { accidentalReading($0, inDevelopmentLanguage: true) != nil }
      signatures[position] = made
      return made
    }
  }

  /// Missing, extra, empty and mismatched keys of one translation table against the development keys.
  static func compare(_ file: inout LintedFile, _ table: StringsTable, kind tableKind: StringsTableKind, language: String,
                      with reference: inout Reference, pending: inout PendingTranslation) {
    let keys = KeyedTable(table)
    pending.findingsBefore = file.findings.count
    let devCount = reference.keys.count
    let (devPosition, matched) = match(keys, with: reference)
    let kind = reference.kind
    // A table with no entry at all is one finding, not one per key: nothing of it was translated.
    if keys.count == 0, table.pluralKeys.isEmpty, table.variations.isEmpty, devCount > 0, !file.isCatalog {
      file.add(.emptyTable(file.fileName, localization: language, keys: devCount, kind: kind), at: nil)
      file.missing.append(MissingTranslations(localization: language, table: file.fileName, kind: kind, developmentKeyCount: devCount,
                                              keys: reference.keys.map(\.key), reportedWhole: true, developmentLanguage: reference.language))
      return
    }
    // Worked out once per translation, not once per key.
    let variant = isRegionalVariant(language, of: reference.language)
    pending.regionalVariant = variant
    for position in 0..<devCount where !matched[position] {
      let key = reference.keys[position].key
      // The localization's `.stringsdict` has it: the device reads it from there.
      if let overridden = file.overriddenKeys, overridden.contains(key) { continue }
      // Xcode marks it stale: no code looks it up any more (`strings-stale` says so once).
      if !reference.table.staleKeys.isEmpty, reference.table.staleKeys.contains(key) { continue }
      // What the device shows instead is decided once every translation is compared (`finish`).
      pending.missing.append(position)
    }
    notePluralCopies(&file, table, language: language, reference: &reference)
    let isFormat = runsFormatRules(kind) && runsFormatRules(tableKind)
    // `strings-wrong-script` and `strings-development-copy` read every value of a language
    // whose scripts are known; copies of the development text are evidence for the others.
    let expected = pending.noteScripts(developmentLanguage: reference.language)
    let latinExpected = expected?.contains(.latin) ?? false
    judgeDuplicates(&file, table, language: language, expected: expected, reference: reference)
    let pendingStates = table.states
    var copies: [Int] = [], compared = 0
    for i in 0..<keys.count {
      let position = devPosition[i]
      guard position >= 0 else {
        // A `shouldTranslate: false` key is in the source, only not among the keys to translate.
        if reference.table.untranslatableKeys.contains(keys.key(i)) { continue }
        file.add(.extraKey(keys.key(i), developmentLanguage: reference.language, developmentFile: reference.file), at: keys.entry(i), key: keys.key(i))
        continue
      }
      guard i < keys.entries.count, let devText = reference.values[position] else { continue }
      let text = keys.entries[i].value
      if !text.isEmpty {
        compared += 1
        // A unit not yet translated or reviewed is no evidence: its states are reported apart.
        // Compared byte for byte (the device shows the bytes; `==` compares canonical equivalents).
        let same = text.sameUTF8(as: devText)
        let isCopy = same && (pendingStates.isEmpty || pendingStates[keys.entries[i].key] == nil)
        if isCopy {
          copies.append(position)
        } else if !same {
          if !variant {
            reference.translatedElsewhere[position] += 1
            if pending.scriptsKnown && pending.sameScript { reference.translatedElsewhereSameScript[position] += 1 }
          }
        }
        if !same || isCopy {
          noteScript(of: keys.entries, at: i, position: position, developmentValue: devText, isCopy: isCopy, expected: expected,
                     latinExpected: latinExpected, into: &pending, reference: &reference)
        }
      }
      if text.isEmpty && !devText.isEmpty {
        reportEmpty(&file, keys.entries[i], language: language, developmentValue: devText, reference: reference)
        continue
      }
      noteMarkupKept(&file, key: keys.entries[i].key, text: text, devText: devText, language: language)
      guard isFormat else { continue }
      compareFormat(&file, table: table, entry: keys.entries[i], text: text, devText: devText, position: position,
                    language: language, with: &reference)
    }
    noteValues(&file, compared: compared, into: &pending, language: language, reference: reference)
    // A table more than half copied from the development language is no evidence that a text is
    // the same in every language: it is not translated.
    if !variant && copies.count * 2 <= compared {
      for position in copies where reference.fallsBackToText[position] { reference.sameElsewhere[position] += 1 }
    }
  }

  /// An entity or interpolation the development value writes too is the author's, kept by the
  /// translator: `strings-markup` reports it once, at the development value (``LintedFile/markupAsDevelopment``).
  static func noteMarkupKept(_ file: inout LintedFile, key: String, text: String, devText: String, language: String) {
    guard text.containsUTF8(UInt8(ascii: "&")) || text.containsUTF8(UInt8(ascii: "\\")),
          let markup = shownMarkup(in: text), devText.contains(markup.text) else { return }
    file.markupAsDevelopment.insert(language + "\u{0}" + key)
  }

  /// Each translation key's position among the development keys (-1: not there), and which
  /// development keys the translation has. Tables list their keys in about the same order, so the
  /// key after the last one found is tried before the index: most keys are matched without hashing.
  static func match(_ keys: KeyedTable, with reference: Reference) -> (devPosition: [Int], matched: [Bool]) {
    let devCount = reference.keys.count
    var devPosition = [Int](repeating: -1, count: keys.count)
    var matched = [Bool](repeating: false, count: devCount)
    if reference.keysAreUnique {
      var next = 0
      for i in 0..<keys.count {
        let key = keys.key(i)
        let position = next < devCount && reference.keyNames[next] == key ? next : reference.index[key] ?? -1
        if position >= 0 {
          devPosition[i] = position
          matched[position] = true
          next = position + 1
        }
      }
    } else {
      var byKey: Set<String> = []
      for i in 0..<keys.count { byKey.insert(keys.key(i)) }
      for i in 0..<keys.count { devPosition[i] = reference.index[keys.key(i)] ?? -1 }
      for position in 0..<devCount { matched[position] = byKey.contains(reference.keyNames[position]) }
    }
    return (devPosition, matched)
  }

  /// What a device using a translation that lacks the key at `position` shows (`MissingFallback`):
  /// the raw key unless the key is the development text (or the table Interface Builder's or
  /// `InfoPlist.strings`); that text read as meant when it is right in the language as it
  /// stands: the language is a regional variant of the development language (`en-GB` for `en`,
  /// ``isRegionalVariant(_:of:)``), the text has no word to translate (`(%@)`, `, `, `%d/%d`) or
  /// is empty, or two thirds of the languages that have the key keep it unchanged, none of them a
  /// regional variant or a table copied from the development language (a name, `OIDC`, `OK` where
  /// the languages keep it); an empty key too, and a key that is a format with no word (`(%lld/%lld)`:
  /// the code fills it as it would the translation). A plural key without a value shows its key.
  static func fallback(at position: Int, in reference: Reference, regionalVariant: Bool, sameScript: Bool = false) -> MissingFallback {
    let key = reference.keys[position].key
    if key.isEmpty { return .readsAsMeant(regionalVariant: false) }
    guard reference.fallsBackToText[position], let value = reference.values[position] else {
      // A key with no word is a format the code fills as it would the translation (`(%lld/%lld)`).
      return hasWords(key) || !key.containsUTF8(UInt8(ascii: "%")) ? .rawKey : .readsAsMeant(regionalVariant: false)
    }
    if regionalVariant { return .readsAsMeant(regionalVariant: true) }
    if !hasWords(value) { return .readsAsMeant(regionalVariant: false) }
    let same = reference.sameElsewhere[position], translated = reference.translatedElsewhere[position]
    if same > 0 && same >= 2 * translated { return .readsAsMeant(regionalVariant: false) }
    // A language written in the development language's script reads the text as the languages of
    // that script keep it (Vietnamese "OK", kept by Danish, German, French, Indonesian).
    if sameScript, same > 0, same >= 2 * reference.translatedElsewhereSameScript[position] { return .readsAsMeant(regionalVariant: false) }
    return .developmentText
  }

  /// Whether `language` is `development` with another region only (`en-GB` and `en`, `pt-PT` and
  /// `pt-BR`): the same language in the same script. Chinese is never one (its regions imply
  /// scripts), nor is a tag with a script subtag.
  static func isRegionalVariant(_ language: String, of development: String) -> Bool {
    let a = sameLanguageKey(language).split(separator: "-"), b = sameLanguageKey(development).split(separator: "-")
    guard let first = a.first, first == b.first, first != "zh", a != b else { return false }
    return !(a.dropFirst() + b.dropFirst()).contains { $0.utf8.count == 4 }
  }

  /// Whether `text` holds a letter outside its format specifiers (`%@`, `%1$d`, `%#@name@`).
  static func hasWords(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      if c == "%" {
        i += 1
        if i < scalars.count, scalars[i] == "#", i + 1 < scalars.count, scalars[i + 1] == "@" {
          // `%#@name@`: a substitution, its name no text.
          i += 2
          while i < scalars.count, scalars[i] != "@" { i += 1 }
          i += 1
          continue
        }
        while i < scalars.count, "0123456789$.#-+' lhqLzjt".unicodeScalars.contains(scalars[i]) { i += 1 }
        i += 1  // the conversion
        continue
      }
      if c.properties.isAlphabetic { return true }
      i += 1
    }
    return false
  }

  /// The keys whose plural variations (every form of every plural) are the development
  /// language's, unchanged: an untranslated copy (`LintedFile.copiedPlurals`).
  static func notePluralCopies(_ file: inout LintedFile, _ table: StringsTable, language: String, reference: inout Reference) {
    guard !table.variations.isEmpty, !reference.table.variations.isEmpty else { return }
    for (key, variations) in table.variations {
      guard let development = reference.table.variations[key], development.count == variations.count else { continue }
      // The development forms by name, made once per key for every translation.
      let forms: [String: String]
      if let known = reference.developmentForms[key] {
        forms = known
      } else {
        var made: [String: String] = [:]
        for (name, value) in development { made[name] = value }
        reference.developmentForms[key] = made
        forms = made
      }
      if variations.allSatisfy({ forms[$0.name] == $0.value }) { file.copiedPlurals.insert(language + "\n" + key) }
    }
  }

  /// A translated value's specifiers against the development value's, as the device runs them:
  /// what would crash or garble is an error, an argument left out a warning; a value the app fills
  /// itself (`%0 of %1 used`) is compared by its placeholders (SPEC §3, "Strings tables").
  static func compareFormat(_ file: inout LintedFile, table: StringsTable, entry: StringsEntry, text: String, devText: String,
                            position: Int, language: String, with reference: inout Reference) {
    let value = table.argumentFormats.isEmpty ? text : table.argumentFormats[entry.key] ?? text
    let devValue = reference.formatTexts[position] ?? devText
    // Most values have no `%`: two such values take the same (no) arguments.
    if !value.containsUTF8(0x25) && !devValue.containsUTF8(0x25) { return }
    let key = entry.key
    // An empty development value says nothing of the arguments the code passes.
    if devValue.isEmpty { return }
    // A key the same `.lproj`'s `.stringsdict` also defines is read from there (CFBundle merges
    // the `.stringsdict` over the `.strings` table): this value is never shown.
    // (An empty set is not asked: `contains` hashes the key first.)
    if let overridden = file.overriddenKeys, !overridden.isEmpty, overridden.contains(key) { return }
    if !reference.overridden.isEmpty, reference.overridden.contains(key) { return }
    if reference.reading(position, devValue) == .appFilled {
      comparePlaceholders(&file, entry: entry, value: value, devValue: devValue, devText: devText, language: language, reference: reference)
      return
    }
    let devSignature = reference.signature(position, devValue)
    // A source that reads no argument is shown as it is: a translation's own `% d` or trailing
    // `%` (French "50 % de réduction") is text there too. Unless the source writes `%%`: that
    // proves it goes through a format call, so the translation's `% la` reads an argument that
    // does not exist (SPEC §14).
    let sourceIsText = devSignature.conversions.isEmpty && devSignature.names.isEmpty && !devValue.containsUTF8("%%")
    // A development text that is an identifier (`webdav.error.downloadStalled`: a catalog key with
    // no development value stands in for it) is no sentence the code was written against: it says
    // nothing of the arguments the code passes, so a translation's are not compared with it.
    if sourceIsText && isIdentifier(devValue) { return }
    // The development value's own accidents (`%@: 100% guaranteed` = `% g`) are reported there;
    // a translation that repeats one is not blamed for it.
    let devFormat = reference.format(position, devValue)
    let devAccidents = sourceIsText ? [] : devFormat.accidents
    // The translation's value parsed once for every rule below.
    let valueFormat = FormatString(value)
    let signature = comparableSignature(value, format: valueFormat) { (sourceIsText && isFlaggedPercent($0)) || devAccidents.contains($0.text) }
    // One defect, one finding: a `%#@name@` the entry does not define is read as an object, and
    // `strings-variable-undefined` (the more specific rule) reports it; the argument it misreads
    // is not reported again here (`checkStructure` reports every table a comparison reads).
    let undefined = table.undefinedVariables[key] != nil
    var differences = signature.deviceDifferences(from: devSignature)
      .filter { !(undefined && readsUndefinedVariable($0)) }
      .map { ($0.description, $0.breaks) }
    // A development value with no specifier and no `%%` does not show that the code formats the
    // key at all: a translation's `%@` crashes if it does, and is read as "%@" if it does not.
    // Only the second is certain to be wrong on the device (a warning).
    if sourceIsText && !differences.isEmpty {
      let written = valueFormat.specifiers.filter { ArgumentKind(conversion: $0.conversion) != nil }.map { "'\($0.text)'" }
      let list = written.isEmpty ? "a specifier" : written.joined(separator: ", ")
      differences = [("\(list) where '\(reference.language)' has none: if the code formats this key, that reads an argument "
        + "the code does not pass (a crash); if it does not, the user reads \(list)", false)]
    }
    // A flag the source's specifiers do not have, before a letter that begins a word (`+% daha`
    // for `+%lld more`): the word's first letter is read as the conversion (text garbled).
    // (Said once: a specifier another difference already names is not named again.)
    if !sourceIsText {
      for eaten in flagsEatingALetter(value, format: valueFormat, developmentFlags: devFormat.flags) where !differences.contains(where: { $0.0.contains("'\(eaten.specifier)'") }) {
        differences.append((eaten.text, true))
      }
    }
    // In a catalog, a key with specifiers is the format the code passes (SwiftUI's
    // `Text("followers \(count)")` is the key `followers %lld`): a translation that reads those
    // arguments is right even where the source ignores one ("starred" for `favorite %lld`).
    if !differences.isEmpty, reference.file == nil, key.containsUTF8(0x25),
       signature.deviceDifferences(from: comparableSignature(key, drop: { _ in false })).isEmpty,
       !FormatString(key).signature.conversions.isEmpty {
      return
    }
    if !sourceIsText { differences += garbles(value, format: valueFormat, development: devFormat, argumentMissing: !differences.isEmpty, language: reference.language) }
    if !differences.isEmpty {
      // Only arguments left out (or a `%n`): the sentence misses a value (strings-argument-left-out),
      // unless each is a word's suffix the language has no use for (strings-argument-reworded).
      let message = TableMessage.formatMismatch(key: key, language: language, value: entry.value, developmentLanguage: reference.language,
                                                developmentValue: devText, differences: differences.map(\.0))
      let breaks = differences.contains(where: { $0.1 })
      let reworded = !breaks && !sourceIsText && leavesOutOnlySuffixes(value, format: valueFormat, development: devValue)
      file.add(breaks ? message : reworded ? .argumentReworded(message) : .argumentLeftOut(message), at: entry, key: key,
               place: .value(language: language))
    }
  }

  /// Not a format the device could run (`%0 of %1 used`, `{0}`): the app replaces its own
  /// placeholders, so a placeholder lost is a loss, never a format error.
  static func comparePlaceholders(_ file: inout LintedFile, entry: StringsEntry, value: String, devValue: String, devText: String,
                                  language: String, reference: Reference) {
    let lost = placeholderTokens(devValue).lost(in: placeholderTokens(value))
    if !lost.isEmpty {
      file.add(.placeholderDropped(key: entry.key, language: language, value: entry.value, developmentLanguage: reference.language,
                                   developmentValue: devText, placeholders: lost),
               at: entry, key: entry.key)
    }
  }

  /// `strings-empty-translation` for a translation's empty `entry` where the development language
  /// has `developmentValue`; none for a key its author keeps out of translation
  /// (`shouldTranslate: false`, "Do not localize": the empty value is a translator's filler, no
  /// text the author meant to show). A key Xcode marks stale is still reported: code Xcode does
  /// not read may look it up (LiveContainer's `"lc.settings.multitaskMode".loc`).
  static func reportEmpty(_ file: inout LintedFile, _ entry: StringsEntry, language: String, developmentValue: String, reference: Reference) {
    if reference.table.untranslatableKeys.contains(entry.key) { return }
    if isSentencePiece(developmentValue) {
      file.add(.emptyFragment(key: entry.key, language: language, developmentLanguage: reference.language, developmentValue: developmentValue),
               at: entry, key: entry.key, place: .value(language: language))
      return
    }
    file.add(.emptyTranslation(key: entry.key, language: language, developmentLanguage: reference.language, developmentValue: developmentValue),
             at: entry, key: entry.key, place: .value(language: language))
  }

  /// Notes how many of a translation's values hold text (`compared`). None: the localization was
  /// never translated (a translation platform's export of a language nobody translated writes
  /// every unit `""`: mammoth's catalogs, 24 languages), and its empty values (two at least) are
  /// one group, which ``StringsLintFile/groupedFindings`` shows as one `strings-empty-translation`
  /// where the first stood, listing the keys; the per-key findings stay what the baseline, the
  /// code's keys (``StringsLint/markDead(_:sources:)``) and `--fix` read.
  static func noteValues(_ file: inout LintedFile, compared: Int, into pending: inout PendingTranslation, language: String,
                         reference: Reference) {
    pending.valueCount = compared
    guard compared == 0 else { return }
    let rule = RuleID(TableRule.emptyTranslation)
    let keys = file.findings[pending.findingsBefore...].filter { $0.rule == rule }.compactMap(\.keyPath)
    guard keys.count >= 2 else { return }
    file.stateGroups.append(StateGroup(rule: rule, localization: language, table: file.fileName,
                                       developmentKeyCount: reference.keys.count, keys: keys))
  }

  /// Whether a development value is a piece of a sentence the code assembles: it begins or ends
  /// with a space (`"You gain "` + items + `"!"`, tatsuz0u/EhPanda's `struct.greeting.mark.start`,
  /// which its Japanese and Korean leave empty and say at the end) and holds a word: a letter
  /// (`"%@ "`, an argument and a space, is a value the user reads, not a piece of wording).
  static func isSentencePiece(_ value: String) -> Bool {
    let utf8 = value.utf8
    guard let first = utf8.first, let last = utf8.last, first == 0x20 || last == 0x20 else { return false }
    return value.unicodeScalars.contains { $0.properties.isAlphabetic } && !value.containsUTF8(UInt8(ascii: "%"))
  }

  /// Whether `text` is an identifier rather than text: ASCII letters, digits, `.`, `_` and `-`
  /// only, with at least one `.` or `_` between its parts (`settings.title`, `error_generic`).
  static func isIdentifier(_ text: String) -> Bool {
    var separated = false
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): continue
      case UInt8(ascii: "."), UInt8(ascii: "_"): separated = true
      default: return false
      }
    }
    return separated && text.utf8.first != UInt8(ascii: ".") && text.utf8.last != UInt8(ascii: ".")
  }

  /// Whether every argument a translation leaves out is, in the development text, the ending of a
  /// word a count before it quantifies (`%d app%@ installed`: the `s` the code passes for a
  /// plural): a language that does not
  /// inflect so (Korean `앱 %d개 설치됨`) has no use for it, and the translation shows all it means
  /// (strings-argument-reworded). Any other argument left out is a value the user does not read,
  /// whatever the sentence around it says (strings-argument-left-out: a name, a count, the lines
  /// of an error). A translation that reads an argument with `%n` (which prints nothing) is not
  /// one of these.
  static func leavesOutOnlySuffixes(_ value: String, format: FormatString, development: String) -> Bool {
    if format.specifiers.contains(where: { $0.kind != .percent && $0.conversion.hasSuffix("n") }) { return false }
    let read = format.signature.conversions
    let developmentFormat = FormatString(development)
    let scalars = Array(development.utf8)
    var next = 1, droppedAny = false
    for specifier in developmentFormat.specifiers where specifier.kind != .percent {
      // Its position: `%2$@` reads the second argument, a plain `%@` the next one.
      let digits = specifier.text.utf8.dropFirst().prefix { (0x30...0x39).contains($0) }
      var position = next
      if specifier.text.utf8.dropFirst(1 + digits.count).first == UInt8(ascii: "$"), let written = Int(String(decoding: digits, as: UTF8.self)) {
        position = written
      } else {
        next += 1
      }
      guard read[position] == nil else { continue }
      droppedAny = true
      // A plural ending: glued to a word (a letter right before it, none right after) that a count
      // earlier in the text quantifies (`%d app%@`); "Advanced Settings%@", whose value is " " and
      // the app's name, counts nothing, so its value is a name the user does not read.
      let before = specifier.range.utf8.lowerBound - 1, after = specifier.range.utf8.upperBound
      func isLetter(_ i: Int) -> Bool { i >= 0 && i < scalars.count && ((scalars[i] | 0x20) >= 0x61 && (scalars[i] | 0x20) <= 0x7A) }
      guard isLetter(before), !isLetter(after) else { return false }
      let counted = developmentFormat.specifiers.contains { other in
        other.range.utf8.upperBound <= specifier.range.utf8.lowerBound && other.kind != .percent
          && other.conversion.last.map { "diuoxX".contains($0) } == true
      }
      guard counted else { return false }
    }
    return droppedAny
  }

  /// What the format rules read of a development value, the same for every translation of its key.
  struct DevelopmentFormat {
    /// Its accidental specifiers' texts (`% g` in `%@: 100% guaranteed`), which a translation repeating is not blamed for.
    let accidents: [String]
    /// The flags its specifiers write (``StringsLint/flags(_:)``).
    let flags: Set<String>
    /// Whether it garbles nothing itself and has no accidental specifier (``StringsLint/garbles(_:development:argumentMissing:language:)``).
    let garbleFree: Bool
    /// The percent signs it shows (``StringsLint/shownPercents(_:)``).
    let shownPercents: Int

    init(_ value: String) {
      let specifiers = FormatString(value).specifiers
      accidents = specifiers.filter { $0.kind == .unsupported && accidentalReading($0, inDevelopmentLanguage: true) != nil }.map(\.text)
      flags = Set(specifiers.map { StringsLint.flags($0.text) })
      garbleFree = accidents.isEmpty && garbledText(value).isEmpty
      shownPercents = StringsLint.shownPercents(value)
    }

    /// The flags of `value`'s specifiers.
    static func flags(of value: String) -> Set<String> { Set(FormatString(value).specifiers.map { StringsLint.flags($0.text) }) }
  }

  /// How the development value is read: a format the code passes arguments to, a text with the
  /// app's own placeholders (`%0 of %1 used`, `{0}`), or a text with no specifier.
  enum DevelopmentReading {
    case format
    case appFilled
    case text
  }

  /// A development value with a specifier a format call is given an argument for (`%@`, `%d`,
  /// `% lu`) is a format, and so is one with `%%`. One whose only specifier-like sequences are
  /// ones CoreFoundation would misread and nobody writing a format writes (`%0 of` = `%0 o`, octal
  /// with flags; `% used` = `% u`; `%!`; a `%` at the end; `%n`), or that holds an app
  /// placeholder `{0}`, is filled by the app itself (`replacingOccurrences`), never by
  /// `String(format:)`. Without either it is text.
  static func developmentReading(_ value: String) -> DevelopmentReading {
    if value.containsUTF8("%%") { return .format }
    var plausible = false
    var implausible = false
    if value.containsUTF8(0x25) {
      for specifier in FormatString(value).specifiers where specifier.kind != .percent {
        if isImplausible(specifier) { implausible = true } else { plausible = true }
      }
    }
    // A format with an accident besides its real specifiers (`%@ is 100% sure`) is still a format:
    // the accident is left out of the comparison and reported (`strings-accidental-specifier`).
    if plausible { return .format }
    if implausible || !braceTokens(value).isEmpty { return .appFilled }
    return .text
  }

  /// A specifier nobody writing a format writes: a `%` at the end, a conversion CoreFoundation
  /// does not know (`%!`, `% з`: printed as a literal), a space flag before a conversion other
  /// than `@` (`% u`, `%0 o`, `% lo`, `%1$ a`), `%n`, a position 0 or above 9999.
  static func isImplausible(_ specifier: FormatSpecifier) -> Bool {
    if specifier.name != nil { return false }
    let conversion = specifier.conversion
    guard let kind = ArgumentKind(conversion: conversion) else { return true }
    if kind == .writeBack { return true }
    // A space flag anywhere before a conversion other than `@`: `100% locally` is `% lo`,
    // `100% luxury` `% lu`; in a translation `% lu` is compared as `%lu` (its kind).
    if kind != .object, conversion.unicodeScalars.dropLast().contains(" ") { return true }
    if case .unsupported = specifier.kind, accidentalReading(specifier, inDevelopmentLanguage: false) == .positionOutOfRange { return true }
    return false
  }

  /// `{0}`, `{name}`: a placeholder an app replaces itself (at most 32 letters, digits or `_`).
  static func braceTokens(_ value: String) -> [String] {
    guard value.containsUTF8(UInt8(ascii: "{")) else { return [] }
    var tokens: [String] = []
    let scalars = Array(value.unicodeScalars)
    var i = 0
    while i < scalars.count {
      if scalars[i] == "{" {
        var j = i + 1
        while j < scalars.count, j - i <= 33, scalars[j].properties.isAlphabetic || ("0"..."9").contains(scalars[j]) || scalars[j] == "_" {
          j += 1
        }
        if j < scalars.count, scalars[j] == "}", j > i + 1, j - i <= 33 {
          tokens.append(String(String.UnicodeScalarView(scalars[i...j])))
          i = j + 1
          continue
        }
      }
      i += 1
    }
    return tokens
  }

  /// The placeholders of a text the app fills itself, as text: `{0}`, `%1` (the digits after a
  /// `%`), and whole specifiers a format would read (`%@`, `%d`, spaces left out).
  struct PlaceholderTokens {
    var counts: [String: Int] = [:]
    var order: [String] = []

    /// The tokens of `self` that `other` has fewer of, in order.
    func lost(in other: PlaceholderTokens) -> [String] {
      order.filter { (other.counts[$0] ?? 0) < (counts[$0] ?? 0) }
    }
  }

  static func placeholderTokens(_ value: String) -> PlaceholderTokens {
    var tokens = PlaceholderTokens()
    func add(_ token: String) {
      if tokens.counts[token] == nil { tokens.order.append(token) }
      tokens.counts[token, default: 0] += 1
    }
    if value.containsUTF8(0x25) {
      for specifier in FormatString(value).specifiers where specifier.kind != .percent {
        let digits = specifier.text.dropFirst().prefix { $0.isASCII && $0.isNumber }
        if isImplausible(specifier) {
          if !digits.isEmpty { add("%" + digits) }
        } else {
          add(String(specifier.text.filter { $0 != " " }))
        }
      }
    }
    for token in braceTokens(value) { add(token) }
    return tokens
  }

  /// In a value run through a format call, what CoreFoundation garbles, in words for the message:
  /// a `%` that is no specifier prints the one character after it and drops the rest up to the
  /// unknown conversion (`% з` prints ' ' and 'з' is lost; `%2$ (` prints '2'), a `%` at the end
  /// prints nothing, and a lookalike percent sign (`％@`, `٪@`) is text: the user reads it where
  /// the argument should be. A `%` followed by one character that is no conversion (`%米`, `%'`)
  /// and a `%` at the end lose only the `%` itself (`percentOnly`): `compareFormat` decides whether
  /// the reader needed it.
  /// A run through a format call: a `%` that is no specifier prints the character after it
  /// and swallows the rest (`%d% завершено`: `% з` prints a space, the user reads "42 авершено");
  /// `％@` is text the user reads. A development value with such accidents of its own is
  /// reported there (`strings-accidental-specifier`), and translations that agree are not blamed.
  /// A `%` lost on its own (`%米`, a `%` at the end) garbles the text when the reader needed it:
  /// the development value shows more percent signs than the translation does, or an argument is
  /// missing too (`argumentMissing`: the `%` is then the remains of the specifier meant there:
  /// `%I sur %i` reads "I sur 3"). Otherwise it is a stray the device leaves out, showing the text
  /// as meant. Each difference with whether it breaks the text.
  static func garbles(_ value: String, developmentValue devValue: String, argumentMissing: Bool, language: String) -> [(String, Bool)] {
    garbles(value, format: FormatString(value), development: DevelopmentFormat(devValue), argumentMissing: argumentMissing, language: language)
  }

  /// ``garbles(_:developmentValue:argumentMissing:language:)`` with the development value's facts made once per key.
  static func garbles(_ value: String, format: FormatString, development: DevelopmentFormat, argumentMissing: Bool, language: String) -> [(String, Bool)] {
    guard development.garbleFree else { return [] }
    let percentMeant = development.shownPercents > (value.containsUTF8(0x25) ? format.specifiers.count { $0.kind == .percent } : 0)
    return garbledText(value, format: format).filter { $0.effect == .breaks || argumentMissing || percentMeant }.map { garble in
      (garble.effect == .percentOnly && percentMeant
        ? garble.text + ", and the percent sign '\(language)' shows is lost" : garble.text, true)
    }
  }

  /// Specifiers of a translation made of `%`, flags the development value's specifiers never
  /// have, and a letter that begins a word (`% d` in Turkish `+% daha` for `+%lld more`): the
  /// translator wrote a percent sign before a word, and the device reads the flag and the word's
  /// first letter as a conversion, so the user reads the number where the letter was ("+ 3aha").
  /// Only flags between the `%` and the letter (no width, precision, length or position), and only
  /// before a letter: `%d` followed by a space is a specifier as meant.
  static func flagsEatingALetter(_ value: String, developmentValue: String) -> [(specifier: String, text: String)] {
    guard value.containsUTF8(0x25) else { return [] }
    return flagsEatingALetter(value, format: FormatString(value), developmentFlags: DevelopmentFormat.flags(of: developmentValue))
  }

  /// The flags a specifier's text writes after its `%` (`" "` for `% d`).
  static func flags(_ text: String) -> String {
    // The flags are ASCII: read over the bytes after the first scalar (the `%`), no set made per call.
    guard !text.isEmpty else { return "" }
    let utf8 = text.utf8, start = text.unicodeScalars.index(after: text.startIndex)
    var end = start
    while end < utf8.endIndex, isFlag(utf8[end]) { end = utf8.index(after: end) }
    return end == start ? "" : String(text[start..<end])
  }

  /// Whether `byte` is a printf flag: space, `+`, `-`, `#`, `0` or `'`.
  static func isFlag(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x2B || byte == 0x2D || byte == 0x23 || byte == 0x30 || byte == 0x27
  }

  /// ``flagsEatingALetter(_:developmentValue:)`` with the development value's flags made once per key.
  static func flagsEatingALetter(_ value: String, format: FormatString, developmentFlags: Set<String>) -> [(specifier: String, text: String)] {
    guard value.containsUTF8(0x25) else { return [] }
    var out: [(specifier: String, text: String)] = []
    for specifier in format.specifiers {
      // Most specifiers write no flag (`%@`, `%1$d`): passed over before anything is made of them.
      if specifier.text.utf8.first == 0x25, !(specifier.text.utf8.dropFirst().first.map(isFlag) ?? false) { continue }
      guard ArgumentKind(conversion: specifier.conversion) != nil else { continue }
      let written = flags(specifier.text)
      let scalars = Array(specifier.text.unicodeScalars)
      guard !written.isEmpty, !developmentFlags.contains(written), scalars.count == 1 + written.unicodeScalars.count + 1,
            let letter = scalars.last, letter.properties.isAlphabetic else { continue }
      let bytes = value.utf8
      let rest = String(decoding: bytes.dropFirst(min(specifier.range.utf8.upperBound, bytes.count)), as: UTF8.self)
      let word = String(letter) + String(rest.prefix { $0.isLetter })
      guard word.count > 1 else { continue }
      out.append((specifier.text, "'\(specifier.text)' reads an argument with the flag '\(written)', which the development value's specifiers do not have: "
        + "the '\(letter)' that begins '\(word)' is read as its conversion, so the user reads the number where the word starts"))
    }
    return out
  }

  static func garbledText(_ value: String, format: FormatString? = nil) -> [(text: String, effect: GarbleEffect)] {
    var out: [(text: String, effect: GarbleEffect)] = []
    if value.containsUTF8(0x25) {
      for specifier in (format ?? FormatString(value)).specifiers where specifier.kind == .unsupported && specifier.name == nil {
        let scalars = Array(specifier.text.unicodeScalars)
        if scalars.count == 1 {
          out.append(("a '%' at the end is no specifier: CoreFoundation drops it", .percentOnly))
          continue
        }
        // `%1` ending the value: the text ran out before a conversion; CoreFoundation prints nothing.
        if specifier.range.utf8.upperBound == value.utf8.count, let last = scalars.last, "-+ #0123456789.*hlLqjzt$".unicodeScalars.contains(last) {
          out.append(("'\(specifier.text)' at the end is no specifier: CoreFoundation drops it", .breaks))
          continue
        }
        guard ArgumentKind(conversion: specifier.conversion) == nil else { continue }
        let printed = String(scalars[1])
        if scalars.count == 2 {
          out.append(("'\(specifier.text)' is no specifier: CoreFoundation drops the '%' and prints '\(printed)'", .percentOnly))
        } else {
          let lost = String(String.UnicodeScalarView(scalars[2...]))
          out.append(("'\(specifier.text)' is no specifier: CoreFoundation prints '\(printed)' and the user loses '\(lost)'", .breaks))
        }
      }
    }
    // U+FF05 FULLWIDTH PERCENT SIGN, U+066A ARABIC PERCENT SIGN, U+FE6A SMALL PERCENT SIGN: in
    // UTF-8 led by 0xEF or 0xD9, which most values do not hold (then no scalar is decoded).
    guard value.containsUTF8(0xEF) || value.containsUTF8(0xD9) else { return out }
    let scalars = Array(value.unicodeScalars)
    for i in scalars.indices where ["\u{FF05}", "\u{066A}", "\u{FE6A}"].contains(scalars[i]) && i + 1 < scalars.count {
      let next = scalars[i + 1]
      guard next == "@" || "dDiuUxXfFeEgGsScC".unicodeScalars.contains(next) || ("1"..."9").contains(next) else { continue }
      let hex = String(scalars[i].value, radix: 16, uppercase: true)
      let written = String(String.UnicodeScalarView(scalars[i...min(i + 1, scalars.count - 1)]))
      out.append(("'\(written)' starts with U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex), a percent sign CoreFoundation "
        + "does not read as '%': the user reads '\(written)' where the argument should be", .breaks))
    }
    return out
  }

  /// What a garbled sequence costs the reader: text (a letter, a digit, an argument's place), or
  /// only a `%` that may or may not have been meant to show.
  enum GarbleEffect { case breaks, percentOnly }

  /// The percent signs a format shows: its `%%`.
  static func shownPercents(_ value: String) -> Int {
    value.containsUTF8(0x25) ? FormatString(value).specifiers.count { $0.kind == .percent } : 0
  }

  /// Whether the format rules run on a kind of table: not on tables shown verbatim (Interface
  /// Builder's) or read as templates (`NSPredicateEditor`'s).
  static func runsFormatRules(_ kind: StringsTableKind) -> Bool { kind == .standard || kind == .infoPlist }

  /// The signature of `text` as compared across localizations: the specifiers `drop` names are
  /// left out (they read no argument the author meant), and `% @` counts as `%@`, which is how
  /// CoreFoundation formats it (the space flag does nothing to an object).
  static func comparableSignature(_ text: String, format parsed: FormatString? = nil, drop: (FormatSpecifier) -> Bool) -> FormatSignature {
    let format = parsed ?? FormatString(text)
    // Only an unsupported specifier is dropped or rewritten: without one, the signature as parsed.
    guard format.pieces.contains(where: { if case .specifier(let s) = $0 { s.kind == .unsupported } else { false } }) else {
      return format.signature
    }
    let utf8 = Array(text.utf8)
    var kept: [UInt8] = []
    var last = 0
    var changed = false
    for piece in format.pieces {
      guard case .specifier(let specifier) = piece, specifier.kind == .unsupported else { continue }
      let range = specifier.range.utf8
      if drop(specifier) {
        kept += utf8[last..<range.lowerBound]
        last = range.upperBound
        changed = true
      } else if isSpaceFlaggedObject(specifier) {
        kept += utf8[last..<range.lowerBound]
        kept += Array(specifier.text.utf8.prefix(specifier.text.utf8.count - specifier.conversion.utf8.count)) + [0x40]
        last = range.upperBound
        changed = true
      }
    }
    guard changed else { return format.signature }
    kept += utf8[last...]
    return FormatString(String(decoding: kept, as: UTF8.self)).signature
  }

  /// Whether a difference is the translation reading an argument with `%#@…@` (a variable: its
  /// conversion keeps the `#` flag). A defined one is expanded before the comparison
  /// (``StringsTable/argumentFormats``), so one left is one its entry does not define.
  static func readsUndefinedVariable(_ difference: FormatDifference) -> Bool {
    switch difference.kind {
    case .pastTheList(let read), .incompatible(let read, _): read.hasSuffix("@") && read.contains("#")
    case .dropped: false
    }
  }

  /// `% @`, `%1$ @`: an object specifier with only space flags.
  static func isSpaceFlaggedObject(_ specifier: FormatSpecifier) -> Bool {
    let conversion = specifier.conversion
    return conversion.count > 1 && conversion.hasSuffix("@") && conversion.dropLast().allSatisfy { $0 == " " }
  }

  /// A `%` followed by a space (a printf flag: `% d`, `% g`) or ending the text.
  static func isFlaggedPercent(_ specifier: FormatSpecifier) -> Bool {
    specifier.text == "%" || (specifier.conversion.first == " " && !isSpaceFlaggedObject(specifier))
  }

  /// The first C0 control character other than tab and a line break (LF, CR), or DEL, as `U+001B`.
  static func controlCharacter(in value: String) -> String? {
    // Every such character is one byte below 0x20, or 0x7F, in UTF-8; most values have none.
    let hasControl = value.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      var i = 0
      let n = bytes.count
      if let base = bytes.baseAddress {
        // Eight bytes at a time: a word with no byte below 0x20 and none equal to 0x7F is passed
        // (`(x - 0x20…) & ~x & 0x80…` is nonzero exactly when some byte of x is below 0x20).
        let raw = UnsafeRawPointer(base)
        while i + 8 <= n {
          let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          let d = w ^ 0x7F7F_7F7F_7F7F_7F7F
          let low = (w &- 0x2020_2020_2020_2020) & ~w
          let del = (d &- 0x0101_0101_0101_0101) & ~d
          if (low | del) & 0x8080_8080_8080_8080 != 0 {
            for k in i..<(i + 8) where (bytes[k] < 0x20 && !isLineBreakOrTab(UInt32(bytes[k]))) || bytes[k] == 0x7F { return true }
          }
          i += 8
        }
      }
      while i < n {
        let byte = bytes[i]
        if (byte < 0x20 && !isLineBreakOrTab(UInt32(byte))) || byte == 0x7F { return true }
        i += 1
      }
      return false
    }
    guard hasControl ?? true else { return nil }
    for scalar in value.unicodeScalars where (scalar.value < 0x20 && !isLineBreakOrTab(scalar.value)) || scalar.value == 0x7F {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return nil
  }

  /// Tab, LF and CR: CR is a line terminator as LF is (NSString's `getLineStart(_:end:contentsEnd:for:)`
  /// lists U+000D, U+000A and CRLF; Unicode's line breaking gives CR a mandatory break), so the
  /// CR of CRLF line ends, and an old Mac table's bare CR, show as a line break.
  static func isLineBreakOrTab(_ value: UInt32) -> Bool { value == 0x09 || value == 0x0A || value == 0x0D }

  /// The localization a device without a matching language picks (SPEC §6), by folder name.
  static func pickDevelopment(_ names: [String], developmentLanguage: String) -> String? {
    let bundle = LocalizationBundle(
      localizations: names.map { Localization(identifier: $0, languageCode: $0, table: nil) }, developmentLanguage: developmentLanguage)
    return bundle.developmentLocalization?.identifier
  }
}
