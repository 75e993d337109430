// The checker, part 2 of 4: keys. Each key is looked up in the schema table of its container,
// checked for duplicates (a small fixed set per object, a hash table for large objects), and
// recorded in the facts the end checks need.

extension Checker {
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
    f.spec = -1
    frames[depth] = f
    if inflation > 0 { recordInflation(inflation, at: offset) }
    if duplicateOf >= 0 {
      frames[depth].duplicateKeys += 1
      var summary = frames[depth].duplicateSummary
      let shown = repeatIsShown(frames[depth].duplicateKeys, summary: &summary, .jsonDuplicateKey, at: offset,
                                what: "duplicate keys in this object")
      frames[depth].duplicateSummary = summary
      if shown {
        report(.duplicateKey(Self.text(bytes)), at: offset, path: currentPath())
      }
    }

    switch f.context {
    case .root:
      pendingTopLevel = -1
      switch recordTopLevelKey(bytes, at: offset) {
      case .aps, .mdm:
        break
      case .simulatorBundle:
        recordSimulatorBundle(compactOffset: compactOffset)
      case .simulatorNearMiss:
        report(.simulatorKeyMisspelt(Self.text(bytes)), at: offset, path: currentPath())
        customKey(bytes, packed, hash: hash, at: offset, topLevel: true)
      case .containerIdentifier:
        customKey(bytes, packed, hash: hash, at: offset, topLevel: true)
      case .other:
        customKey(bytes, packed, hash: hash, at: offset, topLevel: true)
        // A key of aps or of the alert written beside aps: its value decides (topLevelValue).
        let name = topLevelName(packed)
        if name >= 0 {
          recordTopLevelCandidateKey(name, at: offset)
          pendingTopLevel = Int16(name)
        }
      }
    case .aps, .alert, .sound, .liveText:
      let index = lookup(packed, in: f.context)
      frames[depth].spec = index
      if index < 0 {
        frames[depth].unknownKeys += 1
        var summary = frames[depth].unknownSummary
        let count = frames[depth].unknownKeys
        // Near misses and misplaced keys are unknown-key, the rest aps-custom-key; both count
        // towards one cap per object, its summary under the rule of the key that reaches it.
        // Past the summary a key costs a counter: it is not even classified.
        guard count <= Int32(options.maxRepeatsPerObject) + 1 else { return }
        let container = containerPath() ?? "aps"
        let message = PayloadMessage.unknownKey(Self.text(bytes), in: container, context: f.context,
                                                accessory: (target.pushType ?? topicPushType) == .accessory)
        let what = count == Int32(options.maxRepeatsPerObject) + 1 ? "unknown keys in '\(container)'" : ""
        let shown = repeatIsShown(count, summary: &summary, message.rule, at: offset, what: what)
        frames[depth].unknownSummary = summary
        guard shown else { return }
        report(message, at: offset, path: currentPath())
        return
      }
      keyKnown(row(f.context, index), index: index, context: f.context, at: offset)
    case .custom:
      customKey(bytes, packed, hash: hash, at: offset, topLevel: false)
    case .stringArray, .free:
      break
    }
  }

  mutating func keyKnown(_ spec: KeySpec, index: Int, context: Context, at offset: Int) {
    switch context {
    case .aps:
      recordApsKey(index, at: offset)
      if !spec.platforms.contains(platform) {
        // `url-args` is read by Safari alone: in an app's push it changes nothing shown (the same
        // payload often goes to both): url-args-in-app-push, information.
        report(index == ApsKey.urlArgs.rawValue ? .urlArgsInAppPush(spec, platform: target.platform) : .platformKey(spec, platform: target.platform),
               at: offset, path: currentPath())
      }
    case .alert:
      recordAlertKey(index, at: offset)
      if !spec.platforms.contains(platform) {
        report(.notSafariAlertKey(spec.name), at: offset, path: currentPath())
      }
      if spec.isDeprecated(index: index, in: context, platform: target.platform) {
        report(.deprecatedKey(spec.name), at: offset, path: currentPath())
      }
    case .sound:
      if !spec.platforms.contains(platform) {
        report(.criticalSound(platform: target.platform), at: offset, path: currentPath())
      }
    default:
      break
    }
  }

  mutating func customKey(_ bytes: UnsafeBufferPointer<UInt8>, _ packed: PackedKey, hash: UInt32, at offset: Int, topLevel: Bool) {
    if topLevel, let allowed = options.allowedCustomKeys {
      let key = Self.text(bytes)
      if !allowed.contains(key) {
        report(.customKeyNotAllowed(key), at: offset, path: currentPath())
      }
    }
    if sensitive(bytes, packed, hash: hash) {
      report(.sensitiveKey(Self.text(bytes)), at: offset, path: currentPath())
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

  mutating func findDuplicate(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32, frame f: inout Frame, depth: Int) -> Int {
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

  func keysEqual(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ hash: UInt32) -> Bool {
    let e = keyEntries[entry]
    guard e.hash == hash && Int(e.count) == bytes.count else { return false }
    return keyBytes.withUnsafeBufferPointer {
      Schema.equal(UnsafeBufferPointer(rebasing: $0[Int(e.start)..<Int(e.start + e.count)]), bytes)
    }
  }

  mutating func rebuildHash(depth: Int, frame f: Frame, capacity: Int) {
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

  mutating func insertHash(_ relative: Int, hash: UInt32, depth: Int, frame f: Frame) {
    if (relative + 1) * 2 > hashTables[depth].count {
      rebuildHash(depth: depth, frame: f, capacity: hashTables[depth].count * 2)
    } else {
      place(Int32(relative), hash: hash, depth: depth)
    }
  }

  mutating func place(_ value: Int32, hash: UInt32, depth: Int) {
    let mask = hashTables[depth].count - 1
    var slot = Int(hash) & mask
    while hashTables[depth][slot] >= 0 { slot = (slot + 1) & mask }
    hashTables[depth][slot] = value
  }

  /// Appends a key to the arena, growing it when full.
  mutating func storeKey(_ bytes: UnsafeBufferPointer<UInt8>, _ packed: PackedKey, hash: UInt32) {
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
}
