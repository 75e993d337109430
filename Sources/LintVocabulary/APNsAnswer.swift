/// An answer of APNs: an HTTP status and, for a refusal, the `reason` and `timestamp` of its
/// JSON body.
public struct APNsAnswer: Sendable, Hashable, Codable, CustomStringConvertible {
  /// 200 for an accepted push.
  public var status: Int
  /// The documented reason (`BadDeviceToken`, `PayloadTooLarge`, …); nil when accepted.
  public var reason: String?
  /// For 410 (`Unregistered`, `ExpiredToken`): when the token stopped being valid, in
  /// milliseconds since 1970; nil for every other answer. `serve` sends it; APNsClient's
  /// `APNsDelivery` keeps a real answer's beside its `answer` (status and reason only), so that
  /// the answer compares with a prediction.
  public var timestamp: Int64?

  /// Makes an answer; `timestamp` only for 410.
  public init(status: Int, reason: String?, timestamp: Int64? = nil) {
    self.status = status
    self.reason = reason
    self.timestamp = timestamp
  }

  /// 200, no reason.
  public static let accepted = APNsAnswer(status: 200, reason: nil)
  /// What Apple's web push service answers a push it takes (SPEC §16): 201 Created.
  public static let webPushAccepted = APNsAnswer(status: 201, reason: nil)

  /// Whether the push is accepted: 200 from APNs, 201 from the web push service (SPEC §16).
  public var isAccepted: Bool { status == 200 || status == 201 }

  /// `200` or `400 BadPriority`.
  public var description: String { reason.map { "\(status) \($0)" } ?? "\(status)" }
}

extension APNsAnswer {
  /// The send decision (SPEC §12, "The gate"), for a request whose predicted answer is `self`:
  /// held back when APNs would refuse it or a finding is an error. `Linter.sendDecision` (`send`,
  /// `send --batch`, `channel`) and APNsClient's gate (`APNsGateDecision`) both ask this.
  public func holdsBack<S: Sequence>(with findings: S) -> Bool where S.Element == Finding {
    !isAccepted || findings.contains { $0.severity == .error }
  }
}
