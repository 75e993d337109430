import Crypto
import Foundation
import PayloadSchema

/// Makes provider tokens with a team's private key, exactly as Apple documents them: header
/// `{"alg":"ES256","kid":"<KEYID>"}`, claims `{"iss":"<TEAMID>","iat":<seconds>}`, each base64url
/// without padding, and the signature's raw r‖s (64 bytes) base64url over `header.claims`.
public struct ProviderTokenSigner: Sendable {
  /// The key that signs; its id is the token's `kid`.
  public let key: ProviderKey

  /// A signer for a key that can sign; throws for a public key.
  public init(key: ProviderKey) throws(ProviderKeyError) {
    guard key.canSign else { throw ProviderKeyError(path: "<key \(key.keyID)>", .publicOnly) }
    self.key = key
  }

  /// A signer for a private key and its id.
  public init(privateKey: P256.Signing.PrivateKey, keyID: String) {
    key = ProviderKey(privateKey: privateKey, keyID: keyID)
  }

  /// The token for `teamID`, issued at `issuedAt` (seconds since 1970).
  ///
  /// ECDSA signatures are randomized: two tokens with the same claims differ in their third part.
  /// Throws only when the key cannot sign (BoringSSL fails to sign only when it cannot allocate).
  public func token(teamID: String, issuedAt: Int64) throws(ProviderKeyError) -> String {
    let header = #"{"alg":"ES256","kid":"# + JWTText.jsonString(key.keyID) + "}"
    let claims = #"{"iss":"# + JWTText.jsonString(teamID) + #","iat":"# + String(issuedAt) + "}"
    let signingInput = JWTText.base64URL(Data(header.utf8)) + "." + JWTText.base64URL(Data(claims.utf8))
    guard let privateKey = key.privateKey else { throw ProviderKeyError(path: "<key \(key.keyID)>", .publicOnly) }
    do {
      let signature = try privateKey.signature(for: Data(signingInput.utf8))
      return signingInput + "." + JWTText.base64URL(signature.rawRepresentation)
    } catch {
      throw ProviderKeyError(path: "<key \(key.keyID)>", .signingFailed("\(error)"))
    }
  }
}

/// The text pieces of a JWT.
package enum JWTText {
  /// base64url (RFC 4648 §5) without padding.
  static func base64URL(_ data: Data) -> String {
    var text = data.base64EncodedString()
    while text.hasSuffix("=") { text.removeLast() }
    return String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
  }

  /// A JSON string literal (quotes included) for any text.
  package static func jsonString(_ text: String) -> String { JSONText.quoted(text) }
}
