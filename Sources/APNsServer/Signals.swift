import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension APNsServer {
  /// Takes SIGINT and SIGTERM away from their default handler (and ignores SIGPIPE), so that a
  /// server started after it stops gracefully (`waitForSignal()`). Call before `start(_:)`.
  public static func takeSignals() {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
  }

  /// Blocks until SIGINT or SIGTERM arrives (taken by a dispatch source), then returns: the
  /// caller shuts the server down (GOAWAY Shutdown, the streams already accepted answered, the
  /// log written).
  public func waitForSignal() {
    let stopped = DispatchSemaphore(value: 0)
    let queue = DispatchQueue(label: "apns-lint.serve.signals")
    let sources = [SIGINT, SIGTERM].map { signalNumber in
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
      source.setEventHandler { stopped.signal() }
      source.resume()
      return source
    }
    stopped.wait()
    for source in sources { source.cancel() }
  }
}
