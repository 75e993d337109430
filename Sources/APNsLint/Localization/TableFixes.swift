import Foundation
import LocFormat
import PayloadSchema
import StringsFile

// The fix of `strings-plural-type` (issue 51, SPEC §3.4): a plural form that reads its count with
// the wrong conversion, where the count's kind is certain, gets the conversion it is declared with.

/// Fixes a plural form whose count specifier reads another kind than the count has, when what it
/// should read is certain: the specifier is bare (`%@`, `%s`, `%S`, `%f`, `%lf`: no flag, width,
/// precision or position), reads an object, a string or a double, and the count is an integer as
///
/// - a `.stringsdict` variable's `NSStringFormatValueTypeKey` declares (`d`, `ld`, `lld`, `u`…), with
///   another form of the variable reading it as that integer (the declaration and the forms agree
///   but for this one): the specifier becomes `%` and the value type;
/// - the source language's forms of a catalog plural read it (`%lld`): the specifier becomes theirs.
///
/// `%n` (which prints nothing: the author may have meant a literal text), a specifier with flags or
/// precision (`%.1f`: the count may be the double and the declaration wrong), and a form whose text
/// the file writes with an XML entity or a JSON escape are left alone. A binary `.stringsdict` has
/// no text to edit.
enum PluralTypeFix {
  /// The fix of one `strings-plural-type` finding in a `.stringsdict` or String Catalog's text.
  static func fix(_ site: FixSite) -> FindingFix? {
    guard let key = site.finding.keyPath else { return nil }
    var i = site.text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < site.text.count, site.text[i] == 0x20 || site.text[i] == 0x09 || site.text[i] == 0x0A || site.text[i] == 0x0D { i += 1 }
    guard i < site.text.count else { return nil }
    switch site.text[i] {
    case UInt8(ascii: "<"): return stringsdict(site, key: key)
    case UInt8(ascii: "{"): return catalog(site, key: key)
    default: return nil
    }
  }

  /// A form of a `.stringsdict` variable.
  static func stringsdict(_ site: FixSite, key: String) -> FindingFix? {
    let table = StringsParser.parse(site.text, path: "Fix.stringsdict")
    guard table.format == .stringsdict, let variations = table.variations[key] else { return nil }
    for group in StringsLint.pluralGroups(variations, stringsdict: true) {
      guard let category = reported(site.finding, group: group, source: nil, key: key, language: nil),
            let valueType = group.valueType, isIntegerConversion(valueType),
            agreeing(group, besides: category, declared: .integer),
            let form = group.forms[category],
            let location = table.located(key, in: site.text)?.variation(group.name + "." + category.rawValue),
            let start = stringContentStart(site.text, element: location.value) else { continue }
      return edit(form, at: start, in: site.text, replacement: "%" + valueType, key: key, category: category)
    }
    return nil
  }

  /// A form of a catalog plural, in the language the finding names.
  static func catalog(_ site: FixSite, key: String) -> FindingFix? {
    let catalog = StringCatalog.parse(Data(site.text), path: "Fix.xcstrings")
    guard let sourceLanguage = catalog.sourceLanguage, let spans = JSONSpans(site.text) else { return nil }
    let sourceGroups = catalog.tables[sourceLanguage]?.variations[key].map { StringsLint.pluralGroups($0, stringsdict: false) } ?? []
    for language in catalog.tables.keys.sorted() where language != sourceLanguage {
      guard let table = catalog.tables[language], let variations = table.variations[key] else { continue }
      for group in StringsLint.pluralGroups(variations, stringsdict: false) {
        let source = sourceGroups.first { $0.name == group.name }
        guard let category = reported(site.finding, group: group, source: source, key: key, language: language),
              let declared = source?.forms.texts.lazy.compactMap(StringsLint.countSpecifier).first,
              declared.kind == .integer, isBare(declared.specifier), isIntegerConversion(declared.specifier.conversion),
              let form = group.forms[category],
              let at = table.locations[key]?.variation((group.name.isEmpty ? "" : group.name + ".") + "plural." + category.rawValue)?.value,
              let value = spans.find(offset: at)?.value, value.kind == .string, value.start == at,
              !site.text[(value.start + 1)..<(value.end - 1)].contains(UInt8(ascii: "\\")) else { continue }
        return edit(form, at: value.start + 1, in: site.text, replacement: declared.specifier.text, key: key, category: category)
      }
    }
    return nil
  }

  /// The category of `group` whose form the finding reports: the one form whose own
  /// `strings-plural-type` message is the finding's.
  static func reported(_ finding: Finding, group: PluralGroup, source: PluralGroup?, key: String, language: String?) -> PluralCategory? {
    group.forms.categories.first { category in
      var single = group
      single.forms = PluralForms()
      single.forms[category] = group.forms[category]
      return StringsLint.pluralTypeFindings(single, source: source, key: key, catalogLanguage: language)
        .contains { $0.0.text == finding.message }
    }
  }

  /// Whether another form of `group` than `category`'s reads the count as `declared`.
  static func agreeing(_ group: PluralGroup, besides category: PluralCategory, declared: ArgumentKind) -> Bool {
    group.forms.categories.contains { other in
      other != category && group.forms[other].flatMap(StringsLint.countSpecifier)?.kind == declared
    }
  }

  /// The edit of `form`'s count specifier, the form's text starting at byte `start` of `text` as
  /// written there (no escape, no entity before the specifier's end: checked).
  static func edit(_ form: String, at start: Int, in text: [UInt8], replacement: String, key: String, category: PluralCategory) -> FindingFix? {
    guard let (specifier, kind) = StringsLint.countSpecifier(form), isBare(specifier),
          [.object, .cString, .unicharString, .double].contains(kind) else { return nil }
    let range = specifier.range.utf8
    let written = Array(form.utf8)
    guard start + written.count <= text.count, text[start..<(start + written.count)].elementsEqual(written) else { return nil }
    return FindingFix("read the count of '\(VisibleText.excerpt(key, limit: 40))' ('\(category.rawValue)') with '\(replacement)', not '\(specifier.text)'",
                      edits: [TextEdit(start: start + range.lowerBound, end: start + range.upperBound, replacement: replacement)])
  }

  /// `%` and a conversion with at most a length modifier: no flag, width, precision, position or name.
  static func isBare(_ specifier: FormatSpecifier) -> Bool {
    let conversion = specifier.conversion
    guard specifier.text == "%" + conversion, let last = conversion.last, last.isLetter || last == "@" else { return false }
    return conversion.dropLast().allSatisfy { "hlqLjzt".contains($0) }
  }

  /// A `.stringsdict` value type or a source specifier's conversion that reads an integer as a
  /// number: a length modifier or none, then `d i o u x X D O U` (not `c`, a character).
  static func isIntegerConversion(_ conversion: String) -> Bool {
    guard let last = conversion.last, "diouxXDOU".contains(last) else { return false }
    return conversion.dropLast().allSatisfy { "hlqjzt".contains($0) }
  }

  /// The byte after `<string>` of the element at `element` (its `<`); nil when it is not one.
  static func stringContentStart(_ text: [UInt8], element: Int) -> Int? {
    let open = Array("<string>".utf8)
    guard element >= 0, element + open.count <= text.count, text[element..<(element + open.count)].elementsEqual(open) else { return nil }
    return element + open.count
  }
}

/// `strings-empty-translation` in a String Catalog (SPEC §3.4): a unit `"state" : "translated"`
/// whose `"value"` is empty, in a localization that holds only that unit, beside other
/// localizations: the language's member of `localizations` is removed, in Xcode's formatting (the
/// lines around it kept). The device then finds no translation and shows the catalog's key, the
/// development text (a catalog's keys are its development text), where it showed nothing; checked
/// again, the key is a missing translation (`strings-missing-translation`), which the fix leaves.
/// A `.strings` table's empty value, a unit in another state, a key with variations or
/// substitutions, or a catalog's only localization: no fix.
enum EmptyTranslationFix {
  @Sendable static func fix(_ site: FixSite) -> FindingFix? {
    // A language none of whose values holds text is one finding naming no key: not fixed unit by unit.
    guard site.finding.keyPath != nil,
          let offset = site.offset, let spans = JSONSpans(site.text), let at = spans.find(offset: offset) else { return nil }
    let chain = at.containers + [at.value]
    var keys: [String] = []
    for i in 0..<(chain.count - 1) {
      guard let member = chain[i].members.first(where: { $0.value.start == chain[i + 1].start }) else { return nil }
      keys.append(member.key)
    }
    // strings . KEY . localizations . LANGUAGE . stringUnit . value
    guard keys.count == 6, keys[0] == "strings", keys[2] == "localizations", keys[4] == "stringUnit", keys[5] == "value",
          at.value.string == "", chain[5].members.first(where: { $0.key == "state" })?.value.string == "translated",
          chain[4].members.count == 1, chain[3].members.count >= 2,
          let index = chain[3].members.firstIndex(where: { $0.key == keys[3] }) else { return nil }
    return FindingFix("remove the empty '\(keys[3])' translation of '\(keys[1])': the device shows the development text",
                      edits: spans.removal(ofMembers: [index], in: chain[3]))
  }
}
