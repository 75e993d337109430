import PayloadSchema

/// The declarations read from an app's Swift files: its types, type aliases and the
/// `ActivityAttributes` among them (SPEC §13.1). Only declarations are read: no compiler, no build.
///
/// The files are read with the tool's own reader of Swift declarations (`SwiftTokens`, then
/// `FileReader`): Swift's lexical structure exactly, and of its grammar what declarations need
/// (types, extensions, type aliases, stored properties, enum cases, `init(from:)`). Everything
/// else (function bodies, statements, expressions) is skipped by its brackets, so syntax newer
/// than the reader is passed over, not refused. Reading is linear in the file's size: nested types
/// are visited with a work list (nesting costs no stack), brackets nest at most
/// `maximumNestingLevel` deep, and a type at most 64.
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
  /// Types a later file declares again under the same qualified name (an app's widget extension
  /// and a plugin each declaring `TimerAttributes`: different modules, one name). The first
  /// declaration stays in ``types``; each later file's declarations of those names (with the
  /// types nested in them) are kept apart, one alternate per file, and checked too
  /// (``variants``).
  public private(set) var alternates: [(file: String, types: [String: TypeDeclaration])] = []

  /// An empty contract; add files with `add(source:file:)`.
  public init() {}

  /// How deep brackets may nest: deeper code is a positioned problem, never a deep recursion.
  public static let maximumNestingLevel = SwiftTokens.maximumNesting

  /// Reads one Swift file's declarations. A file that does not read (an unterminated string or
  /// comment, unbalanced brackets, or a declaration the reader needs that is malformed, such as
  /// `var x:` with no type) adds a `SourceProblem` at the first such place, and none of its
  /// declarations.
  public mutating func add(source: String, file: String) {
    fileCount += 1
    let bytes = Array(source.utf8)
    let lines = LineTable(bytes)
    let tokens = SwiftTokens(bytes)
    if let problem = tokens.problem {
      problems.append(SourceProblem(location: lines.location(file: file, offset: problem.offset), message: problem.message))
      return
    }
    var reader = FileReader(file: file, lines: lines, tokens: tokens)
    reader.read()
    if let problem = reader.problem {
      problems.append(SourceProblem(location: lines.location(file: file, offset: problem.offset), message: problem.message))
      return
    }
    // Names this file declares that an earlier file declared too: another module's type.
    let clashes = reader.declared.filter { declared.contains($0) }
    var alternate: [String: TypeDeclaration] = [:]
    if !clashes.isEmpty {
      func clashing(_ key: String) -> Bool { clashes.contains { key == $0 || key.hasPrefix($0 + ".") } }
      for (key, decl) in reader.types where clashing(key) { alternate[key] = decl }
      alternates.append((file, alternate))
    }
    for (key, decl) in reader.types where alternate[key] == nil {
      if var existing = types[key] {
        existing.merge(decl)
        types[key] = existing
      } else {
        types[key] = decl
      }
    }
    declared.formUnion(reader.declared.filter { alternate[$0] == nil })
    for (key, alias) in reader.aliases where aliases[key] == nil { aliases[key] = alias }
  }

  /// This contract as each file that declares a type again would have it: for each alternate,
  /// the types it redeclares (and every type nested in them) replaced by its own. Empty when no
  /// name is declared twice.
  public var variants: [(file: String, contract: ActivityContract)] {
    alternates.map { alternate in
      var variant = self
      variant.alternates = []
      let roots = alternate.types.keys.filter { key in !alternate.types.keys.contains { key.hasPrefix($0 + ".") } }
      variant.types = variant.types.filter { key, _ in !roots.contains { key == $0 || key.hasPrefix($0 + ".") } }
      for (key, decl) in alternate.types {
        variant.types[key] = decl
        variant.declared.insert(key)
      }
      return (alternate.file, variant)
    }
  }

  /// The file of the first declaration of the qualified type `name`, if it was declared.
  public func file(declaring name: String) -> String? { declared.contains(name) ? types[name]?.location.file : nil }

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

/// Byte offsets to 1-based lines and columns (columns count Unicode scalars), for many lookups in
/// one file: the lines' starts, found by binary search, then `LineIndex` over the line.
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
    // The column from the line's start, counted as every position is (LineIndex).
    var position = LineIndex(line: lo + 1)
    position.advance(over: bytes[starts[lo]..<max(starts[lo], min(offset, bytes.count))])
    return SwiftLocation(file: file, line: lo + 1, column: position.column)
  }
}

