// Provider code imports this module alone and finds the findings' words in it too.
@_exported import LintVocabulary

/// PayloadSchema checks an APNs payload as it reads it: one pass over the UTF-8 bytes, no tree.
///
/// ```swift
/// var validator = PayloadValidator(target: Target(platform: .ios))
/// let report = validator.validate(bytes)        // [UInt8], Data, a buffer…
/// for f in report.findings { print(f.line, f.column, f.rule.rawValue, f.message) }
/// ```
///
/// Keep one validator and call `validate` for every push: after the first payload it allocates
/// nothing on a valid payload (findings are allocated only when there are some). For a stream, use
/// `begin()`, `feed(_:)` for each chunk and `finish()`: memory stays constant whatever the size.
///
/// What it checks is SPEC §3's "JSON", "Payload structure" and "Push type and headers" rules,
/// driven by the `aps` key table in `Schema.swift`; the size limits are SPEC §2's. What it sees is a
/// `Finding` (LintVocabulary's, re-exported here: the one finding type of every module of the
/// package) with its rule's id and default severity; each rule is one `RuleDefinition` in
/// `Rules/`, and a caller may give other severities (APNsLint's `Linter`).
///
/// Folders: `Core/` (the report, the target, push availability),
/// `JSON/` (the reader), `Checker/` (the checks and the fast lane), `Request/` (method, path,
/// headers, provider token), `Rules/` (the rules, one definition each, by family).
///
/// How it reads: `JSONReader.swift` is a resumable event reader (chunks split anywhere) and
/// `Checker.swift` the state machine that checks its events; together they read everything, report
/// everything, and serve `feed`. `validate` first tries the fast lane (`FastLane.swift`): a
/// recursive-descent reader of a whole buffer that walks the same schema and fills the same facts,
/// and gives up at the first sign of a finding made while reading, so that the general reader
/// reports it. Both end in the same end-of-payload checks, so a report never depends on the lane
/// (tests and a fuzz target compare them). A validator is a value: copies share nothing mutable,
/// and one per thread validates in parallel.
public struct PayloadValidator: Sendable {
  /// What payloads are checked against (its headers are replaced by `validate(_:headers:)`'s).
  public private(set) var target: Target
  public private(set) var options: ValidationOptions
  private var reader: JSONReader
  private var checker: Checker
  // Streaming: positions of findings are resolved chunk by chunk, while the bytes are at hand.
  private var streamLine = 1
  private var streamColumn = 1
  private var streamResolved = 0
  private var streamStart = 0

  public init(target: Target = Target(), options: ValidationOptions = ValidationOptions()) {
    self.target = target
    self.options = options
    reader = JSONReader(maxDepth: options.maxDepth)
    checker = Checker(target: target, options: options)
  }

  /// `ValidationOptions.simulatorFile`, switched per input (a folder holds `.json` and `.apns` files).
  public var simulatorFile: Bool {
    get { options.simulatorFile }
    set {
      options.simulatorFile = newValue
      // The checker reads it too (the near-miss hint, and the fast lane stays out of .apns files):
      // set here only, the hint never showed when a command line switched it per file.
      checker.options.simulatorFile = newValue
    }
  }

  /// `ValidationOptions.sendingTime`, switched per push (`serve` and `send` set the time each push
  /// is sent; allocates nothing).
  public var sendingTime: Int64? {
    get { options.sendingTime }
    set {
      options.sendingTime = newValue
      checker.options.sendingTime = newValue
    }
  }

  /// Validates one complete payload with the request headers it travels with (push type,
  /// priority, topic, collapse id), which replace the target's for this call. Allocates nothing
  /// on a valid payload, whatever the headers: keep one validator for every push.
  public mutating func validate(_ bytes: UnsafeRawBufferPointer, headers: PushHeaders) -> PayloadReport {
    checker.setHeaders(headers)
    return validate(bytes)
  }

  /// `validate(_:headers:)` for any collection of bytes.
  public mutating func validate<Bytes: Collection>(_ bytes: Bytes, headers: PushHeaders) -> PayloadReport where Bytes.Element == UInt8 {
    checker.setHeaders(headers)
    return validate(bytes)
  }

  /// Switches the transport (a request's path decides it); allocates nothing.
  mutating func setTransport(_ transport: Transport) {
    if transport != target.transport {
      target.transport = transport
      checker.setTransport(transport)
    }
  }

  /// The headers the next payloads are checked with (the target's, or the last call's).
  public var headers: PushHeaders { PushHeaders(checker.target) }

  /// Validates one complete payload.
  public mutating func validate(_ bytes: UnsafeRawBufferPointer) -> PayloadReport {
    checker.reset()
    let buffer = bytes.bindMemory(to: UInt8.self)
    // The fast lane reads most payloads; what it gives up on is read again by the general reader.
    if checker.fastLaneApplies, let base = buffer.baseAddress,
       let whitespace = checker.fastScan(base, buffer.count, maxDepth: options.maxDepth),
       !options.collectAlert || checker.collectAlertAfterFastScan(base, buffer.count) {
      let report = finishReport(total: buffer.count, whitespace: whitespace, bom: 0, failed: false, empty: false)
      if report.findings.isEmpty && !report.hasAlert { return report }
      return resolved(report, in: buffer, from: 0, line: 1, column: 1).0
    }
    reader.reset()
    checker.reset()
    reader.read(buffer, isFinal: true, handler: &checker)
    let report = finishReport()
    if report.findings.isEmpty && !report.hasAlert { return report }
    return resolved(report, in: buffer, from: 0, line: 1, column: 1).0
  }

  /// Validates one complete payload held in any collection of bytes (`[UInt8]`, `Data`, a slice…).
  public mutating func validate<Bytes: Collection>(_ bytes: Bytes) -> PayloadReport where Bytes.Element == UInt8 {
    if let report = bytes.withContiguousStorageIfAvailable({ validate(UnsafeRawBufferPointer($0)) }) {
      return report
    }
    let copy = Array(bytes)
    return copy.withUnsafeBytes { validate($0) }
  }

  /// Starts a payload that arrives in chunks.
  public mutating func begin() {
    reader.reset()
    checker.reset()
    streamLine = 1; streamColumn = 1; streamResolved = 0; streamStart = 0
    resolvedOffsets.removeAll(keepingCapacity: true)
  }

  /// Reads the next chunk of the payload begun with `begin()`.
  public mutating func feed(_ chunk: UnsafeRawBufferPointer) {
    let buffer = chunk.bindMemory(to: UInt8.self)
    reader.read(buffer, isFinal: false, handler: &checker)
    resolveStream(buffer)
  }

  /// True once the chunks fed since `begin()` hold an error after which nothing more is read
  /// (`json-syntax`, `json-too-deep`): a caller streaming a large input can stop reading there.
  public var hasStopped: Bool { reader.failed }

  /// Ends the payload begun with `begin()` and returns its report.
  public mutating func finish() -> PayloadReport {
    reader.read(UnsafeBufferPointer(start: nil, count: 0), isFinal: true, handler: &checker)
    resolveStream(UnsafeBufferPointer(start: nil, count: 0))
    var report = finishReport()
    // Findings made at the end point at offsets already resolved, or at the payload's start.
    for i in report.findings.indices where report.findings[i].line == 0 {
      if let known = checker.findings.first(where: { $0.offset == report.findings[i].offset && $0.line > 0 }) {
        report.findings[i].line = known.line
        report.findings[i].column = known.column
      } else if let p = resolvedOffsets[report.findings[i].offset] {
        report.findings[i].line = p.line
        report.findings[i].column = p.column
      } else {
        report.findings[i].line = 1
        report.findings[i].column = 1
      }
    }
    if var a = report.alert {
      let table = resolvedOffsets
      if let p = table[a.offset] { a.line = p.line; a.column = p.column }
      a.mapFields { f in if let p = table[f.offset] { f.line = p.line; f.column = p.column } }
      report.alert = a
    }
    return report
  }

  private var resolvedOffsets: [Int: (line: Int, column: Int)] = [:]

  private mutating func resolveStream(_ chunk: UnsafeBufferPointer<UInt8>) {
    // Offsets the end-of-payload checks may point at later are resolved now, with the bytes: every
    // offset the facts hold (`Checker.forEachRecordedOffset`, none of them named here).
    var wanted: [Int] = []
    for f in checker.findings[streamResolved...] { wanted.append(f.offset) }
    let start = streamStart
    checker.forEachRecordedOffset { o in if o >= start { wanted.append(o) } }
    if let a = checker.alert {
      // Only the fields read in this chunk: walking (or copying) every field for every chunk made
      // a stream with 500,000 loc-args quadratic.
      a.forEachField(since: streamStart) { wanted.append($0) }
      if a.offset >= streamStart { wanted.append(a.offset) }
    }
    let open = reader.openOffsets
    for o in [open.token, open.escape, open.surrogate] where o >= streamStart { wanted.append(o) }
    wanted.sort()
    var position = LineIndex(line: streamLine, column: streamColumn), i = 0
    // `<=`: a finding at the end of the input (truncated payload) points just past the last byte.
    for o in wanted where o >= streamStart && o <= streamStart + chunk.count {
      let target = o - streamStart
      while i < target {
        position.step(chunk[i])
        i += 1
      }
      resolvedOffsets[o] = (position.line, position.column)
    }
    while i < chunk.count {
      position.step(chunk[i])
      i += 1
    }
    let line = position.line, column = position.column
    for k in checker.findings.indices[streamResolved...] {
      if let p = resolvedOffsets[checker.findings[k].offset] {
        checker.findings[k].line = p.line
        checker.findings[k].column = p.column
      }
    }
    streamResolved = checker.findings.count
    streamLine = line
    streamColumn = column
    streamStart += chunk.count
  }

  /// Runs the end-of-payload checks and builds the report (positions not yet resolved).
  private mutating func finishReport() -> PayloadReport {
    finishReport(total: reader.offset, whitespace: reader.whitespaceBytes, bom: reader.bomBytes, failed: reader.failed,
                 empty: !reader.sawValue && !reader.failed)
  }

  /// The end of `finishReport()` given what the reading counted (the fast lane counts it too).
  private mutating func finishReport(total: Int, whitespace: Int, bom: Int, failed: Bool, empty: Bool) -> PayloadReport {
    let pushType = checker.pushType()
    let limit = target.sizeLimit(for: pushType)
    var size = total
    var simulatorBytes = 0
    if options.simulatorFile && !failed { simulatorBytes = checker.simulatorMemberBytes() }
    if options.sizeCounting == .compact && !failed {
      size = total - whitespace - bom - simulatorBytes
    } else {
      size = total - simulatorBytes
    }
    checker.finish(size: size, limit: limit, pushType: pushType, empty: empty)
    if options.sizeCounting == .compact && !failed && !empty && total - simulatorBytes > limit && size <= limit {
      checker.report(.payloadWhitespace(written: total - simulatorBytes, compact: size, limit: limit), at: 0, path: nil)
    }
    checker.checkHeaders(pushType: pushType)
    var findings = checker.findings
    if !options.disabledRules.isEmpty && !findings.isEmpty {
      findings.removeAll { $0.payloadRule.map(options.disabledRules.contains) ?? false }
    }
    if findings.count > 1 {
      findings = findings.enumerated().sorted { a, b in
        a.element.offset != b.element.offset ? a.element.offset < b.element.offset : a.offset < b.offset
      }.map(\.element)
    }
    // The alert (448 bytes inline) is copied only when there is one to keep: a ternary with `nil`
    // materialized and copied it for every payload.
    var report = PayloadReport(findings: findings, size: size, limit: limit, pushType: pushType)
    if options.collectAlert && checker.alert != nil { report.alert = checker.alert }
    return report
  }

  /// Fills in line and column from the bytes (one pass, only when there is something to place).
  private func resolved(_ report: PayloadReport, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, column: Int) -> (PayloadReport, Int, Int) {
    let placeAlert = report.hasAlert && options.alertPositions
    if report.findings.isEmpty && !placeAlert { return (report, line, column) }
    var report = report
    var offsets = report.findings.map(\.offset)
    if placeAlert, let a = report.alert {
      offsets.append(a.offset)
      offsets += a.allFields().map(\.offset)
    }
    offsets.sort()
    // Positions in the order of `offsets`, looked up by binary search (no hashing per payload).
    var positions: [(line: Int, column: Int)] = []
    positions.reserveCapacity(offsets.count)
    var l = line, c = column, i = 0
    for o in offsets {
      let target = min(o - start, bytes.count)
      while i < target {
        let b = bytes[i]
        if b == 0x0A { l += 1; c = 1 } else if b & 0xC0 != 0x80 { c += 1 }
        i += 1
      }
      positions.append((l, c))
    }
    func position(_ offset: Int) -> (line: Int, column: Int)? {
      var lo = 0, hi = offsets.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if offsets[mid] < offset { lo = mid + 1 } else { hi = mid }
      }
      return lo < offsets.count && offsets[lo] == offset ? positions[lo] : nil
    }
    for k in report.findings.indices {
      if let p = position(report.findings[k].offset) {
        report.findings[k].line = p.line
        report.findings[k].column = p.column
      }
    }
    if placeAlert, var a = report.alert {
      if let p = position(a.offset) { a.line = p.line; a.column = p.column }
      a.mapFields { f in if let p = position(f.offset) { f.line = p.line; f.column = p.column } }
      report.alert = a
    }
    return (report, l, c)
  }
}

/// The request headers that travel with one payload and change what is checked (SPEC §2): the
/// push type (nil: inferred from the payload), `apns-priority`, `apns-topic`, `apns-collapse-id`.
public struct PushHeaders: Sendable, Hashable, Codable {
  public var pushType: PushType?
  public var priority: Int?
  public var topic: String?
  public var collapseID: String?

  public init(pushType: PushType? = nil, priority: Int? = nil, topic: String? = nil, collapseID: String? = nil) {
    self.pushType = pushType
    self.priority = priority
    self.topic = topic
    self.collapseID = collapseID
  }

  /// The headers a target names.
  public init(_ target: Target) {
    self.init(pushType: target.pushType, priority: target.priority, topic: target.topic, collapseID: target.collapseID)
  }
}

extension AlertText {
  func allFields() -> [Field] {
    var all: [Field] = []
    for f in [title, subtitle, body, titleLocKey, subtitleLocKey, locKey, actionLocKey] { if let f { all.append(f) } }
    all += titleLocArgs ?? []
    all += subtitleLocArgs ?? []
    all += locArgs ?? []
    return all
  }

  /// Calls `body` with the offset of every field at or after `start`. Array fields are in input
  /// order, so each is walked back from its end only as far as `start`.
  func forEachField(since start: Int, _ visit: (Int) -> Void) {
    for f in [title, subtitle, body, titleLocKey, subtitleLocKey, locKey, actionLocKey] {
      if let f, f.offset >= start { visit(f.offset) }
    }
    for list in [titleLocArgs, subtitleLocArgs, locArgs] {
      guard let list else { continue }
      var i = list.count - 1
      while i >= 0 && list[i].offset >= start { visit(list[i].offset); i -= 1 }
    }
  }

  mutating func mapFields(_ body: (inout Field) -> Void) {
    func one(_ f: inout Field?) { if var v = f { body(&v); f = v } }
    func many(_ f: inout [Field]?) { if var v = f { for i in v.indices { body(&v[i]) }; f = v } }
    one(&title); one(&subtitle); one(&self.body); one(&titleLocKey); one(&subtitleLocKey); one(&locKey); one(&actionLocKey)
    many(&titleLocArgs); many(&subtitleLocArgs); many(&locArgs)
  }
}
