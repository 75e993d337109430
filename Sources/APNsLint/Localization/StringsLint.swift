import PayloadSchema
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
  public var findings: [Finding]
  /// The keys of the development language this file's localizations lack, one group per
  /// localization (one for a `.lproj` table, one per language for a String Catalog).
  public var missingTranslations: [MissingTranslations] = []
  /// A catalog's keys in state `needs_review` or `stale`, one group per localization and rule
  /// (``groupedFindings`` shows one finding per group, as for missing translations).
  public var stateGroups: [StateGroup] = []

  /// A String Catalog's keys Xcode marks stale where its extraction maintains the catalog: what
  /// ``StringsLint/markStale(_:)`` makes information when no code is read.
  public var staleKeys: Set<String> = []

  /// Creates a file result.
  public init(path: String, findings: [Finding], missingTranslations: [MissingTranslations] = [], stateGroups: [StateGroup] = []) {
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
  /// True when the localization's table has no entry at all: one finding already says so, and
  /// the group only counts in the summary.
  public var reportedWhole = false
  /// What a device using the localization shows for these keys (SPEC §3, "Strings tables").
  public var fallback: MissingFallback = .rawKey
  /// The language the table is compared with (`en`), which a fallback to the development text shows.
  public var developmentLanguage = ""

  /// Whether the keys lack a translation that a device would show: not when what it shows reads
  /// as meant (``MissingFallback/readsAsMeant(regionalVariant:)``, information).
  public var isMissing: Bool {
    if case .readsAsMeant = fallback { return false }
    return true
  }
}

/// What a device shows for a key its localization's table lacks: the lookup returns the key
/// itself (CFBundle's `CFBundleCopyLocalizedString`: "If no value exists for key, returns value
/// unless value is NULL or an empty string, in which case key is returned"), so a key that is the
/// development text shows that text; Interface Builder's tables fall back to the nib's own text
/// and `InfoPlist.strings` to Info.plist's.
public enum MissingFallback: Sendable, Hashable {
  /// The development language's text: the key is that text (a String Catalog's key, a
  /// `.strings` key written as its English value), or the nib's or Info.plist's own text.
  case developmentText
  /// The key, which is not the text (`PHOTO_BODY`).
  case rawKey
  /// Nothing is missing: the development text shown is right in the language as it stands, as it
  /// is the same in every language that has the key, has no word to translate, or the language
  /// is a regional variant of the development one (`regionalVariant`); an empty key. Information.
  case readsAsMeant(regionalVariant: Bool)
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
/// - `strings-missing-translation`: in the translation's file at 1:1 (at the key in a catalog, where
///   the translation is missing from the key's own entry), keyPath the key, the message naming the
///   development file and line; a localization folder without the table at all gets one finding in
///   the development file.
/// - `strings-extra-key`, `strings-format-mismatch`: at the translation's entry (its last
///   definition, the one the device reads).
/// Tables CoreFoundation refuses as a whole are not compared (their own error says why). A finding
/// about a key of a plist or catalog stands at the key (`<key>`, the key's opening quote), one
/// about its value at the value (docs/behaviour.md, "Positions in tables"); a binary plist has no
/// lines: its findings stand at 1:1 with the byte offset of the key object.
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
      StringsLintFile(path: $0.path, findings: [Finding(StringsMessage.unreadable($0), line: 1, column: 1)])
    } + files
  }

  /// Lints every table below `root`; what cannot be read (a folder, a file, something that is not
  /// a regular file) is added to `problems` — never skipped in silence — and the rest is linted.
  /// Throws only when `root` does not exist. `exclude` names localizations no device picks (besides
  /// ``alwaysExcluded`` and ``ExcludedLocalizations/isUnpickable(_:)``): their tables are read on their own but not linted as translations.
  /// `jobs` threads walk, read, compare and check (1, the default: the calling thread only; the
  /// command line passes one per core or `APNS_LINT_JOBS`); the result is the same whatever their number.
  /// `contents` gives a file's bytes instead of the disk (by the path the walk found, e.g.
  /// `root/fr.lproj/Localizable.strings`) when it returns some: `--fix` checks a fixed table with
  /// its siblings as they are, and the language server an open document and the siblings it keeps.
  public static func lint(root: String, developmentLanguage: String = "en", table: String? = nil, exclude: [String] = [],
                          jobs: Int = 1, contents: (@Sendable (String) -> [UInt8]?)? = nil,
                          include: (@Sendable (String) -> Bool)? = nil, shipping: ProjectShipping? = nil,
                          problems: inout [FileWalk.Problem]) throws -> [StringsLintFile] {
    let excluded = ExcludedLocalizations(exclude)
    let jobs = max(1, jobs)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root])
    }
    var found: [FileWalk.File]
    if isDirectory.boolValue {
      // Not into build products (`FileWalk.buildFolders`): a built bundle's copy of a table repeats its findings.
      let walk = FileWalk.files(below: root, jobs: jobs, skipping: FileWalk.buildFolders) { isTableFile($0, table: table, standalone: true) }
      // `include` keeps the files a table's findings depend on (`comparisonScope(of:developmentLanguage:)`).
      found = include.map { keep in walk.files.filter { keep($0.path) } } ?? walk.files
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
    let planned = plan(found, jobs: jobs, shipping: isDirectory.boolValue ? shipping : nil)
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
            // Unread, a file stays in its group without a table: its localization is not "missing".
            failures[index] = read(found[index], into: &members[position], contents: contents)
          }
          if let localizations = units[unit].localizations {
            noteOverriddenKeys(&members)
            members.withUnsafeMutableBufferPointer { buffer in
              // A unit holds one table name's `.strings` and `.stringsdict`: each compared with its own kind.
              var subgroups: [String: [Int]] = [:]
              for index in buffer.indices { subgroups[buffer[index].groupKey, default: []].append(index) }
              for groupKey in subgroups.keys.sorted() {
                compareGroup(buffer, members: subgroups[groupKey] ?? [], localizations: localizations,
                             developmentLanguage: developmentLanguage)
              }
            }
          }
          for (position, index) in units[unit].members.enumerated() where failures[index] == nil {
            results[index] = finish(&members[position], developmentLanguage: developmentLanguage, excluded: excluded)
          }
        }
      }
    }
    problems += failures.compactMap { $0 }
    for (index, finding) in lprojNameFindings(planned) { results[index]?.findings.insert(finding, at: 0) }  // strings-lproj-name
    return results.compactMap { $0 }
  }

  /// Reads one file of a group into its slot: the bytes `contents` gives, else the disk's; the
  /// problem when it cannot be read.
  static func read(_ file: FileWalk.File, into member: inout LintedFile, contents: (@Sendable (String) -> [UInt8]?)?) -> FileWalk.Problem? {
    if let given = contents?(file.path) {
      member.read(given)
      return nil
    }
    switch FileWalk.read(file.bytes, shownAs: file.path, limit: maxTableBytes) {
    case .success(let bytes):
      member.read(bytes)
      if file.isSymbolicLink { member.noteSymbolicLink(file.bytes) }
      return nil
    case .failure(let problem):
      return problem
    }
  }

  /// A file's own checks, then its findings in order; its tables are released here, on the
  /// worker thread.
  static func finish(_ file: inout LintedFile, developmentLanguage: String, excluded: ExcludedLocalizations) -> StringsLintFile {
    let developmentLanguage = file.projectLanguage ?? developmentLanguage
    let excluded = file.excludingUnreadLanguages(excluded)
    if file.isCatalog && file.notShipped == nil { compareCatalog(&file, developmentLanguage: developmentLanguage, excluded: excluded) }
    file.checkValues(developmentLanguage: developmentLanguage, excluded: excluded)
    file.checkPlurals(excluded: excluded)
    file.checkStructure(excluded: excluded)
    file.checkXMLEscapes()
    file.judgeExtraBOM()
    file.markNotShipped()
    // Findings placed by byte offset (plists, catalogs) get their line and column here, in one
    // pass over the file; a binary plist has no lines: 1:1, the offset kept.
    TextPositions.resolve(&file.findings, in: file.source, lines: file.table?.hasLines ?? true)
    let ordered = file.findings.enumerated().sorted {
      ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
    }.map(\.element)
    let staleKeys = file.evidentlyStaleKeys()
    file.table = nil
    file.catalogTables = [:]
    file.source = []
    var result = StringsLintFile(path: file.path, findings: ordered, missingTranslations: file.missing, stateGroups: file.stateGroups)
    result.staleKeys = staleKeys
    return result
  }

  /// What one thread does at a time: the files of one comparison group with the directory's
  /// localizations (sorted), or a file compared with nothing (a catalog, `Base.lproj`, an
  /// excluded localization, a table outside `.lproj`). The largest groups come first, so that the
  /// last one to finish is a small one.
  static func workUnits(_ files: [LintedFile], excluded: ExcludedLocalizations) -> [(members: [Int], localizations: [String]?)] {
    var groups: [String: [Int]] = [:]
    var localizationsByDirectory: [String: Set<String>] = [:]
    var alone: [Int] = []
    for index in files.indices {
      let file = files[index]
      guard !file.isCatalog, file.localization.lowercased() != "base", file.isInLocalizationFolder,
            !excluded.contains(file.localization), file.notShipped == nil
      else { alone.append(index); continue }
      groups[file.unitKey, default: []].append(index)
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

  /// The table the device reads (SPEC §5): CFBundle loads a `.lproj`'s `.stringsdict` over its
  /// `.strings` of the same name (`CFBundle_Strings.c`), so a key both define is read from the
  /// `.stringsdict`. Each `.strings` member learns the keys its localization's `.stringsdict`
  /// overrides, and the development language's too (its `.strings` value is then not the format
  /// the code runs either).
  static func noteOverriddenKeys(_ members: inout [LintedFile]) {
    var byLocalization: [String: Set<String>] = [:]
    for member in members where member.isStringsdict {
      guard let table = member.table, Localizer.isLoaded(table) else { continue }
      var keys = table.pluralKeys
      for entry in table.entries { keys.insert(entry.key) }
      if !keys.isEmpty { byLocalization[member.localization, default: []].formUnion(keys) }
    }
    guard !byLocalization.isEmpty else { return }
    for index in members.indices where !members[index].isStringsdict {
      if let keys = byLocalization[members[index].localization] { members[index].overriddenKeys = keys }
    }
  }

  /// What a table is compared with: the folder that holds its `.lproj` folder and its table
  /// name (`App/fr.lproj/Localizable.strings` → `App`, `Localizable`), or the table alone (a
  /// catalog, a table outside a `.lproj`). `lint(root:table:…)` over that scope gives the table
  /// the findings a lint of the whole tree gives it: what `--fix` and the language server check.
  public static func comparisonScope(of path: String) -> (root: String, table: String?) {
    let folder = (path as NSString).deletingLastPathComponent
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    guard folder.lowercased().hasSuffix(".lproj"), !path.lowercased().hasSuffix(".xcstrings") else { return (path, nil) }
    let above = (folder as NSString).deletingLastPathComponent
    return (above.isEmpty ? "." : above, name)
  }

  /// Whether two paths name the same file, written differently (`./a`, `a`, `x/../a`).
  public static func samePath(_ a: String, _ b: String) -> Bool {
    a == b || (a as NSString).standardizingPath == (b as NSString).standardizingPath
  }

  /// Localizations no device picks, never linted as translations, besides those
  /// ``ExcludedLocalizations/isUnpickable(_:)`` recognizes: `qqq`, translatewiki.net's translator
  /// notes (documentation of each key, in English).
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
}

/// The localizations `strings lint`, `check --strings` and `render` leave out as translations:
/// those the configuration names (`localization.exclude`), ``StringsLint/alwaysExcluded``, and
/// every folder whose name is no language a device can run in (``isUnpickable(_:)``). CFBundle
/// picks a localization only by matching it against the user's preferred languages, which are
/// always real languages, so nothing in such a folder reaches a device (SPEC §3, "Strings tables").
public struct ExcludedLocalizations: Sendable {
  /// The names given, lowercased, `_` read as `-`.
  public let named: Set<String>

  /// `exclude` (the configuration's `localization.exclude`) and ``StringsLint/alwaysExcluded``.
  public init(_ exclude: [String]) {
    named = Set((exclude + StringsLint.alwaysExcluded).map(StringsLint.sameLanguageKey))
  }

  private init(named: Set<String>) { self.named = named }

  /// These and `more` (a catalog's languages no device reads).
  func adding(_ more: some Sequence<String>) -> ExcludedLocalizations {
    ExcludedLocalizations(named: named.union(more.map(StringsLint.sameLanguageKey)))
  }

  /// Whether `localization` (a folder name without `.lproj`, or a catalog language) is left out.
  public func contains(_ localization: String) -> Bool {
    let key = StringsLint.sameLanguageKey(localization)
    return named.contains(key) || Self.isUnpickable(key)
  }

  /// Whether no device's language setting can select `localization`:
  /// - a name with a gettext modifier (`en@pirate`, `sr@latin`): BCP 47, which iOS and macOS match
  ///   languages by, has no `@` (Serbian in Latin script is `sr-Latn`);
  /// - a bare two-letter name that is no ISO 639-1 language (`pr`, a translation platform's
  ///   "Pirate"); with a region or script after it the folder is left in, as a library may load
  ///   such a folder by its own name;
  /// - a country code written for a language (`StringsLint.countryCodes`: `jp`, `cn`, and `kr`,
  ///   Kanuri's code, which no Apple device runs in), reported by `strings-lproj-name`;
  /// - a language of ISO 639 that no one speaks today (`enm` Middle English, `ang`, `fro`, `peo`
  ///   Old Persian, `grc`, …), private use (`qaa`–`qtz`), `und`, `zxx` and `mis`.
  /// `Base`, legacy names (`English`) and anything else stay in.
  public static func isUnpickable(_ localization: String) -> Bool {
    let key = StringsLint.sameLanguageKey(localization)
    // An ASCII name (every real one) is searched by its bytes, where a byte is a Character.
    let isASCII = key.utf8.allSatisfy { $0 < 0x80 }
    if (isASCII ? key.utf8.contains(UInt8(ascii: "@")) : key.contains("@")) || StringsLint.countryCodes[key] != nil { return true }
    let language = isASCII
      ? key.utf8.firstIndex(of: UInt8(ascii: "-")).map { String(key[..<$0]) } ?? key
      : key.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? key
    switch language.utf8.count {
    case 2: return language == key && !iso639Part1.contains(language)
    case 3: return historicalOrReserved.contains(language) || ("qaa"..."qtz").contains(language)
    default: return false
    }
  }

  /// ISO 639-1's languages, with the codes it withdrew that CFLocale still maps (`iw`, `in`, `ji`,
  /// `mo`, `sh`).
  static let iso639Part1: Set<String> = Set("""
    aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en \
    eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv \
    ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne \
    ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st \
    su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu iw in ji mo sh
    """.split(separator: " ").map(String.init))

  /// ISO 639-2's historical languages (no living speakers: no device runs in them) and its codes
  /// for no language (`und` undetermined, `zxx` no linguistic content, `mis` uncoded).
  static let historicalOrReserved: Set<String> = [
    "ang", "enm", "fro", "frm", "goh", "gmh", "grc", "non", "sga", "mga", "dum", "ota", "peo", "pro", "got", "xno",
    "akk", "egy", "sux", "hit", "pal", "und", "zxx", "mis",
  ]
}
