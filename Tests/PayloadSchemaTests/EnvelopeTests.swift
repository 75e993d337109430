import PayloadSchema
import Testing

/// SPEC §8, "Envelopes": payload files that are not bare APNs bodies (FCM HTTP v1 messages, SNS
/// and OneSignal request bodies, members without their object), recognised by shape; the APNs part
/// checked as the provider sends it, each finding at its line:column in the file with the file's
/// key path. The fixtures are ours, written after shapes seen in public repositories and in the
/// providers' documentation (FCM's "REST Resource: projects.messages", Amazon SNS's "Publishing
/// Amazon SNS notifications with platform-specific payloads", OneSignal's "Push Notification
/// Content"); `check` runs the same through `CheckRun` (EnvelopeCLITests).
@Suite struct EnvelopeTests {
  /// The envelope's report as `check` makes it (each part a request without a path, compact
  /// sizes), or nil when the text is no envelope.
  static func checked(_ json: String, target: Target = Target(), now: Int64? = nil) -> (kind: PayloadEnvelope.Kind, report: PayloadReport)? {
    guard let envelope = PayloadEnvelope.recognize(Array(json.utf8)) else { return nil }
    var options = ValidationOptions()
    options.sizeCounting = .compact
    var requests = RequestValidator(target: Target(platform: target.platform), options: options)
    let report = envelope.report(pushType: .alert, limit: 4096) { part in
      var headers = part.headers
      if let t = target.pushType, !headers.contains(where: { $0.name == "apns-push-type" }) {
        headers.append(RequestHeader("apns-push-type", t.rawValue))
      }
      return requests.validate(APNsRequest(path: nil, headers: headers, body: part.body), now: now)
    }
    return (envelope.kind, report)
  }

  /// "rule line:column keyPath severity" of each finding.
  static func described(_ report: PayloadReport) -> [String] {
    report.findings.map { "\(summary($0)) \($0.severity.rawValue)" }
  }

  // MARK: FCM

  /// What the issue asks: a wrong-typed badge inside `message.apns.payload` stands at its own
  /// line and column, named by its path in the file.
  @Test func aWrongTypedBadgeInAnFCMMessageIsReportedWhereItIs() throws {
    let json = """
      {
        "message": {
          "token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1",
          "apns": {
            "headers": {"apns-priority": "10"},
            "payload": {
              "aps": {"alert": {"title": "Hi", "body": "There"}, "badge": "3"}
            }
          }
        }
      }
      """
    let (kind, report) = try #require(Self.checked(json))
    #expect(kind == .fcm)
    #expect(Self.described(report) == ["value-type-ignored 7:69 message.apns.payload.aps.badge warning"])
  }

  /// FCM merges `notification`'s title and body into `aps.alert` ("If present, it overrides
  /// google.firebase.fcm.v1.Notification.title and …body": the payload's own alert wins): a
  /// message whose only text is in `notification` shows it, so it is not a push with nothing to
  /// show. The same payload without the notification is.
  @Test func aNotificationSuppliesTheAlert() throws {
    let withNotification = #"{"message": {"topic": "news", "notification": {"title": "Goal", "body": "2-1"}, "apns": {"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"mutable-content": 1}}}}}"#
    #expect(Self.described(try #require(Self.checked(withNotification)).report) == [])
    let without = #"{"message": {"topic": "news", "apns": {"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"mutable-content": 1}}}}}"#
    #expect(Self.described(try #require(Self.checked(without)).report) == ["push-type-mismatch 1:99 message.apns.payload.aps error"])
    // No apns part at all: FCM sends {"aps":{"alert":{"title":…,"body":…}}}.
    let bare = #"{"message": {"token": "t", "notification": {"title": "T", "body": "B"}}}"#
    #expect(Self.described(try #require(Self.checked(bare)).report) == [])
  }

  /// The body FCM sends: whitespace left out, the notification's text in `aps.alert` (after the
  /// payload's own `aps` keys), `data`'s members beside `aps`; the size is that body's.
  @Test func theBodyIsWhatFCMSends() throws {
    let json = """
      {"message": {"token": "t",
        "notification": {"title": "T", "body": "B \\"quoted\\""},
        "data": {"orderId": "42"},
        "apns": {"payload": { "aps" : { "badge" : 1 }, "k": [1, 2] }}}}
      """
    let envelope = try #require(PayloadEnvelope.recognize(Array(json.utf8)))
    let body = String(decoding: try #require(envelope.parts.first).body, as: UTF8.self)
    #expect(body == #"{"aps":{"badge":1,"alert":{"title":"T","body":"B \"quoted\""}},"k":[1,2],"orderId":"42"}"#)
    let (_, report) = try #require(Self.checked(json))
    #expect(report.size == body.utf8.count)
    #expect(report.findings.isEmpty)
  }

  /// Findings inside the merged alert stand at the notification's text; `data`'s keys at theirs.
  @Test func mergedTextAndDataAreReportedWhereTheFileHasThem() throws {
    let json = """
      {"message": {"token": "t",
        "notification": {"title": 7},
        "data": {"password": "hunter2"},
        "apns": {"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"sound": "default"}}}}}
      """
    let (_, report) = try #require(Self.checked(json))
    #expect(Self.described(report) == [
      "value-type 2:29 message.notification.title error",
      "sensitive-data 3:12 message.data.password info",
    ])
  }

  /// The headers are the request's: a bad value is reported at the header's value in the file.
  @Test func apnsHeadersAreTheRequestsHeaders() throws {
    let json = """
      {"message": {"token": "t",
        "apns": {"headers": {"apns-priority": "high", "apns-push-type": "background"},
                 "payload": {"aps": {"content-available": 1, "badge": 2}}}}}
      """
    let (_, report) = try #require(Self.checked(json))
    #expect(Self.described(report) == [
      "priority-mismatch 2:41 message.apns.headers.apns-priority error",
      "silent-push-shape 3:53 message.apns.payload.aps.content-available info",
      "push-type-key-unread 3:65 message.apns.payload.aps.badge warning",
    ])
  }

  /// FCM sends `apns-priority` 10 when the message gives none (ApnsConfig.headers): a background
  /// push without one is the finding of an explicit 10, placed at `apns.headers`.
  @Test func fcmsDefaultPriorityIsReported() throws {
    let json = #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "background"}, "payload": {"aps": {"content-available": 1}}}}}"#
    let (_, report) = try #require(Self.checked(json))
    #expect(Self.described(report) == ["priority-mismatch 1:48 message.apns.headers.apns-priority error"])
  }

  /// The message object alone, as the Admin SDKs serialise it: the key paths start at `apns`.
  @Test func theMessageWithoutItsWrapper() throws {
    let json = #"{"token": "t", "apns": {"payload": {"aps": {"badge": "3", "alert": "A"}}}}"#
    let (kind, report) = try #require(Self.checked(json))
    #expect(kind == .fcm)
    #expect(Self.described(report) == ["value-type-ignored 1:54 apns.payload.aps.badge warning"])
  }

  /// FCM's `ApnsConfig` alone, as kreait/firebase-php's ApnsConfigTest builds it
  /// (github:kreait/firebase-php@9d3fa848 tests/Unit/Messaging/ApnsConfigTest.php, "full_config"):
  /// its `payload` is the APNs body and its `headers` the request's, with the file's key paths.
  @Test func anApnsConfigAloneIsItsPayloadAndHeaders() throws {
    let clean = #"{"headers": {"apns-priority": "10"}, "payload": {"aps": {"alert": {"title": "T", "body": "B"}, "badge": 42}}}"#
    let (kind, report) = try #require(Self.checked(clean))
    #expect(kind == .fcm)
    #expect(Self.described(report) == [])
    let wrong = #"{"headers": {"apns-priority": "10"}, "payload": {"aps": {"alert": "A", "badge": "3"}}}"#
    let (_, wrongReport) = try #require(Self.checked(wrong))
    #expect(Self.described(wrongReport) == ["value-type-ignored 1:81 payload.aps.badge warning"])
    let background = #"{"payload": {"aps": {"content-available": 1}}, "headers": {"apns-push-type": "background"}}"#
    let (_, backgroundReport) = try #require(Self.checked(background))
    #expect(Self.described(backgroundReport) == ["priority-mismatch 1:59 headers.apns-priority error"])
  }

  /// An FCM message with no APNs part (data only): recognised, and said to be unchecked.
  @Test func anFCMMessageWithoutAnAPNsPartIsNotChecked() throws {
    let json = #"{"message": {"token": "t", "data": {"k": "v"}, "android": {"priority": "high"}}}"#
    let (kind, report) = try #require(Self.checked(json))
    #expect(kind == .fcm)
    #expect(Self.described(report) == ["provider-payload-unchecked 1:13 message info"])
  }

  // MARK: Not envelopes

  /// Recognition is by shape and conservative: an APNs payload whose app data has a `message` or
  /// `notification` is an APNs payload; a top-level `aps` is never looked past.
  @Test(arguments: [
    #"{"aps": {"alert": "Hi"}, "message": {"token": "t", "notification": {"title": "T"}}}"#,
    #"{"message": {"token": "t", "apns": {}}, "aps": {"badge": 1}}"#,
    #"{"message": "hello"}"#,
    #"{"message": {"text": "hi", "token": "t"}}"#,
    #"{"message": {"data": {"k": "v"}}}"#,
    #"{"notification": {"title": "T"}, "data": {"k": "v"}}"#,
    #"{"token": "t", "user": {"id": 1}}"#,
    #"{"default": "Hi", "APNS": {"aps": {}}}"#,
    #"{"app_id": "a", "name": "n"}"#,
    #"{"payload": {"id": 1}}"#,
    #"{"payload": {"aps": {}}, "user": 1}"#,
    #"{"headers": "h", "payload": {"aps": {}}}"#,
    #""hello""#,
    #"[{"aps": {}}]"#,
  ])
  func isNoEnvelope(_ json: String) {
    #expect(PayloadEnvelope.recognize(Array(json.utf8)) == nil)
  }

  // MARK: SNS

  /// The `APNS` string is the payload SNS sends: checked, a finding inside it placed at the
  /// escape or character it starts at (here the `\"` before `3`), named `APNS.` and its path.
  @Test func anSNSMessagesAPNSStringIsChecked() throws {
    let json = #"{"default": "Hi", "APNS": "{\"aps\":{\"alert\":\"Hi\",\"badge\":\"3\"}}", "GCM": "{}"}"#
    let (kind, report) = try #require(Self.checked(json))
    #expect(kind == .sns)
    #expect(Self.described(report) == ["value-type-ignored 1:65 APNS.aps.badge warning"])
  }

  /// `APNS_SANDBOX` too, each on its own line; `APNS_VOIP` is sent as a voip push (no `aps` needed).
  @Test func everyAPNsKeyOfAnSNSMessageIsAPayload() throws {
    let json = """
      {
        "default": "x",
        "APNS_SANDBOX": "{\\"aps\\":{\\"badge\\":-1}}",
        "APNS_VOIP": "{\\"callId\\":\\"1\\"}"
      }
      """
    let (_, report) = try #require(Self.checked(json))
    #expect(Self.described(report) == ["value-range-ignored 3:40 APNS_SANDBOX.aps.badge warning"])
  }

  // MARK: OneSignal

  /// OneSignal builds the APNs payload itself (contents picks the device's language): one
  /// information finding, no aps-missing.
  @Test func aOneSignalRequestIsSaidToBeUnchecked() throws {
    let json = """
      {"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c",
       "include_subscription_ids": ["1dd608f2-c6a1-11e3-851d-000c2940e62c"],
       "contents": {"en": "English Message"}, "ios_badgeType": "Increase", "ios_badgeCount": 1}
      """
    let (kind, report) = try #require(Self.checked(json))
    #expect(kind == .oneSignal)
    #expect(Self.described(report) == ["provider-payload-unchecked 1:1 - info"])
  }

  // MARK: Fragments

  /// A README's `"aps": {…}` without braces: one json-syntax finding at its first key, and the
  /// members checked as if written inside `{ }` (a final comma of the snippet left out).
  @Test func aFragmentIsOneFindingAndItsMembersAreChecked() throws {
    let clean = "\"aps\": {\n  \"alert\": \"Hello\",\n  \"badge\": 1\n},\n"
    let (kind, report) = try #require(Self.checked(clean))
    #expect(kind == .fragment)
    #expect(Self.described(report) == ["json-syntax 1:1 - error"])
    #expect(report.findings.first?.message.hasPrefix("'aps': … is a member without the object around it") == true)
    let wrong = "  \"aps\": {\n    \"alert\": \"Hello\",\n    \"badge\": \"1\"\n  }"
    #expect(Self.described(try #require(Self.checked(wrong)).report) == ["json-syntax 1:3 - error", "value-type-ignored 3:14 aps.badge warning"])
  }

  /// Members of an `aps` written alone (Apple's ActivityKit page shows `input-push-channel` so):
  /// which object they belong in is not known, so only the one finding.
  @Test func aFragmentWithoutApsIsOneFindingOnly() throws {
    let json = "       \"input-push-channel\": \"dHN0LXNyY2gtY2hubA==\",\n       \"attributes-type\": \"AdventureAttributes\"\n"
    let (_, report) = try #require(Self.checked(json))
    #expect(Self.described(report) == ["json-syntax 1:8 - error"])
    #expect(report.findings.first?.message.hasSuffix("Not checked further: which object that is is not known") == true)
  }

  // MARK: Hostile input

  /// Every prefix of a few envelopes, and each with every byte replaced by a quote, a backslash
  /// or a brace: nothing crashes, and every finding placed in the file stands inside it (line and
  /// column from 1, offset within the file) or is a header's or the tables' (offset -1).
  @Test func cutAndMutatedEnvelopesArePlacedInsideTheFile() {
    let samples = [
      #"{"message": {"token": "t", "notification": {"title": "T", "body": "B"}, "data": {"k": "v"}, "apns": {"headers": {"apns-priority": "7"}, "payload": {"aps": {"badge": "3"}, "x": [1]}}}}"#,
      #"{"default": "d", "APNS": "{\"aps\":{\"alert\":\"\u00e9\\n\ud83d\ude00\",\"badge\":\"3\"}}", "APNS_VOIP": "{}"}"#,
      "\"aps\": {\"alert\": \"x\", \"badge\": \"1\"},\n",
    ]
    var options = ValidationOptions()
    options.sizeCounting = .compact
    var requests = RequestValidator(options: options)
    func run(_ bytes: [UInt8]) {
      guard let envelope = PayloadEnvelope.recognize(bytes) else { return }
      let report = envelope.report(pushType: .alert, limit: 4096) {
        requests.validate(APNsRequest(path: nil, headers: $0.headers, body: $0.body), now: nil)
      }
      for f in report.findings where f.offset >= 0 {
        #expect(f.line >= 1 && f.column >= 1 && f.offset <= bytes.count, "\(String(decoding: bytes, as: UTF8.self)): \(summary(f))")
      }
    }
    for sample in samples {
      let bytes = Array(sample.utf8)
      for cut in 0...bytes.count { run(Array(bytes[0..<cut])) }
      for i in bytes.indices {
        for b in [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}")] {
          var mutated = bytes
          mutated[i] = b
          run(mutated)
        }
      }
    }
  }
}
