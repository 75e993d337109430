import APNsLint
import Foundation
import PayloadSchema
import StringsFile
import Testing
import TestSupport

/// `strings lint --sources` (SPEC §3 "Keys no source names"): which keys the sources name, and
/// the findings of the others as information. The patterns are our own reproductions of what the
/// wider table set showed (docs/accuracy-wider-tables.md, class E2): Tunnelblick's multi-line
/// `@"…" @"…"` keys (Tunnelblick/Tunnelblick, tunnelblick/ConfigurationManager.m), Sequel-Ace's
/// `\u00A0` in a key (Sequel-Ace/Sequel-Ace, Source/Controllers/DataExport/SPExportController.m),
/// OsmAnd's keys built at run time (osmandapp/OsmAnd-iOS, Sources/Controllers/Map/OARouteKey.mm and
/// Sources/Controllers/Help/MenuHelpDataService.swift), and AppBox's `%@ to %@ = %.4f` key left in
/// the tables after the code moved to `%@ to %@ = %@` (Steven-A3/AppBox2024,
/// AppBox3/Apps/Currency/A3CurrencyHistoryViewController.m).
@Suite struct SourceKeysTests {
  static func sources() throws -> (TemporaryFolder, SourceKeys) {
    let dir = try TemporaryFolder()
    try dir.write("App/Views.swift", #"""
      import SwiftUI
      // NSLocalizedString("Dead in a comment", comment: "")
      /* "Dead in a block comment" */
      @main struct A: App { var body: some Scene { WindowGroup { V() } } }
      struct V: View {
        var body: some View {
          Text("Welcome \(name), you have \(count) messages")
          Text(String(localized: "Hello"))
          let key = "help_article_\(id)_name"
          let face = "Don't panic"
        }
      }
      """#)
    try dir.write("App/Legacy.m", #"""
      NSString *s = [NSString stringWithFormat:NSLocalizedString(@"Configuration '%@' requires Tunnelblick %@.\n\n"
                                                                 @"Please update.", @"Window text"), a, b];
      NSString *v = NSLocalizedString(@"stored with version\u00A0%1$ld", @"");
      NSString *r = [NSString stringWithFormat:@"%@%@%@", @"activity_type_", tag, @"_name"];
      NSString *c = [NSString stringWithFormat:@"%@ to %@ = %@", from, to, rate];
      char quote = '"'; NSString *after = @"After a char literal";
      """#)
    try dir.write("tools/export.py", "print(_('From Python'))  # \"Not this\"\n")
    try dir.write("App/Base.lproj/Main.storyboard", #"<label id="abc-12-xyz" text="Title"/>"#)
    try dir.write("App/Info.plist", "<dict><key>NSCameraUsageDescription</key><string>Scan &amp; go</string></dict>")
    return (dir, SourceKeys(roots: [dir.path]))
  }

  @Test(arguments: [
    ("Hello", true),
    ("Welcome %@, you have %lld messages", true),      // Swift looks an interpolation up as a specifier
    ("Welcome %1$@, you have %2$d messages", true),
    ("Dead in a comment", false),
    ("Dead in a block comment", false),
    ("Configuration '%@' requires Tunnelblick %@.\n\nPlease update.", true),
    ("stored with version\u{A0}%1$ld", true),
    ("activity_type_bike_name", true),                 // a prefix literal ending in '_'
    ("help_article_routing_name", true),               // an interpolated template
    ("help_article routing name", false),              // a sentence is never built at run time
    ("%@ to %@ = %.4f", false),                        // a format key is looked up as written
    ("%@ to %@ = %@", true),
    ("After a char literal", true),
    ("From Python", true),
    ("Not this", false),
    ("abc-12-xyz.text", true),                         // a storyboard object's property
    ("NSCameraUsageDescription", true),
    ("Scan & go", true),
    ("Don't panic", true),
  ])
  func namesWhatTheSourcesLookUp(_ key: String, _ named: Bool) throws {
    let (_, keys) = try Self.sources()
    #expect(keys.names(key, table: "Localizable") == named, "\(key)")
  }

  @Test func systemTablesAreAlwaysReached() throws {
    let (_, keys) = try Self.sources()
    #expect(keys.names("CFBundleDisplayName", table: "InfoPlist"))
    #expect(!keys.names("CFBundleDisplayName", table: "Localizable"))
    #expect(keys.filesRead == 5)
    #expect(keys.problems.isEmpty)
  }

  /// Which code `strings lint DIRECTORY` reads (SPEC §3): the code below the folder by default,
  /// the given folders instead, none with `--no-sources` or when there is no code to read.
  @Test func whichCodeStringsLintReads() throws {
    let (dir, _) = try Self.sources()
    let found = StringsLint.sourceKeys(directory: dir.path, sources: [], noSources: false, jobs: 1)
    #expect(found.keys?.codeFilesRead == 3)   // Views.swift, Legacy.m, export.py; the storyboard and plist are not code
    #expect(found.keys?.names("Hello", table: "Localizable") == true)
    #expect(found.note == "read 3 source files below \(dir.path) to tell the keys the code looks up; "
      + "findings about keys no source names are info (--no-sources: every key counts as looked up)")
    let off = StringsLint.sourceKeys(directory: dir.path, sources: [], noSources: true, jobs: 1)
    #expect(off.keys == nil && off.note == nil)
    let given = StringsLint.sourceKeys(directory: "/nonexistent", sources: [dir.path + "/tools"], noSources: false, jobs: 1)
    #expect(given.keys?.codeFilesRead == 1 && given.note == nil)
    #expect(given.keys?.names("Hello", table: "Localizable") == false)
    let tablesOnly = try TemporaryFolder()
    try tablesOnly.write("en.lproj/Localizable.strings", "\"A\" = \"a\";\n")
    let none = StringsLint.sourceKeys(directory: tablesOnly.path, sources: [], noSources: false, jobs: 1)
    #expect(none.keys == nil && none.note == nil)
    let file = StringsLint.sourceKeys(directory: dir.path + "/App/Views.swift", sources: [], noSources: false, jobs: 1)
    #expect(file.keys == nil && file.note == nil)
  }

  /// A dependency's code that SwiftPM checked out into `.build/checkouts` (or `xcodebuild
  /// -derivedDataPath` into `SourcePackages/checkouts`) is not the app's: it is not read, and a
  /// key only it names is named by no source.
  @Test func codeInBuildFoldersIsNotRead() throws {
    let dir = try TemporaryFolder()
    try dir.write("Sources/App/App.swift", #"let t = String(localized: "Open")"#)
    try dir.write(".build/checkouts/Kit/Sources/Kit/Kit.swift", #"let t = String(localized: "Close")"#)
    // xcodebuild -derivedDataPath build: the packages it resolved.
    try dir.write("build/SourcePackages/checkouts/Kit/Sources/Kit/Kit.swift", #"let t = String(localized: "Close")"#)
    let keys = SourceKeys(roots: [dir.path])
    #expect(keys.codeFilesRead == 1)
    #expect(keys.names("Open", table: "Localizable"))
    #expect(!keys.names("Close", table: "Localizable"))
  }

  /// A property list's or storyboard's `<key>`/`<string>` texts (entities decoded) and `id="…"`
  /// attributes, read over the bytes: a tag left open ends the search for its kind, a value over
  /// 4096 bytes or empty is left out, text outside ASCII is kept whole.
  @Test func xmlTextsAndIdentifiersAreReadOverTheBytes() {
    let xml = #"<dict><key>NSCameraUsageDescription</key><string>Scan &amp; share «photos»</string>"#
      + #"<key></key><string>\#(String(repeating: "x", count: 4097))</string><label id="Ab1-cD-2eF" text="t"/><button id="x"#
      + "<string>open"
    let found = SourceKeys.xmlStrings(Array(xml.utf8))
    #expect(found.values == ["NSCameraUsageDescription", "Scan & share «photos»"])
    #expect(found.ids == ["Ab1-cD-2eF"])
    #expect(SourceKeys.xmlStrings([]).values.isEmpty)
  }

  /// The byte search the readers share: found at the start, at the very end, not past the end,
  /// and after a first byte that begins no match.
  @Test func bytesAreFoundWhereTheyStart() {
    let text = Array("a<ke<key>b<key>".utf8)
    func find(_ pattern: String, from start: Int) -> Int? {
      text.withUnsafeBufferPointer { t in Array(pattern.utf8).withUnsafeBufferPointer { t.firstOffset(of: $0, from: start) } }
    }
    #expect(find("<key>", from: 0) == 4)
    #expect(find("<key>", from: 5) == 10)
    #expect(find("<key>", from: 11) == nil)
    #expect(find("a", from: 0) == 0)
    #expect(find(">", from: 15) == nil)
    #expect(find("", from: 3) == 3)
    #expect("a%%b".containsUTF8("%%") && !"a%b%".containsUTF8("%%"))
  }

  @Test func aMissingSourceFolderIsAProblem() {
    let keys = SourceKeys(roots: ["/nonexistent-apns-lint-sources"])
    #expect(keys.problems.map(\.message) == ["no such file or folder"])
  }

  /// A crash in a key the code no longer reads reaches no device: information, with the reason.
  @Test func findingsOfKeysNoSourceNamesAreInformation() throws {
    let dir = try TemporaryFolder()
    try dir.write("L/en.lproj/Localizable.strings", "\"Hello\" = \"Hello %@\";\n\"%@ to %@ = %.4f\" = \"%1$@ to %2$@ = %3$.4f\";\n\"Only English\" = \"Only\";\n")
    try dir.write("L/fr.lproj/Localizable.strings", "\"Hello\" = \"Bonjour %d\";\n\"%@ to %@ = %.4f\" = \"%1$d à %2$@ = %3$.4f\";\n")
    try dir.write("Src/App.m", #"NSLocalizedString(@"Hello", @""); NSLocalizedString(@"%@ to %@ = %@", @"");"#)
    var files = try StringsLint.lint(root: dir.path + "/L")
    let keys = SourceKeys(roots: [dir.path + "/Src"])
    let notes = StringsLint.markUnreached(&files, sources: keys)
    #expect(notes.isEmpty)
    let fr = try #require(files.first { $0.path.hasSuffix("fr.lproj/Localizable.strings") })
    let summary = fr.findings.map { "\($0.rule) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "")" }
    #expect(summary == [
      "strings-missing-translation info 1:1 Only English",
      "strings-format-mismatch error 1:1 Hello",
      "strings-format-mismatch info 2:1 %@ to %@ = %.4f",
    ])
    #expect(fr.findings[2].message.hasSuffix(" (no source file names the key: no device shows it)"))
    #expect(fr.findings[2].unreached && fr.findings[2].ruleSeverity == .error)
    #expect(!fr.findings[1].unreached)
    // The missing translation of a dead key is left out of the group; a live one stays.
    #expect(fr.missingTranslations.flatMap(\.keys) == [])
  }

  /// Sources that name almost none of a table's keys are evidently not how it is looked up
  /// (accessors generated at build time): nothing is marked, and a note says why.
  @Test func aTableTheSourcesBarelyNameIsLeftAlone() throws {
    let dir = try TemporaryFolder()
    try dir.write("L/en.lproj/Localizable.strings", "\"a\" = \"%@\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n\"d\" = \"D\";\n\"e\" = \"E\";\n")
    try dir.write("L/fr.lproj/Localizable.strings", "\"a\" = \"%d\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n\"d\" = \"D\";\n\"e\" = \"E\";\n")
    try dir.write("Src/Gen.swift", #"let unrelated = "x""#)
    var files = try StringsLint.lint(root: dir.path + "/L")
    let notes = StringsLint.markUnreached(&files, sources: SourceKeys(roots: [dir.path + "/Src"]))
    #expect(notes == [dir.path + "/L/fr.lproj/Localizable.strings: the sources name 0 of its 5 keys; taken as looked up another way (generated accessors, keys built at run time), so none of its findings is marked unreached"])
    #expect(files.flatMap(\.findings).filter(\.unreached).isEmpty)
  }
}
