// The fast lane: a second reader for the common case, a whole payload in one buffer.
//
// Most payloads a provider sends are well-formed, use known keys with values of the right kind,
// and have no escapes beyond `\"`, `\\`, `\n` and friends. For them the event-driven reader and
// checker (`JSONReader` + `Checker`) do general work that never pays off: resumable token states,
// a frame per container, key paths kept for messages. The fast lane reads such a payload by
// recursive descent straight from the bytes, walks the same `Schema` rows, and fills in the same
// `Facts` and offset tables the checker fills, through the same recorder (`Facts.swift`). Then
// the same end-of-payload checks run on them (`Checker.finish`), so size, push type and every
// finding made at the end are computed by one piece of code whichever way the payload was read.
//
// The fast lane never reports anything itself. At the first byte or key that might lead to a
// finding while reading (a syntax error, an unknown key, a value of the wrong kind, a duplicate
// key, a `\u` escape, a sensitive-looking key, a depth past its own small limit…), it gives up and
// the payload is read again by the general reader, which reports it exactly. So a report never
// depends on which lane read the payload; `FastLaneTests` and the `payload` fuzz target compare
// the two on every input they have.

/// A key of an open object outside the schema's tables (the schema's keys are told apart by their
/// row), for duplicate detection: where its bytes are in the input, and its
/// first eight bytes (zero-padded) to compare most keys in one step.
struct FastKey {
  var start: Int32
  var count: Int32
  var head: UInt64
}

/// Where the fast lane is in the input.
struct FastCursor {
  let p: UnsafePointer<UInt8>
  let n: Int
  var i = 0
  /// Whitespace bytes outside strings (the compact size leaves them out).
  var whitespace = 0
  var depth = 0
  let maxDepth: Int
  /// The keys of the open objects, innermost last.
  let keys: UnsafeMutablePointer<FastKey>
  let keyCapacity: Int
  var keyTop = 0
  /// Inside `aps.content-state`: a number there that reads as a date since 1970 is left to the
  /// general reader, which judges its key's name (`content-state-unix-date`).
  var inContentState = false

  /// The byte at the cursor, or 0 at the end (0 is never the start of a token).
  @inline(__always) var byte: UInt8 { i < n ? p[i] : 0 }

  @inline(__always) mutating func skipWhitespace() {
    while i < n {
      let b = p[i]
      guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
      whitespace += 1
      i += 1
    }
  }
}

extension Checker {
  /// The deepest nesting the fast lane reads itself (it recurses); deeper payloads take the general
  /// reader, which keeps an explicit stack.
  static let fastLaneDepth = 48
  /// Keys of open objects the fast lane keeps; more and it gives up.
  static let fastLaneKeys = 64

  /// Whether the options let the fast lane decide a payload the way the checker would. An
  /// allow-list of custom keys and checking custom values are left to the general reader; the
  /// alert's text is collected after the read (`collectAlertAfterFastScan`).
  var fastLaneApplies: Bool {
    options.fastLane && options.allowedCustomKeys == nil && !options.checkSensitiveValues
      && !options.simulatorFile
  }

  /// Reads a whole payload in the fast lane. On success the facts and offset tables are those the
  /// checker would have after reading it, no finding was made while reading, and the result is the
  /// number of whitespace bytes outside strings. Nil means "read it again with the general reader"
  /// (the checker must be reset first).
  mutating func fastScan(_ p: UnsafePointer<UInt8>, _ n: Int, maxDepth: Int) -> Int? {
    withUnsafeTemporaryAllocation(of: FastKey.self, capacity: Self.fastLaneKeys) { keys -> Int? in
      guard let k = keys.baseAddress else { return nil }
      var c = FastCursor(p: p, n: n, maxDepth: min(maxDepth, Self.fastLaneDepth), keys: k, keyCapacity: keys.count)
      c.skipWhitespace()
      guard c.byte == 0x7B else { return nil }  // payload-not-object, empty, BOM: the general reader says which
      recordRootObject()
      guard fastObject(&c, .root) else { return nil }
      c.skipWhitespace()
      guard c.i == n else { return nil }
      return c.whitespace
    }
  }

  // MARK: Containers

  /// An object at the cursor (`{`), whose members are read in `context`. Compact JSON (no
  /// whitespace between tokens) is the expected case: each byte is compared with what should come
  /// before whitespace is looked for.
  private mutating func fastObject(_ c: inout FastCursor, _ context: Context) -> Bool {
    c.depth += 1
    guard c.depth <= c.maxDepth else { return false }
    c.i += 1
    let keysBegin = c.keyTop
    // Keys of the schema's tables are told apart by their row: a duplicate is a row seen before,
    // without keeping or comparing their bytes (unknown keys there end the fast lane anyway).
    let schema = context == .aps || context == .alert || context == .sound
    var seen: UInt64 = 0
    var b = c.byte
    if b <= 0x20 { c.skipWhitespace(); b = c.byte }
    if b == 0x7D {
      c.i += 1
    } else {
      while true {
        guard b == 0x22 else { return false }
        let keyOffset = c.i
        let start: Int, end: Int, packed: PackedKey
        if schema {
          guard let (s, e, escaped) = Self.fastString(&c), !escaped else { return false }
          (start, end, packed) = (s, e, Self.packed(c, s, e &- s))
        } else {
          guard let key = Self.fastKey(&c, keysBegin: keysBegin) else { return false }
          (start, end, packed) = key
        }
        if c.byte != 0x3A {
          c.skipWhitespace()
          guard c.byte == 0x3A else { return false }
        }
        c.i += 1
        if c.byte <= 0x20 { c.skipWhitespace() }
        guard fastMember(&c, context, key: UnsafeBufferPointer(start: c.p + start, count: end - start), packed, keyOffset: keyOffset,
                         seen: &seen) else {
          return false
        }
        b = c.byte
        if b <= 0x20 { c.skipWhitespace(); b = c.byte }
        c.i += 1
        if b == 0x2C {
          b = c.byte
          if b <= 0x20 { c.skipWhitespace(); b = c.byte }
          continue
        }
        if b == 0x7D { break }
        return false
      }
    }
    c.keyTop = keysBegin
    c.depth -= 1
    if context == .alert && alertHasFindings() { return false }
    return true
  }

  /// An array at the cursor (`[`) whose elements are read in `context` (`.stringArray`, `.custom`
  /// or `.free`).
  private mutating func fastArray(_ c: inout FastCursor, _ context: Context) -> Bool {
    c.depth += 1
    guard c.depth <= c.maxDepth else { return false }
    c.i += 1
    c.skipWhitespace()
    if c.byte == 0x5D {
      c.i += 1
      c.depth -= 1
      return true
    }
    while true {
      if context == .stringArray {
        guard c.byte == 0x22, Self.fastString(&c) != nil else { return false }
      } else {
        guard fastFreeValue(&c, context) else { return false }
      }
      var b = c.byte
      if b <= 0x20 { c.skipWhitespace(); b = c.byte }
      c.i += 1
      if b == 0x2C {
        if c.byte <= 0x20 { c.skipWhitespace() }
        continue
      }
      if b == 0x5D { break }
      return false
    }
    c.depth -= 1
    return true
  }

  /// A key at the cursor: read, checked against the object's earlier keys, and kept. Returns its
  /// bytes' range in the input; nil for a key with escapes, a duplicate, or too many open keys.
  @inline(__always)
  private static func fastKey(_ c: inout FastCursor, keysBegin: Int) -> (Int, Int, PackedKey)? {
    guard let (start, end, escaped) = Self.fastString(&c), !escaped else { return nil }
    let count = end - start
    let key = Self.packed(c, start, count)
    // The first eight bytes (zero-padded), which `key.w0` holds for keys of up to 24 bytes.
    let head = count >= 8 ? UInt64(littleEndian: UnsafeRawPointer(c.p + start).loadUnaligned(as: UInt64.self)) : key.w0
    var k = keysBegin
    while k < c.keyTop {
      let e = c.keys[k]
      if e.head == head && Int(e.count) == count {
        if count <= 8 || Self.same(c.p + Int(e.start) + 8, c.p + start + 8, count - 8) { return nil }
      }
      k += 1
    }
    guard c.keyTop < c.keyCapacity else { return nil }
    c.keys[c.keyTop] = FastKey(start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: count), head: head)
    c.keyTop += 1
    return (start, end, key)
  }

  /// The key at `start` packed as `PackedKey(_:)` packs it, with masked word loads where the input
  /// has room for them.
  @inline(__always) private static func packed(_ c: FastCursor, _ start: Int, _ count: Int) -> PackedKey {
    guard count <= 24, start + 24 <= c.n else { return PackedKey(UnsafeBufferPointer(start: c.p + start, count: count)) }
    let raw = UnsafeRawPointer(c.p + start)
    @inline(__always) func word(_ at: Int) -> UInt64 {
      let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
      let left = count - at
      return left >= 8 ? w : (left <= 0 ? 0 : w & ((1 << UInt64(left * 8)) - 1))
    }
    var k = PackedKey()
    k.w0 = word(0)
    k.w1 = word(8)
    k.w2 = word(16)
    k.count = count
    return k
  }

  @inline(__always) private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i < count {
      if a[i] != b[i] { return false }
      i += 1
    }
    return true
  }

  // MARK: Members

  /// The value of a member whose key was just read, in an object of `context`.
  private mutating func fastMember(_ c: inout FastCursor, _ context: Context, key: UnsafeBufferPointer<UInt8>, _ packed: PackedKey, keyOffset: Int,
                                   seen: inout UInt64) -> Bool {
    switch context {
    case .root:
      switch recordTopLevelKey(key, at: keyOffset) {
      case .aps:
        guard c.byte == 0x7B else { return false }  // aps-not-object
        recordAps(.object, at: c.i)
        return fastObject(&c, .aps)
      case .other:
        guard !fastSensitive(key, packed) else { return false }
        let name = topLevelName(packed)
        if name < 0 { return fastFreeValue(&c, .custom) }
        return fastTopLevelCandidate(&c, name: name, keyOffset: keyOffset)
      default:
        // mdm pushes and the simulator's bundle key change what the end checks count: general reader.
        // So do File Provider's container-identifier (push type inference) and a Wallet topic.
        return false
      }
    case .custom:
      guard !fastSensitive(key, packed) else { return false }
      return fastFreeValue(&c, .custom)
    case .aps, .alert, .sound:
      let index = lookup(packed, in: context)
      guard index >= 0, index < 64, seen & (1 << UInt64(index)) == 0 else { return false }  // unknown-key, duplicate-key
      seen |= 1 << UInt64(index)
      return fastSchemaValue(&c, row(context, index), index: index, context: context, keyOffset: keyOffset)
    case .liveText, .stringArray, .free:
      if c.inContentState && (c.byte == 0x2D || (c.byte >= 0x30 && c.byte <= 0x39)) {
        guard let n = Self.fastNumber(&c) else { return false }
        return !Self.readsAsUnixDate(n.value)  // content-state-unix-date, perhaps: the general reader's
      }
      return fastFreeValue(&c, .free)
    }
  }

  /// The value of a key beside `aps` named as a key of `aps` or of the alert (`topLevelKeys`
  /// entry `name`): read, and recorded with the shared verdict on whether that key takes it
  /// (`topLevelValueFits`), as the general reader records it.
  private mutating func fastTopLevelCandidate(_ c: inout FastCursor, name: Int, keyOffset: Int) -> Bool {
    let fits: Bool
    switch c.byte {
    case 0x22:
      guard let (start, end, escaped) = Self.fastString(&c), !escaped else { return false }
      fits = topLevelValueFits(name, kind: .string, string: UnsafeBufferPointer(start: c.p + start, count: end - start))
    case 0x2D, 0x30...0x39:
      guard let n = Self.fastNumber(&c) else { return false }
      fits = topLevelValueFits(name, kind: .number, number: n.value)
    case 0x74, 0x66:
      guard let value = Self.fastLiteralBool(&c) else { return false }
      fits = topLevelValueFits(name, kind: .bool, bool: value)
    case 0x7B, 0x5B:
      fits = topLevelValueFits(name, kind: c.byte == 0x7B ? .object : .array)
      guard fastFreeValue(&c, .custom) else { return false }
    default:
      fits = false
      guard fastFreeValue(&c, .custom) else { return false }
    }
    recordTopLevelCandidate(name, at: keyOffset, fits: fits)
    return true
  }

  /// The sensitive-data verdict on a custom key (cached like the checker's).
  @inline(__always) private mutating func fastSensitive(_ key: UnsafeBufferPointer<UInt8>, _ packed: PackedKey) -> Bool {
    if options.sensitiveKeys.isNone { return false }
    return sensitive(key, packed, hash: packed.count >= 0 ? packed.hash : Self.hash(key))
  }

  /// The value of a key of the `aps`, alert or sound table: its kind and value checked as the
  /// checker checks them, and the facts the end checks need recorded.
  private mutating func fastSchemaValue(_ c: inout FastCursor, _ spec: KeySpec, index: Int, context: Context, keyOffset: Int) -> Bool {
    let offset = c.i
    let b = c.byte
    let kind: JSONKinds
    switch b {
    case 0x22: kind = .string
    case 0x7B: kind = .object
    case 0x5B: kind = .array
    case 0x74, 0x66: kind = .bool
    case 0x6E: kind = .null
    case 0x2D, 0x30...0x39: kind = .number
    default: return false
    }
    // What the checker does at the key…
    switch context {
    case .aps:
      guard spec.platforms.contains(platform) else { return false }  // platform-key
      recordApsKey(index, at: keyOffset)
      recordApsValue(index, kind: kind, at: offset)
    case .alert:
      guard spec.platforms.contains(platform) else { return false }  // platform-key (Safari)
      // deprecated-key (Safari still uses `action`)
      if spec.isDeprecated(index: index, in: context, platform: target.platform) { return false }
      recordAlertKey(index, at: keyOffset)
      recordAlertValue(index, kind: kind, at: offset)
      // Title and body as objects are for live activities only; the general reader sorts them out.
      if kind == .object && (index == AlertKey.title.rawValue || index == AlertKey.body.rawValue) { return false }
    default:  // sound
      guard spec.platforms.contains(platform) else { return false }
    }
    // …and at the value.
    guard spec.kinds.contains(kind) else { return false }  // value-type, flag-value
    switch kind {
    case .string:
      guard let (start, end, escaped) = Self.fastString(&c) else { return false }
      if case .oneOf(let set) = spec.check {
        guard !escaped else { return false }
        let matched = set.index(of: UnsafeBufferPointer(start: c.p + start, count: end - start))
        guard matched >= 0 else { return false }  // value-enum
        recordEnumValue(matched, index: index, context: context)
      } else if spec.check.checksString {
        // The check's finding (live-activity-fields for a channel id…) is the general reader's to report.
        guard !escaped, spec.check.stringProblem(UnsafeBufferPointer(start: c.p + start, count: end - start)) == nil else { return false }
      }
      return true
    case .number:
      guard let n = Self.fastNumber(&c) else { return false }
      return fastNumberCheck(n, spec, index: index, context: context, offset: offset)
    case .bool:
      guard let value = Self.fastLiteralBool(&c) else { return false }
      return spec.check.boolIsFine(value)
    case .null:
      return Self.fastLiteral(&c, 0x6C6C_756E)  // "null"
    case .object:
      guard context == .aps && index == ApsKey.contentState.rawValue else { return fastObject(&c, spec.child) }
      c.inContentState = true
      let read = fastObject(&c, spec.child)
      c.inContentState = false
      return read
    default:  // array
      return fastArray(&c, spec.child)
    }
  }

  /// A number under its key's check: the facts the end checks need, and the shared verdict
  /// (`ValueCheck.numberProblem`): false where the checker reports.
  @inline(__always)
  private mutating func fastNumberCheck(_ n: JSONNumber, _ spec: KeySpec, index: Int, context: Context, offset: Int) -> Bool {
    guard spec.check.numberProblem(n) == nil else { return false }
    recordNumber(n, check: spec.check, index: index, context: context, at: offset)
    return true
  }

  // MARK: Values

  /// Any value, read for its grammar only; keys of objects in `.custom` are checked for sensitive
  /// data, and duplicate keys are looked for everywhere.
  private mutating func fastFreeValue(_ c: inout FastCursor, _ context: Context) -> Bool {
    switch c.byte {
    case 0x22: return Self.fastString(&c) != nil
    case 0x7B: return fastObject(&c, context)
    case 0x5B: return fastArray(&c, context)
    case 0x74: return Self.fastLiteral(&c, 0x6575_7274)  // "true"
    case 0x66: return Self.fastLiteralBool(&c) != nil
    case 0x6E: return Self.fastLiteral(&c, 0x6C6C_756E)  // "null"
    case 0x2D, 0x30...0x39: return Self.fastNumber(&c) != nil
    default: return false
    }
  }

  /// A string at the cursor (`"`): its content's range, and whether it has escapes. Gives up on
  /// anything the checker might report or count: control characters, ill-formed UTF-8, `\u` and
  /// `\/` escapes (json-escaped-unicode counts them), a missing closing quote.
  @inline(__always)
  private static func fastString(_ c: inout FastCursor) -> (Int, Int, Bool)? {
    let start = c.i + 1
    let p = c.p, n = c.n
    // Plain ASCII eight bytes at a time, in place; the first byte that is not (a quote, a backslash,
    // a control character or a non-ASCII byte) ends the fast loop.
    var i = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    while i + 8 <= n {
      let w = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
      let q = w ^ (ones &* 0x22)
      let b = w ^ (ones &* 0x5C)
      let special = (((q &- ones) & ~q) | ((b &- ones) & ~b) | ((w &- ones &* 0x20) & ~w) | w) & high
      if special == 0 { i += 8; continue }
      i += special.trailingZeroBitCount >> 3
      if p[i] == 0x22 {
        c.i = i + 1
        return (start, i, false)
      }
      break
    }
    return fastStringRest(&c, start, i)
  }

  /// The rest of a string from `from`: non-ASCII characters, escapes, the last bytes of the input.
  private static func fastStringRest(_ c: inout FastCursor, _ start: Int, _ from: Int) -> (Int, Int, Bool)? {
    var i = JSONReader.skipPlain(c.p, c.n, from)
    var escaped = false
    while i < c.n {
      let b = c.p[i]
      if b == 0x22 {
        c.i = i + 1
        return (start, i, escaped)
      }
      guard b == 0x5C, i + 1 < c.n else { return nil }
      switch c.p[i + 1] {
      case 0x22, 0x5C, 0x62, 0x66, 0x6E, 0x72, 0x74: break
      default: return nil  // \u and \/ count for json-escaped-unicode; other escapes are errors
      }
      escaped = true
      i = JSONReader.skipPlain(c.p, c.n, i + 2)
    }
    return nil
  }

  /// `true`, `false` or `null` (as `word`, four bytes little-endian) at the cursor.
  @inline(__always) private static func fastLiteral(_ c: inout FastCursor, _ word: UInt32) -> Bool {
    guard c.i + 4 <= c.n, UnsafeRawPointer(c.p + c.i).loadUnaligned(as: UInt32.self) == word.littleEndian else { return false }
    c.i += 4
    return true
  }

  @inline(__always) private static func fastLiteralBool(_ c: inout FastCursor) -> Bool? {
    if c.byte == 0x74 { return Self.fastLiteral(&c, 0x6575_7274) ? true : nil }  // "true"
    guard c.i + 5 <= c.n, UnsafeRawPointer(c.p + c.i).loadUnaligned(as: UInt32.self) == UInt32(0x736C_6166).littleEndian,
          c.p[c.i + 4] == 0x65 else { return nil }  // "false"
    c.i += 5
    return false
  }

  /// A number at the cursor, its value computed exactly as the general reader computes it.
  @inline(__always)
  private static func fastNumber(_ c: inout FastCursor) -> JSONNumber? {
    let p = c.p, n = c.n
    var i = c.i
    var negative = false
    if p[i] == 0x2D { negative = true; i += 1 }
    guard i < n else { return nil }
    var mantissa: UInt64 = 0
    var digits = 0, dropped = 0, fraction = 0, exponent = 0
    var plain = true
    let first = p[i]
    if first == 0x30 {
      i += 1
    } else if first >= 0x31 && first <= 0x39 {
      while i < n {
        let d = p[i] &- 0x30
        if d > 9 { break }
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(d)
          digits += 1
        } else {
          dropped += 1
        }
        i += 1
      }
    } else {
      return nil
    }
    if i < n && p[i] == 0x2E {
      plain = false
      i += 1
      guard i < n, p[i] &- 0x30 <= 9 else { return nil }
      while i < n {
        let d = p[i] &- 0x30
        if d > 9 { break }
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(d)
          if mantissa != 0 { digits += 1 }
          fraction += 1
        }
        i += 1
      }
    }
    if i < n && (p[i] | 0x20) == 0x65 {
      plain = false
      i += 1
      var exponentNegative = false
      if i < n && (p[i] == 0x2B || p[i] == 0x2D) { exponentNegative = p[i] == 0x2D; i += 1 }
      guard i < n, p[i] &- 0x30 <= 9 else { return nil }
      while i < n {
        let d = p[i] &- 0x30
        if d > 9 { break }
        if exponent < 100_000 { exponent = exponent * 10 + Int(d) }
        i += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    c.i = i
    let value = JSONReader.compose(mantissa: mantissa, droppedDigits: dropped, fractionDigits: fraction,
                                   exponent: exponent, negative: negative)
    return JSONNumber(value: value, isPlainInteger: plain)
  }
}

