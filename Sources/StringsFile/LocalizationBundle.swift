import LintVocabulary
import Foundation

/// One localization of an app: the tables of one `.lproj` folder (or one language of a catalog).
public struct Localization: Sendable {
  /// The folder name without `.lproj` (`en_GB`, `English`), or the catalog's language.
  public var identifier: String
  /// The canonical BCP-47 code: `en-GB`, `en` for `English`, `zh-Hans`, `zh-Hans-CN` for `zh_CN`.
  public var languageCode: String
  /// The table (`Localizable.strings`, merged with the catalog's language if both exist); nil if none.
  public var table: StringsTable?
  /// The plural keys (`Localizable.stringsdict`, plural variations of a catalog).
  public var pluralKeys: Set<String>
  /// The files read for this localization.
  public var files: [String]

  /// Creates a localization.
  public init(identifier: String, languageCode: String, table: StringsTable?, pluralKeys: Set<String> = [], files: [String] = []) {
    self.identifier = identifier
    self.languageCode = languageCode
    self.table = table
    self.pluralKeys = pluralKeys
    self.files = files
  }
}

/// The localizations found below a directory, and the one a device picks for its languages.
///
/// Every `*.lproj` folder below the root (recursively; `Base.lproj` is skipped: it holds Interface
/// Builder files, not a language) contributes `TABLE.strings` and `TABLE.stringsdict`; every
/// `TABLE.xcstrings` contributes one localization per language. Folders whose names differ only in
/// case or `-`/`_` are one localization. Each table keeps its own findings.
public struct LocalizationBundle: Sendable {
  /// The localizations, sorted by identifier.
  public var localizations: [Localization]
  /// The development language (the fallback when no preferred language matches).
  public var developmentLanguage: String
  /// Problems about the bundle as a whole (a `.stringsdict` that does not parse); table problems
  /// stay in the tables.
  public var findings: [Finding]
  /// What could not be read below the root (a folder, a table, something that is not a regular
  /// file): the localizations it would have given are missing, so callers must report these.
  public var unreadable: [FileWalk.Problem]

  /// The most bytes read from one table.
  public static let maxTableBytes = 512 << 20

  /// Finds the localizations of table `table` below `root`. Throws only when `root` is not a readable directory.
  public init(root: String, table: String = "Localizable", developmentLanguage: String = "en") throws {
    var problems: [Finding] = []
    var unreadable: [FileWalk.Problem] = []
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root])
    }
    let wantedNames: Set<String> = ["\(table).strings", "\(table).stringsdict", "\(table).xcstrings"]
    let walk = FileWalk.files(below: root) { relative in
      wantedNames.contains(String(relative[(relative.lastIndex(of: "/").map { relative.index(after: $0) } ?? relative.startIndex)...]))
    }
    unreadable += walk.problems
    // Nothing outside the repository is read through a symbolic link (SPEC §14).
    var files = walk.files
    if files.contains(where: \.isSymbolicLink) {
      let boundary = FileWalk.repositoryBoundary(of: root)
      files.removeAll { file in
        guard file.isSymbolicLink, !(boundary.map { FileWalk.resolves(file.bytes, inside: $0) } ?? false) else { return false }
        unreadable.append(FileWalk.outsideProblem(file, boundary: boundary ?? root))
        return true
      }
    }
    var bytesByPath: [String: [UInt8]] = [:]
    for file in files { bytesByPath[file.path] = file.bytes }
    let paths = files.map(\.path)
    func readFile(_ path: String) -> Data? {
      switch FileWalk.read(bytesByPath[path] ?? Array(path.utf8), shownAs: path, limit: Self.maxTableBytes) {
      case .success(let bytes): return Data(bytes)
      case .failure(let problem): unreadable.append(problem); return nil
      }
    }

    var byName: [String: Localization] = [:]
    var order: [String] = []
    func add(identifier: String, file: String, table newTable: StringsTable?, plural: Set<String>) {
      let key = LanguageMatcher.normalizedName(identifier)
      var localization = byName[key] ?? Localization(
        identifier: identifier, languageCode: LanguageTag(identifier)?.code ?? identifier, table: nil)
      if byName[key] == nil { order.append(key) }
      localization.files.append(file)
      localization.pluralKeys.formUnion(plural)
      if let newTable {
        if var existing = localization.table {
          existing.entries += newTable.entries
          existing.findings += newTable.findings
          existing.pluralKeys.formUnion(newTable.pluralKeys)
          existing.states.merge(newTable.states) { _, new in new }
          existing.staleKeys.formUnion(newTable.staleKeys)
          localization.table = existing
        } else {
          localization.table = newTable
        }
      }
      byName[key] = localization
    }

    for path in paths {
      let url = URL(fileURLWithPath: path)
      let name = url.lastPathComponent
      let folder = url.deletingLastPathComponent().lastPathComponent
      guard folder.lowercased().hasSuffix(".lproj") || name == "\(table).xcstrings" else { continue }
      if name == "\(table).xcstrings" {
        guard let data = readFile(path) else { continue }
        let catalog = StringCatalog.parse(data, path: path)
        problems += catalog.findings
        for (language, t) in catalog.tables.sorted(by: { $0.key < $1.key }) {
          var t = t
          let plural = t.pluralKeys
          t.pluralKeys = []
          add(identifier: language, file: path, table: t, plural: plural)
        }
        continue
      }
      let identifier = String(folder.dropLast(".lproj".count))
      guard identifier.lowercased() != "base" else { continue }
      if name == "\(table).strings" {
        guard let data = readFile(path) else { continue }
        add(identifier: identifier, file: path, table: StringsParser.parse(data, path: path), plural: [])
      } else if name == "\(table).stringsdict" {
        guard let data = readFile(path) else { continue }
        let dict = StringsParser.parse(data, path: path)
        problems += dict.findings.map { f in
          var f = f
          f.message = "\(path): \(f.message)"
          return f
        }
        add(identifier: identifier, file: path, table: nil, plural: dict.pluralKeys)
      }
    }
    self.localizations = order.compactMap { byName[$0] }.sorted { $0.identifier < $1.identifier }
    self.developmentLanguage = developmentLanguage
    self.findings = problems
    self.unreadable = unreadable
  }

  /// Creates a bundle from localizations already read.
  public init(localizations: [Localization], developmentLanguage: String = "en") {
    self.localizations = localizations.sorted { $0.identifier < $1.identifier }
    self.developmentLanguage = developmentLanguage
    self.findings = []
    self.unreadable = []
  }

  /// The localization iOS picks for a preferred-language list, else the development language's;
  /// nil when neither exists. See `LanguageMatcher` for the algorithm.
  public func localization(for preferredLanguages: [String]) -> Localization? {
    let names = localizations.map(\.identifier)
    guard let index = LanguageMatcher.pick(preferred: preferredLanguages, available: names, developmentLanguage: developmentLanguage)
    else { return nil }
    return localizations[index]
  }

  /// The localization of the development language, if any.
  public var developmentLocalization: Localization? { localization(for: []) }
}
