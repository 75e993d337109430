import StringsFile

extension StringsLint {
  /// The table as its own dictionary, for a plural that leaves out its `one` form (SPEC §14):
  /// a count of `one` (1, and 0 in French) reads the `other` form, and that is what `one` would
  /// say when every word agreeing with the count is written the same in the singular. French
  /// writes `mois`, `fois` and `prix` alike in both numbers; German `Fehler`, `Zimmer`; Spanish
  /// `crisis`; Italian `foto`. No rule of spelling tells such a word from a regular plural
  /// (`fichiers` ends in `s` as `mois` does); the localization tells, where it writes the word
  /// after a determiner that only a singular takes (`le mois`, `une fois`, `ein Fehler`).
  ///
  /// ```swift
  /// let words = StringsLint.SingularWords(language: "fr", texts: ["Le mois %@ est sauvegardé."])!
  /// words.readsAsOne("Sauvegarder %lld mois")      // true: 1 reads "Sauvegarder 1 mois"
  /// words.readsAsOne("Sauvegarder %lld fichiers")  // false: `fichiers` is never seen singular
  /// words.readsAsOne("Sauvegarder les %lld mois")  // false: `les` agrees with the count
  /// ```
  ///
  /// What counts as agreeing, so that anything unproved keeps the finding: each word after the
  /// count up to the end of its phrase (the end of the text, a punctuation mark, another
  /// specifier, or a preposition, after which words belong to another noun), and the word right
  /// before the count when it is a determiner only a plural takes (`les`, `die`, `los`). A form
  /// whose count is positional (`%1$lld`) or has no word after it is left as it is. Languages
  /// without a list here (those whose `one` is not told by determiners, or whose nouns do not
  /// inflect) are left as they are.
  struct SingularWords {
    /// The language's ISO 639 code (the localization's first part: `fr` for `fr-CA`).
    let language: String
    /// The words the texts write right after a singular determiner, lowercased.
    let words: Set<String>

    /// Determiners that only a singular noun follows, by language. Left out where a form serves
    /// both numbers: English `that` (also a conjunction), French `leur`/Spanish `su` are kept
    /// (their plurals are `leurs`, `sus`), German `der`, `die`, `den`, `diesen`, `keine` (plural
    /// too), Portuguese `a` (also a preposition), Dutch `de`.
    static let singularDeterminers: [String: Set<String>] = [
      "en": ["a", "an", "each", "every", "another", "this"],
      "fr": ["le", "la", "un", "une", "du", "au", "ce", "cet", "cette", "chaque", "mon", "ma", "ton", "ta", "son", "sa", "notre",
             "votre", "leur"],
      "es": ["el", "la", "un", "una", "este", "esta", "ese", "esa", "aquel", "aquella", "cada", "del", "al", "su", "mi", "tu"],
      "it": ["il", "lo", "la", "un", "uno", "una", "del", "dello", "della", "al", "allo", "alla", "nel", "nello", "nella",
             "questo", "questa", "quel", "quello", "quella", "ogni"],
      "pt": ["o", "um", "uma", "este", "esta", "esse", "essa", "aquele", "aquela", "cada", "do", "da", "no", "na", "ao",
             "pelo", "pela", "seu", "sua"],
      "ca": ["el", "la", "un", "una", "aquest", "aquesta", "aquell", "aquella", "cada", "del", "al"],
      "de": ["ein", "eine", "einen", "einem", "eines", "einer", "das", "dem", "des", "jedes", "jeden", "jedem", "jeder",
             "dieses", "diesem", "kein", "keinem", "keines"],
      "nl": ["een", "het", "dit", "elk", "elke", "ieder", "iedere"],
      "sv": ["en", "ett", "varje"],
      "da": ["en", "et", "hver", "hvert"],
      "nb": ["en", "ei", "et", "hver", "hvert"],
    ]

    /// Determiners that only a plural follows: right before the count, they agree with it.
    static let pluralDeterminers: [String: Set<String>] = [
      "en": ["these", "those", "both", "all"],
      "fr": ["les", "des", "ces", "mes", "tes", "ses", "nos", "vos", "leurs", "aux", "plusieurs", "tous", "toutes"],
      "es": ["los", "las", "unos", "unas", "estos", "estas", "esos", "esas", "sus", "mis", "tus", "todos", "todas"],
      "it": ["i", "gli", "le", "dei", "degli", "delle", "questi", "queste", "quei", "quegli", "quelle", "tutti", "tutte"],
      "pt": ["os", "as", "uns", "umas", "estes", "estas", "esses", "essas", "dos", "das", "nos", "nas", "aos", "às", "todos",
             "todas", "seus", "suas"],
      "ca": ["els", "les", "uns", "unes", "aquests", "aquestes", "tots", "totes"],
      "de": ["die", "alle", "diese", "keine", "meine", "deine", "seine", "ihre", "unsere", "eure"],
      "nl": ["de", "deze", "die", "alle"],
      "sv": ["de", "alla", "dessa"],
      "da": ["de", "alle", "disse"],
      "nb": ["de", "alle", "disse"],
    ]

    /// Prepositions: a word after one belongs to another noun than the count's.
    static let prepositions: [String: Set<String>] = [
      "en": ["of", "in", "on", "for", "to", "from", "with", "by", "per", "at"],
      "fr": ["de", "d", "à", "en", "par", "pour", "sur", "avec", "dans", "sans", "sous", "chez", "depuis", "pendant", "vers", "entre"],
      "es": ["de", "en", "por", "para", "con", "sin", "sobre", "desde", "hasta", "entre"],
      "it": ["di", "in", "per", "con", "su", "da", "tra", "fra"],
      "pt": ["de", "em", "por", "para", "com", "sem", "sobre", "desde", "até", "entre"],
      "ca": ["de", "en", "per", "amb", "sense", "sobre"],
      "de": ["von", "für", "mit", "in", "auf", "aus", "bei", "nach", "pro", "seit", "zu", "vor"],
      "nl": ["van", "voor", "met", "in", "op", "per", "uit", "bij", "naar"],
      "sv": ["av", "för", "med", "i", "på", "per", "från", "till"],
      "da": ["af", "for", "med", "i", "på", "pr", "fra", "til"],
      "nb": ["av", "for", "med", "i", "på", "per", "fra", "til"],
    ]

    /// Languages that write an elided singular article before a vowel (`l'heure`, `un'ora`).
    static let elidedSingulars: [String: Set<String>] = [
      "fr": ["l"], "it": ["l", "un", "dell", "all", "nell", "quell"], "ca": ["l"],
    ]

    /// The singular words `texts` show in `localization`'s language; nil for a language without
    /// a list (nothing is then proved).
    init?(language localization: String, texts: some Sequence<String>) {
      let language = String(StringsLint.sameLanguageKey(localization).split(separator: "-").first ?? "")
      guard let determiners = Self.singularDeterminers[language] else { return nil }
      self.language = language
      let elided = Self.elidedSingulars[language] ?? []
      var words: Set<String> = []
      for text in texts {
        var previous: String?
        Self.forEachWord(in: text) { word, _ in
          if let previous, determiners.contains(previous) { words.insert(word) }
          if let apostrophe = word.firstIndex(where: { $0 == "'" || $0 == "\u{2019}" }),
             elided.contains(String(word[..<apostrophe])) {
            let rest = word[word.index(after: apostrophe)...]
            if !rest.isEmpty { words.insert(String(rest)) }
          }
          previous = word
        }
      }
      self.words = words
    }

    /// The singular words of a table's values and variations (a catalog language's, a
    /// `.stringsdict`'s formats and forms).
    init?(language: String, table: StringsTable) {
      self.init(language: language, texts: table.entries.map(\.value) + table.variations.values.flatMap { $0.map(\.value) })
    }

    /// Whether a count of `one` reads `other` as the `one` form would: every word agreeing with
    /// the count is among the singular words (see the type's summary for which words agree).
    func readsAsOne(_ other: String) -> Bool {
      guard let (count, _) = StringsLint.countSpecifier(other) else { return false }
      let utf8 = Array(other.utf8)
      let start = count.range.utf8.lowerBound, end = count.range.utf8.upperBound
      // The word right before the count, when nothing but spaces stands between them.
      let before = String(decoding: utf8[..<start], as: UTF8.self)
      var last: String?
      Self.forEachWord(in: before) { word, _ in last = word }
      let adjacent = before.unicodeScalars.last(where: { !$0.properties.isWhitespace })?.properties.isAlphabetic == true
      if adjacent, let last, Self.pluralDeterminers[language]?.contains(last) == true { return false }
      // The words after it, up to the end of the phrase.
      let prepositions = Self.prepositions[language] ?? []
      var agreeing = 0, proved = true, done = false
      Self.forEachWord(in: String(decoding: utf8[end...], as: UTF8.self)) { word, separator in
        guard !done else { return }
        if separator == .phrase { done = true; return }
        // `d'affilée`: the elided preposition begins another phrase.
        let head = word.prefix { $0 != "'" && $0 != "\u{2019}" }
        if prepositions.contains(word) || (head.count < word.count && prepositions.contains(String(head))) { done = true; return }
        agreeing += 1
        if !words.contains(word) { proved = false; done = true }
      }
      return proved && agreeing > 0
    }

    /// What stands between a word and the one before it.
    enum Separator { case space, phrase }

    /// Calls `body` with each word of `text` (letters, with an apostrophe or a hyphen between
    /// letters), lowercased, and whether a phrase ended before it (a punctuation mark or a
    /// format specifier since the previous word, or the start).
    static func forEachWord(in text: String, _ body: (String, Separator) -> Void) {
      var word = ""
      var separator = Separator.space
      var pendingJoin: Unicode.Scalar?
      let scalars = Array(text.unicodeScalars)
      var i = 0
      func flush() {
        if !word.isEmpty { body(word, separator); word = ""; separator = .space }
      }
      while i < scalars.count {
        let scalar = scalars[i]
        if scalar.properties.isAlphabetic {
          if let join = pendingJoin { word.unicodeScalars.append(join); pendingJoin = nil }
          word.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
          i += 1
          continue
        }
        if (scalar == "'" || scalar == "\u{2019}" || scalar == "-") && !word.isEmpty && pendingJoin == nil {
          pendingJoin = scalar
          i += 1
          continue
        }
        // An apostrophe or a hyphen that joins nothing is punctuation (a closing quote, a dash).
        let dangling = pendingJoin != nil
        pendingJoin = nil
        flush()
        if dangling { separator = .phrase }
        if scalar == "%" {
          // A specifier: its letters are no word, and it ends the phrase.
          separator = .phrase
          i += 1
          while i < scalars.count, "0123456789$.#-+' *lhqLzjt".unicodeScalars.contains(scalars[i]) { i += 1 }
          if i < scalars.count, scalars[i] == "@", i > 0, scalars[i - 1] == "#" {
            i += 1
            while i < scalars.count, scalars[i] != "@" { i += 1 }
          }
          i += 1
          continue
        }
        if !scalar.properties.isWhitespace && !("0"..."9").contains(scalar) { separator = .phrase }
        i += 1
      }
      flush()
    }
  }

  /// ``SingularWords`` of one table, read the first time a plural asks (most tables never do).
  final class SingularWordsOnDemand {
    let language: String
    let table: StringsTable
    private lazy var words: SingularWords? = SingularWords(language: language, table: table)

    init(language: String, table: StringsTable) {
      self.language = language
      self.table = table
    }

    /// ``SingularWords/readsAsOne(_:)`` over the table's words; false for a language without lists.
    func readsAsOne(_ other: String) -> Bool { words?.readsAsOne(other) ?? false }
  }
}
