// libFuzzer target `payload`: PayloadSchema's reader and validator.
//
// The whole input is the payload (so JSON seeds work as they are); the target, the options and
// the chunk sizes are derived from a hash of the input. Oracles (a trap is a finding):
// - nothing traps, and every finding has a line and column ≥ 1 and an offset inside the input;
// - streaming (`begin`/`feed`/`finish` with chunks of 1…17 bytes, or 1 byte at a time) gives the
//   same report as `validate`, with `collectAlert` off and on;
// - `collectAlert` changes nothing but `report.alert`;
// - the fast lane changes nothing: `validate` with `fastLane` off gives the same report (and the
//   streamed reports above, always read by the general reader, compare the two lanes again);
// - a validator reused for a second payload gives the same report as a fresh one.

import PayloadSchema

nonisolated(unsafe) private var reused = PayloadValidator()

private struct Mixer {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

private func streamed(_ v: inout PayloadValidator, _ bytes: UnsafeRawBufferPointer, _ mixer: inout Mixer, bytewise: Bool) -> PayloadReport {
  v.begin()
  var i = 0
  while i < bytes.count {
    let size = bytewise ? 1 : Int(mixer.next() % 17) + 1
    let end = min(bytes.count, i + size)
    v.feed(UnsafeRawBufferPointer(rebasing: bytes[i..<end]))
    i = end
  }
  return v.finish()
}

private func check(_ report: PayloadReport, count: Int, _ what: String) {
  var previous = -1
  for f in report.findings {
    if f.line < 1 || f.column < 1 { fatalError("\(what): finding without a position: \(f)") }
    if f.offset < 0 || f.offset > count { fatalError("\(what): offset outside the input: \(f)") }
    if f.offset < previous { fatalError("\(what): findings not ordered by offset") }
    previous = f.offset
  }
  if let a = report.alert, a.line < 1 || a.column < 1 { fatalError("\(what): alert without a position") }
}

private func describe(_ a: PayloadReport, _ b: PayloadReport) -> String {
  "\n  one-shot: \(a.findings.map { "\($0.rule.rawValue)@\($0.offset) \($0.line):\($0.column) \($0.keyPath ?? "-")" })"
    + "\n  streamed: \(b.findings.map { "\($0.rule.rawValue)@\($0.offset) \($0.line):\($0.column) \($0.keyPath ?? "-")" })"
    + "\n  size \(a.size)/\(b.size) alert \(String(describing: a.alert))/\(String(describing: b.alert))"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func payloadFuzz(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count > 0 ? data : nil, count: count)
  var h: UInt64 = 0xCBF2_9CE4_8422_2325
  for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
  var mixer = Mixer(state: h)

  let r = mixer.next()
  var target = Target(platform: Platform.allCases[Int(r % UInt64(Platform.allCases.count))])
  if (r >> 8) % 3 == 0 { target.pushType = PushType.allCases[Int((r >> 16) % UInt64(PushType.allCases.count))] }
  if (r >> 24) % 4 == 0 { target.transport = Transport.allCases[Int((r >> 28) % 3)] }
  if (r >> 32) % 5 == 0 { target.priority = [1, 5, 10, 7][Int((r >> 36) % 4)] }
  if (r >> 40) % 5 == 0 { target.topic = "com.example.app.voip" }
  var options = ValidationOptions()
  if (r >> 44) % 4 == 0 { options.maxDepth = Int((r >> 48) % 8) + 1 }
  if (r >> 52) % 3 == 0 { options.sizeCounting = .raw }
  if (r >> 56) % 3 == 0 { options.checkSensitiveValues = true }
  if (r >> 58) % 4 == 0 { options.allowedCustomKeys = ["msgid", "media"] }

  var collecting = options
  collecting.collectAlert = true

  var plain = PayloadValidator(target: target, options: options)
  let oneShot = plain.validate(bytes)
  check(oneShot, count: count, "validate")
  if oneShot.alert != nil { fatalError("alert collected without collectAlert") }
  var generalOptions = options
  generalOptions.fastLane = false
  var general = PayloadValidator(target: target, options: generalOptions)
  let generalReport = general.validate(bytes)
  if generalReport != oneShot { fatalError("the fast lane changed the report:" + describe(oneShot, generalReport)) }
  let plainStream = streamed(&plain, bytes, &mixer, bytewise: false)
  if plainStream != oneShot { fatalError("streamed report differs from validate:" + describe(oneShot, plainStream)) }

  var alerting = PayloadValidator(target: target, options: collecting)
  let withAlert = alerting.validate(bytes)
  check(withAlert, count: count, "validate(collectAlert)")
  var stripped = withAlert
  stripped.alert = nil
  if stripped != oneShot { fatalError("collectAlert changed the findings:" + describe(oneShot, stripped)) }
  let alertStream = streamed(&alerting, bytes, &mixer, bytewise: count <= 512)
  if alertStream != withAlert { fatalError("streamed report (collectAlert) differs from validate:" + describe(withAlert, alertStream)) }

  // A reused validator (the hot path keeps one) must forget the previous payload.
  if target == Target() && options.maxDepth == 64 && options.sizeCounting == .compact
    && !options.checkSensitiveValues && options.allowedCustomKeys == nil {
    let again = reused.validate(bytes)
    if again != oneShot { fatalError("reused validator differs:" + describe(oneShot, again)) }
  }
  return 0
}
