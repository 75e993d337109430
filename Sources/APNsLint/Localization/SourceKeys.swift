import Foundation
import PayloadSchema
import StringsFile

/// The table keys an app's sources name: what `strings lint --sources DIR` uses to tell the keys
/// the app still looks up from those no code reads any more (SPEC §3 "Keys no source names").
///
/// A table keeps keys long after the code stopped reading them; a broken translation of such a key
/// reaches no device. Nothing in the tables says which keys are live, so this reads the sources
/// and collects every string they could look a key up with:
/// - every string literal of Swift, Objective-C, C, C++, Python, JavaScript and TypeScript files
///   (`"…"`, `@"…"`, and `'…'` in Python and JavaScript), escapes decoded; comments are skipped.
///   A Swift interpolation `\(…)` stands for any specifier, since `String(localized:)` and
///   SwiftUI's `Text` look up `"Hello \(name)"` as `"Hello %@"`;
/// - every `<key>` and `<string>` of property lists and `.intentdefinition` files (Info.plist
///   keys, Settings bundles, intents);
/// - every `id="…"` of storyboards and XIBs, whose tables' keys are `ID.property`.
///
/// A key is *named* when a literal equals it, when it is `ID.property` for a storyboard object's
/// ID, or when, with each format specifier taken for any interpolation, it equals an
/// interpolated literal. Tables the system reads by itself (`InfoPlist`, `AppShortcuts`) are
/// always reached. Files are read up to ``maxFileBytes`` each, ``maxFiles`` in all.
public struct SourceKeys: Sendable {
  /// Every literal read, decoded.
  public private(set) var literals: Set<String> = []
  /// Interpolated literals with each `\(…)` replaced by U+0001: a format key matches one when it
  /// reads the same with each of its specifiers replaced so.
  public private(set) var patterns: Set<String> = []
  /// Storyboard and XIB object IDs.
  public private(set) var interfaceIDs: Set<String> = []
  /// Literals that end in `_`, `.`, `-` or `/` (at least 4 bytes): the start of a key built at
  /// run time (`@"activity_type_"` + a tag + `@"_name"`).
  public private(set) var keyPrefixes: Set<String> = []
  /// ``patterns`` and format literals split at their wildcards, by their first piece (at least 3
  /// bytes): the templates a key built at run time may follow (`"help_article_\(id)_name"`,
  /// `@"rendering_attr_%@_name"`).
  private var templates: [String: [[String]]] = [:]
  /// How many source files were read.
  public private(set) var filesRead = 0
  /// How many of them were code (Swift, Objective-C, C, C++, Python, JavaScript, TypeScript), not
  /// property lists or interface files: a folder with none holds no code that looks keys up.
  public private(set) var codeFilesRead = 0
  /// What could not be read (reported, never skipped in silence).
  public private(set) var problems: [FileWalk.Problem] = []

  /// The largest source file read (generated sources of tens of megabytes are cut there).
  public static let maxFileBytes = 16 << 20
  /// The most files read from all roots together.
  public static let maxFiles = 200_000
  /// Tables whose keys the system looks up by itself, never the app's code.
  public static let systemTables: Set<String> = ["InfoPlist", "AppShortcuts"]

  enum Language { case cFamily, python, script, xml }

  static func language(of path: String) -> Language? {
    guard let dot = path.lastIndex(of: ".") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "swift", "m", "mm", "h", "c", "cc", "cpp", "hpp": return .cFamily
    case "py": return .python
    case "js", "jsx", "ts", "tsx": return .script
    case "plist", "intentdefinition", "storyboard", "xib": return .xml
    default: return nil
    }
  }

  /// Reads every source file below each root (a root may be a single file).
  public init(roots: [String], jobs: Int = 1) {
    var found: [FileWalk.File] = []
    for root in roots {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
        problems.append(FileWalk.Problem(path: root, message: "no such file or folder"))
        continue
      }
      if isDirectory.boolValue {
        let walk = FileWalk.files(below: root, jobs: jobs) { Self.language(of: $0) != nil }
        found += walk.files.filter { !$0.isSymbolicLink }
        problems += walk.problems
      } else {
        found.append(FileWalk.File(path: root, relativePath: root, bytes: Array(root.utf8), isSymbolicLink: false))
      }
    }
    for file in found.prefix(Self.maxFiles) {
      switch FileWalk.read(file.bytes, shownAs: file.path, limit: Self.maxFileBytes) {
      case .success(let bytes):
        let language = Self.language(of: file.path) ?? .cFamily
        add(bytes, language: language)
        filesRead += 1
        if language != .xml { codeFilesRead += 1 }
      case .failure(let problem):
        problems.append(problem)
      }
    }
  }

  /// The keys of `texts`, as if each were a source file of `language` (tests, and provider code
  /// that has its keys at hand).
  init(texts: [(String, Language)]) {
    for (text, language) in texts { add(Array(text.utf8), language: language) }
  }

  /// Whether a source names `key` of the table `table` (its file name without extension): a
  /// literal equal to it, a storyboard ID it starts with (`ID.text`), an interpolated literal or
  /// format it matches with specifiers for interpolations, or the start of a key built at run
  /// time (a literal ending in a separator, a template such as `"help_article_\(id)_name"`).
  public func names(_ key: String, table: String) -> Bool {
    if Self.systemTables.contains(table) || literals.contains(key) { return true }
    if let dot = key.firstIndex(of: "."), interfaceIDs.contains(String(key[..<dot])) { return true }
    if key.contains("%") {
      // A format key is looked up as written (or as Swift writes an interpolation), never built.
      guard let pattern = Self.pattern(ofKey: key) else { return false }
      return patterns.contains(pattern)
    }
    // Keys built at run time are identifiers (`activity_type_bike_name`), not sentences: look up
    // each start of the key (up to 64 bytes) among the prefixes and the templates' first pieces.
    let utf8 = Array(key.utf8)
    if utf8.contains(where: { $0 == 32 || $0 == 9 || $0 == 10 }) { return false }
    var length = 3
    while length < utf8.count && length <= 64 {
      let start = String(decoding: utf8[..<length], as: UTF8.self)
      if length >= 4 && keyPrefixes.contains(start) { return true }
      if let candidates = templates[start], candidates.contains(where: { Self.matches(key, $0) }) { return true }
      length += 1
    }
    return false
  }

  /// Whether `key` reads as the template's pieces with anything between them.
  static func matches(_ key: String, _ pieces: [String]) -> Bool {
    guard let first = pieces.first, key.hasPrefix(first) else { return false }
    var rest = key.dropFirst(first.count)
    for (i, piece) in pieces.enumerated().dropFirst() {
      if i == pieces.count - 1 { return piece.isEmpty || rest.hasSuffix(piece) }
      guard let r = rest.range(of: piece) else { return false }
      rest = rest[r.upperBound...]
    }
    return true
  }

  // MARK: Reading

  private mutating func add(_ bytes: [UInt8], language: Language) {
    if language == .xml { addXML(bytes); return }
    let n = bytes.count
    var i = 0
    let q = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    let hash = UInt8(ascii: "#"), newline = UInt8(ascii: "\n"), backslash = UInt8(ascii: "\\")
    while i < n {
      let c = bytes[i]
      if language != .python && c == slash && i + 1 < n && bytes[i + 1] == slash {
        while i < n && bytes[i] != newline { i += 1 }
      } else if language != .python && c == slash && i + 1 < n && bytes[i + 1] == star {
        i += 2
        while i + 1 < n && !(bytes[i] == star && bytes[i + 1] == slash) { i += 1 }
        i += 2
      } else if language == .python && c == hash {
        while i < n && bytes[i] != newline { i += 1 }
      } else if c == q || (c == apostrophe && language != .cFamily) {
        // Adjacent literals are one string in C, Objective-C (`@"a" @"b"`) and Python: each
        // piece is kept, and so is the whole.
        var whole: [UInt8] = []
        var interpolated = false
        var pieces = 0
        var next = i
        while next < n && (bytes[next] == c) {
          let (end, piece, pieceInterpolated) = literal(bytes, from: next + 1, quote: c)
          i = end
          guard let piece else { break }
          add(literal: piece, interpolated: pieceInterpolated)
          whole += piece
          interpolated = interpolated || pieceInterpolated
          pieces += 1
          guard language != .script else { break }
          next = end
          while next < n && (bytes[next] == 32 || bytes[next] == 9 || bytes[next] == 10 || bytes[next] == 13) { next += 1 }
          if language == .cFamily && next < n && bytes[next] == UInt8(ascii: "@") { next += 1 }
        }
        if pieces > 1 { add(literal: whole, interpolated: interpolated) }
      } else if c == apostrophe {
        // A C character literal ('"', '\''): skipped whole so its quote starts nothing.
        i += (i + 1 < n && bytes[i + 1] == backslash) ? 4 : 3
      } else {
        i += 1
      }
    }
  }

  /// Reads a literal whose opening quote was just before `start`: the index after it, its decoded
  /// bytes and whether it interpolates. A literal ends at its closing quote or, unclosed, at the
  /// end of the line (then it is nil).
  private func literal(_ bytes: [UInt8], from start: Int, quote: UInt8) -> (Int, [UInt8]?, Bool) {
    var out: [UInt8] = []
    var interpolated = false
    var i = start
    let n = bytes.count
    while i < n {
      let c = bytes[i]
      if c == quote { return (i + 1, out, interpolated) }
      if c == UInt8(ascii: "\n") { return (i, nil, false) }
      if c == UInt8(ascii: "\\") && i + 1 < n {
        let e = bytes[i + 1]
        switch e {
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "t"): out.append(9)
        case UInt8(ascii: "r"): out.append(13)
        case UInt8(ascii: "0"): out.append(0)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
          // `\u00A0`, `\U0001F600` (C, Objective-C, Python, JavaScript), `\u{A0}` (Swift).
          var j = i + 2
          let braced = j < n && bytes[j] == UInt8(ascii: "{")
          if braced { j += 1 }
          var value: UInt32 = 0
          var digits = 0
          let most = braced ? 8 : (e == UInt8(ascii: "u") ? 4 : 8)
          while j < n, digits < most, let d = Self.hexValue(bytes[j]) { value = value << 4 | d; digits += 1; j += 1 }
          if braced && j < n && bytes[j] == UInt8(ascii: "}") { j += 1 }
          if digits > 0, let scalar = Unicode.Scalar(value) {
            out += Array(String(Character(scalar)).utf8)
            i = j
            continue
          }
          out.append(e)
        case UInt8(ascii: "("):
          // Swift interpolation: skip to the balancing parenthesis (strings inside included).
          var depth = 1
          var j = i + 2
          while j < n && depth > 0 && bytes[j] != UInt8(ascii: "\n") {
            if bytes[j] == UInt8(ascii: "(") { depth += 1 } else if bytes[j] == UInt8(ascii: ")") { depth -= 1 }
            j += 1
          }
          out.append(1)
          interpolated = true
          i = j
          continue
        default: out.append(e)
        }
        i += 2
        continue
      }
      out.append(c)
      i += 1
    }
    return (n, nil, false)
  }

  static func hexValue(_ c: UInt8) -> UInt32? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func add(literal bytes: [UInt8], interpolated: Bool) {
    guard !bytes.isEmpty, bytes.count <= 4096 else { return }
    let text = String(decoding: bytes, as: UTF8.self)
    if interpolated {
      patterns.insert(text)
      addTemplate(text)
    } else {
      literals.insert(text)
      if text.contains("%"), let pattern = Self.pattern(ofKey: text) { addTemplate(pattern) }
      if bytes.count >= 4, let last = bytes.last, "_.-/".utf8.contains(last) { keyPrefixes.insert(text) }
    }
  }

  private mutating func addTemplate(_ pattern: String) {
    let pieces = pattern.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
    guard let first = pieces.first, first.utf8.count >= 3, templates[first]?.contains(pieces) != true else { return }
    templates[first, default: []].append(pieces)
  }

  /// `<key>`/`<string>` contents and `id="…"` attributes of an XML file, entities decoded.
  private mutating func addXML(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    for tag in ["key", "string"] {
      var rest = text[...]
      while let open = rest.range(of: "<\(tag)>"), let close = rest[open.upperBound...].range(of: "</\(tag)>") {
        let value = Self.decodeEntities(String(rest[open.upperBound..<close.lowerBound]))
        if !value.isEmpty && value.utf8.count <= 4096 {
          literals.insert(value)
          if value.contains("%"), let pattern = Self.pattern(ofKey: value) { addTemplate(pattern) }
        }
        rest = rest[close.upperBound...]
      }
    }
    var rest = text[...]
    while let open = rest.range(of: " id=\"") {
      guard let close = rest[open.upperBound...].firstIndex(of: "\"") else { break }
      interfaceIDs.insert(String(rest[open.upperBound..<close]))
      rest = rest[rest.index(after: close)...]
    }
  }

  static func decodeEntities(_ s: String) -> String {
    guard s.contains("&") else { return s }
    return s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// `key` with each format specifier (`%@`, `%lld`, `%1$@`, `%.2f`) replaced by U+0001 and `%%`
  /// by `%`; nil when it has no specifier.
  static func pattern(ofKey key: String) -> String? {
    let b = Array(key.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(b.count)
    var i = 0
    var found = false
    while i < b.count {
      guard b[i] == UInt8(ascii: "%"), i + 1 < b.count else { out.append(b[i]); i += 1; continue }
      if b[i + 1] == UInt8(ascii: "%") { out.append(b[i]); i += 2; continue }
      var j = i + 1
      while j < b.count, "0123456789$-+ #'.hlqLztj".utf8.contains(b[j]) { j += 1 }
      if j < b.count, "@dDiuUxXoOfFeEgGaAcCsSp".utf8.contains(b[j]) {
        out.append(1)
        found = true
        i = j + 1
      } else {
        out.append(b[i])
        i += 1
      }
    }
    return found ? String(decoding: out, as: UTF8.self) : nil
  }
}
