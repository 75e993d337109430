import Foundation
import LocFormat
import PayloadSchema
import StringsFile

// One table file as `strings lint` reads and checks it on its own: its table(s), its findings,
// the per-value rules (control characters, format gaps, accidental specifiers).

extension StringsLint {
  /// One file being linted: its table(s) and findings.
  struct LintedFile {
    let path: String
    let relativePath: String
    var findings: [Finding] = []
    var missing: [MissingTranslations] = []
    var stateGroups: [StateGroup] = []
    /// The file's table; for a catalog, the source language's.
    var table: StringsTable?
    /// A catalog's tables by language, and its source language.
    var catalogTables: [String: StringsTable] = [:]
    var sourceLanguage: String?
    /// Plurals that are the development language's, copied unchanged (`"language\nkey"`): a
    /// category such a copy lacks falls back to `other`, the same text the copy shows for every
    /// count, so `strings-plural-missing` leaves them to the missing translation they are.
    var copiedPlurals: Set<String> = []
    /// The file's bytes, kept while findings are made when its tables place keys by byte offset
    /// (``StringsTable/locations``: plists and catalogs); `finish` counts their lines once.
    var source: [UInt8] = []

    /// What the path says, worked out once (these were `URL` computations on every use: 13% of
    /// a run, `compareLocalizations` asking them of every member of a group for every language).
    let isCatalog: Bool
    let isStringsdict: Bool
    /// `en` for `App/en.lproj/Localizable.strings`.
    let localization: String
    /// Whether the file is in a `.lproj` folder (else it is linted on its own).
    let isInLocalizationFolder: Bool
    /// The file's name (`Localizable.strings`).
    let fileName: String
    /// The directory holding the `.lproj` folder (``PathParts/directory``).
    let directory: String
    /// What reads the table (``StringsTable/kind``), once it is read.
    var kind: StringsTableKind = .standard
    /// Why no target of the project below the root builds the table (``ProjectShipping``); nil
    /// when one does or no project says.
    var notShipped: String?
    /// Whether ``notShipped`` says why no device reads this localization of a framework that ships
    /// (``ProjectShipping/markFrameworkLocalizationsUnread(_:)``), not why no target builds it.
    var unreadLocalization = false
    /// Whether a project below the root builds the table (``ProjectShipping/Decision/ships(developmentLanguage:)``).
    var shipsByProject = false
    /// The bundle the table belongs to, when it takes the app's language (a framework, a Swift
    /// package's resources): a catalog's languages no language of the app selects are then
    /// compared with nothing.
    var host: BundleHost?
    /// The development language the project gives the table (nil: the one the lint is given).
    var projectLanguage: String?
    /// How the project below the root puts the table on the device (nil: no project says).
    var delivery: TableDelivery?

    init(path: String, relativePath: String) {
      self.path = path
      self.relativePath = relativePath
      let parts = PathParts(relativePath)
      let ext = parts.pathExtension.lowercased()
      isCatalog = ext == "xcstrings"
      isStringsdict = ext == "stringsdict"
      localization = String(parts.folder.dropLast(".lproj".count))
      isInLocalizationFolder = parts.folder.lowercased().hasSuffix(".lproj")
      fileName = parts.name
      directory = parts.directory
    }

    /// What files are compared by: the directory holding the `.lproj`, the table name, the extension.
    var groupKey: String { directory + "\u{0}" + fileName }
    /// What files are read together by: the directory and the table name without its extension
    /// (a table's `.strings` and `.stringsdict`, which CFBundle merges).
    var unitKey: String {
      let base = fileName.hasSuffix(".stringsdict") ? fileName.dropLast(".stringsdict".count)
        : fileName.hasSuffix(".strings") ? fileName.dropLast(".strings".count) : Substring(fileName)
      return directory + "\u{0}" + base
    }
    /// The key ``offset(of:_:)`` last looked up with ``StringsTable/located(_:in:)``, and where it stands.
    var lastLocated: (key: String, location: KeyLocation?)?
    /// For a `.strings` table: the keys its localization's `.stringsdict` of the same name defines,
    /// which the device reads from there (nil when there is none).
    var overriddenKeys: Set<String>?
    /// Translations (`language` NUL `key`) whose shown markup (`strings-markup`) the development
    /// value writes too: the translator kept the author's text, and the finding stands at the
    /// development value.
    var markupAsDevelopment: Set<String> = []

    mutating func read(_ bytes: [UInt8]) {
      if isCatalog {
        let catalog = StringCatalog.parse(Data(bytes), path: path)
        sourceLanguage = catalog.sourceLanguage
        catalogTables = catalog.tables
        findings += catalog.findings
        for language in catalog.tables.keys.sorted() {
          findings += (catalog.tables[language]?.findings ?? [])
        }
        table = catalog.sourceLanguage.flatMap { catalog.tables[$0] }
        source = bytes
      } else {
        // A `.stringsdict`'s forms are read for the plural rules; other tables have none.
        let parsed = StringsParser.parse(bytes, path: path, variations: isStringsdict, valueMap: false)
        table = parsed
        kind = parsed.kind
        findings += parsed.findings
        if !parsed.locations.isEmpty { source = bytes }
      }
    }

    /// `strings-format-gap` for every value that skips a position (the definition the device reads).
    /// A table that is a symbolic link and does not load says where it points: a link to a file
    /// that is not a table (`/etc/passwd`) is then recognisable without quoting the file.
    mutating func noteSymbolicLink(_ pathBytes: [UInt8]) {
      let fatal = StringsTable.fatalRules
      guard let index = findings.firstIndex(where: { fatal.contains($0.rule) }) else { return }
      let shown = FileWalk.symbolicLinkTarget(pathBytes) ?? "?"
      findings[index].message += " (the file is a symbolic link to '\(VisibleText.excerpt(shown, limit: 200))')"
    }

    /// Per value (the definition the device reads): `strings-control-character`, `strings-markup`, then the format
    /// rules unless the table is not a format string (Interface Builder, `NSPredicateEditor`):
    /// `strings-format-gap`, and `strings-accidental-specifier` for a `%` that reads as a specifier
    /// nobody means — in the development language any unsupported one made by accident
    /// (`100% guaranteed` = `% g`, a trailing `%`), and in every localization `%n` and positions
    /// above 9999, which are never text (`%n` is C's write-back conversion; `%10000$@` is shown as
    /// written). Excluded localizations (`qqq`) are not translations: nothing here runs on them.
    mutating func checkValues(developmentLanguage: String, excluded: ExcludedLocalizations) {
      let tables: [(catalogLanguage: String?, language: String, table: StringsTable)] =
        isCatalog ? catalogTables.sorted { $0.key < $1.key }.map { ($0.key, $0.key, $0.value) }
        : table.map { [(nil, localization, $0)] } ?? []
      let development = StringsLint.sameLanguageKey(isCatalog ? (sourceLanguage ?? developmentLanguage) : developmentLanguage)
      for (catalogLanguage, language, table) in tables where Localizer.isLoaded(table) {
        let languageKey = StringsLint.sameLanguageKey(language)
        if isInLocalizationFolder || isCatalog, excluded.contains(languageKey) { continue }
        let isDevelopment = languageKey == development || !(isInLocalizationFolder || isCatalog)
        let isFormat = StringsLint.runsFormatRules(isCatalog ? table.kind : kind)
        // Whether the table is written in Markdown (decided once, only when a value holds markup).
        var markdownTable: Bool?
        // By index: an entry is copied (its strings retained) only when a rule reads more than its value.
        let entries = lastDefinitions(table)
        for index in entries.indices {
          let value = entries[index].value
          if let control = StringsLint.controlCharacter(in: value) {
            let entry = entries[index]
            add(.controlCharacter(control, key: entry.key, value: entry.value, catalogLanguage: catalogLanguage), at: entry,
                place: .value(language: catalogLanguage))
          }
          if let markup = StringsLint.shownMarkup(in: value),
             isDevelopment || markupAsDevelopment.isEmpty || !markupAsDevelopment.contains(language + "\u{0}" + entries[index].key),
             !(markdownTable ?? { let decided = StringsLint.isMarkdownTable(table); markdownTable = decided; return decided }()) {
            let entry = entries[index]
            add(.markup(markup, key: entry.key, value: entry.value, catalogLanguage: catalogLanguage), at: entry,
                place: .value(language: catalogLanguage))
          }
          guard isFormat else { continue }
          let argumentFormat = table.argumentFormats.isEmpty ? nil : table.argumentFormats[entries[index].key]
          let formatText = argumentFormat ?? value
          guard formatText.containsUTF8(0x25) else { continue }
          let entry = entries[index]
          // Only a position (`%2$@`, a `$`) can leave a gap: the format is parsed whole only then;
          // the specifiers alone are read over without building the rest.
          let format = formatText.containsUTF8(UInt8(ascii: "$")) ? FormatString(formatText) : nil
          // A development value that is no evident format (no specifier a format call would be
          // given an argument for, no `%%`) is shown as it is: its `100% guaranteed` is text.
          let isEvidentFormat = !isDevelopment || StringsLint.isEvidentFormat(entry.value, format: argumentFormat == nil ? format : nil)
          // The value's specifiers (the format's unless a catalog gave an argument format).
          var positionWithoutConversion = false
          FormatString.forEachSpecifier(in: entry.value) { specifier in
            guard specifier.kind == .unsupported,
                  let reading = StringsLint.accidentalReading(specifier, inDevelopmentLanguage: isDevelopment && isEvidentFormat)
            else { return true }
            // `40 %1$ av … 20 %2$ (`: one finding says it (a translation tool's doing, value-wide).
            if reading == .positionWithoutConversion {
              if positionWithoutConversion { return true }
              positionWithoutConversion = true
            }
            add(.accidentalSpecifier(specifier.text, reading: reading, key: entry.key, value: entry.value, catalogLanguage: catalogLanguage),
                at: entry, place: .value(language: catalogLanguage))
            return true
          }
          // Positions with no conversion are said above; the positions they leave are no gap.
          for issue in format?.issues ?? [] where !positionWithoutConversion {
            guard case .gap(let missing) = issue.kind else { continue }
            add(.formatGap(missing, key: entry.key, value: entry.value, catalogLanguage: catalogLanguage), at: entry,
                place: .value(language: catalogLanguage))
          }
        }
      }
    }

    /// Where, in a key's place, a finding about it stands (SPEC §3; docs/behaviour.md "Positions in tables").
    enum Place {
      /// The key itself.
      case key
      /// The key's value in `language`'s table of a catalog (else in the file's table): an XML
      /// plist's `<string>`, the `value` of the language's string unit.
      case value(language: String?)
      /// A variation's text (`count.one` of a `.stringsdict`, `plural.few` of a catalog).
      case variation(String, language: String?)
      /// A plural: a `.stringsdict` variable's `<key>`, a catalog's `plural` member.
      case plural(String, language: String?)
    }

    /// A finding of `message` about `key` (else the entry's): at `entry`'s line in a text table;
    /// in a plist or catalog at the `place` of the key, else at the key, while its line is not
    /// counted yet (`finish` counts it); at 1:1 when the file holds no such key (a translation
    /// that lacks it) or none is named (a finding about the whole file). The finding has the
    /// message's rule's severity (a case of another consequence is another rule's message).
    mutating func add(_ message: TableMessage, at entry: StringsEntry?, key: String? = nil, place: Place = .key) {
      let key = key ?? entry?.key
      var finding: Finding
      if let entry, let line = entry.line {
        finding = Finding(message, line: line, column: entry.column ?? 1, keyPath: key)
      } else if let key, let offset = offset(of: key, place) {
        finding = Finding(message, offset: offset, keyPath: key)
      } else {
        finding = Finding(message, line: 1, column: 1, keyPath: key)
      }
      findings.append(finding)
    }

    /// The byte offset of `place` of `key` in this file, falling back to the key's own; nil
    /// when neither is known.
    mutating func offset(of key: String, _ place: Place) -> Int? {
      func location(_ language: String?) -> KeyLocation? {
        if isCatalog, let language { return catalogTables[language]?.locations[key] }
        if case .key = place { return table?.locations[key] }
        // A key's findings come one after another: its entry is read again once for all of them.
        if let last = lastLocated, last.key == key { return last.location }
        let found = table?.located(key, in: source)
        lastLocated = (key, found)
        return found
      }
      switch place {
      case .key:
        break
      case .value(let language):
        if let at = location(language)?.value, at >= 0 { return at }
      case .variation(let name, let language):
        if let at = location(language)?.variation(name)?.value, at >= 0 { return at }
      case .plural(let name, let language):
        if let at = location(language)?.plural(name)?.key, at >= 0 { return at }
      }
      // A catalog's key stands in one place whatever the language: any table that has it says where.
      if let at = table?.keyOffset(key) { return at }
      for other in catalogTables.values { if let at = other.keyOffset(key) { return at } }
      return nil
    }
  }

  /// A language name compared case-insensitively with `-` and `_` alike (SPEC §6).
  static func sameLanguageKey(_ name: String) -> String {
    // An ASCII name (every real one) from its bytes: the same text the Characters give, without
    // an array of them (this ran several times for every table).
    let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      for byte in bytes where byte >= 0x80 { return nil }
      return String(unsafeUninitializedCapacity: bytes.count) { out in
        for i in bytes.indices {
          let byte = bytes[i]
          out[i] = byte == UInt8(ascii: "_") ? UInt8(ascii: "-") : (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        }
        return bytes.count
      }
    }
    if let ascii, let ascii { return ascii }
    return String(name.lowercased().map { $0 == "_" ? "-" : $0 })
  }

  /// Why an unsupported specifier is surely not meant (`strings-accidental-specifier` says it in
  /// words: `TableMessage.accidentalSpecifier`).
  enum AccidentalReading {
    /// `%n`: C's write-back conversion, never text.
    case writeBack
    /// `%N$…` with N 0 or above 9999: no specifier at all, shown as written.
    case positionOutOfRange
    /// In the development language, a `%` ending the text.
    case trailingPercent
    /// In the development language, `% @`: CoreFoundation formats it as `%@`.
    case spaceFlaggedObject
    /// In the development language, `% ` then a conversion: a specifier with a space flag.
    case spaceFlag
    /// `%1$ ` then a letter: a position whose conversion is missing (a translation tool's
    /// `%1$` for a `%`), shown as written where the value is shown as it is.
    case positionWithoutConversion
  }

  /// Whether a value evidently goes through a format call: it writes `%%`, or a specifier that
  /// reads an argument and is no accident (``isImplausible(_:)``). `format` is `value` parsed,
  /// when the caller has it.
  static func isEvidentFormat(_ value: String, format: FormatString? = nil) -> Bool {
    if value.containsUTF8("%%") { return true }
    if let format { return format.specifiers.contains { $0.kind != .percent && !isImplausible($0) } }
    var evident = false
    FormatString.forEachSpecifier(in: value) { specifier in
      evident = specifier.kind != .percent && !isImplausible(specifier)
      return !evident
    }
    return evident
  }

  /// Why an unsupported specifier is surely not meant, or nil when it may be (a `%d` in an app's
  /// own table is read by its code with `String(format:)`).
  static func accidentalReading(_ specifier: FormatSpecifier, inDevelopmentLanguage: Bool) -> AccidentalReading? {
    let text = specifier.text
    let conversion = specifier.conversion
    if conversion.hasSuffix("n") && conversion.allSatisfy({ "hlqLjzt".contains($0) || $0 == "n" }) {
      return .writeBack
    }
    // `%N$…` with N above 9999 or 0: not a specifier for CoreFoundation, shown as written.
    let afterPercent = text.dropFirst()
    let digits = afterPercent.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, afterPercent.dropFirst(digits.count).first == "$" {
      let position = digits.count > 5 ? Int.max : Int(digits) ?? Int.max
      if position == 0 || position > 9999 { return .positionOutOfRange }
      // `%1$ a`: a space where the conversion should be (`@` with a space flag is `%1$@`).
      if afterPercent.dropFirst(digits.count + 1).first == " ", !conversion.hasSuffix("@") { return .positionWithoutConversion }
    }
    guard inDevelopmentLanguage else { return nil }
    if text == "%" { return .trailingPercent }
    if isSpaceFlaggedObject(specifier) { return .spaceFlaggedObject }
    if afterPercent.first == " " { return .spaceFlag }
    return nil
  }

  /// Each key's last definition, in the order keys first appear.
  static func lastDefinitions(_ table: StringsTable) -> [StringsEntry] {
    // One entry per key already: a catalog's table (StringCatalog keeps a repeated key's last),
    // or a table whose parser found no duplicate (it reports every one).
    if table.format == .xcstrings || !table.findings.contains(where: { $0.stringsRule == .duplicateOtherValue || $0.stringsRule == .duplicateSameValue || $0.stringsRule == .duplicateKey }) {
      return table.entries
    }
    var index: [String: Int] = [:]
    var entries: [StringsEntry] = []
    for entry in table.entries {
      if let i = index[entry.key] { entries[i] = entry } else {
        index[entry.key] = entries.count
        entries.append(entry)
      }
    }
    return entries
  }

  /// The keys a table defines: each key's last definition in the order keys first appear, then
  /// the plural keys that have no definition (a `.stringsdict`'s), sorted. What ``keyed(_:)``
  /// lists, without a tuple (and its retains) per key.
  struct KeyedTable {
    let entries: [StringsEntry]
    let pluralOnly: [String]
    /// Every key, in that order: read by index without copying an entry (matching reads each).
    let keys: [String]

    init(_ table: StringsTable) {
      entries = lastDefinitions(table)
      let definedKeys = entries.map(\.key)
      if table.pluralKeys.isEmpty {
        pluralOnly = []
        keys = definedKeys
      } else {
        pluralOnly = table.pluralKeys.subtracting(Set(definedKeys)).sorted()
        keys = definedKeys + pluralOnly
      }
    }

    var count: Int { keys.count }
    func key(_ i: Int) -> String { keys[i] }
    func entry(_ i: Int) -> StringsEntry? { i < entries.count ? entries[i] : nil }
  }

  /// The keys a table defines, with their last definition (plural keys of a `.stringsdict` have none).
  static func keyed(_ table: StringsTable) -> [(key: String, entry: StringsEntry?)] {
    let defined = lastDefinitions(table)
    if table.pluralKeys.isEmpty { return defined.map { ($0.key, $0) } }
    let definedKeys = Set(defined.map(\.key))
    return defined.map { ($0.key, $0) } + table.pluralKeys.subtracting(definedKeys).sorted().map { ($0, nil) }
  }
}
