// The `--devices` file (SPEC §10): one device token a line, tab- or blank-separated
//
//     # token                                                           topic              environment  state                       [device]
//     740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad  com.example.app    development  active                      ios:17.2
//     5d1e4b1a…                                                         com.example.app    production   unregistered:1700000000000
//     a1b2…                                                             com.example.app    development  expired                     watchos
//
// Lines starting with `#` and blank lines are comments. Tokens are compared case-insensitively.
// The optional fifth field is the device's platform and OS (`ios:17.2`, `watchos:11`, `macos`):
// a push of a type that platform or OS does not receive is accepted, as APNs accepts it, and
// marked dropped on the device (`PushAvailability`).

import PayloadSchema

/// Known device tokens and what APNs answers a push to each.
public struct DeviceRegistry: Sendable {
  /// One registered device.
  public struct Device: Sendable, Hashable {
    public var token: String
    public var topic: String
    public var environment: APNsEnvironment
    public var state: State
    /// The device's platform and OS, when the file gives them.
    public var platform: Platform? = nil
    public var os: OSVersion? = nil
  }

  /// A device token's state.
  public enum State: Sendable, Hashable {
    /// Pushes are delivered.
    case active
    /// 410 Unregistered, with the time (milliseconds since 1970) APNs learned it.
    case unregistered(timestamp: Int64)
    /// 410 ExpiredToken.
    case expired
  }

  /// A line that is not `token topic environment state`.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "\(line): \(message)" }
  }

  private var byToken: [String: Device] = [:]

  /// An empty registry: every token is accepted.
  public init() {}

  /// Registers devices (a later entry for the same token replaces an earlier one).
  public init(_ devices: [Device]) {
    for d in devices { byToken[d.token.lowercased()] = d }
  }

  /// Parses the text of a `--devices` file.
  public init(parsing text: String) throws(ParseError) {
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
      if fields.isEmpty || fields[0].hasPrefix("#") { continue }
      guard fields.count == 4 || fields.count == 5 else {
        throw ParseError(line: lineNumber, message: "expected 4 fields (token, topic, environment, state) and an optional fifth (platform[:os]), found \(fields.count)")
      }
      let token = String(fields[0])
      guard token.count % 2 == 0, token.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else {
        throw ParseError(line: lineNumber, message: "'\(token)' is not a device token (an even number of hexadecimal digits)")
      }
      guard let environment = APNsEnvironment(rawValue: fields[2].lowercased()) else {
        throw ParseError(line: lineNumber, message: "environment '\(fields[2])' is neither development nor production")
      }
      let stateText = fields[3].lowercased()
      let state: State
      if stateText == "active" {
        state = .active
      } else if stateText == "expired" {
        state = .expired
      } else if stateText.hasPrefix("unregistered:"), let ms = Int64(stateText.dropFirst(13)), ms >= 0 {
        state = .unregistered(timestamp: ms)
      } else {
        throw ParseError(line: lineNumber, message: "state '\(fields[3])' is not active, unregistered:<milliseconds> or expired")
      }
      var device = Device(token: token, topic: String(fields[1]), environment: environment, state: state)
      if fields.count == 5 {
        let parts = fields[4].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let platform = Platform(rawValue: parts[0].lowercased()), Self.devicePlatforms.contains(platform) else {
          throw ParseError(line: lineNumber, message: "device '\(fields[4])' is not platform[:os] with platform one of \(Self.devicePlatforms.map(\.rawValue).joined(separator: ", ")) (ios:17.2)")
        }
        device.platform = platform
        if parts.count == 2 {
          guard let os = OSVersion(String(parts[1])) else {
            throw ParseError(line: lineNumber, message: "OS '\(parts[1])' is not a version such as 18, 17.2 or 17.1.2")
          }
          device.os = os
        }
      }
      byToken[token.lowercased()] = device
    }
  }

  /// The platforms a device row may name (Safari and web push have no device token here).
  static let devicePlatforms: [Platform] = [.ios, .macos, .tvos, .watchos, .visionos]

  /// How many devices are registered.
  public var count: Int { byToken.count }

  /// The device registered with this token (any case), if any.
  public func device(_ token: Substring) -> Device? {
    guard !byToken.isEmpty else { return nil }
    return byToken[token.lowercased()]
  }

  /// What APNs answers a push to `token` for `topic` in `environment`: nil when the push is
  /// delivered (an active device, or a token not listed).
  func refusal(token: Substring, topic: String?, environment: APNsEnvironment, nowMilliseconds: Int64) -> Response? {
    guard let device = device(token) else { return nil }
    return Self.refusal(device: device, topic: topic, environment: environment, nowMilliseconds: nowMilliseconds)
  }

  /// What APNs answers a push to this registered `device` (looked up once per push by the caller).
  static func refusal(device: Device, topic: String?, environment: APNsEnvironment, nowMilliseconds: Int64) -> Response? {
    if device.environment != environment { return Response(.badDeviceToken) }
    if let topic, !Self.topic(topic, belongsTo: device.topic) {
      return Response(.deviceTokenNotForTopic)
    }
    switch device.state {
    case .active: return nil
    case .unregistered(let ms): return Response(.unregistered, timestamp: ms)
    case .expired: return Response(.expiredToken, timestamp: nowMilliseconds)
    }
  }

  /// The app's topic, or one of its push-type topics (`com.example.app.voip`).
  static func topic(_ topic: String, belongsTo app: String) -> Bool {
    if topic.utf8.count == app.utf8.count { return topic.lowercased() == app.lowercased() }
    let t = topic.lowercased(), a = app.lowercased()
    return t.hasPrefix(a + ".")
  }
}
