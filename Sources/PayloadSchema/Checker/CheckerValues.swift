// The checker, part 3 of 4: values. Each value is checked against its key's row of the schema
// (type, allowed values, range, flags), and the alert's text fields are collected for rendering.

extension Checker {
  // MARK: Values

  /// The spec of the member being read, if the top frame is a schema object and the key is known.
  // `mutating` only so that self is passed by address: called as a plain method from the mutating
  // handlers, it made the optimizer copy the whole checker (900 bytes) on every value.
  mutating func currentSpec() -> (KeySpec, Int, Context)? {
    // Fields are read one by one: copying a whole Frame costs a memcpy per value.
    let top = frames.count - 1
    guard top >= 0, frames[top].isObject else { return nil }
    let spec = frames[top].spec, context = frames[top].context
    guard spec >= 0 else { return nil }
    return (row(context, spec), spec, context)
  }

  /// Called at the first byte of every value; returns what a container value contains.
  mutating func valueStart(_ kind: JSONKinds, at offset: Int) -> Context {
    guard !frames.isEmpty else {
      if kind == .object {
        facts.rootIsObject = true
        return .root
      }
      report(.payloadNotObject, "the payload must be a JSON object, not \(kind.described)", at: offset, path: nil)
      return .free
    }
    let depth = frames.count - 1
    let isObject = frames[depth].isObject, context = frames[depth].context
    if !isObject {
      frames[depth].index += 1
      if context == .stringArray && kind != .string {
        let name = containerPath().map { "'\($0)'" } ?? "the array"
        report(.valueType, "elements of \(name) must be strings, not \(kind.described)", at: offset, path: currentPath())
      }
      return context == .custom ? .custom : .free
    }
    switch context {
    case .root:
      let keyOffset = frames[depth].keyOffset
      if frames[depth].keyEntry >= 0 && offset > keyOffset && keyOffset == facts.apsKeyOffset {
        facts.apsOffset = offset
        facts.apsIsObject = kind == .object
        if kind != .object {
          report(.apsNotObject, "'aps' must be an object, not \(kind.described)", at: offset, path: "aps")
          return .free
        }
        return .aps
      }
      if keyOffset == facts.mdmOffset { return .free }
      return .custom
    case .custom: return .custom
    case .free, .stringArray: return .free
    case .aps, .alert, .sound, .liveText:
      guard let (spec, index, context) = currentSpec() else { return .free }
      if context == .aps && index == ApsKey.alert.rawValue {
        facts.alertKind = AlertKind(kind)
        apsValueOffsets[index] = offset
        if collecting {
          if alert == nil { alert = AlertText() }
          alert?.offset = offset
          alert?.isPlainString = kind == .string
        }
      } else if context == .aps {
        apsValueOffsets[index] = offset
        if index == ApsKey.sound.rawValue && kind == .object { facts.soundObject = offset }
      } else if context == .alert {
        alertValueOffsets[index] = offset
        if kind == .null { facts.alertNullKeys |= 1 << UInt32(index) }
        // Live activities may give title and body as {loc-key, loc-args}; decided at the end.
        if kind == .object && index == AlertKey.title.rawValue { facts.titleObject = offset; return .liveText }
        if kind == .object && index == AlertKey.body.rawValue { facts.bodyObject = offset; return .liveText }
      }
      if !spec.kinds.contains(kind) {
        switch spec.check {
        case .flagOne where kind == .bool:
          break   // `bool(_:at:)` tells true (a warning) from false
        case .flagOne, .flagZeroOrOne, .flagTrue:
          report(.flagValue, flagMessage(spec, found: kind.described), at: offset, path: currentPath())
        default:
          let expected: String
          switch spec.check {
          case .badge, .timestamp, .positiveInteger: expected = "an integer"
          default: expected = spec.kinds.subtracting(.null).described
          }
          report(.valueType, "'\(spec.name)' must be \(expected), not \(kind.described)", at: offset, path: currentPath())
        }
        return .free
      }
      return spec.child
    }
  }

  var collecting: Bool { options.collectAlert }

  func flagMessage(_ spec: KeySpec, found: String) -> String {
    switch spec.check {
    case .flagZeroOrOne: "'\(spec.name)' must be the number 0 or 1, not \(found)"
    case .flagTrue: "'\(spec.name)' must be true, not \(found); omit the key otherwise"
    default: found.hasPrefix("\"") || found == "a string"
      ? "'\(spec.name)' must be the number 1, not \(found); write 1 without quotes"
      : "'\(spec.name)' must be the number 1, not \(found); omit the key to leave it off"
    }
  }

  mutating func stringStart(at offset: Int) -> Bool {
    captureAs = .nothing
    _ = valueStart(.string, at: offset)
    let top = frames.count - 1
    guard top >= 0 else { return false }
    let isObject = frames[top].isObject, context = frames[top].context, spec = frames[top].spec
    if isObject, spec >= 0 {
      if case .oneOf = row(context, spec).check { captureAs = .enumValue; return true }
      if collecting && (context == .alert || context == .liveText || context == .aps) { captureAs = .alertText; return true }
    } else if !isObject && context == .stringArray && collecting {
      captureAs = .alertText
      return true
    }
    let keyOffset = frames[top].keyOffset
    if options.checkSensitiveValues && (context == .custom || (context == .root && keyOffset != facts.apsKeyOffset && keyOffset != facts.mdmOffset)) {
      captureAs = .customValue
      return true
    }
    return false
  }

  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?, at offset: Int, inflation: Int) {
    if inflation > 0 { noteInflation(inflation, at: offset) }
    guard let bytes else { return }
    switch captureAs {
    case .enumValue:
      guard let (spec, index, ctx) = currentSpec(), case .oneOf(let set) = spec.check else { return }
      let allowed = set.values
      let matched = set.index(of: bytes)
      if ctx == .aps && index == ApsKey.event.rawValue { facts.event = LiveActivityEvent(matched) }
      if matched < 0 {
        let value = Self.text(bytes)
        var message = "'\(spec.name)' must be one of \(allowed.map { "'\($0)'" }.joined(separator: ", ")), not '\(value)'"
        if let s = Schema.suggestion(for: value, among: allowed) { message += "; did you mean '\(s)'?" }
        report(.valueEnum, message, at: offset, path: currentPath())
      }
    case .alertText:
      collectAlertString(Self.text(bytes), at: offset)
    case .customValue:
      if options.sensitiveKeys.matches(bytes) {
        report(.sensitiveData, "custom value '\(Self.text(bytes))' looks like sensitive data", at: offset, path: currentPath())
      }
    case .nothing: break
    }
  }

  mutating func number(_ n: JSONNumber, at offset: Int) {
    _ = valueStart(.number, at: offset)
    guard let (spec, index, context) = currentSpec() else { return }
    // The facts the end checks need and the verdict (`ValueCheck.numberProblem`), both shared with the fast lane.
    facts.noteNumber(n, check: spec.check, index: index, context: context, offset: offset)
    guard let rule = spec.check.numberProblem(n) else { return }
    let message: String
    switch spec.check {
    case .badge: message = "'badge' must be a whole number ≥ 0, not \(Self.show(n))"
    case .flagOne, .flagZeroOrOne: message = flagMessage(spec, found: Self.show(n))
    case .timestamp where rule == .timestampUnit:
      message = "'\(spec.name)' \(Self.show(n)) looks like milliseconds; APNs expects seconds since 1970"
    case .timestamp: message = "'\(spec.name)' must be seconds since 1970, not \(Self.show(n))"
    case .positiveInteger: message = "'\(spec.name)' must be a whole number ≥ 1, not \(Self.show(n))"
    default: message = "'\(spec.name)' must be between 0 and 1, not \(Self.show(n))"
    }
    report(rule, message, at: offset, path: currentPath())
  }

  mutating func bool(_ value: Bool, at offset: Int) {
    _ = valueStart(.bool, at: offset)
    guard let (spec, _, _) = currentSpec() else { return }
    if !spec.check.boolIsFine(value) {
      report(.flagValue, flagMessage(spec, found: "false"), at: offset, path: currentPath())
    }
    if case .flagOne = spec.check {
      if value {
        // iOS honours `true`; the advice must not be "omit the key", which turns the flag off.
        report(.flagValue, "'\(spec.name)' should be the number 1, not true: iOS accepts true, but use 1 (omitting the key would turn it off)",
               at: offset, path: currentPath(), softened: true)
      } else {
        report(.flagValue, flagMessage(spec, found: "false"), at: offset, path: currentPath())
      }
    }
  }

  mutating func null(at offset: Int) {
    _ = valueStart(.null, at: offset)
  }

  mutating func problem(_ problem: JSONProblem, at offset: Int) {
    switch problem {
    case .syntax(let message):
      facts.stopped = true
      report(.jsonSyntax, message, at: offset, path: currentPath())
    case .invalidUTF8:
      report(.jsonInvalidUTF8, "bytes that are not well-formed UTF-8", at: offset, path: currentPath())
    case .loneSurrogate:
      report(.jsonLoneSurrogate, "a surrogate escape without its pair; it decodes as U+FFFD", at: offset, path: currentPath())
    case .byteOrderMark:
      report(.jsonBOM, "a UTF-8 byte order mark before the payload; APNs expects plain JSON", at: 0, path: nil)
    case .tooDeep(let limit):
      facts.stopped = true
      // The container that is too deep never starts, so name the element it would have been.
      var path = currentPath()
      if let f = frames.last, !f.isObject { path = (containerPath() ?? "") + "[\(f.index + 1)]" }
      report(.jsonTooDeep, "nesting deeper than \(limit) levels; reading stops here", at: offset, path: path)
    }
  }

  mutating func noteInflation(_ bytes: Int, at offset: Int) {
    if facts.inflationOffset < 0 {
      facts.inflationOffset = offset
      facts.inflationPath = currentPath()
    }
    facts.inflation += bytes
  }

  static func show(_ n: JSONNumber) -> String {
    if n.isIntegral && abs(n.value) < 1e15 { return String(Int64(n.value)) }
    return String(n.value)
  }

  // MARK: Alert text

  mutating func collectAlertString(_ value: String, at offset: Int) {
    // `alert` exists once `aps.alert` has been met (`valueStart`); other strings of `aps` are not
    // alert text (and must not make an empty one: the fast lane makes none either).
    guard collecting, alert != nil, let path = currentPath() else { return }
    let field = AlertText.Field(value: value, line: 0, column: 0, keyPath: path, offset: offset)
    switch path {
    case "aps.alert": alert?.body = field
    case "aps.alert.title": alert?.title = field
    case "aps.alert.subtitle": alert?.subtitle = field
    case "aps.alert.body": alert?.body = field
    case "aps.alert.title-loc-key", "aps.alert.title.loc-key": alert?.titleLocKey = field
    case "aps.alert.subtitle-loc-key": alert?.subtitleLocKey = field
    case "aps.alert.loc-key", "aps.alert.body.loc-key": alert?.locKey = field
    case "aps.alert.action-loc-key": alert?.actionLocKey = field
    default:
      // Appended in place: copying the array for each argument made 200,000 loc-args quadratic.
      if path.hasPrefix("aps.alert.title-loc-args[") || path.hasPrefix("aps.alert.title.loc-args[") {
        if alert?.titleLocArgs == nil { alert?.titleLocArgs = [] }
        alert?.titleLocArgs?.append(field)
      } else if path.hasPrefix("aps.alert.subtitle-loc-args[") {
        if alert?.subtitleLocArgs == nil { alert?.subtitleLocArgs = [] }
        alert?.subtitleLocArgs?.append(field)
      } else if path.hasPrefix("aps.alert.loc-args[") || path.hasPrefix("aps.alert.body.loc-args[") {
        if alert?.locArgs == nil { alert?.locArgs = [] }
        alert?.locArgs?.append(field)
      }
    }
  }
}
