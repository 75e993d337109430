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

  /// Checks one payload. `now` (seconds since 1970) is the reference for dates when the payload has
  /// no `aps.timestamp`. Nothing is reported for a payload without `content-state` and
  /// `attributes`, or that is not JSON (PayloadSchema reports that).
  ///
  /// When a file declares one of the types again under the same name (two modules: an app's
  /// widget extension and a plugin), the push is checked against each declaration; where they
  /// disagree, every finding says which declaration it is about (`TimerAttributes as declared in
  /// Widget.swift`), and a push that one of them cannot decode is reported even when the other can.
  public func check(_ payload: [UInt8], now: Int64) -> ActivityOutcome {
    var outcome = checkOne(payload, now: now)
    guard !alternates.isEmpty else { return outcome }
    func signature(_ f: Finding) -> String { "\(f.rule.rawValue) \(f.offset) \(f.message)" }
    var labelled = false
    for alternate in alternates {
      let other = alternate.checker.checkOne(payload, now: now)
      guard other.findings.map(signature) != outcome.findings.map(signature) else { continue }
      let name = alternate.names.first ?? "the type"
      if !labelled, let first = contract.file(declaring: name) {
        for i in outcome.findings.indices { outcome.findings[i].message += " (\(name) as declared in \(first))" }
        labelled = true
      }
      for var finding in other.findings {
        finding.message += " (\(name) as declared in \(alternate.file))"
        outcome.findings.append(finding)
      }
      if outcome.findings.isEmpty { outcome.values = other.values }
    }
    return outcome
  }

  /// ``check(_:now:)`` against this contract's own declarations only.
  func checkOne(_ payload: [UInt8], now: Int64) -> ActivityOutcome {
    guard let tree = PayloadTree.read(payload), let root = tree.nodes.indices.last, tree.nodes[root].kind == .object,
          let aps = tree.member("aps", of: root), tree.nodes[aps.value].kind == .object else {
      return ActivityOutcome()
    }
    let apsNode = aps.value
    let state = tree.member("content-state", of: apsNode)
    let attributes = tree.member("attributes", of: apsNode)
    guard state != nil || attributes != nil else { return ActivityOutcome() }
    let event = tree.member("event", of: apsNode).flatMap { tree.nodes[$0.value].kind == .string ? tree.text($0.value) : nil }
    var reference = now
    if let t = tree.member("timestamp", of: apsNode), tree.nodes[t.value].kind == .number, let v = Double(tree.text(t.value)),
       v.isFinite, abs(v) < 1e15 {
      reference = Int64(v)
    }
    var outcome = ActivityOutcome()
    outcome.event = event
    var walk = Walk(contract: contract, keyMaps: keyMaps, tree: tree, reference: reference, event: event)

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
    var best: (walk: Walk, errors: Int, type: TypeDeclaration)? = nil
    for type in candidates {
      var attempt = walk
      attempt.checkActivity(type, state: state?.value, attributes: attributes?.value)
      let errors = attempt.errorCount
      if best == nil || errors < best!.errors { best = (attempt, errors, type) }
      if errors == 0 { break }
    }
    if let best {
      outcome.findings = best.walk.findings
      outcome.typeName = best.type.name
      outcome.values = best.walk.values
    }
    return outcome
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
