// The validator's state machine: it receives the reader's events, keeps one frame per open
// container (what the container is, the member being read), looks each key up in `Schema`, and
// records the few facts the end-of-payload checks need. It allocates only when it reports.

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
  var members: Int = 0
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

/// Facts about the payload that checks at the end need. Offsets are byte offsets; -1 means absent.
struct Facts {
  var rootIsObject = false
  var rootMembers = 0
  var apsOffset = -1
  var apsKeyOffset = -1
  var apsIsObject = false
  var mdmOffset = -1
  /// A top-level `container-identifier` (File Provider pushes carry no `aps`).
  var containerIdentifierOffset = -1
  /// In a `.apns` file: a top-level key that is a near miss of `Simulator Target Bundle`.
  var simulatorNearMiss = -1
  var apsKeys: UInt32 = 0
  var alertKeys: UInt32 = 0
  var alertNullKeys: UInt32 = 0
  var contentAvailableOne = false
  var event: Int8 = 0  // 0 none, 1 start, 2 update, 3 end, -1 another value
  var alertKind: UInt8 = 0  // 0 none, 1 string, 2 object, 3 something else
  var titleObject = -1
  var bodyObject = -1
  var alertSoundKey = -1
  /// `aps.sound` as a dictionary (its value's offset), and whether it has `critical: 1`
  /// (sound-shape; both lanes fill them).
  var soundObject = -1
  var criticalSound = false
  var relevance = 0.0
  var relevanceOffset = -1
  var simulatorStart = -1
  var simulatorEnd = -1
  var inflation = 0
  var inflationOffset = -1
  var inflationPath: String? = nil
  var stopped = false
  /// Findings past `ValidationOptions.maxFindings`: how many, and the first one's rule and offset.
  var droppedFindings = 0
  var droppedRule: PayloadRule? = nil
  var droppedOffset = -1
}

struct Checker: JSONEventHandler {
  /// The target; its headers (push type, priority, topic, collapse id) may change per payload.
  private(set) var target: Target
  /// The push type the target's topic names by its suffix (worked out when the topic changes).
  private(set) var topicPushType: PushType?
  let options: ValidationOptions
  let platform: PlatformSet
  var findings: [PayloadFinding] = []
  var frames: [Frame] = []
  // The keys of the open objects: bytes and entries, used up to `keyBytesUsed`/`keyEntriesUsed`.
  // The arrays only grow; closing an object moves the marks back (no copying, no freeing).
  var keyBytes: [UInt8] = []
  var keyEntries: [KeyEntry] = []
  var keyBytesUsed = 0
  var keyEntriesUsed = 0
  var hashTables: [[Int32]] = []
  var facts = Facts()
  /// Key and value offsets of the aps, alert and sound members seen (by schema index).
  var apsKeyOffsets: [Int]
  var apsValueOffsets: [Int]
  var alertKeyOffsets: [Int]
  var alertValueOffsets: [Int]
  var alert: AlertText? = nil
  /// True while the end-of-payload checks run (they are never capped).
  private var finishing = false
  /// Set by `stringStart` for the string that follows.
  private var captureAs: UInt8 = 0
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
    // Only a collecting checker ever sets `alert` (comparing or storing the 450-byte optional per
    // payload costs a copy).
    if options.collectAlert { alert = nil }
  }

  // MARK: Reporting

  mutating func report(_ rule: PayloadRule, _ message: String, at offset: Int, path: String?, escalated: Bool = false, softened: Bool = false) {
    // Past the cap, findings made while reading are only counted (one summary stands for them);
    // the end-of-payload checks always report.
    if findings.count >= options.maxFindings && !finishing {
      if facts.droppedFindings == 0 {
        facts.droppedRule = rule
        facts.droppedOffset = offset
      }
      facts.droppedFindings += 1
      return
    }
    findings.append(PayloadFinding(rule: rule, message: message, offset: offset, line: 0, column: 0, keyPath: path, escalated: escalated))
    if softened { findings[findings.count - 1].softened = true }
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
        report(rule, "", at: offset, path: nil)   // only counted
        return false
      }
      return true
    }
    if count == limit + 1 {
      let before = findings.count
      report(rule, " more \(what) not shown, from here on (the first \(limit) are)", at: offset, path: containerPath())
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

  private func appendKey(_ entry: Int, to path: inout String) {
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
    if frames.count == 1 && facts.simulatorStart >= 0 && facts.simulatorEnd < 0 {
      facts.simulatorEnd = compactOffset
    }
  }

  // MARK: Keys

  mutating func key(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, inflation: Int, compactOffset: Int) {
    guard !frames.isEmpty else { return }
    let depth = frames.count - 1
    var f = frames[depth]
    // Duplicate detection, then remember the key (its bytes name the path).
    let packed = PackedKey(bytes)
    let hash = packed.count >= 0 ? packed.hash : Self.hash(bytes)
    let entry = keyEntriesUsed
    let duplicateOf = findDuplicate(bytes, hash: hash, frame: &f, depth: depth)
    storeKey(bytes, packed, hash: hash)
    // A repeated key stays out of the hash table: its first occurrence answers lookups, and
    // 300,000 copies of one key would make one probe chain 300,000 long (quadratic inserts).
    if f.hashed && duplicateOf < 0 { insertHash(entry - f.keysBegin, hash: hash, depth: depth, frame: f) }
    f.keyEntry = entry
    f.keyOffset = offset
    f.members += 1
    f.spec = -1
    frames[depth] = f
    if inflation > 0 { noteInflation(inflation, at: offset) }
    if duplicateOf >= 0 {
      frames[depth].duplicateKeys += 1
      var summary = frames[depth].duplicateSummary
      let shown = repeatIsShown(frames[depth].duplicateKeys, summary: &summary, .jsonDuplicateKey, at: offset,
                                what: "duplicate keys in this object")
      frames[depth].duplicateSummary = summary
      if shown {
        report(.jsonDuplicateKey, "duplicate key '\(Self.text(bytes))'; the last one wins", at: offset, path: currentPath())
      }
    }

    switch f.context {
    case .root:
      facts.rootMembers = f.members
      if Self.is(bytes, "aps") {
        facts.apsKeyOffset = offset
      } else if Self.is(bytes, "mdm") {
        facts.mdmOffset = offset
      } else if Self.is(bytes, "Simulator Target Bundle") {
        facts.simulatorStart = compactOffset
        facts.simulatorEnd = -1
      } else {
        if Self.is(bytes, "container-identifier") { facts.containerIdentifierOffset = offset }
        if options.simulatorFile && facts.simulatorNearMiss < 0 && Self.isSimulatorNearMiss(bytes) {
          facts.simulatorNearMiss = offset
          report(.unknownKey, "'\(Self.text(bytes))' is not the Simulator's key: did you mean 'Simulator Target Bundle'? "
                 + "The Simulator reads only that spelling to pick the app", at: offset, path: currentPath())
        }
        customKey(bytes, packed, hash: hash, at: offset, topLevel: true)
      }
    case .aps, .alert, .sound, .liveText:
      let index = lookup(packed, in: f.context)
      frames[depth].spec = index
      if index < 0 {
        frames[depth].unknownKeys += 1
        var summary = frames[depth].unknownSummary
        let count = frames[depth].unknownKeys
        let what = count == Int32(options.maxRepeatsPerObject) + 1 ? "unknown keys in '\(containerPath() ?? "aps")'" : ""
        let shown = repeatIsShown(count, summary: &summary, .unknownKey, at: offset, what: what)
        frames[depth].unknownSummary = summary
        guard shown else { return }
        let key = Self.text(bytes)
        var message = "unknown key '\(key)' in '\(containerPath() ?? "aps")'"
        if let s = Schema.suggestion(for: key, in: Schema.table(f.context)) { message += "; did you mean '\(s)'?" }
        report(.unknownKey, message, at: offset, path: currentPath())
        return
      }
      keyKnown(row(f.context, index), index: index, context: f.context, at: offset)
    case .custom:
      customKey(bytes, packed, hash: hash, at: offset, topLevel: false)
    case .stringArray, .free:
      break
    }
  }

  private mutating func keyKnown(_ spec: KeySpec, index: Int, context: Context, at offset: Int) {
    switch context {
    case .aps:
      facts.apsKeys |= 1 << UInt32(index)
      apsKeyOffsets[index] = offset
      if !spec.platforms.contains(platform) {
        let which = spec.liveActivity ? "a live activity key" : "supported on \(spec.platforms.names) only"
        report(.platformKey, "'\(spec.name)' is \(which); the \(target.platform.rawValue) platform ignores it", at: offset, path: currentPath())
      }
    case .alert:
      facts.alertKeys |= 1 << UInt32(index)
      alertKeyOffsets[index] = offset
      if index == AlertKey.sound.rawValue { facts.alertSoundKey = offset }
      if !spec.platforms.contains(platform) {
        report(.platformKey, "'\(spec.name)' is not a Safari alert key; a website push shows only 'title', 'body' and 'action'", at: offset, path: currentPath())
      }
      if spec.deprecated && !(index == AlertKey.action.rawValue && target.platform == .safari) {
        report(.deprecatedKey, "'\(spec.name)' is deprecated; iOS ignores it", at: offset, path: currentPath())
      }
    case .sound:
      if !spec.platforms.contains(platform) {
        report(.platformKey, "critical sounds are supported on ios, macos, watchos and visionos only, not \(target.platform.rawValue)", at: offset, path: currentPath())
      }
    default:
      break
    }
  }

  private mutating func customKey(_ bytes: UnsafeBufferPointer<UInt8>, _ packed: PackedKey, hash: UInt32, at offset: Int, topLevel: Bool) {
    if topLevel, let allowed = options.allowedCustomKeys {
      let key = Self.text(bytes)
      if !allowed.contains(key) {
        report(.customKeyAllowlist, "custom key '\(key)' is not in the allowed list", at: offset, path: currentPath())
      }
    }
    if sensitive(bytes, packed, hash: hash) {
      report(.sensitiveData, "custom key '\(Self.text(bytes))' looks like sensitive data; payloads are not end-to-end encrypted and show in logs", at: offset, path: currentPath())
    }
  }

  /// The sensitive-key matcher's verdict, from the cache when the key was seen recently.
  mutating func sensitive(_ bytes: UnsafeBufferPointer<UInt8>, _ packed: PackedKey, hash: UInt32) -> Bool {
    if options.sensitiveKeys.isNone { return false }
    guard packed.count >= 0 else { return options.sensitiveKeys.matches(bytes) }
    let slot = Int(hash & 255)
    let cached = sensitiveCache[slot]
    if cached.key == packed { return cached.verdict }
    let verdict = options.sensitiveKeys.matches(bytes)
    sensitiveCache[slot] = (packed, verdict)
    return verdict
  }

  private mutating func findDuplicate(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32, frame f: inout Frame, depth: Int) -> Int {
    let count = keyEntriesUsed - f.keysBegin
    if !f.hashed && count >= 16 {
      f.hashed = true
      rebuildHash(depth: depth, frame: f, capacity: 64)
    }
    if f.hashed {
      let table = hashTables[depth]
      let mask = table.count - 1
      var slot = Int(hash) & mask
      while true {
        let e = Int(table[slot])
        if e < 0 { return -1 }
        if keysEqual(f.keysBegin + e, bytes, hash) { return f.keysBegin + e }
        slot = (slot + 1) & mask
      }
    }
    var i = f.keysBegin
    while i < keyEntriesUsed {
      if keysEqual(i, bytes, hash) { return i }
      i += 1
    }
    return -1
  }

  private func keysEqual(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ hash: UInt32) -> Bool {
    let e = keyEntries[entry]
    guard e.hash == hash && Int(e.count) == bytes.count else { return false }
    return keyBytes.withUnsafeBufferPointer {
      Schema.equal(UnsafeBufferPointer(rebasing: $0[Int(e.start)..<Int(e.start + e.count)]), bytes)
    }
  }

  private mutating func rebuildHash(depth: Int, frame f: Frame, capacity: Int) {
    while hashTables.count <= depth { hashTables.append([]) }
    hashTables[depth] = Array(repeating: -1, count: capacity)
    let mask = capacity - 1
    for i in f.keysBegin..<keyEntriesUsed {
      // Only first occurrences go in (see `key`): skip an entry equal to one already placed.
      let e = keyEntries[i]
      var slot = Int(e.hash) & mask
      var repeated = false
      while hashTables[depth][slot] >= 0 {
        let placed = f.keysBegin + Int(hashTables[depth][slot])
        repeated = keyBytes.withUnsafeBufferPointer {
          keysEqual(placed, UnsafeBufferPointer(rebasing: $0[Int(e.start)..<Int(e.start + e.count)]), e.hash)
        }
        if repeated { break }
        slot = (slot + 1) & mask
      }
      if !repeated { hashTables[depth][slot] = Int32(i - f.keysBegin) }
    }
  }

  private mutating func insertHash(_ relative: Int, hash: UInt32, depth: Int, frame f: Frame) {
    if (relative + 1) * 2 > hashTables[depth].count {
      rebuildHash(depth: depth, frame: f, capacity: hashTables[depth].count * 2)
    } else {
      place(Int32(relative), hash: hash, depth: depth)
    }
  }

  private mutating func place(_ value: Int32, hash: UInt32, depth: Int) {
    let mask = hashTables[depth].count - 1
    var slot = Int(hash) & mask
    while hashTables[depth][slot] >= 0 { slot = (slot + 1) & mask }
    hashTables[depth][slot] = value
  }

  /// Appends a key to the arena, growing it when full.
  private mutating func storeKey(_ bytes: UnsafeBufferPointer<UInt8>, _ packed: PackedKey, hash: UInt32) {
    if keyEntriesUsed == keyEntries.count {
      keyEntries.append(contentsOf: repeatElement(KeyEntry(start: 0, count: 0, hash: 0), count: keyEntries.count))
    }
    // 24 bytes of slack: a packed key is stored as three whole words.
    if keyBytesUsed + bytes.count + 24 > keyBytes.count {
      keyBytes.append(contentsOf: repeatElement(0, count: max(keyBytes.count, bytes.count + 24)))
    }
    keyEntries[keyEntriesUsed] = KeyEntry(start: Int32(truncatingIfNeeded: keyBytesUsed), count: Int32(truncatingIfNeeded: bytes.count), hash: hash)
    keyEntriesUsed += 1
    if let src = bytes.baseAddress, bytes.count > 0 {
      let at = keyBytesUsed
      keyBytes.withUnsafeMutableBufferPointer { dst in
        guard let d = dst.baseAddress else { return }
        if packed.count >= 0 {
          let raw = UnsafeMutableRawPointer(d + at)
          raw.storeBytes(of: packed.w0.littleEndian, as: UInt64.self)
          raw.storeBytes(of: packed.w1.littleEndian, toByteOffset: 8, as: UInt64.self)
          raw.storeBytes(of: packed.w2.littleEndian, toByteOffset: 16, as: UInt64.self)
        } else {
          (d + at).update(from: src, count: bytes.count)
        }
      }
    }
    keyBytesUsed += bytes.count
  }

  @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var h: UInt32 = 2_166_136_261
    for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
    return h
  }

  @inline(__always) static func `is`(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    guard bytes.count == word.utf8CodeUnitCount else { return false }
    let w = word.utf8Start
    for i in 0..<bytes.count where bytes[i] != w[i] { return false }
    return true
  }

  static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  // MARK: Values

  /// The spec of the member being read, if the top frame is a schema object and the key is known.
  // `mutating` only so that self is passed by address: called as a plain method from the mutating
  // handlers, it made the optimizer copy the whole checker (900 bytes) on every value.
  private mutating func currentSpec() -> (KeySpec, Int, Context)? {
    // Fields are read one by one: copying a whole Frame costs a memcpy per value.
    let top = frames.count - 1
    guard top >= 0, frames[top].isObject else { return nil }
    let spec = frames[top].spec, context = frames[top].context
    guard spec >= 0 else { return nil }
    return (row(context, spec), spec, context)
  }

  /// Called at the first byte of every value; returns what a container value contains.
  private mutating func valueStart(_ kind: JSONKinds, at offset: Int) -> Context {
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
        facts.alertKind = kind == .string ? 1 : (kind == .object ? 2 : 3)
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

  private var collecting: Bool { options.collectAlert }

  private func flagMessage(_ spec: KeySpec, found: String) -> String {
    switch spec.check {
    case .flagZeroOrOne: "'\(spec.name)' must be the number 0 or 1, not \(found)"
    case .flagTrue: "'\(spec.name)' must be true, not \(found); omit the key otherwise"
    default: found.hasPrefix("\"") || found == "a string"
      ? "'\(spec.name)' must be the number 1, not \(found); write 1 without quotes"
      : "'\(spec.name)' must be the number 1, not \(found); omit the key to leave it off"
    }
  }

  mutating func stringStart(at offset: Int) -> Bool {
    captureAs = 0
    _ = valueStart(.string, at: offset)
    let top = frames.count - 1
    guard top >= 0 else { return false }
    let isObject = frames[top].isObject, context = frames[top].context, spec = frames[top].spec
    if isObject, spec >= 0 {
      if case .oneOf = row(context, spec).check { captureAs = 1; return true }
      if collecting && (context == .alert || context == .liveText || context == .aps) { captureAs = 2; return true }
    } else if !isObject && context == .stringArray && collecting {
      captureAs = 2
      return true
    }
    let keyOffset = frames[top].keyOffset
    if options.checkSensitiveValues && (context == .custom || (context == .root && keyOffset != facts.apsKeyOffset && keyOffset != facts.mdmOffset)) {
      captureAs = 3
      return true
    }
    return false
  }

  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?, at offset: Int, inflation: Int) {
    if inflation > 0 { noteInflation(inflation, at: offset) }
    guard let bytes else { return }
    switch captureAs {
    case 1:
      guard let (spec, index, ctx) = currentSpec(), case .oneOf(let set) = spec.check else { return }
      let allowed = set.values
      var matched = -1
      for (i, a) in allowed.enumerated() where a.utf8.count == bytes.count && a.utf8.elementsEqual(bytes) { matched = i }
      if ctx == .aps && index == ApsKey.event.rawValue { facts.event = matched >= 0 ? Int8(matched + 1) : -1 }
      if matched < 0 {
        let value = Self.text(bytes)
        var message = "'\(spec.name)' must be one of \(allowed.map { "'\($0)'" }.joined(separator: ", ")), not '\(value)'"
        if let s = Schema.suggestion(for: value, among: allowed) { message += "; did you mean '\(s)'?" }
        report(.valueEnum, message, at: offset, path: currentPath())
      }
    case 2:
      collectAlertString(Self.text(bytes), at: offset)
    case 3:
      if options.sensitiveKeys.matches(bytes) {
        report(.sensitiveData, "custom value '\(Self.text(bytes))' looks like sensitive data", at: offset, path: currentPath())
      }
    default: break
    }
  }

  mutating func number(_ n: JSONNumber, at offset: Int) {
    _ = valueStart(.number, at: offset)
    guard let (spec, index, context) = currentSpec() else { return }
    switch spec.check {
    case .badge:
      if n.value < 0 || !n.isIntegral {
        report(.valueRange, "'badge' must be a whole number ≥ 0, not \(Self.show(n))", at: offset, path: currentPath())
      }
    case .flagOne:
      if n.value != 1 {
        report(.flagValue, flagMessage(spec, found: Self.show(n)), at: offset, path: currentPath())
      } else if context == .aps && index == ApsKey.contentAvailable.rawValue {
        facts.contentAvailableOne = true
      }
    case .flagZeroOrOne:
      if n.value != 0 && n.value != 1 { report(.flagValue, flagMessage(spec, found: Self.show(n)), at: offset, path: currentPath()) }
      if context == .sound && index == SoundKey.critical.rawValue && n.value == 1 { facts.criticalSound = true }
    case .unitInterval(let exempt):
      if exempt {
        facts.relevance = n.value
        facts.relevanceOffset = offset
      } else if n.value < 0 || n.value > 1 {
        report(.valueRange, "'\(spec.name)' must be between 0 and 1, not \(Self.show(n))", at: offset, path: currentPath())
      }
    case .timestamp:
      // Apple types these as Number: a fraction of a second is allowed.
      if n.value < 0 {
        report(.valueRange, "'\(spec.name)' must be seconds since 1970, not \(Self.show(n))", at: offset, path: currentPath())
      } else if n.value > 1e11 {
        report(.timestampUnit, "'\(spec.name)' \(Self.show(n)) looks like milliseconds; APNs expects seconds since 1970", at: offset, path: currentPath())
      }
    case .positiveInteger:
      if !n.isIntegral || n.value < 1 {
        report(.valueRange, "'\(spec.name)' must be a whole number ≥ 1, not \(Self.show(n))", at: offset, path: currentPath())
      }
    case .none, .oneOf, .flagTrue:
      break
    }
  }

  mutating func bool(_ value: Bool, at offset: Int) {
    _ = valueStart(.bool, at: offset)
    guard let (spec, _, _) = currentSpec() else { return }
    if case .flagTrue = spec.check, !value {
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

  private mutating func noteInflation(_ bytes: Int, at offset: Int) {
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

  private mutating func collectAlertString(_ value: String, at offset: Int) {
    guard collecting, let path = currentPath() else { return }
    if alert == nil { alert = AlertText() }
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

  // MARK: Checks at the end of aps.alert and of the payload

  private mutating func alertClosed(at offset: Int) {
    func has(_ k: AlertKey) -> Bool { facts.alertKeys & (1 << UInt32(k.rawValue)) != 0 && facts.alertNullKeys & (1 << UInt32(k.rawValue)) == 0 }
    if !has(.title) && !has(.subtitle) && !has(.body) && !has(.titleLocKey) && !has(.subtitleLocKey) && !has(.locKey) {
      report(.alertEmpty, "the alert shows nothing: it has no title, subtitle, body or loc-key", at: offset, path: currentPath())
    }
    for (text, key) in Self.textPairs where has(text) && has(key) {
      let path = currentPath()
      let a = alertKeyOffsets[text.rawValue], b = alertKeyOffsets[key.rawValue]
      let later = max(a, b)
      let name = Schema.alert[(a > b ? text : key).rawValue].name
      report(.alertTextConflict, "both '\(Schema.alert[text.rawValue].name)' and '\(Schema.alert[key.rawValue].name)'; the device shows the localized '\(Schema.alert[key.rawValue].name)'", at: later, path: (path ?? "aps.alert") + ".\(name)")
    }
    for (a, k) in Self.argPairs where has(a) && !has(k) {
      let path = currentPath()
      report(.locArgsWithoutKey, "'\(Schema.alert[a.rawValue].name)' without '\(Schema.alert[k.rawValue].name)' is ignored", at: alertValueOffsets[a.rawValue], path: (path ?? "aps.alert") + ".\(Schema.alert[a.rawValue].name)")
    }
  }

  /// Whether `alertClosed` would report anything about the alert read so far (for the fast lane).
  // `mutating` only so that self is passed by address (see `lookup`).
  mutating func alertHasFindings() -> Bool {
    func has(_ k: AlertKey) -> Bool { facts.alertKeys & (1 << UInt32(k.rawValue)) != 0 && facts.alertNullKeys & (1 << UInt32(k.rawValue)) == 0 }
    if !has(.title) && !has(.subtitle) && !has(.body) && !has(.titleLocKey) && !has(.subtitleLocKey) && !has(.locKey) { return true }
    // `textPairs` and `argPairs`, spelled out (no static array to initialize per call).
    if (has(.body) && has(.locKey)) || (has(.title) && has(.titleLocKey)) || (has(.subtitle) && has(.subtitleLocKey)) { return true }
    if (has(.locArgs) && !has(.locKey)) || (has(.titleLocArgs) && !has(.titleLocKey)) || (has(.subtitleLocArgs) && !has(.subtitleLocKey)) { return true }
    return false
  }

  static let textPairs: [(AlertKey, AlertKey)] = [(.body, .locKey), (.title, .titleLocKey), (.subtitle, .subtitleLocKey)]
  static let argPairs: [(AlertKey, AlertKey)] = [(.locArgs, .locKey), (.titleLocArgs, .titleLocKey), (.subtitleLocArgs, .subtitleLocKey)]
  static let visibleKeys: [ApsKey] = [.alert, .badge, .sound]
  static let startOnlyKeys: [ApsKey] = [.attributesType, .attributes, .inputPushToken, .inputPushChannel]

  /// The push type to check against: the target's, else inferred (SPEC §2).
  func pushType() -> PushType {
    if let t = target.pushType { return t }
    // SPEC §2: from the topic's suffix when a topic is given (`.voip` → voip, …).
    if let t = topicPushType { return t }
    if facts.mdmOffset >= 0 && facts.apsKeyOffset < 0 { return .mdm }
    if facts.containerIdentifierOffset >= 0 && facts.apsKeyOffset < 0 { return .fileprovider }
    if facts.apsKeys & (1 << UInt32(ApsKey.event.rawValue)) != 0 { return .liveactivity }
    if facts.apsKeys == 1 << UInt32(ApsKey.contentChanged.rawValue) { return .widgets }
    if facts.apsKeys == 1 << UInt32(ApsKey.contentAvailable.rawValue) { return .background }
    return .alert
  }

  /// Sets the headers the next payload travels with; allocates nothing (the topic is compared,
  /// never copied byte by byte).
  mutating func setHeaders(_ headers: PushHeaders) {
    target.pushType = headers.pushType
    target.priority = headers.priority
    target.collapseID = headers.collapseID
    if headers.topic != target.topic {
      target.topic = headers.topic
      topicPushType = headers.topic.flatMap(Self.pushType(forTopic:))
    }
  }

  mutating func setTransport(_ transport: Transport) { target.transport = transport }

  /// A key within a small edit distance of `Simulator Target Bundle` (case, spaces and `-`/`_`
  /// ignored), but not that key: `Simulation Target Bundle`, `SimulatorTargetBundle`.
  static func isSimulatorNearMiss(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 15 && bytes.count <= 32 else { return false }
    let key = text(bytes)
    func squash(_ s: String) -> [Character] { Array(s.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }) }
    return Schema.editDistance(squash(key), squash("Simulator Target Bundle")) <= 4
  }

  /// The push type whose topic suffix `topic` carries (the longest such suffix), if any.
  static func pushType(forTopic topic: String) -> PushType? {
    var best: (PushType, Int)? = nil
    for t in PushType.every {
      guard let suffix = t.topicSuffix, topic.utf8.count > suffix.utf8.count,
            topic.utf8.reversed().starts(with: suffix.utf8.reversed()) else { continue }
      if suffix.utf8.count > (best?.1 ?? 0) { best = (t, suffix.utf8.count) }
    }
    return best?.0
  }

  /// The end-of-payload checks; `size` is the counted size.
  mutating func finish(size: Int, limit: Int, pushType: PushType, empty: Bool) {
    finishing = true
    defer { finishing = false }
    if facts.droppedFindings > 0, let rule = facts.droppedRule {
      report(rule, "\(facts.droppedFindings) more findings not shown, from here on (at most \(options.maxFindings) a payload)", at: facts.droppedOffset, path: nil)
    }
    if empty {
      report(.payloadEmpty, "the payload is empty; APNs answers PayloadEmpty", at: 0, path: nil)
      return
    }
    if facts.stopped || !facts.rootIsObject { return }
    if size > limit {
      report(.payloadTooLarge, "the payload is \(size) bytes, over the \(limit)-byte limit for \(pushType.rawValue) pushes (\(target.transport.rawValue)); APNs answers 413 PayloadTooLarge", at: 0, path: nil)
    } else if Double(size) >= options.warnAt * Double(limit) {
      report(.payloadNearLimit, "the payload is \(size) bytes, \(size * 100 / max(limit, 1))% of the \(limit)-byte limit", at: 0, path: nil)
    }
    if facts.inflation > 0 {
      report(.jsonEscapedUnicode, "escaped characters take \(facts.inflation) bytes more than raw UTF-8 would", at: facts.inflationOffset, path: facts.inflationPath)
    }
    let isLive = pushType == .liveactivity
    func hasAps(_ k: ApsKey) -> Bool { facts.apsKeys & (1 << UInt32(k.rawValue)) != 0 }

    // Things only live activities may do.
    if !isLive {
      if facts.titleObject >= 0 { report(.valueType, "'title' must be a string, not an object (objects are for live activities)", at: facts.titleObject, path: "aps.alert.title") }
      if facts.bodyObject >= 0 { report(.valueType, "'body' must be a string, not an object (objects are for live activities)", at: facts.bodyObject, path: "aps.alert.body") }
      if facts.alertSoundKey >= 0 {
        report(.unknownKey, "unknown key 'sound' in 'aps.alert'; 'sound' belongs in 'aps' (only live activities put it in the alert)", at: facts.alertSoundKey, path: "aps.alert.sound")
      }
      if facts.relevanceOffset >= 0 && (facts.relevance < 0 || facts.relevance > 1) {
        report(.valueRange, "'relevance-score' must be between 0 and 1, not \(Self.show(JSONNumber(value: facts.relevance, isPlainInteger: false)))", at: facts.relevanceOffset, path: "aps.relevance-score")
      }
    }

    // SPEC §2: a Wallet pass update is `{}` to a `pass.` topic, and nothing else may go there.
    let wallet = target.topic.map { $0.utf8.starts(with: "pass.".utf8) } ?? false
    if wallet && facts.rootMembers > 0 {
      report(.pushTypeMismatch, "a pass update to a Wallet topic is an empty dictionary {}; you can't send arbitrary notifications to wallet passes",
             at: 0, path: nil)
    }

    // SPEC §2: which push types need `aps`.
    if facts.apsKeyOffset < 0 && !wallet {
      switch pushType {
      case .mdm:
        if facts.mdmOffset < 0 { report(.apsMissing, "no 'mdm' member; an mdm push needs one instead of 'aps'", at: 0, path: nil) }
      case .fileprovider, .pushtotalk:
        break   // documented without `aps`: File Provider's container-identifier and domain, Push to Talk's own keys
      case .voip, .complication, .location:
        report(.apsMissing, "no 'aps' member; PushKit hands the whole payload to the app, so this push works, but a notification push needs one: check the push type",
               at: 0, path: nil, softened: true)
      default:
        var message = facts.mdmOffset >= 0 ? "no 'aps' member; only an mdm push may omit it" : "no 'aps' member; APNs needs one"
        if facts.simulatorNearMiss >= 0 { message += " (and the Simulator needs 'Simulator Target Bundle', spelt exactly)" }
        report(.apsMissing, message, at: 0, path: nil)
      }
    }
    let apsAt = facts.apsOffset >= 0 ? facts.apsOffset : 0
    let apsPath: String? = facts.apsOffset >= 0 ? "aps" : nil

    // background-inert: a background push is delivered to the app only with content-available.
    // (Not with alert, badge or sound: push-type-mismatch says what is wrong there.)
    if pushType == .background && facts.apsIsObject && !hasAps(.contentAvailable)
        && !(hasAps(.alert) || hasAps(.badge) || hasAps(.sound)) {
      report(.backgroundInert, "a background push without 'content-available': 1 wakes nothing; add it", at: apsAt, path: apsPath)
    }

    // sound-shape: Apple, "for regular notifications, use the sound string".
    if facts.soundObject >= 0 && !facts.criticalSound && !isLive {
      report(.soundShape, "a 'sound' dictionary is for critical alerts ('critical': 1); for a regular notification write the sound's name as a string",
             at: facts.soundObject, path: "aps.sound")
    }

    // silent-push-shape
    if facts.contentAvailableOne && (hasAps(.alert) || hasAps(.badge) || hasAps(.sound)) {
      let shown = Self.visibleKeys.filter(hasAps).map { "'\(Schema.aps[$0.rawValue].name)'" }.joined(separator: ", ")
      report(.silentPushShape, "'content-available' with \(shown): the push is no longer silent, and iOS may throttle or drop it", at: apsValueOffsets[ApsKey.contentAvailable.rawValue], path: "aps.content-available", escalated: pushType == .background)
    }

    // push-type-mismatch
    if facts.apsIsObject || pushType == .mdm {
      switch pushType {
      case .background:
        // Checked first without the list: iterating a static array costs its lazy initializer per call.
        if hasAps(.alert) || hasAps(.badge) || hasAps(.sound) {
          for k in Self.visibleKeys where hasAps(k) {
            report(.pushTypeMismatch, "a background push must not have '\(Schema.aps[k.rawValue].name)'; use push type alert", at: apsValueOffsets[k.rawValue], path: "aps.\(Schema.aps[k.rawValue].name)")
          }
        }
      case .alert:
        if !hasAps(.alert) && !hasAps(.badge) && !hasAps(.sound) {
          report(.pushTypeMismatch, "an alert push needs 'alert', 'badge' or 'sound'; a push without them is a background push", at: apsAt, path: apsPath)
        }
      case .liveactivity:
        if !hasAps(.event) || !hasAps(.timestamp) {
          let missing = [ApsKey.event, .timestamp].filter { !hasAps($0) }.map { "'\(Schema.aps[$0.rawValue].name)'" }
          report(.pushTypeMismatch, "a liveactivity push needs \(missing.joined(separator: " and "))", at: apsAt, path: apsPath)
        }
      case .mdm:
        if facts.apsKeyOffset >= 0 {
          report(.pushTypeMismatch, "an mdm push must not have 'aps'", at: facts.apsKeyOffset, path: "aps")
        }
      case .widgets, .controls:
        if !hasAps(.contentChanged) {
          report(.pushTypeMismatch, "a \(pushType.rawValue) push needs 'content-changed': true", at: apsAt, path: apsPath)
        } else if facts.apsKeys != 1 << UInt32(ApsKey.contentChanged.rawValue) {
          // SPEC §3: other `aps` keys in a widget push are a warning (the system reads content-changed only).
          for k in 0..<Schema.aps.count where k != ApsKey.contentChanged.rawValue && facts.apsKeys & (1 << UInt32(k)) != 0 {
            report(.pushTypeMismatch, "a \(pushType.rawValue) push carries only 'content-changed'; '\(Schema.aps[k].name)' is not read",
                   at: apsKeyOffsets[k], path: "aps.\(Schema.aps[k].name)", softened: true)
          }
        }
      case .location:
        // SPEC §3: the location push extension gets the payload; nobody sees an alert, badge or sound.
        if hasAps(.alert) || hasAps(.badge) || hasAps(.sound) {
          for k in Self.visibleKeys where hasAps(k) {
            report(.pushTypeMismatch, "a location push is handed to the location push extension; nobody sees '\(Schema.aps[k.rawValue].name)'",
                   at: apsKeyOffsets[k.rawValue], path: "aps.\(Schema.aps[k.rawValue].name)", softened: true)
          }
        }
      default:
        break
      }
    }

    // live-activity-fields
    if isLive && facts.apsIsObject {
      if facts.event == 1 {
        if !hasAps(.attributesType) || !hasAps(.attributes) || !hasAps(.alert) {
          var missing = [ApsKey.attributesType, .attributes].filter { !hasAps($0) }.map { Schema.aps[$0.rawValue].name }
          if !hasAps(.alert) { missing.append("alert") }
          report(.liveActivityFields, "a live activity start needs \(missing.map { "'\($0)'" }.joined(separator: ", "))", at: apsValueOffsets[ApsKey.event.rawValue], path: "aps.event")
        }
        if target.transport == .broadcast {
          report(.liveActivityFields, "a broadcast push cannot start a live activity (Apple: \"You can't use broadcast push notifications to start a Live Activity\")",
                 at: apsValueOffsets[ApsKey.event.rawValue], path: "aps.event")
        }
        if hasAps(.inputPushToken) && hasAps(.inputPushChannel) {
          report(.liveActivityFields, "'input-push-token' and 'input-push-channel' together; send one", at: apsKeyOffsets[ApsKey.inputPushChannel.rawValue], path: "aps.input-push-channel")
        }
      } else {
        for k in Self.startOnlyKeys where hasAps(k) {
          report(.liveActivityFields, "'\(Schema.aps[k.rawValue].name)' belongs to a live activity start only", at: apsKeyOffsets[k.rawValue], path: "aps.\(Schema.aps[k.rawValue].name)")
        }
      }
      // The shape of a Live Activity's aps (SPEC §3): an alert is a dictionary of title, body and sound.
      if facts.alertKind == 1 {
        report(.liveActivityFields, "a live activity's 'alert' is a dictionary of 'title', 'body' and 'sound', not a string",
               at: apsValueOffsets[ApsKey.alert.rawValue], path: "aps.alert")
      }
      if hasAps(.badge) {
        report(.liveActivityFields, "'badge' is not a live activity key; the system ignores it", at: apsKeyOffsets[ApsKey.badge.rawValue],
               path: "aps.badge", softened: true)
      }
      if hasAps(.sound) {
        report(.liveActivityFields, "a live activity's sound goes inside 'alert' ('alert': {'sound': …}); 'aps.sound' is ignored",
               at: apsKeyOffsets[ApsKey.sound.rawValue], path: "aps.sound", softened: true)
      }
      if facts.alertKind == 2 && facts.alertKeys & (1 << UInt32(AlertKey.subtitle.rawValue)) != 0 {
        report(.liveActivityFields, "'subtitle' is not a live activity alert key; the alert shows 'title' and 'body'",
               at: alertKeyOffsets[AlertKey.subtitle.rawValue], path: "aps.alert.subtitle", softened: true)
      }
      if hasAps(.dismissalDate) && facts.event != 3 {
        report(.liveActivityFields, "'dismissal-date' is read with 'event': 'end' only; on other events it is ignored",
               at: apsKeyOffsets[ApsKey.dismissalDate.rawValue], path: "aps.dismissal-date", softened: true)
      }
    }

    // safari-fields
    if target.platform == .safari && facts.apsIsObject {
      if !hasAps(.urlArgs) {
        report(.safariFields, "a website push needs 'url-args' (an array, possibly empty)", at: apsAt, path: apsPath)
      }
      let alertHasTitleAndBody = facts.alertKind == 2
        && facts.alertKeys & (1 << UInt32(AlertKey.title.rawValue)) != 0
        && facts.alertKeys & (1 << UInt32(AlertKey.body.rawValue)) != 0
      if !alertHasTitleAndBody {
        let at = apsValueOffsets[ApsKey.alert.rawValue]
        report(.safariFields, "a website push needs 'alert' as an object with 'title' and 'body'", at: at >= 0 ? at : apsAt, path: at >= 0 ? "aps.alert" : apsPath)
      }
    }
  }

  /// Checks of the request headers, which do not depend on the payload's bytes.
  mutating func checkHeaders(pushType: PushType) {
    if let p = target.priority {
      if p != 1 && p != 5 && p != 10 {
        report(.priorityMismatch, "priority \(p) is not one of 1, 5 or 10", at: 0, path: nil)
      } else if pushType == .background && p != 5 {
        // SPEC §9: an error by Apple's word, but APNs' answer is not documented: no verdict.
        let before = findings.count
        report(.priorityMismatch, "a background push must have priority 5, not \(p)", at: 0, path: nil)
        if findings.count > before { findings[before].apnsAnswer = nil }
      }
    }
    if let topic = target.topic {
      if let suffix = pushType.topicSuffix, !topic.hasSuffix(suffix) {
        report(.topicMismatch, "topic '\(topic)' lacks the suffix '\(suffix)' a \(pushType.rawValue) push needs", at: 0, path: nil)
      } else if let named = topicPushType, named != pushType, let suffix = named.topicSuffix {
        // The reverse: an `alert` push to `com.example.app.voip` goes to the VoIP topic, not the app's.
        report(.topicMismatch, "topic '\(topic)' ends in '\(suffix)', the topic of \(named.rawValue) pushes, but the push type is '\(pushType.rawValue)'",
               at: 0, path: nil)
      }
    }
    if let id = target.collapseID, id.utf8.count > 64 {
      report(.collapseIDTooLong, "collapse id is \(id.utf8.count) bytes; APNs allows 64", at: 0, path: nil)
    }
  }
}

extension String {
  /// `replacingOccurrences` without Foundation.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}

/// A key of at most 24 bytes packed in three little-endian words (zero-padded), with its length;
/// `count` is -1 for a longer key, which is not packed.
struct PackedKey: Equatable {
  var w0: UInt64 = 0
  var w1: UInt64 = 0
  var w2: UInt64 = 0
  var count: Int = -2

  init() {}

  @inline(__always) init(_ bytes: UnsafeBufferPointer<UInt8>) {
    let n = bytes.count
    guard n <= 24, let p = bytes.baseAddress else { count = n == 0 ? 0 : -1; return }
    count = n
    let raw = UnsafeRawPointer(p)
    @inline(__always) func word(_ at: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
    let full = n >> 3, tail = n & 7
    if full >= 1 { w0 = word(0) }
    if full >= 2 { w1 = word(8) }
    if full >= 3 { w2 = word(16) }
    if tail > 0 {
      var last: UInt64
      if n >= 8 {
        last = word(n - 8) >> UInt64((8 - tail) * 8)
      } else {
        last = 0
        var i = tail - 1
        while i >= 0 { last = last << 8 | UInt64(p[i]); i -= 1 }
      }
      switch full {
      case 0: w0 = last
      case 1: w1 = last
      default: w2 = last
      }
    }
  }

  @inline(__always) var hash: UInt32 {
    var h = (w0 ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
    h = (h ^ (h >> 29) ^ w1) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h >> 32) ^ w2) &* 0x94D0_49BB_1331_11EB
    return UInt32(truncatingIfNeeded: h ^ (h >> 31))
  }
}
