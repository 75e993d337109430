import Foundation
import TestSupport
import Testing
@testable import StringsFile

/// The package root, found from this file's path (Tests/StringsFileTests/…).
let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every file below the external corpus's `corpus/strings` with one of the extensions; none when
/// the corpus is not there (`SharedCorpus`: the tests that need it are then skipped).
func corpusFiles(_ extensions: Set<String>) -> [URL] {
  guard let path = SharedCorpus.path("corpus/strings") else { return [] }
  let root = URL(fileURLWithPath: path)
  guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
  var files: [URL] = []
  for case let url as URL in walker where extensions.contains(url.pathExtension) { files.append(url) }
  return files.sorted { $0.path < $1.path }
}

/// Foundation's reading of a table: the string map, or nil when it refuses the file or the result
/// is not a dictionary of strings (which we also report as an error).
func foundationMap(_ data: Data) -> (accepted: Bool, map: [String: String]?) {
  guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else {
    return (false, nil)
  }
  guard let dictionary = plist as? [String: Any] else { return (true, nil) }
  var map: [String: String] = [:]
  for (key, value) in dictionary {
    guard let string = value as? String else { return (true, nil) }
    map[key] = string
  }
  return (true, map)
}

@Suite("Corpus: our reading equals PropertyListSerialization", .enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason)))
struct CorpusDifferentialTests {
  @Test func everyStringsFileMatchesFoundation() throws {
    let files = corpusFiles(["strings"])
    var compared = 0
    var refusedBoth = 0
    for url in files {
      let data = try Data(contentsOf: url)
      let table = StringsParser.parse(data, path: url.path)
      let errors = table.findings.filter { StringsTable.fatalRules.contains($0.rule) }
      let foundation = foundationMap(data)
      if let map = foundation.map {
        #expect(errors.isEmpty, "\(url.path): Foundation reads it, we report \(errors)")
        #expect(table.values == map, "\(url.path): maps differ")
        compared += 1
      } else {
        // Refused, or not a dictionary of strings: we must say so with an error finding.
        #expect(!errors.isEmpty, "\(url.path): Foundation refuses it (accepted: \(foundation.accepted)) but we report no error")
        refusedBoth += 1
      }
    }
    // The two zero-byte mastodon files are the only ones Foundation refuses.
    #expect(refusedBoth == 2)
    #expect(compared > 240)
  }

  @Test func everyStringsdictMatchesFoundation() throws {
    let files = corpusFiles(["stringsdict"])
    var compared = 0
    for url in files {
      let data = try Data(contentsOf: url)
      let table = StringsParser.parse(data, path: url.path)
      let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
      #expect(table.format == .stringsdict)
      #expect(table.pluralKeys == Set(plist?.keys.map { $0 } ?? []), "\(url.path)")
      #expect(table.findings.isEmpty, "\(url.path): \(table.findings)")
      compared += 1
    }
    #expect(compared > 150)
  }

  /// The total across both kinds must exceed 300 so the comparison cannot pass vacuously.
  @Test func corpusIsLargeEnough() {
    let strings = corpusFiles(["strings"]).count
    let stringsdict = corpusFiles(["stringsdict"]).count
    #expect(strings + stringsdict > 300)
    #expect(strings > 240)
  }

  @Test func corpusFormatsAndEncodingsAreDetected() throws {
    var formats: [String: Int] = [:]
    for url in corpusFiles(["strings"]) {
      let table = StringsParser.parse(try Data(contentsOf: url), path: url.path)
      formats["\(table.format.rawValue)/\(table.encoding ?? "-")", default: 0] += 1
    }
    #expect(formats["binary/-"] == 36)
    #expect((formats["text/utf-16le"] ?? 0) >= 36)
    #expect((formats["text/utf-8"] ?? 0) > 150)
  }
}
