import Foundation
import PayloadSchema
import Testing

@testable import APNsLint

/// Text in the wrong language (issue 52): a table's values in a script its language does not write
/// (`strings-wrong-script`, one warning per table) and values that are the development text
/// unchanged (`strings-development-copy`, information). The patterns are those of the wild
/// tables (iina's `th.lproj` interface tables left in English, Rectangle's Arabic `Main.xcstrings`
/// holding French, OnlySwitch's `Night Shift` kept in every language), in our own words.
@Suite("strings lint: text in a script the language does not write")
struct StringsScriptTests {
  /// "rule severity line:column keyPath: message".
  static func severe(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.rule) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-"): \($0.message)" }
  }

  static func lint(_ folder: borrowing TableFolder, _ path: String) throws -> StringsLintFile {
    let files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
    return try #require(files.first { $0.path.hasSuffix("/" + path) })
  }

  /// One finding for the table, at its first such value, naming the count and three examples;
  /// every key in `keys`. English text another language translates counts; a value the same in
  /// every language (`Night Shift`) is a name, and a copy in the same script is information.
  @Test func englishLeftInAJapaneseTableIsOneFinding() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "OPEN" = "Open the file";
      "SAVE" = "Save the file";
      "CLOSE" = "Close the window";
      "QUIT" = "Quit the app now";
      "NIGHT" = "Night Shift";
      "SYNC" = "Sync with iCloud";

      """)
    try folder.write("de.lproj/Localizable.strings", """
      "OPEN" = "Datei öffnen";
      "SAVE" = "Datei sichern";
      "CLOSE" = "Fenster schließen";
      "QUIT" = "App jetzt beenden";
      "NIGHT" = "Night Shift";
      "SYNC" = "Mit iCloud abgleichen";

      """)
    try folder.write("ja.lproj/Localizable.strings", """
      "SYNC" = "iCloud と同期";
      "OPEN" = "Open the file";
      "SAVE" = "Save the file";
      "CLOSE" = "Close the window";
      "QUIT" = "Quit the app now";
      "NIGHT" = "Night Shift";

      """)
    let file = try Self.lint(folder, "ja.lproj/Localizable.strings")
    #expect(Self.severe(file.groupedFindings) == [
      "strings-wrong-script warning 2:1 -: ja: 4 of 6 values of 'Localizable.strings' are written in Latin letters, which Japanese is not written in, "
        + "all of them the English text unchanged: 'OPEN' ('Open the file'), 'SAVE' ('Save the file'), 'CLOSE' ('Close the window') and 1 more; "
        + "the Japanese user reads them in another language",
      "strings-development-copy info 6:1 -: ja: 1 of 6 values of 'Localizable.strings' are the English text unchanged: 'NIGHT' "
        + "(the same in every language that has them, as names are)",
    ])
    #expect(file.groupedFindings.map(\.keys) == [["OPEN", "SAVE", "CLOSE", "QUIT"], ["NIGHT"]])
    // German keeps `Night Shift` in the same script: information, never a warning.
    let german = try Self.lint(folder, "de.lproj/Localizable.strings")
    #expect(Self.severe(german.groupedFindings) == [
      "strings-development-copy info 5:1 -: de: 1 of 6 values of 'Localizable.strings' are the English text unchanged: 'NIGHT' "
        + "(names and words German shares with English read as meant; text left untranslated reads in English)",
    ])
  }

  /// Ten values written as sentences in a script the language does not write are text left
  /// untranslated whatever their share of the table (jami-client-ios: 16 English sentences among
  /// 642 Russian values, "You don't have any conversations yet."; ours): a warning, where nine
  /// among the same number of values are still too few to tell from names.
  @Test func tenSentencesInAnotherScriptAreAWarningWhateverTheirShare() throws {
    for left in [9, 10] {
      let folder = TableFolder()
      var english = "", russian = "", german = ""
      for i in 0..<300 {
        english += "\"K\(i)\" = \"You have no message number \(i) yet\";\n"
        german += "\"K\(i)\" = \"Du hast noch keine Nachricht Nummer \(i)\";\n"
        russian += i < left ? "\"K\(i)\" = \"You have no message number \(i) yet\";\n" : "\"K\(i)\" = \"У вас ещё нет сообщения номер \(i)\";\n"
      }
      try folder.write("en.lproj/Localizable.strings", english)
      try folder.write("de.lproj/Localizable.strings", german)
      try folder.write("ru.lproj/Localizable.strings", russian)
      let file = try Self.lint(folder, "ru.lproj/Localizable.strings")
      let found = Self.severe(file.groupedFindings).filter { $0.hasPrefix("strings-wrong-script") }
      if left == 9 {
        #expect(found == [])
      } else {
        #expect(found == [
          "strings-wrong-script warning 1:1 -: ru: 10 of 300 values of 'Localizable.strings' are written in Latin letters, which Russian "
            + "is not written in, all of them the English text unchanged: 'K0' ('You have no message number 0 yet'), 'K1' ('You have no "
            + "message number 1 yet'), 'K2' ('You have no message number 2 yet') and 7 more; the Russian user reads them in another language",
        ])
      }
    }
    #expect(StringsLint.reportsWrongScript(10, of: 1_000, sentences: 10) && !StringsLint.reportsWrongScript(10, of: 1_000, sentences: 9))
  }

  /// A few values in another script are as likely names as text left untranslated: fewer than
  /// three written as text (not as names), or fewer than a twentieth of a table of fewer than
  /// twenty, make no finding.
  @Test func aFewValuesMakeNoFinding() throws {
    let folder = TableFolder()
    var english = "", russian = "", german = ""
    for i in 0..<80 {
      english += "\"K\(i)\" = \"Text number \(i) here\";\n"
      german += "\"K\(i)\" = \"Text Nummer \(i) hier\";\n"
      // Three of the eighty left in English: under a twentieth.
      russian += i < 3 ? "\"K\(i)\" = \"Text number \(i) here\";\n" : "\"K\(i)\" = \"Текст номер \(i)\";\n"
    }
    try folder.write("en.lproj/Localizable.strings", english)
    try folder.write("de.lproj/Localizable.strings", german)
    try folder.write("ru.lproj/Localizable.strings", russian)
    let file = try Self.lint(folder, "ru.lproj/Localizable.strings")
    #expect(!file.groupedFindings.contains { $0.rule == RuleID(TableRule.wrongScript) })
    #expect(StringsLint.reportsWrongScript(3, of: 60, sentences: 3) && !StringsLint.reportsWrongScript(3, of: 61, sentences: 3))
    #expect(!StringsLint.reportsWrongScript(2, of: 2, sentences: 2) && StringsLint.reportsWrongScript(20, of: 1_000, sentences: 3))
    // Values written like names (every word capitalised) do not make a finding by themselves:
    // OnlySwitch's `Night Shift`, `True Tone`, `Top Sticker` in its Russian table.
    #expect(!StringsLint.reportsWrongScript(3, of: 42, sentences: 0))
    // Half a table in another script is text left untranslated, whatever it looks like (a watch
    // app's Hebrew table holding `Active Carbs`, `Bolus Failed`: LoopKit/Loop).
    #expect(StringsLint.reportsWrongScript(12, of: 12, sentences: 0))
    #expect(StringsLint.isNameLike("Night Shift") && StringsLint.isNameLike("Google Calendar API") && StringsLint.isNameLike("%@ Pro"))
    #expect(!StringsLint.isNameLike("Dismiss meeting") && !StringsLint.isNameLike("Open in Safari"))
  }

  /// The development table itself in another script: Russian text in `en.lproj`.
  @Test func russianInTheEnglishTable() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "TITLE" = "Настройки приложения";
      "SAVE" = "Сохранить файл";
      "QUIT" = "Выйти из программы";
      "OK" = "OK";

      """)
    try folder.write("ru.lproj/Localizable.strings", "\"TITLE\" = \"Настройки приложения\";\n")
    let file = try Self.lint(folder, "en.lproj/Localizable.strings")
    #expect(Self.severe(file.groupedFindings) == [
      "strings-wrong-script warning 1:1 -: en: 3 of 4 values of 'Localizable.strings' are written in Cyrillic letters, which English is not written in: "
        + "'TITLE' ('Настройки приложения'), 'SAVE' ('Сохранить файл'), 'QUIT' ('Выйти из программы'); the English user reads them in another language",
    ])
  }

  /// How a value is judged: its letters once specifiers, URLs, markup and brand-like words are
  /// left out; a single Latin word is no evidence.
  @Test(arguments: [
    ("iCloud と同期", "ja", false, nil),
    ("%@ 件のファイル", "ja", false, nil),
    ("Face ID を使用", "ja", false, nil),
    ("https://example.com/help を参照", "ja", false, nil),
    ("OK", "ja", true, nil),
    ("Settings", "ja", true, nil),
    ("Open in Safari", "ja", true, StringsLint.Script.latin),
    ("<b>Open</b> the %1$@ file", "ru", true, .latin),
    ("%#@files@ selected", "ru", true, nil),
    ("Настройки приложения", "en", true, .cyrillic),
    ("设置应用程序", "fr", true, .han),
    ("Sixièmes bas à partir des coins", "ar", false, .latin),
    ("GPS, USB, HDMI", "th", true, nil),
  ] as [(String, String, Bool, StringsLint.Script?)])
  func judged(_ value: String, _ language: String, _ isCopy: Bool, _ expected: StringsLint.Script?) throws {
    let scripts = try #require(StringsLint.scripts(of: language))
    #expect(StringsLint.wrongScript(value, developmentValue: "Open in Safari", expected: scripts, isCopy: isCopy) == expected)
  }

  @Test func scriptsOfLanguages() {
    #expect(StringsLint.scripts(of: "ja") == [.han, .hiragana, .katakana])
    #expect(StringsLint.scripts(of: "zh_Hant") == [.han, .bopomofo])
    #expect(StringsLint.scripts(of: "sr-Latn") == [.latin])
    #expect(StringsLint.scripts(of: "sr") == nil)
    #expect(StringsLint.scripts(of: "English") == [.latin])
    #expect(StringsLint.scripts(of: "Base") == nil)
    #expect(StringsLint.scripts(of: "pt-BR") == [.latin])
    #expect(StringsLint.scripts(of: "he") == [.hebrew])
    #expect(StringsLint.Script.of("ж") == .cyrillic && StringsLint.Script.of("ー") == .katakana && StringsLint.Script.of("7") == nil)
  }
}
