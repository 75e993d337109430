import Foundation
import Testing
@testable import APNsLint
import PayloadSchema

/// `sensitive-data.key-patterns` are matched by `KeyPattern`, a linear-time matcher: it agrees
/// with Swift's `Regex` on the syntax it accepts, and takes time proportional to the key on the
/// inputs that make backtracking engines explode.
@Suite(.timeLimit(.minutes(1))) struct KeyPatternTests {
  static let patterns = [
    "(?i)pass(word|wd)", "(?i)secret", "(?i)token", "(?i)ssn", "(?i)credit[-_ ]?card", "(?i)cvv", "(?i)e-?mail", "(?i)phone",
    "^x-", "(?i)^iban$", "pin$", "a.c", "[0-9]{3,4}", "^(?:acct|account)_?\\d+$", "[^a-z]", "\\w+\\.\\w+", "colou?r", "ab{2}c",
    "(?i)[A-F]{2}", "x|y|z", "^$", "a*", "\\s", "(?i)straße", "user\\-id", "[\\d_]+x",
  ]
  static let keys = [
    "", "password", "userPassword", "PASSWD", "pass_wd", "secret_key", "apiToken", "SSN", "credit-card", "Credit Card", "creditcard",
    "cvv2", "e-mail", "EMAIL", "phoneNumber", "x-trace", "ax-", "IBAN", "iban2", "pin", "spin", "pine", "abc", "a\nc", "12", "1234",
    "account_42", "acct7", "accountx", "ABC", "hello.world", "color", "colour", "abbc", "abc", "fe", "q", "y", " ", "STRASSE", "straße",
    "user-id", "12_x", "日本語", "émoji😀",
  ]

  @Test func agreesWithSwiftRegex() throws {
    for pattern in Self.patterns {
      let ours = try KeyPattern(pattern)
      let regex = try Regex(pattern)
      for key in Self.keys {
        let expected = (try? regex.firstMatch(in: key)) != nil
        #expect(ours.matches(key) == expected, "'\(pattern)' on '\(key)'")
      }
    }
  }

  /// `(a|aa)*c` against "aaaa…" takes exponential time in a backtracking engine; `a*a*a*a*b`
  /// polynomial. Both are accepted (no nested unbounded quantifier) and linear here.
  @Test func hostileInputsStayLinear() throws {
    #if DEBUG
    let n = 20_000
    #else
    let n = 200_000
    #endif
    let long = String(repeating: "a", count: n)
    #expect(try !KeyPattern("(a|aa)*c").matches(long))
    #expect(try !KeyPattern("a*a*a*a*a*b").matches(long))
    #expect(try KeyPattern("(a|aa)*$").matches(long))
    #expect(try !KeyPattern("(?i)(x|xy){1,100}z").matches(String(repeating: "xy", count: n / 4)))
  }

  @Test func aLinterWithAUserPatternMatchesThroughIt() throws {
    let matcher = Linter.matcher(for: ["(?i)^iban$", "Secret"])
    var options = PayloadSchema.ValidationOptions()
    options.sensitiveKeys = matcher
    var validator = PayloadSchema.PayloadValidator(options: options)
    let report = validator.validate(Array(#"{"aps": {"badge": 1}, "Iban": "x", "mySecret": 1, "ibans": 2}"#.utf8))
    #expect(report.findings.map(\.rule) == [.sensitiveData, .sensitiveData])
    #expect(report.findings.map(\.column) == [23, 36])
  }
}
