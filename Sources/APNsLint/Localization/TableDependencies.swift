import Foundation

/// What the findings of one table depend on (issue 54 item 2), so that a change to one file
/// re-lints only the tables that read it: the language server marks an open table stale only
/// when a file it depends on changed.
///
/// A `.strings` or `.stringsdict` in a `.lproj` folder is compared with the tables of the same
/// name in the `.lproj` folders beside it (``StringsLint/comparisonScope(of:)``); its findings read
/// - ``Role/itself``: its own bytes;
/// - ``Role/sibling``: its `.lproj`'s table of the same name in the other kind (CFBundle reads a
///   key the `.stringsdict` defines from there, over the `.strings` value);
/// - ``Role/development``: the development language's tables of that name (keys, values and
///   formats it is compared with);
/// - ``Role/translation``, for a development table: every localization's table of that name,
///   whose absence is reported in the development table;
/// - ``Role/evidence``: the other translations of that name, through one fact per key only:
///   whether each keeps the development text unchanged or translates it, which decides whether a
///   missing key or a copy of the development text reads as meant (`strings-missing-translation`
///   as information, `strings-wrong-script` counting a copy).
/// - ``Role/interface``: the storyboard or XIB the table was made from (`NAME.storyboard` or
///   `NAME.xib` in a `Base.lproj` beside the table's folder, or in the table's folder), whose
///   menus say which `NSMenu` titles AppKit never draws (SPEC §3, "Not for translation"): a
///   `.strings` table's and an Interface Builder String Catalog's alike.
///
/// A String Catalog and a table outside any `.lproj` folder depend on themselves (and their
/// interface file) only. Tables of
/// another name, in another folder, or of another directory's `.lproj` folders are never read
/// for it. Two inputs are not files of the tree and are not listed: the project files that say
/// what ships (`strings lint` reads them once for the whole tree, the language server when the
/// workspace opens and again when one changes, re-linting every open table) and the keys the code looks up (`--sources`, applied to the findings after the lint).
///
/// The development language is the one named; a folder that only stands in for it (`en_GB.lproj`
/// with no `en.lproj`) is a translation here, which still depends on every table of the group.
public struct TableDependencies: Sendable, Hashable {
  /// How a file bears on the table's findings.
  public enum Role: String, Sendable, Hashable {
    case itself, sibling, development, translation, evidence, interface
  }

  /// The table's path, standardized.
  public let path: String
  /// The folder whose `.lproj` folders are compared (`App` for `App/fr.lproj/Localizable.strings`);
  /// nil for a table compared with nothing (a catalog, a table outside a `.lproj` folder).
  public let scope: String?
  /// The table's name without its extension (`Localizable`).
  public let name: String
  /// Its localization (`fr`), as its folder names it; empty outside a `.lproj` folder.
  public let localization: String
  /// Whether it is the development language's table.
  public let isDevelopment: Bool

  /// The dependencies of the table at `path`, the group's development language being `developmentLanguage`.
  public init(of path: String, developmentLanguage: String) {
    let standard = Self.standard(path)
    self.path = standard
    let parts = Self.parts(standard)
    name = parts.name
    localization = parts.localization ?? ""
    let isTable = !standard.lowercased().hasSuffix(".xcstrings")
    scope = isTable ? parts.scope : nil
    isDevelopment = scope != nil && StringsLint.sameLanguageKey(localization) == StringsLint.sameLanguageKey(developmentLanguage)
    self.developmentKey = StringsLint.sameLanguageKey(developmentLanguage)
  }

  /// The development language, compared as ``StringsLint/sameLanguageKey(_:)`` does.
  private let developmentKey: String

  /// How `candidate` bears on the table's findings; nil when it does not.
  public func role(of candidate: String) -> Role? {
    let standard = Self.standard(candidate)
    if standard == path { return .itself }
    if isInterfaceFile(standard) { return .interface }
    guard let scope else { return nil }
    let parts = Self.parts(standard)
    let ext = (standard as NSString).pathExtension.lowercased()
    guard parts.scope == scope, parts.name == name, let other = parts.localization, ext == "strings" || ext == "stringsdict" else { return nil }
    let otherKey = StringsLint.sameLanguageKey(other)
    if otherKey == StringsLint.sameLanguageKey(localization) { return .sibling }
    if isDevelopment { return .translation }
    if otherKey == developmentKey { return .development }
    return .evidence
  }

  /// Whether `candidate` (standardized) is the table's storyboard or XIB, where
  /// `StringsLint.interfaceFile(for:)` looks for it: the table's name, in a `Base.lproj` beside the
  /// table's folder or in that folder.
  private func isInterfaceFile(_ candidate: String) -> Bool {
    let ext = (candidate as NSString).pathExtension.lowercased()
    guard ext == "storyboard" || ext == "xib",
          ((candidate as NSString).lastPathComponent as NSString).deletingPathExtension == name else { return false }
    let folder = (path as NSString).deletingLastPathComponent
    let candidateFolder = (candidate as NSString).deletingLastPathComponent
    return candidateFolder == folder
      || candidateFolder == Self.standard(((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Base.lproj"))
  }

  /// Whether the table's findings depend on `candidate` (it has a ``role(of:)``).
  public func dependsOn(_ candidate: String) -> Bool { role(of: candidate) != nil }

  /// `path` with `.`, `..` and repeated `/` resolved by its components (no link followed;
  /// `NSString.standardizingPath` keeps a relative path's `..`).
  static func standard(_ path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
      if component == "..", let last = components.last, last != ".." {
        components.removeLast()
      } else if component == "..", path.hasPrefix("/") && components.isEmpty {
        continue  // `/..` is `/`
      } else {
        components.append(component)
      }
    }
    let joined = components.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// The folder above a path's `.lproj` folder, the table's name and its localization; no scope
  /// and no localization outside a `.lproj` folder.
  static func parts(_ path: String) -> (scope: String?, name: String, localization: String?) {
    let folder = (path as NSString).deletingLastPathComponent
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let folderName = (folder as NSString).lastPathComponent
    guard folderName.lowercased().hasSuffix(".lproj") else { return (nil, name, nil) }
    let above = (folder as NSString).deletingLastPathComponent
    return (above.isEmpty ? "." : above, name, (folderName as NSString).deletingPathExtension)
  }
}
