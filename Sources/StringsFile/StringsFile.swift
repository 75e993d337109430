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

extension StringsTable {
  /// A readable dump: one line per entry (`LINE:COLUMN "key" = "value"  /* comment */`), then the findings.
  public func dump() -> String {
    var out = "\(VisibleText.escape(path)) (\(format.rawValue)\(encoding.map { ", " + $0 } ?? ""))\n"
    for entry in entries {
      let position = entry.line.map { "\($0):\(entry.column ?? 0)" } ?? "-"
      out += "\(position) \(quoted(entry.key)) = \(quoted(entry.value));"
      if let comment = entry.comment { out += "  /* \(VisibleText.escape(comment)) */" }
      out += "\n"
    }
    for finding in findings {
      out += "\(finding.line):\(finding.column): \(finding.rule): \(VisibleText.escape(finding.message))\n"
    }
    return out
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
