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
      "strings-missing-translation 1:1 -: 'de.lproj' has no 'Messages.strings': its 4 keys show untranslated in 'de' (the device shows the raw keys)"
    ])
    #expect(result["fr.lproj/Messages.strings"] == [
      "strings-missing-translation 1:1 ONLY_EN: 'ONLY_EN' of 'en.lproj/Messages.strings:4' has no translation in 'fr': the device shows the raw key",
      "strings-format-mismatch 3:1 FILE_RECEIVED: 'FILE_RECEIVED' in 'fr' ('%2$@ reçu') does not take the arguments of 'en' ('%2$@ received from %1$@'): position 1 is missing (that argument is left out of the sentence)",
      "strings-format-gap 3:1 FILE_RECEIVED: 'FILE_RECEIVED' skips position 1 ('%2$@ reçu'): String(format:) and the device give the arguments to the positions it reads in order, so it shows the wrong argument",
      "strings-format-mismatch 4:1 SENT: 'SENT' in 'fr' ('%@ a envoyé %d') does not take the arguments of 'en' ('%@ sent %@'): position 2 is '%d', not '%@' (it prints an object as an integer: a meaningless value)",
      "strings-extra-key 5:1 OLD_KEY: 'OLD_KEY' is not in the development language's 'en.lproj/Messages.strings'",
      "strings-duplicate-key 6:1 GREETING: key 'GREETING' is defined again; line 2 is overridden, the last definition wins",
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
        "strings-missing-translation 1:1 -: 'de.lproj' has no 'Localizable.stringsdict': its 1 key shows untranslated in 'de' (the device shows the raw key)",
        "strings-missing-translation 1:1 -: 'es.lproj' has no 'Localizable.stringsdict': its 1 key shows untranslated in 'es' (the device shows the raw key)",
        "strings-missing-translation 1:1 -: 'fr.lproj' has no 'Localizable.stringsdict': its 1 key shows untranslated in 'fr' (the device shows the raw key)",
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
        "strings-missing-translation 49:5 Open: 'Open' of 'en' has no translation in 'fr': the device shows the raw key",
        "strings-missing-translation 49:5 Open: 'Open' of 'en' has no translation in 'ja': the device shows the raw key",
      ]
    ])
  }

  @Test func aSingleFileIsLintedOnItsOwn() throws {
    let path = Self.lintApp + "/fr.lproj/Messages.strings"
    let files = try StringsLint.lint(root: path, developmentLanguage: "en")
    #expect(files.map(\.path) == [path])
    #expect(files.first.map { described($0.findings) } == [
      "strings-format-gap 3:1 FILE_RECEIVED: 'FILE_RECEIVED' skips position 1 ('%2$@ reçu'): String(format:) and the device give the arguments to the positions it reads in order, so it shows the wrong argument",
      "strings-duplicate-key 6:1 GREETING: key 'GREETING' is defined again; line 2 is overridden, the last definition wins",
    ])
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
        "strings-extra-key 2:1 EXTRA: 'EXTRA' is not in the development language's 'Widget/en_GB.lproj/Localizable.strings'"
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
            "rule": "strings-duplicate-key",
            "severity": "warning",
            "message": "key 'HI' is defined again; line 2 is overridden, the last definition wins",
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
      3:1: warning: key 'HI' is defined again; line 2 is overridden, the last definition wins [strings-duplicate-key]

      """)
  }

  @Test func severitiesComeFromTheConfiguration() throws {
    var configuration = Configuration.builtIn
    configuration.levels[RuleID(StringsRule.duplicateKey)] = .off
    #expect(!TableDumpReporter.json(Self.table, configuration: configuration).contains("strings-duplicate-key"))
    configuration.levels[RuleID(StringsRule.duplicateKey)] = .on(.error)
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
