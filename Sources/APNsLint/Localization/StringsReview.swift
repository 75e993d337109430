import StringsFile

// What a catalog unit in state `needs_review` shows (SPEC §14; docs/behaviour.md, "Units that
// need review"). The state is the translation workflow's: Xcode sets it when the source text
// changes, and the device shows the value as it shows any other. So the state alone changes
// nothing a user sees; a finding is a warning only where the value itself shows something wrong.

extension StringsLint {
  /// What a `needs_review` value shows a user (`strings-needs-review`).
  enum ReviewReading: Equatable {
    /// The development language's text, more than one word (or a word in a script the language
    /// does not write, not Latin): users read it untranslated (a warning).
    case untranslated
    /// The development language's text, one word or identifier (`image` in French, a placeholder
    /// `token`, `Command` in Korean, commands typed as they are: `create|invite|leave|list`), or
    /// text every other translation keeps as it is (a name): as likely right as not (information).
    case sharedWord
    /// A translation holding numbers the development text does not have (`5` where the source now
    /// says `10`): it still says what the old source said (a warning).
    case numbersDiffer([String])
    /// A translation nothing in the value shows to be stale: users see it as meant, as far as
    /// the table tells (information). Specifiers that differ are `strings-format-mismatch`'s.
    case asWritten

    /// Whether users see something other than meant (a warning); else information.
    var isVisible: Bool {
      switch self {
      case .untranslated, .numbersDiffer: true
      case .sharedWord, .asWritten: false
      }
    }
  }

  /// How the `needs_review` `value` of a key in `language` reads against its development value.
  /// `regionalVariant`: `language` is one of the development language (`en-GB` for `en`), where
  /// the development text reads as meant; `keptElsewhere`: the other translations that have the
  /// key all keep the development text (a name: `Boring Notch`).
  static func reviewReading(value: String?, developmentValue: String?, language: String, regionalVariant: Bool,
                            keptElsewhere: Bool = false) -> ReviewReading {
    guard let value, let developmentValue else { return .asWritten }
    if value == developmentValue {
      guard !regionalVariant, hasWords(value) else { return .asWritten }
      return !keptElsewhere && isEvidentText(value, language: language) ? .untranslated : .sharedWord
    }
    let extra = numbersNotIn(developmentValue, value)
    return extra.isEmpty ? .asWritten : .numbersDiffer(extra)
  }

  /// Whether a copy of the development text is evidently text left untranslated: more than one
  /// word (tokens with letters, split by spaces), or one word that is no identifier, mostly in a
  /// script other than Latin that `language` does not write (`wrongScript`'s judgement, which
  /// takes one Latin word for a name: `Command` in Korean). One word in the language's own
  /// script (`image`, `Email`, `offline`) is as often the same word in both languages; an
  /// identifier (`create|invite`, `snake_case`, `file.txt`) is typed or read as written.
  static func isEvidentText(_ value: String, language: String) -> Bool {
    let tokens = value.unicodeScalars.split { $0.properties.isWhitespace }.filter { token in
      !words(in: Array(token)).isEmpty
    }
    if tokens.count >= 2 { return true }
    guard let token = tokens.first, !isIdentifier(Array(token)), let expected = scripts(of: language) else { return false }
    return wrongScript(value, developmentValue: nil, expected: expected, isCopy: true) != nil
  }

  /// Whether a token is an identifier, not a word: it joins letters with `|`, `_`, `.`, `/`, `:`,
  /// `=`, `#`, `@` or `\`.
  static func isIdentifier(_ token: [Unicode.Scalar]) -> Bool {
    token.contains { "|_./:=#@\\".unicodeScalars.contains($0) }
  }

  /// The numbers of `translation` (runs of decimal digits of any script, outside format
  /// specifiers, leading zeros dropped) that `source` does not have; empty when `source` has no
  /// number at all (a source that spells a number out, "two days", says nothing of a stale `2`).
  static func numbersNotIn(_ source: String, _ translation: String) -> [String] {
    let theirs = numbers(in: source)
    guard !theirs.isEmpty else { return [] }
    var left: [String: Int] = [:]
    for number in theirs { left[number, default: 0] += 1 }
    var extra: [String] = []
    for number in numbers(in: translation) {
      if let count = left[number], count > 0 {
        left[number] = count - 1
      } else if !extra.contains(number) {
        extra.append(number)
      }
    }
    return extra
  }

  /// The runs of decimal digits of `text` (`٣` is 3), outside format specifiers (`%2$@`, `%.1f`,
  /// `%#@n@`), without leading zeros.
  static func numbers(in text: String) -> [String] {
    guard text.unicodeScalars.contains(where: { $0.properties.numericType == .decimal }) else { return [] }
    let scalars = Array(text.unicodeScalars)
    var out: [String] = []
    var run = ""
    func close() {
      guard !run.isEmpty else { return }
      let trimmed = run.drop { $0 == "0" }
      out.append(trimmed.isEmpty ? "0" : String(trimmed))
      run = ""
    }
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      if c == "%" {
        close()
        i += 1
        if i + 1 < scalars.count, scalars[i] == "#", scalars[i + 1] == "@" {
          i += 2
          while i < scalars.count, scalars[i] != "@" { i += 1 }
          i += 1
          continue
        }
        while i < scalars.count, "0123456789$.#-+' *lhqLzjt".unicodeScalars.contains(scalars[i]) { i += 1 }
        i += 1
        continue
      }
      if c.properties.numericType == .decimal, let digit = c.properties.numericValue {
        run.append(String(Int(digit)))
      } else {
        close()
      }
      i += 1
    }
    close()
    return out
  }
}
