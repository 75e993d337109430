// The tables of a project compared (`strings lint`, SPEC §3 "Strings tables"): each `TableRule`,
// its definition and the messages it reports, written once. How to add one: docs/adding-a-rule.md.

import Foundation
import LocFormat
import PayloadSchema
import StringsFile

extension RuleID {
  /// The id of a rule that compares tables.
  public init(_ rule: TableRule) { self.init(id: rule.rawValue) }
}

extension RuleDefinition {
  /// `strings-missing-translation`
  static var missingTranslation: Self {
    Self(.warning, .strings,
         fix: .never("a translation is the translator's text; the tool cannot write it"),
         consequence: "devices using that localization show what the lookup falls back to instead of a translation: the development language's text where the key is that text (a String Catalog's key, a .strings key written as its English value, a catalog unit in state new, a nib's or Info.plist's own text, the development table when the localization lacks the whole table), the raw key otherwise (where that text is right in the language as it stands, strings-translation-not-needed)",
         summary: "a key of the development language missing from another localization, with what the device shows instead (the development text or the raw key)",
         card: RuleCard(symptom: "Users of that localization see the raw key, or the untranslated text, instead of a translation.",
                        remedy: "Translate the key in that localization, or exclude a localization no device picks (localization.exclude in .apns-lint.yml).",
                        platforms: .allAPNs, sources: [.stringCatalogs, .cfBundleLocale])) {
      RuleExamples("--- en.lproj\n\"A\" = \"a\";\n\"B\" = \"b\";\n--- fr.lproj\n1️⃣\"A\" = \"a\";",
                   pass: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";")
    }
  }

  /// `strings-translation-not-needed`
  static var translationNotNeeded: Self {
    Self(.info, .strings, group: RuleID(TableRule.missingTranslation),
         fix: .never("whether to translate a text that reads as meant is the translator's choice"),
         consequence: "none: the text the lookup falls back to is right in the language as it stands (a regional variant of the development language, no word to translate, the same in two thirds of the languages that have the key, an empty key)",
         summary: "a key missing from a localization, or a catalog unit in state new, whose fallback text reads as meant there (a regional variant, no word to translate, the same in the other languages)",
         card: RuleCard(symptom: "Nothing: users read the development language's text, which is right in their language.",
                        remedy: "Nothing to do; translate the key if the text should differ, or mark the catalog unit translated.",
                        platforms: .allAPNs, sources: [.stringCatalogs, .cfBundleLocale])) {
      RuleExamples("--- en.lproj\n\"A\" = \"a\";\n\"12:00\" = \"12:00\";\n--- fr.lproj\n1️⃣\"A\" = \"b\";",
                   pass: "--- en.lproj\n\"A\" = \"a\";\n\"12:00\" = \"12:00\";\n--- fr.lproj\n\"A\" = \"b\";\n\"12:00\" = \"12:00\";")
    }
  }

  /// `strings-extra-key`
  static var extraKey: Self {
    Self(.info, .strings,
         fix: .never("code the tool cannot see may still read the key; removing it is the author's decision"),
         consequence: "none as a rule: a key the development language lacks is almost always one the code no longer asks for, so no device shows it",
         summary: "a key of a localization that the development language lacks",
         card: RuleCard(symptom: "Nothing on the device: no code asks for the key.",
                        remedy: "Delete the key, or add it to the development language if the code uses it.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";\n1️⃣\"Z\" = \"z\";",
                   pass: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";")
    }
  }

  /// `strings-wrong-script`
  static var wrongScript: Self {
    Self(.warning, .strings,
         fix: .never("the text in the language's own script is the translator's; the tool cannot write it"),
         consequence: "users of that localization read text in a script their language is not written in (English left in a Japanese table, Russian in an English one), most often text nobody translated, which they may not be able to read",
         summary: "a localization whose values are written in a script its language does not write (Latin letters in a Japanese, Russian or Hebrew table; Cyrillic or Han in an English one), development text left untranslated included: one finding per table, from three values written as text that are a twentieth of the table (or twenty, or half the table), judged by their letters once specifiers, URLs, markup and names (iCloud, OK) are left out",
         card: RuleCard(symptom: "Users of that localization read text in a script their language is not written in, most often text nobody translated.",
                        remedy: "Translate the values into the language the localization names, in its script.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- en.lproj\n\"OPEN\" = \"Open the file\";\n\"SAVE\" = \"Save the file\";\n\"CLOSE\" = \"Close the window\";\n"
                     + "--- de.lproj\n\"OPEN\" = \"Datei öffnen\";\n\"SAVE\" = \"Datei sichern\";\n\"CLOSE\" = \"Fenster schließen\";\n"
                     + "--- ja.lproj\n1️⃣\"OPEN\" = \"Open the file\";\n\"SAVE\" = \"Save the file\";\n\"CLOSE\" = \"Close the window\";",
                   pass: "--- en.lproj\n\"OPEN\" = \"Open the file\";\n\"SAVE\" = \"Save the file\";\n\"CLOSE\" = \"Close the window\";\n"
                     + "--- ja.lproj\n\"OPEN\" = \"ファイルを開く\";\n\"SAVE\" = \"ファイルを保存\";\n\"CLOSE\" = \"ウインドウを閉じる\";")
    }
  }

  /// `strings-development-copy`
  static var developmentCopy: Self {
    Self(.info, .strings,
         fix: .never("whether the text is a name the languages share or a translation left undone is the translator's knowledge"),
         consequence: "none for a name or a word the languages share ('OK', 'Email', the app's name), which reads as meant; a text left untranslated reads in the development language, which nothing in the table tells from a name",
         summary: "a localization's values that are the development language's text unchanged, in a script the language writes too ('Email' in French), or kept in every language that has them (names): one finding per table",
         card: RuleCard(symptom: "Nothing for names and shared words; text left untranslated reads in the development language.",
                        remedy: "Translate the values that are text, and leave names (the app's name, OK) as they are.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- en.lproj\n\"MAIL\" = \"Email\";\n\"DELETE\" = \"Delete\";\n--- fr.lproj\n1️⃣\"MAIL\" = \"Email\";\n\"DELETE\" = \"Supprimer\";",
                   pass: "--- en.lproj\n\"MAIL\" = \"Email\";\n\"DELETE\" = \"Delete\";\n--- fr.lproj\n\"MAIL\" = \"E-mail\";\n\"DELETE\" = \"Supprimer\";")
    }
  }

  /// `strings-format-mismatch`
  static var formatMismatch: Self {
    Self(.error, .strings,
         fix: .never("which argument a translation meant is not certain"),
         consequence: "String(format:) runs the translation with the development language's arguments: one read as an incompatible kind (%@ or %s for an integer) or past those passed crashes the app, %f for an integer prints a meaningless number, and a % that CoreFoundation consumes garbles the text (an argument only left out, or an app-filled placeholder lost, is strings-argument-left-out)",
         summary: "a translation runs differently from the development language's format on the device: an argument read as an incompatible kind (%@ or %s for an integer: a crash; %f for an integer: a meaningless value), past those passed, or text a % swallows",
         card: RuleCard(symptom: "The app crashes (%@ read for an integer), shows a meaningless number, or a sentence lacks a value.",
                        remedy: "Give the translation the specifiers of the development language's format, in kind and number; reorder them with positions (%1$@, %2$d).",
                        platforms: .allAPNs, sources: [.formatSpecifiers, .cfString])) {
      RuleExamples("--- en.lproj\n\"FILES\" = \"%d files\";\n--- fr.lproj\n1️⃣\"FILES\" = \"%@ fichiers\";",
                   pass: "--- en.lproj\n\"FILES\" = \"%d files\";\n--- fr.lproj\n\"FILES\" = \"%d fichiers\";")
    }
  }

  /// `strings-argument-left-out`
  static var argumentLeftOut: Self {
    Self(.warning, .strings, group: RuleID(TableRule.formatMismatch),
         fix: .never("which argument a translation meant to show is not certain"),
         consequence: "the sentence lacks a value, nothing breaks: String(format:) passes the argument and the translation does not read it (or reads it with %n, which prints nothing), or a placeholder the app fills itself is lost",
         summary: "a translation leaves out an argument of the development language's format (or a placeholder the app fills itself): the sentence lacks that value",
         card: RuleCard(symptom: "The translated sentence lacks the name, number or date the development language shows.",
                        remedy: "Read every argument in the translation, with positions (%1$@, %2$d) where the word order differs.",
                        platforms: .allAPNs, sources: [.formatSpecifiers, .cfString])) {
      RuleExamples("--- en.lproj\n\"FROM\" = \"From %@\";\n--- fr.lproj\n1️⃣\"FROM\" = \"De la part de\";",
                   pass: "--- en.lproj\n\"FROM\" = \"From %@\";\n--- fr.lproj\n\"FROM\" = \"De %@\";")
    }
  }

  /// `strings-argument-reworded`
  static var argumentReworded: Self {
    Self(.info, .strings, group: RuleID(TableRule.formatMismatch),
         fix: .never("whether the language needs the suffix is the translator's decision"),
         consequence: "none on the device: the arguments the translation leaves out are, in the development text, suffixes of a word (app%@ for the plural s the code passes), which a language that does not inflect so has no use for; the translation shows all it means",
         summary: "a translation leaves out only arguments that are a word's suffix in the development text (app%@): a language without that inflection needs none",
         card: RuleCard(symptom: "The translation does not read an argument that the development text glues to a word as its ending.",
                        remedy: "Nothing to do when the language has no such ending; read the argument (with a position, %2$@) where it does.",
                        platforms: .allAPNs, sources: [.formatSpecifiers, .cfString])) {
      RuleExamples("--- en.lproj\n\"APPS\" = \"%d app%@ installed\";\n--- ko.lproj\n1️⃣\"APPS\" = \"앱 %d개 설치됨\";",
                   pass: "--- en.lproj\n\"APPS\" = \"%d app%@ installed\";\n--- de.lproj\n\"APPS\" = \"%d App%@ installiert\";")
    }
  }

  /// `strings-format-gap`
  static var formatGap: Self {
    Self(.error, .strings,
         fix: .never("which argument the skipped position should show is not certain"),
         consequence: "String(format:) and the device give the arguments to the positions the value reads, in order, so it shows the wrong argument in a skipped position's place",
         summary: "a value's positional specifiers skip a position (%2$@ without %1$@)",
         card: RuleCard(symptom: "The device shows the wrong argument in a skipped position's place.",
                        remedy: "Use every position from %1$ up, without a gap.",
                        platforms: .allAPNs, sources: [.formatSpecifiers, .cfString])) {
      RuleExamples("1️⃣\"GOT\" = \"%2$@ received\";",
                   pass: "\"GOT\" = \"%2$@ received from %1$@\";")
    }
  }

  /// `strings-accidental-specifier`
  static var accidentalSpecifier: Self {
    Self(.warning, .strings,
         fix: .never("a percent sign or a lost argument: the intent is not certain, and the translations' own '%' would be compared anew"),
         consequence: "a % meant as text is read as a specifier in a format call: the device prints an argument or a number in its place and swallows the characters after it ('100% guaranteed' reads '% g'), or prints nothing for %n; a position above 9999 or one without a conversion shows as written",
         summary: "a % that reads as a specifier nobody means, reported at the source: '%@ is 100% guaranteed' (% g) or a trailing % in a development-language value that goes through a format call (translations that agree are not blamed); %n, a position above 9999 or a position with no conversion (%1$ av) anywhere",
         card: RuleCard(symptom: "A % meant as text is read as a specifier: the device prints an argument or a number there and swallows the characters after it.",
                        remedy: "Write a literal percent sign as %% in any string that goes through a format call.",
                        platforms: .allAPNs, sources: [.formatSpecifiers, .cfString])) {
      RuleExamples("--- en.lproj\n1️⃣\"SAFE\" = \"%@ is 100% guaranteed\";\n--- fr.lproj\n\"SAFE\" = \"%@ est garanti à 100 %\";",
                   pass: "--- en.lproj\n\"SAFE\" = \"%@ is 100%% guaranteed\";\n--- fr.lproj\n\"SAFE\" = \"%@ est garanti à 100 %%\";")
    }
  }

  /// `strings-control-character`
  static var controlCharacter: Self {
    Self(.info, .strings,
         fix: .never("the character often stands where another was lost in a copy; which one is not certain"),
         consequence: "none: the text system draws nothing for a C0 control character, so the text reads as meant (it is almost always a copy-paste accident)",
         summary: "a value holding a C0 control character other than tab and a line break (U+0000–U+001F, U+007F; CR, alone or in CRLF, is a line break): the text system draws it as nothing, so the text reads as meant, but it is almost always a copy-paste accident",
         card: RuleCard(symptom: "Nothing visible: the text system draws nothing for the control character.",
                        remedy: "Delete the control character (most often a copy-paste accident).",
                        platforms: .allAPNs, sources: [.cfOldStylePList])) {
      RuleExamples("\"A\" = \"Done\";\n1️⃣\"B\" = \"Ring\\a\";",
                   pass: "\"A\" = \"Done\";\n\"B\" = \"Ring\\tbell\";")
    }
  }

  /// `strings-empty-translation`
  static var emptyTranslation: Self {
    Self(.warning, .strings,
         fix: .edits("in a String Catalog, a unit marked translated whose value is empty is removed, so the device shows the catalog's key, the development text, and the translation is reported missing; in a .strings table an empty value may be meant: no fix",
                     leaving: [RuleID(TableRule.missingTranslation)], EmptyTranslationFix.fix),
         consequence: "devices using that localization show nothing where the development language shows text",
         summary: "a translation that is the empty string where the development language has text",
         card: RuleCard(symptom: "Users of that localization see nothing where the development language shows text.",
                        remedy: "Translate the value, or remove the entry so that the development language's text shows.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- en.lproj\n\"ARCHIVE\" = \"Archive\";\n--- fr.lproj\n1️⃣\"ARCHIVE\" = \"\";",
                   pass: "--- en.lproj\n\"ARCHIVE\" = \"Archive\";\n--- fr.lproj\n\"ARCHIVE\" = \"Archiver\";",
                   fixed: "--- App/Localizable.xcstrings\n" + emptyTranslationCatalog(french: nil),
                   fixing: "--- App/Localizable.xcstrings\n" + emptyTranslationCatalog(french: ""))
    }
  }

  /// `strings-empty-fragment`
  static var emptyFragment: Self {
    Self(.info, .strings, group: RuleID(TableRule.emptyTranslation),
         fix: .never("the empty piece is the language's grammar, not a text lost"),
         consequence: "none on the device: the development value is a piece of a sentence the code assembles (it begins or ends with a space, 'You gain ' + items + '!'), and a language that puts those words in another piece (a verb-final language moves them to the end) leaves this one empty; the assembled sentence reads whole",
         summary: "an empty translation of a development value that begins or ends with a space: a piece of a sentence the code assembles, which the language's word order leaves empty",
         card: RuleCard(symptom: "A translation leaves empty a piece of a sentence the code puts together.",
                        remedy: "Nothing to do when the language's sentence reads whole without it; translate the piece where it does not.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- en.lproj\n\"GAIN.START\" = \"You gain \";\n\"GAIN.END\" = \"!\";\n--- ja.lproj\n1️⃣\"GAIN.START\" = \"\";\n\"GAIN.END\" = \"を獲得しました！\";",
                   pass: "--- en.lproj\n\"GAIN.START\" = \"You gain \";\n--- de.lproj\n\"GAIN.START\" = \"Du erhältst \";")
    }
  }

  /// A String Catalog in Xcode's formatting whose key `Archive` has a German translation and,
  /// unless `french` is nil, a French one marked translated with that value.
  static func emptyTranslationCatalog(french: String?) -> String {
    let unit = { (language: String, value: String) in
      "        \"\(language)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(value)\"\n          }\n        }"
    }
    let units = [unit("de", "Archivieren")] + (french.map { [unit("fr", $0)] } ?? [])
    return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Archive\" : {\n      \"localizations\" : {\n"
      + units.joined(separator: ",\n") + "\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
  }

  /// `strings-plural-missing`
  static var pluralMissing: Self {
    Self(.warning, .strings,
         fix: .never("the missing form is the translator's text; the tool cannot write it"),
         consequence: "a count in the missing category (ru 3, 'few') shows the 'other' form, whose wording may not agree with the number",
         summary: "a plural (.stringsdict variable, catalog plural variation) lacks a category CLDR selects for an integer count in its language (ru 'few' for 3): the device shows the 'other' form",
         card: RuleCard(symptom: "A count in the missing category (Russian 3, 'few') shows the 'other' form, whose wording may not agree with the number.",
                        remedy: "Add the category the language selects (Xcode's String Catalog lists a language's categories).",
                        platforms: .allAPNs, sources: [.stringsdictFormat, .stringCatalogs])) {
      RuleExamples("--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d файл", "other": "%d файлов"], marking: "n"),
                   pass: "--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"]))
    }
  }

  /// `strings-plural-unused`
  static var pluralUnused: Self {
    Self(.info, .strings,
         fix: .never("the form shows nowhere, and translation tools write it back; removing it is the author's choice"),
         consequence: "none: the language never selects the category, so no count shows the form",
         summary: "a plural form in a category its language never selects (ko 'one'); 'zero' is never reported (Apple uses it for 0 in every language)",
         card: RuleCard(symptom: "Nothing: no count selects the form.",
                        remedy: "Delete the form the language never selects.",
                        platforms: .allAPNs, sources: [.stringsdictFormat])) {
      RuleExamples("--- ko.lproj/Localizable.stringsdict\n" + pluralExample(["one": "파일 %d개", "other": "파일 %d개"], marking: "n"),
                   pass: "--- ko.lproj/Localizable.stringsdict\n" + pluralExample(["other": "파일 %d개"]))
    }
  }

  /// `strings-plural-other`
  static var pluralOther: Self {
    Self(.error, .strings,
         fix: .never("the 'other' form is the translator's text; the tool cannot write it"),
         consequence: "a count whose form is missing has nothing to fall back to, so the device shows the format itself instead of text",
         summary: "a plural without an 'other' form, the one every count falls back to",
         card: RuleCard(symptom: "A count whose form is missing shows the format itself instead of text.",
                        remedy: "Add an 'other' form to every plural.",
                        platforms: .allAPNs, sources: [.stringsdictFormat, .stringCatalogs])) {
      RuleExamples("--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file"], marking: "n"),
                   pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files"]))
    }
  }

  /// `strings-plural-one-digit`
  static var pluralOneDigit: Self {
    Self(.warning, .strings,
         fix: .never("which '1' is the count and which specifier reads it is the translator's choice"),
         consequence: "the other counts the language puts in 'one' (ru 21, 31; fr 0) show the digit 1 instead of their number",
         summary: "a 'one' form that writes the digit 1 instead of the count's specifier, in a language whose 'one' covers other numbers (ru 21, 31; fr 0)",
         card: RuleCard(symptom: "Other counts the language puts in 'one' (Russian 21 and 31, French 0) show the digit 1 instead of their number.",
                        remedy: "Write the count's specifier (%d) in the 'one' form rather than the digit 1.",
                        platforms: .allAPNs, sources: [.stringsdictFormat])) {
      RuleExamples("--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "1 файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"], marking: "one"),
                   pass: "--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"]))
    }
  }

  /// `strings-plural-type`
  static var pluralType: Self {
    Self(.error, .strings,
         fix: .edits("gives a form's bare '%@', '%s' or '%f' the integer conversion its count is declared with, when the value type "
                       + "and the other forms (or the source language's forms) agree") { PluralTypeFix.fix($0) },
         consequence: "a form that reads the count as an incompatible kind crashes the app (%@ or %s for an integer) or prints a meaningless number (%f for an integer); %n, which prints nothing, is strings-plural-count-vanishes",
         summary: "a plural form reads its count as another kind than the variable's value type (or the source language's forms) gives it: %@ or %s for an integer crashes, %f for an integer prints a meaningless number",
         card: RuleCard(symptom: "The app crashes (%@ for an integer count) or prints a meaningless number; %n prints nothing.",
                        remedy: "Read the count with the variable's value type in every form (%d or %ld for an integer, %f only for a floating-point count).",
                        platforms: .allAPNs, sources: [.stringsdictFormat, .formatSpecifiers])) {
      RuleExamples("--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%@ files"], marking: "N_FILES"),
                   pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%ld files"]),
                   fixed: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files"]))
    }
  }

  /// `strings-plural-count-vanishes`
  static var pluralCountVanishes: Self {
    Self(.warning, .strings, group: RuleID(TableRule.pluralType),
         fix: .never("which specifier the form meant for its count is not certain"),
         consequence: "a form reads its count with %n, which CoreFoundation prints as nothing: the count vanishes from the sentence, nothing breaks",
         summary: "a plural form reads its count with %n: the count vanishes from the sentence",
         card: RuleCard(symptom: "The sentence shows no number where the count should be.",
                        remedy: "Read the count with the variable's value type (%d or %ld for an integer).",
                        platforms: .allAPNs, sources: [.stringsdictFormat, .formatSpecifiers])) {
      RuleExamples("--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%n files"], marking: "N_FILES"),
                   pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files"]))
    }
  }

  /// `strings-needs-review`
  static var needsReview: Self {
    Self(.warning, .strings,
         fix: .never("only a reviewer can say the translation is right"),
         consequence: "users read a value still holding numbers the source no longer has (it says what the old source said), or still the development language's text, more than one word or a word in a script the language does not write (read untranslated); the state itself is the translation workflow's (where nothing in the value shows it wrong: strings-needs-review-as-written; specifiers that differ are strings-format-mismatch's)",
         summary: "a String Catalog translation in state 'needs_review' (set by Xcode when the source text changed) whose value shows it stale: numbers the source no longer has, or the development text left untranslated",
         card: RuleCard(symptom: "Users read a translation of an older source (other numbers), or the untranslated development text.",
                        remedy: "Review the translation against the new source and mark it translated.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- App/Localizable.xcstrings\n" + catalogExample(#""KEEP_DAYS": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Keep 10 days"}}, "de": {"stringUnit": {"state": "needs_review", "value": 1️⃣"5 Tage behalten"}}}}"#),
                   pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""KEEP_DAYS": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Keep 10 days"}}, "de": {"stringUnit": {"state": "translated", "value": "10 Tage behalten"}}}}"#))
    }
  }

  /// `strings-needs-review-as-written`
  static var needsReviewAsWritten: Self {
    Self(.info, .strings, group: RuleID(TableRule.needsReview),
         fix: .never("only a reviewer can say the translation is right"),
         consequence: "none that shows: users see the translation as written, and nothing in it shows it stale (its numbers are the source's, or it is one word or identifier the languages may share); the state is the translation workflow's",
         summary: "a String Catalog translation in state 'needs_review' whose value shows nothing stale: users read it as written",
         card: RuleCard(symptom: "Nothing visible: the translation reads as written; it waits for a reviewer.",
                        remedy: "Review the translation against the new source and mark it translated.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- App/Localizable.xcstrings\n" + catalogExample(#""KEEP_DAYS": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Keep 10 days"}}, "de": {"stringUnit": {"state": "needs_review", "value": 1️⃣"10 Tage behalten"}}}}"#),
                   pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""KEEP_DAYS": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Keep 10 days"}}, "de": {"stringUnit": {"state": "translated", "value": "10 Tage behalten"}}}}"#))
    }
  }

  /// `strings-stale`
  static var stale: Self {
    Self(.info, .strings,
         fix: .never("only the author knows whether a key no code names is still needed (a push's loc-key)"),
         consequence: "none today: the text is still there; Xcode no longer finds the key in code and offers to remove it with its translations",
         summary: "a String Catalog key Xcode marks stale (no longer found in code; Xcode offers to remove it and its translations), or a translation in state 'stale'",
         card: RuleCard(symptom: "Nothing today: the text is still there, but Xcode offers to remove it.",
                        remedy: "Remove the key if no code uses it, or set its extractionState to manual if something other than code (a push) uses it.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- App/Localizable.xcstrings\n" + catalogExample(#"1️⃣"Archive": {"extractionState": "stale", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Archivieren"}}}}"#),
                   pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""Archive": {"extractionState": "manual", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Archivieren"}}}}"#))
    }
  }

  /// `strings-xml-escape`
  static var xmlEscape: Self {
    Self(.warning, .strings,
         fix: .never("a backslash may be meant as text; which character the author wanted is not certain"),
         consequence: "the device shows the backslash and the letter where the author meant a line break, a tab or a quote",
         summary: "a literal \\n, \\t or \\\" inside an XML property list's <string> (XML plists have no backslash escapes: the user sees the backslash)",
         card: RuleCard(symptom: "The device shows the backslash and the letter where a line break, a tab or a quote was meant.",
                        remedy: "Write the character itself in the string element (a real line break, &quot; for a quote): XML property lists have no backslash escapes.",
                        platforms: .allAPNs, sources: [.cfPropertyList])) {
      RuleExamples("--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files\\nin total"], marking: "other"),
                   pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files\nin total"]))
    }
  }

  /// `strings-markup`
  static var markup: Self {
    Self(.warning, .strings,
         fix: .never("an HTML renderer the tool cannot see may expand it; whether to write the character is the author's decision"),
         consequence: "a table value is plain text: the device shows an HTML entity (&amp;, &gt;, &#39;) or a Swift interpolation (\\(name)) as written, where the author meant the character or the value",
         summary: "a value, as the device reads it, holding an HTML entity or a Swift interpolation that nothing expands (a value with HTML tags or Markdown is left alone: it is meant for a renderer, which decodes entities)",
         card: RuleCard(symptom: "The device shows &amp; or a Swift interpolation as written, where a character or a value was meant.",
                        remedy: "Write the character itself (&, >, ') and fill values with format specifiers (%@), not Swift interpolation.",
                        platforms: .allAPNs, sources: [.stringCatalogs, .formatSpecifiers])) {
      RuleExamples("--- en.lproj\n\"A\" = \"Help & Feedback\";\n--- de.lproj\n1️⃣\"A\" = \"Hilfe &amp; Feedback\";",
                   pass: "--- en.lproj\n\"A\" = \"Help & Feedback\";\n--- de.lproj\n\"A\" = \"Hilfe & Feedback\";")
    }
  }

  /// `strings-not-shipped`
  static var notShipped: Self {
    Self(.info, .strings,
         fix: .never("whether the table belongs in a target or is left over is the author's decision"),
         consequence: "none: no target of the Xcode project or Swift package below the folder builds the table, or the framework or package bundle it belongs to never takes its language, so no device reads it; its keys are compared with nothing and its own findings are information",
         summary: "a table the project below the folder does not ship (no target's build phase holds it, its variant group lacks its localization, every target of its synchronized folder leaves it out, no package target holds it or one excludes it, or the Xcode project does not reference it at all where nothing else may place it), or a localization of a prebuilt framework or of a Swift package inside the app's folder that no language the app lists selects: no device reads it",
         card: RuleCard(symptom: "Nothing on the device: no target ships the table.",
                        remedy: "Add the table to a target's resources (Copy Bundle Resources, or the package target's resources), or delete it.",
                        platforms: .allAPNs, sources: [.stringCatalogs, .localizingPackageResources])) {
      RuleExamples("--- App.xcodeproj/project.pbxproj\n" + projectExample(localizations: ["en"]) + "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n1️⃣\"A\" = \"a\";",
                   pass: "--- App.xcodeproj/project.pbxproj\n" + projectExample(localizations: ["en", "fr"]) + "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";")
    }
  }

  /// A minimal Xcode project whose target `App` ships a `Localizable.strings` variant group
  /// holding `localizations` (`en.lproj/Localizable.strings`…), development region `en`.
  static func projectExample(localizations: [String]) -> String {
    let references = localizations.map {
      "\t\tL\($0) = {isa = PBXFileReference; name = \($0); path = \($0).lproj/Localizable.strings; sourceTree = \"<group>\"; };\n"
    }.joined()
    return "// !$*UTF8*$!\n{\n\tobjects = {\n"
      + "\t\tP = {isa = PBXProject; developmentRegion = en; knownRegions = (en, fr); mainGroup = G; targets = (T); };\n"
      + "\t\tG = {isa = PBXGroup; children = (V); sourceTree = \"<group>\"; };\n"
      + "\t\tV = {isa = PBXVariantGroup; children = (\(localizations.map { "L\($0)" }.joined(separator: ", "))); name = Localizable.strings; sourceTree = \"<group>\"; };\n"
      + references
      + "\t\tT = {isa = PBXNativeTarget; buildPhases = (R); name = App; };\n"
      + "\t\tR = {isa = PBXResourcesBuildPhase; files = (B); };\n"
      + "\t\tB = {isa = PBXBuildFile; fileRef = V; };\n"
      + "\t};\n\trootObject = P;\n}\n"
  }
}

/// What a `strings lint` finding of a rule that compares tables says, made only by its rule's
/// named constructors below: the lint calls `file.add(.extraKey(…), at: entry)`, passing what it
/// found; the constructor writes the text, only when a finding is made.
struct TableMessage: RuleMessage {
  /// The rule the finding reports.
  let rule: TableRule
  /// The finding's message: lowercase start, no final period.
  let text: String

  /// Only this file calls this, from a rule's named constructors.
  fileprivate init(_ rule: TableRule, _ text: String) {
    self.rule = rule
    self.text = text
  }

  var ruleID: RuleID { RuleID(rule) }
  var definition: RuleDefinition { rule.definition }

  /// What a device shows for a key its localization lacks, by what reads the table; `keysAreText`:
  /// the keys are words, as an app keyed by its English text writes them (``readAsText(_:)``).
  private static func whatShows(_ kind: StringsTableKind, plural: Bool, keysAreText: Bool = false) -> String {
    switch kind {
    case .interfaceBuilder: "the device shows the nib's own text"
    case .infoPlist: "the device shows Info.plist's own value"
    case .standard, .predicateEditor:
      (plural ? "the device shows the raw keys" : "the device shows the raw key")
        + (keysAreText ? (plural ? ", themselves text the user reads untranslated" : ", itself text the user reads untranslated") : "")
    }
  }

  /// Whether every key reads as words (a space and a letter: `Checking for updates...`), not an
  /// identifier (`send_crash_log`): the raw key a device shows is then text in the language it was
  /// written in.
  static func readAsText(_ keys: [String]) -> Bool {
    !keys.isEmpty && keys.allSatisfy { key in key.containsUTF8(UInt8(ascii: " ")) && key.unicodeScalars.contains { $0.properties.isAlphabetic } }
  }

  /// `'KEY'` naming a value of a `.strings` file or `.stringsdict`, `in 'de', 'KEY'` in a catalog
  /// (its `language`).
  private static func label(_ key: String, catalogLanguage language: String?) -> String {
    (language.map { "in '\($0)', " } ?? "") + "'\(key)'"
  }
}

// MARK: strings-missing-translation

extension TableMessage {
  /// A localization's folder lacks the development language's `file` (of `keys` keys): CFBundle
  /// looks a table up through the bundle's languages in order, ending with the development
  /// region (`CFBundleCopyResourceURL` in `_CFBundleGetStringsSources`, CFBundle_Strings.c,
  /// https://github.com/apple/swift-corelibs-foundation), so the device reads the development
  /// language's table (`developmentFile`) instead.
  static func missingFile(_ file: String, localization: String, keys: Int, developmentFile: String, developmentLanguage: String) -> Self {
    Self(.missingTranslation, "'\(localization).lproj' has no '\(file)': a device in \(languageName(localization)) reads "
      + "'\(developmentFile)' instead, so its \(StringsLint.grouped(keys)) key\(keys == 1 ? "" : "s") show\(keys == 1 ? "s" : "") "
      + "the \(languageName(developmentLanguage)) text")
  }

  /// A localization's `file` holds no entry at all, where the development language's has `keys`.
  static func emptyTable(_ file: String, localization: String, keys: Int, kind: StringsTableKind) -> Self {
    Self(.missingTranslation, "'\(localization).lproj/\(file)' has no entries: all \(StringsLint.grouped(keys)) "
      + "key\(keys == 1 ? "" : "s") of the development language show\(keys == 1 ? "s" : "") untranslated in '\(localization)' ("
      + "\(whatShows(kind, plural: keys != 1)))")
  }

  /// `key` of the development table (`developmentFile` at `line`, or a catalog's
  /// `developmentLanguage`) has no translation in `language`; the device shows what `fallback`
  /// says (the development text `developmentValue` when it falls back to it).
  static func untranslated(key: String, language: String, developmentLanguage: String, developmentFile: String?, line: Int?,
                           kind: StringsTableKind, fallback: MissingFallback, developmentValue: String?) -> Self {
    var origin = "'\(developmentLanguage)'"
    if let developmentFile { origin = "'\(developmentFile)" + (line.map { ":\($0)" } ?? "") + "'" }
    let shown = developmentValue.map { "'\(LocalizationOutput.excerpt($0))'" } ?? "'\(LocalizationOutput.excerpt(key))'"
    let text = "the \(languageName(language)) user reads the \(languageName(developmentLanguage)) text \(shown)"
    return switch fallback {
    case .rawKey:
      Self(.missingTranslation, "'\(key)' of \(origin) has no translation in '\(language)': \(whatShows(kind, plural: false, keysAreText: readAsText([key])))")
    case .developmentText:
      Self(.missingTranslation, "'\(key)' of \(origin) has no translation in '\(language)': " + (kind == .standard || kind == .predicateEditor
        ? text : "\(whatShows(kind, plural: false)), the \(languageName(developmentLanguage)) \(shown)"))
    case .readsAsMeant(let variant):
      Self(.translationNotNeeded, "'\(key)' of \(origin) has no translation in '\(language)', and needs none: "
        + (key.isEmpty ? "an empty key shows nothing to translate"
          : "\(text), \(variant ? "as meant in a regional variant of '\(developmentLanguage)'" : readsAsMeantReason(developmentValue))"))
    }
  }

  /// Why a development text shown in another language reads as meant (not a regional variant).
  private static func readsAsMeantReason(_ value: String?) -> String {
    guard let value, StringsLint.hasWords(value) else { return "which has no word to translate" }
    return "the same in every language that has the key"
  }

  /// `key`'s unit in `language` is in state `new`; `value` is what it holds, if anything;
  /// `readsAsMeant`: what it shows is right in the language anyway (`strings-translation-not-needed`).
  static func newState(key: String, language: String, value: String?, readsAsMeant: Bool = false) -> Self {
    let shown = value.map { "the device shows '\(LocalizationOutput.excerpt($0))', which nobody has translated" }
      ?? "the device shows the source language's text"
    return Self(readsAsMeant ? .translationNotNeeded : .missingTranslation, "'\(key)' in '\(language)' is in state 'new' (not translated yet): \(shown)"
      + (readsAsMeant ? ", and it reads as meant: the same in every language that has it, or with no word to translate" : ""))
  }

  /// `message` (`untranslated`'s, falling back to the raw key) for a key whose lookup in the code
  /// passes a default text: the device shows that text instead.
  static func showsDefaultText(_ message: String) -> String {
    let shown = ": the device shows the default text the code passes with the key, in the development language"
    for raw in [": the device shows the raw key", ": the device shows the raw key, itself text the user reads untranslated"] where message.hasSuffix(raw) {
      return String(message.dropLast(raw.count)) + shown
    }
    return message
  }

  /// One localization's missing keys of one table that fall back alike (`group.fallback`), as one finding.
  static func missingTranslations(_ group: MissingTranslations) -> Self {
    let listed = group.keys.prefix(MissingTranslations.listedKeyLimit).map { "'\(LocalizationOutput.excerpt($0, limit: 60))'" }
      .joined(separator: ", ")
    let more = group.keys.count > MissingTranslations.listedKeyLimit
      ? " and \(StringsLint.grouped(group.keys.count - MissingTranslations.listedKeyLimit)) more" : ""
    let noun = group.developmentKeyCount == 1 ? "key" : "keys"
    let counted = "\(group.localization): \(StringsLint.grouped(group.keys.count)) of \(StringsLint.grouped(group.developmentKeyCount)) \(noun) of '\(group.table)'"
    let user = "the \(languageName(group.localization)) user", development = languageName(group.developmentLanguage)
    switch group.fallback {
    case .rawKey:
      return Self(.missingTranslation, "\(counted) missing: \(listed)\(more) (\(whatShows(group.kind, plural: group.keys.count != 1, keysAreText: readAsText(group.keys))))")
    case .developmentText:
      let shows = group.kind == .standard || group.kind == .predicateEditor
        ? "\(user) reads the \(development) text" : "\(whatShows(group.kind, plural: group.keys.count != 1)), in \(development)"
      return Self(.missingTranslation, "\(counted) missing: \(listed)\(more) (\(shows))")
    case .readsAsMeant(let variant):
      let why = variant
        ? "'\(group.localization)' is a regional variant of '\(group.developmentLanguage)': \(user) reads the \(development) text as meant"
        : "\(user) reads the \(development) text as meant: it has no word to translate, or is the same in every language that has the key"
      return Self(.translationNotNeeded, "\(counted) \(group.keys.count == 1 ? "has" : "have") no translation and need\(group.keys.count == 1 ? "s" : "") none: "
        + "\(listed)\(more) (\(why))")
    }
  }

  /// The English name of a language (`fr` → French, `zh-Hans` → Chinese), else its code quoted;
  /// each code is looked up once per run (a lint names the same few languages thousands of times).
  static func languageName(_ code: String) -> String {
    LanguageNames.shared.name(code, lookUp: lookUpLanguageName)
  }

  private static func lookUpLanguageName(_ code: String) -> String {
    let parts = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    let language = parts.first ?? code
    // A script subtag is part of the language (`sr-Cyrl`: Serbian (Cyrillic)); a region is not.
    if parts.dropFirst().contains(where: { $0.count == 4 }), let name = englishNames.localizedString(forIdentifier: code) { return name }
    if let name = englishNames.localizedString(forLanguageCode: language) { return name }
    // A legacy folder name (`English`, `Japanese`) is the language's name already.
    return code.first?.isUppercase == true && code.allSatisfy(\.isLetter) ? code : "'\(code)'"
  }

  private static let englishNames = Locale(identifier: "en")
}

/// The language names messages have looked up, by code.
private final class LanguageNames: @unchecked Sendable {
  static let shared = LanguageNames()
  private let lock = NSLock()
  private var names: [String: String] = [:]

  /// `code`'s name, looked up with `lookUp` the first time.
  func name(_ code: String, lookUp: (String) -> String) -> String {
    lock.lock()
    defer { lock.unlock() }
    if let known = names[code] { return known }
    let made = lookUp(code)
    names[code] = made
    return made
  }
}

// MARK: strings-wrong-script, strings-development-copy

extension TableMessage {
  /// `count` of `total` values of one localization's `table` are mostly in `scripts` (one per
  /// value), which the localization's language does not write; `examples` are their keys and
  /// values, `copied` of them the development text unchanged (`developmentLanguage`'s; nil for the
  /// development table itself).
  static func wrongScript(localization: String, table: String, count: Int, of total: Int, scripts: [StringsLint.Script],
                          examples: [(key: String, value: String)], copied: Int, developmentLanguage: String?) -> Self {
    var tally: [StringsLint.Script: Int] = [:]
    for script in scripts { tally[script, default: 0] += 1 }
    let named = tally.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key.name).joined(separator: " and ")
    let listed = examples.prefix(wrongScriptExamples).map { key, value in
      key == value ? "'\(LocalizationOutput.excerpt(value, limit: 60))'"
        : "'\(LocalizationOutput.excerpt(key, limit: 60))' ('\(LocalizationOutput.excerpt(value, limit: 60))')"
    }.joined(separator: ", ")
    let more = count > wrongScriptExamples ? " and \(StringsLint.grouped(count - wrongScriptExamples)) more" : ""
    let copies = developmentLanguage.map { copied == 0 ? "" : ", \(copied == count ? "all" : StringsLint.grouped(copied)) of them "
      + "the \(languageName($0)) text unchanged" } ?? ""
    let name = languageName(localization)
    return Self(.wrongScript, "\(localization): \(StringsLint.grouped(count)) of \(StringsLint.grouped(total)) values of '\(table)' are written in "
      + "\(named) letters, which \(name) is not written in\(copies): \(listed)\(more); the \(name) user reads them in another language")
  }

  /// `count` of `total` values of one localization's `table` are the development language's text
  /// unchanged (`examples`: their keys); `sameScript` when the languages share a script,
  /// `keptEverywhere` when no language translates them.
  static func developmentCopy(localization: String, table: String, count: Int, of total: Int, examples: [String], sameScript: Bool,
                              keptEverywhere: Bool, developmentLanguage: String) -> Self {
    let listed = examples.prefix(wrongScriptExamples).map { "'\(LocalizationOutput.excerpt($0, limit: 60))'" }.joined(separator: ", ")
    let more = count > wrongScriptExamples ? " and \(StringsLint.grouped(count - wrongScriptExamples)) more" : ""
    let name = languageName(localization), development = languageName(developmentLanguage)
    let reads = sameScript
      ? "names and words \(name) shares with \(development) read as meant; text left untranslated reads in \(development)"
      : keptEverywhere ? "the same in every language that has them, as names are"
      : "in a script \(name) is not written in, but too few, or too like names, to tell from names"
    return Self(.developmentCopy, "\(localization): \(StringsLint.grouped(count)) of \(StringsLint.grouped(total)) values of '\(table)' are "
      + "the \(development) text unchanged: \(listed)\(more) (\(reads))")
  }

  /// How many keys a finding about a table's values names before "and N more".
  static let wrongScriptExamples = 3
}

// MARK: strings-extra-key, strings-empty-translation, strings-format-mismatch

extension TableMessage {
  /// `key` is not in the development table (`developmentFile`, or a catalog's `developmentLanguage`).
  static func extraKey(_ key: String, developmentLanguage: String, developmentFile: String?) -> Self {
    let development = developmentFile.map { "'\($0)'" } ?? "'\(developmentLanguage)'"
    return Self(.extraKey, "'\(key)' is not in the development language's \(development)")
  }

  /// `key` is empty in `language` where the development language has `developmentValue`.
  static func emptyTranslation(key: String, language: String, developmentLanguage: String, developmentValue: String) -> Self {
    Self(.emptyTranslation, "'\(key)' in '\(language)' is empty where '\(developmentLanguage)' has '\(LocalizationOutput.excerpt(developmentValue))': "
      + "the device shows nothing")
  }

  /// Every one of the `total` values of `language` in `table` is empty where the development
  /// language has text (the language was never translated); `keys`, in the table's order, are
  /// those still reported (not the keys no code looks up).
  static func emptyLanguage(language: String, table: String, total: Int, keys: [String]) -> Self {
    let listed = keys.prefix(MissingTranslations.listedKeyLimit).map { "'\(LocalizationOutput.excerpt($0, limit: 60))'" }
      .joined(separator: ", ")
    let more = keys.count > MissingTranslations.listedKeyLimit
      ? " and \(StringsLint.grouped(keys.count - MissingTranslations.listedKeyLimit)) more" : ""
    let shown = keys.count == total ? "the device shows nothing" : "the device shows nothing for \(StringsLint.grouped(keys.count)) of them"
    return Self(.emptyTranslation, "\(language): all \(StringsLint.grouped(total)) values of '\(table)' are empty where "
      + "the development language has text (the language was never translated): \(shown): \(listed)\(more)")
  }

  /// `key` is empty in `language` where the development language's `developmentValue` is a piece
  /// of a sentence the code assembles (it begins or ends with a space).
  static func emptyFragment(key: String, language: String, developmentLanguage: String, developmentValue: String) -> Self {
    Self(.emptyFragment, "'\(key)' in '\(language)' is empty where '\(developmentLanguage)' has '\(LocalizationOutput.excerpt(developmentValue))', "
      + "a piece of a sentence the code assembles: the language's word order puts those words in another piece, and the sentence reads whole")
  }

  /// `key`'s `value` in `language` reads other arguments than `developmentValue`: `differences`,
  /// as `FormatSignature` names them.
  static func formatMismatch(key: String, language: String, value: String, developmentLanguage: String, developmentValue: String,
                             differences: [String]) -> Self {
    Self(.formatMismatch, "'\(key)' in '\(language)' ('\(value)') does not take the arguments of '\(developmentLanguage)' "
      + "('\(developmentValue)'): \(differences.joined(separator: ", "))")
  }
}

// MARK: strings-argument-left-out

extension TableMessage {
  /// `message` (strings-format-mismatch's) when the translation only leaves an argument out (or
  /// reads it with %n): the same words under strings-argument-left-out.
  static func argumentLeftOut(_ message: Self) -> Self { Self(.argumentLeftOut, message.text) }

  /// `message` (strings-format-mismatch's) when the translation leaves out only arguments that are
  /// a word's suffix in the development text: the same words and why nothing is lost, under
  /// strings-argument-reworded.
  static func argumentReworded(_ message: Self) -> Self {
    Self(.argumentReworded, message.text + " (a word's ending in the development text, which the language does not need)")
  }

  /// `key`'s `value` in `language` lacks the `placeholders` of `developmentValue`, a text whose
  /// placeholders the app replaces itself (`%0 of %1 used`, `{0}`): a warning, never a format error.
  static func placeholderDropped(key: String, language: String, value: String, developmentLanguage: String, developmentValue: String,
                                 placeholders: [String]) -> Self {
    let listed = placeholders.map { "'\($0)'" }.joined(separator: ", ")
    return Self(.argumentLeftOut, "'\(key)' in '\(language)' ('\(value)') leaves out \(listed) of '\(developmentLanguage)' ('\(developmentValue)'): "
      + "a placeholder the app fills itself (not a format CoreFoundation could run), so the sentence loses that value")
  }
}

// MARK: strings-control-character, strings-accidental-specifier, strings-format-gap

extension TableMessage {
  /// `key`'s `value` holds the control `character` (`U+001B`); `catalogLanguage` for a catalog's.
  static func controlCharacter(_ character: String, key: String, value: String, catalogLanguage: String?) -> Self {
    Self(.controlCharacter, "\(label(key, catalogLanguage: catalogLanguage)) holds the control character \(character) "
      + "('\(LocalizationOutput.excerpt(value))'): the text system draws nothing for it, so the text reads as meant; it is usually a copy-paste accident")
  }

  /// `key`'s `value` has `specifier` (its text), read as `reading` says; `catalogLanguage` for a catalog's.
  static func accidentalSpecifier(_ specifier: String, reading: StringsLint.AccidentalReading, key: String, value: String,
                                  catalogLanguage: String?) -> Self {
    let why = switch reading {
    case .writeBack: "'%n' is C's write-back conversion, never text: String(format:) does not print it"
    case .positionOutOfRange: "positions run from 1 to 9999, so it is not a specifier and the device shows it as written"
    case .trailingPercent: "a '%' at the end reads as an incomplete specifier; write '%%' for a percent sign"
    case .spaceFlaggedObject:
      "the space is a printf flag: CoreFoundation formats '\(specifier)' as '%@' (an argument, not a percent sign); write '%@', or '%%' for a percent sign"
    case .spaceFlag: "the space is a printf flag, so '\(specifier)' reads as a specifier, not as a percent sign followed by text; write '%%'"
    case .positionWithoutConversion:
      "a position with no conversion after it: where the value is shown as it is the user reads '\(specifier.prefix { $0 != " " })' "
        + "in the sentence, and a format call reads '\(specifier)' as a specifier (an argument printed, or the text after it swallowed)"
    }
    return Self(.accidentalSpecifier, "\(label(key, catalogLanguage: catalogLanguage)) has '\(specifier)' ('\(LocalizationOutput.excerpt(value))'): \(why)")
  }

  /// `key`'s `value` skips the `missing` positions (the first `FormatIssue.listedGapLimit`, when
  /// there are more); `catalogLanguage` for a catalog's.
  static func formatGap(_ missing: [Int], key: String, value: String, catalogLanguage: String?) -> Self {
    let more = missing.count >= FormatIssue.listedGapLimit ? " and more" : ""
    let positions = missing.map(String.init).joined(separator: ", ") + more
    return Self(.formatGap, "\(label(key, catalogLanguage: catalogLanguage)) skips position\(missing.count > 1 ? "s" : "") \(positions) ('\(value)'): "
      + "String(format:) and the device give the arguments to the positions it reads in order, so it shows the wrong argument")
  }
}

// MARK: strings-plural-other, strings-plural-missing, strings-plural-unused, strings-plural-one-digit

extension TableMessage {
  /// The plural `plural` of `key` (`""` for the key's only one) has no `other` form, nor the
  /// `alsoMissing` categories its language needs; `catalogLanguage` for a catalog's.
  static func pluralOther(key: String, plural: String, catalogLanguage: String?, alsoMissing: [PluralCategory]) -> Self {
    let also = alsoMissing.isEmpty ? "" : " (and \(alsoMissing.map { "'\($0.rawValue)'" }.joined(separator: ", ")))"
    return Self(.pluralOther, "\(pluralLabel(key, plural, catalogLanguage)) has no 'other' form\(also): 'other' is the form every plural "
      + "falls back to, so a count whose form is missing has no text and the device shows the format itself")
  }

  /// The plural lacks `category`, which `language` selects for `count` (a number, as text): that
  /// count shows the `other` form. `needed` are the categories the plural needs.
  static func pluralMissing(_ category: PluralCategory, count: String, other: String, needed: [PluralCategory], language: String,
                            key: String, plural: String, catalogLanguage: String?) -> Self {
    // `other` is named as needed even where only fractions select it (ru): the fallback.
    let needs = (needed.contains(.other) ? needed : needed + [.other]).map(\.rawValue).joined(separator: ", ")
    return Self(.pluralMissing, "\(pluralLabel(key, plural, catalogLanguage)): \(language) needs \(needs); '\(category.rawValue)' is missing: "
      + "a count of \(count) shows the 'other' form ('\(LocalizationOutput.excerpt(StringsLint.withNumber(other, count)))')")
  }

  /// The plural has a `category` form that `language` (whose categories are `selected`) never selects.
  static func pluralUnused(_ category: PluralCategory, selected: [PluralCategory], language: String,
                           key: String, plural: String, catalogLanguage: String?) -> Self {
    Self(.pluralUnused, "\(pluralLabel(key, plural, catalogLanguage)) has a '\(category.rawValue)' form that \(language) never selects "
      + "(CLDR \(PluralRules.cldrVersion): \(selected.map(\.rawValue).joined(separator: ", "))): no count shows it")
  }

  /// The plural's `one` form writes the digit 1, and `language` selects `one` for `examples` too.
  static func pluralOneDigit(one: String, examples: [Int], language: String, key: String, plural: String, catalogLanguage: String?) -> Self {
    let others = examples.filter { $0 != 1 }.map(String.init).joined(separator: ", ")
    return Self(.pluralOneDigit, "\(pluralLabel(key, plural, catalogLanguage)) has a 'one' form that writes the digit 1 "
      + "('\(LocalizationOutput.excerpt(one))'), but \(language) also selects 'one' for \(others): write the number's specifier instead")
  }

  /// The plural's `category` form (`form`) reads its count with `specifier`, of kind `read`, where
  /// the count is `declared` (as `declaredBy` says): the device does what `mismatch` says.
  static func pluralType(key: String, plural: String, category: PluralCategory, form: String, specifier: String, read: ArgumentKind,
                         declared: ArgumentKind, declaredBy: String, mismatch: ArgumentMismatch, catalogLanguage: String?) -> Self {
    let consequence = switch mismatch {
    case .crash: "the app crashes (it follows \(declared.described) as \(read.described))"
    case .garbage: "the user reads a meaningless number (\(declared.described) printed as \(read.described))"
    case .vanishes: "CoreFoundation prints nothing for '%n', so the count vanishes from the sentence"
    }
    // %n breaks nothing: the count only vanishes (strings-plural-count-vanishes).
    return Self(mismatch == .vanishes ? .pluralCountVanishes : .pluralType, "\(pluralLabel(key, plural, catalogLanguage)): the '\(category.rawValue)' form ('\(LocalizationOutput.excerpt(form))') "
      + "reads the count with '\(specifier)', but \(declaredBy) makes it \(declared.described): \(consequence)")
  }

  /// `'KEY'` (or `in 'de', 'KEY'`), then the plural's name when it has one: `'KEY' (plural 'count')`.
  private static func pluralLabel(_ key: String, _ plural: String, _ catalogLanguage: String?) -> String {
    label(key, catalogLanguage: catalogLanguage) + (plural.isEmpty ? "" : " (plural '\(plural)')")
  }
}

// MARK: strings-needs-review, strings-stale

extension TableMessage {
  /// `key`'s unit in `language` is in state `needs_review`; `value` is what it holds, if anything,
  /// and `reading` what it shows (`StringsLint/reviewReading(value:developmentValue:language:regionalVariant:)`)
  /// against `developmentValue`.
  static func needsReviewState(key: String, language: String, value: String?, reading: StringsLint.ReviewReading,
                               developmentValue: String?) -> Self {
    let shown = value.map { " ('\(LocalizationOutput.excerpt($0))')" } ?? ""
    let unit = "'\(key)' in '\(language)'\(shown) is in state 'needs_review'"
    switch reading {
    case .untranslated:
      return Self(.needsReview, unit + " and is still the development language's text: users read it untranslated")
    case .sharedWord:
      return Self(.needsReviewAsWritten, unit + " and is still the development language's text, one word or identifier (a command, a "
        + "placeholder, a word the languages share), which reads as meant as often as not")
    case .numbersDiffer(let numbers):
      let listed = numbers.map { "'\($0)'" }.joined(separator: ", ")
      let source = developmentValue.map { " ('\(LocalizationOutput.excerpt($0))')" } ?? ""
      return Self(.needsReview, unit + " and holds \(listed), which the development text\(source) does not: it may still say what "
        + "the old source said")
    case .asWritten:
      return Self(.needsReviewAsWritten, unit + ": users see it as written, and nothing in it shows it stale (its numbers are the "
        + "source's; Xcode sets the state when the source text changes, a reviewer clears it)")
    }
  }

  /// `key`'s unit in `language` is in state `stale`.
  static func staleState(key: String, language: String) -> Self {
    Self(.stale, "'\(key)' in '\(language)' is in state 'stale'")
  }

  /// A catalog's `key` marked `"extractionState": "stale"`, with `translations` translations.
  static func staleKey(_ key: String, translations: Int) -> Self {
    let carrying = translations == 0 ? "" : ", with its \(translations) translation\(translations == 1 ? "" : "s")"
    return Self(.stale, "'\(key)' is stale: Xcode no longer finds it in code and offers to remove it\(carrying); a key used only by "
      + "pushes (a payload's loc-key) or by code Xcode does not read is still needed: set its 'extractionState' to 'manual'")
  }

  /// One localization's keys in state `needs_review` (`TableRule/needsReview`) or stale
  /// (`TableRule/stale`) of one catalog, as one finding of that rule.
  static func keysInState(_ group: StateGroup) -> Self {
    let needsReview = group.rule != RuleID(TableRule.stale)
    let listed = group.keys.prefix(MissingTranslations.listedKeyLimit).map { "'\(LocalizationOutput.excerpt($0, limit: 60))'" }
      .joined(separator: ", ")
    let more = group.keys.count > MissingTranslations.listedKeyLimit
      ? " and \(StringsLint.grouped(group.keys.count - MissingTranslations.listedKeyLimit)) more" : ""
    let noun = group.developmentKeyCount == 1 ? "key" : "keys"
    let what = needsReview
      ? group.untranslated
        ? "need review and are still the development language's text (state 'needs_review': users read them untranslated)"
        : group.numbersDiffer
          ? "need review and hold numbers the development text does not (state 'needs_review': they may still say what the old source said)"
          : "need review (state 'needs_review'): users see them as written, and nothing in them shows them stale"
      : "are stale (Xcode no longer finds them in code and offers to remove them)"
    return Self(group.readsAsWritten ? .needsReviewAsWritten : needsReview ? .needsReview : .stale, "\(group.localization): \(StringsLint.grouped(group.keys.count)) of "
      + "\(StringsLint.grouped(group.developmentKeyCount)) \(noun) of '\(group.table)' \(what): \(listed)\(more)")
  }
}

// MARK: strings-xml-escape

extension TableMessage {
  /// `key`'s `value` (or that of its `variation`, `n.other`) holds a literal `escape` (`\n`).
  static func xmlEscape(_ escape: String, key: String, value: String, variation: String? = nil) -> Self {
    Self(.xmlEscape, "'\(key)'\(variation.map { " ('\($0)')" } ?? "") holds a literal '\(escape)' ('\(LocalizationOutput.excerpt(value))'): "
      + "a property list has no backslash escapes, so the device shows the backslash; write the character itself")
  }
}

// MARK: strings-not-shipped

extension TableMessage {
  /// A table no target of the project below the folder builds, for `reason` (which project, and why).
  static func notShipped(reason: String) -> Self {
    Self(.notShipped, "not in any target's resources: no device reads it (\(reason)); its keys are compared with nothing")
  }

  /// A String Catalog's `languages` that no device reads: its bundle (`host`) takes the app's language.
  static func unreadLanguages(_ languages: [String], host: BundleHost) -> Self {
    let listed = languages.map { "'\($0)'" }.joined(separator: ", ")
    return Self(.notShipped, "no device reads \(languages.count == 1 ? "its language" : "its languages") \(listed): the catalog is in \(host.name), "
      + "which takes the language the app runs in (CFBundle; no Info.plist, configuration or project file here sets CFBundleAllowMixedLocalizations), "
      + "and no language the app that uses it is localized in (\(host.listed)) selects \(languages.count == 1 ? "it" : "them"); \(languages.count == 1 ? "it is" : "they are") compared with nothing")
  }

  /// A localization of a framework that ships which the app's language never selects, for `reason`.
  static func unreadLocalization(reason: String) -> Self {
    Self(.notShipped, "no device reads this localization: \(reason); its keys are compared with nothing")
  }
}

// MARK: strings-markup

extension TableMessage {
  /// `key`'s `value` (as the device reads it) holds `markup`, an HTML entity or a Swift
  /// interpolation, that nothing expands; `catalogLanguage` for a catalog's.
  static func markup(_ markup: StringsLint.ShownMarkup, key: String, value: String, catalogLanguage: String?) -> Self {
    let what = switch markup {
    case .entity(let text, let meant):
      "the HTML entity '\(text)': a table value is not HTML, so the device shows it as written; write "
        + (meant.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? "the character itself (U+00A0, a no-break space)" : "'\(meant)'")
    case .interpolation(let text): "the Swift interpolation '\(text)': a table value is not Swift source, so the device shows it as written; "
      + "use a format specifier (%@) and pass the value"
    }
    return Self(.markup, "\(label(key, catalogLanguage: catalogLanguage)) holds \(what) ('\(LocalizationOutput.excerpt(value))')")
  }
}

extension StringsLint {
  /// Markup a plain value shows as written (`strings-markup`).
  enum ShownMarkup: Equatable {
    /// An HTML entity (`&amp;`) and the character it stands for (`&`).
    case entity(String, meant: String)
    /// A Swift interpolation (`\\(name)`).
    case interpolation(String)

    /// The markup as written in the value.
    var text: String {
      switch self {
      case .entity(let text, _), .interpolation(let text): text
      }
    }
  }

  /// The named entities a translation tool or an HTML source leaves in text, and their characters.
  static let entities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "hellip": "…", "mdash": "—", "ndash": "–",
    "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "trade": "™",
    "euro": "€", "middot": "·", "bull": "•", "deg": "°",
  ]

  /// The first markup `value` shows as written: an HTML entity (`&amp;`, `&#39;`, `&#x2019;`) in
  /// a value with no HTML tag (`<b>`, `</a>`: then the value is HTML for a renderer that expands
  /// its entities) and no Markdown (`[here](%@)`, `**bold**`: then it is Markdown, whose
  /// renderers decode entities as CommonMark says), or a Swift interpolation `\\(` name `)`; nil
  /// when there is none.
  static func shownMarkup(in value: String) -> ShownMarkup? {
    let hasAmpersand = value.containsUTF8(UInt8(ascii: "&")), hasBackslash = value.containsUTF8(UInt8(ascii: "\\"))
    guard hasAmpersand || hasBackslash else { return nil }
    let scalars = Array(value.unicodeScalars)
    if hasAmpersand && !hasHTMLTag(scalars) && !hasMarkdown(scalars) {
      for i in scalars.indices where scalars[i] == "&" {
        guard let end = scalars[(i + 1)...].prefix(12).firstIndex(of: ";"), end > i + 1 else { continue }
        let name = String(String.UnicodeScalarView(scalars[(i + 1)..<end]))
        let text = "&" + name + ";"
        if let meant = entities[name] { return .entity(text, meant: meant) }
        if name.hasPrefix("#"), let code = name.dropFirst().hasPrefix("x") || name.dropFirst().hasPrefix("X")
             ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst(), radix: 10),
           let scalar = Unicode.Scalar(code), name.count > 1 {
          return .entity(text, meant: String(Character(scalar)))
        }
      }
    }
    if hasBackslash {
      for i in scalars.indices.dropLast() where scalars[i] == "\\" && scalars[i + 1] == "(" {
        var k = i + 2
        while k < scalars.count, k - i < 64, scalars[k].properties.isAlphabetic || ("0"..."9").contains(scalars[k]) || scalars[k] == "_" || scalars[k] == "." {
          k += 1
        }
        if k < scalars.count, k > i + 2, scalars[k] == ")", !("0"..."9").contains(scalars[i + 2]) {
          return .interpolation(String(String.UnicodeScalarView(scalars[i...k])))
        }
      }
    }
    return nil
  }

  /// Whether a table is written in Markdown: more than half of its values carry Markdown
  /// (``hasMarkdown(_:)``). Such a table is read through a Markdown renderer as a whole (a
  /// catalog that generates a README, an app's help pages), so an entity in one of its plainer
  /// values is decoded too (mac-mouse-fix's `Readme.xcstrings`: `Website&nbsp;↗`).
  static func isMarkdownTable(_ table: StringsTable) -> Bool {
    var values = 0, markdown = 0
    for value in table.values.values where !value.isEmpty {
      values += 1
      if value.containsUTF8(UInt8(ascii: "[")) || value.containsUTF8(UInt8(ascii: "*")) || value.containsUTF8(UInt8(ascii: "_"))
        || value.containsUTF8(UInt8(ascii: "`")) || value.containsUTF8(UInt8(ascii: "~")),
        hasMarkdown(Array(value.unicodeScalars)) {
        markdown += 1
      }
    }
    return values >= 4 && markdown * 2 > values
  }

  /// Whether `scalars` hold an HTML tag: `<` then a letter or `/`, and a `>` later.
  private static func hasHTMLTag(_ scalars: [Unicode.Scalar]) -> Bool {
    for i in scalars.indices.dropLast() where scalars[i] == "<" {
      let next = scalars[i + 1]
      if next == "/" || (next.isASCII && next.properties.isAlphabetic), scalars[(i + 1)...].contains(">") { return true }
    }
    return false
  }

  /// Whether `scalars` hold inline Markdown: a link `[text](target)`, a pair of `**`, `__`, `~~`
  /// or backquotes, or an emphasis `*word*` / `_word_` (the mark against the word, on both
  /// sides; an underscore only where a word does not go on past it: `snake_case` is none). Such a
  /// value is written for a Markdown renderer (SwiftUI's `Text` with a localized key,
  /// `AttributedString(markdown:)`, cmark), which reads `&nbsp;` or `&amp;` as the character, as
  /// CommonMark's entity references are (https://spec.commonmark.org/0.31.2/, "Entity and
  /// numeric character references").
  static func hasMarkdown(_ scalars: [Unicode.Scalar]) -> Bool {
    var pairs: [String: Int] = [:]
    var openBracket = false
    // Where a single `*` or `_` opens an emphasis (against the word after it), if one does.
    var opened: [Unicode.Scalar: Int] = [:]
    func isSpace(_ k: Int) -> Bool { k < 0 || k >= scalars.count || scalars[k].properties.isWhitespace }
    func isWordScalar(_ k: Int) -> Bool { k >= 0 && k < scalars.count && scalars[k].properties.isAlphabetic }
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      if c == "[" { openBracket = true }
      if c == "]", openBracket, i + 1 < scalars.count, scalars[i + 1] == "(", scalars[(i + 2)...].contains(")") { return true }
      if c == "`" { pairs["`", default: 0] += 1 }
      if (c == "*" || c == "_" || c == "~"), i + 1 < scalars.count, scalars[i + 1] == c {
        pairs[String(c), default: 0] += 1
        i += 2
        continue
      }
      if c == "*" || c == "_" {
        let underscore = c == "_"
        if let start = opened[c], !isSpace(i - 1), i > start + 1, !(underscore && isWordScalar(i + 1)) { return true }
        if !isSpace(i + 1), !(underscore && isWordScalar(i - 1)) { opened[c] = i }
      }
      i += 1
    }
    return pairs.values.contains { $0 >= 2 }
  }
}

// The structure of plural and substitution entries, and the `.lproj` folders a device loads
// (SPEC §14 and §3, "Strings tables"; docs/behaviour.md, "Variables and folder names").

extension RuleDefinition {
  /// `strings-variable-undefined`
  static var variableUndefined: Self {
    Self(.error, .strings,
         fix: .never("whether the format or the variable's name is misspelt, or the variable was lost, is the translator's to say"),
         consequence: "CoreFoundation expands a %#@name@ only from the entry's variable (a catalog's substitution) of that name and reads any other as an object argument (__CFParseFormatSpec, CFString.c), so the count passed for it is taken for an object: the app crashes, or shows '(null)' where the variable's text belongs",
         summary: "a .stringsdict format (or form) naming a variable %#@name@ its entry does not define, or a String Catalog value naming a substitution its localization lacks: the variable's text is lost",
         card: RuleCard(symptom: "The app crashes, or shows (null) where the variable's text belongs.",
                        remedy: "Define the variable (a dictionary of that name with its plural forms) in the entry, or correct the name in %#@name@.",
                        platforms: .allAPNs, sources: [.stringsdictFormat, .cfString])) {
      RuleExamples("--- fr.lproj/Localizable.stringsdict\n" + variableExample(format: "%#@fichiers@", variable: "files", marking: "format"),
                   pass: "--- fr.lproj/Localizable.stringsdict\n" + variableExample(format: "%#@files@", variable: "files"))
    }
  }

  /// `strings-variable-type`
  static var variableType: Self {
    Self(.error, .strings,
         fix: .never("which type the count has is the code's, which the tool cannot see"),
         consequence: "Foundation reads a variable's count with its value type (Apple's 'Stringsdict file format': a string format specifier for a number, as in %d), and Xcode writes a catalog substitution's formatSpecifier there; with no specifier to read it by, the count is not read as a number and the variable's text is lost ('(null)', as in tables compiled without one)",
         summary: "a .stringsdict variable's NSStringFormatValueTypeKey, or a String Catalog substitution's formatSpecifier, that is no format specifier (d, ld, lld, f, .1f, @): the count cannot be read",
         card: RuleCard(symptom: "The count is not read as a number: (null) shows where the variable's text belongs.",
                        remedy: "Set NSStringFormatValueTypeKey (or the substitution's formatSpecifier) to the count's specifier without the % (d, ld, lld, f).",
                        platforms: .allAPNs, sources: [.stringsdictFormat, .stringCatalogs])) {
      RuleExamples("--- en.lproj/Localizable.stringsdict\n" + variableExample(format: "%#@files@", variable: "files", type: "number", marking: "type"),
                   pass: "--- en.lproj/Localizable.stringsdict\n" + variableExample(format: "%#@files@", variable: "files"))
    }
  }

  /// `strings-lproj-name`
  static var lprojName: Self {
    Self(.warning, .strings,
         fix: .never("renaming a folder changes the project's file references; it is the author's to do"),
         consequence: "CFBundle picks a .lproj by matching its name against the user's preferred languages, which are language codes: a folder named with a country code (jp, cn, gr) or a gettext modifier (sr@latin) matches none, so users of the language it was meant for read another localization (the development language's) instead of its translations",
         summary: "a .lproj folder whose name no device language selects but that most likely means one (jp for Japanese, whose code is ja; cn, gr, cz, ua, dk, vn, kr; sr@latin for sr-Latn): its tables are never loaded, and are not compared",
         card: RuleCard(symptom: "Users of the language read the development language instead of the translations in that folder.",
                        remedy: "Rename the folder to the language's code: ja.lproj (not jp), zh-Hans.lproj, cs.lproj (not cz), sr-Latn.lproj (not sr@latin).",
                        platforms: .allAPNs, sources: [.languageIDs, .cfBundleLocale])) {
      RuleExamples("--- en.lproj\n\"A\" = \"Archive\";\n--- jp.lproj\n1️⃣\"A\" = \"アーカイブ\";",
                   pass: "--- en.lproj\n\"A\" = \"Archive\";\n--- ja.lproj\n\"A\" = \"アーカイブ\";")
    }
  }

  /// A `.stringsdict` whose entry `N_FILES` has the format `format` and one plural variable
  /// `variable` (value type `type`, forms one and other). `marking` puts the position marker
  /// (1️⃣) before the format's `<string>` (`"format"`) or the value type's (`"type"`).
  static func variableExample(format: String, variable: String, type: String = "d", marking: String? = nil) -> String {
    let marker = String(RuleExamples.marker)
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>N_FILES</key><dict>"
      + "<key>NSStringLocalizedFormatKey</key>\(marking == "format" ? marker : "")<string>\(format)</string>"
      + "<key>\(variable)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
      + "<key>NSStringFormatValueTypeKey</key>\(marking == "type" ? marker : "")<string>\(type)</string>"
      + "<key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict></dict></dict></plist>"
  }
}

// MARK: strings-variable-undefined, strings-variable-type

extension TableMessage {
  /// `key` names the `variables` (`%#@name@`) its entry does not define; `defined` are those it
  /// has; `catalogLanguage` for a catalog's (whose variables are substitutions).
  static func variableUndefined(_ variables: [String], defined: [String], key: String, catalogLanguage: String?) -> Self {
    let what = catalogLanguage == nil ? "variable" : "substitution"
    let named = variables.map { "'%#@\($0)@'" }.joined(separator: ", ")
    let has = defined.isEmpty ? "it defines none" : "it defines " + defined.map { "'\($0)'" }.joined(separator: ", ")
    let owner = catalogLanguage.map { "'\($0)'" } ?? "the entry"
    return Self(.variableUndefined, "\(label(key, catalogLanguage: catalogLanguage)) names \(named), which \(owner) does not define as a \(what) (\(has)): "
      + "CoreFoundation formats an undefined \(what) as an object, so the count is read as an object: the app crashes, or shows '(null)' where the text belongs")
  }

  /// `key`'s `variable` declares its count's type as `type`, which is no format specifier;
  /// `catalogLanguage` for a catalog's substitution (its `formatSpecifier`).
  static func variableType(_ variable: String, type: String, key: String, catalogLanguage: String?) -> Self {
    let field = catalogLanguage == nil ? "value type (NSStringFormatValueTypeKey)" : "formatSpecifier"
    return Self(.variableType, "\(label(key, catalogLanguage: catalogLanguage)): the \(catalogLanguage == nil ? "variable" : "substitution") '\(variable)' "
      + "has the \(field) '\(LocalizationOutput.excerpt(type))', which is no format specifier (d, ld, lld, f): Foundation cannot read the count by it, "
      + "so the variable's text is lost ('(null)')")
  }
}

// MARK: strings-lproj-name

extension TableMessage {
  /// The folder `folder.lproj` is selected by no device language; it most likely means `meant`.
  static func lprojName(_ meant: StringsLint.LprojMeaning) -> Self {
    Self(.lprojName, "'\(meant.folder).lproj' is selected by no device language: \(meant.reason); \(meant.language) is '\(meant.code)' "
      + "(name the folder '\(meant.code).lproj'): devices set to \(meant.language) never load it and show another localization, "
      + "so its tables are not compared")
  }
}
