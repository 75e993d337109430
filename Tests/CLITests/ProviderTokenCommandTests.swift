import Foundation
import Testing

/// `apns-lint token make|check` (SPEC §8, §9), run as a user runs them. Keys are made with openssl.
@Suite struct ProviderTokenCommandTests {
  /// A temporary folder with `AuthKey_ABC123DEFG.p8` and a second key, `other.p8`.
  static func keys() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("token-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in ["AuthKey_ABC123DEFG.p8", "other.p8"] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", folder + "/" + name]
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "openssl genpkey")
    }
    return folder
  }

  @Test func makeThenCheck() throws {
    let folder = try Self.keys()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let key = folder + "/AuthKey_ABC123DEFG.p8"
    let made = try runCLI(["token", "make", "--key", key, "--team", "TEAMID1234", "--now", "1700000000"])
    #expect(made.status == 0)
    #expect(made.err.isEmpty)
    #expect(made.out.hasSuffix("\n"))
    let jwt = made.out.trimmingCharacters(in: .newlines)
    #expect(jwt.hasPrefix("eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJURUFNSUQxMjM0IiwiaWF0IjoxNzAwMDAwMDAwfQ."))

    let accepted = try runCLI(["token", "check", jwt, "--key", key, "--now", "1700000100"])
    #expect(accepted.status == 0)
    #expect(accepted.out == """
      header: {"alg": "ES256", "kid": "ABC123DEFG"}
      claims: {"iss": "TEAMID1234", "iat": 1700000000}
      age: 100 seconds
      signature: valid
      APNs would answer 200

      """)

    let expired = try runCLI(["token", "check", "bearer " + jwt, "--now", "1700003601"])
    #expect(expired.status == 1)
    #expect(expired.out.hasSuffix("""
      signature: not verified (give --key FILE)
      error: provider token is 3601 seconds old; APNs refuses tokens issued more than an hour (3600 seconds) ago
      APNs would answer 403 ExpiredProviderToken

      """))

    // Signed with another key that claims the same id: the signature does not verify.
    let forged = try runCLI(["token", "make", "--key", folder + "/other.p8", "--key-id", "ABC123DEFG", "--team", "TEAMID1234"])
    let refused = try runCLI(["token", "check", "-", "--key", key, "--format", "json"], stdin: Data(forged.out.utf8))
    #expect(refused.status == 1)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(refused.out.utf8)) as? [String: Any])
    #expect(Set(root.keys) == ["header", "claims", "age", "signature", "scope", "apns", "problems"])
    let apns = try #require(root["apns"] as? [String: Any])
    #expect(apns["status"] as? Int == 403)
    #expect(apns["reason"] as? String == "InvalidProviderToken")
    #expect((root["problems"] as? [String])?.first?.hasPrefix("provider token signature does not verify with key 'ABC123DEFG'") == true)
    #expect((root["header"] as? [String: Any])?["kid"] as? String == "ABC123DEFG")
    #expect(root["signature"] as? String == "invalid")

    // A token whose `kid` names no key given: the signature cannot be checked against it.
    let stranger = try runCLI(["token", "make", "--key", folder + "/other.p8", "--key-id", "ZZZ999ZZZZ", "--team", "TEAMID1234"])
    let unknown = try runCLI(["token", "check", "-", "--key", key, "--format", "json"], stdin: Data(stranger.out.utf8))
    let unknownRoot = try #require(try JSONSerialization.jsonObject(with: Data(unknown.out.utf8)) as? [String: Any])
    #expect(unknownRoot["signature"] as? String == "unknown-kid")
    let unknownText = try runCLI(["token", "check", "-", "--key", key], stdin: Data(stranger.out.utf8))
    #expect(unknownText.out.contains("\nsignature: unknown-kid\n"))
  }

  /// A key in Apple's 2025 model (SPEC §10, "Key scopes"): `token check` says what it may do,
  /// and what APNs answers a token used outside it.
  @Test func aKeysScopeIsChecked() throws {
    let folder = try Self.keys()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let key = folder + "/AuthKey_ABC123DEFG.p8"
    let jwt = try runCLI(["token", "make", "--key", key, "--team", "TEAMID1234", "--now", "1700000000"]).out
      .trimmingCharacters(in: .newlines)
    let scoped = key + ":sandbox:topic=com.example.app"
    let production = try runCLI(["token", "check", jwt, "--key", scoped, "--now", "1700000100", "--environment", "production"])
    #expect(production.status == 1)
    #expect(production.out.hasSuffix("""
      signature: valid
      key scope: sandbox only, topics com.example.app
      error: the key works in sandbox only; a production connection refuses its tokens
      APNs would answer 403 BadEnvironmentKeyIdInToken

      """))
    let other = try runCLI(["token", "check", jwt, "--key", scoped, "--now", "1700000100", "--topic", "com.example.other"])
    #expect(other.out.hasSuffix("APNs would answer 403 Forbidden\n"))
    let voip = try runCLI(["token", "check", jwt, "--key", scoped, "--now", "1700000100", "--environment", "sandbox",
                           "--topic", "com.example.app.voip", "--format", "json"])
    #expect(voip.status == 0)
    #expect(voip.out.contains(#""scope": {"environment": "sandbox", "topics": ["com.example.app"], "related": null},"#))
    let bad = try runCLI(["token", "check", jwt, "--key", key + ":sandbox:production"])
    #expect(bad.status == 2)
    #expect(bad.err.contains("'production': the environment is given twice"))
  }

  /// `check --key FILE:SCOPE` judges what the key may do, as `token check` and `serve` do: the
  /// environment from `--environment` or the request line's host, the topic from `apns-topic`.
  @Test func checkJudgesAKeysScope() throws {
    let folder = try Self.keys()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let key = folder + "/AuthKey_ABC123DEFG.p8"
    let jwt = try runCLI(["token", "make", "--key", key, "--team", "TEAMID1234", "--now", "1700000000"]).out
      .trimmingCharacters(in: .newlines)
    func request(_ target: String, topic: String = "com.example.app") throws -> String {
      let file = folder + "/push-\(abs(target.hashValue ^ topic.hashValue)).http"
      try """
        POST \(target) HTTP/2
        authorization: bearer \(jwt)
        apns-topic: \(topic)
        apns-push-type: alert

        {"aps": {"alert": "Hi"}}

        """.write(toFile: file, atomically: true, encoding: .utf8)
      return file
    }
    let sandboxHost = try request("https://api.sandbox.push.apple.com/3/device/0a1b2c3d")
    let production = try runCLI(["check", sandboxHost, "--now", "1700000100", "--key", key + ":production"])
    #expect(production.status == 1)
    #expect(production.out.hasPrefix(sandboxHost + ":2:16: error: the provider token's key may not be used here: the key works in production only; a sandbox connection refuses its tokens (403 BadEnvironmentKeyIdInToken) [provider-token-scope]\n"))
    #expect(production.out.contains(sandboxHost + ": APNs would answer 403 BadEnvironmentKeyIdInToken\n"))
    #expect(try runCLI(["check", sandboxHost, "--now", "1700000100", "--key", key + ":sandbox"]).status == 0)
    // A bare path says no environment: --environment does, else only the topic is judged.
    let bare = try request("/3/device/0a1b2c3d", topic: "com.example.other")
    #expect(try runCLI(["check", bare, "--now", "1700000100", "--key", key + ":production"]).status == 0)
    #expect(try runCLI(["check", bare, "--now", "1700000100", "--key", key + ":production", "--environment", "sandbox"]).out
      .contains("APNs would answer 403 BadEnvironmentKeyIdInToken"))
    let topic = try runCLI(["check", bare, "--now", "1700000100", "--key", key + ":topic=com.example.app", "--format", "json"])
    #expect(topic.status == 1)
    #expect(topic.out.contains("\"apns\": {\n        \"status\": 403,\n        \"reason\": \"Forbidden\"\n      }"))
    #expect(try runCLI(["check", bare, "--now", "1700000100", "--key", key + ":topic=com.example.app,com.example.other"]).status == 0)
    // An unscoped key, as before: nothing judged.
    #expect(try runCLI(["check", sandboxHost, "--now", "1700000100", "--key", key]).status == 0)
    #expect(try runCLI(["check", bare, "--key", key + ":Sandbox"]).err.contains("error: --key \(key):Sandbox: 'Sandbox': not a key scope"))
  }

  @Test func aTokenThatIsNotOneIsRefused() throws {
    let result = try runCLI(["token", "check", "not-a-token", "--format", "json"])
    #expect(result.status == 1)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(root["header"] is NSNull)
    #expect((root["apns"] as? [String: Any])?["reason"] as? String == "InvalidProviderToken")
  }

  @Test func usageErrorsAndBrokenKeysExit2() throws {
    let folder = try Self.keys()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let key = folder + "/AuthKey_ABC123DEFG.p8"
    let badTeam = try runCLI(["token", "make", "--key", key, "--team", "team"])
    #expect(badTeam.status == 2)
    #expect(badTeam.err == "error: --team 'team' is not a 10-character team id (A-Z, 0-9); APNs would refuse the token\n")
    let broken = folder + "/AuthKey_BROKEN1234.p8"
    try Data("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n".utf8).write(to: URL(fileURLWithPath: broken))
    let make = try runCLI(["token", "make", "--key", broken, "--team", "TEAMID1234"])
    #expect(make.status == 2)
    #expect(make.err == "\(broken): error: the base64 between the PEM's BEGIN and END lines is damaged\n")
    let check = try runCLI(["token", "check", "a.b.c", "--key", folder + "/missing.p8"])
    #expect(check.status == 2)
    #expect(check.err.hasPrefix("\(folder)/missing.p8: error: cannot read the key: "))
    let noID = try runCLI(["token", "make", "--key", folder + "/other.p8", "--team", "TEAMID1234"])
    #expect(noID.status == 2)
    #expect(noID.err.contains("cannot tell the key id"))
  }
}
