import Foundation
import Testing
@testable import StringsFile

/// A walk on several threads finds the same files and reports the same problems, in the same
/// order, as on one.
@Suite struct FileWalkTests {
  @Test func threadsDoNotChangeTheWalk() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("filewalk-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    for top in ["a", "b", "c.lproj", "d", "e e"] {
      for sub in ["en.lproj", "fr.lproj", "x/y/de.lproj"] {
        let folder = root + "/" + top + "/" + sub
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("\"k\" = \"v\";".utf8).write(to: URL(fileURLWithPath: folder + "/Localizable.strings"))
        try Data().write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        #expect(mkfifo(folder + "/pipe.strings", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.strings", withDestinationPath: root + "/nowhere")
      }
    }
    try Data("\"k\" = \"v\";".utf8).write(to: URL(fileURLWithPath: root + "/top.strings"))
    #expect(mkfifo(root + "/top-pipe.strings", 0o644) == 0)
    let wanted: (String) -> Bool = { $0.hasSuffix(".strings") }
    let one = FileWalk.files(below: root, jobs: 1, where: wanted)
    #expect(one.files.count == 16)
    #expect(one.problems.count == 31)
    for jobs in [2, 3, 8] {
      let more = FileWalk.files(below: root, jobs: jobs, where: wanted)
      #expect(more.files == one.files)
      #expect(more.problems == one.problems)
    }
  }
}
