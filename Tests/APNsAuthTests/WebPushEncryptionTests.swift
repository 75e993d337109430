import APNsAuth
import Crypto
import Foundation
import Testing

/// base64url without padding.
private func b64u(_ bytes: [UInt8]) -> String {
  Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    .replacingOccurrences(of: "=", with: "")
}

/// The bytes of base64url text; the RFC's values are known to decode, so a failure is a test bug.
private func bytes(_ text: String) -> [UInt8] {
  var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
  while standard.count % 4 != 0 { standard += "=" }
  return Data(base64Encoded: standard).map(Array.init) ?? []
}

/// RFC 8291 (Message Encryption for Web Push), §5 "Push Message Encryption Example" and Appendix A
/// "Intermediate Values for Encryption": every input and intermediate value below is the RFC's,
/// with the line-wrapping whitespace removed as the appendix says it may be.
enum RFC8291 {
  static let plaintext = "When I grow up, I want to be a watermelon"
  static let asPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let asPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
  static let uaPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let uaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
  static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
  static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"

  static let ecdhSecret = "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs"
  static let prkKey = "Snr3JMxaHVDXHWJn5wdC52WjpCtd2EIEGBykDcZW32k"
  static let keyInfo = "V2ViUHVzaDogaW5mbwAEJXGyvs3942BVGq8e0PTNNmwRzr5VX4m8t7GGpTM5FzFo7OLr4BhZe9MEebhuPI-OztV3"
    + "ylkYfpJGmQ22ggCLDgT-M_SrDepxkU21WCP3O1SUj0EwbZIHMtu5pZpTKGSCIA5Zent7wmC6HCJ5mFgJkuk5cwAvMBKiiujwa7t45ewP"
  static let ikm = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg"
  static let prk = "09_eUZGrsvxChDCGRCdkLiDXrReGOEVeSCdCcPBSJSc"
  static let cekInfo = "Q29udGVudC1FbmNvZGluZzogYWVzMTI4Z2NtAA"
  static let cek = "oIhVW04MRdy2XN9CiKLxTg"
  static let nonceInfo = "Q29udGVudC1FbmNvZGluZzogbm9uY2UA"
  static let nonce = "4h_95klXJ5E_qnoN"
  static let header = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let paddedPlaintext = "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24C"
  static let ciphertext = "8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ"
  /// §5's body. (§5's request says `Content-Length: 145`; the body it shows is 144 bytes.)
  static let body = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_"
    + "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

  static func subscription() throws -> WebPushSubscriptionKeys { try WebPushSubscriptionKeys(p256dh: uaPublic, auth: authSecret) }
  static func sender() throws -> P256.KeyAgreement.PrivateKey { try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes(asPrivate)) }
  static func receiver() throws -> WebPushReceiverKeys {
    try WebPushReceiverKeys(privateKey: P256.KeyAgreement.PrivateKey(rawRepresentation: bytes(uaPrivate)), authSecret: bytes(authSecret))
  }
}

@Suite struct WebPushEncryptionTests {
  /// RFC 8291 Appendix A, step by step, then the whole body of §5 byte for byte.
  @Test func reproducesRFC8291AppendixA() throws {
    let sender = try RFC8291.sender()
    #expect(b64u(Array(sender.publicKey.x963Representation)) == RFC8291.asPublic)
    let receiver = try RFC8291.receiver()
    #expect(receiver.subscriptionKeys.p256dhBase64URL == RFC8291.uaPublic)
    #expect(receiver.subscriptionKeys.authBase64URL == RFC8291.authSecret)

    let schedule = try WebPushKeySchedule(senderPrivateKey: sender, receiver: RFC8291.subscription(), salt: bytes(RFC8291.salt))
    #expect(b64u(schedule.ecdhSecret) == RFC8291.ecdhSecret)
    #expect(b64u(schedule.prkKey) == RFC8291.prkKey)
    #expect(b64u(schedule.keyInfo) == RFC8291.keyInfo)
    #expect(b64u(schedule.ikm) == RFC8291.ikm)
    #expect(b64u(schedule.prk) == RFC8291.prk)
    #expect(b64u(schedule.cekInfo) == RFC8291.cekInfo)
    #expect(b64u(schedule.cek) == RFC8291.cek)
    #expect(b64u(schedule.nonceInfo) == RFC8291.nonceInfo)
    #expect(b64u(schedule.nonce) == RFC8291.nonce)
    #expect(schedule.nonce(forRecord: 0) == schedule.nonce)

    let body = try WebPushEncryption.encrypt(
      Array(RFC8291.plaintext.utf8), to: RFC8291.subscription(), senderKey: sender, salt: bytes(RFC8291.salt))
    #expect(body.count == 144)
    #expect(b64u(Array(body[..<86])) == RFC8291.header)
    #expect(b64u(Array(body[86...])) == RFC8291.ciphertext)
    #expect(b64u(body) == RFC8291.body)
    #expect(b64u(Array(RFC8291.plaintext.utf8) + [0x02]) == RFC8291.paddedPlaintext)

    // The receiver reads the RFC's body back.
    let plaintext = try WebPushEncryption.decrypt(bytes(RFC8291.body), with: receiver)
    #expect(String(decoding: plaintext, as: UTF8.self) == RFC8291.plaintext)
    let header = try AES128GCMHeader(parsing: bytes(RFC8291.body))
    #expect(b64u(header.salt) == RFC8291.salt)
    #expect(header.recordSize == 4096)
    #expect(b64u(header.keyID) == RFC8291.asPublic)
    #expect(header.length == 86)
  }

  @Test func decryptReadsWhatEncryptWrote() throws {
    let receiver = WebPushReceiverKeys.generate()
    let sender = P256.KeyAgreement.PrivateKey()
    for count in [0, 1, 16, 100, 3993] {
      let plaintext = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let body = try WebPushEncryption.encrypt(plaintext, to: receiver.subscriptionKeys, senderKey: sender)
      #expect(body.count == 86 + count + 17)
      #expect(Array(body[16..<21]) == [0x00, 0x00, 0x10, 0x00, 65])
      #expect(Array(body[21..<86]) == Array(sender.publicKey.x963Representation))
      #expect(try WebPushEncryption.decrypt(body, with: receiver) == plaintext)
    }
    // A fresh sender key and salt for each message when none is given.
    let first = try WebPushEncryption.encrypt([1, 2, 3], to: receiver.subscriptionKeys)
    let second = try WebPushEncryption.encrypt([1, 2, 3], to: receiver.subscriptionKeys)
    #expect(first[0..<16] != second[0..<16])
    #expect(first[21..<86] != second[21..<86])
    #expect(try WebPushEncryption.decrypt(first, with: receiver) == [1, 2, 3])
    // Padding: zeros after the delimiter, removed on decryption.
    let padded = try WebPushEncryption.encrypt([9, 9], to: receiver.subscriptionKeys, padding: 40)
    #expect(padded.count == 86 + 2 + 40 + 17)
    #expect(try WebPushEncryption.decrypt(padded, with: receiver) == [9, 9])
  }

  @Test func aChangedByteOrOtherKeysFailAuthentication() throws {
    let receiver = WebPushReceiverKeys.generate()
    let body = try WebPushEncryption.encrypt(Array("hello".utf8), to: receiver.subscriptionKeys)
    // A byte of the ciphertext, of the tag, of the salt (other keys are derived): each fails.
    for index in [86, body.count - 1, 3] {
      var changed = body
      changed[index] ^= 0x01
      #expect(throws: WebPushDecryptionError.authenticationFailed(record: 0, count: 1)) {
        try WebPushEncryption.decrypt(changed, with: receiver)
      }
    }
    // Another receiver, or the right key with another authentication secret.
    #expect(throws: WebPushDecryptionError.authenticationFailed(record: 0, count: 1)) {
      try WebPushEncryption.decrypt(body, with: WebPushReceiverKeys.generate())
    }
    let otherSecret = try WebPushReceiverKeys(privateKey: #require(receiver.privateKey), authSecret: [UInt8](repeating: 7, count: 16))
    #expect(throws: WebPushDecryptionError.authenticationFailed(record: 0, count: 1)) {
      try WebPushEncryption.decrypt(body, with: otherSecret)
    }
    let message = WebPushDecryptionError.authenticationFailed(record: 0, count: 1).message
    #expect(message == "record 1 of 1 does not authenticate: encrypted to other keys, or changed on the way")
  }

  @Test func aMessageLargerThanOneRecordIsRefused() throws {
    let keys = WebPushReceiverKeys.generate().subscriptionKeys
    // 3993 bytes make a 4096-byte body; one more does not fit.
    #expect(WebPushEncryption.maxPlaintextBytes == 3993)
    #expect(try WebPushEncryption.encrypt([UInt8](repeating: 0x41, count: 3993), to: keys).count == 4096)
    #expect(throws: WebPushEncryptionError.bodyTooLarge(plaintext: 3994, padding: 0)) {
      try WebPushEncryption.encrypt([UInt8](repeating: 0x41, count: 3994), to: keys)
    }
    #expect(WebPushEncryptionError.bodyTooLarge(plaintext: 3994, padding: 0).message
      == "the plaintext is 3994 bytes; a push message body is at most 4096 bytes (RFC 8291 §4: 86 of header, 1 of delimiter, 16 of tag), so at most 3993 bytes of plaintext")
    #expect(throws: WebPushEncryptionError.bodyTooLarge(plaintext: 3984, padding: 10)) {
      try WebPushEncryption.encrypt([UInt8](repeating: 0x41, count: 3984), to: keys, padding: 10)
    }
    // A smaller record size: plaintext, delimiter and tag must fit it.
    #expect(try WebPushEncryption.encrypt([UInt8](repeating: 1, count: 83), to: keys, recordSize: 100).count == 86 + 100)
    #expect(throws: WebPushEncryptionError.recordTooLarge(plaintext: 84, padding: 0, recordSize: 100)) {
      try WebPushEncryption.encrypt([UInt8](repeating: 1, count: 84), to: keys, recordSize: 100)
    }
    #expect(throws: WebPushEncryptionError.recordSize(17)) { try WebPushEncryption.encrypt([], to: keys, recordSize: 17) }
    #expect(throws: WebPushEncryptionError.saltLength(15)) { try WebPushEncryption.encrypt([], to: keys, salt: [UInt8](repeating: 0, count: 15)) }
    #expect(throws: WebPushEncryptionError.negativePadding(-1)) { try WebPushEncryption.encrypt([], to: keys, padding: -1) }
  }

  /// Several records (RFC 8188 §2), made here with the key schedule and AES-GCM directly, not
  /// with `encrypt`: record i uses NONCE ⊕ i, ends in 0x01, and the last in 0x02.
  @Test func decryptReadsSeveralRecords() throws {
    let receiver = WebPushReceiverKeys.generate()
    let sender = P256.KeyAgreement.PrivateKey()
    let salt = [UInt8](repeating: 0x5A, count: 16)
    let schedule = try WebPushKeySchedule(senderPrivateKey: sender, receiver: receiver.subscriptionKeys, salt: salt)
    let plaintext = Array("a message in several records of 32 bytes".utf8)
    func body(_ records: [[UInt8]], recordSize: UInt32 = 32) throws -> [UInt8] {
      var out = salt + [0, 0, 0, UInt8(recordSize)] + [65] + Array(sender.publicKey.x963Representation)
      for (index, record) in records.enumerated() {
        let box = try AES.GCM.seal(record, using: SymmetricKey(data: schedule.cek), nonce: AES.GCM.Nonce(data: schedule.nonce(forRecord: UInt64(index))))
        out += Array(box.ciphertext) + Array(box.tag)
      }
      return out
    }
    // A 32-byte record is 16 bytes of tag and 16 of content: 15 of plaintext and the delimiter
    // (the last record may be shorter).
    let chunks = stride(from: 0, to: plaintext.count, by: 15).map { Array(plaintext[$0..<min($0 + 15, plaintext.count)]) }
    #expect(chunks.count == 3)
    let records = chunks.enumerated().map { $0.element + [$0.offset == chunks.count - 1 ? 0x02 : 0x01] }
    #expect(try WebPushEncryption.decrypt(body(records), with: receiver) == plaintext)
    // The last record padded with zeros to full size: the same plaintext.
    var padded = records
    padded[2] += [UInt8](repeating: 0, count: 16 - padded[2].count)
    #expect(try WebPushEncryption.decrypt(body(padded), with: receiver) == plaintext)
    // Cut short after two records: the second ends in 0x01 where the last must end in 0x02.
    #expect(throws: WebPushDecryptionError.paddingDelimiter(record: 1, count: 2, found: 0x01, expected: 0x02)) {
      try WebPushEncryption.decrypt(body(Array(records[..<2])), with: receiver)
    }
    // A 0x02 before the last record, and a record of zeros only.
    var early = records
    early[0][15] = 0x02
    #expect(throws: WebPushDecryptionError.paddingDelimiter(record: 0, count: 3, found: 0x02, expected: 0x01)) {
      try WebPushEncryption.decrypt(body(early), with: receiver)
    }
    #expect(throws: WebPushDecryptionError.paddingDelimiter(record: 0, count: 1, found: nil, expected: 0x02)) {
      try WebPushEncryption.decrypt(body([[0, 0, 0]]), with: receiver)
    }
    // Records swapped: the nonces no longer match.
    #expect(throws: WebPushDecryptionError.authenticationFailed(record: 0, count: 3)) {
      let good = try body(records)
      _ = try WebPushEncryption.decrypt(Array(good[..<86] + good[118..<150] + good[86..<118] + good[150...]), with: receiver)
    }
  }

  /// A body of six records that another implementation wrote: http_ece 1.2.1 (Python), asked
  /// to encrypt RFC 8291's plaintext with its keys and salt in records of 25 bytes (8 bytes of
  /// plaintext and the delimiter each, the last 1 byte).
  @Test func decryptReadsAnotherImplementationsRecords() throws {
    let body = bytes(
      "DGv6ra1nlYgDCS1FRnbzlwAAABlBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cSDw"
        + "1PQK_onN6nhX57A3AzfiefTyE17OaXie1D5tykhqZvqKd_1w_CGCTwe-v-UX6UYuoUfin3lGQWBeSGnx17v0urhOkCzsDpGjZoD2Gf9HqekeXyVvkhhULOoLxPjcT"
        + "cf42fDJP7Lb4B5U8T1w8vALIVY9BAYf4fcYUcVXVrsM7FI6NeWWKg")
    #expect(body.count == 86 + 5 * 25 + 18)
    #expect(try AES128GCMHeader(parsing: body).recordSize == 25)
    let plaintext = try WebPushEncryption.decrypt(body, with: RFC8291.receiver())
    #expect(String(decoding: plaintext, as: UTF8.self) == RFC8291.plaintext)
    // Without its last record: cut short.
    #expect(throws: WebPushDecryptionError.paddingDelimiter(record: 4, count: 5, found: 0x01, expected: 0x02)) {
      try WebPushEncryption.decrypt(Array(body[..<(86 + 5 * 25)]), with: RFC8291.receiver())
    }
  }

  @Test func aBrokenHeaderSaysWhatIsWrong() throws {
    let receiver = WebPushReceiverKeys.generate()
    let body = try WebPushEncryption.encrypt([1, 2, 3], to: receiver.subscriptionKeys)
    func decrypt(_ bytes: [UInt8]) throws { _ = try WebPushEncryption.decrypt(bytes, with: receiver) }
    #expect(throws: WebPushDecryptionError.truncatedHeader(length: 0, needed: 21)) { try decrypt([]) }
    #expect(throws: WebPushDecryptionError.truncatedHeader(length: 20, needed: 21)) { try decrypt(Array(body[..<20])) }
    #expect(throws: WebPushDecryptionError.truncatedHeader(length: 50, needed: 86)) { try decrypt(Array(body[..<50])) }
    #expect(throws: WebPushDecryptionError.noRecords) { try decrypt(Array(body[..<86])) }
    #expect(throws: WebPushDecryptionError.recordTooShort(record: 0, count: 1, length: 16)) { try decrypt(Array(body[..<(86 + 16)])) }
    var small = body
    small[16...19] = [0, 0, 0, 17]
    #expect(throws: WebPushDecryptionError.recordSizeTooSmall(17)) { try decrypt(small) }
    var noKey = Array(body[..<21]) + Array(body[86...])
    noKey[20] = 0
    #expect(throws: WebPushDecryptionError.keyIDLength(0)) { try decrypt(noKey) }
    var offCurve = body
    offCurve[22..<86] = ArraySlice(repeating: 0, count: 64)
    #expect(throws: WebPushDecryptionError.keyIDNotAPoint) { try decrypt(offCurve) }
    // Every prefix of the RFC's body is refused with an error, none traps.
    let full = bytes(RFC8291.body)
    let receiverRFC = try RFC8291.receiver()
    for length in 0..<full.count {
      #expect(throws: WebPushDecryptionError.self) { try WebPushEncryption.decrypt(Array(full[..<length]), with: receiverRFC) }
    }
    #expect(WebPushDecryptionError.keyIDLength(0).message
      == "the header's keyid is 0 bytes; web push puts the sender's 65-byte public key there (RFC 8291 §4)")
    #expect(WebPushDecryptionError.paddingDelimiter(record: 1, count: 2, found: 1, expected: 2).message
      == "record 2 of 2 ends in delimiter 0x01; the last record ends in 0x02: the message was cut short")
  }

  @Test func subscriptionKeysAreCheckedWhenRead() throws {
    let keys = try WebPushSubscriptionKeys(p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret)
    #expect(keys.p256dh == bytes(RFC8291.uaPublic))
    #expect(keys.auth.count == 16)
    // Padded base64url reads the same.
    #expect(try WebPushSubscriptionKeys(p256dh: RFC8291.uaPublic + "=", auth: RFC8291.authSecret + "==") == keys)

    let point = bytes(RFC8291.uaPublic)
    #expect(throws: WebPushKeyError(.p256dh, .wrongLength(actual: 64, expected: 65))) {
      try WebPushSubscriptionKeys(p256dh: Array(point.dropLast()), auth: keys.auth)
    }
    #expect(throws: WebPushKeyError(.p256dh, .notUncompressedPoint(0x02))) {
      try WebPushSubscriptionKeys(p256dh: [0x02] + point.dropFirst(), auth: keys.auth)
    }
    var offCurve = point
    offCurve[64] ^= 0x01
    #expect(throws: WebPushKeyError(.p256dh, .notOnCurve)) { try WebPushSubscriptionKeys(p256dh: offCurve, auth: keys.auth) }
    #expect(throws: WebPushKeyError(.auth, .wrongLength(actual: 15, expected: 16))) {
      try WebPushSubscriptionKeys(p256dh: point, auth: Array(keys.auth.dropLast()))
    }
    let standard = RFC8291.uaPublic.replacingOccurrences(of: "-", with: "+")
    #expect(throws: WebPushKeyError(.p256dh, .notBase64URL("it has '+': standard base64, where base64url has '-' and '_'"))) {
      try WebPushSubscriptionKeys(p256dh: standard, auth: RFC8291.authSecret)
    }
    #expect(throws: WebPushKeyError(.auth, .notBase64URL("its length (25 characters) is no base64 length"))) {
      try WebPushSubscriptionKeys(p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret + "AAA")
    }
    #expect(throws: WebPushKeyError(.auth, .notBase64URL("it has whitespace"))) {
      try WebPushSubscriptionKeys(p256dh: RFC8291.uaPublic, auth: "BTBZMqHH6r4T ts7J_aSIgg")
    }
    #expect(WebPushKeyError(.p256dh, .wrongLength(actual: 64, expected: 65)).message == "'p256dh' is 64 bytes; an uncompressed P-256 point is 65")
    #expect(WebPushKeyError(.p256dh, .notOnCurve).message == "'p256dh' is not a point on the P-256 curve")
  }
}
