/// Reads one file's declarations from its tokens: types (struct, class, enum, actor), extensions,
/// type aliases, stored properties, enum cases and a hand-written `init(from:)`. Declarations are
/// read where Swift allows them (at file level, in a type's or an extension's braces, in the first
/// clause of an `#if`); every other brace (a function's body, an accessor, a closure) is skipped
/// whole. Nested types are visited with a work list of brace blocks, in source order.
struct FileReader {
  let file: String
  let lines: LineTable
  let t: SwiftTokens
  var types: [String: TypeDeclaration] = [:]
  var declared: Set<String> = []
  var aliases: [String: (scope: [String], type: SwiftType)] = [:]
  /// The first declaration the reader needed and could not read.
  var problem: (offset: Int, message: String)?

  init(file: String, lines: LineTable, tokens: SwiftTokens) {
    self.file = file
    self.lines = lines
    self.t = tokens
  }

  /// A run of declarations: tokens `position..<end`, the type they are members of (empty at file
  /// level), whether they stand in an extension (where a `var` is never stored), and how many
  /// `#if` first clauses they are inside.
  private struct Block {
    var position: Int
    var end: Int
    var owner: [String]
    var inExtension: Bool
    var openConditions = 0
  }

  mutating func read() {
    var work = [Block(position: 0, end: t.tokens.count, owner: [], inExtension: false)]
    while var block = work.popLast(), problem == nil {
      var nested: Block?
      while block.position < block.end, nested == nil, problem == nil {
        nested = readItem(&block)
      }
      if let nested {
        work.append(block)
        work.append(nested)
      }
    }
  }

  // MARK: - One declaration

  /// Modifiers that may stand before a declaration's keyword.
  private static let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "override", "required",
    "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic", "optional", "indirect",
    "nonisolated", "prefix", "postfix", "infix", "distributed", "isolated", "consuming", "borrowing", "__consuming",
    "__setter_access", "_const", "reasync", "rethrows",
  ]
  /// Attributes that do not change how a stored property is decoded.
  private static let plainAttributes: Set<String> = ["available", "MainActor", "preconcurrency", "objc", "nonobjc", "inline", "usableFromInline"]
  /// Keywords that begin a declaration.
  private static let declarationKeywords: Set<String> = [
    "struct", "class", "enum", "actor", "protocol", "extension", "typealias", "var", "let", "init", "deinit", "func",
    "subscript", "case", "import", "operator", "precedencegroup", "associatedtype", "macro",
  ]

  /// Reads one item at `block.position` and moves past it; returns the member block of a type or
  /// extension declared there, to be read next.
  private mutating func readItem(_ block: inout Block) -> Block? {
    var i = block.position
    var attributes: [String] = []
    var isStatic = false
    // Attributes and modifiers.
    while i < block.end {
      if t.isPunct(i, UInt8(ascii: "@")), i + 1 < block.end, t.tokens[i + 1].kind == .identifier, !t.tokens[i + 1].spaceBefore {
        var name = t.text(i + 1)
        i += 2
        while t.isPunct(i, UInt8(ascii: ".")), i + 1 < block.end, t.tokens[i + 1].kind == .identifier {
          name += "." + t.text(i + 1)
          i += 2
        }
        // `@Default<Bool>`, `@Environment(\.locale)`: generic arguments and arguments.
        if i < block.end, t.isPunct(i, UInt8(ascii: "<")), !t.tokens[i].spaceBefore { i = skipGenericClause(i, end: block.end) }
        if i < block.end, t.isPunct(i, UInt8(ascii: "(")), !t.tokens[i].lineStart { i = t.match[i] + 1 }
        attributes.append(name)
        continue
      }
      guard t.tokens[i].kind == .identifier else { break }
      let word = t.text(i)
      if word == "class", i + 1 < block.end, t.tokens[i + 1].kind == .identifier,
         ["var", "let", "func", "subscript", "final", "override", "public", "private", "fileprivate", "internal", "open", "package"].contains(t.text(i + 1)) {
        isStatic = true
        i += 1
        continue
      }
      guard Self.modifiers.contains(word), i + 1 < block.end,
            t.tokens[i + 1].kind == .identifier || t.isPunct(i + 1, UInt8(ascii: "(")) || t.isPunct(i + 1, UInt8(ascii: "@")) else { break }
      if t.isPunct(i + 1, UInt8(ascii: "(")) {
        // `private(set)`, `unowned(unsafe)`: one word in parentheses.
        guard t.match[i + 1] == i + 3 else { break }
        i += 4
      } else {
        i += 1
      }
      if word == "static" { isStatic = true }
    }
    guard i < block.end else {
      block.position = i
      return nil
    }
    let token = t.tokens[i]
    if token.kind == .pound {
      block.position = pound(at: i, in: &block)
      return nil
    }
    guard token.kind == .identifier, Self.declarationKeywords.contains(t.text(i)) else {
      // A statement (top-level code, a macro's use): passed over, a bracket at a time.
      block.position = t.match[i] >= 0 && t.match[i] > i ? t.match[i] + 1 : i + 1
      return nil
    }
    let lenient = block.owner.isEmpty
    let nested = declaration(at: i, in: &block, attributes: attributes, isStatic: isStatic)
    if lenient, problem != nil {
      // At file level, where statements stand too (`main.swift`), what does not read as a
      // declaration is passed over; inside a type it is a problem.
      problem = nil
      block.position = i + 1
      return nil
    }
    return nested
  }

  private mutating func declaration(at i: Int, in block: inout Block, attributes: [String], isStatic: Bool) -> Block? {
    switch t.text(i) {
    case "struct", "class", "enum", "actor":
      // `actor` is a keyword only before a name.
      if t.isWord(i, "actor"), !(i + 1 < block.end && t.tokens[i + 1].kind == .identifier) {
        block.position = i + 1
        return nil
      }
      return typeDeclaration(at: i, in: &block)
    case "protocol":
      block.position = skipToBody(from: i + 1, end: block.end, skipBody: true)
      return nil
    case "extension":
      return extensionDeclaration(at: i, in: &block)
    case "typealias":
      block.position = typeAlias(at: i, in: block)
      return nil
    case "var", "let":
      block.position = bindings(at: i, in: block, attributes: attributes, isStatic: isStatic)
      return nil
    case "init":
      block.position = initializer(at: i, in: block)
      return nil
    case "case" where block.owner.isEmpty:
      block.position = i + 1  // `if case`, `case` of a `switch` in top-level code
      return nil
    case "case":
      block.position = enumCases(at: i, in: block)
      return nil
    case "import", "operator", "associatedtype":
      block.position = endOfLine(from: i + 1, end: block.end)
      return nil
    default:  // func, subscript, deinit, precedencegroup, macro
      block.position = skipToBody(from: i + 1, end: block.end, skipBody: true)
      return nil
    }
  }

  /// `#if` (its first clause is read: the one an iOS build compiles in most apps), `#elseif`,
  /// `#else` (skipped to the `#endif`), `#endif`; any other `#word` (a macro) with its arguments
  /// and trailing closure.
  private func pound(at i: Int, in block: inout Block) -> Int {
    switch t.text(i) {
    case "#if":
      block.openConditions += 1
      return endOfLine(from: i + 1, end: block.end)
    case "#elseif", "#else":
      guard block.openConditions > 0 else { return endOfLine(from: i + 1, end: block.end) }
      var depth = 0
      var k = i + 1
      while k < block.end {
        if t.tokens[k].kind == .pound {
          let word = t.text(k)
          if word == "#if" { depth += 1 }
          if word == "#endif" {
            if depth == 0 { break }
            depth -= 1
          }
        }
        k += 1
      }
      block.openConditions -= 1
      return k + 1
    case "#endif":
      if block.openConditions > 0 { block.openConditions -= 1 }
      return i + 1
    default:
      var k = i + 1
      if k < block.end, t.isPunct(k, UInt8(ascii: "(")), !t.tokens[k].lineStart { k = t.match[k] + 1 }
      if k < block.end, t.isPunct(k, UInt8(ascii: "{")), !t.tokens[k].lineStart { k = t.match[k] + 1 }
      return k
    }
  }

  /// The first token of the next line.
  private func endOfLine(from i: Int, end: Int) -> Int {
    var k = i
    while k < end, !t.tokens[k].lineStart {
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    return k
  }

  /// Past a declaration whose body is a brace block (a function, a protocol): the first `{` not in
  /// brackets, unless a line starts with another declaration first (a requirement without body).
  private func skipToBody(from i: Int, end: Int, skipBody: Bool) -> Int {
    var k = i
    while k < end {
      if t.isPunct(k, UInt8(ascii: "{")) { return skipBody ? t.match[k] + 1 : k }
      if t.isPunct(k, UInt8(ascii: ";")) { return k + 1 }
      if k > i, t.tokens[k].lineStart, startsDeclaration(k) { return k }
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    return end
  }

  /// Whether a declaration (its attributes, modifiers or keyword) starts at token `k`.
  private func startsDeclaration(_ k: Int) -> Bool {
    if t.isPunct(k, UInt8(ascii: "@")) || t.isPunct(k, UInt8(ascii: "}")) { return true }
    if t.tokens[k].kind == .pound { return true }
    guard t.tokens[k].kind == .identifier else { return false }
    let word = t.text(k)
    return Self.declarationKeywords.contains(word) || Self.modifiers.contains(word)
  }

  private func location(_ i: Int) -> SwiftLocation {
    lines.location(file: file, offset: t.tokens[i].start)
  }

  /// Where a missing piece goes: after token `i` and the spaces after it on its line.
  private func after(_ i: Int) -> Int {
    var offset = t.tokens[i].end
    while offset < t.bytes.count, t.bytes[offset] == 0x20 || t.bytes[offset] == 0x09 { offset += 1 }
    return offset
  }

  private mutating func fail(_ offset: Int, _ message: String) {
    if problem == nil { problem = (offset, "the Swift file does not parse: " + message) }
  }

  // MARK: - Types and extensions

  /// The name after `struct`/`class`/`enum`/`actor`, generic parameters, the inheritance clause,
  /// a `where` clause, and the member block (returned, to be read next).
  private mutating func typeDeclaration(at i: Int, in block: inout Block) -> Block? {
    let keyword = t.text(i)
    guard i + 1 < block.end, t.tokens[i + 1].kind == .identifier else {
      fail(after(i), "expected a name here")
      block.position = block.end
      return nil
    }
    let path = block.owner + [t.text(i + 1)]
    var k = skipGenericClause(i + 2, end: block.end)
    let (names, next) = inheritance(from: k, end: block.end)
    k = next
    while k < block.end, !t.isPunct(k, UInt8(ascii: "{")) {
      if t.tokens[k].lineStart && startsDeclaration(k) { break }
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    guard k < block.end, t.isPunct(k, UInt8(ascii: "{")) else {
      fail(after(k - 1), "expected '{' here")
      block.position = block.end
      return nil
    }
    let kind: TypeDeclaration.Kind = keyword == "struct" ? .structure : keyword == "class" ? .classType : keyword == "enum" ? .enumeration : .actor
    declare(path, kind: kind, inherits: names, at: i + 1)
    block.position = t.match[k] + 1
    return Block(position: k + 1, end: t.match[k], owner: path, inExtension: false)
  }

  /// `extension Outer.Inner: P where …  { … }`: members land on the extended type, named from the top.
  private mutating func extensionDeclaration(at i: Int, in block: inout Block) -> Block? {
    var k = i + 1
    var path: [String] = []
    while k < block.end, t.tokens[k].kind == .identifier {
      path.append(t.text(k))
      k = skipGenericClause(k + 1, end: block.end)
      guard t.isPunct(k, UInt8(ascii: ".")), k + 1 < block.end, t.tokens[k + 1].kind == .identifier else { break }
      k += 1
    }
    let (names, next) = inheritance(from: k, end: block.end)
    let body = skipToBody(from: next, end: block.end, skipBody: false)
    guard body < block.end, t.isPunct(body, UInt8(ascii: "{")) else {
      block.position = body
      return nil
    }
    block.position = t.match[body] + 1
    // An extension of something that is not a plain name (`extension [Int]`) adds nothing here.
    guard !path.isEmpty, t.isPunct(k, UInt8(ascii: ":")) || t.isPunct(k, UInt8(ascii: "{")) || t.isWord(k, "where") else { return nil }
    let key = path.joined(separator: ".")
    if types[key] == nil {
      types[key] = TypeDeclaration(path: path, kind: .structure, inherits: [], properties: [], cases: [], customDecoding: nil,
                                   location: location(i + 1))
    }
    for n in names where !(types[key]?.inherits.contains(n) ?? true) { types[key]?.inherits.append(n) }
    return Block(position: body + 1, end: t.match[body], owner: path, inExtension: true)
  }

  /// Past `<…>` right after a name (generic parameters or arguments), counting nested angles.
  private func skipGenericClause(_ i: Int, end: Int) -> Int {
    guard i < end, t.isPunct(i, UInt8(ascii: "<")) else { return i }
    var depth = 0
    var k = i
    while k < end {
      if t.isPunct(k, UInt8(ascii: "<")) { depth += 1 }
      if t.isPunct(k, UInt8(ascii: ">")), !(t.isPunct(k - 1, UInt8(ascii: "-")) && !t.tokens[k].spaceBefore) {
        depth -= 1
        if depth == 0 { return k + 1 }
      }
      if t.isPunct(k, UInt8(ascii: "{")) || t.isPunct(k, UInt8(ascii: "}")) { return k }
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    return k
  }

  /// `: A, B<C>, D.E` up to `where` or `{`: each inherited type as written.
  private func inheritance(from i: Int, end: Int) -> ([String], Int) {
    guard i < end, t.isPunct(i, UInt8(ascii: ":")) else { return ([], i) }
    var names: [String] = []
    var k = i + 1
    var first = k
    var angles = 0
    while k < end {
      // A line that starts a declaration ends an unfinished clause, unless the list goes on (after `:`, `,` or `&`).
      let listGoesOn = t.isPunct(k - 1, UInt8(ascii: ":")) || t.isPunct(k - 1, UInt8(ascii: ",")) || t.isPunct(k - 1, UInt8(ascii: "&"))
      if angles == 0 && (t.isPunct(k, UInt8(ascii: "{")) || t.isWord(k, "where") || (t.tokens[k].lineStart && !listGoesOn && startsDeclaration(k))) { break }
      if t.isPunct(k, UInt8(ascii: "<")) { angles += 1 }
      if t.isPunct(k, UInt8(ascii: ">")) && angles > 0 && !(t.isPunct(k - 1, UInt8(ascii: "-")) && !t.tokens[k].spaceBefore) { angles -= 1 }
      if angles == 0 && t.isPunct(k, UInt8(ascii: ",")) {
        if first < k { names.append(t.slice(first, k - 1)) }
        first = k + 1
      }
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    if first < k { names.append(t.slice(first, k - 1)) }
    return (names, k)
  }

  private mutating func declare(_ path: [String], kind: TypeDeclaration.Kind, inherits names: [String], at nameToken: Int) {
    let key = path.joined(separator: ".")
    if var existing = types[key] {
      if !declared.contains(key) {
        existing.kind = kind
        existing.location = location(nameToken)
      }
      for n in names where !existing.inherits.contains(n) { existing.inherits.append(n) }
      types[key] = existing
    } else {
      types[key] = TypeDeclaration(path: path, kind: kind, inherits: names, properties: [], cases: [], customDecoding: nil,
                                   location: location(nameToken))
    }
    declared.insert(key)
  }

  // MARK: - Members

  /// `typealias Name<…> = Type`.
  private mutating func typeAlias(at i: Int, in block: Block) -> Int {
    guard i + 1 < block.end, t.tokens[i + 1].kind == .identifier else {
      fail(after(i), "expected a name here")
      return block.end
    }
    let key = (block.owner + [t.text(i + 1)]).joined(separator: ".")
    let k = skipGenericClause(i + 2, end: block.end)
    guard k < block.end, t.isPunct(k, UInt8(ascii: "=")) else {
      fail(after(k - 1), "expected '=' here")
      return block.end
    }
    var types = TypeReader(t, end: block.end)
    guard let (type, next) = types.read(k + 1) else {
      fail(types.tooDeep ? t.tokens[k].start : after(k), types.tooDeep ? "a type nested deeper than \(TypeReader.maximumDepth) levels" : "expected a type here")
      return block.end
    }
    if aliases[key] == nil { aliases[key] = (block.owner, type) }
    return next
  }

  /// `var a: T = v { didSet … }, b = 1`: each binding's name, type and initializer. A member of
  /// a type (not of an extension, not static) that is stored becomes a `StoredProperty`.
  private mutating func bindings(at i: Int, in block: Block, attributes: [String], isStatic: Bool) -> Int {
    let isLet = t.isWord(i, "let")
    let record = !block.owner.isEmpty && !block.inExtension && !isStatic
    let wrapped = attributes.contains { !Self.plainAttributes.contains($0) }
    let key = block.owner.joined(separator: ".")
    var pending: [(name: String, token: Int, hasValue: Bool)] = []
    var k = i + 1
    while k < block.end {
      // The pattern: a name, or a tuple or `_` (not a property synthesized decoding reads).
      var name: String? = nil
      let nameToken = k
      if t.tokens[k].kind == .identifier {
        let text = t.text(k)
        if text != "_" { name = text }
        k += 1
      } else if t.isPunct(k, UInt8(ascii: "(")) {
        k = t.match[k] + 1
      } else {
        fail(after(k - 1), "expected a name here")
        return block.end
      }
      var type: SwiftType? = nil
      var hasType = false
      if k < block.end, t.isPunct(k, UInt8(ascii: ":")) {
        var reader = TypeReader(t, end: block.end)
        guard let (read, next) = reader.read(k + 1) else {
          fail(reader.tooDeep ? t.tokens[k].start : after(k), reader.tooDeep ? "a type nested deeper than \(TypeReader.maximumDepth) levels" : "expected a type here")
          return block.end
        }
        type = read
        hasType = true
        k = next
      }
      var value: Range<Int>? = nil
      if k < block.end, t.isPunct(k, UInt8(ascii: "=")), !t.isPunct(k + 1, UInt8(ascii: "=")) {
        let end = expressionEnd(from: k + 1, end: block.end, stopAtObservers: true)
        guard end > k + 1 else {
          fail(after(k), "expected an expression here")
          return block.end
        }
        value = (k + 1)..<end
        k = end
      }
      var computed = false
      if k < block.end, t.isPunct(k, UInt8(ascii: "{")), value == nil || isObserverBlock(k) {
        computed = !isStoredAccessorBlock(k)
        k = t.match[k] + 1
      }
      if record, let name, !computed {
        pending.append((name, nameToken, value != nil))
        if hasType || value != nil {
          if !hasType, let value { type = literalType(value) }
          for p in pending {
            let property = StoredProperty(name: p.name, type: type, isConstantWithValue: isLet && p.hasValue,
                                          isWrapped: wrapped, location: location(p.token))
            types[key]?.properties.append(property)
          }
          pending.removeAll()
        }
      }
      guard k < block.end, t.isPunct(k, UInt8(ascii: ",")) else { break }
      k += 1
    }
    return k
  }

  /// Where an expression that starts at `i` ends: at `,` or `;` outside brackets, or at a line
  /// that does not continue it (one that starts with `.` or an operator does). A brace after it
  /// is a trailing closure, unless `stopAtObservers` and it holds `willSet`/`didSet`.
  func expressionEnd(from i: Int, end: Int, stopAtObservers: Bool) -> Int {
    var k = i
    while k < end {
      if k > i, t.tokens[k].lineStart, !continuesExpression(k) { break }
      if t.isPunct(k, UInt8(ascii: ",")) || t.isPunct(k, UInt8(ascii: ";")) || t.isPunct(k, UInt8(ascii: "}")) { break }
      if t.isPunct(k, UInt8(ascii: "{")), stopAtObservers, isObserverBlock(k) { break }
      if t.tokens[k].kind == .pound, ["#if", "#else", "#elseif", "#endif"].contains(t.text(k)) { break }
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    return k
  }

  /// A line that starts with `.` or a binary operator goes on with the expression above it.
  private func continuesExpression(_ k: Int) -> Bool {
    guard t.tokens[k].kind == .punctuation else { return false }
    switch t.byte(k) {
    case UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
         UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "|"),
         UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: ":"):
      return true
    default:
      return false
    }
  }

  /// `{ willSet … didSet … }` after a property's value.
  private func isObserverBlock(_ open: Int) -> Bool {
    accessorWords(open).contains { $0 == "willSet" || $0 == "didSet" }
  }

  /// The accessor keywords that open the statements of a brace block (`get`, `set`, `didSet`, …),
  /// each possibly after attributes or `mutating`/`nonmutating`; empty for a getter's body.
  private func accessorWords(_ open: Int) -> [String] {
    let accessors: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify", "unsafeAddress", "unsafeMutableAddress", "init", "read", "modify"]
    var words: [String] = []
    var k = open + 1
    let close = t.match[open]
    while k < close {
      while t.isPunct(k, UInt8(ascii: "@")) || t.isWord(k, "mutating") || t.isWord(k, "nonmutating") || t.isWord(k, "borrowing") {
        k += t.isPunct(k, UInt8(ascii: "@")) ? 2 : 1
        if t.isPunct(k, UInt8(ascii: "(")) { k = t.match[k] + 1 }
      }
      guard k < close, t.tokens[k].kind == .identifier, accessors.contains(t.text(k)) else { return words }
      words.append(t.text(k))
      k += 1
      if t.isPunct(k, UInt8(ascii: "(")) { k = t.match[k] + 1 }  // `set(newValue)`
      // `get async throws { … }`, `get { … }`: the accessor's body.
      while k < close, !t.isPunct(k, UInt8(ascii: "{")), t.tokens[k].kind == .identifier { k += 1 }
      guard k < close, t.isPunct(k, UInt8(ascii: "{")) else { return words }
      k = t.match[k] + 1
    }
    return words
  }

  /// A property with this brace block is stored when the block has only observers (`willSet`,
  /// `didSet`) or init accessors; a getter's body or `get`/`set`/`_read`/`_modify` compute it.
  private func isStoredAccessorBlock(_ open: Int) -> Bool {
    let words = accessorWords(open)
    if words.isEmpty { return false }
    return !words.contains { ["get", "set", "_read", "_modify"].contains($0) }
  }

  /// The type Swift infers for `var x = literal`: Int, Double, String, Bool, or `Name(…)`.
  private func literalType(_ value: Range<Int>) -> SwiftType? {
    let i = value.lowerBound
    if value.count == 1 {
      switch t.tokens[i].kind {
      case .integer: return .named(["Int"])
      case .float: return .named(["Double"])
      case .string: return .named(["String"])
      case .identifier where t.isWord(i, "true") || t.isWord(i, "false"): return .named(["Bool"])
      default: return nil
      }
    }
    // `Name(…)`, `Name { … }`, `Name(…) { … }`: a call of an uppercase name.
    guard t.tokens[i].kind == .identifier, let first = t.text(i).first, first.isUppercase else { return nil }
    var k = i + 1
    if t.isPunct(k, UInt8(ascii: "(")), !t.tokens[k].lineStart { k = t.match[k] + 1 }
    if k < value.upperBound, t.isPunct(k, UInt8(ascii: "{")) { k = t.match[k] + 1 }
    return k == value.upperBound && k > i + 1 ? .named([t.text(i)]) : nil
  }

  /// `init(from decoder: Decoder) throws { … }` in a type: the keys its body reads. Any other
  /// initializer is passed over.
  private mutating func initializer(at i: Int, in block: Block) -> Int {
    var k = i + 1
    if t.isPunct(k, UInt8(ascii: "?")) || t.isPunct(k, UInt8(ascii: "!")) { k += 1 }
    k = skipGenericClause(k, end: block.end)
    guard k < block.end, t.isPunct(k, UInt8(ascii: "(")) else { return skipToBody(from: k, end: block.end, skipBody: true) }
    let close = t.match[k]
    let decodes = close > k + 1 && t.isWord(k + 1, "from") && !hasTopLevelComma(k + 1, close)
    let body = skipToBody(from: close + 1, end: block.end, skipBody: false)
    let hasBody = body < block.end && t.isPunct(body, UInt8(ascii: "{"))
    if decodes, !block.owner.isEmpty {
      let key = block.owner.joined(separator: ".")
      if types[key]?.customDecoding == nil {
        var reader = DecodingReader(tokens: t)
        let decoding = reader.read(body: hasBody ? body : nil, location: location(i))
        types[key]?.customDecoding = decoding
      }
    }
    return hasBody ? t.match[body] + 1 : body
  }

  private func hasTopLevelComma(_ from: Int, _ to: Int) -> Bool {
    var k = from
    while k < to {
      if t.isPunct(k, UInt8(ascii: ",")) { return true }
      k = t.match[k] > k ? t.match[k] + 1 : k + 1
    }
    return false
  }

  /// `case a, b(Int), c = "x"`: each element's name, raw value and whether it has associated values.
  private mutating func enumCases(at i: Int, in block: Block) -> Int {
    let key = block.owner.joined(separator: ".")
    var k = i + 1
    while true {
      guard k < block.end, t.tokens[k].kind == .identifier else {
        fail(after(k - 1), "expected a name here")
        return block.end
      }
      let name = t.text(k)
      k += 1
      var associated = false
      if k < block.end, t.isPunct(k, UInt8(ascii: "(")) {
        associated = true
        k = t.match[k] + 1
      }
      var raw: EnumCase.RawValue? = nil
      if k < block.end, t.isPunct(k, UInt8(ascii: "=")) {
        let end = expressionEnd(from: k + 1, end: block.end, stopAtObservers: false)
        guard end > k + 1 else {
          fail(after(k), "expected an expression here")
          return block.end
        }
        raw = rawValue((k + 1)..<end)
        k = end
      }
      if !block.owner.isEmpty {
        types[key]?.cases.append(EnumCase(name: name, rawValue: raw, hasAssociatedValues: associated))
      }
      guard k < block.end, t.isPunct(k, UInt8(ascii: ",")) else { break }
      k += 1
    }
    return k
  }

  /// A raw value as written: a plain string literal's text, an integer, or the expression.
  private func rawValue(_ value: Range<Int>) -> EnumCase.RawValue {
    let i = value.lowerBound
    let text = t.slice(i, value.upperBound - 1)
    if value.count == 1, t.tokens[i].kind == .string, let content = Self.plainContent(text) {
      // Escapes in a raw value are rare; one with a backslash is not compared.
      return content.contains("\\") ? .other(text) : .string(content)
    }
    if value.count == 1, t.tokens[i].kind == .integer, let n = Int64(text.filter { $0 != "_" }) { return .integer(n) }
    if value.count == 2, t.isPunct(i, UInt8(ascii: "-")), t.tokens[i + 1].kind == .integer, !t.tokens[i + 1].spaceBefore,
       let n = Int64("-" + t.text(i + 1).filter { $0 != "_" }) {
      return .integer(n)
    }
    return .other(text)
  }

  /// The text of a one-line string literal without interpolation (`"a"`, `#"a"#`); nil otherwise.
  static func plainContent(_ literal: String) -> String? {
    let hashes = literal.prefix { $0 == "#" }.count
    var body = Substring(literal)
    body = body.dropFirst(hashes).dropLast(hashes)
    guard body.count >= 2, body.first == "\"", body.last == "\"", !body.hasPrefix("\"\"\"") else { return nil }
    let content = body.dropFirst().dropLast()
    if content.contains("\\" + String(repeating: "#", count: hashes) + "(") { return nil }
    return String(content)
  }
}
