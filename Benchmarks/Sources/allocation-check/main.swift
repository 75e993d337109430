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

if warm.offenders > 0 {
  print("allocation-check: FAILED: valid payloads must allocate nothing after a validator's first payload (DESIGN.md, \"Where the hot path is\")")
  exit(1)
}
print("allocation-check: OK: 0 mallocs on \(warm.valid) valid payloads after the first (\(corpus.count) payloads, \(corpus.totalBytes) bytes)")
