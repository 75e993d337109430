import APNsAuth
@testable import APNsClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import PayloadSchema
import Testing

/// What `send`, `send --batch` and `channel` print and pick, as the library gives it: endpoints,
/// the batch's last lines and status, the gate's token, the note before a long 5xx wait.
struct RequestTextTests {
  @Test func anEndpointFromAURL() throws {
    let local = try #require(APNsEndpoint(url: "http://127.0.0.1:2197/ignored?x=1"))
    #expect(local == APNsEndpoint(host: "127.0.0.1", port: 2197, tls: false))
    #expect(local.authority == "127.0.0.1:2197")
    #expect(APNsEndpoint(url: "https://apns.example.test") == APNsEndpoint(host: "apns.example.test", port: 443, tls: true))
    #expect(APNsEndpoint(url: "http://localhost") == APNsEndpoint(host: "localhost", port: 80, tls: false))
    #expect(APNsEndpoint(url: "ftp://apns.example.test") == nil)
    #expect(APNsEndpoint(url: "https://") == nil)
    #expect(APNsEndpoint(url: "127.0.0.1:2197") == nil)
  }

  @Test func applesEndpoints() {
    #expect(APNsEndpoint.apple(.push, production: true).authority == "api.push.apple.com")
    #expect(APNsEndpoint.apple(.push, production: false).authority == "api.sandbox.push.apple.com")
    #expect(APNsEndpoint.apple(.broadcast(sampleHost: false), production: true).authority == "api.push.apple.com")
    #expect(APNsEndpoint.apple(.broadcast(sampleHost: true), production: false).authority == "api-broadcast.sandbox.push.apple.com")
    #expect(APNsEndpoint.apple(.management, production: true).authority == "api-manage-broadcast.push.apple.com:2196")
    #expect(APNsEndpoint.apple(.management, production: false).authority == "api-manage-broadcast.sandbox.push.apple.com:2195")
    var configuration = APNsClient.Configuration(authentication: .none)
    configuration.endpoint = APNsEndpoint(host: "127.0.0.1", port: 2197, tls: false)
    #expect(configuration.host == "127.0.0.1" && configuration.port == 2197 && !configuration.tls)
    #expect(configuration.endpoint == APNsEndpoint(host: "127.0.0.1", port: 2197, tls: false))
  }

  @Test func aBatchsLastLinesAndStatus() {
    var tally = APNsBatchTally()
    #expect(tally.status == 0)
    #expect(tally.summary(seconds: 0, connections: 1, retries: 3)
      == "sent 0 pushes in 0.0 s (0/s) over 1 connection\nprediction mismatches: 0")
    tally.sent = 5
    tally.accepted = 3
    tally.refused = 2
    tally.byAnswer = ["200": 3, "400 BadDeviceToken": 1, "410 Unregistered": 1]
    tally.retried = ["503 ServiceUnavailable": 2]
    tally.unanswered = 1
    tally.gated = 1
    tally.badLines = 1
    tally.mismatches = 1
    #expect(tally.summary(seconds: 2, connections: 2, retries: 3) == """
      sent 5 pushes in 2.0 s (2/s) over 2 connections
        200: 3
        400 BadDeviceToken: 1
        410 Unregistered: 1
      retried: 503 ServiceUnavailable: 2, not answered (refused stream, lost connection): 1
      not sent (the gate predicts a refusal or found an error; --force sends them): 1
      lines not read (reported above): 1
      prediction mismatches: 1
      """)
    #expect(tally.progress(elapsed: 2.5)
      == "sent 5, accepted 3, refused 2 (400 BadDeviceToken: 1, 410 Unregistered: 1), retries 3, 2/s")
    #expect(tally.status == 1)
    tally.failed = 1
    #expect(tally.status == 2)
    #expect(tally.summary(seconds: 2, connections: 2, retries: 3).contains("\nno answer after 3 retries: 1\n"))
    var gatedOnly = APNsBatchTally()
    gatedOnly.gated = 1
    #expect(gatedOnly.status == 1)
  }

  @Test func theGatesTokenAndWhatTheValidatorIsTold() throws {
    let key = try key()
    let token = APNsClient.Authentication.token(signer: try ProviderTokenSigner(key: key), teamID: "DEF123GHIJ")
    let authorization = try #require(token.authorization(now: 1_800_000_000))
    #expect(authorization.hasPrefix("bearer "))
    #expect(ProviderKeyRing([key]).verify(token: String(authorization.dropFirst(7))) == .valid)
    #expect(token.validated == .token)
    let certificate = APNsClient.Authentication.certificate(certificateFile: "c.pem", keyFile: "k.pem")
    #expect(certificate.authorization(now: 1_800_000_000) == nil)
    #expect(certificate.validated == .certificate)
    #expect(APNsClient.Authentication.pkcs12(file: "c.p12", password: nil).validated == .certificate)
    #expect(APNsClient.Authentication.none.validated == nil)
    #expect(APNsClient.Authentication.none.authorization(now: 1_800_000_000) == nil)
  }

  @Test func aLongServerErrorWaitIsSaidAtMostEveryTenSeconds() throws {
    var configuration = APNsClient.Configuration(authentication: .none)
    let notes = NIOLockedValueBox<[String]>([])
    configuration.noteServerErrorWaits(hint: "Ctrl-C stops") { note in notes.withLockedValue { $0.append(note) } }
    let wait = try #require(configuration.onRetryWait)
    let unavailable = APNsAnswer(status: 503, reason: "ServiceUnavailable")
    wait(unavailable, .seconds(900))
    wait(unavailable, .seconds(900))          // within 10 s of the first: not said again
    wait(APNsAnswer(status: 429, reason: "TooManyRequests"), .seconds(900))
    wait(nil, .seconds(900))                  // a lost connection, not a 5xx
    #expect(notes.withLockedValue { $0 } == [
      "APNs answered 503 ServiceUnavailable; waiting 15 min before sending it again (Apple: retry 5xx after 15 minutes, with back-off; Ctrl-C stops)"
    ])
    var short = APNsClient.Configuration(authentication: .none)
    let shortNotes = NIOLockedValueBox<[String]>([])
    short.noteServerErrorWaits(every: 0) { note in shortNotes.withLockedValue { $0.append(note) } }
    let shortWait = try #require(short.onRetryWait)
    shortWait(APNsAnswer(status: 500, reason: "InternalServerError"), .milliseconds(500))   // under a second: not said
    shortWait(APNsAnswer(status: 500, reason: "InternalServerError"), .milliseconds(1500))
    #expect(shortNotes.withLockedValue { $0 } == [
      "APNs answered 500 InternalServerError; waiting 1.5 s before sending it again (Apple: retry 5xx after 15 minutes, with back-off)"
    ])
  }
}
