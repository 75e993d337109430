import Foundation
import LintVocabulary
import LocFormat
import StringsFile
import Testing
@testable import APNsLint

/// Issue 52, judged on the December tables (docs/accuracy.md, "The December sets"): a finding's
/// severity is what the device shows. Each fixture is written here after a pattern seen in a
/// public repository, cited at its test; none of their files is copied.
@Suite("strings lint: what the device shows decides (arguments reworded, identifier keys, plural words, Markdown tables, do-not-localize, shared words)")
struct TableConsequenceTests {
  /// An argument left out of a translation is a value the user does not read, however whole the
  /// sentence around it reads (judged on the wider tables: Tunnelblick's Russian error list
  /// without its last line, OpenEmu's Portuguese "remove this collection?" without its name), so a
  /// warning; only an argument that the development text glues to a word as its ending
  /// (twofas/2fas-ios's `app%@`, the plural `s`) is nothing lost in a language without that
  /// ending: information.
  @Test func anArgumentLeftOutIsAValueLostUnlessItIsAWordsEnding() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "TIP" = "Enable to have %@ complete your favorite URLs.";
      "APPS" = "%d app%@ installed";
      "MIXED" = "%d file%@ in %@";

      """)
    try folder.write("ko.lproj/Localizable.strings", """
      "TIP" = "즐겨찾는 URL을 자동 완성합니다.";
      "APPS" = "앱 %d개 설치됨";
      "MIXED" = "파일 %d개";

      """)
    #expect(try lintedWithSeverity(folder.root.path)["ko.lproj/Localizable.strings"] == [
      "warning strings-argument-left-out 1:1 TIP: 'TIP' in 'ko' ('즐겨찾는 URL을 자동 완성합니다.') does not take the arguments of 'en' ('Enable to have %@ complete your favorite URLs.'): position 1 is missing (that argument is left out of the sentence)",
      "info strings-argument-reworded 2:1 APPS: 'APPS' in 'ko' ('앱 %d개 설치됨') does not take the arguments of 'en' ('%d app%@ installed'): position 2 is missing (that argument is left out of the sentence) (a word's ending in the development text, which the language does not need)",
      "warning strings-argument-left-out 3:1 MIXED: 'MIXED' in 'ko' ('파일 %d개') does not take the arguments of 'en' ('%d file%@ in %@'): position 2 is missing (that argument is left out of the sentence), position 3 is missing (that argument is left out of the sentence)",
    ])
    #expect(StringsLint.leavesOutOnlySuffixes("앱 %d개", format: FormatString("앱 %d개"), development: "%d app%@ installed"))
    #expect(!StringsLint.leavesOutOnlySuffixes("앱 %d개", format: FormatString("앱 %d개"), development: "%d app %@"))
    #expect(!StringsLint.leavesOutOnlySuffixes("%d app%@", format: FormatString("%d app%@"), development: "%d app%@"))
    // Tunnelblick's "Advanced Settings%@" glues " Tunnelblick" to a word no count quantifies.
    #expect(!StringsLint.leavesOutOnlySuffixes("Napredne postavke", format: FormatString("Napredne postavke"), development: "Advanced Settings%@"))
  }

  /// A catalog key with no development value stands in for the text; an identifier
  /// (`webdav.error.downloadStalled`) is no sentence written against the code's arguments, so a
  /// translation's `%lld` is not compared with it (zizicici/Watermelon's Mac catalog, where only
  /// `ru` holds such keys and the code formats them with the value ru reads).
  @Test func anIdentifierKeyWithoutADevelopmentValueSaysNothingOfArguments() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", catalog("""
      "webdav.error.downloadStalled": {"localizations": {"ru": \(unit("translated", "Загрузка не продвигалась %lld с."))}},
      "Open the link": {"localizations": {"de": \(unit("translated", "Den Link %@ öffnen"))}}
      """))
    let result = try lintedWithSeverity(folder.root.path)["Localizable.xcstrings"] ?? []
    #expect(result.filter { $0.contains("webdav") && !$0.contains("missing-translation") } == [])
    #expect(result.filter { $0.contains("Den Link") }.count == 1)
  }

  /// ru, uk, be, pl select `other` for no whole number: an `other` written for an integer count
  /// is the plural most counts read (0, 5–20, `many`'s wording), so `many` missing beside it is not
  /// missing; `few` (2–4) still is. A count with no word of the language after it ("Cask %lld",
  /// "%lld Formula": a name kept in Latin letters) reads right for every count (buresdv/Cork uk
  /// `start-page.unloaded-casks.count-%lld`, `…unloaded-formulae…`).
  @Test func pluralWordsThatFollowTheCountDecide() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", stringsdict([
      "FILES": ["one": "%d file", "other": "%d files"],
      "CASKS": ["one": "Cask %d", "other": "Cask %d"],
      "FORMULAE": ["one": "%d Formula", "other": "%d Formulae"],
    ]))
    try folder.write("uk.lproj/Localizable.stringsdict", stringsdict([
      "FILES": ["one": "%d файл", "other": "%d файлів"],
      "CASKS": ["one": "Cask %d", "other": "Не вдалося завантажити Cask %d"],
      "FORMULAE": ["one": "%d Formula", "other": "Не вдалося завантажити %d Formula"],
    ]))
    let result = try lintedWithSeverity(folder.root.path)["uk.lproj/Localizable.stringsdict"] ?? []
    #expect(result.filter { $0.contains("plural") } == [
      "warning strings-plural-missing 4:82 FILES: 'FILES' (plural 'n'): uk needs one, few, many, other; 'few' is missing: a count of 2 shows the 'other' form ('2 файлів')",
    ])
  }

  /// A table written in Markdown (most of its values carry it) is read through a Markdown
  /// renderer, which decodes entities as CommonMark says, so `&nbsp;` in its plainer values is a
  /// no-break space (noah-nuebling/mac-mouse-fix's `Readme.xcstrings`: `Website&nbsp;↗`); in a
  /// plain table it is shown as written.
  @Test func aMarkdownTableDecodesItsEntities() throws {
    let folder = TableFolder()
    try folder.write("Readme.xcstrings", catalog("""
      "intro": {"localizations": {"en": \(unit("translated", "**Mac Mouse Fix** makes your mouse better"))}},
      "links": {"localizations": {"en": \(unit("translated", "[Website](https://example.org) and [Help](https://example.org/help)"))}},
      "more": {"localizations": {"en": \(unit("translated", "See the `config` file"))}},
      "site": {"localizations": {"en": \(unit("translated", "Website&nbsp;↗"))}},
      "why": {"localizations": {"en": \(unit("translated", "_Why_ it exists"))}}
      """))
    try folder.write("Plain.xcstrings", catalog("""
      "a": {"localizations": {"en": \(unit("translated", "One"))}},
      "b": {"localizations": {"en": \(unit("translated", "Two"))}},
      "c": {"localizations": {"en": \(unit("translated", "Three"))}},
      "site": {"localizations": {"en": \(unit("translated", "Website&nbsp;↗"))}}
      """))
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["Readme.xcstrings"]?.filter { $0.contains("markup") } == [])
    #expect(result["Plain.xcstrings"]?.filter { $0.contains("markup") }.count == 1)
  }

  /// Interface Builder's localizer hint `Note = "Do not localize"` (newmarcel/KeepingYouAwake's
  /// `Warning Label`, whose text the code sets) keeps a text out of translation as
  /// `shouldTranslate: false` does: an empty or missing translation of it is no text lost. A
  /// comment that only names a word to keep ("Do not translate 'Siri'") is not such a mark. A value
  /// that is itself the mark (`<dnl>`, mangerlahn/Latest's table cell) is missing from no translation.
  @Test func aDoNotLocalizeNoteKeepsATextOutOfTranslation() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Main.strings", """
      /* Class = "NSTextFieldCell"; title = "Warning Label"; ObjectID = "kYn-pW-tq6"; Note = "Do not localize"; */
      "kYn-pW-tq6.title" = "Warning Label";

      /* Class = "NSTextFieldCell"; title = "Ask Siri"; ObjectID = "abc-de-fgh"; Note = "Do not translate 'Siri'"; */
      "abc-de-fgh.title" = "Ask Siri";

      /* Class = "NSTextFieldCell"; title = "<dnl>"; ObjectID = "jLw-y7-vqv"; */
      "jLw-y7-vqv.title" = "<dnl>";

      """)
    try folder.write("it.lproj/Main.strings", """
      "kYn-pW-tq6.title" = "";
      "abc-de-fgh.title" = "";

      """)
    #expect(try lintedWithSeverity(folder.root.path)["it.lproj/Main.strings"] == [
      "warning strings-empty-translation 2:1 abc-de-fgh.title: 'abc-de-fgh.title' in 'it' is empty where 'en' has 'Ask Siri': the device shows nothing",
    ])
    #expect(StringsEntry.isDoNotLocalizeMarker("<dnl>") && StringsEntry.isDoNotLocalizeMarker("DNL") && !StringsEntry.isDoNotLocalizeMarker("DNS"))
    #expect(StringsEntry.marksNotForTranslation("Do not localize."))
    #expect(StringsEntry.marksNotForTranslation("DNL"))
    #expect(StringsEntry.marksNotForTranslation("Class = \"NSButton\"; Note = \"don't translate this\";"))
    #expect(!StringsEntry.marksNotForTranslation("Do not translate 'Siri'"))
    #expect(!StringsEntry.marksNotForTranslation("The title; translators: do not localize the app name"))
  }

  /// A word kept as the development text by most languages written in its script reads as meant
  /// in another language of that script, whatever languages of other scripts write
  /// (newmarcel/KeepingYouAwake's "OK": da, de, fi, fr, id keep it, es and tr translate it, ru and
  /// zh write their own; vi lacks it). Here pl and vi lack it (information), be too (a warning:
  /// Cyrillic languages write their own).
  @Test func aWordLanguagesOfTheScriptKeepReadsAsMeant() throws {
    let folder = TableFolder()
    func ok(_ language: String, _ value: String) -> String { "\"\(language)\": \(unit("translated", value))" }
    try folder.write("Localizable.xcstrings", catalog("""
      "OK": {"localizations": {\(ok("en", "OK")), \(ok("da", "OK")), \(ok("de", "OK")), \(ok("fi", "OK")), \(ok("fr", "OK")), \
      \(ok("id", "OK")), \(ok("es", "Aceptar")), \(ok("tr", "Tamam")), \(ok("ru", "ОК")), \(ok("uk", "Так")), \(ok("zh-Hans", "好的")), \
      \(ok("hi", "ठीक है"))}},
      "Quit": {"localizations": {\(ok("en", "Quit")), \(ok("da", "Afslut")), \(ok("de", "Beenden")), \(ok("fi", "Lopeta")), \
      \(ok("fr", "Quitter")), \(ok("id", "Keluar")), \(ok("es", "Salir")), \(ok("tr", "Çık")), \(ok("ru", "Выйти")), \(ok("uk", "Вийти")), \
      \(ok("zh-Hans", "退出")), \(ok("hi", "छोड़ें")), \(ok("vi", "Thoát")), \(ok("pl", "Zakończ")), \(ok("be", "Выйсці"))}}
      """))
    let result = try lintedWithSeverity(folder.root.path)["Localizable.xcstrings"] ?? []
    #expect(result.filter { $0.contains("strings-missing-translation") } == [
      "warning strings-missing-translation 1:56 OK: 'OK' of 'en' has no translation in 'be': the Belarusian user reads the English text 'OK'",
    ])
  }
  /// AppKit draws an `NSMenu`'s title only for a submenu of the main menu (Apple's `NSMenu.title`):
  /// a submenu of a submenu shows its item's title, so an empty or missing translation of its own
  /// title shows nothing wrong (mangerlahn/Latest's View ▸ Sort By, whose Arabic menu title is empty).
  @Test func aMenuTitleAppKitNeverDrawsIsNoTextToTranslate() throws {
    let folder = TableFolder()
    try folder.write("Base.lproj/Main.storyboard", """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB"><scenes><scene><objects>
      <menu key="mainMenu" title="Main Menu" systemMenu="main" id="AYu-sK-qS6"><items>
      <menuItem title="View" id="H8h-7b-M4v"><menu key="submenu" title="View" id="HyV-fh-RgO"><items>
      <menuItem title="Sort By" id="ZKg-u2-aqr"><menu key="submenu" title="Sort By" id="1fA-1k-qER"/></menuItem>
      </items></menu></menuItem>
      </items></menu>
      </objects></scene></scenes></document>
      """)
    let english = """
      /* Class = "NSMenu"; title = "View"; ObjectID = "HyV-fh-RgO"; */
      "HyV-fh-RgO.title" = "View";

      /* Class = "NSMenuItem"; title = "Sort By"; ObjectID = "ZKg-u2-aqr"; */
      "ZKg-u2-aqr.title" = "Sort By";

      /* Class = "NSMenu"; title = "Sort By"; ObjectID = "1fA-1k-qER"; */
      "1fA-1k-qER.title" = "Sort By";

      """
    try folder.write("en.lproj/Main.strings", english)
    try folder.write("ar.lproj/Main.strings", """
      "HyV-fh-RgO.title" = "";
      "ZKg-u2-aqr.title" = "فرز حسب";
      "1fA-1k-qER.title" = "";

      """)
    #expect(try lintedWithSeverity(folder.root.path)["ar.lproj/Main.strings"] == [
      "warning strings-empty-translation 1:1 HyV-fh-RgO.title: 'HyV-fh-RgO.title' in 'ar' is empty where 'en' has 'View': the device shows nothing",
    ])
    // The same storyboard localized by an Interface Builder String Catalog (noah-nuebling/mac-mouse-fix's
    // `App/UI/Main/mul.lproj/Main.xcstrings`): the submenu's title needs no translation there either.
    func item(_ id: String, _ cls: String, _ title: String, _ ar: String) -> String {
      "\"\(id).title\": {\"comment\": \"Class = \\\"\(cls)\\\"; title = \\\"\(title)\\\"; ObjectID = \\\"\(id)\\\";\", "
        + "\"localizations\": {\"en\": \(unit("translated", title)), \"ar\": \(unit("translated", ar))}}"
    }
    try folder.write("mul.lproj/Main.xcstrings", catalog([item("HyV-fh-RgO", "NSMenu", "View", ""), item("ZKg-u2-aqr", "NSMenuItem", "Sort By", "فرز حسب"),
                                                         item("1fA-1k-qER", "NSMenu", "Sort By", "")].joined(separator: ", ")))
    #expect(try lintedWithSeverity(folder.root.path)["mul.lproj/Main.xcstrings"]?.map { $0.split(separator: " ").enumerated().filter { $0.offset != 2 }.prefix(3).map { String($0.element) } } == [
      ["warning", "strings-empty-translation", "HyV-fh-RgO.title:"],
    ])
    #expect(StringsLint.menuTitlesDrawn(in: try String(contentsOf: folder.root.appendingPathComponent("Base.lproj/Main.storyboard"), encoding: .utf8),
                                        ids: ["HyV-fh-RgO", "1fA-1k-qER"]) == ["HyV-fh-RgO": true, "1fA-1k-qER": false])
  }
  /// Text Xcode's object library gives a new label or button ("Label", "Button", "Text Cell" …)
  /// is no author's words: the code fills the object before it shows (inaturalist/INaturalistIOS's
  /// `reasonLabel`, "Label" in `Onboarding.storyboard`), so a translation missing or empty changes
  /// nothing a user reads; a real text missing beside it is still reported.
  @Test func xcodesPlaceholderTextIsNoTextToTranslate() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Onboarding.strings", """
      /* Class = "UILabel"; text = "Label"; ObjectID = "oAC-8Z-BHX"; */
      "oAC-8Z-BHX.text" = "Label";

      /* Class = "UIButton"; normalTitle = "Button"; ObjectID = "k2P-aa-9xQ"; */
      "k2P-aa-9xQ.normalTitle" = "Button";

      /* Class = "UILabel"; text = "Welcome to iNaturalist"; ObjectID = "Wq1-3r-Tt0"; */
      "Wq1-3r-Tt0.text" = "Welcome to iNaturalist";

      """)
    try folder.write("es.lproj/Onboarding.strings", "\"k2P-aa-9xQ.normalTitle\" = \"\";\n")
    #expect(try lintedWithSeverity(folder.root.path)["es.lproj/Onboarding.strings"] == [
      "warning strings-missing-translation 1:1 Wq1-3r-Tt0.text: 'Wq1-3r-Tt0.text' of 'en.lproj/Onboarding.strings:8' has no translation in 'es': the device shows the nib's own text, the English 'Welcome to iNaturalist'",
    ])
  }
  /// A lookup that passes a default text (`NSLocalizedString(key, value: "…")`,
  /// mozilla-mobile/focus-ios's `UIConstants.swift`; SwiftGen's `fallback:`, savoirfairelinux/
  /// jami-client-ios) shows that text for a key its translation lacks, not the raw key
  /// (CFBundleCopyLocalizedString returns the value passed): the finding says the user reads the
  /// development language, still a warning.
  @Test func aMissingKeyWithADefaultTextInTheCodeShowsThatText() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"Auth.reason\" = \"Authenticate\";\n\"Auth.title\" = \"Locked\";\n")
    try folder.write("fr.lproj/Localizable.strings", "\"Other\" = \"Autre\";\n")
    var files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
    let sources = SourceKeys(texts: [(#"""
      let reason = NSLocalizedString("Auth.reason", tableName: "Localizable", value: "Authenticate", comment: "Face ID prompt")
      let title = NSLocalizedString("Auth.title", comment: "")
      let list = ["Auth.reason", "Other", "value: not a label of this literal"]
      """#, .cFamily)])
    #expect(sources.keysWithDefaultText == ["Auth.reason", "Localizable"])   // the table name too: no key of it
    _ = StringsLint.markUnreached(&files, sources: sources)
    let french = try #require(files.first { $0.path.hasSuffix("fr.lproj/Localizable.strings") })
    #expect(french.groupedFindings.filter { $0.rule.rawValue == "strings-missing-translation" }.map(\.message) == [
      "fr: 1 of 2 keys of 'Localizable.strings' missing: 'Auth.title' (the device shows the raw key)",
      "fr: 1 of 2 keys of 'Localizable.strings' missing: 'Auth.reason' (the French user reads the English text)",
    ])
    #expect(french.findings.first { $0.keyPath == "Auth.reason" }?.message
      == "'Auth.reason' of 'en.lproj/Localizable.strings:1' has no translation in 'fr': the device shows the default text the code passes with the key, in the development language")
  }

  /// A key defined twice: the last definition wins, as it has on every device the table ran on,
  /// so two texts in the language are information, whichever was meant (judged on real tables:
  /// exelban/stats's Dutch `Fan value`, HabitRPG/habitica-ios's `open_website`, mangerlahn/Latest's
  /// German `AppStoreNotSignedInError`, two good texts each). Only a last definition in a script
  /// the language does not write, over a translation in its own, is shown wrong: a warning
  /// (Steven-A3/AppBox2024's zh-Hans `Degrees`, Chinese first and English last). Our own fixture.
  @Test func aDuplicateKeyIsAWarningOnlyWhenWhatShowsIsNotInTheLanguage() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "DEGREES" = "Degrees";
      "OPEN" = "Open the website";
      "OPEN" = "Open Website";

      """)
    try folder.write("zh-Hans.lproj/Localizable.strings", """
      "DEGREES" = "度";
      "DEGREES" = "Degrees";
      "OPEN" = "打开网站";
      "OPEN" = "Open the website now";

      """)
    try folder.write("de.lproj/Localizable.strings", """
      "DEGREES" = "Grad";
      "DEGREES" = "Degrees";
      "OPEN" = "Website öffnen";
      "OPEN" = "Die Website öffnen";

      """)
    try folder.write("ja.lproj/Localizable.strings", """
      "DEGREES" = "Degrees";
      "DEGREES" = "度";
      "OPEN" = "ウェブサイトを開く";
      "OPEN" = "サイトを開く";

      """)
    let found = try lintedWithSeverity(folder.root.path)
    #expect(found["zh-Hans.lproj/Localizable.strings"] == [
      "warning strings-duplicate-key 2:1 DEGREES: key 'DEGREES' is defined again: the last definition, which the device shows, is written in Latin, which 'zh-Hans' does not write, over line 1's text in the language's own script",
      "info strings-development-copy 2:1 -: zh-Hans: 1 of 2 values of 'Localizable.strings' are the English text unchanged: 'DEGREES' (in a script Chinese, Simplified is not written in, but too few, or too like names, to tell from names)",
      "warning strings-duplicate-key 4:1 OPEN: key 'OPEN' is defined again: the last definition, which the device shows, is written in Latin, which 'zh-Hans' does not write, over line 3's text in the language's own script",
    ])
    #expect(found["de.lproj/Localizable.strings"] == [
      "info strings-duplicate-other-value 2:1 DEGREES: key 'DEGREES' is defined again with another text; line 1's never shows, the last definition wins",
      "info strings-development-copy 2:1 -: de: 1 of 2 values of 'Localizable.strings' are the English text unchanged: 'DEGREES' (names and words German shares with English read as meant; text left untranslated reads in English)",
      "info strings-duplicate-other-value 4:1 OPEN: key 'OPEN' is defined again with another text; line 3's never shows, the last definition wins",
    ])
    #expect(found["ja.lproj/Localizable.strings"] == [
      "info strings-duplicate-other-value 2:1 DEGREES: key 'DEGREES' is defined again with another text; line 1's never shows, the last definition wins",
      "info strings-duplicate-other-value 4:1 OPEN: key 'OPEN' is defined again with another text; line 3's never shows, the last definition wins",
    ])
    #expect(found["en.lproj/Localizable.strings"] == [
      "info strings-duplicate-other-value 3:1 OPEN: key 'OPEN' is defined again with another text; line 2's never shows, the last definition wins",
    ])
  }

  /// A language a translation platform exported and nobody translated holds `""` in every unit
  /// (TheBLVD/mammoth's catalogs: 24 languages written so by its Crowdin bot, state
  /// `needs_review`): one `strings-empty-translation` for the language, where its first empty
  /// value stands, listing the keys, not one per key; a language with one empty value among
  /// translations keeps that value's own finding.
  @Test func aLanguageNobodyTranslatedIsOneFinding() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", catalog("""
      "Archive": {"localizations": {"en": \(unit("translated", "Archive")), "he": \(unit("needs_review", "")), "fr": \(unit("translated", "Archiver"))}},
      "Delete": {"localizations": {"en": \(unit("translated", "Delete")), "he": \(unit("needs_review", "")), "fr": \(unit("translated", ""))}},
      "Share": {"localizations": {"en": \(unit("translated", "Share")), "he": \(unit("needs_review", "")), "fr": \(unit("translated", "Partager"))}}
      """))
    let files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
    // Per key in `findings` (the baseline, the code's keys and --fix read them), one for Hebrew as every format shows them.
    #expect(files[0].findings.filter { $0.rule == RuleID(TableRule.emptyTranslation) }.count == 4)
    let empty = files[0].groupedFindings.filter { $0.rule == RuleID(TableRule.emptyTranslation) }
    #expect(empty.map { "\($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-") \($0.keys ?? []): \($0.message)" } == [
      "warning 1:209 - [\"Archive\", \"Delete\", \"Share\"]: he: all 3 values of 'Localizable.xcstrings' are empty where the development language has text "
        + "(the language was never translated): the device shows nothing: 'Archive', 'Delete', 'Share'",
      "warning 2:212 Delete []: 'Delete' in 'fr' is empty where 'en' has 'Delete': the device shows nothing",
    ])
    // Not fixed unit by unit: the group names no key.
    let text = Array(try String(contentsOf: folder.root.appendingPathComponent("Localizable.xcstrings"), encoding: .utf8).utf8)
    #expect(EmptyTranslationFix.fix(FixSite(text: text, finding: empty[0])) == nil)
    #expect(EmptyTranslationFix.fix(FixSite(text: text, finding: empty[1])) != nil)
    // A key no code looks up leaves the group as information of its own.
    var read = files
    _ = StringsLint.markUnreached(&read, sources: SourceKeys(texts: [("Text(\"Archive\"); Text(\"Delete\")", .cFamily)]))
    #expect(read[0].groupedFindings.filter { $0.rule == RuleID(TableRule.emptyTranslation) }.map { "\($0.severity.rawValue) \($0.keyPath ?? "-"): \($0.message)" } == [
      "warning -: he: all 3 values of 'Localizable.xcstrings' are empty where the development language has text (the language was never translated): "
        + "the device shows nothing for 2 of them: 'Archive', 'Delete'",
      "warning Delete: 'Delete' in 'fr' is empty where 'en' has 'Delete': the device shows nothing",
      "info Share: 'Share' in 'he' is empty where 'en' has 'Share': the device shows nothing (no source file names the key: no device shows it)",
    ])
  }

  /// A value that is itself the instruction not to translate it (Sparkle's
  /// `SUUpdatePermissionPrompt.strings`, `"179.title" = "DO NOT LOCALIZE"`, a nib field the code
  /// fills) is no text any user reads: its translation is never missing.
  @Test func aValueThatSaysDoNotLocalizeNeedsNoTranslation() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/SUUpdatePermissionPrompt.strings", """
      /* Class = "NSTextFieldCell"; title = "DO NOT LOCALIZE"; ObjectID = "179"; */
      "179.title" = "DO NOT LOCALIZE";

      /* Class = "NSButtonCell"; title = "Check Automatically"; ObjectID = "176"; */
      "176.title" = "Check Automatically";

      """)
    try folder.write("nl.lproj/SUUpdatePermissionPrompt.strings", "\"Other\" = \"Ander\";\n")
    let found = try lintedWithSeverity(folder.root.path)
    #expect(found["nl.lproj/SUUpdatePermissionPrompt.strings"] == [
      "warning strings-missing-translation 1:1 176.title: '176.title' of 'en.lproj/SUUpdatePermissionPrompt.strings:5' has no translation in 'nl': "
        + "the device shows the nib's own text, the English 'Check Automatically'",
      "info strings-extra-key 1:1 Other: 'Other' is not in the development language's 'en.lproj/SUUpdatePermissionPrompt.strings'",
    ])
    #expect(StringsEntry.isDoNotLocalizeValue("Do not translate."))
    #expect(!StringsEntry.isDoNotLocalizeValue("Don't translate automatically"))
    #expect(!StringsEntry.isDoNotLocalizeValue("Done"))
  }

  /// A list of languages, each named in its own (gao-sun/eul's `language.ar` = "العربية" in its
  /// English table), is no text left in another language; the same values under keys that name
  /// no language are, and keys that only end like tags (`route_tl`, `route_tr`) make no list.
  @Test func aLanguagesOwnNameInAListIsNoTextInAnotherScript() throws {
    let folder = TableFolder()
    let names = ["ar": "العربية", "ru": "Русский", "ja": "日本語", "zh-Hans": "简体中文", "ko": "한국어"]
    try folder.write("en.lproj/Localizable.strings", names.sorted { $0.key < $1.key }.map { "\"language.\($0.key)\" = \"\($0.value)\";\n" }.joined())
    try folder.write("de.lproj/Localizable.strings", names.sorted { $0.key < $1.key }.map { "\"language.\($0.key)\" = \"\($0.value)\";\n" }.joined())
    try folder.write("Other/en.lproj/Localizable.strings", names.sorted { $0.key < $1.key }.enumerated().map { "\"greeting.\($0.offset)\" = \"\($0.element.value)\";\n" }.joined())
    let found = try lintedWithSeverity(folder.root.path)
    #expect(found["en.lproj/Localizable.strings"] == [])
    #expect(found["de.lproj/Localizable.strings"] == [
      "info strings-development-copy 1:1 -: de: 5 of 5 values of 'Localizable.strings' are the English text unchanged: 'language.ar', 'language.ja', "
        + "'language.ko' and 2 more (names and words German shares with English read as meant; text left untranslated reads in English)",
    ])
    #expect(found["Other/en.lproj/Localizable.strings"] == [
      "warning strings-wrong-script 1:1 -: en: 5 of 5 values of 'Localizable.strings' are written in Han and Cyrillic and Arabic and Hangul letters, "
        + "which English is not written in: 'greeting.0' ('العربية'), 'greeting.1' ('日本語'), 'greeting.2' ('한국어') and 2 more; the English user reads them in another language",
    ])
    #expect(StringsLint.languageLists(["route_tl", "route_tr", "route_kl", "answer.no", "language.de"]).map(String.init) == ["route_"])
    #expect(!StringsLint.isEndonym(key: "route_tl", script: .latin, lists: ["route_"], developmentScripts: [.latin]))
    #expect(StringsLint.isEndonym(key: "lang_zh_Hans", script: .han, lists: ["lang_"]))
    #expect(StringsLint.languageTag(ofKey: "error.no-output") == nil)
  }

  /// A development value that begins or ends with a space is a piece of a sentence the code
  /// assembles (tatsuz0u/EhPanda's `"You gain "` + items + `"!"`): Japanese, verb-final, says it
  /// all in the last piece and leaves the first empty, and the sentence reads whole (information).
  /// A whole text left empty, or an argument with a space (`"%@ "`), is still text lost.
  @Test func aSentencePieceLeftEmptyIsTheLanguagesWordOrder() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "GAIN.START" = "You gain ";
      "GAIN.END" = "!";
      "TITLE" = "Settings";
      "ARG" = "%@ ";

      """)
    try folder.write("ja.lproj/Localizable.strings", """
      "GAIN.START" = "";
      "GAIN.END" = "を獲得しました！";
      "TITLE" = "";
      "ARG" = "";

      """)
    let found = try lintedWithSeverity(folder.root.path)
    #expect(found["ja.lproj/Localizable.strings"] == [
      "info strings-empty-fragment 1:1 GAIN.START: 'GAIN.START' in 'ja' is empty where 'en' has 'You gain ', a piece of a sentence the code assembles: "
        + "the language's word order puts those words in another piece, and the sentence reads whole",
      "warning strings-empty-translation 3:1 TITLE: 'TITLE' in 'ja' is empty where 'en' has 'Settings': the device shows nothing",
      "warning strings-empty-translation 4:1 ARG: 'ARG' in 'ja' is empty where 'en' has '%@ ': the device shows nothing",
    ])
    #expect(StringsLint.isSentencePiece(" and "))
    #expect(!StringsLint.isSentencePiece("Call with %@ "))
    #expect(!StringsLint.isSentencePiece(" "))
  }
}
