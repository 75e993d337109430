// payload-driver: PayloadValidator over an NDJSON file, shaped like ../shared/bench/peers
// (whole file read at once, one payload per line, prints "N payloads, E invalid"). A payload is
// invalid here when it has any finding (warnings included). One validator, reused.
//
// ROUNDS=N also times N more passes over the corpus already in memory (no I/O, no start-up) and
// prints their median first, as "in-process validate: MS ms, MB/s": what a provider's process
// pays per payload, set against simdjson's own in-process parse by scripts/bench-peers.
import Foundation
import PayloadSchema

let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
var validator = PayloadValidator(target: Target(), options: ValidationOptions())

/// One pass over every line; returns the number of lines and of lines with findings.
func pass(_ buf: UnsafeRawBufferPointer, _ validator: inout PayloadValidator) -> (Int, Int) {
  guard let base = buf.baseAddress else { return (0, 0) }
  var n = 0, bad = 0
  var start = 0
  while start < buf.count, let nl = memchr(base + start, 0x0A, buf.count - start) {
    let end = base.distance(to: UnsafeRawPointer(nl))
    n += 1
    if !validator.validate(UnsafeRawBufferPointer(start: base + start, count: end - start)).findings.isEmpty { bad += 1 }
    start = end + 1
  }
  return (n, bad)
}

let (n, bad) = data.withUnsafeBytes { pass($0, &validator) }
if let rounds = ProcessInfo.processInfo.environment["ROUNDS"].flatMap({ Int($0) }), rounds > 0 {
  var times: [Double] = []
  data.withUnsafeBytes { buf in
    for _ in 0..<rounds {
      let start = ContinuousClock.now
      _ = pass(buf, &validator)
      let d = ContinuousClock.now - start
      times.append(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }
  }
  times.sort()
  let median = times[times.count / 2]
  print(String(format: "in-process validate: %.1f ms, %.0f MB/s (median of %d)", median * 1000, Double(data.count) / median / 1e6, rounds))
}
print("\(n) payloads, \(bad) invalid")
