import PayloadSchema

/// Checks a Live Activity push against the app's `ActivityAttributes` (SPEC §13.1): does
/// `aps.content-state` (and on a start `aps.attributes`) decode with a default `JSONDecoder` into
/// the app's types, and does every `Date` land where the sender meant?
///
/// Made once per run from the contract; `check(_:now:)` then costs microseconds per payload.
public struct ActivityChecker: Sendable {
  /// The declarations payloads are checked against.
  public let contract: ActivityContract
  /// The declared `ActivityAttributes` types and their bare names, found once.
  let declared: [TypeDeclaration]
  let declaredNames: [String]
  /// For each type with a nested `CodingKey` enum: case name to JSON key (nil for a raw value
  /// that is not a plain string), `CodingKeys` first, found once.
  let keyMaps: [String: [String: String?]]
  /// The same check against each file that declares an `ActivityAttributes` type (or a type in
  /// it) again under the same name (``ActivityContract/variants``): the file, its checker, and
  /// the names it redeclares.
  let alternates: [Alternate]

  /// One other declaration of a type name: a class, so that the checker does not hold its own
  /// type by value.
  final class Alternate: Sendable {
    let file: String
    let names: [String]
    let checker: ActivityChecker
    init(file: String, names: [String], checker: ActivityChecker) {
      self.file = file
      self.names = names
      self.checker = checker
    }

    /// The line where this file declares `name`.
    func line(of name: String) -> Int? { checker.contract.types[name]?.location.line }
  }

  /// A checker for the types of `contract`: what every payload needs is worked out here, once.
  public init(contract: ActivityContract) {
    self.contract = contract
    declared = contract.activityTypes
    declaredNames = contract.activityTypeNames
    var maps: [String: [String: String?]] = [:]
    let enums = contract.types.values.filter { $0.kind == .enumeration && $0.inherits.contains("CodingKey") && $0.path.count > 1 }
      .sorted { ($0.path.last == "CodingKeys" ? 0 : 1, $0.name) < ($1.path.last == "CodingKeys" ? 0 : 1, $1.name) }
    for e in enums {
      let owner = e.path.dropLast().joined(separator: ".")
      var map = maps[owner] ?? [:]
      for c in e.cases where map[c.name] == nil {
        switch c.rawValue {
        case nil: map[c.name] = .some(c.name)
        case .string(let raw)?: map[c.name] = .some(raw)
        default: map[c.name] = .some(nil)
        }
      }
      maps[owner] = map
    }
    keyMaps = maps
    alternates = zip(contract.alternates, contract.variants).map { alternate, variant in
      let names = alternate.types.keys.filter { key in !alternate.types.keys.contains { key.hasPrefix($0 + ".") } }.sorted()
      return Alternate(file: variant.file, names: names, checker: ActivityChecker(contract: variant.contract))
    }
  }

  /// ActivityKit's limit on the encoded `content-state`.
  public static let stateLimit = 4096
  /// Seconds from 1970-01-01 to 2001-01-01, where `Date`'s default decoding counts from.
  public static let referenceOffset: Int64 = 978_307_200

  /// Checks one payload. A `Date` is judged against the push's `aps.timestamp` (from 2022 on, in
  /// seconds); without one, against `now`, the time the push is sent (seconds since 1970: `send`,
  /// `serve`, `check --now`), and without either by what its number reads as since 1970. Nothing
  /// is reported for a payload without `content-state` and `attributes`, or that is not JSON
  /// (PayloadSchema reports that).
  ///
  /// When the files declare a type twice under one name (two modules: an app's widget extension
  /// and a plugin, as one qualified name in two files or as one bare name nested differently), the
  /// push is checked against each declaration; where they disagree, every finding says which
  /// declaration it is about (`TimerAttributes as declared in Widget.swift:3`), and a push that one
  /// of them cannot decode is reported even when the other can.
  public func check(_ payload: [UInt8], now: Int64?) -> ActivityOutcome {
    var outcome = checkOne(payload, now: now)
    guard !alternates.isEmpty else { return outcome }
    var labelled = false
    for alternate in alternates {
      let other = alternate.checker.checkOne(payload, now: now)
      guard other.findings.map(Self.signature) != outcome.findings.map(Self.signature) else { continue }
      let name = alternate.names.first ?? "the type"
      if !labelled, let first = contract.file(declaring: name) {
        let line = contract.types[name].map { ":\($0.location.line)" } ?? ""
        for i in outcome.findings.indices { outcome.findings[i].message += " (\(name) as declared in \(first)\(line))" }
        labelled = true
      }
      let line = alternate.line(of: name).map { ":\($0)" } ?? ""
      for var finding in other.findings {
        finding.message += " (\(name) as declared in \(alternate.file)\(line))"
        outcome.findings.append(finding)
      }
      if outcome.findings.isEmpty { outcome.values = other.values }
    }
    return outcome
  }

  /// What tells two checks' findings apart: rule, place and message.
  static func signature(_ f: Finding) -> String { "\(f.rule.rawValue) \(f.offset) \(f.message)" }

  /// Adds the Live Activity findings of a `liveactivity` push to its report (`PayloadReport.join`,
  /// in input order, as every command joins findings): what `check`, `serve` and `render` do with
  /// `--activity`. The app's types decide what PayloadSchema could only guess from a key's name:
  /// a `content-state-unix-date` warning about a member the types read (decoded, or reported) is
  /// dropped, since the types say whether it is a `Date` (then `activity-date-epoch` is the error)
  /// or a number the app converts itself (then nothing is wrong).
  public func amend(_ report: inout PayloadReport, body: [UInt8], now: Int64?) {
    guard report.pushType == .liveactivity else { return }
    let outcome = check(body, now: now)
    outcome.dropGuesses(from: &report.findings)
    report.join(outcome.findings)
  }

  /// ``check(_:now:)`` against this contract's own declarations only.
  func checkOne(_ payload: [UInt8], now: Int64?) -> ActivityOutcome {
    guard let tree = PayloadTree.read(payload), let root = tree.nodes.indices.last, tree.nodes[root].kind == .object,
          let aps = tree.member("aps", of: root), tree.nodes[aps.value].kind == .object else {
      return ActivityOutcome()
    }
    let apsNode = aps.value
    let state = tree.member("content-state", of: apsNode)
    let attributes = tree.member("attributes", of: apsNode)
    guard state != nil || attributes != nil else { return ActivityOutcome() }
    let event = tree.member("event", of: apsNode).flatMap { tree.nodes[$0.value].kind == .string ? tree.text($0.value) : nil }
    // The push's timestamp when it is one a Live Activity can have (seconds, 2022 or later: Apple's
    // own start sample sends 1234), else the time of sending.
    var reference = now
    var referenceName = "the time of sending"
    if let t = tree.member("timestamp", of: apsNode), tree.nodes[t.value].kind == .number, let v = Double(tree.text(t.value)),
       v.isFinite, v >= ValueCheck.firstActivityDate, v <= 1e11 {
      reference = Int64(v)
      referenceName = "the push's timestamp"
    }
    var outcome = ActivityOutcome()
    outcome.event = event
    var walk = Walk(contract: contract, keyMaps: keyMaps, tree: tree, reference: reference, referenceName: referenceName, event: event)

    if let state, tree.nodes[state.value].kind == .object, tree.compactSize(state.value) > Self.stateLimit {
      walk.report(.activityStateSize(bytes: Walk.grouped(Int64(tree.compactSize(state.value)))),
                  at: tree.nodes[state.value].start, path: "aps.content-state")
    }

    var candidates = declared
    if let named = tree.member("attributes-type", of: apsNode), tree.nodes[named.value].kind == .string {
      let name = tree.text(named.value)
      candidates = declared.filter { $0.path.last == name }
      if candidates.isEmpty {
        let names = declaredNames
        let list = names.isEmpty ? "none" : names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
        walk.report(.activityTypeUnknown(name, declared: list, nearest: Walk.nearest(name, among: names)),
                    at: tree.nodes[named.value].start, path: "aps.attributes-type")
        outcome.findings = walk.findings
        return outcome
      }
    }
    if declared.isEmpty {
      let at = state ?? attributes!
      walk.report(.noActivityTypes(at.key),
                  at: tree.nodes[at.value].start, path: "aps." + at.key)
      outcome.findings = walk.findings
      return outcome
    }

    // Whatever type the activity has, the push must decode into it: with several candidates, a
    // push that decodes into one of them is clean, and one that decodes into none is reported
    // against the nearest (fewest errors).
    var best: (findings: [Finding], errors: Int, type: TypeDeclaration, values: [DecodedValue])? = nil
    for group in Self.byBareName(candidates) {
      let tried = Self.check(group, walk: walk, state: state?.value, attributes: attributes?.value)
      if best == nil || tried.errors < best!.errors { best = tried }
      if tried.errors == 0 { break }
    }
    if let best {
      outcome.findings = best.findings
      outcome.typeName = best.type.name
      outcome.values = best.values
    }
    return outcome
  }

  /// The push against one type name: its findings, their errors, the type and the values read.
  /// Candidates of one bare name are one type declared in two modules (a plugin's and the widget
  /// extension's): ActivityKit matches the type by that name in each, so the push must decode into
  /// every one of them; where they disagree, each one's findings are reported, naming the
  /// declaration's file and line.
  static func check(_ group: [TypeDeclaration], walk: Walk, state: Int?, attributes: Int?)
    -> (findings: [Finding], errors: Int, type: TypeDeclaration, values: [DecodedValue]) {
    let attempts = group.map { type in
      var attempt = walk
      attempt.checkActivity(type, state: state, attributes: attributes)
      return attempt
    }
    let first = attempts[0]
    guard attempts.dropFirst().contains(where: { $0.findings.map(signature) != first.findings.map(signature) }) else {
      return (first.findings, first.errorCount, group[0], first.values)
    }
    var findings: [Finding] = []
    for (attempt, type) in zip(attempts, group) {
      let label = " (\(type.name) as declared in \(type.location.file):\(type.location.line))"
      findings += attempt.findings.map { f in
        var f = f
        f.message += label
        return f
      }
    }
    return (findings, attempts.reduce(0) { $0 + $1.errorCount }, group[0], first.values)
  }

  /// `types` in groups of one bare name (`Plugin.TimerAttributes` with `TimerAttributes`), each in
  /// the order given, the groups in the order of their first type.
  static func byBareName(_ types: [TypeDeclaration]) -> [[TypeDeclaration]] {
    var groups: [[TypeDeclaration]] = []
    var index: [String: Int] = [:]
    for type in types {
      let name = type.path.last ?? ""
      if let i = index[name] { groups[i].append(type) } else {
        index[name] = groups.count
        groups.append([type])
      }
    }
    return groups
  }
}

/// What the check found, and the decoded values for `render --activity`.
public struct ActivityOutcome: Sendable {
  /// The findings, in payload order of the check (PayloadSchema's `Finding`s, rules `activity-*`).
  public var findings: [Finding] = []
  /// The `ActivityAttributes` type the push was checked against (qualified), nil when none.
  public var typeName: String?
  /// `aps.event`.
  public var event: String?
  /// Each value read, with its key path, Swift type and what the app sees (a `Date` as UTC).
  public var values: [DecodedValue] = []

  /// Removes from `findings` (PayloadSchema's, of the same push) each `content-state-unix-date`
  /// warning at a key path the app's types read (a value decoded, or a finding there): the types
  /// say whether the member is a `Date`, which the warning could only guess from its name.
  public func dropGuesses(from findings: inout [Finding]) {
    let read = Set(values.map(\.keyPath) + self.findings.compactMap(\.keyPath))
    findings.removeAll { $0.payloadRule == .contentStateUnixDate && read.contains($0.keyPath ?? "") }
  }
}

/// A leaf value as the app decodes it.
public struct DecodedValue: Sendable, Hashable {
  /// Where the value stands in the payload (`aps.content-state.eta`).
  public var keyPath: String
  /// The Swift type it decodes as (`Date`, `Delivery.Phase`).
  public var type: String
  /// The value as the app sees it: `"Anne"`, `2`, `2023-11-14 22:20 UTC`.
  public var shown: String
}
