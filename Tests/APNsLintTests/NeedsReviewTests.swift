import Foundation
import PayloadSchema
import StringsFile
import Testing
import TestSupport
@testable import APNsLint

/// `strings-needs-review` follows the consequence (SPEC §3, §14): `needs_review` is the
/// translation workflow's state, and the device shows the value as it shows any other. A warning
/// only where the value shows something wrong: numbers the source no longer has (a translation of
/// the old source), or the development text left untranslated, evidently text (more than one
/// word, or a non-Latin word in a language that does not write it). A word or identifier the
/// languages may share (commands `create|invite|leave|list` and a placeholder `token` in bitchat,
/// `image` in French, `Command (⌘)` in Korean), a text every other translation keeps (a name),
/// and a translation nothing shows stale are information. The patterns are bitchat's, Mac Mouse
/// Fix's, KeepingYouAwake's and boring.notch's; the catalog is written here.
@Suite("Units that need review: a warning only where the value shows it (strings-needs-review)")
struct NeedsReviewTests {
  /// `en` source; `value(language, state, text)` units per key.
  static let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "KEEP_DAYS": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Keep 10 days"}},
        "de": {"stringUnit": {"state": "needs_review", "value": "5 Tage behalten"}},
        "ar": {"stringUnit": {"state": "needs_review", "value": "الاحتفاظ لمدة ١٠ أيام"}}}},
      "DEVICES": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Up to two devices"}},
        "de": {"stringUnit": {"state": "needs_review", "value": "Bis zu 2 Geräte"}}}},
      "ARCHIVE": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Archive"}},
        "de": {"stringUnit": {"state": "needs_review", "value": "Archivieren"}}}},
      "FILES": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "%lld files"}},
        "de": {"stringUnit": {"state": "needs_review", "value": "%lld Dateien"}}}},
      "GROUP_HINT": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "create|invite|leave|list"}},
        "fr": {"stringUnit": {"state": "needs_review", "value": "create|invite|leave|list"}},
        "uk": {"stringUnit": {"state": "needs_review", "value": "create|invite|leave|list"}}}},
      "IMAGE": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "image"}},
        "fr": {"stringUnit": {"state": "needs_review", "value": "image"}}}},
      "COMMAND": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Command (⌘)"}},
        "ko": {"stringUnit": {"state": "needs_review", "value": "Command (⌘)"}}}},
      "MAIN_MENU": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Main Menu"}},
        "de": {"stringUnit": {"state": "translated", "value": "Hauptmenü"}},
        "fr": {"stringUnit": {"state": "needs_review", "value": "Main Menu"}}}},
      "APP_NAME": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Boring Notch"}},
        "de": {"stringUnit": {"state": "translated", "value": "Boring Notch"}},
        "fr": {"stringUnit": {"state": "needs_review", "value": "Boring Notch"}}}}
    }}
    """#

  /// The catalog's `strings-needs-review` findings, per key: `severity key: message`; and the
  /// grouped ones every format reports.
  private func linted() throws -> (perKey: [String], grouped: [String]) {
    let folder = try TemporaryFolder()
    try folder.write("App/Localizable.xcstrings", Self.catalog)
    let file = try #require(try StringsLint.lint(root: folder.path).first)
    // The rule and its part for what reads as written (issue 53: strings-needs-review-as-written).
    let rules = [RuleID(TableRule.needsReview), RuleID(TableRule.needsReviewAsWritten)]
    // Sorted: the localizations are compared in no set order.
    return (file.findings.filter { rules.contains($0.rule) }.map { "\($0.severity.rawValue) \($0.keyPath ?? "-"): \($0.message)" }.sorted(),
            file.groupedFindings.filter { rules.contains($0.rule) }.sorted { $0.message < $1.message }.map { "\($0.severity.rawValue) \($0.message)" })
  }

  @Test func eachUnitByWhatItShows() throws {
    let (perKey, _) = try linted()
    #expect(perKey == [
      "info ARCHIVE: 'ARCHIVE' in 'de' ('Archivieren') is in state 'needs_review': users see it as written, and nothing in it shows it "
        + "stale (its numbers are the source's; Xcode sets the state when the source text changes, a reviewer clears it)",
      "info DEVICES: 'DEVICES' in 'de' ('Bis zu 2 Geräte') is in state 'needs_review': users see it as written, and nothing in it shows "
        + "it stale (its numbers are the source's; Xcode sets the state when the source text changes, a reviewer clears it)",
      "info FILES: 'FILES' in 'de' ('%lld Dateien') is in state 'needs_review': users see it as written, and nothing in it shows it "
        + "stale (its numbers are the source's; Xcode sets the state when the source text changes, a reviewer clears it)",
      "warning KEEP_DAYS: 'KEEP_DAYS' in 'de' ('5 Tage behalten') is in state 'needs_review' and holds '5', which the development text "
        + "('Keep 10 days') does not: it may still say what the old source said",
      "info KEEP_DAYS: 'KEEP_DAYS' in 'ar' ('الاحتفاظ لمدة ١٠ أيام') is in state 'needs_review': users see it as written, and nothing in "
        + "it shows it stale (its numbers are the source's; Xcode sets the state when the source text changes, a reviewer clears it)",
      "info APP_NAME: 'APP_NAME' in 'fr' ('Boring Notch') is in state 'needs_review' and is still the development language's text, one "
        + "word or identifier (a command, a placeholder, a word the languages share), which reads as meant as often as not",
      "info GROUP_HINT: 'GROUP_HINT' in 'fr' ('create|invite|leave|list') is in state 'needs_review' and is still the development "
        + "language's text, one word or identifier (a command, a placeholder, a word the languages share), which reads as meant as often as not",
      "info IMAGE: 'IMAGE' in 'fr' ('image') is in state 'needs_review' and is still the development language's text, one word or "
        + "identifier (a command, a placeholder, a word the languages share), which reads as meant as often as not",
      "warning MAIN_MENU: 'MAIN_MENU' in 'fr' ('Main Menu') is in state 'needs_review' and is still the development language's text: "
        + "users read it untranslated",
      "info COMMAND: 'COMMAND' in 'ko' ('Command (⌘)') is in state 'needs_review' and is still the development language's text, one "
        + "word or identifier (a command, a placeholder, a word the languages share), which reads as meant as often as not",
      "info GROUP_HINT: 'GROUP_HINT' in 'uk' ('create|invite|leave|list') is in state 'needs_review' and is still the development "
        + "language's text, one word or identifier (a command, a placeholder, a word the languages share), which reads as meant as often as not",
    ].sorted())
  }

  /// Every format reports the groups: the warnings apart from what reads as written.
  @Test func theGroupsKeepTheirSeverity() throws {
    let (_, grouped) = try linted()
    #expect(grouped == [
      "info ar: 1 of 9 keys of 'Localizable.xcstrings' need review (state 'needs_review'): users see them as written, and nothing in them shows them stale: 'KEEP_DAYS'",
      "warning de: 1 of 9 keys of 'Localizable.xcstrings' need review and hold numbers the development text does not (state 'needs_review': they may still say what the old source said): 'KEEP_DAYS'",
      "info de: 3 of 9 keys of 'Localizable.xcstrings' need review (state 'needs_review'): users see them as written, and nothing in them shows them stale: 'ARCHIVE', 'DEVICES', 'FILES'",
      "warning fr: 1 of 9 keys of 'Localizable.xcstrings' need review and are still the development language's text (state 'needs_review': users read them untranslated): 'MAIN_MENU'",
      "info fr: 3 of 9 keys of 'Localizable.xcstrings' need review (state 'needs_review'): users see them as written, and nothing in them shows them stale: 'APP_NAME', 'GROUP_HINT', 'IMAGE'",
      "info ko: 1 of 9 keys of 'Localizable.xcstrings' need review (state 'needs_review'): users see them as written, and nothing in them shows them stale: 'COMMAND'",
      "info uk: 1 of 9 keys of 'Localizable.xcstrings' need review (state 'needs_review'): users see them as written, and nothing in them shows them stale: 'GROUP_HINT'",
    ])
  }

  /// The judgements the findings rest on.
  @Test func whatAValueShows() {
    #expect(StringsLint.numbers(in: "%1$@ kept 10 days, %.1f%% of ٢٠٠٥") == ["10", "2005"])
    #expect(StringsLint.numbersNotIn("Keep 10 days", "Behalte 05 Tage und 10") == ["5"])
    #expect(StringsLint.numbersNotIn("Up to two devices", "Bis zu 2 Geräte") == [])
    #expect(StringsLint.isEvidentText("Main Menu", language: "fr"))
    #expect(!StringsLint.isEvidentText("token", language: "zh-Hant"))
    #expect(!StringsLint.isEvidentText("create|invite|leave|list", language: "uk"))
    // One word in a script the language does not write, not Latin: text left in the source's script.
    #expect(StringsLint.isEvidentText("Настройки", language: "en"))
    #expect(!StringsLint.isEvidentText("snake_case_name", language: "ja"))
  }
}
