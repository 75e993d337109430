import Foundation
import Testing
import TestSupport

/// Issue 36: the repository commits no file brought from a public repository. The real material
/// (tables, payloads, Live Activity sources, JSONTestSuite) lives in the shared folder's `wild/`,
/// each folder with a SOURCES.tsv; the repository keeps only what we wrote about it (manifests,
/// judgments, and small fixtures of our own that reproduce a pattern, citing where it was seen).
/// These tests keep a copied file from coming back unnoticed.
@Suite("no third-party file in the repository")
struct ThirdPartyFilesTests {
  static let root = URL(fileURLWithPath: packageRoot)

  /// The files git tracks, relative to the package root.
  static func trackedFiles() throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", packageRoot, "ls-files", "-z"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
  }

  /// Files of `wild/` that are our own words, not real material: the manifests (each folder's
  /// SOURCES.tsv, the README) and, in `project-fixtures/`, the manifests the repository kept
  /// beside the files it used to hold (SOURCES.tsv, EXPECTED.tsv, README.md, DISAGREEMENTS.md,
  /// SOURCE.md), which it still holds.
  static func isManifest(_ relative: String) -> Bool {
    let name = (relative as NSString).lastPathComponent
    if name == "SOURCES.tsv" || relative == "README.md" { return true }
    return relative.hasPrefix("project-fixtures/") && ["EXPECTED.tsv", "README.md", "DISAGREEMENTS.md", "SOURCE.md"].contains(name)
  }

  /// Tracked files that may equal a real file by content without being copied from it: the
  /// package's own licence is the Apache-2.0 text, the same bytes in every project under it.
  static let sameByNature: Set<String> = ["LICENSE"]

  /// Every tracked file is compared, byte for byte, with every file of the shared folder's
  /// `wild/` (the files its SOURCES.tsv files list, a superset of those the repository held under
  /// `Fixtures/` and `Tests/Data/`): none may be the same. Candidates are found by size first, so
  /// only files of equal size are read. Empty files are not compared (nothing to copy).
  @Test(.enabled(if: SharedCorpus.path("wild").map { FileManager.default.fileExists(atPath: $0) } ?? false,
                 Comment(rawValue: SharedCorpus.skipReason)))
  func noTrackedFileIsAFileOfTheWildFolder() throws {
    let wild = try #require(SharedCorpus.path("wild"))
    var bySize: [Int: [String]] = [:]
    var count = 0
    let walker = try #require(FileManager.default.enumerator(atPath: wild))
    while let relative = walker.nextObject() as? String {
      guard !Self.isManifest(relative), let attributes = try? FileManager.default.attributesOfItem(atPath: wild + "/" + relative),
            attributes[.type] as? FileAttributeType == .typeRegular else { continue }
      let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
      guard size > 0 else { continue }
      bySize[size, default: []].append(relative)
      count += 1
    }
    #expect(count > 1_000, "the wild folder holds \(count) files")
    let tracked = try Self.trackedFiles()
    #expect(tracked.count > 300, "git ls-files gave \(tracked.count) files")
    var copies: [String] = []
    for file in tracked where !Self.sameByNature.contains(file) {
      let path = packageRoot + "/" + file
      guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue,
            let candidates = bySize[size] else { continue }
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      for candidate in candidates where (try? Data(contentsOf: URL(fileURLWithPath: wild + "/" + candidate))) == bytes {
        copies.append("\(file) is wild/\(candidate)")
      }
    }
    #expect(copies == [], "files copied from public repositories are kept in ../shared/wild, never committed")
  }

  /// Every SOURCES.tsv (or EXPECTED.tsv) the repository keeps lists real material kept
  /// elsewhere: the file or folder each row names (its first column, below the list's folder) is
  /// not in the repository.
  @Test func noSourcesRowNamesAFileOfTheRepository() throws {
    var manifests: [String] = []
    for folder in ["Fixtures", "Tests"] {
      let walker = try #require(FileManager.default.enumerator(atPath: packageRoot + "/" + folder))
      while let relative = walker.nextObject() as? String {
        if relative.hasSuffix("SOURCES.tsv") || relative.hasSuffix("EXPECTED.tsv") { manifests.append(folder + "/" + relative) }
      }
    }
    // Fixtures/payloads/apple only: the real payloads', the tables' and the Live Activity
    // fixtures' lists are kept in the shared folder, beside their files.
    #expect(manifests.sorted() == ["Fixtures/payloads/apple/SOURCES.tsv"])
    var present: [String] = []
    var rows = 0
    for manifest in manifests {
      let folder = packageRoot + "/" + (manifest as NSString).deletingLastPathComponent
      let lines = try String(contentsOfFile: packageRoot + "/" + manifest, encoding: .utf8).split(separator: "\n").dropFirst()
      for line in lines where !line.hasPrefix("#") {
        let named = String(line.prefix { $0 != "\t" })
        guard !named.isEmpty else { continue }
        rows += 1
        // A row may name files with a `*` (`backend-d871cc0-*.json`): the folder must hold none that match.
        let parent = folder + "/" + (named as NSString).deletingLastPathComponent
        let pattern = (named as NSString).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for name in names where Self.matches(name, pattern) { present.append(manifest + ": " + named) }
      }
    }
    #expect(rows >= 29)   // 29 Apple listings (the 68 payloads of public projects are listed in the shared folder)
    #expect(present == [], "real material is read from $APNS_LINT_SHARED/wild/project-fixtures, not committed")
  }

  /// `name` against a pattern with `*` wildcards.
  static func matches(_ name: String, _ pattern: String) -> Bool {
    let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
    guard parts.count > 1 else { return name == pattern }
    guard name.hasPrefix(parts[0]), name.hasSuffix(parts[parts.count - 1]),
          name.count >= parts[0].count + parts[parts.count - 1].count else { return false }
    var rest = Substring(name.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
    for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
      guard let range = rest.range(of: middle) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }

  /// No licence file of the GPL, AGPL or MPL is in the repository (a package every dependent
  /// clones holds none), and the package's own licence is Apache-2.0.
  @Test func noCopyleftLicenceFile() throws {
    let copyleft = ["GNU GENERAL PUBLIC LICENSE", "GNU AFFERO GENERAL PUBLIC LICENSE", "GNU LESSER GENERAL PUBLIC LICENSE",
                    "Mozilla Public License"]
    var found: [String] = []
    let tracked = try Self.trackedFiles()
    #expect(tracked.count > 300, "git ls-files gave \(tracked.count) files")
    for relative in tracked {
      let name = (relative as NSString).lastPathComponent.uppercased()
      guard name.hasPrefix("LICENSE") || name.hasPrefix("LICENCE") || name.hasPrefix("COPYING"),
            let text = try? String(contentsOfFile: packageRoot + "/" + relative, encoding: .utf8) else { continue }
      if copyleft.contains(where: { text.contains($0) }) { found.append(relative) }
    }
    #expect(found == [])
    let licence = try String(contentsOfFile: packageRoot + "/LICENSE", encoding: .utf8)
    #expect(licence.contains("Apache License") && licence.contains("Version 2.0"))
  }
}
