import Foundation
import PayloadSchema
import StringsFile
import Testing
import TestSupport
@testable import APNsLint

/// `strings-extra-bom` as the device receives the table (SPEC §5, "What the device receives"):
/// Xcode's Copy Strings File drops the second byte order mark (swift-build 41aee626,
/// Sources/SWBTaskExecution/TaskActions/CopyStringsFileTaskAction.swift: "ignoring byte-order mark
/// in input file"), a verbatim copy does not. The pattern is damus' (26 UTF-16 tables starting
/// `FF FE FF FE`, in the app target's variant group); the projects here are written by hand.
@Suite("A second byte order mark as the project ships the table (strings-extra-bom)")
struct DoubleBOMShippingTests {
  /// `FF FE FF FE` then UTF-16LE text: a table with a second byte order mark.
  static func doubled(_ text: String) -> Data {
    Data([0xFF, 0xFE, 0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
  }

  static let french = "\"TITLE\" = \"Titre\";\n\"BODY\" = \"Corps\";\n"
  static let english = "\"TITLE\" = \"Title\";\n\"BODY\" = \"Body\";\n"

  /// A project file of hand-written objects with `rootObject = P`.
  static func pbxproj(_ objects: [String]) -> String {
    "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n" + objects.map { "\t\t\($0)\n" }.joined() + "\t};\n\trootObject = P;\n}\n"
  }

  /// The findings of the French table at `path` below `root`, linted with the projects below it
  /// (or without any: `projects` false), as `severity rule line:column: message`.
  private func french(_ root: TemporaryFolder, _ path: String, projects: Bool = true) throws -> [String] {
    var problems: [FileWalk.Problem] = []
    let files = try StringsLint.lint(root: root.path, shipping: projects ? ProjectShipping.read(root: root.path) : nil, problems: &problems)
    #expect(problems.isEmpty)
    let file = try #require(files.first { $0.path.hasSuffix("/" + path) })
    return file.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.line):\($0.column): \($0.message)" }
  }

  /// An Xcode project whose app target's resources phase holds the `Localizable.strings`
  /// variant group (`en`, `fr`) and a folder reference `Bundled`.
  static func xcodeProject(in folder: TemporaryFolder) throws {
    try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
      "P = {isa = PBXProject; developmentRegion = en; knownRegions = (en, fr); mainGroup = G; targets = (T); };",
      "G = {isa = PBXGroup; children = (V, D); sourceTree = \"<group>\"; };",
      "V = {isa = PBXVariantGroup; children = (E, F); name = Localizable.strings; sourceTree = \"<group>\"; };",
      "E = {isa = PBXFileReference; name = en; path = en.lproj/Localizable.strings; sourceTree = \"<group>\"; };",
      "F = {isa = PBXFileReference; name = fr; path = fr.lproj/Localizable.strings; sourceTree = \"<group>\"; };",
      "D = {isa = PBXFileReference; lastKnownFileType = folder; path = Bundled; sourceTree = \"<group>\"; };",
      "T = {isa = PBXNativeTarget; buildPhases = (R); name = App; };",
      "R = {isa = PBXResourcesBuildPhase; files = (B1, B2); };",
      "B1 = {isa = PBXBuildFile; fileRef = V; };",
      "B2 = {isa = PBXBuildFile; fileRef = D; };",
    ]))
  }

  /// In the target's variant group, Xcode builds the table: the mark is dropped and the device
  /// reads every entry, so the finding is information, and the table is compared as read.
  @Test func aTableXcodeBuildsIsInformation() throws {
    let folder = try TemporaryFolder()
    try Self.xcodeProject(in: folder)
    try folder.write("en.lproj/Localizable.strings", Self.english)
    try folder.write("fr.lproj/Localizable.strings", Self.doubled("\"TITLE\" = \"Titre\";\n"))
    #expect(try french(folder, "fr.lproj/Localizable.strings") == [
      "info strings-extra-bom-built 1:1: the UTF-16LE text starts with a second byte order mark, which Xcode's Copy Strings File drops "
        + "when it builds the table ('App.xcodeproj' builds it): the device reads the table whole",
      "warning strings-missing-translation 1:1: 'BODY' of 'en.lproj/Localizable.strings:2' has no translation in 'fr': the device shows the raw key",
    ])
  }

  /// In a folder reference, the file is copied as it is: CoreFoundation refuses it on the device.
  @Test func aTableAFolderReferenceCopiesIsAnError() throws {
    let folder = try TemporaryFolder()
    try Self.xcodeProject(in: folder)
    try folder.write("Bundled/en.lproj/Help.strings", Self.english)
    try folder.write("Bundled/fr.lproj/Help.strings", Self.doubled(Self.french))
    #expect(try french(folder, "Bundled/fr.lproj/Help.strings") == [
      "error strings-extra-bom-copied 1:1: the UTF-16LE text starts with a second byte order mark and 'App.xcodeproj' copies the file as it is "
        + "(a folder reference holds it): CoreFoundation refuses it, so the device reads none of its entries"
    ])
  }

  /// A package: a `.lproj` file SwiftPM processes is built as Xcode builds an app's (information);
  /// one a `.copy` rule holds is copied as it is (an error).
  @Test func aPackageProcessesOrCopies() throws {
    let folder = try TemporaryFolder()
    try folder.write("Package.swift", """
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(
        name: "Kit",
        defaultLocalization: "en",
        targets: [
          .target(name: "Kit", resources: [.process("Resources"), .copy("Raw")]),
        ]
      )

      """)
    try folder.write("Sources/Kit/Resources/en.lproj/Labels.strings", Self.english)
    try folder.write("Sources/Kit/Resources/fr.lproj/Labels.strings", Self.doubled(Self.french))
    try folder.write("Sources/Kit/Raw/en.lproj/Labels.strings", Self.english)
    try folder.write("Sources/Kit/Raw/fr.lproj/Labels.strings", Self.doubled(Self.french))
    #expect(try french(folder, "Sources/Kit/Resources/fr.lproj/Labels.strings") == [
      "info strings-extra-bom-built 1:1: the UTF-16LE text starts with a second byte order mark, which Xcode's Copy Strings File drops "
        + "when it builds the table ('Package.swift' builds it): the device reads the table whole"
    ])
    #expect(try french(folder, "Sources/Kit/Raw/fr.lproj/Labels.strings") == [
      "error strings-extra-bom-copied 1:1: the UTF-16LE text starts with a second byte order mark and 'Package.swift' copies the file as it is "
        + "(target 'Kit' has .copy(\"Raw\")): CoreFoundation refuses it, so the device reads none of its entries"
    ])
  }

  /// With no project saying how the table ships, the rule's warning: Xcode would drop the mark,
  /// a verbatim copy would lose the table.
  @Test func withoutAProjectItIsAWarning() throws {
    let folder = try TemporaryFolder()
    try Self.xcodeProject(in: folder)
    try folder.write("en.lproj/Localizable.strings", Self.english)
    try folder.write("fr.lproj/Localizable.strings", Self.doubled(Self.french))
    #expect(try french(folder, "fr.lproj/Localizable.strings", projects: false) == [
      "warning strings-extra-bom 1:1: the UTF-16LE text starts with a second byte order mark: Xcode's Copy Strings File drops it when "
        + "it builds the table, but CoreFoundation refuses the file as it stands, so a copy made verbatim (a folder reference, "
        + "SwiftPM's .copy) loses every entry"
    ])
  }
}
