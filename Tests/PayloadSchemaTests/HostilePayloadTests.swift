import PayloadSchema
import Foundation
import Testing

/// Reproducers found by fuzzing (`scripts/fuzz payload`), each as the bytes libFuzzer saved: the
/// streamed report (`begin`/`feed`/`finish`) must equal the one-shot report, for every chunk size.
@Suite struct HostilePayloadReproducerTests {
  static func collecting() -> ValidationOptions {
    var o = ValidationOptions()
    o.collectAlert = true
    return o
  }

  static func streamed(_ bytes: [UInt8], chunk: Int, options: ValidationOptions) -> PayloadReport {
    var v = PayloadValidator(options: options)
    v.begin()
    var i = 0
    while i < bytes.count {
      let end = min(i + chunk, bytes.count)
      bytes[i..<end].withUnsafeBytes { v.feed($0) }
      i = end
    }
    return v.finish()
  }

  static let reproducers: [(name: String, bytes: [UInt8])] = [
    // crash-60ba4b2d…: a lone "{" — the streamed json-syntax at the end of input said 1:1, not 1:2.
    ("truncated object", [0x7B]),
    // crash-84994adc…: "null" then 116 NUL bytes. Split after "null", the literal was accepted at
    // the chunk's end (payload-not-object, then "expected the end of input"); whole, it failed at
    // the NUL ("expected a delimiter after 'null'").
    ("literal then NUL", Array("null".utf8) + [UInt8](repeating: 0, count: 116)),
    ("literal then garbage", Array(#"{"aps":{"badge":1},"t":truex}"#.utf8)),
    ("literal at the end", Array("false".utf8)),
    // crash-33afeabb…: `["\xE2\xE2]`. Split between the two bytes, the cut sequence was reported
    // at its first byte, which the streamed reader had not kept a position for (1:1, not 1:3).
    ("cut UTF-8 sequence across chunks", [0x5B, 0x22, 0xE2, 0xE2, 0x5D]),
    ("cut 4-byte sequence", Array(#"{"aps":{"alert":""#.utf8) + [0xF0, 0x9F, 0x98] + Array(#""}}"#.utf8)),
  ]

  @Test(arguments: reproducers.indices)
  func streamingMatchesOneShot(_ index: Int) {
    let bytes = Self.reproducers[index].bytes
    for options in [ValidationOptions(), Self.collecting()] {
      var whole = PayloadValidator(options: options)
      let expected = whole.validate(bytes)
      for chunk in 1...max(1, bytes.count) {
        let report = Self.streamed(bytes, chunk: chunk, options: options)
        #expect(report == expected, "\(Self.reproducers[index].name), chunk size \(chunk)")
      }
    }
  }

  // crash-4bf3a818…: `["€\xF0;\x04\0\0]`. After a 4-byte lead byte cut short, the reader kept
  // the lead's range for the continuation byte (0x90…), so the next valid sequence (the € of the
  // next string, or of the next payload on a reused validator) was reported as invalid UTF-8.
  @Test func aCutSequenceDoesNotTaintTheNextOne() {
    let crash: [UInt8] = [0x5B, 0x22, 0xE2, 0x82, 0xAC, 0xF0, 0x3B, 0x04, 0x00, 0x00, 0x5D]
    var reused = PayloadValidator()
    _ = reused.validate(crash)
    let euro = Array(#"{"aps":{"alert":"€"}}"#.utf8)
    #expect(reused.validate(euro).findings.isEmpty)
    let inOne = [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xF0, 0x3B, 0x22, 0x2C] + Array(#""b":"€","aps":{"badge":1}}"#.utf8)
    var fresh = PayloadValidator()
    #expect(fresh.validate(inOne).findings.map(\.payloadRule) == [.jsonInvalidUTF8])
    for size in 1...crash.count {
      let options = ValidationOptions()
      var whole = PayloadValidator(options: options)
      #expect(Self.streamed(crash, chunk: size, options: options) == whole.validate(crash))
    }
  }
}

/// Hostile sizes and shapes: each completes in time linear in its input, with bounded depth and
/// memory. A debug build is ~10× slower than release, so some inputs are smaller there (`scale`):
/// release runs the full sizes (300,000 keys, 200,000 loc-args, 100 MiB); see docs/fuzzing.md.
@Suite struct HostilePayloadResourceTests {
  #if DEBUG
  static let debug = true
  #else
  static let debug = false
  #endif
  /// `full` in release, `small` in debug (each test stays under ~2 s there).
  static func scale(_ full: Int, debug small: Int) -> Int { debug ? small : full }

  /// Runs `body` and fails when it takes longer than `limit` (a generous bound: the point is to
  /// catch quadratic time, which takes minutes at these sizes, not to benchmark).
  static func timed<T>(_ what: String, limit: Duration = .seconds(20), _ body: () -> T) -> T {
    var result: T?
    let elapsed = ContinuousClock().measure { result = body() }
    #expect(elapsed < limit, "\(what) took \(elapsed)")
    print("HostilePayloadResourceTests: \(what): \(elapsed)")
    return result!
  }

  static func streamed(_ v: inout PayloadValidator, _ parts: [[UInt8]], repeating middle: Int = 1) -> PayloadReport {
    v.begin()
    for (i, part) in parts.enumerated() {
      for _ in 0..<(i == 1 ? middle : 1) { part.withUnsafeBytes { v.feed($0) } }
    }
    return v.finish()
  }

  @Test func aMillionOpeningBrackets() {
    for bytes in [[UInt8](repeating: 0x5B, count: 1_000_000), Array(String(repeating: #"{"a":"#, count: 1_000_000).utf8)] {
      var v = PayloadValidator()
      let report = Self.timed("1,000,000 nested containers (\(bytes.count) bytes)") { v.validate(bytes) }
      #expect(report.findings.filter { $0.payloadRule == .jsonTooDeep }.count == 1)
      #expect(!report.findings.contains { $0.payloadRule == .jsonSyntax })
      let deep = report.findings.first { $0.payloadRule == .jsonTooDeep }
      #expect(deep?.offset == (bytes[0] == 0x5B ? 64 : 64 * 5))
      // Streamed in 64 KiB chunks: the same report.
      var s = PayloadValidator()
      s.begin()
      var i = 0
      while i < bytes.count {
        let end = min(i + 65_536, bytes.count)
        bytes[i..<end].withUnsafeBytes { s.feed($0) }
        i = end
      }
      #expect(s.finish() == report)
    }
  }

  @Test func aHundredMegabyteStringValue() {
    // Streamed through one reused 1 MiB chunk: 100 MiB of string in constant memory.
    let head = Array(#"{"aps":{"alert":{"body":""#.utf8), chunk = [UInt8](repeating: 0x78, count: 1 << 20), tail = Array(#""}},"x":1}"#.utf8)
    var v = PayloadValidator()
    let mib = Self.scale(100, debug: 16)
    let report = Self.timed("a \(mib) MiB string value, streamed") { Self.streamed(&v, [head, chunk, tail], repeating: mib) }
    #expect(report.findings.map(\.payloadRule) == [.payloadTooLarge])
    #expect(report.size == head.count + mib << 20 + tail.count)
    // Whole: the same report (the validator copies nothing; the 100 MiB are the test's).
    var whole = PayloadValidator()
    var bytes = head
    bytes.reserveCapacity(head.count + mib << 20 + tail.count)
    for _ in 0..<mib { bytes += chunk }
    bytes += tail
    let wholeReport = Self.timed("a \(mib) MiB string value, whole") { whole.validate(bytes) }
    #expect(wholeReport == report)
  }

  @Test func threeHundredThousandKeys() {
    var text = #"{"aps":{"badge":1}"#
    for i in 0..<Self.scale(300_000, debug: 50_000) { text += #","k\#(i)":0"# }
    text += "}"
    let bytes = Array(text.utf8)
    var v = PayloadValidator()
    let report = Self.timed("\(Self.scale(300_000, debug: 50_000)) distinct keys (\(bytes.count) bytes)") { v.validate(bytes) }
    #expect(report.findings.map(\.payloadRule) == [.payloadTooLarge])
  }

  @Test func aMillionUnknownKeysAreCappedPerObject() {
    // Was quadratic in effect: a message and a "did you mean" search per key (1,000,000 keys > 60 s).
    let n = Self.scale(1_000_000, debug: 100_000)
    var text = #"{"aps":{"badge":1"#
    for i in 0..<n { text += #","k\#(i)":0"# }
    text += #"},"x":{"y":1,"aps":{"lockey":1}}}"#
    let bytes = Array(text.utf8)
    var v = PayloadValidator()
    let report = Self.timed("\(n) unknown keys (\(bytes.count) bytes)") { v.validate(bytes) }
    let unknown = report.findings.filter { $0.payloadRule == .apsCustomKey }
    #expect(unknown.count == 11)
    #expect(unknown.first?.message == "'k0' in 'aps' is not a key Apple defines, nor close to one: taken as the app's own data (the system ignores it, the app receives it); Apple asks for custom keys beside 'aps'")
    #expect(unknown.first?.keyPath == "aps.k0")
    #expect(unknown.last?.message == "\(n - 10) more unknown keys in 'aps' not shown, from here on (the first 10 are)")
    #expect(unknown.last?.keyPath == "aps")
    #expect(unknown.last?.column == 18 + 10 * 7 + 1, "the 11th unknown key: k0…k9 take 7 bytes each with their comma")
    #expect(report.findings.filter { $0.payloadRule != .apsCustomKey }.map(\.payloadRule) == [.payloadTooLarge])
  }

  @Test func threeHundredThousandDuplicateKeys() {
    // Was quadratic: every copy of the key went into the object's hash table, one probe chain.
    let n = Self.scale(300_000, debug: 25_000)
    let bytes = Array(("{" + String(repeating: #""aps":{"badge":1},"#, count: n).dropLast() + "}").utf8)
    var v = PayloadValidator()
    let report = Self.timed("\(n) duplicate keys (\(bytes.count) bytes)") { v.validate(bytes) }
    // Capped per object: the first 10 repeats, then one summary at the 11th with the count of the
    // rest; the end-of-payload size finding is never dropped.
    let duplicates = report.findings.filter { $0.payloadRule == .jsonDuplicateKey }
    #expect(duplicates.count == 11)
    let summary = duplicates.last
    #expect(summary?.message == "\(n - 1 - 10) more duplicate keys in this object not shown, from here on (the first 10 are)")
    #expect(summary?.keyPath == nil)
    #expect(summary?.column == 2 + 11 * 18, "the 11th repeat: each member is 18 bytes")
    #expect(report.findings.filter { $0.payloadRule != .jsonDuplicateKey }.map(\.payloadRule) == [.payloadTooLarge])
  }

  @Test func aMegabyteOfRandomBytes() {
    var state: UInt64 = 0x5EED
    let bytes = (0..<1_000_000).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    var v = PayloadValidator(options: HostilePayloadReproducerTests.collecting())
    let report = Self.timed("\(bytes.count) random bytes") { v.validate(bytes) }
    #expect(report.findings.contains { $0.payloadRule == .jsonSyntax })
    // Whatever the noise starts with, JSON that follows it also completes.
    // In a string, about half the bytes are ill-formed UTF-8: at most 100 findings and a summary.
    let noisy = Array(#"{"aps":{"alert":""#.utf8) + bytes.prefix(Self.scale(1_000_000, debug: 60_000)).map { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 ? 0x20 : $0 } + Array(#""}}"#.utf8)
    let noisyReport = Self.timed("\(noisy.count) random bytes in a string") { v.validate(noisy) }
    #expect(noisyReport.findings.contains { $0.payloadRule == .jsonInvalidUTF8 })
    #expect(noisyReport.findings.count <= 102)
    #expect(noisyReport.findings.last?.message.hasSuffix("(at most 100 a payload)") == true)
    #expect(!noisyReport.findings.contains { $0.payloadRule == .jsonSyntax })
  }

  @Test func twoHundredThousandLocArgs() {
    // Was quadratic with collectAlert: the arguments' array was copied for each argument.
    let n = Self.scale(200_000, debug: 30_000)
    let text = #"{"aps":{"alert":{"loc-key":"K","loc-args":["# + String(repeating: #""a","#, count: n).dropLast() + "]}}}"
    let bytes = Array(text.utf8)
    var v = PayloadValidator(options: HostilePayloadReproducerTests.collecting())
    let report = Self.timed("\(n) loc-args, collectAlert") { v.validate(bytes) }
    #expect(report.findings.map(\.payloadRule) == [.payloadTooLarge])
    #expect(report.alert?.locArgs?.count == n)
    #expect(report.alert?.locArgs?.last?.keyPath == "aps.alert.loc-args[\(n - 1)]")
    var plain = PayloadValidator()
    let plainReport = Self.timed("\(n) loc-args") { plain.validate(bytes) }
    #expect(plainReport.findings == report.findings)
  }
}
