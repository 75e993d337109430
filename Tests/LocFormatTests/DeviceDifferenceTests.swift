import Testing
@testable import LocFormat

/// Formats compared as the device runs them (SPEC §4): kinds per argument, as CoreFoundation's
/// `__CFParseFormatSpec` classifies the conversion.
@Suite struct DeviceDifferenceTests {
  @Test(arguments: [
    ("%d", "%ld"), ("%lu", "% lu"), ("%.0f", "%.1f"), ("%1$@ %2$d", "%2$ld %1$@"), ("%i", "%x"), ("%@", "% @"),
  ])
  func sameKindsRunAlike(development: String, translation: String) {
    #expect(FormatString(translation).signature.deviceDifferences(from: FormatString(development).signature).isEmpty)
  }

  @Test(arguments: [
    ("%d", "%@", "position 1 is '%@', not '%d' (it reads an integer as an object: a crash)", true),
    ("%d", "%s", "position 1 is '%s', not '%d' (it reads an integer as a C string: a crash)", true),
    ("%d", "%f", "position 1 is '%f', not '%d' (it prints an integer as a double: a meaningless value)", true),
    ("%@", "%d", "position 1 is '%d', not '%@' (it prints an object as an integer: a meaningless value)", true),
    ("%d", "%n", "position 1 is '%n', not '%d' (CoreFoundation skips a '%n' argument and prints nothing: the value vanishes)", false),
    ("%@ %@", "%@", "position 2 is missing (that argument is left out of the sentence)", false),
    ("%@", "%@ %@", "position 2 is extra: '%@' reads past the arguments the code passes (a crash: it follows a pointer that is not there)", true),
    ("%@", "%@ %d", "position 2 is extra: '%d' reads past the arguments the code passes (it prints whatever lies there: a meaningless value)", true),
  ])
  func otherKindsSayWhatTheDeviceDoes(development: String, translation: String, expected: String, breaks: Bool) {
    let differences = FormatString(translation).signature.deviceDifferences(from: FormatString(development).signature)
    #expect(differences.map(\.description) == [expected])
    #expect(differences.map(\.breaks) == [breaks])
  }

  @Test func kindsOfConversions() {
    #expect(ArgumentKind(conversion: "lld") == .integer)
    #expect(ArgumentKind(conversion: " lu") == .integer)
    #expect(ArgumentKind(conversion: ".2f") == .double)
    #expect(ArgumentKind(conversion: "5@") == .object)
    #expect(ArgumentKind(conversion: "s") == .cString)
    #expect(ArgumentKind(conversion: "n") == .writeBack)
    #expect(ArgumentKind(conversion: " з") == nil)
    #expect(ArgumentKind(conversion: "") == nil)
  }
}
