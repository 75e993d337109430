import PayloadSchema
import Foundation
import StringsFile
import Testing
@testable import APNsLint

/// The last false results of issue #27 (SPEC §14), each as the real file showed it.
@Suite("strings lint: %% marks a format, UTF-16 whose skipped bytes are a line break, symbolic links out, XML escapes, shouldTranslate")
struct StringsLeftoversTests {
  /// The English value's `%%` proves it goes through a format call: the French `% la` reads a
  /// float argument that does not exist.
  @Test func doublePercentMarksAFormat() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"SAVE\" = \"Save 50%% the first year\";\n\"PLAIN\" = \"50 % off\";\n")
    try folder.write("fr.lproj/Localizable.strings", "\"SAVE\" = \"Économisez 50 % la première année%%\";\n\"PLAIN\" = \"50 % de réduction\";\n")
    let result = try folder.lint()
    #expect(result["fr.lproj/Localizable.strings"] == [
      "strings-format-mismatch 1:1 SAVE: 'SAVE' in 'fr' ('Économisez 50 % la première année%%') does not take the arguments of 'en' ('Save 50%% the first year'): position 1 is extra: '% la' reads past the arguments the code passes (it prints whatever lies there: a meaningless value)"
    ])
  }

  /// BOM-less UTF-16 whose first two bytes (skipped by CoreFoundation) are a line break: a
  /// warning, and the table is read and compared; part of a key there stays an error.
  @Test func utf16WithoutABOMStartingWithALineBreak() throws {
    let folder = TableFolder()
    let text = "\n\"A\" = \"Bonjour\";\n"
    var bytes: [UInt8] = []
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    try folder.write("en.lproj/Localizable.strings", "\"A\" = \"Hello\";\n\"B\" = \"Bye\";\n")
    try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
    try Data(bytes).write(to: folder.root.appendingPathComponent("fr.lproj/Localizable.strings"))
    // The key's own quote skipped: `A" = …` is not a table.
    let broken = Array(bytes.dropFirst(2))
    try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    try Data(broken).write(to: folder.root.appendingPathComponent("de.lproj/Localizable.strings"))
    let files = try StringsLint.lint(root: folder.root.path)
    let fr = try #require(files.first { $0.path.hasSuffix("fr.lproj/Localizable.strings") })
    #expect(described(fr.findings) == [
      "strings-encoding-space-skipped 1:1 -: UTF-16 without a byte order mark: CoreFoundation skips the first two bytes (a line break here, so the table reads the same) and reads the rest as little-endian UTF-16; save the file as UTF-8 or with a BOM",
      "strings-missing-translation 1:1 B: 'B' of 'en.lproj/Localizable.strings:2' has no translation in 'fr': the device shows the raw key",
    ])
    #expect(fr.findings[0].severity == .warning)
    let de = try #require(files.first { $0.path.hasSuffix("de.lproj/Localizable.strings") })
    #expect(de.findings.first?.rule == RuleID(StringsRule.encoding))
    #expect(de.findings.first?.severity == .error)
    // Through the configuration: a warning.
    let linter = Linter(configuration: .builtIn)
    #expect(linter.configured(fr.findings).first?.severity == .warning)
    #expect(linter.configured(de.findings).first?.severity == .error)
  }

  /// A table that is a symbolic link out of the repository is not read and nothing of it shown;
  /// one to a file inside is read.
  @Test func symbolicLinksOutOfTheRepository() throws {
    let folder = TableFolder()
    let outside = TableFolder()
    try outside.write("secret.txt", "root:x:0:0:root:/root:/bin/bash\n")
    try folder.write("repo/.git/HEAD", "ref: refs/heads/main\n")
    try folder.write("repo/App/en.lproj/Localizable.strings", "\"A\" = \"a\";\n")
    try folder.write("repo/Shared/fr.strings", "\"A\" = \"b\";\n")
    try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("repo/App/fr.lproj"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("repo/App/de.lproj"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder.root.appendingPathComponent("repo/App/de.lproj/Localizable.strings").path,
                                               withDestinationPath: outside.root.appendingPathComponent("secret.txt").path)
    try FileManager.default.createSymbolicLink(atPath: folder.root.appendingPathComponent("repo/App/fr.lproj/Localizable.strings").path,
                                               withDestinationPath: "../../Shared/fr.strings")
    // Linting the App folder: the repository is the git work tree above it, so fr's link is inside.
    let app = folder.root.appendingPathComponent("repo/App").path
    var problems: [FileWalk.Problem] = []
    let files = try StringsLint.lint(root: app, problems: &problems)
    let boundary = try #require(FileWalk.repositoryBoundary(of: app))
    #expect(boundary.hasSuffix("/repo"))
    #expect(problems == [FileWalk.Problem(path: app + "/de.lproj/Localizable.strings",
                                          message: "a symbolic link to a file outside the repository being checked ('\(boundary)'): not read")])
    #expect(files.map { String($0.path.dropFirst(app.count + 1)) } == ["en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"])
    #expect(files.allSatisfy { $0.findings.allSatisfy { !$0.message.contains("root:") } })
    // check --strings reads through LocalizationBundle: the same.
    let bundle = try LocalizationBundle(root: app)
    #expect(bundle.unreadable.map(\.message) == ["a symbolic link to a file outside the repository being checked ('\(boundary)'): not read"])
    #expect(bundle.localizations.map(\.identifier) == ["en", "fr"])
  }

  @Test func literalEscapesInXMLPlists() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", stringsdict(["N": ["one": "%d file", "other": "%d files\\nin \\\"Inbox\\\""]]))
    try folder.write("en.lproj/Localizable.strings", """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>A</key><string>Tab\\there</string><key>B</key><string>Fine</string></dict></plist>
      """)
    let result = try folder.lint()
    #expect(result["en.lproj/Localizable.stringsdict"] == [
      "strings-xml-escape 4:280 N: 'N' ('n.other') holds a literal '\\n' ('%d files\\nin \\\"Inbox\\\"'): a property list has no backslash escapes, so the device shows the backslash; write the character itself"
    ])
    #expect(result["en.lproj/Localizable.strings"] == [
      "strings-xml-escape 2:40 A: 'A' holds a literal '\\t' ('Tab\\there'): a property list has no backslash escapes, so the device shows the backslash; write the character itself"
    ])
  }

  /// A key `shouldTranslate: false` is in the source language: no "not in en" for the copy a
  /// translation keeps, and no missing translation where there is none.
  @Test func shouldTranslateFalseIsNotAnExtraKey() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", catalog("""
      "Brand": {"shouldTranslate": false, "localizations": {"en": \(unit("translated", "Brand")), "fr": \(unit("translated", "Brand"))}},
      "Hi": {"localizations": {"en": \(unit("translated", "Hi")), "fr": \(unit("translated", "Salut"))}},
      "Logo": {"shouldTranslate": false}
      """))
    #expect(try folder.lint()["Localizable.xcstrings"] == [])
  }
}
