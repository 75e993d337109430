// The tables of a project compared (`strings lint`, SPEC §3 "Strings tables"): each `TableRule`,
// its definition and the messages it reports, written once. How to add one: docs/adding-a-rule.md.

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
         consequence: "devices using that localization show the raw key (or the nib's text, Info.plist's value) instead of a translation; a catalog entry in state new shows the source text",
         summary: "a key of the development language missing from another localization") {
      RuleExamples("--- en.lproj\n\"A\" = \"a\";\n\"B\" = \"b\";\n--- fr.lproj\n1️⃣\"A\" = \"a\";",
                   pass: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";")
    }
  }

  /// `strings-extra-key`
  static var extraKey: Self {
    Self(.info, .strings,
         fix: .never("code the tool cannot see may still read the key; removing it is the author's decision"),
         consequence: "none as a rule: a key the development language lacks is almost always one the code no longer asks for, so no device shows it",
         summary: "a key of a localization that the development language lacks") {
      RuleExamples("--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";\n1️⃣\"Z\" = \"z\";",
                   pass: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";")
    }
  }

  /// `strings-format-mismatch`
  static var formatMismatch: Self {
    Self(.error, .strings,
         fix: .never("which argument a translation meant is not certain"),
         consequence: "String(format:) runs the translation with the development language's arguments: one read as an incompatible kind (%@ or %s for an integer) or past those passed crashes the app, %f for an integer prints a meaningless number, and a % that CoreFoundation consumes garbles the text; softened to a warning when an argument is only left out (or read by %n) or an app-filled placeholder lost: the sentence lacks a value, nothing breaks",
         summary: "a translation runs differently from the development language's format on the device: an argument read as an incompatible kind (%@ or %s for an integer: a crash; %f for an integer: a meaningless value), past those passed, or text a % swallows; an argument left out, or a placeholder the app fills itself lost, is a warning") {
      RuleExamples("--- en.lproj\n\"FROM\" = \"From %@\";\n--- fr.lproj\n1️⃣\"FROM\" = \"De la part de\";",
                   pass: "--- en.lproj\n\"FROM\" = \"From %@\";\n--- fr.lproj\n\"FROM\" = \"De %@\";")
    }
  }

  /// `strings-format-gap`
  static var formatGap: Self {
    Self(.error, .strings,
         fix: .never("which argument the skipped position should show is not certain"),
         consequence: "String(format:) and the device give the arguments to the positions the value reads, in order, so it shows the wrong argument in a skipped position's place",
         summary: "a value's positional specifiers skip a position (%2$@ without %1$@)") {
      RuleExamples("1️⃣\"GOT\" = \"%2$@ received\";",
                   pass: "\"GOT\" = \"%2$@ received from %1$@\";")
    }
  }

  /// `strings-accidental-specifier`
  static var accidentalSpecifier: Self {
    Self(.warning, .strings,
         fix: .never("a percent sign or a lost argument: the intent is not certain, and the translations' own '%' would be compared anew"),
         consequence: "a % meant as text is read as a specifier in a format call: the device prints an argument or a number in its place and swallows the characters after it ('100% guaranteed' reads '% g'), or prints nothing for %n; a position above 9999 or one without a conversion shows as written",
         summary: "a % that reads as a specifier nobody means, reported at the source: '%@ is 100% guaranteed' (% g) or a trailing % in a development-language value that goes through a format call (translations that agree are not blamed); %n, a position above 9999 or a position with no conversion (%1$ av) anywhere") {
      RuleExamples("--- en.lproj\n1️⃣\"SAFE\" = \"%@ is 100% guaranteed\";\n--- fr.lproj\n\"SAFE\" = \"%@ est garanti à 100 %\";",
                   pass: "--- en.lproj\n\"SAFE\" = \"%@ is 100%% guaranteed\";\n--- fr.lproj\n\"SAFE\" = \"%@ est garanti à 100 %%\";")
    }
  }

  /// `strings-control-character`
  static var controlCharacter: Self {
    Self(.info, .strings,
         fix: .never("the character often stands where another was lost in a copy; which one is not certain"),
         consequence: "none: the text system draws nothing for a C0 control character, so the text reads as meant (it is almost always a copy-paste accident)",
         summary: "a value holding a C0 control character other than tab and a line break (U+0000–U+001F, U+007F; CR, alone or in CRLF, is a line break): the text system draws it as nothing, so the text reads as meant, but it is almost always a copy-paste accident") {
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
         summary: "a translation that is the empty string where the development language has text") {
      RuleExamples("--- en.lproj\n\"ARCHIVE\" = \"Archive\";\n--- fr.lproj\n1️⃣\"ARCHIVE\" = \"\";",
                   pass: "--- en.lproj\n\"ARCHIVE\" = \"Archive\";\n--- fr.lproj\n\"ARCHIVE\" = \"Archiver\";",
                   fixed: "--- App/Localizable.xcstrings\n" + emptyTranslationCatalog(french: nil),
                   fixing: "--- App/Localizable.xcstrings\n" + emptyTranslationCatalog(french: ""))
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
         summary: "a plural (.stringsdict variable, catalog plural variation) lacks a category CLDR selects for an integer count in its language (ru 'few' for 3): the device shows the 'other' form") {
      RuleExamples("--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d файл", "other": "%d файлов"], marking: "n"),
                   pass: "--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"]))
    }
  }

  /// `strings-plural-unused`
  static var pluralUnused: Self {
    Self(.info, .strings,
         fix: .never("the form shows nowhere, and translation tools write it back; removing it is the author's choice"),
         consequence: "none: the language never selects the category, so no count shows the form",
         summary: "a plural form in a category its language never selects (ko 'one'); 'zero' is never reported (Apple uses it for 0 in every language)") {
      RuleExamples("--- ko.lproj/Localizable.stringsdict\n" + pluralExample(["one": "파일 %d개", "other": "파일 %d개"], marking: "n"),
                   pass: "--- ko.lproj/Localizable.stringsdict\n" + pluralExample(["other": "파일 %d개"]))
    }
  }

  /// `strings-plural-other`
  static var pluralOther: Self {
    Self(.error, .strings,
         fix: .never("the 'other' form is the translator's text; the tool cannot write it"),
         consequence: "a count whose form is missing has nothing to fall back to, so the device shows the format itself instead of text",
         summary: "a plural without an 'other' form, the one every count falls back to") {
      RuleExamples("--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file"], marking: "n"),
                   pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files"]))
    }
  }

  /// `strings-plural-one-digit`
  static var pluralOneDigit: Self {
    Self(.warning, .strings,
         fix: .never("which '1' is the count and which specifier reads it is the translator's choice"),
         consequence: "the other counts the language puts in 'one' (ru 21, 31; fr 0) show the digit 1 instead of their number",
         summary: "a 'one' form that writes the digit 1 instead of the count's specifier, in a language whose 'one' covers other numbers (ru 21, 31; fr 0)") {
      RuleExamples("--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "1 файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"], marking: "one"),
                   pass: "--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"]))
    }
  }

  /// `strings-plural-type`
  static var pluralType: Self {
    Self(.error, .strings,
         fix: .edits("gives a form's bare '%@', '%s' or '%f' the integer conversion its count is declared with, when the value type "
                       + "and the other forms (or the source language's forms) agree") { PluralTypeFix.fix($0) },
         consequence: "a form that reads the count as an incompatible kind crashes the app (%@ or %s for an integer) or prints a meaningless number (%f for an integer); softened to a warning for %n, which prints nothing, so the count vanishes from the sentence",
         summary: "a plural form reads its count as another kind than the variable's value type (or the source language's forms) gives it: %@ or %s for an integer crashes, %f for an integer prints a meaningless number; %n prints nothing (a warning)") {
      RuleExamples("--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%@ files"], marking: "N_FILES"),
                   pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%ld files"]),
                   fixed: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files"]))
    }
  }

  /// `strings-needs-review`
  static var needsReview: Self {
    Self(.warning, .strings,
         fix: .never("only a reviewer can say the translation is right"),
         consequence: "users see a translation nobody has reviewed since the source changed, which may still say what the old source said, or, where it is still a copy of the development language's text, read it untranslated",
         summary: "a String Catalog translation in state 'needs_review': shown to users, but nobody has reviewed it since the source changed") {
      RuleExamples("--- App/Localizable.xcstrings\n" + catalogExample(#""Archive": {"localizations": {"de": {"stringUnit": {"state": "needs_review", "value": 1️⃣"Archiv"}}}}"#),
                   pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""Archive": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Archivieren"}}}}"#))
    }
  }

  /// `strings-stale`
  static var stale: Self {
    Self(.info, .strings,
         fix: .never("only the author knows whether a key no code names is still needed (a push's loc-key)"),
         consequence: "none today: the text is still there; Xcode no longer finds the key in code and offers to remove it with its translations",
         summary: "a String Catalog key Xcode marks stale (no longer found in code; Xcode offers to remove it and its translations), or a translation in state 'stale'") {
      RuleExamples("--- App/Localizable.xcstrings\n" + catalogExample(#"1️⃣"Archive": {"extractionState": "stale", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Archivieren"}}}}"#),
                   pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""Archive": {"extractionState": "manual", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Archivieren"}}}}"#))
    }
  }

  /// `strings-xml-escape`
  static var xmlEscape: Self {
    Self(.warning, .strings,
         fix: .never("a backslash may be meant as text; which character the author wanted is not certain"),
         consequence: "the device shows the backslash and the letter where the author meant a line break, a tab or a quote",
         summary: "a literal \\n, \\t or \\\" inside an XML property list's <string> (XML plists have no backslash escapes: the user sees the backslash)") {
      RuleExamples("--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files\\nin total"], marking: "other"),
                   pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files\nin total"]))
    }
  }

  /// `strings-markup`
  static var markup: Self {
    Self(.warning, .strings,
         fix: .never("an HTML renderer the tool cannot see may expand it; whether to write the character is the author's decision"),
         consequence: "a table value is plain text: the device shows an HTML entity (&amp;, &gt;, &#39;) or a Swift interpolation (\\(name)) as written, where the author meant the character or the value",
         summary: "a value, as the device reads it, holding an HTML entity or a Swift interpolation that nothing expands (a value with HTML tags is left alone: it is meant for an HTML renderer)") {
      RuleExamples("--- en.lproj\n\"A\" = \"Help & Feedback\";\n--- de.lproj\n1️⃣\"A\" = \"Hilfe &amp; Feedback\";",
                   pass: "--- en.lproj\n\"A\" = \"Help & Feedback\";\n--- de.lproj\n\"A\" = \"Hilfe & Feedback\";")
    }
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

  /// What a device shows for a key its localization lacks, by what reads the table.
  private static func whatShows(_ kind: StringsTableKind, plural: Bool) -> String {
    switch kind {
    case .interfaceBuilder: "the device shows the nib's own text"
    case .infoPlist: "the device shows Info.plist's own value"
    case .standard, .predicateEditor: plural ? "the device shows the raw keys" : "the device shows the raw key"
    }
  }

  /// `'KEY'` naming a value of a `.strings` file or `.stringsdict`, `in 'de', 'KEY'` in a catalog
  /// (its `language`).
  private static func label(_ key: String, catalogLanguage language: String?) -> String {
    (language.map { "in '\($0)', " } ?? "") + "'\(key)'"
  }
}

// MARK: strings-missing-translation

extension TableMessage {
  /// A localization's folder lacks the development language's `file` (of `keys` keys, read as `kind`).
  static func missingFile(_ file: String, localization: String, keys: Int, kind: StringsTableKind) -> Self {
    Self(.missingTranslation, "'\(localization).lproj' has no '\(file)': its \(keys) "
      + "key\(keys == 1 ? "" : "s") show\(keys == 1 ? "s" : "") untranslated in '\(localization)' ("
      + "\(whatShows(kind, plural: keys != 1)))")
  }

  /// A localization's `file` holds no entry at all, where the development language's has `keys`.
  static func emptyTable(_ file: String, localization: String, keys: Int, kind: StringsTableKind) -> Self {
    Self(.missingTranslation, "'\(localization).lproj/\(file)' has no entries: all \(StringsLint.grouped(keys)) "
      + "key\(keys == 1 ? "" : "s") of the development language show\(keys == 1 ? "s" : "") untranslated in '\(localization)' ("
      + "\(whatShows(kind, plural: keys != 1)))")
  }

  /// `key` of the development table (`developmentFile` at `line`, or a catalog's
  /// `developmentLanguage`) has no translation in `language`.
  static func untranslated(key: String, language: String, developmentLanguage: String, developmentFile: String?, line: Int?,
                           kind: StringsTableKind) -> Self {
    var origin = "'\(developmentLanguage)'"
    if let developmentFile { origin = "'\(developmentFile)" + (line.map { ":\($0)" } ?? "") + "'" }
    return Self(.missingTranslation, "'\(key)' of \(origin) has no translation in '\(language)': \(whatShows(kind, plural: false))")
  }

  /// `key`'s unit in `language` is in state `new`; `value` is what it holds, if anything.
  static func newState(key: String, language: String, value: String?) -> Self {
    let shown = value.map { "the device shows '\(LocalizationOutput.excerpt($0))', which nobody has translated" }
      ?? "the device shows the source language's text"
    return Self(.missingTranslation, "'\(key)' in '\(language)' is in state 'new' (not translated yet): \(shown)")
  }

  /// One localization's missing keys of one table, as one finding.
  static func missingTranslations(_ group: MissingTranslations) -> Self {
    let listed = group.keys.prefix(MissingTranslations.listedKeyLimit).map { "'\(LocalizationOutput.excerpt($0, limit: 60))'" }
      .joined(separator: ", ")
    let more = group.keys.count > MissingTranslations.listedKeyLimit
      ? " and \(StringsLint.grouped(group.keys.count - MissingTranslations.listedKeyLimit)) more" : ""
    let noun = group.developmentKeyCount == 1 ? "key" : "keys"
    return Self(.missingTranslation, "\(group.localization): \(StringsLint.grouped(group.keys.count)) of "
      + "\(StringsLint.grouped(group.developmentKeyCount)) \(noun) of '\(group.table)' missing: "
      + "\(listed)\(more) (\(whatShows(group.kind, plural: group.keys.count != 1)))")
  }
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

  /// `key`'s `value` in `language` reads other arguments than `developmentValue`: `differences`,
  /// as `FormatSignature` names them.
  static func formatMismatch(key: String, language: String, value: String, developmentLanguage: String, developmentValue: String,
                             differences: [String]) -> Self {
    Self(.formatMismatch, "'\(key)' in '\(language)' ('\(value)') does not take the arguments of '\(developmentLanguage)' "
      + "('\(developmentValue)'): \(differences.joined(separator: ", "))")
  }
}

extension TableMessage {
  /// `key`'s `value` in `language` lacks the `placeholders` of `developmentValue`, a text whose
  /// placeholders the app replaces itself (`%0 of %1 used`, `{0}`): a warning, never a format error.
  static func placeholderDropped(key: String, language: String, value: String, developmentLanguage: String, developmentValue: String,
                                 placeholders: [String]) -> Self {
    let listed = placeholders.map { "'\($0)'" }.joined(separator: ", ")
    return Self(.formatMismatch, "'\(key)' in '\(language)' ('\(value)') leaves out \(listed) of '\(developmentLanguage)' ('\(developmentValue)'): "
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
    return Self(.pluralType, "\(pluralLabel(key, plural, catalogLanguage)): the '\(category.rawValue)' form ('\(LocalizationOutput.excerpt(form))') "
      + "reads the count with '\(specifier)', but \(declaredBy) makes it \(declared.described): \(consequence)")
  }

  /// `'KEY'` (or `in 'de', 'KEY'`), then the plural's name when it has one: `'KEY' (plural 'count')`.
  private static func pluralLabel(_ key: String, _ plural: String, _ catalogLanguage: String?) -> String {
    label(key, catalogLanguage: catalogLanguage) + (plural.isEmpty ? "" : " (plural '\(plural)')")
  }
}

// MARK: strings-needs-review, strings-stale

extension TableMessage {
  /// `key`'s unit in `language` is in state `needs_review`; `value` is what it holds, if anything.
  /// `untranslated`: the value is the development language's text, so users read it untranslated.
  static func needsReviewState(key: String, language: String, value: String?, untranslated: Bool) -> Self {
    let shown = value.map { " ('\(LocalizationOutput.excerpt($0))')" } ?? ""
    if untranslated {
      return Self(.needsReview, "'\(key)' in '\(language)'\(shown) is in state 'needs_review' and is still the development language's "
        + "text: users read it untranslated")
    }
    return Self(.needsReview, "'\(key)' in '\(language)'\(shown) is in state 'needs_review': users see a translation nobody has reviewed "
      + "(Xcode sets it when the source text changed)")
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
    let needsReview = group.rule == RuleID(TableRule.needsReview)
    let listed = group.keys.prefix(MissingTranslations.listedKeyLimit).map { "'\(LocalizationOutput.excerpt($0, limit: 60))'" }
      .joined(separator: ", ")
    let more = group.keys.count > MissingTranslations.listedKeyLimit
      ? " and \(StringsLint.grouped(group.keys.count - MissingTranslations.listedKeyLimit)) more" : ""
    let noun = group.developmentKeyCount == 1 ? "key" : "keys"
    let what = needsReview
      ? group.untranslated
        ? "need review and are still the development language's text (state 'needs_review': users read them untranslated)"
        : "need review (state 'needs_review': users see them unreviewed)"
      : "are stale (Xcode no longer finds them in code and offers to remove them)"
    return Self(needsReview ? .needsReview : .stale, "\(group.localization): \(StringsLint.grouped(group.keys.count)) of "
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
  }

  /// The named entities a translation tool or an HTML source leaves in text, and their characters.
  static let entities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "hellip": "…", "mdash": "—", "ndash": "–",
    "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "trade": "™",
    "euro": "€", "middot": "·", "bull": "•", "deg": "°",
  ]

  /// The first markup `value` shows as written: an HTML entity (`&amp;`, `&#39;`, `&#x2019;`) in
  /// a value with no HTML tag (`<b>`, `</a>`: then the value is HTML for a renderer that expands
  /// its entities), or a Swift interpolation `\\(` name `)`; nil when there is none.
  static func shownMarkup(in value: String) -> ShownMarkup? {
    let hasAmpersand = value.containsUTF8(UInt8(ascii: "&")), hasBackslash = value.containsUTF8(UInt8(ascii: "\\"))
    guard hasAmpersand || hasBackslash else { return nil }
    let scalars = Array(value.unicodeScalars)
    if hasAmpersand && !hasHTMLTag(scalars) {
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

  /// Whether `scalars` hold an HTML tag: `<` then a letter or `/`, and a `>` later.
  private static func hasHTMLTag(_ scalars: [Unicode.Scalar]) -> Bool {
    for i in scalars.indices.dropLast() where scalars[i] == "<" {
      let next = scalars[i + 1]
      if next == "/" || (next.isASCII && next.properties.isAlphabetic), scalars[(i + 1)...].contains(">") { return true }
    }
    return false
  }
}
