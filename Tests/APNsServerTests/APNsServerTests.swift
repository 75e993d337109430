import APNsAuth
import PayloadSchema
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Testing

@testable import APNsServer

/// The package's root, for fixtures.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let deviceToken = "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad"
let goodAlert = #"{"aps":{"alert":{"title":"Hello","body":"From the test"}}}"#

/// A server on a free loopback port over TLS with a certificate made at start.
func startServer(_ configure: (inout APNsServer.Configuration) -> Void = { _ in }) throws -> APNsServer {
  var c = APNsServer.Configuration()
  c.port = 0
  c.tls = .selfSigned
  c.threads = 1
  configure(&c)
  return try APNsServer.start(c)
}

/// One client for every test (never shut down: it lives as long as the test process).
let sharedClient = TestHTTPClient()

struct Reply {
  var status: Int
  var headers: [String: String]
  var body: String
  var version: HTTPVersion
}

/// A push over HTTP/2 with TLS, on a new stream of the client's connection to the port.
func push(_ client: TestHTTPClient, port: Int, path: String = "/3/device/\(deviceToken)", method: HTTPMethod = .POST,
          headers: [(String, String)] = [("apns-topic", "com.example.app"), ("apns-push-type", "alert")],
          body: String = goodAlert) async throws -> Reply {
  let response = try await client.h2(port: port, method: method, path: path, headers: headers, body: .bytes(ByteBuffer(string: body)))
  var h: [String: String] = [:]
  for (n, v) in response.head.headers { h[n.lowercased()] = v }
  return Reply(status: Int(response.head.status.code), headers: h, body: String(buffer: response.body), version: response.head.version)
}

@Suite(.serialized) struct APNsServerTests {
  @Test func acceptsAValidPushOverHTTP2WithTLS() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    #expect(server.certificateFingerprint?.count == 95)
    let client = sharedClient
    let id = "2b4c6e8a-0000-4000-8000-0123456789ab"
    let reply = try await push(client, port: server.port, headers: [("apns-topic", "com.example.app"), ("apns-push-type", "alert"), ("apns-id", id)])
    #expect(reply.version == .http2)
    #expect(reply.status == 200)
    #expect(reply.headers["apns-id"] == id)
    #expect(reply.headers["apns-unique-id"]?.count == 36)
    #expect(reply.body == "")
    let record = try #require(server.inbox.pushes().first)
    #expect(record.answer == .accepted)
    #expect(record.alert?.title == "Hello")
    #expect(record.deviceToken == deviceToken)
  }

  @Test func shutdownTwiceIsOneShutdown() throws {
    let server = try startServer()
    try server.shutdown()
    try server.shutdown()
  }

  @Test func answersAsAPNsWould() async throws {
    let server = try startServer { $0.environment = .production }
    defer { try? server.shutdown() }
    let client = sharedClient
    let bad = try await push(client, port: server.port, headers: [("apns-topic", "com.example.app"), ("apns-priority", "7")])
    #expect(bad.status == 400)
    #expect(bad.body == #"{"reason":"BadPriority"}"#)
    #expect(bad.headers["apns-unique-id"] == nil)
    let id = try #require(bad.headers["apns-id"])
    #expect(RequestValidator.isCanonicalUUID(id.utf8) && id == id.lowercased())
    #expect(try await push(client, port: server.port, path: "/3/device/xyz").body == #"{"reason":"BadDeviceToken"}"#)
    #expect(try await push(client, port: server.port, path: "/2/device/\(deviceToken)").status == 404)
    #expect(try await push(client, port: server.port, method: .PUT).status == 405)
    let large = #"{"aps":{"alert":""# + String(repeating: "x", count: 6000) + #""}}"#
    let tooLarge = try await push(client, port: server.port, body: large)
    #expect(tooLarge.status == 413)
    #expect(tooLarge.body == #"{"reason":"PayloadTooLarge"}"#)
    #expect(try await push(client, port: server.port, body: "").body == #"{"reason":"PayloadEmpty"}"#)
    // Never stricter than APNs: a badge as a string is a finding (value-type-ignored), and APNs accepts it.
    let lint = try await push(client, port: server.port, body: #"{"aps":{"alert":"hi","badge":"3"}}"#)
    #expect(lint.status == 200)
    #expect(server.inbox.pushes().first?.findings.contains { $0.rule.rawValue == "value-type-ignored" } == true)
  }

  /// A body far past the limit (3 MiB, past both windows of 1 MiB) is answered 413 at once, the
  /// rest is dropped as it arrives (the server keeps giving the windows back, so the client
  /// finishes its upload and reads the answer), and the connection goes on serving.
  @Test func aHugeBodyIsAnswered413AndTheConnectionGoesOn() async throws {
    let server = try startServer()
    defer { try? server.shutdown() }
    let client = sharedClient
    let huge = #"{"aps":{"alert":""# + String(repeating: "x", count: 3 << 20) + #""}}"#
    let started = ContinuousClock.now
    let reply = try await push(client, port: server.port, body: huge)
    #expect(reply.status == 413)
    #expect(reply.body == #"{"reason":"PayloadTooLarge"}"#)
    #expect(ContinuousClock.now - started < .seconds(5))
    let record = try #require(server.inbox.pushes().first)
    #expect(record.answer.status == 413)
    #expect(record.bodyTruncated)
    #expect(try await push(client, port: server.port).status == 200)
  }

  /// A request that never ends its body is reset after `streamTimeout`; other pushes on the server
  /// are answered meanwhile and after.
  @Test func aStalledStreamIsResetAndOthersAreServed() async throws {
    let server = try startServer { $0.streamTimeout = .milliseconds(300) }
    defer { try? server.shutdown() }
    let client = sharedClient
    let port = server.port
    let stalled = Task {
      let started = ContinuousClock.now
      do {
        _ = try await client.h2(port: port, method: .POST, path: "/3/device/\(deviceToken)", headers: [("apns-topic", "com.example.app")],
                                body: .neverEnding(ByteBuffer(string: #"{"aps":"#)), timeout: .seconds(8))
        return (false, ContinuousClock.now - started)
      } catch {
        return (true, ContinuousClock.now - started)
      }
    }
    #expect(try await push(client, port: port).status == 200)
    let (failed, elapsed) = await stalled.value
    #expect(failed)
    #expect(elapsed < .seconds(5))
    #expect(try await push(client, port: port).status == 200)
  }

  @Test func strictRefusesErrorFindings() async throws {
    let server = try startServer { $0.strict = true }
    defer { try? server.shutdown() }
    let client = sharedClient
    let reply = try await push(client, port: server.port, body: #"{"aps":{"alert":{"body":3}}}"#)
    #expect(reply.status == 400)
    #expect(reply.body == #"{"reason":"value-type","rule":"value-type"}"#)
    // Where one of Apple's reasons fits, it is the reason (clients know it); the rule rides beside it.
    let background = try await push(client, port: server.port, headers: [("apns-topic", "com.example.app"), ("apns-push-type", "background")],
                                    body: #"{"aps":{"content-available":1}}"#)
    #expect(background.status == 400)
    #expect(background.body == #"{"reason":"BadPriority","rule":"priority-mismatch"}"#)
  }

  @Test func deviceRegistry() async throws {
    let other = String(repeating: "ab", count: 32), gone = String(repeating: "cd", count: 32), expired = String(repeating: "ef", count: 32)
    let registry = try DeviceRegistry(parsing: """
      # token topic environment state
      \(deviceToken)\tcom.example.app\tdevelopment\tactive
      \(other)\tcom.example.other\tdevelopment\tactive
      \(gone)\tcom.example.app\tdevelopment\tunregistered:1700000000123
      \(expired)\tcom.example.app\tproduction\texpired
      """)
    #expect(registry.count == 4)
    let server = try startServer { $0.devices = registry }
    defer { try? server.shutdown() }
    let client = sharedClient
    #expect(try await push(client, port: server.port).status == 200)
    #expect(try await push(client, port: server.port, headers: [("apns-topic", "com.example.app.voip"), ("apns-push-type", "voip")]).status == 200)
    #expect(try await push(client, port: server.port, path: "/3/device/\(other)").body == #"{"reason":"DeviceTokenNotForTopic"}"#)
    let unregistered = try await push(client, port: server.port, path: "/3/device/\(gone)")
    #expect(unregistered.status == 410)
    #expect(unregistered.body == #"{"reason":"Unregistered","timestamp":1700000000123}"#)
    #expect(try await push(client, port: server.port, path: "/3/device/\(expired)").body == #"{"reason":"BadDeviceToken"}"#)
    #expect(try await push(client, port: server.port, path: "/3/device/\(String(repeating: "01", count: 32))").status == 200)
  }

  /// The log keeps a token up to its last "." Character (the signature dropped), found in the
  /// UTF-8 bytes when the bytes around that dot are ASCII and by Character otherwise: a dot that
  /// a combining mark extends, or that a prepended character joins, is not a "." Character.
  @Test func theSignatureIsDroppedAtTheLastDotCharacter() {
    #expect(PushDesk.withoutSignature("bearer eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJYIn0.c2ln") == "bearer eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJYIn0.…")
    #expect(PushDesk.withoutSignature("bearer no-dot") == "bearer no-dot")
    #expect(PushDesk.withoutSignature(".") == ".…")
    #expect(PushDesk.withoutSignature("a.b.c\u{301}") == "a.b.…")
    #expect(PushDesk.withoutSignature("a.b.\u{301}c") == "a.…")
    #expect(PushDesk.withoutSignature("a.b\u{600}.c") == "a.…")
    #expect(PushDesk.withoutSignature("x.\u{301}") == "x.\u{301}")
    #expect(PushDesk.withoutSignature("é.é.ü") == "é.é.…")
  }

  /// A device row may carry its platform and OS: a push type that device does not receive is
  /// accepted (APNs cannot know) and marked dropped on the device, by Apple's availability table.
  @Test func aDeviceRowsPlatformAndOS() async throws {
    let watch = String(repeating: "ab", count: 32), oldPhone = String(repeating: "cd", count: 32), phone = String(repeating: "ef", count: 32)
    let registry = try DeviceRegistry(parsing: """
      \(watch) com.example.app development active watchos:11.0
      \(oldPhone) com.example.app development active ios:17.2
      \(phone) com.example.app development active ios
      """)
    #expect(registry.device(Substring(watch))?.platform == .watchos)
    #expect(registry.device(Substring(oldPhone))?.os == OSVersion(17, 2))
    #expect(registry.device(Substring(phone))?.os == nil)
    let server = try startServer { $0.devices = registry }
    defer { try? server.shutdown() }
    let location = [("apns-topic", "com.example.app.location-query"), ("apns-push-type", "location"), ("apns-priority", "10")]
    #expect(try await push(sharedClient, port: server.port, path: "/3/device/\(watch)", headers: location, body: #"{"aps":{}}"#).status == 200)
    #expect(try #require(server.inbox.pushes().first).dropped
      == "dropped on the device: push type 'location' isn't available on watchos (Apple's apns-push-type table): the push reaches nothing there (aps [push-type-platform])")
    let widgets = [("apns-topic", "com.example.app.push-type.widgets"), ("apns-push-type", "widgets"), ("apns-priority", "5")]
    #expect(try await push(sharedClient, port: server.port, path: "/3/device/\(oldPhone)", headers: widgets, body: #"{"aps":{"content-changed":true}}"#).status == 200)
    #expect(try #require(server.inbox.pushes().first).dropped
      == "dropped on the device: push type 'widgets' needs ios 26.0 or later (WidgetKit's widget push handler); on ios 17.2 nothing receives it (aps [push-type-platform])")
    // The same push to a device of unknown OS, or to a platform that receives it: delivered.
    #expect(try await push(sharedClient, port: server.port, path: "/3/device/\(phone)", headers: widgets, body: #"{"aps":{"content-changed":true}}"#).status == 200)
    #expect(try #require(server.inbox.pushes().first).dropped == nil)
  }

  @Test func registryErrorsNameTheLine() {
    #expect(throws: DeviceRegistry.ParseError.self) { try DeviceRegistry(parsing: "\(deviceToken) com.x development active android:14") }
    #expect(throws: DeviceRegistry.ParseError.self) { try DeviceRegistry(parsing: "\(deviceToken) com.x development active ios:seventeen") }
    #expect(throws: DeviceRegistry.ParseError.self) { try DeviceRegistry(parsing: "# c\nabc com.x development active\n") }
    do {
      _ = try DeviceRegistry(parsing: "\n\(deviceToken) com.x staging active")
    } catch {
      #expect(error.line == 2)
    }
  }

  @Test func providerTokens() async throws {
    let key = try ProviderKey.load(path: packageRoot.appendingPathComponent("Fixtures/keys/AuthKey_ABC123DEFG.p8").path)
    let server = try startServer {
      $0.keys = ProviderKeyRing([key])
      $0.teamID = "DEF123GHIJ"
    }
    defer { try? server.shutdown() }
    let client = sharedClient
    let signer = try ProviderTokenSigner(key: key)
    let now = Int64(Date().timeIntervalSince1970)
    let base = [("apns-topic", "com.example.app"), ("apns-push-type", "alert")]
    #expect(try await push(client, port: server.port).body == #"{"reason":"MissingProviderToken"}"#)
    let good = try "bearer " + signer.token(teamID: "DEF123GHIJ", issuedAt: now)
    #expect(try await push(client, port: server.port, headers: base + [("authorization", good)]).status == 200)
    #expect(try await push(client, port: server.port, headers: base + [("authorization", good)]).status == 200)
    let old = try "bearer " + signer.token(teamID: "DEF123GHIJ", issuedAt: now - 7200)
    #expect(try await push(client, port: server.port, headers: base + [("authorization", old)]).body == #"{"reason":"ExpiredProviderToken"}"#)
    let otherTeam = try "bearer " + signer.token(teamID: "ZZZ123GHIJ", issuedAt: now)
    #expect(try await push(client, port: server.port, headers: base + [("authorization", otherTeam)]).body == #"{"reason":"InvalidProviderToken"}"#)
    let forged = String(good.dropLast(4)) + (good.hasSuffix("AAAA") ? "BBBB" : "AAAA")
    #expect(try await push(client, port: server.port, headers: base + [("authorization", forged)]).body == #"{"reason":"InvalidProviderToken"}"#)
    // The log keeps no signature.
    let logged = try #require(server.inbox.pushes().first { $0.answer.status == 200 })
    #expect(logged.headers.first { $0.name == "authorization" }?.value.hasSuffix(".…") == true)
    // This client (NIO's HTTP/1-to-HTTP/2 codec) indexes every header, which Apple asks providers
    // not to do for :path and authorization: the record says so.
    #expect(logged.hpackIndexed == [":path", "authorization"])
    // One connection, a second token within 20 minutes: an update; a third: too many.
    let second = try "bearer " + signer.token(teamID: "DEF123GHIJ", issuedAt: now - 1)
    let third = try "bearer " + signer.token(teamID: "DEF123GHIJ", issuedAt: now - 2)
    #expect(try await push(client, port: server.port, headers: base + [("authorization", second)]).status == 200)
    #expect(try await push(client, port: server.port, headers: base + [("authorization", third)]).body == #"{"reason":"TooManyProviderTokenUpdates"}"#)
  }

  @Test func rateLimitAndFaults() async throws {
    let server = try startServer {
      $0.rateLimit = 3
    }
    defer { try? server.shutdown() }
    let client = sharedClient
    var statuses: [Int] = []
    for _ in 0..<6 { statuses.append(try await push(client, port: server.port).status) }
    #expect(statuses.contains(429))
    #expect(statuses.filter { $0 == 200 }.count >= 3)

    let failing = try startServer { $0.faults = [Fault("503:ServiceUnavailable:100")!] }
    defer { try? failing.shutdown() }
    let reply = try await push(client, port: failing.port)
    #expect(reply.status == 503)
    #expect(reply.body == #"{"reason":"ServiceUnavailable"}"#)
  }

  @Test func faultSyntax() {
    #expect(Fault("500:InternalServerError:2.5") == Fault(status: 500, reason: "InternalServerError", percent: 2.5))
    #expect(Fault("503:ServiceUnavailable") == nil)
    #expect(Fault("5000:X:1") == nil)
    #expect(Fault("500:X:101") == nil)
  }

  @Test func logWritesOneRecordPerRequest() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let server = try startServer { $0.log = .file(path) }
    let client = sharedClient
    _ = try await push(client, port: server.port)
    _ = try await push(client, port: server.port, headers: [("apns-topic", "com.example.app"), ("apns-priority", "7")])
    try server.shutdown()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["status"] != nil && object?["findings"] != nil && object?["headers"] != nil && object?["time"] != nil)
    }
    #expect(lines[1].contains(#""reason":"BadPriority""#))
  }

  /// The eight-bytes-at-a-time scan finds every byte that needs an escape, wherever it stands.
  @Test func jsonWriterEscapesAtEveryPosition() {
    let specials: [(Character, String)] = [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1F}", "\\u001F"), ("\u{7F}", "\u{7F}"),
                                           ("\u{0}", "\\u0000"), ("\u{8}", "\\b"), ("\u{C}", "\\f")]
    for length in 1..<20 {
      for position in 0..<length {
        for (special, escape) in specials {
          let text = String(repeating: "a", count: position) + String(special) + String(repeating: "a", count: length - position - 1)
          let expected = "\"" + String(repeating: "a", count: position) + escape + String(repeating: "a", count: length - position - 1) + "\""
          var w = JSONWriter()
          w.string(text)
          #expect(String(decoding: w.bytes, as: UTF8.self) == expected, "\(length) \(position) \(escape)")
        }
      }
    }
  }

  /// The journal's strings are the reports' strings: the byte writer and the text writer of
  /// `JSONText` agree on every ASCII character, in runs long enough for the eight-byte scan.
  @Test func theJournalWritesStringsAsTheReportsDo() {
    for byte in UInt8(0)..<0x80 {
      let text = "ab" + String(UnicodeScalar(byte)) + "é\u{2028}" + String(repeating: "x", count: 9) + String(UnicodeScalar(byte))
      var bytes: [UInt8] = []
      JSONText.write(text, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == JSONText.quoted(text), "byte \(byte)")
    }
  }

  @Test func jsonWriterEscapes() {
    var w = JSONWriter()
    w.beginObject()
    w.field("a\"b", "line\nbreak\u{01}\\")
    w.member("n", -120)
    w.field("é\u{7F}", "x\u{2028}y\tz\r\"")
    w.endObject()
    #expect(String(decoding: w.bytes, as: UTF8.self) == "{\"a\\\"b\":\"line\\nbreak\\u0001\\\\\",\"n\":-120,\"é\u{7F}\":\"x\u{2028}y\\tz\\r\\\"\"}")
  }
}
