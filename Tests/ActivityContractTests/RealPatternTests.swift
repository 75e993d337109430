import ActivityContract
import Foundation
import PayloadSchema
import Testing

/// Patterns seen in real apps' Live Activity types and the payloads their backends send,
/// reproduced in types and payloads of our own (the real files are kept outside the repository,
/// in the shared folder's `wild/project-fixtures/Fixtures/activities`, and tested by
/// `RealFixtureTests` when it is there). Each test cites where the pattern was seen.
@Suite struct RealPatternTests {
  /// A content state whose `CodingKeys` map camelCase properties to snake_case JSON keys, a
  /// `Date?` decoded with the default strategy, and an `Int?` progress; a backend that sends Unix
  /// seconds, a fractional progress and a key the type does not have. Seen in home-assistant/iOS
  /// at c3fd24aa0b3a2a4088142d9ec2953b89744db7a6 and 99491ddfe61befc9d67c463a5b75ddd075a2c9e7,
  /// `Sources/Shared/LiveActivity/HALiveActivityAttributes.swift`, against what
  /// home-assistant/mobile-apps-fcm-push at 85b4c824a047637e9854d67843d8f2779cea60a9
  /// (`functions/live-activity.js`) builds. JSONDecoder reads 1700002700 as seconds since 2001
  /// (2054: the countdown is 31 years away), and refuses 12.5 for an `Int`: the update is dropped.
  @Test func snakeCaseKeysUnixSecondsAndAFractionalProgress() {
    let source = """
      import ActivityKit

      struct KitchenTimerAttributes: ActivityAttributes {
        let label: String
        struct ContentState: Codable, Hashable {
          var message: String
          var progress: Int?
          var progressMax: Int?
          var countdownEnd: Date?
          enum CodingKeys: String, CodingKey {
            case message
            case progress
            case progressMax = "progress_max"
            case countdownEnd = "countdown_end"
          }
        }
      }
      """
    let payload = """
      {"aps": {"event": "update", "timestamp": 1700000000,
        "content-state": {"message": "Pasta", "progress": 12.5, "progress_max": 100,
          "countdown_end": 1700002700, "bar_direction": "down"}}}
      """
    #expect(found(payload, source) == [
      "activity-state-type 2:53 aps.content-state.progress",
      "activity-date-epoch 3:22 aps.content-state.countdown_end",
      "activity-extra-key 3:34 aps.content-state.bar_direction",
    ])
    // What the backend should send: whole numbers and seconds since 2001.
    let fixed = """
      {"aps": {"event": "update", "timestamp": 1700000000,
        "content-state": {"message": "Pasta", "progress": 12, "progress_max": 100, "countdown_end": 721695400}}}
      """
    #expect(found(fixed, source) == [])
  }

  /// A start whose `attributes` carry the content state's fields instead of the attributes' own
  /// required property. Seen in an earlier revision of Apple's article "Starting and updating Live
  /// Activities with ActivityKit push notifications" against the sample's `AdventureAttributes`
  /// (gromb57/ios-wwdc23__EmojiRangersSupportingLiveActivitiesInteractivityAndAnimations at
  /// 7bfed044ce7df919a625393b4d5f4dd9edb31c47, `Emoji Rangers/Shared/Data/AdventureAttributes.swift`):
  /// the attributes do not decode, so the Live Activity never starts.
  @Test func aStartWhoseAttributesAreTheContentState() {
    let source = """
      struct Guide: Codable, Hashable { var name: String }
      struct QuestAttributes: ActivityAttributes {
        let guide: Guide
        struct ContentState: Codable, Hashable {
          var energy: Double
          var status: String
        }
      }
      """
    let payload = """
      {"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": "QuestAttributes",
        "content-state": {"energy": 1, "status": "Setting out"},
        "attributes": {"energy": 1, "status": "Setting out"},
        "alert": {"title": "Quest", "body": "Setting out"}}}
      """
    #expect(found(payload, source) == [
      "activity-state-missing 3:17 aps.attributes.guide",
      "activity-extra-key 3:18 aps.attributes.energy",
      "activity-extra-key 3:31 aps.attributes.status",
    ])
  }
}
