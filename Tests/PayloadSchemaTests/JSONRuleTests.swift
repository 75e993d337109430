import PayloadSchema
import Testing

/// The JSON rules (`json-*`, SPEC §3: syntax, UTF-8, duplicate keys, surrogates, the byte order
/// mark, depth, escapes that inflate the size), with their exact findings: a `RuleCase` row in
/// `triggering` is a payload, its flags (as on the command line) and every finding it gives, as
/// "rule line:column keyPath"; a `PassCase` row in `passing` is a payload close to a triggering
/// one that must not fire its rule and gives exactly `others`. `RuleTests` runs the rows.
@Suite struct JSONRuleTests {
  // MARK: Messages

  @Test func escapedUnicodeIsOneFindingWithTheTotalSaved() {
    // é: 6 bytes escaped, 2 raw (×2); 中: 6 and 3; \/: 2 and 1. 4 + 4 + 3 + 1 = 12.
    let f = check(#"{"aps": {"alert": "Caf\u00e9 \/ \u4e2d"}, "k": "\u00e9"}"#).findings
    #expect(f.map(summary) == ["json-escaped-unicode 1:19 aps.alert"])
    #expect(f.first?.message.contains("12 bytes") == true)
  }

  // MARK: The rows

  static let triggering: [RuleCase] = [
    RuleCase("json-syntax trailing comma", text(#"""
      {
        "aps": {
          "badge": 1,
        }
      }
      """#), flags: "", [
      #"json-syntax 4:3 aps.badge"#
    ]),
    RuleCase("json-syntax comment", text(#"""
      {"aps": {"badge": 1} // note
      }
      """#), flags: "", [
      #"json-syntax 1:22 aps"#
    ]),
    RuleCase("json-syntax single quotes", text(#"{'aps': {}}"#), flags: "", [
      #"json-syntax 1:2 -"#
    ]),
    RuleCase("json-syntax NaN", text(#"{"aps": {"badge": NaN}}"#), flags: "", [
      #"json-syntax 1:19 aps.badge"#
    ]),
    RuleCase("json-syntax leading zero", text(#"{"aps": {"badge": 01}}"#), flags: "", [
      #"json-syntax 1:20 aps.badge"#
    ]),
    RuleCase("json-syntax control character", text(#"{"aps": {"alert": "a\#tb"}}"#), flags: "", [
      #"json-syntax 1:21 aps.alert"#
    ]),
    RuleCase("json-syntax truncated", text(#"""
      {
        "aps": {
          "badge": 1
      """#), flags: "", [
      #"json-syntax 3:15 aps.badge"#
    ]),
    RuleCase("json-syntax trailing garbage", text(#"{"aps": {"badge": 1}} x"#), flags: "", [
      #"json-syntax 1:23 -"#
    ]),
    RuleCase("json-invalid-utf8 truncated sequence", bytes(#"{"aps": {"alert": "caf\xC3"}}"#), flags: "", [
      #"json-invalid-utf8 1:23 aps.alert"#
    ]),
    RuleCase("json-invalid-utf8 encoded surrogate is one finding", bytes(#"{"aps": {"alert": "a\xED\xA0\x80b"}}"#), flags: "", [
      #"json-invalid-utf8 1:21 aps.alert"#
    ]),
    RuleCase("json-invalid-utf8 overlong", bytes(#"{"aps": {"alert": "\xC0\xAF"}}"#), flags: "", [
      #"json-invalid-utf8 1:20 aps.alert"#
    ]),
    RuleCase("json-invalid-utf8 bad lead then valid pair", bytes(#"{"aps": {"alert": "\xE0\xC2\x80"}}"#), flags: "", [
      #"json-invalid-utf8 1:20 aps.alert"#
    ]),
    RuleCase("json-duplicate-key second occurrence", text(#"""
      {
        "aps": {
          "badge": 1,
          "badge": 2
        }
      }
      """#), flags: "", [
      #"json-duplicate-key 4:5 aps.badge"#
    ]),
    RuleCase("json-lone-surrogate", text(#"{"aps": {"alert": "hi \ud83d"}}"#), flags: "", [
      #"json-lone-surrogate 1:23 aps.alert"#
    ]),
    RuleCase("json-bom", bytes(#"\xEF\xBB\xBF{"aps": {"badge": 1}}"#), flags: "", [
      #"json-bom 1:1 -"#
    ]),
    RuleCase("json-too-deep", text(#"{"aps": {"badge": 1}, "d": [[[[1]]]]}"#), flags: "--max-depth 4", [
      #"json-too-deep 1:31 d[0][0][0]"#
    ]),
    RuleCase("json-escaped-unicode total", text(#"""
      {
        "aps": {
          "alert": "Caf\u00e9 \/ \u4e2d"
        },
        "k": "\u00e9"
      }
      """#), flags: "", [
      #"json-escaped-unicode 3:14 aps.alert"#
    ]),
  ]

  static let passing: [PassCase] = [
    PassCase(.jsonSyntax, "valid JSON, pretty-printed", text(#"""
      {
        "aps": {
          "badge": 1
        }
      }
      """#), flags: ""),
    PassCase(.jsonInvalidUTF8, "raw UTF-8 of 2, 3 and 4 bytes", text(#"{"aps": {"alert": "café – 中 😀"}}"#), flags: ""),
    PassCase(.jsonDuplicateKey, "same key in sibling objects", text(#"{"aps": {"alert": {"body": "Hi"}, "badge": 1}, "x": {"body": 1}}"#), flags: ""),
    PassCase(.jsonLoneSurrogate, "surrogate pair escaped", text(#"{"aps": {"alert": "\ud83d\ude00"}}"#), flags: "", others: [#"json-escaped-unicode 1:19 aps.alert"#]),
    PassCase(.jsonBOM, "no BOM", text(#"{"aps": {"badge": 1}}"#), flags: ""),
    PassCase(.jsonTooDeep, "exactly max-depth", text(#"{"aps": {"badge": 1}, "d": [[[1]]]}"#), flags: "--max-depth 4"),
    PassCase(.jsonEscapedUnicode, "ASCII escapes do not inflate", text(#"{"aps": {"alert": "line\nquote\" \u0041"}}"#), flags: ""),
  ]
}
