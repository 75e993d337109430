/// An operating system version, `18.0` or `26` (major, minor, patch; missing parts are 0).
public struct OSVersion: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var patch: Int

  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// `18`, `18.0` or `17.1.2`; nil for anything else (at most three numbers, each 0…9999).
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard (1...4).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(part) else { return nil }
      numbers.append(n)
    }
    while numbers.count < 3 { numbers.append(0) }
    self.init(numbers[0], numbers[1], numbers[2])
  }

  public static func < (a: OSVersion, b: OSVersion) -> Bool {
    (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
  }

  /// `18.0`, `17.1.2`.
  public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}

/// Where each push type is delivered, and since which OS: one table (SPEC §2, "Push types by
/// platform and OS") that `check --platform P [--os V]` and `serve --devices` read.
///
/// Sources: the `apns-push-type` header table of Apple's "Sending notification requests to APNs"
/// (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns),
/// whose rows say where a type "isn't available" (location: macOS, tvOS, watchOS; voip,
/// fileprovider, mdm: watchOS; liveactivity and pushtotalk: watchOS, macOS, tvOS; complication:
/// macOS, tvOS, iPadOS), and the availability of the frameworks that receive each type: the
/// Location Push Service Extension (iOS 15), ActivityKit's push updates (iOS and iPadOS 16.1),
/// the Push to Talk framework (iOS 16), WidgetKit's control push handler (iOS and iPadOS 18, macOS
/// and watchOS 26) and widget push handler (iOS, iPadOS, macOS, visionOS and watchOS 26), and the
/// Accessory Notifications framework, which an accessory push reaches (iPhone only, iOS 26.5: Apple,
/// "Accessory Notifications": "This framework supports iPhone only"; `ios` also stands for iPadOS,
/// which the table cannot tell apart). A platform a row does not name is not judged: nothing is
/// reported that Apple does not state.
public enum PushAvailability {
  /// Why a push of some type does not reach a device of some platform and OS.
  public enum Problem: Sendable, Hashable {
    /// Apple lists the platform among those the push type "isn't available" on (or, for
    /// `safari`, a website push is an alert only).
    case unavailable
    /// The OS version predates the first one that handles the push type.
    case tooOld(minimum: OSVersion, receiver: String)
  }

  /// The platforms a push type is not delivered to.
  public static func unavailablePlatforms(_ pushType: PushType) -> [Platform] {
    switch pushType {
    case .alert: []
    case .background: [.safari]
    case .location: [.macos, .tvos, .watchos, .safari]
    case .voip, .fileprovider, .mdm: [.watchos, .safari]
    case .liveactivity, .pushtotalk: [.watchos, .macos, .tvos, .safari]
    case .complication: [.macos, .tvos, .safari]
    case .widgets: [.tvos, .safari]
    case .controls: [.tvos, .safari]
    case .accessory: [.macos, .tvos, .watchos, .visionos, .safari]
    }
  }

  /// The first OS of `platform` that handles `pushType`, and what receives it there; nil when
  /// Apple gives none (the type is older than any OS a device still runs, or not on that platform).
  public static func minimum(_ pushType: PushType, on platform: Platform) -> (version: OSVersion, receiver: String)? {
    switch (pushType, platform) {
    case (.location, .ios): (OSVersion(15), "the Location Push Service Extension")
    case (.liveactivity, .ios): (OSVersion(16, 1), "ActivityKit's push updates")
    case (.pushtotalk, .ios): (OSVersion(16), "the Push to Talk framework")
    case (.controls, .ios): (OSVersion(18), "WidgetKit's control push handler")
    case (.controls, .macos), (.controls, .watchos): (OSVersion(26), "WidgetKit's control push handler")
    case (.widgets, .ios), (.widgets, .macos), (.widgets, .watchos), (.widgets, .visionos):
      (OSVersion(26), "WidgetKit's widget push handler")
    case (.accessory, .ios): (OSVersion(26, 5), "the Accessory Notifications framework")
    default: nil
    }
  }

  /// Why a push of `pushType` does not reach a `platform` device running `os` (nil: unknown OS), or
  /// nil when it does or Apple does not say.
  public static func problem(_ pushType: PushType, on platform: Platform, os: OSVersion?) -> Problem? {
    if unavailablePlatforms(pushType).contains(platform) { return .unavailable }
    if let os, let first = minimum(pushType, on: platform), os < first.version {
      return .tooOld(minimum: first.version, receiver: first.receiver)
    }
    return nil
  }
}
