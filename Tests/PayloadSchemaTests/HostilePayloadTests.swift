import PayloadSchema
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
    #expect(fresh.validate(inOne).findings.map(\.rule) == [.jsonInvalidUTF8])
    for size in 1...crash.count {
      let options = ValidationOptions()
      var whole = PayloadValidator(options: options)
      #expect(Self.streamed(crash, chunk: size, options: options) == whole.validate(crash))
    }
  }
}
