import PayloadSchema
import Testing

/// Payloads as Apple's documentation prints them, broken where Apple's listings are broken,
/// reproduced in payloads of our own (Apple's listings themselves are kept outside the
/// repository, in the shared folder's `wild/project-fixtures/Fixtures/payloads/apple`, and checked
/// by `RealPayloadTests` when it is there; `Fixtures/payloads/apple/SOURCES.tsv` names each page
/// and listing). A provider that copies such a listing sends something APNs refuses, so each is
/// a `json-syntax` error, at the first byte that cannot continue the JSON text, with the key path
/// of the member being read.
@Suite struct RealPatternTests {
  /// A comma missing between two members: seen in "Declaring your actionable notification
  /// types", Listing 3, and the archived Local and Remote Notification Programming Guide, Listing
  /// 7-2. The error is at the next key, which cannot follow a value without a comma.
  @Test func aMissingCommaBetweenMembers() {
    let payload = """
      {
        "aps" : {
          "category" : "TEAM_CHAT"
          "alert" : "New message"
        }
      }
      """
    #expect(findings(payload) == ["json-syntax 4:5 aps.category"])
  }

  /// A comma after the last member of an object: seen in "Modifying content in newly delivered
  /// notifications", Listing 2, and "Updating widgets with WidgetKit push notifications" (the
  /// request body). The error is at the closing brace.
  @Test func aTrailingCommaAfterTheLastMember() {
    let payload = """
      {
        "aps" : {
          "alert" : {
            "body" : "Hi"
          },
        },
        "id" : "1"
      }
      """
    #expect(findings(payload) == ["json-syntax 6:3 aps.alert"])
  }

  /// A letter inside a number: seen in WWDC23 session 10185's payload at 17:19
  /// (`16859q52000`). The error is at the letter.
  @Test func aLetterInsideANumber() {
    let payload = #"{"aps": {"timestamp": 17000z0000, "event": "update", "content-state": {}}}"#
    #expect(findings(payload, Target(pushType: .liveactivity)) == ["json-syntax 1:28 aps.timestamp"])
  }

  /// A listing that is only part of a payload, members without their object: seen in "Starting
  /// and updating Live Activities with ActivityKit push notifications" (the `input-push-token`
  /// and `input-push-channel` fragments). Not an object, and not JSON past the first string.
  @Test func aFragmentOfMembers() {
    let payload = "\"input-push-token\": 1,\n\"attributes-type\": \"TripAttributes\"\n"
    #expect(findings(payload, Target(pushType: .liveactivity)) == ["payload-not-object 1:1 -", "json-syntax 1:19 -"])
  }
}
