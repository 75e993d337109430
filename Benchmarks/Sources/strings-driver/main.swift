// strings-driver: StringsParser over every non-empty .strings file below the folder given, ROUNDS
// times (env, default 20): the same work and output line as ../shared/bench/peers/plist_strings.swift
// ("N files, B bytes, E entries, F failed"), with apns-lint's parser in place of
// PropertyListSerialization. Entries counts distinct keys (as the peer's dictionary does);
// failed counts tables CoreFoundation would refuse (`isReadable == false`). With MAP=0 the
// key → value map is not built: entries then counts every entry, duplicates included (the parser
// alone, for telling parsing from map building).
import Foundation
import StringsFile

let buildMap = ProcessInfo.processInfo.environment["MAP"] != "0"
let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "20") ?? 20
let root = URL(fileURLWithPath: CommandLine.arguments[1])
var files: [(String, Data)] = []
let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
for case let url as URL in walker where url.pathExtension == "strings" {
  if let d = try? Data(contentsOf: url), !d.isEmpty { files.append((url.path, d)) }
}
var entries = 0, failed = 0
for _ in 0..<rounds {
  entries = 0; failed = 0
  for (path, d) in files {
    let table = StringsParser.parse(d, path: path)
    if !table.isReadable { failed += 1 } else { entries += buildMap ? table.values.count : table.entries.count }
  }
}
print("\(files.count) files, \(files.reduce(0) { $0 + $1.1.count }) bytes, \(entries) entries, \(failed) failed")
