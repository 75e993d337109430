import Foundation
import PayloadSchema
import Testing

/// The reader resumes across chunks: feeding a payload in chunks of any size gives exactly the
/// report of reading it whole.
@Suite struct ChunkingTests {
  static let payloads: [String] = [
    #"{"aps":{"alert":{"title":"Caf\u00e9 ☕️","loc-key":"K","body":"x","loc-args":["a",1]},"badge":"5","sound":"default"},"n":-12.5e-3,"t":true,"f":false,"z":null}"#,
    "{\n  \"aps\" : {\n    \"content-available\" : true,\n    \"alert\" : \"Hi \\ud83d\\ude00 \\ud83d\"\n  },\n  \"password\" : \"x\"\n}\n",
    #"{"aps":{"event":"start","timestamp":1700000000000,"relevance-score":3,"badge":1.5},"aps":1}"#,
    #"{"aps":{"alert":"caf"# + "\u{00E9}\u{1F600}" + #"", "interruption-level":"time-senstive"}, "a":[1,2,[3,{"b":"c"}]]}"#,
    #"{"aps":{"alert":"x"}, "x": 01}"#,
    #"{"aps":{"alert":"x"}, "x": tru}"#,
    "\u{FEFF}{\"aps\":{\"badge\":1}}",
  ]

  @Test(arguments: payloads.indices)
  func everyChunkSizeGivesTheSameReport(_ index: Int) {
    let bytes = Array(Self.payloads[index].utf8)
    var whole = PayloadValidator(options: { var o = ValidationOptions(); o.collectAlert = true; return o }())
    let expected = whole.validate(bytes)
    #expect(!expected.findings.isEmpty)
    for size in 1...bytes.count {
      var v = PayloadValidator(options: { var o = ValidationOptions(); o.collectAlert = true; return o }())
      v.begin()
      var i = 0
      while i < bytes.count {
        let end = min(i + size, bytes.count)
        bytes[i..<end].withUnsafeBytes { v.feed($0) }
        i = end
      }
      let report = v.finish()
      #expect(report.findings == expected.findings, "chunk size \(size)")
      #expect(report.size == expected.size, "chunk size \(size)")
      #expect(report.alert == expected.alert, "chunk size \(size)")
    }
  }
}
