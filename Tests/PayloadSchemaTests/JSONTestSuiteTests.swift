import Foundation
import PayloadSchema
import Testing
import TestSupport

/// RFC 8259 conformance on nst/JSONTestSuite (MIT, github.com/nst/JSONTestSuite `test_parsing/`),
/// which the repository no longer holds: it is read from the shared folder
/// (`wild/project-fixtures/Tests/Data/JSONTestSuite`, `RealMaterial`), and the suite is skipped
/// without it. The reader's own cases (lone surrogates, BOM, depth, invalid UTF-8, duplicate
/// keys) are in `RuleTests` and `HostilePayloadTests`.
@Suite(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
struct JSONTestSuiteTests {
  static let directory = RealMaterial.path("Tests/Data/JSONTestSuite/test_parsing")
  static let readingRules: Set<PayloadRule> = [.jsonSyntax, .jsonInvalidUTF8, .jsonTooDeep, .payloadEmpty]

  static func files(_ prefix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  static func rules(_ name: String) -> Set<PayloadRule> {
    let data = FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
    var v = PayloadValidator()
    return Set(v.validate(data).findings.compactMap(\.payloadRule))
  }

  @Test func corpusIsThere() {
    #expect(Self.files("y_").count >= 90)
    #expect(Self.files("n_").count >= 180)
    #expect(Self.files("i_").count >= 30)
  }

  @Test(arguments: files("y_"))
  func accepted(_ name: String) {
    let found = Self.rules(name)
    #expect(found.isDisjoint(with: Self.readingRules), "\(name): \(found)")
  }

  @Test(arguments: files("n_"))
  func rejected(_ name: String) {
    let found = Self.rules(name)
    #expect(!found.isDisjoint(with: Self.readingRules), "\(name): \(found)")
  }

  @Test func duplicateKeyIsReadAndReported() {
    #expect(Self.rules("y_object_duplicated_key.json").contains(.jsonDuplicateKey))
    #expect(Self.rules("y_object_duplicated_key_and_value.json").contains(.jsonDuplicateKey))
  }

  /// What we do with each implementation-defined case: the reading rules (and encoding warnings)
  /// each file gets. `[]` means accepted as JSON.
  static let implementationDefined: [String: Set<PayloadRule>] = [
    "i_number_double_huge_neg_exp.json": [],
    "i_number_huge_exp.json": [],
    "i_number_neg_int_huge_exp.json": [],
    "i_number_pos_double_huge_exp.json": [],
    "i_number_real_neg_overflow.json": [],
    "i_number_real_pos_overflow.json": [],
    "i_number_real_underflow.json": [],
    "i_number_too_big_neg_int.json": [],
    "i_number_too_big_pos_int.json": [],
    "i_number_very_big_negative_int.json": [],
    "i_object_key_lone_2nd_surrogate.json": [.jsonLoneSurrogate],
    "i_string_1st_surrogate_but_2nd_missing.json": [.jsonLoneSurrogate],
    "i_string_1st_valid_surrogate_2nd_invalid.json": [.jsonLoneSurrogate],
    "i_string_UTF-16LE_with_BOM.json": [.jsonSyntax],
    "i_string_UTF-8_invalid_sequence.json": [.jsonInvalidUTF8],
    "i_string_UTF8_surrogate_U+D800.json": [.jsonInvalidUTF8],
    "i_string_incomplete_surrogate_and_escape_valid.json": [.jsonLoneSurrogate],
    "i_string_incomplete_surrogate_pair.json": [.jsonLoneSurrogate],
    "i_string_incomplete_surrogates_escape_valid.json": [.jsonLoneSurrogate],
    "i_string_invalid_lonely_surrogate.json": [.jsonLoneSurrogate],
    "i_string_invalid_surrogate.json": [.jsonLoneSurrogate],
    "i_string_invalid_utf-8.json": [.jsonInvalidUTF8],
    "i_string_inverted_surrogates_U+1D11E.json": [.jsonLoneSurrogate],
    "i_string_iso_latin_1.json": [.jsonInvalidUTF8],
    "i_string_lone_second_surrogate.json": [.jsonLoneSurrogate],
    "i_string_lone_utf8_continuation_byte.json": [.jsonInvalidUTF8],
    "i_string_not_in_unicode_range.json": [.jsonInvalidUTF8],
    "i_string_overlong_sequence_2_bytes.json": [.jsonInvalidUTF8],
    "i_string_overlong_sequence_6_bytes.json": [.jsonInvalidUTF8],
    "i_string_overlong_sequence_6_bytes_null.json": [.jsonInvalidUTF8],
    "i_string_truncated-utf-8.json": [.jsonInvalidUTF8],
    "i_string_utf16BE_no_BOM.json": [.jsonSyntax],
    "i_string_utf16LE_no_BOM.json": [.jsonSyntax],
    "i_structure_500_nested_arrays.json": [.jsonTooDeep],
    "i_structure_UTF-8_BOM_empty_object.json": [.jsonBOM],
  ]

  @Test func everyImplementationDefinedFileIsInTheTable() {
    #expect(Set(Self.files("i_")) == Set(Self.implementationDefined.keys))
  }

  @Test(arguments: files("i_"))
  func implementationDefinedBehaviour(_ name: String) {
    let interesting: Set<PayloadRule> = Self.readingRules.union([.jsonLoneSurrogate, .jsonBOM])
    let found = Self.rules(name).intersection(interesting)
    #expect(found == Self.implementationDefined[name], "\(name)")
  }
}
