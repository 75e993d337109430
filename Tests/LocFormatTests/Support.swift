@testable import LocFormat

/// Shorthand for a range in tests: scalar offsets, then UTF-8 offsets (equal for ASCII).
func range(_ scalars: Range<Int>, _ utf8: Range<Int>? = nil) -> FormatRange {
  FormatRange(scalars: scalars, utf8: utf8 ?? scalars)
}

/// SplitMix64: a small deterministic generator, so a failing case reproduces from its seed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension FormatString {
  /// The issues as (kind, range) pairs, for exact comparisons.
  var issueSummary: [String] { issues.map { "\($0.kind) @ \($0.range)" } }
}
