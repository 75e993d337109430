/// A `sensitive-data.key-patterns` regular expression, matched in time linear in the key whatever
/// the pattern (a Thompson NFA run as a Pike VM: every state is visited at most once per
/// character, so `(a+)+$` cannot backtrack).
///
/// Accepted syntax (a subset of ICU / Swift `Regex`, enough for key names):
/// - literal characters; `\` before any punctuation (`\.`, `\-`, `\(`); `\t`, `\n`;
/// - `.` (any character but a newline), `\d`, `\w`, `\s` and their negations `\D`, `\W`, `\S`;
/// - classes `[abc]`, `[a-z0-9_]`, `[^…]` (with `\d`, `\w`, `\s` and escapes inside);
/// - groups `(…)`, `(?:…)`, alternation `|`, anchors `^` and `$`;
/// - quantifiers `?`, `*`, `+`, `{m}`, `{m,}`, `{m,n}` (m, n ≤ 100), each optionally lazy (`*?`);
/// - `(?i)` at the start: the whole pattern ignores case.
///
/// Refused with a message: backreferences, lookaround, named groups, other inline flags,
/// possessive quantifiers, `\b` and other letter escapes, and a group with an unbounded quantifier
/// inside that is itself repeated without bound (`(a+)+`, `(a|a*)*`): harmless here, but a
/// catastrophe in every backtracking engine the same configuration may be copied to.
/// A pattern matches a key when it matches anywhere in it (as `firstMatch` does).
struct KeyPattern: Sendable {
  /// Why a pattern is refused: a message and the index (in characters) where the problem is.
  struct SyntaxError: Error, Sendable {
    var message: String
    var index: Int
  }

  private enum Instruction: Sendable {
    case scalar(Unicode.Scalar)
    case any
    case set(CharacterSet, negated: Bool)
    case split(Int, Int)
    case jump(Int)
    case lineStart
    case lineEnd
    case match
  }

  /// A class of scalars: ranges and named classes.
  struct CharacterSet: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    var named: [(Character, Bool)] = []   // ("d" | "w" | "s", negated)

    func contains(_ s: Unicode.Scalar, ignoringCase: Bool) -> Bool {
      if test(s) { return true }
      guard ignoringCase else { return false }
      for variant in KeyPattern.caseVariants(s) where variant != s { if test(variant) { return true } }
      return false
    }

    private func test(_ s: Unicode.Scalar) -> Bool {
      for r in ranges where r.contains(s.value) { return true }
      for (name, negated) in named where KeyPattern.isNamed(name, s) != negated { return true }
      return false
    }
  }

  private let program: [Instruction]
  private let ignoresCase: Bool
  /// The pattern as written.
  let text: String

  /// The most instructions a pattern compiles to (`{m,n}` copies its operand).
  static let maxProgramSize = 20_000

  /// Compiles `text`, or throws why it is refused.
  init(_ text: String) throws(SyntaxError) {
    self.text = text
    var parser = Parser(Array(text))
    if parser.peek(["(", "?", "i", ")"]) {
      parser.index = 4
      ignoresCase = true
    } else {
      ignoresCase = false
    }
    let tree = try parser.alternation()
    if parser.index < parser.chars.count {
      throw SyntaxError(message: parser.chars[parser.index] == ")" ? "unbalanced ')'" : "unexpected '\(parser.chars[parser.index])'",
                        index: parser.index)
    }
    var compiler = Compiler()
    try compiler.emit(tree)
    compiler.code.append(.match)
    program = compiler.code
  }

  /// Whether the pattern matches anywhere in `key`.
  func matches(_ key: String) -> Bool {
    let scalars = Array(key.unicodeScalars)
    var current = ThreadList(capacity: program.count)
    var next = ThreadList(capacity: program.count)
    for position in 0...scalars.count {
      // Unanchored search: a new thread starts at every position.
      if add(0, at: position, scalars, to: &current) { return true }
      if position == scalars.count { break }
      let s = scalars[position]
      next.clear()
      for pc in current.items {
        let advances: Bool
        switch program[pc] {
        case .scalar(let c): advances = c == s || (ignoresCase && Self.caseVariants(s).contains(c))
        case .any: advances = s != "\n"
        case .set(let set, let negated): advances = set.contains(s, ignoringCase: ignoresCase) != negated
        default: advances = false
        }
        if advances, add(pc + 1, at: position + 1, scalars, to: &next) { return true }
      }
      swap(&current, &next)
    }
    return false
  }

  /// Adds the thread at `pc` and everything it reaches without reading; true when one matches.
  private func add(_ pc: Int, at position: Int, _ scalars: [Unicode.Scalar], to list: inout ThreadList) -> Bool {
    var stack = [pc]
    while let pc = stack.popLast() {
      guard list.insert(pc) else { continue }
      switch program[pc] {
      case .match: return true
      case .jump(let target): stack.append(target)
      case .split(let a, let b): stack.append(b); stack.append(a)
      case .lineStart: if position == 0 || scalars[position - 1] == "\n" { stack.append(pc + 1) }
      case .lineEnd: if position == scalars.count || scalars[position] == "\n" { stack.append(pc + 1) }
      default: break
      }
    }
    return false
  }

  /// A sparse set of program counters, cleared in constant time.
  private struct ThreadList {
    var dense: [Int]
    var sparse: [Int]
    var count = 0

    init(capacity: Int) {
      dense = [Int](repeating: 0, count: capacity)
      sparse = [Int](repeating: 0, count: capacity)
    }

    mutating func insert(_ pc: Int) -> Bool {
      let i = sparse[pc]
      if i < count && dense[i] == pc { return false }
      sparse[pc] = count
      dense[count] = pc
      count += 1
      return true
    }

    /// The threads that read a character, in the order added.
    var items: ArraySlice<Int> { dense[0..<count] }

    mutating func clear() { count = 0 }
  }

  static func isNamed(_ name: Character, _ s: Unicode.Scalar) -> Bool {
    switch name {
    case "d": return s.properties.numericType == .decimal
    case "w": return s.properties.isAlphabetic || s.properties.numericType == .decimal || s == "_"
    default: return s.properties.isWhitespace
    }
  }

  /// The scalar and its simple lower- and uppercase forms.
  static func caseVariants(_ s: Unicode.Scalar) -> [Unicode.Scalar] {
    var out = [s]
    for mapped in [s.properties.lowercaseMapping, s.properties.uppercaseMapping] {
      let scalars = mapped.unicodeScalars
      if scalars.count == 1, let only = scalars.first, only != s { out.append(only) }
    }
    return out
  }

  // MARK: - Parsing

  fileprivate indirect enum Node {
    case scalar(Unicode.Scalar)
    case any
    case set(CharacterSet, negated: Bool)
    case lineStart, lineEnd
    case sequence([Node])
    case alternation([Node])
    case repeated(Node, min: Int, max: Int?)   // max nil: unbounded

    /// Whether the node contains a quantifier without an upper bound.
    var hasUnboundedRepeat: Bool {
      switch self {
      case .repeated(let inner, _, let max): return max == nil || inner.hasUnboundedRepeat
      case .sequence(let items), .alternation(let items): return items.contains { $0.hasUnboundedRepeat }
      default: return false
      }
    }
  }

  private struct Parser {
    let chars: [Character]
    var index = 0

    init(_ chars: [Character]) { self.chars = chars }

    /// A character's first scalar (a character always has one).
    static func scalar(_ c: Character) -> Unicode.Scalar { c.unicodeScalars.first ?? "\u{FFFD}" }

    func peek(_ expected: [Character]) -> Bool {
      index + expected.count <= chars.count && Array(chars[index..<(index + expected.count)]) == expected
    }

    mutating func alternation() throws(SyntaxError) -> Node {
      var branches = [try sequence()]
      while index < chars.count && chars[index] == "|" {
        index += 1
        branches.append(try sequence())
      }
      return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func sequence() throws(SyntaxError) -> Node {
      var items: [Node] = []
      while index < chars.count && chars[index] != "|" && chars[index] != ")" {
        let start = index
        var atom = try self.atom()
        while index < chars.count, let (min, max) = try quantifier() {
          if case .lineStart = atom { throw SyntaxError(message: "a quantifier after '^'", index: start) }
          if max == nil && atom.hasUnboundedRepeat {
            throw SyntaxError(message: "nested unbounded quantifiers (a repeated group that repeats without bound inside) "
              + "take exponential time in backtracking engines; repeat the inner part once (write 'a+' for '(a+)+')", index: start)
          }
          atom = .repeated(atom, min: min, max: max)
        }
        items.append(atom)
      }
      return items.count == 1 ? items[0] : .sequence(items)
    }

    /// A quantifier at `index`, or nil; `{` not followed by a valid count is a literal brace.
    mutating func quantifier() throws(SyntaxError) -> (Int, Int?)? {
      let start = index
      var result: (Int, Int?)
      switch chars[index] {
      case "?": result = (0, 1); index += 1
      case "*": result = (0, nil); index += 1
      case "+": result = (1, nil); index += 1
      case "{":
        guard let close = chars[index...].firstIndex(of: "}") else { return nil }
        let body = String(chars[(index + 1)..<close])
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 2, let low = Int(parts[0]) else { return nil }
        let high: Int? = parts.count == 1 ? low : (parts[1].isEmpty ? nil : Int(parts[1]))
        if parts.count == 2 && !parts[1].isEmpty && high == nil { return nil }
        guard low <= 100, (high ?? 0) <= 100, low <= (high ?? low) else {
          throw SyntaxError(message: "a count above 100, or a range whose end is below its start", index: start)
        }
        result = (low, high)
        index = close + 1
      default: return nil
      }
      if index < chars.count && chars[index] == "?" { index += 1 }            // lazy: same answer
      else if index < chars.count && chars[index] == "+" {
        throw SyntaxError(message: "possessive quantifiers are not supported", index: index)
      }
      return result
    }

    mutating func atom() throws(SyntaxError) -> Node {
      let c = chars[index]
      switch c {
      case "(":
        index += 1
        if index < chars.count && chars[index] == "?" {
          if index + 1 < chars.count && chars[index + 1] == ":" {
            index += 2
          } else {
            let what = index + 1 < chars.count && "=!<".contains(chars[index + 1])
              ? (chars[index + 1] == "<" && index + 2 < chars.count && !"=!".contains(chars[index + 2]) ? "named groups" : "lookaround")
              : "inline flags other than a leading (?i)"
            throw SyntaxError(message: "\(what) are not supported", index: index - 1)
          }
        }
        let inner = try alternation()
        guard index < chars.count && chars[index] == ")" else { throw SyntaxError(message: "a '(' without its ')'", index: chars.count) }
        index += 1
        return inner
      case "[": return try characterClass()
      case ".": index += 1; return .any
      case "^": index += 1; return .lineStart
      case "$": index += 1; return .lineEnd
      case "\\": return try escape(inClass: false).node
      case "*", "+", "?":
        throw SyntaxError(message: "'\(c)' has nothing to repeat", index: index)
      default:
        index += 1
        return .scalar(Self.scalar(c))
      }
    }

    /// `\x` at `index`: a node (outside classes) or what it adds to a class.
    mutating func escape(inClass: Bool) throws(SyntaxError) -> (node: Node, scalar: Unicode.Scalar?, named: (Character, Bool)?) {
      let start = index
      index += 1
      guard index < chars.count else { throw SyntaxError(message: "a '\\' at the end", index: start) }
      let c = chars[index]
      index += 1
      switch c {
      case "d", "w", "s", "D", "W", "S":
        let name = Character(c.lowercased()), negated = c.isUppercase
        var set = CharacterSet()
        set.named = [(name, negated)]
        return (.set(set, negated: false), nil, (name, negated))
      case "t": return (.scalar("\t"), "\t", nil)
      case "n": return (.scalar("\n"), "\n", nil)
      default:
        if c.isLetter || c.isNumber {
          let what = c.isNumber ? "backreferences are" : "'\\\(c)' is"
          throw SyntaxError(message: "\(what) not supported", index: start)
        }
        let s = Self.scalar(c)
        return (.scalar(s), s, nil)
      }
    }

    mutating func characterClass() throws(SyntaxError) -> Node {
      let start = index
      index += 1
      var set = CharacterSet()
      var negated = false
      if index < chars.count && chars[index] == "^" { negated = true; index += 1 }
      var first = true
      while index < chars.count && (chars[index] != "]" || first) {
        first = false
        var low: Unicode.Scalar
        if chars[index] == "\\" {
          let e = try escape(inClass: true)
          if let named = e.named { set.named.append(named); continue }
          low = e.scalar!
        } else {
          if chars[index] == "[" { throw SyntaxError(message: "nested classes are not supported", index: index) }
          low = Self.scalar(chars[index])
          index += 1
        }
        if index + 1 < chars.count && chars[index] == "-" && chars[index + 1] != "]" {
          index += 1
          let high: Unicode.Scalar
          if chars[index] == "\\" {
            let e = try escape(inClass: true)
            guard let s = e.scalar else { throw SyntaxError(message: "a range ending in a class", index: index) }
            high = s
          } else {
            high = Self.scalar(chars[index])
            index += 1
          }
          guard low.value <= high.value else { throw SyntaxError(message: "a range whose end is below its start", index: index) }
          set.ranges.append(low.value...high.value)
        } else {
          set.ranges.append(low.value...low.value)
        }
      }
      guard index < chars.count else { throw SyntaxError(message: "a '[' without its ']'", index: start) }
      index += 1
      return .set(set, negated: negated)
    }
  }

  // MARK: - Compiling

  private struct Compiler {
    var code: [Instruction] = []

    mutating func emit(_ node: Node) throws(SyntaxError) {
      guard code.count < KeyPattern.maxProgramSize else {
        throw SyntaxError(message: "the pattern is too large once its counted repeats are written out", index: 0)
      }
      switch node {
      case .scalar(let s): code.append(.scalar(s))
      case .any: code.append(.any)
      case .set(let set, let negated): code.append(.set(set, negated: negated))
      case .lineStart: code.append(.lineStart)
      case .lineEnd: code.append(.lineEnd)
      case .sequence(let items): for item in items { try emit(item) }
      case .alternation(let branches):
        var jumps: [Int] = []
        for (i, branch) in branches.enumerated() {
          if i < branches.count - 1 {
            let split = code.count
            code.append(.split(split + 1, -1))
            try emit(branch)
            jumps.append(code.count)
            code.append(.jump(-1))
            code[split] = .split(split + 1, code.count)
          } else {
            try emit(branch)
          }
        }
        for j in jumps { code[j] = .jump(code.count) }
      case .repeated(let inner, let min, let max):
        for _ in 0..<min { try emit(inner) }
        if let max {
          // Each optional copy may be skipped to the end.
          var skips: [Int] = []
          for _ in min..<max {
            skips.append(code.count)
            code.append(.split(code.count + 1, -1))
            try emit(inner)
          }
          for s in skips { code[s] = .split(s + 1, code.count) }
        } else {
          let loop = code.count
          code.append(.split(loop + 1, -1))
          try emit(inner)
          code.append(.jump(loop))
          code[loop] = .split(loop + 1, code.count)
        }
      }
    }
  }
}
