// Keys in the wrong place and keys of no push type (issue 53, SPEC §2 and §3 `misplaced-key`).
//
// A key Apple defines written where the system does not read it (beside `aps`, an alert key
// directly in `aps`) or under another name (UNNotificationContent's `threadIdentifier`, the camel
// or snake case of Apple's key) does nothing. What that costs is decided here, once the payload
// is read, from what the payload then does: when the push is left showing, waking or updating
// nothing (or its alert text is lost) it is `misplaced-key`, an error, and the finding that only
// described the symptom ("an alert push needs 'alert', 'badge' or 'sound'") gives way to it; when
// the rest of the push still works (an alert shown without its category's actions) it is
// `unknown-key`, a warning. A key beside `aps` is judged only where the evidence says it was
// meant for the system: the app's own data legitimately uses names such as `category`, `sound`,
// `timestamp` or `event`, so each is reported only for the push types that read it, when `aps`
// lacks it, and when its value is one that key takes.
//
// Cost: a key beside `aps` is looked up in `topLevelNames` (one probe of a 256-slot table); a
// key of `aps`'s own tables never comes here, and the end pass does nothing on a payload without
// such a key and without findings.

/// A name a key beside `aps` may be written under, the key it means and what that key takes, as
/// plain values (read per such key on the hot path: nothing to retain).
struct BesideApsKey {
  let key: PackedKey
  /// `TopLevelName.meant`.
  let meant: Int16
  /// The kinds the key takes, and the check beyond them (`topLevelValueFits`).
  let kinds: JSONKinds
  let check: Check

  enum Check: UInt8 { case kinds, flagOne, flagTrue, interruptionLevel, event, badge }

  init(_ name: TopLevelName) {
    key = name.key
    meant = name.meant
    if Int(meant) >= Checker.alertMeaning {
      kinds = Schema.alert[Int(meant) - Checker.alertMeaning].kinds.subtracting(.null)
      check = .kinds
      return
    }
    let spec = Schema.aps[Int(meant)]
    kinds = spec.kinds
    switch spec.check {
    case .flagOne: check = .flagOne
    case .flagTrue: check = .flagTrue
    case .oneOf(.interruptionLevel): check = .interruptionLevel
    case .oneOf(.event): check = .event
    case .badge: check = .badge
    default: check = .kinds
    }
  }
}

/// A name a key beside `aps` may be written under, and the key it means.
struct TopLevelName {
  /// The name's bytes, packed.
  let key: PackedKey
  /// The name as written.
  let text: String
  /// The key it means: an `ApsKey` raw value, or `Checker.alertMeaning` plus an `AlertKey` raw value.
  let meant: Int16
}

extension Schema {
  /// The names a key beside `aps` is taken for a key of `aps` or of the alert under: Apple's
  /// spelling of each key of `aps` (not an accessory push's members, which only an accessory push
  /// has, nor Safari's `url-args`), its snake and camel case (`content_available`,
  /// `contentAvailable`), UNNotificationContent's names (`threadIdentifier`, …) in each case, and
  /// the alert's text and localization keys (`title`, `body`, `loc-key`, …) likewise. Left out:
  /// `threadId` and `thread_id`, which chat apps use for their own conversation's id, and any
  /// name longer than 24 bytes (not packed).
  static let topLevelNames: [TopLevelName] = {
    var out: [TopLevelName] = []
    var seen = Set<String>()
    func add(_ name: String, _ meant: Int) {
      guard name.utf8.count <= 24, !["threadId", "thread_id"].contains(name), seen.insert(name).inserted else { return }
      out.append(TopLevelName(key: PackedKey(text: name), text: name, meant: Int16(meant)))
    }
    for (i, spec) in aps.enumerated() where !spec.accessory && i != ApsKey.urlArgs.rawValue {
      for name in spellings(of: "\(spec.name)") { add(name, i) }
    }
    for (swift, key) in swiftNames[.aps] ?? [:] {
      guard let i = aps.firstIndex(where: { "\($0.name)" == key }) else { continue }
      for name in [swift] + spellings(of: swift) { add(name, i) }
    }
    add("targetContentID", ApsKey.targetContentID.rawValue)
    let alertKeys: [AlertKey] = [.title, .subtitle, .body, .locKey, .locArgs, .titleLocKey, .titleLocArgs, .subtitleLocKey, .subtitleLocArgs]
    for k in alertKeys {
      for name in spellings(of: "\(alert[k.rawValue].name)") { add(name, Checker.alertMeaning + k.rawValue) }
    }
    return out
  }()

  /// A key's name in kebab, snake and camel case (`content-available`, `content_available`,
  /// `contentAvailable`), from any of them.
  static func spellings(of name: String) -> [String] {
    var words: [String] = []
    var word = ""
    for c in name {
      if c == "-" || c == "_" {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else if c.isUppercase && !word.isEmpty && !(word.last?.isUppercase ?? false) {
        words.append(word)
        word = String(c)
      } else {
        word.append(c)
      }
    }
    if !word.isEmpty { words.append(word) }
    let lower = words.map { $0.lowercased() }
    guard let first = lower.first else { return [] }
    let camel = first + lower.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return [lower.joined(separator: "-"), lower.joined(separator: "_"), camel]
  }
}

extension Checker {
  /// Where the alert's keys start among `TopLevelName.meant`'s values.
  static let alertMeaning = 64

  /// The open-addressed slots of `names` (-1: empty), by ``topLevelSlot(_:)``.
  static func topLevelSlots(for names: [BesideApsKey]) -> [Int16] {
    var slots = [Int16](repeating: -1, count: 256)
    for (i, name) in names.enumerated() {
      var slot = topLevelSlot(name.key)
      while slots[slot] >= 0 { slot = (slot + 1) & 255 }
      slots[slot] = Int16(i)
    }
    return slots
  }

  @inline(__always) static func topLevelSlot(_ key: PackedKey) -> Int {
    Int(truncatingIfNeeded: (((key.w0 ^ key.w1) &+ UInt64(truncatingIfNeeded: key.count)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
  }

  /// The index in `topLevelNames` of a top-level key, or -1: one probe or two.
  // `mutating` only so that self is passed by address (see `lookup`).
  @inline(__always) mutating func topLevelName(_ key: PackedKey) -> Int {
    guard key.count > 0 else { return -1 }
    return topLevelSlots.withUnsafeBufferPointer { slots in
      topLevelKeys.withUnsafeBufferPointer { names in
        var slot = Self.topLevelSlot(key)
        while true {
          let i = Int(slots[slot])
          if i < 0 { return -1 }
          if names[i].key == key { return i }
          slot = (slot + 1) & 255
        }
      }
    }
  }

  /// Whether a value beside `aps` is one the key `topLevelKeys[name]` means takes: a flag 1 (or
  /// true, or "1"), an interruption level or event of its set, a badge that is a whole number,
  /// a string, number, object or array where the key takes one. The one verdict both lanes ask.
  @inline(__always)
  func topLevelValueFits(_ name: Int, kind: JSONKinds, number: Double = .nan, bool: Bool = false,
                         string: UnsafeBufferPointer<UInt8>? = nil) -> Bool {
    let key = topLevelKeys[name]
    switch key.check {
    case .kinds:
      return key.kinds.contains(kind)
    case .flagOne:
      if kind == .string, let s = string { return s.count == 1 && s[0] == 0x31 }
      return (kind == .number && number == 1) || (kind == .bool && bool)
    case .flagTrue:
      return kind == .bool && bool
    case .interruptionLevel, .event:
      guard kind == .string, let s = string else { return false }
      return (key.check == .event ? ValueSet.event : .interruptionLevel).index(of: s) >= 0
    case .badge:
      return kind == .number && number >= 0 && number == number.rounded(.towardZero)
    }
  }

  /// The general reader's value of the pending key beside `aps` (`pendingTopLevel`), recorded.
  mutating func topLevelValue(_ kind: JSONKinds, number: Double = .nan, bool: Bool = false, string: UnsafeBufferPointer<UInt8>? = nil) {
    let name = Int(pendingTopLevel)
    pendingTopLevel = -1
    recordTopLevelCandidate(name, fits: topLevelValueFits(name, kind: kind, number: number, bool: bool, string: string))
  }

  // MARK: Keys of no push type (SPEC §2, inference from all the evidence)

  /// The Live Activity keys of `aps` whose value no liveactivity push takes (an `event` other than
  /// start, update and end; a `timestamp` that is not a number; …), as bits of `Facts.apsKeys`.
  /// They are no evidence of a Live Activity; outside one they are the app's own data.
  @inline(__always) var liveActivityKeysOfNoLiveActivity: UInt32 {
    let rejected = facts.apsRejectedKeys | (facts.event == .other ? 1 << UInt32(ApsKey.event.rawValue) : 0)
    return facts.apsKeys & Self.liveActivityKeys & rejected
  }

  /// `aps-custom-key` for a Live Activity key whose value no liveactivity push takes, in a push of
  /// another type: the system ignores it and the app receives it, so the verdict on its value
  /// (`value-enum`, `value-type`) would judge the app's own data by a type the push is not. In a
  /// voip push, whose `aps` is the app's, nothing is said.
  mutating func checkAppDataNamedLikeLiveActivityKeys(pushType: PushType) {
    guard pushType != .liveactivity else { return }
    let keys = liveActivityKeysOfNoLiveActivity
    guard keys != 0 else { return }
    for k in 0..<Schema.aps.count where keys & (1 << UInt32(k)) != 0 {
      let name = Schema.aps[k].name
      let path = "aps.\(name)"
      findings.removeAll {
        ($0.payloadRule == .valueEnum || $0.payloadRule == .valueType || $0.payloadRule == .valueTypeIgnored) && $0.keyPath == path
      }
      if pushType != .voip {
        report(.liveActivityKeyAsAppData(name, event: k == ApsKey.event.rawValue, pushType: pushType,
                                         given: target.pushType != nil || topicPushType != nil),
               at: apsKeyOffsets[k], path: path)
      }
    }
  }

  // MARK: Keys in the wrong place

  /// `misplaced-key` and `unknown-key` for keys of `aps` and of the alert written beside `aps`, and
  /// `misplaced-key` for the `unknown-key` findings of `aps` whose key the push needed (see the
  /// file's head). Runs last: it replaces the findings it explains.
  mutating func checkMisplacedKeys(pushType p: PushType) {
    // Beside an aps that has the key, the key is the app's; the alert's keys matter only to an
    // alert push without aps.alert whose app is not woken. Checked first, on plain values: a
    // payload with the app's own `title` or `timestamp` beside aps costs nothing more.
    let read = Self.keysReadBesideAps(by: p)
    guard read != 0 else { return }  // PushKit, location, mdm and accessory pushes: what is beside aps is the app's
    let alertBits = p == .alert && !hasAps(.alert) && !facts.contentAvailableOne ? facts.topLevelAlertKeys : 0
    let besideAps = facts.topLevelApsKeys & ~facts.apsKeys & read != 0 || alertBits != 0
    guard besideAps || !findings.isEmpty else { return }
    var inAps: [Int] = []
    for i in findings.indices where findings[i].payloadRule == .unknownKey {
      if let path = findings[i].keyPath, Self.isDirectlyInAps(path) { inAps.append(i) }
    }
    guard besideAps || !inAps.isEmpty else { return }
    var plan = MisplacedPlan(checker: self, pushType: p)

    // Keys of aps under another name, and alert keys, directly in aps (unknown-key findings).
    var alertSet: [Int] = []
    for i in inAps {
      let key = String(findings[i].keyPath!.dropFirst(4))
      if let meant = Self.apsKeyMeant(key) {
        guard plan.cures & (1 << UInt32(meant)) != 0 else { continue }
        plan.replace(i, with: .misplacedKey(key, meant: "\(Schema.aps[meant].name)", beside: false,
                                            consequence: plan.consequence(of: meant)))
        plan.cured |= 1 << UInt32(meant)
      } else if Schema.misplaced(key, in: .aps) != nil {
        alertSet.append(i)
      }
    }
    if plan.alertTextLost, !alertSet.isEmpty,
       alertSet.contains(where: { Self.isAlertText(String(findings[$0].keyPath!.dropFirst(4))) }) {
      let names = alertSet.map { String(findings[$0].keyPath!.dropFirst(4)) }
      let first = alertSet.min { findings[$0].offset < findings[$1].offset }!
      plan.replace(first, with: .misplacedAlertKeys(names, beside: false, consequence: plan.alertConsequence))
      for i in alertSet where i != first { plan.removals.insert(i) }
      plan.curedAlert = true
    }

    // Keys beside aps.
    for k in 0..<Schema.aps.count where facts.topLevelApsKeys & (1 << UInt32(k)) != 0 && !hasAps(ApsKey(rawValue: k)!) {
      let written = Schema.topLevelNames[Int(topLevelKeyNames[k])].text
      let meant = "\(Schema.aps[k].name)"
      if plan.cures & (1 << UInt32(k)) != 0 && plan.besideApsCures(k) {
        plan.added.append((.misplacedKey(written, meant: meant, beside: true, consequence: plan.consequence(of: k)),
                           topLevelKeyOffsets[k], Self.topLevelPath(written)))
        plan.cured |= 1 << UInt32(k)
      } else if let lost = plan.lostBesideAps(k) {
        plan.added.append((.apsKeyBesideAps(written, meant: meant, lost: lost), topLevelKeyOffsets[k], Self.topLevelPath(written)))
      }
    }
    // The alert's keys beside aps: its text, when the alert push has none in aps.alert and the
    // app is not woken to read them (a silent push's data often carries a title and a body).
    let textKeys: [AlertKey] = [.title, .subtitle, .body, .locKey, .titleLocKey, .subtitleLocKey]
    if textKeys.contains(where: { facts.topLevelAlertKeys & (1 << UInt32($0.rawValue)) != 0 })
        && plan.alertTextLost && plan.besideApsCures(ApsKey.alert.rawValue) {
      var slots: [Int] = []
      for k in 0..<Schema.alert.count where facts.topLevelAlertKeys & (1 << UInt32(k)) != 0 { slots.append(Schema.aps.count + k) }
      slots.sort { topLevelKeyOffsets[$0] < topLevelKeyOffsets[$1] }
      let names = slots.map { Schema.topLevelNames[Int(topLevelKeyNames[$0])].text }
      plan.added.append((.misplacedAlertKeys(names, beside: true, consequence: plan.alertConsequence), topLevelKeyOffsets[slots[0]],
                         Self.topLevelPath(names[0])))
      plan.curedAlert = true
    }
    plan.removeExplainedSymptoms(in: self)
    apply(plan)
  }

  /// The keys of `aps` a push of type `p` reads, as bits of `Facts.apsKeys`: beside `aps`, any
  /// other is the app's own data for it (`MisplacedPlan.lostBesideAps` and `.cures` say no more).
  /// Zero for the push types whose payload beside `aps` is the app's.
  @inline(__always) static func keysReadBesideAps(by p: PushType) -> UInt32 {
    func bit(_ k: ApsKey) -> UInt32 { 1 << UInt32(k.rawValue) }
    switch p {
    case .alert:
      return bit(.alert) | bit(.badge) | bit(.sound) | bit(.threadID) | bit(.category) | bit(.targetContentID)
        | bit(.filterCriteria) | bit(.contentAvailable) | bit(.mutableContent) | bit(.interruptionLevel) | bit(.relevanceScore)
    case .background: return bit(.contentAvailable)
    case .liveactivity: return liveActivityKeys | bit(.alert) | bit(.relevanceScore)
    case .widgets, .controls: return bit(.contentChanged)
    default: return 0
    }
  }

  /// Replaces, removes and adds what `plan` says, keeping each replaced finding's place.
  private mutating func apply(_ plan: MisplacedPlan) {
    guard !plan.replacements.isEmpty || !plan.removals.isEmpty || !plan.added.isEmpty || !plan.messages.isEmpty else { return }
    for (i, message) in plan.replacements {
      var f = Finding(message, offset: findings[i].offset, line: findings[i].line, column: findings[i].column,
                      keyPath: findings[i].keyPath)
      f.position = findings[i].position
      findings[i] = f
    }
    for (i, text) in plan.messages { findings[i].message = text }
    for i in plan.removals.sorted(by: >) { findings.remove(at: i) }
    for (message, offset, path) in plan.added { report(message, at: offset, path: path) }
  }

  /// Whether a key path is a key directly in `aps` written plainly (`aps.threadIdentifier`).
  static func isDirectlyInAps(_ path: String) -> Bool {
    guard path.utf8.starts(with: "aps.".utf8) else { return false }
    return !path.utf8.dropFirst(4).contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") }
  }

  /// The key path of a key beside `aps` (its name, plain or bracketed as `currentPath` writes it).
  static func topLevelPath(_ name: String) -> String { name }

  /// The `aps` row a key written in `aps` under another name stands for: UNNotificationContent's
  /// name (`threadIdentifier`) in any case, or a near miss (`contentAvailable`, `content_available`).
  static func apsKeyMeant(_ key: String) -> Int? {
    let meant = Schema.swiftName(key, in: .aps) ?? Schema.suggestion(for: key, in: Schema.aps)
    guard let meant, meant != key else { return nil }
    return Schema.aps.firstIndex { "\($0.name)" == meant }
  }

  /// The alert's keys that hold its text: without one of them in `aps.alert` nothing reads as text.
  static func isAlertText(_ key: String) -> Bool {
    guard let meant = Schema.suggestion(for: key, in: Schema.alert) else { return false }
    return ["title", "subtitle", "body", "loc-key", "title-loc-key", "subtitle-loc-key"].contains(meant)
  }
}

/// What `checkMisplacedKeys` decides for one payload: which keys the push needed (`cures`), the
/// findings it replaces, removes and adds, and the symptoms those explain.
struct MisplacedPlan {
  let pushType: PushType
  /// `aps` keys whose absence leaves the push showing, waking or updating nothing (bits of `ApsKey`).
  var cures: UInt32 = 0
  /// The alert's text is lost when alert keys are elsewhere: an alert push without `aps.alert`.
  var alertTextLost = false
  /// The push shows nothing as it is (an alert push with no alert, badge or sound applied).
  let showsNothing: Bool
  let hasAlert: Bool
  let wakes: Bool
  /// Neither push type nor topic given, and `aps` holds nothing Apple defines: what a voip,
  /// location or pushtotalk push sends, so keys beside it are the app's.
  let apsLikePushKit: Bool
  let event: LiveActivityEvent
  var cured: UInt32 = 0
  var curedAlert = false
  var replacements: [(Int, PayloadMessage)] = []
  var messages: [(Int, String)] = []
  var removals = Set<Int>()
  var added: [(PayloadMessage, Int, String)] = []

  init(checker c: borrowing Checker, pushType: PushType) {
    self.pushType = pushType
    hasAlert = c.hasAps(.alert) && (c.facts.alertKind == .string || c.facts.alertKind == .object)
    showsNothing = !hasAlert && !c.applies(.badge) && !c.applies(.sound)
    wakes = c.facts.contentAvailableOne
    event = c.facts.event
    apsLikePushKit = c.target.pushType == nil && c.topicPushType == nil && c.facts.apsKeys & ~c.liveActivityKeysOfNoLiveActivity == 0
    func bit(_ k: ApsKey) -> UInt32 { 1 << UInt32(k.rawValue) }
    switch pushType {
    case .alert:
      if showsNothing {
        cures = bit(.alert) | bit(.badge) | bit(.sound) | (wakes ? 0 : bit(.contentAvailable))
      }
      // Without aps.alert, its text is lost whatever else shows.
      alertTextLost = !c.hasAps(.alert) && !wakes
      if alertTextLost { cures |= bit(.alert) }
    case .background:
      if !c.hasAps(.contentAvailable) { cures = bit(.contentAvailable) }
    case .liveactivity:
      if !c.hasAps(.event) { cures |= bit(.event) }
      if !c.hasAps(.timestamp) { cures |= bit(.timestamp) }
      if (event == .update || event == .start) && !c.hasAps(.contentState) { cures |= bit(.contentState) }
      if event == .start {
        for k in [ApsKey.attributesType, .attributes, .alert] where !c.hasAps(k) { cures |= bit(k) }
      }
    case .widgets, .controls:
      if !c.hasAps(.contentChanged) { cures = bit(.contentChanged) }
    default:
      break
    }
  }

  mutating func replace(_ index: Int, with message: PayloadMessage) { replacements.append((index, message)) }

  /// Whether a key beside `aps` that the push needed is reported as needed: not beside an `aps`
  /// that is what PushKit pushes send (content-available, which no such push has, excepted).
  func besideApsCures(_ k: Int) -> Bool {
    !(pushType == .alert && apsLikePushKit && k != ApsKey.contentAvailable.rawValue)
  }

  /// What the push does without key `k`, said after "so".
  func consequence(of k: Int) -> String {
    switch pushType {
    case .alert:
      if k == ApsKey.contentAvailable.rawValue { return "this push shows nothing and wakes nothing" }
      return showsNothing ? "this push shows nothing" : "the alert's text is never shown"
    case .background:
      return "the push wakes nothing: the background update it carries never reaches the app"
    case .liveactivity:
      switch ApsKey(rawValue: k) {
      case .event?, .timestamp?: return "ActivityKit drops the push (a Live Activity push needs 'event' and 'timestamp' in 'aps')"
      case .contentState? where event == .update: return "the update carries no content: nothing is updated"
      default: return "the Live Activity never starts"
      }
    default:
      return "no widget or control is reloaded"
    }
  }

  /// What the push does without its alert keys, said after "so".
  var alertConsequence: String { showsNothing ? "this push shows nothing" : "the alert's text is never shown" }

  /// What is lost, with the rest of the push working, when key `k` is beside `aps` (nil: the key
  /// there is taken as the app's own data: see the file's head).
  func lostBesideAps(_ k: Int) -> String? {
    switch pushType {
    case .alert where !showsNothing && !wakes:
      switch ApsKey(rawValue: k) {
      case .contentAvailable?: return "the app is not woken in the background"
      case .badge?: return "the app's badge is not set"
      case .sound?: return "the notification plays no sound"
      default: break
      }
      guard hasAlert else { return nil }
      switch ApsKey(rawValue: k) {
      case .category?: return "the notification's actions do not appear"
      case .threadID?: return "the notification is not grouped in its thread"
      case .mutableContent?: return "the notification service extension does not run"
      case .interruptionLevel?: return "the notification is not delivered at that interruption level"
      case .relevanceScore?: return "the score does not rank the notification in the summary"
      case .targetContentID?: return "the notification does not bring forward the window or scene it names"
      case .filterCriteria?: return "Focus filters do not see the criteria"
      default: return nil
      }
    case .liveactivity:
      switch ApsKey(rawValue: k) {
      case .staleDate?: return "the activity is not shown as stale at that date"
      case .dismissalDate?: return "the ended activity is not removed at that date"
      case .relevanceScore?: return "the score does not rank the activity"
      case .inputPushToken?: return "the started activity gets no push token for its updates"
      case .inputPushChannel?: return "the started activity does not join the channel"
      case .alert?: return "the update shows and sounds no alert"
      default: return nil
      }
    default:
      return nil
    }
  }

  /// The symptom findings that what was found explains: removed, or, for a Live Activity's
  /// list of missing keys, told without the keys found elsewhere.
  mutating func removeExplainedSymptoms(in c: Checker) {
    let findings = c.findings
    func index(_ rule: PayloadRule, _ texts: [String]) -> Int? {
      findings.indices.first { findings[$0].payloadRule == rule && texts.contains(findings[$0].message) }
    }
    switch pushType {
    case .alert where showsNothing && (cured != 0 || curedAlert):
      let shown = [PayloadMessage.alertPushShowsNothing(hasMDM: false), .alertPushShowsNothing(hasMDM: true), .alertPushMayShowNothing,
                   .emptyApsWithoutPushType]
      if let i = findings.indices.first(where: { i in shown.contains { findings[i].payloadRule == $0.rule && findings[i].message == $0.text } }) {
        removals.insert(i)
      }
    case .background where cured != 0:
      if let i = index(.backgroundInert, [PayloadMessage.backgroundInert.text]) { removals.insert(i) }
    case .liveactivity where cured != 0:
      let needed = [ApsKey.event, .timestamp].filter { !c.hasAps($0) }
      if let i = index(.pushTypeMismatch, [PayloadMessage.liveActivityPushNeeds(needed.map { "'\(Schema.aps[$0.rawValue].name)'" }).text]) {
        let left = needed.filter { cured & (1 << UInt32($0.rawValue)) == 0 }
        if left.isEmpty { removals.insert(i) } else {
          messages.append((i, PayloadMessage.liveActivityPushNeeds(left.map { "'\(Schema.aps[$0.rawValue].name)'" }).text))
        }
      }
      if cured & (1 << UInt32(ApsKey.contentState.rawValue)) != 0,
         let i = index(.liveActivityFields, [PayloadMessage.liveActivityUpdateWithoutContentState.text]) {
        removals.insert(i)
      }
      if event == .start {
        var start = [ApsKey.attributesType, .attributes, .contentState].filter { !c.hasAps($0) }
        if !c.hasAps(.alert) { start.append(.alert) }
        if let i = index(.liveActivityFields, [PayloadMessage.liveActivityStartNeeds(start.map { Schema.aps[$0.rawValue].name }).text]) {
          let left = start.filter { cured & (1 << UInt32($0.rawValue)) == 0 }
          if left.isEmpty { removals.insert(i) } else {
            messages.append((i, PayloadMessage.liveActivityStartNeeds(left.map { Schema.aps[$0.rawValue].name }).text))
          }
        }
      }
    case .widgets where cured != 0, .controls where cured != 0:
      if let i = index(.pushTypeMismatch, [PayloadMessage.contentChangedMissing(pushType: pushType).text]) { removals.insert(i) }
    default:
      break
    }
  }
}

extension ValueCheck {
  /// Exactly the number 1 (`content-available`, `mutable-content`, `input-push-token`).
  var isFlagOne: Bool {
    if case .flagOne = self { return true }
    return false
  }
}
