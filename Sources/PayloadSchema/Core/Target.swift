/// The device platform a payload is meant for (SPEC §2).
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
  case ios, macos, tvos, watchos, visionos, safari
  /// Web push (W3C Push API) to Safari and Home Screen web apps: not APNs' payload format; such a
  /// message is checked by `DeclarativePushValidator` (SPEC §16).
  case web
}

/// The `apns-push-type` header (SPEC §2).
public enum PushType: String, Sendable, Hashable, CaseIterable, Codable {
  case alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk,
    widgets, controls
  /// An accessory's encrypted response to a forwarded notification, routed to the iPhone it came
  /// from (iOS 26.5; Apple, "Responding to forwarded notifications"): its `aps` holds exactly
  /// `encryptedData`, `sessionIdentifier`, `keyID` and `messageIndex`, and the system decrypts it
  /// for the accessory's data provider extension. Nothing shows on the iPhone.
  case accessory

  /// `allCases`, made once: `allCases` builds a new array on every call, and the request path
  /// allocates nothing.
  static let every: [PushType] = allCases

  /// Whether PushKit (PushToTalk, for push to talk) delivers it: the whole payload goes to the app
  /// (`PKPushPayload.dictionaryPayload`, `pushPayload`) and the system reads nothing of `aps`.
  public var isPushKit: Bool {
    switch self {
    case .voip, .complication, .fileprovider, .pushtotalk: true
    default: false
    }
  }

  /// The suffix the `apns-topic` needs for this push type, if any.
  public var topicSuffix: String? {
    switch self {
    case .voip: ".voip"
    case .complication: ".complication"
    case .fileprovider: ".pushkit.fileprovider"
    case .liveactivity: ".push-type.liveactivity"
    case .pushtotalk: ".voip-ptt"
    case .location: ".location-query"
    case .widgets: ".push-type.widgets"
    case .controls: ".push-type.controls"
    case .accessory: ".push-type.accessory"
    case .alert, .background, .mdm: nil
    }
  }

  /// Why a push of this type shows nothing on the device it is sent to, in a sentence (`render`,
  /// `serve`'s inbox); nil for a type whose push may show an alert there.
  public var showsNothingOnTheDevice: String? {
    switch self {
    case .accessory:
      "an accessory push shows nothing on the iPhone: the system decrypts it and hands it to the accessory's data provider extension, which forwards it to the accessory"
    default: nil
    }
  }

  /// The push type suffix `topic` ends with (`.voip` of `com.example.app.voip`), if any.
  public static func suffix(ofTopic topic: String) -> String? {
    RequestValidator.pushTypeSuffix(of: Substring(topic).utf8)
  }

  /// The app's bundle id of an `apns-topic` or a path's bundle id: `topic` without its push type
  /// suffix (`com.example.app.voip` → `com.example.app`).
  public static func bundleID(ofTopic topic: String) -> String {
    suffix(ofTopic: topic).map { String(topic.dropLast($0.count)) } ?? topic
  }
}

/// How the payload reaches APNs (SPEC §2).
public enum Transport: String, Sendable, Hashable, CaseIterable, Codable {
  /// The HTTP/2 provider API, to one device (`POST /3/device/<token>`).
  case http2
  /// A Live Activity sent to a channel (`POST /4/broadcasts/apps/<bundle-id>`); liveactivity only.
  case broadcast
  /// The legacy binary interface (retired in 2021), iOS 8 and later.
  case binary
  /// The legacy binary interface before iOS 8.
  case binaryPreIOS8 = "binary-pre-ios8"
}

/// How the size of a payload is counted against the limit.
public enum SizeCounting: String, Sendable, Hashable, CaseIterable, Codable {
  /// The input without insignificant whitespace: what a pretty payload file weighs when it is sent
  /// compact (the command line's default for payload files).
  case compact
  /// The input bytes as they are: what provider code sends (the library's default).
  case raw
}

/// What a payload is checked against: platform, push type, transport and the request headers.
///
/// `description`: `ios alert push over http2, priority 10, topic 'com.example.app'`.
public struct Target: Sendable, Hashable, Codable, CustomStringConvertible {
  public var platform: Platform
  /// The push type; nil means inferred from the payload (SPEC §2).
  public var pushType: PushType?
  public var transport: Transport
  /// The `apns-priority` header, if known.
  public var priority: Int?
  /// The `apns-topic` header, if known.
  public var topic: String?
  /// The `apns-collapse-id` header, if known.
  public var collapseID: String?
  /// The OS version of the devices the push goes to, if known (`--os 18.0`): a push type that
  /// version does not handle is `push-type-platform` (``PushAvailability``).
  public var os: OSVersion?

  public init(platform: Platform = .ios, pushType: PushType? = nil, transport: Transport = .http2,
              priority: Int? = nil, topic: String? = nil, collapseID: String? = nil, os: OSVersion? = nil) {
    self.platform = platform
    self.pushType = pushType
    self.transport = transport
    self.priority = priority
    self.topic = topic
    self.collapseID = collapseID
    self.os = os
  }

  public var description: String {
    var text = "\(platform.rawValue)\(os.map { " \($0)" } ?? "") \(pushType?.rawValue ?? "inferred") push over \(transport.rawValue)"
    if let priority { text += ", priority \(priority)" }
    if let topic { text += ", topic '\(topic)'" }
    if let collapseID { text += ", collapse id '\(collapseID)'" }
    return text
  }

  /// The size limit in bytes for this target and a push type (SPEC §2 table).
  public func sizeLimit(for pushType: PushType) -> Int {
    switch transport {
    case .http2: pushType == .voip ? 5120 : 4096
    case .broadcast: 5120
    case .binary: platform == .macos ? 256 : 2048
    case .binaryPreIOS8: 256
    }
  }
}

/// Options that tune the checks; the defaults are those of the built-in `rules.yaml`.
public struct ValidationOptions: Sendable {
  /// How the size is counted: the bytes given (`raw`, the default: provider code validates what it
  /// sends) or without insignificant whitespace (`compact`, `size.count` of the command line, which
  /// then also reports `payload-whitespace`).
  public var sizeCounting: SizeCounting = .raw
  /// The fraction of the limit at which `payload-near-limit` fires (`size.warn-at`).
  public var warnAt: Double = 0.9
  /// Containers may nest this deep; deeper is `json-too-deep` and reading stops (`limits.max-depth`).
  public var maxDepth: Int = 64
  /// Which custom keys are sensitive (`sensitive-data.key-patterns`).
  public var sensitiveKeys: SensitiveKeyMatcher = .defaultWords
  /// Whether custom string values are checked against the same patterns (`sensitive-data.check-values`).
  public var checkSensitiveValues: Bool = false
  /// Top-level custom keys that are allowed; nil turns `custom-key-allowlist` off.
  public var allowedCustomKeys: Set<String>? = nil
  /// Most findings reported while reading one payload; past it they are counted, and one finding
  /// (with the first dropped finding's rule and position) says how many were not shown. The
  /// end-of-payload checks are never dropped. Bounds output and memory for hostile input.
  public var maxFindings: Int = 100
  /// Findings of a rule that repeats once per key (`unknown-key`, `json-duplicate-key`) reported
  /// in full per object; the rest of that object's are one summary finding with their count.
  public var maxRepeatsPerObject: Int = 10
  /// Collect the alert's text fields (`PayloadReport.alert`) for rendering; costs allocations.
  public var collectAlert: Bool = false
  /// With `collectAlert`: also find each alert field's line and column (one more pass over the
  /// bytes). Off for callers that show no positions, such as `serve`'s log; the byte offsets are
  /// set either way.
  public var alertPositions: Bool = true
  /// True when the input is a `.apns` file (the Simulator's drag-and-drop format): its top-level
  /// `"Simulator Target Bundle"` member, which the Simulator strips, is left out of the size.
  /// Anywhere else that key is a custom key like the rest (SPEC §2).
  public var simulatorFile: Bool = false
  /// Rules whose findings are not reported (nor counted in the verdict).
  public var disabledRules: Set<PayloadRule> = []
  /// Read whole payloads in the fast lane when they allow it (see `FastLane.swift`). Reports are
  /// the same either way; turning it off only makes validation slower (for comparisons and tests).
  public var fastLane: Bool = true
  /// The time the push is sent, in seconds since 1970, against which a Live Activity's
  /// `timestamp` and `stale-date` are judged (SPEC §13: `timestamp-old`, `timestamp-ahead`,
  /// `stale-date-past`). Nil, the default, judges no date against a clock: a payload file checked
  /// today and next year gets the same report. `send` and `serve` set the time they send or
  /// receive a push, `check --now` the time it is told; the validator never reads a clock itself.
  public var sendingTime: Int64? = nil

  public init() {}
}

/// Decides whether a custom key (or value) looks like sensitive data.
public struct SensitiveKeyMatcher: Sendable {
  enum Storage: Sendable {
    case words(PackedWords)
    case predicate(@Sendable (String) -> Bool)
    case none
  }
  let storage: Storage

  /// The built-in `sensitive-data.key-patterns`: each regular expression `rules.yaml` shows, with
  /// every spelling it matches. This is the one list: `rules.yaml` and `apns-lint init` show the
  /// patterns, ``defaultWords`` matches the spellings, and a test runs the compiled patterns and
  /// the word matcher over the same keys to prove they agree.
  public static let defaultList: [(pattern: String, spellings: [String])] = [
    ("(?i)pass(word|wd)", ["password", "passwd"]),
    ("(?i)secret", ["secret"]),
    ("(?i)token", ["token"]),
    ("(?i)ssn", ["ssn"]),
    ("(?i)credit[-_ ]?card", ["creditcard", "credit-card", "credit_card", "credit card"]),
    ("(?i)cvv", ["cvv"]),
    ("(?i)e-?mail", ["email", "e-mail"]),
    ("(?i)phone", ["phone"]),
  ]

  /// The patterns of ``defaultList``, in its order: what `sensitive-data.key-patterns` is when the
  /// configuration does not set it.
  public static let defaultPatterns: [String] = defaultList.map(\.pattern)

  /// The default patterns as an allocation-free matcher: any spelling of ``defaultList`` anywhere in
  /// the key, case ignored as the patterns' `(?i)` ignores it.
  public static let defaultWords = SensitiveKeyMatcher(words: defaultList.flatMap(\.spellings))
  /// Matches nothing.
  public static let none = SensitiveKeyMatcher(storage: .none)

  init(storage: Storage) { self.storage = storage }

  /// Matches keys containing any of `words` (ASCII), ignoring case: a word's letters match their
  /// other case, and `k` also matches U+212A KELVIN SIGN, whose lowercase is `k` (as a `(?i)`
  /// pattern's `k` does). Other characters, `-`, `_` and spaces included, match only themselves.
  public init(words: [String]) { storage = .words(PackedWords(words)) }

  /// Matches with a predicate (e.g. regular expressions); called with the decoded key.
  public init(_ predicate: @escaping @Sendable (String) -> Bool) { storage = .predicate(predicate) }

  var isNone: Bool { if case .none = storage { true } else { false } }

  func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch storage {
    case .none: return false
    case .predicate(let p): return p(String(decoding: bytes, as: UTF8.self))
    case .words(let words): return words.matches(bytes)
    }
  }

  @inline(__always) static func fold(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
}

/// Words for `SensitiveKeyMatcher`, in one buffer, with a table of the letters they start with so
/// that most bytes of a key are passed over at once.
struct PackedWords: Sendable {
  private let bytes: [UInt8]
  private let starts: [Int]          // word i is bytes[starts[i]..<starts[i+1]]
  private let firstLetters: (UInt64, UInt64, UInt64, UInt64)

  init(_ words: [String]) {
    var bytes: [UInt8] = [], starts: [Int] = [0]
    var letters: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    for w in words where !w.isEmpty {
      let folded = w.utf8.map(SensitiveKeyMatcher.fold)
      bytes += folded
      starts.append(bytes.count)
      let f = Int(folded[0])
      switch f >> 6 {
      case 0: letters.0 |= 1 << UInt64(f & 63)
      case 1: letters.1 |= 1 << UInt64(f & 63)
      case 2: letters.2 |= 1 << UInt64(f & 63)
      default: letters.3 |= 1 << UInt64(f & 63)
      }
    }
    self.bytes = bytes
    self.starts = starts
    self.firstLetters = letters
  }

  /// The byte at `i` with ASCII case folded, and how many bytes it took: U+212A KELVIN SIGN
  /// (E2 84 AA), whose lowercase is `k`, reads as `k`.
  @inline(__always) static func letter(_ hay: UnsafeBufferPointer<UInt8>, at i: Int) -> (byte: UInt8, width: Int) {
    let c = hay[i]
    if c == 0xE2, i + 2 < hay.count, hay[i + 1] == 0x84, hay[i + 2] == 0xAA { return (UInt8(ascii: "k"), 3) }
    return (SensitiveKeyMatcher.fold(c), 1)
  }

  @inline(__always) private func isFirstLetter(_ c: UInt8) -> Bool {
    let bit = UInt64(1) << UInt64(c & 63)
    switch c >> 6 {
    case 0: return firstLetters.0 & bit != 0
    case 1: return firstLetters.1 & bit != 0
    case 2: return firstLetters.2 & bit != 0
    default: return firstLetters.3 & bit != 0
    }
  }

  /// Case-insensitive substring search (ASCII letters, and U+212A, the Kelvin sign, for `k`).
  func matches(_ hay: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { words in
      starts.withUnsafeBufferPointer { starts in
        var i = 0
        while i < hay.count {
          let first = PackedWords.letter(hay, at: i)
          if isFirstLetter(first.byte) {
            var w = 0
            while w + 1 < starts.count {
              let ws = starts[w], we = starts[w + 1]
              if words[ws] == first.byte {
                var j = i + first.width, k = ws + 1
                while j < hay.count && k < we {
                  let next = PackedWords.letter(hay, at: j)
                  if next.byte != words[k] { break }
                  j += next.width; k += 1
                }
                if k == we { return true }
              }
              w += 1
            }
          }
          i += 1
        }
        return false
      }
    }
  }
}
