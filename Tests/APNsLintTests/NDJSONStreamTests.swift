import APNsLint
import Foundation
import Testing

/// `check --ndjson` reads a stream in bounded memory: a 50 MB line is fed to the validator in
/// chunks, never held whole, and the records around it are read as usual.
@Suite struct NDJSONStreamTests {
  @Test func fiftyMegabyteLineInsideAStream() throws {
    let size = 50 * 1_000_000
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-50mb-\(UUID().uuidString).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // First record, a 50 MB record with a mistake at its end, a last record.
    var stream = Data(#"{"aps":{"alert":"a"}}"#.utf8) + Data([0x0A])
    stream += Data(#"{"aps":{"alert":""#.utf8)
    stream += Data(repeating: 0x78, count: size)
    stream += Data(#"","badge":"9"}}"#.utf8) + Data([0x0A])
    stream += Data(#"{"aps":{"badge":-1}}"#.utf8) + Data([0x0A])
    #expect(FileManager.default.createFile(atPath: path, contents: stream))
    stream = Data()

    let fd = open(path, O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    var linter = Linter()
    var results: [LintResult] = []
    let before = Self.residentMegabytes()
    try PayloadInput.lintNDJSON(fd: fd, path: "s.ndjson", linter: &linter) { results.append($0) }
    let growth = Self.residentMegabytes() - before

    #expect(results.map(\.record) == [1, 2, 3])
    #expect(results[0].diagnostics.isEmpty)
    #expect(results[1].diagnostics.map(\.rule) == ["payload-too-large", "value-type"])
    #expect(results[1].diagnostics.last?.line == 2)
    #expect(results[1].diagnostics.last?.column == 17 + size + 11)
    #expect(results[1].bytes == 17 + size + 15)
    #expect(results[2].diagnostics.map(\.rule) == ["value-range"])
    // Held whole, the line alone would add 50 MB; streamed, the reader keeps ~2 MiB of buffers.
    #expect(growth < 25, "resident memory grew by \(growth) MB")
  }

  /// Current resident set size in MB (Linux `/proc/self/statm`), 0 where unknown.
  static func residentMegabytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_000_000
  }
}
