import Foundation
import LocFormat
import StringsFile

/// The forms of one plural by category, held inline (no dictionary per plural: `strings lint`
/// makes one for every plural of every table it reads).
struct PluralForms: Equatable {
  var zero, one, two, few, many, other: String?

  subscript(category: PluralCategory) -> String? {
    get {
      switch category {
      case .zero: zero
      case .one: one
      case .two: two
      case .few: few
      case .many: many
      case .other: other
      }
    }
    set {
      switch category {
      case .zero: zero = newValue
      case .one: one = newValue
      case .two: two = newValue
      case .few: few = newValue
      case .many: many = newValue
      case .other: other = newValue
      }
    }
  }

  /// The categories that have a form, in CLDR's order.
  var categories: [PluralCategory] { PluralCategory.allCases.filter { self[$0] != nil } }

  /// The forms' texts, in CLDR's order.
  var texts: [String] { [zero, one, two, few, many, other].compactMap { $0 } }
}

/// One plural of one key: a `.stringsdict` variable, or a catalog `plural` variation (at the
/// top, under a device, or inside a substitution), with the forms it has.
struct PluralGroup: Equatable {
  /// Where the plural is in the entry: the `.stringsdict` variable (`count`), or the catalog path
  /// before `plural` (`""`, `device.iphone`, `count` for a substitution).
  var name: String
  /// The forms by category, their text.
  var forms = PluralForms()
  /// A `.stringsdict` variable's `NSStringFormatValueTypeKey` (`d`, `lld`, `f`); nil elsewhere.
  var valueType: String? = nil

  init(name: String, valueType: String? = nil) {
    self.name = name
    self.valueType = valueType
  }

  /// A plural with the given forms (how tests write one).
  init(name: String, forms: [PluralCategory: String], valueType: String? = nil) {
    self.init(name: name, valueType: valueType)
    for (category, text) in forms { self.forms[category] = text }
  }

  /// A float conversion (`f`, `F`, `e`, `E`, `g`, `G`, `a`, `A`).
  static func isFloat(_ c: Character) -> Bool { "fFeEgGaA".contains(c) }

  /// Whether the count may be a fraction: a float value type (`f`, `g`, `e`, `a`), or, without
  /// one, a float specifier in a form (`%.1f pixels`). A catalog substitution's `%arg` says
  /// nothing (its type is the substitution's `formatSpecifier`, not read here).
  var mayBeFraction: Bool {
    if let valueType, let last = valueType.last { return Self.isFloat(last) }
    return forms.texts.contains { text in
      guard text.containsUTF8(UInt8(ascii: "%")) else { return false }
      let utf8 = Array(text.utf8)
      return FormatString(text).specifiers.contains { specifier in
        guard specifier.kind != .percent, let last = specifier.conversion.last, Self.isFloat(last) else { return false }
        // `%arg` is a catalog substitution's argument (it reads as `%a` then "rg").
        let end = specifier.range.utf8.upperBound
        return !(specifier.text == "%a" && end + 1 < utf8.count && utf8[end] == UInt8(ascii: "r") && utf8[end + 1] == UInt8(ascii: "g"))
      }
    }
  }
}

extension PluralCategory {
  /// The category a name's bytes spell (`one`, `other`), without making a String of them.
  static func named(_ name: Substring) -> PluralCategory? {
    let utf8 = name.utf8
    guard let first = utf8.first, (3...5).contains(utf8.count) else { return nil }
    let candidate: PluralCategory
    switch first {
    case UInt8(ascii: "z"): candidate = .zero
    case UInt8(ascii: "o"): candidate = utf8.count == 3 ? .one : .other
    case UInt8(ascii: "t"): candidate = .two
    case UInt8(ascii: "f"): candidate = .few
    case UInt8(ascii: "m"): candidate = .many
    default: return nil
    }
    return utf8.elementsEqual(candidate.rawValue.utf8) ? candidate : nil
  }
}

extension StringsLint {
  /// The plurals of a key, from its ``StringsTable/variations``: `.stringsdict` names are
  /// `variable.form` (with `format` and `variable.valueType` beside them); catalog names are
  /// paths whose last `plural` component is followed by the category (`device.ipad.plural.one`).
  /// Names that are not plural categories (`device.iphone`) make no group, and a `.stringsdict`
  /// variable with a key that is not a category (`NSStringDeviceSpecificRuleType`'s `ipad`, even
  /// beside an `other`) is not a plural; a variable with a value type and no form is a group with
  /// no forms.
  static func pluralGroups(_ variations: [(name: String, value: String)], stringsdict: Bool) -> [PluralGroup] {
    // Names are split by their bytes and groups kept in a short array: the names of one group
    // come together and an entry has a few groups (this ran over every plural of every table,
    // and splitting each name into an array of Strings took a fifth of a one-thread lint).
    var groups: [PluralGroup] = []
    var notPlural: [String] = []
    func index(_ name: Substring) -> Int {
      if let last = groups.indices.last, groups[last].name == name { return last }
      if let found = groups.firstIndex(where: { $0.name == name }) { return found }
      groups.append(PluralGroup(name: String(name)))
      return groups.count - 1
    }
    for (name, value) in variations {
      if stringsdict {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { continue }
        let variable = name[..<dot], last = name[name.index(after: dot)...]
        if last == "valueType" {
          groups[index(variable)].valueType = value
        } else if let category = PluralCategory.named(last) {
          let i = index(variable)
          if groups[i].forms[category] == nil { groups[i].forms[category] = value }
        } else {
          // `iphone`, `mac`: a device-specific variable (NSStringDeviceSpecificRuleType), not a plural.
          notPlural.append(String(variable))
        }
      } else {
        // The last `plural` component and the category after it: `plural.one`,
        // `device.ipad.plural.other`, `count.plural.few`; `plural.one.device.ipad` (a device
        // variation inside a plural form) counts for the form.
        guard name.containsUTF8(UInt8(ascii: "p")), let (prefix, category) = Self.pluralComponent(name) else { continue }
        let i = index(prefix)
        if groups[i].forms[category] == nil { groups[i].forms[category] = value }
      }
    }
    return notPlural.isEmpty ? groups : groups.filter { !notPlural.contains($0.name) }
  }

  /// `("device.ipad", .other)` for `device.ipad.plural.other`: the path before the last `plural`
  /// component that a category follows, and the category.
  static func pluralComponent(_ name: String) -> (Substring, PluralCategory)? {
    var best: (Substring, PluralCategory)?
    var rest = name[...]
    var start = name.startIndex
    while true {
      let component: Substring
      let dot = rest.firstIndex(of: ".")
      component = dot.map { rest[..<$0] } ?? rest
      if component == "plural", let dot {
        let after = rest[rest.index(after: dot)...]
        let next = after.firstIndex(of: ".").map { after[..<$0] } ?? after
        if let category = PluralCategory.named(next) {
          let prefixEnd = start == name.startIndex ? start : name.index(before: start)
          best = (name[..<prefixEnd], category)
        }
      }
      guard let dot else { break }
      start = rest.index(after: dot)
      rest = rest[start...]
    }
    return best
  }


  /// The plural rules (SPEC §14) for one key's plurals in one language: `strings-plural-other`
  /// (no `other`), `strings-plural-missing` (a category an integer selects and the entry lacks),
  /// `strings-plural-unused` (a category CLDR does not define for the language; never `zero`,
  /// which Apple uses for 0 in every language), `strings-plural-one-digit` (a `one` form writing
  /// the digit 1 with no specifier, where `one` covers other numbers). The messages name `key`
  /// (`in 'ru', 'KEY'` for a catalog's `catalogLanguage`).
  /// `enclosingFormat` is the text around the plural, when there is one (a `.stringsdict` entry's
  /// format, a catalog substitution's value): a number it prints beside the plural's words makes
  /// them agree with it as a form's own count would.
  /// `readsAsOne` says whether a count of `one` reading an `other` form reads what `one` would
  /// (the localization's own words: ``SingularWords``); nil proves nothing.
  static func pluralFindings(_ groups: [PluralGroup], language: String, rules: PluralRules, key: String, catalogLanguage: String?,
                             enclosingFormat: String? = nil, readsAsOne: ((String) -> Bool)? = nil) -> [TableMessage] {
    var out: [TableMessage] = []
    for group in groups {
      // Only languages with categories that only fractions select (ru, cs, lt …) care.
      let fractions = !rules.fractionExamples.isEmpty && group.mayBeFraction
      let needed = rules.neededCategories(fractions: fractions)
      // Apple's `zero` form is read for 0 in every language: 0 selects no other category then
      // (fr `one` covers 1 only, ru `many` starts at 5).
      let hasZero = group.forms.zero != nil
      func examples(_ category: PluralCategory) -> [Int] {
        let all = rules.examples[category] ?? []
        return hasZero ? all.filter { $0 != 0 } : all
      }
      // Most plurals have no finding: they are decided here without making an array.
      let anyMissing = needed.contains { $0 != .other && group.forms[$0] == nil }
      let unused = PluralCategory.allCases.contains { $0 != .zero && group.forms[$0] != nil && !rules.categories.contains($0) }
      let oneDigit = rules.oneCoversMore && group.forms.one.map(writesDigitOne) == true && examples(.one).contains { $0 != 1 }
      if !anyMissing && !unused && !oneDigit && group.forms.other != nil { continue }
      // Forms that all read the same words (an abbreviation that does not inflect, `%d mos`; `1 g`
      // beside `%ld g`, the number written as a digit in one and a specifier in the other): a
      // missing category falls back to `other`, whose words are those every form writes, so
      // nothing different is shown.
      let present = group.forms.categories.compactMap { group.forms[$0] }
      let uniform = present.count > 1 && (present.allSatisfy { $0 == present[0] } || sameWords(present))
      var missing = uniform ? [] : needed.filter { group.forms[$0] == nil && $0 != .other }
      // `many` missing where `other` selects no integer (ru, uk, be, pl): an integer count of
      // `many` (0, 5–20) falls back to `other`, the only form such a count can read, and a table
      // with one, few and other writes exactly that wording there (the three forms these languages
      // had before CLDR split them); only a fractional count would tell, and none is formatted.
      // The same holds with `few` missing too: `other`, never chosen for a whole number there, was
      // written for whole numbers, as the plural most of them read (0, 5–20: `many`'s wording);
      // `few` (2–4) stays missing.
      if !fractions, !rules.integerCategories.contains(.other), group.forms[.other] != nil {
        missing.removeAll { $0 == .many }
      }
      // A category whose every integer the `zero` form takes (0) is not missing.
      missing.removeAll { !fractions && rules.fractionExamples[$0] == nil && examples($0).isEmpty && rules.examples[$0]?.isEmpty == false }
      readsRight(&missing, other: group.forms[.other], language: language, enclosingFormat: enclosingFormat, readsAsOne: readsAsOne)
      // Messages are made only for a plural that has a finding (most have none).
      guard let other = group.forms[.other] else {
        // An integer count of ru, uk, be, pl with one, few and many never reaches `other`
        // (only fractions select it): nothing is shown wrong, so no error.
        if !needed.contains(.other) && missing.isEmpty { continue }
        out.append(.pluralOther(key: key, plural: group.name, catalogLanguage: catalogLanguage, alsoMissing: missing))
        continue
      }
      for category in missing {
        let number = examples(category).first.map(String.init) ?? rules.fractionExamples[category] ?? "0"
        out.append(.pluralMissing(category, count: number, other: other, needed: needed, language: language,
                                  key: key, plural: group.name, catalogLanguage: catalogLanguage))
      }
      for category in group.forms.categories where category != .zero && !rules.categories.contains(category) {
        out.append(.pluralUnused(category, selected: rules.categories, language: language,
                                 key: key, plural: group.name, catalogLanguage: catalogLanguage))
      }
      if oneDigit, let one = group.forms[.one] {
        out.append(.pluralOneDigit(one: one, examples: examples(.one), language: language,
                                   key: key, plural: group.name, catalogLanguage: catalogLanguage))
      }
    }
    return out
  }

  /// Takes from `missing` the categories that the `other` form reads right for, by what the forms
  /// say (SPEC §14): a count of such a category falls back to `other` and shows what its own form
  /// would. `enclosingFormat` is the text around the plural; `readsAsOne` as for
  /// `pluralFindings(_:language:rules:key:catalogLanguage:enclosingFormat:readsAsOne:)`.
  static func readsRight(_ missing: inout [PluralCategory], other: String?, language: String, enclosingFormat: String?,
                         readsAsOne: ((String) -> Bool)?) {
    guard let other, !missing.isEmpty else { return }
    // `few` and `many` differ from `other` only in how the words agree with a number written
    // beside them (ru "3 файла", "5 файлов"; cs, pl, ar): an `other` form that prints no count,
    // in a text that prints none beside it, reads right for those counts too ("Удалить файлы?").
    if !readsArgument(other), !(enclosingFormat.map(printsNumberOutsideVariables) ?? false) {
      missing.removeAll { $0 == .few || $0 == .many }
    }
    // `few` and `many` differ in the words that follow the number (ru "3 файла", "5 файлов";
    // ar, he, ga): an `other` form whose count has no word of the language's script after it (it
    // ends the text, "Cask %lld", or a name kept as written follows, "%lld Formula") reads right
    // for those counts too (Cork's uk `start-page.unloaded-formulae.count-%lld`).
    if !missing.isEmpty, let scripts = scripts(of: language), !wordFollowsCount(other, scripts: scripts) {
      missing.removeAll { $0 == .few || $0 == .many }
    }
    // An `other` form with no word (`%lld`, `%lld+`): nothing in it agrees with the count, so a
    // count of any missing category reads right through it (Watermelon's uk `settings.worker.count`).
    if !hasWord(other) { missing.removeAll() }
    // `one` missing where each word agreeing with the count is written alike in the singular,
    // as the localization itself shows (fr `Sauvegarder %lld mois` beside `le mois`: Watermelon's
    // `home.confirm.backupMonths`): 1 reads `other`, which says what `one` would.
    if missing.contains(.one), let readsAsOne, readsAsOne(other) {
      missing.removeAll { $0 == .one }
    }
  }

  /// Whether a word written in one of `scripts` follows the count in `form` (after spaces and
  /// punctuation, before the next specifier or the end): a word that may agree with it. True when
  /// the count cannot be found (a positional or named count): the form may agree, as before.
  static func wordFollowsCount(_ form: String, scripts: Set<Script>) -> Bool {
    guard let (count, _) = countSpecifier(form) else { return true }
    for scalar in String(decoding: form.utf8.dropFirst(count.range.utf8.upperBound), as: UTF8.self).unicodeScalars {
      if scalar == "%" { return false }
      if let script = Script.of(scalar) { return scripts.contains(script) }
      if scalar.properties.isAlphabetic { return true }
    }
    return false
  }

  /// Whether every form writes the same words (runs with a letter, outside format specifiers; a
  /// number is no word), at least one: forms that differ only in how they write the number.
  static func sameWords(_ forms: [String]) -> Bool {
    func lettered(_ form: String) -> [String] {
      words(in: Array(form.unicodeScalars)).filter { $0.scalars.contains { $0.properties.isAlphabetic } }.map(\.text)
    }
    guard let first = forms.first else { return false }
    let written = lettered(first)
    return !written.isEmpty && forms.dropFirst().allSatisfy { lettered($0) == written }
  }

  /// Whether a form has a word outside its format specifiers (a run with a letter): one that may
  /// agree with the count.
  static func hasWord(_ text: String) -> Bool {
    words(in: Array(text.unicodeScalars)).contains { word in word.scalars.contains { $0.properties.isAlphabetic } }
  }

  /// Whether `text` reads an argument: any specifier but `%%` (a count, a catalog's `%arg`, a
  /// nested variable `%#@name@`).
  static func readsArgument(_ text: String) -> Bool {
    guard text.containsUTF8(UInt8(ascii: "%")) else { return false }
    var reads = false
    FormatString.forEachSpecifier(in: text) { specifier in
      reads = specifier.kind != .percent
      return !reads
    }
    return reads
  }

  /// Whether a format prints a number outside its variables: a specifier that is neither `%%`, a
  /// variable (`%#@name@`, `%1$#@name@`) nor an object (`%@`, a name or a word).
  static func printsNumberOutsideVariables(_ format: String) -> Bool {
    guard format.containsUTF8(UInt8(ascii: "%")) else { return false }
    let bytes = Array(format.utf8)
    var i = 0
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
      var j = i + 1
      if j < bytes.count, bytes[j] == UInt8(ascii: "%") { i = j + 1; continue }
      var sharp = false
      while j < bytes.count, "0123456789$#-+ '.*hlqLzjt".utf8.contains(bytes[j]) {
        if bytes[j] == UInt8(ascii: "#") { sharp = true }
        j += 1
      }
      guard j < bytes.count else { return false }
      if bytes[j] == UInt8(ascii: "@") {
        // `%#@name@`: skip the name; `%@` prints an object.
        if sharp, let close = bytes[(j + 1)...].firstIndex(of: UInt8(ascii: "@")) { i = close + 1 } else { i = j + 1 }
        continue
      }
      if "diouxXDOUeEfFgGaA".utf8.contains(bytes[j]) { return true }
      i = j + 1
    }
    return false
  }

  /// Whether a form writes the number 1 as text and reads no argument: a `1` not part of a larger
  /// number, in a text with no specifier (`%%` aside).
  static func writesDigitOne(_ text: String) -> Bool {
    guard text.containsUTF8(UInt8(ascii: "1")) else { return false }
    let bytes = Array(text.utf8)
    if bytes.contains(UInt8(ascii: "%")), FormatString(text).specifiers.contains(where: { $0.kind != .percent }) { return false }
    func isNumberPart(_ i: Int) -> Bool {
      guard i >= 0, i < bytes.count else { return false }
      return (0x30...0x39).contains(bytes[i])
    }
    for i in bytes.indices where bytes[i] == UInt8(ascii: "1") && !isNumberPart(i - 1) && !isNumberPart(i + 1) {
      // `1.5`, `1,5`: a decimal, not the number 1.
      let next = i + 1 < bytes.count ? bytes[i + 1] : 0
      if (next == UInt8(ascii: ".") || next == UInt8(ascii: ",")) && isNumberPart(i + 2) { continue }
      if i >= 2, bytes[i - 1] == UInt8(ascii: ".") || bytes[i - 1] == UInt8(ascii: ","), isNumberPart(i - 2) { continue }
      return true
    }
    return false
  }

  /// `text` with its first integer specifier (`%d`, `%lld`, `%1$ld`, a catalog's `%arg`) or
  /// substitution (`%#@n@`) replaced by `number`: what the device shows for that count.
  static func withNumber(_ text: String, _ number: String) -> String {
    if let range = text.range(of: "%arg") { return text.replacingCharacters(in: range, with: number) }
    for specifier in FormatString(text).specifiers {
      guard case .unsupported = specifier.kind else { continue }
      guard let last = specifier.conversion.last, "diuDUfFeEgG".contains(last) else { continue }
      let utf8 = Array(text.utf8)
      let range = specifier.range.utf8
      return String(decoding: utf8[..<range.lowerBound], as: UTF8.self) + number
        + String(decoding: utf8[range.upperBound...], as: UTF8.self)
    }
    return text
  }
}

extension StringsLint {
  /// The specifier of a plural form that reads the count: its first one without a position
  /// (`%d`, `%@`, `%n`); nil when it has none, or only positional ones (`%1$d`: which argument
  /// that is depends on the entry's format), or a catalog's `%arg` (typed by its substitution).
  static func countSpecifier(_ text: String) -> (specifier: FormatSpecifier, kind: ArgumentKind)? {
    guard text.containsUTF8(UInt8(ascii: "%")) else { return nil }
    let utf8 = text.utf8
    // The specifiers up to the count only (this runs on every form of every plural).
    var found: (specifier: FormatSpecifier, kind: ArgumentKind)?
    FormatString.forEachSpecifier(in: text) { specifier in
      guard specifier.kind != .percent && specifier.name == nil else { return true }
      let end = specifier.range.utf8.upperBound
      if specifier.text == "%a", end + 1 < utf8.count, utf8.dropFirst(end).starts(with: [UInt8(ascii: "r"), UInt8(ascii: "g")]) { return false }
      guard let kind = ArgumentKind(conversion: specifier.conversion) else { return true }
      let afterPercent = specifier.text.utf8.dropFirst()
      let digits = afterPercent.prefix { (0x30...0x39).contains($0) }
      if !digits.isEmpty, afterPercent.dropFirst(digits.count).first == UInt8(ascii: "$") { return false }
      found = (specifier, kind)
      return false
    }
    return found
  }

  /// `strings-plural-type`: each form of a plural against the kind its count has — a
  /// `.stringsdict` variable's `NSStringFormatValueTypeKey` (`d`: an integer), else the kind the
  /// source language's forms of the same plural read (`source`, a catalog's). What the device
  /// does with a form that reads another kind is in the message: `%@` or `%s` for an integer
  /// crashes, `%f` for an integer prints a meaningless number, `%n` prints nothing.
  static func pluralTypeFindings(_ group: PluralGroup, source: PluralGroup?, key: String, catalogLanguage: String?) -> [(TableMessage, ArgumentMismatch)] {
    // What declares the kind, put in words only for a finding (most plurals have none).
    let declared: (kind: ArgumentKind, valueType: String?, sourceSpecifier: String?)?
    if let valueType = group.valueType, let kind = ArgumentKind(conversion: valueType) {
      declared = (kind, valueType, nil)
    } else if let source, let (specifier, kind) = source.forms.texts.lazy.compactMap(countSpecifier).first {
      declared = (kind, nil, specifier.text)
    } else {
      declared = nil
    }
    guard let declared else { return [] }
    var out: [(TableMessage, ArgumentMismatch)] = []
    for category in group.forms.categories {
      guard let text = group.forms[category], let (specifier, kind) = countSpecifier(text),
            let mismatch = kind.reading(declared.kind) else { continue }
      let by = declared.valueType.map { "its value type '\($0)'" } ?? "the source language's '\(declared.sourceSpecifier ?? "")'"
      out.append((.pluralType(key: key, plural: group.name, category: category, form: text, specifier: specifier.text, read: kind,
                              declared: declared.kind, declaredBy: by, mismatch: mismatch, catalogLanguage: catalogLanguage), mismatch))
    }
    return out
  }
}

extension StringsLint.LintedFile {
  /// The plural rules on every plural of this file: a `.stringsdict` in a `.lproj` folder (its
  /// localization's rules) or each language of a catalog. Languages CLDR does not know, `Base`
  /// and excluded localizations are left alone.
  mutating func checkPlurals(excluded: ExcludedLocalizations) {
    let tables: [(catalogLanguage: String?, language: String, table: StringsTable)]
    if isCatalog {
      tables = catalogTables.sorted { $0.key < $1.key }.map { ($0.key, $0.key, $0.value) }
    } else if isStringsdict, isInLocalizationFolder, let table {
      tables = [(nil, localization, table)]
    } else {
      return
    }
    var sourcePlurals: [String: [PluralGroup]] = [:]
    for (catalogLanguage, language, table) in tables where !table.variations.isEmpty && Localizer.isLoaded(table) {
      guard !excluded.contains(language), let rules = PluralRules.forLanguage(language) else { continue }
      // Keys in order for the findings; only the keys with findings are sorted (most have none).
      // Each plural's findings stand at the plural (a `.stringsdict` variable's `<key>`, a
      // catalog's `plural`); a `one` form writing the digit at that form's text.
      var found: [(key: String, findings: [(message: TableMessage, plural: String)])] = []
      // The words this localization writes in the singular, read only if a `one` form is missing.
      let singulars = StringsLint.SingularWordsOnDemand(language: language, table: table)
      // Each key's plurals, taken apart once for both passes below.
      var plurals: [(key: String, groups: [PluralGroup])] = []
      for (key, variations) in table.variations {
        let groups = StringsLint.pluralGroups(variations, stringsdict: !isCatalog)
        if groups.isEmpty { continue }
        plurals.append((key, groups))
        var findings: [(message: TableMessage, plural: String)] = []
        let copied = !copiedPlurals.isEmpty && copiedPlurals.contains(language + "\n" + key)
        for group in groups {
          // The text around the plural: a `.stringsdict` entry's format, a catalog substitution's value.
          let enclosing = isCatalog
            ? (group.name.isEmpty || group.name.hasPrefix("device.") ? nil : catalogValue(table, key))
            : variations.first { $0.name == "format" }?.value
          for message in StringsLint.pluralFindings([group], language: language, rules: rules, key: key, catalogLanguage: catalogLanguage,
                                                    enclosingFormat: enclosing, readsAsOne: singulars.readsAsOne)
          where !(copied && message.rule == .pluralMissing) {
            findings.append((message, group.name))
          }
        }
        if !findings.isEmpty { found.append((key, findings)) }
      }
      for (key, findings) in found.sorted(by: { $0.key < $1.key }) {
        for (message, plural) in findings {
          if message.rule == .pluralOneDigit {
            let form = isCatalog ? (plural.isEmpty ? "" : plural + ".") + "plural.one" : plural + ".one"
            add(message, at: nil, key: key, place: .variation(form, language: catalogLanguage))
          } else {
            add(message, at: nil, key: key, place: .plural(plural, language: catalogLanguage))
          }
        }
      }
      // The forms' specifiers against the kind of the count they read.
      let sourceTable = isCatalog ? sourceLanguage.flatMap { catalogTables[$0] } : nil
      let isSource = isCatalog && catalogLanguage == sourceLanguage
      var typed: [(key: String, findings: [(TableMessage, ArgumentMismatch)])] = []
      for (key, groups) in plurals {
        var sourceGroups: [PluralGroup] = []
        if !isSource, let sourceTable {
          // The source language's plurals, taken apart once for every language of the catalog.
          if let known = sourcePlurals[key] {
            sourceGroups = known
          } else {
            sourceGroups = sourceTable.variations[key].map { StringsLint.pluralGroups($0, stringsdict: false) } ?? []
            sourcePlurals[key] = sourceGroups
          }
        }
        var findings: [(TableMessage, ArgumentMismatch)] = []
        for group in groups {
          findings += StringsLint.pluralTypeFindings(group, source: sourceGroups.first { $0.name == group.name }, key: key,
                                                     catalogLanguage: catalogLanguage)
        }
        if !findings.isEmpty { typed.append((key, findings)) }
      }
      for (key, findings) in typed.sorted(by: { $0.key < $1.key }) {
        // (`%n` prints nothing: its message is strings-plural-count-vanishes', a warning.)
        for (message, _) in findings { add(message, at: nil, key: key) }
      }
    }
  }
}

extension StringsLint.LintedFile {
  /// A catalog key's value in `table` (the text around its substitutions), found without
  /// building the table's value map: the entries are sorted by key.
  func catalogValue(_ table: StringsTable, _ key: String) -> String? {
    let entries = table.entries
    var low = 0, high = entries.count
    while low < high {
      let mid = (low + high) / 2
      if entries[mid].key < key { low = mid + 1 } else { high = mid }
    }
    return low < entries.count && entries[low].key == key ? entries[low].value : nil
  }
}

extension StringsLint {
  /// The first `\n`, `\t` or `\"` written as two characters in `text` (a backslash and a letter
  /// or quote), as it is written; nil when there is none.
  static func literalEscape(in text: String) -> String? {
    guard text.containsUTF8(UInt8(ascii: "\\")) else { return nil }
    let bytes = Array(text.utf8)
    guard bytes.count >= 2 else { return nil }
    for i in 0..<(bytes.count - 1) where bytes[i] == UInt8(ascii: "\\") {
      switch bytes[i + 1] {
      case UInt8(ascii: "n"): return "\\n"
      case UInt8(ascii: "t"): return "\\t"
      case UInt8(ascii: "\""): return "\\\""
      default: continue
      }
    }
    return nil
  }
}

extension StringsLint.LintedFile {
  /// `strings-xml-escape` (SPEC §14): a value of an XML property list (an XML `.strings` table or
  /// a `.stringsdict`) holding a literal `\n`, `\t` or `\"`. Property lists have no backslash
  /// escapes, so the device shows the backslash. One finding per key (its first such value).
  mutating func checkXMLEscapes() {
    guard !isCatalog, let table, table.format == .xml || table.format == .stringsdict, Localizer.isLoaded(table) else { return }
    for entry in StringsLint.lastDefinitions(table) {
      if let escape = StringsLint.literalEscape(in: entry.value) {
        add(.xmlEscape(escape, key: entry.key, value: entry.value), at: entry, place: .value(language: nil))
      }
    }
    for key in table.variations.keys.sorted() {
      for (name, value) in table.variations[key] ?? [] where !name.hasSuffix(".valueType") {
        guard let escape = StringsLint.literalEscape(in: value) else { continue }
        add(.xmlEscape(escape, key: key, value: value, variation: name), at: nil, key: key, place: .variation(name, language: nil))
      }
    }
  }
}
