// payload-driver: PayloadValidator over an NDJSON file, shaped like ../shared/bench/peers
// (whole file read at once, one payload per line, prints "N payloads, E invalid"). A payload is
// invalid here when it has any finding (warnings included). One validator, reused.
import Foundation
import PayloadSchema

let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
var validator = PayloadValidator(target: Target(), options: ValidationOptions())
var n = 0, bad = 0
data.withUnsafeBytes { (buf: UnsafeRawBufferPointer) in
  var start = 0
  var i = 0
  while let nl = buf[i...].firstIndex(of: 0x0A) {
    n += 1
    if !validator.validate(UnsafeRawBufferPointer(rebasing: buf[start..<nl])).findings.isEmpty { bad += 1 }
    start = nl + 1
    i = start
  }
}
print("\(n) payloads, \(bad) invalid")
