// Strings tables read one at a time (SPEC §3, "Strings tables"): the definition of each
// `StringsRule` and the messages it reports, written once. How to add one: docs/adding-a-rule.md.

import Foundation
import LintVocabulary

extension RuleDefinition {
  /// `strings-syntax`
  /// The file does not parse.
  static var syntax: Self {
    Self(.error, .strings,
         fix: .edits("in a text table, inserts a ';' missing after a value when the next entry (or the end of the file) follows, "
                       + "and escapes quotes inside a value whose line is one entry ending in '\";'") { TextTableFixes.syntax($0) },
         consequence: "CoreFoundation refuses the whole file, so none of its entries reaches the device, which shows the raw keys instead: the text is lost",
         summary: "the file does not parse (missing ;, unterminated string, stray character)",
         card: RuleCard(symptom: "Every text of the file is lost: the device shows the raw keys.",
                        remedy: "Fix the line the finding points at (a missing ;, an unclosed quote); plutil -lint checks the file.",
                        platforms: .allAPNs, sources: [.cfOldStylePList])) {
      RuleExamples("\"A\" = \"a\"\n1️⃣\"B\" = \"b\";",
                   pass: "\"A\" = \"a\";\n\"B\" = \"b\";",
                   fixed: "\"A\" = \"a\";\n\"B\" = \"b\";")
    }
  }

  /// `strings-truncated`
  /// CoreFoundation stops reading early without an error.
  static var truncated: Self {
    Self(.error, .strings,
         fix: .never("whether the text after the stop is entries, a comment or leftovers is not certain"),
         consequence: "CoreFoundation stops reading there without an error, so every entry after that point is lost on the device, which shows their raw keys",
         summary: "CoreFoundation stops reading early without an error: every entry after that point is lost on the device",
         card: RuleCard(symptom: "Every entry after the point where reading stops is lost: the device shows their raw keys.",
                        remedy: "Fix the text where reading stops (the finding says what CoreFoundation met there), then check that the last entry reads.",
                        platforms: .allAPNs, sources: [.cfOldStylePList])) {
      RuleExamples("\"A\" = \"a\";1️⃣;\n\"B\" = \"b\";",
                   pass: "\"A\" = \"a\";\n\"B\" = \"b\";")
    }
  }

  /// `strings-duplicate-key`
  /// A key defined twice in a translation, whose last definition (the one the device shows) is
  /// written in a script the language does not write while the one it overrides is not.
  static var duplicateKey: Self {
    Self(.warning, .strings,
         fix: .never("which of the two texts the translator meant is theirs to say; the tool cannot tell which to keep"),
         consequence: "the last definition wins, so the device shows it: text in a script the localization's language does not write (English left in a Japanese table), where the definition it overrides is written in the language's own script",
         summary: "a key defined twice in a translation whose last definition, the one the device shows, is in a script the language does not write while the overridden one is in the language's own",
         card: RuleCard(symptom: "The device shows the later definition, written in a script its language does not use, not the translation above it.",
                        remedy: "Keep the definition written in the language (delete the later one, or move the translation into it).",
                        platforms: .allAPNs, sources: [.cfOldStylePList])) {
      RuleExamples("--- en.lproj\n\"DEGREES\" = \"Degrees\";\n--- zh-Hans.lproj\n\"DEGREES\" = \"度\";\n1️⃣\"DEGREES\" = \"Degrees\";",
                   pass: "--- en.lproj\n\"DEGREES\" = \"Degrees\";\n--- zh-Hans.lproj\n\"DEGREES\" = \"Degrees\";\n\"DEGREES\" = \"度\";")
    }
  }

  /// `strings-duplicate-other-value`
  /// A key defined again with another text, where nothing shows that the last one is not meant.
  static var duplicateOtherValue: Self {
    Self(.info, .strings, group: RuleID(StringsRule.duplicateKey),
         fix: .never("which of the two texts to keep is the author's choice: deleting either changes what someone wrote"),
         consequence: "none on the device: the last definition wins, as it has on every device the table ran on (the text its author saw when trying the app), and the earlier text never shows; only a text the language does not write shown over a translation is strings-duplicate-key's warning",
         summary: "a key defined again with another text: the last definition wins and the earlier text never shows",
         card: RuleCard(symptom: "Nothing changes on the device: the earlier definition's text has never shown.",
                        remedy: "Delete the definition you do not mean, so that the table says one thing.",
                        platforms: .allAPNs, sources: [.cfOldStylePList])) {
      RuleExamples("\"A\" = \"a\";\n1️⃣\"A\" = \"b\";",
                   pass: "\"A\" = \"a\";\n\"B\" = \"b\";")
    }
  }

  /// `strings-duplicate-same-value`
  /// A key defined again with the same value (nothing changes on the device).
  static var duplicateSameValue: Self {
    Self(.info, .strings,
         fix: .edits("removes the earlier definition with its line (and its comment when the later one has the same), when every "
                       + "earlier definition says the same") { TextTableFixes.removeEarlierDefinition($0) },
         consequence: "none: the last definition wins with the same text, so nothing changes on the device",
         summary: "a key defined again with the same value: the last definition wins and the device shows the same text",
         card: RuleCard(symptom: "Nothing changes: both definitions say the same.",
                        remedy: "Delete the repeated line.",
                        platforms: .allAPNs, sources: [.cfOldStylePList])) {
      RuleExamples("\"A\" = \"a\";\n1️⃣\"A\" = \"a\";",
                   pass: "\"A\" = \"a\";\n\"B\" = \"a\";",
                   fixed: "\"A\" = \"a\";")
    }
  }

  /// `strings-encoding`
  /// Bytes in no encoding CoreFoundation accepts.
  static var encoding: Self {
    Self(.error, .strings,
         fix: .never("the text meant cannot be told for certain from bytes CoreFoundation cannot read as written; re-save the file as UTF-8"),
         consequence: "CoreFoundation refuses the file or reads it garbled (invalid UTF-8, UTF-16 without a byte order mark read as little-endian), so its text is lost or garbled on the device (where the two bytes CoreFoundation skips are only a space or a line break and the table reads the same: strings-encoding-space-skipped)",
         summary: "bytes that decode in no encoding CoreFoundation accepts (UTF-16 without a BOM, invalid UTF-8)",
         card: RuleCard(symptom: "The file's text is lost or garbled on the device.",
                        remedy: "Save the file as UTF-8, or as UTF-16 with a byte order mark.",
                        platforms: .allAPNs, sources: [.cfStringEncodings, .cfOldStylePList])) {
      RuleExamples(#""A" = "caf1️⃣\xE9";"#,
                   pass: "\"A\" = \"café\";")
    }
  }

  /// `strings-encoding-space-skipped`
  /// UTF-16 without a byte order mark whose first two bytes are a space or a line break.
  static var encodingSpaceSkipped: Self {
    Self(.warning, .strings, group: RuleID(StringsRule.encoding),
         fix: .never("re-encoding the file rewrites every byte; re-save it as UTF-8 or with a byte order mark"),
         consequence: "CoreFoundation skips the first two bytes of UTF-16 without a byte order mark and reads the rest as little-endian UTF-16; where those bytes are only a space or a line break the table reads the same, so nothing is lost, though the file depends on that",
         summary: "UTF-16 without a byte order mark whose first two bytes are a space or a line break: CoreFoundation skips them and the table reads the same",
         card: RuleCard(symptom: "Nothing today: the skipped bytes are a space or a line break; an edit that puts a key first loses its first character.",
                        remedy: "Save the file as UTF-8, or as UTF-16 with a byte order mark.",
                        platforms: .allAPNs, sources: [.cfStringEncodings, .cfOldStylePList])) {
      RuleExamples(#"1️⃣\x0A\x00"\x00A\x00"\x00 \x00=\x00 \x00"\x00a\x00"\x00;\x00"#,
                   pass: "\"A\" = \"a\";")
    }
  }

  /// `strings-extra-bom`
  /// A second byte order mark after the encoding's.
  static var extraBOM: Self {
    // What the device receives decides (SPEC §5): Xcode's Copy Strings File step
    // (swift-build, Sources/SWBTaskExecution/TaskActions/CopyStringsFileTaskAction.swift) decodes
    // the file, drops one more leading U+FEFF ("ignoring byte-order mark in input file"),
    // validates the text and writes it again (UTF-16 or a binary plist): the device gets a good
    // table. Only a table copied as it is (a folder reference, SwiftPM's .copy, `swift build`'s
    // resources) reaches CoreFoundation with the mark, which refuses the whole file.
    Self(.warning, .strings,
         fix: .never("removing a byte order mark rewrites the file's first bytes; re-save the file with one byte order mark"),
         consequence: "CoreFoundation refuses the file as it stands (U+FEFF is no character a table may start with), so a table copied verbatim (a folder reference, SwiftPM's .copy) loses every entry; Xcode's Copy Strings File drops the mark when it builds the table, so a table Xcode builds reaches the device whole: information when the project below the folder builds it, an error when the project copies it verbatim, a warning when no project says",
         summary: "a text table whose text starts with a second byte order mark (FF FE FF FE): Xcode drops it when it builds the table, CoreFoundation refuses the file copied as it is",
         card: RuleCard(symptom: "Nothing when Xcode builds the table; a table copied as it is loses every entry (the device shows the raw keys).",
                        remedy: "Save the file with one byte order mark (as UTF-8 without one, or UTF-16 with one).",
                        platforms: .allAPNs, sources: [.cfStringEncodings, .cfOldStylePList])) {
      RuleExamples("1️⃣\u{FEFF}\u{FEFF}\"A\" = \"a\";",
                   pass: "\u{FEFF}\"A\" = \"a\";")
    }
  }

  /// `strings-extra-bom-built`
  /// A second byte order mark in a table the project builds.
  static var extraBOMBuilt: Self {
    Self(.info, .strings, group: RuleID(StringsRule.extraBOM),
         fix: .never("removing a byte order mark rewrites the file's first bytes; re-save the file with one byte order mark"),
         consequence: "none: Xcode's Copy Strings File drops the second mark when it builds the table, and the project below the folder builds it, so the device reads the table whole",
         summary: "a text table starting with a second byte order mark that the project builds (Xcode drops the mark)",
         card: RuleCard(symptom: "Nothing: the built table reaches the device whole.",
                        remedy: "Save the file with one byte order mark, so that a verbatim copy would read too.",
                        platforms: .allAPNs, sources: [.cfStringEncodings, .localizingPackageResources])) {
      RuleExamples("--- ./Package.swift\n// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(\n  name: \"Kit\",\n  defaultLocalization: \"en\",\n  targets: [\n    .target(name: \"Kit\", resources: [.RULE(\"Res\")]),\n  ]\n)\n--- Sources/Kit/Res/en.lproj/Labels.strings\n\"A\" = \"a\";\n--- Sources/Kit/Res/fr.lproj/Labels.strings\n".replacingOccurrences(of: "RULE", with: "process") + "1️⃣\u{FEFF}\u{FEFF}\"A\" = \"b\";",
                   pass: "--- ./Package.swift\n// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(\n  name: \"Kit\",\n  defaultLocalization: \"en\",\n  targets: [\n    .target(name: \"Kit\", resources: [.RULE(\"Res\")]),\n  ]\n)\n--- Sources/Kit/Res/en.lproj/Labels.strings\n\"A\" = \"a\";\n--- Sources/Kit/Res/fr.lproj/Labels.strings\n".replacingOccurrences(of: "RULE", with: "process") + "\u{FEFF}\"A\" = \"b\";")
    }
  }

  /// `strings-extra-bom-copied`
  /// A second byte order mark in a table the project copies as it is.
  static var extraBOMCopied: Self {
    Self(.error, .strings, group: RuleID(StringsRule.extraBOM),
         fix: .never("removing a byte order mark rewrites the file's first bytes; re-save the file with one byte order mark"),
         consequence: "CoreFoundation refuses a table that starts with a second byte order mark, and the project copies the file as it is (a folder reference, SwiftPM's .copy), so the device reads none of its entries: the raw keys show",
         summary: "a text table starting with a second byte order mark that the project copies as it is: CoreFoundation refuses it",
         card: RuleCard(symptom: "Users see the raw keys: the copied table is refused whole.",
                        remedy: "Save the file with one byte order mark (as UTF-8 without one, or UTF-16 with one).",
                        platforms: .allAPNs, sources: [.cfStringEncodings, .cfOldStylePList, .localizingPackageResources])) {
      RuleExamples("--- ./Package.swift\n// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(\n  name: \"Kit\",\n  defaultLocalization: \"en\",\n  targets: [\n    .target(name: \"Kit\", resources: [.RULE(\"Res\")]),\n  ]\n)\n--- Sources/Kit/Res/en.lproj/Labels.strings\n\"A\" = \"a\";\n--- Sources/Kit/Res/fr.lproj/Labels.strings\n".replacingOccurrences(of: "RULE", with: "copy") + "1️⃣\u{FEFF}\u{FEFF}\"A\" = \"b\";",
                   pass: "--- ./Package.swift\n// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(\n  name: \"Kit\",\n  defaultLocalization: \"en\",\n  targets: [\n    .target(name: \"Kit\", resources: [.RULE(\"Res\")]),\n  ]\n)\n--- Sources/Kit/Res/en.lproj/Labels.strings\n\"A\" = \"a\";\n--- Sources/Kit/Res/fr.lproj/Labels.strings\n".replacingOccurrences(of: "RULE", with: "copy") + "\u{FEFF}\"A\" = \"b\";")
    }
  }

  /// `strings-zero-length`
  /// An empty file.
  static var zeroLength: Self {
    // Info: an empty table has no entry to lose. CoreFoundation reads no table from it, which on the
    // device is the same as a table with no entries; a key the development language has is then
    // reported as strings-missing-translation (a warning), which is the consequence a user sees.
    // (26 of 30 false errors on ../shared/wild were this rule as an error: docs/accuracy.md.)
    Self(.info, .strings,
         fix: .never("an empty table has nothing to edit; its entries are the translator's to write"),
         consequence: "none: CoreFoundation reads no table from an empty file, which on the device is the same as a table with no entries, so nothing the file held is lost (the keys it lacks are strings-missing-translation)",
         summary: "an empty file: CoreFoundation reads no table from it, the same as no entries (the keys it lacks are reported as missing translations)",
         card: RuleCard(symptom: "Nothing is lost: an empty table reads the same as one with no entries.",
                        remedy: "Delete the file, or add the localization's entries to it.",
                        platforms: .allAPNs, sources: [.cfOldStylePList])) {
      RuleExamples("1️⃣",
                   pass: "/* No entries yet */")
    }
  }

  /// `strings-escape`
  /// An escape CoreFoundation reads differently from what the author meant.
  static var escape: Self {
    Self(.warning, .strings,
         fix: .edits("writes '\\u' and four hex digits (not a surrogate) as '\\U' with them, the escape meant; an octal or long "
                       + "escape's intent is not certain") { TextTableFixes.uppercaseUnicodeEscape($0) },
         consequence: "the device shows other characters than the author meant: an escape written with a lowercase u shows the u and the digits, one with more than 4 hex digits another character followed by the rest, an octal escape a NeXTSTEP character",
         summary: "an escape CoreFoundation reads differently from what the author meant (\\u00e9, \\U1F600, octal)",
         card: RuleCard(symptom: "The device shows other characters than meant: an escape with a lowercase u shows the u and its digits, a longer one another character.",
                        remedy: "Write the character itself in UTF-8, or escape it as \\U followed by exactly four hexadecimal digits.",
                        platforms: .allAPNs, sources: [.cfOldStylePList])) {
      RuleExamples(#""A" = "caf1️⃣\u00e9";"#,
                   pass: #""A" = "caf\U00e9";"#,
                   fixed: #""A" = "caf\U00e9";"#)
    }
  }

  /// `strings-catalog-version`
  /// A String Catalog `version` this reader does not know (read as far as it goes).
  static var catalogVersion: Self {
    Self(.info, .strings,
         fix: .never("the version is Xcode's to write; lowering it could hide what a later Xcode added"),
         consequence: "none: the catalog is compiled as Xcode wrote it; the tool reads as far as it knows, so what a later version added may go unchecked",
         summary: "a String Catalog version this tool does not know (it knows 1.0 to 1.3): read as far as it goes",
         card: RuleCard(symptom: "Nothing changes on the device: Xcode compiles the catalog as written; only what a newer version added may go unchecked.",
                        remedy: "Update apns-lint to a version that knows the catalog's format.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("--- App/Localizable.xcstrings\n1️⃣" + catalogExample(#""Archive": {}"#, version: "2.0"),
                   pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""Archive": {"isCommentAutoGenerated": true, "comment": "A button"}"#, version: "1.1"))
    }
  }
}

extension RuleDefinition {
  /// A `.stringsdict` with one plural entry `N_FILES` whose variable `n` has `forms` (category →
  /// text): the table of the plural rules' examples (APNsLint's too).
  /// `marking` puts the position marker (1️⃣) where a finding about the variable stands (`"n"`:
  /// its `<key>`) or about one form's text (`"one"`: its `<string>`).
  /// `marking` puts the position marker before the entry's key (`N_FILES`), the variable's format
  /// (`n`) or a form (`one`).
  package static func pluralExample(_ forms: KeyValuePairs<String, String>, marking: String? = nil) -> String {
    let marker = String(RuleExamples.marker)
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(marking == "N_FILES" ? marker : "")<key>N_FILES</key><dict>"
      + "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(marking == "n" ? marker : "")<key>n</key><dict><key>NSStringFormatSpecTypeKey</key>"
      + "<string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string>"
      + forms.map { "<key>\($0.key)</key>\(marking == $0.key ? marker : "")<string>\($0.value)</string>" }.joined() + "</dict></dict></dict></plist>"
  }

  /// A String Catalog with source language `en` and the given members of `strings` (JSON text):
  /// the catalog of the String Catalog rules' examples (APNsLint's too).
  package static func catalogExample(_ strings: String, version: String = "1.0") -> String {
    "{\"sourceLanguage\": \"en\", \"version\": \"\(version)\", \"strings\": {\(strings)}}"
  }
}

/// What a finding about one table says, made only by its rule's named constructors below
/// (swift-format's `Finding.Message` style): a reader calls `Finding(StringsMessage.emptyFile,
/// line: 1, column: 1)`, or `PendingFinding(.duplicateOtherValue(key: key, previousLine: line), offset: …)`
/// in the text reader, passing what it found; the constructor writes the text, only when a
/// finding is made.
package struct StringsMessage: RuleMessage {
  /// The rule the finding reports.
  package let rule: StringsRule
  /// The finding's message: lowercase start, no final period.
  package let text: String

  /// Only this file calls this, from a rule's named constructors.
  fileprivate init(_ rule: StringsRule, _ text: String) {
    self.rule = rule
    self.text = text
  }

  package var ruleID: RuleID { RuleID(rule) }
  package var definition: RuleDefinition { rule.definition }
}

// MARK: strings-syntax: property lists and .stringsdict files

extension StringsMessage {
  /// A `bplist00` file the binary reader refuses.
  static var damagedBinaryPlist: Self {
    Self(.syntax, "a binary property list that is not a table of strings, or is damaged; the device reads no entries from it")
  }

  /// A text starting with `<?xml` or `<plist` that Foundation refuses.
  static func invalidXML(_ error: any Error) -> Self {
    Self(.syntax, "not a valid XML property list: \(foundationReason(error).lowercasedFirst())")
  }

  /// A `.stringsdict` Foundation refuses.
  static func unparsableStringsdict(_ error: any Error) -> Self {
    Self(.syntax, "the .stringsdict does not parse: \(foundationReason(error).lowercasedFirst())")
  }

  /// What Foundation says is wrong with a property list (its debug description).
  private static func foundationReason(_ error: any Error) -> String {
    (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
  }

  /// A `.stringsdict` whose top level holds `kind` (`an array`).
  static func stringsdictNotDictionary(holding kind: String) -> Self {
    Self(.syntax, "the .stringsdict holds \(kind), not a dictionary")
  }

  /// A plural entry without its format.
  static func pluralEntryWithoutFormat(key: String) -> Self {
    Self(.syntax, "plural entry '\(key)' has no 'NSStringLocalizedFormatKey' string")
  }

  /// A plural entry that holds `kind` (`a string`).
  static func pluralEntryNotDictionary(key: String, holding kind: String) -> Self {
    Self(.syntax, "plural entry '\(key)' is \(kind), not a dictionary")
  }

  /// A property list table whose top level holds `kind`.
  static func plistNotDictionary(holding kind: String) -> Self {
    Self(.syntax, "the property list holds \(kind), not a dictionary of strings")
  }

  /// A property list table's value that holds `kind`.
  static func plistValueNotString(key: String, holding kind: String) -> Self {
    Self(.syntax, "the value of '\(key)' is \(kind), not a string; a notification cannot use it")
  }
}

// MARK: strings-syntax: String Catalogs

extension StringsMessage {
  /// The catalog is not JSON (`failure` says where and why).
  static func catalogNotJSON(_ failure: JSONTree.Failure) -> Self {
    Self(.syntax, "the catalog is not valid JSON: \(failure.message)")
  }

  /// The catalog is JSON, but not an object.
  static var catalogNotObject: Self { Self(.syntax, "the catalog is not a JSON object") }

  /// No `sourceLanguage`.
  static var catalogWithoutSourceLanguage: Self { Self(.syntax, "the catalog has no 'sourceLanguage' string") }

  /// No `strings`.
  static var catalogWithoutStrings: Self { Self(.syntax, "the catalog has no 'strings' object") }

  /// A member of `strings` that is not an object.
  static func catalogEntryNotObject(key: String) -> Self {
    Self(.syntax, "the entry '\(key)' is not a JSON object")
  }

  /// A `stringUnit` without its `value`.
  static func stringUnitWithoutValue(key: String, language: String) -> Self {
    Self(.syntax, "'\(key)' in '\(language)' has a string unit without a string 'value'")
  }
}

// MARK: strings-syntax: text tables (CoreFoundation's old-style parser and its top level)

extension StringsMessage {
  /// CF reads nothing of the file, and says nothing more precise.
  static var doesNotParse: Self { Self(.syntax, "the file does not parse") }

  /// A `\` at the end of the file.
  static var unterminatedEscape: Self { Self(.syntax, "unterminated escape at the end of the file") }

  /// A string never closed; `doubleQuoted` when it opened with `"`.
  static func unterminatedString(doubleQuoted: Bool) -> Self {
    Self(.syntax, "unterminated string: no closing \(doubleQuoted ? "'\"'" : "\"'\"") for the quote here")
  }

  /// An unquoted string of no character.
  static var unexpectedEnd: Self { Self(.syntax, "unexpected end of the file") }

  /// A string expected; `found` describes what stands there (nil: the end of the file).
  static func expectedString(found: String?) -> Self {
    Self(.syntax, "expected a string, found \(found ?? "the end of the file")")
  }

  /// A value expected; `found` describes what stands there (nil: the end of the file).
  static func expectedValue(found: String?) -> Self {
    Self(.syntax, "expected a value, found \(found ?? "the end of the file")")
  }

  /// Nesting deeper than CF's limit.
  static var tooDeep: Self {
    Self(.syntax, "too many nested arrays or dictionaries (more than \(oldStyleMaxDepth))")
  }

  /// Non-ASCII text in `<…>` data (only the UTF-16 reader reads it as CF does).
  static var nonASCIIData: Self { Self(.syntax, "non-ASCII text in data") }

  /// `<…>` data with an odd number of hex digits.
  static var oddHexDigits: Self { Self(.syntax, "malformed data: an odd number of hex digits") }

  /// Something else than hex digits in `<…>` data.
  static func unexpectedInData(found: String) -> Self {
    Self(.syntax, "malformed data: expected hex digits or '>', found \(found)")
  }

  /// `<…>` data never closed.
  static var unterminatedData: Self { Self(.syntax, "expected '>' to end the data") }

  /// In a nested dictionary: no `;` after a value.
  static func expectedSemicolonAfterValue(found: String) -> Self {
    Self(.syntax, "expected ';' after the value, found \(found)")
  }

  /// In a nested dictionary: the file ends after a key.
  static var keyAtEnd: Self { Self(.syntax, "expected ';' or '=' after the key, found the end of the file") }

  /// In a nested dictionary: neither `=` nor `;` after a key.
  static func expectedEqualsOrSemicolon(found: String) -> Self {
    Self(.syntax, "expected '=' or ';' after the key, found \(found)")
  }

  /// A nested dictionary never closed.
  static func unclosedDictionary(found: String) -> Self {
    Self(.syntax, "expected '}' to end the dictionary, found \(found)")
  }

  /// An array that ends after an element.
  static var unfinishedArray: Self { Self(.syntax, "expected ',' or ')' in the array, found the end of the file") }

  /// An array never closed.
  static func unclosedArray(found: String) -> Self {
    Self(.syntax, "expected ')' to end the array, found \(found)")
  }

  /// An entry of the table: neither `=` nor `;` after `key` (`found` nil: the end of the file).
  static func expectedEqualsOrSemicolon(afterKey key: String, found: String?) -> Self {
    Self(.syntax, "expected '=' or ';' after the key '\(VisibleText.excerpt(key, limit: 24))', found \(found ?? "the end of the file")")
  }

  /// An entry of the table: no `;` after the value of `key`; `opened`, for a value that runs
  /// over lines, where its opening and closing quotes are (its closing quote most likely missing
  /// on its first line, so that it swallowed what followed up to the next quote).
  static func expectedSemicolon(afterValueOf key: String, found: String, opened: (line: Int, column: Int, endLine: Int, endColumn: Int)? = nil) -> Self {
    let hint = opened.map { " (its value runs from \($0.line):\($0.column) to \($0.endLine):\($0.endColumn): if it was meant to end on line \($0.line), its closing quote is missing there)" } ?? ""
    return Self(.syntax, "expected ';' after the value of '\(key)', found \(found)\(hint)")
  }

  /// An entry of the table whose value holds `kind` (`an array`).
  static func valueNotString(key: String, holding kind: String) -> Self {
    Self(.syntax, "the value of '\(VisibleText.excerpt(key))' is \(kind), not a string; a notification cannot use it")
  }

  /// A table in `{…}` never closed.
  static func unclosedTable(found: String) -> Self {
    Self(.syntax, "expected '}' to end the table, found \(found)")
  }

  /// Something after a table's closing `}`.
  static func unexpectedAfterTable(found: String) -> Self {
    Self(.syntax, "unexpected \(found) after the closing '}'")
  }

  /// Something after a top-level value that is not a string.
  static func unexpectedAfterValue(found: String) -> Self {
    Self(.syntax, "unexpected \(found) after the top-level value")
  }

  /// A file whose only value holds `kind` (`an array`).
  static func notATable(holding kind: String) -> Self {
    Self(.syntax, "the file holds \(kind), not a table of 'key = value;' entries")
  }

  /// A file holding one string and nothing else.
  static var singleString: Self {
    Self(.syntax, "the file holds a single string, not a table of 'key = value;' entries")
  }
}

// MARK: strings-truncated

extension StringsMessage {
  /// An unterminated `/*`: CF reads no further.
  static var unterminatedComment: Self { truncated("an unterminated '/*' comment swallows the rest of the file") }

  /// A key whose string is never closed: CF reads no further.
  static var unclosedKey: Self { truncated("the key's string is never closed") }

  /// A key that starts with something CF does not read as one (`found`): CF reads no further.
  static func invalidKeyStart(found: String) -> Self {
    truncated("a key must start with a quote or one of [A-Za-z0-9_$/:.-], found \(found)")
  }

  private static func truncated(_ reason: String) -> Self {
    Self(.truncated, "CoreFoundation stops reading here without an error: \(reason); every entry after this point is lost on the device")
  }
}

// MARK: strings-duplicate-key

extension StringsMessage {
  /// `key` defined again with another text; the definition on `previousLine` never shows.
  static func duplicateOtherValue(key: String, previousLine: Int) -> Self {
    Self(.duplicateOtherValue, "key '\(key)' is defined again with another text; line \(previousLine)'s never shows, the last definition wins")
  }

  /// `key` defined again in a `language` table: the last definition, which the device shows, is
  /// written in `script`, which the language does not write, over line `previousLine`'s text in
  /// the language's own script (`StringsLint` judges it once the table's language is known).
  package static func duplicateKey(key: String, previousLine: Int, language: String, script: String) -> Self {
    Self(.duplicateKey, "key '\(key)' is defined again: the last definition, which the device shows, is written in \(script), "
      + "which '\(language)' does not write, over line \(previousLine)'s text in the language's own script")
  }

  /// `key` is defined again with the value it had at `previousLine`.
  static func duplicateSameValue(key: String, previousLine: Int) -> Self {
    Self(.duplicateSameValue, "key '\(key)' is defined again with the same value as on line \(previousLine): nothing changes on the device")
  }
}

// MARK: strings-encoding-space-skipped

extension StringsMessage {
  /// UTF-16 without a byte order mark whose two skipped bytes are `skipped` (a space or a line
  /// break): the table reads the same.
  static func utf16WithoutBOM(skipped: String) -> Self {
    Self(.encodingSpaceSkipped, "UTF-16 without a byte order mark: CoreFoundation skips the first two bytes (\(skipped) here, so the table "
      + "reads the same) and reads the rest as little-endian UTF-16; save the file as UTF-8 or with a BOM")
  }
}

// MARK: strings-encoding

extension StringsMessage {
  /// UTF-16 without a byte order mark: CF skips two bytes. `bigEndian` when the text looks
  /// big-endian (CF reads it little-endian).
  static func utf16WithoutBOM(bigEndian: Bool) -> Self {
    Self(.encoding, "UTF-16 without a byte order mark: CoreFoundation skips the first two bytes and reads the rest as little-endian "
      + "UTF-16\(bigEndian ? ", which garbles this big-endian text" : ""); save the file as UTF-8 or with a BOM")
  }

  /// The first byte that is not UTF-8, at its offset in the file.
  static func invalidUTF8(byte: UInt8, offset: Int) -> Self {
    let hex = String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    return Self(.encoding, "invalid UTF-8 (byte 0x\(hex) at offset \(offset)); CoreFoundation refuses the whole file")
  }

  /// UTF-16 (`encoding`: `utf-16le`, `utf-16be`) of an odd number of bytes.
  static func oddUTF16Length(encoding: String) -> Self {
    Self(.encoding, "the file has an odd number of bytes for \(encoding.uppercased()); its last byte is half a character")
  }

  /// UTF-32 (`encoding`) holding a value that is not a Unicode scalar, at its offset.
  static func invalidUTF32(encoding: String, value: UInt32, offset: Int) -> Self {
    Self(.encoding, "invalid \(encoding.uppercased()) (0x\(String(value, radix: 16, uppercase: true)) at offset \(offset) is not a Unicode scalar)")
  }

  /// UTF-32 (`encoding`) whose length is not a multiple of 4.
  static func utf32Length(encoding: String) -> Self {
    Self(.encoding, "the file's length is not a multiple of 4 bytes for \(encoding.uppercased())")
  }
}

// MARK: strings-extra-bom

extension StringsMessage {
  /// The text (`encoding`) starts with a second byte order mark; how the table ships is not known.
  static func extraBOM(encoding: String) -> Self {
    Self(.extraBOM, "the \(encoding.uppercased()) text starts with a second byte order mark: Xcode's Copy Strings File drops it when "
      + "it builds the table, but CoreFoundation refuses the file as it stands, so a copy made verbatim (a folder reference, "
      + "SwiftPM's .copy) loses every entry")
  }

  /// The same, for a table `project` builds with Xcode's Copy Strings File (or a package's
  /// processed resources, which Xcode builds the same way).
  package static func extraBOM(encoding: String, builtBy project: String) -> Self {
    Self(.extraBOMBuilt, "the \(encoding.uppercased()) text starts with a second byte order mark, which Xcode's Copy Strings File drops "
      + "when it builds the table ('\(project)' builds it): the device reads the table whole")
  }

  /// The same, for a table `project` copies verbatim (`how`: through a folder reference, a
  /// package's `.copy`).
  package static func extraBOM(encoding: String, copiedVerbatimBy project: String, how: String) -> Self {
    Self(.extraBOMCopied, "the \(encoding.uppercased()) text starts with a second byte order mark and '\(project)' copies the file as it is "
      + "(\(how)): CoreFoundation refuses it, so the device reads none of its entries")
  }

  /// A table that could not be read at all (`problem` says why): nothing of it reaches a device.
  package static func unreadable(_ problem: FileWalk.Problem) -> Self {
    Self(.encoding, problem.message)
  }
}

// MARK: strings-zero-length

extension StringsMessage {
  /// A file of no bytes.
  static var emptyFile: Self { Self(.zeroLength, "the file is empty; CoreFoundation refuses a zero-length table") }

  /// A file of a byte order mark only.
  static var emptyAfterBOM: Self {
    Self(.zeroLength, "the file holds nothing after its byte order mark; CoreFoundation refuses an empty table")
  }

  /// A String Catalog of no bytes.
  static var emptyCatalog: Self { Self(.zeroLength, "the catalog is empty") }
}

// MARK: strings-escape

extension StringsMessage {
  /// An octal escape `\` + `digits` above 0x7F (or wrapped): CF reads the NeXTSTEP `byte`, which
  /// yields the UTF-16 unit `unit`.
  static func octalEscape(digits: String, byte: UInt8, yields unit: UInt16) -> Self {
    let shown = unit == 0 ? "U+0000" : "'" + String(decoding: [unit], as: UTF16.self) + "'"
    return Self(.escape, "octal escape '\\\(digits)' is read as the NeXTSTEP byte 0x\(String(byte, radix: 16, uppercase: true)) and yields "
      + "\(shown), not the Unicode character with that number; write the character itself or '\\U' with 4 hex digits")
  }

  /// `\U` followed by more than 4 hex digits: `written` (up to 4 more) reads as `read` followed by `rest`.
  static func longUnicodeEscape(written: String, read: String, rest: String) -> Self {
    Self(.escape, "'\\U' reads only 4 hex digits: '\(written)' is '\(read)' followed by '\(rest)'; write characters above U+FFFF "
      + "as a UTF-16 pair ('\\UD83D\\UDE00') or as themselves")
  }

  /// `\u` + `hex` as written (`written`): not an escape, it yields `u` and the digits.
  static func lowercaseUnicodeEscape(written: String, hex: String) -> Self {
    Self(.escape, "'\\u' is not an escape in .strings files: '\(written)' yields 'u\(hex)'; write '\\U\(hex.uppercased())'")
  }
}

// MARK: strings-catalog-version

extension StringsMessage {
  /// A `version` that is not a string.
  static var catalogVersionNotString: Self {
    Self(.catalogVersion, "the catalog's 'version' is not a string: read as a catalog of versions \(knownVersions)")
  }

  /// A `version` not among ``StringCatalog/knownVersions``; `newer` when it is a number above them.
  static func unknownCatalogVersion(_ version: String, newer: Bool) -> Self {
    let excerpt = VisibleText.excerpt(version, limit: 40)
    return Self(.catalogVersion, newer
      ? "the catalog's version '\(excerpt)' is newer than those known (\(knownVersions)): read as far as it goes; what a later Xcode added may be missed"
      : "the catalog's version '\(excerpt)' is not one Xcode writes (\(knownVersions)): read as a catalog of those versions")
  }

  /// "1.0 to 1.3".
  private static var knownVersions: String {
    "\(StringCatalog.knownVersions.first ?? "1.0") to \(StringCatalog.knownVersions.last ?? "1.3")"
  }
}
