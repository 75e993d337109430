import Foundation

extension AlertPreview {
  /// The devices of `--lang` options (SPEC §8), for `render(payload:path:bundle:devices:configuration:overrides:)`:
  /// each option is one device's preference list, comma-separated (`"de-AT,fr"`: Austrian German,
  /// then French), blanks dropped; nil when no option names a language. `check`, `render` and
  /// `apns-lint mcp`'s `render_alert` read `--lang` this way.
  public static func devices(_ options: [String]) -> [[String]]? {
    let devices = options.map { text in
      text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }.filter { !$0.isEmpty }
    return devices.isEmpty ? nil : devices
  }
}
