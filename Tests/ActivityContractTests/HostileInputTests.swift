import ActivityContract
import PayloadSchema
import TestSupport
import Testing

/// Bad input never crashes or hangs: mangled Swift files and payloads, seeded so a failure reproduces.
@Suite struct HostileInputTests {
  static let source = delivery + """

    struct Other: ActivityAttributes {
      typealias ContentState = State
      struct State: Codable, Hashable {
        var a: [String: [Int]]
        var b: Phase?
        init(from decoder: Decoder) throws {
          let c = try decoder.container(keyedBy: CodingKeys.self)
          a = try c.decode([String: [Int]].self, forKey: .a)
          b = try? c.decodeIfPresent(Phase.self, forKey: .b)
        }
        enum CodingKeys: String, CodingKey { case a = "a_map", b }
      }
      enum Phase: Int, Codable { case one = 1, two, three = 7 }
    }
    typealias Loop = Loop
    """
  static let payloads = [
    update(#"{"courier": "Anne", "eta": 721694000, "stops": 2, "phase": "done"}"#),
    update(#"{"a_map": {"x": [1, 2.5, "3"]}, "b": 8}"#),
    #"{"aps": {"event": "start", "attributes-type": "Other", "attributes": {}, "content-state": {"a_map": {}}}}"#,
  ]

  /// Random byte edits (delete, duplicate, replace with JSON and Swift punctuation) of the source
  /// and of each payload: every result reads and checks, with positions inside the input.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func mangledInputsAreReportedNotCrashed(_ seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let punctuation = Array("{}[]()<>:;,.\"'\\/*=?!@#` \n\tletvarstructenumcase".utf8)
    func mangle(_ bytes: [UInt8]) -> [UInt8] {
      var b = bytes
      for _ in 0..<Int.random(in: 1...8, using: &random) where !b.isEmpty {
        let i = Int.random(in: 0..<b.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: b.remove(at: i)
        case 1: b.insert(b[i], at: i)
        default: b[i] = punctuation.randomElement(using: &random)!
        }
      }
      return b
    }
    for _ in 0..<60 {
      var c = ActivityContract()
      c.add(source: String(decoding: mangle(Array(Self.source.utf8)), as: UTF8.self), file: "M.swift")
      for p in c.problems { #expect(p.location.line >= 1 && p.location.column >= 1) }
      let checker = ActivityChecker(contract: c)
      for payload in Self.payloads {
        let bytes = mangle(Array(payload.utf8))
        for f in checker.check(bytes, now: 1_700_000_000).findings {
          #expect(f.line >= 1 && f.column >= 1 && f.offset >= 0 && f.offset <= bytes.count, "\(f)")
        }
      }
    }
  }

  @Test func aTypeAliasToItselfEnds() {
    var c = ActivityContract()
    c.add(source: "struct T: ActivityAttributes { typealias ContentState = Loop }\ntypealias Loop = Loop", file: "L.swift")
    let f = ActivityChecker(contract: c).check(Array(update(#"{"x": 1}"#).utf8), now: 0).findings.map(summary)
    #expect(f == ["activity-not-checked 1:71 aps.content-state"])
  }

  @Test func deepJSONAndHugeNumbersAreSafe() {
    var c = ActivityContract()
    c.add(source: Self.source, file: "S.swift")
    let checker = ActivityChecker(contract: c)
    let deep = update(String(repeating: #"{"a":"#, count: 70) + "1" + String(repeating: "}", count: 70))
    #expect(checker.check(Array(deep.utf8), now: 0).findings.isEmpty)
    let huge = update(#"{"courier": "A", "eta": 1e308, "stops": 1e400, "phase": "done"}"#)
    // A date of 1e308 seconds is no date a Live Activity shows (issue 53: judged by its distance
    // from the timestamp, whatever it reads as); against the delivery type alone, both are said.
    let alone = ActivityChecker(contract: contract([("D.swift", delivery)])).check(Array(huge.utf8), now: 0).findings
    #expect(alone.map(summary) == ["activity-date-epoch 1:95 aps.content-state.eta", "activity-state-type 1:111 aps.content-state.stops"])
    #expect(alone.first?.message.hasPrefix("'eta' 1e308 decodes as a date beyond any calendar, more than a million years after the push's timestamp") == true)
    // With the other type declared too, the push is reported against the nearer one (fewer errors).
    #expect(checker.check(Array(huge.utf8), now: 0).findings.map(summary)
      == ["activity-state-missing 1:71 aps.content-state.a_map", "activity-not-checked 1:71 aps.content-state"])
  }
}
