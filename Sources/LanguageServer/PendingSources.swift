import APNsLint
import Foundation

/// The workspace's code (``SourceKeys``), read on a thread of its own from `initialize` on. A
/// large workspace takes a second or more to read; the answer to `initialize`, payload checks,
/// hover and completion do not wait for it. The first table check waits (``wait()``), so that no
/// table is ever checked as if no code named its keys: a warning shown and then withdrawn is
/// worse than a diagnostic a moment later.
final class PendingSources: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written once by the reading thread before `done` is signalled; read only after it is.
  private var result: (keys: SourceKeys?, note: String?) = (nil, nil)

  /// Starts `read` on another thread.
  init(_ read: @escaping @Sendable () -> (keys: SourceKeys?, note: String?)) {
    let thread = Thread { [self] in
      result = read()
      done.signal()
    }
    thread.name = "apns-lint lsp: reading the workspace's code"
    thread.start()
  }

  /// What was read, once it is (at once after the first call).
  func wait() -> (keys: SourceKeys?, note: String?) {
    done.wait()
    done.signal()
    return result
  }
}
