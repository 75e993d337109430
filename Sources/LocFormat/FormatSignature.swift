/// The argument positions a format reads and the conversion of each; two formats are compatible
/// when their signatures are equal.
///
/// Unsupported specifiers that read an argument count too, as on the device: `%d` takes the
/// counter's next position like `%@` does, `%2$d` takes position 2, so `"%d %@"` reads positions 1
/// (`d`) and 2 (`@`). A specifier that reads no argument (`%%`, `%y`, a `%` at the end, `%0$@`,
/// `%10000$@`) is not in the signature. `*` widths and precisions are not counted as positions.
/// When several specifiers read one position, the first one's conversion is recorded.
public struct FormatSignature: Sendable, Hashable {
  /// Position → conversion as written without `%` and position: `"@"`, `"d"`, `"ld"`, `"5@"`.
  public let conversions: [Int: String]
  /// Named placeholders (Xcode 26: `%(count)lld`, `%1$(name)@`): name → conversion. They are
  /// matched by name, so a translation may reorder them.
  public let names: [String: String]

  /// Makes a signature from positions and conversions, and names and their conversions.
  public init(conversions: [Int: String], names: [String: String] = [:]) {
    self.conversions = conversions
    self.names = names
  }

  /// How this signature differs from `other` (the reference, e.g. the development language's),
  /// ascending by position, in words: `"position 2 is missing"`, `"position 3 is extra"`,
  /// `"position 1 is '%d', not '%@'"`. Empty when the signatures are equal.
  public func differences(from other: FormatSignature) -> [String] {
    let positions = Set(conversions.keys).union(other.conversions.keys).sorted()
    var differences: [String] = []
    for position in positions {
      switch (conversions[position], other.conversions[position]) {
      case (nil, .some):
        differences.append("position \(position) is missing")
      case (.some, nil):
        differences.append("position \(position) is extra")
      case (.some(let mine), .some(let theirs)) where mine != theirs:
        differences.append("position \(position) is '%\(mine)', not '%\(theirs)'")
      default:
        break
      }
    }
    for name in Set(names.keys).union(other.names.keys).sorted() {
      switch (names[name], other.names[name]) {
      case (nil, .some): differences.append("the placeholder '\(name)' is missing")
      case (.some, nil): differences.append("the placeholder '\(name)' is extra")
      case (.some(let mine), .some(let theirs)) where mine != theirs:
        differences.append("the placeholder '\(name)' is '%\(mine)', not '%\(theirs)'")
      default: break
      }
    }
    return differences
  }
}

extension FormatString {
  /// The positions this format reads and the conversion of each (see `FormatSignature`).
  public var signature: FormatSignature {
    var conversions: [Int: String] = [:]
    var names: [String: String] = [:]
    for (piece, argumentIndex) in zip(pieces, argumentIndices) {
      guard case .specifier(let specifier) = piece else { continue }
      if argumentIndex >= 0 {
        let position = positions[argumentIndex]
        if conversions[position] == nil { conversions[position] = specifier.conversion }
      } else if case .unsupported = specifier.kind, let name = specifier.name, names[name] == nil {
        names[name] = specifier.conversion
      }
    }
    return FormatSignature(conversions: conversions, names: names)
  }
}

/// One way a translation reads the arguments differently from the format the code passes them
/// for (the development language's), with what the device then does.
public struct FormatDifference: Sendable, Hashable, CustomStringConvertible {
  /// What differs.
  public enum Kind: Sendable, Hashable {
    /// An argument the development format reads is not read: the sentence loses it.
    case dropped
    /// The translation reads an argument past those the code passes (`read`: its conversion).
    case pastTheList(read: String)
    /// The translation reads an argument as another kind than the code passes it.
    case incompatible(read: String, passed: String)
  }

  /// The argument position (1-based); nil for a named placeholder.
  public let position: Int?
  /// A named placeholder's name (`%(count)lld`); nil for a position.
  public let name: String?
  /// What differs.
  public let kind: Kind
  /// What the device does (nil for a dropped argument: nothing breaks).
  public let mismatch: ArgumentMismatch?

  /// Makes a difference.
  public init(position: Int?, name: String?, kind: Kind, mismatch: ArgumentMismatch?) {
    self.position = position
    self.name = name
    self.kind = kind
    self.mismatch = mismatch
  }

  /// Whether the device fails (a crash or a meaningless value); false when an argument is only
  /// left out or vanishes (`%n`), which shows a sentence without it.
  public var breaks: Bool { mismatch == .crash || mismatch == .garbage }

  /// `position 2 is '%d', not '%@'` with its consequence, in words.
  public var description: String {
    let subject = name.map { "the placeholder '\($0)'" } ?? "position \(position ?? 0)"
    switch kind {
    case .dropped:
      return "\(subject) is missing (that argument is left out of the sentence)"
    case .pastTheList(let read):
      let what = consequence(ArgumentKind(conversion: read))
      return "\(subject) is extra: '%\(read)' reads past the arguments the code passes (\(what))"
    case .incompatible(let read, let passed):
      let readKind = ArgumentKind(conversion: read), passedKind = ArgumentKind(conversion: passed)
      return "\(subject) is '%\(read)', not '%\(passed)' (\(consequence(readKind, passed: passedKind)))"
    }
  }

  private func consequence(_ read: ArgumentKind?, passed: ArgumentKind? = nil) -> String {
    switch mismatch {
    case .crash:
      return passed.map { "it reads \($0.described) as \(read?.described ?? "another kind"): a crash" }
        ?? "a crash: it follows a pointer that is not there"
    case .garbage:
      return passed.map { "it prints \($0.described) as \(read?.described ?? "another kind"): a meaningless value" }
        ?? "it prints whatever lies there: a meaningless value"
    case .vanishes:
      return "CoreFoundation skips a '%n' argument and prints nothing: the value vanishes"
    case nil:
      return "the same argument"
    }
  }
}

extension FormatSignature {
  /// How a translation with this signature runs against the arguments the code passes for
  /// `development` (the development language's format), per argument: kinds compared as the
  /// device reads them (`ArgumentKind`), so `%d`/`%ld`/`% lu`, `%.0f`/`%.1f` agree and `%@` for
  /// an integer does not. Empty when the translation runs like the development format.
  public func deviceDifferences(from development: FormatSignature) -> [FormatDifference] {
    // The same conversions at the same places read every argument as passed (most translations).
    if conversions == development.conversions && names == development.names { return [] }
    var out: [FormatDifference] = []
    for position in Set(conversions.keys).union(development.conversions.keys).sorted() {
      switch (conversions[position], development.conversions[position]) {
      case (nil, .some):
        out.append(FormatDifference(position: position, name: nil, kind: .dropped, mismatch: nil))
      case (.some(let mine), nil):
        let read = ArgumentKind(conversion: mine)
        out.append(FormatDifference(position: position, name: nil, kind: .pastTheList(read: mine),
                                    mismatch: read == .writeBack ? .vanishes : read?.dereferences == true ? .crash : .garbage))
      case (.some(let mine), .some(let theirs)):
        guard let read = ArgumentKind(conversion: mine), let passed = ArgumentKind(conversion: theirs),
              let mismatch = read.reading(passed)
        else { continue }
        out.append(FormatDifference(position: position, name: nil, kind: .incompatible(read: mine, passed: theirs), mismatch: mismatch))
      default:
        break
      }
    }
    for name in Set(names.keys).union(development.names.keys).sorted() {
      switch (names[name], development.names[name]) {
      case (nil, .some):
        out.append(FormatDifference(position: nil, name: name, kind: .dropped, mismatch: nil))
      case (.some(let mine), nil):
        let read = ArgumentKind(conversion: mine)
        out.append(FormatDifference(position: nil, name: name, kind: .pastTheList(read: mine),
                                    mismatch: read == .writeBack ? .vanishes : read?.dereferences == true ? .crash : .garbage))
      case (.some(let mine), .some(let theirs)):
        guard let read = ArgumentKind(conversion: mine), let passed = ArgumentKind(conversion: theirs),
              let mismatch = read.reading(passed)
        else { continue }
        out.append(FormatDifference(position: nil, name: name, kind: .incompatible(read: mine, passed: theirs), mismatch: mismatch))
      default:
        break
      }
    }
    return out
  }
}
