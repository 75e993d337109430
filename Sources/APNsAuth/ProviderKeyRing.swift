import Crypto
import Foundation
import PayloadSchema

/// Public keys by key id: verifies provider-token signatures as APNs does, for request checks
/// (`ProviderToken.verifySignature`) and `apns-lint token check --key`.
public struct ProviderKeyRing: ProviderTokenVerifying, Sendable {
  private var keys: [String: ProviderKey] = [:]

  /// A ring with these keys (a later key with the same id replaces an earlier one).
  public init(_ keys: [ProviderKey] = []) {
    for key in keys { add(key) }
  }

  /// Adds a key, or replaces the one with the same id.
  public mutating func add(_ key: ProviderKey) {
    keys[key.keyID] = key
  }

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
