import Crypto
import Foundation

// Web push message encryption (RFC 8291) in the `aes128gcm` content coding (RFC 8188): what an
// application server sends as the body of a push message, and what a user agent (here: a local
// push service) reads back.
//
//   body   = header ‖ record₀ ‖ record₁ …            (RFC 8188 §2)
//   header = salt (16) ‖ rs (uint32, big-endian) ‖ idlen (1) ‖ keyid (idlen; RFC 8291: the
//            sender's 65-byte uncompressed public key)
//   record = AES-128-GCM(CEK, NONCE ⊕ seq, plaintext ‖ delimiter ‖ 0x00…) ‖ tag (16)
//            delimiter 0x02 in the last record, 0x01 in the others (RFC 8188 §2)

/// Encrypts push messages to a subscription and decrypts them with the receiver's keys, as RFC
/// 8291 and RFC 8188 (`Content-Encoding: aes128gcm`) define.
///
/// An application server sends one record (RFC 8291 §4) in a body of at most 4096 bytes, so at
/// most ``maxPlaintextBytes`` (3993) bytes of plaintext; ``encrypt(_:to:senderKey:salt:recordSize:padding:)``
/// refuses more. ``decrypt(_:with:)`` also reads bodies of several records, as RFC 8188 allows.
public enum WebPushEncryption {
  /// Bytes of an uncompressed P-256 point (`0x04 ‖ x ‖ y`).
  public static let publicKeyBytes = 65
  /// Bytes of an authentication secret (RFC 8291 §3.2).
  public static let authSecretBytes = 16
  /// Bytes of the salt (RFC 8188 §2.1).
  public static let saltBytes = 16
  /// Bytes of the AES-GCM authentication tag each record ends with.
  public static let tagBytes = 16
  /// Bytes of a web push header: salt 16, rs 4, idlen 1, keyid 65 (RFC 8291 §4).
  public static let headerBytes = 86
  /// The record size an application server writes unless told otherwise.
  public static let defaultRecordSize = 4096
  /// The smallest record size RFC 8188 §2.1 allows: one byte of delimiter and the 16-byte tag,
  /// plus one (a record must be able to hold content).
  public static let minRecordSize = 18
  /// The largest push message body a push service has to take (RFC 8291 §4, RFC 8030 §7.2).
  public static let maxBodyBytes = 4096
  /// The most plaintext one push message holds: 4096 − 86 (header) − 1 (delimiter) − 16 (tag).
  public static let maxPlaintextBytes = maxBodyBytes - headerBytes - 1 - tagBytes

  /// The `aes128gcm` body of a push message carrying `plaintext` to `receiver` (RFC 8291 §3–4):
  /// the header, then one record of `plaintext ‖ 0x02 ‖ padding × 0x00`.
  ///
  /// - Parameters:
  ///   - plaintext: the message, at most ``maxPlaintextBytes`` bytes (fewer with padding).
  ///   - receiver: the subscription's keys.
  ///   - senderKey: the application server's ECDH key for this message; a fresh one when nil
  ///     (RFC 8291 §2: a new key pair for each message). Its public key is the header's keyid.
  ///   - salt: 16 bytes; random when nil (RFC 8291 §2).
  ///   - recordSize: the header's `rs`; the one record must fit in it (18 ... 2³²−1).
  ///   - padding: zero bytes after the delimiter, to hide the plaintext's length (RFC 8188 §2).
  /// - Throws: ``WebPushEncryptionError`` when the salt is not 16 bytes, the record size is out
  ///   of range, the record does not fit `recordSize`, or the body would pass ``maxBodyBytes``.
  public static func encrypt(
    _ plaintext: [UInt8], to receiver: WebPushSubscriptionKeys, senderKey: P256.KeyAgreement.PrivateKey? = nil,
    salt: [UInt8]? = nil, recordSize: Int = defaultRecordSize, padding: Int = 0
  ) throws(WebPushEncryptionError) -> [UInt8] {
    let salt = salt ?? randomBytes(saltBytes)
    guard salt.count == saltBytes else { throw .saltLength(salt.count) }
    guard (minRecordSize...Int(UInt32.max)).contains(recordSize) else { throw .recordSize(recordSize) }
    guard padding >= 0 else { throw .negativePadding(padding) }
    let recordBytes = plaintext.count + padding + 1 + tagBytes
    guard headerBytes + recordBytes <= maxBodyBytes else {
      throw .bodyTooLarge(plaintext: plaintext.count, padding: padding)
    }
    guard recordBytes <= recordSize else {
      throw .recordTooLarge(plaintext: plaintext.count, padding: padding, recordSize: recordSize)
    }
    let sender = senderKey ?? P256.KeyAgreement.PrivateKey()
    let schedule: WebPushKeySchedule
    do {
      schedule = try WebPushKeySchedule(senderPrivateKey: sender, receiver: receiver, salt: salt)
    } catch {
      throw .cryptoFailed("\(error)")
    }
    var record = plaintext
    record.append(0x02)
    record.append(contentsOf: repeatElement(0, count: padding))
    var body = header(salt: salt, recordSize: UInt32(recordSize), keyID: schedule.senderPublicKey)
    do {
      body += try seal(record, schedule: schedule, sequence: 0)
    } catch {
      throw .cryptoFailed("\(error)")
    }
    return body
  }

  /// The plaintext of an `aes128gcm` push message body, decrypted with the receiver's keys (RFC
  /// 8291 §3, RFC 8188 §2): the header is read, each record of `rs` bytes (the last may be
  /// shorter) is decrypted, and its padding removed (a last record ends in 0x02, the others in
  /// 0x01, each followed by zero or more 0x00).
  ///
  /// - Throws: ``WebPushDecryptionError`` saying what is wrong: the header cut short, `rs` under
  ///   18, a keyid that is not a 65-byte P-256 point, a record too short to hold a tag, a record
  ///   that does not authenticate (the wrong keys, or a changed byte), or a wrong padding delimiter.
  public static func decrypt(_ body: [UInt8], with receiver: WebPushReceiverKeys) throws(WebPushDecryptionError) -> [UInt8] {
    let header = try AES128GCMHeader(parsing: body)
    // The header checked that the keyid is a point, and the receiver's key came from a valid key:
    // neither fails but through swift-crypto refusing its own output, and nothing here traps on it.
    guard let receiverKey = receiver.privateKey,
          let senderKey = try? P256.KeyAgreement.PublicKey(x963Representation: header.keyID) else {
      throw .keyIDNotAPoint
    }
    let schedule: WebPushKeySchedule
    do {
      let secret = try receiverKey.sharedSecretFromKeyAgreement(with: senderKey)
      schedule = WebPushKeySchedule(
        ecdhSecret: secret.withUnsafeBytes { Array($0) }, authSecret: receiver.subscriptionKeys.auth,
        receiverPublicKey: receiver.subscriptionKeys.p256dh, senderPublicKey: header.keyID, salt: header.salt)
    } catch {
      throw .keyIDNotAPoint
    }
    let content = body[header.length...]
    guard !content.isEmpty else { throw .noRecords }
    let recordSize = Int(header.recordSize)
    let count = (content.count + recordSize - 1) / recordSize
    var plaintext: [UInt8] = []
    for index in 0..<count {
      let start = content.startIndex + index * recordSize
      let record = content[start..<min(start + recordSize, content.endIndex)]
      guard record.count > tagBytes else { throw .recordTooShort(record: index, count: count, length: record.count) }
      let opened: [UInt8]
      do {
        opened = try open(record, schedule: schedule, sequence: UInt64(index))
      } catch {
        throw .authenticationFailed(record: index, count: count)
      }
      plaintext += try unpad(opened, record: index, count: count)
    }
    return plaintext
  }

  // MARK: - Records

  /// The header of RFC 8188 §2.1.
  static func header(salt: [UInt8], recordSize: UInt32, keyID: [UInt8]) -> [UInt8] {
    var bytes = salt
    bytes += [UInt8(recordSize >> 24), UInt8(recordSize >> 16 & 0xFF), UInt8(recordSize >> 8 & 0xFF), UInt8(recordSize & 0xFF)]
    bytes.append(UInt8(keyID.count))
    bytes += keyID
    return bytes
  }

  /// One encrypted record: ciphertext ‖ tag.
  static func seal(_ record: [UInt8], schedule: WebPushKeySchedule, sequence: UInt64) throws -> [UInt8] {
    let box = try AES.GCM.seal(
      record, using: SymmetricKey(data: schedule.cek), nonce: AES.GCM.Nonce(data: schedule.nonce(forRecord: sequence)))
    return Array(box.ciphertext) + Array(box.tag)
  }

  /// The decrypted bytes of one record (ciphertext ‖ tag, more than 16 bytes).
  static func open(_ record: ArraySlice<UInt8>, schedule: WebPushKeySchedule, sequence: UInt64) throws -> [UInt8] {
    let split = record.endIndex - tagBytes
    let box = try AES.GCM.SealedBox(
      nonce: AES.GCM.Nonce(data: schedule.nonce(forRecord: sequence)), ciphertext: record[..<split], tag: record[split...])
    return Array(try AES.GCM.open(box, using: SymmetricKey(data: schedule.cek)))
  }

  /// A decrypted record without its padding: trailing zeros, then the delimiter (0x02 in the last
  /// of `count` records, 0x01 in the others).
  static func unpad(_ record: [UInt8], record index: Int, count: Int) throws(WebPushDecryptionError) -> ArraySlice<UInt8> {
    let expected: UInt8 = index == count - 1 ? 0x02 : 0x01
    guard let delimiter = record.lastIndex(where: { $0 != 0 }) else {
      throw .paddingDelimiter(record: index, count: count, found: nil, expected: expected)
    }
    guard record[delimiter] == expected else {
      throw .paddingDelimiter(record: index, count: count, found: record[delimiter], expected: expected)
    }
    return record[..<delimiter]
  }

  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }
}

/// The header of an `aes128gcm` body (RFC 8188 §2.1), read and checked for web push (RFC 8291
/// §4: the keyid is the sender's 65-byte public key).
public struct AES128GCMHeader: Sendable, Hashable {
  /// The salt, 16 bytes.
  public let salt: [UInt8]
  /// The record size `rs`: every record but the last has this many bytes.
  public let recordSize: UInt32
  /// The keyid: in web push, the application server's ECDH public key, an uncompressed point.
  public let keyID: [UInt8]
  /// Bytes of the header, where the first record starts.
  public var length: Int { 21 + keyID.count }

  /// Reads the header at the start of `body`; throws when it is cut short, `rs` is under 18, or
  /// the keyid is not a 65-byte P-256 point.
  public init(parsing body: [UInt8]) throws(WebPushDecryptionError) {
    guard body.count >= 21 else { throw .truncatedHeader(length: body.count, needed: 21) }
    salt = Array(body[0..<16])
    recordSize = body[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
    let idlen = Int(body[20])
    guard body.count >= 21 + idlen else { throw .truncatedHeader(length: body.count, needed: 21 + idlen) }
    guard recordSize >= UInt32(WebPushEncryption.minRecordSize) else { throw .recordSizeTooSmall(recordSize) }
    guard idlen == WebPushEncryption.publicKeyBytes else { throw .keyIDLength(idlen) }
    keyID = Array(body[21..<(21 + idlen)])
    guard WebPushKeyError.Problem.ofPoint(keyID) == nil else { throw .keyIDNotAPoint }
  }
}

/// The keys and nonce of one push message, step by step as RFC 8291 §3.3–3.4 derives them (every
/// HKDF here has one HMAC-SHA-256 block of output, as the RFC's summary writes it). Public so that
/// each step can be checked against the RFC's Appendix A.
public struct WebPushKeySchedule: Sendable, Hashable {
  /// ECDH(as_private, ua_public), the x coordinate, 32 bytes (RFC 8291 §3.1).
  public let ecdhSecret: [UInt8]
  /// PRK_key = HKDF-Extract(salt: auth_secret, IKM: ecdh_secret) (RFC 8291 §3.3).
  public let prkKey: [UInt8]
  /// key_info = "WebPush: info" ‖ 0x00 ‖ ua_public ‖ as_public (RFC 8291 §3.3).
  public let keyInfo: [UInt8]
  /// IKM = HKDF-Expand(PRK_key, key_info, 32) (RFC 8291 §3.3).
  public let ikm: [UInt8]
  /// PRK = HKDF-Extract(salt, IKM) (RFC 8291 §3.4, RFC 8188 §2.2).
  public let prk: [UInt8]
  /// cek_info = "Content-Encoding: aes128gcm" ‖ 0x00 (RFC 8188 §2.2).
  public let cekInfo: [UInt8]
  /// CEK = HKDF-Expand(PRK, cek_info, 16) (RFC 8188 §2.2).
  public let cek: [UInt8]
  /// nonce_info = "Content-Encoding: nonce" ‖ 0x00 (RFC 8188 §2.3).
  public let nonceInfo: [UInt8]
  /// NONCE = HKDF-Expand(PRK, nonce_info, 12) (RFC 8188 §2.3): the first record's nonce.
  public let nonce: [UInt8]
  /// The sender's public key (the header's keyid).
  public let senderPublicKey: [UInt8]

  /// The schedule from its inputs: the ECDH secret, the receiver's authentication secret and
  /// public key, the sender's public key, and the salt.
  public init(ecdhSecret: [UInt8], authSecret: [UInt8], receiverPublicKey: [UInt8], senderPublicKey: [UInt8], salt: [UInt8]) {
    self.ecdhSecret = ecdhSecret
    self.senderPublicKey = senderPublicKey
    prkKey = Self.hmac(key: authSecret, ecdhSecret)
    keyInfo = Array("WebPush: info".utf8) + [0] + receiverPublicKey + senderPublicKey
    ikm = Self.hmac(key: prkKey, keyInfo + [1])
    prk = Self.hmac(key: salt, ikm)
    cekInfo = Array("Content-Encoding: aes128gcm".utf8) + [0]
    cek = Array(Self.hmac(key: prk, cekInfo + [1]).prefix(16))
    nonceInfo = Array("Content-Encoding: nonce".utf8) + [0]
    nonce = Array(Self.hmac(key: prk, nonceInfo + [1]).prefix(12))
  }

  /// The application server's schedule: ECDH of its private key with the subscription's public
  /// key. Throws only when swift-crypto refuses the key agreement.
  public init(senderPrivateKey: P256.KeyAgreement.PrivateKey, receiver: WebPushSubscriptionKeys, salt: [UInt8]) throws {
    let receiverKey = try P256.KeyAgreement.PublicKey(x963Representation: receiver.p256dh)
    let secret = try senderPrivateKey.sharedSecretFromKeyAgreement(with: receiverKey)
    self.init(
      ecdhSecret: secret.withUnsafeBytes { Array($0) }, authSecret: receiver.auth, receiverPublicKey: receiver.p256dh,
      senderPublicKey: Array(senderPrivateKey.publicKey.x963Representation), salt: salt)
  }

  /// The nonce of record `sequence`: NONCE with the sequence number, a 96-bit big-endian integer,
  /// XORed in (RFC 8188 §2.3).
  public func nonce(forRecord sequence: UInt64) -> [UInt8] {
    var bytes = nonce
    for shift in 0..<8 { bytes[11 - shift] ^= UInt8(truncatingIfNeeded: sequence >> (8 * UInt64(shift))) }
    return bytes
  }

  private static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
    Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
  }
}

/// Why a push message cannot be encrypted.
public enum WebPushEncryptionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The salt given is not 16 bytes (the count given).
  case saltLength(Int)
  /// The record size is under 18 or over 2³²−1.
  case recordSize(Int)
  /// The padding is negative.
  case negativePadding(Int)
  /// Header, plaintext, padding, delimiter and tag pass the 4096 bytes a push service has to
  /// take (RFC 8291 §4).
  case bodyTooLarge(plaintext: Int, padding: Int)
  /// Plaintext, padding, delimiter and tag do not fit one record of `recordSize` bytes.
  case recordTooLarge(plaintext: Int, padding: Int, recordSize: Int)
  /// swift-crypto refused the key agreement or the encryption (what it said).
  case cryptoFailed(String)

  /// One line, lowercase start, what is wrong.
  public var message: String {
    switch self {
    case .saltLength(let count):
      return "the salt is \(count) bytes; aes128gcm takes 16 (RFC 8188 §2.1)"
    case .recordSize(let size):
      return "a record size of \(size) is out of range: 18 to 4294967295 (RFC 8188 §2.1)"
    case .negativePadding(let padding):
      return "the padding is \(padding) bytes; it cannot be negative"
    case .bodyTooLarge(let plaintext, let padding):
      let padded = padding == 0 ? "" : " with \(padding) bytes of padding"
      let most = WebPushEncryption.maxPlaintextBytes - padding
      return "the plaintext is \(plaintext) bytes\(padded); a push message body is at most \(WebPushEncryption.maxBodyBytes) bytes "
        + "(RFC 8291 §4: 86 of header, 1 of delimiter, 16 of tag), so at most \(max(0, most)) bytes of plaintext"
    case .recordTooLarge(let plaintext, let padding, let recordSize):
      return "\(plaintext) bytes of plaintext, \(padding) of padding, 1 of delimiter and 16 of tag do not fit one record "
        + "of \(recordSize) bytes (RFC 8291 §4: a push message is one record)"
    case .cryptoFailed(let why):
      return "encryption failed: \(why)"
    }
  }

  public var description: String { message }
}

/// Why a push message body cannot be decrypted. Records are counted from 0 (`record`) of `count`.
public enum WebPushDecryptionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The body is `length` bytes, shorter than the `needed` bytes of its header.
  case truncatedHeader(length: Int, needed: Int)
  /// The header's `rs` is under 18 (RFC 8188 §2.1).
  case recordSizeTooSmall(UInt32)
  /// The header's `idlen` is not 65: web push puts the sender's public key there (RFC 8291 §4).
  case keyIDLength(Int)
  /// The keyid is 65 bytes but not an uncompressed point on P-256.
  case keyIDNotAPoint
  /// The body is a header and nothing else.
  case noRecords
  /// A record is too short to hold the 16-byte tag and a delimiter.
  case recordTooShort(record: Int, count: Int, length: Int)
  /// A record does not authenticate: other keys, or a changed byte.
  case authenticationFailed(record: Int, count: Int)
  /// A record's padding delimiter is not the one expected (0x02 in the last record, 0x01 in the
  /// others); `found` is nil when the record is all zeros.
  case paddingDelimiter(record: Int, count: Int, found: UInt8?, expected: UInt8)

  /// One line, lowercase start, what is wrong.
  public var message: String {
    switch self {
    case .truncatedHeader(let length, let needed):
      return "the body is \(length) bytes, shorter than its aes128gcm header (\(needed) bytes: salt 16, rs 4, idlen 1, keyid)"
    case .recordSizeTooSmall(let size):
      return "the header's record size is \(size); RFC 8188 §2.1 takes 18 or more"
    case .keyIDLength(let idlen):
      return "the header's keyid is \(idlen) bytes; web push puts the sender's 65-byte public key there (RFC 8291 §4)"
    case .keyIDNotAPoint:
      return "the header's keyid is not an uncompressed point on P-256, so it is no sender public key"
    case .noRecords:
      return "the body is an aes128gcm header with no record after it"
    case .recordTooShort(let record, let count, let length):
      return "record \(record + 1) of \(count) is \(length) bytes, too short for a delimiter and the 16-byte tag"
    case .authenticationFailed(let record, let count):
      return "record \(record + 1) of \(count) does not authenticate: encrypted to other keys, or changed on the way"
    case .paddingDelimiter(let record, let count, let found, let expected):
      let which = expected == 0x02 ? "the last record" : "a record before the last"
      guard let found else { return "record \(record + 1) of \(count) has no padding delimiter (all zeros); \(which) ends in 0x0\(expected)" }
      let hint = found == 0x01 && expected == 0x02 ? ": the message was cut short" : ""
      return "record \(record + 1) of \(count) ends in delimiter \(WebPushKeyError.hex(found)); \(which) ends in 0x0\(expected)\(hint)"
    }
  }

  public var description: String { message }
}
