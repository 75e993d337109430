// The fixes of the payload rules that fix (issue 51, SPEC §3.4): each computes byte edits from one
// finding and the payload's text, read again as spans (`JSONSpans`: never on a check's path), and
// returns nil wherever the intended text is not certain. The definitions in `PayloadRules.swift`
// and `JSONRules.swift` name them.

enum PayloadFixes {
  /// The payload's spans and the member or element the finding stands at.
  static func locate(_ site: FixSite) -> (JSONSpans, JSONSpans.Location)? {
    guard let offset = site.offset, let spans = JSONSpans(site.text), let location = spans.find(offset: offset) else { return nil }
    return (spans, location)
  }

  /// The schema table of the object a key path's last key is in (`aps.alert.title` → the alert's).
  static func table(of keyPath: String?) -> (context: Context, key: String)? {
    guard let keyPath else { return nil }
    let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, parts[0] == "aps", let key = parts.last else { return nil }
    switch parts.dropLast().joined(separator: ".") {
    case "aps": return (.aps, key)
    case "aps.alert": return (.alert, key)
    case "aps.sound", "aps.alert.sound": return (.sound, key)
    case "aps.alert.title", "aps.alert.body": return (.liveText, key)
    default: return nil
    }
  }

  /// The row of a known key at a key path.
  static func spec(at keyPath: String?) -> KeySpec? {
    guard let (context, key) = table(of: keyPath) else { return nil }
    return Schema.table(context).first { "\($0.name)" == key }
  }

  // MARK: value-type and flag-value

  /// `value-type`: a number written as a string where the key takes a number (`"badge": "3"` →
  /// `3`, `"relevance-score": "0.5"` → `0.5`), and a number among strings (`loc-args`, `url-args`)
  /// quoted (`[3]` → `["3"]`), the text the device would have shown.
  @Sendable static func valueType(_ site: FixSite) -> FindingFix? {
    guard let (spans, at) = locate(site) else { return nil }
    if at.member == nil, at.parent?.kind == .array {
      // An element of a string array: a number becomes the string of its digits as written.
      guard at.value.kind == .number else { return nil }
      let text = spans.source(of: at.value)
      return FindingFix("quote \(text) in '\(arrayName(site.finding.keyPath))'",
                        edits: [TextEdit(start: at.value.start, end: at.value.end, replacement: "\"" + text + "\"")])
    }
    guard let member = at.member, let spec = spec(at: site.finding.keyPath), spec.kinds == .number,
          at.value.kind == .string, let inner = at.value.string, numberText(inner, integer: "\(spec.name)" == "badge") else { return nil }
    return FindingFix("write '\(member.key)' as the number \(inner)",
                      edits: [TextEdit(start: at.value.start, end: at.value.end, replacement: inner)])
  }

  /// `flag-value`: a flag written `true` or `"1"` (or `"0"` for `sound.critical`) becomes the
  /// number Apple documents; `content-changed` written 1 becomes `true`.
  @Sendable static func flagValue(_ site: FixSite) -> FindingFix? {
    guard let (spans, at) = locate(site), let member = at.member, let spec = spec(at: site.finding.keyPath) else { return nil }
    let written = spans.source(of: at.value)
    let replacement: String? = switch spec.check {
    case .flagOne: ["true", "\"1\""].contains(written) ? "1" : nil
    case .flagZeroOrOne: ["true", "\"1\"", "1.0"].contains(written) ? "1" : ["false", "\"0\"", "0.0"].contains(written) ? "0" : nil
    case .flagTrue: ["1", "\"true\""].contains(written) ? "true" : nil
    default: nil
    }
    guard let replacement else { return nil }
    return FindingFix("write '\(member.key)' as \(replacement)",
                      edits: [TextEdit(start: at.value.start, end: at.value.end, replacement: replacement)])
  }

  /// `flag-off`: a flag set to 0 or false means off, as its absence does: the member is removed.
  @Sendable static func flagOff(_ site: FixSite) -> FindingFix? {
    guard let (spans, at) = locate(site), let member = at.member, let object = at.parent else { return nil }
    return FindingFix("remove '\(member.key)', which is off as written", edits: [spans.removal(ofMember: at.index, in: object)])
  }

  // MARK: unknown-key

  /// `unknown-key`: a near miss renamed when the letters are the key's (`loc_key`,
  /// `interruptionLevel`) or one typo away in a long key, or a `UNNotificationContent` name
  /// (`threadIdentifier`) renamed to Apple's key; alert keys written directly in `aps` (`title`,
  /// `body`, `subtitle`, …) moved into `aps.alert`. Never when the target key is already there.
  @Sendable static func unknownKey(_ site: FixSite) -> FindingFix? {
    guard let (spans, at) = locate(site), let member = at.member, let object = at.parent,
          let (context, key) = table(of: site.finding.keyPath), key == member.key else { return nil }
    if let meant = certainRename(key, in: context) {
      guard !object.members.contains(where: { $0.key == meant }) else { return nil }
      return FindingFix("rename '\(key)' to '\(meant)'",
                        edits: [TextEdit(start: member.keyStart, end: member.keyEnd, replacement: JSONText.quoted(meant))])
    }
    guard context == .aps, Schema.misplaced(key, in: .aps)?.key == key else { return nil }
    return moveIntoAlert(spans, aps: object)
  }

  /// The key a misspelt or Swift-named key certainly stands for in its table.
  static func certainRename(_ key: String, in context: Context) -> String? {
    if let meant = Schema.swiftName(key, in: context) { return meant }
    guard let meant = Schema.suggestion(for: key, in: Schema.table(context)), meant != key else { return nil }
    let (a, b) = (Schema.squash(key), Schema.squash(meant))
    if a == b { return meant }
    // One typo in a long key (`mutable-contnet`), but not a key numbered on purpose (`category2`).
    let numbered = key.last?.isNumber == true && meant.last?.isNumber != true
    return a.count >= 5 && !numbered && Schema.editDistance(a, b) == 1 ? meant : nil
  }

  /// Every alert key written directly in `aps` moved into `aps.alert`: a new alert object where
  /// there is none, the keys appended to an alert object that has none of them, or a string
  /// alert turned into an object whose body it is (when no `body` is among them).
  static func moveIntoAlert(_ spans: JSONSpans, aps: JSONSpans.Value) -> FindingFix? {
    let moving = aps.members.indices.filter { i in
      Schema.alert.contains { "\($0.name)" == aps.members[i].key } && aps.members[i].key != "sound"
    }
    guard let first = moving.first else { return nil }
    let keys = moving.map { aps.members[$0].key }
    guard Set(keys).count == keys.count else { return nil }
    let texts = moving.map { spans.source(of: aps.members[$0]) }
    let alerts = aps.members.indices.filter { aps.members[$0].key == "alert" }
    guard alerts.count <= 1 else { return nil }
    var edits: [TextEdit] = []
    let title = "move " + keys.map { "'\($0)'" }.joined(separator: ", ") + " into 'aps.alert'"
    if let a = alerts.first {
      let alert = aps.members[a].value
      switch alert.kind {
      case .object:
        guard !alert.members.contains(where: { keys.contains($0.key) }) else { return nil }
        let joined = texts.joined(separator: ", ")
        edits.append(alert.members.last.map { TextEdit(start: $0.value.end, end: $0.value.end, replacement: ", " + joined) }
                     ?? TextEdit(start: alert.start + 1, end: alert.end - 1, replacement: joined))
      case .string:
        guard !keys.contains("body") else { return nil }
        let body = "\"body\": " + spans.source(of: alert)
        edits.append(TextEdit(start: alert.start, end: alert.end, replacement: "{" + (texts + [body]).joined(separator: ", ") + "}"))
      default:
        return nil
      }
      edits += spans.removal(ofMembers: Set(moving), in: aps)
    } else {
      edits.append(TextEdit(start: aps.members[first].keyStart, end: aps.members[first].value.end,
                            replacement: "\"alert\": {" + texts.joined(separator: ", ") + "}"))
      edits += spans.removal(ofMembers: Set(moving.dropFirst()), in: aps)
    }
    return merged(title, edits)
  }

  /// A fix of several edits, where adjacent removals may meet: edits that touch are joined into one.
  static func merged(_ title: String, _ edits: [TextEdit]) -> FindingFix? {
    var out: [TextEdit] = []
    for edit in edits.sorted() {
      if let last = out.last, edit.start < last.end { return nil }
      if let last = out.last, edit.start == last.end {
        out[out.count - 1] = TextEdit(start: last.start, end: edit.end, replacement: last.replacement + edit.replacement)
      } else {
        out.append(edit)
      }
    }
    return FindingFix(title, edits: out)
  }

  // MARK: json-duplicate-key and json-bom

  /// `json-duplicate-key`: every earlier member of the same key removed when all of them are
  /// written the same (the device reads the last, which says the same); different values: no fix.
  @Sendable static func duplicateKey(_ site: FixSite) -> FindingFix? {
    guard let (spans, at) = locate(site), let member = at.member, let object = at.parent else { return nil }
    let same = object.members.indices.filter { object.members[$0].key == member.key }
    let value = spans.source(of: member.value)
    guard same.count >= 2, same.allSatisfy({ spans.source(of: object.members[$0].value) == value }), let last = same.last else { return nil }
    return merged("remove the earlier '\(member.key)', which repeats the same value",
                  spans.removal(ofMembers: Set(same.filter { $0 != last }), in: object))
  }

  /// `json-bom`: the byte order mark removed.
  @Sendable static func byteOrderMark(_ site: FixSite) -> FindingFix? {
    guard site.text.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
    return FindingFix("remove the byte order mark", edits: [TextEdit(start: 0, end: 3, replacement: "")])
  }

  // MARK: helpers

  /// Whether `text` is exactly a JSON number (an integer ≥ 0 without a leading zero for a badge).
  static func numberText(_ text: String, integer: Bool) -> Bool {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, let spans = JSONSpans(bytes), spans.root.kind == .number, spans.root.start == 0 else { return false }
    return !integer || bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  static func arrayName(_ keyPath: String?) -> String {
    guard let keyPath, let bracket = keyPath.lastIndex(of: "[") else { return keyPath ?? "the array" }
    return String(keyPath[..<bracket])
  }
}
