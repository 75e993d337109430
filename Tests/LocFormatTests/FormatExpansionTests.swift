import Testing
@testable import LocFormat

/// A format, its arguments, and exactly what `expand` returns.
struct ExpansionCase: Sendable, CustomTestStringConvertible {
  var format: String
  var arguments: [String]
  var text: String
  var missing: [Int] = []
  var unused = 0
  var needed: Int
  var testDescription: String { "\(format.debugDescription) \(arguments)" }
}

@Suite struct FormatExpansionTests {
  static let cases: [ExpansionCase] = [
    // SPEC §4's gap example: position 1 is unread, so position 2 gets the first argument.
    .init(format: "%2$@ reçu", arguments: ["Jenna", "un fichier"], text: "Jenna reçu", unused: 1, needed: 1),
    .init(format: "%@ a envoyé %@", arguments: ["Jenna", "une photo"], text: "Jenna a envoyé une photo", needed: 2),
    .init(format: "%2$@ a reçu %1$@", arguments: ["une photo", "Jenna"], text: "Jenna a reçu une photo", needed: 2),
    .init(format: "100%% %@", arguments: ["sûr"], text: "100% sûr", needed: 1),
    .init(format: "%%%@%%", arguments: ["x"], text: "%x%", needed: 1),
    // Repeats read one position.
    .init(format: "%1$@ %1$@", arguments: ["a", "b"], text: "a a", unused: 1, needed: 1),
    // Mixed: `%@` counts on its own, so here both read position 1.
    .init(format: "%@ %1$@", arguments: ["a", "b"], text: "a a", unused: 1, needed: 1),
    .init(format: "%2$@ %@", arguments: ["a", "b"], text: "b a", needed: 2),
    .init(format: "%@ %2$@ %@", arguments: ["a", "b", "c"], text: "a b b", unused: 1, needed: 2),
    .init(format: "%3$@ %@", arguments: ["a", "b", "c"], text: "b a", unused: 1, needed: 2),
    // Sorted as numbers: 3 < 12 < 120.
    .init(format: "%120$@ %12$@ %3$@", arguments: ["a", "b", "c"], text: "c b a", needed: 3),
    // Missing arguments.
    .init(format: "%@ %@", arguments: ["a"], text: "a (null)", missing: [2], needed: 2),
    .init(format: "%2$@ %1$@", arguments: [], text: "(null) (null)", missing: [1, 2], needed: 2),
    .init(format: "%3$@ %1$@", arguments: ["x"], text: "(null) x", missing: [3], needed: 2),
    // A position read only by an unsupported specifier still takes its argument.
    .init(format: "%d %@", arguments: ["a"], text: "%d (null)", missing: [2], needed: 2),
    // Unused arguments.
    .init(format: "", arguments: ["a"], text: "", unused: 1, needed: 0),
    .init(format: "%@", arguments: ["a", "b", "c"], text: "a", unused: 2, needed: 1),
    // Arguments are never reinterpreted.
    .init(format: "%@", arguments: ["%@ %d"], text: "%@ %d", needed: 1),
    .init(format: "🙂%@🙂", arguments: ["👩‍👩‍👧"], text: "🙂👩‍👩‍👧🙂", needed: 1),
  ]

  @Test(arguments: cases)
  func expands(_ c: ExpansionCase) {
    let expansion = FormatString(c.format).expand(c.arguments)
    #expect(expansion == FormatExpansion(
      text: c.text, missingPositions: c.missing, unusedArgumentCount: c.unused, argumentsNeeded: c.needed))
  }

  @Test func expandingTwiceGivesTheSameResult() {
    let format = FormatString("%2$@ %@ %%")
    #expect(format.expand(["a", "b"]) == format.expand(["a", "b"]))
    #expect(format.expand(["a", "b"]).text == "b a %")
    #expect(format.expand(["c"]).text == "(null) c %")
  }
}
