import APNsAuth
import APNsClient
import APNsLint
import ArgumentParser
import Foundation
import PayloadSchema

/// `send MESSAGE --web-push SUBSCRIPTION.json --vapid KEY.pem --sub mailto:…` (SPEC §16): the gate
/// (the message as Safari reads it), then RFC 8291 encryption to the subscription and a VAPID
/// token for its endpoint's origin, one POST, and the answer explained.
struct WebPushOptions: ParsableArguments {
  @Option(name: .customLong("web-push"), help: "Send MESSAGE as a web push to this PushSubscription JSON (endpoint, keys.p256dh, keys.auth).") var subscription: String?
  @Option(help: "With --web-push: the application server's VAPID private key (PEM).") var vapid: String?
  @Option(help: "With --web-push: the VAPID 'sub', a mailto: address or https: URL.") var sub: String?
  @Option(help: "With --web-push: the TTL header, seconds the service keeps an undelivered push (Apple: positive, 30 days at most).") var ttl: Int = 86_400
  @Option(help: "With --web-push: the Urgency header (very-low, low, normal, high).") var urgency: String?
  @Option(name: .customLong("web-push-topic"), help: "With --web-push: the Topic header (at most 32 URL-safe base64 characters): a later push with the same topic replaces this one.") var webPushTopic: String?
}

extension SendCommand {
  func sendWebPush() throws {
    guard let input, let path = webPush.subscription else { throw ToolProblem("--web-push sends one message file") }
    guard let keyPath = webPush.vapid, let subject = webPush.sub else {
      throw ToolProblem("--web-push needs --vapid KEY.pem and --sub mailto:… (the VAPID key and contact)")
    }
    func read(_ file: String, limit: Int) throws -> [UInt8] {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw ToolProblem("cannot read it", path: file)
      }
      guard data.count <= limit else {
        throw ToolProblem("more than \(limit) bytes", path: file)
      }
      return Array(data)
    }
    let message = try read(input, limit: 1 << 20)
    let subscription: WebPushSubscription
    do { subscription = try WebPushSubscription(json: try read(path, limit: 64 * 1024)) } catch {
      throw ToolProblem("not a PushSubscription: \(error)", path: path)
    }
    let signer: VAPIDSigner
    do { signer = try VAPIDSigner(key: try VAPIDKey.load(path: keyPath)) } catch {
      throw ToolProblem(error.message, path: keyPath)
    }
    let request: WebPushRequest
    do {
      request = try WebPushClient.request(message: message, to: subscription, signer: signer, subject: subject, ttl: webPush.ttl,
                                          urgency: webPush.urgency, topic: webPush.webPushTopic, now: TokenIDs.currentTime())
    } catch {
      throw ToolProblem("\(error)")
    }
    // The gate is the one APNs sends go through (`send`): the configuration `check` reads
    // (`.apns-lint.yml` or `--config`), `check`'s checks of the same request (headers, token, the
    // message before encryption) and `Linter.sendDecision`.
    let now = TokenIDs.currentTime()
    var linter = Linter(configuration: try loadConfiguration(nil), overrides: TargetOverrides(platform: .web))
    let report = linter.validate(
      request: APNsRequest(path: request.endpoint, headers: request.headers.map { RequestHeader($0.0, $0.1) }, body: message), now: now)
    let decision = linter.sendDecision(report, path: input)
    let text = TextReporter(colour: false)
    if text.hasLines(for: decision.result) { FileHandle.standardError.write(Data(text.lines(for: decision.result).utf8)) }
    if decision.blocked && !gate.force {
      complain("\(input): not sent: apns-lint predicts \(decision.predicted)\(decision.predicted.isAccepted ? " and found errors" : ""); --force sends it anyway")
      throw ExitCode(1)
    }
    if gate.dryRun || gate.curl {
      Output.standard.write(gate.curl ? request.curlCommand(showSecrets: gate.showSecrets) : request.text(showSecrets: gate.showSecrets))
      return
    }
    let ca = connection.ca
    let result: Result<WebPushResponse, WebPushClientError> = waitFor {
      do { return .success(try await WebPushClient.send(request, caFile: ca)) } catch {
        return .failure(error as? WebPushClientError ?? WebPushClientError("\(error)"))
      }
    }
    switch result {
    case .failure(let error):
      throw ToolProblem("\(request.endpoint): \(error)")
    case .success(let response):
      let reason = response.reason
      Output.standard.write("\(input): the web push service answered \(response.status)\(reason.map { " " + $0 } ?? "") over \(response.httpVersion)\n")
      if let meaning = response.meaning { Output.standard.write("  \(meaning)\n") }
      if response.status != 201 { throw ExitCode(1) }
    }
  }
}
