import APNsLint
import Testing

/// Hostile configurations: alias bombs and deep nesting are errors with a position, read in
/// bounded time and memory (anchors stop the reading at the first one; nesting at 32 levels).
@Suite struct HostileConfigurationTests {
  static func failure(_ yaml: String) -> ConfigurationError? {
    var result: ConfigurationError?
    let elapsed = ContinuousClock().measure {
      do {
        _ = try Configuration.parse(yaml: yaml, path: "hostile.yml", base: .builtIn)
      } catch {
        result = error as? ConfigurationError
      }
    }
    #expect(elapsed < .seconds(20), "took \(elapsed)")
    print("HostileConfigurationTests: \(yaml.utf8.count) bytes: \(elapsed)")
    return result
  }

  /// The "billion laughs": nine levels of ten aliases each.
  static let billionLaughs: String = {
    var text = "version: 1\na0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    for level in 1...9 {
      text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]\n"
    }
    return text
  }()

  @Test func billionLaughsStopsAtTheFirstAnchor() {
    let error = Self.failure(Self.billionLaughs)
    #expect(error?.line == 2)
    #expect(error?.column == 5)
    #expect(error?.message.contains("anchors are not allowed") == true)
  }

  @Test func aliasBeforeAnyAnchorIsAnError() {
    let error = Self.failure("version: 1\nrules: *bomb\n")
    #expect(error?.line == 2)
    #expect(error?.message.contains("alias") == true)
  }

  @Test(arguments: [("[", 1), ("{a: ", 4), ("- ", 2), ("a:\n", 0)])
  func aMillionDeep(_ opener: String, _ width: Int) {
    let error = Self.failure(String(repeating: opener, count: 1_000_000))
    if width == 0 {
      // `a:` on a million lines: one flat mapping whose keys repeat.
      #expect(error?.line == 2)
      #expect(error?.message.hasPrefix("duplicate key 'a'") == true)
      return
    }
    #expect(error?.line == 1)
    // The 33rd opener is refused.
    #expect(error?.column == 32 * width + 1)
    #expect(error?.message == "nesting deeper than 32 levels")
  }

  @Test func aMillionDeepIndentedMappings() {
    // Each level one space deeper: 1,400 levels (a million bytes) of `k:` mappings.
    var text = ""
    for level in 0..<1_400 { text += String(repeating: " ", count: level) + "k:\n" }
    let error = Self.failure(text)
    #expect(error?.line != nil)
    #expect(error.map { $0.line >= 1 && $0.column >= 1 } == true)
  }

  @Test func aMegabyteOfRandomBytes() {
    var state: UInt64 = 0xCAFE
    let bytes = (0..<1_000_000).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    let error = Self.failure(String(decoding: bytes, as: UTF8.self))
    #expect(error.map { $0.line >= 1 && $0.column >= 1 } == true)
  }

  /// Fuzzing (slow-unit-0b8d196a…, a 160-scalar unknown rule id) led here: the "did you mean"
  /// edit distances grew with the id's length, and YAML's explicit `? key` has no length limit, so
  /// a megabyte-long id took minutes. Ids of another length are no longer compared.
  @Test func aMegabyteLongRuleID() {
    let error = Self.failure("version: 1\nrules:\n  ? " + String(repeating: "x", count: 1_000_000) + "\n  : error\n")
    #expect(error?.line == 3)
    #expect(error?.column == 5)
    #expect(error?.message.hasSuffix("'apns-lint rules' lists every rule") == true)
    // A near miss of the same length is still suggested.
    #expect(Self.failure("version: 1\nrules:\n  unknown-keys: error\n")?.message.contains("did you mean 'unknown-key'?") == true)
  }
}
