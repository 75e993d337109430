// Language identifiers and the choice of a localization for a preferred-language list (SPEC §6).

/// A parsed language identifier: language, script and region, normalised.
struct LanguageTag: Hashable, Sendable {
  var language: String
  /// The script, explicit or implied (`zh-TW` → `Hant`); nil for single-script languages.
  var script: String?
  var region: String?
  /// Whether the script was written in the identifier (it then shows in ``code``).
  var explicitScript: Bool

  /// Legacy `.lproj` names (CFBundle's language-name table, the ones still in use).
  static let legacyNames: [String: String] = [
    "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es",
    "italian": "it", "dutch": "nl", "chinese": "zh-Hans",
  ]

  /// Implied scripts of multi-script languages, by `language-REGION` then `language`
  /// (CLDR likely subtags; CFBundle maps zh_CN ↔ zh-Hans and zh_TW ↔ zh-Hant the same way).
  static let likelyScripts: [String: String] = [
    "zh": "Hans", "zh-CN": "Hans", "zh-SG": "Hans", "zh-MY": "Hans",
    "zh-TW": "Hant", "zh-HK": "Hant", "zh-MO": "Hant",
    "sr": "Cyrl", "sr-ME": "Latn", "uz": "Latn", "uz-AF": "Arab", "az": "Latn", "az-IR": "Arab",
    "pa": "Guru", "pa-PK": "Arab", "bs": "Latn", "ms": "Latn", "mn": "Cyrl",
  ]

  /// The regional fallback a device walks before the plain language (CLDR parent locales, with
  /// Apple's use of `en_GB` for international English `en-001`).
  static let regionParents: [String: String] = {
    var table: [String: String] = ["en-001": "en-GB", "en-150": "en-GB", "zh-Hant-MO": "zh-Hant-HK"]
    // English outside the US and its territories falls back to British English.
    for region in ["AU", "NZ", "IN", "IE", "ZA", "SG", "HK", "MY", "PK", "NG", "KE", "GH", "JM", "MT",
                   "CY", "BW", "ZW", "ZM", "UG", "TZ", "RW", "MU", "FJ", "PG", "BD", "LK", "AE", "IL", "CA"] {
      table["en-\(region)"] = "en-001"
    }
    for region in ["AT", "BE", "CH", "DE", "DK", "FI", "NL", "SE", "SI"] { table["en-\(region)"] = "en-150" }
    // Latin-American Spanish.
    for region in ["MX", "AR", "BO", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "NI", "PA", "PE",
                   "PR", "PY", "SV", "US", "UY", "VE", "BR", "BZ"] {
      table["es-\(region)"] = "es-419"
    }
    // European Portuguese and the Portuguese of Africa and Asia (plain `pt` is Brazilian).
    for region in ["AO", "CH", "CV", "GQ", "GW", "LU", "MO", "MZ", "ST", "TL"] { table["pt-\(region)"] = "pt-PT" }
    return table
  }()

  /// The regions preferred, in order, among several variants of a language when none matches better.
  /// Languages whose CLDR parent is another language: a device set to one of them picks the
  /// parent's localization when it has none closer (Norwegian Bokmål and Nynorsk read `no.lproj`).
  static let languageParents: [String: String] = ["nb": "no", "nn": "no"]

  static let defaultRegions: [String: [String]] = [
    "en": ["US", "GB"], "es": ["ES", "419"], "fr": ["FR"], "de": ["DE"], "pt": ["BR", "PT"], "it": ["IT"],
    "nl": ["NL"], "zh-Hans": ["CN", "SG"], "zh-Hant": ["TW", "HK"], "ja": ["JP"], "ko": ["KR"], "ru": ["RU"],
    "ar": ["SA", "001"],
  ]

  init?(_ identifier: String) {
    var text = identifier.trimmingWhitespace()
    if let legacy = LanguageTag.legacyNames[text.lowercased()] { text = legacy }
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return nil
    }
    language = first.lowercased()
    script = nil
    region = nil
    explicitScript = false
    var rest = parts.dropFirst()
    if let s = rest.first, s.count == 4, s.allSatisfy({ $0.isASCII && $0.isLetter }) {
      script = s.prefix(1).uppercased() + s.dropFirst().lowercased()
      explicitScript = true
      rest = rest.dropFirst()
    }
    if let r = rest.first,
      (r.count == 2 && r.allSatisfy({ $0.isASCII && $0.isLetter })) || (r.count == 3 && r.allSatisfy({ $0.isASCII && $0.isNumber }))
    {
      region = r.uppercased()
    }
    if script == nil {
      if let region, let s = LanguageTag.likelyScripts["\(language)-\(region)"] {
        script = s
      } else {
        script = LanguageTag.likelyScripts[language]
      }
    }
  }

  init(language: String, script: String?, region: String?, explicitScript: Bool) {
    self.language = language
    self.script = script
    self.region = region
    self.explicitScript = explicitScript
  }

  /// The BCP-47 form: `en-GB`, `zh-Hans`, `zh-Hans-CN` (a Chinese script is always shown).
  var code: String {
    var result = language
    if let script, explicitScript || language == "zh" { result += "-" + script }
    if let region { result += "-" + region }
    return result
  }

  /// `language[-Script]` — the key of ``defaultRegions`` and ``regionParents``.
  var base: String { script.map { "\(language)-\($0)" } ?? language }

  /// The tags a device tries for this preferred language, most specific first:
  /// the full tag, its regional parents, then the plain language (with its script).
  var fallbackChain: [LanguageTag] {
    var chain: [LanguageTag] = []
    var region = self.region
    var steps = 0
    while let r = region, steps < 8 {
      steps += 1
      chain.append(LanguageTag(language: language, script: script, region: r, explicitScript: explicitScript))
      let parent = LanguageTag.regionParents["\(base)-\(r)"] ?? LanguageTag.regionParents["\(language)-\(r)"]
      guard let parent, let tag = LanguageTag(parent), tag.language == language else { break }
      region = tag.region
    }
    chain.append(LanguageTag(language: language, script: script, region: nil, explicitScript: explicitScript))
    return chain
  }

  func sameVariety(_ other: LanguageTag) -> Bool { language == other.language && script == other.script }
}

/// Picks the localization a device uses for a list of preferred languages.
///
/// The algorithm (a table-driven reading of CFBundle's `_CFBundleCopyPreferredLanguagesInList` and
/// Apple ICU's `ualoc_localizationsToUse`, which CFBundle_Locale.c calls):
/// 1. Every identifier is parsed into language, script and region; legacy names (`English`) are
///    mapped; `-` and `_` and letter case do not matter; an omitted script is implied from likely
///    subtags (`zh_CN` = `zh-Hans-CN`, `zh-TW` = `zh-Hant-TW`, plain `zh` = `zh-Hans`).
/// 2. For each preferred language in order, walk its fallback chain — the full tag, then its region
///    parents (`en-AU` → `en-001` → `en-GB`, `es-MX` → `es-419`, `pt-AO` → `pt-PT`), then the plain
///    language — and take the first available localization with the same language, script and region.
/// 3. If none matches but some localization has the same language and script (only regional
///    variants exist), take the one for the language's main regions (`en`: US then GB; `pt`: BR then
///    PT; `es`: ES then 419), else a region-less one, else the first by name.
/// 4. If no preferred language matches, the development language's localization (found the same way).
/// A language never falls back to another language or script (zh-Hant does not get zh-Hans).
enum LanguageMatcher {
  static func pick(preferred: [String], available: [String], developmentLanguage: String) -> Int? {
    let tags = available.map { LanguageTag($0) }
    for language in preferred {
      if let index = match(language, tags: tags, names: available) { return index }
    }
    return match(developmentLanguage, tags: tags, names: available)
  }

  static func match(_ language: String, tags: [LanguageTag?], names: [String]) -> Int? {
    guard let wanted = LanguageTag(language) else {
      // Not a language tag: only an identical name (ignoring case and -/_) matches.
      let key = normalizedName(language)
      return names.firstIndex { normalizedName($0) == key }
    }
    for candidate in wanted.fallbackChain {
      if let index = tags.firstIndex(where: { $0.map { $0.sameVariety(candidate) && $0.region == candidate.region } ?? false }) {
        return index
      }
    }
    let varieties = tags.indices.filter { tags[$0]?.sameVariety(wanted) ?? false }
    guard !varieties.isEmpty else {
      if let parent = LanguageTag.languageParents[wanted.language] { return match(parent, tags: tags, names: names) }
      return nil
    }
    for region in LanguageTag.defaultRegions[wanted.base] ?? LanguageTag.defaultRegions[wanted.language] ?? [] {
      if let index = varieties.first(where: { tags[$0]?.region == region }) { return index }
    }
    if let index = varieties.first(where: { tags[$0]?.region == nil }) { return index }
    return varieties.min { names[$0] < names[$1] }
  }

  /// Names compared case-insensitively with `-` and `_` alike.
  static func normalizedName(_ name: String) -> String {
    String(name.lowercased().map { $0 == "_" ? "-" : $0 })
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var s = Substring(self)
    while let f = s.first, f.isWhitespace { s = s.dropFirst() }
    while let l = s.last, l.isWhitespace { s = s.dropLast() }
    return String(s)
  }
}

/// The localization a bundle gives a language, for the package's other modules: the index in
/// `names` (`.lproj` names without the extension) of the one ``LanguageMatcher`` picks for
/// `language` alone, or nil when none has the language and script.
package enum LocalizationChoice {
  package static func index(for language: String, among names: [String]) -> Int? {
    LanguageMatcher.match(language, tags: names.map { LanguageTag($0) }, names: names)
  }
}
