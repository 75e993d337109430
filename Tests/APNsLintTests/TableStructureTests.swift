import Foundation
import PayloadSchema
import StringsFile
import Testing
@testable import APNsLint

/// Path relative to the folder → `severity rule line:column key: message`, for the rules named
/// (every rule when none is).
private func structureLinted(_ folder: borrowing TableFolder, rules: Set<String> = []) throws -> [String: [String]] {
  let root = folder.root.path
  let files = try StringsLint.lint(root: root, developmentLanguage: "en")
  let base = root.hasSuffix("/") ? root : root + "/"
  return Dictionary(uniqueKeysWithValues: files.map { file in
    (String(file.path.dropFirst(base.count)),
     file.findings.filter { rules.isEmpty || rules.contains($0.rule.rawValue) }
       .map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-"): \($0.message)" })
  })
}

/// A `.stringsdict` of one entry `key` with the format `format` and the variables given, each a
/// plural of value type `type` (nil: none written) and the given forms.
private func entry(_ key: String = "N_FILES", format: String,
                   variables: KeyValuePairs<String, (type: String?, forms: KeyValuePairs<String, String>)>) -> String {
  var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>\(key)</key><dict>"
    + "<key>NSStringLocalizedFormatKey</key><string>\(format)</string>\n"
  for (name, variable) in variables {
    out += "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
    if let type = variable.type { out += "<key>NSStringFormatValueTypeKey</key><string>\(type)</string>" }
    for (form, text) in variable.forms { out += "<key>\(form)</key><string>\(text)</string>" }
    out += "</dict>\n"
  }
  return out + "</dict>\n</dict>\n</plist>\n"
}

private let englishFiles: KeyValuePairs<String, String> = ["one": "%d file", "other": "%d files"]

private let undefinedConsequence = "CoreFoundation formats an undefined variable as an object, so the count is read as an object: "
  + "the app crashes, or shows '(null)' where the text belongs"

/// Issue 52, item 3: the structure of plural and substitution entries (`strings-variable-undefined`,
/// `strings-variable-type`, `strings-plural-other`), and plural warnings that read what the forms
/// say. Every fixture is written here after a pattern seen in `../shared/wild` (cited).
@Suite("strings lint: plural and substitution structure, and plural warnings that read the forms")
struct TableStructureTests {
  /// The translated dictionary keys the variable `files` while its format names `%#@fichiers@`.
  @Test func aFormatNamingAVariableTheEntryLacksIsAnError() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", entry(format: "%#@files@", variables: ["files": ("d", englishFiles)]))
    try folder.write("fr.lproj/Localizable.stringsdict", entry(format: "%#@fichiers@", variables: ["files": ("d", ["one": "%d fichier", "other": "%d fichiers"])]))
    let result = try structureLinted(folder)
    #expect(result["en.lproj/Localizable.stringsdict"] == [])
    #expect(result["fr.lproj/Localizable.stringsdict"] == [
      "error strings-variable-undefined 4:62 N_FILES: 'N_FILES' names '%#@fichiers@', which the entry does not define as a variable (it defines 'files'): "
        + undefinedConsequence,
    ])
  }

  /// An entry whose translation kept the format and lost every variable (Transifex's export of an
  /// untranslated Greek entry, github:OnionBrowser/OnionBrowser Resources/el.lproj/Localizable.stringsdict).
  @Test func anEntryWithAFormatAndNoVariableIsAnError() throws {
    let folder = TableFolder()
    try folder.write("el.lproj/Localizable.stringsdict", entry("%d cookie(s)", format: "%#@cookies@", variables: [:]))
    let result = try structureLinted(folder)
    #expect(result["el.lproj/Localizable.stringsdict"] == [
      "error strings-variable-undefined 4:67 %d cookie(s): '%d cookie(s)' names '%#@cookies@', which the entry does not define as a variable (it defines none): "
        + undefinedConsequence,
    ])
  }

  /// A form may name another variable of the entry (Apple's "%#@files@ in %#@folders@"); one it
  /// lacks is reported, positional references (`%1$#@files@`) and `%%` are read as CoreFoundation reads them.
  @Test func formsAndPositionalReferencesAreReadAsCoreFoundationReadsThem() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/A.stringsdict", entry(format: "%1$#@files@ (100%%#@x@)", variables: [
      "files": ("d", ["one": "%d file in %#@folders@", "other": "%d files in %#@folders@"]),
    ]))
    try folder.write("en.lproj/B.stringsdict", entry(format: "%1$#@files@ in %2$#@folders@", variables: [
      "files": ("d", englishFiles), "folders": ("d", ["one": "%d folder", "other": "%d folders"]),
    ]))
    let result = try structureLinted(folder, rules: ["strings-variable-undefined"])
    #expect(result["en.lproj/A.stringsdict"] == [
      "error strings-variable-undefined 4:62 N_FILES: 'N_FILES' names '%#@folders@', which the entry does not define as a variable (it defines 'files'): "
        + undefinedConsequence,
    ])
    #expect(result["en.lproj/B.stringsdict"] == [])
    #expect(VariableStructure.names(in: "%1$#@files@ (100%%#@x@) %#@file-count@ %@ %#@@") == ["files"])
  }

  /// A String Catalog value naming a substitution its localization does not have; a unit still
  /// `new` shows the source language's text and is left alone.
  @Test func aCatalogValueNamingAMissingSubstitutionIsAnError() throws {
    let folder = TableFolder()
    func unit(_ value: String, state: String = "translated") -> String {
      "\"stringUnit\": {\"state\": \"\(state)\", \"value\": \"\(value)\"}"
    }
    let substitution = "\"substitutions\": {\"files\": {\"argNum\": 1, \"formatSpecifier\": \"lld\", \"variations\": \(pluralJSON(["one": "%arg file", "other": "%arg files"]))}}"
    try folder.write("Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {"%lld files": {"localizations": {
      "en": {\(unit("%#@files@")), \(substitution)},
      "fr": {\(unit("%#@fichiers@")), \(substitution)},
      "de": {\(unit("%#@dateien@", state: "new"))}
      }}}}
      """)
    let result = try structureLinted(folder, rules: ["strings-variable-undefined"])
    #expect(result["Localizable.xcstrings"] == [
      "error strings-variable-undefined 3:55 %lld files: in 'fr', '%lld files' names '%#@fichiers@', which 'fr' does not define as a substitution (it defines 'files'): "
        + "CoreFoundation formats an undefined substitution as an object, so the count is read as an object: the app crashes, or shows '(null)' where the text belongs",
    ])
  }

  /// A localization no device picks (`qqq`, translator notes) is not checked.
  @Test func anExcludedLocalizationIsNotChecked() throws {
    let folder = TableFolder()
    try folder.write("qqq.lproj/Localizable.stringsdict", entry(format: "%#@fichiers@", variables: [:]))
    #expect(try structureLinted(folder)["qqq.lproj/Localizable.stringsdict"] == [])
  }

  /// A value type that is no specifier (`number`) is an error at its `<string>`; those Xcode and
  /// translation tools write (`d`, `ld`, `lld`, `lu`, `f`, `.1f`, `@`, Apple's page's `%d`) are not.
  @Test func aValueTypeThatIsNoSpecifierIsAnError() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", entry(format: "%#@files@", variables: ["files": ("number", englishFiles)]))
    try folder.write("Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {"%lld files": {"localizations": {
      "en": {"stringUnit": {"state": "translated", "value": "%#@files@"},
             "substitutions": {"files": {"argNum": 1, "formatSpecifier": "lldd", "variations": \(pluralJSON(["one": "%arg file", "other": "%arg files"]))}}}
      }}}}
      """)
    let result = try structureLinted(folder, rules: ["strings-variable-type"])
    #expect(result["en.lproj/Localizable.stringsdict"] == [
      "error strings-variable-type 5:135 N_FILES: 'N_FILES': the variable 'files' has the value type (NSStringFormatValueTypeKey) 'number', which is no format "
        + "specifier (d, ld, lld, f): Foundation cannot read the count by it, so the variable's text is lost ('(null)')",
    ])
    #expect(result["Localizable.xcstrings"] == [
      "error strings-variable-type 2:55 %lld files: in 'en', '%lld files': the substitution 'files' has the formatSpecifier 'lldd', which is no format "
        + "specifier (d, ld, lld, f): Foundation cannot read the count by it, so the variable's text is lost ('(null)')",
    ])
    for type in ["d", "ld", "lld", "lu", "f", ".1f", ".2f", "@", "%d", "02d"] { #expect(VariableStructure.isSpecifier(type), "\(type)") }
    for type in ["", "number", "lldd", "%", "d ", "int", "%n%"] { #expect(!VariableStructure.isSpecifier(type), "\(type)") }
  }

  /// `strings-plural-other` (b) already covers every plural: a `.stringsdict` variable, a
  /// catalog's plural at the top, under a device and inside a substitution.
  @Test func aPluralWithoutOtherIsAnErrorWhereverItStands() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
      "A": {"localizations": {"en": {"variations": \(pluralJSON(["one": "%lld file"]))}}},
      "B": {"localizations": {"en": {"variations": {"device": {"ipad": {"variations": \(pluralJSON(["one": "%lld file"]))}, "other": {"stringUnit": {"state": "translated", "value": "Files"}}}}}}},
      "C": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@n@"}, "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": \(pluralJSON(["one": "%arg file"]))}}}}}
      }}
      """)
    let found = try structureLinted(folder, rules: ["strings-plural-other"])["Localizable.xcstrings"] ?? []
    #expect(found.map { $0.split(separator: " ").prefix(4).joined(separator: " ") } == [
      "error strings-plural-other 2:47 A:", "error strings-plural-other 3:82 B:", "error strings-plural-other 4:167 C:",
    ])
  }

  /// Device variations without `other` (issue 52's item 3 c) are not reported: Apple's "Creating
  /// width and device variants of strings" lists every device key as optional and its own example
  /// has none, what a device not listed shows is in no open source, and the one catalog in the
  /// wild sets with such variations (Dimillian/IceCubesApp: iphone, ipad, mac, applevision) lists
  /// every device the app runs on.
  @Test func deviceVariationsWithoutOtherAreNotReported() throws {
    let folder = TableFolder()
    try folder.write("Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {"Platform": {"localizations": {"en": {"variations": {"device": {
      "iphone": {"stringUnit": {"state": "translated", "value": "iPhone"}}, "mac": {"stringUnit": {"state": "translated", "value": "Mac"}}}}}}}}}
      """)
    #expect(try structureLinted(folder)["Localizable.xcstrings"] == [])
  }

  // MARK: plural warnings that read what the forms say

  /// `few` and `many` differ from `other` only by agreement with a number beside the words: an
  /// `other` that prints no count (Russian "Удалить файлы?", seen in
  /// github:element-hq/element-ios Riot/Assets/ru.lproj/Localizable.stringsdict's count-less
  /// forms) fits 3 and 5 too; a missing `one` is still reported, and so is `few` when the format
  /// prints the number beside the variable (`%d %#@files@`).
  @Test func anOtherFormWithoutACountIsNotMissingFewOrMany() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", stringsdict(["DELETE": englishFiles, "ONLY": englishFiles]))
    try folder.write("ru.lproj/Localizable.stringsdict", stringsdict([
      "DELETE": ["one": "Удалить файл?", "other": "Удалить файлы?"],
      "ONLY": ["few": "Удалить %d файла?", "other": "Удалить файлы?"],
    ]))
    try folder.write("ru.lproj/Counted.stringsdict", entry(format: "%d %#@n@", variables: ["n": ("d", ["one": "файл", "other": "файлов"])]))
    let result = try structureLinted(folder, rules: ["strings-plural-missing"])
    #expect(result["ru.lproj/Localizable.stringsdict"] == [
      "warning strings-plural-missing 5:81 ONLY: 'ONLY' (plural 'n'): ru needs one, few, many, other; 'one' is missing: a count of 1 shows the 'other' form ('Удалить файлы?')",
    ])
    #expect(result["ru.lproj/Counted.stringsdict"] == [
      "warning strings-plural-missing 5:1 N_FILES: 'N_FILES' (plural 'n'): ru needs one, few, many, other; 'few' is missing: a count of 2 shows the 'other' form ('файлов')",
    ])
  }

  /// Apple's `zero` form is read for 0 in every language: French `one` then covers 1 only, so a
  /// `one` form writing the digit 1 is right, and a missing `one` is shown by the count 1 (not 0);
  /// Russian `many` beside a `zero` form would be shown by 5, not 0 (and `many` is not missing
  /// beside an `other` written for whole numbers: only `few` is).
  @Test func aZeroFormTakesZeroFromTheOtherCategories() throws {
    let folder = TableFolder()
    try folder.write("fr.lproj/Localizable.stringsdict", stringsdict([
      "WITH_ZERO": ["zero": "Aucun fichier", "one": "1 fichier", "other": "%d fichiers"],
      "NO_ZERO": ["one": "1 fichier", "other": "%d fichiers"],
      "ZERO_NO_ONE": ["zero": "Aucun fichier", "other": "%d fichiers"],
    ]))
    try folder.write("ru.lproj/Localizable.stringsdict", stringsdict(["N": ["zero": "Нет файлов", "one": "%d файл", "other": "%d файлов"]]))
    let result = try structureLinted(folder, rules: ["strings-plural-missing", "strings-plural-one-digit"])
    #expect(result["fr.lproj/Localizable.stringsdict"] == [
      "warning strings-plural-one-digit 5:246 NO_ZERO: 'NO_ZERO' (plural 'n') has a 'one' form that writes the digit 1 ('1 fichier'), but fr also selects 'one' for 0: write the number's specifier instead",
      "warning strings-plural-missing 6:88 ZERO_NO_ONE: 'ZERO_NO_ONE' (plural 'n'): fr needs one, other; 'one' is missing: a count of 1 shows the 'other' form ('1 fichiers')",
    ])
    #expect(result["ru.lproj/Localizable.stringsdict"] == [
      "warning strings-plural-missing 4:78 N: 'N' (plural 'n'): ru needs one, few, many, other; 'few' is missing: a count of 2 shows the 'other' form ('2 файлов')",
    ])
  }
}

/// A device or width rule entry (Apple's "Creating width and device variants of strings":
/// `NSStringDeviceSpecificRuleType`, `NSStringVariableWidthRuleType`) has no format of its own:
/// it is no syntax error, and the table is read and checked like any other.
@Suite("strings lint: device and width rules in a .stringsdict")
struct StringsdictRuleTypeTests {
  @Test func aDeviceOrWidthRuleIsNoSyntaxError() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>UserInstructions</key><dict><key>NSStringDeviceSpecificRuleType</key><dict><key>iphone</key><string>Tap here</string><key>mac</key><string>Click here</string></dict></dict>
      <key>Welcome</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>Hi</string><key>50</key><string>Hello</string></dict></dict>
      <key>N_FILES</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@fichiers@</string></dict>
      </dict></plist>
      """)
    let files = try StringsLint.lint(root: folder.root.path, developmentLanguage: "en")
    #expect(files.flatMap(\.findings).map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-")" } == [
      "strings-variable-undefined 5:62 N_FILES",
    ])
  }
}
