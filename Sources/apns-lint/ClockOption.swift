import ArgumentParser
import Foundation

/// A time given on the command line (`check --now`): seconds since 1970 (`1700000000`), an ISO 8601
/// date and time (`2026-11-30T12:00:00Z`, `2026-11-30T13:00:00+01:00`, `2026-11-30T12:00:00.5Z`; UTC
/// when it names no zone), a date (`2026-11-30`, midnight UTC), or `now` (the machine's clock when
/// the command starts).
struct ClockOption: ExpressibleByArgument, Sendable, Equatable {
  /// Seconds since 1970.
  var seconds: Int64

  init(seconds: Int64) { self.seconds = seconds }

  init?(argument: String) {
    let text = argument.trimmingCharacters(in: .whitespaces)
    if text.lowercased() == "now" {
      seconds = Int64(Date().timeIntervalSince1970)
      return
    }
    if let whole = Int64(text) {
      seconds = whole
      return
    }
    if let value = Double(text), value.isFinite, abs(value) < 1e15, text.contains(where: { $0 == "." }) {
      seconds = Int64(value.rounded(.down))
      return
    }
    guard let date = Self.iso8601(text) else { return nil }
    seconds = Int64(date.timeIntervalSince1970.rounded(.down))
  }

  /// An ISO 8601 date and time, with or without fractional seconds and zone (UTC when none), or a
  /// full date alone.
  static func iso8601(_ text: String) -> Date? {
    let withZone = text.hasSuffix("Z") || text.hasSuffix("z") || Self.hasOffset(text)
    let full = withZone || !text.contains("T") ? text : text + "Z"
    let attempts: [ISO8601DateFormatter.Options] = [
      [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
    ]
    for options in attempts {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = options
      formatter.timeZone = TimeZone(secondsFromGMT: 0)
      if let date = formatter.date(from: options == [.withFullDate] ? text : full) { return date }
    }
    return nil
  }

  /// Whether a date and time ends in a zone offset (`+01:00`, `-0500`).
  static func hasOffset(_ text: String) -> Bool {
    guard let t = text.firstIndex(of: "T") else { return false }
    return text[t...].contains { $0 == "+" || $0 == "-" }
  }

  static var defaultCompletionKind: CompletionKind { .default }
}
