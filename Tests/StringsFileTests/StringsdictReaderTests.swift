import Foundation
import Testing
import TestSupport
@testable import StringsFile

/// `StringsdictReader` (the bytes read directly) against `PropertyListSerialization` (the path
/// every other file takes): on every file it accepts, the same table.
@Suite("StringsdictReader ≡ PropertyListSerialization")
struct StringsdictReaderTests {
  static func files() -> [URL] {
    let fixtures = packageRoot.appendingPathComponent("Fixtures")
    var found = corpusFiles(["stringsdict"])
    // Ours, and the real apps' (ElementX, mastodon-ios, …) when the shared folder is there.
    for folder in [fixtures] + (RealMaterial.isAvailable ? [RealMaterial.url("Fixtures")] : []) {
      guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "stringsdict" { found.append(url) }
    }
    return found
  }

  /// The table as a comparable value: plural keys, variations, findings, entries. Not the
  /// findings' places: the direct reader knows where each key stands, Foundation does not
  /// (`TablePositionsTests` checks the places).
  static func described(_ table: StringsTable) -> [String] {
    ["keys: " + table.pluralKeys.sorted().joined(separator: "|")]
      + table.variations.keys.sorted().map { key in key + " = " + table.variations[key]!.map { "\($0.name):\($0.value)" }.joined(separator: "|") }
      + table.findings.map { "\($0.rule.rawValue) \($0.keyPath ?? "-") \($0.message)" }
      + table.entries.map { "entry \($0.key) = \($0.value)" }
  }

  /// nil when the reader leaves the bytes to Foundation; else whether both read the same.
  static func agree(_ bytes: [UInt8]) -> Bool? {
    guard let members = bytes.withUnsafeBufferPointer(StringsdictReader.read) else { return nil }
    let direct = PlistTable.stringsdict(members, path: "x.stringsdict")
    let foundation = PlistTable.foundationStringsdict(bytes: bytes, path: "x.stringsdict")
    return described(direct) == described(foundation)
  }

  @Test func everyRealFileIsReadDirectlyAndAgrees() throws {
    let files = Self.files()
    // The fixtures' own (DemoApp's), and mastodon-ios's 159 when the external corpus is there.
    #expect(files.count >= (SharedCorpus.isAvailable ? 150 : 1))
    for url in files {
      let bytes = try [UInt8](Data(contentsOf: url))
      guard !bytes.isEmpty else { continue }
      #expect(Self.agree(bytes) == true, "\(url.path)")
    }
  }

  @Test func shapesItReadsAgree() {
    let head = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
      + #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"# + "\n"
      + #"<plist version="1.0">"#
    let cases = [
      "<dict><key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>one</key><string>1 &amp; &lt;x&gt; &quot;q&quot; &apos;</string><key>other</key><string/><key>zero</key><string> sp  </string></dict></dict></dict>",
      "<dict><key> spaced key </key><string>a plain string</string><key>b</key><dict/></dict>",
      "<dict>\n\t<key>é</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<dict/>\n\t</dict>\n</dict>",
      "<dict></dict>",
      "<dict><key>k</key><string>x > y ]]</string></dict>",
    ]
    for body in cases {
      for document in [head + body + "</plist>\n", #"<plist version="1.0">"# + body + "</plist>", head + "\n  " + body + "\n</plist>"] {
        #expect(Self.agree(Array(document.utf8)) == true, "\(document)")
      }
    }
  }

  @Test func shapesItLeavesToFoundation() {
    let left = [
      "<plist><dict><!-- c --></dict></plist>",
      "<plist><dict><key>a</key><string>&#65;</string></dict></plist>",
      "<plist><dict><key>a</key><string><![CDATA[x]]></string></dict></plist>",
      "<plist><dict><key>a</key><string>x\r\ny</string></dict></plist>",
      "<plist><dict><key>a</key><integer>1</integer></dict></plist>",
      "<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>",
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><dict></dict></plist>",
      "\u{FEFF}<plist><dict></dict></plist>",
      "<plist><dict></dict></plist>x",
      "<plist><array></array></plist>",
      "<plist><dict><key>a</key></dict></plist>",
      "<plist/>",
    ]
    for document in left { #expect(Self.agree(Array(document.utf8)) == nil, "\(document)") }
    var deep = "<plist><dict>"
    for _ in 0..<20 { deep += "<key>k</key><dict>" }
    #expect(Self.agree(Array(deep.utf8)) == nil)
    #expect(Self.agree([0x3C, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x3E, 0xFF]) == nil)
  }

  /// Mutants of real files (bytes replaced, deleted, snippets inserted): wherever the reader
  /// accepts one, Foundation reads the same table.
  @Test func mutantsAgreeWhereverTheReaderAcceptsThem() throws {
    var random = SplitMix64(seed: 17_2)
    let files = Self.files().filter { (try? Data(contentsOf: $0).isEmpty) == false }
    let snippets = ["&amp;", "&lt;", "&#65;", "&foo;", "<string/>", "<dict/>", "</dict>", "<key>k</key>", " ", "\r", "\t\n",
                    "<!-- c -->", "é", "\u{1F600}", "<", ">", "&", "\"", "/", "x", "<?xml version=\"1.0\"?>", "<string>v</string>"]
    var accepted = 0
    var total = 0
    for round in 0..<3000 {
      var bytes = try [UInt8](Data(contentsOf: files[round % files.count]))
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[at] = [0x3C, 0x3E, 0x26, 0x20, 0x2F, 0x78, 0xC3, 0x0D, 0x22, 0x00, 0xFF][Int(random.next() % 11)]
        case 1: bytes.remove(at: at)
        default: bytes.insert(contentsOf: Array(snippets[Int(random.next() % UInt64(snippets.count))].utf8), at: at)
        }
      }
      total += 1
      guard let same = Self.agree(bytes) else { continue }
      accepted += 1
      #expect(same, "round \(round): \(String(decoding: bytes, as: UTF8.self).prefix(2000))")
    }
    // Enough of them are read directly for the comparison to mean something.
    #expect(accepted > total / 10)
  }
}
