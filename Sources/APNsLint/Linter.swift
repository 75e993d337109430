import PayloadSchema

/// Applies a configuration: which rules run and how severe their findings are, what target and
/// options the payload validator gets. Checkers report `Finding`s with their rules' default severities;
/// the linter gives them the configuration's. It never prints.
public struct Linter: Sendable {
  public let configuration: Configuration
  /// The request the payloads are checked against (configuration overlaid with command-line flags).
  public let target: Target
  public let options: ValidationOptions
  private var validator: PayloadValidator
  private var requests: RequestValidator
  /// True when the command line does not name the platform (the configuration's `target.platform`
  /// is then the default for payloads that do not show theirs): a payload with `url-args`, which
  /// only a Safari website push reads, is checked as one (SPEC §2).
  public let platformInferred: Bool
  /// The validator for payloads found to be website pushes; made on the first one.
  private var safariValidator: PayloadValidator?

  /// - Parameters:
  ///   - configuration: severities and parameters (`Configuration.builtIn` by default).
  ///   - overrides: the command line's target flags; a nil field keeps the configuration's value.
  ///   - collectAlert: whether payload reports carry the alert's text (for localization checks).
  ///   - authentication: for requests: how the provider authenticates (nil: token when a request
  ///     has `authorization`).
  ///   - verifier: for requests: checks provider-token signatures (APNsAuth's `ProviderKeyRing`).
  public init(configuration: Configuration = .builtIn, overrides: TargetOverrides = TargetOverrides(), collectAlert: Bool = false,
              authentication: Authentication? = nil, verifier: (any ProviderTokenVerifying)? = nil) {
    self.configuration = configuration
    var target = Target(
      platform: configuration.platform, pushType: configuration.pushType, transport: configuration.transport)
    if let p = overrides.platform { target.platform = p }
    platformInferred = overrides.platform == nil
    if let t = overrides.pushType { target.pushType = t }
    if let t = overrides.transport { target.transport = t }
    target.priority = overrides.priority
    target.topic = overrides.topic
    target.collapseID = overrides.collapseID
    target.os = overrides.os
    self.target = target

    var options = ValidationOptions()
    options.sizeCounting = configuration.sizeCount
    options.warnAt = configuration.warnAt
    options.maxDepth = configuration.maxDepth
    options.collectAlert = collectAlert
    if configuration.level(of: .sensitiveData) == .off {
      options.sensitiveKeys = .none
      options.checkSensitiveValues = false
    } else {
      options.sensitiveKeys = Self.matcher(for: configuration.sensitiveKeyPatterns)
      options.checkSensitiveValues = configuration.sensitiveCheckValues
    }
    if configuration.level(of: .customKeyAllowlist) != .off {
      options.allowedCustomKeys = Set(configuration.allowedCustomKeys)
    }
    self.options = options
    validator = PayloadValidator(target: target, options: options)
    // A request says its own headers; the flags' only give the platform and transport.
    requests = RequestValidator(target: Target(platform: target.platform, transport: target.transport, os: target.os), options: options,
                                authentication: authentication, verifier: verifier)
    // A prediction judges what the verifier's keys may do (provider-token-scope).
    requests.judgesKeyScopes = true
  }

  /// The built-in patterns (``SensitiveKeyMatcher/defaultPatterns``) are matched by the
  /// allocation-free word matcher of their spellings; any other list is compiled as `KeyPattern`s.
  static func matcher(for patterns: [String]) -> SensitiveKeyMatcher {
    if patterns == SensitiveKeyMatcher.defaultPatterns { return .defaultWords }
    // Linear-time matching whatever the pattern (`KeyPattern`); the configuration refuses what
    // it cannot compile, so nothing is dropped here.
    let compiled = patterns.compactMap { try? KeyPattern($0) }
    if compiled.isEmpty { return .none }
    return SensitiveKeyMatcher { key in compiled.contains { $0.matches(key) } }
  }

  /// The rules that run (not `off`), in catalogue order.
  public var rulesRun: [String] {
    Rule.catalogue.filter { configuration.level(of: $0.id) != .off }.map(\.id.rawValue)
  }

  /// Gives findings their configured severity (`Finding.ruleSeverity`); drops those of rules
  /// that are `off`. Every finding then has its rule's configured severity (an unreached one is information).
  public func configured(_ findings: [Finding]) -> [Finding] {
    Self.configured(findings, configuration: configuration)
  }

  /// `configured(_:)` for any configuration.
  public static func configured(_ findings: [Finding], configuration: Configuration) -> [Finding] {
    var out: [Finding] = []
    out.reserveCapacity(findings.count)
    for var f in findings {
      guard case .on(let severity) = configuration.level(of: f.rule) else { continue }
      f.ruleSeverity = severity
      out.append(f)
    }
    return out
  }

  /// Validates one payload; `report.alert` is filled when the linter collects alerts.
  ///
  /// With the platform inferred (``platformInferred``), a payload whose `aps.url-args` the target's
  /// platform ignores may be a Safari website push (only Safari reads `url-args`): it is checked
  /// as one, and that report returned, unless two or more of its other `aps` keys are ones Safari
  /// does not read (`appOnlyApsKeys(_:)`: a payload with `badge`, `sound`, `thread-id`,
  /// `category` and a stray `url-args` is an app's push, as PyAPNs2's test payloads are; its
  /// `url-args` stays the information it is there). Chunked payloads (`begin`/`feed`/`finish`)
  /// are not re-read: they are over any website push's size anyway.
  ///
  /// A web push message (SPEC §16) is checked by `DeclarativePushValidator`: always with
  /// `--platform web`, and with the platform inferred when the payload has no `aps` and a
  /// top-level `web_push` (what no APNs payload has: valid APNs payloads never pay for the look).
  public mutating func validate(_ bytes: UnsafeRawBufferPointer) -> PayloadReport {
    if target.platform == .web { return Self.webPush(bytes) }
    var report = validator.validate(bytes)
    if report.findings.contains(where: { $0.rule == .apsMissing }), DeclarativePushValidator.isWebPush(bytes) {
      if platformInferred { return Self.webPush(bytes) }
      // Named a native platform: say what the payload is.
      for i in report.findings.indices where report.findings[i].rule == .apsMissing {
        report.findings[i].message += "; this is a declarative web push message ('web_push'), which goes to a browser's push endpoint, not to APNs: check it with --platform web"
      }
      return report
    }
    guard platformInferred, target.platform != .safari,
          report.findings.contains(where: { $0.rule == .urlArgsInAppPush })
    else { return report }
    if safariValidator == nil {
      var safari = target
      safari.platform = .safari
      safariValidator = PayloadValidator(target: safari, options: options)
    }
    safariValidator!.simulatorFile = validator.simulatorFile
    safariValidator!.sendingTime = validator.sendingTime
    return Self.appOnlyApsKeys(bytes) <= 1 ? safariValidator!.validate(bytes) : report
  }

  /// How many keys Apple defines in `aps` a payload has that a Safari website push does not read:
  /// Safari reads `alert` (`title`, `body`, `action`) and `url-args` only (Apple, "Configuring
  /// Safari Push Notifications"). One stray key (a `sound` copied in) is as likely a website push
  /// as an app's; `badge`, `sound`, `thread-id` and `category` together (PyAPNs2's test payloads)
  /// are an app's push with a stray `url-args`. Read only for a payload with `url-args`.
  static func appOnlyApsKeys(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard let spans = JSONSpans(Array(bytes)), spans.root.kind == .object,
          let aps = spans.root.members.first(where: { $0.key == "aps" })?.value, aps.kind == .object else { return 0 }
    return aps.members.reduce(0) { count, member in
      member.key != "alert" && member.key != "url-args" && Schema.aps.contains { "\($0.name)" == member.key } ? count + 1 : count
    }
  }

  /// A web push message's report in the payload report's shape: its findings, its size against
  /// the 3993 bytes a web push body holds.
  static func webPush(_ bytes: UnsafeRawBufferPointer) -> PayloadReport {
    var web = DeclarativePushValidator()
    let found = web.validate(bytes)
    var report = PayloadReport(findings: found.findings, size: found.size, limit: found.limit, pushType: .alert)
    report.isWebPush = true
    return report
  }

  /// Starts a payload read in chunks (a record too large to hold in memory).
  public mutating func begin() { validator.begin() }
  /// Reads the next chunk of the payload begun with `begin()`.
  public mutating func feed(_ chunk: UnsafeRawBufferPointer) { validator.feed(chunk) }
  /// True once the chunked payload holds an error after which nothing more is read.
  public var hasStopped: Bool { validator.hasStopped }
  /// Ends the chunked payload.
  public mutating func finish() -> PayloadReport { validator.finish() }

  /// The result for one payload: size, limit, push type and its findings, configured. `extra` are further
  /// findings about it (the localization checks), joined as every command joins them (`PayloadReport.join`).
  public func result(_ report: PayloadReport, path: String, record: Int?, extra: [Finding] = []) -> LintResult {
    Self.result(report, path: path, record: record, extra: extra, configuration: configuration)
  }

  /// `result(_:path:record:extra:)` without a linter at hand: a per-record caller that holds a
  /// linter `inout` passes its configuration, and the (large) linter is not copied for the call.
  public static func result(_ report: PayloadReport, path: String, record: Int?, extra: [Finding] = [], configuration: Configuration) -> LintResult {
    let pushType = report.isWebPush ? "web" : report.pushType.rawValue
    var report = report
    report.join(extra)
    if report.findings.isEmpty {
      return LintResult(path: path, record: record, bytes: report.size, limit: report.limit,
                        pushType: pushType, apns: report.isWebPush ? .webPushAccepted : .accepted, findings: [])
    }
    var findings = report.findings
    if record != nil {
      // In a stream, the line is the stream's line; each record is one line.
      for i in findings.indices { findings[i].line = record ?? findings[i].line }
    }
    return LintResult(path: path, record: record, bytes: report.size, limit: report.limit,
                      pushType: pushType, apns: verdict(report, configuration: configuration),
                      findings: configured(findings, configuration: configuration))
  }

  /// What a sender does with a request the gate checked (SPEC §12, "The gate"): the one
  /// decision `send`, `send --batch` and `channel` make, on the same result `check` prints. The
  /// answer predicted leaves out rules the configuration turns off, as `check`'s does; the request
  /// is held back when APNs would refuse it or a rule that is on finds an error.
  public func sendDecision(_ report: PayloadReport, path: String = "") -> SendDecision {
    let result = self.result(report, path: path, record: nil)
    let predicted = result.apns ?? .accepted
    return SendDecision(result: result, predicted: predicted,
                        blocked: predicted.holdsBack(with: result.findings))
  }

  /// The report's verdict without the findings of rules the configuration turns off.
  static func verdict(_ report: PayloadReport, configuration: Configuration) -> APNsAnswer {
    report.refusal { configuration.level(of: $0.rule) != .off }?.apnsAnswer ?? (report.isWebPush ? .webPushAccepted : .accepted)
  }

  /// Validates a request (SPEC §9) with the linter's platform and options: method, path, headers
  /// and the body as sent. `now` is the clock for provider tokens and `apns-expiration`.
  /// A web push request (SPEC §16: `--platform web`, or a request that is one by its path,
  /// headers or body) is checked by `WebPushRequestCheck` instead.
  public mutating func validate(request: APNsRequest, now: Int64?) -> PayloadReport {
    if target.platform == .web || WebPushRequestCheck.isWebPush(request) { return WebPushRequestCheck.validate(request, now: now) }
    return requests.validate(request, now: now)
  }

  /// The APNs environment requests go to (`--environment`, or a request file's host), against
  /// which a scoped key is judged (`provider-token-scope`); nil: not known.
  public var environment: PushEnvironment? {
    get { requests.environment }
    set { requests.environment = newValue }
  }

  /// Whether the next payload is a `.apns` file (its `Simulator Target Bundle` is not counted).
  public var simulatorFile: Bool {
    get { validator.simulatorFile }
    set { validator.simulatorFile = newValue }
  }

  /// The time the pushes are sent, in seconds since 1970, against which a Live Activity's
  /// `timestamp` and `stale-date` are judged (`ValidationOptions.sendingTime`): `send` and `serve`
  /// set their clock, `check` the time `--now` gives; nil (the default) judges no date against a
  /// clock. Payloads and request bodies alike.
  public var sendingTime: Int64? {
    get { validator.sendingTime }
    set {
      validator.sendingTime = newValue
      requests.sendingTime = newValue
      safariValidator?.sendingTime = newValue
    }
  }

}

/// The target flags of the command line (`--platform`, `--push-type`, …); nil keeps the configuration's.
public struct TargetOverrides: Sendable {
  public var platform: Platform?
  public var pushType: PushType?
  public var transport: Transport?
  public var priority: Int?
  public var topic: String?
  public var collapseID: String?
  /// The devices' OS version (`Target.os`).
  public var os: OSVersion?

  public init(platform: Platform? = nil, pushType: PushType? = nil, transport: Transport? = nil,
              priority: Int? = nil, topic: String? = nil, collapseID: String? = nil, os: OSVersion? = nil) {
    self.platform = platform
    self.pushType = pushType
    self.transport = transport
    self.priority = priority
    self.topic = topic
    self.collapseID = collapseID
    self.os = os
  }
}

/// A sender's decision on one request (``Linter/sendDecision(_:path:)``).
public struct SendDecision: Sendable {
  /// The gate's findings, configured, as `check` prints them.
  public var result: LintResult
  /// The answer APNs would give, without rules turned off.
  public var predicted: APNsAnswer
  /// Whether the request is held back (unless forced): a predicted refusal, or an error finding.
  public var blocked: Bool
}
