// A rule's card (issue 53): what the person who meets a finding sees on the device or from APNs,
// how to fix it, the platforms and OS versions the rule applies to, and where Apple (or
// CoreFoundation's source, or the standard) says so. Every rule's definition carries one, written
// beside its consequence in the file of its family; `apns-lint rules --format json`, the SARIF rule
// help, `docs/rules.md` and `apns-lint rules RULE` show it. The pages a card may cite are below,
// each confirmed to exist under that title and address; a card names them, it writes no address.

/// What a finding of a rule means for the person who meets it, and what to do about it.
public struct RuleCard: Sendable, Hashable {
  /// What the user sees when a finding is real, in one sentence ("APNs answers 200 but no banner
  /// appears"); for a rule of no effect on any device, what stays the same.
  public let symptom: String
  /// How to fix it, in one or two concrete sentences.
  public let remedy: String
  /// The platforms, with the first OS version where it matters, that the rule applies to.
  public let platforms: [RulePlatform]
  /// Where it is said: Apple's pages first, then CoreFoundation's source or a standard.
  public let sources: [APNsSource]

  /// A card: symptom and remedy as sentences, the platforms it applies to (`.allAPNs` for every
  /// platform APNs delivers to), and at least one source.
  public init(symptom: String, remedy: String, platforms: [RulePlatform], sources: [APNsSource]) {
    self.symptom = symptom
    self.remedy = remedy
    self.platforms = platforms
    self.sources = sources
  }

  /// The platforms in words: "all APNs platforms" for `.allAPNs`, else each with its minimum
  /// ("iOS 16.1+, iPadOS 16.1+").
  public var platformsText: String {
    if platforms == .allAPNs { return "all APNs platforms (iOS, iPadOS, macOS, watchOS, tvOS, visionOS)" }
    return platforms.map(\.description).joined(separator: ", ")
  }

  /// The first source with an https address: SARIF's `helpUri`.
  public var helpURI: String? { sources.first { $0.url.hasPrefix("https://") }?.url }
}

/// A platform a rule applies to, and the first OS version where it matters (nil: every version
/// that receives the push or reads the file).
public struct RulePlatform: Sendable, Hashable, CustomStringConvertible {
  /// The platforms APNs delivers to, Safari's legacy website push and web push through Apple's
  /// web push service.
  public enum Name: String, Sendable, Hashable, CaseIterable {
    case iOS, iPadOS, macOS, watchOS, tvOS, visionOS
    /// Legacy Safari website push, through APNs with a website push certificate (Safari on macOS).
    case safari = "Safari"
    /// Web push through Apple's web push service (Safari 16 on macOS 13, Home Screen web apps on
    /// iOS and iPadOS 16.4).
    case web = "web push"
  }

  /// The platform.
  public let name: Name
  /// The first version where the rule matters ("16.1"); nil for every version.
  public let minimum: String?

  /// A platform from a given version on.
  public init(_ name: Name, _ minimum: String? = nil) {
    self.name = name
    self.minimum = minimum
  }

  public static func iOS(_ minimum: String? = nil) -> Self { Self(.iOS, minimum) }
  public static func iPadOS(_ minimum: String? = nil) -> Self { Self(.iPadOS, minimum) }
  public static func macOS(_ minimum: String? = nil) -> Self { Self(.macOS, minimum) }
  public static func watchOS(_ minimum: String? = nil) -> Self { Self(.watchOS, minimum) }
  public static func tvOS(_ minimum: String? = nil) -> Self { Self(.tvOS, minimum) }
  public static func visionOS(_ minimum: String? = nil) -> Self { Self(.visionOS, minimum) }
  public static func safari(_ minimum: String? = nil) -> Self { Self(.safari, minimum) }
  /// Web push through Apple's web push service.
  public static var web: Self { Self(.web) }

  /// "iOS 16.1+", or the name alone.
  public var description: String { minimum.map { "\(name.rawValue) \($0)+" } ?? name.rawValue }
}

extension Array where Element == RulePlatform {
  /// Every platform APNs delivers an app's push to, at every version: iOS, iPadOS, macOS,
  /// watchOS, tvOS and visionOS (not Safari's website push, not web push).
  public static var allAPNs: [RulePlatform] { [.iOS(), .iPadOS(), .macOS(), .watchOS(), .tvOS(), .visionOS()] }
  /// iOS and iPadOS from a version on (ActivityKit, the Location Push Service Extension…).
  public static func iPhoneAndiPad(_ minimum: String) -> [RulePlatform] { [.iOS(minimum), .iPadOS(minimum)] }
}

// MARK: - The pages cards cite

// Each address below was found under this title (the search of Apple's documentation of 2026, or
// the repository named); a card cites these and no other. Apple's archive pages keep their
// `library/…` address as found.
extension APNsSource {
  // User Notifications and APNs.
  public static let generatingRemoteNotification = APNsSource(
    title: "Generating a remote notification",
    url: "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification")
  public static let sendingNotificationRequests = APNsSource(
    title: "Sending notification requests to APNs",
    url: "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns")
  public static let pushingBackgroundUpdates = APNsSource(
    title: "Pushing background updates to your App",
    url: "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app")
  public static let tokenConnection = APNsSource(
    title: "Establishing a token-based connection to APNs",
    url: "https://developer.apple.com/documentation/usernotifications/establishing-a-token-based-connection-to-apns")
  public static let certificateConnection = APNsSource(
    title: "Establishing a certificate-based connection to APNs",
    url: "https://developer.apple.com/documentation/usernotifications/establishing-a-certificate-based-connection-to-apns")
  public static let broadcastRequests = APNsSource(
    title: "Sending broadcast push notification requests to APNs",
    url: "https://developer.apple.com/documentation/usernotifications/sending-broadcast-push-notification-requests-to-apns")
  public static let channelManagementRequests = APNsSource(
    title: "Sending channel management requests to APNs",
    url: "https://developer.apple.com/documentation/usernotifications/sending-channel-management-requests-to-apns")
  public static let notificationSound = APNsSource(
    title: "UNNotificationSound",
    url: "https://developer.apple.com/documentation/usernotifications/unnotificationsound")
  public static let notificationContent = APNsSource(
    title: "UNNotificationContent",
    url: "https://developer.apple.com/documentation/usernotifications/unnotificationcontent")
  public static let categoryIdentifier = APNsSource(
    title: "UNNotificationContent.categoryIdentifier",
    url: "https://developer.apple.com/documentation/usernotifications/unnotificationcontent/categoryidentifier")
  public static let modifyingContent = APNsSource(
    title: "Modifying content in newly delivered notifications",
    url: "https://developer.apple.com/documentation/usernotifications/modifying-content-in-newly-delivered-notifications")
  public static let actionableNotifications = APNsSource(
    title: "Declaring your actionable notification types",
    url: "https://developer.apple.com/documentation/usernotifications/declaring-your-actionable-notification-types")
  public static let jsonSerialization = APNsSource(
    title: "JSONSerialization",
    url: "https://developer.apple.com/documentation/foundation/jsonserialization")
  // Push types and their frameworks.
  public static let liveActivityPushes = APNsSource(
    title: "Starting and updating Live Activities with ActivityKit push notifications",
    url: "https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications")
  public static let liveActivities = APNsSource(
    title: "Displaying live data with Live Activities",
    url: "https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities")
  public static let activityUpdate = APNsSource(
    title: "Activity.update(_:alertConfiguration:timestamp:)",
    url: "https://developer.apple.com/documentation/activitykit/activity/update(_:alertconfiguration:timestamp:)")
  public static let activityStaleDate = APNsSource(
    title: "ActivityContent.staleDate",
    url: "https://developer.apple.com/documentation/activitykit/activitycontent/staledate")
  public static let locationPushExtension = APNsSource(
    title: "Creating a location push service extension",
    url: "https://developer.apple.com/documentation/corelocation/creating-a-location-push-service-extension")
  public static let voipPushes = APNsSource(
    title: "Responding to VoIP Notifications from PushKit",
    url: "https://developer.apple.com/documentation/pushkit/responding_to_voip_notifications_from_pushkit")
  public static let pushToTalk = APNsSource(
    title: "Push to Talk",
    url: "https://developer.apple.com/documentation/pushtotalk")
  public static let fileProviderPushes = APNsSource(
    title: "Using push notifications to signal changes",
    url: "https://developer.apple.com/documentation/fileprovider/using-push-notifications-to-signal-changes")
  public static let widgetPushes = APNsSource(
    title: "Updating widgets with WidgetKit push notifications",
    url: "https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications")
  public static let clockKitComplications = APNsSource(
    title: "TN3157: Updating your watchOS project for SwiftUI and WidgetKit",
    url: "https://developer.apple.com/documentation/technotes/tn3157-updating-your-watchos-project-for-swiftui-and-widgetkit")
  public static let accessoryResponses = APNsSource(
    title: "Responding to forwarded notifications",
    url: "https://developer.apple.com/documentation/accessorynotifications/responding-to-forwarded-notifications")
  public static let walletPassUpdates = APNsSource(
    title: "Adding a Web Service to Update Passes",
    url: "https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes")
  // Safari and web push.
  public static let safariWebsitePush = APNsSource(
    title: "Configuring Safari Push Notifications",
    url: "https://developer.apple.com/library/safari/documentation/NetworkingInternet/Conceptual/NotificationProgrammingGuideForWebsites/PushNotifications/PushNotifications.html")
  public static let declarativeWebPush = APNsSource(
    title: "Meet Declarative Web Push (WebKit blog)",
    url: "https://webkit.org/?p=16535")
  // Localization and strings tables.
  public static let stringCatalogs = APNsSource(
    title: "Localizing and varying text with a string catalog",
    url: "https://developer.apple.com/documentation/xcode/localizing-and-varying-text-with-a-string-catalog")
  public static let localizingPackageResources = APNsSource(
    title: "Localizing package resources",
    url: "https://developer.apple.com/documentation/xcode/localizing-package-resources")
  public static let stringsdictFormat = APNsSource(
    title: "Stringsdict File Format",
    url: "https://developer.apple.com/library/archive/documentation/MacOSX/Conceptual/BPInternational/StringsdictFileFormat/StringsdictFileFormat.html")
  public static let formatSpecifiers = APNsSource(
    title: "String Format Specifiers",
    url: "https://developer.apple.com/library/mac/documentation/CoreFoundation/Conceptual/CFStrings/formatSpecifiers.html")
  public static let languageIDs = APNsSource(
    title: "Language and Locale IDs",
    url: "https://developer.apple.com/library/archive/documentation/MacOSX/Conceptual/BPInternational/LanguageandLocaleIDs/LanguageandLocaleIDs.html")
  public static let cfOldStylePList = APNsSource(
    title: "CoreFoundation's .strings reader, CFOldStylePList.c (swift-corelibs-foundation)",
    url: "https://github.com/swiftlang/swift-corelibs-foundation/blob/main/Sources/CoreFoundation/CFOldStylePList.c")
  public static let cfString = APNsSource(
    title: "CoreFoundation's format reader, CFString.c (swift-corelibs-foundation)",
    url: "https://github.com/swiftlang/swift-corelibs-foundation/blob/main/Sources/CoreFoundation/CFString.c")
  public static let cfStringEncodings = APNsSource(
    title: "CoreFoundation's text encodings, CFStringEncodings.c (swift-corelibs-foundation)",
    url: "https://github.com/swiftlang/swift-corelibs-foundation/blob/main/Sources/CoreFoundation/CFStringEncodings.c")
  public static let cfBundleLocale = APNsSource(
    title: "CoreFoundation's .lproj matching, CFBundle_Locale.c (swift-corelibs-foundation)",
    url: "https://github.com/swiftlang/swift-corelibs-foundation/blob/main/Sources/CoreFoundation/CFBundle_Locale.c")
  public static let cfPropertyList = APNsSource(
    title: "CoreFoundation's property list reader, CFPropertyList.c (swift-corelibs-foundation)",
    url: "https://github.com/swiftlang/swift-corelibs-foundation/blob/main/Sources/CoreFoundation/CFPropertyList.c")
  // Standards and providers.
  public static let rfc8259 = APNsSource(title: "RFC 8259, The JavaScript Object Notation (JSON) Data Interchange Format",
                                         url: "https://www.rfc-editor.org/rfc/rfc8259")
  public static let rfc7519 = APNsSource(title: "RFC 7519, JSON Web Token (JWT)", url: "https://www.rfc-editor.org/rfc/rfc7519")
  public static let oneSignalContent = APNsSource(
    title: "OneSignal, Push Notification Content",
    url: "https://documentation.onesignal.com/v9.0/reference/push-channel-properties")
  public static let fcmApnsConfig = APNsSource(
    title: "Firebase Admin, ApnsConfig interface",
    url: "https://firebase.google.com/docs/reference/admin/node/firebase-admin.messaging.apnsconfig")
}
