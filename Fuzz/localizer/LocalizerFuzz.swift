// libFuzzer target `localizer`: language resolution and alert rendering (StringsFile).
//
// Input: NUL-separated segments: the preferred languages (separated by ',' or newlines), the
// available localization identifiers (',' separated; empty: the DemoApp fixture bundle), the
// loc-key (one byte or less: picks a key of the picked table), a `.strings` text given to every
// synthetic localization, then the loc-args. Oracles (a trap is a finding):
// - `localization(for:)` returns one of the bundle's localizations, or nil only when no available
//   name is identical (case and -/_ aside) to a preferred language or the development language;
// - `Localizer.render` shows, for the loc-key, the table's value (else the key) expanded with the
//   loc-args when there are some; with enough arguments and no '(' anywhere there is no `(null)`;
// - nothing traps.

import Foundation
import LocFormat
import StringsFile

private let demo: LocalizationBundle = {
  var root = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { root.deleteLastPathComponent() }
  let path = root.appendingPathComponent("Fixtures/Localizations/DemoApp").path
  guard let bundle = try? LocalizationBundle(root: path) else { fatalError("cannot read the fixture bundle at \(path)") }
  return bundle
}()

private func normalized(_ s: String) -> String { String(s.lowercased().map { $0 == "_" ? "-" : $0 }) }

private func split(_ bytes: UnsafeRawBufferPointer) -> [String] {
  var parts: [String] = []
  var start = 0
  for i in 0..<bytes.count where bytes[i] == 0 {
    parts.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
    start = i + 1
  }
  parts.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self))
  return parts
}

@_cdecl("LLVMFuzzerTestOneInput")
public func localizerFuzz(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count > 0 ? data : nil, count: count)
  let parts = split(bytes)
  let preferred = parts[0].split(whereSeparator: { $0 == "," || $0 == "\n" }).map(String.init)
  let bundle: LocalizationBundle
  if parts.count > 1, !parts[1].isEmpty {
    let table = parts.count > 3 ? StringsParser.parse(Data(parts[3].utf8), path: "x.strings") : nil
    let ids = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    bundle = LocalizationBundle(
      localizations: ids.map { Localization(identifier: $0, languageCode: $0, table: table) },
      developmentLanguage: parts.count > 5 ? parts[5] : "en")
  } else {
    bundle = demo
  }

  let picked = bundle.localization(for: preferred)
  if let picked {
    if !bundle.localizations.contains(where: { $0.identifier == picked.identifier }) { fatalError("picked a localization the bundle lacks") }
  } else {
    let names = Set(bundle.localizations.map { normalized($0.identifier) })
    for language in preferred + [bundle.developmentLanguage] where names.contains(normalized(language)) {
      fatalError("nothing picked for \(preferred) though '\(language)' is available: \(bundle.localizations.map(\.identifier))")
    }
  }
  _ = bundle.developmentLocalization

  let values = Localizer.deviceValues(of: picked)
  var key = parts.count > 2 ? parts[2] : ""
  if key.unicodeScalars.count <= 1 {
    let keys = values.keys.sorted()
    if !keys.isEmpty { key = keys[Int(key.unicodeScalars.first?.value ?? 0) % keys.count] }
  }
  let args = parts.count > 4 ? Array(parts.dropFirst(4)) : nil
  let alert = AlertSpec(title: "t", titleLocKey: key, titleLocArgs: args, locKey: key, locArgs: args, actionLocKey: key)
  let rendered = Localizer.render(alert, in: picked)
  let value = values[key] ?? key
  let expected = (args?.isEmpty ?? true) ? value : FormatString(value).expand(args!).text
  if rendered.body != expected || rendered.title != expected { fatalError("rendered \(String(describing: rendered.body)), expected \(expected)") }
  if rendered.action != value { fatalError("action \(String(describing: rendered.action)), expected \(value)") }
  if let args, args.count >= FormatString(value).argumentsNeeded, !value.contains("("),
     !args.contains(where: { $0.contains("(") }), expected.contains("(") {
    fatalError("(null) with enough arguments")
  }
  if Localizer.localizedString(forKey: key, arguments: args, in: picked) != expected { fatalError("localizedString disagrees with render") }
  let plain = Localizer.render(.plain(key), in: picked)
  if plain.body != key || plain.title != nil { fatalError("a plain alert is its body, unlocalized") }
  return 0
}
