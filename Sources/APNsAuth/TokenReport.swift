// What `apns-lint token check` reports, as text and JSON: a provider token's inspection
// (`ProviderToken.inspect`) with a key's scope, and a VAPID header's verification (SPEC §8, §16).

import Foundation
import PayloadSchema

/// A provider token's inspection read for a person or a program: header and claims, age, the
/// signature's verdict, the key's scope, the problems, and APNs' answer.
public struct ProviderTokenReport: Sendable {
  public var claims: ProviderTokenClaims?
  public var age: Int64?
  /// `valid`, `invalid`, `unknown-kid` (no key given has the token's `kid`), or nil when not verified.
  public var signature: String?
  public var problems: [String] = []
  public var status = 200
  public var reason: String?
  /// What the key may do (a scoped key), for the text and JSON.
  public var scope: KeyScope?

  /// Inspects `authorization` (`bearer <JWT>`) at `now`, verifying with `ring` when given;
  /// `keyFile` names the key in messages.
  public init(authorization: String, now: Int64, ring: ProviderKeyRing?, keyFile: String?) {
    let inspection = ProviderToken.inspect(authorization: authorization, now: now, verifier: ring, keyIDs: ring?.keyIDs ?? [],
                                           keyName: keyFile)
    claims = inspection.claims
    age = inspection.age
    switch inspection.signature {
    case .valid?: signature = "valid"
    case .unknownKey?: signature = "unknown-kid"
    case .invalid?: signature = "invalid"
    case nil: signature = nil
    }
    problems = inspection.problems.map(\.message)
    status = inspection.answer.status
    reason = inspection.answer.reason
  }

  /// The key's scope against the environment and topic the token is for (Apple's 2025 key
  /// model; SPEC §10 "Key scopes"): a token APNs would take otherwise is refused 403
  /// BadEnvironmentKeyIdInToken or Forbidden.
  public mutating func apply(scope: KeyScope?, environment: KeyScope.Environment?, topic: String?) {
    self.scope = scope
    guard let scope, status == 200, let refusal = scope.refusal(environment: environment, topic: topic) else { return }
    problems.append(refusal.why)
    status = refusal.reason.status(on: .token)
    reason = refusal.reason.rawValue
  }

  /// `APNs would answer 403 Forbidden`.
  public var verdict: String { "APNs would answer \(status)" + (reason.map { " " + $0 } ?? "") }

  /// The text `token check` prints, one fact a line, invisible characters made visible.
  public var text: String {
    var lines: [String] = []
    if let claims {
      lines.append("header: {\"alg\": \(Self.json(claims.algorithm)), \"kid\": \(Self.json(claims.keyID))}")
      lines.append("claims: {\"iss\": \(Self.json(claims.issuer)), \"iat\": \(claims.issuedAt.map(String.init) ?? "null")}")
      lines.append("age: " + (age.map { "\($0) seconds" } ?? "unknown (no numeric 'iat')"))
    } else {
      lines.append("header: cannot be decoded")
      lines.append("claims: cannot be decoded")
    }
    lines.append("signature: " + (signature ?? "not verified (give --key FILE)"))
    if let scope { lines.append("key scope: " + scope.description) }
    for problem in problems { lines.append("error: " + problem) }
    lines.append(verdict)
    return lines.map(VisibleText.escape).joined(separator: "\n") + "\n"
  }

  /// The JSON `token check --format json` prints.
  public var json: String {
    let header = claims.map { "{\"alg\": \(Self.json($0.algorithm)), \"kid\": \(Self.json($0.keyID))}" } ?? "null"
    let body = claims.map { "{\"iss\": \(Self.json($0.issuer)), \"iat\": \($0.issuedAt.map(String.init) ?? "null")}" } ?? "null"
    let list = problems.isEmpty ? "[]" : "[\n    " + problems.map(Self.json).joined(separator: ",\n    ") + "\n  ]"
    return """
      {
        "header": \(header),
        "claims": \(body),
        "age": \(age.map(String.init) ?? "null"),
        "signature": \(Self.json(signature)),
        "scope": \(scope.map { Self.scopeJSON($0) } ?? "null"),
        "apns": {"status": \(status), "reason": \(Self.json(reason))},
        "problems": \(list)
      }

      """
  }

  /// `{"environment": "sandbox"|null, "topics": [...]|null, "related": "KEYID"|null}`.
  static func scopeJSON(_ scope: KeyScope) -> String {
    let topics = scope.topics.map { "[" + $0.sorted().map { json($0) }.joined(separator: ", ") + "]" } ?? "null"
    return "{\"environment\": \(json(scope.environment?.rawValue)), \"topics\": \(topics), \"related\": \(json(scope.related))}"
  }

  /// A JSON string literal, or null; controls, bidi controls and non-ASCII line breaks escaped.
  static func json(_ text: String?) -> String { text.map { JSONText.quoted($0, escapingInvisible: true) } ?? "null" }
}

extension VAPIDVerification {
  /// The text `token check` prints for a valid VAPID header at `now`.
  public func text(now: Int64) -> String {
    """
    VAPID (\(scheme == .vapid ? "vapid t=…, k=…" : "WebPush + Crypto-Key")): signature valid
      aud \(VisibleText.escape(audience))
      sub \(VisibleText.escape(subject))
      exp \(expiration) (\(expiration - now) s from now)
      k   \(Self.base64URL(publicKey))
    the web push service would take it: 201

    """
  }

  /// The JSON `token check --format json` prints for a valid VAPID header.
  public var json: String {
    func q(_ s: String) -> String { JSONText.quoted(s, escapingInvisible: true) }
    return """
      {
        "kind": "vapid",
        "scheme": \(q(scheme.rawValue)),
        "valid": true,
        "aud": \(q(audience)),
        "sub": \(q(subject)),
        "exp": \(expiration),
        "publicKey": \(q(Self.base64URL(publicKey))),
        "status": 201,
        "reason": null
      }

      """
  }

  /// base64url without padding (RFC 4648 §5), as the `k=` of a VAPID header is written.
  static func base64URL(_ bytes: [UInt8]) -> String {
    String(Data(bytes).base64EncodedString().filter { $0 != "=" }.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
  }
}

extension VAPIDProblem {
  /// The text `token check` prints for a VAPID header the web push service would refuse.
  public var text: String {
    "VAPID: \(message)\nthe web push service would refuse it\(appleReason.map { ": \($0)" } ?? "")\n"
  }

  /// The JSON `token check --format json` prints for it.
  public var json: String {
    func q(_ s: String?) -> String { s.map { JSONText.quoted($0, escapingInvisible: true) } ?? "null" }
    return """
      {
        "kind": "vapid",
        "valid": false,
        "problem": \(q(message)),
        "reason": \(q(appleReason?.rawValue))
      }

      """
  }
}
