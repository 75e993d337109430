/// Swift source as tokens: what the declaration reader (`DeclarationReader.swift`) and the
/// `init(from:)` reader (`DecodingReader.swift`) walk. The tool reads declarations, not programs:
/// it needs Swift's lexical structure exactly (comments, every kind of string literal with its
/// interpolations, identifiers, numbers, brackets) and nothing of its grammar beyond that.
///
/// - Comments and whitespace are not tokens; each token knows whether a line break or a space
///   came before it (Swift separates statements by line breaks and tells a postfix `?` from a
///   ternary one by spacing).
/// - Punctuation and operators are one token a character (`->` is `-` then `>`, adjacent), so that
///   `>>` closes two generic clauses and `?>` is an optional then a closer.
/// - A string literal is one token, whatever it holds: `"…"`, `"""…"""`, `#"…"#` (any number of
///   `#`), with nested interpolations `\(…)` (themselves holding strings), and `#/…/#` regexes.
///   Bare `/…/` regex literals are read as operators: a declaration rarely holds one.
/// - Brackets `(` `[` `{` are matched once for the file (`match`); nesting deeper than
///   `maximumNesting` is a problem, never a deep recursion (interpolations nest at most 64 deep).
///
/// Lexing is linear in the file's size. The first malformed construct (an unterminated string or
/// comment, an unmatched or mismatched bracket) is `problem`, positioned.
struct SwiftTokens {
  /// A token's kind.
  enum Kind: UInt8 {
    /// An identifier or a keyword (`struct`, `var`, `Int`, `$0`); `` `name` `` keeps its backticks.
    case identifier
    /// An integer literal (`12`, `0x1F`, `1_000`).
    case integer
    /// A floating-point literal (`1.5`, `2e3`).
    case float
    /// A string literal of any form.
    case string
    /// An extended regex literal (`#/…/#`).
    case regex
    /// `#if`, `#else`, `#available`, `#Preview`: `#` and the identifier after it.
    case pound
    /// One character of punctuation or operator.
    case punctuation
  }

  struct Token {
    var kind: Kind
    /// Byte offsets in the file: `start..<end`.
    var start: Int
    var end: Int
    /// A line break (or the file's start) comes between the previous token and this one.
    var lineStart: Bool
    /// Whitespace or a comment comes right before this token.
    var spaceBefore: Bool
  }

  let bytes: [UInt8]
  private(set) var tokens: [Token] = []
  /// For each opening bracket's index, its closing bracket's index (and the other way round);
  /// -1 for every other token.
  private(set) var match: [Int] = []
  /// The first malformed construct: its byte offset and what is wrong.
  private(set) var problem: (offset: Int, message: String)?

  /// The deepest brackets may nest.
  static let maximumNesting = 256

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    lex()
    if problem == nil { matchBrackets() }
  }

  /// The token's text.
  func text(_ i: Int) -> String {
    String(decoding: bytes[tokens[i].start..<tokens[i].end], as: UTF8.self)
  }

  /// Whether token `i` is the identifier or keyword `word`.
  func isWord(_ i: Int, _ word: StaticString) -> Bool {
    guard i >= 0, i < tokens.count, tokens[i].kind == .identifier else { return false }
    let t = tokens[i]
    let count = word.utf8CodeUnitCount
    guard t.end - t.start == count else { return false }
    return word.withUTF8Buffer { w in
      var k = 0
      while k < count {
        if bytes[t.start + k] != w[k] { return false }
        k += 1
      }
      return true
    }
  }

  /// Whether token `i` is the punctuation character `c`.
  func isPunct(_ i: Int, _ c: UInt8) -> Bool {
    i >= 0 && i < tokens.count && tokens[i].kind == .punctuation && bytes[tokens[i].start] == c
  }

  /// The first byte of token `i` (0 past the end).
  func byte(_ i: Int) -> UInt8 {
    i >= 0 && i < tokens.count ? bytes[tokens[i].start] : 0
  }

  /// The source text from token `first` through token `last`, as written (comments inside kept).
  func slice(_ first: Int, _ last: Int) -> String {
    guard first <= last, last < tokens.count else { return "" }
    return String(decoding: bytes[tokens[first].start..<tokens[last].end], as: UTF8.self)
  }

  // MARK: - Lexing

  private mutating func fail(_ offset: Int, _ message: String) {
    if problem == nil { problem = (offset, message) }
  }

  private mutating func lex() {
    var i = 0
    let n = bytes.count
    var lineStart = true
    var space = false
    // A shebang line.
    if n >= 2, bytes[0] == UInt8(ascii: "#"), bytes[1] == UInt8(ascii: "!") {
      while i < n, bytes[i] != 0x0A { i += 1 }
    }
    while i < n, problem == nil {
      let b = bytes[i]
      switch b {
      case 0x0A, 0x0D:
        lineStart = true
        space = true
        i += 1
      case 0x20, 0x09, 0x0B, 0x0C, 0x00:
        space = true
        i += 1
      case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "/"):
        while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
        space = true
      case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "*"):
        let start = i
        var depth = 0
        while i < n {
          if bytes[i] == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
            depth += 1
            i += 2
          } else if bytes[i] == UInt8(ascii: "*"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
            depth -= 1
            i += 2
            if depth == 0 { break }
          } else {
            if bytes[i] == 0x0A { lineStart = true }
            i += 1
          }
        }
        if depth != 0 { fail(start, "the Swift file does not parse: unterminated '/*' comment") }
        space = true
      default:
        let start = i
        let kind: Kind
        if b == UInt8(ascii: "\"") {
          i = scanString(from: i, hashes: 0, depth: 0)
          kind = .string
        } else if b == UInt8(ascii: "#") {
          var hashes = 0
          var k = i
          while k < n, bytes[k] == UInt8(ascii: "#") { hashes += 1; k += 1 }
          if k < n, bytes[k] == UInt8(ascii: "\"") {
            i = scanString(from: k, hashes: hashes, depth: 0)
            kind = .string
          } else if k < n, bytes[k] == UInt8(ascii: "/") {
            i = scanRegex(from: k, hashes: hashes)
            kind = .regex
          } else if hashes == 1, k < n, Self.isIdentifierStart(bytes[k]) {
            i = scanIdentifier(from: k)
            kind = .pound
          } else {
            i += 1
            kind = .punctuation
          }
        } else if b == UInt8(ascii: "`") {
          var k = i + 1
          while k < n, bytes[k] != UInt8(ascii: "`"), bytes[k] != 0x0A { k += 1 }
          if k < n, bytes[k] == UInt8(ascii: "`") {
            i = k + 1
            kind = .identifier
          } else {
            i += 1
            kind = .punctuation
          }
        } else if Self.isIdentifierStart(b) || b == UInt8(ascii: "$") {
          i = scanIdentifier(from: i + 1)
          kind = .identifier
        } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
          (i, kind) = scanNumber(from: i)
        } else if b == UInt8(ascii: "/"), let end = bareRegexEnd(at: i) {
          i = end
          kind = .regex
        } else {
          i += 1
          kind = .punctuation
        }
        tokens.append(Token(kind: kind, start: start, end: i, lineStart: lineStart, spaceBefore: space))
        lineStart = false
        space = false
      }
    }
  }

  static func isIdentifierStart(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
      || b == UInt8(ascii: "_") || b >= 0x80
  }

  static func isIdentifierByte(_ b: UInt8) -> Bool {
    isIdentifierStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "$")
  }

  private func scanIdentifier(from start: Int) -> Int {
    var i = start
    while i < bytes.count, Self.isIdentifierByte(bytes[i]) { i += 1 }
    return i
  }

  /// `12`, `1_000`, `0x1F`, `0b101`, `0o17`, `1.5`, `1e-3`, `0x1p4`. A `.` is part of the number
  /// only when a digit follows (`1.description` is a member of `1`).
  private func scanNumber(from start: Int) -> (Int, Kind) {
    var i = start
    let n = bytes.count
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    var hex = false
    if bytes[i] == UInt8(ascii: "0"), i + 1 < n, [UInt8(ascii: "x"), UInt8(ascii: "b"), UInt8(ascii: "o")].contains(bytes[i + 1]) {
      hex = bytes[i + 1] == UInt8(ascii: "x")
      i += 2
    }
    var kind = Kind.integer
    while i < n {
      let b = bytes[i]
      if isDigit(b) || b == UInt8(ascii: "_") || (hex && ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f"))) {
        i += 1
      } else if b == UInt8(ascii: "."), i + 1 < n, isDigit(bytes[i + 1]) || (hex && Self.isIdentifierByte(bytes[i + 1])), kind == .integer {
        kind = .float
        i += 1
      } else if (!hex && (b | 0x20) == UInt8(ascii: "e")) || (hex && (b | 0x20) == UInt8(ascii: "p")) {
        kind = .float
        i += 1
        if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
      } else if Self.isIdentifierByte(b) {
        i += 1  // a malformed literal (`12abc`) stays one token; the compiler would refuse it
      } else {
        break
      }
    }
    return (i, kind)
  }

  /// A string literal from its opening quote at `quote` (after `hashes` `#`): single-line or
  /// multi-line, with escapes and interpolations; returns the offset after it.
  private mutating func scanString(from quote: Int, hashes: Int, depth: Int) -> Int {
    let n = bytes.count
    let start = quote - hashes
    // `"""` opens a multi-line literal only when a line break follows it (`#"""#` is a quote).
    var multiline = quote + 2 < n && bytes[quote + 1] == UInt8(ascii: "\"") && bytes[quote + 2] == UInt8(ascii: "\"")
    if multiline {
      var k = quote + 3
      while k < n, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
      multiline = k == n || bytes[k] == 0x0A || bytes[k] == 0x0D
    }
    var i = quote + (multiline ? 3 : 1)
    func closes(_ at: Int) -> Bool {
      var k = at
      for _ in 0..<(multiline ? 3 : 1) {
        guard k < n, bytes[k] == UInt8(ascii: "\"") else { return false }
        k += 1
      }
      for _ in 0..<hashes {
        guard k < n, bytes[k] == UInt8(ascii: "#") else { return false }
        k += 1
      }
      return true
    }
    while i < n {
      let b = bytes[i]
      if b == UInt8(ascii: "\"") && closes(i) {
        return i + (multiline ? 3 : 1) + hashes
      }
      if !multiline && (b == 0x0A || b == 0x0D) { break }
      if b == UInt8(ascii: "\\") {
        // An escape only with as many `#` after the backslash as the literal has.
        var k = i + 1
        var h = 0
        while h < hashes, k < n, bytes[k] == UInt8(ascii: "#") { h += 1; k += 1 }
        if h == hashes, k < n {
          if bytes[k] == UInt8(ascii: "(") {
            guard depth < 64 else {
              fail(i, "the Swift file does not parse: string interpolations nested deeper than 64")
              return n
            }
            i = scanInterpolation(from: k + 1, depth: depth + 1)
            if problem != nil { return n }
            continue
          }
          i = k + 1
          continue
        }
      }
      i += 1
    }
    fail(start, "the Swift file does not parse: unterminated string literal")
    return n
  }

  /// The expression inside `\(…)` up to its closing parenthesis; nested strings and parentheses.
  private mutating func scanInterpolation(from start: Int, depth: Int) -> Int {
    var i = start
    var parens = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b == UInt8(ascii: "\"") {
        i = scanString(from: i, hashes: 0, depth: depth)
        if problem != nil { return n }
        continue
      }
      if b == UInt8(ascii: "#") {
        var k = i
        var hashes = 0
        while k < n, bytes[k] == UInt8(ascii: "#") { hashes += 1; k += 1 }
        if k < n, bytes[k] == UInt8(ascii: "\"") {
          i = scanString(from: k, hashes: hashes, depth: depth)
          if problem != nil { return n }
          continue
        }
      }
      if b == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
        while i < n, bytes[i] != 0x0A { i += 1 }
        continue
      }
      if b == UInt8(ascii: "(") { parens += 1 }
      if b == UInt8(ascii: ")") {
        if parens == 0 { return i + 1 }
        parens -= 1
      }
      i += 1
    }
    fail(start, "the Swift file does not parse: unterminated string interpolation")
    return n
  }

  /// `#/…/#` (any number of `#`): up to `/` and as many `#`.
  private mutating func scanRegex(from slash: Int, hashes: Int) -> Int {
    var i = slash + 1
    let n = bytes.count
    while i < n {
      if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
      if bytes[i] == UInt8(ascii: "/") {
        var k = i + 1
        var h = 0
        while h < hashes, k < n, bytes[k] == UInt8(ascii: "#") { h += 1; k += 1 }
        if h == hashes { return k }
      }
      i += 1
    }
    fail(slash - hashes, "the Swift file does not parse: unterminated regex literal")
    return n
  }

  /// A bare regex literal (`/^]: (\d+)$/`) at `slash`, as Swift reads one: where an expression
  /// starts (not after an operand, so `a/b` and `a / b` divide), not followed by a space, and closed
  /// by an unescaped `/` on the same line. The offset after it, or nil.
  private func bareRegexEnd(at slash: Int) -> Int? {
    let n = bytes.count
    guard slash + 1 < n, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[slash + 1]) else { return nil }
    if let last = tokens.last, !(tokens.count > 0 && Self.opensExpression(last, bytes)) { return nil }
    var i = slash + 1
    var inClass = 0
    while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D {
      let b = bytes[i]
      if b == UInt8(ascii: "\\") { i += 2; continue }
      if b == UInt8(ascii: "[") { inClass += 1 }
      if b == UInt8(ascii: "]"), inClass > 0 { inClass -= 1 }
      if b == UInt8(ascii: "/"), inClass == 0 { return i + 1 }
      i += 1
    }
    return nil
  }

  /// Whether an expression may start after this token: it is not an operand's end (a name other
  /// than a keyword, a literal, `)`, `]`, `}`, a postfix `?` or `!`).
  private static func opensExpression(_ token: Token, _ bytes: [UInt8]) -> Bool {
    switch token.kind {
    case .integer, .float, .string, .regex: return false
    case .pound: return true
    case .identifier:
      let word = String(decoding: bytes[token.start..<token.end], as: UTF8.self)
      return ["return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "else", "is", "as", "let", "var"].contains(word)
    case .punctuation:
      let b = bytes[token.start]
      return !(b == UInt8(ascii: ")") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}"))
    }
  }

  // MARK: - Brackets

  private mutating func matchBrackets() {
    match = Array(repeating: -1, count: tokens.count)
    var open: [Int] = []
    for (i, t) in tokens.enumerated() where t.kind == .punctuation {
      let b = bytes[t.start]
      switch b {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        if open.count >= Self.maximumNesting {
          fail(t.start, "the Swift file does not parse (nesting deeper than \(Self.maximumNesting) levels)")
          return
        }
        open.append(i)
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        let expected: UInt8 = b == UInt8(ascii: ")") ? UInt8(ascii: "(") : b == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
        guard let o = open.last else {
          fail(t.start, "the Swift file does not parse: unexpected '\(Character(Unicode.Scalar(b)))'")
          return
        }
        guard bytes[tokens[o].start] == expected else {
          let closer = bytes[tokens[o].start] == UInt8(ascii: "(") ? ")" : bytes[tokens[o].start] == UInt8(ascii: "[") ? "]" : "}"
          fail(t.start, "the Swift file does not parse: expected '\(closer)' here")
          return
        }
        open.removeLast()
        match[o] = i
        match[i] = o
      default:
        break
      }
    }
    if let o = open.last {
      let b = bytes[tokens[o].start]
      let closer = b == UInt8(ascii: "(") ? ")" : b == UInt8(ascii: "[") ? "]" : "}"
      fail(bytes.count, "the Swift file does not parse: expected '\(closer)' at the end of the file")
    }
  }
}
