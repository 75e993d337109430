// JSON as APNs reads it (SPEC §3, "JSON"): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `json-syntax`
  static var jsonSyntax: Self {
    Self(.error, .json,
         fix: .never("what was meant where the JSON breaks (a value, a comma, a closing quote) is the author's to say; the tool cannot know it"),
         consequence: "a JSON reader refuses the whole payload, so nothing of it is shown or reaches the app: the push is dropped (Apple documents no APNs reason for it)",
         summary: "not RFC 8259 JSON: says what was expected where",
         card: RuleCard(symptom: "Nothing appears on the device: the payload is not JSON, so it is refused whole.",
                        remedy: "Fix the JSON where the finding points (a trailing comma, a missing quote or brace), and build payloads with a JSON encoder rather than by joining strings.",
                        platforms: .allAPNs, sources: [.generatingRemoteNotification, .rfc8259])) {
      RuleExamples(#"{"aps": {"badge": 1,1️⃣}}"#,
                   pass: #"{"aps": {"badge": 1}}"#)
    }
  }

  /// `json-invalid-utf8`
  static var jsonInvalidUTF8: Self {
    Self(.error, .json,
         fix: .never("the characters the bad bytes were meant to be cannot be recovered from them; the author must write them again"),
         consequence: "JSON is UTF-8 (RFC 8259) and a strict reader such as Foundation's JSONSerialization refuses the whole payload, so the push is dropped (Apple documents no APNs reason for it)",
         summary: "bytes that are not well-formed UTF-8 (overlong, surrogate, truncated sequence)",
         card: RuleCard(symptom: "Nothing appears: bytes that are not UTF-8 make a strict JSON reader refuse the whole payload.",
                        remedy: "Encode the text as UTF-8 (your language's UTF-8 encoder, not Latin-1 or a copy of raw bytes) and send it again.",
                        platforms: .allAPNs, sources: [.rfc8259, .jsonSerialization])) {
      RuleExamples(#"{"aps": {"alert": "caf1️⃣\xC3"}}"#,
                   pass: #"{"aps": {"alert": "café"}}"#)
    }
  }

  /// `json-duplicate-key`
  static var jsonDuplicateKey: Self {
    Self(.error, .json,
         fix: .edits("when every value of the repeated key is written the same, the earlier members are removed; different values: which one was meant is not certain", PayloadFixes.duplicateKey),
         consequence: "only one of the values reaches the device (the last, for Foundation's JSONSerialization; RFC 8259 leaves it to the reader), so the other is lost without a word",
         summary: "a key repeated in the same object",
         card: RuleCard(symptom: "The device shows only one of the values (the last one) and the other is lost without a word.",
                        remedy: "Keep one member per key: remove the repeated one, or merge what the two values were meant to say.",
                        platforms: .allAPNs, sources: [.rfc8259, .jsonSerialization])) {
      RuleExamples(#"{"aps": {"badge": 1, 1️⃣"badge": 2}}"#,
                   pass: #"{"aps": {"badge": 2}}"#,
                   fixed: #"{"aps": {"sound": "default", "badge": 2}}"#,
                   fixing: #"{"aps": {"badge": 2, "sound": "default", "badge": 2}}"#)
    }
  }

  /// `json-lone-surrogate`
  static var jsonLoneSurrogate: Self {
    Self(.warning, .json,
         fix: .never("the missing half of the character cannot be guessed; the author must write the whole character or remove the escape"),
         consequence: "the escape decodes as U+FFFD, so the device shows a replacement character where half of a character was written",
         summary: "a \\uD800–\\uDFFF escape without its pair",
         card: RuleCard(symptom: "The notification shows a replacement character (�) where half of a character was escaped.",
                        remedy: "Write the character itself in UTF-8, or escape it as a complete high and low surrogate pair.",
                        platforms: .allAPNs, sources: [.rfc8259])) {
      RuleExamples(#"{"aps": {"alert": "1️⃣\ud83d"}}"#,
                   pass: #"{"aps": {"alert": "\ud83d\ude00"}}"#)
    }
  }

  /// `json-bom`
  static var jsonBOM: Self {
    Self(.warning, .json,
         fix: .edits("the byte order mark is removed: the payload reads the same to every reader", PayloadFixes.byteOrderMark),
         consequence: "RFC 8259 forbids a sender to add it and lets a reader refuse it: a reader that skips it sees the same payload, one that does not refuses it whole, and Apple does not say which APNs is",
         summary: "a UTF-8 byte order mark before the payload",
         card: RuleCard(symptom: "Nothing appears if the reader on the way refuses a payload that starts with a byte order mark; one that skips it shows the push as sent.",
                        remedy: "Save and send the payload as UTF-8 without a byte order mark.",
                        platforms: .allAPNs, sources: [.rfc8259])) {
      RuleExamples(#"1️⃣\xEF\xBB\xBF{"aps": {"badge": 1}}"#,
                   pass: #"{"aps": {"badge": 1}}"#,
                   fixed: #"{"aps": {"badge": 1}}"#)
    }
  }

  /// `json-too-deep`
  static var jsonTooDeep: Self {
    Self(.error, .json,
         fix: .never("flattening the nesting changes the structure the app reads; how to reshape the data is the author's choice"),
         consequence: "reading stops there, so nothing past it is checked, and a JSON reader whose own depth limit the payload exceeds refuses it whole (the push is dropped)",
         summary: "nesting deeper than limits.max-depth (default 64); reading stops there",
         card: RuleCard(symptom: "Nothing appears if a JSON reader's own depth limit refuses the payload, and apns-lint checks nothing past the depth where it stopped.",
                        remedy: "Flatten the custom data: keep nesting shallow and move large structures out of the push, for the app to fetch when it arrives.",
                        platforms: .allAPNs, sources: [.jsonSerialization, .rfc8259])) {
      RuleExamples(#"{"aps": {"badge": 1}, "d": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1️⃣[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
                   pass: #"{"aps": {"badge": 1}, "d": [[[0]]]}"#)
    }
  }

  /// `json-escaped-unicode`
  static var jsonEscapedUnicode: Self {
    Self(.info, .json,
         fix: .never("the escapes decode to the same text on the device; whether to spend the bytes on them is the author's choice"),
         consequence: "none: the escapes decode to the same text on the device; they only take bytes of the size limit",
         summary: "\\uXXXX escapes of non-ASCII characters, or \\/, that inflate the size",
         card: RuleCard(symptom: "Nothing changes on the device: the escapes decode to the same text; they only use bytes of the size limit.",
                        remedy: "Let the encoder write non-ASCII characters as UTF-8 (Python's json.dumps with ensure_ascii=False; Swift's JSONEncoder and JavaScript's JSON.stringify already do).",
                        platforms: .allAPNs, sources: [.rfc8259, .generatingRemoteNotification])) {
      RuleExamples(#"{"aps": {"alert": 1️⃣"caf\u00e9"}}"#,
                   pass: #"{"aps": {"alert": "café"}}"#)
    }
  }
}

// The messages of the JSON rules (`PayloadMessage`): the checker reports these, never a bare string.
extension PayloadMessage {
  // MARK: json-syntax

  /// What the reader expected where (`JSONProblem.syntax`).
  static func jsonSyntax(_ whatWasExpected: String) -> Self { Self(.jsonSyntax, whatWasExpected) }

  /// Members written without the object around them (`"aps": {…}`, a README's fragment, SPEC §8
  /// "Envelopes"): `firstKey` the first member's key; `checked`: they include `aps`, and are
  /// checked as if inside `{ }`.
  static func membersWithoutObject(firstKey: String, checked: Bool) -> Self {
    Self(.jsonSyntax, checked
      ? "'\(firstKey)': … is a member without the object around it: sent as it is, this is not one JSON value and a JSON reader refuses it; write it inside { }. Its members are checked as if they were"
      : "'\(firstKey)': … is a member without the object around it: sent as it is, this is not one JSON value and a JSON reader refuses it; write it inside the object it belongs to (the payload, or its aps). Not checked further: which object that is is not known")
  }

  // MARK: json-invalid-utf8

  static var invalidUTF8: Self { Self(.jsonInvalidUTF8, "bytes that are not well-formed UTF-8") }

  // MARK: json-duplicate-key

  static func duplicateKey(_ key: String) -> Self {
    Self(.jsonDuplicateKey, "duplicate key '\(key)'; the last one wins")
  }

  // MARK: json-lone-surrogate

  static var loneSurrogate: Self {
    Self(.jsonLoneSurrogate, "a surrogate escape without its pair; it decodes as U+FFFD")
  }

  // MARK: json-bom

  static var byteOrderMark: Self {
    Self(.jsonBOM, "a UTF-8 byte order mark before the payload; APNs expects plain JSON")
  }

  // MARK: json-too-deep

  static func tooDeep(limit: Int) -> Self {
    Self(.jsonTooDeep, "nesting deeper than \(limit) levels; reading stops here")
  }

  // MARK: json-escaped-unicode

  /// `extraBytes`: how many bytes the payload's escapes take beyond the raw UTF-8 they stand for.
  static func escapedUnicode(extraBytes: Int) -> Self {
    Self(.jsonEscapedUnicode, "escaped characters take \(extraBytes) bytes more than raw UTF-8 would")
  }
}
