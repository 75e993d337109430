import LocFormat
import Testing

/// The examples of the LocFormat DocC catalog (GettingStarted.md) print what the article says.
@Suite struct DocCExampleTests {
  @Test func expandFillsPositionsInOrder() {
    let format = FormatString("%2$@ sent you %1$@")
    #expect(format.expand(["a photo", "Jenna"]).text == "Jenna sent you a photo")
    #expect(format.expand(["a photo"]).text == "(null) sent you a photo")
  }

  @Test func issuesNameTheUnsupportedSpecifier() throws {
    let translation = FormatString("%d nouveaux messages de %@")
    #expect(translation.issues.count == 1)
    let issue = try #require(translation.issues.first)
    #expect(issue.message.contains("%d"))
  }

  @Test func signaturesCompareATranslation() {
    let english = FormatString("%1$@ commented on %2$@")
    let german = FormatString("%1$@ hat kommentiert")
    #expect(german.signature.differences(from: english.signature) == ["position 2 is missing"])
  }
}
