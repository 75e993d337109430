import Crypto
import Foundation
import PayloadSchema

/// A P-256 key that signs (an Apple `.p8`) or only verifies (a public key) provider tokens.
///
/// Keys are held as their raw bytes and rebuilt for each use: swift-crypto 3's key types are not
/// `Sendable`, and a key ring is shared between threads.
public struct ProviderKey: Sendable, Hashable {
  /// The 10-character key id APNs knows the key by (a token's `kid`).
  public let keyID: String
  /// The public key, X9.63 (uncompressed point) bytes.
  let publicBytes: [UInt8]
  /// The private key's raw scalar, nil for a public key.
  let privateBytes: [UInt8]?

  /// A key that signs: a private key and its id.
  public init(privateKey: P256.Signing.PrivateKey, keyID: String) {
    self.keyID = keyID
    publicBytes = Array(privateKey.publicKey.x963Representation)
    privateBytes = Array(privateKey.rawRepresentation)
  }

  /// A key that only verifies: a public key and its id.
  public init(publicKey: P256.Signing.PublicKey, keyID: String) {
    self.keyID = keyID
    publicBytes = Array(publicKey.x963Representation)
    privateBytes = nil
  }

  /// True when the key can sign (it was made from a private key).
  public var canSign: Bool { privateBytes != nil }

  /// The public key, which verifies. (The bytes came from a valid key, so this is nil only if
  /// swift-crypto refuses its own output; nothing here traps on it.)
  public var publicKey: P256.Signing.PublicKey? {
    try? P256.Signing.PublicKey(x963Representation: publicBytes)
  }

  /// The private key, or nil for a key that only verifies.
  public var privateKey: P256.Signing.PrivateKey? {
    privateBytes.flatMap { try? P256.Signing.PrivateKey(rawRepresentation: $0) }
  }

  /// Files larger than this are refused: a `.p8` is about 250 bytes.
  public static let maxFileBytes = 64 * 1024

  /// `load(path:keyID:)` for a key that makes or verifies provider tokens: its key id must also be
  /// one APNs takes (`ProviderToken.isKeyID`: 10 letters or digits), or APNs refuses every token.
  public static func loadForTokens(path: String, keyID: String? = nil) throws(ProviderKeyError) -> ProviderKey {
    let key = try load(path: path, keyID: keyID)
    guard ProviderToken.isKeyID(key.keyID) else { throw ProviderKeyError(path: path, .badKeyID(key.keyID, given: keyID != nil)) }
    return key
  }

  /// Loads a key file: an Apple `.p8` (PKCS#8 PEM, `-----BEGIN PRIVATE KEY-----`, P-256) or a
  /// public key (`-----BEGIN PUBLIC KEY-----`).
  ///
  /// The key id is `keyID` when given, else the `KEYID` of a file named `AuthKey_<KEYID>.p8` (any
  /// extension). Throws a `ProviderKeyError` that names the file and what is wrong with it.
  public static func load(path: String, keyID: String? = nil) throws(ProviderKeyError) -> ProviderKey {
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
    } catch {
      throw ProviderKeyError(path: path, .unreadable(Self.describe(error)))
    }
    guard data.count <= maxFileBytes else { throw ProviderKeyError(path: path, .tooLarge) }
    guard let id = keyID ?? Self.keyID(fromFileName: path) else {
      throw ProviderKeyError(path: path, .noKeyID)
    }
    return try parse(pem: data, keyID: id, path: path)
  }

  /// Reads a key from the text of a PEM file; `path` only names it in errors.
  public static func parse(pem: Data, keyID: String, path: String = "<key>") throws(ProviderKeyError) -> ProviderKey {
    guard pem.contains(where: { !Self.isBlank($0) }) else { throw ProviderKeyError(path: path, .empty) }
    guard let text = String(data: pem, encoding: .utf8), let block = PEMBlock(text) else {
      throw ProviderKeyError(path: path, .notPEM)
    }
    switch block.label {
    case "PRIVATE KEY":
      do {
        return ProviderKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: block.text), keyID: keyID)
      } catch {
        throw ProviderKeyError(path: path, Self.whyNot(block, isPrivate: true))
      }
    case "PUBLIC KEY":
      do {
        return ProviderKey(publicKey: try P256.Signing.PublicKey(pemRepresentation: block.text), keyID: keyID)
      } catch {
        throw ProviderKeyError(path: path, Self.whyNot(block, isPrivate: false))
      }
    case "EC PRIVATE KEY":
      throw ProviderKeyError(path: path, .sec1)
    case "ENCRYPTED PRIVATE KEY":
      throw ProviderKeyError(path: path, .encrypted)
    default:
      throw ProviderKeyError(path: path, .otherPEM(block.label))
    }
  }

  /// `KEYID` of `…/AuthKey_KEYID.p8`, or nil when the file is not named so.
  public static func keyID(fromFileName path: String) -> String? {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    guard name.hasPrefix("AuthKey_") else { return nil }
    let rest = name.dropFirst("AuthKey_".count)
    let id = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? rest
    return id.isEmpty ? nil : String(id)
  }

  // MARK: - Why a PEM block is not a P-256 key

  private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// Object identifiers (DER, with tag and length) that say what kind of key a PKCS#8 or SPKI holds.
  private static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
  private static let prime256v1: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
  private static let otherKinds: [(oid: [UInt8], name: String)] = [
    ([0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01], "an RSA key"),
    ([0x06, 0x03, 0x2B, 0x65, 0x70], "an Ed25519 key"),
    ([0x06, 0x03, 0x2B, 0x65, 0x6E], "an X25519 key"),
    ([0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22], "an EC key on P-384"),
    ([0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23], "an EC key on P-521"),
    ([0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x0A], "an EC key on secp256k1"),
  ]

  private static func whyNot(_ block: PEMBlock, isPrivate: Bool) -> ProviderKeyError.Reason {
    guard let der = Data(base64Encoded: block.body) else { return .badBase64 }
    let bytes = Array(der)
    for kind in otherKinds where contains(bytes, kind.oid) { return .notP256(kind.name) }
    if contains(bytes, ecPublicKey) && !contains(bytes, prime256v1) { return .notP256("an EC key on another curve") }
    return isPrivate ? .notPKCS8 : .notSPKI
  }

  private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    guard bytes.count >= pattern.count else { return false }
    for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
      return true
    }
    return false
  }

  private static func describe(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSCocoaErrorDomain {
      switch CocoaError.Code(rawValue: ns.code) {
      case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
      case .fileReadNoPermission: return "permission denied"
      default: break
      }
    }
    return ns.localizedDescription
  }
}

/// The first `-----BEGIN LABEL-----` … `-----END LABEL-----` block of a text.
struct PEMBlock {
  let label: String
  /// The base64 between the lines, without whitespace.
  let body: String
  /// The block alone, as swift-crypto reads it.
  var text: String { "-----BEGIN \(label)-----\n" + chunked(body) + "-----END \(label)-----\n" }

  init?(_ text: String) {
    let lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") && $0.hasSuffix("-----") && $0.count > 16 }) else {
      return nil
    }
    let label = String(lines[begin].dropFirst("-----BEGIN ".count).dropLast(5))
    guard let end = lines[(begin + 1)...].firstIndex(of: "-----END \(label)-----") else { return nil }
    self.label = label
    body = lines[(begin + 1)..<end].joined()
  }

  private func chunked(_ base64: String) -> String {
    var out = ""
    var line = ""
    for c in base64 {
      line.append(c)
      if line.count == 64 { out += line + "\n"; line = "" }
    }
    return line.isEmpty ? out : out + line + "\n"
  }
}

/// Why a key file cannot be used; `description` is `FILE: error: MESSAGE`.
public struct ProviderKeyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as it was named.
  public let path: String
  let reason: Reason

  enum Reason: Sendable, Hashable {
    case noKeyID
    case badKeyID(String, given: Bool)
    case unreadable(String)
    case empty
    case tooLarge
    case notPEM
    case badBase64
    case sec1
    case encrypted
    case otherPEM(String)
    case notP256(String)
    case notPKCS8
    case notSPKI
    case publicOnly
    case signingFailed(String)
  }

  init(path: String, _ reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// One line, lowercase start, what is wrong with the file.
  public var message: String {
    switch reason {
    case .noKeyID:
      return "cannot tell the key id: name the file AuthKey_<KEYID>.p8 as Apple does, or give the key id"
    case .badKeyID(let id, let given):
      return "the key id '\(id)' (\(given ? "as given" : "from the file name")) is not 10 letters or digits; APNs would refuse the token"
    case .unreadable(let why):
      return "cannot read the key: \(why)"
    case .empty:
      return "the key file is empty"
    case .tooLarge:
      return "the key file is larger than \(ProviderKey.maxFileBytes / 1024) KB; an Apple .p8 is a few hundred bytes"
    case .notPEM:
      return "not a PEM key: expected '-----BEGIN PRIVATE KEY-----' (an Apple .p8) or '-----BEGIN PUBLIC KEY-----'"
    case .badBase64:
      return "the base64 between the PEM's BEGIN and END lines is damaged"
    case .sec1:
      return "an 'EC PRIVATE KEY' (SEC 1), not the PKCS#8 'PRIVATE KEY' of an Apple .p8; convert it with 'openssl pkcs8 -topk8 -nocrypt'"
    case .encrypted:
      return "an encrypted PKCS#8 key; Apple's .p8 keys are not encrypted (decrypt it with 'openssl pkcs8 -nocrypt')"
    case .otherPEM(let label):
      return "a PEM '\(label)', not a key: expected '-----BEGIN PRIVATE KEY-----' (an Apple .p8) or '-----BEGIN PUBLIC KEY-----'"
    case .notP256(let kind):
      return "\(kind), not a P-256 key: APNs provider tokens are signed with ES256 (P-256)"
    case .notPKCS8:
      return "not a PKCS#8 P-256 private key: the DER inside the PEM cannot be read"
    case .notSPKI:
      return "not a P-256 public key: the DER inside the PEM cannot be read"
    case .publicOnly:
      return "a public key cannot sign: give the .p8 private key"
    case .signingFailed(let why):
      return "ES256 signing failed: \(why)"
    }
  }

  /// The problem in the one shape every tool error has.
  public var toolProblem: ToolProblem { ToolProblem(message, path: path) }

  /// `FILE: error: MESSAGE` (`ToolProblem`'s form).
  public var description: String { toolProblem.description }
}
