import ActivityContract
import PayloadSchema

extension CheckRun {
  /// The report of a payload file that is an envelope (SPEC §8, "Envelopes": an FCM message, an
  /// SNS or OneSignal request body, members without their object), or nil when it is not one.
  ///
  /// Only a report with findings is looked at again (an envelope always has some as a bare
  /// payload: no `aps`, or not one JSON value), and `PayloadEnvelope.recognize` stops at a
  /// top-level `aps`: a plain payload pays nothing more. Each APNs part is checked as a request
  /// without a path, with the headers the file gives, then those of the command line and the
  /// configuration (`--push-type`, `--priority`, `--topic`, `--collapse-id`) unless the file gives
  /// them: the header rules apply to them. The Live Activity contract (`--activity`) and the
  /// localization rules (`--strings`) see each part. A `.apns` file, a web push message and
  /// `--platform web` are never envelopes.
  mutating func envelopeReport(_ bytes: [UInt8], plain: PayloadReport) -> PayloadReport? {
    guard !plain.findings.isEmpty, !plain.isWebPush, !linter.simulatorFile, linter.target.platform != .web,
          let envelope = PayloadEnvelope.recognize(bytes, maxDepth: linter.options.maxDepth,
                                                   compactFragment: linter.configuration.sizeCount == .compact)
    else { return nil }
    let target = linter.target
    let (activity, now, sendingTime, localize) = (self.activity, self.now, self.sendingTime, self.localize)
    let pushType = target.pushType ?? .alert
    return envelope.report(pushType: pushType, limit: target.sizeLimit(for: pushType), validate: { part in
      var headers = part.headers
      func add(_ name: String, _ value: String?) {
        guard let value, !headers.contains(where: { $0.name.lowercased() == name }) else { return }
        headers.append(RequestHeader(name, value))
      }
      add("apns-push-type", target.pushType?.rawValue)
      add("apns-priority", target.priority.map(String.init))
      add("apns-topic", target.topic)
      add("apns-collapse-id", target.collapseID)
      var report = linter.validate(request: APNsRequest(path: nil, headers: headers, body: part.body), now: now)
      ActivitySources.apply(activity, to: &report, body: part.body, now: sendingTime)
      return report
    }, extra: { localize?($0) ?? [] })
  }
}
