// The facts the end-of-payload checks read, and the one recorder that writes them. Both readers,
// the general one (`CheckerKeys`, `CheckerValues`) and the fast lane (`FastLane`), call the same
// `record…` method at the same moment with the same arguments: what a key or value tells the end
// checks is decided here once, whichever reader met it. `FactsTests.factsAreWrittenByTheRecorderOnly`
// fails on a `facts.…` or offset-table write anywhere else.

/// Facts about the payload that checks at the end need. Byte offsets are in `offsets`. Nothing
/// here is reference-counted (`FactsTests.factsHoldNothingToRelease`): resetting the facts for
/// each payload releases nothing.
struct Facts {
  /// `aps.timestamp` is before any Live Activity existed (`ValueCheck.firstActivityDate`).
  var timestampBeforeActivities = false
  /// The values of `aps.timestamp`, `aps.dismissal-date` and `aps.stale-date` (NaN: absent), for
  /// the end's dismissal window and the dates judged against the time of sending.
  var timestamp = Double.nan
  var dismissalDate = Double.nan
  var staleDate = Double.nan
  var rootIsObject = false
  var rootMembers = 0
  var apsIsObject = false
  var apsKeys: UInt32 = 0
  /// Keys of `aps` whose value is of a kind their row does not take (the general reader's: the
  /// fast lane gives up on them). A Live Activity key among them is no evidence of a Live
  /// Activity (SPEC §2, inference from all the evidence).
  var apsRejectedKeys: UInt32 = 0
  /// Keys written beside `aps` under the name of a key of `aps` (`category`, `contentAvailable`)
  /// or of the alert (`title`), with a value that key takes, as bits of `ApsKey` and `AlertKey`
  /// (`misplaced-key`, `unknown-key`: CheckerMisplaced.swift). Their offsets and names are in
  /// `Checker.topLevelKeyOffsets` and `.topLevelKeyNames`.
  var topLevelApsKeys: UInt32 = 0
  var topLevelAlertKeys: UInt32 = 0
  var alertKeys: UInt32 = 0
  var alertNullKeys: UInt32 = 0
  var contentAvailableOne = false
  /// `content-available` 0 or false (off: flag-off, and background-inert for a background push),
  /// and which; only the general reader records them (the fast lane gives up on these values).
  var contentAvailableOff = false
  var contentAvailableFalse = false
  var event: LiveActivityEvent = .none
  var alertKind: AlertKind = .none
  /// `aps.sound` as a dictionary has `critical: 1` or `critical: 0` (sound-shape).
  var criticalSound = false
  var criticalOff = false
  var relevance = 0.0
  /// The kinds of an accessory push's four members as read (`JSONKinds` raw values, eight bits
  /// each in `ApsKey` order from `encryptedData`): `accessory-fields` asks for strings.
  var accessoryKinds: UInt32 = 0
  /// The `Simulator Target Bundle` member, as compact offsets (the size leaves it out).
  var simulatorStart = -1
  var simulatorEnd = -1
  /// Bytes that `\u` escapes add (the first's key path is `Checker.inflationPath`).
  var inflation = 0
  var stopped = false
  /// Findings past `ValidationOptions.maxFindings`: how many, and the first one's rule.
  var droppedFindings = 0
  var droppedRule: PayloadRule? = nil
  var offsets = Offsets()

  /// Every byte offset among the facts (-1: absent), and nothing else: only `Int` stored
  /// properties. A streamed payload resolves each to line and column while its chunk is at hand
  /// (`Checker.forEachRecordedOffset` reads the slots without naming them), so a finding made at
  /// the end may stand at any of them; an offset fact declared here cannot be left unresolved.
  /// `FactsTests.everyOffsetFactIsResolvedInAStream` fails on an offset declared elsewhere in
  /// `Facts`.
  struct Offsets {
    /// The `aps` key, and its value.
    var apsKey = -1
    var aps = -1
    var mdmKey = -1
    /// A top-level `container-identifier` (File Provider pushes carry no `aps`).
    var containerIdentifierKey = -1
    /// In a `.apns` file: a top-level key that is a near miss of `Simulator Target Bundle`.
    var simulatorNearMiss = -1
    /// `aps.alert.title` and `.body` as objects (a Live Activity's text).
    var titleObject = -1
    var bodyObject = -1
    var alertSoundKey = -1
    /// `aps.sound` as a dictionary (its value).
    var soundObject = -1
    var relevance = -1
    /// The first `\u` escape that adds bytes.
    var inflation = -1
    /// The first finding past `ValidationOptions.maxFindings`.
    var dropped = -1

    /// Calls `body` with every slot, in declaration order.
    @inline(__always) func forEach(_ body: (Int) -> Void) {
      withUnsafeBytes(of: self) { raw in
        var at = 0
        while at < raw.count {
          body(raw.load(fromByteOffset: at, as: Int.self))
          at += MemoryLayout<Int>.stride
        }
      }
    }
  }
}

extension Checker {
  // MARK: The recorder (both lanes)

  /// The payload is an object.
  @inline(__always) mutating func recordRootObject() {
    facts.rootIsObject = true
  }

  /// A key of the top-level object, at `offset`: counted, and classified for the end checks.
  @inline(__always) mutating func recordTopLevelKey(_ key: UnsafeBufferPointer<UInt8>, at offset: Int) -> TopLevelKey {
    facts.rootMembers += 1
    if Self.is(key, "aps") {
      facts.offsets.apsKey = offset
      return .aps
    }
    if Self.is(key, "mdm") {
      facts.offsets.mdmKey = offset
      return .mdm
    }
    if Self.is(key, "Simulator Target Bundle") { return .simulatorBundle }
    if Self.is(key, "container-identifier") {
      facts.offsets.containerIdentifierKey = offset
      return .containerIdentifier
    }
    if options.simulatorFile && facts.offsets.simulatorNearMiss < 0 && Self.isSimulatorNearMiss(key) {
      facts.offsets.simulatorNearMiss = offset
      return .simulatorNearMiss
    }
    return .other
  }

  /// The value of the top-level `aps`, of kind `kind`, starts at `offset`.
  @inline(__always) mutating func recordAps(_ kind: JSONKinds, at offset: Int) {
    facts.offsets.aps = offset
    facts.apsIsObject = kind == .object
  }

  /// A key of `aps`'s table (row `index`) at `offset`.
  @inline(__always) mutating func recordApsKey(_ index: Int, at offset: Int) {
    facts.apsKeys |= 1 << UInt32(index)
    apsKeyOffsets[index] = offset
  }

  /// The value of `aps`'s key `index`, of kind `kind`, at `offset`.
  @inline(__always) mutating func recordApsValue(_ index: Int, kind: JSONKinds, at offset: Int) {
    apsValueOffsets[index] = offset
    if index == ApsKey.alert.rawValue { facts.alertKind = AlertKind(kind) }
    // sound-shape is decided at the end from it.
    if index == ApsKey.sound.rawValue && kind == .object { facts.offsets.soundObject = offset }
    // accessory-fields judges the kind at the end (an accessory push's members are read as any kind).
    if index >= ApsKey.encryptedData.rawValue {
      facts.accessoryKinds |= UInt32(kind.rawValue) << UInt32(8 * (index - ApsKey.encryptedData.rawValue))
    }
  }

  /// A key of the alert's table (row `index`) at `offset`.
  @inline(__always) mutating func recordAlertKey(_ index: Int, at offset: Int) {
    facts.alertKeys |= 1 << UInt32(index)
    alertKeyOffsets[index] = offset
    if index == AlertKey.sound.rawValue { facts.offsets.alertSoundKey = offset }
  }

  /// The value of the alert's key `index`, of kind `kind`, at `offset`.
  @inline(__always) mutating func recordAlertValue(_ index: Int, kind: JSONKinds, at offset: Int) {
    alertValueOffsets[index] = offset
    if kind == .null { facts.alertNullKeys |= 1 << UInt32(index) }
    // Live activities may give title and body as {loc-key, loc-args}; decided at the end.
    if kind == .object && index == AlertKey.title.rawValue { facts.offsets.titleObject = offset }
    if kind == .object && index == AlertKey.body.rawValue { facts.offsets.bodyObject = offset }
  }

  /// A string value of key `index` in `context` that is the `matched`-th of its allowed values
  /// (-1: none of them).
  @inline(__always) mutating func recordEnumValue(_ matched: Int, index: Int, context: Context) {
    if context == .aps && index == ApsKey.event.rawValue { facts.event = LiveActivityEvent(matched) }
  }

  /// What a number under its key tells the end checks (content-available 1, a critical sound, the
  /// relevance score, the Live Activity's dates).
  @inline(__always)
  mutating func recordNumber(_ n: JSONNumber, check: ValueCheck, index: Int, context: Context, at offset: Int) {
    switch check {
    case .flagOne where n.value == 1 && context == .aps && index == ApsKey.contentAvailable.rawValue:
      facts.contentAvailableOne = true
    case .flagZeroOrOne where context == .sound && index == SoundKey.critical.rawValue && n.value == 1:
      facts.criticalSound = true
    case .flagZeroOrOne where context == .sound && index == SoundKey.critical.rawValue && n.value == 0:
      facts.criticalOff = true
    case .unitInterval(true):
      facts.relevance = n.value
      facts.offsets.relevance = offset
    case .activityTimestamp:
      if n.value >= 0 && n.value < ValueCheck.firstActivityDate { facts.timestampBeforeActivities = true }
      facts.timestamp = n.value
    case .timestamp where context == .aps && index == ApsKey.dismissalDate.rawValue:
      facts.dismissalDate = n.value
    case .timestamp where context == .aps && index == ApsKey.staleDate.rawValue:
      facts.staleDate = n.value
    default:
      break
    }
  }

  /// An on/off flag of `aps` (row `index`) written `true`, which iOS reads as 1 (general reader
  /// only: the fast lane gives up on booleans).
  @inline(__always) mutating func recordFlagTrue(_ index: Int) {
    if index == ApsKey.contentAvailable.rawValue { facts.contentAvailableOne = true }
  }

  /// An on/off flag of `aps` (row `index`) turned off by 0 or, `byFalse`, by false (general reader
  /// only: the fast lane gives up on both).
  @inline(__always) mutating func recordFlagOff(_ index: Int, byFalse: Bool) {
    guard index == ApsKey.contentAvailable.rawValue else { return }
    facts.contentAvailableOff = true
    if byFalse { facts.contentAvailableFalse = true }
  }

  /// The value of `aps`'s key `index` is of a kind its row does not take (general reader only:
  /// the fast lane gives up on it).
  @inline(__always) mutating func recordApsValueRejected(_ index: Int) {
    facts.apsRejectedKeys |= 1 << UInt32(index)
  }

  /// A key beside `aps` named as entry `name` of `topLevelKeys` (a key of `aps` or of the alert
  /// under its own name or another's), at `offset`: kept in its slot, unless one named for the
  /// same key was kept already (recorded at the key, so that a stream resolves its offset while
  /// the key's chunk is at hand).
  @inline(__always) mutating func recordTopLevelCandidateKey(_ name: Int, at offset: Int) {
    let meant = Int(topLevelKeys[name].meant)
    let taken = meant < Self.alertMeaning
      ? facts.topLevelApsKeys & (1 << UInt32(meant)) != 0
      : facts.topLevelAlertKeys & (1 << UInt32(meant - Self.alertMeaning)) != 0
    guard !taken else { return }
    let slot = meant < Self.alertMeaning ? meant : Schema.aps.count + meant - Self.alertMeaning
    topLevelKeyOffsets[slot] = offset
    topLevelKeyNames[slot] = Int16(name)
  }

  /// Both of the above at once, for a reader that has the key and its value together (the fast
  /// lane): the same facts and slots as the two calls, which a key whose value does not fit
  /// leaves only in a slot no fact points at.
  @inline(__always) mutating func recordTopLevelCandidate(_ name: Int, at offset: Int, fits: Bool) {
    guard fits else { return }
    recordTopLevelCandidateKey(name, at: offset)
    recordTopLevelCandidate(name, fits: true)
  }

  /// The value of the key beside `aps` just kept by `recordTopLevelCandidateKey` (entry `name`)
  /// is one that key takes (`fits`, the one verdict both lanes ask: `topLevelValueFits`): the key
  /// is kept for the end checks. The first such key for each key meant is kept.
  @inline(__always) mutating func recordTopLevelCandidate(_ name: Int, fits: Bool) {
    guard fits else { return }
    let meant = Int(topLevelKeys[name].meant)
    let slot = meant < Self.alertMeaning ? meant : Schema.aps.count + meant - Self.alertMeaning
    // Another name for the same key met since holds the slot: this one is not kept.
    guard topLevelKeyNames[slot] == Int16(name) else { return }
    if meant < Self.alertMeaning {
      facts.topLevelApsKeys |= 1 << UInt32(meant)
    } else {
      facts.topLevelAlertKeys |= 1 << UInt32(meant - Self.alertMeaning)
    }
  }

  /// `\u` escapes that add `bytes` bytes to the compact payload, at `offset`.
  mutating func recordInflation(_ bytes: Int, at offset: Int) {
    if facts.offsets.inflation < 0 {
      facts.offsets.inflation = offset
      inflationPath = currentPath()
    }
    facts.inflation += bytes
  }

  /// An error after which nothing more is read.
  mutating func recordStopped() {
    facts.stopped = true
  }

  /// A finding of `rule` at `offset` past `ValidationOptions.maxFindings`, only counted.
  mutating func recordDropped(_ rule: PayloadRule, at offset: Int) {
    if facts.droppedFindings == 0 {
      facts.droppedRule = rule
      facts.offsets.dropped = offset
    }
    facts.droppedFindings += 1
  }

  /// The `Simulator Target Bundle` key, at compact offset `compactOffset`.
  mutating func recordSimulatorBundle(compactOffset: Int) {
    facts.simulatorStart = compactOffset
    facts.simulatorEnd = -1
  }

  /// A value of the top-level object ends at compact offset `compactOffset`.
  @inline(__always) mutating func recordTopLevelValueEnd(compactOffset: Int) {
    if facts.simulatorStart >= 0 && facts.simulatorEnd < 0 { facts.simulatorEnd = compactOffset }
  }

  /// Calls `body` with every byte offset recorded: the facts' `offsets` and the offset tables
  /// (-1 for absent ones). A stream resolves these while each chunk is at hand.
  @inline(__always) func forEachRecordedOffset(_ body: (Int) -> Void) {
    facts.offsets.forEach(body)
    for o in apsKeyOffsets { body(o) }
    for o in apsValueOffsets { body(o) }
    for o in alertKeyOffsets { body(o) }
    for o in alertValueOffsets { body(o) }
    for o in topLevelKeyOffsets { body(o) }
  }
}

/// What a key of the top-level object is, for the end checks.
enum TopLevelKey {
  case aps, mdm, containerIdentifier
  /// `Simulator Target Bundle`, and (in a `.apns` file) a near miss of it.
  case simulatorBundle, simulatorNearMiss
  /// A custom key.
  case other
}
