// The checker, part 4 of 4: what is checked once a payload is read: the push type (given,
// inferred), the size, which push types need `aps`, push-type consistency, Live Activity and
// Safari shapes, and the request headers that travel with the payload.

extension Checker {
  // MARK: Checks at the end of aps.alert and of the payload

  mutating func alertClosed(at offset: Int) {
    func has(_ k: AlertKey) -> Bool { facts.alertKeys & (1 << UInt32(k.rawValue)) != 0 && facts.alertNullKeys & (1 << UInt32(k.rawValue)) == 0 }
    if !has(.title) && !has(.subtitle) && !has(.body) && !has(.titleLocKey) && !has(.subtitleLocKey) && !has(.locKey) {
      report(.alertEmpty, at: offset, path: currentPath())
    }
    for (text, key) in Self.textPairs where has(text) && has(key) {
      let path = currentPath()
      let a = alertKeyOffsets[text.rawValue], b = alertKeyOffsets[key.rawValue]
      let later = max(a, b)
      let name = Schema.alert[(a > b ? text : key).rawValue].name
      report(.alertTextConflict(text: Schema.alert[text.rawValue].name, key: Schema.alert[key.rawValue].name), at: later, path: (path ?? "aps.alert") + ".\(name)")
    }
    for (a, k) in Self.argPairs where has(a) && !has(k) {
      let path = currentPath()
      report(.locArgsWithoutKey(args: Schema.alert[a.rawValue].name, key: Schema.alert[k.rawValue].name), at: alertValueOffsets[a.rawValue], path: (path ?? "aps.alert") + ".\(Schema.alert[a.rawValue].name)")
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

  /// The bytes of the simulator's `Simulator Target Bundle` member and its comma, which the size
  /// leaves out (measured compact; with raw counting, whitespace inside it still counts).
  func simulatorMemberBytes() -> Int {
    let start = facts.simulatorStart, end = facts.simulatorEnd
    guard start >= 0 && end > start else { return 0 }
    return (end - start) + (facts.rootMembers > 1 ? 1 : 0)
  }

  /// The push type to check against: the target's, else inferred (SPEC §2).
  /// Always inlined: called as a method of the validator's stored checker, it made the compiler
  /// copy the whole `Checker` (1 KB) to pass it as `self`, once per payload.
  @inline(__always) func pushType() -> PushType {
    if let t = target.pushType { return t }
    // SPEC §2: from the topic's suffix when a topic is given (`.voip` → voip, …).
    if let t = topicPushType { return t }
    // An `mdm` key beside no `aps`, or beside an empty one (sideshow/apns2's MDM test sends
    // `{"aps":{},"mdm":…}`): nothing an alert shows, so it can only be an MDM push.
    if facts.offsets.mdmKey >= 0 && (facts.offsets.apsKey < 0 || (facts.apsIsObject && facts.apsKeys == 0)) { return .mdm }
    if facts.offsets.containerIdentifierKey >= 0 && facts.offsets.apsKey < 0 { return .fileprovider }
    // What the payload's keys and values agree on (SPEC §2, "inference from all the evidence"):
    // a Live Activity key (event, content-state, timestamp, …) is read by ActivityKit alone, but
    // only with a value a liveactivity push takes: an `event` that is no Live Activity event, or a
    // `timestamp` that is a string, is the app's own data (checkAppDataNamedLikeLiveActivityKeys),
    // no reason to switch types. Content-available with nothing to show is a background push
    // whatever else aps holds (mutable-content, thread-id: nothing a background push shows), and
    // whatever its value says (0 or "1": flag-off, flag-value and background-inert tell).
    let appData = liveActivityKeysOfNoLiveActivity
    if facts.apsKeys & Self.liveActivityKeys & ~appData != 0 { return .liveactivity }
    let keys = facts.apsKeys & ~appData
    // An aps of an accessory push's members only, two or more of them (one alone may be the app's
    // own key that happens to be named so): an accessory's response, which nothing else carries.
    if keys & ~Self.accessoryKeys == 0 && (keys & Self.accessoryKeys).nonzeroBitCount >= 2 { return .accessory }
    if keys == 1 << UInt32(ApsKey.contentChanged.rawValue) { return .widgets }
    if hasAps(.contentAvailable) && keys & Self.visibleKeyBits == 0 { return .background }
    return .alert
  }

  /// The `aps` keys only a Live Activity push carries (`KeySpec.liveActivity`), as bits of `Facts.apsKeys`.
  /// Spelt out (no array: this runs per payload); `KeyTableOrderTests` compares it with the table.
  @inline(__always) static var liveActivityKeys: UInt32 {
    1 << UInt32(ApsKey.timestamp.rawValue) | 1 << UInt32(ApsKey.staleDate.rawValue) | 1 << UInt32(ApsKey.dismissalDate.rawValue)
      | 1 << UInt32(ApsKey.event.rawValue) | 1 << UInt32(ApsKey.contentState.rawValue) | 1 << UInt32(ApsKey.attributes.rawValue)
      | 1 << UInt32(ApsKey.attributesType.rawValue) | 1 << UInt32(ApsKey.inputPushChannel.rawValue)
      | 1 << UInt32(ApsKey.inputPushToken.rawValue)
  }

  /// The members of an accessory push's `aps` (`KeySpec.accessory`), as bits of `Facts.apsKeys`.
  /// Spelt out (no array: this runs per payload); `KeyTableOrderTests` compares it with the table.
  @inline(__always) static var accessoryKeys: UInt32 {
    1 << UInt32(ApsKey.encryptedData.rawValue) | 1 << UInt32(ApsKey.sessionIdentifier.rawValue)
      | 1 << UInt32(ApsKey.keyID.rawValue) | 1 << UInt32(ApsKey.messageIndex.rawValue)
  }

  /// `category`, `thread-id`, `interruption-level`, `target-content-id`, `filter-criteria`: keys that
  /// present a notification, which a Live Activity push does not read.
  @inline(__always) static var notificationOnlyKeys: UInt32 {
    1 << UInt32(ApsKey.category.rawValue) | 1 << UInt32(ApsKey.threadID.rawValue) | 1 << UInt32(ApsKey.interruptionLevel.rawValue)
      | 1 << UInt32(ApsKey.targetContentID.rawValue) | 1 << UInt32(ApsKey.filterCriteria.rawValue)
  }

  /// `alert`, `badge` and `sound`: what a person sees or hears, as bits of `Facts.apsKeys`.
  @inline(__always) static var visibleKeyBits: UInt32 {
    1 << UInt32(ApsKey.alert.rawValue) | 1 << UInt32(ApsKey.badge.rawValue) | 1 << UInt32(ApsKey.sound.rawValue)
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
    return Schema.editDistance(Schema.squash(key), Schema.squash("Simulator Target Bundle")) <= 4
  }

  /// The push type whose topic suffix `topic` carries (the longest such suffix), if any.
  static func pushType(forTopic topic: String) -> PushType? {
    // An MDM push certificate's topic is `com.apple.mgmt.External.<UUID>` (Apple, "Sending MDM
    // commands to a device"): a prefix, not a suffix.
    if topic.utf8.starts(with: "com.apple.mgmt.".utf8) { return .mdm }
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
      report(.moreFindingsNotShown(rule, count: Int(facts.droppedFindings), cap: options.maxFindings), at: facts.offsets.dropped, path: nil)
    }
    if empty {
      report(.payloadEmpty, at: 0, path: nil)
      return
    }
    if facts.stopped || !facts.rootIsObject { return }
    if size > limit {
      report(.payloadTooLarge(size: size, limit: limit, pushType: pushType, transport: target.transport), at: 0, path: nil)
    } else if Double(size) >= options.warnAt * Double(limit) {
      report(.payloadNearLimit(size: size, limit: limit), at: 0, path: nil)
    }
    if facts.inflation > 0 {
      report(.escapedUnicode(extraBytes: Int(facts.inflation)), at: facts.offsets.inflation, path: inflationPath)
    }
    let isLive = pushType == .liveactivity
    dropFindingsAboutWhatNothingReads(pushType: pushType)

    if !isLive { checkLiveActivityOnlyShapes() }
    // An accessory push's members in a push of another type are the app's own data (a voip push's
    // aps is the app's, said nothing of above).
    if facts.apsKeys & Self.accessoryKeys != 0 && pushType != .accessory && pushType != .voip { reportAccessoryKeysAsAppData(pushType) }

    // SPEC §2: a Wallet pass update is `{}` to a `pass.` topic. Wallet reads nothing of the
    // payload (the device asks the pass's web service for the changed passes), so anything else
    // sent there changes nothing: information.
    let wallet = target.topic.map { $0.utf8.starts(with: "pass.".utf8) } ?? false
    if wallet && facts.rootMembers > 0 {
      report(.walletIgnoresContent, at: 0, path: nil)
    }

    if facts.offsets.apsKey < 0 && !wallet { checkApsPresence(pushType: pushType) }
    if pushType == .fileprovider && facts.offsets.containerIdentifierKey < 0 && facts.rootIsObject {
      report(.fileProviderWithoutContainer, at: 0, path: nil)
    }
    let apsAt = facts.offsets.aps >= 0 ? facts.offsets.aps : 0
    let apsPath: String? = facts.offsets.aps >= 0 ? "aps" : nil

    checkSilentAndBackground(pushType: pushType, isLive: isLive, apsAt: apsAt, apsPath: apsPath)

    // push-type-mismatch (to a Wallet topic, the pass-update finding above says all there is)
    if (facts.apsIsObject || pushType == .mdm) && !wallet { checkPushTypeMismatch(pushType: pushType, apsAt: apsAt, apsPath: apsPath) }
    // The Live Activity's shape, then its dates against the time of sending (CheckerDates.swift).
    if isLive && facts.apsIsObject { checkLiveActivityFields(); checkDatesAgainstTheClock() }
    if pushType == .accessory && facts.apsIsObject { checkAccessoryFields(apsAt: apsAt, apsPath: apsPath) }
    if target.platform == .safari && facts.apsIsObject { checkSafariFields(apsAt: apsAt, apsPath: apsPath) }
    if target.platform == .safari { checkSafariReach() }
    if let given = target.pushType { checkPushTypePlatform(given) }
    // Last: they replace findings made above that they explain (CheckerMisplaced.swift). Asked
    // only when there may be something to say (a value no key takes, a key beside aps named as
    // one of its own, a finding): a valid payload passes two tests.
    if facts.apsIsObject && !wallet {
      if facts.apsRejectedKeys != 0 || facts.event == .other { checkAppDataNamedLikeLiveActivityKeys(pushType: pushType) }
      if facts.topLevelApsKeys | facts.topLevelAlertKeys != 0 || !findings.isEmpty { checkMisplacedKeys(pushType: pushType) }
    }
  }

  /// `safari-legacy-push`: a website push (certificates, `url-args`) reaches Safari 26.3 and
  /// earlier only. With a Safari version (`--os`) from 26.4 every recipient drops it (an error);
  /// without one only some do (a warning); before 26.4 it arrives.
  mutating func checkSafariReach() {
    if let os = target.os {
      if os >= Self.firstSafariWithoutLegacyPush { report(.legacySafariPushEnded(os: os), at: 0, path: nil) }
    } else {
      report(.legacySafariPushReach, at: 0, path: nil)
    }
  }

  /// Safari 26.4, the first Safari that no longer receives legacy Safari push.
  static let firstSafariWithoutLegacyPush = OSVersion(26, 4)

  /// `accessory-fields`: an accessory push's `aps` holds the four members of Apple's sample, each a
  /// string; without one, or with one of another kind, the system cannot find the ratchet step
  /// that decrypts the response.
  mutating func checkAccessoryFields(apsAt: Int, apsPath: String?) {
    var missing: [StaticString] = []
    // (Rows, not an array of keys: a valid accessory push allocates nothing here.)
    for k in ApsKey.encryptedData.rawValue...ApsKey.messageIndex.rawValue {
      let name = Schema.aps[k].name
      guard facts.apsKeys & (1 << UInt32(k)) != 0 else {
        missing.append(name)
        continue
      }
      let kinds = JSONKinds(rawValue: UInt8(truncatingIfNeeded: facts.accessoryKinds >> UInt32(8 * (k - ApsKey.encryptedData.rawValue))))
      if kinds != .string {
        report(.accessoryMemberNotString(name, found: kinds.subtracting(.string)), at: apsValueOffsets[k], path: "aps.\(name)")
      }
    }
    if !missing.isEmpty { report(.accessoryPushNeeds(missing), at: apsAt, path: apsPath) }
  }

  /// `aps-custom-key` for an accessory push's members in a push of another type: the system reads
  /// them only in an accessory push, so here they are the app's own data (what they were before
  /// the accessory push type was known).
  mutating func reportAccessoryKeysAsAppData(_ pushType: PushType) {
    for k in 0..<Schema.aps.count where Self.accessoryKeys & facts.apsKeys & (1 << UInt32(k)) != 0 {
      report(.accessoryKeyInOtherPush(Schema.aps[k].name, pushType: pushType), at: apsKeyOffsets[k], path: "aps.\(Schema.aps[k].name)")
    }
  }

  /// Findings about how the system reads what it does not read at all are moot:
  /// - A PushKit push (voip, complication, file provider, push to talk) is handed whole to the
  ///   app's PushKit delegate as `PKPushPayload.dictionaryPayload`, and the system shows, plays and
  ///   sets nothing of `aps` (Apple, "Responding to VoIP notifications from PushKit";
  ///   "PKPushPayload"): what `aps` holds is the app's own data, read by the app's own code, so no
  ///   payload rule about a key or value of `aps` applies to it (peer clients send `{"aps":
  ///   {"alert": {"uuid": …}}}` or `"content-available": "1"` in a voip push; the app reads them).
  /// - A key the platform does not read (`platform-key`, `url-args-in-app-push`): the type or range
  ///   of its value changes nothing either (PyAPNs2's `"url-args": "args"` in an app's push).
  mutating func dropFindingsAboutWhatNothingReads(pushType: PushType) {
    if pushType.isPushKit && findings.contains(where: { $0.keyPath?.utf8.starts(with: "aps.".utf8) == true }) {
      findings.removeAll {
        $0.keyPath?.utf8.starts(with: "aps.".utf8) == true && $0.payloadRule?.definition.category == .payload
      }
    }
    func isUnread(_ f: Finding) -> Bool { f.payloadRule == .platformKey || f.payloadRule == .urlArgsInAppPush }
    guard findings.contains(where: isUnread) else { return }
    let unread = findings.compactMap { isUnread($0) ? $0.keyPath : nil }
    let valueRules: Set<PayloadRule> = [.valueType, .valueTypeIgnored, .valueTypeDeprecatedKey, .valueRange, .valueRangeIgnored,
                                        .valueRangeDeprecatedKey, .valueEnum]
    findings.removeAll { f in
      guard let rule = f.payloadRule, valueRules.contains(rule), let path = f.keyPath else { return false }
      return unread.contains { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }
    }
  }

  /// `push-type-platform`, `push-type-deprecated`: a push type given (not inferred) against the
  /// platform and OS (``PushAvailability``).
  mutating func checkPushTypePlatform(_ pushType: PushType) {
    switch PushAvailability.problem(pushType, on: target.platform, os: target.os) {
    case .unavailable?:
      report(.pushTypeUnavailable(pushType, platform: target.platform), at: 0, path: nil)
    case .tooOld(let minimum, let receiver)?:
      if let os = target.os {
        report(.pushTypeTooNew(pushType, platform: target.platform, os: os, minimum: minimum, receiver: receiver), at: 0, path: nil)
      }
    case nil:
      if pushType == .complication { report(.complicationDeprecated, at: 0, path: nil) }
    }
  }

  /// Whether `aps` has key `k`.
  @inline(__always) func hasAps(_ k: ApsKey) -> Bool { facts.apsKeys & (1 << UInt32(k.rawValue)) != 0 }

  /// `k` is in `aps` and of its type: a badge or sound of the wrong type (value-type) is not
  /// applied, so it shows nothing.
  func applies(_ k: ApsKey) -> Bool {
    hasAps(k) && !findings.contains {
      ($0.payloadRule == .valueType || $0.payloadRule == .valueTypeIgnored) && $0.keyPath == "aps.\(Schema.aps[k.rawValue].name)"
    }
  }

  /// `value-type`, `unknown-key`, `value-range` for what only live activities may do (an object
  /// title or body, a sound in the alert, any relevance score).
  mutating func checkLiveActivityOnlyShapes() {
    if facts.offsets.titleObject >= 0 { report(.textObject("title"), at: facts.offsets.titleObject, path: "aps.alert.title") }
    if facts.offsets.bodyObject >= 0 { report(.textObject("body"), at: facts.offsets.bodyObject, path: "aps.alert.body") }
    if facts.offsets.alertSoundKey >= 0 {
      report(.soundInAlert, at: facts.offsets.alertSoundKey, path: "aps.alert.sound")
    }
    // Outside a live activity the score only sorts the app's notifications and picks the summary's
    // featured one (Apple, UNNotificationContent.relevanceScore): one of the wrong type or range is
    // not applied as meant, and the alert shows as sent. A warning; a live activity's stays an error.
    if facts.offsets.relevance >= 0 && (facts.relevance < 0 || facts.relevance > 1) {
      report(.relevanceScoreIgnored(facts.relevance), at: facts.offsets.relevance, path: "aps.relevance-score")
    }
    if !findings.isEmpty,
       let i = findings.firstIndex(where: { $0.payloadRule == .valueType && $0.keyPath == "aps.relevance-score" }) {
      replaceFinding(i, with: .relevanceScoreTypeIgnored(text: findings[i].message))
    }
  }

  /// `aps-missing`: SPEC §2, which push types need `aps` (called when there is none).
  mutating func checkApsPresence(pushType: PushType) {
    switch pushType {
    case .mdm:
      if facts.offsets.mdmKey < 0 { report(.mdmMissing, at: 0, path: nil) }
    case .fileprovider, .pushtotalk, .voip, .complication:
      // PushKit hands the whole payload to the app (File Provider's container-identifier and
      // domain, Push to Talk's, a call's or a complication's own keys): `aps` is not needed.
      break
    case .location:
      report(.apsMissingFromLocationPush, at: 0, path: nil)
    case .alert where facts.rootMembers == 0 && target.topic == nil && target.pushType == nil:
      // `{}` is exactly a Wallet pass update (SPEC §2); when nothing else is known (no topic, no
      // push type), nothing says it is not one.
      report(.emptyPayloadWithoutTopic, at: 0, path: nil)
    default:
      report(.apsMissing(hasMDM: facts.offsets.mdmKey >= 0, simulatorNearMiss: facts.offsets.simulatorNearMiss >= 0), at: 0, path: nil)
    }
  }

  /// `background-inert`, `sound-shape`, `silent-push-shape`.
  mutating func checkSilentAndBackground(pushType: PushType, isLive: Bool, apsAt: Int, apsPath: String?) {
    // background-inert: a background push is delivered to the app only with content-available,
    // whatever else `aps` holds (alert, badge or sound also get push-type-mismatch: two facts).
    if pushType == .background && facts.apsIsObject && !hasAps(.contentAvailable) {
      report(.backgroundInert, at: apsAt, path: apsPath)
    } else if pushType == .background && facts.contentAvailableOff {
      // 0 and false mean off (flag-off): the push is as inert as one without the key.
      report(.backgroundFlagOff(found: facts.contentAvailableFalse ? "false" : "0"), at: apsAt, path: apsPath)
    }

    // sound-shape: Apple, "for regular notifications, use the sound string".
    // With `critical: 0` the dictionary is Apple's documented shape with the flag off: the named
    // sound plays as the string would, nothing differs (information).
    if facts.offsets.soundObject >= 0 && !facts.criticalSound && !isLive {
      report(facts.criticalOff ? .soundDictionaryNotCritical : .soundDictionary, at: facts.offsets.soundObject, path: "aps.sound")
    }

    // silent-push-shape
    if facts.contentAvailableOne && (hasAps(.alert) || hasAps(.badge) || hasAps(.sound)) {
      let shown = Self.visibleKeys.filter(hasAps).map { "'\(Schema.aps[$0.rawValue].name)'" }.joined(separator: ", ")
      report(.silentPushShape(shown: shown), at: apsValueOffsets[ApsKey.contentAvailable.rawValue], path: "aps.content-available")
    }
  }

  /// `push-type-mismatch`: the payload against its push type.
  mutating func checkPushTypeMismatch(pushType: PushType, apsAt: Int, apsPath: String?) {
    // Live Activity keys under another push type: only a liveactivity push reaches ActivityKit, so
    // the update (or the end, or the start) never happens. One finding, at `event` when there is one.
    // (Those whose value no liveactivity push takes are the app's own data: not said here.)
    if pushType != .liveactivity && pushType != .mdm && facts.apsKeys & Self.liveActivityKeys & ~liveActivityKeysOfNoLiveActivity != 0 {
      reportLiveActivityKeys(pushType: pushType)
    }
    switch pushType {
    case .background:
      // Checked first without the list: iterating a static array costs its lazy initializer per call.
      if hasAps(.alert) || hasAps(.badge) || hasAps(.sound) {
        for k in Self.visibleKeys where hasAps(k) {
          // APNs accepts it, and what the device does with the key is not documented: a warning.
          report(.visibleKeyInBackgroundPush(Schema.aps[k.rawValue].name), at: apsValueOffsets[k.rawValue], path: "aps.\(Schema.aps[k.rawValue].name)")
        }
      }
    case .alert:
      // A Live Activity payload sent as alert has been told so above.
      let appData = liveActivityKeysOfNoLiveActivity
      if !hasAps(.alert) && !applies(.badge) && !applies(.sound) && facts.apsKeys & Self.liveActivityKeys & ~appData == 0 {
        if facts.apsKeys & ~appData == 0 && facts.offsets.mdmKey < 0 && target.pushType == nil && target.topic == nil {
          // An empty aps is what VoIP, location and Push to Talk pushes send: "alert" is only the
          // guess of a command line given no push type or topic, and the payload is right for
          // those, so information (give the push type to have it checked). The app's own data in
          // aps changes nothing of that. An aps holding keys of the alert written in the wrong
          // place (a misplaced title: unknown-key) was meant to show something: a warning, since
          // the push type is still a guess.
          let misplaced = findings.contains {
            $0.payloadRule == .unknownKey && $0.keyPath?.utf8.starts(with: "aps.".utf8) == true
          }
          if misplaced {
            report(.alertPushMayShowNothing, at: apsAt, path: apsPath)
          } else {
            report(.emptyApsWithoutPushType, at: apsAt, path: apsPath)
          }
        } else {
          report(.alertPushShowsNothing(hasMDM: facts.offsets.mdmKey >= 0), at: apsAt, path: apsPath)
        }
      }
    case .liveactivity:
      if !hasAps(.event) || !hasAps(.timestamp) {
        let missing = [ApsKey.event, .timestamp].filter { !hasAps($0) }.map { "'\(Schema.aps[$0.rawValue].name)'" }
        report(.liveActivityPushNeeds(missing), at: apsAt, path: apsPath)
      }
    case .mdm:
      if facts.offsets.apsKey >= 0 {
        report(.apsInMDMPush, at: facts.offsets.apsKey, path: "aps")
      }
    case .widgets, .controls:
      if !hasAps(.contentChanged) {
        report(.contentChangedMissing(pushType: pushType), at: apsAt, path: apsPath)
      } else if facts.apsKeys != 1 << UInt32(ApsKey.contentChanged.rawValue) {
        // SPEC §3: other `aps` keys in a widget push are a warning (the system reads content-changed only).
        // (Live Activity keys got their own finding above.)
        let others = facts.apsKeys & ~Self.liveActivityKeys
        for k in 0..<Schema.aps.count where k != ApsKey.contentChanged.rawValue && others & (1 << UInt32(k)) != 0 {
          report(.keyNotReadByContentChangedPush(Schema.aps[k].name, pushType: pushType),
                 at: apsKeyOffsets[k], path: "aps.\(Schema.aps[k].name)")
        }
      }
    case .accessory:
      reportKeysNotReadByAccessoryPush()
    case .location:
      // SPEC §3: the location push extension gets the payload; nobody sees an alert, badge or sound.
      if hasAps(.alert) || hasAps(.badge) || hasAps(.sound) {
        for k in Self.visibleKeys where hasAps(k) {
          report(.visibleKeyInLocationPush(Schema.aps[k.rawValue].name),
                 at: apsKeyOffsets[k.rawValue], path: "aps.\(Schema.aps[k.rawValue].name)")
        }
      }
    default:
      break
    }
  }

  /// `push-type-mismatch` for another key Apple defines in an accessory push's `aps`: the system
  /// reads only the four members (a warning: nothing it sets happens; a Live Activity key got its
  /// own finding).
  mutating func reportKeysNotReadByAccessoryPush() {
    let others = facts.apsKeys & ~Self.accessoryKeys & ~Self.liveActivityKeys
    guard others != 0 else { return }
    for k in 0..<Schema.aps.count where others & (1 << UInt32(k)) != 0 {
      report(.keyNotReadByAccessoryPush(Schema.aps[k].name), at: apsKeyOffsets[k], path: "aps.\(Schema.aps[k].name)")
    }
  }

  /// `push-type-mismatch` for the Live Activity keys of a push of another type: at `event`, else at
  /// the first such key.
  mutating func reportLiveActivityKeys(pushType: PushType) {
    var first = -1, names: [String] = []
    let keys = Self.liveActivityKeys & facts.apsKeys & ~liveActivityKeysOfNoLiveActivity
    for k in 0..<Schema.aps.count where keys & (1 << UInt32(k)) != 0 {
      names.append("'\(Schema.aps[k].name)'")
      if first < 0 || apsKeyOffsets[k] < apsKeyOffsets[first] { first = k }
    }
    if keys & (1 << UInt32(ApsKey.event.rawValue)) != 0 { first = ApsKey.event.rawValue }
    report(.liveActivityKeysInOtherPush(names, pushType: pushType, event: facts.event),
           at: apsKeyOffsets[first], path: "aps.\(Schema.aps[first].name)")
  }

  /// `live-activity-fields`: a Live Activity's `aps` by event, and its alert's shape.
  mutating func checkLiveActivityFields() {
    // An update older than the activity's last one is ignored, and a timestamp before 2022 is
    // older than any: the update is dropped (timestamp-before-2022, an error). A start makes the
    // activity with it (Apple's own start sample sends 1234), and an end is applied whatever its
    // timestamp (an Apple engineer on the developer forums, thread 776165): nothing for them.
    if facts.timestampBeforeActivities,
       let i = findings.firstIndex(where: { $0.payloadRule == .timestampUnit && $0.keyPath == "aps.timestamp" }) {
      if facts.event == .update {
        replaceFinding(i, with: .timestampBefore2022(text: findings[i].message))
      } else {
        findings.remove(at: i)
      }
    }
    if facts.event == .update && !hasAps(.contentState) {
      // ActivityKit decodes an update's content from content-state. (An end without it ends the
      // activity showing its last content: what the sender evidently means; not reported.)
      report(.liveActivityUpdateWithoutContentState, at: apsValueOffsets[ApsKey.event.rawValue], path: "aps.event")
    }
    if facts.event == .start {
      // Apple's start payload ("Starting and updating Live Activities with ActivityKit push
      // notifications"): attributes-type and attributes make the activity, content-state is its
      // first content, alert is required.
      if !hasAps(.attributesType) || !hasAps(.attributes) || !hasAps(.contentState) || !hasAps(.alert) {
        var missing = [ApsKey.attributesType, .attributes, .contentState].filter { !hasAps($0) }.map { Schema.aps[$0.rawValue].name }
        if !hasAps(.alert) { missing.append("alert") }
        report(.liveActivityStartNeeds(missing), at: apsValueOffsets[ApsKey.event.rawValue], path: "aps.event")
      }
      if target.transport == .broadcast {
        report(.broadcastStart,
               at: apsValueOffsets[ApsKey.event.rawValue], path: "aps.event")
      }
      if hasAps(.inputPushToken) && hasAps(.inputPushChannel) {
        report(.tokenAndChannel, at: apsKeyOffsets[ApsKey.inputPushChannel.rawValue], path: "aps.input-push-channel")
      }
      if let os = target.os, target.platform == .ios, os < OSVersion(17, 2) {
        report(.pushToStartTooNew(os: os), at: apsValueOffsets[ApsKey.event.rawValue], path: "aps.event")
      }
      // Channels arrived with iOS 18 (PushType.channel(_:)); only iOS and iPadOS number their
      // releases so (visionOS's Live Activities are not pushed with channels before 26).
      if hasAps(.inputPushChannel), let os = target.os, target.platform == .ios, os < OSVersion(18) {
        report(.inputPushChannelBeforeChannels(os), at: apsKeyOffsets[ApsKey.inputPushChannel.rawValue], path: "aps.input-push-channel")
      }
    } else if facts.event != .none {
      // (Without an event push-type-mismatch has said what is missing; "other events" would guess.)
      for k in Self.startOnlyKeys where hasAps(k) {
        // The activity's attributes and its push token or channel are fixed when it starts: on an
        // update or end these keys are not read, and the update itself applies (a warning).
        report(.startOnlyKey(Schema.aps[k.rawValue].name), at: apsKeyOffsets[k.rawValue], path: "aps.\(Schema.aps[k.rawValue].name)")
      }
    }
    // The shape of a Live Activity's aps (SPEC §3): an alert is a dictionary of title, body and
    // sound. A string is not that shape, but nothing Apple documents drops the update for it (Apple's
    // own command-line page sends one in a broadcast test): the alert is what is at risk, a warning.
    if facts.alertKind == .string {
      report(.liveActivityAlertString, at: apsValueOffsets[ApsKey.alert.rawValue], path: "aps.alert")
    }
    if hasAps(.badge) {
      report(.liveActivityBadge, at: apsKeyOffsets[ApsKey.badge.rawValue],
             path: "aps.badge")
    }
    if hasAps(.sound) {
      report(.liveActivitySound, at: apsKeyOffsets[ApsKey.sound.rawValue], path: "aps.sound")
    }
    if facts.alertKind == .object && facts.alertKeys & (1 << UInt32(AlertKey.subtitle.rawValue)) != 0 {
      report(.liveActivitySubtitle,
             at: alertKeyOffsets[AlertKey.subtitle.rawValue], path: "aps.alert.subtitle")
    }
    // Keys that present a notification (ActivityKit's page lists none of them for a Live
    // Activity push): the system ignores them, so what the author meant by them does not happen.
    if facts.apsKeys & Self.notificationOnlyKeys != 0 {
      for k in 0..<Schema.aps.count where Self.notificationOnlyKeys & facts.apsKeys & (1 << UInt32(k)) != 0 {
        report(.notALiveActivityKey(Schema.aps[k].name),
               at: apsKeyOffsets[k], path: "aps.\(Schema.aps[k].name)")
      }
    }
    // An end's dismissal-date past the four-hour window (ActivityUIDismissalPolicy.after(_:)):
    // the activity leaves sooner than the author asked. A date in milliseconds is timestamp-unit's.
    if facts.event == .end, hasAps(.dismissalDate), facts.timestamp >= ValueCheck.firstActivityDate,
       facts.dismissalDate <= 1e11, facts.dismissalDate > facts.timestamp + Self.dismissalWindow {
      report(.dismissalDateBeyondWindow(hours: Self.hours(facts.dismissalDate - facts.timestamp)),
             at: apsValueOffsets[ApsKey.dismissalDate.rawValue], path: "aps.dismissal-date")
    }
    if hasAps(.dismissalDate) && facts.event != .end && facts.event != .none {
      report(.dismissalDateBeforeEnd,
             at: apsKeyOffsets[ApsKey.dismissalDate.rawValue], path: "aps.dismissal-date")
    }
  }

  /// Four hours, the longest an ended Live Activity stays (ActivityUIDismissalPolicy).
  static let dismissalWindow = 4.0 * 3600

  /// Seconds as hours with one decimal ("4.5"), without Foundation's formatting.
  static func hours(_ seconds: Double) -> String {
    let tenths = Int(seconds / 360)
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// `safari-fields`: a website push needs `url-args` and an alert with title and body.
  mutating func checkSafariFields(apsAt: Int, apsPath: String?) {
    if !hasAps(.urlArgs) {
      report(.urlArgsMissing, at: apsAt, path: apsPath)
    }
    let alertHasTitleAndBody = facts.alertKind == .object
      && facts.alertKeys & (1 << UInt32(AlertKey.title.rawValue)) != 0
      && facts.alertKeys & (1 << UInt32(AlertKey.body.rawValue)) != 0
    if !alertHasTitleAndBody {
      // An offset is recorded only for a key this payload has; the slot keeps an earlier one's.
      let at = hasAps(.alert) ? apsValueOffsets[ApsKey.alert.rawValue] : -1
      report(.safariAlertShape, at: at >= 0 ? at : apsAt, path: at >= 0 ? "aps.alert" : apsPath)
    }
  }

  /// Checks of the request headers, which do not depend on the payload's bytes.
  mutating func checkHeaders(pushType: PushType) {
    if let p = target.priority {
      if p != 1 && p != 5 && p != 10 {
        report(.priorityNotKnown(p), at: 0, path: nil)
      } else if pushType == .liveactivity && p != 5 && p != 10 && target.transport != .broadcast {
        // Apple: a Live Activity push is 5 or 10; APNs' answer to 1 is not documented. (Its
        // broadcast page lists 1 among a broadcast's priorities: not reported there.)
        let before = findings.count
        report(.liveActivityPriority(p), at: 0, path: nil)
        if findings.count > before { findings[before].apnsAnswer = nil }
      } else if pushType == .background && p != 5 {
        // SPEC §9: an error by Apple's word, but APNs' answer is not documented: no verdict.
        let before = findings.count
        report(.backgroundPriority(p), at: 0, path: nil)
        if findings.count > before { findings[before].apnsAnswer = nil }
      }
    }
    // A broadcast names no topic: the bundle id is in its path (`/4/broadcasts/apps/<bundle-id>`,
    // Apple's "Sending broadcast push notification requests to APNs"), which takes no suffix.
    if let topic = target.topic, target.transport != .broadcast {
      if let suffix = pushType.topicSuffix, !topic.hasSuffix(suffix) {
        report(.topicLacksSuffix(topic: topic, suffix: suffix, pushType: pushType), at: 0, path: nil)
      } else if let suffix = pushType.topicSuffix, topic.dropLast(suffix.count).hasSuffix(suffix) {
        report(.topicSuffixTwice(topic: topic, suffix: suffix), at: 0, path: nil)
      } else if let named = topicPushType, named != pushType, let suffix = named.topicSuffix {
        // The reverse: an `alert` push to `com.example.app.voip` goes to the VoIP topic, not the app's.
        report(.topicOfAnotherPushType(topic: topic, suffix: suffix, named: named, pushType: pushType), at: 0, path: nil)
      }
    }
    if let id = target.collapseID, id.utf8.count > 64 {
      report(.collapseID(bytes: id.utf8.count), at: 0, path: nil)
    }
  }
}
