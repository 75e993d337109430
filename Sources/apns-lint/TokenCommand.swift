import APNsAuth
import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint token make|check`: provider tokens (SPEC §8, §9).
struct TokenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "token",
    abstract: "Make and check APNs provider tokens and web push VAPID tokens (ES256 JSON Web Tokens).",
    subcommands: [TokenMakeCommand.self, TokenCheckCommand.self])
}

/// `apns-lint token make --key AuthKey_KEYID.p8 --team TEAMID [--key-id KEYID] [--now EPOCH]`;
/// `apns-lint token make --vapid KEY.pem --sub mailto:… --aud https://web.push.apple.com` (SPEC §16).
struct TokenMakeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "make",
    abstract: "Print a provider token signed with a team's .p8 key, or a web push VAPID Authorization header.")

  @Option(help: "The team's .p8 key (AuthKey_<KEYID>.p8 from the developer account).") var key: String?
  @Option(help: "The 10-character team id (the token's 'iss').") var team: String?
  @Option(name: .customLong("key-id"), help: "The key id (the token's 'kid'); default: from the file name AuthKey_<KEYID>.p8.") var keyID: String?
  @Option(help: "The token's 'iat' (VAPID: the clock for 'exp') in seconds since 1970; default: now.") var now: Int64?
  @Option(help: "Web push: the application server's P-256 private key (PEM: PKCS#8 or SEC 1); prints the VAPID Authorization header.") var vapid: String?
  @Option(help: "With --vapid: the 'sub' claim, a mailto: address or https: URL.") var sub: String?
  @Option(help: "With --vapid: the 'aud' claim, the push service's origin (https://web.push.apple.com); or give --endpoint.") var aud: String?
  @Option(help: "With --vapid: a subscription's endpoint, whose origin is the 'aud'.") var endpoint: String?
  @Option(help: "With --vapid: seconds until 'exp' (at most 86400; default 43200).") var lifetime: Int64 = VAPIDSigner.defaultLifetime
  @Flag(name: .customLong("webpush-form"), help: "With --vapid: print the older 'Authorization: WebPush <JWT>' and 'Crypto-Key: p256ecdsa=<key>' instead of 'vapid t=…, k=…'.") var webPushForm = false

  func run() throws {
    if let vapid { return try makeVAPID(vapid) }
    guard let key, let team else {
      throw ToolProblem("give --key FILE --team TEAMID (an APNs provider token) or --vapid FILE --sub … --aud … (a web push VAPID header)")
    }
    guard ProviderToken.isTeamID(team) else {
      throw ToolProblem("--team '\(team)' is not a 10-character team id (A-Z, 0-9); APNs would refuse the token")
    }
    let providerKey = try TokenIDs.loadKey(key, keyID: keyID)
    guard providerKey.canSign else {
      throw ToolProblem("a public key cannot sign: give the .p8 private key", path: key)
    }
    let signer = try ProviderTokenSigner(key: providerKey)
    do {
      Output.standard.write(try signer.token(teamID: team, issuedAt: now ?? TokenIDs.currentTime()) + "\n")
    } catch {
      throw ToolProblem(error.message, path: key)
    }
  }

  /// The VAPID header (RFC 8292 §3; older drafts' form with --webpush-form), on standard output.
  func makeVAPID(_ path: String) throws {
    guard let sub else {
      throw ToolProblem("--vapid needs --sub (a mailto: address or https: URL: who the push service can contact)")
    }
    guard let audience = aud ?? endpoint.flatMap(VAPIDSigner.audience(forEndpoint:)) else {
      throw ToolProblem(endpoint.map { "--endpoint '\(VisibleText.escape($0))' is not an https URL with a host" }
                        ?? "--vapid needs --aud ORIGIN or --endpoint URL (the push service's origin is the 'aud')")
    }
    let signer: VAPIDSigner
    do { signer = try VAPIDSigner(key: try VAPIDKey.load(path: path)) } catch {
      throw ToolProblem(error.message, path: path)
    }
    do {
      let token = try signer.token(audience: audience, subject: sub, now: now ?? TokenIDs.currentTime(), lifetime: lifetime)
      Output.standard.write(webPushForm
        ? "Authorization: \(token.webPushAuthorization)\nCrypto-Key: \(token.cryptoKey)\n"
        : "Authorization: \(token.authorization)\n")
    } catch {
      throw ToolProblem("\(error.message)\(error.appleReason.map { " (Apple would answer \($0))" } ?? "")")
    }
  }
}

/// `apns-lint token check JWT [--key FILE[:SCOPE]] [--environment E] [--topic T] [--now EPOCH] [--format text|json]`.
struct TokenCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Decode a provider token and tell what APNs would answer to it.",
    discussion: "Exit status: 0 when APNs would accept the token, 1 when it would refuse it, 2 for a usage error or a key file that cannot be used.")

  @Argument(help: "The token: a JWT, 'bearer <JWT>', or '-' to read it from standard input.") var jwt: String
  @Option(help: "A .p8 key or public-key PEM: verify the signature too. With its scope (FILE:sandbox|production:team|topic=BUNDLE,…), say what the key may do.") var key: String?
  @Option(name: .customLong("key-id"), help: "The id of --key; default: from the file name AuthKey_<KEYID>.p8.") var keyID: String?
  @Option(help: "The clock, in seconds since 1970, for the token's age; default: now.") var now: Int64?
  @Option(help: "With a scoped --key: the environment the token is for (sandbox or production).") var environment: KeyScope.Environment?
  @Option(help: "With a scoped --key: the apns-topic the token is for.") var topic: String?
  @Option(help: "Output: text or json.") var format: TokenFormat = .text
  @Option(name: .customLong("crypto-key"), help: "A VAPID header in the older 'WebPush <JWT>' form: the Crypto-Key header's value (p256ecdsa=…).") var cryptoKey: String?
  @Option(help: "A VAPID header: the push service's origin the 'aud' must be (default: any origin).") var aud: String?
  @Option(name: .customLong("server-key"), help: "A VAPID header: the applicationServerKey the subscription was made with (base64url), which 'k' must be.") var serverKey: String?

  enum TokenFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

  /// A token read from standard input is at most this long.
  static let maxInput = 1 << 20

  func run() throws {
    var scope: KeyScope?
    let ring = try key.map { argument in
      let (path, parsed) = ProviderKeyRing.splitScope(argument)
      switch parsed {
      case .failure(let problem):
        throw ToolProblem("--key \(VisibleText.escape(argument)): \(problem)")
      case .success(let s): scope = s.isScoped ? s : nil
      }
      var ring = ProviderKeyRing()
      ring.add(try TokenIDs.loadKey(path, keyID: keyID), scope: scope)
      return ring
    }
    if jwt == "-" && isatty(0) != 0 {
      throw ToolProblem("'-' reads the token from standard input; pipe it in, or give it as an argument")
    }
    var text = jwt
    if jwt == "-" {
      do { text = String(decoding: try PayloadInput.readAll(fd: 0, maxBytes: Self.maxInput), as: UTF8.self) } catch {
        if case .failed(let code) = error { throw ToolProblem("cannot read: \(FileWalk.errorText(code))", path: "-") }
        throw ToolProblem("more than \(Self.maxInput) bytes on standard input; a provider token is a few hundred bytes", path: "-")
      }
    }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let scheme = trimmed.prefix { $0 != " " }.lowercased()
    if scheme == "vapid" || scheme == "webpush" { return try checkVAPID(trimmed) }
    // A bare JWT has no blank; anything with one is taken as a whole authorization value.
    let authorization = trimmed.contains(where: { $0 == " " || $0 == "\t" }) ? trimmed : "bearer " + trimmed
    let clock = now ?? TokenIDs.currentTime()
    var report = ProviderTokenReport(authorization: authorization, now: clock, ring: ring, keyFile: key)
    report.apply(scope: scope, environment: environment, topic: topic)
    Output.standard.write(format == .json ? report.json : report.text)
    // A token APNs would refuse is an error finding of the run.
    var outcome = RunOutcome()
    if report.status != 200 { outcome.count(Severity.error) }
    try outcome.exit()
  }

  /// A web push `Authorization` value (SPEC §16): what Apple's web push service would answer.
  func checkVAPID(_ authorization: String) throws {
    let clock = now ?? TokenIDs.currentTime()
    var expected: [UInt8]?
    if let serverKey {
      do { expected = try VAPIDKey(publicKeyBase64URL: serverKey).publicKeyBytes } catch {
        throw ToolProblem("--server-key: \(error.message)")
      }
    }
    let result: Result<VAPIDVerification, VAPIDProblem>
    do {
      result = .success(try VAPIDToken.verify(authorization: authorization, cryptoKey: cryptoKey, expectedAudience: aud,
                                              expectedPublicKey: expected, now: clock))
    } catch {
      result = .failure(error)
    }
    switch (result, format) {
    case (.success(let v), .text): Output.standard.write(v.text(now: clock))
    case (.failure(let problem), .text): Output.standard.write(problem.text)
    case (.success(let v), .json): Output.standard.write(v.json)
    case (.failure(let problem), .json): Output.standard.write(problem.json)
    }
    var outcome = RunOutcome()
    if case .failure = result { outcome.count(Severity.error) }
    try outcome.exit()
  }
}

/// Key files and the clock, for the token commands and serve.
enum TokenIDs {
  /// Loads a key file for provider tokens, or throws why not (`FILE: error: …`, exit 2).
  static func loadKey(_ path: String, keyID: String?) throws -> ProviderKey {
    do { return try ProviderKey.loadForTokens(path: path, keyID: keyID) } catch {
      throw error.toolProblem
    }
  }

  /// Seconds since 1970, now.
  static func currentTime() -> Int64 { Int64(Date().timeIntervalSince1970.rounded(.down)) }
}

extension KeyScope.Environment: ExpressibleByArgument {}
