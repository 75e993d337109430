import Foundation
import Testing
import TestSupport
@testable import StringsFile

/// Every table of `Fixtures/RealLocalizations` (see its SOURCES.tsv) read by us and by
/// `PropertyListSerialization`: the same map for every `.strings` Foundation reads, a fatal
/// finding for every one it refuses (only real broken files of `leftovers/`), the same plural keys
/// for every `.stringsdict`; the catalog's languages are all read. The tables are real material,
/// read from the shared folder (`RealMaterial`); skipped without it.
@Suite("Real localizations: our reading equals PropertyListSerialization", .enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
struct RealLocalizationsDifferentialTests {
  static let root = RealMaterial.url("Fixtures/RealLocalizations")

  static func files(_ ext: String) -> [URL] {
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
  }

  @Test func everyTableMatchesFoundation() throws {
    var compared = 0, refused = 0
    for url in Self.files("strings") {
      let data = try Data(contentsOf: url)
      let table = StringsParser.parse(data, path: url.path)
      let foundation = foundationMap(data)
      let fatal = table.findings.filter { StringsTable.fatalRules.contains($0.rule) }
      // The apps' tables all load; the leftovers' broken ones (UTF-16 without a byte order mark,
      // a missing ';') are refused by Foundation, and then we must refuse them too.
      #expect(fatal.isEmpty == (foundation.map != nil),
              "\(url.path): Foundation \(foundation.map == nil ? "refuses" : "reads") it; our fatal findings: \(fatal)")
      if foundation.map == nil { #expect(url.path.contains("/leftovers/"), "\(url.path): Foundation refuses it") }
      if foundation.map != nil { #expect(table.values == foundation.map, "\(url.path): maps differ") } else { refused += 1 }
      compared += 1
    }
    for url in Self.files("stringsdict") {
      let data = try Data(contentsOf: url)
      let table = StringsParser.parse(data, path: url.path)
      let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
      #expect(table.pluralKeys == Set(plist?.keys.map { $0 } ?? []), "\(url.path)")
      #expect(table.variations.count == table.pluralKeys.count, "\(url.path)")
      compared += 1
    }
    // 17 .stringsdict files of ElementX and mastodon-ios added for SPEC §14, then the 9 tables of
    // the leftovers (`leftovers/`), 4 of which Foundation refuses (cashflow's de, ja and en,
    // AutoLocalize's BOM-less UTF-16).
    #expect(compared == 225)
    #expect(refused == 4)
  }

  @Test func theCatalogHasEveryLanguage() throws {
    let url = Self.root.appendingPathComponent("IceCubesApp/IceCubesApp/Resources/Localization/Localizable.xcstrings")
    let catalog = StringCatalog.parse(try Data(contentsOf: url), path: url.path)
    #expect(catalog.findings.isEmpty)
    #expect(catalog.tables.count == 19)
    // 733 keys: 721 with a value, the others plural variations only.
    let en = try #require(catalog.tables["en"])
    #expect(en.entries.count == 721 && Set(en.entries.map(\.key)).union(en.pluralKeys).count == 733)
    // Keys with device variations only exist (each language's iPhone text).
    #expect(catalog.tables["de"]?.values["settings.display.section.platform"] == "iPhone")
    #expect(catalog.tables["en"]?.argumentFormats["account.label.followers %lld %@"] == "%lld %2$@ followers")
  }
}
