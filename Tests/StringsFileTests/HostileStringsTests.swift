import Foundation
import Testing
@testable import StringsFile

/// Hostile tables: nesting a million deep, huge files and argument lists. Each completes, bounded,
/// with a finding where the device would refuse the file.
@Suite struct HostileStringsTests {
  static func timed<T>(_ what: String, limit: Duration = .seconds(20), _ body: () -> T) -> T {
    var result: T?
    let elapsed = ContinuousClock().measure { result = body() }
    #expect(elapsed < limit, "\(what) took \(elapsed)")
    print("HostileStringsTests: \(what): \(elapsed)")
    return result!
  }

  static func parse(_ bytes: [UInt8], _ path: String) -> StringsTable { StringsParser.parse(Data(bytes), path: path) }

  @Test(arguments: [UInt8(ascii: "{"), UInt8(ascii: "(")])
  func aMillionOpeningBracesOrParentheses(_ opener: UInt8) {
    let bytes = [UInt8](repeating: opener, count: 1_000_000)
    let table = Self.timed("1,000,000 '\(Character(Unicode.Scalar(opener)))' in a .strings") { Self.parse(bytes, "x.strings") }
    #expect(!table.isReadable)
    #expect(table.findings.contains { $0.stringsRule == .syntax })
  }

  @Test func nestedArraysInAValue() {
    let text = #""k" = "# + String(repeating: "(", count: 1_000_000)
    let table = Self.timed("a value nested 1,000,000 deep") { Self.parse(Array(text.utf8), "x.strings") }
    #expect(table.findings.contains { $0.stringsRule == .syntax })
  }

  @Test func aMillionDeepCatalog() {
    let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    let table = Self.timed("1,000,000 '[' in a .xcstrings") { Self.parse(bytes, "x.xcstrings") }
    #expect(table.findings.contains { $0.stringsRule == .syntax })
  }

  @Test func deepXMLPlist() {
    let text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"# + String(repeating: "<array>", count: 200_000)
    let dict = Self.timed("200,000 nested <array> in a .stringsdict") { Self.parse(Array(text.utf8), "x.stringsdict") }
    #expect(!dict.findings.isEmpty)
    let strings = Self.timed("200,000 nested <array> in a .strings") { Self.parse(Array(text.utf8), "x.strings") }
    #expect(!strings.findings.isEmpty)
  }

  @Test func aMegabyteOfRandomBytes() {
    var state: UInt64 = 0xFEED
    let bytes = (0..<1_000_000).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    for path in ["x.strings", "x.stringsdict", "x.xcstrings"] {
      let table = Self.timed("1 MB of random bytes as \(path)") { Self.parse(bytes, path) }
      #expect(!table.findings.isEmpty)
    }
  }

  @Test func renderingWithTwoHundredThousandLocArgs() {
    let fr = localization("fr", #""FILE_RECEIVED" = "%2$@ reçu de %1$@";"#)
    let args = (0..<200_000).map { "a\($0)" }
    let alert = AlertSpec(titleLocKey: "MISSING", titleLocArgs: args, locKey: "FILE_RECEIVED", locArgs: args)
    let rendered = Self.timed("render with 200,000 loc-args") { Localizer.render(alert, in: fr) }
    #expect(rendered.body == "a1 reçu de a0")
    #expect(rendered.title == "MISSING")
  }

  @Test func manyPreferredLanguagesAndLocalizations() {
    let available = (0..<2_000).map { Localization(identifier: "x\($0)", languageCode: "x\($0)", table: nil) }
    let bundle = LocalizationBundle(localizations: available + [Localization(identifier: "en", languageCode: "en", table: nil)])
    // Time is preferred × available × fallback chain: 200 × 2,001 × 3 takes 0.7 s in a debug build.
    let preferred = (0..<200).map { "y\($0)-Latn-US" }
    let picked = Self.timed("200 preferred languages × 2,001 localizations") { bundle.localization(for: preferred) }
    #expect(picked?.identifier == "en")
  }
}
