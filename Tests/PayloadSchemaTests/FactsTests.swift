import Foundation
@testable import PayloadSchema
import TestSupport
import Testing

/// The facts the end checks read are written by one recorder (`Checker/Facts.swift`) that both lanes
/// call, and every byte offset among them is resolved when a payload is streamed
/// (docs/adding-a-rule.md, "Facts and the two lanes" and "Positions in a stream").
@Suite struct FactsTests {
  /// The recorder's file, from the package's root.
  static let recorder = "Sources/PayloadSchema/Checker/Facts.swift"

  /// The lines of `text` that write a fact: an assignment (`=`, `+=`, `|=`…) to `facts.…` or to a
  /// slot of an offset table (`apsKeyOffsets[i] = …`). Comments are skipped.
  static func factWrites(in text: String) -> [String] {
    let write = #/(\bfacts\.[A-Za-z_.]+|\b(aps|alert)(Key|Value)Offsets\[[^\]]*\])\s*[-+|&*]?=(?!=)/#
    return text.split(separator: "\n").filter { line in
      !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(write)
    }.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test func theWriteReaderSeesWhatItMust() {
    #expect(Self.factWrites(in: "  facts.stopped = true").count == 1)
    #expect(Self.factWrites(in: "facts.offsets.aps = offset").count == 1)
    #expect(Self.factWrites(in: "facts.apsKeys |= 1 << UInt32(index)").count == 1)
    #expect(Self.factWrites(in: "facts.rootMembers += 1").count == 1)
    #expect(Self.factWrites(in: "apsKeyOffsets[index] = keyOffset").count == 1)
    #expect(Self.factWrites(in: "if keyOffset == facts.offsets.mdmKey { return .free }").isEmpty)
    #expect(Self.factWrites(in: "let a = alertKeyOffsets[text.rawValue], b = alertKeyOffsets[key.rawValue]").isEmpty)
    #expect(Self.factWrites(in: "facts = Facts()").isEmpty)
    #expect(Self.factWrites(in: "// facts.stopped = true").isEmpty)
  }

  /// No file of PayloadSchema but the recorder writes a fact: a fact both lanes record is written
  /// once, so the fast lane cannot forget a copy of it.
  @Test func factsAreWrittenByTheRecorderOnly() throws {
    let root = packageRoot + "/Sources/PayloadSchema"
    let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(paths.count > 20)
    var writes: [String] = []
    for path in paths where "Sources/PayloadSchema/" + path != Self.recorder {
      let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
      writes += Self.factWrites(in: text).map { "\(path): \($0)" }
    }
    #expect(writes.isEmpty, """
      facts written outside the recorder (\(Self.recorder)): call one of its record… methods from \
      both lanes instead: \(writes)
      """)
    let own = try String(contentsOfFile: packageRoot + "/" + Self.recorder, encoding: .utf8)
    #expect(Self.factWrites(in: own).count > 20, "the recorder writes the facts")
  }

  /// `Facts.Offsets` holds only `Int`s, one after the other, and `forEach` visits every one of them;
  /// every other `Int` fact is a count or a compact offset, named here. So a byte offset added to the
  /// facts is either in `Offsets`, and resolved in a stream without being named anywhere, or fails
  /// here.
  @Test func everyOffsetFactIsResolvedInAStream() {
    var offsets = Facts.Offsets()
    let slots = Mirror(reflecting: offsets).children
    #expect(slots.count > 10)
    #expect(slots.allSatisfy { $0.value is Int }, "only byte offsets in Facts.Offsets")
    #expect(MemoryLayout<Facts.Offsets>.size == slots.count * MemoryLayout<Int>.stride)
    withUnsafeMutableBytes(of: &offsets) { raw in
      for i in 0..<slots.count { raw.storeBytes(of: 100 + i, toByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) }
    }
    var visited: [Int] = []
    offsets.forEach { visited.append($0) }
    #expect(visited == Mirror(reflecting: offsets).children.compactMap { $0.value as? Int })
    #expect(visited == Array(100..<(100 + slots.count)))

    let notByteOffsets: Set<String> = ["rootMembers", "simulatorStart", "simulatorEnd", "inflation", "droppedFindings"]
    let ints = Set(Mirror(reflecting: Facts()).children.filter { $0.value is Int }.compactMap(\.label))
    #expect(ints == notByteOffsets, """
      an Int in Facts outside Facts.Offsets: \(ints.subtracting(notByteOffsets).sorted()). A byte offset a finding \
      may stand at goes in Facts.Offsets (a stream resolves every one of them); a count goes in this test's list
      """)
  }

  /// `Checker.reset` replaces the facts for every payload: with nothing reference-counted in them
  /// (a key path is `Checker.inflationPath`) that costs a few stores, not a release.
  @Test func factsHoldNothingToRelease() {
    #expect(_isPOD(Facts.self))
  }

  /// What a stream resolves (`Checker.forEachRecordedOffset`): the facts' offsets and every slot of
  /// the five offset tables (the fifth: keys beside `aps` named as one of its keys).
  @Test func theStreamSeesEveryRecordedOffset() {
    var checker = Checker(target: Target(), options: ValidationOptions())
    checker.facts.offsets.relevance = 7001
    checker.facts.offsets.dropped = 7002
    checker.apsKeyOffsets[ApsKey.badge.rawValue] = 7003
    checker.apsValueOffsets[ApsKey.sound.rawValue] = 7004
    checker.alertKeyOffsets[AlertKey.title.rawValue] = 7005
    checker.alertValueOffsets[AlertKey.body.rawValue] = 7006
    checker.topLevelKeyOffsets[ApsKey.category.rawValue] = 7007
    var seen: [Int] = []
    checker.forEachRecordedOffset { seen.append($0) }
    #expect(seen.filter { $0 >= 0 }.sorted() == [7001, 7002, 7003, 7004, 7005, 7006, 7007])
    let slots = Mirror(reflecting: Facts.Offsets()).children.count
    #expect(seen.count == slots + 3 * Schema.aps.count + 3 * Schema.alert.count)
  }
}
