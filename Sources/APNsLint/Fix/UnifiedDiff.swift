/// A unified diff of two texts (`--fix --dry-run`, SPEC §8): `--- a/PATH`, `+++ b/PATH`, hunks
/// with three lines of context, as `diff -u` and `git apply` read them. Lines are compared with
/// their line ends, so a changed line end shows; a last line without one is marked
/// `\ No newline at end of file`. The shortest edit script is Myers' (O((N+M)·D), D the lines
/// changed: a fix changes few).
public enum UnifiedDiff {
  /// The diff of `old` and `new` (UTF-8 text) for `path`; empty when they are equal.
  public static func make(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
    guard old != new else { return "" }
    let a = lines(old), b = lines(new)
    let script = editScript(a, b)
    var out = "--- a/\(path)\n+++ b/\(path)\n"
    // Group the script into hunks: changes closer than 2 × context lines share one.
    var i = 0
    while i < script.count {
      guard script[i].kind != .same else { i += 1; continue }
      var start = i
      while start > 0 && i - start < context && script[start - 1].kind == .same { start -= 1 }
      var end = i
      var sameRun = 0
      var j = i
      while j < script.count {
        if script[j].kind == .same {
          sameRun += 1
          if sameRun > 2 * context { break }
        } else {
          sameRun = 0
          end = j
        }
        j += 1
      }
      let stop = min(script.count, end + 1 + context)
      let hunk = script[start..<stop]
      let oldStart = hunk.first.map { $0.oldIndex } ?? 0, newStart = hunk.first.map { $0.newIndex } ?? 0
      let oldCount = hunk.filter { $0.kind != .insert }.count, newCount = hunk.filter { $0.kind != .delete }.count
      out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for step in hunk {
        switch step.kind {
        case .same: out += line(" ", a[step.oldIndex])
        case .delete: out += line("-", a[step.oldIndex])
        case .insert: out += line("+", b[step.newIndex])
        }
      }
      i = stop
    }
    return out
  }

  enum Kind { case same, delete, insert }
  struct Step {
    var kind: Kind
    var oldIndex: Int
    var newIndex: Int
  }

  static func range(_ start: Int, _ count: Int) -> String {
    count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
  }

  static func line(_ mark: String, _ bytes: ArraySlice<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.hasSuffix("\n") ? mark + text : mark + text + "\n\\ No newline at end of file\n"
  }

  /// The lines of a text, each with its line end (LF, or CR LF, or a lone CR).
  static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
    var out: [ArraySlice<UInt8>] = []
    var start = 0
    var i = 0
    while i < text.count {
      if text[i] == 0x0A || (text[i] == 0x0D && (i + 1 == text.count || text[i + 1] != 0x0A)) {
        out.append(text[start...i])
        start = i + 1
      }
      i += 1
    }
    if start < text.count { out.append(text[start...]) }
    return out
  }

  /// Myers' shortest edit script between two line lists.
  static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Step] {
    let n = a.count, m = b.count
    let max = n + m
    var v = [Int](repeating: 0, count: 2 * max + 2)
    var trace: [[Int]] = []
    var found = false
    for d in 0...max {
      trace.append(v)
      var k = -d
      while k <= d {
        var x = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? v[max + k + 1] : v[max + k - 1] + 1
        var y = x - k
        while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
        v[max + k] = x
        if x >= n && y >= m { found = true; break }
        k += 2
      }
      if found { break }
    }
    // Walk back through the trace.
    var steps: [Step] = []
    var x = n, y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]
      let k = x - y
      let previousK = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : v[max + previousK]
      let previousY = previousX - previousK
      while x > previousX && y > previousY {
        x -= 1; y -= 1
        steps.append(Step(kind: .same, oldIndex: x, newIndex: y))
      }
      if d > 0 {
        if x == previousX { y -= 1; steps.append(Step(kind: .insert, oldIndex: x, newIndex: y)) }
        else { x -= 1; steps.append(Step(kind: .delete, oldIndex: x, newIndex: y)) }
      }
    }
    return steps.reversed()
  }
}
