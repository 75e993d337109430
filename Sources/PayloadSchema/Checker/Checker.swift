// The validator's state machine, part 1 of 4 (then CheckerKeys, CheckerValues, CheckerEnd): the
// state and the containers. It receives the reader's events, keeps one frame per open
// container (what the container is, the member being read), looks each key up in `Schema`, and
// records the few facts the end-of-payload checks need (`Facts.swift`). It allocates only when it
// reports.

/// One open container.
struct Frame {
  var context: Context
  var isObject: Bool
  var start: Int
  /// Objects: index in the context's schema table of the member being read, -1 when unknown.
  var spec: Int = -1
  /// Objects: the member's key in `keyEntries`, -1 before the first key.
  var keyEntry: Int = -1
  var keyOffset: Int = 0
  /// Arrays: index of the element being read.
  var index: Int = -1
  /// Objects: where this object's keys start in `keyEntries`.
  var keysBegin: Int = 0
  var hashed = false
  /// Objects: unknown and duplicate keys met so far, and the index in `findings` of the summary
  /// that stands for those past `ValidationOptions.maxRepeatsPerObject` (-1: none yet).
  var unknownKeys: Int32 = 0
  var duplicateKeys: Int32 = 0
  var unknownSummary: Int32 = -1
  var duplicateSummary: Int32 = -1
}

struct KeyEntry {
  var start: Int32
  var count: Int32
  var hash: UInt32
}

/// `aps.event` of a Live Activity push, as read.
enum LiveActivityEvent: Equatable {
  case none, start, update, end
  /// A value outside start, update, end (value-enum says so).
  case other

  /// From the index of the value in `Schema.events` (-1: not one of them).
  init(_ index: Int) {
    switch index {
    case 0: self = .start
    case 1: self = .update
    case 2: self = .end
    default: self = .other
    }
  }
}

/// What `aps.alert` is.
enum AlertKind: Equatable {
  case none, string, object
  /// A number, an array, a bool or null (value-type says so).
  case other

  init(_ kind: JSONKinds) { self = kind == .string ? .string : (kind == .object ? .object : .other) }
}

/// What the checker does with the string value being read.
enum Capture {
  case nothing
  /// A value of a key with a set of allowed values (`interruption-level`, `event`).
  case enumValue
  /// A text field of the alert, collected for rendering.
  case alertText
  /// A custom value, checked against the sensitive-data patterns.
  case customValue
  /// A value its key's check reads (`ValueCheck.stringProblem`: `aps.input-push-channel`, a channel id).
  case checkedString
  /// The value of a key beside `aps` named as a key of `aps` or of the alert (`topLevelValueFits`).
  case topLevelValue
}

struct Checker: JSONEventHandler {
  /// The target; its headers (push type, priority, topic, collapse id) may change per payload.
  var target: Target
  /// The push type the target's topic names by its suffix (worked out when the topic changes).
  var topicPushType: PushType?
  /// The validator's options; only `simulatorFile` changes after init (per input file).
  var options: ValidationOptions
  let platform: PlatformSet
  var findings: [Finding] = []
  var frames: [Frame] = []
  // The keys of the open objects: bytes and entries, used up to `keyBytesUsed`/`keyEntriesUsed`.
  // The arrays only grow; closing an object moves the marks back (no copying, no freeing).
  var keyBytes: [UInt8] = []
  var keyEntries: [KeyEntry] = []
  var keyBytesUsed = 0
  var keyEntriesUsed = 0
  var hashTables: [[Int32]] = []
  var facts = Facts()
  /// The key path of the first `\u` escape that adds bytes (`facts.offsets.inflation`): out of
  /// `Facts`, which then holds nothing reference-counted. Written with that offset, read only when
  /// it is set, so never reset.
  var inflationPath: String? = nil
  /// Key and value offsets of the aps, alert and sound members seen (by schema index).
  var apsKeyOffsets: [Int]
  var apsValueOffsets: [Int]
  var alertKeyOffsets: [Int]
  var alertValueOffsets: [Int]
  /// Keys beside `aps` named as a key of `aps` or of the alert, by the key meant (`aps`'s rows,
  /// then the alert's): their offsets, and which of `Schema.topLevelNames` each is written as. Read only
  /// for the bits of `Facts.topLevelApsKeys` and `.topLevelAlertKeys`, so never reset.
  var topLevelKeyOffsets: [Int]
  var topLevelKeyNames: [Int16]
  /// The names a key beside `aps` is looked up in (`Schema.topLevelNames`, as plain values), and
  /// their open-addressed slots (-1 empty) by `topLevelSlot(_:)`: held here so that the hot path
  /// reads them without a static's lazy initializer.
  let topLevelKeys: [BesideApsKey]
  let topLevelSlots: [Int16]
  /// The top-level key just read when it is one of `topLevelKeys` (its index; -1: none): its
  /// value decides whether it is kept (the general reader's).
  var pendingTopLevel: Int16 = -1
  var alert: AlertText? = nil
  /// True while the end-of-payload checks run (they are never capped).
  var finishing = false
  /// Set by `stringStart` for the string that follows.
  var captureAs: Capture = .nothing
  /// The rows of `Schema.aps`, `.alert`, `.sound` and `.liveText` one after the other, and their names
  /// packed in words: read per key and value without retaining a table.
  let rows: [KeySpec]
  let rowNames: [PackedKey]
  /// Open-addressed table of row indices (-1 empty) by `rowSlot(name, context)`.
  let rowSlots: [Int16]
  let alertBase: Int, soundBase: Int, liveTextBase: Int
  /// Verdicts of the sensitive-key matcher on recent custom keys (256 slots, direct-mapped by hash).
  var sensitiveCache: [(key: PackedKey, verdict: Bool)]

  init(target: Target, options: ValidationOptions) {
    self.target = target
    self.topicPushType = target.topic.flatMap(Self.pushType(forTopic:))
    self.options = options
    self.platform = PlatformSet(target.platform)
    apsKeyOffsets = Array(repeating: -1, count: Schema.aps.count)
    apsValueOffsets = Array(repeating: -1, count: Schema.aps.count)
    alertKeyOffsets = Array(repeating: -1, count: Schema.alert.count)
    alertValueOffsets = Array(repeating: -1, count: Schema.alert.count)
    topLevelKeyOffsets = Array(repeating: -1, count: Schema.aps.count + Schema.alert.count)
    topLevelKeyNames = Array(repeating: -1, count: Schema.aps.count + Schema.alert.count)
    topLevelKeys = Schema.topLevelNames.map(BesideApsKey.init)
    topLevelSlots = Self.topLevelSlots(for: topLevelKeys)
    frames.reserveCapacity(min(options.maxDepth, 1024) + 1)
    keyBytes = Array(repeating: 0, count: 1024)
    keyEntries = Array(repeating: KeyEntry(start: 0, count: 0, hash: 0), count: 64)
    rows = Schema.aps + Schema.alert + Schema.sound + Schema.liveText
    rowNames = rows.map { spec in
      spec.name.withUTF8Buffer { PackedKey($0) }
    }
    alertBase = Schema.aps.count
    soundBase = alertBase + Schema.alert.count
    liveTextBase = soundBase + Schema.sound.count
    var slots = [Int16](repeating: -1, count: Self.rowSlotCount)
    for (row, name) in rowNames.enumerated() {
      let context: Context = row < alertBase ? .aps : (row < soundBase ? .alert : (row < liveTextBase ? .sound : .liveText))
      var slot = Self.rowSlot(name, context)
      while slots[slot] >= 0 { slot = (slot + 1) & (Self.rowSlotCount - 1) }
      slots[slot] = Int16(row)
    }
    rowSlots = slots
    sensitiveCache = Array(repeating: (PackedKey(), false), count: 256)
  }

  /// Where a context's rows are in `rows`.
  @inline(__always) mutating func rowBase(_ context: Context) -> Int {
    switch context {
    case .aps: 0
    case .alert: alertBase
    case .sound: soundBase
    default: liveTextBase
    }
  }

  /// The index of `key` in the context's table, or -1: one probe or two in `rowSlots`.
  // `mutating` only so that self is passed by address (a plain method made the optimizer copy the checker).
  @inline(__always) mutating func lookup(_ key: PackedKey, in context: Context) -> Int {
    guard key.count > 0 else { return -1 }
    let base = rowBase(context)
    return rowSlots.withUnsafeBufferPointer { slots in
      rowNames.withUnsafeBufferPointer { names in
        var slot = Self.rowSlot(key, context)
        while true {
          let row = Int(slots[slot])
          if row < 0 { return -1 }
          if names[row] == key && row >= base && rowContext(row) == context { return row - base }
          slot = (slot + 1) & (Self.rowSlotCount - 1)
        }
      }
    }
  }

  static let rowSlotCount = 256

  @inline(__always) static func rowSlot(_ key: PackedKey, _ context: Context) -> Int {
    Int((key.hash ^ UInt32(context.rawValue) &* 0x9E37_79B9) >> 24)
  }

  /// The context whose table holds row `row` of `rows`.
  @inline(__always) func rowContext(_ row: Int) -> Context {
    row < alertBase ? .aps : (row < soundBase ? .alert : (row < liveTextBase ? .sound : .liveText))
  }

  /// The schema row of the member being read.
  @inline(__always) mutating func row(_ context: Context, _ index: Int) -> KeySpec {
    rows[rowBase(context) + index]
  }

  mutating func reset() {
    if !findings.isEmpty { findings = [] }
    if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
    keyBytesUsed = 0
    keyEntriesUsed = 0
    facts = Facts()
    pendingTopLevel = -1
    // Only a collecting checker ever sets `alert` (comparing or storing the 450-byte optional per
    // payload costs a copy).
    if options.collectAlert { alert = nil }
  }

  // MARK: Reporting

  /// Records `message` (made by its rule's constructor in `Rules/`) at `offset`, with its rule's
  /// severity: a consequence of another severity is another rule's message (issue 53).
  mutating func report(_ message: PayloadMessage, at offset: Int, path: String?) {
    let rule = message.rule
    // Past the cap, findings made while reading are only counted (one summary stands for them);
    // the end-of-payload checks always report.
    if findings.count >= options.maxFindings && !finishing {
      recordDropped(rule, at: offset)
      return
    }
    findings.append(Finding(message, offset: offset, line: 0, column: 0, keyPath: path))
  }

  /// Puts `message` in the place of finding `i`, at its place: a finding whose rule the end of the
  /// payload decides (value-type's relevance-score outside a live activity, an update's timestamp
  /// before 2022).
  mutating func replaceFinding(_ i: Int, with message: PayloadMessage) {
    var replacement = Finding(message, offset: findings[i].offset, line: 0, column: 0, keyPath: findings[i].keyPath)
    replacement.position = findings[i].position
    findings[i] = replacement
  }

  /// Whether the `count`-th finding of a rule that repeats once per key (`unknown-key`,
  /// `json-duplicate-key`) in one object is reported in full. The first
  /// `ValidationOptions.maxRepeatsPerObject` are; the next one becomes the object's summary, whose
  /// message `objectEnd` completes with the count; the rest are only counted. Past the payload's
  /// cap nothing is built at all: a million unknown keys cost a counter each, not a message and
  /// a "did you mean" search each.
  mutating func repeatIsShown(_ count: Int32, summary: inout Int32, _ rule: PayloadRule, at offset: Int,
                              what: String) -> Bool {
    let limit = Int32(options.maxRepeatsPerObject)
    if count <= limit {
      if findings.count >= options.maxFindings && !finishing {
        report(.counted(rule), at: offset, path: nil)
        return false
      }
      return true
    }
    if count == limit + 1 {
      let before = findings.count
      report(.moreRepeatsNotShown(rule, what: what, shown: Int(limit)), at: offset, path: containerPath())
      if findings.count > before { summary = Int32(before) }
    }
    return false
  }

  /// The key path of the member or element being read (`aps.alert.loc-args[1]`).
  func currentPath() -> String? {
    var path = ""
    for f in frames {
      if f.isObject {
        guard f.keyEntry >= 0 else { break }
        appendKey(f.keyEntry, to: &path)
      } else {
        guard f.index >= 0 else { break }
        path += "[\(f.index)]"
      }
    }
    return path.isEmpty ? nil : path
  }

  /// The path of the container on top of the stack (its parent's current member).
  func containerPath() -> String? {
    var path = ""
    for f in frames.dropLast() {
      if f.isObject {
        guard f.keyEntry >= 0 else { break }
        appendKey(f.keyEntry, to: &path)
      } else {
        path += "[\(max(f.index, 0))]"
      }
    }
    return path.isEmpty ? nil : path
  }

  func appendKey(_ entry: Int, to path: inout String) {
    let e = keyEntries[entry]
    let key = keyBytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[Int(e.start)..<Int(e.start + e.count)]), as: UTF8.self)
    }
    let plain = !key.isEmpty && key.utf8.allSatisfy { c in
      (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
    }
    if plain {
      if !path.isEmpty { path += "." }
      path += key
    } else {
      path += "[\"" + key.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\"]"
    }
  }

  // MARK: Containers

  mutating func objectStart(at offset: Int) {
    let child = valueStart(.object, at: offset)
    frames.append(Frame(context: child, isObject: true, start: offset, keysBegin: keyEntriesUsed))
  }

  mutating func arrayStart(at offset: Int) {
    let child = valueStart(.array, at: offset)
    frames.append(Frame(context: child, isObject: false, start: offset))
  }

  mutating func objectEnd(at offset: Int) {
    guard let f = frames.popLast() else { return }
    let shown = Int32(options.maxRepeatsPerObject)
    if f.unknownSummary >= 0 { findings[Int(f.unknownSummary)].message = "\(f.unknownKeys - shown)" + findings[Int(f.unknownSummary)].message }
    if f.duplicateSummary >= 0 { findings[Int(f.duplicateSummary)].message = "\(f.duplicateKeys - shown)" + findings[Int(f.duplicateSummary)].message }
    // Forget this object's keys.
    if f.keysBegin < keyEntriesUsed {
      keyBytesUsed = Int(keyEntries[f.keysBegin].start)
      keyEntriesUsed = f.keysBegin
    }
    if f.hashed {
      let depth = frames.count
      for i in hashTables[depth].indices { hashTables[depth][i] = -1 }
    }
    if f.context == .alert { alertClosed(at: f.start) }
  }

  mutating func arrayEnd(at offset: Int) {
    _ = frames.popLast()
  }

  mutating func valueEnd(compactOffset: Int) {
    if frames.count == 1 { recordTopLevelValueEnd(compactOffset: compactOffset) }
  }
}
