import ActivityContract
import TestSupport
import Testing

/// The module's own reader of Swift declarations: what it must read exactly (literals that hold
/// braces and quotes, stored against computed properties, the types decoding needs, what an
/// `init(from:)` reads and whether it always runs), what it passes over, and where a file that
/// does not read is reported.
@Suite struct SwiftReaderTests {
  static func state(_ members: String, file: String = "S.swift") -> TypeDeclaration? {
    let c = contract([(file, "struct S: ActivityAttributes {\n  struct ContentState: Codable, Hashable {\n\(members)\n  }\n}\n")])
    #expect(c.problems.isEmpty, "\(c.problems)")
    return c.types["S.ContentState"]
  }

  static func properties(_ members: String) -> [String] {
    (state(members)?.properties ?? []).map { "\($0.name): \($0.type?.description ?? "-")\($0.isConstantWithValue ? " const" : "")\($0.isWrapped ? " wrapped" : "")" }
  }

  @Test func literalsThatHoldBracesQuotesAndCommentsAreOneToken() {
    let members = #"""
        var a: String = "}{\"//"
        var b = #"raw "} \(not) "#
        var c = """
          multi { "line" }
          \(x.map { "\($0)}" })
          """
        /* a comment with } and " /* nested */ still comment */
        // var hidden: Int {
        var d: Int
        var e = #/regex{2}"/#
        static var pattern: Regex<(Substring, Substring)> { /^]: (\d+)$/ }
        var half = total/2 + other / 3
        @Default<Bool> var flag: Bool
    """#
    #expect(Self.properties(members) == ["a: String", "b: String", "c: String", "d: Int", "e: -", "half: -", "flag: Bool wrapped"])
  }

  @Test func storedAndComputedProperties() {
    let members = """
        var stored: Int { didSet { print(oldValue) } }
        var observed: Int = 3 {
          willSet { }
        }
        var computed: Int { 4 }
        var getSet: Int { get { 1 } set { } }
        var empty: Int {}
        static var shared = 1
        class var other: Int { 1 }
        lazy var later = Date()
        @Published var wrapped: Bool = false
        @available(iOS 17, *) var plain: Double
        let constant = "x", also: Int = 2
        let (x, y): (Int, Int)
        var a, b: [String: Int]?
        var trailing = Builder { $0 }
        var call = Date().addingTimeInterval(5)
        var negative = -1
    """
    #expect(Self.properties(members) == [
      "stored: Int", "observed: Int", "later: Date", "wrapped: Bool wrapped", "plain: Double", "constant: String const",
      "also: Int const", "a: [String: Int]?", "b: [String: Int]?", "trailing: Builder", "call: -", "negative: -",
    ])
  }

  @Test func typesAsDecodingSeesThem() {
    let members = """
        var a: Swift.Int
        var b: Optional<Foundation.Date>
        var c: Array<Set<String>>?
        var d: Dictionary<String, [Int]>!
        var e: [[String: Outer.Inner?]]
        var f: (Int, String)
        var g: (() -> Void)?
        var h: @Sendable (Int) async throws -> Bool
        var i: any Codable & Hashable
        var j: Result<Int, Error>
        var k: Outer<Int>.Inner
        var l: Int.Type
        var m: Array<Array<Int>>
    """
    #expect(Self.properties(members) == [
      "a: Int", "b: Date?", "c: [[String]]?", "d: [String: [Int]]?", "e: [[String: Outer.Inner?]]", "f: (Int, String)",
      "g: (() -> Void)?", "h: (Int) async throws -> Bool", "i: any Codable & Hashable", "j: Result<Int, Error>",
      "k: Outer.Inner", "l: Int.Type", "m: [[Int]]",
    ])
  }

  @Test func enumCasesAndRawValues() {
    let c = contract([("E.swift", """
      enum Phase: String, Codable {
        case ordered, shipped = "on its way", `default`
        case escaped = "a\\"b"
        case interpolated = "\\(x)"
        indirect case moved(to: Int)
      }
      enum Level: Int { case low = -1, mid = 1_000, high = 0x10 }
      """)])
    #expect(c.problems.isEmpty)
    let phase = c.types["Phase"]?.cases.map { "\($0.name)=\($0.rawValue.map { "\($0)" } ?? "-")\($0.hasAssociatedValues ? " assoc" : "")" }
    #expect(phase == ["ordered=-", "shipped=string(\"on its way\")", "`default`=-", #"escaped=other("\"a\\\"b\"")"#,
                      #"interpolated=other("\"\\(x)\"")"#, "moved=- assoc"])
    #expect(c.types["Level"]?.cases.map(\.rawValue) == [.integer(-1), .integer(1000), .other("0x10")])
  }

  @Test func whatItPassesOver() {
    // Top-level code, function bodies with local types, a protocol, macros, the second clause of an #if.
    let c = contract([("main.swift", """
      import ActivityKit
      let x = 5
      if case .some(let y) = Optional(1) { print(y) }
      actor.run()
      func f() { struct Local { var hidden: Int } }
      protocol P { var p: Int { get } }
      #Preview { Text("hi") }
      #if canImport(ActivityKit)
      struct A: ActivityAttributes { var name: String; struct ContentState: Codable, Hashable { var n: Int } }
      #else
      struct A { var other: Int }
      #endif
      extension A { var computedInExtension: Int { 1 } }
      """)])
    #expect(c.problems.isEmpty, "\(c.problems)")
    #expect(c.activityTypeNames == ["A"])
    #expect(c.types["A"]?.properties.map(\.name) == ["name"])
    #expect(c.types["A.ContentState"]?.properties.map(\.name) == ["n"])
    #expect(c.types["Local"] == nil && c.types["f.Local"] == nil)
  }

  @Test func whatAnInitFromDecoderReads() throws {
    let members = """
        var a: Int; var b: String?; var c: [Int]; var d: Bool; var e: Int; var f: Int; var g: Int
        init(from decoder: any Decoder) throws {
          let container = try decoder.container(keyedBy: CodingKeys.self)
          a = try container.decode(Int.self, forKey: .a)
          b = try? container.decodeIfPresent(String.self, forKey: .b)
          if let list = try container.decodeIfPresent([Int].self, forKey: CodingKeys.c), let flag = try container.decodeIfPresent(Bool.self, forKey: .d) {
            c = list; d = flag
          } else { c = []; d = false }
          e = x > 0 ? try container.decode(Int.self, forKey: .e) : 0
          defer { }
          let nested = try container.nestedContainer(keyedBy: K.self, forKey: .f)
          f = try nested.decode(Int.self, forKey: .f)
          g = try container.decode(Int.self, forKey: CodingKeys(rawValue: "g")!)
          try super.init(from: decoder)
        }
    """
    let decoding = try #require(Self.state(members)?.customDecoding)
    #expect(decoding.keys.map { "\($0.caseName): \($0.type)\($0.ifPresent ? " ifPresent" : "")\($0.conditional ? " conditional" : "")" } == [
      "a: Int", "b: String ifPresent conditional", "c: [Int] ifPresent", "d: Bool ifPresent conditional", "e: Int conditional",
    ])
    #expect(decoding.unfollowed == [
      "'container.nestedContainer(keyedBy: K.self, forKey: .f)'",
      "'nested.decode(Int.self, forKey: .f)' on a container it does not follow",
      "'container.decode(Int.self, forKey: CodingKeys(rawValue: \"g\")…' computes its key",
      "'super.init(from: decoder)' decodes through another initializer",
    ])
  }

  @Test func aSingleValueInit() throws {
    let members = """
        var raw: Int
        init(from decoder: Decoder) throws {
          raw = try decoder.singleValueContainer().decode(Int.self)
        }
    """
    let decoding = try #require(Self.state(members)?.customDecoding)
    #expect(decoding.singleValue == .named(["Int"]))
    #expect(decoding.keys.isEmpty && decoding.unfollowed.isEmpty)
  }

  @Test(arguments: [
    ("struct A {\n  var s = \"open\n}\n", "A.swift:2:11: error: the Swift file does not parse: unterminated string literal"),
    ("struct A {\n  /* never closed\n}\n", "A.swift:2:3: error: the Swift file does not parse: unterminated '/*' comment"),
    ("struct A {\n  var x: [Int\n}\n", "A.swift:3:1: error: the Swift file does not parse: expected ']' here"),
    ("struct A {\n  func f() {\n}\n", "A.swift:4:1: error: the Swift file does not parse: expected '}' at the end of the file"),
    ("struct A { }\n}\n", "A.swift:2:1: error: the Swift file does not parse: unexpected '}'"),
    ("struct A {\n  var = 3\n}\n", "A.swift:2:7: error: the Swift file does not parse: expected a name here"),
    ("struct A {\n  typealias T =\n}\n", "A.swift:2:16: error: the Swift file does not parse: expected a type here"),
    ("struct A {\n  case\n}\n", "A.swift:2:7: error: the Swift file does not parse: expected a name here"),
  ])
  func aFileThatDoesNotReadIsPositioned(source: String, expected: String) {
    let c = contract([("A.swift", source)])
    #expect(c.problems.map(\.description) == [expected])
    #expect(c.types.isEmpty)
  }

  /// Token soup of Swift's punctuation, keywords and literal openers: every input is read or
  /// reported at a place inside it, never a trap (seeded, so a failure reproduces).
  @Test(arguments: [11, 12, 13] as [UInt64])
  func tokenSoupIsReadOrReported(_ seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let pieces = ["struct ", "enum ", "class ", "extension ", "var ", "let ", "case ", "init", "(from decoder: Decoder)", "{", "}", "(", ")",
                  "[", "]", "<", ">", ":", ",", "=", "?", "!", ".", "@", "#if ", "#else", "#endif", "\"", "\"\"\"\n", "#\"", "\"#",
                  "\\(", "/", "/*", "*/", "//", "\n", " ", "A", "x", "1", "try", "c.decode(Int.self, forKey: .a)", "decoder.container(",
                  "`", "-", ">", "&", "some ", "any ", "typealias T = ", "defer", "if ", "guard ", "else"]
    for _ in 0..<400 {
      var text = ""
      for _ in 0..<Int.random(in: 1...80, using: &random) { text += pieces.randomElement(using: &random)! }
      var c = ActivityContract()
      c.add(source: text, file: "Soup.swift")
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
      for p in c.problems { #expect(p.location.line >= 1 && p.location.line <= lines + 1 && p.location.column >= 1, "\(p) in \(text)") }
    }
  }

  @Test func aTypeNestedDeeperThanTheLimitIsAProblem() {
    let deep = String(repeating: "Optional<", count: 300) + "Int" + String(repeating: ">", count: 300)
    let c = contract([("T.swift", "struct A {\n  var x: \(deep)\n}\n")])
    #expect(c.problems.map(\.message) == ["the Swift file does not parse: a type nested deeper than 256 levels"])
  }
}
