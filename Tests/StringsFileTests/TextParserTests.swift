import PayloadSchema
import Foundation
import Testing
@testable import StringsFile

func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }
func utf16LE(_ s: String, bom: Bool = true) -> [UInt8] {
  (bom ? [0xFF, 0xFE] : []) + s.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
}
func utf16BE(_ s: String, bom: Bool = true) -> [UInt8] {
  (bom ? [0xFE, 0xFF] : []) + s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
}
func utf32(_ s: String, bigEndian: Bool) -> [UInt8] {
  let bom: [UInt8] = bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]
  return bom + s.unicodeScalars.flatMap { scalar -> [UInt8] in
    let v = scalar.value
    let be = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    return bigEndian ? be : be.reversed()
  }
}

func table(_ bytes: [UInt8]) -> StringsTable { StringsParser.parse(Data(bytes), path: "test.strings") }

/// Foundation's string map, or nil when it refuses the bytes or does not return a dictionary.
func foundation(_ bytes: [UInt8]) -> [String: String]? {
  guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
    let dictionary = plist as? [String: Any]
  else { return nil }
  return dictionary.compactMapValues { $0 as? String }
}

/// (rule, line, column) of every finding.
func located(_ t: StringsTable) -> [String] { t.findings.map { "\($0.rule.rawValue)@\($0.line):\($0.column)" } }

@Suite("Text .strings: grammar, escapes and positions")
struct TextParserTests {
  @Test func entriesKeepPositionsAndComments() {
    let source = """
      /* File header */

      /* Title of a new message */
      "NEW_MESSAGE_TITLE" = "New message";
      // Shown under the title
        "NEW_MESSAGE_FROM"="%@ sent you a message"; // trailing remark
      "ACTION_VIEW" = "View";
      """
    let t = table(utf8(source))
    #expect(t.findings.isEmpty)
    #expect(t.format == .text && t.encoding == "utf-8")
    #expect(t.entries == [
      StringsEntry(key: "NEW_MESSAGE_TITLE", value: "New message", line: 4, column: 1, comment: "Title of a new message"),
      StringsEntry(key: "NEW_MESSAGE_FROM", value: "%@ sent you a message", line: 6, column: 3, comment: "Shown under the title"),
      StringsEntry(key: "ACTION_VIEW", value: "View", line: 7, column: 1, comment: nil),
    ])
    #expect(t.values == foundation(utf8(source)))
  }

  @Test func columnsCountUnicodeScalars() {
    let source = "\"é😀\" = \"x\"; \"b\" = \"y\";"
    let t = table(utf8(source))
    #expect(t.entries.map { $0.column } == [1, 13])
    #expect(t.values == foundation(utf8(source)))
  }

  @Test(arguments: [
    ("\\a\\b\\f\\n\\r\\t\\v", "\u{07}\u{08}\u{0C}\n\r\t\u{0B}"),
    ("\\\"\\\\\\'", "\"\\'"),
    ("a\\\nb", "a\nb"),
    ("\\q\\z\\%", "qz%"),
    ("\\U00e9\\U20AC", "é€"),
    ("\\U41B", "\u{41B}"),
    ("\\U4x", "\u{4}x"),
    ("\\Uzz", "\u{0}zz"),
    ("\\UD83D\\UDE00", "😀"),
    ("\\101\\60\\7", "A0\u{7}"),
    ("\\0012", "\u{1}2"),
    ("\\351\\341", "\u{E9}\u{C6}".replacingOccurrences(of: "\u{E9}", with: "\u{E9}")),
    ("raw\nnewline", "raw\nnewline"),
  ])
  func escapes(written: String, expected: String) {
    let source = "\"k\" = \"\(written)\";"
    let t = table(utf8(source))
    let foundationMap = foundation(utf8(source))
    #expect(t.values == foundationMap)
    if written != "\\351\\341" { #expect(t.values["k"] == expected) }
  }

  @Test func octalEscapesAreNeXTSTEP() {
    // NeXTSTEP 0xE9 is "Ø" (U+00D8) and 0xE1 is "Æ"; 0xFF converts to nothing (U+0000).
    let source = "\"k\" = \"\\351\\341\\377\";"
    let t = table(utf8(source))
    #expect(t.values["k"] == "\u{D8}\u{C6}\u{0}")
    #expect(t.values == foundation(utf8(source)))
    #expect(located(t) == ["strings-escape@1:8", "strings-escape@1:12", "strings-escape@1:16"])
    #expect(t.findings[0].message.contains("NeXTSTEP"))
  }

  @Test func suspiciousEscapesAreReported() {
    let source = """
      "a" = "caf\\u00e9";
      "b" = "\\U1F600";
      "c" = "\\U00E9 ok";
      """
    let t = table(utf8(source))
    #expect(t.values == ["a": "cafu00e9", "b": "\u{1F60}0", "c": "é ok"])
    #expect(t.values == foundation(utf8(source)))
    #expect(located(t) == ["strings-escape@1:11", "strings-escape@2:8"])
    #expect(t.findings[0].message == "'\\u' is not an escape in .strings files: '\\u00e9' yields 'u00e9'; write '\\U00E9'")
  }

  @Test func quotesTokensShorthandAndBraces() {
    let cases: [(String, [String: String])] = [
      ("'single' = 'quo\"ted';", ["single": "quo\"ted"]),
      ("key_1 = value.2-x/y:z$;", ["key_1": "value.2-x/y:z$"]),
      ("\"SHORT\";\n\"OTHER\" = \"o\";", ["SHORT": "SHORT", "OTHER": "o"]),
      ("{ \"a\" = \"b\"; c = d; }", ["a": "b", "c": "d"]),
      ("{}", [:]),
      ("  \n// only a comment\n", [:]),
      ("\"a\"=\"1\";\"a\"=\"2\";", ["a": "2"]),
      ("\"a\" = \"b\" /* between */ ;", ["a": "b"]),
    ]
    for (source, expected) in cases {
      let t = table(utf8(source))
      #expect(t.values == expected, "\(source)")
      #expect(t.values == foundation(utf8(source)), "\(source)")
      #expect(!located(t).contains { $0.hasPrefix("strings-syntax") || $0.hasPrefix("strings-truncated") }, "\(source)")
    }
  }

  @Test func unicodeLineSeparatorsAreSpaceButNoBreakSpaceIsNot() {
    let ok = "\"a\" =\u{2028}\"b\";\u{2029}\"c\" = \"d\";"
    #expect(table(utf8(ok)).values == ["a": "b", "c": "d"])
    #expect(table(utf8(ok)).values == foundation(utf8(ok)))
    let bad = "\"a\" =\u{A0}\"b\";"
    let t = table(utf8(bad))
    #expect(foundation(utf8(bad)) == nil)
    #expect(located(t) == ["strings-syntax@1:6"])
    #expect(t.findings[0].message == "expected a value, found U+00A0")
  }

  @Test func duplicateKeysNameBothLines() {
    let source = "\"A\" = \"1\";\n\"B\" = \"2\";\n\"A\" = \"3\";\n"
    let t = table(utf8(source))
    #expect(t.values == ["A": "3", "B": "2"])
    #expect(t.entries.count == 3)
    #expect(t.findings == [Finding(
      rule: RuleID(StringsRule.duplicateOtherValue), severity: .info,
      message: "key 'A' is defined again with another text; line 1's never shows, the last definition wins", line: 3, column: 1, keyPath: "A")])
  }

  @Test(arguments: [
    // (source, expected map, finding)
    ("\"a\" = \"b\";;\n\"c\" = \"d\";", ["a": "b"], "strings-truncated@1:11"),
    ("\"a\" = \"b\";\n}\n\"c\" = \"d\";", ["a": "b"], "strings-truncated@2:1"),
    ("\"a\" = \"b\";\nété = \"x\";", ["a": "b"], "strings-truncated@2:1"),
    ("\"a\" = \"b\";\n/* unterminated\n\"c\" = \"d\";", ["a": "b"], "strings-truncated@2:1"),
    ("\"a\" = \"b\";\n= \"x\";", ["a": "b"], "strings-truncated@2:1"),
    ("\"a\" = \"b\";\n\"c\n", ["a": "b"], "strings-truncated@2:1"),
    ("/* never closed", [:], "strings-truncated@1:1"),
  ] as [(String, [String: String], String)])
  func silentStopsAreTruncation(source: String, expected: [String: String], finding: String) {
    let t = table(utf8(source))
    #expect(foundation(utf8(source)) == expected)
    #expect(t.values == expected)
    #expect(located(t) == (finding.isEmpty ? [] : [finding]))
  }

  @Test(arguments: [
    ("\"a\" = \"b\"\n\"c\" = \"d\";", "strings-syntax@2:1", "expected ';' after the value of 'a', found '\"'"),
    ("\"a\" \"b\";", "strings-syntax@1:5", "expected '=' or ';' after the key 'a', found '\"'"),
    ("\"a\" = ;", "strings-syntax@1:7", "expected a value, found ';'"),
    ("\"a\" = \"b", "strings-syntax@1:7", "unterminated string: no closing '\"' for the quote here"),
    ("\"a\" = \"b\"", "strings-syntax@1:10", "expected ';' after the value of 'a', found the end of the file"),
    (";", "strings-syntax@1:1", "expected a value, found ';'"),
    ("\"just a string\"", "strings-syntax@1:1", "the file holds a single string, not a table of 'key = value;' entries"),
    ("{ \"a\" = \"b\"; } junk", "strings-syntax@1:16", "unexpected 'j' after the closing '}'"),
    ("{ \"a\" = \"b\";; }", "strings-syntax@1:13", "expected '}' to end the table, found ';'"),
    // A value whose closing quote is missing swallows the lines up to the next quote (Sparkle's
    // Turkish `Sparkle.strings` in simplenote-macos): the finding says where it opened.
    ("\"a\" = \"b;\n\n\"c\" = \"d\";", "strings-syntax@3:2",
     "expected ';' after the value of 'a', found 'c' (its value runs from 1:7 to 3:1: if it was meant to end on line 1, its closing quote is missing there)"),
  ])
  func syntaxErrors(source: String, finding: String, message: String) {
    let t = table(utf8(source))
    #expect(foundation(utf8(source)) == nil)
    #expect(located(t) == [finding])
    #expect(t.findings.first?.message == message)
  }

  /// A UTF-16 file whose byte order mark a tool rewrote as two U+FFFD (`EF BF BD EF BF BD`,
  /// iAPS's `Settings.bundle/nl.lproj/Root.strings`): CoreFoundation reads UTF-8 and refuses it at
  /// once, and the finding says why; a lone U+FFFD at the start is named too.
  @Test func aByteOrderMarkRewrittenAsReplacementCharactersIsNamed() {
    let rewritten: [UInt8] = [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD] + utf16LE("/* A */\n\"A\" = \"B\";\n", bom: false)
    let t = table(rewritten)
    #expect(foundation(rewritten) == nil)
    #expect(located(t) == ["strings-syntax@1:1"])
    #expect(t.findings.first?.message == "expected a value, found '\u{FFFD}' (the file begins with EF BF BD EF BF BD, two U+FFFD replacement characters where a UTF-16 byte order mark (FF FE) was, and UTF-16 text follows: a tool read the file as UTF-8 and wrote the mark back replaced; CoreFoundation then reads it all as UTF-8 and refuses it: save it again as UTF-16 with its mark, or as UTF-8)")
    let lone: [UInt8] = [0xEF, 0xBF, 0xBD] + Array("\"A\" = \"B\";\n".utf8)
    #expect(table(lone).findings.first?.message == "expected a value, found '\u{FFFD}' (the file begins with U+FFFD, the replacement character a tool writes for bytes it could not decode: CoreFoundation refuses the table there)")
  }

  @Test func nonStringValuesAreReported() {
    let source = "\"a\" = (\"x\", \"y\",);\n\"b\" = { c = d; };\n\"e\" = <0a0B>;\n\"f\" = \"ok\";"
    let t = table(utf8(source))
    #expect(t.values == ["f": "ok"])
    #expect(located(t) == ["strings-syntax@1:1", "strings-syntax@2:1", "strings-syntax@3:1"])
    #expect(t.findings[0].message == "the value of 'a' is an array, not a string; a notification cannot use it")
    // Foundation accepts the file but its values are not all strings.
    #expect(((try? PropertyListSerialization.propertyList(from: Data(utf8(source)), options: [], format: nil)) as? [String: Any])?.count == 4)
  }

  @Test func deepNestingNeverRecursesAndIsCapped() {
    let deep = "\"a\" = " + String(repeating: "(", count: 100_000) + ";"
    let t = table(utf8(deep))
    #expect(foundation(utf8(deep)) == nil)
    #expect(t.findings.count == 1)
    #expect(t.findings[0].stringsRule == .syntax)
    let ok = "\"a\" = " + String(repeating: "(", count: 300) + String(repeating: ")", count: 300) + "; \"b\" = \"c\";"
    #expect(table(utf8(ok)).values == ["b": "c"])
    #expect(table(utf8(ok)).findings.map(\.stringsRule) == [.syntax])
  }
}

@Suite("Text .strings: encodings")
struct EncodingTests {
  static let sample = "/* c */\n\"clé\" = \"Grüße 😀\";\n"

  @Test(arguments: [
    ("utf-8", [0xEF, 0xBB, 0xBF] + Array(sample.utf8)),
    ("utf-16le", utf16LE(sample)),
    ("utf-16be", utf16BE(sample)),
    ("utf-32le", utf32(sample, bigEndian: false)),
    ("utf-32be", utf32(sample, bigEndian: true)),
  ] as [(String, [UInt8])])
  func byteOrderMarks(encoding: String, bytes: [UInt8]) {
    let t = table(bytes)
    #expect(t.encoding == encoding)
    #expect(t.findings.isEmpty)
    #expect(t.entries == [StringsEntry(key: "clé", value: "Grüße 😀", line: 2, column: 1, comment: "c")])
    #expect(t.values == foundation(bytes))
  }

  @Test func utf16WithoutBOMIsAnEncodingError() {
    let bytes = utf16LE("\"a\" = \"b\";", bom: false)
    let t = table(bytes)
    #expect(foundation(bytes) == nil)
    #expect(located(t).first == "strings-encoding@1:1")
    let be = utf16BE("\"a\" = \"b\";", bom: false)
    #expect(foundation(be) == nil)
    #expect(located(table(be)).first == "strings-encoding@1:1")
  }

  @Test func invalidUTF8PointsAtTheFirstBadByte() {
    let bytes = utf8("\"a\" = \"b\";\n\"ç\" = \"") + [0xC3, 0x28] + utf8("\";")
    let t = table(bytes)
    #expect(foundation(bytes) == nil)
    #expect(t.findings == [Finding(
      rule: RuleID(StringsRule.encoding), severity: .error,
      message: "invalid UTF-8 (byte 0xC3 at offset 19); CoreFoundation refuses the whole file", line: 2, column: 8, keyPath: nil)])
    #expect(t.entries.isEmpty)
  }

  @Test func zeroLength() {
    #expect(located(table([])) == ["strings-zero-length@1:1"])
    #expect(foundation([]) == nil)
    #expect(located(table([0xEF, 0xBB, 0xBF])) == ["strings-zero-length@1:1"])
    #expect(foundation([0xEF, 0xBB, 0xBF]) == nil)
  }

  @Test func xmlAndBinaryPlists() throws {
    let plist: [String: Any] = ["A": "Ä", "B": "b"]
    let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    let x = StringsParser.parse(xml, path: "x.strings")
    let b = StringsParser.parse(binary, path: "b.strings")
    #expect(x.format == .xml && x.encoding == nil && x.values == ["A": "Ä", "B": "b"])
    #expect(b.format == .binary && b.encoding == nil && b.values == ["A": "Ä", "B": "b"])
    #expect(b.entries.allSatisfy { $0.line == nil && $0.column == nil })
    // An XML plist inside UTF-16 with a BOM is still XML, as CF converts then tries XML first.
    let xml16 = utf16LE(String(decoding: xml, as: UTF8.self))
    #expect(table(xml16).format == .xml)
    #expect(table(xml16).values == foundation(xml16))
    // A non-string value in a binary plist is reported.
    let mixed = try PropertyListSerialization.data(fromPropertyList: ["A": 1, "B": "b"] as [String: Any], format: .binary, options: 0)
    #expect(located(StringsParser.parse(mixed, path: "m.strings")) == ["strings-syntax@1:1"])
  }
}
