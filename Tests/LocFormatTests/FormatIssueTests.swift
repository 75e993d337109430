import Testing
@testable import LocFormat

/// One unsupported case of SPEC §4: the format, its arguments, the exact expansion, the
/// unsupported specifiers with their ranges, and the signature.
struct UnsupportedCase: Sendable, CustomTestStringConvertible {
  var format: String
  var arguments: [String] = ["A", "B"]
  var expanded: String
  var unsupported: [(String, FormatRange)]
  var signature: [Int: String]
  var testDescription: String { format.debugDescription }
}

@Suite struct FormatIssueTests {
  static let unsupportedCases: [UnsupportedCase] = [
    .init(format: "%d", expanded: "%d", unsupported: [("%d", range(0..<2))], signature: [1: "d"]),
    .init(format: "%s", expanded: "%s", unsupported: [("%s", range(0..<2))], signature: [1: "s"]),
    .init(format: "%ld", expanded: "%ld", unsupported: [("%ld", range(0..<3))], signature: [1: "ld"]),
    .init(format: "%lld", expanded: "%lld", unsupported: [("%lld", range(0..<4))], signature: [1: "lld"]),
    .init(format: "%1$d", expanded: "%1$d", unsupported: [("%1$d", range(0..<4))], signature: [1: "d"]),
    .init(format: "%5@", expanded: "%5@", unsupported: [("%5@", range(0..<3))], signature: [1: "5@"]),
    .init(format: "%.2f", expanded: "%.2f", unsupported: [("%.2f", range(0..<4))], signature: [1: ".2f"]),
    .init(format: "% s", expanded: "% s", unsupported: [("% s", range(0..<3))], signature: [1: " s"]),
    .init(format: "%-@", expanded: "%-@", unsupported: [("%-@", range(0..<3))], signature: [1: "-@"]),
    // A `%` at the end is the whole specifier; it reads nothing.
    .init(format: "100%", expanded: "100%", unsupported: [("%", range(3..<4))], signature: [:]),
    .init(format: "%", expanded: "%", unsupported: [("%", range(0..<1))], signature: [:]),
    // Incomplete specifiers run to the end of the text.
    .init(format: "x %5", expanded: "x %5", unsupported: [("%5", range(2..<4))], signature: [:]),
    .init(format: "%1$", expanded: "%1$", unsupported: [("%1$", range(0..<3))], signature: [:]),
    // Not positions: verbatim, read nothing, and do not move the counter.
    .init(format: "%0$@ %@", expanded: "%0$@ A", unsupported: [("%0$@", range(0..<4))], signature: [1: "@"]),
    .init(format: "%10000$@", expanded: "%10000$@", unsupported: [("%10000$@", range(0..<8))], signature: [:]),
    .init(
      format: "%99999999999999999999$@ %@", expanded: "%99999999999999999999$@ A",
      unsupported: [("%99999999999999999999$@", range(0..<23))], signature: [1: "@"]),
    .init(format: "%99999999999999999999d", expanded: "%99999999999999999999d",
      unsupported: [("%99999999999999999999d", range(0..<22))], signature: [1: "99999999999999999999d"]),
    // A leading zero is the `0` flag, not part of the position: unsupported, still reads position 1.
    .init(format: "%01$@", expanded: "%01$@", unsupported: [("%01$@", range(0..<5))], signature: [1: "@"]),
    // `%d` takes the counter's position 1, so `%@` reads position 2 and gets the second argument.
    .init(format: "%d %@", expanded: "%d B", unsupported: [("%d", range(0..<2))], signature: [1: "d", 2: "@"]),
    .init(format: "%@ %2$d", expanded: "A %2$d", unsupported: [("%2$d", range(3..<7))], signature: [1: "@", 2: "d"]),
    // A stray `%` in prose: "% o" is printf's octal with the space flag.
    .init(format: "50% off", expanded: "50% off", unsupported: [("% o", range(2..<5))], signature: [1: " o"]),
    // Conversions that read no argument.
    .init(format: "%y%5%", expanded: "%y%5%", unsupported: [("%y", range(0..<2)), ("%5%", range(2..<5))], signature: [:]),
    .init(format: "%$@", expanded: "%$@", unsupported: [("%$", range(0..<2))], signature: [:]),
    // Non-ASCII around and as the conversion: ranges in scalars and bytes.
    .init(format: "é%d", expanded: "é%d", unsupported: [("%d", range(1..<3, 2..<4))], signature: [1: "d"]),
    .init(format: "🙂 %🙂", expanded: "🙂 %🙂", unsupported: [("%🙂", range(2..<4, 5..<10))], signature: [:]),
  ]

  @Test(arguments: unsupportedCases)
  func unsupportedSpecifiersStayVerbatim(_ c: UnsupportedCase) {
    let format = FormatString(c.format)
    #expect(format.expand(c.arguments).text == c.expanded)
    let unsupported = format.issues.compactMap { issue -> String? in
      if case .unsupported(let text) = issue.kind { "\(text) @ \(issue.range)" } else { nil }
    }
    #expect(unsupported == c.unsupported.map { "\($0.0) @ \($0.1)" })
    #expect(format.specifiers.filter { $0.kind == .unsupported }.map(\.text) == c.unsupported.map(\.0))
    #expect(format.signature.conversions == c.signature)
    #expect(format.pieces.map(\.text).joined() == c.format)
  }

  @Test func unsupportedMessages() {
    #expect(FormatString("%d").issues.map(\.message) == [
      "unsupported specifier '%d'; only %@, %n$@ and %% are expanded"
    ])
    #expect(FormatString("%0$@").issues.map(\.message) == [
      "unsupported specifier '%0$@'; a position is a number from 1 to 9999 without leading zeros"
    ])
    #expect(FormatString("ok %").issues.map(\.message) == [
      "a '%' at the end is not a specifier; write %% for a percent sign"
    ])
  }

  @Test func gapIsReportedAtTheSpecifierThatGetsTheWrongArgument() {
    let format = FormatString("%2$@ reçu")
    #expect(format.issueSummary == ["gap(missing: [1]) @ \(range(0..<4))"])
    #expect(format.issues.map(\.message) == [
      "format skips position 1; the device gives the arguments to the positions it reads in order, "
        + "so it shows the wrong argument"
    ])
    let two = FormatString("%1$@ %3$@ %5$@")
    #expect(two.issueSummary == ["gap(missing: [2, 4]) @ \(range(5..<9))"])
    #expect(two.issues.first?.message.hasPrefix("format skips positions 2, 4;") == true)
  }

  @Test func gapCountsUnsupportedReaders() {
    // `%1$d` reads position 1, so `%2$@` skips nothing (the `%d` is reported on its own).
    #expect(FormatString("%1$d %2$@").issueSummary == ["unsupported(\"%1$d\") @ \(range(0..<4))"])
    #expect(FormatString("%2$d").issueSummary == [
      "unsupported(\"%2$d\") @ \(range(0..<4))", "gap(missing: [1]) @ \(range(0..<4))",
    ])
  }

  @Test func largeGapListsABoundedNumberOfPositions() throws {
    let format = FormatString("%9999$@")
    let issue = try #require(format.issues.first)
    #expect(issue.kind == .gap(missing: Array(1...32)))
    #expect(issue.message.hasPrefix("format skips positions 1…32 and 9966 more;"))
    #expect(format.expand([]).missingPositions == [9999])
    #expect(format.expand(["a", "b"]).text == "a")
  }

  @Test func gapMessageShowsRuns() {
    let format = FormatString("%4$@%5$@%9$@")
    #expect(format.issues.map(\.kind) == [.gap(missing: [1, 2, 3, 6, 7, 8])])
    #expect(format.issues.first?.message.hasPrefix("format skips positions 1…3, 6…8;") == true)
  }

  @Test(arguments: [
    ("%@ %2$@", range(3..<7)),
    ("%2$@ %@", range(5..<7)),
    ("%@ %1$@", range(3..<7)),
    ("x %1$@ %% %@ %@ %2$@", range(10..<12)),
  ])
  func mixedIsReportedOnceAtTheFirstSpecifierOfTheOtherStyle(format: String, at expected: FormatRange) {
    let issues = FormatString(format).issues
    #expect(issues.map(\.kind) == [.mixed])
    #expect(issues.map(\.range) == [expected])
    #expect(issues.first?.message == "format mixes %@ and %n$@; the device counts %@ on its own, so number every specifier")
  }

  @Test(arguments: ["", "plain", "%@ %@", "%1$@ %2$@", "%2$@ %1$@", "%1$@ %1$@", "100%% %@", "%%"])
  func wellFormedFormatsHaveNoIssues(format: String) {
    #expect(FormatString(format).issues.isEmpty)
  }

  @Test func issuesComeInOrderUnsupportedMixedGap() {
    // `%d` and `%@` take counter positions 1 and 2; `%4$@` leaves 3 unread.
    let format = FormatString("%4$@ %d %@")
    #expect(format.issueSummary == [
      "unsupported(\"%d\") @ \(range(5..<7))", "mixed @ \(range(8..<10))", "gap(missing: [3]) @ \(range(0..<4))",
    ])
  }
}
