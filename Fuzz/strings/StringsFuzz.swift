// libFuzzer target `strings`: StringsFile's table reader.
//
// Input: one selector byte, then the file's bytes. The selector picks the path the parser sees:
// 0 `x.strings`, 1 `x.stringsdict`, 2 `x.xcstrings`, 3 `X.STRINGS` (the extension match ignores
// case). Oracles (a trap is a finding):
// - nothing traps; every finding and every text entry has a 1-based position;
// - the reader is deterministic: the same bytes give the same table;
// - `values` is the entries' map, last definition winning; `dump()` does not trap;
// - a table with no fatal finding is readable and one with a fatal finding is not.

import Foundation
import PayloadSchema
import StringsFile

private let paths = ["x.strings", "x.stringsdict", "x.xcstrings", "X.STRINGS"]

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsFuzz(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard count > 0, let data else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: data, count: count)
  let path = paths[Int(bytes[0] % 4)]
  let file = Data(bytes[1...])
  let table = StringsParser.parse(file, path: path)
  for f in table.findings where f.line < 1 || f.column < 1 { fatalError("finding without a position: \(f)") }
  for e in table.entries {
    if let line = e.line, line < 1 { fatalError("entry line < 1: \(e)") }
    if let column = e.column, column < 1 { fatalError("entry column < 1: \(e)") }
    if (e.line == nil) != (e.column == nil) { fatalError("entry with a line but no column: \(e)") }
  }
  var map: [String: String] = [:]
  for e in table.entries { map[e.key] = e.value }
  if map != table.values { fatalError("values is not the entries' map") }
  // A BOM-less UTF-16 table whose two skipped bytes are a line break or space reads the same on
  // the device: its finding is strings-encoding-space-skipped (a warning), which does not make it unreadable.
  let fatal = table.findings.contains { [StringsRule.syntax, .encoding, .zeroLength].contains($0.stringsRule) }
  if fatal == table.isReadable { fatalError("isReadable disagrees with the findings") }
  let again = StringsParser.parse(file, path: path)
  if again.entries != table.entries || again.findings != table.findings || again.format != table.format
    || again.encoding != table.encoding || again.pluralKeys != table.pluralKeys {
    fatalError("the reader is not deterministic")
  }
  _ = table.dump()
  if bytes[0] % 4 == 2 {
    let catalog = StringCatalog.parse(file, path: path)
    for (_, t) in catalog.tables { _ = t.dump(); _ = t.values }
  }
  return 0
}
