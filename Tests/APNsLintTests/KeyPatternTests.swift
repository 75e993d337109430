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
    #expect(report.findings.map(\.payloadRule) == [.sensitiveData, .sensitiveData])
    #expect(report.findings.map(\.column) == [23, 36])
  }
}

/// The built-in `sensitive-data` list is one list: the patterns `rules.yaml` shows are the ones the
/// configuration defaults to, and the allocation-free word matcher used for them matches exactly
/// the keys the compiled patterns match.
@Suite struct DefaultSensitivePatternsTests {
  /// Keys around every default spelling: each case, a separator inside at every position, other
  /// text around, and look-alike characters a case-insensitive pattern may or may not take.
  static var keys: [String] {
    var keys: Set<String> = ["", "pass_word", "e_mail", "e mail", "credit--card", "credit__card", "tok en", "ssN", "cvV"]
    for spelling in SensitiveKeyMatcher.defaultList.flatMap(\.spellings) {
      let characters = Array(spelling)
      for variant in [spelling, spelling.uppercased(), spelling.capitalized] {
        keys.insert(variant)
        keys.insert("user" + variant)
        keys.insert(variant + "Hash")
        keys.insert("x-" + variant + "-y")
      }
      for cut in 1..<characters.count {
        for separator in ["-", "_", " ", ".", "\u{00AD}"] {
          keys.insert(String(characters[..<cut]) + separator + String(characters[cut...]))
        }
        keys.insert(String(characters[..<(cut - 1)]) + String(characters[cut...]))
      }
      // Look-alikes: the Kelvin sign (lowercase k), the long s (uppercase S), the dotless i
      // (uppercase I), fullwidth and Cyrillic letters.
      for (from, to) in [("k", "\u{212A}"), ("s", "\u{017F}"), ("i", "\u{0131}"), ("e", "\u{0435}"), ("a", "\u{FF41}"),
                         ("K", "\u{212A}"), ("S", "\u{017F}"), ("I", "\u{0130}")] {
        keys.insert(spelling.replacingOccurrences(of: from, with: to))
        keys.insert(spelling.uppercased().replacingOccurrences(of: from, with: to))
      }
    }
    return keys.sorted()
  }

  @Test func theConfigurationDefaultsToTheList() {
    #expect(Configuration.builtIn.sensitiveKeyPatterns == SensitiveKeyMatcher.defaultPatterns)
    #expect(Configuration.catalogueDefaults.sensitiveKeyPatterns == SensitiveKeyMatcher.defaultPatterns)
    #expect(SensitiveKeyMatcher.defaultPatterns == ["(?i)pass(word|wd)", "(?i)secret", "(?i)token", "(?i)ssn",
                                                    "(?i)credit[-_ ]?card", "(?i)cvv", "(?i)e-?mail", "(?i)phone"])
  }

  @Test func theWordMatcherMatchesWhatThePatternsMatch() throws {
    let compiled = try SensitiveKeyMatcher.defaultPatterns.map { try KeyPattern($0) }
    let keys = Self.keys
    #expect(keys.count > 500)
    var matched = 0
    for key in keys {
      let byPatterns = compiled.contains { $0.matches(key) }
      let byWords = Self.wordMatcherFlags(key)
      #expect(byWords == byPatterns, "'\(key)': patterns \(byPatterns), word matcher \(byWords)")
      if byPatterns { matched += 1 }
    }
    #expect(matched > 100 && matched < keys.count - 100)
    // What the list says, and what the old word matcher (separators skipped) got wrong.
    for (key, flagged) in [("pass_word", false), ("e_mail", false), ("e-mail", true), ("credit card", true), ("to\u{212A}en", true),
                           ("\u{017F}ecret", false), ("userToken", true), ("tokn", false)] {
      #expect(Self.wordMatcherFlags(key) == flagged, "\(key)")
    }
  }

  /// Whether `sensitive-data` fires on a custom key, through the validator and the default matcher.
  static func wordMatcherFlags(_ key: String) -> Bool {
    var json = "{\"aps\":{\"alert\":\"Hi\"},\""
    for scalar in key.unicodeScalars {
      switch scalar {
      case "\"": json += "\\\""
      case "\\": json += "\\\\"
      default: json += String(scalar)
      }
    }
    json += "\":1}"
    var options = ValidationOptions()
    options.sensitiveKeys = .defaultWords
    var validator = PayloadValidator(target: Target(), options: options)
    let report = Array(json.utf8).withUnsafeBytes { validator.validate($0) }
    return report.findings.contains { $0.rule == .sensitiveData }
  }
}
