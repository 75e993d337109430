import LintVocabulary
import StringsFile

// The structure of plural and substitution entries (`strings-variable-undefined`,
// `strings-variable-type`) and the `.lproj` folders no device language selects
// (`strings-lproj-name`). SPEC §14 and §3 "Strings tables"; docs/behaviour.md, "Variables and
// folder names".

extension StringsLint.LintedFile {
  /// `strings-variable-undefined` and `strings-variable-type` for each key of this file's tables
  /// that the readers found (``StringsTable/undefinedVariables``,
  /// ``StringsTable/invalidVariableTypes``), in the localizations a device loads: a
  /// `.stringsdict`'s at the entry's format (the value type's `<string>` for a type), a
  /// catalog's at the language's value (else the key).
  mutating func checkStructure(excluded: ExcludedLocalizations) {
    let tables: [(catalogLanguage: String?, table: StringsTable)]
    if isCatalog {
      tables = catalogTables.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    } else if isStringsdict, let table {
      tables = [(nil, table)]
    } else {
      return
    }
    for (catalogLanguage, table) in tables where Localizer.isLoaded(table) {
      guard !table.undefinedVariables.isEmpty || !table.invalidVariableTypes.isEmpty else { continue }
      if let language = catalogLanguage ?? (isInLocalizationFolder ? localization : nil), excluded.contains(language) { continue }
      for key in Set(table.undefinedVariables.keys).union(table.invalidVariableTypes.keys).sorted() {
        if let undefined = table.undefinedVariables[key] {
          add(.variableUndefined(undefined.names, defined: undefined.defined, key: key, catalogLanguage: catalogLanguage), at: nil, key: key,
              place: catalogLanguage == nil ? .variation("format", language: nil) : .value(language: catalogLanguage))
        }
        for invalid in table.invalidVariableTypes[key] ?? [] {
          add(.variableType(invalid.variable, type: invalid.type, key: key, catalogLanguage: catalogLanguage), at: nil, key: key,
              place: catalogLanguage == nil ? .variation(invalid.variable + ".valueType", language: nil) : .value(language: catalogLanguage))
        }
      }
    }
  }
}

extension StringsLint {
  /// What a `.lproj` folder that no device language selects most likely means
  /// (`strings-lproj-name`).
  struct LprojMeaning: Equatable {
    /// The folder's name without `.lproj` (`jp`).
    let folder: String
    /// The code it most likely means (`ja`).
    let code: String
    /// That language's name (`Japanese`).
    let language: String
    /// Why no device selects the folder, in words.
    let reason: String
  }

  /// Country codes written where a language code belongs, by the code, with the language the
  /// folder most likely holds: none is an ISO 639-1 code (no device runs in it, and CFLocale maps
  /// none of them: CFLocaleIdentifier.c) but `kr`, Kanuri's, a language no Apple device offers.
  /// Codes that are another language's (`se` Northern Sami, `si` Sinhala, `uk` Ukrainian) or that
  /// CFLocale maps (`tw` to Akan, `iw` to Hebrew, `in` to Indonesian) are not here: a device
  /// selects them.
  static let countryCodes: [String: (code: String, language: String, country: String)] = [
    "jp": ("ja", "Japanese", "Japan"), "cn": ("zh-Hans", "Chinese (Simplified)", "China"), "gr": ("el", "Greek", "Greece"),
    "cz": ("cs", "Czech", "Czechia"), "ua": ("uk", "Ukrainian", "Ukraine"), "dk": ("da", "Danish", "Denmark"),
    "vn": ("vi", "Vietnamese", "Vietnam"), "kr": ("ko", "Korean", "South Korea"), "by": ("be", "Belarusian", "Belarus"),
    "rs": ("sr", "Serbian", "Serbia"), "il": ("he", "Hebrew", "Israel"), "ir": ("fa", "Persian", "Iran"),
    "ge": ("ka", "Georgian", "Georgia"), "al": ("sq", "Albanian", "Albania"), "kz": ("kk", "Kazakh", "Kazakhstan"),
    "np": ("ne", "Nepali", "Nepal"), "bd": ("bn", "Bangla", "Bangladesh"), "lk": ("si", "Sinhala", "Sri Lanka"),
    "pk": ("ur", "Urdu", "Pakistan"), "tj": ("tg", "Tajik", "Tajikistan"), "kh": ("km", "Khmer", "Cambodia"),
    "hk": ("zh-Hant", "Chinese (Traditional)", "Hong Kong"), "us": ("en", "English", "the United States"),
    "gb": ("en-GB", "English (UK)", "the United Kingdom"), "at": ("de-AT", "German (Austria)", "Austria"),
    "mx": ("es-MX", "Spanish (Mexico)", "Mexico"),
  ]

  /// The scripts a gettext modifier names (`sr@latin`), as BCP 47 writes them.
  static let gettextScripts: [String: (script: String, name: String)] = ["latin": ("Latn", "Latin"), "cyrillic": ("Cyrl", "Cyrillic")]

  /// What the `.lproj` folder named `localization` most likely means, when no device language
  /// selects it: a bare country code (`jp`: Japanese is `ja`) or a language with a gettext
  /// script modifier (`sr@latin`: `sr-Latn`); nil for a name a device selects, and for one that
  /// means no language a device runs in (`qqq`, `en@pirate`, `pr`, `enm`), which is left out
  /// without a word (``ExcludedLocalizations``).
  static func lprojMeaning(_ localization: String) -> LprojMeaning? {
    let key = sameLanguageKey(localization)
    if let meant = countryCodes[key] {
      let reason = key == "kr"
        ? "'kr' is Kanuri's code (no Apple device runs in Kanuri) and \(meant.country)'s country code"
        : "'\(key)' is \(meant.country)'s country code, not a language code"
      return LprojMeaning(folder: localization, code: meant.code, language: meant.language, reason: reason)
    }
    let parts = key.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, let script = gettextScripts[String(parts[1])], (2...3).contains(parts[0].count),
          parts[0].allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    let code = parts[0] + "-" + script.script
    return LprojMeaning(folder: localization, code: code, language: "'\(parts[0])' in \(script.name) script",
                        reason: "'@\(parts[1])' is a gettext modifier, which no device language has (BCP 47 writes a script as '-\(script.script)')")
  }

  /// `strings-lproj-name`: one finding for each `.lproj` folder (of one directory) that no device
  /// language selects and that most likely means a language (``lprojMeaning(_:)``), in the first
  /// of its tables (by path) at 1:1; by the index of that table among `files`.
  static func lprojNameFindings(_ files: [LintedFile]) -> [Int: Finding] {
    var carriers: [String: Int] = [:]
    var meanings: [String: LprojMeaning] = [:]
    // A table the project does not ship is no device's either way (`strings-not-shipped` says so).
    for index in files.indices where files[index].isInLocalizationFolder && !files[index].isCatalog && files[index].notShipped == nil {
      let file = files[index]
      let folder = file.directory + "\u{0}" + file.localization
      if meanings[folder] == nil {
        guard let meaning = lprojMeaning(file.localization) else { continue }
        meanings[folder] = meaning
      }
      if let carrier = carriers[folder], files[carrier].relativePath <= file.relativePath { continue }
      carriers[folder] = index
    }
    var out: [Int: Finding] = [:]
    for (folder, index) in carriers {
      guard let meaning = meanings[folder] else { continue }
      out[index] = Finding(TableMessage.lprojName(meaning), line: 1, column: 1)
    }
    return out
  }
}
