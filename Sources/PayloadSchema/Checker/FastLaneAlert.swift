// The alert's text after a fast-lane read (`ValidationOptions.collectAlert`): the general reader
// collects it string by string while reading; the fast lane keeps the offsets of the alert's values
// instead, and this reads the strings at those offsets once the payload is known to be clean. The
// result is the `AlertText` the general reader would have collected (FastLaneTests compares them).

extension Checker {
  /// Fills `alert` from the offsets the fast lane kept. False when the alert has a shape only the
  /// general reader collects (a live activity's `title`/`body` object, an alert neither string nor
  /// object, an escape this reader does not decode): read the payload again with the general reader.
  mutating func collectAlertAfterFastScan(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    switch facts.alertKind {
    case .none: return true
    case .other: return false
    case .string, .object: break
    }
    let at = apsValueOffsets[ApsKey.alert.rawValue]
    guard at >= 0 && at < n else { return false }
    var text = AlertText()
    text.offset = at
    if facts.alertKind == .string {
      text.isPlainString = true
      guard let body = Self.fastField(p, n, at, path: "aps.alert") else { return false }
      text.body = body
      alert = text
      return true
    }
    if facts.offsets.titleObject >= 0 || facts.offsets.bodyObject >= 0 { return false }
    let single: [(AlertKey, WritableKeyPath<AlertText, AlertText.Field?>)] = [
      (.title, \.title), (.subtitle, \.subtitle), (.body, \.body), (.titleLocKey, \.titleLocKey),
      (.subtitleLocKey, \.subtitleLocKey), (.locKey, \.locKey), (.actionLocKey, \.actionLocKey),
    ]
    var fields: [(offset: Int, key: AlertKey)] = []
    for key in [AlertKey.title, .subtitle, .body, .titleLocKey, .subtitleLocKey, .locKey, .actionLocKey, .titleLocArgs, .subtitleLocArgs, .locArgs] {
      let offset = alertValueOffsets[key.rawValue]
      if facts.alertKeys & (1 << UInt32(key.rawValue)) != 0 && offset >= 0 && offset < n { fields.append((offset, key)) }
    }
    for (offset, key) in fields {
      let name = Schema.alert[key.rawValue].name
      let path = "aps.alert.\(name)"
      if let (_, keyPath) = single.first(where: { $0.0 == key }) {
        guard p[offset] == 0x22 else { continue }  // null: nothing to collect
        guard let field = Self.fastField(p, n, offset, path: path) else { return false }
        text[keyPath: keyPath] = field
      } else {
        guard p[offset] == 0x5B else { continue }
        guard let args = Self.fastStringArray(p, n, offset, path: path) else { return false }
        if args.isEmpty { continue }
        switch key {
        case .titleLocArgs: text.titleLocArgs = args
        case .subtitleLocArgs: text.subtitleLocArgs = args
        default: text.locArgs = args
        }
      }
    }
    alert = text
    return true
  }

  /// The strings of an array of strings at `offset` (`[`), as fields named `path[i]`.
  private static func fastStringArray(_ p: UnsafePointer<UInt8>, _ n: Int, _ offset: Int, path: String) -> [AlertText.Field]? {
    var out: [AlertText.Field] = []
    var i = offset + 1
    func skip() { while i < n && (p[i] == 0x20 || p[i] == 0x0A || p[i] == 0x0D || p[i] == 0x09) { i += 1 } }
    skip()
    if i < n && p[i] == 0x5D { return out }
    while i < n {
      guard p[i] == 0x22, let (field, end) = fastString(p, n, i, path: path + "[\(out.count)]") else { return nil }
      out.append(field)
      i = end
      skip()
      guard i < n else { return nil }
      if p[i] == 0x5D { return out }
      guard p[i] == 0x2C else { return nil }
      i += 1
      skip()
    }
    return nil
  }

  private static func fastField(_ p: UnsafePointer<UInt8>, _ n: Int, _ offset: Int, path: String) -> AlertText.Field? {
    fastString(p, n, offset, path: path)?.0
  }

  /// The string at `offset` (`"`), decoded, and the offset past its closing quote. Decodes the
  /// escapes the fast lane lets through (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`); nil for any other.
  private static func fastString(_ p: UnsafePointer<UInt8>, _ n: Int, _ offset: Int, path: String) -> (AlertText.Field, Int)? {
    guard offset < n && p[offset] == 0x22 else { return nil }
    var i = offset + 1
    var escaped = false
    while i < n && p[i] != 0x22 {
      if p[i] == 0x5C { escaped = true; i += 2 } else { i += 1 }
    }
    guard i < n else { return nil }
    let value: String
    if !escaped {
      value = String(decoding: UnsafeBufferPointer(start: p + offset + 1, count: i - offset - 1), as: UTF8.self)
    } else {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(i - offset)
      var j = offset + 1
      while j < i {
        var b = p[j]
        if b == 0x5C {
          j += 1
          switch p[j] {
          case 0x22, 0x5C: b = p[j]
          case UInt8(ascii: "b"): b = 0x08
          case UInt8(ascii: "f"): b = 0x0C
          case UInt8(ascii: "n"): b = 0x0A
          case UInt8(ascii: "r"): b = 0x0D
          case UInt8(ascii: "t"): b = 0x09
          default: return nil
          }
        }
        bytes.append(b)
        j += 1
      }
      value = String(decoding: bytes, as: UTF8.self)
    }
    return (AlertText.Field(value: value, line: 0, column: 0, keyPath: path, offset: offset), i + 1)
  }
}
