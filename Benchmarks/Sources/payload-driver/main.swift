// payload-driver: PayloadValidator over an NDJSON file, shaped like ../shared/bench/peers
// (whole file read at once, one payload per line, prints "N payloads, E invalid"). A payload is
// invalid here when it has any finding (warnings included). One validator, reused.
import Foundation
import PayloadSchema

let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
var validator = PayloadValidator(target: Target(), options: ValidationOptions())
var n = 0, bad = 0
data.withUnsafeBytes { (buf: UnsafeRawBufferPointer) in
  guard let base = buf.baseAddress else { return }
  var start = 0
  while start < buf.count, let nl = memchr(base + start, 0x0A, buf.count - start) {
    let end = base.distance(to: UnsafeRawPointer(nl))
    n += 1
    if !validator.validate(UnsafeRawBufferPointer(start: base + start, count: end - start)).findings.isEmpty { bad += 1 }
    start = end + 1
  }
}
print("\(n) payloads, \(bad) invalid")
