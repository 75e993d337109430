import Foundation
import PayloadSchema
import StringsFile
import Testing
@testable import APNsLint

/// A `.stringsdict` laid out as Xcode writes it, one element a line (two spaces a level), with
/// one variable `n` per entry: entry k starts on line 4 + the lines of the entries before it
/// (12 + 2 per form); its `<key>n</key>` is 4 lines below, column 5; form i's `<key>` is 10 + 2i
/// lines below, its `<string>` 11 + 2i, column 7.
func prettyStringsdict(_ entries: KeyValuePairs<String, KeyValuePairs<String, String>>) -> String {
  var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<plist version="1.0">"#, "<dict>"]
  for (key, forms) in entries {
    lines += ["  <key>\(key)</key>", "  <dict>", "    <key>NSStringLocalizedFormatKey</key>", "    <string>%#@n@</string>",
              "    <key>n</key>", "    <dict>", "      <key>NSStringFormatSpecTypeKey</key>",
              "      <string>NSStringPluralRuleType</string>", "      <key>NSStringFormatValueTypeKey</key>", "      <string>d</string>"]
    for (form, text) in forms { lines += ["      <key>\(form)</key>", "      <string>\(text)</string>"] }
    lines += ["    </dict>", "  </dict>"]
  }
  return (lines + ["</dict>", "</plist>", ""]).joined(separator: "\n")
}

/// Every key-level finding of `strings lint` in a `.stringsdict` or String Catalog stands at its
/// key, value, plural or form (SPEC §3, docs/behaviour.md "Positions in tables"), and the SARIF and
/// GitHub reporters carry those places.
@Suite("strings lint: findings in plists and catalogs at their keys")
struct StringsLintPositionsTests {
  /// Lines 4–19: N_FILES; 20–35: N_DAYS.
  static let english = prettyStringsdict(["N_FILES": ["one": "%d file", "other": "%d files"], "N_DAYS": ["one": "%d day", "other": "%d days"]])

  @Test func stringsdictFindingsStandAtTheirKeysVariablesAndForms() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", Self.english)
    // Lines 4–19: N_FILES, whose 'other' (line 17) writes a literal \n; 20–35: N_EXTRA.
    try folder.write("fr.lproj/Localizable.stringsdict", prettyStringsdict([
      "N_FILES": ["one": "%d fichier", "other": "%d fichiers\\nau total"], "N_EXTRA": ["one": "%d", "other": "%d"],
    ]))
    // Lines 4–19: N_FILES without few and many (`many` reads `other`, written for whole counts:
    // only `few` is missing); 20–39: N_DAYS whose 'one' (line 31) writes 1.
    try folder.write("ru.lproj/Localizable.stringsdict", prettyStringsdict([
      "N_FILES": ["one": "%d файл", "other": "%d файлов"],
      "N_DAYS": ["one": "1 день", "few": "%d дня", "many": "%d дней", "other": "%d дня"],
    ]))
    let result = try folder.lint()
    #expect(result["en.lproj/Localizable.stringsdict"] == [])
    #expect(result["fr.lproj/Localizable.stringsdict"] == [
      // The translation has no such key: the file's start, naming the development file's line.
      "strings-missing-translation 1:1 N_DAYS: 'N_DAYS' of 'en.lproj/Localizable.stringsdict:20' has no translation in 'fr': the device shows the raw key",
      "strings-xml-escape 17:7 N_FILES: 'N_FILES' ('n.other') holds a literal '\\n' ('%d fichiers\\nau total'): a property list has no backslash escapes, so the device shows the backslash; write the character itself",
      "strings-extra-key 20:3 N_EXTRA: 'N_EXTRA' is not in the development language's 'en.lproj/Localizable.stringsdict'",
    ])
    #expect(result["ru.lproj/Localizable.stringsdict"] == [
      "strings-plural-missing 8:5 N_FILES: 'N_FILES' (plural 'n'): ru needs one, few, many, other; 'few' is missing: a count of 2 shows the 'other' form ('2 файлов')",
      "strings-plural-one-digit 31:7 N_DAYS: 'N_DAYS' (plural 'n') has a 'one' form that writes the digit 1 ('1 день'), but ru also selects 'one' for 21, 31: write the number's specifier instead",
    ])
  }

  /// Positions in the catalog below: "From %@" 4:5 (de value 6:69, ru value 7:71), "Old" 10:5,
  /// "Photos" 16:5 (ru `plural` 18:35).
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "From %@" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Von %d" } },
            "ru" : { "stringUnit" : { "state" : "needs_review", "value" : "От %@" } }
          }
        },
        "Old" : {
          "extractionState" : "stale",
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Alt" } }
          }
        },
        "Photos" : {
          "localizations" : {
            "ru" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld снимок" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld снимков" } }
            } } }
          }
        }
      },
      "version" : "1.0"
    }

    """

  @Test func catalogFindingsStandAtTheirKeysAndValues() throws {
    let folder = TableFolder()
    try folder.write("App/Localizable.xcstrings", Self.catalog)
    let result = try folder.lint()
    #expect(result["App/Localizable.xcstrings"] == [
      // About one language's value: that value.
      "strings-format-mismatch 6:69 From %@: 'From %@' in 'de' ('Von %d') does not take the arguments of 'en' ('From %@'): position 1 is '%d', not '%@' (it prints an object as an integer: a meaningless value)",
      "strings-needs-review-as-written 7:71 From %@: 'From %@' in 'ru' ('От %@') is in state 'needs_review': users see it as written, and nothing in it shows it stale (its numbers are the source's; Xcode sets the state when the source text changes, a reviewer clears it)",
      // About the key (a translation it lacks, its extraction state): the key.
      // ('Old' lacks 'ru' too, but no code looks a stale key up: no missing translation.)
      "strings-stale 10:5 Old: 'Old' is stale: Xcode no longer finds it in code and offers to remove it, with its 1 translation; a key used only by pushes (a payload's loc-key) or by code Xcode does not read is still needed: set its 'extractionState' to 'manual'",
      "strings-missing-translation 16:5 Photos: 'Photos' of 'en' has no translation in 'de': the German user reads the English text 'Photos'",
      // About a plural: its `plural`.
      "strings-plural-missing 18:35 Photos: in 'ru', 'Photos': ru needs one, few, many, other; 'few' is missing: a count of 2 shows the 'other' form ('2 снимков')",
    ])
  }

  /// SARIF and GitHub annotations carry the places of what `strings lint` reports (text and SARIF
  /// group missing translations into one finding per localization, at 1:1).
  @Test func reportersCarryThePlaces() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.stringsdict", Self.english)
    try folder.write("ru.lproj/Localizable.stringsdict", prettyStringsdict(["N_FILES": ["one": "%d файл", "other": "%d файлов"]]))
    try folder.write("App/Localizable.xcstrings", Self.catalog)
    let files = try StringsLint.lint(root: folder.root.path)
    let report = LintReport(results: files.map { LintResult(path: $0.path, findings: $0.groupedFindings) },
                            rulesRun: ["strings-plural-missing", "strings-format-mismatch", "strings-missing-translation"])
    let base = folder.root.path

    let github = GitHubReporter.render(report, workingDirectory: base).split(separator: "\n")
    #expect(github.filter { $0.contains("title=strings-plural-missing") || $0.contains("title=strings-format-mismatch") }
      .map { line -> String in
        // `::warning file=…,line=…,col=…,title=…::message`: the properties.
        let properties = line.drop { $0 != " " }.dropFirst()
        return String(properties[..<(properties.range(of: "::")?.lowerBound ?? properties.endIndex)])
      } == [
        "file=App/Localizable.xcstrings,line=6,col=69,title=strings-format-mismatch",
        "file=App/Localizable.xcstrings,line=18,col=35,title=strings-plural-missing",
        "file=ru.lproj/Localizable.stringsdict,line=8,col=5,title=strings-plural-missing",
      ])

    let sarif = SARIFReporter.render(report, toolVersion: "0", workingDirectory: base)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
    let placed = results.compactMap { result -> String? in
      guard let rule = result["ruleId"] as? String, rule != "strings-missing-translation", rule != "strings-needs-review",
            rule != "strings-needs-review-as-written", rule != "strings-translation-not-needed",
            rule != "strings-stale",
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any],
            let uri = (location["artifactLocation"] as? [String: Any])?["uri"] as? String,
            let region = location["region"] as? [String: Any] else { return nil }
      return "\(uri) \(region["startLine"] ?? "-"):\(region["startColumn"] ?? "-") \(rule)"
    }
    #expect(placed == [
      "App/Localizable.xcstrings 6:69 strings-format-mismatch",
      "App/Localizable.xcstrings 18:35 strings-plural-missing",
      "ru.lproj/Localizable.stringsdict 8:5 strings-plural-missing",
    ])
  }

  /// A binary plist has no lines: a finding about one of its keys stands at 1:1 and carries the
  /// byte offset of the key's string object.
  @Test func binaryPlistFindingsCarryTheKeyObjectOffset() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "\"A\" = \"a\";\n")
    let data = try PropertyListSerialization.data(fromPropertyList: ["A": "a", "Zz": "z"], format: .binary, options: 0)
    let url = folder.root.appendingPathComponent("fr.lproj/Localizable.strings")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
    let files = try StringsLint.lint(root: folder.root.path)
    let french = try #require(files.first { $0.path.hasSuffix("fr.lproj/Localizable.strings") })
    let extra = try #require(french.findings.first { $0.rule.rawValue == "strings-extra-key" })
    #expect("\(extra.position) \(extra.keyPath ?? "-")" == "1:1 Zz")
    let bytes = [UInt8](data)
    #expect(Array(bytes[extra.offset...(extra.offset + 2)]) == [0x52] + Array("Zz".utf8))
  }
}
