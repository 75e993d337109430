import Foundation
import Testing
@testable import StringsFile

/// A property list Foundation refuses is reported where Foundation's message says it goes wrong
/// (issue 52: a `.stringsdict` syntax error stood at 1:1 while its message named line 16).
@Suite("strings-syntax of a property list stands at the line its message names")
struct PlistErrorPositionTests {
  /// A `.stringsdict` whose `</string>` is misspelt on line 16 (indented by three tabs).
  static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>files</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@n@</string>
    \t\t<key>n</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%d file</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%d files</strin>
    \t\t</dict>
    \t</dict>
    </dict>
    </plist>

    """

  @Test func aStringsdictErrorStandsAtItsLine() {
    let table = StringsParser.parse(Data(Self.stringsdict.utf8), path: "en.lproj/Localizable.stringsdict")
    #expect(table.findings.map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.message)" } == [
      "strings-syntax 16:4 the .stringsdict does not parse: close tag on line 16 does not match open tag string"
    ])
  }

  /// An XML `.strings` table: a key without its value, named at the `</dict>` that follows it.
  @Test func anXMLTableErrorStandsAtItsLine() {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>x</string>\n\t<key>b</key>\n</dict>\n</plist>\n"
    let table = StringsParser.parse(Data(text.utf8), path: "en.lproj/Localizable.strings")
    #expect(table.findings.map { "\($0.rule.rawValue) \($0.line):\($0.column) \($0.message)" } == [
      "strings-syntax 7:1 not a valid XML property list: value missing for key inside <dict> at line 7"
    ])
  }

  @Test func theNamedLine() {
    #expect(PlistErrorPosition.namedLine("Encountered unknown tag foo on line 5") == 5)
    #expect(PlistErrorPosition.namedLine("Value missing for key inside <dict> at line 7") == 7)
    #expect(PlistErrorPosition.namedLine("Encountered unexpected EOF") == nil)
    // A line past the text's end is no place: 1:1.
    let past = PlistErrorPosition.position(of: NSError(domain: "x", code: 1, userInfo: [NSDebugDescriptionErrorKey: "bad on line 90"]),
                                           in: Array("a\nb\n".utf8))
    #expect(past.line == 1 && past.column == 1)
  }
}
