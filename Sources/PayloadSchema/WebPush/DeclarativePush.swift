/// Web push messages to Safari and Home Screen web apps (SPEC §16): the W3C Push API's
/// *declarative push message* (`{"web_push": 8030, "notification": {"title": …, "navigate": …}}`),
/// checked the way Safari parses it, in one pass over the bytes with the same reader as APNs
/// payloads, every finding at its key's line and column with its key path.
///
/// ```swift
/// var validator = DeclarativePushValidator()
/// let report = validator.validate(Array(#"{"web_push": 8030, "notification": {"title": "Hi"}}"#.utf8))
/// report.findings.map(\.description)   // ["1:19: error: … no 'navigate' … [web-push-declarative]"]
/// report.notification                  // nil: Safari would not show it as declared
/// ```
///
/// What it follows, in this order of authority:
/// - the W3C Push API's "declarative push message parser" (Editor's Draft, after PR #385): the
///   JSON must be an object with `web_push` the number 8030 and a `notification` object whose
///   `title` and `navigate` are strings; a message that fails is not shown as declared, and the
///   browser hands it to the service worker as an ordinary push (dropped when there is none);
/// - WebKit's parser (`NotificationJSONParser.cpp`, what Safari runs), stricter than the draft:
///   an empty `title`, a `navigate` or `icon` that is not an absolute URL, and a wrong type for
///   `dir`, `lang`, `body`, `tag`, `icon`, `silent`, `mutable` or `app_badge` fail the whole
///   message; `app_badge` and `mutable` are read at the top level (`mutable` also inside
///   `notification`, for now); Safari does not read `actions`, `image`, `badge`, `vibrate`,
///   `timestamp`, `renotify` or `requireInteraction`, and it keeps a `tag` but does not replace the
///   notification with the same tag (WebKit bug 258922), as the Notifications API's show steps say;
/// - Apple's "Sending web push notifications in web apps and browsers": 4 KB at most (the
///   encrypted body: 4096 bytes hold 3993 bytes of message, RFC 8291 §4), 413 PayloadTooLarge.
///
/// Input that is not a declarative message at all (no `web_push`) is an ordinary web push
/// message, which only a service worker can show: information, or a warning when it is plainly
/// a message for another service (an APNs payload with `aps`, `web_push` written as a string).
public struct DeclarativePushValidator: Sendable {
  /// The most message bytes one push can carry: a 4096-byte `aes128gcm` body less its 86-byte
  /// header, the padding delimiter and the 16-byte tag (RFC 8291 §4, RFC 8188).
  public static let maxMessageBytes = 3993
  /// Input over this is not read at all (one finding): a web push message is 3993 bytes at most.
  public static let maxInputBytes = 1 << 20
  /// The `web_push` value that makes a message declarative (an homage to RFC 8030).
  public static let magic = 8030

  private var reader = JSONReader(maxDepth: 32)

  public init() {}

  /// Whether `bytes` is meant as a web push message: a JSON object with a top-level `web_push`
  /// member (whatever its value). Cheap: nothing is read unless the bytes hold `"web_push"`.
  public static func isWebPush<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
    let input = Array(bytes)
    guard input.count <= maxInputBytes, contains(input, Array("\"web_push\"".utf8)) else { return false }
    var validator = DeclarativePushValidator()
    return validator.validate(input).hasWebPushMember
  }

  /// Checks one whole message.
  public mutating func validate<Bytes: Collection>(_ bytes: Bytes) -> DeclarativePushReport where Bytes.Element == UInt8 {
    let input = Array(bytes)
    var walk = DeclarativeWalk()
    if input.count > Self.maxInputBytes {
      walk.report(.webPushTooLarge(size: input.count), at: 0, path: nil)
      return walk.finish(input, complete: false)
    }
    reader.reset()
    input.withUnsafeBufferPointer { reader.read($0, isFinal: true, handler: &walk) }
    return walk.finish(input, complete: !reader.failed)
  }

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    var i = 0
    while i + needle.count <= haystack.count {
      if haystack[i] == needle[0] && Array(haystack[i..<i + needle.count]) == needle { return true }
      i += 1
    }
    return false
  }
}

/// What ``DeclarativePushValidator`` found, and the notification Safari would show.
public struct DeclarativePushReport: Sendable, Hashable {
  /// Every finding, in the order of the input.
  public var findings: [Finding]
  /// The message's size in bytes (what the encrypted body must hold).
  public var size: Int
  /// ``DeclarativePushValidator/maxMessageBytes``.
  public var limit: Int { DeclarativePushValidator.maxMessageBytes }
  /// Whether the top level is an object with a `web_push` member (whatever its value).
  public var hasWebPushMember: Bool
  /// The notification Safari shows, when the message is declarative and Safari parses it; nil
  /// otherwise (the message is handed to the service worker as an ordinary push).
  public var notification: DeclarativeNotification?
}

/// A declarative message's notification as Safari reads it.
public struct DeclarativeNotification: Sendable, Hashable, Codable {
  public var title: String
  public var body: String = ""
  /// `navigate`: the page the notification opens when tapped.
  public var navigate: String
  public var lang: String = ""
  /// `auto`, `ltr` or `rtl`.
  public var dir: String = "auto"
  public var tag: String = ""
  public var icon: String?
  public var silent = false
  /// Top-level `mutable`: a service worker may replace the notification.
  public var mutable = false
  /// Top-level `app_badge`: the number the web app's icon shows.
  public var appBadge: UInt64?

  public init(title: String, body: String = "", navigate: String, lang: String = "", dir: String = "auto", tag: String = "",
              icon: String? = nil, silent: Bool = false, mutable: Bool = false, appBadge: UInt64? = nil) {
    self.title = title
    self.body = body
    self.navigate = navigate
    self.lang = lang
    self.dir = dir
    self.tag = tag
    self.icon = icon
    self.silent = silent
    self.mutable = mutable
    self.appBadge = appBadge
  }

  /// The origin of `navigate` (`https://example.com`), what Safari names the notification by on
  /// macOS (a Home Screen web app is named by its own name).
  public var origin: String? { DeclarativeURL.origin(navigate) }
}

/// Absolute URLs as WebKit's `URL` takes them (`URL::isValid()` with no base).
public enum DeclarativeURL {
  /// The scheme (lowercased) when `text` is an absolute URL WebKit would take: a scheme (a letter,
  /// then letters, digits, `+`, `-`, `.`) and a colon, no whitespace or control character; an
  /// `http`/`https` URL needs a host, and a host of digits and dots must be an IPv4 address.
  public static func scheme(_ text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    guard let colon = scalars.firstIndex(of: ":"), colon > 0, isLetter(scalars[0]) else { return nil }
    for c in scalars[..<colon] where !(isLetter(c) || ("0"..."9").contains(c) || c == "+" || c == "-" || c == ".") { return nil }
    if scalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) { return nil }
    let scheme = String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
    if scheme == "http" || scheme == "https" {
      guard let host = host(text), !host.isEmpty else { return nil }
      if host.allSatisfy({ $0.isNumber || $0 == "." }) {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ Int($0).map { (0...255).contains($0) } ?? false }) else { return nil }
      }
    }
    return scheme
  }

  /// `https://example.com:8443` for `https://example.com:8443/a?b`; nil without `//host`.
  public static func origin(_ text: String) -> String? {
    guard let scheme = scheme(text), let host = host(text) else { return nil }
    let afterScheme = text.dropFirst(scheme.count + 3)
    let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let port = authority.split(separator: ":").dropFirst().first.map { ":" + $0 } ?? ""
    return scheme + "://" + host.lowercased() + port
  }

  /// The host of an absolute URL with an authority (`shop.example`); nil without `//`.
  public static func host(_ text: String) -> String? {
    let scalars = Array(text.utf8)
    guard let colon = scalars.firstIndex(of: UInt8(ascii: ":")), colon + 2 < scalars.count,
          scalars[colon + 1] == UInt8(ascii: "/"), scalars[colon + 2] == UInt8(ascii: "/") else { return nil }
    let rest = String(decoding: scalars[(colon + 3)...], as: UTF8.self)
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostPort = authority.split(separator: "@").last.map(String.init) ?? ""
    if hostPort.hasPrefix("[") { return hostPort.prefix { $0 != "]" } + "]" }
    return hostPort.split(separator: ":", omittingEmptySubsequences: false).first.map(String.init)
  }

  private static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
}

/// The members a declarative notification has, as Safari reads them.
package enum DeclarativeMember {
  /// Read by WebKit, with the JSON kind it needs.
  enum Kind { case string, url, boolean, direction, any }
  static let read: [String: Kind] = [
    "title": .string, "navigate": .url, "body": .string, "lang": .string, "tag": .string,
    "dir": .direction, "icon": .url, "silent": .boolean, "data": .any,
  ]
  /// In the W3C draft's NotificationOptions, and not read by Safari.
  package static let notReadBySafari: Set<String> = ["actions", "image", "badge", "vibrate", "timestamp", "renotify", "requireInteraction"]
}

/// The event handler: the state of one message as it is read.
struct DeclarativeWalk: JSONEventHandler {
  private(set) var findings: [Finding] = []
  private var depth = 0
  /// The member being read at depth 1 (top level) and 2 (inside `notification`).
  private var topKey: String?
  private var topKeyOffset = -1
  private var innerKey: String?
  private var innerKeyOffset = -1
  private var notificationDepth = -1
  private var topIsObject = false
  private var sawTop = false
  private var wantString = false

  // What was read.
  private var webPush: (offset: Int, state: WebPushValue)?
  private var notificationOffset = -1
  private var sawNotification = false
  private var notificationIsObject = false
  private var title: (value: String, offset: Int)?
  private var navigate: (value: String, offset: Int)?
  private var apsOffset = -1
  private var failed = false
  private var note = DeclarativeNotification(title: "", navigate: "")

  enum WebPushValue { case magic, otherNumber(String), string(String), other }

  mutating func report(_ message: PayloadMessage, at offset: Int, path: String?) {
    findings.append(Finding(message, offset: offset, line: 0, column: 0, keyPath: path))
    if message.rule == .webPushDeclarative { failed = true }
  }

  // MARK: JSONEventHandler

  mutating func objectStart(at offset: Int) {
    if depth == 0 { topIsObject = true; sawTop = true }
    if depth == 1, topKey == "notification" {
      notificationOffset = offset
      notificationIsObject = true
      notificationDepth = 2
    }
    valueStarts(at: offset, kind: "an object")
    depth += 1
  }

  mutating func objectEnd(at offset: Int) {
    depth -= 1
    if depth == 1 { topKey = nil }
    if depth == 2 { innerKey = nil }
  }

  mutating func arrayStart(at offset: Int) {
    if depth == 0 { sawTop = true }
    valueStarts(at: offset, kind: "an array")
    depth += 1
  }

  mutating func arrayEnd(at offset: Int) {
    depth -= 1
  }

  mutating func key(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, inflation: Int, compactOffset: Int) {
    let name = String(decoding: bytes, as: UTF8.self)
    if depth == 1 {
      topKey = name
      topKeyOffset = offset
      switch name {
      case "aps": apsOffset = offset
      case "notification": sawNotification = true
      case "web_push", "mutable", "app_badge", "data": break
      case "title", "options", "default_action_url":
        report(.explainerMember(name), at: offset, path: name)
      default: break
      }
    } else if depth == 2 && topKey == "notification" {
      innerKey = name
      innerKeyOffset = offset
      if DeclarativeMember.read[name] == nil {
        if DeclarativeMember.notReadBySafari.contains(name) {
          report(.notReadBySafari(name), at: offset, path: "notification." + name)
        } else if name == "app_badge" || name == "mutable" {
          // Read in the top level; WebKit still reads `mutable` here, for now.
          report(.memberAtTopLevel(name, stillRead: name == "mutable"), at: offset, path: "notification." + name)
        } else {
          report(.unknownNotificationMember(name, suggestion: Self.suggestion(for: name)), at: offset, path: "notification." + name)
        }
      }
    }
  }

  mutating func valueEnd(compactOffset: Int) {}

  mutating func stringStart(at offset: Int) -> Bool {
    valueStarts(at: offset, kind: "a string")
    wantString = (depth == 1 && (topKey == "web_push" || topKey == "app_badge"))
      || (depth == 2 && topKey == "notification" && innerKey.map { DeclarativeMember.read[$0] != nil && $0 != "data" } == true)
    return wantString
  }

  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?, at offset: Int, inflation: Int) {
    guard wantString, let bytes else { return }
    wantString = false
    let text = String(decoding: bytes, as: UTF8.self)
    if depth == 1 {
      if topKey == "web_push" { webPush = (topKeyOffset, .string(text)) }
      if topKey == "app_badge" {
        if let value = UInt64(text), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
          note.appBadge = value
        } else if text.isEmpty {
          note.appBadge = 0
        } else {
          report(.appBadgeString(text), at: offset, path: "app_badge")
        }
      }
      return
    }
    guard let key = innerKey else { return }
    let path = "notification." + key
    switch key {
    case "title":
      title = (text, offset)
      if text.isEmpty { report(.emptyTitle, at: offset, path: path) }
    case "navigate":
      navigate = (text, offset)
      checkURL(text, at: offset, path: path, member: key)
    case "icon":
      if checkURL(text, at: offset, path: path, member: key) { note.icon = text }
    case "dir":
      if ["auto", "ltr", "rtl"].contains(text) { note.dir = text } else { report(.direction(text), at: offset, path: path) }
    case "body": note.body = text
    case "lang": note.lang = text
    case "tag":
      note.tag = text
      // WebKit keeps the tag but never replaces a notification by it (bug 258922).
      if !text.isEmpty { report(.tagDoesNotReplace(text), at: innerKeyOffset, path: path) }
    default: break
    }
  }

  mutating func number(_ number: JSONNumber, at offset: Int) {
    valueStarts(at: offset, kind: "a number")
    if depth == 1 && topKey == "web_push" {
      webPush = (topKeyOffset, number.value == Double(DeclarativePushValidator.magic) ? .magic : .otherNumber(Self.shown(number)))
    } else if depth == 1 && topKey == "app_badge" {
      // WebKit reads a number badge as an int: a negative or fractional one fails the message.
      if number.value >= 0, number.isIntegral, number.value <= Double(Int32.max) {
        note.appBadge = UInt64(number.value)
      } else {
        report(.appBadgeNumber(Self.shown(number)), at: offset, path: "app_badge")
      }
    }
  }

  mutating func bool(_ value: Bool, at offset: Int) {
    valueStarts(at: offset, kind: "a boolean")
    if depth == 1 && topKey == "mutable" { note.mutable = value }
    if depth == 2 && topKey == "notification" {
      if innerKey == "silent" { note.silent = value }
      if innerKey == "mutable" { note.mutable = note.mutable || value }
    }
  }

  mutating func null(at offset: Int) {
    valueStarts(at: offset, kind: "null")
  }

  mutating func problem(_ problem: JSONProblem, at offset: Int) {
    switch problem {
    case .syntax(let expected): report(.jsonSyntax(expected), at: offset, path: nil)
    case .invalidUTF8: report(.invalidUTF8, at: offset, path: nil)
    case .loneSurrogate: report(.loneSurrogate, at: offset, path: nil)
    case .byteOrderMark: report(.byteOrderMark, at: offset, path: nil)
    case .tooDeep(let limit): report(.tooDeep(limit: limit), at: offset, path: nil)
    }
  }

  // MARK: Checks

  /// A value of JSON kind `kind` starts: checks it against what its member needs.
  private mutating func valueStarts(at offset: Int, kind: String) {
    if depth == 0 { sawTop = true }
    if depth == 1, let key = topKey {
      switch key {
      case "notification" where kind != "an object":
        report(.notificationNotObject(found: kind), at: offset, path: key)
      case "mutable" where kind != "a boolean":
        report(.memberType(key, path: key, expected: "a boolean", found: kind), at: offset, path: key)
      case "app_badge" where kind != "a string" && kind != "a number":
        report(.appBadgeType(found: kind), at: offset, path: key)
      case "web_push" where kind != "a number" && kind != "a string":
        webPush = (topKeyOffset, .other)
      default: break
      }
    }
    if depth == 2, topKey == "notification", let key = innerKey, let needed = DeclarativeMember.read[key] {
      let path = "notification." + key
      let expected: String? = switch needed {
      case .string, .url, .direction: "a string"
      case .boolean: "a boolean"
      case .any: nil
      }
      if let expected, expected != kind {
        if key == "title" { title = ("", offset) }
        if key == "navigate" { navigate = ("", offset) }
        report(.memberType(key, path: path, expected: expected, found: kind), at: offset, path: path)
      }
    }
  }

  /// Whether `text` is an absolute URL Safari takes; reports it when not (and warns when it
  /// leaves the web).
  @discardableResult
  private mutating func checkURL(_ text: String, at offset: Int, path: String, member: String) -> Bool {
    guard let scheme = DeclarativeURL.scheme(text) else {
      report(.notAbsoluteURL(member, text), at: offset, path: path)
      return false
    }
    if member == "navigate" && scheme != "https" {
      report(.navigateNotHTTPS(text, scheme: scheme), at: offset, path: path)
    }
    return true
  }

  /// At the end: what the message is, and the notification when Safari shows it.
  mutating func finish(_ input: [UInt8], complete: Bool) -> DeclarativePushReport {
    var trimmed = input[...]
    while let last = trimmed.last, [0x20, 0x09, 0x0A, 0x0D].contains(last) { trimmed = trimmed.dropLast() }
    if input.count > DeclarativePushValidator.maxMessageBytes {
      report(.webPushTooLarge(size: input.count), at: 0, path: nil)
    }
    let hasMember = webPush != nil && topIsObject
    if complete && sawTop {
      switch webPush?.state {
      case .magic?:
        if !sawNotification {
          report(.notificationMissing, at: 0, path: nil)
        } else if notificationIsObject {
          if title == nil { report(.requiredMissing("title"), at: notificationOffset, path: "notification") }
          if navigate == nil { report(.requiredMissing("navigate"), at: notificationOffset, path: "notification") }
        }
      case .otherNumber(let shown)?:
        report(.webPushNotMagic(shown), at: webPush!.offset, path: "web_push")
      case .string(let text)?:
        report(.webPushString(text), at: webPush!.offset, path: "web_push")
      case .other?:
        report(.webPushNotMagic("not a number"), at: webPush!.offset, path: "web_push")
      case nil:
        if !topIsObject {
          report(.notDeclarative(reason: "its top level is not a JSON object"), at: 0, path: nil)
        } else if apsOffset >= 0 {
          report(.apnsPayload, at: apsOffset, path: "aps")
        } else if sawNotification {
          report(.webPushMissing, at: 0, path: nil)
        } else {
          report(.notDeclarative(reason: "it has no 'web_push': 8030"), at: 0, path: nil)
        }
      }
    }
    var shown: DeclarativeNotification?
    if complete, !failed, case .magic? = webPush?.state, let title, let navigate, !title.value.isEmpty {
      note.title = title.value
      note.navigate = navigate.value
      shown = note
    }
    // Positions: line and column of each finding, counted once over the input.
    let positions = LineColumns(input)
    for i in findings.indices {
      let p = positions.at(max(0, min(findings[i].offset, input.count)))
      findings[i].line = p.line
      findings[i].column = p.column
    }
    findings.sort { $0.offset < $1.offset }
    return DeclarativePushReport(findings: findings, size: input.count, hasWebPushMember: hasMember, notification: shown)
  }

  /// A near member name (one edit, or snake_case for camelCase): `require_interaction` →
  /// `requireInteraction`.
  static func suggestion(for name: String) -> String? {
    let known = Array(DeclarativeMember.read.keys) + Array(DeclarativeMember.notReadBySafari)
    let folded = String(name.filter { $0 != "_" && $0 != "-" }).lowercased()
    if let match = known.first(where: { $0.lowercased() == folded }) { return match }
    return known.first { editDistanceIsOne($0, name) }
  }

  private static func editDistanceIsOne(_ a: String, _ b: String) -> Bool {
    let x = Array(a), y = Array(b)
    if abs(x.count - y.count) > 1 || x == y { return false }
    var i = 0, j = 0, edits = 0
    while i < x.count && j < y.count {
      if x[i] == y[j] { i += 1; j += 1; continue }
      edits += 1
      if edits > 1 { return false }
      if x.count > y.count { i += 1 } else if y.count > x.count { j += 1 } else { i += 1; j += 1 }
    }
    return edits + (x.count - i) + (y.count - j) <= 1
  }

  static func shown(_ number: JSONNumber) -> String {
    number.isIntegral && number.value.magnitude < 9e15 ? String(Int64(number.value)) : String(number.value)
  }
}

/// Lines and columns of byte offsets (columns count Unicode scalars, as every finding does).
struct LineColumns {
  private let bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func at(_ offset: Int) -> (line: Int, column: Int) {
    var line = 1, column = 1, i = 0
    while i < offset && i < bytes.count {
      let b = bytes[i]
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }
}
