import Foundation
import PayloadSchema
import StringsFile
import Testing
import TestSupport
@testable import APNsLint

/// The alert of a payload, with positions, as `check --strings` sees it.
func alertText(_ payload: String) -> AlertText? {
  var options = ValidationOptions()
  options.collectAlert = true
  var validator = PayloadValidator(options: options)
  return validator.validate(Array(payload.utf8)).alert
}

/// A bundle of in-memory `.strings` tables: identifier → text.
func tables(_ texts: [(String, String)], plural: [String: Set<String>] = [:], developmentLanguage: String = "en") -> LocalizationBundle {
  LocalizationBundle(
    localizations: texts.map { identifier, text in
      Localization(
        identifier: identifier, languageCode: identifier,
        table: StringsParser.parse(Data(text.utf8), path: "\(identifier).lproj/Localizable.strings"),
        pluralKeys: plural[identifier] ?? [])
    },
    developmentLanguage: developmentLanguage)
}

/// `rule line:column keyPath: message`, one finding per string.
func described(_ findings: [Finding]) -> [String] {
  findings.map { "\($0.rule) \($0.line):\($0.column) \($0.keyPath ?? "-"): \($0.message)" }
}

@Suite("Localization rules: payload against tables (SPEC §3)")
struct LocalizationChecksTests {
  /// The body's loc-key value is at 2:14; the loc-args elements at 3:16 and 3:25.
  static func payload(key: String, args: [String]?) -> String {
    var text = "{\"aps\": {\"alert\": {\n  \"loc-key\": \"\(key)\""
    if let args { text += ",\n  \"loc-args\": [" + args.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
    return text + "\n}}}"
  }

  func check(_ payload: String, _ bundle: LocalizationBundle, languages: [String]? = nil) -> [String] {
    guard let alert = alertText(payload) else { return ["no alert"] }
    return described(LocalizationChecks.check(alert: alert, bundle: bundle, devices: languages.map { $0.map { [$0] } }))
  }

  @Test func locKeyMissing() {
    let bundle = tables([("en", #""OTHER" = "Other";"#)])
    #expect(check(Self.payload(key: "NEW_MSG", args: nil), bundle) == [
      "loc-key-missing 2:14 aps.alert.loc-key: 'NEW_MSG' is not in the development language's table ('en'): devices that fall back to it show the raw key"
    ])
    #expect(check(Self.payload(key: "OTHER", args: nil), bundle) == [])
  }

  @Test func locKeyMissingWithoutADevelopmentLocalization() {
    let bundle = tables([("fr", #""NEW_MSG" = "Nouveau";"#)])
    #expect(check(Self.payload(key: "NEW_MSG", args: nil), bundle) == [
      "loc-key-missing 2:14 aps.alert.loc-key: 'NEW_MSG' cannot be looked up: there is no development-language ('en') localization, so devices without a matching language show the raw key"
    ])
  }

  @Test func locKeyUntranslated() {
    let bundle = tables([("en", #""NEW_MSG" = "New";"#), ("es", #""X" = "x";"#), ("fr", #""OTHER" = "Autre";"#), ("de", #""NEW_MSG" = "Neu";"#)])
    #expect(check(Self.payload(key: "NEW_MSG", args: nil), bundle) == [
      "loc-key-untranslated 2:14 aps.alert.loc-key: 'NEW_MSG' is not translated in 'es' and 'fr': devices using them show the raw key"
    ])
    // --lang limits the localizations: fr-CA picks fr, de-AT picks de.
    #expect(check(Self.payload(key: "NEW_MSG", args: nil), bundle, languages: ["fr-CA"]) == [
      "loc-key-untranslated 2:14 aps.alert.loc-key: 'NEW_MSG' is not translated in 'fr': devices using it show the raw key"
    ])
    #expect(check(Self.payload(key: "NEW_MSG", args: nil), bundle, languages: ["de-AT", "ja"]) == [])
    let translated = tables([("en", #""NEW_MSG" = "New";"#), ("fr", #""NEW_MSG" = "Nouveau";"#)])
    #expect(check(Self.payload(key: "NEW_MSG", args: nil), translated) == [])
  }

  @Test func locArgsCount() {
    let bundle = tables([("en", #""FROM" = "%@ sent %@";"#), ("fr", #""FROM" = "%2$@ envoyé par %1$@";"#)])
    #expect(check(Self.payload(key: "FROM", args: ["Jenna"]), bundle) == [
      "loc-args-count 3:16 aps.alert.loc-args[0]: in 'en', 'FROM' ('%@ sent %@') needs 2 loc-args and the payload has 1: '%@' gets no argument and shows '(null)'",
      "loc-args-count 3:16 aps.alert.loc-args[0]: in 'fr', 'FROM' ('%2$@ envoyé par %1$@') needs 2 loc-args and the payload has 1: '%2$@' gets no argument and shows '(null)'",
    ])
    // Without loc-args the device shows the format as it is; the finding points at the loc-key.
    #expect(check(Self.payload(key: "FROM", args: nil), bundle, languages: ["en"]) == [
      "loc-args-count 2:14 aps.alert.loc-key: in 'en', 'FROM' ('%@ sent %@') needs 2 loc-args and the payload has none: the device shows the format as it is"
    ])
    #expect(check(Self.payload(key: "FROM", args: ["Jenna", "a photo"]), bundle) == [])
  }

  @Test func locArgsUnused() {
    let bundle = tables([("en", #""FROM" = "From %@";"#), ("fr", #""FROM" = "De %1$@";"#)])
    #expect(check(Self.payload(key: "FROM", args: ["Jenna", "x"]), bundle) == [
      "loc-args-unused 3:25 aps.alert.loc-args[1]: loc-args has 2 values but no localization of 'FROM' reads more than 1: the last one is ignored"
    ])
    #expect(check(Self.payload(key: "FROM", args: ["Jenna"]), bundle) == [])
    // One localization reading the second argument is enough.
    let fr2 = tables([("en", #""FROM" = "From %@";"#), ("fr", #""FROM" = "De %1$@ (%2$@)";"#)])
    #expect(check(Self.payload(key: "FROM", args: ["Jenna", "x"]), fr2) == [])
  }

  @Test func locFormatUnsupported() {
    let bundle = tables([("en", #""COUNT" = "%d new messages";"#)])
    #expect(check(Self.payload(key: "COUNT", args: ["3"]), bundle) == [
      "loc-format-unsupported 2:14 aps.alert.loc-key: in 'en', 'COUNT' uses '%d' ('%d new messages'), which the device does not expand: only %@, %n$@ and %% are supported"
    ])
    // A lone '%' before a letter is a conversion to CoreFoundation ('% o', octal): it reads position 1.
    let lone = tables([("en", #""SALE" = "50% off %@";"#)])
    #expect(check(Self.payload(key: "SALE", args: ["now"]), lone) == [
      "loc-format-unsupported 2:14 aps.alert.loc-key: in 'en', 'SALE' uses '% o' ('50% off %@'), which the device does not expand: only %@, %n$@ and %% are supported",
      "loc-args-count 3:16 aps.alert.loc-args[0]: in 'en', 'SALE' ('50% off %@') needs 2 loc-args and the payload has 1: '%@' gets no argument and shows '(null)'",
    ])
    let trailing = tables([("en", #""SALE" = "%@ 50%";"#)])
    #expect(check(Self.payload(key: "SALE", args: ["now"]), trailing) == [
      "loc-format-unsupported 2:14 aps.alert.loc-key: in 'en', 'SALE' has a lone '%' ('%@ 50%'): write %% for a percent sign"
    ])
    #expect(check(Self.payload(key: "COUNT", args: ["3"]), tables([("en", #""COUNT" = "%@ new messages";"#)])) == [])
  }

  @Test func locFormatMixed() {
    let bundle = tables([("en", #""FROM" = "%@ and %2$@";"#)])
    #expect(check(Self.payload(key: "FROM", args: ["a", "b"]), bundle) == [
      "loc-format-mixed 2:14 aps.alert.loc-key: in 'en', 'FROM' mixes %@ and %n$@ ('%@ and %2$@'): the device counts %@ on its own, so number every specifier"
    ])
    #expect(check(Self.payload(key: "FROM", args: ["a", "b"]), tables([("en", #""FROM" = "%1$@ and %2$@";"#)])) == [])
  }

  @Test func locFormatGap() {
    let bundle = tables([("en", #""GOT" = "%1$@ got %2$@";"#), ("fr", #""GOT" = "%2$@ reçu";"#)])
    #expect(check(Self.payload(key: "GOT", args: ["Jenna", "a file"]), bundle) == [
      "loc-format-gap 2:14 aps.alert.loc-key: in 'fr', 'GOT' skips position 1 ('%2$@ reçu'): the device shows the wrong argument"
    ])
    // Only the localizations a device with the given languages uses are checked.
    #expect(check(Self.payload(key: "GOT", args: ["Jenna", "a file"]), bundle, languages: ["en-US"]) == [])
    let fixed = tables([("en", #""GOT" = "%1$@ got %2$@";"#), ("fr", #""GOT" = "%2$@ reçu de %1$@";"#)])
    #expect(check(Self.payload(key: "GOT", args: ["Jenna", "a file"]), fixed) == [])
  }

  @Test func locKeyPlural() {
    let bundle = tables([("en", #""NEW_MSG" = "New";"#)], plural: ["en": ["N_MESSAGES"]])
    #expect(check(Self.payload(key: "N_MESSAGES", args: ["3"]), bundle) == [
      "loc-key-plural 2:14 aps.alert.loc-key: 'N_MESSAGES' is a plural entry (.stringsdict or String Catalog plural variation) in 'en': iOS does not resolve plural rules for notification arguments"
    ])
    #expect(check(Self.payload(key: "NEW_MSG", args: nil), bundle) == [])
  }

  @Test func everyLocKeyIsChecked() {
    let payload = """
      {"aps": {"alert": {"title-loc-key": "T", "title-loc-args": ["a", "b"],
        "subtitle-loc-key": "S", "action-loc-key": "ACT"}}}
      """
    let bundle = tables([("en", #""T" = "%@";"#), ("fr", #""T" = "%@"; "ACT" = "Voir";"#)])
    #expect(check(payload, bundle) == [
      "loc-args-unused 1:66 aps.alert.title-loc-args[1]: loc-args has 2 values but no localization of 'T' reads more than 1: the last one is ignored",
      "loc-key-missing 2:23 aps.alert.subtitle-loc-key: 'S' is not in the development language's table ('en'): devices that fall back to it show the raw key",
      "loc-key-missing 2:46 aps.alert.action-loc-key: 'ACT' is not in the development language's table ('en'): devices that fall back to it show the raw key",
    ])
  }

  @Test func liveActivityTextObjects() {
    let payload = #"{"aps": {"event": "update", "timestamp": 1, "alert": {"title": {"loc-key": "T", "loc-args": []}, "body": {"loc-key": "B"}}}}"#
    let bundle = tables([("en", #""T" = "Score";"#)])
    #expect(check(payload, bundle) == [
      "loc-key-missing 1:118 aps.alert.body.loc-key: 'B' is not in the development language's table ('en'): devices that fall back to it show the raw key"
    ])
  }

  @Test func theDemoAppFixture() throws {
    let root = SARIFReporterTests.packageRoot.appendingPathComponent("Fixtures/Localizations/DemoApp").path
    let bundle = try LocalizationBundle(root: root)
    #expect(check(Self.payload(key: "FILE_RECEIVED", args: ["Jenna", "photo.jpg"]), bundle) == [
      "loc-key-untranslated 2:14 aps.alert.loc-key: 'FILE_RECEIVED' is not translated in 'es': devices using it show the raw key"
    ])
    #expect(check(Self.payload(key: "N_NEW_MESSAGES", args: ["3"]), bundle) == [
      "loc-key-untranslated 2:14 aps.alert.loc-key: 'N_NEW_MESSAGES' is not translated in 'de', 'es' and 'fr': devices using them show the raw key",
      "loc-key-plural 2:14 aps.alert.loc-key: 'N_NEW_MESSAGES' is a plural entry (.stringsdict or String Catalog plural variation) in 'en': iOS does not resolve plural rules for notification arguments",
    ])
  }
}

/// The typed id of the catalogue rule named `id` (tests spell rules by their ids).
/// An id the catalogue does not have is a failed test (recorded), then stands as `json-syntax`.
func ruleID(_ id: String) -> RuleID {
  guard let rule = Rule.named(id) else {
    Issue.record("no rule '\(id)' in the catalogue")
    return RuleID(PayloadRule.jsonSyntax)
  }
  return rule.id
}
