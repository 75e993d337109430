import Foundation
import StringsFile
import Testing
import TestSupport
@testable import APNsLint

/// Patterns seen in real apps' tables, reproduced in small tables of our own (the real files are
/// kept outside the repository, in the shared folder's `wild/project-fixtures/`, and tested by
/// `RealLeftoverFilesTests` when it is there). Each test cites where the pattern was seen.
@Suite("strings lint on patterns seen in real tables, in our own words")
struct RealPatternTests {
  /// UTF-16 big-endian without a byte order mark, as `iconv -t UTF-16BE` writes it, starting with
  /// a comment. Seen in wave2future/cashflow at 4a145ad4f8d905891d66324ca54cf9bd53316030,
  /// `locale/de.lproj/Localizable.strings` and `locale/ja.lproj/Localizable.strings`.
  /// CoreFoundation finds no BOM, skips the first two bytes and reads the rest as little-endian
  /// UTF-16: `/*` (00 2F 00 2A) loses `00 2F`, and `00 2A` read little-endian is U+2A00 '⨀', which
  /// no table starts with. The device reads no entry of the table: an error.
  @Test func bigEndianUTF16WithoutAByteOrderMarkStartingWithAComment() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", "/* Settings */\n\"Cancel\" = \"Cancel\";\n")
    var bytes: [UInt8] = []
    for unit in "/* Settings */\n\"Cancel\" = \"Abbrechen\";\n".utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
    let german = folder.root.appendingPathComponent("de.lproj/Localizable.strings")
    try FileManager.default.createDirectory(at: german.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: german)
    let result = try folder.lint()
    #expect(result["de.lproj/Localizable.strings"] == [
      "strings-encoding 1:1 -: UTF-16 without a byte order mark: CoreFoundation skips the first two bytes and reads the rest "
        + "as little-endian UTF-16, which garbles this big-endian text; save the file as UTF-8 or with a BOM",
      "strings-syntax 1:1 -: expected a value, found '⨀'",
    ])
    #expect(result["en.lproj/Localizable.strings"] == [])
  }

  /// UTF-16 little-endian without a byte order mark, starting with a comment: the skipped bytes
  /// are the `/`, so the table starts at `*`. Seen in jkubicek/AutoLocalize at
  /// 9f5efe48daadd23904bac03698fe06cd7a1f7e05, `en.lproj/Localizable.strings`.
  @Test func littleEndianUTF16WithoutAByteOrderMarkStartingWithAComment() throws {
    let folder = TableFolder()
    var bytes: [UInt8] = []
    for unit in "/* Generated */\n\"OK\" = \"OK\";\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let english = folder.root.appendingPathComponent("en.lproj/Localizable.strings")
    try FileManager.default.createDirectory(at: english.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: english)
    #expect(try folder.lint()["en.lproj/Localizable.strings"] == [
      "strings-encoding 1:1 -: UTF-16 without a byte order mark: CoreFoundation skips the first two bytes and reads the rest as little-endian UTF-16; "
        + "save the file as UTF-8 or with a BOM",
      "strings-syntax 1:1 -: expected a value, found '*'",
    ])
  }
}
