import Foundation
import Testing
import StringsFile

/// The generated plural table (`scripts/generate-plural-rules`) against the CLDR data it was made
/// from (`Fixtures/CLDR/plurals.json`, written by the same run from babel's CLDR).
@Suite struct PluralRulesTests {
  struct Data: Decodable {
    let babel: String
    let cldr: String
    let languages: [String: Language]
  }
  struct Language: Decodable {
    let categories: [String]
    let integerCategories: [String]
    let examples: [String: [Int]]
    let fractionExamples: [String: String]
    let oneCoversMore: Bool
  }

  static let data: Data = {
    let url = packageRoot.appendingPathComponent("Fixtures/CLDR/plurals.json")
    return try! JSONDecoder().decode(Data.self, from: Foundation.Data(contentsOf: url))
  }()

  /// The localizations Apple ships (iOS and macOS system languages and App Store Connect's
  /// localizations), as app bundles name them.
  static let appleLocalizations = [
    "ar", "bg", "bn", "ca", "cs", "da", "de", "el", "en", "en-AU", "en-CA", "en-GB", "en-IN", "es", "es-419", "es-MX",
    "fi", "fr", "fr-CA", "gu", "he", "hi", "hr", "hu", "id", "it", "ja", "kk", "kn", "ko", "lt", "ml", "mr", "ms",
    "nb", "nl", "or", "pa", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl", "sv", "ta", "te", "th", "tr", "uk", "ur",
    "vi", "zh-Hans", "zh-Hant", "zh-HK",
  ]

  /// The entry CLDR has for a localization: the most specific identifier, subtags dropped from the end.
  static func cldrEntry(_ name: String) -> Language? {
    var key = name
    while true {
      if let found = data.languages.first(where: { $0.key.lowercased() == key.lowercased() })?.value { return found }
      guard let dash = key.lastIndex(of: "-") else { return nil }
      key = String(key[..<dash])
    }
  }

  static func check(_ rules: PluralRules, against expected: Language, _ name: String) {
    #expect(rules.categories.map(\.rawValue) == expected.categories, "\(name)")
    #expect(rules.integerCategories.map(\.rawValue) == expected.integerCategories, "\(name)")
    #expect(rules.oneCoversMore == expected.oneCoversMore, "\(name)")
    for category in rules.categories {
      #expect(rules.examples[category] ?? [] == expected.examples[category.rawValue] ?? [], "\(name) \(category)")
      #expect(rules.fractionExamples[category] == expected.fractionExamples[category.rawValue], "\(name) \(category)")
    }
  }

  @Test func versionsAreThoseOfTheData() {
    #expect(PluralRules.cldrVersion == Self.data.cldr)
    #expect(PluralRules.babelVersion == Self.data.babel)
  }

  @Test(arguments: appleLocalizations)
  func appleLocalizationAgreesWithCLDR(_ name: String) throws {
    let expected = try #require(Self.cldrEntry(name), "CLDR has no entry for \(name)")
    let rules = try #require(PluralRules.forLanguage(name))
    Self.check(rules, against: expected, name)
  }

  @Test func everyLanguageOfTheDataIsInTheTable() {
    #expect(PluralRules.languages == Self.data.languages.keys.sorted())
    for (name, expected) in Self.data.languages {
      guard let rules = PluralRules.forLanguage(name) else { Issue.record("\(name) missing"); continue }
      Self.check(rules, against: expected, name)
    }
  }

  /// What the lint relies on, spelt out for the languages SPEC §14 names.
  @Test func theLanguagesTheSpecNames() throws {
    let ru = try #require(PluralRules.forLanguage("ru"))
    #expect(ru.integerCategories == [.one, .few, .many])
    #expect(ru.examples[.few] == [2, 3, 4])
    #expect(ru.examples[.one] == [1, 21, 31])
    #expect(ru.oneCoversMore)
    #expect(ru.fractionExamples == [.other: "1.5"])
    #expect(ru.neededCategories(fractions: false) == [.one, .few, .many])
    #expect(ru.neededCategories(fractions: true) == [.one, .few, .many, .other])
    #expect(PluralRules.forLanguage("cs")?.neededCategories(fractions: true) == [.one, .few, .many, .other])
    #expect(PluralRules.forLanguage("fr")?.neededCategories(fractions: true) == [.one, .other])
    for name in ["fr", "es", "it", "pt", "ca", "pt_PT", "es-419"] {
      let rules = try #require(PluralRules.forLanguage(name))
      #expect(rules.categories.contains(.many) && !rules.integerCategories.contains(.many), "\(name)")
      #expect(rules.examples[.many] == [1_000_000], "\(name)")
    }
    #expect(PluralRules.forLanguage("he")?.categories == [.one, .two, .other])
    #expect(PluralRules.forLanguage("ko")?.categories == [.other])
    #expect(PluralRules.forLanguage("pl")?.oneCoversMore == false)
    #expect(PluralRules.forLanguage("fr")?.examples[.one] == [0, 1])
    #expect(PluralRules.forLanguage("pt-BR")?.oneCoversMore == true)
    #expect(PluralRules.forLanguage("pt-PT")?.oneCoversMore == false)
    #expect(PluralRules.forLanguage("ar")?.integerCategories == [.zero, .one, .two, .few, .many, .other])
    #expect(PluralRules.forLanguage("Base") == nil)
    #expect(PluralRules.forLanguage("xx-unknown") == nil)
  }
}
