import Foundation
import APNsLint
import PayloadSchema
import TestSupport
import Testing

@testable import ActivityContract

/// The shape the sources keep (docs/adding-a-rule.md): one finding type, one position type, a
/// rule id spelt out in one source file only (its definition), a finding's text written
/// beside its rule's definition, and no function longer than a reader can hold (120 lines).
@Suite struct HouseRulesTests {
  /// Every Swift file under `Sources/`, with its text.
  static let sources: [(path: String, text: String)] = {
    let root = packageRoot + "/Sources"
    guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [(String, String)] = []
    for case let path as String in walk where path.hasSuffix(".swift") {
      if let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) { files.append((path, text)) }
    }
    return files.sorted { $0.0 < $1.0 }
  }()

  @Test func aRuleIdIsSpeltInOneSourceFile() {
    #expect(Self.sources.count > 100)
    for rule in Rule.catalogue {
      let literal = "\"\(rule.id.rawValue)\""
      let files = Self.sources.filter { $0.text.contains(literal) }.map(\.path)
      #expect(files.count == 1, "\(literal) in \(files)")
    }
  }

  /// The name of the public type a line declares, by a plain reading: attributes (`@frozen`)
  /// skipped, then modifiers (`public`, `final`, `indirect`, …) up to the kind of type; nil for
  /// any other line (a comment, an internal or package type).
  static func publicTypeDeclared(by line: Substring) -> Substring? {
    let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
    let modifiers: Set<Substring> = ["public", "open", "final", "indirect", "nonisolated", "package", "internal"]
    let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
    guard let kind = words.firstIndex(where: { kinds.contains($0) }), kind + 1 < words.endIndex else { return nil }
    let before = words[words.startIndex..<kind]
    guard before.allSatisfy({ modifiers.contains($0) }), before.contains("public") || before.contains("open") else { return nil }
    return words[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  /// Public types whose names end in `suffix`, as "path: Name".
  static func publicTypes(endingIn suffix: String) -> [String] {
    var names: [String] = []
    for file in sources {
      for line in file.text.split(separator: "\n") {
        if let name = publicTypeDeclared(by: line), name.hasSuffix(suffix) { names.append("\(file.path): \(name)") }
      }
    }
    return names
  }

  @Test func theDeclarationReaderSeesWhatItMust() {
    #expect(Self.publicTypeDeclared(by: "public struct Finding: Sendable {") == "Finding")
    #expect(Self.publicTypeDeclared(by: "  @frozen public indirect enum AFinding {") == "AFinding")
    #expect(Self.publicTypeDeclared(by: "public final class XFinding<T> {") == "XFinding")
    #expect(Self.publicTypeDeclared(by: "/// public struct CommentFinding") == nil)
    #expect(Self.publicTypeDeclared(by: "struct InternalFinding {") == nil)
    #expect(Self.publicTypeDeclared(by: "package enum PackageFinding {") == nil)
    #expect(Self.publicTypeDeclared(by: "  public var finding: Finding") == nil)
  }

  @Test func oneFindingTypeAndOnePositionType() {
    #expect(Self.publicTypes(endingIn: "Finding") == ["LintVocabulary/LintVocabulary.swift: Finding"])
    #expect(Self.publicTypes(endingIn: "Position") == ["LintVocabulary/SourcePosition.swift: SourcePosition"])
  }

  /// A finding's text is made by a named constructor of its family's message type, in the file
  /// that defines the rule. `PayloadMessage`'s initializer is internal to PayloadSchema (five
  /// family files share it), so its calls are pinned here to `PayloadSchema/Rules/`; StringsFile's
  /// `StringsMessage` and APNsLint's `LocalizationMessage` and `TableMessage` have `fileprivate`
  /// initializers, which the compiler pins. And no module makes a finding from a bare rule and
  /// text: `Finding(rule:…)` is called only by the message types' own initializers (`self.init`).
  @Test func aMessageIsWrittenBesideItsRule() {
    let makers = Self.sources.filter { $0.text.contains("PayloadMessage(") }.map(\.path)
    #expect(makers.allSatisfy { $0.hasPrefix("PayloadSchema/Rules/") }, "PayloadMessage( in \(makers)")
    let bare = Self.sources.filter { $0.text.contains("Finding(rule:") }.map(\.path)
    #expect(bare.isEmpty, "Finding(rule: in \(bare)")
    for (file, type) in [("StringsFile/StringsRules.swift", "StringsMessage"), ("APNsLint/Rules/LocalizationRules.swift", "LocalizationMessage"),
                         ("APNsLint/Rules/TableRules.swift", "TableMessage")] {
      let text = Self.sources.first { $0.path == file }?.text ?? ""
      #expect(text.contains("struct \(type)") && text.contains("fileprivate init("), "\(file) declares \(type) with a fileprivate init")
    }
  }

  /// The longest a function, initializer, accessor or closure-free body may be, in lines from its
  /// declaration (after its doc comment) to its closing brace, nested functions included.
  static let longestFunction = 120

  /// Every function-like declaration in `text` longer than `limit` lines: "name (N lines, line L)".
  /// Read with ActivityContract's Swift tokens: a `func` (from its attributes and modifiers), an
  /// `init`, a `deinit`, an accessor (`get`, `set`, `willSet`, `didSet`, `_read`, `_modify`) and a
  /// computed property without accessor keywords (from its name), each to its closing brace.
  static func longFunctions(in text: String, limit: Int) -> [String] {
    let bytes = Array(text.utf8)
    let t = SwiftTokens(bytes)
    guard t.problem == nil else { return ["the file does not read: \(t.problem!.message)"] }
    var lineOf: [Int] = []  // token index -> 1-based line
    var line = 1, offset = 0
    for token in t.tokens {
      while offset < token.start { if bytes[offset] == 0x0A { line += 1 }; offset += 1 }
      lineOf.append(line)
    }
    func lastLine(_ close: Int) -> Int { lineOf[close] }
    /// The first `{` after `from` outside brackets, unless a line starts a declaration first.
    func body(from: Int) -> Int? {
      var k = from
      while k < t.tokens.count {
        if t.isPunct(k, UInt8(ascii: "{")) { return k }
        if t.isPunct(k, UInt8(ascii: "}")) || t.isPunct(k, UInt8(ascii: ";")) { return nil }
        if k > from, t.tokens[k].lineStart, ["func", "var", "let", "init", "struct", "class", "enum", "case"].contains(t.text(k)) { return nil }
        k = t.match[k] > k ? t.match[k] + 1 : k + 1
      }
      return nil
    }
    /// Back over the attributes and modifiers before a declaration's keyword.
    func declarationStart(_ keyword: Int) -> Int {
      let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "open", "package", "static", "class", "final",
                                    "override", "mutating", "nonmutating", "nonisolated", "required", "convenience", "dynamic", "prefix", "postfix", "infix", "indirect", "consuming", "borrowing"]
      var s = keyword
      while s > 0 {
        let p = s - 1
        if t.tokens[p].kind == .identifier, modifiers.contains(t.text(p)) { s = p; continue }
        if t.tokens[p].kind == .identifier, p > 0, t.isPunct(p - 1, UInt8(ascii: "@")) { s = p - 1; continue }
        if t.isPunct(p, UInt8(ascii: ")")), t.match[p] >= 2, t.isPunct(t.match[p] - 2, UInt8(ascii: "@")) { s = t.match[p] - 2; continue }
        if t.isPunct(p, UInt8(ascii: ")")), t.match[p] >= 1, t.tokens[t.match[p] - 1].kind == .identifier,
           ["private", "fileprivate", "internal", "public", "open", "package", "nonisolated"].contains(t.text(t.match[p] - 1)) {
          s = t.match[p] - 1; continue
        }
        break
      }
      return s
    }
    var found: [String] = []
    func measure(_ name: String, first: Int, close: Int) {
      let count = lastLine(close) - lineOf[first] + 1
      if count > limit { found.append("\(name) (\(count) lines, line \(lineOf[first]))") }
    }
    let accessors: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify"]
    for k in 0..<t.tokens.count where t.tokens[k].kind == .identifier {
      let word = t.text(k)
      let afterDot = k > 0 && t.isPunct(k - 1, UInt8(ascii: "."))
      if word == "func", k + 1 < t.tokens.count, let open = body(from: k + 2) {
        measure("func " + t.text(k + 1), first: declarationStart(k), close: t.match[open])
      } else if word == "init" || word == "deinit", !afterDot, let open = body(from: k + 1),
                word == "deinit" || t.isPunct(k + 1, UInt8(ascii: "(")) || t.isPunct(k + 1, UInt8(ascii: "?")) || t.isPunct(k + 1, UInt8(ascii: "<")) {
        measure(word, first: declarationStart(k), close: t.match[open])
      } else if accessors.contains(word), !afterDot, k > 0, t.isPunct(k - 1, UInt8(ascii: "{")) || t.isPunct(k - 1, UInt8(ascii: "}"))
                  || t.isWord(k - 1, "mutating") || t.isWord(k - 1, "nonmutating"),
                let open = body(from: k + 1), open <= k + 4 {
        measure(word, first: k, close: t.match[open])
      } else if word == "var", k + 2 < t.tokens.count, t.tokens[k + 1].kind == .identifier, t.isPunct(k + 2, UInt8(ascii: ":")) {
        // `var name: Type {` with a getter's statements (no accessor keyword first).
        var types = TypeReader(t, end: t.tokens.count)
        guard let (_, next) = types.read(k + 3), t.isPunct(next, UInt8(ascii: "{")), t.match[next] > next + 1 else { continue }
        let first = next + 1
        if t.tokens[first].kind == .identifier, accessors.contains(t.text(first)) || t.text(first) == "mutating" { continue }
        if t.isPunct(first, UInt8(ascii: "@")) { continue }
        measure("var " + t.text(k + 1), first: k + 1, close: t.match[next])
      }
    }
    return found
  }

  @Test func theFunctionMeasureSeesWhatItMust() {
    let body = (1...4).map { "  let v\($0) = \($0)" }.joined(separator: "\n")
    let source = """
      /// A doc comment is not counted.
      func short() {
      \(body)
      }
      struct S {
        init() {
      \(body)
        }
        var computed: Int {
      \(body)
          return 1
        }
        func outer() {
          func inner() {
      \(body)
          }
        }
      }
      """
    #expect(Self.longFunctions(in: source, limit: 8) == [])
    #expect(Self.longFunctions(in: source, limit: 5) == [
      "func short (6 lines, line 2)", "init (6 lines, line 9)", "var computed (7 lines, line 15)",
      "func outer (8 lines, line 22)", "func inner (6 lines, line 23)",
    ])
  }

  @Test func noFunctionIsLongerThanAReaderCanHold() {
    #expect(Self.sources.count > 100)
    for (path, text) in Self.sources {
      let long = Self.longFunctions(in: text, limit: Self.longestFunction)
      #expect(long.isEmpty, "Sources/\(path): over \(Self.longestFunction) lines, split it: \(long.joined(separator: ", "))")
    }
  }

  /// The length a function should stay within (CONTRIBUTING.md): 80 lines. Those over it today are
  /// listed, each with its length then; a new one over 80, or a listed one that grew, fails, and a
  /// listed one that shrank under 80 must leave the list (so the list only gets shorter).
  static let aimedLength = 80
  static let overAimedLength: [String: Int] = [
    "APNsLint/PayloadInput.swift: func lintNDJSON": 119,
    "APNsLint/Reporters/JSONSchemaExport.swift: func value": 94,
    "APNsServer/PushDesk.swift: func answer": 94,
    "ActivityContract/SwiftTokens.swift: func lex": 91,
    "ActivityContract/TypeReader.swift: func parse": 90,
    "PayloadSchema/Checker/CheckerEnd.swift: func checkLiveActivityFields": 88,
    "PayloadSchema/JSON/JSONReaderStrings.swift: func scanString": 118,
    "PayloadSchema/Request/RequestFile.swift: func parse": 95,
    "StringsFile/LocalizationBundle.swift: init": 94,
    "StringsFile/OldStylePlistParser.swift: func parseObject": 85,
    "apns-lint/CheckCommand.swift: func run": 82,
  ]

  @Test func functionsOverEightyLinesOnlyGetFewer() {
    var found: [String: Int] = [:]
    // A generated registry is one case a rule by construction (scripts/generate-registry): its
    // length is the number of rules, not a function anyone writes.
    for (path, text) in Self.sources where !path.hasSuffix(".generated.swift") {
      for long in Self.longFunctions(in: text, limit: Self.aimedLength) {
        // "func name (N lines, line L)" -> "path: func name", N
        guard let open = long.range(of: " (", options: .backwards),
              let count = Int(long[open.upperBound...].prefix { $0.isNumber }) else { continue }
        found[path + ": " + long[..<open.lowerBound]] = count
      }
    }
    for (name, count) in found.sorted(by: { $0.key < $1.key }) {
      let listed = Self.overAimedLength[name]
      #expect(listed != nil && count <= listed!, "Sources/\(name) is \(count) lines, over \(Self.aimedLength)\(listed.map { " (listed at \($0))" } ?? ""): split it")
    }
    for name in Self.overAimedLength.keys.sorted() where found[name] == nil {
      Issue.record("Sources/\(name) is no longer over \(Self.aimedLength) lines: remove it from overAimedLength")
    }
  }

  /// What a library must not call: standard output and error, the environment, the terminal
  /// (CONTRIBUTING.md, house rule 4). The command line hands in streams and settings.
  static let printsOrReadsTheEnvironment = [
    "print(", "FileHandle.standardOutput", "FileHandle.standardError", "write(1,", "write(2,", "fputs(",
    "stdout", "stderr", "getenv(", "setenv(", "ProcessInfo.processInfo.environment", "isatty(",
  ]

  /// Every use in `text`, outside comments, of what `printsOrReadsTheEnvironment` lists, as
  /// "line: what". Read with ActivityContract's Swift tokens, so that `///` examples and
  /// `// print(x)` are skipped and `"https://…"` is not a comment; a match must not continue an
  /// identifier (`reprint(`, `stdoutPipe`).
  static func printsOrReadsTheEnvironment(in text: String) -> [String] {
    let bytes = Array(text.utf8)
    let t = SwiftTokens(bytes)
    guard t.problem == nil else { return ["the file does not read: \(t.problem!.message)"] }
    // The file with its comments blanked: line breaks kept, every token copied back.
    var code = bytes.map { $0 == 0x0A ? 0x0A : UInt8(ascii: " ") }
    for token in t.tokens { code.replaceSubrange(token.start..<token.end, with: bytes[token.start..<token.end]) }
    func isIdentifier(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }
    var found: [String] = []
    for pattern in printsOrReadsTheEnvironment {
      let p = Array(pattern.utf8)
      var at = 0
      while at + p.count <= code.count {
        defer { at += 1 }
        guard code[at] == p[0], code[at..<at + p.count].elementsEqual(p) else { continue }
        if at > 0, isIdentifier(code[at - 1]) { continue }
        if isIdentifier(p.last!), at + p.count < code.count, isIdentifier(code[at + p.count]) { continue }
        let line = code[..<at].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        found.append("\(line): \(pattern)")
      }
    }
    return found
  }

  @Test func theOutputScanSeesWhatItMust() {
    let source = """
      /// An example: `print(report)`, `getenv("HOME")`.
      let home = "https://example.com/stdout" // print(home)
      /* isatty(1) */ let printed = reprint(stdoutPipe)
      Swift.print(home)
        if isatty(1) != 0 { fputs("x", stderr) }
      """
    #expect(Self.printsOrReadsTheEnvironment(in: source) == ["4: print(", "5: fputs(", "2: stdout", "5: stderr", "5: isatty("])
  }

  /// Libraries never print or read the environment or the terminal: standard output (an
  /// `Output`), colour and the number of threads are handed in by the command lines, the only
  /// modules that may touch them (`apns-lint`, and `apns-lint-build`, the build-tool plugin's tool).
  @Test func librariesNeitherPrintNorReadTheEnvironment() {
    let libraries = Self.sources.filter { !$0.path.hasPrefix("apns-lint/") && !$0.path.hasPrefix("apns-lint-build/") }
    #expect(libraries.count > 100)
    for (path, text) in libraries {
      for use in Self.printsOrReadsTheEnvironment(in: text) {
        Issue.record("Sources/\(path):\(use): a library writes to the terminal or reads the environment; hand it in from the command line")
      }
    }
  }

  /// Where `text` reports a problem by hand, outside comments, as "line: what": a `complain(`
  /// followed, on its line or one of the next three, by `throw ExitCode(2)` (a problem that ends
  /// the run is thrown as a `ToolProblem`, and `main` reports it once), and a string literal
  /// that starts `error:` or holds `: error:` (ToolProblem's `description` is the one place that
  /// spells it). Read with
  /// ActivityContract's Swift tokens, so that comments are skipped and `"complain("` is a string.
  static func problemsReportedByHand(in text: String) -> [String] {
    let bytes = Array(text.utf8)
    let t = SwiftTokens(bytes)
    guard t.problem == nil else { return ["0: the file does not read: \(t.problem!.message)"] }
    var lineStarts = [0]
    for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    func line(_ token: Int) -> Int { lineStarts.lastIndex { $0 <= t.tokens[token].start }! + 1 }
    func texts(from i: Int, _ words: [String]) -> Bool {
      i + words.count <= t.tokens.count && words.indices.allSatisfy { t.text(i + $0) == words[$0] }
    }
    var complaints: [Int] = []
    var exits: Set<Int> = []
    var found: [(line: Int, what: String)] = []
    for i in t.tokens.indices {
      if t.isWord(i, "complain"), texts(from: i + 1, ["("]) { complaints.append(line(i)) }
      if t.isWord(i, "throw"), texts(from: i + 1, ["ExitCode", "(", "2", ")"]) { exits.insert(line(i)) }
      if t.tokens[i].kind == .string, t.text(i).contains("\"error:") || t.text(i).contains(": error:") {
        found.append((line(i), "\"error:\" written by hand"))
      }
    }
    for c in complaints where (c...c + 3).contains(where: exits.contains) {
      found.append((c, "complain(…) then throw ExitCode(2)"))
    }
    return found.sorted { $0.line < $1.line }.map { "\($0.line): \($0.what)" }
  }

  @Test func theReportScanSeesWhatItMust() {
    let source = """
      // complain(x); throw ExitCode(2)
      complain(ToolProblem("a"))
      let s = "complain("
      throw ExitCode(2)
      complain(p)
      /* throw ExitCode(2) */
      x()
      y()
      throw ExitCode(2)
      if bad { complain(r); throw ExitCode(2) }
      let e = "\\(path): error: by hand", help = "a line on standard error: auto"
      call(error: e) // "error: in a comment"
      if bad { complain(q); throw ExitCode(1) }
      complain("error: \\(e)")
      """
    #expect(Self.problemsReportedByHand(in: source) == [
      "2: complain(…) then throw ExitCode(2)", "10: complain(…) then throw ExitCode(2)", "11: \"error:\" written by hand",
      "14: \"error:\" written by hand",
    ])
  }

  /// One error channel (issue 50): a command throws a problem that ends the run, a `ToolProblem`
  /// (usage errors too, not ArgumentParser's `ValidationError`), and `main` writes it once, in
  /// the one shape, and exits 2. No command prints it and exits by itself, and none writes
  /// `error:` by hand.
  @Test func aProblemThatEndsTheRunIsThrownAndReportedOnce() {
    let commandLine = Self.sources.filter { $0.path.hasPrefix("apns-lint/") }
    #expect(commandLine.count > 15)
    for (path, text) in commandLine {
      for place in Self.problemsReportedByHand(in: text) {
        Issue.record("Sources/\(path):\(place): throw the ToolProblem instead; main reports it")
      }
      #expect(!text.contains("ValidationError"), "Sources/\(path): a usage error is a ToolProblem, thrown")
    }
  }
}
