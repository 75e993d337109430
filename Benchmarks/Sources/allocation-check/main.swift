// allocation-check: validates every payload of the NDJSON corpus with one reused PayloadValidator
// and fails (exit 1) if any valid payload (no finding) allocates after the first payload validated.
//
//   swift run -c release allocation-check [CORPUS.ndjson]
//
// Counting uses ordo-one/malloc-interposer, which on Linux only sees allocations when its library
// is preloaded: the program re-executes itself with LD_PRELOAD set to the libMallocInterposerSwift.so
// next to it, and refuses to report anything if a deliberate allocation is not counted.
import BenchSupport
import Foundation
import MallocInterposerSwift
import PayloadSchema



#if os(Linux)
if ProcessInfo.processInfo.environment["APNS_LINT_ALLOC_CHECK_CHILD"] == nil {
  let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  let lib = exe.deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so").path
  guard FileManager.default.fileExists(atPath: lib) else {
    print("allocation-check: FAILED: \(lib) not found (build with swift build -c release --product allocation-check)")
    exit(2)
  }
  var env = ProcessInfo.processInfo.environment
  env["APNS_LINT_ALLOC_CHECK_CHILD"] = "1"
  env["LD_PRELOAD"] = [lib, env["LD_PRELOAD"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
  let p = Process()
  p.executableURL = exe
  p.arguments = Array(CommandLine.arguments.dropFirst())
  p.environment = env
  try p.run()
  p.waitUntilExit()
  exit(p.terminationStatus)
}
#endif

let url = CommandLine.arguments.count > 1 ? URL(fileURLWithPath: CommandLine.arguments[1]) : try BenchPaths.payloadCorpus()
let corpus = try PayloadCorpus(contentsOf: url)

@inline(never) func allocateSomething() -> [Int] { Array(repeating: 7, count: 1000 + Int(corpus.count % 3)) }

MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
let probeBefore = MallocInterposerSwift.getStatistics().mallocCount
let probe = allocateSomething()
let probeMallocs = MallocInterposerSwift.getStatistics().mallocCount - probeBefore
guard probeMallocs > 0, probe.count > 0 else {
  MallocInterposerSwift.unhook()
  print("allocation-check: FAILED: the malloc interposer is not active (a deliberate allocation was not counted)")
  exit(2)
}

// ALLOC_CHECK_STACKS=LINE: in this fresh process, validate lines 1..<LINE with one validator, then
// line LINE with a native stack printed (to stderr) for every allocation it makes, and exit.
// Pipe through swift-demangle to read them.
typealias BacktraceFn = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
typealias BacktraceSymbolsFn = @convention(c) (UnsafePointer<UnsafeMutableRawPointer?>?, Int32, Int32) -> Void
// glibc's <execinfo.h> is not in the Glibc module: look the two functions up.
let backtrace = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "backtrace"), to: BacktraceFn.self)
let backtrace_symbols_fd = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "backtrace_symbols_fd"), to: BacktraceSymbolsFn.self)
nonisolated(unsafe) var tracing = false
nonisolated(unsafe) let stackFrames = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 32)
if let line = ProcessInfo.processInfo.environment["ALLOC_CHECK_STACKS"].flatMap({ Int($0) }), line >= 1, line <= corpus.count {
  let first = line - 1
  var validator = PayloadValidator(target: Target(), options: ValidationOptions())
  for i in 0..<first { _ = validator.validate(corpus.line(i)) }
  _ = backtrace(stackFrames, 32)  // loads the unwinder before the hook is installed
  MallocInterposerSwift.setAllocationHook { _ in
    // Runs inside malloc: nothing here may allocate.
    let n = backtrace(stackFrames, 32)
    _ = write(2, "--- allocation\n", 15)
    backtrace_symbols_fd(stackFrames, n, 2)
  }
  MallocInterposerSwift.reset()
  MallocInterposerSwift.hook()
  let before = MallocInterposerSwift.getStatistics().mallocCount
  _ = validator.validate(corpus.line(first))
  let n = MallocInterposerSwift.getStatistics().mallocCount - before
  MallocInterposerSwift.unhook()
  MallocInterposerSwift.setAllocationHook(nil)
  FileHandle.standardError.write("replayed line \(line): \(n) mallocs\n".data(using: .utf8)!)
  exit(0)
}

/// One pass over the corpus with a fresh validator: its first payload may allocate (buffers are
/// sized then); every later payload without findings must not. Returns the counts and the first offenders.
func pass(trace: Bool) -> (valid: Int, invalid: Int, offenders: Int, mallocs: Int, examples: [(Int, Int)]) {
  var validator = PayloadValidator(target: Target(), options: ValidationOptions())
  _ = validator.validate(corpus.line(0))
  var valid = 0, invalid = 0, offenders = 0, mallocs = 0
  var examples: [(Int, Int)] = []
  examples.reserveCapacity(10)
  for i in 1..<corpus.count {
    let before = MallocInterposerSwift.getStatistics().mallocCount
    tracing = trace
    let isValid = validator.validate(corpus.line(i)).findings.isEmpty
    tracing = false
    let n = MallocInterposerSwift.getStatistics().mallocCount - before
    if isValid {
      valid += 1
      if n > 0 {
        offenders += 1
        mallocs += n
        if examples.count < 10 { examples.append((i, n)) }
      }
    } else {
      invalid += 1
    }
  }
  return (valid, invalid, offenders, mallocs, examples)
}

func show(_ name: String, _ r: (valid: Int, invalid: Int, offenders: Int, mallocs: Int, examples: [(Int, Int)])) {
  let perPayload = r.valid == 0 ? 0 : Double(r.mallocs) / Double(r.valid)
  print("\(name): \(r.valid) valid payloads, \(r.invalid) with findings; \(r.offenders) valid payloads allocated (\(r.mallocs) mallocs, \(String(format: "%.6f", perPayload)) per valid payload)")
  for (i, n) in r.examples {
    let text = String(decoding: UnsafeRawBufferPointer(corpus.line(i)).prefix(120), as: UTF8.self)
    print("  line \(i + 1): \(n) mallocs: \(text)")
  }
}

// 1. Cold process (information): the first payloads that reach a path for the first time also pay
//    the process's one-time costs: Swift generic-metadata instantiation and `static let` tables.
let cold = pass(trace: false)
show("cold process, fresh validator (one-time runtime costs included, not gated)", cold)

// 2. The gate: a fresh validator in a warm process. ALLOC_CHECK_STACKS=pass prints a native stack
//    for every allocation of this pass's validate calls (stderr; pipe through swift-demangle).
if ProcessInfo.processInfo.environment["ALLOC_CHECK_STACKS"] == "pass" {
  _ = backtrace(stackFrames, 32)
  MallocInterposerSwift.setAllocationHook { _ in
    guard tracing else { return }
    let n = backtrace(stackFrames, 32)
    _ = write(2, "--- allocation\n", 15)
    backtrace_symbols_fd(stackFrames, n, 2)
  }
}
let warm = pass(trace: true)
MallocInterposerSwift.setAllocationHook(nil)
MallocInterposerSwift.unhook()
show("warm process, fresh validator (gated)", warm)

// 3. Requests (SPEC §9): every payload as the body of a whole request, with the headers a
//    provider sends (token authentication with a provider token, topic with the push type's suffix,
//    priority, apns-id, expiration), validated by one reused RequestValidator. A request is valid
//    when it has no finding; it must allocate nothing either.
let jwt = "eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ."
  + "K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA"
let deviceToken = "7c9e4f1a0b2d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccd"
/// The headers a provider sends for each push type (built before counting).
let headersByType: [PushType: [RequestHeader]] = Dictionary(uniqueKeysWithValues: PushType.allCases.map { type in
  (type, [
    RequestHeader("authorization", "bearer " + jwt),
    RequestHeader("apns-topic", "com.example.app" + (type.topicSuffix ?? "")),
    RequestHeader("apns-push-type", type.rawValue),
    RequestHeader("apns-priority", type == .background ? "5" : "10"),
    RequestHeader("apns-id", "123e4567-e89b-12d3-a456-4266554400a0"),
    RequestHeader("apns-expiration", "1700086400"),
  ])
})
let path = "/3/device/" + deviceToken
let payloadTypes: [PushType] = {
  var v = PayloadValidator()
  return (0..<corpus.count).map { v.validate(corpus.line($0)).pushType }
}()
func requestPass() -> (valid: Int, invalid: Int, offenders: Int, mallocs: Int, examples: [(Int, Int)]) {
  var validator = RequestValidator()
  let emptyHeaders: [RequestHeader] = []
  _ = validator.validate(method: "POST", path: path, headers: headersByType[payloadTypes[0]] ?? emptyHeaders,
                         body: corpus.line(0), now: 1_700_000_600)
  var valid = 0, invalid = 0, offenders = 0, mallocs = 0
  var examples: [(Int, Int)] = []
  examples.reserveCapacity(10)
  for i in 1..<corpus.count {
    let headers = headersByType[payloadTypes[i]] ?? emptyHeaders
    let before = MallocInterposerSwift.getStatistics().mallocCount
    tracing = i < 3
    let isValid = validator.validate(method: "POST", path: path, headers: headers, body: corpus.line(i), now: 1_700_000_600).findings.isEmpty
    tracing = false
    let n = MallocInterposerSwift.getStatistics().mallocCount - before
    if isValid {
      valid += 1
      if n > 0 {
        offenders += 1
        mallocs += n
        if examples.count < 10 { examples.append((i, n)) }
      }
    } else {
      invalid += 1
    }
  }
  return (valid, invalid, offenders, mallocs, examples)
}
MallocInterposerSwift.hook()
_ = requestPass()   // warm: the runtime's one-time costs of these paths
// ALLOC_CHECK_STACKS=requests prints a native stack for each allocation of the first requests.
if ProcessInfo.processInfo.environment["ALLOC_CHECK_STACKS"] == "requests" {
  _ = backtrace(stackFrames, 32)
  MallocInterposerSwift.setAllocationHook { _ in
    guard tracing else { return }
    let n = backtrace(stackFrames, 32)
    _ = write(2, "--- allocation\n", 15)
    backtrace_symbols_fd(stackFrames, n, 2)
  }
}
let requestStart = ContinuousClock.now
let requests = requestPass()
let requestTime = ContinuousClock.now - requestStart
MallocInterposerSwift.setAllocationHook(nil)
MallocInterposerSwift.unhook()
// Cost per call without the interposer (information): payloads alone, then whole requests.
do {
  var v = PayloadValidator()
  let start = ContinuousClock.now
  for i in 0..<corpus.count { _ = v.validate(corpus.line(i)) }
  let payloads = ContinuousClock.now - start
  let start2 = ContinuousClock.now
  _ = requestPass()
  let whole = ContinuousClock.now - start2
  func perCall(_ d: Duration) -> String { String(format: "%.0f ns", Double(d.components.attoseconds) / 1e9 / Double(corpus.count) + Double(d.components.seconds) * 1e9 / Double(corpus.count)) }
  print("cost per call, one thread: payload \(perCall(payloads)), whole request \(perCall(whole)) (counting run: \(perCall(requestTime)))")
}
show("requests, warm process, fresh RequestValidator (gated)", requests)

if warm.offenders > 0 || requests.offenders > 0 {
  print("allocation-check: FAILED: valid payloads and requests must allocate nothing after a validator's first (docs/design.md, \"Where the hot path is\")")
  exit(1)
}
print("allocation-check: OK: 0 mallocs on \(warm.valid) valid payloads and \(requests.valid) valid requests after the first (\(corpus.count) payloads, \(corpus.totalBytes) bytes)")
