// What a Swift package's manifest (`Package.swift`) says about its tables, read as text: the
// manifest is Swift code and is never run. A conservative scanner reads `defaultLocalization:`
// and the targets of `Package(…)` when they are written as literals; anything else (a variable,
// a function building targets, `#if` among the targets, targets changed after `Package(…)`) is
// not understood, and says so.

/// The parts of a `Package.swift` that decide which tables a package ships.
///
/// ```swift
/// let manifest = try PackageManifest.read(text).get()
/// manifest.defaultLocalization            // "en"
/// manifest.targets.map(\.name)            // ["Kit", "KitTests"]
/// ```
public struct PackageManifest: Sendable, Hashable {
  /// `defaultLocalization:`: the bundle's development region (`CFBundleDevelopmentRegion`).
  public var defaultLocalization: String?
  /// The targets, in the manifest's order.
  public var targets: [Target]

  /// One target of the manifest.
  public struct Target: Sendable, Hashable {
    /// `target`, `executableTarget`, `testTarget`, `plugin`, `macro`, `binaryTarget`, `systemLibrary`.
    public var kind: String
    /// `name:`.
    public var name: String
    /// `path:` (relative to the package); nil for the default (`Sources/NAME`, `Tests/NAME`…).
    public var path: String?
    /// `exclude:`: paths relative to the target's folder.
    public var exclude: [String]
    /// `resources:`, in order.
    public var resources: [Resource]

    /// One of `resources:`: `.process("Resources")`, `.copy("Data")`, `.embedInCode("x.json")`.
    public struct Resource: Sendable, Hashable {
      /// `process`, `copy` or `embedInCode`.
      public var rule: String
      /// The path, relative to the target's folder.
      public var path: String

      /// Creates a resource rule.
      public init(rule: String, path: String) {
        self.rule = rule
        self.path = path
      }
    }

    /// Creates a target.
    public init(kind: String, name: String, path: String? = nil, exclude: [String] = [], resources: [Resource] = []) {
      self.kind = kind
      self.name = name
      self.path = path
      self.exclude = exclude
      self.resources = resources
    }

    /// Whether the target's files can go into a bundle at all (a binary or system library target has none).
    public var hasResources: Bool { kind != "binaryTarget" && kind != "systemLibrary" }
  }

  /// What in a manifest is not understood.
  public struct NotUnderstood: Error, Sendable, Hashable {
    /// What was met, lowercase start (`the targets are not an array literal`).
    public var message: String

    /// Creates what is not understood.
    public init(message: String) { self.message = message }
  }

  /// The most bytes read from a manifest.
  public static let maxBytes = 4 << 20

  /// The kinds of target a manifest declares (`.target(…)`, `Target.testTarget(…)`).
  static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "binaryTarget", "systemLibrary", "plugin", "macro"]

  /// Reads a manifest's text.
  public static func read(_ text: String) -> Result<PackageManifest, NotUnderstood> {
    let tokens = ManifestTokens.scan(Array(text.utf8))
    func fail(_ message: String) -> Result<PackageManifest, NotUnderstood> { .failure(NotUnderstood(message: message)) }

    // What changes the targets or the localization after `Package(…)` is not followed.
    for i in tokens.indices {
      guard case .identifier(let name) = tokens[i] else { continue }
      let before = i > 0 ? tokens[i - 1] : nil
      let after = i + 1 < tokens.count ? tokens[i + 1] : nil
      if ["targets", "resources", "exclude", "defaultLocalization", "path"].contains(name), before == .punctuation(UInt8(ascii: ".")) {
        return fail("'.\(name)' is read or changed in code")
      }
      if name == "targets", after == .punctuation(UInt8(ascii: "=")) || after == .punctuation(UInt8(ascii: "+")) {
        return fail("'targets' is built in code")
      }
    }
    guard let start = tokens.indices.first(where: {
      tokens[$0] == .identifier("Package") && $0 + 1 < tokens.count && tokens[$0 + 1] == .punctuation(UInt8(ascii: "("))
    }) else { return fail("no 'Package(…)'") }
    guard let arguments = ManifestTokens.arguments(tokens, open: start + 1) else { return fail("'Package(' is not closed") }

    var manifest = PackageManifest(defaultLocalization: nil, targets: [])
    for argument in arguments {
      switch argument.label {
      case "defaultLocalization":
        guard argument.value.count == 1, case .string(let language?) = argument.value[0] else {
          return fail("'defaultLocalization' is not a string literal")
        }
        manifest.defaultLocalization = language
      case "targets":
        let value = argument.value
        guard value.first == .punctuation(UInt8(ascii: "[")), ManifestTokens.closing(value, 0) == value.count - 1 else {
          return fail("the targets are not an array literal")
        }
        for element in ManifestTokens.elements(Array(value[1..<(value.count - 1)])) {
          switch readTarget(element) {
          case .success(let target): manifest.targets.append(target)
          case .failure(let failure): return .failure(failure)
          }
        }
      default:
        continue
      }
    }
    return .success(manifest)
  }

  /// One element of `targets: [...]`: `.KIND(name: "…", path: "…", exclude: […], resources: […], …)`.
  private static func readTarget(_ element: [ManifestTokens.Token]) -> Result<Target, NotUnderstood> {
    func fail(_ message: String) -> Result<Target, NotUnderstood> { .failure(NotUnderstood(message: message)) }
    var i = 0
    if element.first == .identifier("Target") { i = 1 }
    guard i + 2 < element.count, element[i] == .punctuation(UInt8(ascii: ".")), case .identifier(let kind) = element[i + 1],
          targetKinds.contains(kind), element[i + 2] == .punctuation(UInt8(ascii: "(")),
          ManifestTokens.closing(element, i + 2) == element.count - 1,
          let arguments = ManifestTokens.arguments(element, open: i + 2)
    else {
      return fail("a target is not written as '.target(…)': '\(ManifestTokens.shown(element))'")
    }
    var target = Target(kind: kind, name: "")
    for argument in arguments {
      let value = argument.value
      switch argument.label {
      case "name":
        guard value.count == 1, case .string(let name?) = value[0] else { return fail("a target's name is not a string literal") }
        target.name = name
      case "path":
        guard value.count == 1, case .string(let path?) = value[0] else { return fail("the path of '\(target.name)' is not a string literal") }
        target.path = path
      case "exclude":
        guard let strings = ManifestTokens.stringArray(value) else { return fail("the exclude list of '\(target.name)' is not literal strings") }
        target.exclude = strings
      case "resources":
        guard value.first == .punctuation(UInt8(ascii: "[")), ManifestTokens.closing(value, 0) == value.count - 1 else {
          return fail("the resources of '\(target.name)' are not an array literal")
        }
        for resource in ManifestTokens.elements(Array(value[1..<(value.count - 1)])) {
          guard resource.count >= 4, resource[0] == .punctuation(UInt8(ascii: ".")), case .identifier(let rule) = resource[1],
                ["process", "copy", "embedInCode"].contains(rule), resource[2] == .punctuation(UInt8(ascii: "(")),
                ManifestTokens.closing(resource, 2) == resource.count - 1,
                let ruleArguments = ManifestTokens.arguments(resource, open: 2),
                let first = ruleArguments.first, first.label == nil, first.value.count == 1, case .string(let path?) = first.value[0]
          else {
            return fail("a resource of '\(target.name)' is not '.process(\"…\")' or '.copy(\"…\")': '\(ManifestTokens.shown(resource))'")
          }
          target.resources.append(Target.Resource(rule: rule, path: path))
        }
      default:
        continue
      }
    }
    guard !target.name.isEmpty else { return fail("a target has no name") }
    return .success(target)
  }
}

/// The tokens of Swift source a manifest reader needs: identifiers, string literals (their value
/// when it is literal), punctuation; comments and space skipped.
enum ManifestTokens {
  enum Token: Hashable {
    case identifier(String)
    /// A string literal; nil when it interpolates or spans lines.
    case string(String?)
    case punctuation(UInt8)
    case number
  }

  /// A call's argument: its label and its tokens.
  struct Argument {
    var label: String?
    var value: [Token]
  }

  static func scan(_ bytes: [UInt8]) -> [Token] {
    var tokens: [Token] = []
    var i = 0
    let n = bytes.count
    func isIdentifier(_ b: UInt8) -> Bool {
      (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80
    }
    while i < n {
      let b = bytes[i]
      if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
      if b == 0x2F, i + 1 < n, bytes[i + 1] == 0x2F {  // `//`
        while i < n && bytes[i] != 0x0A { i += 1 }
        continue
      }
      if b == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A {  // `/*`, nested as Swift nests them
        var depth = 0
        while i < n {
          if bytes[i] == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A { depth += 1; i += 2; continue }
          if bytes[i] == 0x2A, i + 1 < n, bytes[i + 1] == 0x2F { depth -= 1; i += 2; if depth == 0 { break } else { continue } }
          i += 1
        }
        continue
      }
      // A string: `#…"…"#…` raw, `"""…"""` on several lines, `"…"`.
      var hashes = 0
      while i + hashes < n && bytes[i + hashes] == 0x23 { hashes += 1 }
      if i + hashes < n, bytes[i + hashes] == 0x22 {
        i += hashes
        tokens.append(.string(readString(bytes, &i, hashes: hashes)))
        continue
      }
      if b == 0x23 || isIdentifier(b) {  // `#if`, identifiers, keywords
        let start = i
        i += 1
        while i < n && isIdentifier(bytes[i]) { i += 1 }
        let word = String(decoding: bytes[start..<i], as: UTF8.self)
        tokens.append(b >= 0x30 && b <= 0x39 ? .number : .identifier(word))
        continue
      }
      if b == 0x60 {  // `name`
        let start = i + 1
        i += 1
        while i < n && bytes[i] != 0x60 && bytes[i] != 0x0A { i += 1 }
        tokens.append(.identifier(String(decoding: bytes[start..<min(i, n)], as: UTF8.self)))
        i += 1
        continue
      }
      tokens.append(.punctuation(b))
      i += 1
    }
    return tokens
  }

  /// Reads a string literal from its opening quote at `i` (after `hashes` `#`); its value, nil
  /// when it interpolates or is a multi-line literal.
  private static func readString(_ bytes: [UInt8], _ i: inout Int, hashes: Int) -> String? {
    let n = bytes.count
    let multiline = i + 2 < n && bytes[i + 1] == 0x22 && bytes[i + 2] == 0x22
    let quotes = multiline ? 3 : 1
    i += quotes
    var value: [UInt8] = []
    var literal = !multiline
    func closes(at j: Int) -> Bool {
      guard j + quotes + hashes <= n else { return false }
      for k in 0..<quotes where bytes[j + k] != 0x22 { return false }
      for k in 0..<hashes where bytes[j + quotes + k] != 0x23 { return false }
      return true
    }
    while i < n {
      if closes(at: i) {
        i += quotes + hashes
        return literal ? String(decoding: value, as: UTF8.self) : nil
      }
      let b = bytes[i]
      if b == 0x0A && !multiline { return nil }  // unterminated: not a literal
      if b == 0x5C {  // `\`, followed by the delimiter's `#`s to be an escape in a raw string
        var k = 1
        while k <= hashes, i + k < n, bytes[i + k] == 0x23 { k += 1 }
        if k == hashes + 1, i + k < n {
          let e = bytes[i + k]
          i += k + 1
          switch e {
          case 0x28:  // `\(`: an interpolation, to its closing parenthesis
            literal = false
            var depth = 1
            while i < n && depth > 0 {
              if bytes[i] == 0x28 { depth += 1 } else if bytes[i] == 0x29 { depth -= 1 }
              i += 1
            }
          case 0x6E: value.append(0x0A)
          case 0x74: value.append(0x09)
          case 0x30: value.append(0)
          case 0x75: literal = false  // `\u{…}`: not worth decoding in a path
          default: value.append(e)
          }
          continue
        }
      }
      value.append(b)
      i += 1
    }
    return nil
  }

  /// The index of the bracket closing the one at `open`; nil when it is not closed.
  static func closing(_ tokens: [Token], _ open: Int) -> Int? {
    var depth = 0
    var i = open
    while i < tokens.count {
      if case .punctuation(let p) = tokens[i] {
        if p == UInt8(ascii: "(") || p == UInt8(ascii: "[") || p == UInt8(ascii: "{") { depth += 1 }
        if p == UInt8(ascii: ")") || p == UInt8(ascii: "]") || p == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { return i }
        }
      }
      i += 1
    }
    return nil
  }

  /// The comma-separated parts of a list's content, at its top level (empty ones left out).
  static func elements(_ tokens: [Token]) -> [[Token]] {
    var parts: [[Token]] = [[]]
    var depth = 0
    for token in tokens {
      if case .punctuation(let p) = token {
        if p == UInt8(ascii: "(") || p == UInt8(ascii: "[") || p == UInt8(ascii: "{") { depth += 1 }
        if p == UInt8(ascii: ")") || p == UInt8(ascii: "]") || p == UInt8(ascii: "}") { depth -= 1 }
        if p == UInt8(ascii: ","), depth == 0 {
          parts.append([])
          continue
        }
      }
      parts[parts.count - 1].append(token)
    }
    return parts.filter { !$0.isEmpty }
  }

  /// The arguments of the call whose `(` is at `open`; nil when it is not closed.
  static func arguments(_ tokens: [Token], open: Int) -> [Argument]? {
    guard let close = closing(tokens, open) else { return nil }
    return elements(Array(tokens[(open + 1)..<close])).map { part in
      if part.count >= 2, case .identifier(let label) = part[0], part[1] == .punctuation(UInt8(ascii: ":")) {
        return Argument(label: label, value: Array(part.dropFirst(2)))
      }
      return Argument(label: nil, value: part)
    }
  }

  /// `["a", "b"]` as its strings; nil when it is anything else.
  static func stringArray(_ value: [Token]) -> [String]? {
    guard value.first == .punctuation(UInt8(ascii: "[")), closing(value, 0) == value.count - 1 else { return nil }
    var strings: [String] = []
    for element in elements(Array(value[1..<(value.count - 1)])) {
      guard element.count == 1, case .string(let s?) = element[0] else { return nil }
      strings.append(s)
    }
    return strings
  }

  /// Tokens written back for a message (at most 80 characters).
  static func shown(_ tokens: [Token]) -> String {
    var text = ""
    for token in tokens {
      switch token {
      case .identifier(let s): text += (text.last.map { $0.isLetter || $0.isNumber } == true ? " " : "") + s
      case .string(let s): text += s.map { "\"\($0)\"" } ?? "\"…\""
      case .punctuation(let p): text += String(UnicodeScalar(p))
      case .number: text += "0"
      }
      if text.count > 80 { return String(text.prefix(77)) + "…" }
    }
    return text
  }
}
