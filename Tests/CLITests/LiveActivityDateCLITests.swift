import Foundation
import TestSupport
import Testing

/// Issue 53, dates: `check --now` judges a Live Activity's dates against the time of sending, as
/// `send` and `serve` judge them against their clock (SPEC §13.3); `check --activity` judges the
/// app's `Date`s by their distance from the push's timestamp and names which of two declarations
/// of one type disagrees (SPEC §13.1). Payloads and Swift files are ours.
@Suite struct LiveActivityDateCLITests {
  /// A Live Activity update written on 14 November 2023 (`"timestamp"` at 4:18).
  static let update = """
    {
      "aps": {
        "event": "update",
        "timestamp": 1700000000,
        "content-state": {"score": 1}
      }
    }
    """

  /// Writes `files` to a fresh folder and runs `apns-lint` there.
  static func run(_ arguments: [String], files: [String: String]) throws -> (status: Int32, out: String, err: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-dates-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    for (name, body) in files {
      let url = dir.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(body.utf8).write(to: url)
    }
    return try runCLI(arguments, in: dir.path)
  }

  /// The same update, checked as sent a year after its timestamp: the dropped update, as an error
  /// at the timestamp's value, however the time is written; without `--now`, the file's report is
  /// the one it always had.
  @Test(arguments: ["1731536000", "2024-11-13T22:13:20Z", "2024-11-13T23:13:20+01:00"])
  func aYearLaterTheUpdateIsDropped(_ now: String) throws {
    let (status, out, err) = try Self.run(["check", "update.json", "--now", now], files: ["update.json": Self.update])
    #expect(status == 1)
    #expect(err == "")
    #expect(out.contains("update.json:4:18: error: 'timestamp' 1700000000 (2023-11-14 22:13 UTC) is 365 days before the time of sending (2024-11-13 22:13 UTC), older than any Live Activity lasts (twelve hours): ActivityKit ignores an update older than the activity's last content, so this update is dropped; set 'timestamp' to the time the content is made [timestamp-old]"), "\(out)")
  }

  @Test func withoutATimeNothingIsJudgedAgainstAClock() throws {
    let (status, out, _) = try Self.run(["check", "update.json"], files: ["update.json": Self.update])
    #expect(status == 0)
    #expect(!out.contains("timestamp-old"), "\(out)")
    // `now` is the machine's clock, which is years after 2023.
    let (nowStatus, nowOut, _) = try Self.run(["check", "update.json", "--now", "now"], files: ["update.json": Self.update])
    #expect(nowStatus == 1)
    #expect(nowOut.contains("update.json:4:18: error: 'timestamp' 1700000000 (2023-11-14 22:13 UTC) is "), "\(nowOut)")
    #expect(nowOut.contains("[timestamp-old]"), "\(nowOut)")
  }

  @Test func aTimeThatIsNotOneIsAUsageError() throws {
    let (status, _, err) = try Self.run(["check", "update.json", "--now", "yesterday"], files: ["update.json": Self.update])
    #expect(status != 0 && status != 1)
    #expect(err.contains("--now"), "\(err)")
  }

  /// The two cases of issue 37, each in a reproduction of ours, through `check --activity`.
  @Test func anOptionalDateBehindCodingKeysSentAsOldUnixSeconds() throws {
    let source = """
      import ActivityKit

      struct OvenTimerAttributes: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var label: String
          var finishesAt: Date?
          enum CodingKeys: String, CodingKey {
            case label
            case finishesAt = "finishes_at"
          }
        }
      }
      """
    let payload = #"{"aps": {"event": "update", "timestamp": 1781971200, "content-state": {"label": "Bread", "finishes_at": 1704110400}}}"#
    let (status, out, err) = try Self.run(["check", "p.json", "--activity", "Sources"],
                                          files: ["p.json": payload, "Sources/OvenTimer.swift": source])
    #expect(status == 1)
    #expect(err == "")
    #expect(out.contains("p.json:1:105: error: 'finishes_at' 1704110400 decodes as 2055-01-01 12:00 UTC, 31 years late; ActivityKit counts seconds since 2001-01-01: send 725,803,200 or subtract 978307200 [activity-date-epoch]"), "\(out)")
    // The same payload without the app's types: the key's name says date, the number Unix seconds.
    let (_, bare, _) = try Self.run(["check", "p.json"], files: ["p.json": payload])
    #expect(bare.contains("p.json:1:105: warning: 'finishes_at' 1,704,110,400 reads as seconds since 1970 (2024-01-01 12:00 UTC)"), "\(bare)")
    #expect(bare.contains("[content-state-unix-date]"), "\(bare)")
  }

  @Test func oneTypeNameInAPluginAndInTheWidgetExtension() throws {
    let plugin = """
      public class ScorePlugin {
        struct MatchAttributes: ActivityAttributes {
          public struct ContentState: Codable, Hashable {
            var appGroup: String
          }
          var matchID = UUID()
        }
      }
      """
    let widget = """
      struct MatchAttributes: ActivityAttributes {
        public struct ContentState: Codable, Hashable {
          var home: Int
          var away: Int
        }
        var matchID = UUID()
      }
      """
    let payload = #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"home": 2, "away": 1}}}"#
    let (status, out, err) = try Self.run(["check", "p.json", "--activity", "Plugin", "--activity", "Widget"],
                                          files: ["p.json": payload, "Plugin/ScorePlugin.swift": plugin, "Widget/MatchWidget.swift": widget])
    #expect(status == 1)
    #expect(err == "")
    #expect(out.contains("p.json:1:71: error: 'appGroup' is missing; ScorePlugin.MatchAttributes.ContentState requires it (String): the device drops the update (ScorePlugin.MatchAttributes as declared in Plugin/ScorePlugin.swift:2) [activity-state-missing]"), "\(out)")
  }
}
