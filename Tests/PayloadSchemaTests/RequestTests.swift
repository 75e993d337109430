import PayloadSchema
import Testing

/// A verifier that accepts only the key id `ABC123DEFG` and the signature of the valid token
/// below (a stand-in for APNsAuth's key ring, which needs swift-crypto).
struct FixedVerifier: ProviderTokenVerifying {
  let signature: [UInt8]
  func verify(keyID: String, signingInput: UnsafeRawBufferPointer, signature: UnsafeRawBufferPointer) -> ProviderTokenSignature {
    guard keyID == "ABC123DEFG" else { return .unknownKey }
    return Array(signature) == self.signature ? .valid : .invalid
  }
}

/// SPEC §9: requests, their findings (rule, header, key path) and the answer APNs would give.
@Suite struct RequestTests {
  static let token = "7c9e4f1a0b2d3c4e5f60718293a4b5c6d7e8f90112233445566778899aabbccd"
  static let now: Int64 = 1_700_000_600
  /// ES256, kid ABC123DEFG, iss DEF123GHIJ, iat 1700000000 (Fixtures/keys/AuthKey_ABC123DEFG.p8).
  static let jwt = "eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA"
  static let otherKeyJWT = "eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.YfLmpTmYrB8e5xxfAANSv57cpRWoB6GAuvUUu_pt2cw-H50mTubbcZPNTtP6Nli34ovWzRPpMPZgWqz2NYq28w"
  static let body = Array(#"{"aps": {"alert": "Hello"}}"#.utf8)

  static func headers(_ extra: [(String, String?)] = [], auth: Bool = true) -> [RequestHeader] {
    var list: [(String, String)] = []
    if auth { list.append(("authorization", "bearer " + jwt)) }
    var base: [(String, String?)] = [("apns-topic", "com.example.app"), ("apns-push-type", "alert"), ("apns-priority", "10")]
    for (k, v) in extra {
      if let i = base.firstIndex(where: { $0.0 == k }) { base[i].1 = v } else { base.append((k, v)) }
    }
    for (k, v) in base { if let v { list.append((k, v)) } }
    return list.map { RequestHeader($0.0, $0.1) }
  }

  static func check(_ request: APNsRequest, target: Target = Target(), authentication: Authentication? = nil,
                    verifier: (any ProviderTokenVerifying)? = nil) -> PayloadReport {
    var v = RequestValidator(target: target, authentication: authentication, verifier: verifier)
    return v.validate(request, now: now)
  }

  /// "rule header keyPath answer" for each finding.
  static func summary(_ report: PayloadReport) -> [String] {
    report.findings.map { f in
      "\(f.rule.rawValue) \(f.header.map(String.init) ?? "-") \(f.keyPath ?? "-") \(f.apnsAnswer.map(\.description) ?? "-")"
    }
  }

  /// The finding of a Live Activity push without apns-priority is information, with its reason.
  @Test func aLiveActivityAtTheDefaultPriorityIsInformation() {
    let request = APNsRequest(deviceToken: Self.token, headers: Self.headers([("apns-push-type", "liveactivity"), ("apns-topic", "com.example.app.push-type.liveactivity"), ("apns-priority", nil)]),
                              body: Array(#"{"aps": {"event": "end", "timestamp": 1700000000, "content-state": {"score": 1}}}"#.utf8))
    let finding = Self.check(request).findings.first
    #expect(finding?.severity == .info)
    #expect(finding?.message.hasPrefix("no apns-priority: APNs sends this Live Activity push at 10, at once, and each push at 10 draws on the activity's budget") == true)
  }

  @Test func aValidRequestIsAccepted() {
    let report = Self.check(APNsRequest(deviceToken: Self.token, headers: Self.headers(), body: Self.body))
    #expect(report.findings.isEmpty)
    #expect(report.verdict == .accepted)
    #expect(report.verdict.description == "200")
    #expect(report.size == Self.body.count)
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let request: APNsRequest
    let expected: [String]
    let verdict: String
    var authentication: Authentication? = nil
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(name: "method", request: APNsRequest(method: "PUT", path: "/3/device/" + token, headers: headers(), body: body),
        expected: ["request-method - :method 405 MethodNotAllowed"], verdict: "405 MethodNotAllowed"),
    Row(name: "path", request: APNsRequest(path: "/3/devices/" + token, headers: headers(), body: body),
        expected: ["request-path - :path 404 BadPath"], verdict: "404 BadPath"),
    Row(name: "no token", request: APNsRequest(path: "/3/device/", headers: headers(), body: body),
        expected: ["device-token-missing - :path 400 MissingDeviceToken"], verdict: "400 MissingDeviceToken"),
    Row(name: "odd token", request: APNsRequest(deviceToken: "abc", headers: headers(), body: body),
        expected: ["device-token-syntax - :path 400 BadDeviceToken"], verdict: "400 BadDeviceToken"),
    Row(name: "not hex", request: APNsRequest(deviceToken: "zz", headers: headers(), body: body),
        expected: ["device-token-syntax - :path 400 BadDeviceToken"], verdict: "400 BadDeviceToken"),
    Row(name: "a 160-digit token is fine", request: APNsRequest(deviceToken: String(repeating: "0a", count: 80), headers: headers(), body: body),
        expected: [], verdict: "200"),
    Row(name: "duplicate, any case", request: APNsRequest(deviceToken: token, headers: headers() + [RequestHeader("APNS-Topic", "com.example.app")], body: body),
        expected: ["header-duplicate 4 apns-topic 400 DuplicateHeaders"], verdict: "400 DuplicateHeaders"),
    Row(name: "apns-id", request: APNsRequest(deviceToken: token, headers: headers([("apns-id", "123e4567-e89b-12d3-a456-42665544000")]), body: body),
        expected: ["apns-id-syntax 4 apns-id 400 BadMessageId"], verdict: "400 BadMessageId"),
    Row(name: "apns-id upper case is canonical too", request: APNsRequest(deviceToken: token, headers: headers([("apns-id", "123E4567-E89B-12D3-A456-4266554400A0")]), body: body),
        expected: [], verdict: "200"),
    Row(name: "expiration", request: APNsRequest(deviceToken: token, headers: headers([("apns-expiration", "-1")]), body: body),
        expected: ["expiration-syntax 4 apns-expiration 400 BadExpirationDate"], verdict: "400 BadExpirationDate"),
    Row(name: "expiration in ms", request: APNsRequest(deviceToken: token, headers: headers([("apns-expiration", "1700086400000")]), body: body),
        expected: ["expiration-unit 4 apns-expiration -"], verdict: "200"),
    Row(name: "expiration past", request: APNsRequest(deviceToken: token, headers: headers([("apns-expiration", "1700000000")]), body: body),
        expected: ["expiration-past 4 apns-expiration -"], verdict: "200"),
    Row(name: "expiration 0", request: APNsRequest(deviceToken: token, headers: headers([("apns-expiration", "0")]), body: body),
        expected: [], verdict: "200"),
    Row(name: "priority", request: APNsRequest(deviceToken: token, headers: headers([("apns-priority", "7")]), body: body),
        expected: ["priority-mismatch 3 apns-priority 400 BadPriority"], verdict: "400 BadPriority"),
    Row(name: "priority 1 is fine", request: APNsRequest(deviceToken: token, headers: headers([("apns-priority", "1")]), body: body),
        expected: [], verdict: "200"),
    Row(name: "background at 10: an error without an answer",
        request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "background")]), body: Array(#"{"aps": {"content-available": 1}}"#.utf8)),
        expected: ["priority-mismatch - - -"], verdict: "200"),
    Row(name: "background without apns-priority: APNs sends it at 10, the same finding",
        request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "background"), ("apns-priority", nil)]), body: Array(#"{"aps": {"content-available": 1}}"#.utf8)),
        expected: ["priority-mismatch - apns-priority -"], verdict: "200"),
    Row(name: "background at 5 is fine",
        request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "background"), ("apns-priority", "5")]), body: Array(#"{"aps": {"content-available": 1}}"#.utf8)),
        expected: [], verdict: "200"),
    // A Live Activity push without apns-priority goes at 10 and draws on the activity's budget
    // (Apple, "Determine the update frequency"): information, since the sender chose nothing; a
    // 10 the sender wrote (Apple's own samples send it), a 5, or a broadcast: nothing.
    Row(name: "liveactivity without apns-priority: information",
        request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "liveactivity"), ("apns-topic", "com.example.app.push-type.liveactivity"), ("apns-priority", nil)]),
                             body: Array(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"score": 1}}}"#.utf8)),
        expected: ["live-activity-priority-unset - apns-priority -"], verdict: "200"),
    Row(name: "liveactivity at 10 as written: nothing",
        request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "liveactivity"), ("apns-topic", "com.example.app.push-type.liveactivity")]),
                             body: Array(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"score": 1}}}"#.utf8)),
        expected: [], verdict: "200"),
    Row(name: "alert without apns-priority is fine", request: APNsRequest(deviceToken: token, headers: headers([("apns-priority", nil)]), body: body),
        expected: [], verdict: "200"),
    Row(name: "iat as a string of digits: accepted, a warning",
        request: APNsRequest(deviceToken: token, headers: [RequestHeader("authorization", "bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoiMTcwMDAwMDAwMCJ9.pQ")] + headers(auth: false), body: body),
        expected: ["token-iat-string 0 authorization -"], verdict: "200"),
    Row(name: "iat as a float: accepted, nothing to say",
        request: APNsRequest(deviceToken: token, headers: [RequestHeader("authorization", "bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwLjV9.pQ")] + headers(auth: false), body: body),
        expected: [], verdict: "200"),
    Row(name: "iat as a word: 403",
        request: APNsRequest(deviceToken: token, headers: [RequestHeader("authorization", "bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0Ijoibm93In0.pQ")] + headers(auth: false), body: body),
        expected: ["provider-token-syntax 0 authorization 403 InvalidProviderToken"], verdict: "403 InvalidProviderToken"),
    Row(name: "push type", request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "notification")]), body: body),
        expected: ["push-type-unknown 2 apns-push-type 400 InvalidPushType"], verdict: "400 InvalidPushType"),
    // Issue 53: accessory, Apple's twelfth push type (iOS 26.5, "Responding to forwarded
    // notifications"), was answered InvalidPushType; its shape as Apple's sample has it is accepted.
    Row(name: "push type accessory",
        request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "accessory"), ("apns-topic", "com.example.app.push-type.accessory")]),
                             body: Array(#"{"aps": {"encryptedData": "c2VhbGVk", "sessionIdentifier": "9B2D6E0A-51C4-4F7B-8A0E-3C5D7F1B2A44", "keyID": "a2V5", "messageIndex": "7"}}"#.utf8)),
        expected: [], verdict: "200"),
    Row(name: "push type spelling", request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "Alert")]), body: body),
        expected: ["push-type-spelling 2 apns-push-type -"], verdict: "200"),
    Row(name: "no push type", request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", nil)]), body: body),
        expected: ["push-type-missing - apns-push-type -"], verdict: "200"),
    Row(name: "no topic, token", request: APNsRequest(deviceToken: token, headers: headers([("apns-topic", nil)]), body: body),
        expected: ["topic-missing - apns-topic 400 MissingTopic"], verdict: "400 MissingTopic"),
    Row(name: "no topic, certificate", request: APNsRequest(deviceToken: token, headers: headers([("apns-topic", nil)], auth: false), body: body),
        expected: ["topic-missing-certificate - apns-topic -"], verdict: "200"),
    Row(name: "topic", request: APNsRequest(deviceToken: token, headers: headers([("apns-topic", "com.example.app.")]), body: body),
        expected: ["topic-syntax 1 apns-topic 400 BadTopic"], verdict: "400 BadTopic"),
    Row(name: "collapse id", request: APNsRequest(deviceToken: token, headers: headers([("apns-collapse-id", String(repeating: "c", count: 65))]), body: body),
        expected: ["collapse-id-too-long 4 apns-collapse-id 400 BadCollapseId"], verdict: "400 BadCollapseId"),
    Row(name: "empty body", request: APNsRequest(deviceToken: token, headers: headers(), body: []),
        expected: ["payload-empty - - 400 PayloadEmpty"], verdict: "400 PayloadEmpty"),
    Row(name: "the body as sent: whitespace counts",
        request: APNsRequest(deviceToken: token, headers: headers(), body: Array(("{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 4060) + "\"}}" + String(repeating: " ", count: 20)).utf8)),
        expected: ["payload-too-large - - 413 PayloadTooLarge"], verdict: "413 PayloadTooLarge"),
    Row(name: "token missing", request: APNsRequest(deviceToken: token, headers: headers(auth: false), body: body),
        expected: ["provider-token-missing - authorization 403 MissingProviderToken"], verdict: "403 MissingProviderToken", authentication: .token),
    Row(name: "token syntax", request: APNsRequest(deviceToken: token, headers: [RequestHeader("authorization", "bearer abc")] + headers(auth: false), body: body),
        expected: ["provider-token-syntax 0 authorization 403 InvalidProviderToken"], verdict: "403 InvalidProviderToken"),
    Row(name: "location without a token",
        request: APNsRequest(deviceToken: token, headers: headers([("apns-push-type", "location"), ("apns-topic", "com.example.app.location-query"), ("apns-priority", "5")], auth: false), body: Array(#"{"aps": {}}"#.utf8)),
        expected: ["location-auth - authorization -"], verdict: "200"),
    // Order (SPEC §9): method, path, authentication, headers, body.
    Row(name: "verdict order", request: APNsRequest(method: "GET", path: "/3/device/x", headers: [RequestHeader("apns-priority", "2")] + headers([("apns-priority", nil)], auth: false), body: []),
        expected: ["request-method - :method 405 MethodNotAllowed", "device-token-syntax - :path 400 BadDeviceToken",
                   "provider-token-missing - authorization 403 MissingProviderToken", "priority-mismatch 0 apns-priority 400 BadPriority",
                   "payload-empty - - 400 PayloadEmpty"], verdict: "405 MethodNotAllowed", authentication: .token),
    Row(name: "headers before body", request: APNsRequest(deviceToken: token, headers: headers([("apns-priority", "0")]), body: []),
        expected: ["priority-mismatch 3 apns-priority 400 BadPriority", "payload-empty - - 400 PayloadEmpty"], verdict: "400 BadPriority"),
    // Broadcast (SPEC §2, §9).
    Row(name: "broadcast", request: APNsRequest(path: "/4/broadcasts/apps/com.example.app",
                                                headers: [RequestHeader("authorization", "bearer " + jwt), RequestHeader("apns-push-type", "LiveActivity"), RequestHeader("apns-channel-id", "dHN0LXNyY2gtY2hubA=="),
                                                          RequestHeader("apns-priority", "1"), RequestHeader("apns-expiration", "0")],
                                                body: Array(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#.utf8)),
        expected: [], verdict: "200"),
    // Apple's broadcast header table: apns-priority and apns-expiration are Required.
    Row(name: "broadcast without priority and expiration", request: APNsRequest(path: "/4/broadcasts/apps/com.example.app",
                                                headers: [RequestHeader("authorization", "bearer " + jwt), RequestHeader("apns-push-type", "Liveactivity"), RequestHeader("apns-channel-id", "dHN0LXNyY2gtY2hubA==")],
                                                body: Array(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}}}"#.utf8)),
        expected: ["priority-mismatch - apns-priority 400 BadPriority", "expiration-syntax - apns-expiration 400 BadExpirationDate"], verdict: "400 BadPriority"),
    Row(name: "broadcast without a channel, to a suffixed topic, starting", request: APNsRequest(path: "/4/broadcasts/apps/com.example.app.push-type.liveactivity",
                                                headers: [RequestHeader("authorization", "bearer " + jwt), RequestHeader("apns-push-type", "liveactivity")],
                                                body: Array(#"{"aps": {"event": "start", "timestamp": 1700000000, "content-state": {}, "attributes-type": "A", "attributes": {}, "alert": {"title": "t", "body": "b"}}}"#.utf8)),
        expected: ["topic-syntax - :path 400 TopicDisallowed", "topic-missing - apns-channel-id 400 MissingChannelId", "priority-mismatch - apns-priority 400 BadPriority",
                   "expiration-syntax - apns-expiration 400 BadExpirationDate", "live-activity-fields - aps.event -"],
        verdict: "400 TopicDisallowed"),
    Row(name: "broadcast alert", request: APNsRequest(path: "/4/broadcasts/apps/com.example.app",
                                                headers: [RequestHeader("authorization", "bearer " + jwt), RequestHeader("apns-push-type", "alert"), RequestHeader("apns-channel-id", "x")],
                                                body: body),
        expected: ["push-type-unknown 1 apns-push-type 400 InvalidPushType", "priority-mismatch - apns-priority 400 BadPriority",
                   "expiration-syntax - apns-expiration 400 BadExpirationDate"], verdict: "400 InvalidPushType"),
  ]

  @Test(arguments: rows)
  func findsAndAnswers(_ row: Row) {
    let report = Self.check(row.request, authentication: row.authentication)
    #expect(Self.summary(report) == row.expected)
    #expect(report.verdict.description == row.verdict)
  }

  @Test func theDigitStringWarningSaysWhy() {
    let claims = "eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoiMTcwMDAwMDAwMCJ9"
    let report = Self.check(APNsRequest(deviceToken: Self.token, headers: [RequestHeader("authorization", "bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.\(claims).pQ")] + Self.headers(auth: false), body: Self.body))
    #expect(report.findings.first?.message == "provider token 'iat' is a string of digits; APNs accepts it, but RFC 7519 wants a number (NumericDate)")
    #expect(report.findings.first?.severity == .warning)
    let background = Self.check(APNsRequest(deviceToken: Self.token, headers: Self.headers([("apns-push-type", "background"), ("apns-priority", nil)]),
                                            body: Array(#"{"aps": {"content-available": 1}}"#.utf8)))
    #expect(background.findings.first?.message == "a background push must have priority 5, not 10 (no apns-priority: APNs sends at 10)")
    #expect(background.findings.first?.severity == .error)
  }

  @Test func watchOSNeedsAPushType() {
    let report = Self.check(APNsRequest(deviceToken: Self.token, headers: Self.headers([("apns-push-type", nil)]), body: Self.body),
                            target: Target(platform: .watchos))
    #expect(Self.summary(report) == ["push-type-missing-watchos - apns-push-type -"])
    #expect(report.findings.first?.severity == .error)
  }

  @Test func expiredTokenAndSignatures() {
    var v = RequestValidator(verifier: FixedVerifier(signature: Self.signature(of: Self.jwt)))
    let valid = v.validate(APNsRequest(deviceToken: Self.token, headers: Self.headers(), body: Self.body), now: Self.now)
    #expect(valid.findings.isEmpty)
    let old = v.validate(APNsRequest(deviceToken: Self.token, headers: Self.headers(), body: Self.body), now: Self.now + 7200)
    #expect(Self.summary(old) == ["provider-token-expired 0 authorization 403 ExpiredProviderToken"])
    let forged = v.validate(APNsRequest(deviceToken: Self.token, headers: [RequestHeader("authorization", "bearer " + Self.otherKeyJWT)] + Self.headers(auth: false), body: Self.body), now: Self.now)
    #expect(Self.summary(forged) == ["provider-token-signature 0 authorization 403 InvalidProviderToken"])
    #expect(forged.findings.first?.message == "the provider token's ES256 signature does not verify with the key given")
  }

  @Test func disabledRulesAreNotReportedNorAnswered() {
    var options = ValidationOptions()
    options.disabledRules = [.deviceTokenSyntax]
    var v = RequestValidator(options: options)
    let report = v.validate(APNsRequest(deviceToken: "abc", headers: Self.headers(), body: Self.body), now: Self.now)
    #expect(report.findings.isEmpty)
    #expect(report.verdict == .accepted)
  }

  @Test func headersChangePerCall() {
    var v = RequestValidator()
    let voip = v.validate(APNsRequest(deviceToken: Self.token, headers: Self.headers([("apns-push-type", "voip"), ("apns-topic", "com.example.app.voip")]),
                                      body: Array(String(#"{"aps": {}, "x": ""#  + String(repeating: "v", count: 4500) + #""}"#).utf8)), now: Self.now)
    #expect(voip.limit == 5120)
    #expect(voip.pushType == .voip)
    #expect(voip.findings.allSatisfy { $0.payloadRule != .payloadTooLarge })
    let alert = v.validate(APNsRequest(deviceToken: Self.token, headers: Self.headers(), body: Self.body), now: Self.now)
    #expect(alert.limit == 4096 && alert.pushType == .alert && alert.findings.isEmpty)
  }

  @Test func findingsAndReportsPrintAndRoundTrip() throws {
    let report = Self.check(APNsRequest(deviceToken: Self.token, headers: Self.headers([("apns-priority", "7")]), body: Array(#"{"aps": {"badge": "5"}}"#.utf8)))
    #expect(report.findings.map(\.description) == [
      "0:0: error: apns-priority '7' is not 1, 5 or 10 [priority-mismatch]",
      "1:9: error: an alert push needs 'alert', 'badge' or 'sound'; a push without them is a background push [push-type-mismatch]",
      "1:19: warning: 'badge' must be an integer, not a string [value-type-ignored]",
    ])
    #expect(report.description == "alert push, 23 of 4096 bytes: 2 errors, 1 warning; APNs would answer 400 BadPriority")
    #expect(Target(platform: .ios, pushType: .voip, priority: 10, topic: "com.example.app.voip").description
            == "ios voip push over http2, priority 10, topic 'com.example.app.voip'")
  }

  @Test func requestFilesParse() throws {
    let text = """
      # a comment
      POST https://api.sandbox.example/3/device/\(Self.token) HTTP/2
      apns-topic:  com.example.app\u{20}
      apns-push-type: alert

      {"aps": {"badge": "5"}}
      ###
      GET /3/device/\(Self.token)

      {}

      """
    let entries = try RequestFile.parse(Array(text.utf8)).get()
    #expect(entries.count == 2)
    #expect(entries[0].request.path == "/3/device/" + Self.token)
    #expect(entries[0].request.headers == [RequestHeader("apns-topic", "com.example.app"), RequestHeader("apns-push-type", "alert")])
    #expect(entries[0].request.body == Array(#"{"aps": {"badge": "5"}}"#.utf8))
    #expect(entries[0].headerPositions == [SourcePosition(line: 3, column: 14), SourcePosition(line: 4, column: 17)])
    #expect(entries[0].bodyLine == 6)
    #expect(entries[1].request.method == "GET" && entries[1].line == 8 && entries[1].request.body == Array("{}".utf8))
    var v = RequestValidator()
    let report = v.validate(entries[0].request, now: Self.now)
    let badge = try #require(report.findings.first { $0.payloadRule == .valueTypeIgnored })
    #expect(entries[0].position(of: badge) == SourcePosition(line: 6, column: 19))
    var placed = report.findings
    entries[0].place(&placed)
    #expect(placed.map { SourcePosition(line: $0.line, column: $0.column) } == report.findings.map { entries[0].position(of: $0) })
    #expect(placed.first { $0.payloadRule == .valueTypeIgnored }.map { "\($0.line):\($0.column)" } == "6:19")
  }

  @Test func aByteOrderMarkAndCRLFLineEndsAreRead() throws {
    let text = "\u{FEFF}POST /3/device/\(Self.token) HTTP/2\r\napns-topic: com.example.app\r\n\r\n{\"aps\": {\"alert\": \"Hi\"}}\r\n"
    let entries = try RequestFile.parse(Array(text.utf8)).get()
    #expect(entries.count == 1)
    #expect(entries[0].request.method == "POST")
    #expect(entries[0].request.headers == [RequestHeader("apns-topic", "com.example.app")])
    #expect(entries[0].request.body == Array(#"{"aps": {"alert": "Hi"}}"#.utf8))
  }

  @Test(arguments: [
    ("", "1:1: no request: expected a request line 'POST /3/device/<token> HTTP/2'"),
    ("POST\n", "1:1: expected a request line 'POST /3/device/<token> HTTP/2', found 'POST'"),
    ("POST /3/device/ab HTTP/2\nno colon here\n\n{}", "2:1: expected a header 'name: value' or a blank line before the body"),
    ("POST /3/device/ab HTTP/2\nbad name: x\n\n{}", "2:1: header name 'bad name' has a space"),
    ("POST /3/device/ab SPDY\n\n{}", "1:19: expected 'HTTP/2' after the path, found 'SPDY'"),
  ])
  func malformedRequestFilesArePositioned(_ text: String, _ expected: String) {
    guard case .failure(let e) = RequestFile.parse(Array(text.utf8)) else { Issue.record("parsed"); return }
    #expect(e.description == expected)
  }

  @Test func hostileHeaderListsStayLinear() {
    // 20,000 duplicate headers: ten reported in full, one summary for the rest.
    var headers = Self.headers()
    for i in 0..<20_000 { headers.append(RequestHeader("x-h", "\(i)")) }
    let report = Self.check(APNsRequest(deviceToken: Self.token, headers: headers, body: Self.body))
    #expect(report.findings.count == 11)
    #expect(report.findings.last?.message == "19989 more repeated headers")
  }

  /// The raw signature bytes of a JWT's third part.
  static func signature(of jwt: String) -> [UInt8] {
    ProviderToken.decode(jwt)?.signature ?? []
  }
}
