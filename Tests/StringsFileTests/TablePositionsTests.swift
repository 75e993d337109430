import Foundation
import PayloadSchema
import Testing
@testable import StringsFile

/// Where the readers of property lists and String Catalogs say each key stands (byte offsets,
/// `StringsTable.locations`), and the line and column those offsets turn into (SPEC §3: 1-based,
/// columns in Unicode scalars).
@Suite("Table positions: keys, values, variations of plists and catalogs")
struct TablePositionsTests {
  /// "LINE:COLUMN" of a byte offset of `text`.
  static func place(_ offset: Int?, in text: String) -> String {
    guard let offset, offset >= 0 else { return "none" }
    let p = TextPositions.positions(of: [offset], in: Array(text.utf8))[0]
    return "\(p.line):\(p.column)"
  }

  static func described(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-")" }
  }

  @Test func linesAndColumnsCountScalarsAndEveryLineBreak() {
    // a b \n c é(2 bytes) \r\n x \r y
    let bytes = Array("ab\ncé\r\nx\ry".utf8)
    let found = TextPositions.positions(of: [10, 0, 2, 3, 4, 6, 8, 9, 99], in: bytes).map(\.description)
    #expect(found == ["4:1", "1:1", "1:3", "2:1", "2:2", "2:3", "3:1", "3:2", "4:2"])
    // A byte order mark takes no column.
    #expect(TextPositions.positions(of: [3, 4], in: [0xEF, 0xBB, 0xBF, 0x61, 0x62]).map(\.description) == ["1:1", "1:2"])
    // Findings waiting for their place get it; the others keep theirs; a binary file's stand at 1:1.
    var findings = [
      Finding(rule: RuleID(StringsRule.syntax), severity: .error, message: "", line: 0, column: 0, keyPath: "late"),
      Finding(rule: RuleID(StringsRule.syntax), severity: .error, message: "", line: 7, column: 2, keyPath: "known"),
    ]
    findings[0].offset = 8
    var binary = findings
    TextPositions.resolve(&findings, in: bytes)
    #expect(findings.map { "\($0.position) \($0.offset)" } == ["3:1 8", "7:2 -1"])
    TextPositions.resolve(&binary, in: bytes, lines: false)
    #expect(binary.map { "\($0.position) \($0.offset)" } == ["1:1 8", "7:2 -1"])
  }

  static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>N_FILES</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@n@ in «%@»</string>
    \t\t<key>n</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%d fichier</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%d fichiers</string>
    \t\t</dict>
    \t</dict>
    \t<key>NO_FORMAT</key><dict/>
    \t<key>É</key><string>x</string>
    </dict>
    </plist>

    """

  @Test func stringsdictKeysVariablesAndForms() throws {
    let text = Self.stringsdict
    let table = StringsParser.parse(Array(text.utf8), path: "fr.lproj/Localizable.stringsdict", variations: true)
    // The reader keeps each key's and value's place; an entry's variables and forms are read
    // again when a finding needs them.
    #expect(table.locations["N_FILES"]?.variations.isEmpty == true)
    let files = try #require(table.located("N_FILES", in: Array(text.utf8)))
    #expect(Self.place(files.key, in: text) == "4:2")
    #expect(Self.place(files.value, in: text) == "5:2")
    #expect(Self.place(files.plural("n")?.key, in: text) == "8:3")
    #expect(Self.place(files.plural("n")?.value, in: text) == "9:3")
    #expect(Self.place(files.variation("format")?.value, in: text) == "7:3")
    #expect(Self.place(files.variation("n.valueType")?.value, in: text) == "13:4")
    #expect(Self.place(files.variation("n.one")?.key, in: text) == "14:4")
    #expect(Self.place(files.variation("n.one")?.value, in: text) == "15:4")
    #expect(Self.place(files.variation("n.other")?.value, in: text) == "17:4")
    // Every variation `dump` shows has its place.
    #expect(table.variations["N_FILES"]?.map(\.name).allSatisfy { files.variation($0) != nil } == true)
    // Columns count scalars: `\t<key>É</key>` puts `<string>` at column 14.
    #expect(Self.place(table.locations["É"]?.value, in: text) == "21:14")
    #expect(Self.described(table.findings) == [
      "strings-syntax 20:2 NO_FORMAT",
      "strings-syntax 21:2 É",
    ])
  }

  /// Without the variations (what only `dump` and the plural rules need) the places are the same.
  @Test func stringsdictWithoutVariationsKeepsThePlaces() {
    let table = StringsParser.parse(Array(Self.stringsdict.utf8), path: "Localizable.stringsdict", variations: false)
    #expect(Self.place(table.locations["N_FILES"]?.key, in: Self.stringsdict) == "4:2")
    let located = table.located("N_FILES", in: Array(Self.stringsdict.utf8))
    #expect(Self.place(located?.variation("n.one")?.value, in: Self.stringsdict) == "15:4")
    // A string entry has no variations to read.
    #expect(table.located("É", in: Array(Self.stringsdict.utf8))?.variations.isEmpty == true)
  }

  static let xmlStrings = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>Greeting</key>
      <string>Grüß dich</string>
      <key>Nested</key>
      <dict/>
      <key>Ünder</key> <string>x</string>
    </dict>
    </plist>

    """

  /// An XML `.strings` table is read from its bytes (keeping places) and equals Foundation's reading.
  @Test func xmlStringsTableKeepsPlacesAndAgreesWithFoundation() throws {
    let text = Self.xmlStrings
    let table = StringsParser.parse(Array(text.utf8), path: "de.lproj/Localizable.strings", variations: false)
    #expect(table.format == .xml)
    #expect(table.entries.map { "\($0.key)=\($0.value)" } == ["Greeting=Grüß dich", "Ünder=x"])
    #expect(Self.place(table.locations["Greeting"]?.key, in: text) == "5:3")
    #expect(Self.place(table.locations["Greeting"]?.value, in: text) == "6:3")
    #expect(Self.place(table.locations["Ünder"]?.key, in: text) == "9:3")
    #expect(Self.place(table.locations["Ünder"]?.value, in: text) == "9:20")
    #expect(Self.described(table.findings) == ["strings-syntax 7:3 Nested"])

    let plist = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
    let foundation = PlistTable.table(from: plist, path: "de.lproj/Localizable.strings", format: .xml)
    #expect(foundation.entries == table.entries)
    #expect(foundation.findings.map { "\($0.rule) \($0.keyPath ?? "-") \($0.message)" }
      == table.findings.map { "\($0.rule) \($0.keyPath ?? "-") \($0.message)" })
  }

  /// What the byte reader leaves to Foundation (here a comment) is read as before, without places.
  @Test func xmlStringsTableLeftToFoundationHasNoPlaces() {
    let text = Self.xmlStrings.replacingOccurrences(of: "<dict>\n", with: "<dict>\n<!-- a comment -->\n")
    let table = StringsParser.parse(Array(text.utf8), path: "de.lproj/Localizable.strings", variations: false)
    #expect(table.format == .xml)
    #expect(table.entries.map(\.key) == ["Greeting", "Ünder"])
    #expect(table.locations.isEmpty)
    #expect(Self.described(table.findings) == ["strings-syntax 1:1 Nested"])
  }

  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Archive" : {
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Archiv"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "new"
              }
            }
          }
        },
        "Files" : {
          "localizations" : {
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld file"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld files"
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }

    """

  @Test func catalogKeysValuesAndVariations() throws {
    let text = Self.catalog
    let catalog = StringCatalog.parse(Data(text.utf8), path: "Localizable.xcstrings")
    let de = try #require(catalog.tables["de"]), fr = try #require(catalog.tables["fr"]), en = try #require(catalog.tables["en"])
    // A key stands in one place in every language; each language's value in its own.
    #expect(Self.place(de.locations["Archive"]?.key, in: text) == "4:5")
    #expect(Self.place(en.locations["Archive"]?.key, in: text) == "4:5")
    #expect(Self.place(de.locations["Archive"]?.value, in: text) == "9:23")
    #expect(Self.place(en.locations["Archive"]?.value, in: text) == "none")
    // A unit without a value: the language's member stands for it, and the finding is at its `stringUnit`.
    #expect(Self.place(fr.locations["Archive"]?.value, in: text) == "12:9")
    #expect(Self.described(fr.findings) == ["strings-syntax 13:11 Archive"])
    let files = try #require(en.locations["Files"])
    #expect(Self.place(files.key, in: text) == "19:5")
    #expect(Self.place(files.plural("")?.key, in: text) == "23:13")
    #expect(Self.place(files.variation("plural.one")?.key, in: text) == "24:15")
    #expect(Self.place(files.variation("plural.one")?.value, in: text) == "27:29")
    #expect(Self.place(files.variation("plural.other")?.value, in: text) == "33:29")
  }

  /// A binary plist has no lines: each key's place is the byte offset of its string object.
  @Test func binaryPlistKeysAreObjectOffsets() throws {
    let data = try PropertyListSerialization.data(fromPropertyList: ["Aa": "x", "Bb": "é"], format: .binary, options: 0)
    let bytes = [UInt8](data)
    let table = StringsParser.parse(bytes, path: "fr.lproj/Localizable.strings", variations: false)
    #expect(table.format == .binary)
    #expect(!table.hasLines)
    let a = try #require(table.locations["Aa"]), b = try #require(table.locations["Bb"])
    // 0x52: an ASCII string of 2 bytes; 0x51: of 1; 0x61: UTF-16 of 1 unit.
    #expect(Array(bytes[a.key...(a.key + 2)]) == [0x52] + Array("Aa".utf8))
    #expect(Array(bytes[a.value...(a.value + 1)]) == [0x51] + Array("x".utf8))
    #expect(Array(bytes[b.key...(b.key + 2)]) == [0x52] + Array("Bb".utf8))
    #expect(Array(bytes[b.value...(b.value + 2)]) == [0x61, 0x00, 0xE9])
  }
}
