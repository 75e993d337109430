// In-process benchmarks of apns-lint's hot paths (ordo-one/benchmark, malloc counters through its
// MallocInterposer trait). Run from Benchmarks/:
//   swift package --allow-writing-to-package-directory benchmark
// Inputs: the NDJSON corpus `gen_payloads.py 200000 7` (APNS_LINT_CORPUS, or generated once under
// $TMPDIR/apns-lint-bench) and every `.strings` file of ../shared/corpus/strings.
import Benchmark
import BenchSupport
import Foundation
import LocFormat
import MallocInterposerSwift
import PayloadSchema
import StringsFile

// Custom metrics: values are per iteration, so they are not scaled.
let mbPerSecond = BenchmarkMetric.custom("MB/s", polarity: .prefersLarger, useScalingFactor: false)
let payloadsPerSecond = BenchmarkMetric.custom("payloads/s", polarity: .prefersLarger, useScalingFactor: false)
let mallocsPerMillionValid = BenchmarkMetric.custom("mallocs per 1M valid payloads", polarity: .prefersSmaller, useScalingFactor: false)
let nsPerAlert = BenchmarkMetric.custom("ns per alert", polarity: .prefersSmaller, useScalingFactor: false)

/// The corpus, loaded once; `valid` are the lines with no finding (the zero-allocation contract).
final class Inputs: @unchecked Sendable {
  static let shared = Inputs()
  let corpus: PayloadCorpus
  let valid: PayloadCorpus
  let strings: StringsCorpus

  private init() {
    do {
      corpus = try PayloadCorpus(contentsOf: BenchPaths.payloadCorpus())
    } catch {
      fatalError("cannot load the payload corpus: \(error)")
    }
    var v = PayloadValidator(target: Target(), options: ValidationOptions())
    var indices: [Int] = []
    for i in 0..<corpus.count where v.validate(corpus.line(i)).findings.isEmpty { indices.append(i) }
    valid = PayloadCorpus(lines: indices, of: corpus)
    strings = StringsCorpus(root: BenchPaths.shared.appendingPathComponent("corpus/strings"))
  }
}

@inline(__always)
func seconds(_ d: Duration) -> Double {
  Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

let benchmarks: @Sendable () -> Void = {
  let heavy = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident, mbPerSecond, payloadsPerSecond],
    timeUnits: .milliseconds, warmupIterations: 1, scalingFactor: .one,
    maxDuration: .seconds(20), maxIterations: 10
  )

  // The whole corpus (valid and invalid payloads), one validator reused: MB/s and payloads/s;
  // with the fast lane (the default), then with the general reader only: what the fast lane buys.
  for (name, fastLane) in [("PayloadValidator corpus", true), ("PayloadValidator corpus, general reader", false)] {
    Benchmark(name, configuration: heavy) { benchmark in
      let inputs = Inputs.shared
      var options = ValidationOptions()
      options.fastLane = fastLane
      var validator = PayloadValidator(target: Target(), options: options)
      _ = validator.validate(inputs.corpus.line(0))
      let clock = ContinuousClock()
      benchmark.startMeasurement()
      let start = clock.now
      var findings = 0
      for i in 0..<inputs.corpus.count {
        findings &+= validator.validate(inputs.corpus.line(i)).findings.count
      }
      let elapsed = seconds(clock.now - start)
      benchmark.stopMeasurement()
      blackHole(findings)
      benchmark.measurement(mbPerSecond, Int(Double(inputs.corpus.totalBytes) / elapsed / 1e6))
      benchmark.measurement(payloadsPerSecond, Int(Double(inputs.corpus.count) / elapsed))
    }
  }

  // The corpus on every core, one validator per thread, as a provider validating on all its threads
  // would: the corpus is cut in 64 runs of lines that the threads take in turn.
  Benchmark("PayloadValidator corpus, all cores", configuration: heavy) { benchmark in
    let inputs = Inputs.shared
    let runs = 64
    let clock = ContinuousClock()
    benchmark.startMeasurement()
    let start = clock.now
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      var validator = PayloadValidator(target: Target(), options: ValidationOptions())
      var findings = 0
      let n = inputs.corpus.count
      for i in (n * run / runs)..<(n * (run + 1) / runs) {
        findings &+= validator.validate(inputs.corpus.line(i)).findings.count
      }
      blackHole(findings)
    }
    let elapsed = seconds(clock.now - start)
    benchmark.stopMeasurement()
    benchmark.measurement(mbPerSecond, Int(Double(inputs.corpus.totalBytes) / elapsed / 1e6))
    benchmark.measurement(payloadsPerSecond, Int(Double(inputs.corpus.count) / elapsed))
  }

  // Valid payloads only: the contract is zero mallocs after the first payload.
  var validConfig = heavy
  validConfig.metrics = [.wallClock, .mallocCountTotal, .mallocBytesCount, mbPerSecond, payloadsPerSecond, mallocsPerMillionValid]
  validConfig.thresholds = [.mallocCountTotal: .init(absolute: [.p0: 0, .p25: 0, .p50: 0, .p75: 0, .p90: 0, .p99: 0, .p100: 0])]
  Benchmark("PayloadValidator valid payloads", configuration: validConfig) { benchmark in
    let inputs = Inputs.shared
    var validator = PayloadValidator(target: Target(), options: ValidationOptions())
    _ = validator.validate(inputs.valid.line(0))  // warm-up: the first payload may size buffers
    let clock = ContinuousClock()
    benchmark.startMeasurement()
    let before = MallocInterposerSwift.getStatistics().mallocCount
    let start = clock.now
    var findings = 0
    for i in 0..<inputs.valid.count {
      findings &+= validator.validate(inputs.valid.line(i)).findings.count
    }
    let elapsed = seconds(clock.now - start)
    let mallocs = MallocInterposerSwift.getStatistics().mallocCount - before
    benchmark.stopMeasurement()
    precondition(findings == 0, "a payload classified valid produced findings")
    // Hard check, independent of the benchmark's own accounting.
    benchmark.measurement(mallocsPerMillionValid, mallocs * 1_000_000 / max(inputs.valid.count, 1))
    benchmark.measurement(mbPerSecond, Int(Double(inputs.valid.totalBytes) / elapsed / 1e6))
    benchmark.measurement(payloadsPerSecond, Int(Double(inputs.valid.count) / elapsed))
  }

  // `.strings` parsing: every non-empty file of the shared corpus, from Data, as the peer reads them.
  var stringsConfig = heavy
  stringsConfig.metrics = [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, mbPerSecond]
  stringsConfig.maxIterations = 30
  Benchmark("StringsParser corpus", configuration: stringsConfig) { benchmark in
    let files = Inputs.shared.strings.files
    let clock = ContinuousClock()
    benchmark.startMeasurement()
    let start = clock.now
    var entries = 0
    for f in files { entries &+= StringsParser.parse(f.data, path: f.path).entries.count }
    let elapsed = seconds(clock.now - start)
    benchmark.stopMeasurement()
    blackHole(entries)
    benchmark.measurement(mbPerSecond, Int(Double(Inputs.shared.strings.totalBytes) / elapsed / 1e6))
  }

  // LocFormat: one alert's format expanded with its loc-args (the format is parsed once, as a
  // table's value would be), and parse + expand together.
  let formatConfig = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds, warmupIterations: 10, scalingFactor: .kilo,
    maxDuration: .seconds(3), maxIterations: 1_000_000
  )
  let english = FormatString("%@ and %@ have invited you to play Monopoly")
  let french = FormatString("%2$@ et %1$@ vous ont invité à jouer au Monopoly")
  let args = ["Anna", "Ben"]
  Benchmark("LocFormat expand %@ %@ (en)", configuration: formatConfig) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(english.expand(args)) }
  }
  Benchmark("LocFormat expand %2$@ %1$@ (fr)", configuration: formatConfig) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(french.expand(args)) }
  }
  Benchmark("LocFormat parse+expand (fr)", configuration: formatConfig) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(FormatString("%2$@ et %1$@ vous ont invité à jouer au Monopoly").expand(args))
    }
  }

  // Localizer: one loc-key alert (title-loc-key, loc-key with 2 loc-args, action-loc-key) rendered
  // in French, from the DemoApp fixture (UTF-16LE, 5 keys) and from a real 68 KB table
  // (ChatSecure fr), to show how the cost depends on the table's size.
  let demo = try? LocalizationBundle(root: BenchPaths.repository.appendingPathComponent("Fixtures/Localizations/DemoApp").path)
    .localization(for: ["fr"])
  let demoAlert = AlertSpec(titleLocKey: "NEW_MESSAGE_TITLE", locKey: "GAME_PLAY_REQUEST_FORMAT", locArgs: args, actionLocKey: "ACTION_VIEW")
  Benchmark("Localizer render (DemoApp fr, 5 keys)", configuration: formatConfig) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Localizer.render(demoAlert, in: demo)) }
  }
  let chatSecure = try? LocalizationBundle(
    root: BenchPaths.shared.appendingPathComponent("corpus/strings/ChatSecure+ChatSecure-iOS/OTRResources/Localizations").path
  ).localization(for: ["fr"])
  let bigKey = chatSecure?.table?.entries.first { $0.value.contains("%@") }?.key ?? "missing"
  let bigAlert = AlertSpec(locKey: bigKey, locArgs: args)
  var bigConfig = formatConfig
  bigConfig.scalingFactor = .one
  bigConfig.timeUnits = .microseconds
  Benchmark("Localizer render (ChatSecure fr, \(chatSecure?.table?.entries.count ?? 0) keys)", configuration: bigConfig) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Localizer.render(bigAlert, in: chatSecure)) }
  }
}
