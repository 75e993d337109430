// The `aps` schema (SPEC §3 "The keys"): one table per object the validator knows, each row saying
// the key's JSON types, the check on its value, the platforms that support it, and what its value
// contains. The validator is a walk over these tables; nothing about a key lives elsewhere.

/// JSON value kinds, as bits.
package struct JSONKinds: OptionSet, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }
  package static let string = JSONKinds(rawValue: 1)
  package static let number = JSONKinds(rawValue: 2)
  package static let bool = JSONKinds(rawValue: 4)
  package static let null = JSONKinds(rawValue: 8)
  package static let object = JSONKinds(rawValue: 16)
  package static let array = JSONKinds(rawValue: 32)

  /// How a message names the kinds a key accepts.
  var described: String {
    var names: [String] = []
    if contains(.string) { names.append("a string") }
    if contains(.number) { names.append("a number") }
    if contains(.bool) { names.append("a boolean") }
    if contains(.object) { names.append("an object") }
    if contains(.array) { names.append("an array") }
    if contains(.null) { names.append("null") }
    switch names.count {
    case 0: return "nothing"
    case 1: return names[0]
    default: return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
  }
}

package struct PlatformSet: OptionSet, Sendable {
  package let rawValue: UInt8
  static let ios = PlatformSet(rawValue: 1)
  static let macos = PlatformSet(rawValue: 2)
  static let tvos = PlatformSet(rawValue: 4)
  static let watchos = PlatformSet(rawValue: 8)
  static let visionos = PlatformSet(rawValue: 16)
  static let safari = PlatformSet(rawValue: 32)
  package static let all: PlatformSet = [.ios, .macos, .tvos, .watchos, .visionos, .safari]
  /// Every platform but website push.
  static let notSafari: PlatformSet = [.ios, .macos, .tvos, .watchos, .visionos]
  static let liveActivity: PlatformSet = [.ios, .visionos]

  package init(rawValue: UInt8) { self.rawValue = rawValue }
  package init(_ p: Platform) {
    switch p {
    case .ios: self = .ios
    case .macos: self = .macos
    case .tvos: self = .tvos
    case .watchos: self = .watchos
    case .visionos: self = .visionos
    case .safari: self = .safari
    // Web push is not an APNs payload (DeclarativePushValidator checks it): no APNs key is its.
    case .web: self = PlatformSet(rawValue: 64)
    }
  }

  package var names: String {
    let all: [(PlatformSet, String)] = [(.ios, "ios"), (.macos, "macos"), (.tvos, "tvos"), (.watchos, "watchos"), (.visionos, "visionos"), (.safari, "safari")]
    return all.filter { contains($0.0) }.map(\.1).joined(separator: ", ")
  }
}

/// The check a key's value gets once its kind is right.
package enum ValueCheck: Sendable {
  case none
  /// An integer ≥ 0.
  case badge
  /// Exactly the number 1 (anything else is `flag-value`, whatever its kind).
  case flagOne
  /// Exactly the number 0 or 1 (`sound.critical`).
  case flagZeroOrOne
  /// Exactly `true` (`content-changed`).
  case flagTrue
  /// One of a set of strings.
  case oneOf(ValueSet)
  /// A number in 0…1 (not checked for live activities when `liveActivityExempt`).
  case unitInterval(liveActivityExempt: Bool)
  /// An integer count of seconds since 1970 (`timestamp-unit` above 10^11).
  case timestamp
  /// `aps.timestamp` of a Live Activity: as `timestamp`, and `timestamp-unit` below
  /// ``ValueCheck/firstActivityDate`` too (no activity is that old).
  case activityTimestamp
  /// An integer ≥ 1.
  case positiveInteger
  /// A broadcast channel id as APNs issues them: base64 (`aps.input-push-channel`).
  case channelID
  /// A notification sound's file name (`aps.sound`, `sound.name`): a format iOS plays.
  case soundFile
}

/// The string sets `ValueCheck.oneOf` names; a code, so that a `KeySpec` is a plain value whose
/// copies cost nothing on the hot path.
package enum ValueSet: UInt8, Sendable {
  case interruptionLevel, event

  package var values: [String] {
    switch self {
    case .interruptionLevel: Schema.interruptionLevels
    case .event: Schema.events
    }
  }

  /// The index in `values` of the string `bytes` spells, or -1. The one verdict on an enum
  /// value: the checker and the fast lane both ask it.
  func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    // Packed words, compared in one step each (a generic `elementsEqual` over `String.UTF8View`
    // cost ~500 instructions per call on the hot path).
    let key = PackedKey(bytes)
    guard key.count > 0 else { return -1 }
    let table = self == .interruptionLevel ? Schema.packedInterruptionLevels : Schema.packedEvents
    return table.withUnsafeBufferPointer { packed in
      for i in 0..<packed.count where packed[i] == key { return i }
      return -1
    }
  }
}

extension KeySpec {
  /// Whether the key is deprecated where it is sent: `deprecated-key`, except Safari's `action`,
  /// which website pushes still use. Asked by the checker and the fast lane.
  func isDeprecated(index: Int, in context: Context, platform: Platform) -> Bool {
    deprecated && !(context == .alert && index == AlertKey.action.rawValue && platform == .safari)
  }

  /// Whether the key is an on/off flag where it is (`Checker.isOnOffFlag`:
  /// `content-available`, `mutable-content`), for `apns-lint schema` (APNsLint's `PayloadJSONSchema`).
  package func isOnOffFlag(index: Int, context: Context) -> Bool {
    Checker.isOnOffFlag(self, index: index, context: context)
  }
}

extension ValueCheck {
  /// The rule a number breaks under this check, or nil when it is fine: the one verdict on a
  /// number, which the checker reports (with its message) and the fast lane gives up on.
  func numberProblem(_ n: JSONNumber) -> PayloadRule? {
    switch self {
    case .badge: return n.value < 0 || !n.isIntegral ? .valueRange : nil
    case .flagOne: return n.value != 1 ? .flagValue : nil
    case .flagZeroOrOne: return n.value != 0 && n.value != 1 ? .flagValue : nil
    case .unitInterval(let exempt): return !exempt && (n.value < 0 || n.value > 1) ? .valueRange : nil
    // Apple types these as Number: a fraction of a second is allowed.
    case .timestamp: return n.value < 0 ? .valueRange : (n.value > 1e11 ? .timestampUnit : nil)
    case .activityTimestamp:
      return n.value < 0 ? .valueRange : (n.value > 1e11 || n.value < ValueCheck.firstActivityDate ? .timestampUnit : nil)
    case .positiveInteger: return !n.isIntegral || n.value < 1 ? .valueRange : nil
    case .none, .oneOf, .flagTrue, .channelID, .soundFile: return nil
    }
  }

  /// Whether a string value under this check is read for a verdict (``stringProblem(_:)``); a key
  /// whose value is one of a set (`oneOf`) is read for its index instead.
  var checksString: Bool {
    switch self {
    case .channelID, .soundFile: true
    default: false
    }
  }

  /// The finding a string value (its unescaped UTF-8) breaks under this check, or nil when it is
  /// fine: the one verdict on a string, which the checker reports and the fast lane gives up on
  /// (as ``numberProblem(_:)`` is for a number). A new check of string values is a case here and
  /// in ``checksString``, and its message: neither lane changes.
  func stringProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> PayloadMessage? {
    switch self {
    case .channelID: Self.channelIDProblem(bytes).map(PayloadMessage.inputPushChannelNotAChannel)
    case .soundFile: Self.unplayedSoundFormat(bytes).map(PayloadMessage.soundFormat)
    default: nil
    }
  }

  /// The extensions of audio files iOS does not play as a notification sound (it plays Linear
  /// PCM, MA4, µLaw and aLaw in aiff, wav or caf: Apple, "UNNotificationSound"), lowercase. A name
  /// with another extension, or none, is not judged: the file may be anything.
  static let unplayedSoundExtensions: Set<String> = [
    "mp3", "m4a", "m4r", "aac", "mp4", "flac", "ogg", "oga", "opus", "wma", "amr", "3gp", "webm", "mid", "midi",
  ]

  /// ``unplayedSoundExtensions``, each packed as ``packedExtension(_:)`` packs a file's.
  static let unplayedSoundKeys: Set<UInt32> = Set(unplayedSoundExtensions.map { packedExtension(Array($0.utf8)[...]) ?? 0 })

  /// An extension of at most four ASCII bytes, lowercased and packed in one word; nil for any other.
  static func packedExtension(_ bytes: some Collection<UInt8>) -> UInt32? {
    guard !bytes.isEmpty, bytes.count <= 4 else { return nil }
    var key: UInt32 = 0
    for byte in bytes {
      guard byte < 0x80 else { return nil }
      key = key << 8 | UInt32(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }
    return key
  }

  /// The extension of the sound file `bytes` names, as written, when it is one of
  /// ``unplayedSoundExtensions``; nil otherwise (and for `default`). Allocates nothing on a sound
  /// iOS plays: only a finding's text is made.
  static func unplayedSoundFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), let key = packedExtension(bytes[(dot + 1)...]),
          unplayedSoundKeys.contains(key) else { return nil }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
  }

  /// What a JSON Schema can say of a string under this check (the members that constrain it) and
  /// the rule they stand for, for `apns-lint schema`; nil when it says nothing a schema can. Written
  /// beside the check's verdict, so that a new check of string values is one place.
  package var stringSchema: (members: [(String, SchemaNode)], rule: PayloadRule)? {
    switch self {
    case .channelID:
      // A channel id is base64 with its padding (channelIDProblem), of no set length.
      ([("pattern", .string("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")), ("minLength", .number("1"))],
       .liveActivityFields)
    default: nil
    }
  }

  /// Why `bytes` (a string's UTF-8) is not a channel id APNs could have issued, or nil: the
  /// standard base64 alphabet with its padding (Apple, `PushType.channel(_:)`: "The channel ID is
  /// a base64-encoded string"). No length is checked: Apple sets none ("don't make assumptions on
  /// the channel ID size"). The one verdict on a channel id: the checker, the fast lane and the
  /// channel management requests (`ChannelManagement.channelIDProblem`) all ask it; it allocates
  /// only to describe a problem.
  static func channelIDProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if bytes.isEmpty { return "is empty" }
    guard bytes.count % 4 == 0 else { return "is not base64 (its length is not a multiple of 4)" }
    var padding = 0
    for i in 0..<bytes.count {
      let b = bytes[i]
      if b == 0x3D {  // =
        padding += 1
        if i < bytes.count - 2 { return "is not base64 ('=' inside it)" }
      } else if padding > 0 {
        return "is not base64 ('=' inside it)"
      } else if !((b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2F) {
        return "is not base64 (it holds '\(Visible.short(String(decoding: [b], as: UTF8.self)))')"
      }
    }
    return nil
  }

  /// 1 January 2022 in seconds since 1970: Live Activities arrived with iOS 16.1 (October 2022),
  /// so an activity's `timestamp` before it is older than any activity's start or last update.
  package static let firstActivityDate = 1_640_995_200.0

  /// Whether a bool is fine under this check (only `content-changed` takes one, and only true).
  func boolIsFine(_ value: Bool) -> Bool {
    if case .flagTrue = self { return value }
    return true
  }
}

/// What a key's object or array value contains.
package enum Context: UInt8, Sendable {
  case root, aps, alert, sound, liveText
  /// Each element must be a string (loc-args, url-args).
  case stringArray
  /// Provider data outside `aps`: sensitive-data applies to its keys.
  case custom
  /// Anything goes and nothing is checked (content-state, attributes, mdm, unknown keys' values).
  case free
}

/// One row of a schema table. Every field is a plain value (no references), so reading a row on
/// the hot path neither allocates nor retains.
package struct KeySpec: Sendable {
  package let name: StaticString
  package let kinds: JSONKinds
  package let check: ValueCheck
  package let platforms: PlatformSet
  package let deprecated: Bool
  /// What an object or array value contains.
  package let child: Context
  /// A live-activity key (platform-key outside ios/visionos).
  package let liveActivity: Bool
  /// A member of an accessory push's `aps` (`encryptedData`, `sessionIdentifier`, `keyID`,
  /// `messageIndex`): read only in an accessory push, which the end checks judge (its kind
  /// included: `accessory-fields`); in a push of another type it is the app's own data.
  package let accessory: Bool

  init(_ name: StaticString, _ kinds: JSONKinds, _ check: ValueCheck = .none, platforms: PlatformSet = .all,
       deprecated: Bool = false, child: Context = .free, liveActivity: Bool = false, accessory: Bool = false) {
    self.name = name
    self.kinds = kinds
    self.check = check
    self.platforms = platforms
    self.deprecated = deprecated
    self.child = child
    self.liveActivity = liveActivity
    self.accessory = accessory
  }
}

/// Indices into `Schema.aps`; the table below is in this order.
enum ApsKey: Int, CaseIterable {
  case alert, badge, sound, threadID, category, targetContentID, filterCriteria, contentAvailable,
    mutableContent, interruptionLevel, relevanceScore, timestamp, staleDate, dismissalDate, event,
    contentState, attributes, attributesType, inputPushChannel, inputPushToken, contentChanged, urlArgs,
    encryptedData, sessionIdentifier, keyID, messageIndex
}

package enum AlertKey: Int, CaseIterable {
  case title, subtitle, body, launchImage, titleLocKey, subtitleLocKey, locKey, actionLocKey,
    titleLocArgs, subtitleLocArgs, locArgs, action, summaryArg, summaryArgCount, sound
}

enum SoundKey: Int, CaseIterable { case critical, name, volume }
enum LiveTextKey: Int, CaseIterable { case locKey, locArgs }

package enum Schema {
  static let interruptionLevels = ["passive", "active", "time-sensitive", "critical"]
  static let events = ["start", "update", "end"]
  /// `interruptionLevels` and `events` packed as `PackedKey`s, for `ValueSet.index(of:)`.
  static let packedInterruptionLevels = interruptionLevels.map(PackedKey.init(text:))
  static let packedEvents = events.map(PackedKey.init(text:))

  package static let aps: [KeySpec] = [
    KeySpec("alert", [.string, .object], platforms: .all.subtracting(.tvos), child: .alert),
    KeySpec("badge", .number, .badge),
    KeySpec("sound", [.string, .object], .soundFile, platforms: .all.subtracting(.tvos), child: .sound),
    KeySpec("thread-id", .string),
    KeySpec("category", .string),
    KeySpec("target-content-id", .string),
    KeySpec("filter-criteria", .string),
    KeySpec("content-available", .number, .flagOne),
    KeySpec("mutable-content", .number, .flagOne),
    KeySpec("interruption-level", .string, .oneOf(.interruptionLevel)),
    KeySpec("relevance-score", .number, .unitInterval(liveActivityExempt: true)),
    KeySpec("timestamp", .number, .activityTimestamp, platforms: .liveActivity, liveActivity: true),
    KeySpec("stale-date", .number, .timestamp, platforms: .liveActivity, liveActivity: true),
    KeySpec("dismissal-date", .number, .timestamp, platforms: .liveActivity, liveActivity: true),
    KeySpec("event", .string, .oneOf(.event), platforms: .liveActivity, liveActivity: true),
    KeySpec("content-state", .object, platforms: .liveActivity, liveActivity: true),
    KeySpec("attributes", .object, platforms: .liveActivity, liveActivity: true),
    KeySpec("attributes-type", .string, platforms: .liveActivity, liveActivity: true),
    KeySpec("input-push-channel", .string, .channelID, platforms: .liveActivity, liveActivity: true),
    KeySpec("input-push-token", .number, .flagOne, platforms: .liveActivity, liveActivity: true),
    KeySpec("content-changed", .bool, .flagTrue),
    KeySpec("url-args", .array, platforms: .safari, child: .stringArray),
    // An accessory push (iOS 26.5; Apple, "Responding to forwarded notifications"): the four
    // members of Apple's sample, strings all (messageIndex too: "<outgoingMessageIndex>").
    KeySpec("encryptedData", .string, accessory: true),
    KeySpec("sessionIdentifier", .string, accessory: true),
    KeySpec("keyID", .string, accessory: true),
    KeySpec("messageIndex", .string, accessory: true),
  ]

  /// Website pushes (platform safari) show only `title`, `body` and `action` (SPEC §3 platform-key).
  package static let alert: [KeySpec] = [
    KeySpec("title", .string, child: .liveText),
    KeySpec("subtitle", .string, platforms: .notSafari),
    KeySpec("body", .string, child: .liveText),
    KeySpec("launch-image", .string, platforms: .notSafari),   // still in Apple's alert table: not deprecated
    KeySpec("title-loc-key", [.string, .null], platforms: .notSafari),
    KeySpec("subtitle-loc-key", [.string, .null], platforms: .notSafari),
    KeySpec("loc-key", [.string, .null], platforms: .notSafari),
    KeySpec("action-loc-key", [.string, .null], platforms: .notSafari, deprecated: true),
    KeySpec("title-loc-args", [.array, .null], platforms: .notSafari, child: .stringArray),
    KeySpec("subtitle-loc-args", [.array, .null], platforms: .notSafari, child: .stringArray),
    KeySpec("loc-args", [.array, .null], platforms: .notSafari, child: .stringArray),
    KeySpec("action", .string, deprecated: true),
    KeySpec("summary-arg", .string, platforms: .notSafari, deprecated: true),
    KeySpec("summary-arg-count", .number, .positiveInteger, platforms: .notSafari, deprecated: true),
    // Only for live activities; elsewhere the validator reports it as unknown.
    KeySpec("sound", [.string, .object], child: .sound),
  ]

  package static let sound: [KeySpec] = [
    KeySpec("critical", .number, .flagZeroOrOne, platforms: [.ios, .macos, .watchos, .visionos]),   // macOS 10.14+
    KeySpec("name", .string, .soundFile),
    KeySpec("volume", .number, .unitInterval(liveActivityExempt: false)),
  ]

  /// `title` and `body` of a live activity's alert: `{loc-key, loc-args}`.
  package static let liveText: [KeySpec] = [
    KeySpec("loc-key", .string),
    KeySpec("loc-args", .array, child: .stringArray),
  ]

  static func table(_ context: Context) -> [KeySpec] {
    switch context {
    case .aps: aps
    case .alert: alert
    case .sound: sound
    case .liveText: liveText
    default: []
    }
  }

  /// Finds `key` in a table: a length and first-byte filter, then a byte comparison.
  @inline(__always)
  static func lookup(_ key: UnsafeBufferPointer<UInt8>, in table: [KeySpec]) -> Int {
    guard let k = key.baseAddress, key.count > 0 else { return -1 }
    let n = key.count
    return table.withUnsafeBufferPointer { rows in
      for i in 0..<rows.count {
        let name = rows[i].name
        guard name.utf8CodeUnitCount == n else { continue }
        let b = name.utf8Start
        if b[0] != k[0] { continue }
        var j = 1
        while j < n && b[j] == k[j] { j += 1 }
        if j == n { return i }
      }
      return -1
    }
  }

  @inline(__always)
  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    if a.count != b.count { return false }
    var i = 0
    while i < a.count {
      if a[i] != b[i] { return false }
      i += 1
    }
    return true
  }

  /// The known key a mistyped one most likely meant: the same letters without `-`/`_`, or at most
  /// two edits away.
  /// Where `key`, unknown in `context`, belongs when it is (or is a near miss of) a key of another
  /// level: an alert key (`title`, `body`, `loc-key`, …) directly in `aps`, or an `aps` key
  /// (`badge`, `content-available`, …) inside `aps.alert` or `aps.sound`. The key it stands for and
  /// that level's path.
  static func misplaced(_ key: String, in context: Context) -> (key: String, level: String)? {
    let other: (table: [KeySpec], name: String)
    switch context {
    case .aps: other = (alert, "aps.alert")
    case .alert, .sound: other = (aps, "aps")
    default: return nil
    }
    return suggestion(for: key, in: other.table).map { ($0, other.name) }
  }

  /// The names `UNNotificationContent` gives keys of `aps` and of the alert where they are not
  /// Apple's key in other letters (`threadIdentifier` for `thread-id`): what a provider that wrote
  /// the Swift property's name meant. (`interruptionLevel`, `relevanceScore`, `filterCriteria`
  /// are the key's letters, which ``suggestion(for:in:)`` finds.)
  static let swiftNames: [Context: [String: String]] = [
    .aps: ["threadIdentifier": "thread-id", "categoryIdentifier": "category",
           "targetContentIdentifier": "target-content-id"],
    .alert: ["launchImageName": "launch-image", "summaryArgument": "summary-arg",
             "summaryArgumentCount": "summary-arg-count"],
  ]

  /// Apple's key for a `UNNotificationContent` property name in `context`, if `key` is one, in
  /// any case (`threadIdentifier`, `thread-identifier`, `thread_identifier`).
  static func swiftName(_ key: String, in context: Context) -> String? {
    guard let names = swiftNames[context] else { return nil }
    if let meant = names[key] { return meant }
    let k = squash(key)
    return names.first { squash($0.key) == k }?.value
  }

  /// The key of `table` that `key` most likely meant. An accessory push's members are candidates
  /// only when the push is one (`accessory`): elsewhere a near miss of `keyID` is the app's own key.
  static func suggestion(for key: String, in table: [KeySpec], accessory: Bool = false) -> String? {
    suggestion(for: key, among: table.filter { accessory || !$0.accessory }.map { "\($0.name)" })
  }

  /// A key's letters for comparing spellings: lowercased, `-`, `_` and spaces left out.
  static func squash(_ s: String) -> [Character] { Array(s.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }) }

  static func suggestion(for word: String, among candidates: [String]) -> String? {
    let k = squash(word)
    if k.isEmpty { return nil }
    for c in candidates where squash(c) == k { return c }
    var best: (String, Int)?
    for c in candidates {
      let d = editDistance(k, squash(c))
      let allowed = k.count <= 4 ? 1 : 2
      if d <= allowed && d < (best?.1 ?? Int.max) { best = (c, d) }
    }
    return best?.0
  }

  /// Damerau–Levenshtein (optimal string alignment) distance, for short keys only.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.count > 64 || b.count > 64 { return Int.max }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
