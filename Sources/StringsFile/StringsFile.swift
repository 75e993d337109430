// StringsFile: reads an app's localization tables the way a device does, and picks the
// localization a device uses.
//
// Entry points:
// - `StringsParser.parse(_:path:)` — one `.strings` (text, binary or XML plist), `.stringsdict` or
//   `.xcstrings` file → `StringsTable` (entries with positions and comments, findings). Text files
//   are read exactly as CoreFoundation's CFOldStylePList.c reads them (OldStylePlistParser.swift).
// - `StringCatalog.parse(_:path:)` — a String Catalog → one table per language.
// - `LocalizationBundle(root:table:developmentLanguage:)` — every `*.lproj` and catalog below a
//   folder; `localization(for:)` picks the one iOS uses for a preferred-language list (SPEC §6).
// - `StringsTable.dump()` — a text dump of a table (what `apns-lint strings dump` prints).

import Foundation
import LintVocabulary

extension StringsTable {
  /// A readable dump: one line per entry (`LINE:COLUMN "key" = "value"  /* comment */`), then the findings.
  public func dump() -> String {
    var out = "\(VisibleText.escape(path)) (\(format.rawValue)\(encoding.map { ", " + $0 } ?? ""))\n"
    var shown: Set<String> = []
    for entry in entries {
      let position = entry.line.map { "\($0):\(entry.column ?? 0)" } ?? "-"
      out += "\(position) \(quoted(entry.key)) = \(quoted(entry.value));"
      if let state = entry.state { out += "  [\(VisibleText.escape(state))]" }
      if let comment = entry.comment { out += "  /* \(VisibleText.escape(comment)) */" }
      out += "\n"
      if shown.insert(entry.key).inserted { out += variationLines(entry.key) }
    }
    // Keys with no single value (plural entries of a .stringsdict or a catalog): their forms.
    for key in variations.keys.sorted() where !shown.contains(key) {
      out += "- \(quoted(key)) (plural)\n" + variationLines(key)
    }
    for finding in findings {
      out += "\(finding.line):\(finding.column): \(finding.rule): \(VisibleText.escape(finding.message))\n"
    }
    return out
  }

  /// `    plural.one = "…";` for each variation of `key`.
  private func variationLines(_ key: String) -> String {
    (variations[key] ?? []).map { "    \(VisibleText.escape($0.name)) = \(quoted($0.value));\n" }.joined()
  }

  private func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if let escaped = VisibleText.escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out + "\""
  }
}
