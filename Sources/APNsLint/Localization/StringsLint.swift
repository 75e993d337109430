import Foundation
import LocFormat
import StringsFile

/// One table file checked by `strings lint`, with what was found in it.
public struct StringsLintFile: Sendable, Hashable {
  /// The file's path: the root as given joined with the path below it.
  public var path: String
  /// The findings, ordered by line and column (file-level ones, at 1:1, first); keyPath is the key.
  /// Every missing key is one `strings-missing-translation` finding here (what JSON shows);
  /// ``groupedFindings`` has one per localization and table (what text and SARIF show).
  public var findings: [RuleFinding]
  /// The keys of the development language this file's localizations lack, one group per
  /// localization (one for a `.lproj` table, one per language for a String Catalog).
  public var missingTranslations: [MissingTranslations] = []
  /// A catalog's keys in state `needs_review` or `stale`, one group per localization and rule
  /// (``groupedFindings`` shows one finding per group, as for missing translations).
  public var stateGroups: [StateGroup] = []

  /// Creates a file result.
  public init(path: String, findings: [RuleFinding], missingTranslations: [MissingTranslations] = [], stateGroups: [StateGroup] = []) {
    self.path = path
    self.findings = findings
    self.missingTranslations = missingTranslations
    self.stateGroups = stateGroups
  }
}

/// The development-language keys one localization of one table lacks.
public struct MissingTranslations: Sendable, Hashable {
  /// The localization (`da`, `pt-BR`).
  public var localization: String
  /// The table's file name (`Localizable.strings`, `Localizable.xcstrings`).
  public var table: String
  /// What reads the table, which decides what a device shows for a missing key.
  public var kind: StringsTableKind
  /// How many keys the development language's table has (those that need a translation).
  public var developmentKeyCount: Int
  /// The missing keys, in the development table's order.
  public var keys: [String]
}

/// `apns-lint strings lint DIR`: every table below a folder, each on its own and each localization
/// against the development language (SPEC §3 "Strings tables", §8).
///
/// What is read: every `*.strings` and `*.stringsdict` inside a `*.lproj` folder and every
/// `*.xcstrings`, below the root (or the root itself when it is a file); `table` limits this to one
/// table name. Each file gets its own findings (`StringsTable.findings`: syntax, truncation,
/// duplicate keys, encoding, zero length, escapes) and `strings-format-gap` for each value that skips
/// a position.
///
/// Cross-localization rules compare files of the same table name and extension in the `.lproj`
/// folders of one directory (an app and its extensions keep their own folders), the development
/// language being the localization a device without a matching language picks (`en_GB.lproj` stands
/// in for `en` when there is no `en.lproj`). `Base.lproj` is linted on its own only. For a
/// String Catalog, each language is compared with the catalog's `sourceLanguage`.
/// - `strings-missing-translation`: in the translation's file at 1:1, keyPath the key, the message
///   naming the development file and line; a localization folder without the table at all gets one
///   finding in the development file.
/// - `strings-extra-key`, `strings-format-mismatch`: at the translation's entry (its last
///   definition, the one the device reads).
/// Tables CoreFoundation refuses as a whole are not compared (their own error says why). Catalog and
/// plist entries have no positions: their findings are at 1:1.
public enum StringsLint {
  /// The most bytes read from one table (the largest real tables are tens of megabytes).
  public static let maxTableBytes = 512 << 20

  /// Lints every table below `root`. Throws only when `root` does not exist; a file or folder
  /// below it that cannot be read becomes a finding of its own (prefer
  /// `lint(root:developmentLanguage:table:exclude:jobs:problems:)`, which reports them apart).
  public static func lint(root: String, developmentLanguage: String = "en", table: String? = nil,
                          exclude: [String] = []) throws -> [StringsLintFile] {
    var problems: [FileWalk.Problem] = []
    let files = try lint(root: root, developmentLanguage: developmentLanguage, table: table, exclude: exclude, problems: &problems)
    return problems.map {
      StringsLintFile(path: $0.path, findings: [RuleFinding(rule: RuleID(StringsRule.encoding), message: $0.message, line: 1, column: 1, keyPath: nil)])
    } + files
  }

  /// Lints every table below `root`; what cannot be read (a folder, a file, something that is not
  /// a regular file) is added to `problems` — never skipped in silence — and the rest is linted.
  /// Throws only when `root` does not exist. `exclude` names localizations no device picks (besides
  /// ``alwaysExcluded``): their tables are read on their own but not linted as translations.
  /// `jobs` threads walk, read, compare and check (default ``defaultJobs``; 1: the calling thread
  /// only); the result is the same whatever their number.
  public static func lint(root: String, developmentLanguage: String = "en", table: String? = nil, exclude: [String] = [],
                          jobs: Int? = nil, problems: inout [FileWalk.Problem]) throws -> [StringsLintFile] {
    let excluded = Set((exclude + alwaysExcluded).map(sameLanguageKey))
    let jobs = max(1, jobs ?? defaultJobs)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root])
    }
    var found: [FileWalk.File]
    if isDirectory.boolValue {
      let walk = FileWalk.files(below: root, jobs: jobs) { isTableFile($0, table: table, standalone: true) }
      found = walk.files
      problems += walk.problems
    } else {
      var link = stat()
      let isLink = root.withCString { lstat($0, &link) } == 0 && link.st_mode & S_IFMT == S_IFLNK
      found = [FileWalk.File(path: root, relativePath: root, bytes: Array(root.utf8), isSymbolicLink: isLink)]
    }
    // Nothing outside the repository is read through a symbolic link (SPEC §14): a table that
    // links to `/etc/passwd` is reported like an unreadable file, and nothing of it is shown.
    if found.contains(where: \.isSymbolicLink) {
      // A file named on the command line is bounded by its folder's repository, not by itself.
      let boundary = FileWalk.repositoryBoundary(of: isDirectory.boolValue ? root : (root as NSString).deletingLastPathComponent.isEmpty
                                                   ? "." : (root as NSString).deletingLastPathComponent)
      found.removeAll { file in
        guard file.isSymbolicLink else { return false }
        guard let boundary, FileWalk.resolves(file.bytes, inside: boundary) else {
          problems.append(FileWalk.outsideProblem(file, boundary: boundary ?? root))
          return true
        }
        return false
      }
    }

    // Files are grouped by what their paths say (the tables a group's localizations are compared
    // in), then each group is read, compared, checked and released on one thread while the other
    // threads take other groups: no table outlives its group, so memory is reused instead of every
    // table being held (and paged in) until all are read, and no thread waits at a barrier between
    // reading and comparing. Each file keeps its own slot: the output is in the walk's order
    // whatever the number of threads.
    let planned = Concurrent.map(found, jobs: jobs) { LintedFile(path: $0.path, relativePath: $0.relativePath) }
    let units = workUnits(planned, excluded: excluded)
    var results = [StringsLintFile?](repeating: nil, count: found.count)
    var failures = [FileWalk.Problem?](repeating: nil, count: found.count)
    results.withUnsafeMutableBufferPointer { results in
      failures.withUnsafeMutableBufferPointer { failures in
        let slots = UncheckedSendable((results, failures))
        Concurrent.forEach(units.count, jobs: jobs) { unit in
          let (results, failures) = slots.value
          var members = units[unit].members.map { planned[$0] }
          for (position, index) in units[unit].members.enumerated() {
            let file = found[index]
            switch FileWalk.read(file.bytes, shownAs: file.path, limit: maxTableBytes) {
            case .success(let bytes):
              members[position].read(bytes)
              if file.isSymbolicLink { members[position].noteSymbolicLink(file.bytes) }
            case .failure(let problem):
              // Unread, it stays in its group without a table: its localization is not "missing".
              failures[index] = problem
            }
          }
          if let localizations = units[unit].localizations {
            members.withUnsafeMutableBufferPointer { buffer in
              compareGroup(buffer, members: Array(buffer.indices), localizations: localizations,
                           developmentLanguage: developmentLanguage)
            }
          }
          for (position, index) in units[unit].members.enumerated() where failures[index] == nil {
            results[index] = finish(&members[position], developmentLanguage: developmentLanguage, excluded: excluded)
          }
        }
      }
    }
    problems += failures.compactMap { $0 }
    return results.compactMap { $0 }
  }

  /// A file's own checks, then its findings in order; its tables are released here, on the
  /// worker thread.
  static func finish(_ file: inout LintedFile, developmentLanguage: String, excluded: Set<String>) -> StringsLintFile {
    if file.isCatalog { compareCatalog(&file, developmentLanguage: developmentLanguage, excluded: excluded) }
    file.checkValues(developmentLanguage: developmentLanguage, excluded: excluded)
    file.checkPlurals(excluded: excluded)
    file.checkXMLEscapes()
    let ordered = file.findings.enumerated().sorted {
      ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
    }.map(\.element)
    file.table = nil
    file.catalogTables = [:]
    return StringsLintFile(path: file.path, findings: ordered, missingTranslations: file.missing, stateGroups: file.stateGroups)
  }

  /// What one thread does at a time: the files of one comparison group with the directory's
  /// localizations (sorted), or a file compared with nothing (a catalog, `Base.lproj`, an
  /// excluded localization, a table outside `.lproj`). The largest groups come first, so that the
  /// last one to finish is a small one.
  static func workUnits(_ files: [LintedFile], excluded: Set<String>) -> [(members: [Int], localizations: [String]?)] {
    var groups: [String: [Int]] = [:]
    var localizationsByDirectory: [String: Set<String>] = [:]
    var alone: [Int] = []
    for index in files.indices {
      let file = files[index]
      guard !file.isCatalog, file.localization.lowercased() != "base", file.isInLocalizationFolder,
            !excluded.contains(sameLanguageKey(file.localization))
      else { alone.append(index); continue }
      groups[file.groupKey, default: []].append(index)
      localizationsByDirectory[file.directory, default: []].insert(file.localization)
    }
    var units: [(members: [Int], localizations: [String]?)] = groups.keys.sorted().compactMap { groupKey in
      guard let members = groups[groupKey], let first = members.first else { return nil }
      return (members, (localizationsByDirectory[files[first].directory] ?? []).sorted())
    }
    units.sort { $0.members.count > $1.members.count }
    units += alone.map { ([$0], nil) }
    return units
  }

  /// Threads `lint` uses when not told: one per active processor, at most 16 (`APNS_LINT_JOBS`
  /// is read by the command line and passed as `jobs`).
  public static var defaultJobs: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16) }

  /// Localizations no device picks, never linted as translations: `qqq`, translatewiki.net's
  /// translator notes (documentation of each key, in English).
  public static let alwaysExcluded = ["qqq"]

  /// Whether a file below the root is a table to lint. Tables outside any `.lproj` folder are read
  /// too (`standalone`): each is linted on its own (syntax, duplicates, escapes, values).
  static func isTableFile(_ relativePath: String, table: String?, standalone: Bool) -> Bool {
    let path = PathParts(relativePath)
    let ext = path.pathExtension.lowercased()
    guard ext == "strings" || ext == "stringsdict" || ext == "xcstrings" else { return false }
    if let table, path.name.dropLast(path.pathExtension.utf8.count + 1) != table { return false }
    if ext == "xcstrings" || standalone { return true }
    return path.folder.lowercased().hasSuffix(".lproj")
  }

  /// A relative path's parts, as `URL(fileURLWithPath:)` names them but without making a URL
  /// (each was a `getcwd` and allocations; 6% of a run): components split at `/`, empty and `.`
  /// components dropped. One difference: a path of one component has no folder here, where `URL`
  /// took the working directory's name (so a table at the root of `strings lint` run from inside
  /// `fr.lproj` counted as French).
  struct PathParts {
    /// The last component (`Localizable.strings`).
    let name: String
    /// The component before it (`fr.lproj`); empty when there is none.
    let folder: String
    /// The components before the folder, joined (`App/Resources`; `/`-prefixed when absolute).
    let directory: String

    init(_ path: String) {
      // The components are the runs between `/`s, empty ones and `.` left out; found as ranges of
      // the bytes (splitting `path.utf8` into an array of slices cost 17,000 instructions a path).
      let bytes = Array(path.utf8)
      let n = bytes.count
      var components: [Range<Int>] = []
      var start = 0
      for i in 0...n where i == n || bytes[i] == UInt8(ascii: "/") {
        if i > start && !(i - start == 1 && bytes[start] == UInt8(ascii: ".")) { components.append(start..<i) }
        start = i + 1
      }
      let count = components.count
      name = count >= 1 ? String(decoding: bytes[components[count - 1]], as: UTF8.self) : ""
      folder = count >= 2 ? String(decoding: bytes[components[count - 2]], as: UTF8.self) : ""
      var above: [UInt8] = []
      if count > 2 {
        above.reserveCapacity(components[count - 3].upperBound)
        for k in 0..<(count - 2) {
          if k > 0 { above.append(UInt8(ascii: "/")) }
          above.append(contentsOf: bytes[components[k]])
        }
      }
      let joined = String(decoding: above, as: UTF8.self)
      directory = path.hasPrefix("/") ? "/" + joined : joined
    }

    /// `URL.pathExtension`'s rule: after the last `.`, none when the name ends with `.`, starts
    /// with `..` or has its only `.` first.
    var pathExtension: String {
      let utf8 = name.utf8
      guard utf8.last != UInt8(ascii: "."), !utf8.starts(with: [UInt8(ascii: "."), UInt8(ascii: ".")]),
            let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex
      else { return "" }
      return String(name[name.index(after: dot)...])
    }
  }

  /// One file being linted: its table(s) and findings.
  struct LintedFile {
    let path: String
    let relativePath: String
    var findings: [RuleFinding] = []
    var missing: [MissingTranslations] = []
    var stateGroups: [StateGroup] = []
    /// The file's table; for a catalog, the source language's.
    var table: StringsTable?
    /// A catalog's tables by language, and its source language.
    var catalogTables: [String: StringsTable] = [:]
    var sourceLanguage: String?

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

    mutating func read(_ bytes: [UInt8]) {
      if isCatalog {
        let catalog = StringCatalog.parse(Data(bytes), path: path)
        sourceLanguage = catalog.sourceLanguage
        catalogTables = catalog.tables
        findings += catalog.findings.map(LocalizationOutput.ruleFinding)
        for language in catalog.tables.keys.sorted() {
          findings += (catalog.tables[language]?.findings ?? []).map(LocalizationOutput.ruleFinding)
        }
        table = catalog.sourceLanguage.flatMap { catalog.tables[$0] }
      } else {
        // A `.stringsdict`'s forms are read for the plural rules; other tables have none.
        let parsed = StringsParser.parse(bytes, path: path, variations: isStringsdict, valueMap: false)
        table = parsed
        kind = parsed.kind
        findings += parsed.findings.map(LocalizationOutput.ruleFinding)
      }
    }

    /// `strings-format-gap` for every value that skips a position (the definition the device reads).
    /// A table that is a symbolic link and does not load says where it points: a link to a file
    /// that is not a table (`/etc/passwd`) is then recognisable without quoting the file.
    mutating func noteSymbolicLink(_ pathBytes: [UInt8]) {
      let fatal = Set(StringsTable.fatalRules.map(RuleID.init))
      guard let index = findings.firstIndex(where: { fatal.contains($0.rule) }) else { return }
      let shown = FileWalk.symbolicLinkTarget(pathBytes) ?? "?"
      findings[index].message += " (the file is a symbolic link to '\(VisibleText.excerpt(shown, limit: 200))')"
    }

    /// Per value (the definition the device reads): `strings-control-character`, then the format
    /// rules unless the table is not a format string (Interface Builder, `NSPredicateEditor`):
    /// `strings-format-gap`, and `strings-accidental-specifier` for a `%` that reads as a specifier
    /// nobody means — in the development language any unsupported one made by accident
    /// (`100% guaranteed` = `% g`, a trailing `%`), and in every localization `%n` and positions
    /// above 9999, which are never text (`%n` is C's write-back conversion; `%10000$@` is shown as
    /// written). Excluded localizations (`qqq`) are not translations: nothing here runs on them.
    mutating func checkValues(developmentLanguage: String, excluded: Set<String>) {
      let tables: [(label: String, language: String, table: StringsTable)] =
        isCatalog ? catalogTables.sorted { $0.key < $1.key }.map { ("in '\($0.key)', ", $0.key, $0.value) }
        : table.map { [("", localization, $0)] } ?? []
      let development = StringsLint.sameLanguageKey(isCatalog ? (sourceLanguage ?? developmentLanguage) : developmentLanguage)
      for (label, language, table) in tables where Localizer.isLoaded(table) {
        let languageKey = StringsLint.sameLanguageKey(language)
        if isInLocalizationFolder || isCatalog, excluded.contains(languageKey) { continue }
        let isDevelopment = languageKey == development || !(isInLocalizationFolder || isCatalog)
        let isFormat = StringsLint.runsFormatRules(isCatalog ? table.kind : kind)
        for entry in lastDefinitions(table) {
          if let control = StringsLint.controlCharacter(in: entry.value) {
            add(.controlCharacter, "\(label)'\(entry.key)' holds the control character \(control) ('\(LocalizationOutput.excerpt(entry.value))'): "
                + "a device shows nothing or a box for it, and a push carrying it may be cut", at: entry)
          }
          guard isFormat else { continue }
          let argumentFormat = table.argumentFormats.isEmpty ? nil : table.argumentFormats[entry.key]
          let formatText = argumentFormat ?? entry.value
          guard formatText.containsUTF8(0x25) else { continue }
          let format = FormatString(formatText)
          // The value is the format unless a catalog gave an argument format: parsed once then.
          for piece in (argumentFormat == nil ? format : FormatString(entry.value)).pieces {
            guard case .specifier(let specifier) = piece, specifier.kind == .unsupported,
                  let why = StringsLint.accidentalReading(specifier, inDevelopmentLanguage: isDevelopment) else { continue }
            add(.accidentalSpecifier, "\(label)'\(entry.key)' has '\(specifier.text)' ('\(LocalizationOutput.excerpt(entry.value))'): \(why)",
                at: entry)
          }
          for issue in format.issues {
            guard case .gap(let missing) = issue.kind else { continue }
            let more = missing.count >= FormatIssue.listedGapLimit ? " and more" : ""
            let positions = missing.map(String.init).joined(separator: ", ") + more
            add(.formatGap, "\(label)'\(entry.key)' skips position\(missing.count > 1 ? "s" : "") \(positions) ('\(entry.value)'): "
              + "String(format:) and the device give the arguments to the positions it reads in order, so it shows the wrong argument",
              at: entry)
          }
        }
      }
    }

    mutating func add(_ rule: TableRule, _ message: String, at entry: StringsEntry?, key: String? = nil) {
      findings.append(RuleFinding(
        rule: RuleID(rule), message: message, line: entry?.line ?? 1, column: entry?.column ?? 1, keyPath: key ?? entry?.key))
    }
  }

  /// A language name compared case-insensitively with `-` and `_` alike (SPEC §6).
  static func sameLanguageKey(_ name: String) -> String {
    String(name.lowercased().map { $0 == "_" ? "-" : $0 })
  }

  /// Why an unsupported specifier is surely not meant, or nil when it may be (a `%d` in an app's
  /// own table is read by its code with `String(format:)`).
  static func accidentalReading(_ specifier: FormatSpecifier, inDevelopmentLanguage: Bool) -> String? {
    let text = specifier.text
    let conversion = specifier.conversion
    if conversion.hasSuffix("n") && conversion.allSatisfy({ "hlqLjzt".contains($0) || $0 == "n" }) {
      return "'%n' is C's write-back conversion, never text: String(format:) does not print it"
    }
    // `%N$…` with N above 9999 or 0: not a specifier for CoreFoundation, shown as written.
    let afterPercent = text.dropFirst()
    let digits = afterPercent.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, afterPercent.dropFirst(digits.count).first == "$" {
      let position = digits.count > 5 ? Int.max : Int(digits) ?? Int.max
      if position == 0 || position > 9999 {
        return "positions run from 1 to 9999, so it is not a specifier and the device shows it as written"
      }
    }
    guard inDevelopmentLanguage else { return nil }
    if text == "%" { return "a '%' at the end reads as an incomplete specifier; write '%%' for a percent sign" }
    if isSpaceFlaggedObject(specifier) {
      return "the space is a printf flag: CoreFoundation formats '\(text)' as '%@' (an argument, not a percent sign); write '%@', or '%%' for a percent sign"
    }
    if afterPercent.first == " " {
      return "the space is a printf flag, so '\(text)' reads as a specifier, not as a percent sign followed by text; write '%%'"
    }
    return nil
  }

  /// Each key's last definition, in the order keys first appear.
  static func lastDefinitions(_ table: StringsTable) -> [StringsEntry] {
    // One entry per key already: a catalog's table (StringCatalog keeps a repeated key's last),
    // or a table whose parser found no duplicate (it reports every one).
    if table.format == .xcstrings || !table.findings.contains(where: { $0.rule == .duplicateKey }) {
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
    var entries: [StringsEntry]
    var pluralOnly: [String]

    init(_ table: StringsTable) {
      entries = lastDefinitions(table)
      if table.pluralKeys.isEmpty {
        pluralOnly = []
      } else {
        let definedKeys = Set(entries.map(\.key))
        pluralOnly = table.pluralKeys.subtracting(definedKeys).sorted()
      }
    }

    var count: Int { entries.count + pluralOnly.count }
    func key(_ i: Int) -> String { i < entries.count ? entries[i].key : pluralOnly[i - entries.count] }
    func entry(_ i: Int) -> StringsEntry? { i < entries.count ? entries[i] : nil }
  }

  /// The keys a table defines, with their last definition (plural keys of a `.stringsdict` have none).
  static func keyed(_ table: StringsTable) -> [(key: String, entry: StringsEntry?)] {
    let defined = lastDefinitions(table)
    if table.pluralKeys.isEmpty { return defined.map { ($0.key, $0) } }
    let definedKeys = Set(defined.map(\.key))
    return defined.map { ($0.key, $0) } + table.pluralKeys.subtracting(definedKeys).sorted().map { ($0, nil) }
  }

  /// One group: the files of one table name and extension in the `.lproj` folders of one directory.
  static func compareGroup(_ files: UnsafeMutableBufferPointer<LintedFile>, members: [Int], localizations: [String],
                           developmentLanguage: String) {
    var byLocalization: [String: Int] = [:]
    byLocalization.reserveCapacity(members.count)
    for index in members where byLocalization[files[index].localization] == nil { byLocalization[files[index].localization] = index }
    guard let development = pickDevelopment(localizations, developmentLanguage: developmentLanguage),
      let devIndex = byLocalization[development],
      let devTable = files[devIndex].table, Localizer.isLoaded(devTable)
    else { return }
    let devKind = files[devIndex].kind
    let devName = files[devIndex].relativePath
    var reference = Reference(table: devTable, kind: devKind, language: development, file: devName)
    let devKeys = reference.keys
    for localization in localizations where localization != development {
      guard let index = byLocalization[localization] else {
        if !devKeys.isEmpty {
          let fileName = files[devIndex].fileName
          files[devIndex].add(.missingTranslation, "'\(localization).lproj' has no '\(fileName)': its \(devKeys.count) "
            + "key\(devKeys.count == 1 ? "" : "s") show\(devKeys.count == 1 ? "s" : "") untranslated in '\(localization)' ("
            + "\(whatShows(devKind, plural: devKeys.count != 1)))", at: nil)
        }
        continue
      }
      guard let table = files[index].table, Localizer.isLoaded(table) else { continue }
      compare(&files[index], table, kind: files[index].kind, language: localization, with: &reference)
    }
  }

  /// The cross-localization rules inside a String Catalog: every language against the source.
  static func compareCatalog(_ file: inout LintedFile, developmentLanguage: String, excluded: Set<String>) {
    let languages = file.catalogTables.keys.sorted().filter { !excluded.contains(sameLanguageKey($0)) }
    guard let source = file.sourceLanguage ?? pickDevelopment(languages, developmentLanguage: developmentLanguage),
      let sourceTable = file.catalogTables[source]
    else { return }
    var reference = Reference(table: sourceTable, kind: sourceTable.kind, language: source, file: nil)
    for language in languages where language != source {
      guard let table = file.catalogTables[language] else { continue }
      compare(&file, table, kind: table.kind, language: language, with: &reference)
      checkStates(&file, table, language: language, reference: reference)
    }
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
    /// Per key: its value (nil for a plural key without one) and its format as compared (a
    /// catalog's argument format, else the value), taken out once so that comparing a
    /// translation copies no `StringsEntry`.
    let values: [String?]
    let formatTexts: [String?]

    init(table: StringsTable, kind: StringsTableKind, language: String, file: String?) {
      self.table = table
      self.kind = kind
      self.language = language
      self.file = file
      let keys = keyed(table).filter { !table.untranslatableKeys.contains($0.key) }
      var index: [String: Int] = [:]
      index.reserveCapacity(keys.count)
      for (position, (key, _)) in keys.enumerated() where index[key] == nil { index[key] = position }
      self.keys = keys
      self.index = index
      keysAreUnique = index.count == keys.count
      signatures = Array(repeating: nil, count: keys.count)
      values = keys.map { $0.entry?.value }
      formatTexts = keys.map { key, entry in
        guard let entry else { return nil }
        return table.argumentFormats.isEmpty ? entry.value : table.argumentFormats[key] ?? entry.value
      }
    }

    /// The signature translations are compared with: accidental specifiers left out.
    mutating func signature(_ position: Int, _ text: String) -> FormatSignature {
      if let known = signatures[position] { return known }
      let made = comparableSignature(text) { accidentalReading($0, inDevelopmentLanguage: true) != nil }
      signatures[position] = made
      return made
    }
  }

  /// What a device shows for a key its localization lacks, by what reads the table.
  static func whatShows(_ kind: StringsTableKind, plural: Bool) -> String {
    switch kind {
    case .interfaceBuilder: "the device shows the nib's own text"
    case .infoPlist: "the device shows Info.plist's own value"
    case .standard, .predicateEditor: plural ? "the device shows the raw keys" : "the device shows the raw key"
    }
  }

  /// Missing, extra, empty and mismatched keys of one translation table against the development keys.
  static func compare(_ file: inout LintedFile, _ table: StringsTable, kind tableKind: StringsTableKind, language: String,
                      with reference: inout Reference) {
    let keys = KeyedTable(table)
    // Each translation key's position among the development keys (-1: not there). Tables list
    // their keys in about the same order, so the key after the last one found is tried before
    // the index: most keys are then matched without hashing.
    let devCount = reference.keys.count
    var devPosition = [Int](repeating: -1, count: keys.count)
    var matched = [Bool](repeating: false, count: devCount)
    if reference.keysAreUnique {
      var next = 0
      for i in 0..<keys.count {
        let key = keys.key(i)
        let position = next < devCount && reference.keys[next].key == key ? next : reference.index[key] ?? -1
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
      for position in 0..<devCount { matched[position] = byKey.contains(reference.keys[position].key) }
    }

    var missingKeys: [String] = []
    let kind = reference.kind
    for position in 0..<devCount where !matched[position] {
      let (key, devEntry) = reference.keys[position]
      var origin = "'\(reference.language)'"
      if let devFile = reference.file { origin = "'\(devFile)" + (devEntry?.line.map { ":\($0)" } ?? "") + "'" }
      file.add(.missingTranslation, "'\(key)' of \(origin) has no translation in '\(language)': \(whatShows(kind, plural: false))",
               at: nil, key: key)
      missingKeys.append(key)
    }
    if !missingKeys.isEmpty {
      file.missing.append(MissingTranslations(
        localization: language, table: file.fileName, kind: kind,
        developmentKeyCount: devCount, keys: missingKeys))
    }
    let devName = reference.file.map { "'\($0)'" } ?? "'\(reference.language)'"
    let isFormat = runsFormatRules(kind) && runsFormatRules(tableKind)
    for i in 0..<keys.count {
      let position = devPosition[i]
      guard position >= 0 else {
        // A `shouldTranslate: false` key is in the source, only not among the keys to translate.
        if reference.table.untranslatableKeys.contains(keys.key(i)) { continue }
        file.add(.extraKey, "'\(keys.key(i))' is not in the development language's \(devName)", at: keys.entry(i), key: keys.key(i))
        continue
      }
      guard i < keys.entries.count, let devText = reference.values[position] else { continue }
      let text = keys.entries[i].value
      if text.isEmpty && !devText.isEmpty {
        let entry = keys.entries[i]
        file.add(.emptyTranslation, "'\(entry.key)' in '\(language)' is empty where '\(reference.language)' has '\(LocalizationOutput.excerpt(devText))': "
          + "the device shows nothing", at: entry, key: entry.key)
        continue
      }
      guard isFormat else { continue }
      let value = table.argumentFormats.isEmpty ? text : table.argumentFormats[keys.entries[i].key] ?? text
      let devValue = reference.formatTexts[position] ?? devText
      // Most values have no `%`: two such values take the same (no) arguments.
      if !value.containsUTF8(0x25) && !devValue.containsUTF8(0x25) { continue }
      let entry = keys.entries[i]
      let key = entry.key
      let devSignature = reference.signature(position, devValue)
      // A source that reads no argument is shown as it is: a translation's own `% d` or trailing
      // `%` (French "50 % de réduction") is text there too. Unless the source writes `%%`: that
      // proves it goes through a format call, so the translation's `% la` reads an argument that
      // does not exist (SPEC §14).
      let sourceIsText = devSignature.conversions.isEmpty && devSignature.names.isEmpty && !devValue.contains("%%")
      let signature = comparableSignature(value) { sourceIsText && isFlaggedPercent($0) }
      let differences = signature.differences(from: devSignature)
      // In a catalog, a key with specifiers is the format the code passes (SwiftUI's
      // `Text("followers \(count)")` is the key `followers %lld`): a translation that reads those
      // arguments is right even where the source ignores one ("starred" for `favorite %lld`).
      if !differences.isEmpty, reference.file == nil, key.containsUTF8(0x25),
         signature == comparableSignature(key, drop: { _ in false }), !FormatString(key).signature.conversions.isEmpty {
        continue
      }
      if !differences.isEmpty {
        file.add(.formatMismatch, "'\(key)' in '\(language)' ('\(entry.value)') does not take the arguments of '\(reference.language)' "
          + "('\(devText)'): \(differences.joined(separator: ", "))", at: entry, key: key)
      }
    }
  }

  /// Whether the format rules run on a kind of table: not on tables shown verbatim (Interface
  /// Builder's) or read as templates (`NSPredicateEditor`'s).
  static func runsFormatRules(_ kind: StringsTableKind) -> Bool { kind == .standard || kind == .infoPlist }

  /// The signature of `text` as compared across localizations: the specifiers `drop` names are
  /// left out (they read no argument the author meant), and `% @` counts as `%@`, which is how
  /// CoreFoundation formats it (the space flag does nothing to an object).
  static func comparableSignature(_ text: String, drop: (FormatSpecifier) -> Bool) -> FormatSignature {
    let format = FormatString(text)
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

  /// `% @`, `%1$ @`: an object specifier with only space flags.
  static func isSpaceFlaggedObject(_ specifier: FormatSpecifier) -> Bool {
    let conversion = specifier.conversion
    return conversion.count > 1 && conversion.hasSuffix("@") && conversion.dropLast().allSatisfy { $0 == " " }
  }

  /// A `%` followed by a space (a printf flag: `% d`, `% g`) or ending the text.
  static func isFlaggedPercent(_ specifier: FormatSpecifier) -> Bool {
    specifier.text == "%" || (specifier.conversion.first == " " && !isSpaceFlaggedObject(specifier))
  }

  /// The first C0 control character other than tab and newline, or DEL, as `U+001B`.
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
            for k in i..<(i + 8) where (bytes[k] < 0x20 && bytes[k] != 0x09 && bytes[k] != 0x0A) || bytes[k] == 0x7F { return true }
          }
          i += 8
        }
      }
      while i < n {
        let byte = bytes[i]
        if (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F { return true }
        i += 1
      }
      return false
    }
    guard hasControl ?? true else { return nil }
    for scalar in value.unicodeScalars where (scalar.value < 0x20 && scalar.value != 0x09 && scalar.value != 0x0A) || scalar.value == 0x7F {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return nil
  }

  /// The localization a device without a matching language picks (SPEC §6), by folder name.
  static func pickDevelopment(_ names: [String], developmentLanguage: String) -> String? {
    let bundle = LocalizationBundle(
      localizations: names.map { Localization(identifier: $0, languageCode: $0, table: nil) }, developmentLanguage: developmentLanguage)
    return bundle.developmentLocalization?.identifier
  }
}
