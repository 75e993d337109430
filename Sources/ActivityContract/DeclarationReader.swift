import SwiftParser
import SwiftSyntax

/// The declarations read from an app's Swift files: its types, type aliases and the
/// `ActivityAttributes` among them (SPEC §13.1). Only declarations are read: no compiler, no build.
///
/// Reading is linear in the file's size: declarations are visited with a work list (nesting of
/// types costs no stack), and the parser's own nesting limit bounds everything else.
public struct ActivityContract: Sendable {
  /// Every struct, class, enum and actor, by qualified name (`DeliveryAttributes.ContentState`).
  public private(set) var types: [String: TypeDeclaration] = [:]
  /// Type aliases, by qualified name: the scope they resolve in and the type they name.
  public private(set) var aliases: [String: (scope: [String], type: SwiftType)] = [:]
  /// Files that did not parse, each with the first place the parser stopped at.
  public private(set) var problems: [SourceProblem] = []
  /// How many files were read.
  public private(set) var fileCount = 0
  /// Qualified names of types that have been declared, not only extended.
  private var declared: Set<String> = []

  /// An empty contract; add files with `add(source:file:)`.
  public init() {}

  /// The parser's nesting limit: deeper code is a positioned error, never a deep recursion.
  public static let maximumNestingLevel = 256

  /// Reads one Swift file's declarations. A file that does not parse adds a `SourceProblem` at the
  /// first place the parser could not read, and none of its declarations.
  public mutating func add(source: String, file: String) {
    fileCount += 1
    let bytes = Array(source.utf8)
    let lines = LineTable(bytes)
    var parser = Parser(source, maximumNestingLevel: Self.maximumNestingLevel)
    let tree = SourceFileSyntax.parse(from: &parser)
    if tree.hasError {
      problems.append(Self.firstError(tree, file: file, lines: lines))
      return
    }
    var reader = FileReader(file: file, lines: lines)
    reader.read(tree)
    for (key, decl) in reader.types {
      if var existing = types[key] {
        existing.merge(decl)
        types[key] = existing
      } else {
        types[key] = decl
      }
    }
    declared.formUnion(reader.declared)
    for (key, alias) in reader.aliases where aliases[key] == nil { aliases[key] = alias }
  }

  /// The bare names of the declared types that conform to `ActivityAttributes` (in a declaration
  /// or an extension), sorted.
  public var activityTypeNames: [String] {
    Set(activityTypes.map { $0.path.last ?? "" }).sorted()
  }

  /// The declared `ActivityAttributes` types, sorted by qualified name.
  public var activityTypes: [TypeDeclaration] {
    types.values.filter { d in
      declared.contains(d.name) && d.inherits.contains { $0 == "ActivityAttributes" || $0 == "ActivityKit.ActivityAttributes" }
    }.sorted { $0.name < $1.name }
  }

  /// Whether the type of that qualified name was declared (not only extended) in the files read.
  public func isDeclared(_ name: String) -> Bool { declared.contains(name) }

  /// Looks a type name up as Swift would from inside `scope`: the innermost enclosing type first,
  /// then outwards, through type aliases (at most 16 in a row). Nil when the files declare no such type.
  public func resolve(_ path: [String], from scope: [String]) -> Resolved? {
    var path = path
    var scope = scope
    for _ in 0..<16 {
      var found: Resolved? = nil
      var k = scope.count
      while k >= 0 {
        let candidate = (scope[..<k] + path).joined(separator: ".")
        if declared.contains(candidate), let decl = types[candidate] {
          found = .type(decl)
          break
        }
        if let alias = aliases[candidate] {
          found = .alias(alias.scope, alias.type)
          break
        }
        k -= 1
      }
      switch found {
      case .some(.alias(let s, .named(let p))):
        scope = s
        path = p
        continue
      default:
        return found
      }
    }
    return nil
  }

  /// What a name stands for.
  public enum Resolved: Sendable {
    case type(TypeDeclaration)
    /// A type alias to a type that is not a plain name (`typealias Stops = [Stop]`), in its scope.
    case alias([String], SwiftType)
  }

  /// The first token the parser could not read: a missing one, or one it had to skip.
  static func firstError(_ tree: SourceFileSyntax, file: String, lines: LineTable) -> SourceProblem {
    for token in tree.tokens(viewMode: .all) {
      if token.presence == .missing {
        let at = lines.location(file: file, offset: token.positionAfterSkippingLeadingTrivia.utf8Offset)
        // A missing identifier or type is a placeholder: `<#type#>` reads "a type".
        let text = token.text
        let what = text.isEmpty ? "a declaration"
          : text.hasPrefix("<#") && text.hasSuffix("#>") ? "a " + String(text.dropFirst(2).dropLast(2))
          : "'\(text)'"
        return SourceProblem(location: at, message: "the Swift file does not parse: expected \(what) here")
      }
      var node: Syntax? = token.parent
      var depth = 0
      while let n = node, depth < 4 {
        if n.is(UnexpectedNodesSyntax.self) {
          let at = lines.location(file: file, offset: token.positionAfterSkippingLeadingTrivia.utf8Offset)
          return SourceProblem(location: at, message: "the Swift file does not parse: unexpected '\(Self.shortText(token.text))'")
        }
        node = n.parent
        depth += 1
      }
    }
    return SourceProblem(location: SwiftLocation(file: file, line: 1, column: 1),
                         message: "the Swift file does not parse (nesting deeper than \(maximumNestingLevel) levels)")
  }

  static func shortText(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}

extension TypeDeclaration {
  /// Adds what an extension or a second declaration says.
  mutating func merge(_ other: TypeDeclaration) {
    for name in other.inherits where !inherits.contains(name) { inherits.append(name) }
    if properties.isEmpty { properties = other.properties }
    if cases.isEmpty { cases = other.cases }
    if customDecoding == nil { customDecoding = other.customDecoding }
  }
}

/// Byte offsets to 1-based lines and columns (columns count Unicode scalars).
struct LineTable: Sendable {
  let bytes: [UInt8]
  let starts: [Int]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
    self.starts = starts
  }

  func location(file: String, offset: Int) -> SwiftLocation {
    var lo = 0, hi = starts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    var column = 1
    var i = starts[lo]
    let end = min(offset, bytes.count)
    while i < end {
      if bytes[i] & 0xC0 != 0x80 { column += 1 }
      i += 1
    }
    return SwiftLocation(file: file, line: lo + 1, column: column)
  }
}

/// Reads one parsed file with a work list.
struct FileReader {
  let file: String
  let lines: LineTable
  var types: [String: TypeDeclaration] = [:]
  var declared: Set<String> = []
  var aliases: [String: (scope: [String], type: SwiftType)] = [:]

  init(file: String, lines: LineTable) {
    self.file = file
    self.lines = lines
  }

  /// A declaration to visit, the type it is a member of (empty at file level), and whether it
  /// stands in an extension (where a `var` is never stored).
  private struct Item {
    var decl: DeclSyntax
    var owner: [String]
    var inExtension: Bool
  }

  mutating func read(_ tree: SourceFileSyntax) {
    var work: [Item] = []
    for item in tree.statements.reversed() {
      Self.push(item.item, owner: [], inExtension: false, into: &work)
    }
    while let item = work.popLast() {
      visit(item, work: &work)
    }
  }

  private static func push(_ item: CodeBlockItemSyntax.Item, owner: [String], inExtension: Bool, into work: inout [Item]) {
    if case .decl(let decl) = item { work.append(Item(decl: decl, owner: owner, inExtension: inExtension)) }
  }

  private static func pushMembers(_ members: MemberBlockItemListSyntax, owner: [String], inExtension: Bool, into work: inout [Item]) {
    for member in members.reversed() {
      work.append(Item(decl: member.decl, owner: owner, inExtension: inExtension))
    }
  }

  private func location(_ node: some SyntaxProtocol) -> SwiftLocation {
    lines.location(file: file, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  private mutating func declare(_ path: [String], kind: TypeDeclaration.Kind, inherits: InheritanceClauseSyntax?, at node: some SyntaxProtocol) {
    let key = path.joined(separator: ".")
    let names = inherits.map(Self.names) ?? []
    if var existing = types[key] {
      if !declared.contains(key) {
        existing.kind = kind
        existing.location = location(node)
      }
      for n in names where !existing.inherits.contains(n) { existing.inherits.append(n) }
      types[key] = existing
    } else {
      types[key] = TypeDeclaration(path: path, kind: kind, inherits: names, properties: [], cases: [], customDecoding: nil,
                                   location: location(node))
    }
    declared.insert(key)
  }

  private static func names(_ clause: InheritanceClauseSyntax) -> [String] {
    clause.inheritedTypes.map { $0.type.trimmedDescription }
  }

  private mutating func visit(_ item: Item, work: inout [Item]) {
    let decl = item.decl
    if let s = decl.as(StructDeclSyntax.self) {
      let path = item.owner + [s.name.text]
      declare(path, kind: .structure, inherits: s.inheritanceClause, at: s.name)
      Self.pushMembers(s.memberBlock.members, owner: path, inExtension: false, into: &work)
    } else if let c = decl.as(ClassDeclSyntax.self) {
      let path = item.owner + [c.name.text]
      declare(path, kind: .classType, inherits: c.inheritanceClause, at: c.name)
      Self.pushMembers(c.memberBlock.members, owner: path, inExtension: false, into: &work)
    } else if let a = decl.as(ActorDeclSyntax.self) {
      let path = item.owner + [a.name.text]
      declare(path, kind: .actor, inherits: a.inheritanceClause, at: a.name)
      Self.pushMembers(a.memberBlock.members, owner: path, inExtension: false, into: &work)
    } else if let e = decl.as(EnumDeclSyntax.self) {
      let path = item.owner + [e.name.text]
      declare(path, kind: .enumeration, inherits: e.inheritanceClause, at: e.name)
      Self.pushMembers(e.memberBlock.members, owner: path, inExtension: false, into: &work)
    } else if let x = decl.as(ExtensionDeclSyntax.self) {
      // Extensions are file-level: the extended type is named from the top.
      let path = Self.typePath(x.extendedType)
      guard !path.isEmpty else { return }
      let key = path.joined(separator: ".")
      if types[key] == nil {
        types[key] = TypeDeclaration(path: path, kind: .structure, inherits: [], properties: [], cases: [], customDecoding: nil,
                                     location: location(x.extendedType))
      }
      for n in x.inheritanceClause.map(Self.names) ?? [] where !(types[key]?.inherits.contains(n) ?? true) {
        types[key]?.inherits.append(n)
      }
      Self.pushMembers(x.memberBlock.members, owner: path, inExtension: true, into: &work)
    } else if let t = decl.as(TypeAliasDeclSyntax.self) {
      let key = (item.owner + [t.name.text]).joined(separator: ".")
      if aliases[key] == nil { aliases[key] = (item.owner, Self.swiftType(t.initializer.value)) }
    } else if let v = decl.as(VariableDeclSyntax.self) {
      guard !item.owner.isEmpty, !item.inExtension else { return }
      storedProperties(v, owner: item.owner)
    } else if let i = decl.as(InitializerDeclSyntax.self) {
      guard !item.owner.isEmpty else { return }
      let parameters = i.signature.parameterClause.parameters
      guard parameters.count == 1, let p = parameters.first, p.firstName.text == "from" else { return }
      let key = item.owner.joined(separator: ".")
      if types[key]?.customDecoding == nil {
        let decoding = DecodingReader.read(i, location: location(i.initKeyword))
        types[key]?.customDecoding = decoding
      }
    } else if let c = decl.as(EnumCaseDeclSyntax.self) {
      guard !item.owner.isEmpty else { return }
      let key = item.owner.joined(separator: ".")
      for element in c.elements {
        types[key]?.cases.append(EnumCase(name: element.name.text, rawValue: element.rawValue.map { Self.rawValue($0.value) },
                                          hasAssociatedValues: element.parameterClause != nil))
      }
    } else if let ic = decl.as(IfConfigDeclSyntax.self) {
      // `#if canImport(ActivityKit)`: the first clause is the one an iOS build compiles in most apps.
      guard let clause = ic.clauses.first, let elements = clause.elements else { return }
      switch elements {
      case .decls(let members):
        Self.pushMembers(members, owner: item.owner, inExtension: item.inExtension, into: &work)
      case .statements(let statements):
        for s in statements.reversed() { Self.push(s.item, owner: item.owner, inExtension: item.inExtension, into: &work) }
      default:
        break
      }
    }
  }

  private mutating func storedProperties(_ v: VariableDeclSyntax, owner: [String]) {
    for m in v.modifiers where ["static", "class"].contains(m.name.text) { return }
    let key = owner.joined(separator: ".")
    let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
    let wrapped = v.attributes.contains { attribute in
      guard case .attribute(let a) = attribute else { return true }
      let name = a.attributeName.trimmedDescription
      return !["available", "MainActor", "preconcurrency", "objc", "nonobjc", "inline", "usableFromInline"].contains(name)
    }
    // `let a, b: Int`: the type annotation of a later binding applies to the earlier ones.
    var pending: [(String, PatternBindingSyntax)] = []
    for binding in v.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      if let accessors = binding.accessorBlock {
        switch accessors.accessors {
        case .getter: continue
        case .accessors(let list):
          if list.contains(where: { ["get", "set", "_read", "_modify"].contains($0.accessorSpecifier.text) }) { continue }
        }
      }
      pending.append((name, binding))
      guard binding.typeAnnotation != nil || binding.initializer != nil else { continue }
      let type = binding.typeAnnotation.map { Self.swiftType($0.type) } ?? binding.initializer.flatMap { Self.literalType($0.value) }
      for (n, b) in pending {
        let property = StoredProperty(name: n, type: type, isConstantWithValue: isLet && b.initializer != nil,
                                      isWrapped: wrapped, location: location(b.pattern))
        types[key]?.properties.append(property)
      }
      pending.removeAll()
    }
  }

  /// `Outer.Inner`, `Foundation.Date` as a path; generic arguments are dropped.
  static func typePath(_ type: TypeSyntax) -> [String] {
    var path: [String] = []
    var node: TypeSyntax? = type
    var steps = 0
    while let t = node, steps < 4096 {
      steps += 1
      if let id = t.as(IdentifierTypeSyntax.self) {
        path.insert(id.name.text, at: 0)
        node = nil
      } else if let m = t.as(MemberTypeSyntax.self) {
        path.insert(m.name.text, at: 0)
        node = m.baseType
      } else {
        return []
      }
    }
    return path
  }

  /// A type as decoding sees it; nesting deeper than 32 is `unsupported`.
  static func swiftType(_ type: TypeSyntax, depth: Int = 0) -> SwiftType {
    guard depth < 32 else { return .unsupported(type.trimmedDescription) }
    if let o = type.as(OptionalTypeSyntax.self) { return .optional(swiftType(o.wrappedType, depth: depth + 1)) }
    if let o = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return .optional(swiftType(o.wrappedType, depth: depth + 1)) }
    if let a = type.as(ArrayTypeSyntax.self) { return .array(swiftType(a.element, depth: depth + 1)) }
    if let d = type.as(DictionaryTypeSyntax.self) {
      return .dictionary(swiftType(d.key, depth: depth + 1), swiftType(d.value, depth: depth + 1))
    }
    if let id = type.as(IdentifierTypeSyntax.self), let generic = id.genericArgumentClause {
      let arguments: [SwiftType] = generic.arguments.map { argument in
        switch argument.argument {
        case .type(let t): swiftType(t, depth: depth + 1)
        default: .unsupported(argument.trimmedDescription)
        }
      }
      switch (id.name.text, arguments.count) {
      case ("Optional", 1): return .optional(arguments[0])
      case ("Array", 1), ("Set", 1), ("ContiguousArray", 1): return .array(arguments[0])
      case ("Dictionary", 2): return .dictionary(arguments[0], arguments[1])
      default: return .unsupported(type.trimmedDescription)
      }
    }
    if let a = type.as(AttributedTypeSyntax.self) { return swiftType(a.baseType, depth: depth + 1) }
    let path = typePath(type)
    if path.isEmpty { return .unsupported(type.trimmedDescription) }
    if path.count > 1, ["Swift", "Foundation", "CoreGraphics", "CoreFoundation"].contains(path[0]) {
      return .named(Array(path.dropFirst()))
    }
    return .named(path)
  }

  /// The type Swift infers for `var x = literal`: Int, Double, String, Bool, or `Name(…)`.
  static func literalType(_ expr: ExprSyntax) -> SwiftType? {
    if expr.is(IntegerLiteralExprSyntax.self) { return .named(["Int"]) }
    if expr.is(FloatLiteralExprSyntax.self) { return .named(["Double"]) }
    if expr.is(StringLiteralExprSyntax.self) { return .named(["String"]) }
    if expr.is(BooleanLiteralExprSyntax.self) { return .named(["Bool"]) }
    if let call = expr.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
       let first = callee.baseName.text.first, first.isUppercase {
      return .named([callee.baseName.text])
    }
    return nil
  }

  static func rawValue(_ expr: ExprSyntax) -> EnumCase.RawValue {
    if let s = expr.as(StringLiteralExprSyntax.self) {
      var text = ""
      for segment in s.segments {
        guard case .stringSegment(let part) = segment else { return .other(expr.trimmedDescription) }
        text += part.content.text
      }
      // Escapes in a raw value are rare; one with a backslash is not compared.
      return text.contains("\\") ? .other(expr.trimmedDescription) : .string(text)
    }
    if let i = expr.as(IntegerLiteralExprSyntax.self), let n = Int64(i.literal.text.replacingUnderscores) { return .integer(n) }
    if let p = expr.as(PrefixOperatorExprSyntax.self), p.operator.text == "-",
       let i = p.expression.as(IntegerLiteralExprSyntax.self), let n = Int64("-" + i.literal.text.replacingUnderscores) {
      return .integer(n)
    }
    return .other(expr.trimmedDescription)
  }
}

extension String {
  fileprivate var replacingUnderscores: String { String(filter { $0 != "_" }) }
}
