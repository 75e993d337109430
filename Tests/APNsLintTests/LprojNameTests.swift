import Foundation
import PayloadSchema
import StringsFile
import Testing
@testable import APNsLint

/// Issue 52, item 5: a `.lproj` folder is matched as a device matches languages (CFBundle against
/// the user's preferred languages, which are language codes); one no device language selects but
/// that most likely means a language is a warning on the folder, and its keys are not compared.
@Suite("strings lint: .lproj folders no device loads")
struct LprojNameTests {
  /// `jp` is Japan's country code; Japanese is `ja`. One finding for the folder, in its first
  /// table by path; its keys are compared with nothing (no missing translation, no missing table).
  @Test func aCountryCodeFolderIsReportedOnceAndNotCompared() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"A\" = \"Archive\";\n\"B\" = \"Back\";\n")
    try folder.write("en.lproj/Main.strings", "\"T\" = \"Title\";\n")
    try folder.write("jp.lproj/Localizable.strings", "\"A\" = \"アーカイブ\";\n")
    try folder.write("jp.lproj/Main.strings", "\"T\" = \"タイトル\";\n")
    try folder.write("fr.lproj/Localizable.strings", "\"A\" = \"Archiver\";\n\"B\" = \"Retour\";\n")
    try folder.write("fr.lproj/Main.strings", "\"T\" = \"Titre\";\n")
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["jp.lproj/Localizable.strings"] == [
      "warning strings-lproj-name 1:1 -: 'jp.lproj' is selected by no device language: 'jp' is Japan's country code, not a language code; "
        + "Japanese is 'ja' (name the folder 'ja.lproj'): devices set to Japanese never load it and show another localization, so its tables are not compared",
    ])
    #expect(result["jp.lproj/Main.strings"] == [])
    #expect(result["en.lproj/Localizable.strings"] == [])
    #expect(result["en.lproj/Main.strings"] == [])
  }

  /// The names the issue lists, and a gettext script modifier (`sr@latin`, as nextcloud/talk-ios
  /// ships it: NextcloudTalk/sr@latin.lproj).
  @Test func whatEachNameMostLikelyMeans() {
    let meant = ["jp", "cn", "kr", "gr", "cz", "ua", "dk", "vn", "sr@latin", "uz@cyrillic", "JP"].map {
      StringsLint.lprojMeaning($0).map { "\($0.folder) \($0.code) \($0.language)" } ?? "\($0) -"
    }
    #expect(meant == [
      "jp ja Japanese", "cn zh-Hans Chinese (Simplified)", "kr ko Korean", "gr el Greek", "cz cs Czech", "ua uk Ukrainian",
      "dk da Danish", "vn vi Vietnamese", "sr@latin sr-Latn 'sr' in Latin script", "uz@cyrillic uz-Cyrl 'uz' in Cyrillic script", "JP ja Japanese",
    ])
    #expect(StringsLint.lprojMeaning("kr")?.reason == "'kr' is Kanuri's code (no Apple device runs in Kanuri) and South Korea's country code")
    // Every country code but `kr` is outside ISO 639-1, so no device language is it.
    for code in StringsLint.countryCodes.keys where code != "kr" { #expect(!ExcludedLocalizations.iso639Part1.contains(code), "\(code)") }
    #expect(ExcludedLocalizations.isUnpickable("kr"))
  }

  /// Names a device selects, or that CFLocale maps to a language (CFLocaleIdentifier.c: `iw` to
  /// Hebrew, `in` to Indonesian, `tw` to Akan; `English`, `Japanese`), real languages whose code
  /// is also a country's (`se` Northern Sami, as kiwix-apple ships it from translatewiki.net),
  /// and names that mean no language a device runs in (`qqq`, `pr`, `enm`, `en@pirate`) are not reported.
  @Test func namesADeviceSelectsOrThatMeanNoLanguageAreNotReported() throws {
    for name in ["ja", "zh_CN", "zh-Hans", "pt-BR", "Japanese", "English", "iw", "in", "tw", "se", "si", "uk", "Base", "qqq", "pr", "enm", "en@pirate", "ja-JP", "mul"] {
      #expect(StringsLint.lprojMeaning(name) == nil, "\(name)")
    }
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"A\" = \"Archive\";\n\"B\" = \"Back\";\n")
    try folder.write("se.lproj/Localizable.strings", "\"A\" = \"Arkiiva\";\n")
    try folder.write("pr.lproj/Localizable.strings", "\"A\" = \"Arr\";\n")
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["se.lproj/Localizable.strings"]?.contains { $0.contains("strings-lproj-name") } == false)
    #expect(result["se.lproj/Localizable.strings"]?.contains { $0.contains("strings-missing-translation") } == true)
    #expect(result["pr.lproj/Localizable.strings"] == [])
  }

  /// `kr` (Kanuri's code, which no Apple device runs in) holding Korean is left out of the
  /// comparison like `jp`.
  @Test func kanurisCodeIsReadAsKorea() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"A\" = \"Archive\";\n\"B\" = \"Back\";\n")
    try folder.write("kr.lproj/Localizable.strings", "\"A\" = \"보관\";\n")
    #expect(try lintedWithSeverity(folder.root.path)["kr.lproj/Localizable.strings"] == [
      "warning strings-lproj-name 1:1 -: 'kr.lproj' is selected by no device language: 'kr' is Kanuri's code (no Apple device runs in Kanuri) and "
        + "South Korea's country code; Korean is 'ko' (name the folder 'ko.lproj'): devices set to Korean never load it and show another localization, "
        + "so its tables are not compared",
    ])
  }
}
