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

  /// Usage errors of option combinations, thrown as `ToolProblem` (the shape of every usage
  /// error) when the command starts; not ArgumentParser's `validate()`, whose errors it prints
  /// its own way.
  func checkUsage() throws(ToolProblem) {
    if [key != nil, cert != nil, p12 != nil].filter({ $0 }).count > 1 { throw ToolProblem("choose one of --key, --cert and --p12") }
    if key != nil && team == nil { throw ToolProblem("--key needs --team TEAMID") }
    if cert != nil && certKey == nil { throw ToolProblem("--cert needs --cert-key FILE") }
    if [sandbox, production, url != nil].filter({ $0 }).count > 1 { throw ToolProblem("choose one of --sandbox, --production and --url") }
    if !(serverErrorDelay >= 0 && serverErrorDelay <= 86_400) { throw ToolProblem("--server-error-delay must be 0 to 86400 seconds") }
  }

  /// The client's configuration for Apple's `service` (`--url` overrides the host): the target
  /// and the credentials. Exit 2 on a bad `--url`, an unreadable key or an unset password variable.
  func makeSetup(_ service: APNsEndpoint.Service) throws -> APNsClient.Configuration {
    var endpoint = APNsEndpoint.apple(service, production: production)
    if let url {
      guard let given = APNsEndpoint(url: url) else {
        throw ToolProblem("--url '\(VisibleText.escape(url))': expected https://host[:port] or http://host[:port]")
      }
      endpoint = given
    }
    var authentication = APNsClient.Authentication.none
    if let key, let team {
      do { authentication = .token(signer: try ProviderTokenSigner(key: try ProviderKey.load(path: key, keyID: keyID)), teamID: team) } catch {
        throw error.toolProblem
      }
    } else if let cert, let certKey {
      authentication = .certificate(certificateFile: cert, keyFile: certKey)
    } else if let p12 {
      var password: String?
      if let variable = p12PasswordEnv {
        guard let value = ProcessInfo.processInfo.environment[variable] else {
          throw ToolProblem("--p12-password-env \(variable): the variable is not set")
        }
        password = value
      }
      authentication = .pkcs12(file: p12, password: password)
    }
    var setup = APNsClient.Configuration(authentication: authentication)
    setup.endpoint = endpoint
    setup.caFile = ca
    return setup
  }

  /// A client for `setup`; exit 2 when the credentials or the CA cannot be used.
  func makeClient(_ setup: APNsClient.Configuration, connections: Int, retries: Int) throws -> APNsClient {
    var c = setup
    c.connections = connections
    // A batch over several connections spreads them over the cores' event loops.
    c.threads = max(1, min(connections, ProcessInfo.processInfo.activeProcessorCount))
    c.retries = retries
    c.serverErrorDelay = .nanoseconds(Int64(serverErrorDelay * 1e9))
    c.noteServerErrorWaits(hint: "--server-error-delay") { complain(ToolProblem($0, kind: .note)) }
    do {
      return try APNsClient(c)
    } catch {
      throw ToolProblem(error.message)
    }
  }

  /// Sends one request on a client of its own and shuts the client down; a failure to get any
  /// answer is printed and exits 2 (`send` and `channel` alike).
  func deliverOnce(_ request: APNsPush, setup: APNsClient.Configuration, retries: Int) throws -> APNsDelivery {
    let client = try makeClient(setup, connections: 1, retries: retries)
    let outcome: Result<APNsDelivery, APNsClientError> = waitFor {
      defer { Task { try? await client.shutdown() } }
      do throws(APNsClientError) { return .success(try await client.deliver(request)) } catch { return .failure(error) }
    }
    switch outcome {
    case .failure(let error):
      throw ToolProblem(error.message)
    case .success(let delivery):
      return delivery
    }
  }

  /// The gate's linter: `check`'s configuration and validator, with the authentication in use.
  func makeLinter(_ setup: APNsClient.Configuration) throws -> Linter {
    Linter(configuration: try loadConfiguration(nil), authentication: setup.authentication.validated)
  }

  /// `curl --http2 …`: the same request, with this command line's CA and TLS identity.
  func curlCommand(_ push: APNsPush, setup: APNsClient.Configuration, authorization: String?, showSecrets: Bool) -> String {
    let quote = APNsPush.shellQuoted
    var credentials: [String] = []
    if let ca { credentials += ["--cacert", quote(ca)] }
    if let cert, let certKey { credentials += ["--cert", quote(cert), "--key", quote(certKey)] }
    if let p12 { credentials += ["--cert-type", "P12", "--cert", quote(p12 + (p12PasswordEnv.map { ":$" + $0 } ?? ""))] }
    return push.curlCommand(to: setup.endpoint, authorization: authorization, showSecrets: showSecrets, credentials: credentials)
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
