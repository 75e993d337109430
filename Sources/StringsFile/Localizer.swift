// Localizer: renders a push alert the way the device shows it (SPEC §6, §8 `render`).
//
// What the device does with an alert, and where each rule comes from:
// - A `*-loc-key` is looked up in the table of the localization the device picked
//   (`LocalizationBundle.localization(for:)`). There is no per-key fallback to another language: a
//   key missing from that table shows the key itself (SPEC §6; Apple's
//   `localizedUserNotificationString(forKey:arguments:)`: "If a string resource corresponding to
//   the specified key cannot be found, this method returns key").
// - A table CoreFoundation refuses as a whole (syntax error, bad encoding, empty file) gives the
//   device nothing, so every key shows itself.
// - The localized string is a format that the `*-loc-args` fill (archived "Local and Remote
//   Notification Programming Guide", Payload Key Reference: `loc-args` are "variable string values
//   to appear in place of the format specifiers in loc-key"). It is expanded by LocFormat, which
//   fills positions as CoreFoundation's `__CFStringAppendFormatCore` does: `(null)` for a missing
//   argument, extra arguments ignored, unsupported specifiers verbatim.
// - Without loc-args (absent, null or empty) the localized string is shown as it is, not run
//   through the formatter: `%%` stays `%%` and a `%@` stays `%@`. This is how the notification
//   string API behaves (`localizedUserNotificationString(forKey:arguments:)` takes `nil`
//   arguments "if the string does not contain format specifiers" and only formats when arguments
//   are given), and why payloads that forget `loc-args` show a literal `%@` on the device. Apple
//   documents no other behaviour for push payloads; `Localizer.formatsWithoutArguments` records
//   the choice in one place.
// - Without a loc-key the plain `title` / `subtitle` / `body` are shown as they are (they are not
//   formats). When both are present the loc-key wins (it is "used instead of" the plain key).
// - `action-loc-key` is looked up like the others (it has no arguments); without it there is no
//   action title. A plain string alert is the body.
// - A `.stringsdict` plural entry has no plain value in the table: iOS does not resolve plural
//   rules for push arguments, and the renderer shows what the `.strings` table has for the key,
//   else the key.

import LocFormat
import LintVocabulary

/// The text fields of a push alert, as plain strings: what `Localizer` renders.
///
/// `AlertSpec(_: AlertText)` builds one from a payload (`render`, `serve`); provider code can build one
/// directly.
public struct AlertSpec: Sendable, Hashable {
  /// `aps.alert` was a plain string (held in ``body``).
  public var isPlainString: Bool
  /// `title`, shown when there is no ``titleLocKey``.
  public var title: String?
  /// `subtitle`, shown when there is no ``subtitleLocKey``.
  public var subtitle: String?
  /// `body` (or the whole alert when it is a plain string), shown when there is no ``locKey``.
  public var body: String?
  /// `title-loc-key`.
  public var titleLocKey: String?
  /// `title-loc-args`; nil when absent or null.
  public var titleLocArgs: [String]?
  /// `subtitle-loc-key`.
  public var subtitleLocKey: String?
  /// `subtitle-loc-args`; nil when absent or null.
  public var subtitleLocArgs: [String]?
  /// `loc-key`.
  public var locKey: String?
  /// `loc-args`; nil when absent or null.
  public var locArgs: [String]?
  /// `action-loc-key`.
  public var actionLocKey: String?

  /// Creates an alert; every field is optional.
  public init(
    isPlainString: Bool = false, title: String? = nil, subtitle: String? = nil, body: String? = nil,
    titleLocKey: String? = nil, titleLocArgs: [String]? = nil,
    subtitleLocKey: String? = nil, subtitleLocArgs: [String]? = nil,
    locKey: String? = nil, locArgs: [String]? = nil, actionLocKey: String? = nil
  ) {
    self.isPlainString = isPlainString
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.titleLocKey = titleLocKey
    self.titleLocArgs = titleLocArgs
    self.subtitleLocKey = subtitleLocKey
    self.subtitleLocArgs = subtitleLocArgs
    self.locKey = locKey
    self.locArgs = locArgs
    self.actionLocKey = actionLocKey
  }

  /// A plain string alert: the string is the body.
  public static func plain(_ body: String) -> AlertSpec { AlertSpec(isPlainString: true, body: body) }
}

/// What the device shows for an alert: each field nil when the alert has nothing for it.
public struct RenderedAlert: Sendable, Hashable {
  /// The title line.
  public var title: String?
  /// The subtitle line.
  public var subtitle: String?
  /// The message.
  public var body: String?
  /// The title of the action button (from `action-loc-key`).
  public var action: String?

  /// Creates a rendered alert.
  public init(title: String? = nil, subtitle: String? = nil, body: String? = nil, action: String? = nil) {
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.action = action
  }
}

/// Renders alerts against a localization, as the device does (see the comment at the top of
/// `Localizer.swift` for each rule and its source).
///
/// ```swift
/// let bundle = try LocalizationBundle(root: "App/Resources")
/// let alert = AlertSpec(locKey: "FILE_RECEIVED", locArgs: ["Jenna", "photo.jpg"])
/// Localizer.render(alert, in: bundle.localization(for: ["fr-CA"])).body
/// // "photo.jpg reçu de Jenna"
/// ```
public enum Localizer {
  /// Whether a localized string is run through the formatter when its loc-args are absent or
  /// empty. The device shows it as it is (see the file comment), so this is false.
  public static let formatsWithoutArguments = false

  /// Renders `alert` with the table of `localization`; nil means no localization at all (every
  /// loc-key then shows itself).
  public static func render(_ alert: AlertSpec, in localization: Localization?) -> RenderedAlert {
    let values = deviceValues(of: localization)
    func text(_ key: String?, _ arguments: [String]?, plain: String?) -> String? {
      guard let key else { return plain }
      return localize(key, arguments: arguments, values: values)
    }
    return RenderedAlert(
      title: alert.isPlainString ? nil : text(alert.titleLocKey, alert.titleLocArgs, plain: alert.title),
      subtitle: alert.isPlainString ? nil : text(alert.subtitleLocKey, alert.subtitleLocArgs, plain: alert.subtitle),
      body: alert.isPlainString ? alert.body : text(alert.locKey, alert.locArgs, plain: alert.body),
      action: alert.isPlainString ? nil : alert.actionLocKey.map { values[$0] ?? $0 })
  }

  /// The string the device shows for `key` with `arguments`: the localized value (else the key)
  /// expanded with the arguments when there are some.
  public static func localizedString(forKey key: String, arguments: [String]?, in localization: Localization?) -> String {
    localize(key, arguments: arguments, values: deviceValues(of: localization))
  }

  /// The key → value map the device reads from a localization's table: empty when there is no
  /// table or CoreFoundation refuses the whole file.
  public static func deviceValues(of localization: Localization?) -> [String: String] {
    guard let table = localization?.table, isLoaded(table) else { return [:] }
    return table.values
  }

  /// Whether the device loads the table at all: no syntax, encoding or zero-length problem about
  /// the whole file. Problems about one entry (a String Catalog unit without a value, a plist value
  /// that is not a string) leave the other entries readable.
  public static func isLoaded(_ table: StringsTable) -> Bool {
    !table.findings.contains { StringsTable.fatalRules.contains($0.rule) && $0.keyPath == nil }
  }

  static func localize(_ key: String, arguments: [String]?, values: [String: String]) -> String {
    let format = values[key] ?? key
    guard let arguments, !arguments.isEmpty || formatsWithoutArguments else { return format }
    return FormatString(format).expand(arguments).text
  }
}

extension AlertSpec {
  /// The plain strings of a payload's alert (positions dropped), ready for `Localizer.render`.
  public init(_ alert: AlertText) {
    func values(_ fields: [AlertText.Field]?) -> [String]? { fields.map { $0.map(\.value) } }
    self.init(
      isPlainString: alert.isPlainString,
      title: alert.title?.value, subtitle: alert.subtitle?.value, body: alert.body?.value,
      titleLocKey: alert.titleLocKey?.value, titleLocArgs: values(alert.titleLocArgs),
      subtitleLocKey: alert.subtitleLocKey?.value, subtitleLocArgs: values(alert.subtitleLocArgs),
      locKey: alert.locKey?.value, locArgs: values(alert.locArgs),
      actionLocKey: alert.actionLocKey?.value)
  }
}
