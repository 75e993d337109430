import NIOCore
import NIOSSL
import SwiftASN1
import X509

/// What a client certificate allows (`serve --client-ca`): the topics, and the environments.
///
/// Apple's push certificates name the app's bundle id in the subject's UID
/// (0.9.2342.19200300.100.1.1); a certificate for several topics (the app, `.voip`,
/// `.complication`) lists them in the extension 1.2.840.113635.100.6.3.6, a sequence of UTF8String
/// topics each followed by a sequence of its kinds. The extensions 1.2.840.113635.100.6.3.1 and
/// 1.2.840.113635.100.6.3.2 mark a certificate for the development and the production environment
/// ("Establishing a certificate-based connection to APNs",
/// developer.apple.com/documentation/usernotifications/establishing-a-certificate-based-connection-to-apns).
struct ClientCertificate: Sendable, Hashable {
  var topics: [String] = []
  var development = false
  var production = false

  static let uid: ASN1ObjectIdentifier = [0, 9, 2342, 19200300, 100, 1, 1]
  static let topicsExtension: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 3, 6]
  static let developmentExtension: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 3, 1]
  static let productionExtension: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 3, 2]

  init?(_ certificate: NIOSSLCertificate) {
    guard let der = try? certificate.toDERBytes(), let parsed = try? Certificate(derEncoded: der) else { return nil }
    for rdn in parsed.subject {
      for attribute in rdn where attribute.type == Self.uid {
        if let text = String(attribute.value) { topics.append(text) }
      }
    }
    for e in parsed.extensions {
      if e.oid == Self.developmentExtension { development = true }
      if e.oid == Self.productionExtension { production = true }
      if e.oid == Self.topicsExtension, let node = try? DER.parse(Array(e.value)), case .constructed(let children) = node.content {
        for child in children where child.identifier == .utf8String {
          if case .primitive(let bytes) = child.content {
            let topic = String(decoding: bytes, as: UTF8.self)
            if !topics.contains(topic) { topics.append(topic) }
          }
        }
      }
    }
  }

  /// The certificate reason for a push to `topic` in `environment`, or nil when allowed.
  func refusal(topic: String?, environment: APNsEnvironment) -> Response? {
    // Marked for one environment only, and not this one: 403 BadCertificateEnvironment.
    if development != production {
      if (environment == .development && !development) || (environment == .production && !production) {
        return Response(.badCertificateEnvironment)
      }
    }
    guard let topic else { return topics.isEmpty ? Response(.missingTopic) : nil }
    return topics.contains(topic) ? nil : Response(.topicDisallowed)
  }
}

/// Reads the client certificate when the first decrypted bytes arrive (the handshake is done by
/// then) and hands it to the desk.
final class ClientCertificateReader: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  let desk: PushDesk
  private var read = false

  init(desk: PushDesk) { self.desk = desk }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if !read {
      read = true
      let certificate = try? context.pipeline.syncOperations.handler(type: NIOSSLServerHandler.self).peerCertificate
      desk.clientCertificate = certificate.flatMap { ClientCertificate($0) }
      desk.hasClientCertificate = certificate != nil
    }
    context.fireChannelRead(data)
  }
}
