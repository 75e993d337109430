import APNsAuth
import Crypto
import Foundation
import PayloadSchema
import Testing

/// A fresh temporary folder for key files, removed by the caller.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("apnsauth-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

func write(_ text: String, to name: String, in folder: URL) throws -> String {
  let url = folder.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

func base64URLDecoded(_ text: Substring) -> [UInt8]? {
  var s = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
  while s.count % 4 != 0 { s += "=" }
  return Data(base64Encoded: s).map(Array.init)
}

@Suite struct APNsAuthTests {
  let now: Int64 = 1_700_000_000

  @Test func signThenVerify() throws {
    let key = ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "ABC123DEFG")
    let signer = try ProviderTokenSigner(key: key)
    let jwt = try signer.token(teamID: "DEF123GHIJ", issuedAt: now)
    // Apple's layout, byte for byte: header and claims in this order, no padding.
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3)
    #expect(!jwt.contains("="))
    #expect(base64URLDecoded(parts[0]).map { String(decoding: $0, as: UTF8.self) } == #"{"alg":"ES256","kid":"ABC123DEFG"}"#)
    #expect(base64URLDecoded(parts[1]).map { String(decoding: $0, as: UTF8.self) } == #"{"iss":"DEF123GHIJ","iat":1700000000}"#)
    #expect(base64URLDecoded(parts[2])?.count == 64)
    // PayloadSchema finds it well-formed, and the ring verifies it.
    #expect(ProviderToken.check(authorization: "bearer " + jwt, now: now + 10) == nil)
    let ring = ProviderKeyRing([key])
    #expect(ring.verify(token: jwt) == .valid)
    #expect(ring.verify(token: "bearer " + jwt) == .valid)
    let value = Array(("bearer " + jwt).utf8)
    #expect(value.withUnsafeBufferPointer { ProviderToken.verifySignature(authorization: $0, with: ring) } == .valid)
    // A public key alone verifies too.
    let publicOnly = ProviderKeyRing([ProviderKey(publicKey: try #require(key.publicKey), keyID: "ABC123DEFG")])
    #expect(publicOnly.verify(token: jwt) == .valid)
  }

  @Test func aTamperedTokenFails() throws {
    let key = ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "ABC123DEFG")
    let jwt = try ProviderTokenSigner(key: key).token(teamID: "DEF123GHIJ", issuedAt: now)
    let ring = ProviderKeyRing([key])
    let parts = jwt.split(separator: ".").map(String.init)
    // Other claims under the same signature.
    let forged = ProviderTokenSignerTestHelpers.base64URL(#"{"iss":"DEF123GHIJ","iat":1700000001}"#)
    #expect(ring.verify(token: "\(parts[0]).\(forged).\(parts[2])") == .invalid)
    // One bit of the signature flipped, and a signature cut short.
    var signature = try #require(base64URLDecoded(Substring(parts[2])))
    signature[10] ^= 1
    #expect(ring.verify(token: "\(parts[0]).\(parts[1]).\(ProviderTokenSignerTestHelpers.base64URL(signature))") == .invalid)
    #expect(ring.verify(token: "\(parts[0]).\(parts[1]).\(parts[2].dropLast(4))") == .invalid)
  }

  @Test func aTokenFromAnotherKey() throws {
    let mine = ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "ABC123DEFG")
    let ring = ProviderKeyRing([mine])
    // Another key with another id: unknown.
    let other = try ProviderTokenSigner(key: ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "ZZZ999YYYX"))
    #expect(ring.verify(token: try other.token(teamID: "DEF123GHIJ", issuedAt: now)) == .unknownKey)
    // Another key that claims my id: invalid.
    let impostor = try ProviderTokenSigner(key: ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "ABC123DEFG"))
    #expect(ring.verify(token: try impostor.token(teamID: "DEF123GHIJ", issuedAt: now)) == .invalid)
    #expect(ring.keyIDs == ["ABC123DEFG"])
  }

  @Test func loadsA_p8AndTakesTheKeyIDFromItsName() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let privateKey = P256.Signing.PrivateKey()
    let path = try write(privateKey.pemRepresentation, to: "AuthKey_ABC123DEFG.p8", in: folder)
    let key = try ProviderKey.load(path: path)
    #expect(key.keyID == "ABC123DEFG")
    #expect(key.canSign)
    #expect(try #require(key.publicKey).rawRepresentation == privateKey.publicKey.rawRepresentation)
    #expect(try ProviderKey.load(path: path, keyID: "OVERRIDE12").keyID == "OVERRIDE12")
    // Text around the block, CRLF line ends, as some editors save them.
    let crlf = "a note\r\n" + privateKey.pemRepresentation.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try ProviderKey.load(path: write(crlf, to: "AuthKey_CRLF123456.p8", in: folder)).keyID == "CRLF123456")
    // A public key verifies and cannot sign.
    let publicPath = try write(privateKey.publicKey.pemRepresentation, to: "AuthKey_ABC123DEFG.pem", in: folder)
    let publicKey = try ProviderKey.load(path: publicPath)
    #expect(!publicKey.canSign)
    #expect(throws: ProviderKeyError.self) { try ProviderTokenSigner(key: publicKey) }
    let jwt = try ProviderTokenSigner(key: key).token(teamID: "DEF123GHIJ", issuedAt: now)
    #expect(ProviderKeyRing([publicKey]).verify(token: jwt) == .valid)

    #expect(ProviderKey.keyID(fromFileName: "/keys/AuthKey_ABC123DEFG.p8") == "ABC123DEFG")
    #expect(ProviderKey.keyID(fromFileName: "AuthKey_ABC123DEFG") == "ABC123DEFG")
    #expect(ProviderKey.keyID(fromFileName: "key.p8") == nil)
    #expect(ProviderKey.keyID(fromFileName: "AuthKey_.p8") == nil)
  }

  @Test func brokenKeyFilesAreErrorsThatSayWhy() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pkcs8 = P256.Signing.PrivateKey().pemRepresentation
    func message(_ text: String, name: String = "AuthKey_ABC123DEFG.p8") throws -> String? {
      let path = try write(text, to: name, in: folder)
      do {
        _ = try ProviderKey.load(path: path)
        return nil
      } catch {
        #expect(error.description == "\(path): error: \(error.message)")
        return error.message
      }
    }
    #expect(try message("") == "the key file is empty")
    #expect(try message(" \n\n") == "the key file is empty")
    #expect(try message("hello") == "not a PEM key: expected '-----BEGIN PRIVATE KEY-----' (an Apple .p8) or '-----BEGIN PUBLIC KEY-----'")
    #expect(try message("-----BEGIN PRIVATE KEY-----\nMIGH\n") == "not a PEM key: expected '-----BEGIN PRIVATE KEY-----' (an Apple .p8) or '-----BEGIN PUBLIC KEY-----'")
    #expect(try message("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n") == "the base64 between the PEM's BEGIN and END lines is damaged")
    #expect(try message("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") == "not a PKCS#8 P-256 private key: the DER inside the PEM cannot be read")
    #expect(try message(pkcs8.replacingOccurrences(of: "PRIVATE KEY", with: "EC PRIVATE KEY"))
      == "an 'EC PRIVATE KEY' (SEC 1), not the PKCS#8 'PRIVATE KEY' of an Apple .p8; convert it with 'openssl pkcs8 -topk8 -nocrypt'")
    #expect(try message(pkcs8.replacingOccurrences(of: "PRIVATE KEY", with: "CERTIFICATE"))
      == "a PEM 'CERTIFICATE', not a key: expected '-----BEGIN PRIVATE KEY-----' (an Apple .p8) or '-----BEGIN PUBLIC KEY-----'")
    #expect(try message(P384.Signing.PrivateKey().pemRepresentation)
      == "an EC key on P-384, not a P-256 key: APNs provider tokens are signed with ES256 (P-256)")
    #expect(try message(P521.Signing.PublicKey(rawRepresentation: P521.Signing.PrivateKey().publicKey.rawRepresentation).pemRepresentation)
      == "an EC key on P-521, not a P-256 key: APNs provider tokens are signed with ES256 (P-256)")
    #expect(try message(String(repeating: "A", count: 70_000)) == "the key file is larger than 64 KB; an Apple .p8 is a few hundred bytes")
    #expect(try message(pkcs8, name: "key.p8") == "cannot tell the key id: name the file AuthKey_<KEYID>.p8 as Apple does, or give the key id")
    // A key id APNs refuses, from the file name or as given (the library names no option of the tool's).
    func tokenMessage(_ name: String, keyID: String? = nil) throws -> String? {
      let path = try write(pkcs8, to: name, in: folder)
      do { _ = try ProviderKey.loadForTokens(path: path, keyID: keyID); return nil } catch { return error.message }
    }
    #expect(try tokenMessage("AuthKey_SHORT.p8")
      == "the key id 'SHORT' (from the file name) is not 10 letters or digits; APNs would refuse the token")
    #expect(try tokenMessage("AuthKey_ABC123DEFG.p8", keyID: "ABC-123-DE")
      == "the key id 'ABC-123-DE' (as given) is not 10 letters or digits; APNs would refuse the token")
    #expect(try tokenMessage("AuthKey_ABC123DEFG.p8") == nil)
    // Not UTF-8.
    let binary = folder.appendingPathComponent("AuthKey_BINARY1234.p8")
    try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: binary)
    #expect(throws: ProviderKeyError.self) { try ProviderKey.load(path: binary.path) }
    // Missing, and a folder.
    do {
      _ = try ProviderKey.load(path: folder.appendingPathComponent("AuthKey_MISSING123.p8").path)
      Issue.record("a missing file loaded")
    } catch {
      #expect(error.message.hasPrefix("cannot read the key: "))
    }
    let sub = folder.appendingPathComponent("AuthKey_FOLDER1234.p8")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    #expect(throws: ProviderKeyError.self) { try ProviderKey.load(path: sub.path) }
  }
}

enum ProviderTokenSignerTestHelpers {
  static func base64URL(_ text: String) -> String { base64URL(Array(text.utf8)) }
  static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
  }
}

/// `ProviderToken.inspect`: what `token check` prints, worked out in the library.
@Suite struct ProviderTokenInspectionTests {
  static let now: Int64 = 1_700_000_000
  static let key = ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "ABC123DEFG")
  static var ring: ProviderKeyRing { ProviderKeyRing([key]) }

  @Test func aFreshTokenSignedByTheKeyIsAccepted() throws {
    let jwt = try ProviderTokenSigner(key: Self.key).token(teamID: "DEF123GHIJ", issuedAt: Self.now - 60)
    let inspection = ProviderToken.inspect(authorization: "bearer " + jwt, now: Self.now, verifier: Self.ring, keyIDs: Self.ring.keyIDs)
    #expect(inspection.claims?.issuer == "DEF123GHIJ")
    #expect(inspection.age == 60)
    #expect(inspection.signature == .valid)
    #expect(inspection.problems.isEmpty)
    #expect(inspection.answer == .accepted)
  }

  /// APNs checks the signature before the age: an old token from another key is refused for its
  /// key first, and both problems are listed in that order.
  @Test func problemsComeInTheOrderAPNsChecks() throws {
    let other = ProviderKey(privateKey: P256.Signing.PrivateKey(), keyID: "ZZZ999YYYX")
    let jwt = try ProviderTokenSigner(key: other).token(teamID: "DEF123GHIJ", issuedAt: Self.now - 7200)
    let inspection = ProviderToken.inspect(authorization: "bearer " + jwt, now: Self.now, verifier: Self.ring, keyIDs: Self.ring.keyIDs,
                                           keyName: "AuthKey_ABC123DEFG.p8")
    #expect(inspection.signature == .unknownKey)
    #expect(inspection.problems.map(\.reason.rawValue) == ["InvalidProviderToken", "ExpiredProviderToken"])
    #expect(inspection.problems.first?.message == "provider token 'kid' is 'ZZZ999YYYX', not the id of the key given ('ABC123DEFG')")
    #expect(inspection.answer == APNsAnswer(status: 403, reason: "InvalidProviderToken"))
  }

  @Test func withoutAKeyTheSignatureIsNotChecked() throws {
    let jwt = try ProviderTokenSigner(key: Self.key).token(teamID: "DEF123GHIJ", issuedAt: Self.now - 7200)
    let inspection = ProviderToken.inspect(authorization: "bearer " + jwt, now: Self.now)
    #expect(inspection.signature == nil)
    #expect(inspection.problems.map(\.reason.rawValue) == ["ExpiredProviderToken"])
    #expect(ProviderToken.inspect(authorization: "bearer not.a.jwt", now: Self.now).answer.reason == "InvalidProviderToken")
  }
}
