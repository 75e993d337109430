import PayloadSchema

// The bytes a provider is about to send; here the first argument, for the check that runs this.
let payloadBytes = Array((CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : #"{"aps":{"badge":1}}"#).utf8)

// From here on: README.md's provider snippet, line for line (scripts/checks/10-provider-example).
var validator = PayloadValidator(target: Target(platform: .ios))   // keep it; reuse it
let report = validator.validate(payloadBytes)                      // [UInt8], Data, a buffer…
for f in report.findings {
  print("\(f.line):\(f.column) \(f.rule.rawValue) \(f.keyPath ?? "-"): \(f.message)")
}
