// The build-tool plugin (SPEC §18): every build of a target that uses it lints the target's tables
// (`.strings`, `.stringsdict`, `.xcstrings`) and payload fixtures (`.apns`, and `.json` files with
// an `aps` or `web_push` member) with `apns-lint-build`, which prints each finding as the compiler
// prints a diagnostic, `PATH:LINE:COLUMN: warning: MESSAGE [RULE-ID]`, so Xcode and `swift build`
// show it at its key.
//
//   .target(name: "App", plugins: [.plugin(name: "APNsLintBuildPlugin", package: "apns-lint")])
//
// Every file below the target's folder is considered, declared as a resource or not (SwiftPM lists
// resources, sources and excluded files apart; Xcode lists a target's files its own way). The tool
// reads the package's (or Xcode project's) folder as `strings lint` run there reads it: its
// projects say which tables ship and the development language, its code which keys are looked up.
// The lint is one build command whose inputs are those files, the target's own code and the
// configuration (the nearest `.apns-lint.yml` from the target's folder up to the package's), and
// whose output is a Swift file the target compiles: SwiftPM and Xcode run it only when one of its
// inputs changed (code of another target that starts naming a key shows at the next change of
// one of these).

import Foundation
import PackagePlugin

@main
struct APNsLintBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    // `Target.directoryURL` needs tools 6.1; the module kinds have theirs since 6.0.
    let module: any SourceModuleTarget, directory: URL
    switch target {
    case let swift as SwiftSourceModuleTarget: (module, directory) = (swift, swift.directoryURL)
    case let clang as ClangSourceModuleTarget: (module, directory) = (clang, clang.directoryURL)
    default: return []
    }
    // The folder's files, and any file the manifest names elsewhere (a resource outside the folder).
    let files = LintedFiles.below(directory) + module.sourceFiles.map(\.url).filter(LintedFiles.isCandidate)
    let code = module.sourceFiles.map(\.url).filter(LintedFiles.isCode)
    return try LintedFiles.commands(
      tool: context.tool(named: "apns-lint-build").url, files: files, code: code, directory: directory,
      root: context.package.directoryURL, workDirectory: context.pluginWorkDirectoryURL, name: target.name)
  }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension APNsLintBuildPlugin: XcodeBuildToolPlugin {
  /// An Xcode target has no folder of its own: its files are the ones Xcode lists for it (every
  /// source and resource, each localization of a variant group, a synchronized folder's files),
  /// and the folder the configuration is looked for from is the one that holds them all.
  func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
    let files = target.inputFiles.map(\.url).filter(LintedFiles.isCandidate)
    let code = target.inputFiles.map(\.url).filter(LintedFiles.isCode)
    let root = context.xcodeProject.directoryURL
    return try LintedFiles.commands(
      tool: context.tool(named: "apns-lint-build").url, files: files, code: code, directory: LintedFiles.commonFolder(files) ?? root,
      root: root, workDirectory: context.pluginWorkDirectoryURL, name: target.displayName)
  }
}
#endif

/// Which files the lint reads, and the one build command that reads them.
enum LintedFiles {
  /// Extensions of the files handed to the tool; it reads a `.json` file's top-level members to
  /// tell a payload fixture from another resource.
  static let extensions: Set<String> = ["strings", "stringsdict", "xcstrings", "apns", "json"]
  /// Folders never descended into, by name: other packages' and build products' folders.
  static let skippedNames: Set<String> = ["node_modules", "Pods", "DerivedData", "Carthage"]
  /// Folders never descended into, by extension: asset catalogs (their `Contents.json`), projects.
  static let skippedExtensions: Set<String> = ["xcassets", "xcodeproj", "xcworkspace", "build"]
  /// The configuration file the tool looks for (the nearest one wins).
  static let configurationName = ".apns-lint.yml"

  static func isCandidate(_ url: URL) -> Bool { extensions.contains(url.pathExtension.lowercased()) }

  /// Extensions of the code whose keys the tool reads (the C family and Swift, as `strings lint`
  /// reads them): a target's own code is an input, so that a key it starts or stops naming is seen.
  static let codeExtensions: Set<String> = ["swift", "m", "mm", "h", "c", "cc", "cpp", "hpp"]

  static func isCode(_ url: URL) -> Bool { codeExtensions.contains(url.pathExtension.lowercased()) }

  /// Every candidate file below `directory`, hidden files and `skipped` folders left out.
  static func below(_ directory: URL) -> [URL] {
    guard let walk = FileManager.default.enumerator(
      at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
    else { return [] }
    var found: [URL] = []
    for case let url as URL in walk {
      let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
      if isDirectory {
        if skippedNames.contains(url.lastPathComponent) || skippedExtensions.contains(url.pathExtension) { walk.skipDescendants() }
      } else if isCandidate(url) {
        found.append(url)
      }
    }
    return found
  }

  /// The lint as one build command (none when there is nothing to lint): the files sorted and
  /// without repeats, the target's code and the configuration among the inputs, the stamp as the output.
  static func commands(tool: URL, files: [URL], code: [URL], directory: URL, root: URL, workDirectory: URL, name: String) -> [Command] {
    var seen: Set<String> = []
    let paths = files.map { $0.standardizedFileURL.path }.filter { seen.insert($0).inserted }.sorted()
    guard !paths.isEmpty else { return [] }
    let stamp = workDirectory.appendingPathComponent("APNsLintBuildStamp.swift")
    var inputs = paths.map { URL(fileURLWithPath: $0) } + code
    if let configuration = configurationFile(from: directory, upTo: root) { inputs.append(configuration) }
    return [.buildCommand(
      displayName: "apns-lint: linting \(name)'s tables and payloads",
      executable: tool,
      arguments: ["--output", stamp.path, "--directory", directory.path, "--root", root.path, "--"] + paths,
      inputFiles: inputs,
      outputFiles: [stamp])]
  }

  /// The nearest `.apns-lint.yml` from `directory` up to `root`, both included (the tool looks
  /// for it the same way: `BuildLint.configurationFile`); nil when there is none.
  static func configurationFile(from directory: URL, upTo root: URL) -> URL? {
    let top = root.standardizedFileURL.path
    var folder = directory.standardizedFileURL
    guard folder.path == top || folder.path.hasPrefix(top + "/") else {
      let candidate = folder.appendingPathComponent(configurationName)
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      return configurationFile(from: root, upTo: root)
    }
    while true {
      let candidate = folder.appendingPathComponent(configurationName)
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      if folder.path == top || folder.path == "/" { return nil }
      folder = folder.deletingLastPathComponent().standardizedFileURL
    }
  }

  /// The deepest folder that holds every file (nil for none).
  static func commonFolder(_ files: [URL]) -> URL? {
    guard var common = files.first?.deletingLastPathComponent().standardizedFileURL.pathComponents else { return nil }
    for file in files.dropFirst() {
      let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
      common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
    }
    return common.isEmpty ? nil : URL(fileURLWithPath: NSString.path(withComponents: common))
  }
}
