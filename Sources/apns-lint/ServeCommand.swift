import APNsAuth
import APNsLint
import APNsServer
import ArgumentParser
import Dispatch
import Foundation
import PayloadSchema
import StringsFile

/// `apns-lint serve`: a local APNs over HTTP/2 (SPEC §10).
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Run a local APNs: an HTTP/2 server that answers pushes as APNs would, with an inbox.",
    discussion: """
      Plain TCP speaks HTTP/2 with prior knowledge (curl --http2-prior-knowledge); TLS offers h2 by ALPN. \
      SIGINT or SIGTERM sends every connection GOAWAY {"reason":"Shutdown"}, answers the streams already \
      accepted, writes the log and exits 0. Exit status 2: a usage error, or a port, file or key that cannot be used.
      """)

  @Option(help: "The address to listen on.") var host = "127.0.0.1"
  @Option(help: "The HTTP/2 port (0: any free port).") var port = 2197
  @Option(name: .customLong("tls-cert"), help: "A PEM certificate (chain) for TLS.") var tlsCert: String?
  @Option(name: .customLong("tls-key"), help: "The PEM private key of --tls-cert.") var tlsKey: String?
  @Flag(name: .customLong("tls-self-signed"), help: "TLS with a P-256 certificate for localhost made at start (its SHA-256 is printed).") var tlsSelfSigned = false
  @Option(help: "development (answers carry apns-unique-id) or production.") var environment: APNsEnvironment = .development
  @Option(help: "A provider-token key (AuthKey_KEYID.p8 or a public-key PEM), optionally with its scope: FILE[:sandbox|production][:team|topic=BUNDLE,…][:related=KEYID]; repeat for several. With any, every token connection needs a token that verifies.") var key: [String] = []
  @Option(help: "The 10-character team id provider tokens must name ('iss').") var team: String?
  @Option(help: "A device registry: TSV lines 'token topic environment state [platform[:os]]' (state: active, unregistered:<ms>, expired; device: ios:17.2, watchos).") var devices: String?
  @Option(help: "Write one NDJSON record per request to FILE ('-': standard output).") var log: String?
  @Option(help: "A folder with the app's .lproj tables (or .xcstrings): records carry the alert as each --lang device shows it.") var strings: String?
  @Option(help: "A device's preferred languages (comma-separated); repeat for several devices.") var lang: [String] = []
  @Option(help: "The table name (default: Localizable).") var table = "Localizable"
  @Option(help: "The app's Swift files with its ActivityAttributes (a file or a folder; repeatable): a Live Activity push that would not decode is answered 200, as APNs does, and logged as dropped on the device.", completion: .file(extensions: ["swift"]))
  var activity: [String] = []
  @Option(name: .customLong("ui-port"), help: "Serve the inbox page and API over HTTP/1.1 on this port.") var uiPort: Int?
  @Option(name: .customLong("web-push"), help: "Also be a web push service (Safari's, SPEC §16) over HTTP/1.1 on this port: POST /subscriptions, pushes to their endpoints, GET / the inbox.") var webPush: Int?
  @Flag(help: "Also refuse pushes with error findings APNs accepts: 400 with an APNs reason where one fits (else the rule id), and the rule id in the body's \"rule\".") var strict = false
  @Option(help: "Inject failures: STATUS:REASON:PERCENT (e.g. 503:ServiceUnavailable:5); repeatable.") var fault: [String] = []
  @Option(name: .customLong("reason-spelling"), help: "apple: reasons as Apple's table spells them (BadEnvironmentKeyIdInToken); wire: as APNs sends them (BadEnvironmentKeyInToken).") var reasonSpelling: APNsServer.ReasonSpelling = .apple
  @Option(name: .customLong("rate-limit"), help: "Answer 429 TooManyRequests past N pushes a second to one device token.") var rateLimit: Int?
  @Option(help: "The platform the pushes are for (ios, macos, watchos, …).") var platform: Platform = .ios
  @Option(name: .customLong("idle-timeout"), help: "Seconds a connection may read nothing before GOAWAY {\"reason\":\"IdleTimeout\"}.") var idleTimeout = 300
  @Option(help: "Event-loop threads (default: one per core).") var threads: Int?
  @Option(name: .customLong("client-ca"), help: "Require a client certificate signed by this CA (PEM; with TLS): certificate connections, topics from the certificate.") var clientCA: String?
  @Option(name: .customLong("stream-limit-model"), help: "apns: one stream until a push is accepted, one again after a refusal (as APNs); fixed: always 1,000.") var streamLimitModel: APNsServer.StreamLimitModel = .apns

  /// Usage errors of option combinations, thrown as `ToolProblem` (the shape of every usage
  /// error) when the command starts; not ArgumentParser's `validate()`, whose errors it prints
  /// its own way.
  func checkUsage() throws(ToolProblem) {
    if (tlsCert == nil) != (tlsKey == nil) { throw ToolProblem("--tls-cert and --tls-key go together") }
    if tlsSelfSigned && tlsCert != nil { throw ToolProblem("--tls-self-signed or --tls-cert/--tls-key, not both") }
    if let team, !ProviderToken.isTeamID(team) { throw ToolProblem("--team '\(team)' is not a 10-character team id (A-Z, 0-9)") }
    if let rateLimit, rateLimit < 1 { throw ToolProblem("--rate-limit must be at least 1") }
    if !(0...65535).contains(port) { throw ToolProblem("--port must be 0 to 65535") }
    if let uiPort, !(0...65535).contains(uiPort) { throw ToolProblem("--ui-port must be 0 to 65535") }
    if let webPush, !(0...65535).contains(webPush) { throw ToolProblem("--web-push must be a port, 0 to 65535") }
    if idleTimeout < 1 { throw ToolProblem("--idle-timeout must be at least 1 second") }
    if let threads, threads < 1 { throw ToolProblem("--threads must be at least 1") }
    for f in fault where Fault(f) == nil {
      throw ToolProblem("--fault '\(f)' is not STATUS:REASON:PERCENT (e.g. 503:ServiceUnavailable:5)")
    }
    if !lang.isEmpty && strings == nil { throw ToolProblem("--lang needs --strings") }
    if clientCA != nil && tlsCert == nil && !tlsSelfSigned { throw ToolProblem("--client-ca needs TLS (--tls-cert/--tls-key or --tls-self-signed)") }
  }

  func run() throws {
    try checkUsage()
    var c = APNsServer.Configuration()
    c.host = host
    c.port = port
    if tlsSelfSigned { c.tls = .selfSigned } else if let tlsCert, let tlsKey { c.tls = .files(certificate: tlsCert, privateKey: tlsKey) }
    c.environment = environment
    var ring = ProviderKeyRing()
    for argument in key {
      let (path, scope) = ProviderKeyRing.splitScope(argument)
      switch scope {
      case .failure(let problem):
        throw ToolProblem("--key \(VisibleText.escape(argument)): \(problem)")
      case .success(let scope):
        ring.add(try TokenIDs.loadKey(path, keyID: nil), scope: scope.isScoped ? scope : nil)
      }
    }
    c.keys = ring
    c.teamID = team
    if let devices {
      guard let text = try? String(contentsOfFile: devices, encoding: .utf8) else {
        throw ToolProblem("cannot read the device registry", path: devices)
      }
      do { c.devices = try DeviceRegistry(parsing: text) } catch {
        throw ToolProblem(error.message, path: devices, line: error.line)
      }
    }
    c.strict = strict
    c.faults = fault.compactMap(Fault.init)
    c.reasonSpelling = reasonSpelling
    c.rateLimit = rateLimit
    c.log = log.map { $0 == "-" ? .standardOutput : .file($0) }
    c.uiPort = uiPort
    c.webPushPort = webPush
    c.streamLimitModel = streamLimitModel
    c.clientCA = clientCA
    c.target = Target(platform: platform)
    c.idleTimeout = .seconds(Int64(idleTimeout))
    c.threads = threads
    if let strings {
      do {
        let bundle = try LocalizationBundle(root: strings, table: table)
        for problem in bundle.unreadable { complain(ToolProblem(problem.message, path: problem.path)) }
        c.strings = bundle
      } catch {
        throw ToolProblem("cannot read the localization tables: \(error)", path: strings)
      }
      c.languages = apns_lint.devices(lang) ?? []
    }

    if !activity.isEmpty {
      let (checker, failed) = ActivitySources.load(reporting: activity)
      if failed { throw ExitCode(2) }
      c.activity = checker
    }

    // Signals are taken by a dispatch source, not the default handler: shutdown is graceful.
    APNsServer.takeSignals()
    let server: APNsServer
    do { server = try APNsServer.start(c) } catch {
      throw ToolProblem("\(error)")
    }
    // Messages go to standard error: standard output may be the NDJSON log.
    let scheme = c.tls == nil ? "h2c (HTTP/2 with prior knowledge)" : "h2 over TLS"
    complain("apns-lint serve: \(scheme) on \(host):\(server.port), \(environment.rawValue) environment")
    if let fingerprint = server.certificateFingerprint { complain("certificate SHA-256: \(fingerprint)") }
    if let ui = server.uiPort { complain("inbox: http://\(host):\(ui)/") }
    if let port = server.webPushPort {
      complain("web push: \(c.tls == nil ? "http" : "https")://\(host):\(port)/ (\(c.tls == nil ? "HTTP/1.1" : "HTTP/2 or HTTP/1.1 by ALPN"); POST /subscriptions for a subscription; its endpoint takes pushes; GET / the inbox, GET /pushes as JSON)")
    }

    server.waitForSignal()
    complain("apns-lint serve: shutting down (GOAWAY Shutdown)")
    do { try server.shutdown() } catch {
      complain(ToolProblem("shutdown: \(error)"))
    }
  }
}

extension APNsEnvironment: ExpressibleByArgument {}

extension APNsServer.StreamLimitModel: ExpressibleByArgument {}

extension APNsServer.ReasonSpelling: ExpressibleByArgument {}
