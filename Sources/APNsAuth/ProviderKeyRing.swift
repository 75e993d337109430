import Crypto
import Foundation
import PayloadSchema

/// Public keys by key id: verifies provider-token signatures as APNs does, for request checks
/// (`ProviderToken.verifySignature`) and `apns-lint token check --key`.
public struct ProviderKeyRing: ProviderTokenVerifying, Sendable {
  private var keys: [String: ProviderKey] = [:]
  /// What each key may do (``KeyScope``); a key without an entry is unscoped.
  public private(set) var scopes: [String: KeyScope] = [:]

  /// A ring with these keys (a later key with the same id replaces an earlier one).
  public init(_ keys: [ProviderKey] = []) {
    for key in keys { add(key) }
  }

  /// Adds a key, or replaces the one with the same id, with what it may do (nil: unscoped).
  public mutating func add(_ key: ProviderKey, scope: KeyScope? = nil) {
    keys[key.keyID] = key
    scopes[key.keyID] = scope
  }

  /// What the key `keyID` may do; an unscoped key (both environments, every topic) when none
  /// was given.
  public func scope(of keyID: String) -> KeyScope { scopes[keyID] ?? KeyScope() }

  /// The ids of the keys, sorted.
  public var keyIDs: [String] { keys.keys.sorted() }

  /// The key with this id, if any.
  public subscript(keyID: String) -> ProviderKey? { keys[keyID] }

  /// `.valid` when `signature` (raw r‖s, 64 bytes) verifies over `signingInput` with the key
  /// named `keyID`; `.invalid` when it does not, or is not 64 bytes; `.unknownKey` when no key
  /// has that id.
  public func verify(keyID: String, signingInput: UnsafeRawBufferPointer, signature: UnsafeRawBufferPointer) -> ProviderTokenSignature {
    guard let key = keys[keyID] else { return .unknownKey }
    guard signature.count == 64,
          let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
          let publicKey = try? P256.Signing.PublicKey(x963Representation: key.publicBytes) else { return .invalid }
    return publicKey.isValidSignature(ecdsa, for: signingInput) ? .valid : .invalid
  }

  /// What the scope of the key `keyID` refuses (``KeyScope/refusal(environment:topic:)``); nil for
  /// an unscoped or unknown key.
  public func scopeRefusal(keyID: String, environment: PushEnvironment?, topic: String?) -> KeyScopeRefusal? {
    scopes[keyID]?.refusal(environment: environment, topic: topic)
  }

  /// Verifies a whole token (a bare JWT or `bearer <JWT>`); nil when it cannot be decoded or has
  /// no `kid`.
  public func verify(token: String) -> ProviderTokenSignature? {
    guard let decoded = ProviderToken.decode(token), let keyID = decoded.claims.keyID else { return nil }
    let input = Array(decoded.signingInput.utf8)
    return input.withUnsafeBytes { inputBytes in
      decoded.signature.withUnsafeBytes { signatureBytes in
        verify(keyID: keyID, signingInput: inputBytes, signature: signatureBytes)
      }
    }
  }
}

/// What a provider-token key may do, in the key model Apple introduced in 2025 ("Establishing a
/// token-based connection to APNs"): a team-scoped key works for every topic of the team, a
/// topic-specific key for the topics it lists, each in one environment (Sandbox or Production);
/// a key made before works in both. A topic-specific key may have one related key whose tokens
/// can share its connections.
public struct KeyScope: Sendable, Hashable, CustomStringConvertible {
  /// One of APNs' two environments (PayloadSchema's, which request checks read).
  public typealias Environment = PushEnvironment

  /// The environment the key is limited to; nil: both (a key made before the 2025 model).
  public var environment: Environment?
  /// The bundle ids a topic-specific key serves; nil: a team-scoped key (every topic).
  public var topics: Set<String>?
  /// The id of the topic-specific key's related key, if any.
  public var related: String?

  public init(environment: Environment? = nil, topics: Set<String>? = nil, related: String? = nil) {
    self.environment = environment
    self.topics = topics
    self.related = related
  }

  /// Whether the key belongs to the 2025 model (limited to an environment or to topics).
  public var isScoped: Bool { environment != nil || topics != nil }

  /// Reads the parts after a key file on the command line (`sandbox`, `production`, `team`,
  /// `topic=com.a,com.b`, `related=KEYID`); nil with the first part it does not know.
  public static func parse(_ parts: [String]) -> Result<KeyScope, KeyScopeError> {
    var scope = KeyScope()
    var team = false
    for part in parts {
      if let environment = Environment(rawValue: part) {
        guard scope.environment == nil else { return .failure(KeyScopeError(part: part, why: "the environment is given twice")) }
        scope.environment = environment
      } else if part == "team" {
        guard scope.topics == nil else { return .failure(KeyScopeError(part: part, why: "a key is team-scoped or topic-specific, not both")) }
        team = true
      } else if part.hasPrefix("topic=") {
        guard !team, scope.topics == nil else {
          return .failure(KeyScopeError(part: part, why: "a key is team-scoped or topic-specific, once, not both"))
        }
        let topics = part.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !topics.isEmpty, topics.count <= 400 else {
          return .failure(KeyScopeError(part: part, why: "a topic-specific key names 1 to 400 bundle ids"))
        }
        if let bad = topics.first(where: { t in t.isEmpty || !t.utf8.allSatisfy { $0 == 0x2D || $0 == 0x2E || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) } }) {
          return .failure(KeyScopeError(part: part, why: "'\(bad)' is not a bundle id (letters, digits, '-' and '.')"))
        }
        scope.topics = Set(topics)
      } else if part.hasPrefix("related=") {
        let id = String(part.dropFirst(8))
        guard id.utf8.count == 10, id.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) }) else {
          return .failure(KeyScopeError(part: part, why: "a related key is named by its 10-character key id"))
        }
        scope.related = id
      } else {
        return .failure(KeyScopeError(part: part, why: "expected sandbox, production, team, topic=BUNDLE[,BUNDLE…] or related=KEYID"))
      }
    }
    if scope.related != nil && scope.topics == nil {
      return .failure(KeyScopeError(part: "related", why: "only a topic-specific key has a related key"))
    }
    return .success(scope)
  }

  /// Why APNs refuses a verified token of this key on a connection to `environment` for `topic`
  /// (nil: not known; then not judged), or nil: 403 BadEnvironmentKeyIdInToken ("The key ID in
  /// the provider token doesn't match the environment") for a key limited to the other
  /// environment; 403 Forbidden for a topic-specific key and a topic it does not list (a push
  /// type suffix removed; Apple names no reason for it, docs/behaviour.md). The one decision:
  /// `check` (through ``ProviderKeyRing``), `token check` and `serve` all ask it.
  public func refusal(environment: Environment?, topic: String?) -> KeyScopeRefusal? {
    if let environment, let limited = self.environment, limited != environment {
      return KeyScopeRefusal(reason: .badEnvironmentKeyIdInToken,
                             why: "the key works in \(limited.rawValue) only; a \(environment.rawValue) connection refuses its tokens")
    }
    if let topic, let topics, !topics.contains(PushType.bundleID(ofTopic: topic)) {
      return KeyScopeRefusal(reason: .forbidden,
                             why: "the key is topic-specific (\(topics.sorted().joined(separator: ", "))); '\(topic)' is not one of its topics")
    }
    return nil
  }

  /// `sandbox, topics com.example.app` / `both environments, every topic of the team`.
  public var description: String {
    let environments = environment.map { "\($0.rawValue) only" } ?? "sandbox and production"
    let reach = topics.map { "topics " + $0.sorted().joined(separator: ", ") } ?? "every topic of the team"
    return environments + ", " + reach + (related.map { ", related key \($0)" } ?? "")
  }
}

/// A key scope that cannot be read: the part, and why.
public struct KeyScopeError: Error, Sendable, Hashable, CustomStringConvertible {
  public var part: String
  public var why: String
  public var description: String { "'\(part)': \(why)" }
}

extension ProviderKeyRing {
  /// The key file and scope of a command-line `--key` value,
  /// `FILE[:sandbox|production][:team|topic=BUNDLE[,BUNDLE…]][:related=KEYID]`: the scope words
  /// are read from the end, so a path may hold `:` itself.
  public static func splitScope(_ argument: String) -> (path: String, scope: Result<KeyScope, KeyScopeError>) {
    var parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    var words: [String] = []
    func isScopeWord(_ s: String) -> Bool {
      KeyScope.Environment(rawValue: s) != nil || s == "team" || s.hasPrefix("topic=") || s.hasPrefix("related=")
    }
    while parts.count > 1, let last = parts.last, isScopeWord(last) {
      words.insert(last, at: 0)
      parts.removeLast()
    }
    let path = parts.joined(separator: ":")
    // A word after the last `:` that is no scope word, where no file has the whole name: a
    // misspelt scope (`:development`, `:Sandbox`), not a path.
    if parts.count > 1, let last = parts.last, !FileManager.default.fileExists(atPath: path),
       last.isEmpty || last.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x3D || $0 == 0x2C || $0 == 0x2E }) {
      let hint = last.lowercased() == "development" ? " (the development environment's keys are 'sandbox')" : ""
      return (parts.dropLast().joined(separator: ":"), .failure(KeyScopeError(
        part: last, why: "not a key scope\(hint): expected sandbox, production, team, topic=BUNDLE[,BUNDLE…] or related=KEYID")))
    }
    return (path, KeyScope.parse(words))
  }
}
