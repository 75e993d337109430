import Foundation
import LintVocabulary
import Testing
@testable import StringsFile

/// `strings-extra-bom`: a text whose first character, after the encoding's byte order mark, is a
/// second one (`FF FE FF FE`, the pattern of damus' 26 UTF-16 tables). CoreFoundation refuses the
/// file as it stands; Xcode's Copy Strings File (swift-build 41aee626,
/// Sources/SWBTaskExecution/TaskActions/CopyStringsFileTaskAction.swift) decodes it, drops one more
/// leading U+FEFF and writes the table it read, so the table is read as Xcode builds it and the
/// finding says what a verbatim copy would lose. Fixtures are written here, not copied.
@Suite("A second byte order mark: read as Xcode builds the table (strings-extra-bom)")
struct DoubleBOMTests {
  static let text = "/* Notification title */\n\"TITLE\" = \"Titre\";\n\"BODY\" = \"Corps\";\n"

  private func described(_ table: StringsTable) -> [String] {
    table.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.line):\($0.column): \($0.message)" }
  }

  @Test(arguments: [
    ("UTF-16LE", utf16LE("\u{FEFF}" + DoubleBOMTests.text)),
    ("UTF-16BE", utf16BE("\u{FEFF}" + DoubleBOMTests.text)),
    ("UTF-8", utf8("\u{FEFF}\u{FEFF}" + DoubleBOMTests.text)),
  ])
  func theTableIsReadAfterTheSecondMark(encoding: String, bytes: [UInt8]) {
    let table = table(bytes)
    #expect(described(table) == [
      "warning strings-extra-bom 1:1: the \(encoding) text starts with a second byte order mark: Xcode's Copy Strings File drops it "
        + "when it builds the table, but CoreFoundation refuses the file as it stands, so a copy made verbatim (a folder reference, "
        + "SwiftPM's .copy) loses every entry"
    ])
    #expect(table.entries.map(\.key) == ["TITLE", "BODY"])
    #expect(table.values == ["TITLE": "Titre", "BODY": "Corps"])
    // Lines are the file's: the mark is no line.
    #expect(table.entries.map(\.line) == [2, 3])
    // Not a refusal: the table loads (the device reads it when Xcode builds it).
    #expect(table.isReadable)
  }

  /// What the finding rests on: Foundation (CoreFoundation's parser) refuses the file with the
  /// second mark, and reads, once the mark is dropped as Copy Strings File drops it, exactly the
  /// entries read here.
  @Test func foundationRefusesTheFileAndReadsItWithoutTheMark() {
    let doubled = utf16LE("\u{FEFF}" + Self.text)
    #expect(foundation(doubled) == nil)
    #expect(foundation(utf16LE(Self.text)) == table(doubled).values)
  }

  /// One mark is the encoding's: nothing to say. A mark that is not first is a character of the
  /// text, as before (where a key should start, CoreFoundation stops reading there).
  @Test func oneMarkOrALaterOneIsNotThisFinding() {
    #expect(described(table(utf16LE(Self.text))) == [])
    #expect(described(table(utf8("\u{FEFF}" + Self.text))) == [])
    let later = table(utf16LE("\"A\" = \"a\";\n\u{FEFF}\"B\" = \"b\";\n"))
    #expect(located(later) == ["strings-truncated@2:1"])
  }

  /// Three marks: Copy Strings File drops one after decoding; the third is still there, and the
  /// device refuses what Xcode writes (it keeps the text as it is): the syntax error stands.
  @Test func aThirdMarkIsStillAnError() {
    let table = table(utf16LE("\u{FEFF}\u{FEFF}" + Self.text))
    #expect(located(table) == ["strings-extra-bom@1:1", "strings-syntax@1:1"])
    #expect(table.findings.map(\.severity) == [.warning, .error])
    #expect(!table.isReadable)
  }

  /// Nothing after the marks: the empty table CoreFoundation reads from an empty file.
  @Test func marksAloneAreAnEmptyTable() {
    #expect(located(table(utf16LE("\u{FEFF}"))) == ["strings-extra-bom@1:1", "strings-zero-length@1:1"])
  }
}
