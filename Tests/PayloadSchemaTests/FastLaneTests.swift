import Foundation
@testable import PayloadSchema
import TestSupport
import Testing

/// The fast lane (`FastLane.swift`) must never change a report: every input here is validated with
/// it and without it (`ValidationOptions.fastLane`), under several targets and options, and the
/// reports must be equal in every field. Other tests show that it is really taken.
@Suite struct FastLaneTests {
  /// Targets and options that change what the fast lane may accept.
  static let setups: [(String, Target, ValidationOptions)] = {
    var raw = ValidationOptions(); raw.sizeCounting = .raw
    var shallow = ValidationOptions(); shallow.maxDepth = 3
    var noSensitive = ValidationOptions(); noSensitive.sensitiveKeys = .none
    var predicate = ValidationOptions(); predicate.sensitiveKeys = SensitiveKeyMatcher { $0.contains("id") }
    var tight = ValidationOptions(); tight.warnAt = 0.1
    return [
      ("ios", Target(), ValidationOptions()),
      ("safari", Target(platform: .safari), ValidationOptions()),
      ("tvos", Target(platform: .tvos), ValidationOptions()),
      ("macos binary", Target(platform: .macos, transport: .binary), ValidationOptions()),
      ("liveactivity", Target(pushType: .liveactivity), ValidationOptions()),
      ("background p10", Target(pushType: .background, priority: 10, topic: "com.example"), ValidationOptions()),
      ("voip", Target(pushType: .voip, topic: "com.example.voip"), ValidationOptions()),
      ("raw size", Target(), raw),
      ("depth 3", Target(), shallow),
      ("no sensitive words", Target(), noSensitive),
      ("predicate", Target(), predicate),
      ("warn at 10%", Target(), tight),
    ]
  }()

  /// Validates `bytes` both ways under every setup; returns a description of the first difference.
  static func difference(_ bytes: [UInt8], setups: ArraySlice<(String, Target, ValidationOptions)> = setups[...]) -> String? {
    for (name, target, options) in setups {
      var slowOptions = options
      slowOptions.fastLane = false
      var fast = PayloadValidator(target: target, options: options)
      var slow = PayloadValidator(target: target, options: slowOptions)
      // Twice with the same validators: state left by one payload must not leak into the next.
      for _ in 0..<2 {
        let a = fast.validate(bytes), b = slow.validate(bytes)
        if a != b {
          return "\(name): fast \(a.findings.map(summary)) size \(a.size) \(a.pushType) / general \(b.findings.map(summary)) size \(b.size) \(b.pushType)"
        }
      }
    }
    return nil
  }

  static func files(in directory: String, suffix: String = ".json") -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    var out: [String] = []
    for case let relative as String in walker where relative.hasSuffix(suffix) { out.append(directory + "/" + relative) }
    return out.sorted()
  }

  @Test func jsonTestSuite() {
    let files = Self.files(in: JSONTestSuiteTests.directory)
    #expect(files.count > 300)
    for path in files {
      let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
      let d = Self.difference(bytes)
      #expect(d == nil, "\(path): \(d ?? "")")
    }
  }

  @Test func fixtures() {
    let files = Self.files(in: packageRoot + "/Fixtures/payloads")
    #expect(files.count > 60)
    for path in files {
      let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
      let d = Self.difference(bytes)
      #expect(d == nil, "\(path): \(d ?? "")")
    }
  }

  /// Payloads shaped like `../shared/bench/gen_payloads.py`'s, plus the corners of what the fast lane reads.
  static let seeds: [String] = [
    #"{"aps":{"alert":{"loc-key":"FRIEND_REQUEST","loc-args":["Jenna","\"Quote\" Guy"],"title-loc-key":"TITLE_GAME_PLAY_REQUEST_FORMAT"},"sound":"chime.aiff","thread-id":"t35"},"msgid":"392655487"}"#,
    #"{"aps":{"alert":{"title":"payment café Grüße","subtitle":"update","body":"مرحبا 你好 🎉 こんにちは Привет"},"badge":4,"mutable-content":1,"category":"MESSAGE","interruption-level":"time-sensitive","relevance-score":0.144},"conversation":{"id":85832,"participants":["Øyvind","李雷"]}}"#,
    #"{"aps":{"alert":"✅ café delayed 🎉","badge":89,"sound":"default"},"deeplink":"app://thread/41112","ts":962019083.4121097,"flags":[true,false,null]}"#,
    #"{"aps":{"content-available":1},"media":{"type":"image","url":"https://example.com/i/740711.jpg"},"acme2":["bang","whiz"]}"#,
    #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"score":[1,2],"minute":45,"status":"goal"},"stale-date":1700003600}}"#,
    #"{"aps":{"alert":{"title":"t","body":"b"},"sound":{"critical":1,"name":"alarm.caf","volume":0.8}},"history":["a b","c d","e"]}"#,
    #"{"aps":{"alert":"x","badge":"3"}}"#,
    #"{"aps":{"content-available":true}}"#,
    #"{"aps":{"event":"start","timestamp":1700000000,"attributes-type":"T","attributes":{"a":1},"alert":{"title":{"loc-key":"K","loc-args":["x"]},"body":"b","sound":"s"},"input-push-token":1}}"#,
    #"{"aps":{"url-args":["a","b"],"alert":{"title":"T","body":"B","action":"View"}}}"#,
    #"{"aps":{"alert":{"title":"a","title-loc-key":"K","loc-args":["x"]},"badge":-1,"sound":"s"},"password":"x","user_token":"y"}"#,
    #"{"aps":{"alert":{"body":"b","launch-image":"x.png","summary-arg":"s","summary-arg-count":2}},"Simulator Target Bundle":"com.example"}"#,
    #"{"mdm":"00000000-0000-0000-0000-000000000000"}"#,
    #"{"aps":{"content-changed":true},"widgets":{}}"#,
    #"{"aps":{"alert":"a\\b\/c\u00e9\ud83d\ude00\n\t"},"k":"\ud800"}"#,
    #" { "aps" : { "alert" : "spaced" , "badge" : 0 } , "list" : [ 1 , -2.5e-3 , 1E+2 , 0 , -0 ] } "#,
    #"{"aps":{"alert":"a","badge":1e2,"relevance-score":1.5,"stale-date":1700000000000},"x":{"x":{"x":{"x":[[[[1]]]]}}}}"#,
    #"{"aps":{"alert":"a"},"a":1,"b":2,"a":3}"#,
    #"{"aps":{"alert":"dup","alert":"again"}}"#,
    #"{"aps":{"thread-id":"t","thread-id ":"u","":"empty"},"a key with a long name over twenty-four bytes":1,"a key with a long name over twenty-four bytez":2}"#,
    "\u{FEFF}{\"aps\":{\"alert\":\"bom\"}}",
    #"[{"aps":{}}]"#,
    #"{"aps":{"alert":"a"}} x"#,
    "",
  ]

  @Test func seeds() {
    for seed in Self.seeds {
      let d = Self.difference(Array(seed.utf8))
      #expect(d == nil, "\(seed): \(d ?? "")")
    }
  }

  /// 1,000 mutants of the seeds (deterministic), each under four setups: a byte dropped, doubled or
  /// replaced by one of the bytes that change JSON's meaning, whitespace inserted, the input cut
  /// short. (The `payload` fuzz target runs the same comparison on every input it tries.)
  @Test func mutants() {
    let interesting: [UInt8] = Array(#"{}[]",:\ 0123456789eE.+-tfnu"#.utf8) + [0x00, 0x0A, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xE2, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]
    var rng = SplitMix64(seed: 0x5EED)
    var failures = 0
    let some = [Self.setups[0], Self.setups[1], Self.setups[7], Self.setups[8]][...]
    for round in 0..<1_000 {
      var bytes = Array(Self.seeds[round % (Self.seeds.count - 1)].utf8)
      for _ in 0..<(1 + Int(rng.next() % 3)) {
        guard !bytes.isEmpty else { break }
        let at = Int(rng.next() % UInt64(bytes.count))
        switch rng.next() % 6 {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(bytes[at], at: at)
        case 2, 3: bytes[at] = interesting[Int(rng.next() % UInt64(interesting.count))]
        case 4: bytes.insert(contentsOf: [0x20, 0x0A], at: at)
        default: bytes.removeSubrange(at...)
        }
      }
      if let d = Self.difference(bytes, setups: some) {
        failures += 1
        if failures <= 5 { Issue.record("\(String(decoding: bytes, as: UTF8.self)): \(d)") }
      }
    }
    #expect(failures == 0)
  }

  /// The fast lane reads the everyday payloads itself (otherwise the tests above prove nothing).
  @Test func takesTheCommonPayloads() {
    for seed in Self.seeds.prefix(6) {
      #expect(Self.fastLaneReads(seed), "\(seed)")
    }
    #expect(Self.fastLaneReads(#" { "aps" : { "alert" : "spaced" , "badge" : 0 } , "list" : [ 1 , -2.5e-3 , 1E+2 , 0 , -0 ] } "#))
  }

  /// And gives up on what it leaves to the general reader.
  @Test(arguments: [
    #"{"aps":{"alert":"x","badge":"3"}}"#,              // value-type
    #"{"aps":{"content-available":true}}"#,             // flag-value
    #"{"aps":{"alret":"x"}}"#,                          // unknown-key
    #"{"aps":{"alert":"a"},"a":1,"a":2}"#,              // json-duplicate-key
    #"{"aps":{"alert":"\u00e9"}}"#,                     // json-escaped-unicode
    #"{"aps":{"alert":"a"},"password":"x"}"#,           // sensitive-data
    #"{"mdm":"x"}"#,                                    // mdm push
    #"{"aps":{"alert":{"body":"b","action-loc-key":"x"}}}"#,  // deprecated-key
    #"{"aps":{"alert":{"title":{"loc-key":"K"}}}}"#,    // live activity text object
    #"{"aps":{"alert":{}}}"#,                           // alert-empty
    #"{"aps":{"alert":"a"}"#,                           // json-syntax
    #"[]"#,                                             // payload-not-object
  ])
  func givesUp(_ payload: String) {
    #expect(!Self.fastLaneReads(payload))
  }

  static func fastLaneReads(_ payload: String) -> Bool {
    var checker = Checker(target: Target(), options: ValidationOptions())
    let bytes = Array(payload.utf8)
    return bytes.withUnsafeBufferPointer { b in checker.fastScan(b.baseAddress!, b.count, maxDepth: 64) != nil }
  }
}
