import Foundation
import Testing
@testable import StringsFile

let fixtures = packageRoot.appendingPathComponent("Fixtures/Localizations")

func bundle(_ identifiers: [String], developmentLanguage: String = "en") -> LocalizationBundle {
  LocalizationBundle(
    localizations: identifiers.map { Localization(identifier: $0, languageCode: LanguageTag($0)?.code ?? $0, table: nil) },
    developmentLanguage: developmentLanguage)
}

@Suite("Localization resolution (SPEC §6)")
struct ResolutionTests {
  /// Every row of the SPEC §6 table: preferred languages, available localizations, picked.
  @Test(arguments: [
    (["en-GB"], ["en", "en_AU", "en_GB"], "en_GB"),
    (["en-AU"], ["en", "en_GB"], "en_GB"),
    (["en-IN"], ["en", "en_AU", "en_GB"], "en_GB"),
    (["zh-Hans-CN"], ["zh_CN", "zh_TW"], "zh_CN"),
    (["zh-CN"], ["zh-Hans", "zh-Hant"], "zh-Hans"),
    (["zh-TW"], ["zh-Hans", "zh-Hant"], "zh-Hant"),
    (["pt-BR"], ["pt", "pt_PT"], "pt"),
    (["pt-PT"], ["pt", "pt_BR"], "pt"),
    (["es-MX"], ["es", "es_419"], "es_419"),
    (["fr-CA"], ["en", "fr"], "fr"),
    (["de-AT", "fr"], ["en", "fr"], "fr"),
    (["ja"], ["en", "fr"], "en"),
    (["en-US"], ["English", "French"], "English"),
  ])
  func specTable(preferred: [String], available: [String], picked: String) {
    #expect(bundle(available).localization(for: preferred)?.identifier == picked)
  }

  @Test(arguments: [
    (["en-AU"], ["en", "en_AU", "en_GB"], "en_AU"),
    (["en-US"], ["en", "en_GB"], "en"),
    (["en"], ["en_GB", "en_AU"], "en_GB"),
    (["zh-HK"], ["zh-Hans", "zh-Hant"], "zh-Hant"),
    (["zh-Hant"], ["zh_CN", "zh_TW"], "zh_TW"),
    (["zh-TW"], ["zh-Hans"], "zh-Hans"),  // no Traditional localization: the development language (zh-Hans here)
    (["pt-AO"], ["pt", "pt_PT"], "pt_PT"),
    (["es-AR"], ["es", "es_419"], "es_419"),
    (["es-ES"], ["es", "es_419"], "es"),
    (["FR_ca"], ["EN", "Fr"], "Fr"),
    (["nl"], ["Dutch", "German"], "Dutch"),
    (["zh-Hans"], ["Chinese", "English"], "Chinese"),
    ([], ["fr", "en"], "en"),
    // Norwegian (SPEC §6): nb and nn have the parent no; a closer folder wins.
    (["nb-NO"], ["en", "no"], "no"),
    (["nb"], ["en", "no"], "no"),
    (["nn"], ["en", "no", "sv"], "no"),
    (["nb"], ["en", "no", "nb"], "nb"),
    (["nn-NO", "nb"], ["en", "nb", "no"], "no"),
    (["no"], ["en", "nb"], "en"),
  ])
  func beyondTheTable(preferred: [String], available: [String], picked: String) {
    let dev = preferred == ["zh-TW"] ? "zh-Hans" : "en"
    #expect(bundle(available, developmentLanguage: dev).localization(for: preferred)?.identifier == picked)
  }

  @Test func traditionalChineseNeverGetsSimplified() {
    #expect(bundle(["zh-Hans", "fr"], developmentLanguage: "fr").localization(for: ["zh-TW"])?.identifier == "fr")
  }

  @Test func noDevelopmentLocalizationGivesNil() {
    #expect(bundle(["fr", "de"]).localization(for: ["ja"]) == nil)
  }

  @Test(arguments: [
    ("en_GB", "en-GB"), ("English", "en"), ("Chinese", "zh-Hans"), ("zh_CN", "zh-Hans-CN"),
    ("zh-hant", "zh-Hant"), ("es_419", "es-419"), ("pt-br", "pt-BR"), ("German", "de"),
  ])
  func languageCodes(identifier: String, code: String) {
    #expect(LanguageTag(identifier)?.code == code)
  }
}

@Suite("LocalizationBundle over the fixtures")
struct LocalizationBundleTests {
  @Test func demoAppReadsEveryFormat() throws {
    let demo = try LocalizationBundle(root: fixtures.appendingPathComponent("DemoApp").path)
    #expect(demo.localizations.map(\.identifier) == ["de", "en", "es", "fr"])
    let byID = Dictionary(uniqueKeysWithValues: demo.localizations.map { ($0.identifier, $0) })
    #expect(byID["de"]?.table?.format == .binary)
    #expect(byID["de"]?.table?.values["ACTION_VIEW"] == "Öffnen")
    #expect(byID["fr"]?.table?.encoding == "utf-16le")
    #expect(byID["fr"]?.table?.values["FILE_RECEIVED"] == "%2$@ reçu de %1$@")
    #expect(byID["en"]?.table?.encoding == "utf-8")
    #expect(byID["en"]?.pluralKeys == ["N_NEW_MESSAGES"])
    #expect(byID["en"]?.files.count == 2)
    #expect(byID["es"]?.table?.values["FILE_RECEIVED"] == nil)
    #expect(byID["en"]?.table?.entries.first == StringsEntry(
      key: "NEW_MESSAGE_TITLE", value: "New message", line: 7, column: 1, comment: "Title of the alert for a new chat message"))
    #expect(byID["fr"]?.table?.entries.first?.comment == "Title of the alert for a new chat message")
    for localization in demo.localizations { #expect(localization.table?.findings == [], "\(localization.identifier)") }
    #expect(demo.findings.isEmpty)
    #expect(demo.localization(for: ["fr-CA"])?.identifier == "fr")
    #expect(demo.localization(for: ["de-AT"])?.identifier == "de")
    #expect(demo.localization(for: ["ja"])?.identifier == "en")
    // The tables equal Foundation's reading of the same files.
    for localization in demo.localizations {
      for file in localization.files where file.hasSuffix(".strings") {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let map = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String]
        #expect(StringsParser.parse(data, path: file).values == map)
      }
    }
  }

  @Test func catalogGivesOneLocalizationPerLanguage() throws {
    let root = fixtures.appendingPathComponent("Catalog").path
    let catalog = try LocalizationBundle(root: root)
    #expect(catalog.localizations.map(\.identifier) == ["en", "fr", "ja"])
    let en = catalog.localization(for: ["en-GB"])
    #expect(en?.table?.values["NEW_MESSAGE_TITLE"] == "New message")
    #expect(en?.table?.values["Open"] == "Open")
    #expect(en?.pluralKeys == ["N_NEW_MESSAGES"])
    #expect(catalog.localization(for: ["fr"])?.table?.values["FILE_RECEIVED"] == "%2$@ reçu de %1$@")
    #expect(catalog.localization(for: ["ja-JP"])?.table?.values["ACTION_VIEW"] == "表示")
    #expect(catalog.localization(for: ["ja"])?.table?.values["N_NEW_MESSAGES"] == nil)

    let data = try Data(contentsOf: URL(fileURLWithPath: root + "/Localizable.xcstrings"))
    let parsed = StringCatalog.parse(data, path: "Localizable.xcstrings")
    #expect(parsed.sourceLanguage == "en")
    #expect(parsed.findings.isEmpty)
    #expect(parsed.tables["fr"]?.entries.first?.comment == "Action button that opens the message")
  }

  @Test func wholeFixtureTreeIsFoundRecursively() throws {
    let all = try LocalizationBundle(root: fixtures.path)
    #expect(all.localizations.map(\.identifier) == ["de", "en", "es", "fr", "ja"])
    #expect(all.localizations.first { $0.identifier == "fr" }?.files.count == 2)
  }

  @Test func missingRootThrows() {
    #expect(throws: (any Error).self) { try LocalizationBundle(root: "/nonexistent/folder") }
  }

  @Test func brokenCatalogIsAFinding() {
    let parsed = StringCatalog.parse(Data("{\"sourceLanguage\": ".utf8), path: "x.xcstrings")
    #expect(parsed.findings.map(\.stringsRule) == [.syntax])
  }
}
