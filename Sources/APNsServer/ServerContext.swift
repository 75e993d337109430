#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ActivityContract
import APNsAuth
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import PayloadSchema
import StringsFile
import Synchronization

/// What every connection shares: the configuration, the log, the inbox, the per-token rate
/// counters and the sequence of records.
final class ServerContext: Sendable {
  let configuration: APNsServer.Configuration
  let inbox: Inbox
  let log: PushLog?
  let rateLimiter: RateLimiter?
  /// The broadcast channels created on this server (SPEC §13.2).
  let channels = ChannelStore()
  private let sequence = Atomic<UInt64>(0)
  private let connections = Atomic<UInt64>(0)
  /// The most body bytes kept of a request: the largest size limit plus one, so that a body over
  /// its push type's limit is still seen to be over it (413), and no more is ever buffered.
  let maxBodyBytes: Int

  init(configuration: APNsServer.Configuration) throws(APNsServerError) {
    self.configuration = configuration
    inbox = Inbox(capacity: configuration.inboxCapacity)
    log = try configuration.log.map { dest throws(APNsServerError) in try PushLog(dest) }
    rateLimiter = configuration.rateLimit.map { RateLimiter(perSecond: $0) }
    var largest = 0
    for transport in [Transport.http2, .broadcast] {
      var target = configuration.target
      target.transport = transport
      for type in PushType.allCases { largest = max(largest, target.sizeLimit(for: type)) }
    }
    maxBodyBytes = largest + 1
  }

  private let toolsByLoop = NIOLockedValueBox<[ObjectIdentifier: LoopTools]>([:])

  /// The validators and buffers of `loop`'s connections (made on its first connection).
  func tools(for loop: any EventLoop) -> LoopTools {
    let key = ObjectIdentifier(loop)
    return toolsByLoop.withLockedValue { byLoop in
      if let tools = byLoop[key] { return tools }
      let tools = LoopTools(configuration: configuration)
      byLoop[key] = tools
      return tools
    }
  }

  func nextSequence() -> UInt64 { sequence.wrappingAdd(1, ordering: .relaxed).newValue }
  func nextConnection() -> UInt64 { connections.wrappingAdd(1, ordering: .relaxed).newValue }

  /// Logs and keeps a record.
  func record(_ record: PushRecord, scratch: inout [UInt8]) {
    if let log {
      // The scratch buffer is moved in and out (not copied), so it stays unique and is reused.
      var w = JSONWriter()
      swap(&w.bytes, &scratch)
      w.bytes.removeAll(keepingCapacity: true)
      record.json(into: &w)
      log.append(w.bytes)
      swap(&w.bytes, &scratch)
    }
    inbox.add(record)
  }
}

/// `--rate-limit N`: at most N pushes to one device token in a second (a fixed one-second window).
final class RateLimiter: Sendable {
  private struct Window { var second: Int64; var count: Int }
  private let windows = NIOLockedValueBox<[String: Window]>([:])
  let perSecond: Int

  init(perSecond: Int) { self.perSecond = perSecond }

  /// Counts a push; false when it is past the limit.
  func admit(_ token: Substring, now: Int64) -> Bool {
    let key = token.lowercased()
    return windows.withLockedValue { w in
      if w.count > 100_000 { w = w.filter { $0.value.second >= now } }  // stays bounded
      var window = w[key] ?? Window(second: now, count: 0)
      if window.second != now { window = Window(second: now, count: 0) }
      window.count += 1
      w[key] = window
      return window.count <= perSecond
    }
  }
}

/// The clock: seconds and milliseconds since 1970.
enum Clock {
  static func nowMilliseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
  }
}

/// What the connections of one event loop share: the reused validators and buffers. A push is
/// checked synchronously on its connection's loop, so one set per loop is enough (a set is some
/// 35 KB; 10,000 idle connections held 835 MB when each had its own). Used only on its loop.
final class LoopTools: @unchecked Sendable {
  /// Checks requests whose provider token is new on their connection (verifies its signature).
  var verifying: RequestValidator
  /// Checks requests that repeat the token last verified on their connection (syntax and age only).
  var repeating: RequestValidator
  /// Checks requests without a token on a connection that presented a verified client
  /// certificate: APNs decides per connection, and a certificate connection needs no token.
  var certificate: RequestValidator
  var headerBuffer: [RequestHeader] = []
  var random: SplitMix64
  var scratch: [UInt8] = []

  init(configuration c: APNsServer.Configuration) {
    var options = ValidationOptions()
    options.collectAlert = true
    options.alertPositions = false  // the log shows no positions
    let hasKeys = !c.keys.keyIDs.isEmpty
    verifying = RequestValidator(target: c.target, options: options, authentication: hasKeys ? .token : nil,
                                 verifier: hasKeys ? c.keys : nil)
    repeating = RequestValidator(target: c.target, options: options, authentication: hasKeys ? .token : nil, verifier: nil)
    certificate = RequestValidator(target: c.target, options: options, authentication: .certificate, verifier: nil)
    headerBuffer.reserveCapacity(16)
    random = SplitMix64(seed: UInt64.random(in: .min ... .max))
  }

  /// Makes `now` (seconds since 1970) the time the next push is sent, against which its Live
  /// Activity dates are judged (SPEC §13.3), in each validator.
  func judgeDates(at now: Int64) {
    verifying.sendingTime = now
    repeating.sendingTime = now
    certificate.sendingTime = now
  }
}

/// A small fast generator for `apns-id`s and fault draws (unique, not secret), seeded from the system.
struct SplitMix64 {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// A random (version 4) UUID in lowercase.
  mutating func uuid() -> String {
    var a = next(), b = next()
    a = (a & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    b = (b & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    return String(unsafeUninitializedCapacity: 36) { out in
      let hex: StaticString = "0123456789abcdef"
      var i = 0
      hex.withUTF8Buffer { h in
        for (n, word) in [a, b].enumerated() {
          for nibble in 0..<16 {
            let pos = n * 16 + nibble
            if pos == 8 || pos == 12 || pos == 16 || pos == 20 { out[i] = 0x2D; i += 1 }
            out[i] = h[Int((word >> UInt64(60 - nibble * 4)) & 0xF)]
            i += 1
          }
        }
      }
      return i
    }
  }
}
