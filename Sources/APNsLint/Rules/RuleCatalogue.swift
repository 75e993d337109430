import PayloadSchema
import StringsFile

/// One rule of the catalogue: everything about it lives here once. `apns-lint rules`, the
/// configuration, the reporters and the tests read from this table.
public struct Rule: Sendable, Hashable {
  /// Stable kebab-case id (`value-type`), typed: made only from the detecting module's rule enum.
  public let id: RuleID
  /// The severity a rule has when no configuration names it (`off` for opt-in rules).
  public let defaultLevel: RuleLevel
  public let category: RuleCategory
  /// One line, lowercase start.
  public let summary: String
  /// Input that triggers the rule. For payload rules a payload; for request rules a request file;
  /// for strings rules the text of a `.strings` file, or tables each after a line `--- fr.lproj`
  /// (`--- en.lproj/Localizable.stringsdict` names the file); for localization rules a payload,
  /// then tables.
  ///
  /// A byte that text cannot show (a byte order mark, invalid UTF-8) is written `\xNN` (a backslash,
  /// `x`, two hex digits); every other character stands for its UTF-8 bytes.
  public let triggeringExample: String
  /// The triggering input with `1️⃣` where the rule's first finding stands (in the payload, or
  /// in the table of the section the marker is in).
  public let markedTriggeringExample: String
  /// Input close to the triggering one that does not trigger it (same notation).
  public let passingExample: String
  /// What APNs answers a request that breaks the rule (SPEC §9); nil for lint-only rules.
  public private(set) var apnsAnswer: APNsAnswer? = nil
  /// Where the triggering example's finding stands (the marker of the example's definition).
  public private(set) var expectedPosition: SourcePosition? = nil
  /// The settings the rule takes besides its severity, at their built-in values; nil for most.
  public private(set) var parameters: RuleParameters? = nil
  /// The `apns-lint check` flags the triggering example needs (`--push-type background`); empty for most.
  public let triggeringFlags: String
  /// The `apns-lint check` flags the passing example needs; empty for most.
  public let passingFlags: String
  /// A configuration file (`--config`) both examples need, as YAML, for rules that are off by
  /// default or need a parameter; empty for most.
  public let exampleConfiguration: String

  /// A rule PayloadSchema reports, read from its definition there: id, default severity,
  /// category, APNs answer, summary and examples.
  init(payload rule: PayloadRule) {
    let e = rule.examples
    self.init(RuleID(rule), rule.defaultSeverity.map(RuleLevel.on) ?? .off, rule.category, rule.summary,
              trigger: e.marked, pass: e.passing, triggerFlags: e.triggeringFlags, passFlags: e.passingFlags,
              configuration: e.configuration)
    self.apnsAnswer = rule.apnsAnswer
    self.parameters = RuleParameters.builtIn(rule)
    self.expectedPosition = e.expectedPosition.map { SourcePosition(line: $0.line, column: $0.column) }
  }

  /// A rule APNsLint detects against the tables (`check --strings`, `render`).
  init(_ rule: LocalizationRule, _ level: RuleLevel, _ summary: String,
       trigger: String, pass: String) {
    self.init(RuleID(rule), level, .localization, summary, trigger: trigger, pass: pass)
  }

  /// A rule about one table (StringsFile), its default severity read from its definition there.
  init(_ rule: StringsRule, _ summary: String, trigger: String, pass: String) {
    self.init(RuleID(rule), .on(rule.defaultSeverity), .strings, summary, trigger: trigger, pass: pass)
  }

  /// A rule about tables compared (`strings lint`).
  init(_ rule: TableRule, _ level: RuleLevel, _ summary: String, trigger: String, pass: String) {
    self.init(RuleID(rule), level, .strings, summary, trigger: trigger, pass: pass)
  }

  private init(_ id: RuleID, _ level: RuleLevel, _ category: RuleCategory, _ summary: String,
       trigger: String, pass: String, triggerFlags: String = "", passFlags: String = "",
       configuration: String = "") {
    self.id = id
    self.defaultLevel = level
    self.category = category
    self.summary = summary
    let marked = RuleExamples(trigger, pass: pass)
    self.markedTriggeringExample = trigger
    self.triggeringExample = marked.triggering
    self.passingExample = pass
    self.triggeringFlags = triggerFlags
    self.passingFlags = passFlags
    self.exampleConfiguration = configuration
  }
}

extension Rule {
  /// Looks a rule up by id.
  public static func named(_ id: String) -> Rule? { catalogueIndex[id].map { catalogue[$0] } }

  /// The severity a rule's findings have before a configuration gives its own: the rule's default
  /// level, a warning for a rule that is off unless configured.
  public static func defaultSeverity(of id: RuleID) -> Severity {
    if case .on(let severity)? = catalogueIndex[id.rawValue].map({ catalogue[$0].defaultLevel }) { return severity }
    return .warning
  }

  /// The whole catalogue, in SPEC §3 order: PayloadSchema's rules as it defines them (summary
  /// and examples included: `PayloadRule.summary`, `.examples`), then the rules APNsLint and
  /// StringsFile detect against tables.
  public static let catalogue: [Rule] = PayloadRule.allCases.map(Rule.init(payload:)) + tableRules

  static let tableRules: [Rule] = [
    // Localization
    Rule(LocalizationRule.locKeyMissing, .on(.error),
         "a loc-key, title-loc-key, subtitle-loc-key or action-loc-key absent from the development language's table",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"NEW_MSG\"}}}\n--- en.lproj\n\"OTHER\" = \"Other\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";"),
    Rule(LocalizationRule.locKeyUntranslated, .on(.warning),
         "a key present in the development language but absent from another localization (that device shows the raw key)",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";\n--- fr.lproj\n\"OTHER\" = \"Autre\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";\n--- fr.lproj\n\"NEW_MSG\" = \"Nouveau message\";"),
    Rule(LocalizationRule.locArgsCount, .on(.error),
         "fewer loc-args than the localized format needs, in any localization",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [1️⃣\"Jenna\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ sent %@\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\", \"a photo\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ sent %@\";"),
    Rule(LocalizationRule.locArgsUnused, .on(.info),
         "more loc-args than every localization uses",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\", 1️⃣\"x\"]}}}\n--- en.lproj\n\"FROM\" = \"From %@\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\"]}}}\n--- en.lproj\n\"FROM\" = \"From %@\";"),
    Rule(LocalizationRule.locFormatUnsupported, .on(.error),
         "the localized format uses a specifier other than %@, %n$@, %%",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"COUNT\", \"loc-args\": [\"3\"]}}}\n--- en.lproj\n\"COUNT\" = \"%d new messages\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"COUNT\", \"loc-args\": [\"3\"]}}}\n--- en.lproj\n\"COUNT\" = \"%@ new messages\";"),
    Rule(LocalizationRule.locFormatMixed, .on(.warning),
         "one format mixes %@ and %n$@",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"FROM\", \"loc-args\": [\"a\", \"b\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ and %2$@\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"a\", \"b\"]}}}\n--- en.lproj\n\"FROM\" = \"%1$@ and %2$@\";"),
    Rule(LocalizationRule.locFormatGap, .on(.error),
         "the localized format skips a position (%2$@ without %1$@): the device shows the wrong argument",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"GOT\", \"loc-args\": [\"Jenna\", \"a file\"]}}}\n--- fr.lproj\n\"GOT\" = \"%2$@ reçu\";",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"GOT\", \"loc-args\": [\"Jenna\", \"a file\"]}}}\n--- fr.lproj\n\"GOT\" = \"%2$@ reçu de %1$@\";"),
    Rule(LocalizationRule.locKeyPlural, .on(.warning),
         "the key is a .stringsdict plural entry (iOS does not resolve plurals for push arguments)",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"N_MESSAGES\", \"loc-args\": [\"3\"]}}}\n--- en.lproj\n\"OTHER\" = \"Other\";\n"
           + "--- en.lproj/Localizable.stringsdict\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>N_MESSAGES</key><dict>"
           + "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key>"
           + "<string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key>"
           + "<string>%d message</string><key>other</key><string>%d messages</string></dict></dict></dict></plist>",
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";"),
    Rule(LocalizationRule.locKeyStale, .on(.warning),
         "the loc-key is marked stale in its String Catalog: Xcode offers to remove a key only pushes use (set 'extractionState' to 'manual')",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"NEW_MSG\"}}}\n--- App/Localizable.xcstrings\n"
           + catalogExample(#""NEW_MSG": {"extractionState": "stale", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "New message"}}}}"#),
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- App/Localizable.xcstrings\n"
           + catalogExample(#""NEW_MSG": {"extractionState": "manual", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "New message"}}}}"#)),
    Rule(LocalizationRule.locKeyUnreviewed, .on(.warning),
         "the loc-key's translation is in state 'new' or 'needs_review' in a localization a checked device picks",
         trigger: "{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"NEW_MSG\"}}}\n--- App/Localizable.xcstrings\n"
           + catalogExample(#""NEW_MSG": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "New message"}}, "de": {"stringUnit": {"state": "needs_review", "value": "Neue Nachricht"}}}}"#),
         pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- App/Localizable.xcstrings\n"
           + catalogExample(#""NEW_MSG": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "New message"}}, "de": {"stringUnit": {"state": "translated", "value": "Neue Nachricht"}}}}"#)),
    // Strings tables
    Rule(StringsRule.syntax,
         "the file does not parse (missing ;, unterminated string, stray character)",
         trigger: "\"A\" = \"a\"\n1️⃣\"B\" = \"b\";", pass: "\"A\" = \"a\";\n\"B\" = \"b\";"),
    Rule(StringsRule.truncated,
         "CoreFoundation stops reading early without an error: every entry after that point is lost on the device",
         trigger: "\"A\" = \"a\";1️⃣;\n\"B\" = \"b\";", pass: "\"A\" = \"a\";\n\"B\" = \"b\";"),
    Rule(StringsRule.duplicateKey,
         "a key defined twice in one file (the last one wins)",
         trigger: "\"A\" = \"a\";\n1️⃣\"A\" = \"b\";", pass: "\"A\" = \"a\";\n\"B\" = \"b\";"),
    Rule(StringsRule.encoding,
         "bytes that decode in no encoding CoreFoundation accepts (UTF-16 without a BOM, invalid UTF-8)",
         trigger: #""A" = "caf1️⃣\xE9";"#, pass: "\"A\" = \"café\";"),
    Rule(StringsRule.zeroLength,
         "an empty file (CoreFoundation refuses it)",
         trigger: "1️⃣", pass: "/* No entries yet */"),
    Rule(StringsRule.escape,
         "an escape CoreFoundation reads differently from what the author meant (\\u00e9, \\U1F600, octal)",
         trigger: #""A" = "caf1️⃣\u00e9";"#, pass: #""A" = "caf\U00e9";"#),
    Rule(TableRule.missingTranslation, .on(.warning),
         "a key of the development language missing from another localization",
         trigger: "--- en.lproj\n\"A\" = \"a\";\n\"B\" = \"b\";\n--- fr.lproj\n1️⃣\"A\" = \"a\";",
         pass: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";"),
    Rule(TableRule.extraKey, .on(.info),
         "a key of a localization that the development language lacks",
         trigger: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";\n1️⃣\"Z\" = \"z\";",
         pass: "--- en.lproj\n\"A\" = \"a\";\n--- fr.lproj\n\"A\" = \"a\";"),
    Rule(TableRule.formatMismatch, .on(.error),
         "a translation's specifiers differ from the development language's (count, positions or types)",
         trigger: "--- en.lproj\n\"FROM\" = \"From %@\";\n--- fr.lproj\n1️⃣\"FROM\" = \"De la part de\";",
         pass: "--- en.lproj\n\"FROM\" = \"From %@\";\n--- fr.lproj\n\"FROM\" = \"De %@\";"),
    Rule(TableRule.formatGap, .on(.error),
         "a value's positional specifiers skip a position (%2$@ without %1$@)",
         trigger: "1️⃣\"GOT\" = \"%2$@ received\";", pass: "\"GOT\" = \"%2$@ received from %1$@\";"),
    Rule(TableRule.accidentalSpecifier, .on(.warning),
         "a % that reads as a specifier nobody means, reported at the source: '100% guaranteed' (% g) or a trailing % in the development language (translations that agree are not blamed), %n or a position above 9999 anywhere",
         trigger: "--- en.lproj\n1️⃣\"SAFE\" = \"not 100% guaranteed\";\n--- fr.lproj\n\"SAFE\" = \"pas garanti à 100 %\";",
         pass: "--- en.lproj\n\"SAFE\" = \"not 100%% guaranteed\";\n--- fr.lproj\n\"SAFE\" = \"pas garanti à 100 %%\";"),
    Rule(TableRule.controlCharacter, .on(.warning),
         "a value holding a C0 control character other than tab and newline (U+0000–U+001F, U+007F)",
         trigger: "\"A\" = \"Done\";\n1️⃣\"B\" = \"Ring\\a\";", pass: "\"A\" = \"Done\";\n\"B\" = \"Ring\\tbell\";"),
    Rule(TableRule.emptyTranslation, .on(.warning),
         "a translation that is the empty string where the development language has text",
         trigger: "--- en.lproj\n\"ARCHIVE\" = \"Archive\";\n--- fr.lproj\n1️⃣\"ARCHIVE\" = \"\";",
         pass: "--- en.lproj\n\"ARCHIVE\" = \"Archive\";\n--- fr.lproj\n\"ARCHIVE\" = \"Archiver\";"),
    Rule(TableRule.pluralMissing, .on(.warning),
         "a plural (.stringsdict variable, catalog plural variation) lacks a category CLDR selects for an integer count in its language (ru 'few' for 3): the device shows the 'other' form",
         trigger: "--- ru.lproj/Localizable.stringsdict\n1️⃣" + pluralExample(["one": "%d файл", "other": "%d файлов"]),
         pass: "--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"])),
    Rule(TableRule.pluralUnused, .on(.info),
         "a plural form in a category its language never selects (ko 'one'); 'zero' is never reported (Apple uses it for 0 in every language)",
         trigger: "--- ko.lproj/Localizable.stringsdict\n1️⃣" + pluralExample(["one": "파일 %d개", "other": "파일 %d개"]),
         pass: "--- ko.lproj/Localizable.stringsdict\n" + pluralExample(["other": "파일 %d개"])),
    Rule(TableRule.pluralOther, .on(.error),
         "a plural without an 'other' form, the one every count falls back to",
         trigger: "--- en.lproj/Localizable.stringsdict\n1️⃣" + pluralExample(["one": "%d file"]),
         pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files"])),
    Rule(TableRule.pluralOneDigit, .on(.warning),
         "a 'one' form that writes the digit 1 instead of the count's specifier, in a language whose 'one' covers other numbers (ru 21, 31; fr 0)",
         trigger: "--- ru.lproj/Localizable.stringsdict\n1️⃣" + pluralExample(["one": "1 файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"]),
         pass: "--- ru.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"])),
    Rule(TableRule.needsReview, .on(.warning),
         "a String Catalog translation in state 'needs_review': shown to users, but nobody has reviewed it since the source changed",
         trigger: "--- App/Localizable.xcstrings\n1️⃣" + catalogExample(#""Archive": {"localizations": {"de": {"stringUnit": {"state": "needs_review", "value": "Archiv"}}}}"#),
         pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""Archive": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Archivieren"}}}}"#)),
    Rule(TableRule.stale, .on(.info),
         "a String Catalog key Xcode marks stale (no longer found in code; Xcode offers to remove it and its translations), or a translation in state 'stale'",
         trigger: "--- App/Localizable.xcstrings\n1️⃣" + catalogExample(#""Archive": {"extractionState": "stale", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Archivieren"}}}}"#),
         pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""Archive": {"extractionState": "manual", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Archivieren"}}}}"#)),
    Rule(TableRule.xmlEscape, .on(.warning),
         "a literal \\n, \\t or \\\" inside an XML property list's <string> (XML plists have no backslash escapes: the user sees the backslash)",
         trigger: "--- en.lproj/Localizable.stringsdict\n1️⃣" + pluralExample(["one": "%d file", "other": "%d files\\nin total"]),
         pass: "--- en.lproj/Localizable.stringsdict\n" + pluralExample(["one": "%d file", "other": "%d files\nin total"])),
    Rule(StringsRule.catalogVersion,
         "a String Catalog version this tool does not know (it knows 1.0 to 1.3): read as far as it goes",
         trigger: "--- App/Localizable.xcstrings\n1️⃣" + catalogExample(#""Archive": {}"#, version: "2.0"),
         pass: "--- App/Localizable.xcstrings\n" + catalogExample(#""Archive": {"isCommentAutoGenerated": true, "comment": "A button"}"#, version: "1.1")),
  ]

  /// A `.stringsdict` with one plural entry `N_FILES` whose variable `n` has `forms` (category → text).
  static func pluralExample(_ forms: KeyValuePairs<String, String>) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>N_FILES</key><dict>"
      + "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key>"
      + "<string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string>"
      + forms.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined() + "</dict></dict></dict></plist>"
  }

  /// A String Catalog with source language `en` and the given members of `strings` (JSON text).
  static func catalogExample(_ strings: String, version: String = "1.0") -> String {
    "{\"sourceLanguage\": \"en\", \"version\": \"\(version)\", \"strings\": {\(strings)}}"
  }

  private static let catalogueIndex: [String: Int] = {
    var index: [String: Int] = [:]
    for (i, rule) in catalogue.enumerated() { index[rule.id.rawValue] = i }
    return index
  }()
}
