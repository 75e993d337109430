/// Everything APNs' view of one provider token says, worked out in one place: its decoded fields,
/// its age, its signature with the keys given, each problem with the reason APNs gives, in the
/// order APNs checks (syntax and claims, the signature, then the age), and the answer. What
/// `apns-lint token check` prints, text or JSON, is this value.
public struct ProviderTokenInspection: Sendable, Hashable {
  /// One thing wrong with the token and the reason APNs refuses it for (`InvalidProviderToken`,
  /// `ExpiredProviderToken`).
  public struct Problem: Sendable, Hashable {
    /// What is wrong, lowercase start (`provider token issued 7200 seconds ago, …`).
    public var message: String
    /// The reason APNs answers with (`ExpiredProviderToken`).
    public var reason: APNsReason
  }

  /// The decoded header and claims; nil when the token does not decode.
  public var claims: ProviderTokenClaims?
  /// Seconds since `iat` at the time given; nil without a numeric `iat`.
  public var age: Int64?
  /// The signature checked with the keys given; nil when no key was given or the token does not
  /// decode.
  public var signature: ProviderTokenSignature?
  /// The problems, in the order APNs checks; the first one decides the answer.
  public var problems: [Problem]

  /// 200, or 403 with the first problem's reason.
  public var answer: APNsAnswer {
    problems.first.map { APNsAnswer($0.reason, on: .token) } ?? .accepted
  }
}

extension ProviderToken {
  /// Inspects a provider token as APNs would. `authorization` is the header's value (`bearer
  /// <JWT>`); `now` is seconds since 1970. With `verifier`, the signature is checked once the token
  /// decodes; `keyIDs` (the ids the verifier holds) and `keyName` (where its keys come from, as a
  /// user named them) only word the messages. An unverified token's age is reported after its
  /// signature, as APNs checks it.
  public static func inspect(authorization: String, now: Int64, verifier: (any ProviderTokenVerifying)? = nil,
                             keyIDs: [String] = [], keyName: String? = nil) -> ProviderTokenInspection {
    let problem = check(authorization: authorization, now: now)
    let decoded = decode(authorization)
    let claims = decoded?.claims
    var age: Int64? = nil
    if let iat = claims?.issuedAt {
      let (difference, overflow) = now.subtractingReportingOverflow(iat)
      age = overflow ? nil : difference
    }
    var problems: [ProviderTokenInspection.Problem] = []
    var expiry: ProviderTokenInspection.Problem? = nil
    if let problem {
      let found = ProviderTokenInspection.Problem(message: problem.message, reason: problem.apnsReason)
      if case .expired = problem { expiry = found } else { problems.append(found) }
    }
    var signature: ProviderTokenSignature? = nil
    if let verifier, decoded != nil {
      var value = authorization
      signature = value.withUTF8 { verifySignature(authorization: $0, with: verifier) } ?? .invalid
      let keyID = claims?.keyID ?? ""
      switch signature {
      case .unknownKey?:
        let known = keyIDs.map { "'\($0)'" }.joined(separator: ", ")
        problems.append(.init(message: "provider token 'kid' is '\(keyID)', not the id of the key given (\(known))",
                              reason: .invalidProviderToken))
      case .invalid?:
        problems.append(.init(message: "provider token signature does not verify with key '\(keyID)' (\(keyName ?? "--key"))",
                              reason: .invalidProviderToken))
      case .valid?, nil:
        break
      }
    }
    if let expiry { problems.append(expiry) }
    return ProviderTokenInspection(claims: claims, age: age, signature: signature, problems: problems)
  }
}
