import Dispatch
import Foundation

/// Work spread over a bounded number of threads, each taking the next index until none is left.
/// Results go to the index's own slot, so what comes out is in input order whatever the number of
/// threads and however they are scheduled.
enum Concurrent {
  /// Calls `body` for every index below `count` on up to `jobs` threads (the calling thread alone
  /// when `jobs` is 1). `body` must touch only what belongs to its index, or read shared values.
  static func forEach(_ count: Int, jobs: Int, _ body: (Int) -> Void) {
    let threads = min(jobs, count)
    if threads <= 1 {
      for index in 0..<count { body(index) }
      return
    }
    let next = NextIndex()
    withoutActuallyEscaping(body) { body in
      let shared = UncheckedSendable(body)
      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        while true {
          let index = next.take()
          guard index < count else { return }
          shared.value(index)
        }
      }
    }
  }

  /// `items.map(transform)`, the items spread over up to `jobs` threads.
  static func map<T, R>(_ items: [T], jobs: Int, _ transform: (T) -> R) -> [R] {
    [R](unsafeUninitializedCapacity: items.count) { out, initialized in
      items.withUnsafeBufferPointer { input in
        let buffers = UncheckedSendable((input, out))
        forEach(items.count, jobs: jobs) { index in
          let (input, out) = buffers.value
          (out.baseAddress! + index).initialize(to: transform(input[index]))
        }
      }
      initialized = items.count
    }
  }

  /// `transform` applied to every element of `items`, which it may change, on up to `jobs` threads.
  static func map<T, R>(updating items: inout [T], jobs: Int, _ transform: (inout T) -> R) -> [R] {
    let count = items.count
    return items.withUnsafeMutableBufferPointer { input in
      [R](unsafeUninitializedCapacity: count) { out, initialized in
        let buffers = UncheckedSendable((input, out))
        forEach(count, jobs: jobs) { index in
          let (input, out) = buffers.value
          (out.baseAddress! + index).initialize(to: transform(&input[index]))
        }
        initialized = count
      }
    }
  }

  /// The next index to take, under a lock (taken once per item: files and groups, not bytes).
  private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take() -> Int {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value - 1
    }
  }
}

/// Hands values to `concurrentPerform` that the threads use for disjoint indexes only.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
