import APNsAuth
import APNsClient
import APNsLint
import ArgumentParser
import Foundation
import NIOCore
import PayloadSchema
import StringsFile

/// `apns-lint send`: check a push with `check`'s validator, send it to APNs (or `serve`), and say
/// when the answer differs from the prediction (SPEC §12).
struct SendCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "send",
    abstract: "Check a push, send it to APNs (or a serve), and compare the answer with the prediction.",
    discussion: """
      The request goes through the same validator as `check` first: a predicted refusal or an \
      error finding stops it (exit 1) unless --force. Exit 0 when every push was accepted, 1 when \
      any was refused (by APNs or by the gate), 2 for usage, key, certificate or connection errors.
      """)

  @Argument(help: "A payload file (JSON), or a request file (*.http: its path and headers are used).") var input: String?
  @Option(name: .customLong("device-token"), help: "The device token (hexadecimal).") var deviceToken: String?
  @Option(help: "apns-topic (the app's bundle id, plus the push type's suffix).") var topic: String?
  @Option(name: .customLong("push-type"), help: "apns-push-type.") var pushType: PushType?
  @Option(help: "apns-priority.") var priority: Int?
  @Option(help: "apns-expiration, seconds since 1970.") var expiration: Int64?
  @Option(name: .customLong("collapse-id"), help: "apns-collapse-id.") var collapseID: String?
  @Option(name: [.customShort("H"), .customLong("header")], help: "A request header 'name: value' (repeatable, as curl).") var header: [String] = []
  @Option(help: "Token authentication: the team's AuthKey_KEYID.p8.") var key: String?
  @Option(name: .customLong("key-id"), help: "The key id (default: from the file name AuthKey_<KEYID>.p8).") var keyID: String?
  @Option(help: "Token authentication: the 10-character team id.") var team: String?
  @Option(help: "Certificate authentication: the client certificate, PEM.") var cert: String?
  @Option(name: .customLong("cert-key"), help: "Certificate authentication: the certificate's private key, PEM.") var certKey: String?
  @Option(help: "Certificate authentication: a PKCS#12 bundle (.p12).") var p12: String?
  @Option(name: .customLong("p12-password-env"), help: "The environment variable holding the .p12 password.") var p12PasswordEnv: String?
  @Flag(help: "api.sandbox.push.apple.com (the default).") var sandbox = false
  @Flag(help: "api.push.apple.com.") var production = false
  @Option(help: "Another server: https://host:port (a serve, a proxy); http:// for a plain-TCP serve (h2c).") var url: String?
  @Option(help: "Trust this CA (PEM) instead of the system's.") var ca: String?
  @Flag(help: "Send even when the gate predicts a refusal or finds an error.") var force = false
  @Flag(name: .customLong("dry-run"), help: "Check and print the request; send nothing.") var dryRun = false
  @Flag(help: "Print an equivalent curl command; send nothing.") var curl = false
  @Flag(name: .customLong("show-secrets"), help: "Do not redact the provider token in --curl and reports.") var showSecrets = false
  @Option(help: "Output: text or json.") var format: SendFormat = .text
  @Option(help: "An NDJSON file of pushes ({\"token\", \"payload\", \"headers\"} a line); '-' for standard input.") var batch: String?
  @Option(help: "Connections for a batch.") var connections: Int = 1
  @Option(help: "Retries of a push after a refused stream, a lost connection, 429, 500 or 503.") var retries: Int = 3
  @Option(help: "Write one NDJSON record per push to this file.") var results: String?
  @Option(help: "A progress line on standard error: auto (on a terminal), always or never.") var progress: ProgressMode = .auto
  @Option(help: "Pushes in flight at once over all connections (the server's stream limit applies per connection).") var inflight: Int?

  enum SendFormat: String, ExpressibleByArgument { case text, json }
  enum ProgressMode: String, ExpressibleByArgument { case auto, always, never }

  func validate() throws {
    if batch != nil && input != nil { throw ValidationError("give a payload or --batch, not both") }
    if batch == nil && input == nil { throw ValidationError("give a payload or request file, or --batch FILE") }
    if [key != nil, cert != nil, p12 != nil].filter({ $0 }).count > 1 { throw ValidationError("choose one of --key, --cert and --p12") }
    if key != nil && team == nil { throw ValidationError("--key needs --team TEAMID") }
    if cert != nil && certKey == nil { throw ValidationError("--cert needs --cert-key FILE") }
    if [sandbox, production, url != nil].filter({ $0 }).count > 1 { throw ValidationError("choose one of --sandbox, --production and --url") }
    if connections < 1 || connections > 64 { throw ValidationError("--connections must be 1 to 64") }
    if retries < 0 || retries > 100 { throw ValidationError("--retries must be 0 to 100") }
    if let results, let input, results == input { throw ValidationError("--results would overwrite the input") }
    if let results, let batch, results == batch { throw ValidationError("--results would overwrite the batch") }
  }

  func run() throws {
    let setup = try makeSetup()
    if let batch {
      let code = try BatchSender(command: self, setup: setup).run(path: batch)
      if code != 0 { throw ExitCode(code) }
      return
    }
    try sendOne(setup: setup)
  }

  // MARK: - Setup

  /// The target, the credentials and a signer for the gate's token.
  struct Setup: Sendable {
    var host: String
    var port: Int
    var tls: Bool
    var authentication: APNsClient.Authentication
    var signer: ProviderTokenSigner?
  }

  func makeSetup() throws -> Setup {
    var host = production ? "api.push.apple.com" : "api.sandbox.push.apple.com"
    var port = 443
    var tls = true
    if let url {
      guard let parsed = URLComponents(string: url), let scheme = parsed.scheme, scheme == "https" || scheme == "http",
            let h = parsed.host, !h.isEmpty else {
        complain("error: --url '\(url)': expected https://host[:port] or http://host[:port]")
        throw ExitCode(2)
      }
      host = h
      tls = scheme == "https"
      port = parsed.port ?? (tls ? 443 : 80)
    }
    var authentication = APNsClient.Authentication.none
    var signer: ProviderTokenSigner?
    if let key, let team {
      do {
        let loaded = try ProviderKey.load(path: key, keyID: keyID)
        signer = try ProviderTokenSigner(key: loaded)
      } catch {
        complain(error.description)
        throw ExitCode(2)
      }
      authentication = .token(signer: signer!, teamID: team)
    } else if let cert, let certKey {
      authentication = .certificate(certificateFile: cert, keyFile: certKey)
    } else if let p12 {
      var password: String?
      if let variable = p12PasswordEnv {
        guard let value = ProcessInfo.processInfo.environment[variable] else {
          complain("error: --p12-password-env \(variable): the variable is not set")
          throw ExitCode(2)
        }
        password = value
      }
      authentication = .pkcs12(file: p12, password: password)
    }
    return Setup(host: host, port: port, tls: tls, authentication: authentication, signer: signer)
  }

  func makeClient(_ setup: Setup, connections: Int) throws -> APNsClient {
    var c = APNsClient.Configuration(authentication: setup.authentication)
    c.host = setup.host
    c.port = setup.port
    c.tls = setup.tls
    c.caFile = ca
    c.connections = connections
    // A batch over several connections spreads them over the cores' event loops.
    c.threads = max(1, min(connections, ProcessInfo.processInfo.activeProcessorCount))
    c.retries = retries
    do {
      return try APNsClient(c)
    } catch {
      complain("error: \(error.message)")
      throw ExitCode(2)
    }
  }

  /// The command line's headers, in a fixed order, before any of a request file or a batch line.
  func commandLineHeaders() throws -> [RequestHeader] {
    var headers: [RequestHeader] = []
    for text in header {
      guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else {
        complain("error: -H '\(VisibleText.escape(text))': expected 'name: value'")
        throw ExitCode(2)
      }
      headers.append(RequestHeader(String(text[..<colon]), text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    func add(_ name: String, _ value: String?) {
      guard let value, !headers.contains(where: { $0.name.lowercased() == name }) else { return }
      headers.append(RequestHeader(name, value))
    }
    add("apns-topic", topic)
    add("apns-push-type", pushType?.rawValue)
    add("apns-priority", priority.map(String.init))
    add("apns-expiration", expiration.map(String.init))
    add("apns-collapse-id", collapseID)
    return headers
  }

  /// The gate's linter: `check`'s configuration and validator, with the authentication in use.
  func makeLinter(_ setup: Setup) throws -> Linter {
    let configuration = try loadConfiguration(nil)
    let auth: PayloadSchema.Authentication? = switch setup.authentication {
      case .token: .token
      case .certificate, .pkcs12: .certificate
      case .none: nil
    }
    return Linter(configuration: configuration, authentication: auth)
  }

  /// The request the gate checks: the push plus the `authorization` the client will add.
  static func gated(_ push: APNsPush, authorization: String?) -> APNsRequest {
    var headers = push.headers
    if let authorization, !headers.contains(where: { $0.name.lowercased() == "authorization" }) {
      headers.insert(RequestHeader("authorization", authorization), at: 0)
    }
    return APNsRequest(path: push.path, headers: headers, body: push.body)
  }

  static func gateToken(_ setup: Setup, now: Int64) -> String? {
    guard let signer = setup.signer, case .token(_, let team) = setup.authentication else { return nil }
    return (try? signer.token(teamID: team, issuedAt: now)).map { "bearer " + $0 }
  }

  // MARK: - One push

  func sendOne(setup: Setup) throws {
    guard let input else { return }
    guard let data = FileManager.default.contents(atPath: input) else {
      complain("\(input): error: cannot read")
      throw ExitCode(2)
    }
    let bytes = Array(data)
    var headers = try commandLineHeaders()
    var path: String? = deviceToken.map { "/3/device/" + $0 }
    var body = bytes
    var requestLine = 0
    var entry: RequestFile.Entry?
    if input.hasSuffix(".http") {
      switch RequestFile.parse(bytes) {
      case .failure(let e):
        complain("\(VisibleText.escape(input)):\(e.line):\(e.column): error: \(e.message)")
        throw ExitCode(2)
      case .success(let entries):
        guard let first = entries.first else {
          complain("\(input): error: no request in the file")
          throw ExitCode(2)
        }
        if entries.count > 1 { complain("\(input): warning: \(entries.count) requests in the file; sending the first (line \(first.line))") }
        entry = first
        requestLine = first.line
        body = first.request.body
        // The file's headers, then the command line's where the file has none of that name.
        var merged = first.request.headers
        for h in headers where !merged.contains(where: { $0.name.lowercased() == h.name.lowercased() }) { merged.append(h) }
        headers = merged
        if path == nil { path = first.request.path }
      }
    }
    guard let path else {
      complain("error: no device token: give --device-token HEX (or a request file with a path)")
      throw ExitCode(2)
    }
    _ = requestLine
    let push = APNsPush(path: path, headers: headers, body: body)
    let now = Int64(Date().timeIntervalSince1970)
    var linter = try makeLinter(setup)
    let gateAuthorization = Self.gateToken(setup, now: now)
    var report = linter.validate(request: Self.gated(push, authorization: gateAuthorization), now: now)
    if let entry {
      for i in report.findings.indices {
        let p = entry.position(of: report.findings[i])
        report.findings[i].line = p.line
        report.findings[i].column = p.column
      }
    }
    let result = linter.result(report, path: input, record: nil)
    let predicted = report.verdict
    let blocked = !predicted.isAccepted || result.diagnostics.contains { $0.severity == .error }

    if curl {
      print(curlCommand(push, setup: setup, authorization: gateAuthorization))
      return
    }
    // The gate's findings, as `check` prints them.
    let text = TextReporter(colour: false)
    if format == .text && (text.hasLines(for: result) || blocked || dryRun) {
      let lines = text.lines(for: result)
      if !lines.isEmpty { FileHandle.standardError.write(Data(lines.utf8)) }
    }
    if dryRun {
      print(requestText(push, setup: setup, authorization: gateAuthorization))
      print("apns-lint predicts \(predicted)")
      if blocked { throw ExitCode(1) }
      return
    }
    if blocked && !force {
      complain("\(input): not sent: apns-lint predicts \(predicted)\(predicted.isAccepted ? " and found errors" : ""); --force sends it anyway")
      throw ExitCode(1)
    }
    let client = try makeClient(setup, connections: 1)
    let outcome: Result<APNsDelivery, APNsClientError> = waitFor {
      defer { Task { try? await client.shutdown() } }
      do throws(APNsClientError) { return .success(try await client.deliver(push)) } catch { return .failure(error) }
    }
    let delivery: APNsDelivery
    switch outcome {
    case .failure(let error):
      complain("error: \(error.message)")
      throw ExitCode(2)
    case .success(let d):
      delivery = d
    }
    let mismatch = !Self.same(delivery.answer, predicted)
    if format == .json {
      print(Self.record(token: push.deviceToken, delivery: delivery, predicted: predicted, line: nil))
    } else {
      var line = "APNs answered \(delivery.answer)"
      var details: [String] = []
      if let id = delivery.apnsID { details.append("apns-id \(id)") }
      if let id = delivery.apnsUniqueID { details.append("apns-unique-id \(id)") }
      if let ts = delivery.timestamp { details.append("timestamp \(ts)") }
      if delivery.attempts > 1 { details.append("\(delivery.attempts) attempts") }
      if !details.isEmpty { line += " (" + details.joined(separator: ", ") + ")" }
      print(line)
      if mismatch {
        print("APNs answered \(delivery.answer); apns-lint predicted \(predicted)")
        print(bugReport(push, setup: setup, delivery: delivery, predicted: predicted))
      }
    }
    if !delivery.answer.isAccepted { throw ExitCode(1) }
  }

  /// An answer equals a prediction when status and reason do.
  static func same(_ a: APNsAnswer, _ b: APNsAnswer) -> Bool { a.status == b.status && (a.status == 200 || a.reason == b.reason) }

  /// The request as text, the provider token redacted unless `--show-secrets`.
  func requestText(_ push: APNsPush, setup: Setup, authorization: String?) -> String {
    var lines = ["POST \(push.path) HTTP/2", "host: \(setup.host)\(setup.port == 443 ? "" : ":\(setup.port)")"]
    if let authorization, !push.headers.contains(where: { $0.name.lowercased() == "authorization" }) {
      lines.append("authorization: \(redact(authorization))")
    }
    for h in push.headers {
      lines.append("\(h.name): \(h.name.lowercased() == "authorization" ? redact(h.value) : h.value)")
    }
    lines.append("")
    lines.append(String(decoding: push.body, as: UTF8.self))
    return lines.joined(separator: "\n")
  }

  /// `bearer header.claims.signature` → `bearer header.claims.<redacted>`: who sent it stays
  /// readable (key id, team, iat), the token cannot be replayed.
  func redact(_ authorization: String) -> String {
    guard !showSecrets, let dot = authorization.lastIndex(of: ".") else { return authorization }
    return String(authorization[...dot]) + "<redacted>"
  }

  /// The request and the answer in one block, ready for a bug report.
  func bugReport(_ push: APNsPush, setup: Setup, delivery: APNsDelivery, predicted: APNsAnswer) -> String {
    var copy = push
    if let token = push.deviceToken, token.count > 8 {
      copy.path = "/3/device/" + token.prefix(8) + "…(\(token.count) hex digits)"
    }
    var answer = ["HTTP/2 \(delivery.answer.status)"]
    if let id = delivery.apnsID { answer.append("apns-id: \(id)") }
    if let reason = delivery.answer.reason {
      answer.append("")
      answer.append("{\"reason\":\"\(reason)\"" + (delivery.timestamp.map { ",\"timestamp\":\($0)" } ?? "") + "}")
    }
    return """
      ```
      # apns-lint \(APNsLintVersion.current): APNs answered \(delivery.answer), apns-lint predicted \(predicted)
      \(requestText(copy, setup: setup, authorization: nil))

      \(answer.joined(separator: "\n"))
      ```
      """
  }

  /// `curl --http2 …`: the same request; the provider token redacted unless `--show-secrets`.
  func curlCommand(_ push: APNsPush, setup: Setup, authorization: String?) -> String {
    func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    var parts = ["curl", setup.tls ? "--http2" : "--http2-prior-knowledge", "-sS", "-D", "-"]
    if let ca { parts += ["--cacert", quote(ca)] }
    if let cert, let certKey { parts += ["--cert", quote(cert), "--key", quote(certKey)] }
    if let p12 { parts += ["--cert-type", "P12", "--cert", quote(p12 + (p12PasswordEnv.map { _ in ":$" + (p12PasswordEnv ?? "") } ?? ""))] }
    if let authorization, !push.headers.contains(where: { $0.name.lowercased() == "authorization" }) {
      parts += ["-H", quote("authorization: " + redact(authorization))]
    }
    for h in push.headers {
      parts += ["-H", quote("\(h.name): \(h.name.lowercased() == "authorization" ? redact(h.value) : h.value)")]
    }
    parts += ["--data-binary", quote(String(decoding: push.body, as: UTF8.self))]
    let port = setup.port == 443 ? "" : ":\(setup.port)"
    parts.append(quote("\(setup.tls ? "https" : "http")://\(setup.host)\(port)\(push.path)"))
    return parts.joined(separator: " ")
  }

  /// One NDJSON record (`--results`, `--format json`).
  static func record(token: String?, delivery: APNsDelivery?, predicted: APNsAnswer, line: Int?, gated: Bool = false, error: String? = nil) -> String {
    var members: [(String, JSONValue)] = []
    if let line { members.append(("line", .int(line))) }
    members.append(("token", token.map { .string($0) } ?? .null))
    if let delivery {
      members.append(("status", .int(delivery.answer.status)))
      members.append(("reason", delivery.answer.reason.map { .string($0) } ?? .null))
      members.append(("apnsId", delivery.apnsID.map { .string($0) } ?? .null))
      members.append(("apnsUniqueId", delivery.apnsUniqueID.map { .string($0) } ?? .null))
      members.append(("timestamp", delivery.timestamp.map { .int(Int($0)) } ?? .null))
      members.append(("attempts", .int(delivery.attempts)))
    } else {
      members.append(("status", .null))
      members.append(("reason", .null))
      members.append(("attempts", .int(0)))
    }
    members.append(("predicted", .object([("status", .int(predicted.status)), ("reason", predicted.reason.map { .string($0) } ?? .null)])))
    if gated { members.append(("notSent", .string("the gate predicts \(predicted)"))) }
    if let error { members.append(("error", .string(error))) }
    return Self.compact(.object(members))
  }
}

extension SendCommand {
  /// One line of JSON (NDJSON), keys in the order given.
  static func compact(_ value: JSONValue) -> String {
    switch value {
    case .string(let s): return quoted(s)
    case .int(let n): return String(n)
    case .number(let d): return d.isFinite ? String(d) : "null"
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .array(let items): return "[" + items.map(compact).joined(separator: ",") + "]"
    case .object(let members): return "{" + members.map { quoted($0.0) + ":" + compact($0.1) }.joined(separator: ",") + "}"
    }
  }

  /// A JSON string literal, escaped as the provider token's claims are (one escaper, in APNsAuth).
  static func quoted(_ s: String) -> String { JWTText.jsonString(s) }
}

/// Runs an async body to completion from synchronous code (the command line's `run`).
func waitFor<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    box.value = await body()
    done.signal()
  }
  done.wait()
  return box.value!
}

final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
