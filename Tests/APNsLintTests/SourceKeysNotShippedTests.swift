import APNsLint
import Foundation
import PayloadSchema
import StringsFile
import Testing
import TestSupport

/// SPEC §3 "Keys no source names": uses that are not uses on any device. Code that never ships
/// (a `#Preview` body, a `PreviewProvider` type, a playground, `Preview Content`) names no key,
/// and a generated accessor (SwiftGen, R.swift) names its key only when other code uses it.
/// The fixtures are our own reproductions of patterns seen judging real repositories:
/// nostur-com/nostur-ios-public (Nostur/Playground/FrameTesting.swift: preview-only views next to
/// `PreviewProvider` types and `#Preview` macros), planetary-social/nos
/// (Nos/Views/Components/Button/ActionButton.swift: `ActionButton("edit")` only in a preview) and
/// savoirfairelinux/jami-client-ios (Ring/Ring/Constants/Generated/Strings.swift: SwiftGen's
/// `L10n.Calls.currentCallWith`, generated but never called, whose hi-IN translation is empty).
@Suite struct SourceKeysNotShippedTests {
  /// The keys of `files` (path: text), written below a temporary folder.
  static func keys(_ files: [(String, String)]) throws -> SourceKeys {
    let dir = try TemporaryFolder()
    for (path, text) in files { try dir.write(path, text) }
    return SourceKeys(roots: [dir.path])
  }

  static let previewSources = #"""
    import SwiftUI

    @main struct SampleApp: App {
      var body: some Scene { WindowGroup { ContentView(); After() } }
    }

    struct ContentView: View {
      var body: some View {
        Text("Live")
        Text("Shown by a view")
      }
    }

    #Preview("Preview { title") {
      let note = """
        a { brace in a multi-line string
        """
      Text("Preview only")
    }

    #if DEBUG
    struct ContentView_Previews: PreviewProvider {
      static var previews: some View {
        VStack { Text("Provider only"); Text("\(items.map { "\($0)" })") }
      }
    }
    #endif

    struct After: View {
      var body: some View { Text("After the previews") }
    }
    """#

  static func previewProject() throws -> TemporaryFolder {
    let dir = try TemporaryFolder()
    try dir.write("Src/App/ContentView.swift", previewSources)
    try dir.write("Src/Sandbox.playground/Contents.swift", #"Text("Playground only")"#)
    try dir.write("Src/App/Preview Content/PreviewData.swift", #"let sample = Text("Preview data only")"#)
    let keys = ["Live", "Shown by a view", "After the previews", "Preview only", "Provider only", "Playground only", "Preview data only"]
    try dir.write("L/en.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
    try dir.write("L/fr.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\";\n" }.joined())
    return dir
  }

  @Test func previewsAndPlaygroundsNameNoKey() throws {
    let dir = try Self.previewProject()
    let keys = SourceKeys(roots: [dir.path + "/Src"])
    for key in ["Live", "Shown by a view", "After the previews"] {
      #expect(keys.names(key, table: "Localizable"), "\(key)")
    }
    // The preview's title, its body, a multi-line string's brace and a closure inside an
    // interpolation do not end the preview early.
    for key in ["Preview only", "Preview { title", "Provider only", "Playground only", "Preview data only"] {
      #expect(!keys.names(key, table: "Localizable"), "\(key)")
    }
    #expect(keys.previewRegionsSkipped == 2)
    #expect(keys.filesNotShipped == 2)
    #expect(keys.codeFilesRead == 1)
  }

  /// A key only a preview (or a playground) shows: its empty translation is information, with
  /// the wording of every key no source names; a key a view shows stays a warning, even when
  /// only a preview shows the view (no call graph is built).
  @Test func aKeyOnlyAPreviewShowsIsInformation() throws {
    let dir = try Self.previewProject()
    var files = try StringsLint.lint(root: dir.path + "/L")
    let notes = StringsLint.markUnreached(&files, sources: SourceKeys(roots: [dir.path + "/Src"]))
    #expect(notes.isEmpty)
    let fr = try #require(files.first { $0.path.hasSuffix("fr.lproj/Localizable.strings") })
    let summary = fr.findings.filter { $0.rule == RuleID(TableRule.emptyTranslation) }
      .map { "\($0.rule) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "")" }
    #expect(summary == [
      "strings-empty-translation warning 1:1 Live",
      "strings-empty-translation warning 2:1 Shown by a view",
      "strings-empty-translation warning 3:1 After the previews",
      "strings-empty-translation info 4:1 Preview only",
      "strings-empty-translation info 5:1 Provider only",
      "strings-empty-translation info 6:1 Playground only",
      "strings-empty-translation info 7:1 Preview data only",
    ])
    for finding in fr.findings where finding.keyPath == "Preview only" || finding.keyPath == "Playground only" {
      #expect(finding.unreached)
      #expect(finding.message.hasSuffix(" (no source file names the key: no device shows it)"))
    }
  }

  /// A preview not closed by the end of the file is not read as one: its literals count.
  @Test func anUnclosedPreviewTakesNoKeyAway() throws {
    let keys = try Self.keys([("A.swift", #"#Preview { Text("Cut off") "#), ("B.swift", #"struct P: PreviewProvider { static var previews: some View { Text("Also cut off") }"#)])
    #expect(keys.names("Cut off", table: "Localizable"))
    #expect(keys.names("Also cut off", table: "Localizable"))
    #expect(keys.previewRegionsSkipped == 0)
  }

  static let swiftGen = #"""
    // swiftlint:disable all
    // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

    import Foundation

    internal enum L10n {
      internal enum Calls {
        /// Call with
        internal static let currentCallWith = L10n.tr("Localizable", "calls.currentCallWith", fallback: "Call with ")
        /// Grid view
        internal static let gridLayout = L10n.tr("Localizable", "calls.gridLayout", fallback: "Grid view")
        /// In this call (%@)
        internal static func inThisCall(_ p1: Any) -> String {
          return L10n.tr("Localizable", "calls.inThisCall", String(describing: p1), fallback: "In this call (%@)")
        }
        internal static let `default` = L10n.tr("Localizable", "calls.default", fallback: "Default")
      }
    }

    extension L10n {
      private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
        let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
        return String(format: format, locale: Locale.current, arguments: args)
      }
    }
    """#

  static let callSite = #"""
    final class CallViewController {
      func update() {
        // title = L10n.Calls.currentCallWith  (commented out: not a use)
        layoutButton.title = L10n.Calls.gridLayout
        label.text = "\(L10n.Calls.inThisCall(count))"
        mode = .default
      }
    }
    #Preview { Text(L10n.Calls.currentCallWith) }
    """#

  @Test func aSwiftGenAccessorNamesItsKeyOnlyWhenCalled() throws {
    let keys = try Self.keys([("Generated/Strings.swift", Self.swiftGen), ("CallViewController.swift", Self.callSite)])
    #expect(keys.generatedFilesRead == 1)
    #expect(keys.names("calls.gridLayout", table: "Localizable"))
    #expect(keys.names("calls.inThisCall", table: "Localizable"))    // called in an interpolation
    #expect(keys.names("calls.default", table: "Localizable"))       // `` `default` `` used as `.default`
    #expect(!keys.names("calls.currentCallWith", table: "Localizable"))
    #expect(!keys.names("Call with ", table: "Localizable"))
    #expect(keys.uncalledAccessors == ["currentCallWith"])   // `tr` holds no literal
    // With no other code, no accessor is called.
    let alone = try Self.keys([("Generated/Strings.swift", Self.swiftGen)])
    #expect(!alone.names("calls.gridLayout", table: "Localizable"))
  }

  /// A declaration of a generated file not read to its end keeps its literals counted.
  @Test func aGeneratedAccessorNotReadToItsEndCounts() throws {
    let cut = "// Generated using SwiftGen\nenum L10n {\n  static let broken = L10n.tr(\"Localizable\", \"calls.broken\",\n"
    let keys = try Self.keys([("Strings.swift", cut)])
    #expect(keys.names("calls.broken", table: "Localizable"))
    let pattern = "// Generated using SwiftGen\nenum L10n {\n  static let (a, b) = (L10n.tr(\"Localizable\", \"calls.pair\"), 1)\n}\n"
    #expect(try Self.keys([("Strings.swift", pattern)]).names("calls.pair", table: "Localizable"))
  }

  static let rSwift = #"""
    //
    // This is a generated file, do not edit!
    // Generated by R.swift, see https://github.com/mac-cain13/R.swift
    //

    import Foundation
    import Rswift

    struct R: Rswift.Validatable {
      struct string {
        struct localizable {
          /// en translation: Welcome
          static let welcome_title = Rswift.StringResource(key: "welcome_title", tableName: "Localizable", bundle: R.hostingBundle, locales: ["en", "fr"], comment: nil)
          /// en translation: Old banner
          static let old_banner = Rswift.StringResource(key: "old_banner", tableName: "Localizable", bundle: R.hostingBundle, locales: ["en", "fr"], comment: nil)

          static func welcome_title(preferredLanguages: [String]? = nil) -> String {
            guard let preferredLanguages = preferredLanguages else {
              return NSLocalizedString("welcome_title", bundle: hostingBundle, comment: "")
            }
            return NSLocalizedString("welcome_title", bundle: hostingBundle, comment: "")
          }

          static func old_banner(preferredLanguages: [String]? = nil) -> String {
            return NSLocalizedString("old_banner", bundle: hostingBundle, comment: "")
          }
        }
        struct settings {
          var sync_now: RswiftResources.StringResource { .init(key: "sync_now", tableName: "Settings", source: source, developmentValue: "Sync now", comment: nil) }
          var sync_never: RswiftResources.StringResource { .init(key: "sync_never", tableName: "Settings", source: source, developmentValue: "Never", comment: nil) }
        }
      }
    }
    """#

  @Test func anRSwiftAccessorNamesItsKeyOnlyWhenCalled() throws {
    let use = "let title = R.string.localizable.welcome_title()\nlet sync = R.string.settings.sync_now\n"
    let keys = try Self.keys([("R.generated.swift", Self.rSwift), ("Welcome.swift", use)])
    #expect(keys.generatedFilesRead == 1)
    #expect(keys.names("welcome_title", table: "Localizable"))
    #expect(keys.names("sync_now", table: "Settings"))
    #expect(!keys.names("old_banner", table: "Localizable"))
    #expect(!keys.names("sync_never", table: "Settings"))
    #expect(keys.uncalledAccessors == ["old_banner", "sync_never"])
  }

  /// End to end: the empty hi-IN translation of an accessor no code calls is information; one
  /// of a called accessor stays a warning. (jami's own value is "Call with ", a sentence piece,
  /// `strings-empty-fragment`: a whole text stands in for it here.)
  @Test func anUncalledAccessorsEmptyTranslationIsInformation() throws {
    let dir = try TemporaryFolder()
    try dir.write("Src/Generated/Strings.swift", Self.swiftGen)
    try dir.write("Src/Calls/CallViewController.swift", Self.callSite)
    try dir.write("L/en.lproj/Localizable.strings", """
      "calls.currentCallWith" = "Current call";
      "calls.gridLayout" = "Grid view";
      "calls.inThisCall" = "In this call (%@)";
      "calls.default" = "Default";

      """)
    try dir.write("L/hi-IN.lproj/Localizable.strings", """
      "calls.currentCallWith" = "";
      "calls.gridLayout" = "";
      "calls.inThisCall" = "इस कॉल में (%@)";
      "calls.default" = "डिफ़ॉल्ट";

      """)
    var files = try StringsLint.lint(root: dir.path + "/L")
    let sources = try #require(StringsLint.sourceKeys(directory: dir.path + "/Src", sources: [], noSources: false, jobs: 1).keys)
    #expect(sources.codeFilesRead == 2 && sources.generatedFilesRead == 1)
    let notes = StringsLint.markUnreached(&files, sources: sources)
    #expect(notes.isEmpty)
    let hi = try #require(files.first { $0.path.hasSuffix("hi-IN.lproj/Localizable.strings") })
    let summary = hi.findings.filter { $0.rule == RuleID(TableRule.emptyTranslation) }
      .map { "\($0.rule) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "")" }
    #expect(summary == [
      "strings-empty-translation info 1:1 calls.currentCallWith",
      "strings-empty-translation warning 2:1 calls.gridLayout",
    ])
    #expect(hi.findings.first { $0.keyPath == "calls.currentCallWith" }?.message
      .hasSuffix(" (no source file names the key: no device shows it)") == true)
  }
  /// A SwiftUI view no shipped code shows names no key: nostur-com/nostur-ios-public's
  /// `Something` (Nostur/Playground/FrameTesting.swift), shown only by `FrameTesting`, which only
  /// its `PreviewProvider` shows, and `ShareableIdentifierTest`, which only its own previews show.
  /// A view is shown when code outside views and previews names it (an `App`'s scene, a UIKit
  /// `UIHostingController`), or a shown view does; a word of a literal is text, not a use
  /// ("Something went wrong"), but a word of an interpolation is code; a `public` view is API
  /// another module may show.
  @Test func aViewOnlyPreviewsShowNamesNoKey() throws {
    let keys = try Self.keys([
      ("App/App.swift", #"""
        import SwiftUI
        @main struct SampleApp: App {
          var body: some Scene { WindowGroup { Home() } }
        }
        let failure = Text("Something went wrong")
        let host = UIHostingController(rootView: Hosted())
        """#),
      ("App/Home.swift", #"""
        struct Home: View {
          var body: some View { VStack { Text("Home"); Row(); Text("\(Label.self)") } }
        }
        struct Row: View { var body: some View { Text("Row") } }
        struct Label: View { var body: some View { Text("Label") } }
        struct Hosted: View { var body: some View { Text("Hosted") } }
        """#),
      ("App/Playground/FrameTesting.swift", #"""
        struct FrameTesting: View {
          var body: some View { VStack { Something(); Something() } }
        }
        struct Something: View {
          var body: some View { Text("Hello, World!") }
        }
        struct FrameTesting_Previews: PreviewProvider {
          static var previews: some View { FrameTesting() }
        }
        struct Lonely: View {
          var body: some View { Text("kind: \(kind)") }
        }
        #Preview { Lonely() }
        public struct Exported: View {
          public var body: some View { Text("Exported") }
        }
        """#),
    ])
    for key in ["Home", "Row", "Label", "Hosted", "Something went wrong", "Exported"] {
      #expect(keys.names(key, table: "Localizable"), "\(key)")
    }
    for key in ["Hello, World!", "kind: %@"] {
      #expect(!keys.names(key, table: "Localizable"), "\(key)")
    }
    #expect(keys.unshownViews == ["FrameTesting", "Something", "Lonely"])
  }

  /// Swift raw strings (`#"…"#`, `###"…"###`) and multi-line strings (`"""`) are text: their
  /// quotes end nothing and their words are no code, so a view named only inside one is not
  /// shown (nostur-com/nostur-ios-public, Nostur/Nostr/DummyData/DummyEvents.swift: JSON events
  /// in `###"…"###` whose text has the word "Something", the name of a view only previews show).
  /// A key written as a raw or multi-line literal is named as Swift reads it (a multi-line
  /// literal without its closing line's indentation), and a raw string's `\#( … )` is code.
  @Test func rawAndMultiLineStringsAreText() throws {
    let keys = try Self.keys([
      ("App/App.swift", #"""
        import SwiftUI
        @main struct SampleApp: App {
          var body: some Scene { WindowGroup { Home() } }
        }
        let events = [###"["EVENT",{"content":"Something "quoted" { Hidden() }"}]"###]
        let note = """
          Say "Panel()" here, and \
          then Footer()
          """
        """#),
      ("App/Home.swift", ##"""
        struct Home: View {
          var body: some View {
            Text(#"Say "hi" to \#(Shown.title)"#)
            Text(NSLocalizedString("""
              Line one
                Line two
              """, comment: ""))
          }
        }
        struct Something: View { var body: some View { Text("Hello, World!") } }
        struct Hidden: View { var body: some View { Text("Hidden text") } }
        struct Panel: View { var body: some View { Text("Panel text") } }
        struct Footer: View { var body: some View { Text("Footer text") } }
        struct Shown: View {
          static let title = "x"
          var body: some View { Text("Shown text") }
        }
        """##),
    ])
    for key in [#"Say "hi" to %@"#, "Line one\n  Line two", "Shown text"] {
      #expect(keys.names(key, table: "Localizable"), "\(key)")
    }
    for key in ["Hello, World!", "Hidden text", "Panel text", "Footer text"] {
      #expect(!keys.names(key, table: "Localizable"), "\(key)")
    }
    #expect(keys.unshownViews == ["Footer", "Hidden", "Panel", "Something"])
  }
}
