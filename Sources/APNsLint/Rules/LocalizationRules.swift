// A payload's alert against the app's tables (SPEC §3, "Localization"; `check --strings`,
// `render`): each `LocalizationRule`, its definition and the messages it reports, written once.
// How to add one: docs/adding-a-rule.md.

import LocFormat
import PayloadSchema
import StringsFile

extension RuleID {
  /// The id of a rule checked against the tables.
  public init(_ rule: LocalizationRule) { self.init(id: rule.rawValue) }
}

extension RuleDefinition {
  /// `loc-key-missing`
  static var locKeyMissing: Self {
    Self(.error, .localization,
         fix: .never("the missing text is the author's to write, or the key is misspelt; the tool cannot tell which"),
         consequence: "no table has the text, so devices that fall back to the development language show the raw key (NEW_MSG) instead of the alert's text",
         summary: "a loc-key, title-loc-key, subtitle-loc-key or action-loc-key absent from the development language's table",
         card: RuleCard(symptom: "Devices that fall back to the development language show the raw key (NEW_MSG) instead of the alert's text.",
                        remedy: "Add the key to the development language's table (Localizable.strings or the String Catalog), or correct the loc-key's spelling.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .stringCatalogs])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"NEW_MSG\"}}}\n--- en.lproj\n\"OTHER\" = \"Other\";",
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";")
    }
  }

  /// `loc-key-untranslated`
  static var locKeyUntranslated: Self {
    Self(.warning, .localization,
         fix: .never("the missing translation is the author's to write; the tool cannot translate"),
         consequence: "devices using that localization show the raw key instead of the alert's text (a missing translation)",
         summary: "a key present in the development language but absent from another localization (that device shows the raw key)",
         card: RuleCard(symptom: "Users of that localization see the raw key instead of the alert's text.",
                        remedy: "Add the key's translation to that localization's table.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .stringCatalogs])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";\n--- fr.lproj\n\"OTHER\" = \"Autre\";",
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";\n--- fr.lproj\n\"NEW_MSG\" = \"Nouveau message\";")
    }
  }

  /// `loc-args-count`
  static var locArgsCount: Self {
    Self(.error, .localization,
         fix: .never("the missing values are the app's data; the tool cannot know them"),
         consequence: "the device fills each argument the payload lacks with '(null)', or shows the format with its specifiers when the payload has no loc-args: the alert's text is garbled",
         summary: "fewer loc-args than the localized format needs, in any localization",
         card: RuleCard(symptom: "The banner shows (null) for each missing argument, or the format with its specifiers in it.",
                        remedy: "Send as many loc-args as the highest specifier of the format needs, in every localization.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .formatSpecifiers])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [1️⃣\"Jenna\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ sent %@\";",
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\", \"a photo\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ sent %@\";")
    }
  }

  /// `loc-args-unused`
  static var locArgsUnused: Self {
    Self(.info, .localization,
         fix: .never("the extra values may mean a format lacks a specifier; whether to drop them or fix the tables is the author's call"),
         consequence: "none: the device ignores the extra values and shows the same text",
         summary: "more loc-args than every localization uses",
         card: RuleCard(symptom: "Nothing changes: the extra values are ignored.",
                        remedy: "Drop the arguments no localization uses, or add their specifiers to the formats.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\", 1️⃣\"x\"]}}}\n--- en.lproj\n\"FROM\" = \"From %@\";",
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"Jenna\"]}}}\n--- en.lproj\n\"FROM\" = \"From %@\";")
    }
  }

  /// `loc-format-unsupported`
  static var locFormatUnsupported: Self {
    Self(.error, .localization,
         fix: .never("the fix is in the app's tables, and what the specifier was meant to format (a count, a precision) the author must decide"),
         consequence: "the device does not expand the specifier: the user reads it as written ('%d new messages') or garbage, or the notification is dropped",
         summary: "the localized format uses a specifier other than %@, %n$@, %%",
         card: RuleCard(symptom: "The banner shows the specifier as written ('%d new messages') or garbage, or nothing appears.",
                        remedy: "Use only %@, %n$@ and %% in formats that push alerts fill: loc-args are always strings.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .formatSpecifiers])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"COUNT\", \"loc-args\": [\"3\"]}}}\n--- en.lproj\n\"COUNT\" = \"%d new messages\";",
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"COUNT\", \"loc-args\": [\"3\"]}}}\n--- en.lproj\n\"COUNT\" = \"%@ new messages\";")
    }
  }

  /// `loc-format-mixed`
  static var locFormatMixed: Self {
    Self(.warning, .localization,
         fix: .never("which position each %@ was meant to take only the translator knows"),
         consequence: "the device counts %@ on its own, apart from the numbered ones, so a mixed format can show one argument twice and leave another out",
         summary: "one format mixes %@ and %n$@",
         card: RuleCard(symptom: "The banner shows one argument twice and leaves another out.",
                        remedy: "Number every specifier of the format (%1$@, %2$@) or none.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .formatSpecifiers])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"FROM\", \"loc-args\": [\"a\", \"b\"]}}}\n--- en.lproj\n\"FROM\" = \"%@ and %2$@\";",
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"FROM\", \"loc-args\": [\"a\", \"b\"]}}}\n--- en.lproj\n\"FROM\" = \"%1$@ and %2$@\";")
    }
  }

  /// `loc-format-gap`
  static var locFormatGap: Self {
    Self(.error, .localization,
         fix: .never("the skipped argument may be left out on purpose or forgotten; only the translator knows where it belongs"),
         consequence: "the device gives the arguments to the positions the format reads, in order, so it shows the wrong argument in a position's place ('%2$@ reçu' shows the first)",
         summary: "the localized format skips a position (%2$@ without %1$@): the device shows the wrong argument",
         card: RuleCard(symptom: "The banner shows the wrong argument in a position's place.",
                        remedy: "Use every position from %1$@ up, without a gap.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .formatSpecifiers])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"GOT\", \"loc-args\": [\"Jenna\", \"a file\"]}}}\n--- fr.lproj\n\"GOT\" = \"%2$@ reçu\";",
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"GOT\", \"loc-args\": [\"Jenna\", \"a file\"]}}}\n--- fr.lproj\n\"GOT\" = \"%2$@ reçu de %1$@\";")
    }
  }

  /// `loc-key-plural`
  static var locKeyPlural: Self {
    Self(.warning, .localization,
         fix: .never("a plural needs the app to send the chosen text or one key per form, a change of design, not of text"),
         consequence: "iOS does not resolve plural rules for notification arguments, so the alert does not show the plural form the count needs",
         summary: "the key is a .stringsdict plural entry (iOS does not resolve plurals for push arguments)",
         card: RuleCard(symptom: "The alert does not show the plural form the count needs.",
                        remedy: "Make the loc-key a plain string entry and send the count already worded, or choose the key per count on the server.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .stringsdictFormat])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"N_MESSAGES\", \"loc-args\": [\"3\"]}}}\n--- en.lproj\n\"OTHER\" = \"Other\";\n"
                     + "--- en.lproj/Localizable.stringsdict\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>N_MESSAGES</key><dict>"
                     + "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key>"
                     + "<string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key>"
                     + "<string>%d message</string><key>other</key><string>%d messages</string></dict></dict></dict></plist>",
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- en.lproj\n\"NEW_MSG\" = \"New message\";")
    }
  }

  /// `loc-key-stale`
  static var locKeyStale: Self {
    Self(.warning, .localization,
         fix: .never("the fix belongs in the String Catalog, not the payload: set the key's extractionState to manual"),
         consequence: "nothing yet: the text is there today, but Xcode offers to remove a key only pushes use, and once it is removed every device shows the raw key",
         summary: "the loc-key is marked stale in its String Catalog: Xcode offers to remove a key only pushes use (set 'extractionState' to 'manual')",
         card: RuleCard(symptom: "Nothing yet; once Xcode's cleanup removes the key, every device shows the raw key instead of the text.",
                        remedy: "Set the key's extractionState to manual in the String Catalog, so that Xcode keeps a key only pushes use.",
                        platforms: .allAPNs, sources: [.stringCatalogs, .generatingRemoteNotification])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"NEW_MSG\"}}}\n--- App/Localizable.xcstrings\n"
                     + catalogExample(#""NEW_MSG": {"extractionState": "stale", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "New message"}}}}"#),
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- App/Localizable.xcstrings\n"
                     + catalogExample(#""NEW_MSG": {"extractionState": "manual", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "New message"}}}}"#))
    }
  }

  /// `loc-key-unreviewed`
  static var locKeyUnreviewed: Self {
    Self(.warning, .localization,
         fix: .never("finishing or reviewing a translation is a translator's work; the tool cannot judge it"),
         consequence: "devices using that localization show a translation nobody has finished or reviewed, which may not say what the source says",
         summary: "the loc-key's translation is in state 'new' or 'needs_review' in a localization a checked device picks",
         card: RuleCard(symptom: "Users of that localization read a translation nobody has finished or reviewed.",
                        remedy: "Review the translation and mark it translated in the String Catalog before the push goes out.",
                        platforms: .allAPNs, sources: [.stringCatalogs])) {
      RuleExamples("{\"aps\": {\"alert\": {\"loc-key\": 1️⃣\"NEW_MSG\"}}}\n--- App/Localizable.xcstrings\n"
                     + catalogExample(#""NEW_MSG": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "New message"}}, "de": {"stringUnit": {"state": "needs_review", "value": "Neue Nachricht"}}}}"#),
                   pass: "{\"aps\": {\"alert\": {\"loc-key\": \"NEW_MSG\"}}}\n--- App/Localizable.xcstrings\n"
                     + catalogExample(#""NEW_MSG": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "New message"}}, "de": {"stringUnit": {"state": "translated", "value": "Neue Nachricht"}}}}"#))
    }
  }
}

/// What a localization finding says, made only by its rule's named constructors below: the check
/// calls `at(field, .untranslated(key: key, in: localizations))`, passing what it found; the
/// constructor writes the text, only when a finding is made.
struct LocalizationMessage: RuleMessage {
  /// The rule the finding reports.
  let rule: LocalizationRule
  /// The finding's message: lowercase start, no final period.
  let text: String

  /// Only this file calls this, from a rule's named constructors.
  fileprivate init(_ rule: LocalizationRule, _ text: String) {
    self.rule = rule
    self.text = text
  }

  var ruleID: RuleID { RuleID(rule) }
  var definition: RuleDefinition { rule.definition }
}

// MARK: loc-key-missing, loc-key-untranslated

extension LocalizationMessage {
  /// `key` is not in the development localization (`development`, its identifier).
  static func keyMissing(key: String, development: String) -> Self {
    Self(.locKeyMissing, "'\(key)' is not in the development language's table ('\(development)'): "
      + "devices that fall back to it show the raw key")
  }

  /// The bundle has no localization of its development language.
  static func noDevelopmentLocalization(key: String, developmentLanguage: String) -> Self {
    Self(.locKeyMissing, "'\(key)' cannot be looked up: there is no development-language ('\(developmentLanguage)') "
      + "localization, so devices without a matching language show the raw key")
  }

  /// `key` is absent from the checked `localizations` (identifiers).
  static func untranslated(key: String, in localizations: [String]) -> Self {
    Self(.locKeyUntranslated, "'\(key)' is not translated in \(LocalizationOutput.quotedList(localizations)): "
      + "devices using \(localizations.count == 1 ? "it" : "them") show the raw key")
  }
}

// MARK: loc-key-plural, loc-key-stale, loc-key-unreviewed

extension LocalizationMessage {
  /// `key` is a plural entry in `localizations`.
  static func plural(key: String, in localizations: [String]) -> Self {
    Self(.locKeyPlural, "'\(key)' is a plural entry (.stringsdict or String Catalog plural variation) in \(LocalizationOutput.quotedList(localizations)): "
      + "iOS does not resolve plural rules for notification arguments")
  }

  /// `key` is marked stale in its String Catalog.
  static func stale(key: String) -> Self {
    Self(.locKeyStale, "'\(key)' is marked stale in the String Catalog: a key used only by pushes is never found in code, so "
      + "Xcode marks it stale and offers to remove it (and its translations); set its 'extractionState' to 'manual'")
  }

  /// `key`'s translation is not done in these localizations (identifier, state `new` or `needs_review`).
  static func unreviewed(key: String, states: [(localization: String, state: String)]) -> Self {
    let pending = states.map { "'\($0.localization)' (\($0.state))" }
    return Self(.locKeyUnreviewed, "'\(key)' is not done in \(pending.joined(separator: ", ")): devices using "
      + "\(pending.count == 1 ? "it" : "them") show a translation nobody has finished ('new') or reviewed ('needs_review')")
  }
}

// MARK: loc-format-unsupported, loc-format-mixed, loc-format-gap

extension LocalizationMessage {
  /// `key`'s value in `localization`, `format`, has `specifier`, which a device does not expand
  /// (`%` alone: a lone percent sign).
  static func unsupportedSpecifier(_ specifier: String, localization: String, key: String, format: String) -> Self {
    if specifier == "%" {
      return Self(.locFormatUnsupported, "in '\(localization)', '\(key)' has a lone '%' ('\(LocalizationOutput.excerpt(format))'): write %% for a percent sign")
    }
    return Self(.locFormatUnsupported, "in '\(localization)', '\(key)' uses '\(specifier)' ('\(LocalizationOutput.excerpt(format))'), which the device does not "
      + "expand: only %@, %n$@ and %% are supported")
  }

  /// `key`'s value in `localization`, `format`, mixes `%@` and `%n$@`.
  static func mixedSpecifiers(localization: String, key: String, format: String) -> Self {
    Self(.locFormatMixed, "in '\(localization)', '\(key)' mixes %@ and %n$@ ('\(LocalizationOutput.excerpt(format))'): the device counts %@ on its own, "
      + "so number every specifier")
  }

  /// `key`'s value in `localization`, `format`, skips the `missing` positions (the first
  /// `FormatIssue.listedGapLimit` of them, when there are more).
  static func gap(_ missing: [Int], localization: String, key: String, format: String) -> Self {
    let more = missing.count >= FormatIssue.listedGapLimit ? " and more" : ""
    let positions = missing.map(String.init).joined(separator: ", ") + more
    return Self(.locFormatGap, "in '\(localization)', '\(key)' skips position\(missing.count > 1 ? "s" : "") \(positions) ('\(LocalizationOutput.excerpt(format))'): "
      + "the device shows the wrong argument")
  }
}

// MARK: loc-args-count, loc-args-unused

extension LocalizationMessage {
  /// `key`'s value in `localization`, `format`, reads `needed` arguments and the payload has no loc-args.
  static func noArguments(localization: String, key: String, format: String, needed: Int) -> Self {
    Self(.locArgsCount, "in '\(localization)', '\(key)' ('\(LocalizationOutput.excerpt(format))') needs \(needed) loc-args and the payload has none: "
      + "the device shows the format as it is")
  }

  /// `key`'s value in `localization`, `format`, reads `needed` arguments and the payload has
  /// `given`: `missing` positions get none, the first of them read by the `unfilled` specifiers.
  static func tooFewArguments(localization: String, key: String, format: String, needed: Int, given: Int,
                              unfilled: [String], missing: Int) -> Self {
    let more = missing > LocalizationOutput.listedItems ? " (and \(missing - LocalizationOutput.listedItems) more)" : ""
    let verb = missing == 1 ? "gets no argument and shows" : "get no argument and show"
    return Self(.locArgsCount, "in '\(localization)', '\(key)' ('\(LocalizationOutput.excerpt(format))') needs \(needed) loc-args and the payload has "
      + "\(given): \(LocalizationOutput.quotedList(unfilled))\(more) \(verb) '\(FormatString.nullArgument)'")
  }

  /// The payload has `given` loc-args; no checked localization of `key` reads more than `mostRead`.
  static func unusedArguments(key: String, given: Int, mostRead: Int) -> Self {
    let ignored = given - mostRead
    let reads = mostRead == 0 ? "no localization of '\(key)' reads any" : "no localization of '\(key)' reads more than \(mostRead)"
    return Self(.locArgsUnused, "loc-args has \(given) values but \(reads): "
      + "the last \(ignored == 1 ? "one is" : "\(ignored) are") ignored")
  }
}
