import PayloadSchema

/// A Swift type as the declaration spells it, reduced to what decoding needs.
public indirect enum SwiftType: Sendable, Hashable, CustomStringConvertible {
  /// A named type, qualified as written (`Date`, `Outer.Phase`).
  case named([String])
  /// `T?`, `Optional<T>`, `T!`.
  case optional(SwiftType)
  /// `[T]`, `Array<T>`, `Set<T>`.
  case array(SwiftType)
  /// `[K: V]`, `Dictionary<K, V>`.
  case dictionary(SwiftType, SwiftType)
  /// Anything else (a tuple, a function, an existential): written as the source says.
  case unsupported(String)

  /// The type as Swift writes it: `[String: Stop]?`.
  public var description: String {
    switch self {
    case .named(let path): path.joined(separator: ".")
    case .optional(let t): "\(t)?"
    case .array(let t): "[\(t)]"
    case .dictionary(let k, let v): "[\(k): \(v)]"
    case .unsupported(let text): text
    }
  }
}

/// A place in a Swift file: its path, 1-based line and column (Unicode scalars).
public struct SwiftLocation: Sendable, Hashable, CustomStringConvertible {
  /// The path the file was given as.
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column, counting Unicode scalars.
  public var column: Int

  /// A place in a file.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `Attributes.swift:12:7`.
  public var description: String { "\(file):\(line):\(column)" }
}

/// One stored property of a struct or class, as synthesized `Decodable` reads it.
public struct StoredProperty: Sendable, Hashable {
  /// The Swift name.
  public var name: String
  /// The declared type; nil when the declaration gives none and no literal tells it.
  public var type: SwiftType?
  /// True for `let x = value`: synthesized decoding skips it.
  public var isConstantWithValue: Bool
  /// True when a property wrapper or macro attribute stands on it (its decoding is the wrapper's).
  public var isWrapped: Bool
  /// Where the property is declared.
  public var location: SwiftLocation
}

/// A key read in a hand-written `init(from:)`: `try c.decode(Int.self, forKey: .count)`.
public struct DecodedKey: Sendable, Hashable {
  /// The `CodingKey` case named (`count`).
  public var caseName: String
  /// The type named before `.self`.
  public var type: SwiftType
  /// `decodeIfPresent`: a missing key or null is fine.
  public var ifPresent: Bool
  /// `try?`, inside `if`, `guard`, `switch`, a loop or a closure: when it runs, and whether its
  /// failure matters, cannot be told from the declaration.
  public var conditional: Bool
}

/// What a hand-written `init(from:)` reads.
public struct CustomDecoding: Sendable, Hashable {
  /// The plain `decode`/`decodeIfPresent(T.self, forKey: .key)` calls, in order.
  public var keys: [DecodedKey] = []
  /// `singleValueContainer().decode(T.self)`: the whole value decodes as `T`.
  public var singleValue: SwiftType?
  /// What the tool cannot follow (`nestedContainer`, a computed key, `T(from: decoder)`, …): each
  /// makes the type's keys partly unknown. Empty when every read is plain.
  public var unfollowed: [String] = []
  /// Where the initializer is declared.
  public var location: SwiftLocation
}

/// A struct, class or enum declared in the files read.
public struct TypeDeclaration: Sendable, Hashable {
  /// What kind of type it is.
  public enum Kind: String, Sendable, Hashable { case structure = "struct", classType = "class", enumeration = "enum", actor }
  /// The qualified name: `DeliveryAttributes.ContentState`.
  public var path: [String]
  /// Struct, class, enum or actor.
  public var kind: Kind
  /// The names in its inheritance clauses (declaration and extensions): `Codable`, `String`, `ActivityAttributes`.
  public var inherits: [String]
  /// Stored properties in declaration order (structs and classes).
  public var properties: [StoredProperty]
  /// Enum cases in order, with their raw value as written (`"bee"`, `3`), or nil.
  public var cases: [EnumCase]
  /// A hand-written `init(from:)`, from the declaration or an extension.
  public var customDecoding: CustomDecoding?
  /// Where the type is declared (or first extended).
  public var location: SwiftLocation

  /// The qualified name as Swift writes it.
  public var name: String { path.joined(separator: ".") }
}

/// An enum case: its name, its raw value as written (a string literal's text, or an integer), and
/// whether it has associated values.
public struct EnumCase: Sendable, Hashable {
  /// The case's name.
  public var name: String
  /// The raw value written in the declaration; nil when none is written.
  public var rawValue: RawValue?
  /// True for `case moved(to: Int)`: such an enum is not decoded from a raw value.
  public var hasAssociatedValues: Bool

  /// A raw value written in the declaration.
  public enum RawValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    /// Something else (a float, an expression): not compared.
    case other(String)
  }
}

/// A positioned problem with a Swift file: it does not parse, or cannot be read.
public struct SourceProblem: Sendable, Hashable, CustomStringConvertible {
  /// Where the parser stopped.
  public var location: SwiftLocation
  /// Lowercase start.
  public var message: String

  /// The problem in the one shape every tool error has.
  public var toolProblem: ToolProblem {
    ToolProblem(message, path: location.file, line: location.line, column: location.column)
  }

  /// `Attributes.swift:3:14: error: …` (`ToolProblem`'s form).
  public var description: String { toolProblem.description }
}
