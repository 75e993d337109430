import LocFormat
import Testing

/// Hostile formats and argument lists: nothing traps, and time stays linear in the input.
@Suite struct HostileFormatTests {
  static func timed<T>(_ what: String, limit: Duration = .seconds(20), _ body: () -> T) -> T {
    var result: T?
    let elapsed = ContinuousClock().measure { result = body() }
    #expect(elapsed < limit, "\(what) took \(elapsed)")
    print("HostileFormatTests: \(what): \(elapsed)")
    return result!
  }

  static let manyArguments = (0..<200_000).map { "a\($0)" }

  @Test func twoHundredThousandArgumentsToASmallFormat() {
    let format = FormatString("%2$@ %9999$@ %@ %% %d")
    let expansion = Self.timed("expand a 5-specifier format with 200,000 arguments") { format.expand(Self.manyArguments) }
    // It reads positions 1 (%@), 2 (%2$@, and %d, the counter's next) and 9999.
    #expect(expansion.argumentsNeeded == format.argumentsNeeded)
    #expect(expansion.unusedArgumentCount == 200_000 - format.argumentsNeeded)
    #expect(expansion.missingPositions.isEmpty)
    #expect(!expansion.text.contains("(null)"))
  }

  #if DEBUG
  static let specifierCount = 50_000  // 200,000 takes 2.5 s in a debug build
  #else
  static let specifierCount = 200_000
  #endif

  @Test func manySpecifiers() {
    let n = Self.specifierCount
    let text = String(repeating: "%@", count: n)
    let format = Self.timed("parse \(n) %@") { FormatString(text) }
    #expect(format.argumentsNeeded == n)
    let expansion = Self.timed("expand \(n) %@ with 200,000 arguments") { format.expand(Self.manyArguments, limit: .max) }
    #expect(expansion.text == Self.manyArguments.prefix(n).joined())
    #expect(!expansion.isTruncated)
    let short = Self.timed("expand \(n) %@ with 1 argument") { format.expand(["x"], limit: .max) }
    #expect(short.missingPositions.count == n - 1)
    #expect(short.text.utf8.count == 1 + (n - 1) * 6)
    // The default limit cuts the text at 64 KiB, on a character boundary, and says so.
    let capped = format.expand(["é"])
    #expect(capped.isTruncated)
    #expect(capped.text.utf8.count <= FormatString.renderLimit && capped.text.utf8.count > FormatString.renderLimit - 8)
    #expect(capped.text.hasPrefix("é(null)(null)"))
    #expect(capped.missingPositions.count == n - 1)
    #expect(!FormatString("%@ and %@").expand(["a", "b"]).isTruncated)
  }

  @Test(arguments: ["%99999999999999999999$@", "%0$@", "%10000$@", "%-9223372036854775808$@", "%9223372036854775807$@", "%*$@", "%", "%l", "%2$"])
  func hugeOrBrokenPositionsAreUnsupported(_ text: String) {
    let format = FormatString(text)
    #expect(format.argumentsNeeded <= 1)
    #expect(format.maxPosition <= 9999)
    #expect(!format.issues.isEmpty)
    _ = format.expand(Self.manyArguments)
  }
}
