import Foundation
import Testing
import TestSupport

/// The language server lints a table with what the workspace's projects ship (SPEC §3 "What
/// ships"), as `strings lint` at the workspace's root does: `Fixtures/Localizations/ShipsApp`'s
/// Xcode project makes French the development language (English lacks `EMPTY`) and builds no
/// German `Labels.strings` (information, compared with nothing). A project file that changes is
/// read again.
@Suite struct ProjectShippingLSPTests {
  @Test func aTableIsLintedWithWhatTheProjectShips() throws {
    let session = try LSPSession()
    let fixture = URL(fileURLWithPath: packageRoot).appendingPathComponent("Fixtures/Localizations/ShipsApp")
    for path in ["ShipsApp.xcodeproj/project.pbxproj", "ShipsApp/en.lproj/Labels.strings", "ShipsApp/fr.lproj/Labels.strings",
                 "ShipsApp/de.lproj/Labels.strings"] {
      try session.folder.write(path, try String(contentsOf: fixture.appendingPathComponent(path), encoding: .utf8))
    }
    session.initialize()
    let english = session.uri("ShipsApp/en.lproj/Labels.strings"), german = session.uri("ShipsApp/de.lproj/Labels.strings")
    session.open(english, try String(contentsOf: fixture.appendingPathComponent("ShipsApp/en.lproj/Labels.strings"), encoding: .utf8))
    session.open(german, try String(contentsOf: fixture.appendingPathComponent("ShipsApp/de.lproj/Labels.strings"), encoding: .utf8))
    // Without the project (it is removed): English is the development language again.
    session.perform { try? FileManager.default.removeItem(atPath: session.root + "/ShipsApp.xcodeproj/project.pbxproj") }
    session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(session.uri("ShipsApp.xcodeproj/project.pbxproj")), "type": 3]]])
    let outcome = session.run()
    let englishRuns = outcome.published(english).map { ($0["diagnostics"]?.array ?? []).compactMap { $0["code"]?.string } }
    let germanRuns = outcome.published(german).map { ($0["diagnostics"]?.array ?? []).compactMap { $0["code"]?.string } }
    #expect(englishRuns.first == ["strings-missing-translation"])
    #expect(englishRuns.last == [])
    #expect(germanRuns.first == ["strings-not-shipped", "strings-duplicate-other-value"])
    #expect(germanRuns.last == ["strings-extra-key", "strings-duplicate-key"])
  }
}
