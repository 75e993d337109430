import PayloadSchema

/// One walk over a payload against one candidate type.
struct Walk: Sendable {
  let contract: ActivityContract
  let keyMaps: [String: [String: String?]]
  let tree: PayloadTree
  /// What a `Date` is judged against (seconds since 1970): the push's timestamp, else the time of
  /// sending; nil when neither is known.
  let reference: Int64?
  /// "the push's timestamp" or "the time of sending", for messages.
  let referenceName: String
  let event: String?
  var findings: [Finding] = []
  var values: [DecodedValue] = []
  var errorCount = 0

  init(contract: ActivityContract, keyMaps: [String: [String: String?]], tree: PayloadTree, reference: Int64?,
       referenceName: String = "the push's timestamp", event: String?) {
    self.contract = contract
    self.keyMaps = keyMaps
    self.tree = tree
    self.reference = reference
    self.referenceName = referenceName
    self.event = event
  }

  /// "the update", "the start": what the device drops.
  var dropped: String {
    switch event {
    case "start": "the Live Activity never starts"
    case "update": "the device drops the update"
    case "end": "the device drops the end"
    default: "the device drops the push"
    }
  }

  /// Records `message` (made by its rule's constructor in `PayloadSchema/Rules/ActivityRules.swift`).
  mutating func report(_ message: PayloadMessage, at offset: Int, path: String) {
    let rule = message.rule
    let p = tree.position(offset)
    findings.append(Finding(message, offset: offset, line: p.line, column: p.column, keyPath: path))
    if rule.defaultSeverity == .error { errorCount += 1 }
  }

  mutating func checkActivity(_ type: TypeDeclaration, state: Int?, attributes: Int?) {
    if let state {
      switch contract.resolve(["ContentState"], from: type.path) {
      case .some(.type(let decl)):
        checkDeclaration(state, decl, path: "aps.content-state")
      case .some(.alias(let scope, let t)):
        check(state, t, scope: scope, path: "aps.content-state", owner: type.name + ".ContentState")
      case nil:
        report(.contentStateNotDeclared(type.name),
               at: tree.nodes[state].start, path: "aps.content-state")
      }
    }
    if let attributes {
      checkDeclaration(attributes, type, path: "aps.attributes")
    }
  }

  static let integerRanges: [String: (Double, Double)] = [
    "Int": (-9.223372036854775808e18, 9.223372036854775807e18), "Int64": (-9.223372036854775808e18, 9.223372036854775807e18),
    "Int32": (-2147483648, 2147483647), "Int16": (-32768, 32767), "Int8": (-128, 127),
    "UInt": (0, 1.8446744073709551615e19), "UInt64": (0, 1.8446744073709551615e19), "UInt32": (0, 4294967295),
    "UInt16": (0, 65535), "UInt8": (0, 255),
  ]
  static let floatingTypes: Set<String> = ["Double", "Float", "Float32", "Float64", "CGFloat", "TimeInterval", "Decimal", "Float80"]
  static let stringTypes: Set<String> = ["String", "Substring", "Character"]

  /// Checks a value against a Swift type; `owner` names the property for messages.
  mutating func check(_ node: Int, _ type: SwiftType, scope: [String], path: String, owner: String) {
    let n = tree.nodes[node]
    switch type {
    case .optional(let wrapped):
      if n.kind == .null { return }
      check(node, wrapped, scope: scope, path: path, owner: owner)
    case .array(let element):
      guard n.kind == .array else { return mismatch(node, expected: "an array (\(type))", path: path, owner: owner) }
      for (i, e) in tree.elements(of: node).enumerated() {
        check(e, element, scope: scope, path: "\(path)[\(i)]", owner: owner)
      }
    case .dictionary(let key, let value):
      guard n.kind == .object else { return mismatch(node, expected: "an object (\(type))", path: path, owner: owner) }
      let keyName = key.description
      guard keyName == "String" || Self.integerRanges[keyName] != nil else {
        return report(.dictionaryKeyedByOther(Self.last(path), keyType: keyName),
                      at: n.start, path: path)
      }
      for m in tree.members(of: node) {
        if keyName != "String" && Int64(m.key) == nil {
          report(.dictionaryKeyNotInteger(m.key, type: "\(type)", dropped: dropped),
                 at: m.keyStart, path: path + "." + m.key)
          continue
        }
        check(m.value, value, scope: scope, path: path + "." + m.key, owner: owner)
      }
    case .unsupported(let text):
      report(.typeNotRead(Self.last(path), type: text), at: n.start, path: path)
    case .named(let name):
      if name.count == 1, contract.resolve(name, from: scope) == nil, checkStandard(node, name[0], path: path, owner: owner) {
        return
      }
      switch contract.resolve(name, from: scope) {
      case .some(.type(let decl)):
        checkDeclaration(node, decl, path: path)
      case .some(.alias(let s, let t)):
        check(node, t, scope: s, path: path, owner: owner)
      case nil:
        report(.typeNotDeclared(Self.last(path), type: "\(type)"),
               at: n.start, path: path)
      }
    }
  }

  /// The standard library's and Foundation's types; false when `name` is none of them.
  mutating func checkStandard(_ node: Int, _ name: String, path: String, owner: String) -> Bool {
    let n = tree.nodes[node]
    if let range = Self.integerRanges[name] {
      guard n.kind == .number else { mismatch(node, expected: "a number (\(name))", path: path, owner: owner); return true }
      let text = tree.text(node)
      let value = Double(text) ?? .nan
      if value.rounded(.towardZero) != value {
        report(.notWholeNumber(Self.last(path), text: text, integerType: name, owner: owner, dropped: dropped),
               at: n.start, path: path)
      } else if value < range.0 || value > range.1 || (text.first != "-" && !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
                                                        && Self.exceeds(text, name)) {
        report(.outOfRange(Self.last(path), text: text, integerType: name, owner: owner, dropped: dropped), at: n.start, path: path)
      } else {
        values.append(DecodedValue(keyPath: path, type: name, shown: text))
      }
      return true
    }
    if Self.floatingTypes.contains(name) {
      guard n.kind == .number else { mismatch(node, expected: "a number (\(name))", path: path, owner: owner); return true }
      values.append(DecodedValue(keyPath: path, type: name, shown: tree.text(node)))
      return true
    }
    if Self.stringTypes.contains(name) {
      guard n.kind == .string else { mismatch(node, expected: "a string (\(name))", path: path, owner: owner); return true }
      let text = tree.text(node)
      if name == "Character" && text.count != 1 {
        report(.notOneCharacter(Self.last(path), shown: Self.clip(text), owner: owner, dropped: dropped),
               at: n.start, path: path)
        return true
      }
      values.append(DecodedValue(keyPath: path, type: name, shown: "\"\(Self.clip(text))\""))
      return true
    }
    switch name {
    case "Bool":
      guard n.kind == .trueValue || n.kind == .falseValue else {
        mismatch(node, expected: "true or false (Bool)", path: path, owner: owner)
        return true
      }
      values.append(DecodedValue(keyPath: path, type: name, shown: n.kind == .trueValue ? "true" : "false"))
    case "Date":
      guard n.kind == .number else {
        mismatch(node, expected: "a number of seconds since 2001-01-01 (Date, decoded with the default strategy)", path: path, owner: owner)
        return true
      }
      checkDate(node, path: path)
    case "URL":
      guard n.kind == .string else { mismatch(node, expected: "a string (URL)", path: path, owner: owner); return true }
      let text = tree.text(node)
      if text.isEmpty {
        report(.emptyURL(Self.last(path), owner: owner, dropped: dropped), at: n.start, path: path)
      } else {
        values.append(DecodedValue(keyPath: path, type: name, shown: text))
      }
    case "UUID":
      guard n.kind == .string else { mismatch(node, expected: "a string (UUID)", path: path, owner: owner); return true }
      let text = tree.text(node)
      if !RequestValidator.isCanonicalUUID(text.utf8) {
        report(.notUUID(Self.last(path), shown: Self.clip(text), owner: owner, dropped: dropped),
               at: n.start, path: path)
      } else {
        values.append(DecodedValue(keyPath: path, type: name, shown: text))
      }
    case "Data":
      guard n.kind == .string else { mismatch(node, expected: "a base64 string (Data)", path: path, owner: owner); return true }
      if !Self.isBase64(tree.text(node)) {
        report(.notBase64(Self.last(path), owner: owner, dropped: dropped), at: n.start, path: path)
      } else {
        values.append(DecodedValue(keyPath: path, type: name, shown: "\(tree.text(node).utf8.count * 3 / 4) bytes"))
      }
    default:
      return false
    }
    return true
  }

  /// How far from the reference a decoded `Date` may fall before it is reported: ten years. A Live
  /// Activity lasts twelve hours at most (Apple, "Displaying live data with Live Activities"), and
  /// the dates it shows (an arrival, a kick-off, when an order was placed) lie within days of it;
  /// every way of writing a date that ActivityKit misreads lands decades away (seconds since 1970:
  /// 31 years late less the date's age; milliseconds: millennia; seconds from now: 2001).
  static let farFromReference = 10 * 31_557_600.0

  /// `Date` decoded with the default strategy: seconds since 2001-01-01 (Apple: the system always
  /// decodes Live Activity payloads with the default strategies). Reported (`activity-date-epoch`)
  /// when it decodes further than ``farFromReference`` from the reference, whatever its number reads
  /// as since 1970; without a reference, when that number reads as seconds or milliseconds since
  /// 1970 of 2014–2039.
  mutating func checkDate(_ node: Int, path: String) {
    let text = tree.text(node)
    let start = tree.nodes[node].start
    guard let value = Double(text), value.isFinite else { return }
    let year = 31_557_600.0
    let shownUnix = value + Double(ActivityChecker.referenceOffset)
    let decodesAs = CivilDate.text(unix: shownUnix)
    let seconds1970 = value >= 1.4e9 && value <= 2.2e9, milliseconds1970 = value >= 1.4e12 && value <= 2.2e12
    if let reference {
      let r = Double(reference)
      if abs(shownUnix - r) > Self.farFromReference {
        if abs(value - r) <= year || (seconds1970 && shownUnix > r) {
          let late = Int64(((shownUnix - value) / year).rounded())
          report(.dateSince1970(Self.last(path), text: text, decodesAs: decodesAs, late: late,
                                fix: Self.grouped(Int64(value) - ActivityChecker.referenceOffset)),
                 at: start, path: path)
        } else if abs(value / 1000 - r) <= year || milliseconds1970 {
          report(.dateInMilliseconds(Self.last(path), text: text, decodesAs: decodesAs,
                                     fix: Self.grouped(Int64(value / 1000) - ActivityChecker.referenceOffset)),
                 at: start, path: path)
        } else {
          let span = abs(shownUnix - r) / year
          let years = span < 1e6 ? "\(Int64(span)) years" : "more than a million years"
          let side = shownUnix > r ? "after" : "before"
          let as1970 = value >= 1e9 && value < 1e11 ? CivilDate.text(unix: value) : nil
          report(.dateFarFromReference(Self.last(path), text: text, decodesAs: decodesAs, years: years, side: side,
                                       reference: referenceName, referenceDate: CivilDate.text(unix: r), as1970: as1970,
                                       fix: as1970.map { _ in Self.grouped(Int64(value) - ActivityChecker.referenceOffset) }),
                 at: start, path: path)
        }
        return
      }
    } else if seconds1970 {
      report(.dateSince1970(Self.last(path), text: text, decodesAs: decodesAs, late: 31,
                            fix: Self.grouped(Int64(value) - ActivityChecker.referenceOffset)),
             at: start, path: path)
      return
    } else if milliseconds1970 {
      report(.dateInMilliseconds(Self.last(path), text: text, decodesAs: decodesAs,
                                 fix: Self.grouped(Int64(value / 1000) - ActivityChecker.referenceOffset)),
             at: start, path: path)
      return
    }
    values.append(DecodedValue(keyPath: path, type: "Date", shown: decodesAs))
  }

  /// A struct, class or enum of the app.
  mutating func checkDeclaration(_ node: Int, _ decl: TypeDeclaration, path: String) {
    let n = tree.nodes[node]
    if let custom = decl.customDecoding {
      if let single = custom.singleValue {
        check(node, single, scope: decl.path, path: path, owner: decl.name)
        if !custom.unfollowed.isEmpty { notFollowed(node, decl, custom, path: path) }
        return
      }
      if custom.keys.isEmpty {
        notFollowed(node, decl, custom, path: path)
        return
      }
      guard n.kind == .object else { return mismatch(node, expected: "an object (\(decl.name))", path: path, owner: decl.name) }
      var known: Set<String> = []
      var partial = !custom.unfollowed.isEmpty
      for key in custom.keys {
        guard let json = jsonKey(for: key.caseName, in: decl) else {
          partial = true
          continue
        }
        known.insert(json)
        if key.conditional {
          partial = true
          continue
        }
        field(node, json: json, type: key.ifPresent ? .optional(key.type) : key.type, decl: decl, property: key.caseName, path: path)
      }
      if partial { notFollowed(node, decl, custom, path: path) } else { extraKeys(node, known: known, decl: decl, path: path) }
      return
    }
    if decl.kind == .enumeration {
      checkEnum(node, decl, path: path)
      return
    }
    guard n.kind == .object else { return mismatch(node, expected: "an object (\(decl.name))", path: path, owner: decl.name) }
    let codingKeys = contract.types[(decl.path + ["CodingKeys"]).joined(separator: ".")]
    var known: Set<String> = []
    for property in decl.properties where !property.isConstantWithValue {
      var json = property.name
      if let codingKeys {
        guard let c = codingKeys.cases.first(where: { $0.name == property.name }) else { continue }
        if case .string(let raw) = c.rawValue { json = raw } else if c.rawValue != nil { continue }
      }
      known.insert(json)
      guard let type = property.type, !property.isWrapped else {
        if let m = tree.member(json, of: node) {
          let why = property.isWrapped ? "a property wrapper decodes it" : "its type is not written in the declaration"
          report(.propertyNotChecked(json, why: why, owner: "\(decl.name).\(property.name)"), at: tree.nodes[m.value].start, path: path + "." + json)
        }
        continue
      }
      field(node, json: json, type: type, decl: decl, property: property.name, path: path)
    }
    extraKeys(node, known: known, decl: decl, path: path)
  }

  /// One key of an object: missing, null, or its value checked.
  mutating func field(_ node: Int, json: String, type: SwiftType, decl: TypeDeclaration, property: String, path: String) {
    let owner = "\(decl.name).\(property)"
    guard let m = tree.member(json, of: node) else {
      if case .optional = type { return }
      report(.stateKeyMissing(json, type: decl.name, swiftType: "\(type)", dropped: dropped),
             at: tree.nodes[node].start, path: path + "." + json)
      return
    }
    if tree.nodes[m.value].kind == .null {
      if case .optional = type { return }
      report(.stateKeyNull(json, owner: owner, swiftType: "\(type)", dropped: dropped),
             at: tree.nodes[m.value].start, path: path + "." + json)
      return
    }
    check(m.value, type, scope: decl.path, path: path + "." + json, owner: owner)
  }

  mutating func extraKeys(_ node: Int, known: Set<String>, decl: TypeDeclaration, path: String) {
    for m in tree.members(of: node) where !known.contains(m.key) {
      report(.activityExtraKey(m.key, type: decl.name), at: m.keyStart, path: path + "." + m.key)
    }
  }

  mutating func notFollowed(_ node: Int, _ decl: TypeDeclaration, _ custom: CustomDecoding, path: String) {
    let what = custom.unfollowed.first.map { "reads \($0)" } ?? (custom.keys.isEmpty ? "reads no key plainly" : "reads keys under a condition or try?")
    report(.customDecoding(Self.last(path), type: decl.name, location: "\(custom.location)", what: what),
           at: tree.nodes[node].start, path: path)
  }

  /// The JSON key of a `CodingKey` case: its raw value in a nested `CodingKey` enum of the type.
  func jsonKey(for caseName: String, in decl: TypeDeclaration) -> String? {
    keyMaps[decl.name]?[caseName] ?? nil
  }

  /// A raw-value enum: the JSON value must be one of its raw values.
  mutating func checkEnum(_ node: Int, _ decl: TypeDeclaration, path: String) {
    let n = tree.nodes[node]
    let raw = decl.inherits.first { Self.stringTypes.contains($0) || Self.integerRanges[$0] != nil }
    guard let raw, !decl.cases.isEmpty, !decl.cases.contains(where: { $0.hasAssociatedValues }) else {
      report(.enumWithoutRawValues(Self.last(path), type: decl.name), at: n.start, path: path)
      return
    }
    if Self.stringTypes.contains(raw) {
      var allowed: [String] = []
      for c in decl.cases {
        switch c.rawValue {
        case nil: allowed.append(c.name)
        case .string(let s): allowed.append(s)
        default:
          report(.rawValueNotPlain(Self.last(path), type: decl.name, caseName: c.name, kind: "string"), at: n.start, path: path)
          return
        }
      }
      guard n.kind == .string else { return mismatch(node, expected: "a string (\(decl.name))", path: path, owner: decl.name) }
      let text = tree.text(node)
      if !allowed.contains(text) {
        report(.notStringRawValue(Self.last(path), shown: Self.clip(text), type: decl.name, allowed: Self.list(allowed),
                                  nearest: Self.nearest(text, among: allowed), dropped: dropped),
               at: n.start, path: path)
      } else {
        values.append(DecodedValue(keyPath: path, type: decl.name, shown: ".\(decl.cases[allowed.firstIndex(of: text)!].name)"))
      }
      return
    }
    var allowed: [Int64] = []
    var next: Int64 = 0
    for c in decl.cases {
      switch c.rawValue {
      case nil: allowed.append(next)
      case .integer(let v): allowed.append(v)
      default:
        report(.rawValueNotPlain(Self.last(path), type: decl.name, caseName: c.name, kind: "integer"), at: n.start, path: path)
        return
      }
      next = allowed[allowed.count - 1] &+ 1
    }
    guard n.kind == .number else { return mismatch(node, expected: "a number (\(decl.name))", path: path, owner: decl.name) }
    let text = tree.text(node)
    guard let v = Double(text), v.rounded(.towardZero) == v, abs(v) < 9e18, let i = allowed.firstIndex(of: Int64(v)) else {
      report(.notIntegerRawValue(Self.last(path), text: text, type: decl.name, allowed: Self.list(allowed.map(String.init)),
                                 dropped: dropped),
             at: n.start, path: path)
      return
    }
    values.append(DecodedValue(keyPath: path, type: decl.name, shown: ".\(decl.cases[i].name)"))
  }

  /// A JSON type the Swift type cannot take.
  mutating func mismatch(_ node: Int, expected: String, path: String, owner: String) {
    let n = tree.nodes[node]
    let got: String
    switch n.kind {
    case .string: got = "the string '\(Self.clip(tree.text(node)))'"
    case .number: got = "the number \(tree.text(node))"
    case .trueValue: got = "true"
    case .falseValue: got = "false"
    case .null: got = "null"
    case .object: got = "an object"
    case .array: got = "an array"
    }
    report(.stateType(Self.last(path), got: got, owner: owner, expected: expected, dropped: dropped), at: n.start, path: path)
  }

  static func last(_ path: String) -> String {
    if path.hasSuffix("]") { return String(path.split(separator: ".").last ?? Substring(path)) }
    return String(path.split(separator: ".").last ?? Substring(path))
  }

  static func clip(_ text: String) -> String {
    var out = ""
    for s in text.unicodeScalars.prefix(60) {
      if s.value < 0x20 || s.value == 0x7F { out += "\\u{\(String(s.value, radix: 16, uppercase: true))}" } else { out.unicodeScalars.append(s) }
    }
    return text.unicodeScalars.count > 60 ? out + "…" : out
  }

  static func list(_ values: [String]) -> String {
    let shown = values.prefix(6).map { "'\($0)'" }.joined(separator: ", ")
    return values.count > 6 ? shown + ", …" : shown
  }

  /// Whether a whole-number literal (no sign, no fraction) is beyond the integer type's range,
  /// compared as digits: doubles round near 2^63.
  static func exceeds(_ digits: String, _ type: String) -> Bool {
    let limits = ["Int": "9223372036854775807", "Int64": "9223372036854775807", "UInt": "18446744073709551615",
                  "UInt64": "18446744073709551615"]
    guard let limit = limits[type] else { return false }
    let trimmed = String(digits.drop { $0 == "0" })
    return trimmed.count > limit.count || (trimmed.count == limit.count && trimmed > limit)
  }

  static func isBase64(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count % 4 == 0 else { return false }
    var padding = 0
    for (i, b) in bytes.enumerated() {
      if b == UInt8(ascii: "=") {
        padding += 1
        if i < bytes.count - 2 { return false }
      } else if padding > 0 {
        return false
      } else if !((b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "+") || b == UInt8(ascii: "/")) {
        return false
      }
    }
    return true
  }

  /// 1,234,567.
  static func grouped(_ n: Int64) -> String { CivilDate.grouped(n) }

  /// The name among `names` at the smallest edit distance (case-insensitive), if it is close.
  static func nearest(_ name: String, among names: [String]) -> String? {
    let a = Array(name.lowercased().unicodeScalars.prefix(64))
    var best: (String, Int)? = nil
    for candidate in names {
      let b = Array(candidate.lowercased().unicodeScalars.prefix(64))
      var row = Array(0...b.count)
      for i in 1...max(a.count, 1) where !a.isEmpty {
        var previous = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
          let old = row[j]
          row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
          previous = old
        }
      }
      let d = a.isEmpty ? b.count : row[b.count]
      if best == nil || d < best!.1 { best = (candidate, d) }
    }
    guard let best, best.1 <= max(2, min(a.count, best.0.count) / 2) else { return nil }
    return best.0
  }
}
