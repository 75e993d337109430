import Foundation

/// The "new photo" alert as the device shows it: the title and body looked up in this module's
/// tables for a language, the sender's name put in the body's `%@` (as iOS does with `loc-args`).
public struct PhotoAlert: Sendable, Equatable {
  /// The alert's title (`PHOTO_TITLE`).
  public var title: String
  /// The alert's body (`PHOTO_BODY` with the sender's name).
  public var body: String

  /// The alert from `sender` in `language` (`en`, `fr`), or the development language's when the
  /// module has no such localization.
  public init(from sender: String, language: String) {
    let bundle = Bundle.module.path(forResource: language, ofType: "lproj").flatMap(Bundle.init(path:)) ?? Bundle.module
    title = bundle.localizedString(forKey: "PHOTO_TITLE", value: nil, table: "Localizable")
    let format = bundle.localizedString(forKey: "PHOTO_BODY", value: nil, table: "Localizable")
    body = String(format: format, sender)
  }
}
