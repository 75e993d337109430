/// Reads a type as a declaration writes it (`[String: Stop]?`, `Outer.Phase`, `Optional<Int>`,
/// `@MainActor () -> Void`) from tokens, to the `SwiftType` decoding needs; anything decoding does
/// not follow (a tuple, a function, an existential, a metatype) is `.unsupported` with its text.
struct TypeReader {
  let t: SwiftTokens
  /// Tokens from here on are not read.
  let end: Int
  /// Set when a type nests deeper than `maximumDepth`: no type is read, and the file is a problem.
  private(set) var tooDeep = false

  /// How deep a type may nest (generic arguments, brackets, attributes).
  static let maximumDepth = 256
  /// Nested deeper than this, a type is kept as its text (`.unsupported`).
  static let maximumModelDepth = 32

  init(_ tokens: SwiftTokens, end: Int) {
    self.t = tokens
    self.end = end
  }

  /// The type starting at token `i`, and the token after it; nil when no type starts there.
  mutating func read(_ i: Int) -> (SwiftType, Int)? {
    parse(i, depth: 0)
  }

  private static let specifiers: Set<String> = ["inout", "borrowing", "consuming", "__shared", "__owned", "sending", "isolated", "__owned"]

  private mutating func parse(_ i: Int, depth: Int) -> (SwiftType, Int)? {
    guard depth < Self.maximumDepth else {
      tooDeep = true
      return nil
    }
    guard i < end else { return nil }
    // Attributes and specifiers (`@Sendable`, `inout`): the type is what they stand on.
    var k = i
    while k < end {
      if t.isPunct(k, UInt8(ascii: "@")), k + 1 < end, t.tokens[k + 1].kind == .identifier {
        k += 2
        if k < end, t.isPunct(k, UInt8(ascii: "(")), !t.tokens[k].spaceBefore { k = t.match[k] + 1 }
        continue
      }
      if t.tokens[k].kind == .identifier, Self.specifiers.contains(t.text(k)), k + 1 < end,
         t.tokens[k + 1].kind == .identifier || t.isPunct(k + 1, UInt8(ascii: "(")) || t.isPunct(k + 1, UInt8(ascii: "[")) || t.isPunct(k + 1, UInt8(ascii: "@")) {
        k += 1
        continue
      }
      break
    }
    if k > i { return parse(k, depth: depth + 1) }
    let start = i
    // `some P`, `any P`, `~Copyable`: kept as written.
    if (t.isWord(i, "some") || t.isWord(i, "any")) && i + 1 < end && !t.tokens[i + 1].lineStart || t.isPunct(i, UInt8(ascii: "~")) {
      guard let (_, next) = parse(i + 1, depth: depth + 1) else { return nil }
      return (.unsupported(t.slice(start, next - 1)), next)
    }
    var type: SwiftType
    var next: Int
    if t.isPunct(i, UInt8(ascii: "(")) {
      let close = t.match[i]
      next = close + 1
      // A function type: `(…) async throws(E) -> R`.
      var m = next
      while m < end, t.isWord(m, "async") || t.isWord(m, "throws") || t.isWord(m, "rethrows") {
        m += 1
        if t.isPunct(m, UInt8(ascii: "(")), !t.tokens[m].spaceBefore, t.isWord(m - 1, "throws") { m = t.match[m] + 1 }
      }
      if isArrow(m) {
        guard let (_, after) = parse(m + 2, depth: depth + 1) else { return nil }
        return (.unsupported(t.slice(start, after - 1)), after)
      }
      type = .unsupported(t.slice(start, close))
    } else if t.isPunct(i, UInt8(ascii: "[")) {
      let close = t.match[i]
      next = close + 1
      type = .unsupported(t.slice(start, close))
      var inner = TypeReader(t, end: close)
      if let (element, m) = inner.parse(i + 1, depth: depth + 1) {
        if m == close {
          type = .array(element)
        } else if t.isPunct(m, UInt8(ascii: ":")), let (value, m2) = inner.parse(m + 1, depth: depth + 1), m2 == close {
          type = .dictionary(element, value)
        }
      }
      if inner.tooDeep {
        tooDeep = true
        return nil
      }
    } else if t.tokens[i].kind == .identifier {
      guard let (plain, after) = named(i, depth: depth) else { return nil }
      type = plain
      next = after
    } else {
      return nil
    }
    // Postfix: `?`, `!`, `.Type`, `.Protocol`, `...`.
    while next < end {
      if (t.isPunct(next, UInt8(ascii: "?")) || t.isPunct(next, UInt8(ascii: "!"))) && !t.tokens[next].spaceBefore {
        type = .optional(type)
        next += 1
      } else if t.isPunct(next, UInt8(ascii: ".")), t.isWord(next + 1, "Type") || t.isWord(next + 1, "Protocol") {
        next += 2
        type = .unsupported(t.slice(start, next - 1))
      } else if t.isPunct(next, UInt8(ascii: ".")), t.isPunct(next + 1, UInt8(ascii: ".")), t.isPunct(next + 2, UInt8(ascii: ".")) {
        next += 3
        type = .unsupported(t.slice(start, next - 1))
      } else {
        break
      }
    }
    // `P & Q`.
    if next < end, t.isPunct(next, UInt8(ascii: "&")), !t.isPunct(next + 1, UInt8(ascii: "&")) {
      guard let (_, after) = parse(next + 1, depth: depth + 1) else { return nil }
      return (.unsupported(t.slice(start, after - 1)), after)
    }
    if depth >= Self.maximumModelDepth { type = .unsupported(t.slice(start, next - 1)) }
    return (type, next)
  }

  /// `Name`, `Name<A, B>`, `Outer.Inner`, `Outer<T>.Inner`: Optional, Array, Set and Dictionary
  /// spelled out are the sugar's types; generic arguments inside a path are dropped.
  private mutating func named(_ i: Int, depth: Int) -> (SwiftType, Int)? {
    let start = i
    let type: SwiftType
    let next: Int
    var path = [t.text(i)]
    var m = i + 1
    var arguments: [SwiftType]? = nil
    var readable = true
    if t.isPunct(m, UInt8(ascii: "<")), !t.tokens[m].spaceBefore {
      guard let (list, after) = genericArguments(m, depth: depth) else { return nil }
      arguments = list
      readable = list != nil
      m = after
    }
    // `Outer.Inner`, `Outer<T>.Inner` (generic arguments inside a path are dropped).
    while t.isPunct(m, UInt8(ascii: ".")), m + 1 < end, t.tokens[m + 1].kind == .identifier,
          !t.isWord(m + 1, "Type"), !t.isWord(m + 1, "Protocol") {
      path.append(t.text(m + 1))
      m += 2
      arguments = nil
      if t.isPunct(m, UInt8(ascii: "<")), !t.tokens[m].spaceBefore {
        guard let (_, after) = genericArguments(m, depth: depth) else { return nil }
        m = after
      }
    }
    next = m
    if path.count == 1, let arguments, readable {
      switch (path[0], arguments.count) {
      case ("Optional", 1): type = .optional(arguments[0])
      case ("Array", 1), ("Set", 1), ("ContiguousArray", 1): type = .array(arguments[0])
      case ("Dictionary", 2): type = .dictionary(arguments[0], arguments[1])
      default: type = .unsupported(t.slice(start, next - 1))
      }
    } else if path.count == 1 && !readable {
      type = .unsupported(t.slice(start, next - 1))
    } else if path.count > 1, ["Swift", "Foundation", "CoreGraphics", "CoreFoundation"].contains(path[0]) {
      type = .named(Array(path.dropFirst()))
    } else {
      type = .named(path)
    }
    return (type, next)
  }

  /// `->`: `-` then `>` with nothing between.
  private func isArrow(_ k: Int) -> Bool {
    t.isPunct(k, UInt8(ascii: "-")) && t.isPunct(k + 1, UInt8(ascii: ">")) && !t.tokens[k + 1].spaceBefore
  }

  /// `<A, B>` at `open`: the arguments (nil inside when one is not a type, such as a value
  /// generic), and the token after `>`. Nil when no `>` closes it.
  private mutating func genericArguments(_ open: Int, depth: Int) -> ([SwiftType]?, Int)? {
    var list: [SwiftType] = []
    var k = open + 1
    while k < end {
      guard let (argument, next) = parse(k, depth: depth + 1) else { break }
      list.append(argument)
      if t.isPunct(next, UInt8(ascii: ",")) {
        k = next + 1
        continue
      }
      if t.isPunct(next, UInt8(ascii: ">")) { return (list, next + 1) }
      break
    }
    if tooDeep { return nil }
    // Not a list of types (`InlineArray<3, Int>`): to the matching `>`, kept as text.
    var angles = 0
    k = open
    while k < end {
      if t.isPunct(k, UInt8(ascii: "<")) { angles += 1 }
      if t.isPunct(k, UInt8(ascii: ">")), !isArrow(k - 1) {
        angles -= 1
        if angles == 0 { return (nil, k + 1) }
      }
      if t.isPunct(k, UInt8(ascii: "{")) || t.isPunct(k, UInt8(ascii: "}")) || t.isPunct(k, UInt8(ascii: ";")) { return nil }
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    return nil
  }
}
