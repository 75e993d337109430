#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PayloadSchema

// The push a provider is about to send; here the first argument, for the check that runs this.
let payloadBytes = Array((CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : #"{"aps":{"badge":1}}"#).utf8)
let deviceToken = "7c9e4f1a0b2d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccd"
let secondsSince1970 = Int64(time(nil))
func send(_ bytes: [UInt8]) { print("sent \(bytes.count) bytes") }

// From here on: README.md's provider snippet, line for line (scripts/checks/10-provider-example).
var validator = RequestValidator(target: Target(platform: .ios))   // keep it; reuse it for every push
let headers = [RequestHeader("apns-topic", "com.example.app"), RequestHeader("apns-push-type", "alert")]
let report = validator.validate(path: "/3/device/" + deviceToken, headers: headers, body: payloadBytes, now: secondsSince1970)
if report.verdict.isAccepted && !report.findings.contains(where: { $0.severity == .error }) {
  send(payloadBytes)                              // APNs would answer 200, and nothing is an error
} else {
  for f in report.findings { print(f) }           // 1:19: error: 'alert' must be a string or an object, not a number [value-type]
  print("APNs would answer \(report.verdict)")    // 200, or 400 BadDeviceToken, 413 PayloadTooLarge…
}
