import Foundation
import PayloadSchema
import StringsFile
import Testing
import TestSupport
@testable import APNsLint

/// Lints `root` with the projects below it (as `strings lint` does): relative path →
/// `severity rule line:column key: message`; and the notes the projects gave.
private func shipped(_ root: String, developmentLanguage: String? = nil, projects: Bool = true) throws -> (files: [String: [String]], notes: [String]) {
  var shipping = projects ? ProjectShipping.read(root: root) : nil
  if developmentLanguage != nil { shipping?.decidesDevelopmentLanguage = false }
  var problems: [FileWalk.Problem] = []
  let files = try StringsLint.lint(root: root, developmentLanguage: developmentLanguage ?? "en", shipping: shipping, problems: &problems)
  #expect(problems.isEmpty)
  let base = root.hasSuffix("/") ? root : root + "/"
  return (Dictionary(uniqueKeysWithValues: files.map { file in
    (String(file.path.dropFirst(base.count)),
     file.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-"): \($0.message)" })
  }), shipping?.notes(forTablesAt: files.map { String($0.path.dropFirst(base.count)) }) ?? [])
}

/// A project file of hand-written objects (`ID = {…};` lines) with `rootObject = P`.
private func pbxproj(_ objects: [String]) -> String {
  "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n" + objects.map { "\t\t\($0)\n" }.joined() + "\t};\n\trootObject = P;\n}\n"
}

/// The objects of a `Labels.strings` variant group with `en` and `fr` (V, E, F) that the resources
/// phase R of a target holds (through build file B); `path` is the group's folder, if any.
private func labelsShipped(path: String? = nil) -> [String] {
  [
    "V = {isa = PBXVariantGroup; children = (E, F); name = Labels.strings; \(path.map { "path = \($0); " } ?? "")sourceTree = \"<group>\"; };",
    "E = {isa = PBXFileReference; name = en; path = en.lproj/Labels.strings; sourceTree = \"<group>\"; };",
    "F = {isa = PBXFileReference; name = fr; path = fr.lproj/Labels.strings; sourceTree = \"<group>\"; };",
    "R = {isa = PBXResourcesBuildPhase; files = (B); };",
    "B = {isa = PBXBuildFile; fileRef = V; };",
  ]
}

/// SPEC §3 "What ships": with the project below the folder, a table no target builds is
/// information and compared with nothing, and the development language is the project's.
@Suite("What ships decides: Xcode projects and Swift packages (issue 52)")
struct ProjectShippingTests {
  static let shipsApp = localizationFixtures.appendingPathComponent("ShipsApp").path

  /// `Fixtures/Localizations/ShipsApp`: development region `fr`; `Labels.strings` ships `fr` and
  /// `en` (a `de.lproj` copy sits beside them, outside the variant group); `Main.storyboard` is
  /// Base-localized with an `en` strings table; `Legacy.strings` is placed in the project but in no
  /// build phase.
  @Test func theFixtureProjectDecidesWhatShipsAndTheDevelopmentLanguage() throws {
    let (files, notes) = try shipped(Self.shipsApp)
    #expect(notes == [])
    #expect(files["ShipsApp/fr.lproj/Labels.strings"] == [])
    // French is the development language: English lacks EMPTY (with `en` guessed, French's
    // EMPTY was an extra key and English complete).
    #expect(files["ShipsApp/en.lproj/Labels.strings"] == [
      "warning strings-missing-translation 1:1 EMPTY: 'EMPTY' of 'ShipsApp/fr.lproj/Labels.strings:3' has no translation in 'en': the device shows the raw key"
    ])
    // Not in the variant group: not compared (its '%@' against French's plain text is no error,
    // and its Russian TITLE over the German one is judged against no language): its duplicate
    // key is information.
    #expect(files["ShipsApp/de.lproj/Labels.strings"] == [
      "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it ('ShipsApp.xcodeproj' places 'Labels.strings', but not the 'de.lproj' one); its keys are compared with nothing",
      "info strings-duplicate-other-value 4:1 TITLE: key 'TITLE' is defined again with another text; line 2's never shows, the last definition wins",
    ])
    let legacy = "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it ('ShipsApp.xcodeproj' places it, but no target's build phase holds it); its keys are compared with nothing"
    #expect(files["ShipsApp/fr.lproj/Legacy.strings"] == [legacy])
    #expect(files["ShipsApp/en.lproj/Legacy.strings"] == [legacy])
    // The Base-localized storyboard's English table ships through its variant group.
    #expect(files["ShipsApp/en.lproj/Main.strings"] == [])
    #expect(files.count == 6)
  }

  /// Without the project (`--no-project`, or none below the folder), today's behaviour: `en` is
  /// the development language and every table is compared.
  @Test func withoutTheProjectEveryTableIsCompared() throws {
    let (files, _) = try shipped(Self.shipsApp, projects: false)
    #expect(files["ShipsApp/en.lproj/Labels.strings"] == [])
    #expect(files["ShipsApp/fr.lproj/Labels.strings"] == [
      "info strings-extra-key 3:1 EMPTY: 'EMPTY' is not in the development language's 'ShipsApp/en.lproj/Labels.strings'"
    ])
    #expect(files["ShipsApp/de.lproj/Labels.strings"]?.first?.hasPrefix("info strings-extra-key 3:1 EMPTY:") == true)
    #expect(files["ShipsApp/fr.lproj/Legacy.strings"] == [
      "info strings-extra-key 2:1 OLD_HINT: 'OLD_HINT' is not in the development language's 'ShipsApp/en.lproj/Legacy.strings'"
    ])
  }

  /// `--development-language` wins over the project's region; what ships is still the project's.
  @Test func aDevelopmentLanguageGivenWinsOverTheProjects() throws {
    let (files, _) = try shipped(Self.shipsApp, developmentLanguage: "en")
    #expect(files["ShipsApp/en.lproj/Labels.strings"] == [])
    #expect(files["ShipsApp/fr.lproj/Labels.strings"] == [
      "info strings-extra-key 3:1 EMPTY: 'EMPTY' is not in the development language's 'ShipsApp/en.lproj/Labels.strings'"
    ])
    #expect(files["ShipsApp/de.lproj/Labels.strings"]?.first?.hasPrefix("info strings-not-shipped 1:1 -:") == true)
  }

  /// A package with `defaultLocalization: "de"`: the `.lproj` tables in its target's folder ship
  /// (SwiftPM processes them without a `resources:` rule), an excluded folder's and those of a
  /// folder of `Sources/` no target has do not, and German is the development language.
  @Test func aPackageWithDefaultLocalizationDecides() throws {
    let folder = try TemporaryFolder()
    try folder.write("Package.swift", """
      // swift-tools-version:5.9
      import PackageDescription

      let package = Package(
        name: "ShelfKit",
        defaultLocalization: "de",  // the bundle's development region
        platforms: [.iOS(.v16)],
        products: [.library(name: "ShelfKit", targets: ["ShelfKit"])],
        targets: [
          .target(
            name: "ShelfKit",
            exclude: ["Drafts"],
            resources: [.process("Resources")]
          ),
          /* .target(name: "Old"), */
          .testTarget(name: "ShelfKitTests", dependencies: ["ShelfKit"]),
        ]
      )

      """)
    try folder.write("Sources/ShelfKit/Resources/de.lproj/Labels.strings", "\"TITLE\" = \"Regal\";\n\"EMPTY\" = \"Leer\";\n")
    try folder.write("Sources/ShelfKit/Resources/en.lproj/Labels.strings", "\"TITLE\" = \"Shelf\";\n")
    try folder.write("Sources/ShelfKit/fr.lproj/Labels.strings", "\"TITLE\" = \"Étagère\";\n\"EMPTY\" = \"Vide\";\n")
    try folder.write("Sources/ShelfKit/Drafts/fr.lproj/Labels.strings", "\"TITLE\" = \"Étagère\";\n")
    try folder.write("Sources/ShelfKit/Loose.strings", "\"TITLE\" = \"Regal\";\n")
    try folder.write("Sources/Old/en.lproj/Labels.strings", "\"TITLE\" = \"Shelf\";\n")
    try folder.write("Docs/en.lproj/Labels.strings", "\"TITLE\" = \"Shelf\";\n")
    let (files, notes) = try shipped(folder.path)
    #expect(notes == [])
    #expect(files["Sources/ShelfKit/Resources/de.lproj/Labels.strings"] == [])
    #expect(files["Sources/ShelfKit/Resources/en.lproj/Labels.strings"] == [
      "warning strings-missing-translation 1:1 EMPTY: 'EMPTY' of 'Sources/ShelfKit/Resources/de.lproj/Labels.strings:2' has no translation in 'en': the device shows the raw key"
    ])
    // A `.lproj` anywhere in the target's folder is a resource; its group has no `de`, so nothing is compared.
    #expect(files["Sources/ShelfKit/fr.lproj/Labels.strings"] == [])
    #expect(files["Sources/ShelfKit/Drafts/fr.lproj/Labels.strings"] == [
      "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it ('Package.swift': target 'ShelfKit' excludes 'Drafts'); its keys are compared with nothing"
    ])
    #expect(files["Sources/ShelfKit/Loose.strings"] == [
      "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it ('Package.swift': target 'ShelfKit' holds it outside a .lproj folder and no resources: rule names it, so SwiftPM leaves it out); its keys are compared with nothing"
    ])
    #expect(files["Sources/Old/en.lproj/Labels.strings"] == [
      "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it ('Package.swift' has no target whose folder holds it); its keys are compared with nothing"
    ])
    // Outside the package's source folders: the package says nothing (an example app's, say).
    #expect(files["Docs/en.lproj/Labels.strings"] == [])
  }

  /// Xcode 16's synchronized folders: every file in them ships, except what every target building
  /// from the folder leaves out (`membershipExceptions`: a path, a folder, or `/Localized: NAME`
  /// for every localization of a variant group); a target that does not build from the folder
  /// takes in what its exception set names.
  @Test func synchronizedFoldersShipTheirFilesButTheExceptions() throws {
    let folder = try TemporaryFolder()
    try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
      "P = {isa = PBXProject; developmentRegion = en; knownRegions = (en, fr, Base); mainGroup = G; targets = (T, W); };",
      "G = {isa = PBXGroup; children = (S); sourceTree = \"<group>\"; };",
      "S /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X, Y); path = App; sourceTree = \"<group>\"; };",
      "X /* Exceptions for \"App\" folder in \"App\" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (\"/Localized: Resources/Old.strings\", Drafts, Info.plist, \"Widget/fr.lproj/Widget.strings\"); target = T; };",
      "Y = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (\"Widget/fr.lproj/Widget.strings\"); target = W; };",
      "T = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S); name = App; };",
      "W = {isa = PBXNativeTarget; buildPhases = (); name = Widget; };",
    ]))
    try folder.write("App/Resources/en.lproj/Labels.strings", "\"A\" = \"Apple\";\n\"B\" = \"Pear\";\n")
    try folder.write("App/Resources/fr.lproj/Labels.strings", "\"A\" = \"Pomme\";\n")
    try folder.write("App/Resources/en.lproj/Old.strings", "\"A\" = \"a\";\n")
    try folder.write("App/Resources/fr.lproj/Old.strings", "\"A\" = \"a\";\n")
    try folder.write("App/Drafts/de.lproj/Labels.strings", "\"A\" = \"a\";\n")
    try folder.write("App/Widget/fr.lproj/Widget.strings", "\"A\" = \"a\";\n")
    let (files, notes) = try shipped(folder.path)
    #expect(notes == [])
    #expect(files["App/Resources/fr.lproj/Labels.strings"] == [
      "warning strings-missing-translation 1:1 B: 'B' of 'App/Resources/en.lproj/Labels.strings:2' has no translation in 'fr': the device shows the raw key"
    ])
    let excepted = "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it (every target building the synchronized folder 'App' of 'App.xcodeproj' leaves it out (membershipExceptions)); its keys are compared with nothing"
    #expect(files["App/Resources/en.lproj/Old.strings"] == [excepted])
    #expect(files["App/Resources/fr.lproj/Old.strings"] == [excepted])
    #expect(files["App/Drafts/de.lproj/Labels.strings"] == [excepted])
    // Left out of App, taken in by Widget, which does not build from the folder.
    #expect(files["App/Widget/fr.lproj/Widget.strings"] == [])
  }

  /// What the reader cannot be sure of decides nothing, with a note: a manifest that is not
  /// literal, a project file that does not parse, a package without `defaultLocalization`,
  /// CocoaPods' project, a project whose script phase names localized files.
  @Test func whatIsNotUnderstoodFallsBackWithANote() throws {
    let folder = try TemporaryFolder()
    try folder.write("Kit/Package.swift", "import PackageDescription\nlet targets: [Target] = [.target(name: \"Kit\")]\nlet package = Package(name: \"Kit\", defaultLocalization: \"fr\", targets: targets)\n")
    try folder.write("Kit/Sources/Other/en.lproj/Labels.strings", "\"A\" = \"a\";\n")
    try folder.write("Plain/Package.swift", "import PackageDescription\nlet package = Package(name: \"Plain\", targets: [.target(name: \"Plain\")])\n")
    try folder.write("Plain/Sources/Other/en.lproj/Labels.strings", "\"A\" = \"a\";\n")
    try folder.write("Broken/Broken.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n<<<<<<< HEAD\n\tobjects = {};\n}\n")
    try folder.write("Broken/en.lproj/Labels.strings", "\"A\" = \"a\";\n")
    try folder.write("Pods/Pods.xcodeproj/project.pbxproj", pbxproj(["P = {isa = PBXProject; mainGroup = G; targets = (); };", "G = {isa = PBXGroup; children = (); };"]))
    try folder.write("Pods/Alamofire/en.lproj/Messages.strings", "\"A\" = \"a\";\n")
    // A package with no table below it says nothing, whatever its manifest.
    try folder.write("Tools/Package.swift", "let package = Package(name: \"Tools\", targets: tools)\n")
    try folder.write("Scripted/Scripted.xcodeproj/project.pbxproj", pbxproj([
      "P = {isa = PBXProject; developmentRegion = en; mainGroup = G; targets = (T); };",
      "G = {isa = PBXGroup; children = (V); sourceTree = \"<group>\"; };",
      "V = {isa = PBXVariantGroup; children = (E); name = Labels.strings; sourceTree = \"<group>\"; };",
      "E = {isa = PBXFileReference; name = en; path = en.lproj/Labels.strings; sourceTree = \"<group>\"; };",
      "T = {isa = PBXNativeTarget; buildPhases = (S); name = App; };",
      "S = {isa = PBXShellScriptBuildPhase; shellScript = \"cp -R \\\"$SRCROOT/en.lproj\\\" \\\"$TARGET_BUILD_DIR\\\"\"; };",
    ]))
    try folder.write("Scripted/en.lproj/Labels.strings", "\"A\" = \"a\";\n")
    let (files, notes) = try shipped(folder.path)
    #expect(notes == [
      "Broken/Broken.xcodeproj/project.pbxproj: not understood (line 3: '<' where a key should be): it decides nothing about what ships",
      "Kit/Package.swift: not understood (the targets are not an array literal); the manifest is not run: it decides nothing about what ships",
      "Plain/Package.swift: no defaultLocalization, without which SwiftPM builds no localized resource: it decides nothing about what ships",
      "Pods/Pods.xcodeproj: CocoaPods copies its pods' resources by a script of the app's target: it decides nothing about what ships",
      "Scripted/Scripted.xcodeproj: a script phase names localized files: the tables it places that no build phase holds count as shipped",
    ])
    #expect(files.values.allSatisfy { $0.isEmpty }, "\(files)")
  }

  /// A table no project can decide is linted as today, with the development language of the
  /// nearest project holding it: inside a built bundle, which a project places whole under a
  /// name a link or a script may give it (MacVim's `Sparkle.framework` is a link to
  /// `Sparkle_2.framework`, which its CI switches to `Sparkle_1.framework`), and in a project
  /// whose script phase copies localized files.
  @Test func aTableNoProjectDecidesTakesTheNearestProjectsLanguage() throws {
    let folder = try TemporaryFolder()
    try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
      "P = {isa = PBXProject; developmentRegion = fr; mainGroup = G; targets = (); };",
      "G = {isa = PBXGroup; children = (K); sourceTree = \"<group>\"; };",
      "K = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; path = Kit.framework; sourceTree = \"<group>\"; };",
    ]))
    // French is the project's development language: English lacks B, and the French table is complete.
    func expectEnglishLacksB(below tables: String) throws {
      try folder.write(tables + "/fr.lproj/Labels.strings", "\"A\" = \"Pomme\";\n\"B\" = \"Poire\";\n")
      try folder.write(tables + "/en.lproj/Labels.strings", "\"A\" = \"Apple\";\n")
      let (files, _) = try shipped(folder.path)
      #expect(files[tables + "/en.lproj/Labels.strings"] == [
        "warning strings-missing-translation 1:1 B: 'B' of '\(tables)/fr.lproj/Labels.strings:2' has no translation in 'en': the device shows the raw key"
      ])
      #expect(files[tables + "/fr.lproj/Labels.strings"] == [])
    }
    try expectEnglishLacksB(below: "Kit_2.framework/Resources")

    try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
      "P = {isa = PBXProject; developmentRegion = fr; mainGroup = G; targets = (T); };",
      "G = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };",
      "T = {isa = PBXNativeTarget; buildPhases = (S); name = App; productType = \"com.apple.product-type.application\"; };",
      "S = {isa = PBXShellScriptBuildPhase; shellScript = \"cp -R Extra/*.lproj \\\"$TARGET_BUILD_DIR\\\"\\n\"; };",
    ]))
    try expectEnglishLacksB(below: "Extra")
  }

  /// An Xcode project builds only what its groups, folder references and synchronized folders
  /// place: a file in its folder that none of them places is in no target. Mafateeh keeps a
  /// SwiftUI view saved as `Localizablel.strings` beside its project (Arafat-Alsaieq/Mafateeh at
  /// b46b8c4, judged in `docs/accuracy-december-tables.tsv`); Nostur keeps `.xcloc` exports and
  /// nightguard fastlane's screenshot titles. A package nearer to the file decides for it instead.
  @Test func aFileItsProjectPlacesNowhereIsInNoTarget() throws {
    let folder = try TemporaryFolder()
    try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
      "P = {isa = PBXProject; developmentRegion = en; mainGroup = G; targets = (T); };",
      "G = {isa = PBXGroup; children = (V, S); sourceTree = \"<group>\"; };",
      "S = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = \"<group>\"; };",
      "T = {isa = PBXNativeTarget; buildPhases = (R); fileSystemSynchronizedGroups = (S); name = App; productType = \"com.apple.product-type.application\"; };",
    ] + labelsShipped(path: "App")))
    try folder.write("App/en.lproj/Labels.strings", "\"A\" = \"Apple\";\n")
    try folder.write("App/fr.lproj/Labels.strings", "\"A\" = \"Pomme\";\n")
    try folder.write("Widget/fr.lproj/Widget.strings", "\"W\" = \"Widget\";\n")
    try folder.write("Localizablel.strings", "//\n//  SwiftUIView.swift\n//\n\nimport SwiftUI\n")
    try folder.write("LANG/fr.xcloc/Source Contents/App/en.lproj/Labels.strings", "\"A\" = \"Apple\";\n\"B\" = \"Pear\";\n")
    try folder.write("Kit/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", defaultLocalization: \"en\", targets: [.target(name: \"Kit\")])\n")
    try folder.write("Kit/Sources/Kit/fr.lproj/Kit.strings", "\"K\" = \"Kit\";\n")
    let (files, notes) = try shipped(folder.path)
    #expect(notes == [])
    let nowhere = "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it ('App.xcodeproj' does not reference it: no group, folder reference or synchronized folder holds it); its keys are compared with nothing"
    #expect(files["Localizablel.strings"] == [
      nowhere,
      "info strings-syntax 5:8 -: expected '=' or ';' after the key 'import', found 'S' (the table does not ship: no device reads it)",
    ])
    #expect(files["LANG/fr.xcloc/Source Contents/App/en.lproj/Labels.strings"] == [nowhere])
    #expect(files["App/fr.lproj/Labels.strings"] == [])
    #expect(files["Widget/fr.lproj/Widget.strings"] == [])
    #expect(files["Kit/Sources/Kit/fr.lproj/Kit.strings"] == [])
  }

  /// Where something may place a file unseen, a file its project does not reference is linted as
  /// before: a project in another folder placing it through `../` (a library's
  /// `Example/Example.xcodeproj` shipping `../Sources/Resources`), a group placed by an absolute
  /// path or a build setting (a path on the author's machine, CocoaPods' `PODS_ROOT`), and a script
  /// phase that runs a script file or names CocoaPods' folder (a `copy-translations.sh`,
  /// `[CP] Copy Pods Resources` where no Podfile is read or one takes a pod from a folder of the
  /// repository). A script that only runs a linter decides nothing, nor CocoaPods' own phases
  /// where the Podfile takes every pod from elsewhere.
  @Test func whatMayPlaceAFileUnseenLeavesItUndecided() throws {
    let fr = "\"A\" = \"Bonjour %d\";\n", en = "\"A\" = \"Hello %@\";\n"
    func lint(_ phases: [String], groups: [String] = [], example: Bool = false, podfile: String? = nil) throws -> [String] {
      let folder = try TemporaryFolder()
      if let podfile { try folder.write("Podfile", podfile) }
      try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
        "P = {isa = PBXProject; developmentRegion = en; mainGroup = G; targets = (T); };",
        "G = {isa = PBXGroup; children = (\(groups.isEmpty ? "" : "A")); sourceTree = \"<group>\"; };",
        "T = {isa = PBXNativeTarget; buildPhases = (\(phases.indices.map { "S\($0)" }.joined(separator: ", "))); name = App; productType = \"com.apple.product-type.application\"; };",
      ] + groups + phases.enumerated().map { "S\($0.offset) = {isa = PBXShellScriptBuildPhase; shellScript = \"\($0.element)\"; };" }))
      if example {
        try folder.write("Example/Example.xcodeproj/project.pbxproj", pbxproj([
          "P = {isa = PBXProject; developmentRegion = en; mainGroup = G; targets = (T); };",
          "G = {isa = PBXGroup; children = (V); sourceTree = \"<group>\"; };",
          "T = {isa = PBXNativeTarget; buildPhases = (R); name = Example; productType = \"com.apple.product-type.application\"; };",
        ] + labelsShipped(path: "../Sources/Resources")))
      }
      try folder.write("Sources/Resources/en.lproj/Labels.strings", en)
      try folder.write("Sources/Resources/fr.lproj/Labels.strings", fr)
      return try shipped(folder.path).files["Sources/Resources/fr.lproj/Labels.strings"]?.map { String($0.prefix(40)) } ?? []
    }
    let compared = ["error strings-format-mismatch 1:1 A: 'A'"]
    #expect(try lint([]).first?.hasPrefix("info strings-not-shipped") == true)
    #expect(try lint(["if which swiftlint >/dev/null; then\\n  swiftlint\\nfi\\n"]).first?.hasPrefix("info strings-not-shipped") == true)
    #expect(try lint([#"\"${SRCROOT}/scripts/copy-translations.sh\"\n"#]) == compared)
    #expect(try lint([#"\"${PODS_ROOT}/Target Support Files/Pods-App/Pods-App-resources.sh\"\n"#]) == compared)
    // CocoaPods' own phases copy what it installed: with a Podfile that takes no pod from a folder
    // of the repository, they place none of its files; a local pod's (`:path`) or a phase that
    // also copies leaves the file undecided.
    let manifestCheck = #"diff \"${PODS_PODFILE_DIR_PATH}/Podfile.lock\" \"${PODS_ROOT}/Manifest.lock\" > /dev/null\nif [ $? != 0 ] ; then\n    # print error to STDERR\n    echo \"error: The sandbox is not in sync with the Podfile.lock. Run 'pod install' or update your CocoaPods installation.\" >&2\n    exit 1\nfi\n# This output is used by Xcode 'outputs' to avoid re-running this script phase.\necho \"SUCCESS\" > \"${SCRIPT_OUTPUT_FILE_0}\"\n"#
    let cocoaPods = [manifestCheck, #"\"${PODS_ROOT}/Target Support Files/Pods-My App/Pods-My App-frameworks.sh\"\n"#,
                     #"\"${PODS_ROOT}/Target Support Files/Pods-My App/Pods-My App-resources.sh\"\n"#]
    let remote = "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Alamofire', '~> 5.0'\n  # pod 'Kit', :path => '../Kit'\nend\n"
    #expect(try lint(cocoaPods, podfile: remote).first?.hasPrefix("info strings-not-shipped") == true)
    #expect(try lint(cocoaPods, podfile: remote + "target 'App' do\n  pod 'Kit', :path => 'LocalPods/Kit'\nend\n") == compared)
    // Pods read from elsewhere (Ruby that loads them, Flutter's helper) may be local ones.
    #expect(try lint(cocoaPods, podfile: remote + "eval(File.read('Podfile.local'))\n") == compared)
    #expect(try lint(cocoaPods, podfile: "target 'Runner' do\n  flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))\nend\n") == compared)
    #expect(try lint([#"\"${PODS_ROOT}/Target Support Files/Pods-App/Pods-App-xcframeworks.sh\"\n"#], podfile: remote).first?.hasPrefix("info strings-not-shipped") == true)
    #expect(try lint(cocoaPods + [#"cp -R \"${SRCROOT}/Extra\" \"${PODS_ROOT}/Extra\"\n"#], podfile: remote) == compared)
    #expect(try lint([manifestCheck + #"cp -R Extra \"${TARGET_BUILD_DIR}\"\n"#], podfile: remote) == compared)
    #expect(try lint([], groups: ["A = {isa = PBXGroup; children = (); path = /Users/me/App/Sources; sourceTree = \"<absolute>\"; };"]) == compared)
    #expect(try lint([], example: true) == compared)
  }

  /// A prebuilt framework takes the language the app runs in (CFBundle tries the main bundle's
  /// language first): its localizations that no language the app's projects list selects are read
  /// by no device, and are compared with nothing. Not so when the app sets
  /// `CFBundleAllowMixedLocalizations`, when the framework lacks one of the app's languages (then
  /// CFBundle falls back to the user's), or for a framework inside another app (its own host).
  @Test func aFrameworksLocalizationsTheAppNeverSelectsAreReadByNoDevice() throws {
    func lint(knownRegions: String = "en, de, Base", framework: String = "Vendor/Kit.framework", infoPlist: (name: String, text: String)? = nil,
              referenced: Bool = true) throws -> [String] {
      let folder = try TemporaryFolder()
      try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
        "P = {isa = PBXProject; developmentRegion = en; knownRegions = (\(knownRegions)); mainGroup = G; targets = (T); };",
        "G = {isa = PBXGroup; children = (\(referenced ? "K" : "")); sourceTree = \"<group>\"; };",
        "K = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; path = \(framework.split(separator: "/").last!); sourceTree = \"<group>\"; };",
        "T = {isa = PBXNativeTarget; buildPhases = (); name = App; productType = \"com.apple.product-type.application\"; };",
      ].filter { referenced || !$0.hasPrefix("K =") }))
      if let infoPlist { try folder.write(infoPlist.name, infoPlist.text) }
      let resources = framework + "/Versions/A/Resources"
      try folder.write("\(resources)/en.lproj/Kit.strings", "\"A\" = \"Apple %@\";\n")
      try folder.write("\(resources)/de.lproj/Kit.strings", "\"A\" = \"Apfel %@\";\n")
      try folder.write("\(resources)/fi.lproj/Kit.strings", "\"A\" = \"Omena %d\";\n")
      let files = try shipped(folder.path).files
      #expect(files["\(resources)/de.lproj/Kit.strings"] == [])
      return files["\(resources)/fi.lproj/Kit.strings"] ?? []
    }
    func unread(_ languages: String) -> [String] {
      ["info strings-not-shipped 1:1 -: no device reads this localization: 'fi.lproj' of 'Kit.framework', a framework, which takes the language the app runs in (CFBundle; no Info.plist, configuration or project file here sets CFBundleAllowMixedLocalizations), and no language the app that uses it is localized in (\(languages)) selects it; its keys are compared with nothing"]
    }
    #expect(try lint() == unread("de, en"))
    let compared = ["error strings-format-mismatch 1:1 A: 'A' in 'fi' ('Omena %d') does not take the arguments of 'en' ('Apple %@'): position 1 is"]
    func compare(_ found: [String]) -> [String] { found.map { String($0.prefix(compared[0].count)) } }
    #expect(try compare(lint(knownRegions: "en, de, fr_FR, Base")) == compared)
    #expect(try compare(lint(infoPlist: ("App/Info.plist", "<plist><dict><key>CFBundleAllowMixedLocalizations</key><true/></dict></plist>\n"))) == compared)
    // The app declaring localizations of its own (`CFBundleLocalizations`, in an `Info-iOS.plist`
    // or a configuration file's `INFOPLIST_KEY_…`): what it runs in is not known here.
    #expect(try compare(lint(infoPlist: ("App/Info-iOS.plist", "<plist><dict><key>CFBundleLocalizations</key><array><string>fi</string></array></dict></plist>\n"))) == compared)
    #expect(try compare(lint(infoPlist: ("Config/App.xcconfig", "INFOPLIST_KEY_CFBundleAllowMixedLocalizations = YES\n"))) == compared)
    #expect(try compare(lint(framework: "Helper.app/Contents/Frameworks/Kit.framework")) == compared)
    // A framework no app project of the folder names (an SDK's own build, beside its example app).
    #expect(try compare(lint(referenced: false)) == compared)
    #expect(try lint(knownRegions: "de, Base") == unread("de"))
  }

  /// A Swift package's resource bundle takes the app's language as a framework does, when the
  /// package is one of the app's folders (anyproto/anytype-swift's `Modules/Loc`, whose catalogs
  /// hold Arabic and Korean the app does not list): a catalog's languages no language of the app
  /// selects are compared with nothing, one finding naming them. The folder's own package (a
  /// library's, which other apps use) is left alone.
  @Test func aPackagesLanguagesTheAppNeverSelectsAreReadByNoDevice() throws {
    let units = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"Days %lld": {"localizations": {"#
      + #""en": {"stringUnit": {"state": "translated", "value": "Days %lld"}}, "#
      + #""de": {"stringUnit": {"state": "translated", "value": "Tage %lld"}}, "#
      + #""ar": {"stringUnit": {"state": "translated", "value": "أيام %@"}}}}}}"#
    func lint(package: String, referencedAs: String = "Modules/Loc", byProduct: Bool = false) throws -> [String] {
      let folder = try TemporaryFolder()
      try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
        "P = {isa = PBXProject; developmentRegion = en; knownRegions = (en, de, Base); mainGroup = G; packageReferences = (L); targets = (T); };",
        "G = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };",
        byProduct ? "L = {isa = XCSwiftPackageProductDependency; productName = Loc; };"
          : "L = {isa = XCLocalSwiftPackageReference; relativePath = \(referencedAs); };",
        "T = {isa = PBXNativeTarget; buildPhases = (); name = App; productType = \"com.apple.product-type.application\"; };",
      ]))
      try folder.write(package + "Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Loc\", defaultLocalization: \"en\", targets: [.target(name: \"Loc\", resources: [.process(\"Resources\")])])\n")
      try folder.write(package + "Sources/Loc/Resources/UI.xcstrings", units)
      return try shipped(folder.path).files[package + "Sources/Loc/Resources/UI.xcstrings"] ?? []
    }
    #expect(try lint(package: "Modules/Loc/") == [
      "info strings-not-shipped 1:1 -: no device reads its language 'ar': the catalog is in the resources of the Swift package 'Modules/Loc/Package.swift', which takes the language the app runs in (CFBundle; no Info.plist, configuration or project file here sets CFBundleAllowMixedLocalizations), and no language the app that uses it is localized in (de, en) selects it; it is compared with nothing",
    ])
    // The package held as a folder of the project, its product a dependency with no package named.
    #expect(try lint(package: "Modules/Loc/", byProduct: true).first?.hasPrefix("info strings-not-shipped 1:1 -: no device reads its language 'ar'") == true)
    #expect(try lint(package: "").first?.hasPrefix("error strings-format-mismatch") == true)
    // A package in a subfolder no app project references (a library beside its demo app).
    #expect(try lint(package: "Packages/ChartKit/", referencedAs: "Modules/Other").first?.hasPrefix("error strings-format-mismatch") == true)
  }

  /// A String Catalog in no build phase is not compared inside either.
  @Test func anUnshippedCatalogIsNotCompared() throws {
    let folder = try TemporaryFolder()
    try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
      "P = {isa = PBXProject; developmentRegion = en; mainGroup = G; targets = (T); };",
      "G = {isa = PBXGroup; children = (C, D); sourceTree = \"<group>\"; };",
      "C = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; path = Old.xcstrings; sourceTree = \"<group>\"; };",
      "D = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; path = Localizable.xcstrings; sourceTree = \"<group>\"; };",
      "T = {isa = PBXNativeTarget; buildPhases = (R); name = App; };",
      "R = {isa = PBXResourcesBuildPhase; files = (B); };",
      "B = {isa = PBXBuildFile; fileRef = D; };",
    ]))
    let catalog = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"Archive": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": ""}}}}}}"#
    try folder.write("Old.xcstrings", catalog)
    try folder.write("Localizable.xcstrings", catalog)
    let (files, _) = try shipped(folder.path)
    #expect(files["Old.xcstrings"] == [
      "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it ('App.xcodeproj' places it, but no target's build phase holds it); its keys are compared with nothing"
    ])
    #expect(files["Localizable.xcstrings"]?.map { String($0.prefix(31)) } == ["warning strings-empty-translati"])
  }

  /// A table only a test bundle holds never reaches a user's device (Firefox Focus keeps
  /// `focus-ios-tests/ScreenshotTests/*.lproj/InfoPlist.strings` in its UI-test target); and a
  /// script phase whose lines naming tables are comments copies none (Mac Mouse Fix's phase about
  /// a strings script it no longer runs). Both projects are ours.
  @Test func testBundlesAndCommentedScriptsShipNothing() throws {
    let folder = try TemporaryFolder()
    try folder.write("App.xcodeproj/project.pbxproj", pbxproj([
      "P = {isa = PBXProject; developmentRegion = en; mainGroup = G; targets = (T, U); };",
      "G = {isa = PBXGroup; children = (V, W); sourceTree = \"<group>\"; };",
      "W = {isa = PBXVariantGroup; children = (X); name = Shots.strings; sourceTree = \"<group>\"; };",
      "X = {isa = PBXFileReference; name = fr; path = fr.lproj/Shots.strings; sourceTree = \"<group>\"; };",
      "T = {isa = PBXNativeTarget; buildPhases = (R, S); name = App; productType = \"com.apple.product-type.application\"; };",
      "S = {isa = PBXShellScriptBuildPhase; shellScript = \"# Update: we no longer copy the .strings files:\\n#   cp -R en.lproj \\\"$TARGET_BUILD_DIR\\\"\\necho done\\n\"; };",
      "U = {isa = PBXNativeTarget; buildPhases = (Q); name = ScreenshotTests; productType = \"com.apple.product-type.bundle.ui-testing\"; };",
      "Q = {isa = PBXResourcesBuildPhase; files = (C); };",
      "C = {isa = PBXBuildFile; fileRef = W; };",
    ] + labelsShipped()))
    try folder.write("en.lproj/Labels.strings", "\"A\" = \"Apple\";\n")
    try folder.write("fr.lproj/Labels.strings", "\"A\" = \"Pomme\";\n")
    try folder.write("fr.lproj/Shots.strings", "\"A\" = \"Capture\";\n")
    let (files, notes) = try shipped(folder.path)
    #expect(notes == [])
    #expect(files["fr.lproj/Labels.strings"] == [])
    #expect(files["fr.lproj/Shots.strings"] == [
      "info strings-not-shipped 1:1 -: not in any target's resources: no device reads it ('App.xcodeproj' places it, but no target's build phase holds it); its keys are compared with nothing"
    ])
  }
}

@Suite("Reading project files: pbxproj and Package.swift (issue 52)")
struct ProjectFileReadingTests {
  @Test func aProjectIsReadWhole() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ProjectShippingTests.shipsApp + "/ShipsApp.xcodeproj/project.pbxproj")))
    let project = try XcodeProject.parse(bytes).get()
    #expect(project.developmentRegion == "fr")
    #expect(project.knownRegions == ["fr", "en", "Base"])
    #expect(project.targetNames == ["ShipsApp"])
    #expect(project.references == [
      "shipsapp/fr.lproj/labels.strings": true, "shipsapp/en.lproj/labels.strings": true,
      "shipsapp/base.lproj/main.storyboard": true, "shipsapp/en.lproj/main.strings": true,
      "shipsapp/fr.lproj/legacy.strings": false, "shipsapp/en.lproj/legacy.strings": false,
    ])
    #expect(project.unplaced == 1)  // the product, in BUILT_PRODUCTS_DIR
    #expect(project.lookup("ShipsApp/./x/../en.lproj/Labels.strings") == .referenced(inBuildPhase: true))
    #expect(project.lookup("ShipsApp/de.lproj/Labels.strings") == nil)
    #expect(project.placesLocalizations(of: "Labels.strings", in: "ShipsApp"))
  }

  /// Bad project files are failures with a line, never a crash or a hang: nesting past 512
  /// levels, invalid UTF-8, an unterminated string, a missing `;`.
  @Test func badProjectFilesFailWithALine() {
    func failure(_ text: [UInt8]) -> String? {
      if case .failure(let f) = XcodeProject.parse(text) { return f.message }
      return nil
    }
    #expect(failure(Array(String(repeating: "(", count: 100_000).utf8)) == "line 1: more than 512 levels of nesting")
    #expect(failure([0x7B, 0xFF, 0x7D]) == "line 1: not UTF-8")
    #expect(failure(Array("{\n a = \"b;\n}".utf8)) == "line 2: an unterminated string")
    #expect(failure(Array("{\n a = b\n c = d; }".utf8)) == "line 3: 'c' where ';' should follow the value of 'a'")
    #expect(failure(Array("{ objects = {}; }".utf8)) == "no 'rootObject' naming a PBXProject")
    #expect(failure(Array("(a, b)".utf8)) == "no 'objects' dictionary")
  }

  /// A project file of 20 MB (200,000 files in a resources phase) is read in one pass, in time
  /// and memory proportional to it.
  @Test func aTwentyMegabyteProjectIsNoProblem() throws {
    var objects: [String] = [
      "P = {isa = PBXProject; developmentRegion = en; mainGroup = G; targets = (T); };",
      "T = {isa = PBXNativeTarget; buildPhases = (R); name = App; };",
    ]
    let count = 100_000
    objects.append("G = {isa = PBXGroup; children = (" + (0..<count).map { "F\($0)" }.joined(separator: ", ") + "); sourceTree = \"<group>\"; };")
    objects.append("R = {isa = PBXResourcesBuildPhase; files = (" + (0..<count).map { "B\($0)" }.joined(separator: ", ") + "); };")
    for i in 0..<count {
      objects.append("F\(i) /* f\(i).strings */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; path = \"Resources/en.lproj/f\(i).strings\"; sourceTree = \"<group>\"; };")
      objects.append("B\(i) /* f\(i).strings in Resources */ = {isa = PBXBuildFile; fileRef = F\(i) /* f\(i).strings */; settings = {ATTRIBUTES = (Public, ); }; };")
    }
    let bytes = Array(pbxproj(objects).utf8)
    #expect(bytes.count > 20_000_000)
    let clock = ContinuousClock()
    let start = clock.now
    let project = try XcodeProject.parse(bytes).get()
    let elapsed = clock.now - start
    #expect(project.references.count == count)
    #expect(project.lookup("Resources/en.lproj/f99999.strings") == .referenced(inBuildPhase: true))
    // Generous for a debug build on a loaded machine; a release build reads it in well under a second.
    #expect(elapsed < .seconds(60), "\(elapsed)")
  }

  /// The search for project files enters no `.lproj`, `.git` or asset catalog: a walk as cheap as
  /// the folders that can hold a project.
  @Test func projectFilesAreNotLookedForInLocalizations() throws {
    let folder = try TemporaryFolder()
    for path in ["App.xcodeproj/project.pbxproj", "Kit/Package.swift", "fr.lproj/Package.swift", ".git/x/Package.swift",
                 "A.xcassets/Package.swift", "en.lproj/Localizable.strings"] {
      try folder.write(path, "")
    }
    let walk = FileWalk.files(below: folder.path, jobs: 2, skipping: ProjectShipping.skippedFolders) { ProjectShipping.isProjectFile($0) }
    #expect(walk.files.map(\.relativePath) == ["App.xcodeproj/project.pbxproj", "Kit/Package.swift"])
    #expect(walk.problems.isEmpty)
  }

  @Test func aManifestIsReadAsText() throws {
    let manifest = try PackageManifest.read(#"""
      // swift-tools-version:5.9
      import PackageDescription
      /* a comment /* nested */ with "quotes" */
      let package = Package(
        name: "Kit", // defaultLocalization: "xx"
        defaultLocalization: "pt-BR",
        products: [.library(name: "Kit", targets: ["Kit"])],
        dependencies: [.package(url: "https://example.com/\("x").git", from: "1.0.0")],
        targets: [
          .target(name: "Kit", path: "Code/Kit", exclude: ["Drafts", #"Raw "quoted""#],
                  resources: [.process("Resources", localization: .default), .copy("Data"), .embedInCode("seed.json")]),
          Target.testTarget(name: "KitTests", dependencies: ["Kit"]),
          .binaryTarget(name: "Blob", path: "Blob.xcframework"),
        ]
      )
      """#).get()
    #expect(manifest.defaultLocalization == "pt-BR")
    #expect(manifest.targets == [
      PackageManifest.Target(kind: "target", name: "Kit", path: "Code/Kit", exclude: ["Drafts", "Raw \"quoted\""],
                             resources: [.init(rule: "process", path: "Resources"), .init(rule: "copy", path: "Data"), .init(rule: "embedInCode", path: "seed.json")]),
      PackageManifest.Target(kind: "testTarget", name: "KitTests"),
      PackageManifest.Target(kind: "binaryTarget", name: "Blob", path: "Blob.xcframework"),
    ])
  }

  /// What a text reading cannot be sure of is not understood, and says what.
  @Test(arguments: [
    ("let package = Package(name: \"K\", targets: targets)", "the targets are not an array literal"),
    ("let package = Package(name: \"K\", targets: [.target(name: \"K\")] + extra)", "the targets are not an array literal"),
    ("let package = Package(name: \"K\", targets: [makeTarget(\"K\")])", "a target is not written as '.target(…)': 'makeTarget(\"K\")'"),
    ("let package = Package(name: \"K\", targets: [\n#if os(iOS)\n.target(name: \"K\")\n#endif\n])", "a target is not written as '.target(…)': '#if os(iOS).target(name:\"K\")#endif'"),
    ("let package = Package(name: \"K\", targets: [.target(name: \"K\\(suffix)\")])", "a target's name is not a string literal"),
    ("let package = Package(name: \"K\", targets: [.target(name: \"K\", path: root + \"/K\")])", "the path of 'K' is not a string literal"),
    ("let package = Package(name: \"K\", targets: [.target(name: \"K\", resources: [.process(folder)])])", "a resource of 'K' is not '.process(\"…\")' or '.copy(\"…\")': '.process(folder)'"),
    ("let package = Package(name: \"K\", targets: [.target(name: \"K\", exclude: excluded)])", "the exclude list of 'K' is not literal strings"),
    ("let package = Package(name: \"K\", defaultLocalization: .init(\"en\"), targets: [])", "'defaultLocalization' is not a string literal"),
    ("let package = Package(name: \"K\", targets: [])\npackage.targets.append(.target(name: \"L\"))", "'.targets' is read or changed in code"),
    ("import PackageDescription\n", "no 'Package(…)'"),
  ])
  func whatIsNotLiteralIsNotUnderstood(_ text: String, _ message: String) {
    #expect(PackageManifest.read(text) == .failure(PackageManifest.NotUnderstood(message: message)))
  }
}
