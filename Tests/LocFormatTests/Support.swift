@testable import LocFormat

/// Shorthand for a range in tests: scalar offsets, then UTF-8 offsets (equal for ASCII).
func range(_ scalars: Range<Int>, _ utf8: Range<Int>? = nil) -> FormatRange {
  FormatRange(scalars: scalars, utf8: utf8 ?? scalars)
}

extension FormatString {
  /// The issues as (kind, range) pairs, for exact comparisons.
  var issueSummary: [String] { issues.map { "\($0.kind) @ \($0.range)" } }
}
