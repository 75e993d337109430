import APNsAuth
import APNsClient
@testable import APNsLint
import APNsServer
import ActivityContract
import Crypto
import Foundation
import PayloadSchema
import Testing
import TestSupport

/// `check` and `serve` give the same findings in the same order (issue 50): every payload rule's
/// examples, triggering and passing, sent to an in-process `serve` as a push and checked as the
/// same request by `check`'s request path (`Linter.validate(request:now:)` and the joins
/// `Linter.result(for:…)` makes). Both read the request with `RequestValidator` and join extra
/// findings with `PayloadReport.join`, so a difference is a finding one of them adds, drops or
/// orders differently.
@Suite(.serialized) struct CheckServeAgreementTests {
  static let topic = "com.example.app"
  static let token = String(repeating: "ab", count: 32)

  /// One example as a request: its body (the catalogue's `\xNN` notation read) and the headers
  /// its flags give; nil for an example whose flags `serve` cannot be told per push (a platform,
  /// an OS, a configuration).
  static func request(_ example: String, flags: String) -> (headers: [RequestHeader], body: [UInt8])? {
    var headers: [RequestHeader] = []
    var topic = topic
    let words = flags.split(separator: " ").map(String.init)
    var i = 0
    while i < words.count {
      guard i + 1 < words.count else { return nil }
      switch words[i] {
      case "--push-type": headers.append(RequestHeader("apns-push-type", words[i + 1]))
      case "--topic": topic = words[i + 1]
      case "--priority": headers.append(RequestHeader("apns-priority", words[i + 1]))
      default: return nil
      }
      i += 2
    }
    headers.append(RequestHeader("apns-topic", topic))
    return (headers, bytes(example))
  }

  /// What both compare: rule, line:column in the body, key path, severity, in order. Findings
  /// about authentication are left out: the client signs with a key `check` is not given.
  static func described(_ findings: [Finding]) -> [String] {
    findings.filter { $0.payloadRule?.requestPart != .authentication }
      .map { "\($0.rule) \($0.line):\($0.column) \($0.keyPath ?? "-") \($0.severity)" }
  }

  @Test func everyPayloadRuleExampleGivesTheSameFindingsInTheSameOrder() async throws {
    let (compared, withFindings, skipped) = try await compare(Rule.catalogue.filter { [.json, .payload, .push].contains($0.category) })
    // Most examples go through: a rule's pair is skipped only for a flag serve cannot be given.
    #expect(compared >= 60 && withFindings >= 30, "compared \(compared), \(withFindings) with findings; skipped \(skipped)")
  }

  /// The Live Activity rules' examples (a payload, then the app's Swift source): `serve
  /// --activity` and `check --activity` join the contract's findings to the report's the same way.
  @Test func everyLiveActivityExampleGivesTheSameFindingsInTheSameOrder() async throws {
    let rules = Rule.catalogue.filter { $0.category == .activity }
    let (compared, withFindings, skipped) = try await compare(rules)
    #expect(compared + skipped.count == 2 * rules.count && compared >= 12 && withFindings >= rules.count, "compared \(compared), \(withFindings) with findings; skipped \(skipped)")
  }

  /// Sends each of `rules`' examples to a `serve` (with `--activity` for an example that carries
  /// Swift source) and checks the same request; the number compared, how many had findings, and
  /// the rules skipped.
  func compare(_ rules: [Rule]) async throws -> (Int, Int, [String]) {
    try await compare(rules.flatMap { rule in
      rule.exampleConfiguration.isEmpty
        ? [(rule.id.rawValue, rule.triggeringExample, rule.triggeringFlags), (rule.id.rawValue, rule.passingExample, rule.passingFlags)]
        : [(rule.id.rawValue, "", "--config")]
    })
  }

  /// The request rules' examples (request files): the request as written, sent with the client's
  /// own provider token, and checked as `serve` received it. Findings about authentication are
  /// left out (the client signs with a key `check` is not given), and so is an example the client
  /// cannot send as written (a method or path HTTP/2 will not carry).
  @Test func everyRequestRuleExampleGivesTheSameFindingsInTheSameOrder() async throws {
    let (server, client) = try Self.serveAndClient(activity: nil)
    defer { try? server.shutdown() }
    var compared = 0, withFindings = 0, skipped: [String] = []
    for rule in Rule.catalogue where rule.category == .request {
      for (example, flags) in [(rule.triggeringExample, rule.triggeringFlags), (rule.passingExample, rule.passingFlags)] {
        guard flags.isEmpty, rule.exampleConfiguration.isEmpty, case .success(let entries) = RequestFile.parse(Self.bytes(example)),
              let request = entries.first?.request, let path = request.path else {
          skipped.append(rule.id.rawValue)
          continue
        }
        let before = server.inbox.pushes().count
        _ = try? await client.deliver(APNsPush(method: request.method, path: path,
                                               headers: request.headers.filter { $0.name != "authorization" }, body: request.body))
        guard server.inbox.pushes().count == before + 1, let served = server.inbox.pushes().first else {
          skipped.append(rule.id.rawValue)
          continue
        }
        var linter = Linter()
        let now = Int64(served.time / 1000)
        // serve judges a Live Activity's dates against the time the push arrived: check is told
        // that time, as `check --now` would be (SPEC §13.3).
        linter.sendingTime = now
        let received = APNsRequest(method: served.method, path: served.path,
                                   headers: served.headers.filter { $0.name != "authorization" }, body: request.body)
        var report = linter.validate(request: received, now: now)
        ActivitySources.apply(nil, to: &report, body: request.body, now: now)
        let checked = Self.described(report.findings)
        #expect(checked == Self.described(served.findings), "\(rule.id): check and serve differ")
        compared += 1
        if !checked.isEmpty { withFindings += 1 }
      }
    }
    try await client.shutdown()
    #expect(compared >= 20 && withFindings >= 10, "compared \(compared), \(withFindings) with findings; skipped \(skipped)")
  }

  /// The web push rules' message examples (declarative messages): encrypted to a subscription
  /// of `serve --web-push` and read there as Safari reads them, and checked by `check` as a web
  /// push message (`--platform web`). The request rule's examples (`web-push-request`) are
  /// requests, whose VAPID token the client makes: not compared.
  @Test func everyWebPushMessageExampleGivesTheSameFindingsInTheSameOrder() async throws {
    var configuration = APNsServer.Configuration()
    configuration.port = 0
    configuration.threads = 1
    configuration.webPushPort = 0
    configuration.shutdownGrace = .seconds(2)
    let server = try APNsServer.start(configuration)
    defer { try? server.shutdown() }
    let desk = try #require(server.webPush)
    guard case .success(let record) = desk.subscribe(requestBody: []) else { Issue.record("no subscription"); return }
    let subscription = try WebPushSubscription(json: Array(record.json.utf8))
    let signer = try VAPIDSigner(key: try VAPIDKey.parse(pem: Data(P256.Signing.PrivateKey().pemRepresentation.utf8)))
    var compared = 0, withFindings = 0
    for rule in Rule.catalogue where rule.category == .web && rule.id.rawValue != "web-push-request" {
      for (example, flags) in [(rule.triggeringExample, rule.triggeringFlags), (rule.passingExample, rule.passingFlags)] {
        #expect(flags.isEmpty || flags == "--platform web", "\(rule.id): flags \(flags)")
        let message = Self.bytes(example)
        let before = desk.received.count
        // Over the limit the client cannot encrypt it, and the service would refuse the body
        // before reading it (413): nothing to compare.
        guard let request = try? WebPushClient.request(message: message, to: subscription, signer: signer, subject: "mailto:ops@example.com",
                                                       ttl: 60, now: Int64(Date().timeIntervalSince1970)) else {
          #expect(message.count > 3993, "\(rule.id): the client could not encrypt it")
          continue
        }
        _ = try? await WebPushClient.send(request)
        guard desk.received.count == before + 1, let served = desk.received.first?.answer.message else {
          Issue.record("\(rule.id): serve read no message")
          continue
        }
        var linter = Linter(overrides: TargetOverrides(platform: .web))
        let checked = Self.described(message.withUnsafeBytes { linter.validate($0) }.findings)
        #expect(checked == Self.described(served.findings), "\(rule.id): check and serve differ")
        compared += 1
        if !checked.isEmpty { withFindings += 1 }
      }
    }
    #expect(compared >= 6 && withFindings >= 3, "compared \(compared), \(withFindings) with findings")
  }

  /// A Live Activity finding that stands before a payload finding: the contract's finding joins
  /// at its place (serve appended it after the payload's findings, check sorted it in).
  @Test func aContractFindingJoinsAtItsPlace() async throws {
    let payload = #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": "2"}, "relevance-score": "high"}}"#
    let source = PayloadRule.activityStateType.examples.passing.components(separatedBy: "\n--- Attributes.swift\n")[1]
    let (compared, withFindings, _) = try await compare([("order", payload + "\n--- Attributes.swift\n" + source, "--push-type liveactivity")])
    #expect(compared == 1 && withFindings == 1)
  }

  /// Sends each example (`id`, a payload with the app's Swift source after a line
  /// `--- Attributes.swift` for a Live Activity, the `check` flags) to a `serve` and checks the
  /// same request; the number compared, how many had findings, and the ids skipped.
  func compare(_ examples: [(id: String, example: String, flags: String)]) async throws -> (Int, Int, [String]) {
    var compared = 0, withFindings = 0, skipped: [String] = []
    for (id, example, flags) in examples {
      do {
        let parts = example.components(separatedBy: "\n--- Attributes.swift\n")
        guard let (headers, body) = Self.request(parts[0], flags: flags) else {
          skipped.append(id)
          continue
        }
        var activity: ActivityChecker? = nil
        if parts.count == 2 {
          var contract = ActivityContract()
          contract.add(source: parts[1], file: "Attributes.swift")
          activity = ActivityChecker(contract: contract)
        }
        let (server, client) = try Self.serveAndClient(activity: activity)
        defer { try? server.shutdown() }
        _ = try? await client.deliver(APNsPush(deviceToken: Self.token, headers: headers, body: body))
        try await client.shutdown()
        guard let served = server.inbox.pushes().first else {
          Issue.record("\(id): serve recorded no push")
          continue
        }
        var linter = Linter()
        let now = Int64(served.time / 1000)
        // serve judges a Live Activity's dates against the time the push arrived: check is told
        // that time, as `check --now` would be (SPEC §13.3).
        linter.sendingTime = now
        let request = APNsRequest(method: "POST", path: "/3/device/" + Self.token,
                                  headers: served.headers.filter { $0.name != "authorization" }, body: body)
        var report = linter.validate(request: request, now: now)
        ActivitySources.apply(activity, to: &report, body: body, now: now)
        let checked = Self.described(report.findings)
        #expect(checked == Self.described(served.findings), "\(id) (\(flags.isEmpty ? "no flags" : flags)): check and serve differ")
        compared += 1
        if !checked.isEmpty { withFindings += 1 }
      }
    }
    return (compared, withFindings, skipped)
  }

  /// A `serve` on a free loopback port over h2c with the fixture key (every push needs a token
  /// that verifies), `--activity` when given, and a client that signs with that key and does not retry.
  static func serveAndClient(activity: ActivityChecker?) throws -> (APNsServer, APNsClient) {
    let key = try ProviderKey.load(path: packageRoot + "/Fixtures/keys/AuthKey_ABC123DEFG.p8")
    var configuration = APNsServer.Configuration()
    configuration.port = 0
    configuration.threads = 1
    configuration.keys = ProviderKeyRing([key])
    configuration.teamID = "DEF123GHIJ"
    configuration.shutdownGrace = .seconds(2)
    configuration.activity = activity
    let server = try APNsServer.start(configuration)
    var clientConfiguration = APNsClient.Configuration(authentication: .token(signer: try ProviderTokenSigner(key: key), teamID: "DEF123GHIJ"))
    clientConfiguration.host = "127.0.0.1"
    clientConfiguration.port = server.port
    clientConfiguration.tls = false
    clientConfiguration.retries = 0
    return (server, try APNsClient(clientConfiguration))
  }

  /// The catalogue's notation: `\xNN` is the byte NN, everything else its UTF-8.
  static func bytes(_ s: String) -> [UInt8] {
    let u = Array(s.utf8)
    var out: [UInt8] = []
    var i = 0
    while i < u.count {
      if u[i] == 0x5C, i + 3 < u.count, u[i + 1] == 0x78, let b = UInt8(String(decoding: u[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
        out.append(b)
        i += 4
      } else {
        out.append(u[i])
        i += 1
      }
    }
    return out
  }
}
