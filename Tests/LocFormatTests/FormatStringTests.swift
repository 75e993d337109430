import TestSupport
import Testing
@testable import LocFormat

@Suite struct FormatStringTests {
  @Test func piecesCoverTheTextInOrder() {
    let format = FormatString("a%@b%%c%2$@é")
    #expect(
      format.pieces == [
        .literal("a", range: range(0..<1)),
        .specifier(FormatSpecifier(text: "%@", range: range(1..<3), kind: .object(position: 1, isPositional: false))),
        .literal("b", range: range(3..<4)),
        .specifier(FormatSpecifier(text: "%%", range: range(4..<6), kind: .percent)),
        .literal("c", range: range(6..<7)),
        .specifier(FormatSpecifier(text: "%2$@", range: range(7..<11), kind: .object(position: 2, isPositional: true))),
        .literal("é", range: range(11..<12, 11..<13)),
      ])
    #expect(format.specifiers.map(\.text) == ["%@", "%%", "%2$@"])
    #expect(format.issues == [FormatIssue(kind: .mixed, range: range(7..<11))])
    #expect(format.argumentsNeeded == 2)
    #expect(format.maxPosition == 2)
  }

  @Test func emptyAndPlainText() {
    #expect(FormatString("").pieces.isEmpty)
    #expect(FormatString("").isLiteral)
    let plain = FormatString("Bonjour 👋🏽")
    #expect(plain.pieces == [.literal("Bonjour 👋🏽", range: range(0..<10, 0..<16))])
    #expect(plain.isLiteral)
    #expect(plain.argumentsNeeded == 0)
  }

  @Test func rangesCountScalarsAndUTF8Bytes() {
    // "🙂" is one scalar, four bytes; "é" written as e + U+0301 is two scalars, three bytes.
    let format = FormatString("🙂e\u{301}%1$@")
    #expect(format.specifiers.map(\.range) == [range(3..<7, 7..<11)])
  }

  @Test(arguments: [
    ("%@", "@"), ("%2$@", "@"), ("%1$d", "d"), ("%lld", "lld"), ("%5@", "5@"), ("%%", "%"), ("%", ""),
    ("%0$@", "@"), ("%12$.2f", ".2f"),
  ])
  func conversionDropsPercentAndPosition(text: String, conversion: String) throws {
    let specifier = try #require(FormatString(text).specifiers.first)
    #expect(specifier.conversion == conversion)
  }

  @Test func counterIgnoresPositionalSpecifiers() {
    let format = FormatString("%@ %3$@ %@")
    #expect(format.specifiers.map(\.kind) == [
      .object(position: 1, isPositional: false),
      .object(position: 3, isPositional: true),
      .object(position: 2, isPositional: false),
    ])
    #expect(format.referencedPositions == [1, 2, 3])
  }

  @Test func equalityIsTheText() {
    #expect(FormatString("%@") == FormatString("%@"))
    #expect(FormatString("%@") != FormatString("%1$@"))
    #expect(Set([FormatString("a"), FormatString("a")]).count == 1)
  }

  /// Random soup of specifier characters: nothing traps, pieces tile the text exactly in both
  /// units, and every position stays within 1…9999.
  @Test func anyInputParsesIntoContiguousPieces() {
    let alphabet: [Unicode.Scalar] = Array("%%%$@@0123456789dlsh.-+ *#qé🙂\n".unicodeScalars)
    var rng = SplitMix64(seed: 0xF0F0)
    for _ in 0..<5_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...30, using: &rng) {
        scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
      }
      let text = String(scalars)
      let format = FormatString(text)
      #expect(format.pieces.map(\.text).joined() == text)
      var scalarOffset = 0
      var utf8Offset = 0
      for piece in format.pieces {
        #expect(piece.range.scalars.lowerBound == scalarOffset)
        #expect(piece.range.utf8.lowerBound == utf8Offset)
        scalarOffset = piece.range.scalars.upperBound
        utf8Offset = piece.range.utf8.upperBound
        #expect(piece.range.scalars.count == piece.text.unicodeScalars.count)
        #expect(piece.range.utf8.count == piece.text.utf8.count)
      }
      #expect(scalarOffset == text.unicodeScalars.count)
      #expect(utf8Offset == text.utf8.count)
      #expect(format.referencedPositions.allSatisfy { (1...9999).contains($0) })
      let expansion = format.expand(["x"])
      #expect(expansion.missingPositions.count == max(0, format.argumentsNeeded - 1))
      for issue in format.issues {
        if case .gap(let missing) = issue.kind { #expect(missing.count <= FormatIssue.listedGapLimit) }
      }
    }
  }

  /// `forEachSpecifier(in:_:)` hands over exactly the parse's specifiers (text, range, kind), and
  /// stops where the body says.
  @Test func forEachSpecifierIsTheParsesSpecifiers() {
    let alphabet: [Unicode.Scalar] = Array("%%%$@@(()0123dlsh.-+ *#qé\u{301}🙂\n".unicodeScalars)
    var rng = SplitMix64(seed: 0x5EC)
    for _ in 0..<5_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...20, using: &rng) {
        scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
      }
      let text = String(scalars)
      var all: [FormatSpecifier] = []
      FormatString.forEachSpecifier(in: text) { all.append($0); return true }
      #expect(all == FormatString(text).specifiers, "\(text.debugDescription)")
      var first: [FormatSpecifier] = []
      FormatString.forEachSpecifier(in: text) { first.append($0); return false }
      #expect(first == Array(all.prefix(1)))
    }
    var texts: [String] = []
    FormatString.forEachSpecifier(in: "%(n)lld of %2$@ %%") { texts.append($0.text); return true }
    #expect(texts == ["%(n)lld", "%2$@", "%%"])
  }
}

@Suite struct SpecifiersReadingPositionTests {
  @Test func findsEveryReaderIncludingUnsupported() {
    let format = FormatString("%d %2$@ %1$@ %%")
    #expect(format.specifiers(readingPosition: 1).map(\.text) == ["%d", "%1$@"])
    #expect(format.specifiers(readingPosition: 2).map(\.text) == ["%2$@"])
    #expect(format.specifiers(readingPosition: 3).isEmpty)
  }
}
