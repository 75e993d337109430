import LocFormat
import StringsFile

// Text in the wrong language (`strings-wrong-script`, `strings-development-copy`): the writing
// systems a language is written in, and whether a value is written in another one. Unicode's
// scalar properties have no script, so the scripts are kept here as ranges of the letters tables
// hold (Unicode's Scripts.txt, the blocks of each script's letters).

extension StringsLint {
  /// A writing system, as far as telling languages apart needs.
  enum Script: UInt8, Sendable, Comparable {
    case latin, greek, cyrillic, armenian, hebrew, arabic, devanagari, bengali, gurmukhi, gujarati, oriya, tamil, telugu,
         kannada, malayalam, sinhala, thai, lao, tibetan, myanmar, georgian, hangul, ethiopic, khmer, mongolian, hiragana,
         katakana, bopomofo, han

    static func < (a: Script, b: Script) -> Bool { a.rawValue < b.rawValue }

    /// Its English name, as a message says it.
    var name: String {
      switch self {
      case .latin: "Latin"
      case .greek: "Greek"
      case .cyrillic: "Cyrillic"
      case .armenian: "Armenian"
      case .hebrew: "Hebrew"
      case .arabic: "Arabic"
      case .devanagari: "Devanagari"
      case .bengali: "Bengali"
      case .gurmukhi: "Gurmukhi"
      case .gujarati: "Gujarati"
      case .oriya: "Odia"
      case .tamil: "Tamil"
      case .telugu: "Telugu"
      case .kannada: "Kannada"
      case .malayalam: "Malayalam"
      case .sinhala: "Sinhala"
      case .thai: "Thai"
      case .lao: "Lao"
      case .tibetan: "Tibetan"
      case .myanmar: "Myanmar"
      case .georgian: "Georgian"
      case .hangul: "Hangul"
      case .ethiopic: "Ethiopic"
      case .khmer: "Khmer"
      case .mongolian: "Mongolian"
      case .hiragana: "Hiragana"
      case .katakana: "Katakana"
      case .bopomofo: "Bopomofo"
      case .han: "Han"
      }
    }

    /// The script of a letter (sorted, non-overlapping ranges; nil for a scalar of no script
    /// listed: digits, punctuation, symbols, emoji, marks outside these blocks).
    static func of(_ scalar: Unicode.Scalar) -> Script? {
      let v = scalar.value
      if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A ? .latin : nil }
      var low = 0, high = ranges.count - 1
      while low <= high {
        let mid = (low + high) / 2
        let range = ranges[mid]
        if v < range.first { high = mid - 1 } else if v > range.last { low = mid + 1 } else { return range.script }
      }
      return nil
    }

    /// The letters' blocks of each script, sorted by their first scalar.
    static let ranges: [(first: UInt32, last: UInt32, script: Script)] = [
      (0xC0, 0xD6, .latin), (0xD8, 0xF6, .latin), (0xF8, 0x24F, .latin), (0x250, 0x2AF, .latin), (0x370, 0x3FF, .greek),
      (0x400, 0x52F, .cyrillic), (0x531, 0x58F, .armenian), (0x591, 0x5FF, .hebrew), (0x600, 0x6FF, .arabic), (0x750, 0x77F, .arabic),
      (0x8A0, 0x8FF, .arabic), (0x900, 0x97F, .devanagari), (0x980, 0x9FF, .bengali), (0xA00, 0xA7F, .gurmukhi),
      (0xA80, 0xAFF, .gujarati), (0xB00, 0xB7F, .oriya), (0xB80, 0xBFF, .tamil), (0xC00, 0xC7F, .telugu), (0xC80, 0xCFF, .kannada),
      (0xD00, 0xD7F, .malayalam), (0xD80, 0xDFF, .sinhala), (0xE00, 0xE7F, .thai), (0xE80, 0xEFF, .lao), (0xF00, 0xFFF, .tibetan),
      (0x1000, 0x109F, .myanmar), (0x10A0, 0x10FF, .georgian), (0x1100, 0x11FF, .hangul), (0x1200, 0x139F, .ethiopic),
      (0x1780, 0x17FF, .khmer), (0x1800, 0x18AF, .mongolian), (0x1C80, 0x1C8F, .cyrillic), (0x1C90, 0x1CBF, .georgian),
      (0x1E00, 0x1EFF, .latin), (0x1F00, 0x1FFF, .greek), (0x2C60, 0x2C7F, .latin), (0x2DE0, 0x2DFF, .cyrillic),
      (0x2E80, 0x2FDF, .han), (0x3005, 0x3007, .han), (0x3021, 0x3029, .han), (0x3041, 0x309F, .hiragana), (0x30A0, 0x30FF, .katakana),
      (0x3105, 0x312F, .bopomofo), (0x3131, 0x318F, .hangul), (0x31A0, 0x31BF, .bopomofo), (0x31F0, 0x31FF, .katakana),
      (0x3400, 0x4DBF, .han), (0x4E00, 0x9FFF, .han), (0xA640, 0xA69F, .cyrillic), (0xA720, 0xA7FF, .latin), (0xA960, 0xA97F, .hangul),
      (0xAC00, 0xD7FF, .hangul), (0xF900, 0xFAFF, .han), (0xFB1D, 0xFB4F, .hebrew), (0xFB50, 0xFDFF, .arabic), (0xFE70, 0xFEFF, .arabic),
      (0xFF21, 0xFF3A, .latin), (0xFF41, 0xFF5A, .latin), (0xFF66, 0xFF9F, .katakana), (0xFFA0, 0xFFDC, .hangul),
      (0x20000, 0x3134F, .han),
    ]
  }

  /// Whether a value in `script` under `key` is a language's own name, as its speakers write it,
  /// in a language list (a picker's `language.ar` = "العربية", `lang_zh_Hans` = "简体中文": eul's
  /// `Localizable.strings`): the key ends in a language tag whose scripts hold `script`, after a
  /// prefix that ``languageLists(_:)`` found. An endonym reads the same in every localization: no
  /// text left in another language. A script the development language writes too (`developmentScripts`)
  /// does not tell an endonym from the development text left untranslated (OsmAnd's `lang_nb`,
  /// "Norwegian Bokmål" in Macedonian), nor a list from keys that only look like one (`route_tl`,
  /// `route_tr`): then it is no endonym.
  static func isEndonym(key: String, script: Script, lists: Set<Substring>, developmentScripts: Set<Script>? = nil) -> Bool {
    guard !lists.isEmpty, !(developmentScripts?.contains(script) ?? false), let (prefix, tag) = languageTag(ofKey: key),
          lists.contains(prefix), let scripts = scripts(of: String(tag)) else { return false }
    return scripts.contains(script)
  }

  /// The prefixes after which at least three keys end in distinct language tags
  /// (`language.de`, `language.fr`, `language.ja`): a list of languages, each named in its own.
  /// A key such as `answer.no` alone is no list.
  static func languageLists(_ keys: some Sequence<String>) -> Set<Substring> {
    var tags: [Substring: Set<Substring>] = [:]
    for key in keys {
      guard let (prefix, tag) = languageTag(ofKey: key) else { continue }
      tags[prefix, default: []].insert(tag)
    }
    return Set(tags.filter { $0.value.count >= 3 }.keys)
  }

  /// A key's language tag and what comes before it: `language.ar` → (`language.`, `ar`),
  /// `lang_zh_Hans` → (`lang_`, `zh_Hans`); nil when its last part (after `.`, `/` or `:`) does
  /// not end in one after a `_` or `-`.
  static func languageTag(ofKey key: String) -> (prefix: Substring, tag: Substring)? {
    // Most keys end in a word longer than any subtag: told from the last bytes, no Characters read.
    var tail = 0
    for byte in key.utf8.reversed() {
      if byte == 0x2E || byte == 0x2F || byte == 0x3A || byte == 0x5F || byte == 0x2D { break }
      tail += 1
      if tail > 4 { return nil }
    }
    guard tail >= 2 else { return nil }
    var start = key.lastIndex(where: { $0 == "." || $0 == "/" || $0 == ":" }).map { key.index(after: $0) } ?? key.startIndex
    while start < key.endIndex {
      let candidate = key[start...]
      if isLanguageTag(candidate) { return (key[..<start], candidate) }
      guard let separator = candidate.firstIndex(where: { $0 == "_" || $0 == "-" }) else { return nil }
      start = key.index(after: separator)
    }
    return nil
  }

  /// Whether `text` is written as a language tag whose language's scripts are known: a language
  /// of two or three letters, then at most a script (four letters) and a region (two letters or
  /// three digits), joined by `-` or `_`.
  static func isLanguageTag(_ text: Substring) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    guard parts.count <= 3, let language = parts.first, (2...3).contains(language.utf8.count),
          language.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return false }
    for part in parts.dropFirst() {
      let letters = part.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
      let digits = part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
      guard (letters && (part.utf8.count == 2 || part.utf8.count == 4)) || (digits && part.utf8.count == 3) else { return false }
    }
    return scripts(of: String(text)) != nil
  }

  /// The scripts a localization's language is written in (CLDR's likely script for the language,
  /// or the script its name gives: `sr-Latn`, `zh-Hant`), nil when that is not known or not one
  /// (`sr`, `uz`, `kk`, `pa`, `ku`, `mn` and others written in two scripts; `Base`; a name no
  /// language has). Japanese is written in Han, Hiragana and Katakana, Korean in Hangul and Han.
  static func scripts(of localization: String) -> Set<Script>? {
    let parts = sameLanguageKey(localization).split(separator: "-").map(String.init)
    guard var language = parts.first else { return nil }
    language = legacyLanguageNames[language] ?? language
    for part in parts.dropFirst() where part.utf8.count == 4 {
      switch part {
      case "latn": return [.latin]
      case "cyrl": return [.cyrillic]
      case "arab": return [.arabic]
      case "hans": return language == "ja" ? [.han, .hiragana, .katakana] : [.han]
      case "hant": return [.han, .bopomofo]
      default: return nil
      }
    }
    if latinLanguages.contains(language) { return [.latin] }
    return otherLanguages[language]
  }

  /// Folder names Xcode used to write for a language (`English.lproj`), by their code.
  static let legacyLanguageNames: [String: String] = [
    "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es", "italian": "it", "dutch": "nl",
  ]

  /// Languages written in Latin letters only (their CLDR likely script), by ISO 639 code.
  static let latinLanguages: Set<String> = Set("""
    af ast br ca co cs cy da de en eo es et eu fi fil fo fr fur fy ga gd gl gsw ha haw hr ht hu id ig is it jv kl la lb \
    lt lv mg mi ms mt nb nl nn no nds oc om pl pt rm ro rw sc sk sl sm sn so sq sv sw tk tl to tr vi wo xh yo zu az
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

  /// Languages written in other scripts (CLDR's likely script), by ISO 639 code.
  static let otherLanguages: [String: Set<Script>] = {
    var out: [String: Set<Script>] = [:]
    let table: [(String, Set<Script>)] = [
      ("ru uk be bg mk ky tg tt ba ce cv os", [.cyrillic]), ("el", [.greek]), ("he iw yi", [.hebrew]),
      ("ar fa ur ps ug sd ckb", [.arabic]), ("hy", [.armenian]), ("ka", [.georgian]), ("hi mr ne", [.devanagari]),
      ("bn as", [.bengali]), ("gu", [.gujarati]), ("or", [.oriya]), ("ta", [.tamil]), ("te", [.telugu]), ("kn", [.kannada]),
      ("ml", [.malayalam]), ("si", [.sinhala]), ("th", [.thai]), ("lo", [.lao]), ("my", [.myanmar]), ("km", [.khmer]),
      ("bo dz", [.tibetan]), ("am ti", [.ethiopic]), ("zh yue", [.han, .bopomofo]), ("ja", [.han, .hiragana, .katakana]),
      ("ko", [.hangul, .han]),
    ]
    for (codes, scripts) in table { for code in codes.split(separator: " ") { out[String(code)] = scripts } }
    return out
  }()

  /// What a value is written in, judged by its letters once format specifiers (`%@`, `%#@n@`),
  /// URLs, e-mail addresses, markup (`<b>`, `&amp;`, `{name}`, Markdown links) and brand-like words
  /// (`iCloud`, `GitHub`, `OK`, `MP3`) are left out, and, for a value that is not a copy of the
  /// development text, words the development value has too (`Telegram` in `Telegram に送信`).
  /// The script other than `expected` most of its letters are in, when it is mostly (80 %) written
  /// in scripts other than `expected` (at least 3 such letters); nil otherwise. A value in Latin
  /// letters needs two such words: a single capitalised word is as likely a name as text.
  static func wrongScript(_ value: String, developmentValue: String?, expected: Set<Script>, isCopy: Bool) -> Script? {
    guard mayBeWrongScript(value, latinExpected: expected.contains(.latin)) else { return nil }
    guard !isCopy, let developmentValue else { return judgeScript(value, expected: mask(of: expected), sharedWords: nil) }
    return judgeScript(value, expected: mask(of: expected), sharedWords: { wordTexts(developmentValue) })
  }

  /// The scripts of `expected` as a mask of their raw values.
  static func mask(of expected: Set<Script>) -> UInt32 {
    expected.reduce(UInt32(0)) { $0 | 1 << UInt32($1.rawValue) }
  }

  /// The words of a development value as texts, which a translation's words are compared with
  /// (``wrongScript(_:developmentValue:expected:isCopy:)``).
  static func wordTexts(_ value: String) -> Set<String> {
    Set(words(in: Array(value.unicodeScalars)).map(\.text))
  }

  /// ``wrongScript(_:developmentValue:expected:isCopy:)`` once ``mayBeWrongScript(_:latinExpected:)``
  /// let the value through: `sharedWords`, nil for a copy or a value with no development value,
  /// gives the development value's words (asked for only when the value is judged wrong with them,
  /// so that a caller can make them once per key).
  static func judgeScript(_ value: String, expected mask: UInt32, sharedWords: (() -> Set<String>)?) -> Script? {
    let found = words(in: Array(value.unicodeScalars))
    guard let main = judge(found, expected: mask, leavingOut: []) else { return nil }
    guard let sharedWords else { return main }
    // Judged again without the words the development value has too (the names a translation
    // keeps): made only for a value that is judged wrong with them.
    let shared = sharedWords()
    return shared.isEmpty ? main : judge(found, expected: mask, leavingOut: shared)
  }

  /// The script other than those of `expected` (a mask of raw values) that most of the letters of
  /// `words` are in, when four fifths of at least three letters are (and two words, for Latin);
  /// brand-like words and those of `leavingOut` are not counted.
  static func judge(_ words: [Word], expected: UInt32, leavingOut: Set<String>) -> Script? {
    var counts = [Int](repeating: 0, count: Int(Script.han.rawValue) + 1)
    var total = 0, wrong = 0, wrongWords = 0
    for word in words where !word.isBrandLike && (leavingOut.isEmpty || !leavingOut.contains(word.text)) {
      var wordWrong = 0
      for scalar in word.scalars {
        guard let script = Script.of(scalar) else { continue }
        total += 1
        if expected & (1 << UInt32(script.rawValue)) == 0 {
          counts[Int(script.rawValue)] += 1
          wordWrong += 1
        }
      }
      wrong += wordWrong
      if wordWrong >= 2 { wrongWords += 1 }
    }
    guard wrong >= 3, wrong * 5 >= total * 4, let top = counts.indices.max(by: { (counts[$0], $1) < (counts[$1], $0) }),
          let main = Script(rawValue: UInt8(top)) else { return nil }
    if main == .latin && wrongWords < 2 { return nil }
    return main
  }

  /// A quick look at the bytes, so that most values are passed over without decoding: whether
  /// `value` may be mostly (four fifths) letters of a script other than `expected`. Latin letters
  /// are ASCII letters, the two-byte sequences led by 0xC3–0xC9 and U+1E00–U+1EFF; other scripts' letters are
  /// led by 0xCA–0xDF or 0xE0–0xEF, except 0xE2 (U+2000–U+2FFF: punctuation, symbols, arrows)
  /// and emoji's four-byte sequences. For a language written in Latin, three such other letters
  /// at least; for another, three Latin letters at least and four times the other letters.
  static func mayBeWrongScript(_ value: String, latinExpected: Bool) -> Bool {
    let decided = value.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      var latin = 0, other = 0, i = 0
      let n = bytes.count
      let raw = bytes.baseAddress.map(UnsafeRawPointer.init)
      while i < n {
        // For a Latin language only other scripts' lead bytes count: eight ASCII bytes at a time.
        if latinExpected, let raw, i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
          i += 8
          continue
        }
        let byte = bytes[i]
        if byte < 0x80 {
          if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { latin += 1 }
        } else if (byte >= 0xC3 && byte <= 0xC9) || (byte == 0xE1 && i + 1 < n && bytes[i + 1] >= 0xB8 && bytes[i + 1] <= 0xBB) {
          // Latin-1 and Latin Extended (two bytes), Latin Extended Additional (U+1E00–U+1EFF:
          // Vietnamese's letters with two marks, led by 0xE1 0xB8–0xBB).
          latin += 1
        } else if (byte >= 0xCA && byte <= 0xDF) || (byte >= 0xE0 && byte <= 0xEF && byte != 0xE2) {
          other += 1
          if latinExpected && other >= 3 { return true }
          // Latin letters can no longer be four times the others.
          if !latinExpected && 4 * other > latin + (n - i) { return false }
        }
        i += 1
      }
      return !latinExpected && latin >= 3 && latin >= 4 * other
    }
    // A bridged string with no contiguous bytes: decided on a copy.
    return decided ?? mayBeWrongScript(String(decoding: Array(value.utf8), as: UTF8.self), latinExpected: latinExpected)
  }


  /// A run of letters (and digits joined to them) of a value, outside specifiers, URLs and markup.
  struct Word {
    var scalars: ArraySlice<Unicode.Scalar>
    /// Its scalars as a string (encoded as UTF-8 at once: appending scalar by scalar to a
    /// `String.UnicodeScalarView` was a tenth of a lint of the shared corpus).
    var text: String {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(scalars.count)
      for scalar in scalars {
        bytes.append(contentsOf: scalar.utf8)
      }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// A capital letter: ASCII's by its range, any other by its Unicode property.
    static func isCapital(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII ? ("A"..."Z").contains(scalar) : scalar.properties.isUppercase
    }

    /// `iCloud`, `GitHub`, `macOS` (a capital after the first letter), `OK`, `URL` (two or more
    /// capitals and nothing else), `MP3`, `H264` (letters and digits): names, kept in every language.
    var isBrandLike: Bool {
      var letters = 0, capitals = 0, digits = 0, laterCapital = false
      for (i, scalar) in scalars.enumerated() {
        if ("0"..."9").contains(scalar) { digits += 1; continue }
        letters += 1
        if Word.isCapital(scalar) {
          capitals += 1
          if i > 0 { laterCapital = true }
        }
      }
      return laterCapital || (letters >= 2 && capitals == letters) || (digits > 0 && letters > 0)
    }
  }

  /// The words of `text`: runs of alphabetic scalars and digits (an apostrophe inside one joins
  /// it), once format specifiers, substitutions, URLs, e-mail addresses, tags, entities, brace
  /// placeholders and a Markdown link's target are skipped.
  static func words(in text: [Unicode.Scalar]) -> [Word] {
    var out: [Word] = []
    var i = 0
    let n = text.count
    func isWordScalar(_ s: Unicode.Scalar) -> Bool {
      if s.isASCII { return ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) }
      return Script.of(s) != nil || s.properties.isAlphabetic
    }
    while i < n {
      let c = text[i]
      switch c {
      case "%":
        // A specifier or `%#@name@`: its letters are no words.
        i += 1
        if i < n, text[i] == "#", i + 1 < n, text[i + 1] == "@" {
          i += 2
          while i < n, text[i] != "@" { i += 1 }
          i += 1
          continue
        }
        while i < n, "0123456789$.#-+' *lhqLzjt".unicodeScalars.contains(text[i]) { i += 1 }
        i += 1
        continue
      case "<", "{", "&", "(":
        // A parenthesis is a Markdown link's target only after `]`.
        if c == "(" && !(i > 0 && text[i - 1] == "]") { i += 1; continue }
        // A tag, a placeholder, an entity, a Markdown link's target: up to its end, if close.
        let close: Unicode.Scalar = c == "<" ? ">" : c == "{" ? "}" : c == "&" ? ";" : ")"
        if let end = text[(i + 1)...].prefix(c == "(" ? 200 : c == "&" ? 10 : 40).firstIndex(of: close) {
          i = end + 1
          continue
        }
        i += 1
        continue
      default:
        break
      }
      guard isWordScalar(c) else { i += 1; continue }
      var j = i
      while j < n, isWordScalar(text[j]) || ((text[j] == "'" || text[j] == "\u{2019}") && j + 1 < n && isWordScalar(text[j + 1]) && j > i) {
        j += 1
      }
      // A URL, an e-mail address, a file name or a domain (`x.com`, `www.`, `name@host`): skipped
      // to the next space.
      let next = j < n ? text[j] : " "
      if next == ":" && j + 2 < n && text[j + 1] == "/" && text[j + 2] == "/" || next == "@" || (next == "." && j + 1 < n && isWordScalar(text[j + 1])) {
        while j < n, !text[j].properties.isWhitespace { j += 1 }
        i = j
        continue
      }
      out.append(Word(scalars: text[i..<j]))
      i = j
    }
    return out
  }
}
