import Foundation
import APNsLint
import PayloadSchema
import SwiftParser
import SwiftSyntax
import TestSupport
import Testing

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
    #expect(Self.publicTypes(endingIn: "Finding") == ["PayloadSchema/Core/Finding.swift: Finding"])
    #expect(Self.publicTypes(endingIn: "Position") == ["PayloadSchema/Core/Finding.swift: SourcePosition"])
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
  static func longFunctions(in text: String, limit: Int) -> [String] {
    final class Finder: SyntaxVisitor {
      let converter: SourceLocationConverter
      let limit: Int
      var found: [String] = []
      init(_ tree: SourceFileSyntax, limit: Int) {
        converter = SourceLocationConverter(fileName: "", tree: tree)
        self.limit = limit
        super.init(viewMode: .sourceAccurate)
      }
      func measure(_ node: some SyntaxProtocol, _ name: String) {
        let first = node.startLocation(converter: converter, afterLeadingTrivia: true).line
        let last = node.endLocation(converter: converter, afterTrailingTrivia: false).line
        if last - first + 1 > limit { found.append("\(name) (\(last - first + 1) lines, line \(first))") }
      }
      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, "func " + node.name.text); return .visitChildren
      }
      override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, "init"); return .visitChildren
      }
      override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, node.accessorSpecifier.text); return .visitChildren
      }
      override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, "deinit"); return .visitChildren
      }
      override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        // A computed property without accessor keywords (`var x: T { … }`).
        if case .getter = node.accessorBlock?.accessors { measure(node, "var " + node.pattern.trimmedDescription) }
        return .visitChildren
      }
    }
    let tree = Parser.parse(source: text)
    let finder = Finder(tree, limit: limit)
    finder.walk(tree)
    return finder.found
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
}
