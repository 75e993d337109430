import Foundation
import Testing

import TestSupport

/// The performance figures the README and `docs/performance.md` quote are generated from
/// `docs/figures.tsv`, which the benchmarks write (`scripts/record-figure`, issue 54): the pages
/// are that file's rendering, and a figure the README quotes that no row holds fails the check.
@Suite struct PerformanceFiguresTests {
  /// Runs `scripts/record-figure` on the repository at `root`; its status and what it printed.
  private func recordFigure(_ arguments: [String], root: String) throws -> (status: Int32, out: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", packageRoot + "/scripts/record-figure", "--root", root] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  /// A copy of the two pages and the figures, in a folder of their own.
  private func copy() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/docs", withIntermediateDirectories: true)
    for file in ["README.md", "docs/performance.md", "docs/figures.tsv"] {
      try FileManager.default.copyItem(atPath: packageRoot + "/" + file, toPath: folder.path + "/" + file)
    }
    return folder
  }

  @Test func thePagesAreTheRenderingOfTheFigures() throws {
    let run = try recordFigure(["--check"], root: packageRoot)
    #expect(run.status == 0, "\(run.out)")
  }

  /// A README figure edited by hand (the serve ratio) is one the table does not hold.
  @Test func aFigureTheTableDoesNotHoldFails() throws {
    let folder = try copy()
    let readme = folder.path + "/README.md"
    let text = try String(contentsOfFile: readme, encoding: .utf8)
    let bullet = try #require(text.range(of: "- **Speed.**"))
    let figure = try #require(text[bullet.lowerBound...].range(of: "nginx's rate"))
    let before = text[..<figure.lowerBound]
    let ratio = try #require(before.range(of: #"\d+\.\d+×"#, options: [.regularExpression, .backwards]))
    try (text[..<ratio.lowerBound] + "9.99×" + text[ratio.upperBound...]).write(toFile: readme, atomically: true, encoding: .utf8)
    let run = try recordFigure(["--check"], root: folder.path)
    #expect(run.status == 1)
    #expect(run.out.contains("README.md is not the rendering of docs/figures.tsv"))
    #expect(run.out.contains("README.md quotes '9.99×', which no row of docs/figures.tsv holds"))
  }

  /// A benchmark's new figure replaces its row, with the day, and both pages follow.
  @Test func aRecordedFigureReachesBothPages() throws {
    let folder = try copy()
    let run = try recordFigure(["serve-nginx", "--figure", "**0.61×** (test)", "--short", "0.61×"], root: folder.path)
    #expect(run.status == 0, "\(run.out)")
    let readme = try String(contentsOfFile: folder.path + "/README.md", encoding: .utf8)
    let page = try String(contentsOfFile: folder.path + "/docs/performance.md", encoding: .utf8)
    #expect(readme.contains("`serve` answers 0.61× nginx's rate"))
    #expect(page.contains("| **0.61×** (test) |"))
    #expect(try recordFigure(["--check"], root: folder.path).status == 0)
  }
}
