import Testing
@testable import LocFormat

@Suite struct FormatSignatureTests {
  @Test(arguments: [
    ("%@ et %@", "%1$@ et %2$@"),
    ("%@ et %@", "%2$@ und %1$@"),
    ("%1$@ %1$@ %2$@", "%2$@ %1$@"),
    ("100%% %@", "%@"),
    ("no arguments", "keine %% Argumente"),
    ("%d %@", "%1$d %2$@"),
  ])
  func compatibleFormatsHaveEqualSignatures(a: String, b: String) {
    #expect(FormatString(a).signature == FormatString(b).signature)
    #expect(FormatString(a).signature.differences(from: FormatString(b).signature).isEmpty)
  }

  @Test(arguments: [
    ("%@", "%@ %@", ["position 2 is missing"]),
    ("%@ %@", "%@", ["position 2 is extra"]),
    ("%d %@", "%@ %@", ["position 1 is '%d', not '%@'"]),
    ("%1$@ %3$@", "%1$@ %2$@", ["position 2 is missing", "position 3 is extra"]),
    ("%2$@", "%@ %@", ["position 1 is missing"]),
    ("%lld %5@", "%@ %@", ["position 1 is '%lld', not '%@'", "position 2 is '%5@', not '%@'"]),
    ("plain", "%@", ["position 1 is missing"]),
  ])
  func differencesAreListedByPosition(translation: String, development: String, expected: [String]) {
    let signature = FormatString(translation).signature
    let reference = FormatString(development).signature
    #expect(signature != reference)
    #expect(signature.differences(from: reference) == expected)
  }

  @Test func signatureRecordsTheFirstConversionOfARepeatedPosition() {
    #expect(FormatString("%1$@ %1$d").signature.conversions == [1: "@"])
    #expect(FormatString("%1$d %1$@").signature.conversions == [1: "d"])
  }

  @Test func specifiersThatReadNothingAreNotInTheSignature() {
    #expect(FormatString("%% %y %0$@ %10000$@ %").signature.conversions.isEmpty)
  }
}
