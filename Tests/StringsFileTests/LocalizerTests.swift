import Foundation
import Testing
@testable import StringsFile

/// A localization whose table is read from `.strings` text.
func localization(_ identifier: String, _ text: String, plural: Set<String> = []) -> Localization {
  Localization(
    identifier: identifier, languageCode: identifier,
    table: StringsParser.parse(Data(text.utf8), path: "\(identifier).lproj/Localizable.strings"), pluralKeys: plural)
}

@Suite("Localizer: what the device shows")
struct LocalizerTests {
  static let demo = Result { try LocalizationBundle(root: fixtures.appendingPathComponent("DemoApp").path) }

  static let fileAlert = AlertSpec(
    titleLocKey: "NEW_MESSAGE_TITLE", locKey: "FILE_RECEIVED", locArgs: ["Jenna", "photo.jpg"], actionLocKey: "ACTION_VIEW")

  /// The same alert on devices with different languages: UTF-8, UTF-16LE and binary-plist tables,
  /// and the fallbacks of SPEC §6.
  @Test(arguments: [
    ("en", "en", "New message", "photo.jpg received from Jenna", "View"),
    ("en-AU", "en", "New message", "photo.jpg received from Jenna", "View"),
    ("fr", "fr", "Nouveau message", "photo.jpg reçu de Jenna", "Voir"),
    ("fr-CA", "fr", "Nouveau message", "photo.jpg reçu de Jenna", "Voir"),
    ("de-AT", "de", "Neue Nachricht", "photo.jpg von Jenna empfangen", "Öffnen"),
    ("ja", "en", "New message", "photo.jpg received from Jenna", "View"),
    // es has no FILE_RECEIVED: the device shows the key, not the English text.
    ("es-MX", "es", "Mensaje nuevo", "FILE_RECEIVED", "Ver"),
  ])
  func rendersTheDemoApp(language: String, picked: String, title: String, body: String, action: String) throws {
    let bundle = try Self.demo.get()
    let chosen = bundle.localization(for: [language])
    #expect(chosen?.identifier == picked)
    #expect(Localizer.render(Self.fileAlert, in: chosen) == RenderedAlert(title: title, subtitle: nil, body: body, action: action))
  }

  @Test func fillsArgumentsInEveryLanguage() throws {
    let bundle = try Self.demo.get()
    let invite = AlertSpec(locKey: "GAME_PLAY_REQUEST_FORMAT", locArgs: ["Jenna", "Frank"])
    #expect(Localizer.render(invite, in: bundle.localization(for: ["fr"])).body == "Jenna et Frank vous invitent à jouer au Monopoly")
    #expect(Localizer.render(invite, in: bundle.localization(for: ["de"])).body
      == "Jenna und Frank haben dich zu einer Partie Monopoly eingeladen")
    // One argument short: Foundation's (null).
    let short = AlertSpec(locKey: "GAME_PLAY_REQUEST_FORMAT", locArgs: ["Jenna"])
    #expect(Localizer.render(short, in: bundle.localization(for: ["en"])).body == "Jenna and (null) have invited you to play Monopoly")
    // Extra arguments are ignored.
    let extra = AlertSpec(locKey: "NEW_MESSAGE_FROM", locArgs: ["Jenna", "unused"])
    #expect(Localizer.render(extra, in: bundle.localization(for: ["en"])).body == "Jenna sent you a message")
  }

  @Test func aGapShowsTheWrongArgument() {
    let fr = localization("fr", #""GOT" = "%2$@ reçu"; "BOTH" = "%2$@ reçu de %1$@";"#)
    #expect(Localizer.render(AlertSpec(locKey: "GOT", locArgs: ["Jenna", "un fichier"]), in: fr).body == "Jenna reçu")
    #expect(Localizer.render(AlertSpec(locKey: "BOTH", locArgs: ["Jenna", "un fichier"]), in: fr).body == "un fichier reçu de Jenna")
  }

  @Test func withoutArgumentsTheStringIsShownAsItIs() {
    let en = localization("en", #""SALE" = "50%% off for %@"; "PLAIN" = "Hello";"#)
    #expect(Localizer.render(AlertSpec(locKey: "SALE"), in: en).body == "50%% off for %@")
    #expect(Localizer.render(AlertSpec(locKey: "SALE", locArgs: []), in: en).body == "50%% off for %@")
    #expect(Localizer.render(AlertSpec(locKey: "SALE", locArgs: ["you"]), in: en).body == "50% off for you")
    #expect(Localizer.render(AlertSpec(locKey: "PLAIN"), in: en).body == "Hello")
  }

  @Test func unsupportedSpecifiersStayVerbatim() {
    let en = localization("en", #""COUNT" = "%d new messages from %@";"#)
    #expect(Localizer.render(AlertSpec(locKey: "COUNT", locArgs: ["3", "Jenna"]), in: en).body == "%d new messages from Jenna")
  }

  @Test func plainFieldsAndPrecedence() {
    let en = localization("en", #""T" = "Localized title"; "B" = "Localized body";"#)
    let plain = AlertSpec(title: "Hi", subtitle: "There", body: "Body %@")
    #expect(Localizer.render(plain, in: en) == RenderedAlert(title: "Hi", subtitle: "There", body: "Body %@", action: nil))
    let both = AlertSpec(title: "Hi", body: "Body", titleLocKey: "T", locKey: "B")
    #expect(Localizer.render(both, in: en) == RenderedAlert(title: "Localized title", body: "Localized body"))
    #expect(Localizer.render(.plain("Just text"), in: en) == RenderedAlert(body: "Just text"))
    let subtitle = AlertSpec(subtitleLocKey: "MISSING %@", subtitleLocArgs: ["x"])
    #expect(Localizer.render(subtitle, in: en).subtitle == "MISSING x")
  }

  @Test func noLocalizationOrARefusedTableShowsTheKeys() {
    let alert = AlertSpec(titleLocKey: "T", locKey: "B", actionLocKey: "A")
    #expect(Localizer.render(alert, in: nil) == RenderedAlert(title: "T", body: "B", action: "A"))
    // A missing ';' makes CoreFoundation refuse the whole file, so the readable first entry is not used.
    let broken = localization("en", "\"T\" = \"Title\";\n\"B\" = \"Body\"\n\"A\" = \"Open\";")
    #expect(broken.table?.values["T"] == "Title")
    #expect(Localizer.isLoaded(broken.table ?? StringsTable(path: "", format: .text)) == false)
    #expect(Localizer.render(alert, in: broken) == RenderedAlert(title: "T", body: "B", action: "A"))
  }

  @Test func catalogLanguagesRender() throws {
    let bundle = try LocalizationBundle(root: fixtures.appendingPathComponent("Catalog").path)
    let alert = AlertSpec(locKey: "FILE_RECEIVED", locArgs: ["Jenna", "photo.jpg"], actionLocKey: "Open")
    #expect(Localizer.render(alert, in: bundle.localization(for: ["ja-JP"])) == RenderedAlert(body: "Jennaからphoto.jpgを受信しました", action: "Open"))
    #expect(Localizer.localizedString(forKey: "ACTION_VIEW", arguments: nil, in: bundle.localization(for: ["ja"])) == "表示")
  }
}
