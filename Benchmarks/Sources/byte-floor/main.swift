// byte-floor: what reading every byte of the payload corpus costs in Swift before any JSON work.
//
// Issue #17 part 1 asks for in-process validation within 1.2x simdjson's parse of the same corpus.
// Whatever a validator does with structure, keys and the schema, it must at least find where each
// string ends (quote, backslash, control character: RFC 8259 section 7) and check that the bytes are
// UTF-8 (section 8.1; `invalid-utf8` is a rule). This program times those two jobs alone over the
// corpus in memory, in the fastest ways found in Swift, and prints each as
// "in-process floor NAME: MS ms" for scripts/bench-peers, which sets them against simdjson's parse.
//
//   swift build -c release --product byte-floor && ROUNDS=9 .build/release/byte-floor corpus.ndjson
//
// Each check is self-tested first against the standard library's validator on random byte strings
// (a floor that skipped work would prove nothing); a disagreement exits 1.
import Foundation

let ones: UInt64 = 0x0101_0101_0101_0101
let high: UInt64 = 0x8080_8080_8080_8080
let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

/// Bit 7 of each byte of `w` equal to `byte`, exactly.
@inline(__always) func equal(_ w: UInt64, _ byte: UInt8) -> UInt64 {
  let t = w ^ (ones &* UInt64(byte))
  return ~(((t & low7) &+ low7) | t | low7)
}

/// Bit 7 of each byte that ends a JSON string run: quote, backslash, control character (only the
/// lowest flag is exact; a scanner uses that one).
@inline(__always) func stops(_ w: UInt64) -> UInt64 {
  let q = w ^ (ones &* 0x22), b = w ^ (ones &* 0x5C)
  return (((q &- ones) & ~q) | ((b &- ones) & ~b) | ((w &- ones &* 0x20) & ~w)) & high
}

/// The word at `i`, zero-padded past `n`.
@inline(__always) func word(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> UInt64 {
  if i + 8 <= n { return UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) }
  var w: UInt64 = 0
  var k = 0
  while i + k < n { w |= UInt64(p[i + k]) << UInt64(k * 8); k += 1 }
  return w
}

/// SWAR on one 64-bit word: the string stops and the UTF-8 check in one loop (RFC 3629's table:
/// continuation bytes exactly where the leads need them, no C0, C1, F5-FF, and the narrower second
/// byte after E0, ED, F0, F4; what a word's last bytes need is carried into the next). Returns
/// whether the bytes are UTF-8, and the number of stop flags (kept so the work is not dropped).
func swarStopsAndUTF8(_ p: UnsafePointer<UInt8>, _ n: Int) -> (Bool, Int) {
  var i = 0, bad: UInt64 = 0, count = 0
  var need: UInt64 = 0, set5: UInt64 = 0, clear5: UInt64 = 0, any54: UInt64 = 0, none54: UInt64 = 0
  while i < n {
    let w = word(p, i, n)
    i += 8
    count &+= stops(w).nonzeroBitCount
    let top = w & high
    if top | need | set5 | clear5 | any54 | none54 == 0 { continue }
    let bit6 = (w << 1) & high, bit5 = (w << 2) & high, bit4 = (w << 3) & high
    let lead = top & bit6, lead3 = lead & bit5, lead4 = lead3 & bit4
    let e0 = equal(w, 0xE0), ed = equal(w, 0xED), f0 = equal(w, 0xF0), f4 = equal(w, 0xF4)
    var wrong = (top & ~bit6) ^ (need | (lead << 8) | (lead3 << 16) | (lead4 << 24))
    wrong |= top & (((w & low7) &+ ones &* 0x0B) & high)
    wrong |= equal(w | ones, 0xC1)
    wrong |= (set5 | (e0 << 8)) & ~bit5
    wrong |= (clear5 | (ed << 8)) & bit5
    wrong |= (any54 | (f0 << 8)) & ~(bit5 | bit4)
    wrong |= (none54 | (f4 << 8)) & (bit5 | bit4)
    bad |= wrong
    need = (lead >> 56) | (lead3 >> 48) | (lead4 >> 40)
    set5 = e0 >> 56; clear5 = ed >> 56; any54 = f0 >> 56; none54 = f4 >> 56
  }
  // Zero padding past the end reads as ASCII: a character cut by the end shows as a missing
  // continuation there, except in the last word, where it was shifted out.
  return (bad == 0 && need == 0, count)
}

typealias V = SIMD4<UInt64>

/// The string stops, 32 bytes a step (SWAR arithmetic on four words; Swift lowers it to vector
/// instructions). Returns the OR of the flags.
func simdStops(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
  let o = V(repeating: ones), h = V(repeating: high)
  let q22 = V(repeating: ones &* 0x22), q5c = V(repeating: ones &* 0x5C), c20 = V(repeating: ones &* 0x20)
  var acc = V(repeating: 0)
  var i = 0
  while i + 32 <= n {
    let w = UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
    i += 32
    let q = w ^ q22, b = w ^ q5c
    acc |= (((q &- o) & ~q) | ((b &- o) & ~b) | ((w &- c20) & ~w)) & h
  }
  var r = acc[0] | acc[1] | acc[2] | acc[3]
  while i < n { r |= stops(word(p, i, n)); i += 8 }
  return r
}

/// The UTF-8 check 32 bytes a step, blocks of ASCII skipped. What a word's last bytes need moves to
/// the next word (one lane up); the rare E0/ED/F0/F4 at the end of a word is checked byte-wise.
func simdUTF8(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
  let o = V(repeating: ones), h = V(repeating: high), l7 = V(repeating: low7), eleven = V(repeating: ones &* 0x0B)
  @inline(__always) func eq(_ w: V, _ c: UInt8) -> V {
    let t = w ^ V(repeating: ones &* UInt64(c))
    return ~(((t & l7) &+ l7) | t | l7)
  }
  var bad = V(repeating: 0)
  var carry: UInt64 = 0
  var i = 0
  while i + 32 <= n {
    let w = UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
    let top = w & h
    let t2 = top.lowHalf | top.highHalf
    if t2[0] | t2[1] | carry == 0 { i += 32; continue }
    let bit6 = (w &<< 1) & h, bit5 = (w &<< 2) & h, bit4 = (w &<< 3) & h
    let lead = top & bit6, lead3 = lead & bit5, lead4 = lead3 & bit4
    let out = (lead &>> 56) | (lead3 &>> 48) | (lead4 &>> 40)
    let inbound = V(carry, out[0], out[1], out[2])
    carry = out[3]
    var wrong = (top & ~bit6) ^ (inbound | (lead &<< 8) | (lead3 &<< 16) | (lead4 &<< 24))
    wrong |= top & (((w & l7) &+ eleven) & h)
    wrong |= eq(w | o, 0xC1)
    let l3 = lead3.lowHalf | lead3.highHalf
    if l3[0] | l3[1] != 0 {
      let e0 = eq(w, 0xE0), ed = eq(w, 0xED), f0 = eq(w, 0xF0), f4 = eq(w, 0xF4)
      wrong |= (e0 &<< 8) & ~bit5
      wrong |= (ed &<< 8) & bit5
      wrong |= (f0 &<< 8) & ~(bit5 | bit4)
      wrong |= (f4 &<< 8) & (bit5 | bit4)
      let last = (e0 | ed | f0 | f4) &>> 56
      let l2 = last.lowHalf | last.highHalf
      if l2[0] | l2[1] != 0 {
        for lane in 0..<4 where last[lane] != 0 {
          let at = i + lane * 8 + 7
          guard at + 1 < n else { return false }
          let leadByte = p[at], next = p[at + 1]
          let fine: Bool
          switch leadByte {
          case 0xE0: fine = next >= 0xA0
          case 0xED: fine = next <= 0x9F
          case 0xF0: fine = next >= 0x90
          default: fine = next <= 0x8F
          }
          if !fine { return false }
        }
      }
    }
    bad |= wrong
    i += 32
  }
  let b2 = bad.lowHalf | bad.highHalf
  guard b2[0] | b2[1] == 0 else { return false }
  // The last bytes (under 32) by the stdlib, from the start of the character the last step cut.
  var from = i
  if carry != 0 { while from > 0 && p[from - 1] & 0xC0 == 0x80 { from -= 1 }; from -= 1 }
  return String(validating: UnsafeBufferPointer(start: p + max(from, 0), count: n - max(from, 0)), as: UTF8.self) != nil
}

// MARK: Self-test against the standard library

let alphabet: [UInt8] = [0x41, 0x22, 0x5C, 0x0A, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
                         0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
func sample(_ rng: inout SystemRandomNumberGenerator) -> [UInt8] {
  // Well-formed text with a few bytes changed, so both answers come up often.
  var s = Array(String((0..<Int.random(in: 1...40, using: &rng)).map { _ in
    ["a", "é", "ж", "€", "你", "😀", "\u{FFFF}", "\u{10FFFF}", "\u{D7FF}"].randomElement(using: &rng)!
  }.joined()).utf8)
  for _ in 0..<Int.random(in: 0...2, using: &rng) {
    s[Int.random(in: 0..<s.count, using: &rng)] = alphabet.randomElement(using: &rng)!
  }
  return s
}
var rng = SystemRandomNumberGenerator()
var validSamples = 0
for _ in 0..<200_000 {
  let s = sample(&rng)
  let expected = String(validating: s, as: UTF8.self) != nil
  if expected { validSamples += 1 }
  let (swar, simd) = s.withUnsafeBufferPointer { b -> (Bool, Bool) in
    guard let base = b.baseAddress else { return (expected, expected) }
    return (swarStopsAndUTF8(base, b.count).0, simdUTF8(base, b.count))
  }
  if swar != expected || simd != expected {
    print("byte-floor: the UTF-8 checks disagree with the standard library on \(s.map { String($0, radix: 16) })")
    exit(1)
  }
}

guard validSamples > 20_000 && validSamples < 180_000 else {
  print("byte-floor: the self-test's samples were \(validSamples) of 200,000 valid: not a test of both answers")
  exit(1)
}

// MARK: Timing

guard CommandLine.arguments.count == 2 else {
  print("usage: byte-floor CORPUS.ndjson")
  exit(2)
}
let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
let bytes = [UInt8](data)
let rounds = max(1, Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "9") ?? 9)
func time(_ name: String, _ body: () -> Int) {
  var times: [Double] = []
  var result = 0
  for _ in 0...rounds {  // the first pass warms up
    let t = ContinuousClock.now
    result = body()
    let d = ContinuousClock.now - t
    times.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15)
  }
  times.removeFirst()
  times.sort()
  let median = times[times.count / 2]
  print(String(format: "in-process floor %@: %.1f ms, %.0f MB/s (median of %d; %d)", name, median, Double(bytes.count) / median / 1e3,
               rounds, result))
}
guard !bytes.isEmpty else {
  print("byte-floor: \(CommandLine.arguments[1]) is empty")
  exit(2)
}
bytes.withUnsafeBufferPointer { buf in
  guard let p = buf.baseAddress else { return }
  let n = buf.count
  time("stdlib-utf8") {  // the standard library's validator, payload by payload
    var i = 0, valid = 0
    while i < n, let nl = memchr(p + i, 0x0A, n - i) {
      let end = UnsafeRawPointer(nl) - UnsafeRawPointer(p)
      if String(validating: UnsafeBufferPointer(start: p + i, count: end - i), as: UTF8.self) != nil { valid += 1 }
      i = end + 1
    }
    return valid
  }
  time("swar-stops-utf8") { let (ok, count) = swarStopsAndUTF8(p, n); return ok ? count : -1 }
  time("simd-stops") { Int(truncatingIfNeeded: simdStops(p, n)) }
  time("simd-utf8") { simdUTF8(p, n) ? 1 : 0 }
}
