import APNsAuth
import APNsClient
import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema
import StringsFile

/// How `send` and `channel` reach APNs and prove who they are (SPEC §12, §13.2): token or
/// certificate authentication, and the server. One definition, shared by both commands.
struct ConnectionOptions: ParsableArguments {
  @Option(help: "Token authentication: the team's AuthKey_KEYID.p8.") var key: String?
  @Option(name: .customLong("key-id"), help: "The key id (default: from the file name AuthKey_<KEYID>.p8).") var keyID: String?
  @Option(help: "Token authentication: the 10-character team id.") var team: String?
  @Option(help: "Certificate authentication: the client certificate, PEM.") var cert: String?
  @Option(name: .customLong("cert-key"), help: "Certificate authentication: the certificate's private key, PEM.") var certKey: String?
  @Option(help: "Certificate authentication: a PKCS#12 bundle (.p12).") var p12: String?
  @Option(name: .customLong("p12-password-env"), help: "The environment variable holding the .p12 password.") var p12PasswordEnv: String?
  @Flag(help: "Apple's development environment (the default).") var sandbox = false
  @Flag(help: "Apple's production environment.") var production = false
  @Option(help: "Another server: https://host:port (a serve, a proxy); http:// for a plain-TCP serve (h2c).") var url: String?
  @Option(help: "Trust this CA (PEM) instead of the system's.") var ca: String?
  @Option(name: .customLong("server-error-delay"), help: "Seconds to wait before sending again a push APNs answered 500 or 503, doubled on each further one (Apple: 15 minutes).")
  var serverErrorDelay: Double = 900
  @Option(name: .customLong("broadcast-host"), help: "A broadcast's host: api (api[.sandbox].push.apple.com, Apple's header reference; the default) or api-broadcast (api-broadcast[.sandbox].push.apple.com, Apple's sample requests).")
  var broadcastHost: BroadcastHost = .api

  /// The two hosts Apple's broadcast page names ("Sending broadcast push notification requests to
  /// APNs"): its text lists `api(.sandbox).push.apple.com:443`, its sample requests use
  /// `api-broadcast(.sandbox).push.apple.com`.
  enum BroadcastHost: String, ExpressibleByArgument, CaseIterable {
    case api
    case apiBroadcast = "api-broadcast"
  }

  func validate() throws {
    if [key != nil, cert != nil, p12 != nil].filter({ $0 }).count > 1 { throw ValidationError("choose one of --key, --cert and --p12") }
    if key != nil && team == nil { throw ValidationError("--key needs --team TEAMID") }
    if cert != nil && certKey == nil { throw ValidationError("--cert needs --cert-key FILE") }
    if [sandbox, production, url != nil].filter({ $0 }).count > 1 { throw ValidationError("choose one of --sandbox, --production and --url") }
    if !(serverErrorDelay >= 0 && serverErrorDelay <= 86_400) { throw ValidationError("--server-error-delay must be 0 to 86400 seconds") }
  }

  /// Which of Apple's services a command talks to: pushes (`api.push.apple.com`, 443) or channel
  /// management (`api-manage-broadcast.push.apple.com`, 2195/2196: `ChannelManagement`).
  enum Service { case push, broadcast, management }

  /// The target, the credentials and a signer for the gate's token.
  struct Setup: Sendable {
    var host: String
    var port: Int
    var tls: Bool
    var authentication: APNsClient.Authentication
    var signer: ProviderTokenSigner?
  }

  /// Apple's host and port for `service` in the chosen environment (`--url` overrides both).
  func appleTarget(_ service: Service) -> (host: String, port: Int) {
    switch service {
    case .push: (production ? "api.push.apple.com" : "api.sandbox.push.apple.com", 443)
    case .broadcast: (broadcastHost.rawValue + (production ? ".push.apple.com" : ".sandbox.push.apple.com"), 443)
    case .management: production ? (ChannelManagement.productionHost, ChannelManagement.productionPort)
                                 : (ChannelManagement.developmentHost, ChannelManagement.developmentPort)
    }
  }

  /// Reads the key or names the certificate, and picks the server. Exit 2 on a bad `--url`, an
  /// unreadable key or an unset password variable.
  func makeSetup(_ service: Service) throws -> Setup {
    var (host, port) = appleTarget(service)
    var tls = true
    if let url {
      guard let parsed = URLComponents(string: url), let scheme = parsed.scheme, scheme == "https" || scheme == "http",
            let h = parsed.host, !h.isEmpty else {
        complain(ToolProblem("--url '\(VisibleText.escape(url))': expected https://host[:port] or http://host[:port]"))
        throw ExitCode(2)
      }
      host = h
      tls = scheme == "https"
      port = parsed.port ?? (tls ? 443 : 80)
    }
    var authentication = APNsClient.Authentication.none
    var signer: ProviderTokenSigner?
    if let key, let team {
      let made: ProviderTokenSigner
      do {
        made = try ProviderTokenSigner(key: try ProviderKey.load(path: key, keyID: keyID))
      } catch {
        complain(error.toolProblem)
        throw ExitCode(2)
      }
      signer = made
      authentication = .token(signer: made, teamID: team)
    } else if let cert, let certKey {
      authentication = .certificate(certificateFile: cert, keyFile: certKey)
    } else if let p12 {
      var password: String?
      if let variable = p12PasswordEnv {
        guard let value = ProcessInfo.processInfo.environment[variable] else {
          complain(ToolProblem("--p12-password-env \(variable): the variable is not set"))
          throw ExitCode(2)
        }
        password = value
      }
      authentication = .pkcs12(file: p12, password: password)
    }
    return Setup(host: host, port: port, tls: tls, authentication: authentication, signer: signer)
  }

  /// A client for `setup`; exit 2 when the credentials or the CA cannot be used.
  func makeClient(_ setup: Setup, connections: Int, retries: Int) throws -> APNsClient {
    var c = APNsClient.Configuration(authentication: setup.authentication)
    c.host = setup.host
    c.port = setup.port
    c.tls = setup.tls
    c.caFile = ca
    c.connections = connections
    // A batch over several connections spreads them over the cores' event loops.
    c.threads = max(1, min(connections, ProcessInfo.processInfo.activeProcessorCount))
    c.retries = retries
    c.serverErrorDelay = .nanoseconds(Int64(serverErrorDelay * 1e9))
    let lastNote = NoteClock()
    c.onRetryWait = { answer, wait in
      // A 5xx wait is long (Apple's 15 minutes): say so rather than seem to hang, at most every
      // 10 seconds (a batch may wait for many pushes at once); a wait under a second goes unsaid.
      guard let answer, answer.status == 500 || answer.status == 503, wait >= .seconds(1) else { return }
      guard lastNote.due(every: 10) else { return }
      let seconds = Double(wait.nanoseconds) / 1e9
      complain(ToolProblem("APNs answered \(answer); waiting \(seconds < 120 ? String(format: "%.1f s", seconds) : String(format: "%.0f min", seconds / 60)) before sending it again (Apple: retry 5xx after 15 minutes, with back-off; --server-error-delay)", kind: .note))
    }
    do {
      return try APNsClient(c)
    } catch {
      complain(ToolProblem(error.message))
      throw ExitCode(2)
    }
  }

  /// Sends one request on a client of its own and shuts the client down; a failure to get any
  /// answer is printed and exits 2 (`send` and `channel` alike).
  func deliverOnce(_ request: APNsPush, setup: Setup, retries: Int) throws -> APNsDelivery {
    let client = try makeClient(setup, connections: 1, retries: retries)
    let outcome: Result<APNsDelivery, APNsClientError> = waitFor {
      defer { Task { try? await client.shutdown() } }
      do throws(APNsClientError) { return .success(try await client.deliver(request)) } catch { return .failure(error) }
    }
    switch outcome {
    case .failure(let error):
      complain(ToolProblem(error.message))
      throw ExitCode(2)
    case .success(let delivery):
      return delivery
    }
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

  /// A provider token for the gate to check (the client signs its own per connection).
  static func gateToken(_ setup: Setup, now: Int64) -> String? {
    guard let signer = setup.signer, case .token(_, let team) = setup.authentication else { return nil }
    return (try? signer.token(teamID: team, issuedAt: now)).map { "bearer " + $0 }
  }

  /// Where `setup` sends.
  static func endpoint(_ setup: Setup) -> APNsEndpoint { APNsEndpoint(host: setup.host, port: setup.port, tls: setup.tls) }

  /// The request as text, the provider token redacted unless `showSecrets`.
  static func requestText(_ push: APNsPush, setup: Setup, authorization: String?, showSecrets: Bool) -> String {
    push.text(to: endpoint(setup), authorization: authorization, showSecrets: showSecrets)
  }

  /// `curl --http2 …`: the same request, with this command line's CA and TLS identity.
  func curlCommand(_ push: APNsPush, setup: Setup, authorization: String?, showSecrets: Bool) -> String {
    let quote = APNsPush.shellQuoted
    var credentials: [String] = []
    if let ca { credentials += ["--cacert", quote(ca)] }
    if let cert, let certKey { credentials += ["--cert", quote(cert), "--key", quote(certKey)] }
    if let p12 { credentials += ["--cert-type", "P12", "--cert", quote(p12 + (p12PasswordEnv.map { ":$" + $0 } ?? ""))] }
    return push.curlCommand(to: Self.endpoint(setup), authorization: authorization, showSecrets: showSecrets, credentials: credentials)
  }
}

/// What the gate and the output of `send` and `channel` do: `--force`, `--dry-run`, `--curl`,
/// `--show-secrets`.
struct GateOptions: ParsableArguments {
  @Flag(help: "Send even when the gate predicts a refusal or finds an error.") var force = false
  @Flag(name: .customLong("dry-run"), help: "Check and print the request; send nothing.") var dryRun = false
  @Flag(help: "Print an equivalent curl command; send nothing.") var curl = false
  @Flag(name: .customLong("show-secrets"), help: "Do not redact the provider token in --curl and reports.") var showSecrets = false
}

/// When a repeated note was last printed: `due(every:)` says whether it may be printed again.
final class NoteClock: @unchecked Sendable {
  private let lock = NSLock()
  private var last: Date?

  /// True (and the clock set) when no note was printed in the last `seconds`.
  func due(every seconds: TimeInterval) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    if let last, now.timeIntervalSince(last) < seconds { return false }
    last = now
    return true
  }
}
