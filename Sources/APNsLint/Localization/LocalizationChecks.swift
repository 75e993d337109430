import LocFormat
import PayloadSchema
import StringsFile

/// The localization rules of SPEC §3: a payload's loc-keys and loc-args against an app's tables
/// (`check --strings`, `render`).
///
/// For each of `title-loc-key`, `subtitle-loc-key`, `loc-key` (with their `…loc-args`) and
/// `action-loc-key`, in that order:
/// - `loc-key-missing`: the key is in neither the development language's `.strings` table nor its
///   plural keys (or there is no development-language localization at all);
/// - `loc-key-untranslated`: in the development language, absent from other checked
///   localizations (one finding listing them);
/// - `loc-key-plural`: a `.stringsdict` / String Catalog plural entry in some checked localization;
/// - `loc-key-stale`: a String Catalog key with `"extractionState": "stale"` (SPEC §14);
/// - `loc-key-unreviewed`: in state `new` or `needs_review` in a checked localization (one finding
///   listing them);
/// - per checked localization that has a value for the key (not for `action-loc-key`, which takes
///   no arguments): `loc-format-unsupported`, `loc-format-mixed`, `loc-format-gap` for each issue
///   of the format, and `loc-args-count` when the loc-args are fewer than the positions it reads;
/// - `loc-args-unused`: more loc-args than the most any checked localization reads.
///
/// Positions: rules about the key point at the loc-key's value (`aps.alert.loc-key`);
/// `loc-args-count` at the first loc-args element (`aps.alert.loc-args[0]`), or at the loc-key
/// when there are no loc-args; `loc-args-unused` at the first ignored element
/// (`aps.alert.loc-args[2]`). A table CoreFoundation refuses as a whole counts as empty, as on the
/// device.
public enum LocalizationChecks {
  /// Checks `alert` against `bundle`: every localization, or only those the given devices would
  /// pick (`bundle.localization(for: preferences)`, so `[["fr-CA"], ["ja"]]` checks `fr` and, for
  /// `ja`, the development language).
  ///
  /// - Parameters:
  ///   - alert: the payload's alert: its keys, arguments and literal texts.
  ///   - bundle: the app's tables, read with `LocalizationBundle`.
  ///   - devices: the devices to check for, each a preference list (`--lang de-AT,fr` is one
  ///     device: Austrian German, then French); nil checks every localization.
  /// - Returns: the findings, in the order of the localizations checked.
  public static func check(alert: AlertText, bundle: LocalizationBundle, devices: [[String]]?) -> [Finding] {
    let context = Context(bundle: bundle, devices: devices)
    var findings: [Finding] = []
    let slots: [(key: AlertText.Field?, args: [AlertText.Field]?, takesArguments: Bool)] = [
      (alert.titleLocKey, alert.titleLocArgs, true),
      (alert.subtitleLocKey, alert.subtitleLocArgs, true),
      (alert.locKey, alert.locArgs, true),
      (alert.actionLocKey, nil, false),
    ]
    for slot in slots {
      guard let key = slot.key else { continue }
      findings += context.check(key: key, arguments: slot.args ?? [], takesArguments: slot.takesArguments)
    }
    return findings
  }

  /// The localizations to check and their device tables, computed once per payload.
  struct Context {
    let development: Localization?
    let checked: [Localization]
    let developmentLanguage: String
    var values: [String: [String: String]] = [:]
    var plurals: [String: Set<String>] = [:]

    init(bundle: LocalizationBundle, devices: [[String]]?) {
      development = bundle.developmentLocalization
      developmentLanguage = bundle.developmentLanguage
      if let devices {
        let picked = Set(devices.compactMap { bundle.localization(for: $0)?.identifier })
        checked = bundle.localizations.filter { picked.contains($0.identifier) }
      } else {
        checked = bundle.localizations
      }
      for localization in checked + [development].compactMap({ $0 }) {
        values[localization.identifier] = Localizer.deviceValues(of: localization)
        plurals[localization.identifier] = localization.pluralKeys.union(localization.table?.pluralKeys ?? [])
      }
    }

    func value(_ key: String, in localization: Localization) -> String? { values[localization.identifier]?[key] }
    func isPlural(_ key: String, in localization: Localization) -> Bool { plurals[localization.identifier]?.contains(key) ?? false }
    func has(_ key: String, in localization: Localization) -> Bool { value(key, in: localization) != nil || isPlural(key, in: localization) }

    func check(key field: AlertText.Field, arguments: [AlertText.Field], takesArguments: Bool) -> [Finding] {
      let key = field.value
      var findings: [Finding] = []
      func at(_ anchor: AlertText.Field, _ message: LocalizationMessage) {
        findings.append(Finding(message, line: anchor.line, column: anchor.column, keyPath: anchor.keyPath))
      }

      if let development {
        if !has(key, in: development) {
          at(field, .keyMissing(key: key, development: development.identifier))
        } else {
          let untranslated = checked.filter { $0.identifier != development.identifier && !has(key, in: $0) }.map(\.identifier)
          if !untranslated.isEmpty {
            at(field, .untranslated(key: key, in: untranslated))
          }
        }
      } else {
        at(field, .noDevelopmentLocalization(key: key, developmentLanguage: developmentLanguage))
      }

      var pluralIn: [String] = []
      for localization in ([development].compactMap { $0 } + checked) where isPlural(key, in: localization) {
        if !pluralIn.contains(localization.identifier) { pluralIn.append(localization.identifier) }
      }
      if !pluralIn.isEmpty {
        at(field, .plural(key: key, in: pluralIn))
      }

      // A catalog key Xcode marks stale (SPEC §14): pushes are the reason it looks unused.
      if ([development].compactMap { $0 } + checked).contains(where: { $0.table?.staleKeys.contains(key) ?? false }) {
        at(field, .stale(key: key))
      }
      let pending = checked.filter { $0.identifier != development?.identifier }.compactMap { localization -> (localization: String, state: String)? in
        guard let state = localization.table?.states[key], state == "new" || state == "needs_review" else { return nil }
        return (localization.identifier, state)
      }
      if !pending.isEmpty {
        at(field, .unreviewed(key: key, states: pending))
      }

      guard takesArguments else { return findings }
      let argumentAnchor = arguments.first ?? field
      var mostRead: Int? = nil
      for localization in checked {
        guard let text = value(key, in: localization) else { continue }
        let format = FormatString(text)
        let name = localization.identifier
        for issue in format.issues {
          switch issue.kind {
          case .unsupported(let specifier):
            at(field, .unsupportedSpecifier(specifier, localization: name, key: key, format: text))
          case .mixed:
            at(field, .mixedSpecifiers(localization: name, key: key, format: text))
          case .gap(let missing):
            at(field, .gap(missing, localization: name, key: key, format: text))
          }
        }
        let needed = format.argumentsNeeded
        mostRead = max(mostRead ?? 0, needed)
        if arguments.count < needed {
          let expansion = format.expand(arguments.map(\.value))
          if arguments.isEmpty && !Localizer.formatsWithoutArguments {
            at(argumentAnchor, .noArguments(localization: name, key: key, format: text, needed: needed))
          } else {
            // The first few unfilled specifiers are named (each lookup walks the format once, so
            // naming all of 100,000 would be quadratic); the message counts the rest.
            let missing = expansion.missingPositions
            let unfilled = missing.prefix(LocalizationOutput.listedItems).compactMap { format.specifiers(readingPosition: $0).first?.text }
            at(argumentAnchor, .tooFewArguments(localization: name, key: key, format: text, needed: needed, given: arguments.count,
                                                unfilled: unfilled, missing: missing.count))
          }
        }
      }
      if let mostRead, arguments.count > mostRead {
        at(arguments[mostRead], .unusedArguments(key: key, given: arguments.count, mostRead: mostRead))
      }
      return findings
    }
  }
}
