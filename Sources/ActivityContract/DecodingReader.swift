/// Reads a hand-written `init(from:)`: the plain `decode` and `decodeIfPresent` calls, and what it
/// cannot follow. Never a guess: a read it does not understand is listed in `unfollowed`.
///
/// The body is read as tokens: a call is a name followed by `(` on the same line, as `c.decode(…)`
/// (a member, with the chain before it as its receiver) or `Other(…)` (a plain name). Calls are
/// taken outermost first, in source order, as a syntax tree lists them.
struct DecodingReader {
  let t: SwiftTokens
  /// For each token of the body, the innermost bracket around it (the body's `{` at the top).
  private var parent: [Int: Int] = [:]
  private var open = 0

  init(tokens: SwiftTokens) {
    self.t = tokens
  }

  /// One call in the body.
  private struct Call {
    /// The first token of the call (its receiver's first token, or the `.` of `.init(…)`).
    var start: Int
    /// The called name's token, and the `(` after it.
    var name: Int
    var paren: Int
    /// The receiver's tokens (`c`, `decoder.container(keyedBy: K.self)`); nil for a plain name
    /// and for an implicit member (`.init(from:)`).
    var receiver: ClosedRange<Int>?
    var isMember: Bool
    /// The arguments' token ranges and labels.
    var arguments: [(label: String?, tokens: Range<Int>)]
  }

  /// Swift keywords that may stand before `(` without calling anything.
  private static let notCallees: Set<String> = [
    "if", "while", "switch", "guard", "return", "throw", "try", "await", "in", "case", "for", "repeat", "else", "catch",
    "do", "where", "is", "as", "let", "var", "defer", "some", "any", "func", "throws", "rethrows", "async",
  ]

  mutating func read(body: Int?, location: SwiftLocation) -> CustomDecoding {
    var result = CustomDecoding(location: location)
    guard let body else {
      result.unfollowed.append("an init(from:) without a body")
      return result
    }
    open = body
    let close = t.match[body]
    // Each token's innermost bracket.
    var stack = [body]
    for k in (body + 1)..<close {
      if t.match[k] >= 0, t.match[k] < k, stack.count > 1 { stack.removeLast() }
      parent[k] = stack.last ?? body
      if t.match[k] > k { stack.append(k) }
    }
    var calls: [Call] = []
    for k in (body + 1)..<close where t.isPunct(k, UInt8(ascii: "(")) && !t.tokens[k].lineStart {
      if let call = call(at: k) { calls.append(call) }
    }
    calls.sort { a, b in a.start != b.start ? a.start < b.start : t.match[a.paren] > t.match[b.paren] }
    let usesSingleValue = calls.contains { $0.isMember && t.isWord($0.name, "singleValueContainer") }
    // The names bound to the decoder's own containers (`let c = try decoder.container(keyedBy:)`,
    // `singleValueContainer()`): a decode on any other receiver (a nested container) is not followed.
    var containers: Set<String> = []
    for call in calls where call.isMember && (t.isWord(call.name, "container") || t.isWord(call.name, "singleValueContainer")) {
      guard let receiver = call.receiver, receiver.count == 1, t.isWord(receiver.lowerBound, "decoder") else { continue }
      if let name = boundName(before: call.start) { containers.insert(name) }
    }
    for call in calls {
      read(call, singleValue: usesSingleValue, containers: containers, into: &result)
    }
    return result
  }

  // MARK: - Calls

  /// The call whose `(` is at `paren`, when a name stands before it.
  private func call(at paren: Int) -> Call? {
    let name = paren - 1
    guard name > open, t.tokens[name].kind == .identifier, !Self.notCallees.contains(t.text(name)) else { return nil }
    // `func f(`: a declaration, not a call.
    if name - 1 > open, t.isWord(name - 1, "func") { return nil }
    var call = Call(start: name, name: name, paren: paren, receiver: nil, isMember: false, arguments: arguments(paren))
    if name - 1 > open, t.isPunct(name - 1, UInt8(ascii: ".")), !t.isPunct(name - 2, UInt8(ascii: ".")) {
      call.isMember = true
      let dot = name - 1
      if dot - 1 > open, endsOperand(dot - 1) {
        let first = chainStart(dot - 1)
        call.receiver = first...(dot - 1)
        call.start = first
      } else {
        call.start = dot
      }
    }
    return call
  }

  /// Whether token `k` can end an expression that a `.member` follows.
  private func endsOperand(_ k: Int) -> Bool {
    switch t.tokens[k].kind {
    case .identifier: return !Self.notCallees.contains(t.text(k))
    case .integer, .float, .string, .regex: return true
    case .pound: return false
    case .punctuation:
      if t.isPunct(k, UInt8(ascii: ")")) || t.isPunct(k, UInt8(ascii: "]")) { return true }
      if (t.isPunct(k, UInt8(ascii: "?")) || t.isPunct(k, UInt8(ascii: "!"))) && !t.tokens[k].spaceBefore && k - 1 > open { return endsOperand(k - 1) }
      return false
    }
  }

  /// The first token of the postfix chain that ends at token `last` (`a.b(x)[0]?.c`).
  private func chainStart(_ last: Int) -> Int {
    var s = last
    var steps = 0
    while s > open, steps < 100_000 {
      steps += 1
      if t.isPunct(s, UInt8(ascii: ")")) || t.isPunct(s, UInt8(ascii: "]")) {
        let o = t.match[s]
        // A call or a subscript on what stands before; otherwise a parenthesized or literal start.
        if o - 1 > open, !t.tokens[o].lineStart, endsOperand(o - 1), !t.isPunct(o - 1, UInt8(ascii: "?")) || !t.tokens[o - 1].spaceBefore {
          s = o - 1
          continue
        }
        return o
      }
      if (t.isPunct(s, UInt8(ascii: "?")) || t.isPunct(s, UInt8(ascii: "!"))) && !t.tokens[s].spaceBefore && s - 1 > open {
        s -= 1
        continue
      }
      // A name or a literal; a `.` before it continues the chain.
      if s - 1 > open, t.isPunct(s - 1, UInt8(ascii: ".")) {
        if s - 2 > open, endsOperand(s - 2), !t.isPunct(s - 2, UInt8(ascii: ".")) {
          s -= 2
          continue
        }
        return s - 1
      }
      return s
    }
    return s
  }

  /// The arguments inside the parentheses at `paren`: `label:` and tokens, split at commas.
  private func arguments(_ paren: Int) -> [(label: String?, tokens: Range<Int>)] {
    let close = t.match[paren]
    var list: [(label: String?, tokens: Range<Int>)] = []
    var first = paren + 1
    var k = paren + 1
    func add(_ range: Range<Int>) {
      guard !range.isEmpty else { return }
      if range.count >= 2, t.tokens[range.lowerBound].kind == .identifier, t.isPunct(range.lowerBound + 1, UInt8(ascii: ":")) {
        list.append((t.text(range.lowerBound), (range.lowerBound + 2)..<range.upperBound))
      } else {
        list.append((nil, range))
      }
    }
    while k < close {
      if t.isPunct(k, UInt8(ascii: ",")) {
        add(first..<k)
        first = k + 1
      }
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    add(first..<close)
    return list
  }

  /// `let c = try decoder.container(…)`, `var c: KeyedDecodingContainer<K> = …`: the name bound.
  private func boundName(before start: Int) -> String? {
    var k = start - 1
    while k > open, t.isWord(k, "try") || t.isWord(k, "await") || ((t.isPunct(k, UInt8(ascii: "?")) || t.isPunct(k, UInt8(ascii: "!"))) && t.isWord(k - 1, "try")) {
      k -= 1
    }
    guard k > open, isAssignment(k) else { return nil }
    k -= 1
    // A type annotation: back to its `:` on the same statement.
    var scan = k
    while scan > open, !t.isPunct(scan, UInt8(ascii: ":")), !t.tokens[scan].lineStart || t.isPunct(scan, UInt8(ascii: ">")) {
      if t.isWord(scan, "let") || t.isWord(scan, "var") { break }
      scan = t.match[scan] >= 0 && t.match[scan] < scan ? t.match[scan] - 1 : scan - 1
    }
    if t.isPunct(scan, UInt8(ascii: ":")) { k = scan - 1 }
    guard k > open, t.tokens[k].kind == .identifier, t.isWord(k - 1, "let") || t.isWord(k - 1, "var") else { return nil }
    return t.text(k)
  }

  /// A lone `=` (not `==`, `!=`, `<=`, `+=`, …).
  private func isAssignment(_ k: Int) -> Bool {
    guard t.isPunct(k, UInt8(ascii: "=")) else { return false }
    if !t.tokens[k].spaceBefore, k - 1 > open, t.tokens[k - 1].kind == .punctuation,
       "=!<>+-*/%&|^~?".utf8.contains(t.byte(k - 1)) { return false }
    if k + 1 < t.tokens.count, t.isPunct(k + 1, UInt8(ascii: "=")), !t.tokens[k + 1].spaceBefore { return false }
    return true
  }

  private func read(_ call: Call, singleValue: Bool, containers: Set<String>, into result: inout CustomDecoding) {
    let name = t.text(call.name)
    guard call.isMember else {
      // `Other(from: decoder)`: decoding handed to another type's initializer.
      if call.arguments.first?.label == "from" {
        result.unfollowed.append("'\(short(call))' decodes through another initializer")
      }
      return
    }
    switch name {
    case "decode", "decodeIfPresent":
      // The receiver must be one of the decoder's own containers, or `decoder.container(…)` itself.
      if let receiver = call.receiver {
        let direct = receiver.count == 1 && containers.contains(t.text(receiver.lowerBound))
        let text = t.slice(receiver.lowerBound, receiver.upperBound)
        let inline = text.contains("decoder.container(") || text.contains("decoder.singleValueContainer(")
        if !direct && !inline {
          result.unfollowed.append("'\(short(call))' on a container it does not follow")
          return
        }
      }
      let arguments = call.arguments
      guard let first = arguments.first, first.label == nil, let type = selfType(first.tokens) else {
        result.unfollowed.append("'\(short(call))' names no plain type")
        return
      }
      let conditional = isConditional(call)
      if arguments.count == 1 {
        if singleValue && !conditional && result.singleValue == nil {
          result.singleValue = name == "decodeIfPresent" ? .optional(type) : type
        } else {
          result.unfollowed.append("'\(short(call))'")
        }
        return
      }
      guard arguments.count == 2, arguments[1].label == "forKey", let key = keyCase(arguments[1].tokens) else {
        result.unfollowed.append("'\(short(call))' computes its key")
        return
      }
      result.keys.append(DecodedKey(caseName: key, type: type, ifPresent: name == "decodeIfPresent", conditional: conditional))
    case "nestedContainer", "nestedUnkeyedContainer", "superDecoder", "unkeyedContainer", "decodeNil":
      result.unfollowed.append("'\(short(call))'")
    case "init":
      if call.arguments.first?.label == "from" {
        result.unfollowed.append("'\(short(call))' decodes through another initializer")
      }
    default:
      // `Other(from: decoder)` spelled `Other.init(from:)` or any call that takes the decoder;
      // a helper handed a container and a key (`Self.decodeRoundedInt(c, forKey: .progress)`).
      if call.arguments.contains(where: { $0.label == "from" }) {
        result.unfollowed.append("'\(short(call))' decodes through another initializer")
      } else if call.arguments.contains(where: { $0.label == "forKey" }) {
        result.unfollowed.append("'\(short(call))'")
      }
    }
  }

  /// `Int.self` → `Int`; `[Stop].self` → `[Stop]`; `Date?.self` → `Date?`.
  private func selfType(_ tokens: Range<Int>) -> SwiftType? {
    let last = tokens.upperBound - 1
    guard tokens.count >= 3, t.isWord(last, "self"), t.isPunct(last - 1, UInt8(ascii: ".")) else { return nil }
    var reader = TypeReader(t, end: last - 1)
    guard let (type, next) = reader.read(tokens.lowerBound), next == last - 1 else { return nil }
    return type
  }

  /// `.count` or `CodingKeys.count` → `count`.
  private func keyCase(_ tokens: Range<Int>) -> String? {
    let k = tokens.lowerBound
    if tokens.count == 2, t.isPunct(k, UInt8(ascii: ".")), t.tokens[k + 1].kind == .identifier { return t.text(k + 1) }
    if tokens.count == 3, t.tokens[k].kind == .identifier, t.isPunct(k + 1, UInt8(ascii: ".")), t.tokens[k + 2].kind == .identifier {
      return t.text(k + 2)
    }
    return nil
  }

  // MARK: - Whether a read always runs

  /// A read that may not run, or whose failure may not matter: under `try?` or a forced `try`, in a
  /// condition of an `if` or `guard` after the first, in a branch, a loop, a `switch`, a `do`, a
  /// ternary's branch or a closure. The first condition of an `if` or `guard` always runs
  /// (`if let x = try c.decodeIfPresent(…)`), and so does a `defer` block.
  private func isConditional(_ call: Call) -> Bool {
    var element = call.start
    var steps = 0
    while steps < 10_000 {
      steps += 1
      if underOptionalTry(element) || inTernaryBranch(element) { return true }
      switch conditionPosition(element) {
      case .later: return true
      case .first, .none: break
      }
      guard let group = parent[element], group != open else { return false }
      if t.isPunct(group, UInt8(ascii: "{")) {
        // Every brace in an initializer's body is a branch, a loop, a `do`, a closure or a local
        // function, except a `defer` block.
        guard group - 1 > open, t.isWord(group - 1, "defer") else { return true }
        element = group - 1
        continue
      }
      // Inside parentheses or brackets: the expression they belong to (a call's chain).
      element = group - 1 > open && endsOperand(group - 1) && !t.tokens[group].lineStart ? chainStart(group - 1) : group
    }
    return true
  }

  /// `try?`, a forced `try`, or either before `await`, right before the element starting at `k`.
  private func underOptionalTry(_ k: Int) -> Bool {
    var p = k - 1
    if p > open, t.isWord(p, "await") { p -= 1 }
    return p - 1 > open && (t.isPunct(p, UInt8(ascii: "?")) || t.isPunct(p, UInt8(ascii: "!"))) && !t.tokens[p].spaceBefore && t.isWord(p - 1, "try")
  }

  /// The statement's tokens before `k`, at `k`'s level, back to where the statement starts.
  private func statementStart(_ k: Int) -> Int {
    var p = k - 1
    while p > open, parent[p] == parent[k] {
      if t.isPunct(p, UInt8(ascii: ";")) || t.isPunct(p, UInt8(ascii: "{")) || t.isPunct(p, UInt8(ascii: "(")) || t.isPunct(p, UInt8(ascii: "[")) { return p + 1 }
      if t.isPunct(p, UInt8(ascii: "}")) { return p + 1 }
      if t.tokens[p + 1].lineStart, !continues(p + 1) { return p + 1 }
      p = t.match[p] >= 0 && t.match[p] < p ? t.match[p] - 1 : p - 1
    }
    return p + 1
  }

  /// A line that starts with this token goes on with the one above (it starts with `.` or an
  /// operator, or the line above ends with `,` or an operator).
  private func continues(_ k: Int) -> Bool {
    if t.tokens[k].kind == .punctuation, !t.isPunct(k, UInt8(ascii: "(")), !t.isPunct(k, UInt8(ascii: "[")), !t.isPunct(k, UInt8(ascii: "{")),
       !t.isPunct(k, UInt8(ascii: "@")), !t.isPunct(k, UInt8(ascii: "}")) { return true }
    let before = k - 1
    guard before > open, t.tokens[before].kind == .punctuation else { return false }
    return !t.isPunct(before, UInt8(ascii: ")")) && !t.isPunct(before, UInt8(ascii: "]")) && !t.isPunct(before, UInt8(ascii: "}"))
      && !t.isPunct(before, UInt8(ascii: ";"))
  }

  /// Whether a ternary `?` (spaced on both sides) comes before `k` in its statement.
  private func inTernaryBranch(_ k: Int) -> Bool {
    var p = statementStart(k)
    while p < k {
      if t.isPunct(p, UInt8(ascii: "?")), t.tokens[p].spaceBefore, p + 1 < k, t.tokens[p + 1].spaceBefore { return true }
      p = t.match[p] > p ? t.match[p] + 1 : p + 1
    }
    return false
  }

  private enum ConditionPosition { case none, first, later }

  /// Whether `k` stands in the conditions of an `if`, `guard` or `while` (or the sequence of a
  /// `for`, or the subject of a `switch`), and in which.
  private func conditionPosition(_ k: Int) -> ConditionPosition {
    var p = k - 1
    var commas = 0
    while p > open, parent[p] == parent[k] {
      if t.isPunct(p, UInt8(ascii: "}")) || t.isPunct(p, UInt8(ascii: ";")) { return .none }
      if t.isPunct(p, UInt8(ascii: ",")) { commas += 1 }
      if t.isWord(p, "if") || t.isWord(p, "guard") {
        if t.isWord(p, "if"), p - 1 > open, t.isWord(p - 1, "else") { return .later }
        return commas == 0 ? .first : .later
      }
      if t.isWord(p, "while") || t.isWord(p, "for") || t.isWord(p, "switch") { return .later }
      if t.tokens[p].lineStart, p - 1 > open, !continues(p), !t.isPunct(p - 1, UInt8(ascii: ",")) { return .none }
      p = t.match[p] >= 0 && t.match[p] < p ? t.match[p] - 1 : p - 1
    }
    return .none
  }

  /// The call as written, on one line, at most 60 characters.
  private func short(_ call: Call) -> String {
    let text = t.slice(call.start, t.match[call.paren]).split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
    return text.count > 60 ? String(text.prefix(60)) + "…" : text
  }
}
