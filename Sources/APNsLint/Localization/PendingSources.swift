import Foundation

/// The code below a folder (``SourceKeys``), read on a thread of its own while the tables are
/// linted: the language server starts it at `initialize` (payload checks, hover and completion do
/// not wait for it; the first table check does, so that no table is ever checked as if no code
/// named its keys), `strings lint` before its walk of the tables (reading a project's code is
/// half of a run over it, and the two overlap where either waits).
public final class PendingSources: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written once by the reading thread before `done` is signalled; read only after it is.
  private var result: (keys: SourceKeys?, note: String?) = (nil, nil)

  /// Starts `read` on another thread.
  public init(_ read: @escaping @Sendable () -> (keys: SourceKeys?, note: String?)) {
    let thread = Thread { [self] in
      result = read()
      done.signal()
    }
    thread.name = "apns-lint: reading the code"
    thread.start()
  }

  /// What was read, once it is (at once after the first call).
  public func wait() -> (keys: SourceKeys?, note: String?) {
    done.wait()
    done.signal()
    return result
  }
}
