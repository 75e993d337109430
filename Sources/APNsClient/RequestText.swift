// A push as a person reads it (SPEC §12): the request as text, an equivalent curl command line,
// the block for a bug report when APNs' answer differs from the prediction, and a broadcast's
// request. `send` and `channel` print these; the provider token is redacted unless asked.

import Foundation
import NIOConcurrencyHelpers
import NIOCore
import PayloadSchema

/// Where a request goes: the host, the port, and whether over TLS.
public struct APNsEndpoint: Sendable, Hashable {
  public var host: String
  public var port: Int
  public var tls: Bool

  public init(host: String, port: Int = 443, tls: Bool = true) {
    self.host = host
    self.port = port
    self.tls = tls
  }

  /// `host` or `host:port` when the port is not 443.
  public var authority: String { host + (port == 443 ? "" : ":\(port)") }

  /// `https://host[:port]` (TLS, 443 by default) or `http://host[:port]` (h2c, 80 by default), as
  /// `--url` gives a `serve` or a proxy; a path or query after it is ignored (every request names
  /// its own path). Nil for another scheme or no host.
  public init?(url: String) {
    guard let parsed = URLComponents(string: url), let scheme = parsed.scheme, scheme == "https" || scheme == "http",
          let host = parsed.host, !host.isEmpty else { return nil }
    self.init(host: host, port: parsed.port ?? (scheme == "https" ? 443 : 80), tls: scheme == "https")
  }

  /// Apple's services (SPEC §12, §13.2).
  public enum Service: Sendable {
    /// Pushes to devices: `api[.sandbox].push.apple.com`.
    case push
    /// Broadcasts to a channel. Apple's page "Sending broadcast push notification requests to
    /// APNs" names two hosts: its text `api[.sandbox].push.apple.com`, its sample requests
    /// `api-broadcast[.sandbox].push.apple.com` (`sampleHost`).
    case broadcast(sampleHost: Bool)
    /// Channel management: `api-manage-broadcast[.sandbox].push.apple.com`, ports 2196 and 2195.
    case management
  }

  /// Apple's endpoint for `service` in production or the development environment (sandbox).
  public static func apple(_ service: Service, production: Bool) -> APNsEndpoint {
    let environment = production ? ".push.apple.com" : ".sandbox.push.apple.com"
    switch service {
    case .push: return APNsEndpoint(host: "api" + environment)
    case .broadcast(let sampleHost): return APNsEndpoint(host: (sampleHost ? "api-broadcast" : "api") + environment)
    case .management:
      return production ? APNsEndpoint(host: ChannelManagement.productionHost, port: ChannelManagement.productionPort)
                        : APNsEndpoint(host: ChannelManagement.developmentHost, port: ChannelManagement.developmentPort)
    }
  }
}

extension APNsClient.Configuration {
  /// Where the client connects: `host`, `port` and `tls` together.
  public var endpoint: APNsEndpoint {
    get { APNsEndpoint(host: host, port: port, tls: tls) }
    set { (host, port, tls) = (newValue.host, newValue.port, newValue.tls) }
  }

  /// Sets `onRetryWait` to call `note` before a wait of a second or more after a 500 or 503, at
  /// most once every `seconds` (a batch may wait for many pushes at once), so that a long wait
  /// (Apple's 15 minutes) is said rather than seeming to hang: "APNs answered 503
  /// ServiceUnavailable; waiting 15 min before sending it again (Apple: retry 5xx after 15
  /// minutes, with back-off)", with `hint` inside the parentheses after a semicolon when given.
  public mutating func noteServerErrorWaits(every seconds: Double = 10, hint: String? = nil, _ note: @escaping @Sendable (String) -> Void) {
    let last = NIOLockedValueBox<Date?>(nil)
    onRetryWait = { answer, wait in
      guard let answer, answer.status == 500 || answer.status == 503, wait >= .seconds(1) else { return }
      let due = last.withLockedValue { last in
        if let previous = last, Date().timeIntervalSince(previous) < seconds { return false }
        last = Date()
        return true
      }
      guard due else { return }
      let waiting = Double(wait.nanoseconds) / 1e9
      note("APNs answered \(answer); waiting \(waiting < 120 ? String(format: "%.1f s", waiting) : String(format: "%.0f min", waiting / 60)) "
        + "before sending it again (Apple: retry 5xx after 15 minutes, with back-off\(hint.map { "; " + $0 } ?? ""))")
    }
  }
}

extension APNsClient.Authentication {
  /// The `authorization` value a request carries under token authentication (`bearer <token>`,
  /// issued at `now`), for a gate to check before the client signs its own; nil otherwise.
  public func authorization(now: Int64) -> String? {
    guard case .token(let signer, let team) = self else { return nil }
    return (try? signer.token(teamID: team, issuedAt: now)).map { "bearer " + $0 }
  }

  /// How the validator sees this authentication: token, certificate, or nil for none.
  public var validated: PayloadSchema.Authentication? {
    switch self {
    case .token: .token
    case .certificate, .pkcs12: .certificate
    case .none: nil
    }
  }
}

extension APNsPush {
  /// `bearer header.claims.signature` → `bearer header.claims.<redacted>`: who sent it stays
  /// readable (key id, team, iat), the token cannot be replayed. Unchanged with `showSecrets`.
  public static func redact(_ authorization: String, showSecrets: Bool) -> String {
    guard !showSecrets, let dot = authorization.lastIndex(of: ".") else { return authorization }
    return String(authorization[...dot]) + "<redacted>"
  }

  /// The push's headers after the `authorization` the client adds (when it has none), each
  /// `authorization` redacted unless `showSecrets`.
  func shownHeaders(authorization: String?, showSecrets: Bool) -> [(String, String)] {
    var out: [(String, String)] = []
    if let authorization, !headers.contains(where: { $0.name.lowercased() == "authorization" }) {
      out.append(("authorization", Self.redact(authorization, showSecrets: showSecrets)))
    }
    for h in headers {
      out.append((h.name, h.name.lowercased() == "authorization" ? Self.redact(h.value, showSecrets: showSecrets) : h.value))
    }
    return out
  }

  /// The request as text: `METHOD path HTTP/2`, `host`, the headers, a blank line, the body.
  public func text(to endpoint: APNsEndpoint, authorization: String?, showSecrets: Bool = false) -> String {
    var lines = ["\(method) \(path) HTTP/2", "host: \(endpoint.authority)"]
    lines += shownHeaders(authorization: authorization, showSecrets: showSecrets).map { "\($0.0): \($0.1)" }
    lines.append("")
    lines.append(String(decoding: body, as: UTF8.self))
    return lines.joined(separator: "\n")
  }

  /// `curl --http2 …` (`--http2-prior-knowledge` without TLS) for the same request.
  /// `credentials` are curl's own arguments for the client's TLS identity and CA (`--cacert`,
  /// `--cert`, `--key`, `--cert-type`), already quoted.
  public func curlCommand(to endpoint: APNsEndpoint, authorization: String?, showSecrets: Bool = false,
                          credentials: [String] = []) -> String {
    var parts = ["curl", endpoint.tls ? "--http2" : "--http2-prior-knowledge", "-sS", "-D", "-"]
    if method != "POST" && method != "GET" { parts += ["-X", method] }
    parts += credentials
    for (name, value) in shownHeaders(authorization: authorization, showSecrets: showSecrets) {
      parts += ["-H", Self.shellQuoted("\(name): \(value)")]
    }
    if !body.isEmpty || method == "POST" {
      parts += ["--data-binary", Self.shellQuoted(String(decoding: body, as: UTF8.self))]
    }
    parts.append(Self.shellQuoted("\(endpoint.tls ? "https" : "http")://\(endpoint.authority)\(path)"))
    return parts.joined(separator: " ")
  }

  /// `'text'` for a POSIX shell, single quotes written `'\''`.
  public static func shellQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }

  /// The request and the answer in one block, ready for a bug report when APNs' answer differs
  /// from the prediction: the device token shortened, no provider token.
  public func bugReport(to endpoint: APNsEndpoint, delivery: APNsDelivery, predicted: APNsAnswer, toolVersion: String) -> String {
    var copy = self
    if let token = deviceToken, token.count > 8 {
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
      # apns-lint \(toolVersion): APNs answered \(delivery.answer), apns-lint predicted \(predicted)
      \(copy.text(to: endpoint, authorization: nil))

      \(answer.joined(separator: "\n"))
      ```
      """
  }
}

extension ChannelManagement {
  /// A broadcast to `channel` (SPEC §13.2): `/4/broadcasts/apps/<bundle-id>` with
  /// `apns-channel-id`, and the headers Apple requires there that `headers` lacks
  /// (`apns-push-type: LiveActivity`, `apns-priority: 10`, `apns-expiration: 0`, which every
  /// storage policy takes). The bundle id is `bundleID`, else `topic` without its `.push-type.…`
  /// suffix; `topic` itself is dropped from the headers (the bundle id is in the path, and a
  /// suffixed topic there is TopicDisallowed).
  public static func broadcast(channel: String, bundleID: String?, topic: String?,
                               headers: [RequestHeader]) -> (path: String, headers: [RequestHeader]) {
    var app = bundleID ?? topic ?? ""
    if bundleID == nil, let suffix = app.range(of: ".push-type.") { app = String(app[..<suffix.lowerBound]) }
    var out = headers.filter { !($0.name.lowercased() == "apns-topic" && $0.value == topic && topic != nil) }
    func add(_ name: String, _ value: String) {
      if !out.contains(where: { $0.name.lowercased() == name }) { out.append(RequestHeader(name, value)) }
    }
    add("apns-channel-id", channel)
    add("apns-push-type", "LiveActivity")
    add("apns-priority", "10")
    add("apns-expiration", "0")
    return ("/4/broadcasts/apps/" + app, out)
  }
}

extension APNsPush {
  /// The push a request file's entry describes, as `send FILE.http` sends it: the file's headers,
  /// then each of `defaults` (a command line's `-H`, `--topic`, …) whose name the file does not
  /// give; `path` (a command line's device token or channel) before the file's. Nil when neither
  /// gives a path.
  public init?(entry: RequestFile.Entry, defaults: [RequestHeader], path: String?) {
    var headers = entry.request.headers
    for h in defaults { headers.addUnlessPresent(h.name, h.value) }
    guard let path = path ?? entry.request.path else { return nil }
    self.init(path: path, headers: headers, body: entry.request.body)
  }
}

extension APNsDelivery {
  /// The answer in one line, as `apns-lint send` prints it: `APNs answered 200 (apns-id …,
  /// apns-unique-id …, apns-request-id …, timestamp …, 2 attempts)`, each detail when there is one.
  public var summary: String {
    var details: [String] = []
    if let apnsID { details.append("apns-id \(apnsID)") }
    if let apnsUniqueID { details.append("apns-unique-id \(apnsUniqueID)") }
    if let id = header("apns-request-id") { details.append("apns-request-id \(id)") }
    if let timestamp { details.append("timestamp \(timestamp)") }
    if attempts > 1 { details.append("\(attempts) attempts") }
    return "APNs answered \(answer)" + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
  }
}

extension APNsAnswer {
  /// For a reason APNs sent in its wire spelling where Apple's table writes another
  /// (`BadEnvironmentKeyInToken` for `BadEnvironmentKeyIdInToken`): which of Apple's reasons it is,
  /// Apple's words for it and what to do, as `send`, `send --batch` and `channel` print it under
  /// the answer. Nil for every other answer.
  public var wireSpellingExplanation: String? {
    guard let text = reason, APNsReason.isWireSpelling(text), let known = APNsReason(wire: text),
          let row = APNsCatalogue.row(known, on: .device) ?? APNsCatalogue.row(known, on: .token) else { return nil }
    var out = "\(text) is APNs' wire spelling of \(known.rawValue), as Apple's table writes it (\"\(row.source.title)\", \(row.source.url)): \(row.apple)"
    if let remedy = Self.remedy(known) { out += "\nWhat to do: " + remedy }
    return out
  }

  /// What a provider does about a reason whose wire spelling differs from Apple's.
  private static func remedy(_ reason: APNsReason) -> String? {
    switch reason {
    case .badEnvironmentKeyIdInToken:
      "the token's key is limited to the other environment (Apple's key model of 2025, \"Establishing a token-based connection to APNs\"); sign the token with a key enabled for this environment, or send to the host of the key's environment (api.sandbox.push.apple.com for sandbox, api.push.apple.com for production)"
    default: nil
    }
  }
}
