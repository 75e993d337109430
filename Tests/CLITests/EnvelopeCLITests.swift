import Foundation
import Testing
import TestSupport

/// `apns-lint check` on envelopes (SPEC §8, "Envelopes"): files of ours in the shapes teams keep
/// (an FCM HTTP v1 message, a README's `"aps": {…}`, a OneSignal request, an SNS message), each
/// checked as the APNs payload it carries, findings at their line:column in the file.
@Suite struct EnvelopeCLITests {
  static let fcmBadge = """
    {
      "message": {
        "token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1",
        "notification": {"title": "Order shipped", "body": "Arrives Tuesday"},
        "apns": {
          "headers": {"apns-push-type": "alert", "apns-priority": "10"},
          "payload": {"aps": {"badge": "3", "sound": "default"}}
        }
      }
    }

    """

  /// "path:line:column severity rule keyPath" of each diagnostic of `check --format json`.
  static func diagnostics(_ out: String) throws -> [String] {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    var lines: [String] = []
    for result in try #require(root["results"] as? [[String: Any]]) {
      let path = ((result["path"] as? String) ?? "") as NSString
      for d in try #require(result["diagnostics"] as? [[String: Any]]) {
        lines.append("\(path.lastPathComponent):\(d["line"] as? Int ?? 0):\(d["column"] as? Int ?? 0) \(d["severity"] as? String ?? "")"
          + " \(d["rule"] as? String ?? "") \(d["keyPath"] as? String ?? "-")")
      }
    }
    return lines
  }

  /// The issue's case: the badge's wrong type at its place inside `message.apns.payload`, and no
  /// "nothing to show" (the notification supplies the alert), no aps-missing.
  @Test func anFCMMessageIsCheckedAsFCMSendsIt() throws {
    let folder = try TemporaryFolder()
    try folder.write("fcm.json", Self.fcmBadge)
    let (status, out, err) = try runCLI(["check", "--format", "json", folder.path + "/fcm.json"])
    #expect(err.isEmpty)
    #expect(status == 0, "a warning only")
    #expect(try Self.diagnostics(out) == ["fcm.json:7:36 warning value-type-ignored message.apns.payload.aps.badge"])
    let (_, text, _) = try runCLI(["check", folder.path + "/fcm.json"])
    #expect(text.contains("fcm.json:7:36: warning: 'badge' must be an integer, not a string [value-type-ignored]"))
  }

  /// The command line's push type is the request's when the message gives none: a background
  /// push that shows the merged alert is push-type-key-unread (a part of push-type-mismatch).
  @Test func theCommandLinesHeadersApplyWhenTheFileGivesNone() throws {
    let folder = try TemporaryFolder()
    try folder.write("fcm.json", #"{"message": {"token": "t", "notification": {"body": "Hi"}, "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#)
    let (_, out, _) = try runCLI(["check", "--format", "json", "--push-type", "background", folder.path + "/fcm.json"])
    // The merged alert stands at `notification` (1:44), content-available at its value.
    #expect(try Self.diagnostics(out) == [
      "fcm.json:1:44 warning push-type-key-unread message.notification",
      "fcm.json:1:145 info silent-push-shape message.apns.payload.aps.content-available",
    ])
  }

  /// A fragment: one finding, its members checked; a OneSignal request: one information finding;
  /// an APNs payload whose app data is called `message` stays an APNs payload.
  @Test func fragmentsProvidersAndLookalikes() throws {
    let folder = try TemporaryFolder()
    try folder.write("a-fragment.json", "\"aps\": {\n  \"alert\": \"Hello\",\n  \"badge\": 1\n}\n")
    try folder.write("b-onesignal.json", #"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "contents": {"en": "Hi"}}"#)
    try folder.write("c-lookalike.json", #"{"aps": {"alert": "Hi", "badge": "2"}, "message": {"token": "t", "notification": {"title": "T"}}}"#)
    try folder.write("d-sns.json", #"{"default": "Hi", "APNS": "{\"aps\":{\"alert\":\"Hi\",\"badge\":\"3\"}}"}"#)
    let (status, out, _) = try runCLI(["check", "--format", "json", folder.path])
    #expect(status == 1)
    #expect(try Self.diagnostics(out) == [
      "a-fragment.json:1:1 error json-syntax -",
      "b-onesignal.json:1:1 info provider-payload-unchecked -",
      "c-lookalike.json:1:34 warning value-type-ignored aps.badge",
      "c-lookalike.json:1:52 info sensitive-data message.token",
      "d-sns.json:1:65 warning value-type-ignored APNS.aps.badge",
    ])
  }
}
