import Foundation
import StringsFile
import Testing

@testable import APNsLint

/// What a table's findings depend on (`TableDependencies`, issue 54 item 2), and a lint of a tree
/// reading each file once.
@Suite("strings lint: what a table's findings depend on")
struct TableDependenciesTests {
  /// A translation reads itself, its `.stringsdict` sibling, the development tables and (as
  /// evidence) the other translations of its name beside it; nothing of another name or folder.
  @Test func aTranslationDependsOnItsGroup() {
    let french = TableDependencies(of: "App/fr.lproj/Localizable.strings", developmentLanguage: "en")
    #expect(!french.isDevelopment)
    #expect(french.scope == "App" && french.name == "Localizable" && french.localization == "fr")
    #expect(french.role(of: "App/fr.lproj/Localizable.strings") == .itself)
    #expect(french.role(of: "App/./fr.lproj/../fr.lproj/Localizable.strings") == .itself)
    #expect(french.role(of: "App/fr.lproj/Localizable.stringsdict") == .sibling)
    #expect(french.role(of: "App/en.lproj/Localizable.strings") == .development)
    #expect(french.role(of: "App/en.lproj/Localizable.stringsdict") == .development)
    #expect(french.role(of: "App/de.lproj/Localizable.strings") == .evidence)
    #expect(french.role(of: "App/fr.lproj/InfoPlist.strings") == nil)
    #expect(french.role(of: "App/en.lproj/InfoPlist.strings") == nil)
    #expect(french.role(of: "Widget/en.lproj/Localizable.strings") == nil)
    #expect(french.role(of: "App/Localizable.xcstrings") == nil)
  }

  /// An Interface Builder table reads its storyboard or XIB (which menu titles AppKit never
  /// draws): in a `Base.lproj` beside its folder or in its folder, of its name; a catalog too.
  @Test func anInterfaceBuilderTableDependsOnItsInterfaceFile() {
    let french = TableDependencies(of: "App/fr.lproj/Main.strings", developmentLanguage: "en")
    #expect(french.role(of: "App/Base.lproj/Main.storyboard") == .interface)
    #expect(french.role(of: "App/fr.lproj/Main.xib") == .interface)
    #expect(french.role(of: "App/Base.lproj/Other.storyboard") == nil)
    #expect(french.role(of: "Widget/Base.lproj/Main.storyboard") == nil)
    #expect(french.role(of: "App/en.lproj/Main.storyboard") == nil)
    let catalog = TableDependencies(of: "App/mul.lproj/Main.xcstrings", developmentLanguage: "en")
    #expect(catalog.role(of: "App/Base.lproj/Main.storyboard") == .interface)
    #expect(catalog.role(of: "App/mul.lproj/Main.storyboard") == .interface)
    #expect(TableDependencies(of: "App/fr.lproj/Localizable.strings", developmentLanguage: "en").role(of: "App/Base.lproj/Main.storyboard") == nil)
  }

  /// The development table reads every localization's table of its name (a folder lacking it
  /// is reported there); `en_GB` names the same language as `en-gb`.
  @Test func theDevelopmentTableDependsOnEveryLocalizationOfItsName() {
    let english = TableDependencies(of: "App/en.lproj/Localizable.strings", developmentLanguage: "en")
    #expect(english.isDevelopment)
    #expect(english.role(of: "App/fr.lproj/Localizable.strings") == .translation)
    #expect(english.role(of: "App/en.lproj/Localizable.stringsdict") == .sibling)
    #expect(english.role(of: "App/fr.lproj/InfoPlist.strings") == nil)
    let british = TableDependencies(of: "App/en_GB.lproj/Localizable.strings", developmentLanguage: "en-gb")
    #expect(british.isDevelopment)
  }

  /// A catalog, and a table outside any `.lproj` folder, depend on themselves only.
  @Test func aCatalogOrALooseTableDependsOnItselfOnly() {
    let catalog = TableDependencies(of: "App/Localizable.xcstrings", developmentLanguage: "en")
    #expect(catalog.scope == nil)
    #expect(catalog.role(of: "App/Localizable.xcstrings") == .itself)
    #expect(catalog.role(of: "App/en.lproj/Localizable.strings") == nil)
    let loose = TableDependencies(of: "Tables/Localizable.strings", developmentLanguage: "en")
    #expect(loose.scope == nil)
    #expect(loose.role(of: "Tables/en.lproj/Localizable.strings") == nil)
  }

  /// `strings lint` over a tree reads each table once, however many groups compare it: the
  /// `contents` hook is asked once per file (nil: the disk is read).
  @Test func aTreeLintReadsEachFileOnce() throws {
    let folder = TableFolder()
    for language in ["en", "fr", "de"] {
      try folder.write("App/\(language).lproj/Localizable.strings", "\"a\" = \"A \(language)\";\n")
      try folder.write("App/\(language).lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Notes\";\n")
      try folder.write("Widget/\(language).lproj/Localizable.strings", "\"w\" = \"W \(language)\";\n")
    }
    try folder.write("App/fr.lproj/Localizable.stringsdict", stringsdict(["a": ["one": "%d un", "other": "%d autres"]]))
    try folder.write("App/Localizable.xcstrings", #"{"sourceLanguage": "en", "version": "1.0", "strings": {"x": {}}}"#)
    final class Reads: @unchecked Sendable {
      let lock = NSLock()
      var paths: [String] = []
      func note(_ path: String) { lock.lock(); paths.append(path); lock.unlock() }
    }
    let reads = Reads()
    for jobs in [1, 3] {
      reads.paths = []
      var problems: [FileWalk.Problem] = []
      let files = try StringsLint.lint(root: folder.root.path, jobs: jobs, contents: { reads.note($0); return nil }, problems: &problems)
      #expect(problems.isEmpty)
      #expect(files.count == 11)
      #expect(reads.paths.count == 11)
      #expect(Set(reads.paths) == Set(files.map(\.path)))
    }
  }
}
