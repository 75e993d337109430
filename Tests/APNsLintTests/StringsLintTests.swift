import PayloadSchema
import Foundation
import StringsFile
import Testing
import TestSupport
@testable import APNsLint


/// Path relative to `root` → described findings.
func linted(_ root: String, table: String? = nil) throws -> [String: [String]] {
  let files = try StringsLint.lint(root: root, developmentLanguage: "en", table: table)
  let base = root.hasSuffix("/") ? root : root + "/"
  return Dictionary(uniqueKeysWithValues: files.map { (String($0.path.dropFirst(base.count)), described($0.findings)) })
}

@Suite("strings lint: every table, each file and each localization against the development language")
struct StringsLintTests {
  static let lintApp = localizationFixtures.appendingPathComponent("LintApp").path

  @Test func lintAppHasEveryProblemInItsPlace() throws {
    let result = try linted(Self.lintApp)
    #expect(result["es.lproj/Messages.strings"] == [])
    #expect(result["de.lproj/InfoPlist.strings"] == [])
    #expect(result["en.lproj/Messages.strings"] == [
      "strings-missing-translation 1:1 -: 'de.lproj' has no 'Messages.strings': a device in German reads 'en.lproj/Messages.strings' instead, so its 4 keys show the English text"
    ])
    #expect(result["fr.lproj/Messages.strings"] == [
      "strings-missing-translation 1:1 ONLY_EN: 'ONLY_EN' of 'en.lproj/Messages.strings:4' has no translation in 'fr': the device shows the raw key",
      "strings-argument-left-out 3:1 FILE_RECEIVED: 'FILE_RECEIVED' in 'fr' ('%2$@ reçu') does not take the arguments of 'en' ('%2$@ received from %1$@'): position 1 is missing (that argument is left out of the sentence)",
      "strings-format-gap 3:1 FILE_RECEIVED: 'FILE_RECEIVED' skips position 1 ('%2$@ reçu'): String(format:) and the device give the arguments to the positions it reads in order, so it shows the wrong argument",
      "strings-format-mismatch 4:1 SENT: 'SENT' in 'fr' ('%@ a envoyé %d') does not take the arguments of 'en' ('%@ sent %@'): position 2 is '%d', not '%@' (it prints an object as an integer: a meaningless value)",
      "strings-extra-key 5:1 OLD_KEY: 'OLD_KEY' is not in the development language's 'en.lproj/Messages.strings'",
      "strings-duplicate-other-value 6:1 GREETING: key 'GREETING' is defined again with another text; line 2's never shows, the last definition wins",
    ])
    #expect(result.count == 4)
  }

  @Test func filesComeInSortedOrder() throws {
    let files = try StringsLint.lint(root: Self.lintApp, developmentLanguage: "en")
    #expect(files.map(\.path) == [
      "de.lproj/InfoPlist.strings", "en.lproj/Messages.strings", "es.lproj/Messages.strings", "fr.lproj/Messages.strings",
    ].map { Self.lintApp + "/" + $0 })
  }

  /// Files are read and linted on several threads; the result must not depend on how many, on the
  /// fixtures and, when they are there (`SharedCorpus`, `RealMaterial`), on the external corpus
  /// (mastodon-ios's groups, UTF-16 tables, binary plists) and the real apps' tables.
  @Test func threadsDoNotChangeTheResult() throws {
    let shared = [SharedCorpus.path("corpus/strings"), RealMaterial.root.map { $0 + "/Fixtures/RealLocalizations" }].compactMap { $0 }
    for root in [localizationFixtures.deletingLastPathComponent().path] + shared {
      var problems: [FileWalk.Problem] = []
      let one = try StringsLint.lint(root: root, jobs: 1, problems: &problems)
      #expect(one.count > 10)
      for jobs in [2, 3, 8] {
        var more: [FileWalk.Problem] = []
        let threaded = try StringsLint.lint(root: root, jobs: jobs, problems: &more)
        #expect(threaded == one, "jobs \(jobs) on \(root)")
        #expect(more == problems)
      }
    }
  }

  /// `PathParts` names what `URL(fileURLWithPath:)` names, for paths of two components or more.
  @Test func pathPartsAgreeWithURL() {
    let paths = ["a/fr.lproj/x.strings", "App/Res/en_GB.lproj/Localizable.stringsdict", "fr.lproj/Main.xcstrings", "a/.lproj/x.strings",
                 "a/b.lproj/.x.strings", "a/b/.strings", "a/b/..strings", "a/b/x.", "a/b/a..xcstrings", "a/b/x.y.STRINGS", "a//fr.lproj//x.strings",
                 "a/./fr.lproj/x.strings", "/abs/fr.lproj/x.strings", "a/%41.lproj/x%20.strings", "a/b c.lproj/é.strings", "a/b/noext",
                 "a/b/.hidden", "a/B.LPROJ/x.strings"]
    for path in paths {
      let url = URL(fileURLWithPath: path)
      let parts = StringsLint.PathParts(path)
      #expect(parts.name == url.lastPathComponent, "\(path)")
      #expect(parts.pathExtension == url.pathExtension, "\(path)")
      #expect(parts.folder == url.deletingLastPathComponent().lastPathComponent, "\(path)")
      #expect(String(parts.name.dropLast(parts.pathExtension.isEmpty ? 0 : parts.pathExtension.count + 1)) == url.deletingPathExtension().lastPathComponent,
              "\(path)")
    }
  }

  /// `PathParts` by byte ranges equals the split-and-join it replaced, on random paths.
  @Test func pathPartsEqualTheSplitOfThePath() {
    func reference(_ path: String) -> (String, String, String) {
      let components = path.utf8.split(separator: UInt8(ascii: "/")).filter { !$0.elementsEqual([UInt8(ascii: ".")]) }
      let name = components.last.map { String(decoding: $0, as: UTF8.self) } ?? ""
      let folder = components.count >= 2 ? String(decoding: components[components.count - 2], as: UTF8.self) : ""
      let above = components.dropLast(2).map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
      return (name, folder, path.hasPrefix("/") ? "/" + above : above)
    }
    var rng = SplitMix64(state: 41)
    let pieces = ["/", "/", "a", "fr.lproj", ".", "..", "é", "x.strings", "/\u{301}", " "]
    for _ in 0..<5000 {
      let path = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
      let parts = StringsLint.PathParts(path)
      let (name, folder, directory) = reference(path)
      #expect(parts.name == name && parts.folder == folder && parts.directory == directory, "\(path.debugDescription)")
    }
  }

  /// `strings-markup`: an HTML entity or a Swift interpolation in a value as the device reads it.
  /// An XML table's `&amp;` is the XML escape of `&` (read as `&`: nothing shown), a value with HTML
  /// tags is HTML for a renderer, and `\\(` without a name is text. Patterns seen in real tables:
  /// `Remarque&nbsp;:` (Automattic/simplenote-ios, Simplenote/fr.lproj/Localizable.strings) and
  /// `'Pengaturan' &gt; 'Otomasi &amp; skenario'` (home-assistant/iOS, id.lproj/Localizable.strings).
  @Test func markupShownAsText() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>A</key><string>Help &amp; Feedback</string><key>B</key><string>Hilfe &amp;amp; Feedback</string></dict></plist>
      """
    let result = try lintedTree([
      "en.lproj/Localizable.strings": "\"A\" = \"Help & Feedback\";\n\"B\" = \"Note:\";\n\"C\" = \"<b>Bold</b> &amp; more\";\n\"D\" = \"Smile \\\\(:\";\n",
      "fr.lproj/Localizable.strings": "\"A\" = \"Aide &#38; commentaires\";\n\"B\" = \"Remarque&nbsp;:\";\n\"C\" = \"<b>Gras</b> &amp; plus\";\n\"D\" = \"Sourire \\\\(:\";\n",
      "de.lproj/Localizable.strings": xml,
      "App/Localizable.xcstrings": catalog(#""Hi": {"localizations": {"en": \#(unit("translated", "Hi \\\\(name)")), "fr": \#(unit("translated", "Salut %@"))}}"#),
    ])
    #expect(result["en.lproj/Localizable.strings"] == [])
    #expect(result["fr.lproj/Localizable.strings"] == [
      "strings-markup 1:1 A: 'A' holds the HTML entity '&#38;': a table value is not HTML, so the device shows it as written; write '&' ('Aide &#38; commentaires')",
      "strings-markup 2:1 B: 'B' holds the HTML entity '&nbsp;': a table value is not HTML, so the device shows it as written; write the character itself (U+00A0, a no-break space) ('Remarque&nbsp;:')",
    ])
    #expect(result["de.lproj/Localizable.strings"]?.filter { $0.hasPrefix("strings-markup") } == [
      "strings-markup 2:88 B: 'B' holds the HTML entity '&amp;': a table value is not HTML, so the device shows it as written; write '&' ('Hilfe &amp; Feedback')",
    ])
    #expect(result["App/Localizable.xcstrings"]?.filter { $0.hasPrefix("strings-markup") } == [
      "strings-markup 1:135 Hi: in 'en', 'Hi' holds the Swift interpolation '\\(name)': a table value is not Swift source, so the device shows it as written; use a format specifier (%@) and pass the value ('Hi \\(name)')",
    ])
    #expect(StringsLint.shownMarkup(in: "R&D; then") == nil)
    #expect(StringsLint.shownMarkup(in: "&#x2019;") == .entity("&#x2019;", meant: "’"))
    #expect(StringsLint.shownMarkup(in: "Tom & Jerry;") == nil)
  }

  /// A translation that keeps the markup its development value writes kept the author's text:
  /// reported once, at the development value (aonez/Keka's `Credits.strings`, `&amp;` in English
  /// and 16 translations; CofficLab/GitOK's catalogs, `\(sizeMB)` in English and Chinese). Markup
  /// only the translation writes is still the translation's.
  @Test func markupKeptFromTheDevelopmentValueIsReportedThere() throws {
    let result = try lintedTree([
      "en.lproj/Credits.strings": "\"_PROGRAMMER_\" = \"Programmer, designer &amp; maintainer\";\n\"_THANKS_\" = \"Thanks for using Keka!\";\n",
      "fr.lproj/Credits.strings": "\"_PROGRAMMER_\" = \"Programmeur, designer &amp; mainteneur\";\n\"_THANKS_\" = \"Merci d&apos;utiliser Keka !\";\n",
      "App/Localizable.xcstrings": catalog(#""Size": {"localizations": {"en": \#(unit("translated", "Size \\\\(mb) MB")), "zh-Hans": \#(unit("translated", "大小 \\\\(mb) MB"))}}"#),
    ])
    #expect(result["en.lproj/Credits.strings"] == [
      "strings-markup 1:1 _PROGRAMMER_: '_PROGRAMMER_' holds the HTML entity '&amp;': a table value is not HTML, so the device shows it as written; write '&' ('Programmer, designer &amp; maintainer')",
    ])
    #expect(result["fr.lproj/Credits.strings"] == [
      "strings-markup 2:1 _THANKS_: '_THANKS_' holds the HTML entity '&apos;': a table value is not HTML, so the device shows it as written; write ''' ('Merci d&apos;utiliser Keka !')",
    ])
    #expect(result["App/Localizable.xcstrings"]?.filter { $0.hasPrefix("strings-markup") }.map { String($0.prefix(34)) } == [
      "strings-markup 1:137 Size: in 'en'",
    ])
  }

  /// The word-at-a-time test for control characters equals the byte loop it replaced.
  @Test func controlCharactersFoundAsByteByByte() {
    var rng = SplitMix64(state: 42)
    let pieces = ["a", "é", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", " ", "\u{80}", "日本語", "0123456789"]
    for _ in 0..<5000 {
      let value = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
      // CR is a line break, as LF is (a CRLF line end, or an old Mac table's bare CR).
      let scalars = Array(value.unicodeScalars)
      let expected = scalars.indices.first { i in
        let v = scalars[i].value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0x7F
      }.map { scalars[$0] }.map {
        let hex = String($0.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      }
      #expect(StringsLint.controlCharacter(in: value) == expected, "\(value.debugDescription)")
    }
  }

  @Test func tableLimitsTheFiles() throws {
    #expect(try linted(Self.lintApp, table: "InfoPlist") == ["de.lproj/InfoPlist.strings": []])
    #expect(try linted(Self.lintApp, table: "Messages").keys.sorted() == [
      "en.lproj/Messages.strings", "es.lproj/Messages.strings", "fr.lproj/Messages.strings",
    ])
  }

  @Test func demoAppReportsTheUntranslatedKey() throws {
    let result = try linted(localizationFixtures.appendingPathComponent("DemoApp").path)
    #expect(result == [
      "de.lproj/Localizable.strings": [],
      "en.lproj/Localizable.strings": [],
      "en.lproj/Localizable.stringsdict": [
        "strings-missing-translation 1:1 -: 'de.lproj' has no 'Localizable.stringsdict': a device in German reads 'en.lproj/Localizable.stringsdict' instead, so its 1 key shows the English text",
        "strings-missing-translation 1:1 -: 'es.lproj' has no 'Localizable.stringsdict': a device in Spanish reads 'en.lproj/Localizable.stringsdict' instead, so its 1 key shows the English text",
        "strings-missing-translation 1:1 -: 'fr.lproj' has no 'Localizable.stringsdict': a device in French reads 'en.lproj/Localizable.stringsdict' instead, so its 1 key shows the English text",
      ],
      "es.lproj/Localizable.strings": [
        "strings-missing-translation 1:1 FILE_RECEIVED: 'FILE_RECEIVED' of 'en.lproj/Localizable.strings:16' has no translation in 'es': the device shows the raw key"
      ],
      "fr.lproj/Localizable.strings": [],
    ])
  }

  @Test func catalogLanguagesAreComparedWithTheSource() throws {
    let result = try linted(localizationFixtures.appendingPathComponent("Catalog").path)
    #expect(result == [
      "Localizable.xcstrings": [
        "strings-missing-translation 36:5 N_NEW_MESSAGES: 'N_NEW_MESSAGES' of 'en' has no translation in 'ja': the device shows the raw key",
        "strings-missing-translation 49:5 Open: 'Open' of 'en' has no translation in 'fr': the French user reads the English text 'Open'",
        "strings-missing-translation 49:5 Open: 'Open' of 'en' has no translation in 'ja': the Japanese user reads the English text 'Open'",
      ]
    ])
  }

  @Test func aSingleFileIsLintedOnItsOwn() throws {
    let path = Self.lintApp + "/fr.lproj/Messages.strings"
    let files = try StringsLint.lint(root: path, developmentLanguage: "en")
    #expect(files.map(\.path) == [path])
    #expect(files.first.map { described($0.findings) } == [
      "strings-format-gap 3:1 FILE_RECEIVED: 'FILE_RECEIVED' skips position 1 ('%2$@ reçu'): String(format:) and the device give the arguments to the positions it reads in order, so it shows the wrong argument",
      "strings-duplicate-other-value 6:1 GREETING: key 'GREETING' is defined again with another text; line 2's never shows, the last definition wins",
    ])
  }

  /// After `swift build`, a package's `.build` holds a copy of each of its tables in the target's
  /// resource bundle (`.build/debug/App_App.resources/fr.lproj/…`), and `checkouts` its
  /// dependencies' code: the walk does not enter it (nor Xcode's `DerivedData` or Theos's
  /// `.theos`, whose `_/Applications/*.app` copies BlitzModder's tables, nor what
  /// `xcodebuild -derivedDataPath build` writes: `build/Build/Products`, `*.noindex`, the packages
  /// in `SourcePackages/checkouts`), so each finding is reported once, at the table the author
  /// edits. A folder the author names `Products` elsewhere is walked. A build folder given itself is read.
  @Test func buildProductsAreNotWalked() throws {
    let folder = TableFolder()
    try folder.write("Sources/App/en.lproj/Localizable.strings", "\"a\" = \"A %@\";\n")
    try folder.write("Sources/App/fr.lproj/Localizable.strings", "\"a\" = \"B %d\";\n")
    for copy in [".build/debug/App_App.resources", "DerivedData/App/Build/Products/Debug/App.app", ".theos/_/Applications/App.app",
                 "archives/App.xcarchive/Products/Applications/App.app", "build/Build/Products/Debug-iphonesimulator/App.app",
                 "build/Build/Intermediates.noindex/App.build/Debug-iphonesimulator/App.build",
                 "build/SourcePackages/checkouts/Kit/Sources/Kit/Resources", "Build/Products/Release/App.app",
                 "Carthage/Checkouts/Kit/Resources"] {
      try folder.write("\(copy)/en.lproj/Localizable.strings", "\"a\" = \"A %@\";\n")
      try folder.write("\(copy)/fr.lproj/Localizable.strings", "\"a\" = \"B %d\";\n")
    }
    let mismatch = "strings-format-mismatch 1:1 a: 'a' in 'fr' ('B %d') does not take the arguments of 'en' ('A %@'): position 1 is '%d', not '%@' (it prints an object as an integer: a meaningless value)"
    #expect(try linted(folder.root.path) == [
      "Sources/App/en.lproj/Localizable.strings": [],
      "Sources/App/fr.lproj/Localizable.strings": [mismatch],
    ])
    // An app's own folder named Products (not Xcode's Build/Products) holds tables the author edits.
    try folder.write("Products/Shop/en.lproj/Localizable.strings", "\"a\" = \"A %@\";\n")
    try folder.write("Products/Shop/fr.lproj/Localizable.strings", "\"a\" = \"B %d\";\n")
    #expect(try linted(folder.root.path) == [
      "Products/Shop/en.lproj/Localizable.strings": [],
      "Products/Shop/fr.lproj/Localizable.strings": [mismatch],
      "Sources/App/en.lproj/Localizable.strings": [],
      "Sources/App/fr.lproj/Localizable.strings": [mismatch],
    ])
    let bundle = folder.root.appendingPathComponent(".build/debug/App_App.resources").path
    #expect(try linted(bundle) == ["en.lproj/Localizable.strings": [], "fr.lproj/Localizable.strings": [mismatch]])
  }

  @Test func missingRootThrows() {
    #expect(throws: (any Error).self) { try StringsLint.lint(root: "/nonexistent/strings", developmentLanguage: "en") }
  }

  /// Directories are compared on their own, Base.lproj is not a language, a refused table is not
  /// compared, and `en_GB` stands in for a missing `en`.
  @Test func groupingAndRefusedTables() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("strings-lint-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    func write(_ relative: String, _ text: String) throws {
      let url = root.appendingPathComponent(relative)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try write("App/en.lproj/Localizable.strings", "\"A\" = \"A\";\n\"B\" = \"B\";\n")
    try write("App/fr.lproj/Localizable.strings", "\"A\" = \"A\"\n\"B\" = \"B\";\n")  // missing ';': refused
    try write("App/Base.lproj/Main.strings", "\"X\" = \"%2$@\";\n")
    try write("Widget/en_GB.lproj/Localizable.strings", "\"W\" = \"Widget\";\n")
    try write("Widget/de.lproj/Localizable.strings", "\"W\" = \"Widget\";\n\"EXTRA\" = \"Mehr\";\n")
    let result = try linted(root.path)
    #expect(result == [
      "App/Base.lproj/Main.strings": [
        "strings-format-gap 1:1 X: 'X' skips position 1 ('%2$@'): String(format:) and the device give the arguments to the positions it reads in order, so it shows the wrong argument"
      ],
      "App/en.lproj/Localizable.strings": [],
      "App/fr.lproj/Localizable.strings": [
        "strings-syntax 2:1 -: expected ';' after the value of 'A', found '\"'"
      ],
      "Widget/de.lproj/Localizable.strings": [
        // A copy of the development text in a language of the same script: information.
        "strings-development-copy 1:1 -: de: 1 of 1 values of 'Localizable.strings' are the English text unchanged: 'W' (names and words German shares with English read as meant; text left untranslated reads in English)",
        "strings-extra-key 2:1 EXTRA: 'EXTRA' is not in the development language's 'Widget/en_GB.lproj/Localizable.strings'",
      ],
      "Widget/en_GB.lproj/Localizable.strings": [],
    ])
  }
}

@Suite("strings dump: a table's entries and findings")
struct TableDumpReporterTests {
  static let table = StringsParser.parse(
    Data("/* Greeting */\n\"HI\" = \"Hello\";\n\"HI\" = \"Hey \\\"you\\\"\";\n".utf8), path: "en.lproj/Localizable.strings")

  @Test func json() {
    #expect(TableDumpReporter.json(Self.table) == """
      {
        "path": "en.lproj/Localizable.strings",
        "format": "text",
        "encoding": "utf-8",
        "entries": [
          {
            "key": "HI",
            "value": "Hello",
            "line": 2,
            "column": 1,
            "comment": "Greeting"
          },
          {
            "key": "HI",
            "value": "Hey \\"you\\"",
            "line": 3,
            "column": 1,
            "comment": null
          }
        ],
        "diagnostics": [
          {
            "rule": "strings-duplicate-other-value",
            "severity": "info",
            "message": "key 'HI' is defined again with another text; line 2's never shows, the last definition wins",
            "line": 3,
            "column": 1,
            "keyPath": "HI"
          }
        ]
      }

      """)
  }

  @Test func text() {
    #expect(TableDumpReporter.text(Self.table) == """
      en.lproj/Localizable.strings (text, utf-8)
      2:1 "HI" = "Hello";  /* Greeting */
      3:1 "HI" = "Hey \\"you\\"";
      3:1: info: key 'HI' is defined again with another text; line 2's never shows, the last definition wins [strings-duplicate-other-value]

      """)
  }

  @Test func severitiesComeFromTheConfiguration() throws {
    var configuration = Configuration.builtIn
    configuration.levels[RuleID(StringsRule.duplicateOtherValue)] = .off
    #expect(!TableDumpReporter.json(Self.table, configuration: configuration).contains("strings-duplicate-other-value"))
    configuration.levels[RuleID(StringsRule.duplicateOtherValue)] = .on(.error)
    #expect(TableDumpReporter.text(Self.table, configuration: configuration).contains("3:1: error: key 'HI'"))
  }

  @Test func binaryPlistHasNoPositions() throws {
    let path = localizationFixtures.appendingPathComponent("DemoApp/de.lproj/Localizable.strings").path
    let table = StringsParser.parse(try Data(contentsOf: URL(fileURLWithPath: path)), path: "de.lproj/Localizable.strings")
    let json = TableDumpReporter.json(table)
    #expect(json.contains("\"format\": \"binary\",\n  \"encoding\": null,"))
    #expect(json.contains("""
          {
            "key": "ACTION_VIEW",
            "value": "Öffnen",
            "line": null,
            "column": null,
            "comment": null
          },
      """))
  }
}

/// The fixes of the text tables' rules (SPEC §3.4), computed by each rule's definition from the
/// findings `strings lint` makes of tables written for the test: the exact text after the fix,
/// and nothing left to fix after it.
@Suite("strings lint: the fixes of a text table's rules, on real findings")
struct StringsTableFixTests {
  /// The findings of `rule` `strings lint` makes of `en.lproj/Localizable.strings` holding `bytes`.
  static func findings(_ rule: RuleID, in bytes: [UInt8]) throws -> [Finding] {
    let folder = try TemporaryFolder()
    try folder.write("en.lproj/Localizable.strings", Data(bytes))
    return try StringsLint.lint(root: folder.path).flatMap(\.findings).filter { $0.rule == rule }
  }

  /// `text` after the fix `definition` gives its one finding of `rule`; nil when it gives none.
  static func fixed(_ text: String, _ rule: RuleID, _ definition: RuleDefinition) throws -> String? {
    let bytes = Array(text.utf8)
    let found = try findings(rule, in: bytes)
    #expect(found.count == 1, "\(found)")
    guard let finding = found.first, let fix = definition.fix.fix(FixSite(text: bytes, finding: finding, carriageReturnEndsLine: true)) else {
      return nil
    }
    let after = fix.applied(to: bytes)
    // Checked again: the finding is gone, and nothing else of the rule is left to fix.
    let again = try findings(rule, in: after)
    #expect(again.allSatisfy { definition.fix.fix(FixSite(text: after, finding: $0, carriageReturnEndsLine: true)) == nil }, "\(again)")
    #expect(again.count < found.count)
    return String(decoding: after, as: UTF8.self)
  }

  static let syntax = (RuleID(StringsRule.syntax), StringsRule.syntax.definition)
  static let sameValue = (RuleID(StringsRule.duplicateSameValue), StringsRule.duplicateSameValue.definition)

  @Test func aMissingSemicolonIsInsertedAfterTheValueWhenTheNextEntryFollows() throws {
    #expect(try Self.fixed("\"A\" = \"a\"\n\"B\" = \"b\";\n", Self.syntax.0, Self.syntax.1) == "\"A\" = \"a\";\n\"B\" = \"b\";\n")
    // A comment between the value and the next entry stays after the `;`.
    #expect(try Self.fixed("\"A\" = \"a\" /* x */\n\"B\" = \"b\";", Self.syntax.0, Self.syntax.1) == "\"A\" = \"a\"; /* x */\n\"B\" = \"b\";")
    // The end of the file.
    #expect(try Self.fixed("\"A\" = \"a\";\n\"B\" = \"b\"\n", Self.syntax.0, Self.syntax.1) == "\"A\" = \"a\";\n\"B\" = \"b\";\n")
    // Inside braces, after a `;`-shorthand entry.
    #expect(try Self.fixed("{\n  \"K\";\n  \"A\" = \"a\"\n  \"B\" = \"b\";\n}", Self.syntax.0, Self.syntax.1) == "{\n  \"K\";\n  \"A\" = \"a\";\n  \"B\" = \"b\";\n}")
    // A UTF-8 byte order mark on the line of the finding: the place is still found.
    #expect(try Self.fixed("\u{FEFF}\"A\" = \"a\" \"B\" = \"b\";", Self.syntax.0, Self.syntax.1) == "\u{FEFF}\"A\" = \"a\"; \"B\" = \"b\";")
  }

  @Test func aMissingSemicolonIsNotGuessedWhereTheNextTokenStartsNoEntry() throws {
    // `B;` (a shorthand), a word value, an unquoted key: the text is not the certain shape.
    #expect(try Self.fixed("\"A\" = \"a\"\n\"B\";", Self.syntax.0, Self.syntax.1) == nil)
    #expect(try Self.fixed("\"A\" = a\n\"B\" = \"b\";", Self.syntax.0, Self.syntax.1) == nil)
    #expect(try Self.fixed("\"A\" = \"a\"\nB = \"b\";", Self.syntax.0, Self.syntax.1) == nil)
    // Other syntax errors have no fix.
    #expect(try Self.fixed("\"A\" \"a\";", Self.syntax.0, Self.syntax.1) == nil)
    #expect(try Self.fixed("\"A\" = \"a;\n", Self.syntax.0, Self.syntax.1) == nil)
  }

  @Test func quotesInsideAValueAreEscapedWhenTheLineIsOneEntry() throws {
    #expect(try Self.fixed("\"A\" = \"a\";\n\"K\" = \"say \"hi\" now\";\n\"B\" = \"b\";\n", Self.syntax.0, Self.syntax.1)
            == "\"A\" = \"a\";\n\"K\" = \"say \\\"hi\\\" now\";\n\"B\" = \"b\";\n")
    #expect(try Self.fixed("\t\"K\" = \"the \"end\"\" ;", Self.syntax.0, Self.syntax.1) == "\t\"K\" = \"the \\\"end\\\"\" ;")
    // Two entries on one line without their `;` are the missing `;`, not quotes in a value.
    #expect(try Self.fixed("\"K\" = \"a\" \"B\" = \"b\";", Self.syntax.0, Self.syntax.1) == "\"K\" = \"a\"; \"B\" = \"b\";")
    // A quote inside followed by `;` (a second entry after it), a comment after the `;`: no fix.
    #expect(try Self.fixed("\"K\" = \"a \"b\"; \"C\" = \"c\";", Self.syntax.0, Self.syntax.1) == nil)
    #expect(try Self.fixed("\"K\" = \"a \"b\" c\"; // note", Self.syntax.0, Self.syntax.1) == nil)
  }

  @Test func theEarlierOfTwoSameDefinitionsIsRemovedWithItsLine() throws {
    #expect(try Self.fixed("\"A\" = \"a\";\n\"A\" = \"a\";", Self.sameValue.0, Self.sameValue.1) == "\"A\" = \"a\";")
    // genstrings' layout: the same comment above both goes with the earlier, and one of the two
    // blank lines around it.
    let genstrings = "/* Title */\n\"A\" = \"a\";\n\n/* Other */\n\"B\" = \"b\";\n\n/* Title */\n\"A\" = \"a\";\n"
    #expect(try Self.fixed(genstrings, Self.sameValue.0, Self.sameValue.1) == "/* Other */\n\"B\" = \"b\";\n\n/* Title */\n\"A\" = \"a\";\n")
    // Another comment stays: it is not the finding's.
    let commented = "\"B\" = \"b\";\n/* Old */\n\"A\" = \"a\";\n/* New */\n\"A\" = \"a\";\n"
    #expect(try Self.fixed(commented, Self.sameValue.0, Self.sameValue.1) == "\"B\" = \"b\";\n/* Old */\n/* New */\n\"A\" = \"a\";\n")
    // CRLF line ends, and a value written with an escape that reads the same.
    #expect(try Self.fixed("\"A\" = \"\\U0061\";\r\n\"B\" = \"b\";\r\n\"A\" = \"a\";\r\n", Self.sameValue.0, Self.sameValue.1)
            == "\"B\" = \"b\";\r\n\"A\" = \"a\";\r\n")
  }

  @Test func aSameDefinitionIsNotRemovedWhenThatUncoversAnotherValueOrSharesItsLine() throws {
    // An earlier definition with another value: removing the same one would move that finding.
    let text = "\"A\" = \"z\";\n\"A\" = \"a\";\n\"A\" = \"a\";\n"
    let bytes = Array(text.utf8)
    let finding = try #require(try Self.findings(Self.sameValue.0, in: bytes).first)
    #expect(Self.sameValue.1.fix.fix(FixSite(text: bytes, finding: finding, carriageReturnEndsLine: true)) == nil)
    // Another entry on its line.
    #expect(try Self.fixed("\"A\" = \"a\"; \"B\" = \"b\";\n\"A\" = \"a\";", Self.sameValue.0, Self.sameValue.1) == nil)
  }

  @Test func aLowercaseUnicodeEscapeBecomesTheEscapeMeant() throws {
    let escape = (RuleID(StringsRule.escape), StringsRule.escape.definition)
    #expect(try Self.fixed("\"A\" = \"caf\\u00e9\";", escape.0, escape.1) == "\"A\" = \"caf\\U00e9\";")
    // A surrogate alone would be another problem; an octal escape's meaning is not certain.
    #expect(try Self.fixed("\"A\" = \"\\ud83d\";", escape.0, escape.1) == nil)
    #expect(try Self.fixed("\"A\" = \"\\351\";", escape.0, escape.1) == nil)
  }

  /// A UTF-16 LE table with a byte order mark and CRLF line ends: the fix is computed on its
  /// UTF-8 text (no byte order mark), and the file written back is UTF-16 LE with its mark and
  /// its CRLFs, changed only where the fix is.
  @Test func aUTF16TableIsFixedInItsText() throws {
    func utf16LE(_ text: String) -> [UInt8] { [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
    let original = utf16LE("/* Greeting */\r\n\"HI\" = \"Grüß dich\";\r\n\"BYE\" = \"Tschüss\"\r\n\"HI\" = \"Grüß dich\";\r\n")
    let table = try #require(TableText(original))
    #expect(table.text == Array("/* Greeting */\r\n\"HI\" = \"Grüß dich\";\r\n\"BYE\" = \"Tschüss\"\r\n\"HI\" = \"Grüß dich\";\r\n".utf8))
    // The file does not parse: the missing `;` first.
    let syntax = try #require(try Self.findings(Self.syntax.0, in: original).first)
    #expect(syntax.line == 4 && syntax.column == 1, "\(syntax)")
    let fix = try #require(Self.syntax.1.fix.fix(FixSite(text: table.text, finding: syntax, carriageReturnEndsLine: true)))
    let once = fix.applied(to: table.text)
    #expect(String(decoding: once, as: UTF8.self) == "/* Greeting */\r\n\"HI\" = \"Grüß dich\";\r\n\"BYE\" = \"Tschüss\";\r\n\"HI\" = \"Grüß dich\";\r\n")
    let written = try #require(table.encoded(once))
    #expect(written == utf16LE("/* Greeting */\r\n\"HI\" = \"Grüß dich\";\r\n\"BYE\" = \"Tschüss\";\r\n\"HI\" = \"Grüß dich\";\r\n"))
    // Then the key defined again with the same value: the earlier one and its line go; the
    // comment stays (the later definition has none).
    let same = try #require(try Self.findings(Self.sameValue.0, in: written).first)
    let removal = try #require(Self.sameValue.1.fix.fix(FixSite(text: once, finding: same, carriageReturnEndsLine: true)))
    let twice = removal.applied(to: once)
    #expect(table.encoded(twice) == utf16LE("/* Greeting */\r\n\"BYE\" = \"Tschüss\";\r\n\"HI\" = \"Grüß dich\";\r\n"))
    // A second run finds nothing to fix.
    let left = try Self.findings(Self.syntax.0, in: utf16LE(String(decoding: twice, as: UTF8.self)))
      + (try Self.findings(Self.sameValue.0, in: utf16LE(String(decoding: twice, as: UTF8.self))))
    #expect(left.isEmpty, "\(left)")
  }
}

/// A flag the development value's specifiers never have, before a letter that begins a word: the
/// translator's percent sign and the word's first letter are read as a conversion (issue 52's
/// Turkish `+% daha` for `+%lld more`, Aidoku's `tr.lproj`): the text is garbled, an error.
@Suite("strings lint: a flag that eats a letter")
struct FlagEatsALetterTests {
  static func lint(en: String, other: String, language: String = "tr") throws -> [String] {
    let folder = try TemporaryFolder()
    try folder.write("en.lproj/Localizable.strings", Data(en.utf8))
    try folder.write("\(language).lproj/Localizable.strings", Data(other.utf8))
    return try StringsLint.lint(root: folder.path).flatMap(\.findings).map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.severity) \($0.keyPath ?? "") \($0.message)" }
  }

  @Test func aSpaceFlagBeforeAWordIsTheTextGarbled() throws {
    let found = try Self.lint(en: "\"MORE\" = \"+%lld more\";\n", other: "\"MORE\" = \"+% daha\";\n")
    #expect(found == ["strings-format-mismatch 1:1 error MORE 'MORE' in 'tr' ('+% daha') does not take the arguments of 'en' ('+%lld more'): "
      + "'% d' reads an argument with the flag ' ', which the development value's specifiers do not have: the 'd' that begins 'daha' "
      + "is read as its conversion, so the user reads the number where the word starts"])
  }

  @Test func aFlagTheSourceHasOrASpecifierBeforeASpaceIsNot() throws {
    // The source has the same flag; a specifier followed by a space is one as meant.
    #expect(try Self.lint(en: "\"N\" = \"% d items\";\n", other: "\"N\" = \"% d öğe\";\n").isEmpty)
    #expect(try Self.lint(en: "\"N\" = \"%d items\";\n", other: "\"N\" = \"%d öğe\";\n").isEmpty)
    // A source that reads nothing: the translation's `% d` is text there too.
    let text = try Self.lint(en: "\"OFF\" = \"Half off\";\n", other: "\"OFF\" = \"50 % daha az\";\n")
    #expect(text.allSatisfy { !$0.contains("read as its conversion") })
  }
}
