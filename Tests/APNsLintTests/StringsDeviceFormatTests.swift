import PayloadSchema
import Foundation
import StringsFile
import Testing
@testable import APNsLint

/// A `.stringsdict` of one key `K` whose variable `n` has value type `valueType` and the given forms.
private func plural(valueType: String, _ forms: KeyValuePairs<String, String>) -> String {
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>K</key><dict>"
    + "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key>"
    + "<string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>"
    + forms.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined() + "</dict></dict></dict></plist>"
}

/// Issue 36, items 2–4: tables compared as the device runs them. Every fixture is written here,
/// after a pattern seen in `../shared/wild/wild-tables` (the row of its SOURCES.tsv is cited).
@Suite("strings lint: formats compared as the device runs them, the effective table, plural forms against their variable")
struct StringsDeviceFormatTests {
  /// An app's own placeholders (`%0 of %1 used`, replaced with `replacingOccurrences`), seen in
  /// github:exelban/stats@1ab6adb58a1ed3e9f6fffbb62af38d64ac3a53f5:Stats/Supporting Files/en-AU.lproj/Localizable.strings:
  /// `%0 o` is no format anybody writes, so no format error; a placeholder lost is a warning.
  @Test func appFilledPlaceholdersAreComparedAsText() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"USED\" = \"%0 of %1 used\";\n\"FREE\" = \"{0} free\";\n")
    try folder.write("sl.lproj/Localizable.strings", "\"USED\" = \"%0 od %1 porabljeno\";\n\"FREE\" = \"{0} prosto\";\n")
    try folder.write("de.lproj/Localizable.strings", "\"USED\" = \"%0 belegt\";\n\"FREE\" = \"frei: %@\";\n")
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["sl.lproj/Localizable.strings"] == [])
    #expect(result["de.lproj/Localizable.strings"] == [
      "warning strings-argument-left-out 1:1 USED: 'USED' in 'de' ('%0 belegt') leaves out '%1' of 'en' ('%0 of %1 used'): a placeholder the app fills itself (not a format CoreFoundation could run), so the sentence loses that value",
      "warning strings-argument-left-out 2:1 FREE: 'FREE' in 'de' ('frei: %@') leaves out '{0}' of 'en' ('{0} free'): a placeholder the app fills itself (not a format CoreFoundation could run), so the sentence loses that value",
    ])
  }

  /// Kinds, not spellings: `%d`/`%ld`, `% ld` (seen in
  /// github:nextcloud/talk-ios@2d31eda5e2acbf3cef27aa289376942bdf0de25d:NextcloudTalk/ug.lproj/Localizable.stringsdict)
  /// and `%.0f`/`%.1f` read the same argument the same way; an argument left out is a warning where
  /// text is lost (the app name's second sentence) and information where the translation reads whole
  /// (github:twofas/2fas-ios's `app%@` plural suffix, which Korean has no use for); `%@` for an integer,
  /// `%f` for an integer, an argument past the list and a `%` that swallows text (`%d% завершено`,
  /// github:XcodesOrg/XcodesApp@7fd5b660b0abeaf3fee84b57c7af7f860ba57048:Xcodes/Resources/Localizable.xcstrings)
  /// are errors, each with what the device does; so are `%I` for `%i` (the `%` dropped, "I"
  /// printed: github:Aidoku/Aidoku@eb812a56593631c03997de6b5d343b2dbd3bea62:Shared/Localization/ar.lproj/Localizable.strings)
  /// and `％@` (…/ja.lproj/Localizable.strings), which the user reads as written.
  @Test func kindsAsTheDeviceReadsThem() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "SAME" = "%d of %ld files, %.0f%%";
      "TWICE" = "%@ needs access. Open %@ settings";
      "SUFFIX" = "%d app%@ installed";
      "COOKIES" = "%d cookies";
      "SPEED" = "%d km/h";
      "FROM" = "From %@";
      "DONE" = "%d%% done";
      "OF" = "%i of %i";
      "TOTAL" = "%i of %i";
      "ERROR" = "Error: %@.";

      """)
    try folder.write("fr.lproj/Localizable.strings", """
      "SAME" = "%ld sur % ld fichiers, %.1f %%";
      "TWICE" = "%@ a besoin d’un accès";
      "SUFFIX" = "%d app installée%@";
      "COOKIES" = "%@ cookies";
      "SPEED" = "%f km/h";
      "FROM" = "De %@ et %@";
      "DONE" = "%d% завершено";
      "OF" = "%I sur %i";
      "TOTAL" = "%i de %1";
      "ERROR" = "Erreur ：％@。";

      """)
    try folder.write("ko.lproj/Localizable.strings", "\"SUFFIX\" = \"앱 %d개 설치됨\";\n")
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["fr.lproj/Localizable.strings"] == [
      "warning strings-argument-left-out 2:1 TWICE: 'TWICE' in 'fr' ('%@ a besoin d’un accès') does not take the arguments of 'en' ('%@ needs access. Open %@ settings'): position 2 is missing (that argument is left out of the sentence)",
      "error strings-format-mismatch 4:1 COOKIES: 'COOKIES' in 'fr' ('%@ cookies') does not take the arguments of 'en' ('%d cookies'): position 1 is '%@', not '%d' (it reads an integer as an object: a crash)",
      "error strings-format-mismatch 5:1 SPEED: 'SPEED' in 'fr' ('%f km/h') does not take the arguments of 'en' ('%d km/h'): position 1 is '%f', not '%d' (it prints an integer as a double: a meaningless value)",
      "error strings-format-mismatch 6:1 FROM: 'FROM' in 'fr' ('De %@ et %@') does not take the arguments of 'en' ('From %@'): position 2 is extra: '%@' reads past the arguments the code passes (a crash: it follows a pointer that is not there)",
      "error strings-format-mismatch 7:1 DONE: 'DONE' in 'fr' ('%d% завершено') does not take the arguments of 'en' ('%d%% done'): '% з' is no specifier: CoreFoundation prints ' ' and the user loses 'з'",
      "error strings-format-mismatch 8:1 OF: 'OF' in 'fr' ('%I sur %i') does not take the arguments of 'en' ('%i of %i'): position 2 is missing (that argument is left out of the sentence), '%I' is no specifier: CoreFoundation drops the '%' and prints 'I'",
      "error strings-format-mismatch 9:1 TOTAL: 'TOTAL' in 'fr' ('%i de %1') does not take the arguments of 'en' ('%i of %i'): position 2 is missing (that argument is left out of the sentence), '%1' at the end is no specifier: CoreFoundation drops it",
      "error strings-format-mismatch 10:1 ERROR: 'ERROR' in 'fr' ('Erreur ：％@。') does not take the arguments of 'en' ('Error: %@.'): position 1 is missing (that argument is left out of the sentence), '％@' starts with U+FF05, a percent sign CoreFoundation does not read as '%': the user reads '％@' where the argument should be",
    ])
    #expect(result["ko.lproj/Localizable.strings"]?.contains(
      "info strings-argument-reworded 1:1 SUFFIX: 'SUFFIX' in 'ko' ('앱 %d개 설치됨') does not take the arguments of 'en' ('%d app%@ installed'): position 2 is missing (that argument is left out of the sentence) (a word's ending in the development text, which the language does not need)") == true)
  }

  /// A `%` that loses only itself (`%米`, `%'`, a `%` at the end) garbles the text only when the
  /// reader needed it: the development value shows a percent sign the translation does not, or an
  /// argument is missing too. Otherwise the device leaves the stray `%` out and shows the text as
  /// meant. Patterns seen in
  /// github:bryceco/GoMap@9d471e275a59e03f51adab36d2a0f32c18e0e6bd:src/iOS/Localizable.xcstrings
  /// (zh-Hans, `%ld meters, %ld nodes`),
  /// github:jacklandrin/OnlySwitch@2dc31cd6da631cf7ac663044e4c3e4a91122dec0:OnlySwitchRemote/Localizable.xcstrings
  /// (tr, `Forget %@?`) and
  /// github:cryptomator/ios@2cbbe1e3d02fb6fe9b4b269ecaf3289118fd4768:SharedResources/el.lproj/Localizable.strings
  /// (`fileProvider.uploadProgress.message`); every value here is ours.
  @Test func aStrayPercentThatLosesOnlyItselfIsReportedOnlyWhenTheReaderNeededIt() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "DISTANCE" = "In %ld meters";
      "FORGET" = "Forget %@?";
      "UPLOAD" = "Uploading: %@";
      "SALE" = "%d%% off";
      "LEFT" = "%d%% left";
      "PAGE" = "Page %d of %d";

      """)
    try folder.write("zh-Hans.lproj/Localizable.strings", """
      "DISTANCE" = "在%ld%米后";
      "FORGET" = "忘记%@（或%'）？";
      "UPLOAD" = "上传中：%@%";
      "SALE" = "%d%折扣";
      "LEFT" = "剩余%d%";
      "PAGE" = "第%页，共%d页";

      """)
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["zh-Hans.lproj/Localizable.strings"] == [
      "error strings-format-mismatch 4:1 SALE: 'SALE' in 'zh-Hans' ('%d%折扣') does not take the arguments of 'en' ('%d%% off'): '%折' is no specifier: CoreFoundation drops the '%' and prints '折', and the percent sign 'en' shows is lost",
      "error strings-format-mismatch 5:1 LEFT: 'LEFT' in 'zh-Hans' ('剩余%d%') does not take the arguments of 'en' ('%d%% left'): a '%' at the end is no specifier: CoreFoundation drops it, and the percent sign 'en' shows is lost",
      "error strings-format-mismatch 6:1 PAGE: 'PAGE' in 'zh-Hans' ('第%页，共%d页') does not take the arguments of 'en' ('Page %d of %d'): position 2 is missing (that argument is left out of the sentence), '%页' is no specifier: CoreFoundation drops the '%' and prints '页'",
    ])
  }

  /// A development value with no specifier does not show that the code formats the key: a
  /// translation's `%@` there crashes only if it does, and shows as "%@" if it does not (a
  /// warning). Pattern seen in threema-ch/threema-ios (SharedResources/Strings/gsw-CH.lproj/
  /// Localizable.strings, `id_link_no_input`, a key the app never formats); the values are ours.
  @Test func aSpecifierWhereTheDevelopmentValueHasNoneIsAWarning() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"LINK\" = \"Open the link\";\n\"SAVE\" = \"Save 50%% today\";\n")
    try folder.write("de.lproj/Localizable.strings", "\"LINK\" = \"Den Link %@ öffnen\";\n\"SAVE\" = \"Heute %@ 50%% sparen\";\n")
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["de.lproj/Localizable.strings"] == [
      "warning strings-argument-left-out 1:1 LINK: 'LINK' in 'de' ('Den Link %@ öffnen') does not take the arguments of 'en' ('Open the link'): '%@' where 'en' has none: if the code formats this key, that reads an argument the code does not pass (a crash); if it does not, the user reads '%@'",
      "error strings-format-mismatch 2:1 SAVE: 'SAVE' in 'de' ('Heute %@ 50%% sparen') does not take the arguments of 'en' ('Save 50%% today'): position 1 is extra: '%@' reads past the arguments the code passes (a crash: it follows a pointer that is not there)",
    ])
  }

  /// CFBundle merges a `.lproj`'s `.stringsdict` over its `.strings`: a `.strings` value whose key
  /// the `.stringsdict` defines is never shown (seen in
  /// github:nextcloud/talk-ios@2d31eda5e2acbf3cef27aa289376942bdf0de25d:NextcloudTalk/en.lproj/Localizable.strings
  /// beside its Localizable.stringsdict: `"%ld participants" = "%ld participants";`).
  @Test func theStringsdictOverridesTheStringsTable() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"K\" = \"%ld participants\";\n\"OTHER\" = \"%d votes\";\n")
    try folder.write("en.lproj/Localizable.stringsdict", plural(valueType: "ld", ["one": "%ld participant", "other": "%ld participants"]))
    try folder.write("da.lproj/Localizable.strings", "\"K\" = \"%@ deltagere\";\n\"OTHER\" = \"%@ stemmer\";\n")
    try folder.write("da.lproj/Localizable.stringsdict", plural(valueType: "ld", ["one": "%ld deltager", "other": "%ld deltagere"]))
    try folder.write("fr.lproj/Localizable.strings", "\"OTHER\" = \"%d votes\";\n")
    try folder.write("fr.lproj/Localizable.stringsdict", plural(valueType: "ld", ["one": "%ld participant", "other": "%ld participants"]))
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["da.lproj/Localizable.strings"] == [
      "error strings-format-mismatch 2:1 OTHER: 'OTHER' in 'da' ('%@ stemmer') does not take the arguments of 'en' ('%d votes'): position 1 is '%@', not '%d' (it reads an integer as an object: a crash)"
    ])
    // No format finding: the `.stringsdict` defines no `OTHER`. Its one value is the English text
    // ('votes' is French too), which is information only.
    #expect(result["fr.lproj/Localizable.strings"] == [
      "info strings-development-copy 1:1 -: fr: 1 of 1 values of 'Localizable.strings' are the English text unchanged: 'OTHER' (names and words French shares with English read as meant; text left untranslated reads in English)"
    ])
  }

  /// A `;;` on the last line loses nothing (seen in
  /// github:JohanDegraeve/xdripswift's xDrip/Storyboards/it.lproj/BluetoothPeripheralView.strings);
  /// one before another entry still loses it.
  @Test func aDoubleSemicolonWithNothingAfterLosesNothing() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/A.strings", "\"A\" = \"a\";;\n\n/* end */\n")
    try folder.write("en.lproj/B.strings", "\"A\" = \"a\";;\n\"B\" = \"b\";\n")
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["en.lproj/A.strings"] == [])
    #expect(result["en.lproj/B.strings"]?.first?.hasPrefix("error strings-truncated 1:11 -: CoreFoundation stops reading here") == true)
  }

  /// The three false warnings of the issue's sample: a key repeated with the same value, the CR
  /// of CRLF line ends (and a bare CR, which starts a line too, seen in
  /// github:twofas/2fas-ios's TwoFAS/TwoFAS/Other/Settings.bundle/en.lproj/Acknowledgements.strings),
  /// and `100% guaranteed` in a value no format call reads.
  @Test func warningsThatChangeNothingOnTheDevice() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings",
                     "\"A\" = \"Same\";\r\n\"A\" = \"Same\";\r\n\"B\" = \"Two\r\nlines\";\r\n\"C\" = \"not 100% guaranteed\";\r\n"
                       + "\"D\" = \"%@ is 100% guaranteed\";\r\n\"E\" = \"old Mac\rline end\";\r\n\"F\" = \"bell\u{7}\";\r\n")
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["en.lproj/Localizable.strings"] == [
      "info strings-duplicate-same-value 2:1 A: key 'A' is defined again with the same value as on line 1: nothing changes on the device",
      "warning strings-accidental-specifier 6:1 D: 'D' has '% g' ('%@ is 100% guaranteed'): the space is a printf flag, so '% g' reads as a specifier, not as a percent sign followed by text; write '%%'",
      "info strings-control-character 9:1 F: 'F' holds the control character U+0007 ('bell\u{07}'): the text system draws nothing for it, so the text reads as meant; it is usually a copy-paste accident",
    ])
  }

  /// `40 %1$ av` (seen in github:LoopKit/Loop@710182e2342540c22b26af009f1ea3175f5aa0c1:Loop/nb.lproj/Localizable.strings):
  /// a position with no conversion, in a translation of a text shown as it is.
  @Test func aPositionWithoutItsConversion() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"GIVES\" = \"Loop gives 40% of the dose\";\n")
    try folder.write("nb.lproj/Localizable.strings", "\"GIVES\" = \"Loop gir 40 %1$ av dosen\";\n")
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["en.lproj/Localizable.strings"] == [])
    #expect(result["nb.lproj/Localizable.strings"] == [
      "warning strings-accidental-specifier 1:1 GIVES: 'GIVES' has '%1$ a' ('Loop gir 40 %1$ av dosen'): a position with no conversion after it: where the value is shown as it is the user reads '%1$' in the sentence, and a format call reads '%1$ a' as a specifier (an argument printed, or the text after it swallowed)"
    ])
  }

  /// Plural forms against the variable's value type: `%@ kolačić` for `d` (seen in
  /// github:OnionBrowser/OnionBrowser@44edf9a8455e5a0dd271debbfacec4e3cc273b1f:Resources/hr.lproj/Localizable.stringsdict),
  /// `%s 投票` (github:nextcloud/talk-ios@2d31eda5e2acbf3cef27aa289376942bdf0de25d:NextcloudTalk/zh-Hant-TW.lproj/Localizable.stringsdict),
  /// `%n minut siden` (…/da.lproj/Localizable.stringsdict), `% ld` (…/ug.lproj, no finding).
  @Test func pluralFormsAgainstTheirVariable() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", plural(valueType: "d", ["one": "%d cookie", "other": "%d cookies"]))
    try folder.write("hr.lproj/Localizable.stringsdict", plural(valueType: "d", ["one": "%@ kolačić", "few": "%d kolačića", "other": "%d kolačića"]))
    try folder.write("zh-Hant.lproj/Localizable.stringsdict", plural(valueType: "d", ["other": "%s 投票"]))
    try folder.write("da.lproj/Localizable.stringsdict", plural(valueType: "d", ["one": "%n minut siden", "other": "%d minutter siden"]))
    try folder.write("ug.lproj/Localizable.stringsdict", plural(valueType: "ld", ["one": "% ld", "other": "% ld"]))
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["hr.lproj/Localizable.stringsdict"] == [
      "error strings-plural-type 2:28 K: 'K' (plural 'n'): the 'one' form ('%@ kolačić') reads the count with '%@', but its value type 'd' makes it an integer: the app crashes (it follows an integer as an object)"
    ])
    #expect(result["zh-Hant.lproj/Localizable.stringsdict"] == [
      "error strings-plural-type 2:28 K: 'K' (plural 'n'): the 'other' form ('%s 投票') reads the count with '%s', but its value type 'd' makes it an integer: the app crashes (it follows an integer as a C string)"
    ])
    #expect(result["da.lproj/Localizable.stringsdict"] == [
      "warning strings-plural-count-vanishes 2:28 K: 'K' (plural 'n'): the 'one' form ('%n minut siden') reads the count with '%n', but its value type 'd' makes it an integer: CoreFoundation prints nothing for '%n', so the count vanishes from the sentence"
    ])
    #expect(result["ug.lproj/Localizable.stringsdict"] == [])
  }

  /// A catalog's plural forms against the source language's.
  @Test func catalogPluralFormsAgainstTheSource() throws {
    let folder = TableFolder()
    try folder.write("App/Localizable.xcstrings", #"""
      {"sourceLanguage": "en", "version": "1.0", "strings": {"%lld items": {"localizations": {
        "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld item"}},
                                          "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}},
        "de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld Element"}},
                                          "other": {"stringUnit": {"state": "translated", "value": "%@ Elemente"}}}}}}}}}
      """#)
    let result = try lintedWithSeverity(folder.root.path)
    #expect(result["App/Localizable.xcstrings"] == [
      "error strings-plural-type 1:56 %lld items: in 'de', '%lld items': the 'other' form ('%@ Elemente') reads the count with '%@', but the source language's '%lld' makes it an integer: the app crashes (it follows an integer as an object)"
    ])
  }
}
