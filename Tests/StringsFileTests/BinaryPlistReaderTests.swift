import TestSupport
import Foundation
import Testing
@testable import StringsFile

@Suite("Binary plist tables: the native reader", .enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason)))
struct BinaryPlistReaderTests {
  static func binaryCorpus() throws -> [(URL, [UInt8])] {
    try corpusFiles(["strings"]).compactMap { url in
      let bytes = [UInt8](try Data(contentsOf: url))
      return bytes.starts(with: Array("bplist00".utf8)) ? (url, bytes) : nil
    }
  }

  /// Every binary table of the corpus is read natively (no fallback) and equals Foundation's map.
  @Test func readsEveryCorpusFileLikeFoundation() throws {
    let files = try Self.binaryCorpus()
    #expect(files.count >= 36)
    for (url, bytes) in files {
      let map = bytes.withUnsafeBufferPointer { BinaryPlistReader.stringTable($0) }?.map
      #expect(map != nil, "\(url.path): the native reader fell back to Foundation")
      #expect(map == foundationMap(Data(bytes)).map, "\(url.path): maps differ")
    }
  }

  /// Cut or damaged files never crash the reader: it returns nil (Foundation decides) or a map
  /// equal to Foundation's. (Foundation itself is only asked when the reader accepts: on some
  /// damaged files it crashes, e.g. bridging a set object.)
  @Test func damagedFilesFallBackOrAgree() throws {
    guard let (_, bytes) = try Self.binaryCorpus().min(by: { $0.1.count < $1.1.count }) else { return }
    var rng = SplitMix64(state: 36)
    var variants: [[UInt8]] = (0..<bytes.count).map { Array(bytes[..<$0]) }
    for _ in 0..<2000 {
      var b = bytes
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
      }
      variants.append(b)
    }
    // The structure: the top dictionary's references, the offset table and the trailer.
    let structure = Array(8..<min(bytes.count, 80)) + Array(max(0, bytes.count - 120)..<bytes.count)
    for _ in 0..<5000 {
      var b = bytes
      for _ in 0..<Int.random(in: 1...2, using: &rng) {
        b[structure.randomElement(using: &rng) ?? 8] = UInt8.random(in: 0...255, using: &rng)
      }
      variants.append(b)
    }
    for (index, b) in variants.enumerated() {
      let map = b.withUnsafeBufferPointer { BinaryPlistReader.stringTable($0) }?.map
      if let map {
        #expect(map == foundationMap(Data(b)).map, "variant \(index) (the first \(bytes.count) are cuts): \(b.count == bytes.count ? b.indices.filter { b[$0] != bytes[$0] }.map { "at \($0): \(bytes[$0]) -> \(b[$0])" } : []), Foundation accepts: \(foundationMap(Data(b)).accepted), n=\(bytes.count)")
      }
    }
  }
}
