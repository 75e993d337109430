import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// The server's TLS identity: PEM files, or a certificate made at start.
struct TLSSetup {
  let context: NIOSSLContext
  /// The same identity for the web push port (`--web-push`): ALPN offers `h2` and `http/1.1`
  /// (Apple's web push service speaks both; pywebpush speaks HTTP/1.1), no client certificate.
  let webPushContext: NIOSSLContext
  /// The certificate's SHA-256 over its DER, as `AB:CD:…`.
  let fingerprint: String

  /// `clientCertificateOptional`: with `clientCA`, a connection may also come without a client
  /// certificate (it then authenticates with provider tokens, as APNs decides per connection).
  init(_ identity: APNsServer.TLSIdentity, clientCA: String? = nil, clientCertificateOptional: Bool = false) throws(APNsServerError) {
    do {
      let chain: [NIOSSLCertificate]
      let key: NIOSSLPrivateKey
      let der: [UInt8]
      switch identity {
      case .files(let certificatePath, let keyPath):
        do {
          chain = try NIOSSLCertificate.fromPEMFile(certificatePath)
        } catch {
          throw APNsServerError(.tls("\(certificatePath): cannot read a PEM certificate: \(error)"))
        }
        do {
          key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
        } catch {
          throw APNsServerError(.tls("\(keyPath): cannot read a PEM private key: \(error)"))
        }
        guard let first = chain.first else { throw APNsServerError(.tls("\(certificatePath): no certificate in the file")) }
        der = try first.toDERBytes()
      case .selfSigned:
        (der, key) = try Self.selfSigned()
        chain = [try NIOSSLCertificate(bytes: der, format: .der)]
      }
      var configuration = TLSConfiguration.makeServerConfiguration(
        certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
      configuration.minimumTLSVersion = .tlsv12
      var webPush = configuration
      webPush.applicationProtocols = ["h2", "http/1.1"]
      webPushContext = try NIOSSLContext(configuration: webPush)
      configuration.applicationProtocols = ["h2"]
      if let clientCA {
        // `--client-ca`: a client certificate signed by this CA is required (as APNs requires
        // one on a certificate connection); the handshake fails without one, or a presented one
        // that this CA did not sign.
        do {
          configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(clientCA))
        } catch {
          throw APNsServerError(.tls("\(clientCA): cannot read a PEM certificate: \(error)"))
        }
        // With provider-token keys too, a certificate is verified when presented and a
        // connection without one is a token connection.
        configuration.certificateVerification = clientCertificateOptional ? .optionalVerification : .noHostnameVerification
      }
      context = try NIOSSLContext(configuration: configuration)
      fingerprint = SHA256.hash(data: der).map { byte in
        let hex = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + hex : hex
      }.joined(separator: ":")
    } catch let error as APNsServerError {
      throw error
    } catch {
      throw APNsServerError(.tls("cannot set up TLS: \(error)"))
    }
  }

  /// A P-256 certificate for `localhost`, 127.0.0.1 and ::1, valid for a year from a minute ago.
  static func selfSigned() throws -> (der: [UInt8], key: NIOSSLPrivateKey) {
    let privateKey = P256.Signing.PrivateKey()
    let name = try DistinguishedName {
      OrganizationName("apns-lint")
      CommonName("localhost")
    }
    let now = Date()
    let certificate = try Certificate(
      version: .v3,
      serialNumber: Certificate.SerialNumber(),
      publicKey: .init(privateKey.publicKey),
      notValidBefore: now - 60,
      notValidAfter: now + 365 * 24 * 3600,
      issuer: name,
      subject: name,
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames([
          .dnsName("localhost"),
          .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
          .ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
        ])
      },
      issuerPrivateKey: .init(privateKey))
    var serializer = DER.Serializer()
    try serializer.serialize(certificate)
    let key = try NIOSSLPrivateKey(bytes: Array(privateKey.derRepresentation), format: .der)
    return (serializer.serializedBytes, key)
  }
}
