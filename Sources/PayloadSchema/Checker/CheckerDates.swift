// A Live Activity's dates: `timestamp` and `stale-date` against the time the push is sent
// (`ValidationOptions.sendingTime`: `send`, `serve`, `check --now`), and the members of
// `content-state` whose names say date or time and whose numbers read as seconds or milliseconds
// since 1970 (ActivityKit decodes a `Date` as seconds since 2001). SPEC §13.

extension Checker {
  /// Twelve hours: the longest a Live Activity stays on the device (Apple, "Displaying live data
  /// with Live Activities": "active for up to eight hours", then "for up to four additional hours"
  /// on the Lock Screen: "a maximum of 12 hours").
  static let activityLifetime = 12.0 * 3600
  /// Eight hours: the longest a Live Activity is active (the same page); an update timestamped
  /// further ahead is dropped (an Apple engineer on the developer forums, thread 776165).
  static let activeLifetime = 8.0 * 3600

  /// `timestamp-old`, `timestamp-ahead` and `stale-date-past`: an update's `timestamp` and a start's
  /// or update's `stale-date` against the time of sending. Nothing without a time
  /// (`ValidationOptions.sendingTime` nil): a payload file is then judged as it was written. Called
  /// by `checkLiveActivityFields`, from facts only (both lanes record them).
  mutating func checkDatesAgainstTheClock() {
    guard let sent = options.sendingTime else { return }
    let now = Double(sent)
    // An update older than the activity's last content is ignored; a start makes the activity with
    // its timestamp and an end is applied whatever its timestamp (developer forums, thread 776165),
    // so only an update is judged. Before 2022 it is timestamp-before-2022's already.
    if facts.event == .update, hasAps(.timestamp), facts.timestamp.isFinite {
      let t = facts.timestamp, at = apsValueOffsets[ApsKey.timestamp.rawValue]
      if t >= ValueCheck.firstActivityDate && t <= 1e11 && now - t > Self.activityLifetime {
        report(.timestampOld(Self.wholeNumber(t), age: Self.span(now - t), sent: sent), at: at, path: "aps.timestamp")
      } else if t - now > Self.activeLifetime {
        // Milliseconds are timestamp-unit's warning without a clock; with one, the update is
        // known to be dropped, which this error says (the warning would only repeat it).
        if t > 1e11, let i = findings.firstIndex(where: { $0.payloadRule == .timestampUnit && $0.keyPath == "aps.timestamp" }) {
          findings.remove(at: i)
        }
        report(.timestampAhead(Self.wholeNumber(t), ahead: Self.span(t - now), sent: sent, milliseconds: t > 1e11),
               at: at, path: "aps.timestamp")
      }
    }
    // An ended activity is not made stale; a stale date in milliseconds is timestamp-unit's.
    if facts.event == .update || facts.event == .start, hasAps(.staleDate), facts.staleDate.isFinite,
       facts.staleDate >= 0, facts.staleDate <= 1e11, facts.staleDate <= now {
      report(.staleDatePast(Self.wholeNumber(facts.staleDate), age: Self.span(now - facts.staleDate), sent: sent),
             at: apsValueOffsets[ApsKey.staleDate.rawValue], path: "aps.stale-date")
    }
  }

  /// A number as the payload would write it when whole (`1700000000`), else as Swift prints it.
  static func wholeNumber(_ v: Double) -> String {
    v.rounded() == v && abs(v) < 1e15 ? String(Int64(v)) : String(v)
  }

  /// A span of seconds in the unit a person reads it in: "40 minutes", "13.5 hours", "9 days",
  /// "3 years".
  static func span(_ seconds: Double) -> String {
    let s = abs(seconds)
    if s < 5400 { return "\(Int(s / 60)) minutes" }
    if s < 48 * 3600 { return "\(hours(s)) hours" }
    if s < 730 * 86_400 { return "\(Int(s / 86_400)) days" }
    return s < 1e15 ? "\(Int64(s / 31_557_600)) years" : "millennia"
  }

  // MARK: content-state-unix-date

  /// Whether a number reads as a date of 2014–2039 in seconds or milliseconds since 1970, where
  /// backends' clocks stand; as seconds since 2001 (a `Date`'s default decoding) it is then 31
  /// years late, or millennia. Checked first, before anything about the key.
  @inline(__always) static func readsAsUnixDate(_ v: Double) -> Bool {
    (v >= 1.4e9 && v <= 2.2e9) || (v >= 1.4e12 && v <= 2.2e12)
  }

  /// `content-state-unix-date`: a number of a `content-state` member (at any depth) whose key names
  /// a date or time and whose value reads as seconds or milliseconds since 1970. Called for a
  /// number no schema row checks; the fast lane gives up on such numbers in `content-state`, so the
  /// key's name is judged here only.
  mutating func checkContentStateNumber(_ n: JSONNumber, at offset: Int) {
    guard Self.readsAsUnixDate(n.value) else { return }
    let top = frames.count - 1
    guard top >= 2, frames[top].isObject, frames[1].isObject, frames[1].context == .aps,
          frames[1].spec == ApsKey.contentState.rawValue, frames[top].keyEntry >= 0 else { return }
    // Given another push type, content-state is push-type-mismatch's; nothing decodes it.
    if let type = target.pushType ?? topicPushType, type != .liveactivity { return }
    let e = keyEntries[frames[top].keyEntry]
    let name = keyBytes.withUnsafeBufferPointer { Self.text(UnsafeBufferPointer(rebasing: $0[Int(e.start)..<Int(e.start + e.count)])) }
    guard Self.namesADate(name) else { return }
    report(.contentStateUnixDate(name, value: n.value), at: offset, path: currentPath())
  }

  /// Words of a key that say it holds a date or a time of day (`updatedAt`, `start_time`,
  /// `endDate`, `eta`, `countdown_end`), and words that say it holds something else (a duration,
  /// a zone, an identifier: `timeRemaining`, `elapsedTime`, `timeZoneOffset`, `dateId`; or a unit:
  /// `startTimeMs`, `endTimeMillis`, `updatedAtUnix`, since a `Date` has no unit, and a member
  /// named for one is a number the app converts itself, as Renegades-Studio/live-activity-demo's
  /// `startTimeMs: Int` is).
  static let dateWords: Set<String> = [
    "date", "time", "timestamp", "ts", "datetime", "eta", "etd", "deadline", "expiry", "expiration", "expires",
    "epoch", "until", "since",
  ]
  static let dateEndings: Set<String> = [
    "at", "on", "start", "end", "begin", "began", "finish", "started", "ended", "due", "update", "updated", "created",
    "modified", "departure", "arrival", "kickoff", "stale",
  ]
  static let notDateWords: Set<String> = [
    "remaining", "left", "elapsed", "duration", "interval", "zone", "timezone", "offset", "id", "uuid", "count",
    "seconds", "secs", "minutes", "mins", "hours", "days", "total", "spent",
    "ms", "msec", "msecs", "millis", "milliseconds", "sec", "unix",
  ]

  /// Whether a key's name says it holds a date: one of ``dateWords`` among its words (split at
  /// `_`, `-`, `.`, spaces, digits and lower-to-upper case changes), or one of ``dateEndings`` as
  /// its last word, and none of ``notDateWords``.
  static func namesADate(_ key: String) -> Bool {
    var words: [String] = []
    var word = ""
    var previousLower = false
    for s in key.unicodeScalars {
      let isUpper = s.value >= 0x41 && s.value <= 0x5A, isLower = s.value >= 0x61 && s.value <= 0x7A
      if !(isUpper || isLower) {
        if !word.isEmpty { words.append(word); word = "" }
        previousLower = false
        continue
      }
      if isUpper && previousLower && !word.isEmpty { words.append(word); word = "" }
      word.unicodeScalars.append(isUpper ? Unicode.Scalar(s.value | 0x20)! : s)
      previousLower = isLower
    }
    if !word.isEmpty { words.append(word) }
    guard let last = words.last, !words.contains(where: notDateWords.contains) else { return false }
    return words.contains(where: dateWords.contains) || dateEndings.contains(last)
  }
}

/// Seconds since 1970 as a UTC calendar date, without Foundation (proleptic Gregorian calendar):
/// what a finding says a date is (PayloadSchema's and ActivityContract's).
package enum CivilDate {
  /// `2057-03-14 12:00 UTC`.
  package static func text(unix seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 1e16 else { return "a date beyond any calendar" }
    let s = Int64(seconds.rounded(.down))
    let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
    let secondOfDay = s - days * 86_400
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    var y = yoe + era * 400
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    if m <= 2 { y += 1 }
    func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(y)-\(two(m))-\(two(d)) \(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)) UTC"
  }

  /// Seconds from 1970-01-01 to 2001-01-01, where a `Date`'s default decoding counts from.
  package static let referenceOffset: Int64 = 978_307_200

  /// 1,234,567.
  package static func grouped(_ n: Int64) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return n < 0 ? "-" + out : out
  }
}
