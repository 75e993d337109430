import Foundation
import Testing
import TestSupport
@testable import APNsLint

/// The lint of the build-tool plugin (SPEC §18, `BuildLint`, what `apns-lint-build` prints): which
/// files it reads, the lines in the compiler's shape, the configuration's severities and
/// `build.fail-on`, and where the configuration is found.
@Suite struct BuildLintTests {
  /// A target's folder with an English and a French table, the French one leaving out the
  /// English value's argument (a warning), and the tables' paths.
  static func target() throws -> (folder: TemporaryFolder, tables: [String]) {
    let folder = try TemporaryFolder()
    let en = try folder.write("Sources/App/Resources/en.lproj/Localizable.strings",
                              "\"PHOTO_TITLE\" = \"New photo\";\n\"PHOTO_BODY\" = \"%@ sent you a photo\";\n")
    let fr = try folder.write("Sources/App/Resources/fr.lproj/Localizable.strings",
                              "\"PHOTO_TITLE\" = \"Nouvelle photo\";\n\n\"PHOTO_BODY\" = \"Vous avez reçu une photo\";\n")
    return (folder, [en, fr])
  }

  static let formatWarning = ":3:1: warning: 'PHOTO_BODY' in 'fr' ('Vous avez reçu une photo') does not take the arguments of 'en' "
    + "('%@ sent you a photo'): position 1 is missing (that argument is left out of the sentence) [strings-argument-left-out]"

  static func configuration(_ yaml: String) throws -> Configuration {
    try Configuration.parse(yaml: "version: 1\n" + yaml, path: ".apns-lint.yml", base: .builtIn)
  }

  @Test func aTableIsComparedWithItsLocalizationSiblingsAndPrintedAtItsLine() throws {
    let (folder, tables) = try Self.target()
    let report = BuildLint(configuration: .builtIn).run(tables)
    #expect(report.lines == [tables[1] + Self.formatWarning])
    #expect(report.checked == 2)
    #expect((report.errors, report.warnings, report.notes) == (0, 1, 0))
    #expect(report.summary == "apns-lint-build: checked 2 files, 0 errors, 1 warnings")
    #expect(!report.fails)
    _ = folder
  }

  /// With the package's folder as the root, the build reads what `strings lint` there reads: the
  /// package's `defaultLocalization` (German) is the development language, and the code names
  /// `TITLE` and `PHOTO_BODY` but not `EMPTY` or `OLD_BODY`, whose findings are notes (no device
  /// shows them). Without a root, English is compared as the development language and every key
  /// counts as looked up.
  @Test func theRootsProjectsAndCodeDecideAsStringsLintThere() throws {
    let folder = try TemporaryFolder()
    try folder.write("Package.swift", """
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(name: "Shelf", defaultLocalization: "de", targets: [.target(name: "Shelf")])

      """)
    try folder.write("Sources/Shelf/Shelf.swift", """
      import Foundation
      let title = NSLocalizedString("TITLE", bundle: .module, comment: "")
      func body(_ sender: String) -> String { String(format: NSLocalizedString("PHOTO_BODY", bundle: .module, comment: ""), sender) }

      """)
    let de = try folder.write("Sources/Shelf/Resources/de.lproj/Localizable.strings",
                              "\"TITLE\" = \"Regal\";\n\"EMPTY\" = \"Leer\";\n\"PHOTO_BODY\" = \"%@ hat dir ein Foto geschickt\";\n\"OLD_BODY\" = \"%@ ist weg\";\n")
    let en = try folder.write("Sources/Shelf/Resources/en.lproj/Localizable.strings",
                              "\"TITLE\" = \"Shelf\";\n\"PHOTO_BODY\" = \"You got a photo\";\n\"OLD_BODY\" = \"Gone\";\n")
    var lint = BuildLint(configuration: .builtIn)
    lint.root = folder.path
    let report = lint.run([de, en])
    #expect(report.lines == [
      en + ":1:1: note: 'EMPTY' of 'de.lproj/Localizable.strings:2' has no translation in 'en': the device shows the raw key "
        + "(no source file names the key: no device shows it) [strings-missing-translation]",
      en + ":2:1: warning: 'PHOTO_BODY' in 'en' ('You got a photo') does not take the arguments of 'de' ('%@ hat dir ein Foto geschickt'): "
        + "position 1 is missing (that argument is left out of the sentence) [strings-argument-left-out]",
      en + ":3:1: note: 'OLD_BODY' in 'en' ('Gone') does not take the arguments of 'de' ('%@ ist weg'): position 1 is missing "
        + "(that argument is left out of the sentence) (no source file names the key: no device shows it) [strings-argument-left-out]",
    ])
    // The tables alone: English is the development language, and OLD_BODY counts as looked up.
    lint.root = nil
    #expect(lint.run([de, en]).lines.map { $0.replacingOccurrences(of: de, with: "de") } == [
      "de:2:1: note: 'EMPTY' is not in the development language's 'en.lproj/Localizable.strings' [strings-extra-key]",
      "de:3:1: warning: 'PHOTO_BODY' in 'de' ('%@ hat dir ein Foto geschickt') does not take the arguments of 'en' ('You got a photo'): "
        + "'%@' where 'en' has none: if the code formats this key, that reads an argument the code does not pass (a crash); "
        + "if it does not, the user reads '%@' [strings-argument-left-out]",
      "de:4:1: warning: 'OLD_BODY' in 'de' ('%@ ist weg') does not take the arguments of 'en' ('Gone'): "
        + "'%@' where 'en' has none: if the code formats this key, that reads an argument the code does not pass (a crash); "
        + "if it does not, the user reads '%@' [strings-argument-left-out]",
    ])
    _ = folder
  }

  @Test func warningsFailTheBuildOnlyWithFailOnWarning() throws {
    let (folder, tables) = try Self.target()
    let strict = try Self.configuration("build: {fail-on: warning}\n")
    #expect(Configuration.builtIn.buildFailOn == .error)
    #expect(strict.buildFailOn == .warning)
    #expect(BuildLint(configuration: strict).run(tables).fails)
    #expect(!BuildLint(configuration: try Self.configuration("build: {fail-on: error}\n")).run(tables).fails)
    _ = folder
  }

  @Test func theConfigurationsSeveritiesApplyAndInfoIsANote() throws {
    let (folder, tables) = try Self.target()
    let off = BuildLint(configuration: try Self.configuration("rules: {strings-format-mismatch: off}\n")).run(tables)
    #expect(off.lines.isEmpty && off.checked == 2 && !off.fails)
    let info = BuildLint(configuration: try Self.configuration("rules: {strings-format-mismatch: info}\n")).run(tables)
    #expect(info.lines == [tables[1] + Self.formatWarning.replacingOccurrences(of: ": warning: ", with: ": note: ")])
    #expect((info.warnings, info.notes) == (0, 1))
    _ = folder
  }

  @Test func onlyTheTablesGivenArePrinted() throws {
    let (folder, tables) = try Self.target()
    // German lacks a key (a warning in de.lproj), but the build did not hand that table in.
    try folder.write("Sources/App/Resources/de.lproj/Localizable.strings", "\"PHOTO_TITLE\" = \"Neues Foto\";\n")
    let report = BuildLint(configuration: .builtIn).run(tables)
    #expect(report.lines == [tables[1] + Self.formatWarning])
    #expect(report.checked == 2)
  }

  @Test func payloadFixturesAreCheckedAndOtherJSONIsLeftOut() throws {
    let folder = try TemporaryFolder()
    let bad = try folder.write("App/Push/bad.json", "{\"aps\": {\"alert\": 42}}\n")
    let clean = try folder.write("App/Push/welcome.apns", "{\"Simulator Target Bundle\": \"com.example.app\", \"aps\": {\"alert\": \"Hi\"}}\n")
    let other = try folder.write("App/Resources/Contents.json", "{\"images\": [], \"info\": {\"version\": 1}}\n")
    let report = BuildLint(configuration: .builtIn).run([bad, clean, other])
    #expect(report.lines == [bad + ":1:19: error: 'alert' must be a string or an object, not a number [value-type]"])
    #expect(report.checked == 2)
    #expect(report.fails)
  }

  @Test func anInputThatCannotBeReadIsAProblem() throws {
    let folder = try TemporaryFolder()
    let missing = folder.path + "/App/gone.apns"
    let report = BuildLint(configuration: .builtIn).run([missing])
    #expect(report.problems.map(\.description) == ["\(missing): error: cannot read: No such file or directory"])
    #expect(report.fails && report.checked == 0)
  }

  @Test func aPayloadFixtureIsJSONWithAnApsOrWebPushMemberAtTheTop() {
    func holds(_ text: String) -> Bool { BuildLint.holdsPayloadMember(Array(text.utf8)) }
    #expect(holds(#"{"aps": {"alert": "Hi"}}"#))
    #expect(holds("{\n  \"web_push\" : 8030, \"notification\": {}}"))
    #expect(holds(#"{"aps": {"alert": "Hi",}"#))            // broken: still a payload, json-syntax says why
    #expect(holds(#"{"custom": {"x": 1}, "aps": {}}"#))
    #expect(!holds(#"{"data": {"aps": {"alert": "Hi"}}}"#))  // nested: some other document
    #expect(!holds(#"{"key": "aps"}"#))
    #expect(!holds(#"{"key": "\"aps\": 1"}"#))
    #expect(!holds(#"["aps"]"#))
    #expect(!holds(""))
  }

  @Test func theNearestConfigurationFromTheTargetUpToThePackageIsUsed() throws {
    let folder = try TemporaryFolder()
    let target = folder.path + "/Sources/App"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    #expect(BuildLint.configurationFile(from: target, upTo: folder.path) == nil)
    let top = try folder.write(".apns-lint.yml", "version: 1\n")
    #expect(BuildLint.configurationFile(from: target, upTo: folder.path) == top)
    let near = try folder.write("Sources/.apns-lint.yml", "version: 1\n")
    #expect(BuildLint.configurationFile(from: target, upTo: folder.path) == near)
    #expect(BuildLint.configurationFile(from: target, upTo: target) == nil)   // not above the package
  }

  @Test func kindsAreToldByTheirExtension() {
    #expect(BuildLint.kind(of: "a/fr.lproj/Localizable.strings") == .table)
    #expect(BuildLint.kind(of: "a/en.lproj/Plurals.stringsdict") == .table)
    #expect(BuildLint.kind(of: "a/Localizable.xcstrings") == .table)
    #expect(BuildLint.kind(of: "a/push.apns") == .payload)
    #expect(BuildLint.kind(of: "a/push.JSON") == .json)
    #expect(BuildLint.kind(of: "a/App.swift") == nil)
  }
}
