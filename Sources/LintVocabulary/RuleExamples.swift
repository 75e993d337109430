// A rule's examples: a payload (or, for request rules, a request file) that triggers it and one
// close to it that does not. The test suite runs them all; in a triggering example `1️⃣` marks
// where the finding stands (swift-format's marker style, `RuleExamples.marked`), and `\xNN`
// stands for a byte text cannot show (a byte order mark, invalid UTF-8).

/// A rule's examples (SPEC §3, §9), with the `apns-lint check` flags and configuration they need.
public struct RuleExamples: Sendable, Hashable {
  /// Input that triggers the rule, with `1️⃣` where the finding stands.
  public let marked: String
  /// Input close to the triggering one that does not trigger it.
  public let passing: String
  /// The `apns-lint check` flags the triggering example needs (`--push-type background`); empty for most.
  public let triggeringFlags: String
  /// The flags the passing example needs.
  public let passingFlags: String
  /// A configuration (YAML) both need, for rules that are off by default or take a parameter.
  public let configuration: String
  /// For a rule that fixes: the input its fix example starts from (``fixInput``, the triggering
  /// input unless given) after `--fix`; nil otherwise.
  public let fixed: String?
  /// The input of the fix example, when the triggering one is a finding the rule does not fix
  /// (two different values of a duplicate key); nil: the triggering input.
  public let fixInput: String?

  /// Examples: `marked` triggers the rule (`1️⃣` where the finding stands), `pass` does not; the
  /// flags and configuration each needs, empty for most; `fixed`, the triggering input once fixed
  /// (or `fixing`'s, for a rule whose triggering example is not one it fixes).
  public init(_ marked: String, pass: String, triggerFlags: String = "", passFlags: String = "", configuration: String = "",
              fixed: String? = nil, fixing fixInput: String? = nil) {
    self.fixed = fixed
    self.fixInput = fixInput
    self.marked = marked
    self.passing = pass
    self.triggeringFlags = triggerFlags
    self.passingFlags = passFlags
    self.configuration = configuration
  }

  /// The position marker.
  public static let marker: Character = "1️⃣"

  /// The triggering input without its marker.
  public var triggering: String {
    guard let i = marked.firstIndex(of: Self.marker) else { return marked }
    return String(marked[..<i]) + String(marked[marked.index(after: i)...])
  }

  /// Where the marker stands in `triggering`: 1-based line and column (columns count Unicode
  /// scalars, and `\xNN` counts as one, the byte it stands for); nil when there is no marker.
  public var expectedPosition: (line: Int, column: Int)? {
    guard let i = marked.firstIndex(of: Self.marker) else { return nil }
    var line = 1, column = 1
    var scalars = Substring(marked[..<i]).unicodeScalars[...]
    while let s = scalars.popFirst() {
      if s == "\n" { line += 1; column = 1; continue }
      // `\xNN` is one byte: skip its three other characters.
      if s == "\\", scalars.first == "x", scalars.count >= 3 { scalars = scalars.dropFirst(3) }
      column += 1
    }
    return (line, column)
  }
}
