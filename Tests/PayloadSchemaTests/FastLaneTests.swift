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
    var collect = ValidationOptions(); collect.collectAlert = true
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
      ("collect alert", Target(), collect),
      ("collect alert, live activity", Target(pushType: .liveactivity), collect),
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
        if a != b && a.alert != b.alert {
          return "\(name): fast alert \(String(describing: a.alert)) / general \(String(describing: b.alert))"
        }
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

  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
  func jsonTestSuite() {
    let files = Self.files(in: JSONTestSuiteTests.directory)
    #expect(files.count > 300)
    for path in files {
      let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
      let d = Self.difference(bytes)
      #expect(d == nil, "\(path): \(d ?? "")")
    }
  }

  /// Our own payload fixtures, and the real ones (Apple's listings, public projects') when the
  /// shared folder is there.
  @Test func fixtures() {
    var files = Self.files(in: packageRoot + "/Fixtures/payloads")
    #expect(files.count > 60)
    if RealMaterial.isAvailable {
      let real = Self.files(in: RealMaterial.path("Fixtures/payloads"))
      #expect(real.count > 60)
      files += real
    }
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
    #"{"aps":{"event":"start","timestamp":1700000000,"attributes-type":"T","attributes":{},"content-state":{},"alert":{"title":"t","body":"b"},"input-push-channel":"bWF0Y2gtNw=="}}"#,
    #"{"aps":{"event":"start","timestamp":1700000000,"attributes-type":"T","attributes":{},"content-state":{},"alert":{"title":"t","body":"b"},"input-push-channel":"match-7"}}"#,
    #"{"aps":{"event":"end","timestamp":1700000000,"content-state":{},"dismissal-date":1700020000}}"#,
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

  /// 100,000 generated payloads (issue #11): valid ones built from random choices over the schema's
  /// keys and values (alerts, localized alerts, sounds, silent, Live Activity, widgets, custom data,
  /// whitespace, escapes), and as many mutants of them; the fast lane plus the general reader must
  /// give exactly the general reader's report, finding for finding.
  @Test func generatedPayloads() {
    var rng = SplitMix64(seed: 0xFA57_1A4E)
    var failures = 0, fastTaken = 0
    let setups = [Self.setups[0], Self.setups[4], Self.setups[7]]
    var validators = setups.map { setup -> (PayloadValidator, PayloadValidator) in
      var general = setup.2
      general.fastLane = false
      return (PayloadValidator(target: setup.1, options: setup.2), PayloadValidator(target: setup.1, options: general))
    }
    for round in 0..<50_000 {
      var bytes = Array(PayloadGenerator.payload(&rng).utf8)
      for pass in 0..<2 {
        if pass == 1 { PayloadGenerator.mutate(&bytes, &rng) }
        let k = (round + pass) % setups.count
        let a = validators[k].0.validate(bytes), b = validators[k].1.validate(bytes)
        if a != b {
          failures += 1
          if failures <= 5 { Issue.record("\(setups[k].0): \(String(decoding: bytes, as: UTF8.self)): fast \(a.findings.map(summary)) / general \(b.findings.map(summary))") }
        }
        if pass == 0 && a.findings.isEmpty { fastTaken += 1 }
      }
    }
    #expect(failures == 0)
    #expect(fastTaken > 20_000, "most generated payloads are valid: \(fastTaken)")
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
    #"{"aps":{"event":"update","timestamp":1700000000,"content-state":{},"input-push-channel":"ch"}}"#,  // live-activity-fields
  ])
  func givesUp(_ payload: String) {
    #expect(!Self.fastLaneReads(payload))
  }

  /// `collectAlert` (what `serve` asks for) no longer sends a payload to the general reader: the
  /// alert's strings are read at the offsets the fast lane kept, escapes decoded.
  @Test func collectsTheAlertAfterTheFastLane() {
    var options = ValidationOptions()
    options.collectAlert = true
    var checker = Checker(target: Target(), options: options)
    let bytes = Array(#"{"aps":{"alert":{"title":"Hi \"you\"","loc-key":"K","loc-args":["a", "b\n"]},"badge":1}}"#.utf8)
    let read = bytes.withUnsafeBufferPointer { b in
      checker.fastScan(b.baseAddress!, b.count, maxDepth: 64) != nil && checker.collectAlertAfterFastScan(b.baseAddress!, b.count)
    }
    #expect(read)
    #expect(checker.alert?.title?.value == "Hi \"you\"")
    #expect(checker.alert?.title?.offset == 25)
    #expect(checker.alert?.locKey?.value == "K")
    #expect(checker.alert?.locArgs?.map(\.value) == ["a", "b\n"])
    #expect(checker.alert?.locArgs?.map(\.keyPath) == ["aps.alert.loc-args[0]", "aps.alert.loc-args[1]"])
    #expect(checker.alert?.isPlainString == false)
  }

  /// `alertPositions = false` (serve) keeps the alert's text and offsets, without lines and columns.
  @Test func alertPositionsCanBeLeftOut() {
    var options = ValidationOptions()
    options.collectAlert = true
    var placed = PayloadValidator(target: Target(), options: options)
    options.alertPositions = false
    var unplaced = PayloadValidator(target: Target(), options: options)
    let bytes = Array("{\"aps\":{\n\"alert\":{\"title\":\"T\"}}}".utf8)
    let a = placed.validate(bytes), b = unplaced.validate(bytes)
    #expect(a.alert?.title?.line == 2 && a.alert?.title?.column == 18)
    #expect(b.alert?.title?.line == 0 && b.alert?.title?.column == 0)
    #expect(b.alert?.title?.offset == a.alert?.title?.offset && b.alert?.title?.value == "T")
    #expect(a.findings.isEmpty && b.findings.isEmpty)
  }

  static func fastLaneReads(_ payload: String) -> Bool {
    var checker = Checker(target: Target(), options: ValidationOptions())
    let bytes = Array(payload.utf8)
    return bytes.withUnsafeBufferPointer { b in checker.fastScan(b.baseAddress!, b.count, maxDepth: 64) != nil }
  }
}

/// Random payloads over the schema (valid by construction, with some of the mistakes providers make)
/// and their mutants, for the differential test.
enum PayloadGenerator {
  static let words = ["message", "reply", "café", "Grüße", "你好", "🎉", "مرحبا", "a \\\"quote\\\"", "tab\\t", "\\u00e9", "x"]
  static func pick<T>(_ items: [T], _ rng: inout SplitMix64) -> T { items[Int(rng.next() % UInt64(items.count))] }
  static func text(_ rng: inout SplitMix64) -> String {
    (0..<(1 + Int(rng.next() % 5))).map { _ in pick(words, &rng) }.joined(separator: " ")
  }
  static func str(_ rng: inout SplitMix64) -> String { "\"" + text(&rng) + "\"" }

  static func payload(_ rng: inout SplitMix64) -> String {
    var aps: [String] = []
    switch rng.next() % 7 {
    case 0: aps = ["\"alert\":" + str(&rng), "\"badge\":\(rng.next() % 100)", "\"sound\":\"default\""]
    case 1: aps = ["\"alert\":{\"loc-key\":\"K\(rng.next() % 9)\",\"loc-args\":[" + str(&rng) + "," + str(&rng) + "],\"title\":" + str(&rng) + "}"]
    case 2: aps = ["\"content-available\":1"]
    case 3: aps = ["\"event\":\"" + pick(["update", "end"], &rng) + "\"", "\"timestamp\":\(1_700_000_000 + rng.next() % 1000)", "\"content-state\":{\"s\":\(rng.next() % 9)}"]
    case 4: aps = ["\"alert\":{\"title\":" + str(&rng) + ",\"subtitle\":" + str(&rng) + ",\"body\":" + str(&rng) + "}", "\"mutable-content\":1", "\"interruption-level\":\"" + pick(["passive", "active", "time-sensitive"], &rng) + "\"", "\"relevance-score\":0.\(rng.next() % 10)"]
    case 5: aps = ["\"content-changed\":true"]
    default: aps = ["\"alert\":" + str(&rng), "\"sound\":{\"critical\":1,\"name\":\"a.caf\",\"volume\":0.5}", "\"thread-id\":\"t\"", "\"category\":\"C\""]
    }
    if rng.next() % 20 == 0 { aps.append(pick(["\"badge\":\"5\"", "\"content-available\":true", "\"loc_key\":\"K\"", "\"badge\":-1"], &rng)) }
    var members = ["\"aps\":{" + aps.joined(separator: ",") + "}"]
    if rng.next() % 2 == 0 { members.append("\"msgid\":\"\(rng.next() % 100000)\"") }
    if rng.next() % 4 == 0 { members.append("\"data\":{\"ids\":[1,2.5,-3e2,true,null],\"n\":{\"o\":" + str(&rng) + "}}") }
    if rng.next() % 8 == 0 { members.shuffle(using: &rng) }
    let space = rng.next() % 5 == 0 ? " " : ""
    return "{" + space + members.joined(separator: "," + space) + space + "}"
  }

  static let interesting: [UInt8] = Array(#"{}[]",:\ 0123456789eE.+-tfnu"#.utf8) + [0x00, 0x0A, 0x7F, 0x80, 0xC3, 0xED, 0xF0, 0xFF]

  static func mutate(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
    for _ in 0..<(1 + Int(rng.next() % 3)) {
      guard !bytes.isEmpty else { return }
      let at = Int(rng.next() % UInt64(bytes.count))
      switch rng.next() % 6 {
      case 0: bytes.remove(at: at)
      case 1: bytes.insert(bytes[at], at: at)
      case 2, 3: bytes[at] = interesting[Int(rng.next() % UInt64(interesting.count))]
      case 4: bytes.insert(contentsOf: [0x20, 0x0A], at: at)
      default: bytes.removeSubrange(at...)
      }
    }
  }
}
