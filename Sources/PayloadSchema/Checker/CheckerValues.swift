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
        recordRootObject()
        return .root
      }
      report(.payloadNotObject(found: kind), at: offset, path: nil)
      return .free
    }
    let depth = frames.count - 1
    let isObject = frames[depth].isObject, context = frames[depth].context
    if !isObject {
      frames[depth].index += 1
      if context == .stringArray && kind != .string {
        // Safari fills url-args into the website's URL format; Apple documents strings, and what
        // Safari makes of a number there is not documented: the page opened may differ, nothing
        // is dropped (value-type-ignored). A loc-args element is text the alert shows: value-type.
        let arrayPath = containerPath()
        let message = PayloadMessage.notAStringElement(of: arrayPath, found: kind)
        report(arrayPath == "aps.url-args" ? .onlyNotApplied(message) : message, at: offset, path: currentPath())
      }
      return context == .custom ? .custom : .free
    }
    switch context {
    case .root: return topLevelValueStart(kind, at: offset)
    case .custom: return .custom
    case .free, .stringArray: return .free
    case .aps, .alert, .sound, .liveText:
      guard let (spec, index, context) = currentSpec() else { return .free }
      if context == .aps {
        recordApsValue(index, kind: kind, at: offset)
        if index == ApsKey.alert.rawValue && collecting {
          if alert == nil { alert = AlertText() }
          alert?.offset = offset
          alert?.isPlainString = kind == .string
        }
      } else if context == .alert {
        recordAlertValue(index, kind: kind, at: offset)
        // Live activities may give title and body as {loc-key, loc-args}; decided at the end.
        if kind == .object && (index == AlertKey.title.rawValue || index == AlertKey.body.rawValue) { return .liveText }
      }
      if !spec.kinds.contains(kind) {
        // (A flag written true is read as 1: `bool(_:at:)`.)
        if context == .aps && !(kind == .bool && spec.check.isFlagOne) { recordApsValueRejected(index) }
        // An accessory push's member of another kind is accessory-fields', decided at the end for
        // an accessory push only (elsewhere the key is the app's own data).
        if spec.accessory { return .free }
        switch spec.check {
        case .flagOne where kind == .bool:
          break   // `bool(_:at:)` tells true (a warning) from false
        case .flagOne, .flagZeroOrOne, .flagTrue:
          let message = PayloadMessage.flagValue(spec, found: kind.described)
          report(Self.onlyChangesPresentation(index: index, context: context) ? .onlyNotApplied(message) : message,
                 at: offset, path: currentPath())
        default:
          let expected: String
          switch spec.check {
          case .badge, .timestamp, .activityTimestamp, .positiveInteger: expected = "an integer"
          default: expected = spec.kinds.subtracting(.null).described
          }
          // A key that is only not applied is value-type-ignored, a deprecated one iOS ignores
          // value-type-deprecated-key.
          let message = PayloadMessage.valueType(key: spec.name, expected: expected, found: kind)
          report(spec.isDeprecated(index: index, in: context, platform: target.platform) ? .deprecatedKeyValue(message)
                   : Self.wrongTypeIsOnlyNotApplied(index: index, context: context) ? .onlyNotApplied(message) : message,
                 at: offset, path: currentPath())
        }
        return .free
      }
      return spec.child
    }
  }

  /// `valueStart` for a member of the top-level object: `aps`, `mdm`, or the app's own data.
  @inline(__always) mutating func topLevelValueStart(_ kind: JSONKinds, at offset: Int) -> Context {
    let keyOffset = frames[frames.count - 1].keyOffset
    if frames[frames.count - 1].keyEntry >= 0 && offset > keyOffset && keyOffset == facts.offsets.apsKey {
      recordAps(kind, at: offset)
      if kind != .object {
        report(.apsNotObject(found: kind), at: offset, path: "aps")
        return .free
      }
      return .aps
    }
    if keyOffset == facts.offsets.mdmKey { return .free }
    // A container or null beside aps under a key of aps's name is judged now; a string, number
    // or bool when it is read (`stringStart`, `number`, `bool`).
    if pendingTopLevel >= 0 && kind != .string && kind != .number && kind != .bool { topLevelValue(kind) }
    return .custom
  }

  var collecting: Bool { options.collectAlert }

  mutating func stringStart(at offset: Int) -> Bool {
    captureAs = .nothing
    _ = valueStart(.string, at: offset)
    let top = frames.count - 1
    guard top >= 0 else { return false }
    let isObject = frames[top].isObject, context = frames[top].context, spec = frames[top].spec
    if isObject, spec >= 0 {
      let check = row(context, spec).check
      if case .oneOf = check { captureAs = .enumValue; return true }
      if check.checksString { captureAs = .checkedString; return true }
      if collecting && (context == .alert || context == .liveText || context == .aps) { captureAs = .alertText; return true }
    } else if !isObject && context == .stringArray && collecting {
      captureAs = .alertText
      return true
    }
    if context == .root && pendingTopLevel >= 0 {
      captureAs = .topLevelValue
      return true
    }
    let keyOffset = frames[top].keyOffset
    if options.checkSensitiveValues && (context == .custom || (context == .root && keyOffset != facts.offsets.apsKey && keyOffset != facts.offsets.mdmKey)) {
      captureAs = .customValue
      return true
    }
    return false
  }

  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?, at offset: Int, inflation: Int) {
    if inflation > 0 { recordInflation(inflation, at: offset) }
    guard let bytes else { return }
    switch captureAs {
    case .enumValue:
      guard let (spec, index, ctx) = currentSpec(), case .oneOf(let set) = spec.check else { return }
      let allowed = set.values
      let matched = set.index(of: bytes)
      recordEnumValue(matched, index: index, context: ctx)
      if matched < 0 {
        report(.valueEnum(key: spec.name, allowed: allowed, found: Self.text(bytes)), at: offset, path: currentPath())
      }
    case .alertText:
      collectAlertString(Self.text(bytes), at: offset)
    case .customValue:
      if options.sensitiveKeys.matches(bytes) {
        report(.sensitiveValue(Self.text(bytes)), at: offset, path: currentPath())
      }
    case .checkedString:
      if let (spec, _, _) = currentSpec(), let message = spec.check.stringProblem(bytes) {
        report(message, at: offset, path: currentPath())
      }
    case .topLevelValue:
      topLevelValue(.string, string: bytes)
      // What `.customValue` would have done with it.
      if options.checkSensitiveValues && options.sensitiveKeys.matches(bytes) {
        report(.sensitiveValue(Self.text(bytes)), at: offset, path: currentPath())
      }
    case .nothing: break
    }
  }

  mutating func number(_ n: JSONNumber, at offset: Int) {
    _ = valueStart(.number, at: offset)
    guard let (spec, index, context) = currentSpec() else {
      if pendingTopLevel >= 0 { topLevelValue(.number, number: n.value) }
      // A member no schema row checks: in content-state, a date sent as seconds since 1970 (CheckerDates.swift).
      checkContentStateNumber(n, at: offset)
      return
    }
    // The facts the end checks need and the verdict (`ValueCheck.numberProblem`), both shared with the fast lane.
    recordNumber(n, check: spec.check, index: index, context: context, at: offset)
    guard spec.check.numberProblem(n) != nil else { return }
    if n.value == 0 && Self.isOnOffFlag(spec, index: index, context: context) {
      // flag-off: 0 is "off", what iOS reads when the key is absent (the fast lane gave up on it).
      recordFlagOff(index, byFalse: false)
      report(.flagOff(spec.name, found: "0"), at: offset, path: currentPath())
      return
    }
    // Out of range is like the wrong type: a key that is only not applied (a badge, a volume) is
    // value-range-ignored (flag-value-ignored for mutable-content and sound.critical), a
    // deprecated one iOS ignores value-range-deprecated-key; a timestamp stays value-range's.
    let message = PayloadMessage.number(n, for: spec)
    let notApplied = Self.onlyChangesPresentation(index: index, context: context)
      || (message.rule == .valueRange && Self.wrongTypeIsOnlyNotApplied(index: index, context: context))
    report(spec.isDeprecated(index: index, in: context, platform: target.platform) ? .deprecatedKeyValue(message)
             : notApplied ? .onlyNotApplied(message) : message,
           at: offset, path: currentPath())
  }

  /// `mutable-content`: a flag whose only effect is that the notification service extension runs.
  /// When iOS does not read it as on, the alert is still shown, as sent (nothing is dropped or
  /// lost, but the extension's changes are missing): its `flag-value` findings are warnings. So
  /// for the sound's `critical`: not read as on, the sound plays as a regular one and the alert
  /// shows (as with an `interruption-level` of the wrong type).
  @inline(__always) static func onlyChangesPresentation(index: Int, context: Context) -> Bool {
    (context == .aps && index == ApsKey.mutableContent.rawValue) || context == .sound
  }

  /// Keys whose value of the wrong type (or out of its range) is only not applied, with the alert
  /// shown as sent: the
  /// badge (a string badge leaves the badge as it was and the alert shows: RMSPushNotificationsBundle
  /// pull request 62, "apple seems to just ignore the value"), the sound and its dictionary, the
  /// grouping, category, targeting, filtering and interruption level, the alert's launch image and
  /// summary count. Text the alert shows and the keys ActivityKit decodes (relevance-score among
  /// them) stay errors (text lost, an update dropped). A push left with nothing to show by it is
  /// push-type-mismatch's error.
  @inline(__always) static func wrongTypeIsOnlyNotApplied(index: Int, context: Context) -> Bool {
    switch context {
    case .aps:
      switch ApsKey(rawValue: index) {
      case .badge, .sound, .threadID, .category, .targetContentID, .filterCriteria, .interruptionLevel: return true
      default: return false
      }
    case .alert: return index == AlertKey.launchImage.rawValue || index == AlertKey.summaryArgCount.rawValue
    case .sound: return true
    default: return false
    }
  }

  /// `content-available` and `mutable-content`: flags iOS reads as on (1, true) or off (0,
  /// false, absent). `input-push-token` is a flag too, but ActivityKit documents only 1.
  @inline(__always) static func isOnOffFlag(_ spec: KeySpec, index: Int, context: Context) -> Bool {
    guard case .flagOne = spec.check, context == .aps else { return false }
    return index == ApsKey.contentAvailable.rawValue || index == ApsKey.mutableContent.rawValue
  }

  mutating func bool(_ value: Bool, at offset: Int) {
    _ = valueStart(.bool, at: offset)
    guard let (spec, index, context) = currentSpec() else {
      if pendingTopLevel >= 0 { topLevelValue(.bool, bool: value) }
      return
    }
    if !spec.check.boolIsFine(value) {
      let message = PayloadMessage.flagValue(spec, found: "false")
      report(Self.onlyChangesPresentation(index: index, context: context) ? .onlyNotApplied(message) : message, at: offset, path: currentPath())
    }
    if case .flagOne = spec.check {
      let onOff = Self.isOnOffFlag(spec, index: index, context: context)
      if onOff && !value { recordFlagOff(index, byFalse: true) }
      if value {
        // iOS honours `true`; the advice must not be "omit the key", which turns the flag off.
        // It is read as 1, so the push is what content-available 1 makes it (a silent push, or
        // one that also wakes the app).
        if context == .aps { recordFlagTrue(index) }
        report(.flagTrue(spec.name), at: offset, path: currentPath())
      } else if onOff {
        report(.flagOff(spec.name, found: "false"), at: offset, path: currentPath())
      } else {
        let message = PayloadMessage.flagValue(spec, found: "false")
        report(Self.onlyChangesPresentation(index: index, context: context) ? .onlyNotApplied(message) : message, at: offset, path: currentPath())
      }
    }
  }

  mutating func null(at offset: Int) {
    _ = valueStart(.null, at: offset)
  }

  mutating func problem(_ problem: JSONProblem, at offset: Int) {
    switch problem {
    case .syntax(let message):
      recordStopped()
      report(.jsonSyntax(message), at: offset, path: currentPath())
    case .invalidUTF8:
      report(.invalidUTF8, at: offset, path: currentPath())
    case .loneSurrogate:
      report(.loneSurrogate, at: offset, path: currentPath())
    case .byteOrderMark:
      report(.byteOrderMark, at: 0, path: nil)
    case .tooDeep(let limit):
      recordStopped()
      // The container that is too deep never starts, so name the element it would have been.
      var path = currentPath()
      if let f = frames.last, !f.isObject { path = (containerPath() ?? "") + "[\(f.index + 1)]" }
      report(.tooDeep(limit: limit), at: offset, path: path)
    }
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
