// `swift package apns-lint …`: runs apns-lint on the package it is invoked in (SPEC §11).
//
//   swift package apns-lint check [PATH ...] [options]        payloads; no path: the package's payload folders
//   swift package apns-lint strings-lint [DIR ...] [options]  tables; no folder: every folder holding .lproj or .xcstrings
//   swift package apns-lint rules | render … | token …        passed to apns-lint as they are
//   swift package --allow-writing-to-package-directory apns-lint-init  writes .apns-lint.yml (APNsLintInitPlugin)
//
// The tool runs in the package's directory, so `.apns-lint.yml` there is its configuration and the
// paths it prints are relative to the package.

import Foundation
import PackagePlugin

@main
struct APNsLintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "apns-lint").url
    let root = context.package.directoryURL
    var arguments = arguments
    // `swift package apns-lint --target X` is how SwiftPM passes targets; apns-lint has no targets.
    while let i = arguments.firstIndex(of: "--target"), i + 1 < arguments.count { arguments.removeSubrange(i...i + 1) }
    let command = arguments.first ?? "check"
    let rest = Array(arguments.dropFirst())
    let finder = PackageFiles(root: root)

    switch command {
    case "check":
      var run = rest
      if try !PluginArguments.hasPositional(rest, valueOptions: PluginArguments.valueOptions(tool: tool, subcommand: ["check"])) {
        let paths = finder.payloadPaths()
        guard !paths.isEmpty else {
          Diagnostics.error("apns-lint: no payloads found in \(root.path) (a folder named Fixtures, Payloads, Push, Notifications or APNs, or *.apns files); give paths: swift package apns-lint check PATH ...")
          throw PluginError.failed(2)
        }
        print("apns-lint: checking \(paths.joined(separator: ", "))")
        run = paths + rest
      }
      try exec(tool, ["check"] + run, in: root)
    case "strings-lint", "strings":
      var run = rest
      if command == "strings" {   // `strings lint …` and `strings dump …` as the CLI spells them
        try exec(tool, ["strings"] + rest, in: root)
        return
      }
      let valueOptions = try PluginArguments.valueOptions(tool: tool, subcommand: ["strings", "lint"])
      var folders = PluginArguments.positionals(run, valueOptions: valueOptions)
      run = PluginArguments.options(run, valueOptions: valueOptions)
      if folders.isEmpty {
        folders = finder.tableFolders()
        guard !folders.isEmpty else {
          Diagnostics.error("apns-lint: no .lproj folders or .xcstrings catalogs found in \(root.path)")
          throw PluginError.failed(2)
        }
      }
      // `strings lint` takes one folder: one run each, the worst exit status wins.
      var worst: Int32 = 0
      for folder in folders {
        print("apns-lint: strings lint \(folder)")
        worst = max(worst, try launch(tool, ["strings", "lint", folder] + run, in: root))
      }
      if worst != 0 { throw PluginError.failed(worst) }
    case "init":
      Diagnostics.error("apns-lint: this plugin does not write into the package; run: swift package --allow-writing-to-package-directory apns-lint-init")
      throw PluginError.failed(2)
    default:
      try exec(tool, arguments, in: root)
    }
  }

  /// Runs the tool and fails the plugin with its exit status when it is not 0.
  func exec(_ tool: URL, _ arguments: [String], in directory: URL) throws {
    let status = try launch(tool, arguments, in: directory)
    if status != 0 { throw PluginError.failed(status) }
  }

  /// Runs the tool with the terminal's standard output and error; returns its exit status.
  func launch(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// A failed run: SwiftPM prints the description and exits non-zero.
enum PluginError: Error, CustomStringConvertible {
  case failed(Int32)
  var description: String {
    switch self {
    case .failed(1): "apns-lint found errors"
    case .failed(let status): "apns-lint exited with status \(status)"
    }
  }
}

/// Which arguments are paths: apns-lint's own description of its options (`--experimental-dump-help`,
/// swift-argument-parser's JSON) says which options take a value.
enum PluginArguments {
  static func valueOptions(tool: URL, subcommand: [String]) throws -> Set<String> {
    let process = Process()
    process.executableURL = tool
    process.arguments = subcommand + ["--experimental-dump-help"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let command = root["command"] as? [String: Any],
      let arguments = command["arguments"] as? [[String: Any]]
    else { return [] }
    var names: Set<String> = []
    for argument in arguments where argument["kind"] as? String == "option" {
      for name in argument["names"] as? [[String: Any]] ?? [] {
        guard let kind = name["kind"] as? String, let text = name["name"] as? String else { continue }
        names.insert(kind == "short" ? "-" + text : "--" + text)
      }
    }
    return names
  }

  /// The arguments that are neither options nor option values.
  static func positionals(_ arguments: [String], valueOptions: Set<String>) -> [String] {
    var result: [String] = []
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      if argument == "--" { result += arguments[(i + 1)...]; break }
      if argument.hasPrefix("-") && argument != "-" {
        if valueOptions.contains(argument) { i += 1 }   // `--format sarif`; `--format=sarif` is one argument
      } else {
        result.append(argument)
      }
      i += 1
    }
    return result
  }

  /// The options and their values, in order.
  static func options(_ arguments: [String], valueOptions: Set<String>) -> [String] {
    let paths = positionals(arguments, valueOptions: valueOptions)
    var remaining = paths[...]
    return arguments.filter { argument in
      if let first = remaining.first, first == argument { remaining = remaining.dropFirst(); return false }
      return argument != "--"
    }
  }

  static func hasPositional(_ arguments: [String], valueOptions: Set<String>) -> Bool {
    !positionals(arguments, valueOptions: valueOptions).isEmpty
  }
}

/// The package's payload and table folders, found by name (build and hidden folders skipped).
struct PackageFiles {
  let root: URL
  /// Folder names that hold payloads by convention (compared case-insensitively).
  static let payloadFolders: Set<String> = ["fixtures", "payloads", "payload", "push", "pushes", "notifications", "apns"]
  static let skipped: Set<String> = ["node_modules", "Pods", "DerivedData", "Carthage", "Packages"]
  static let maxDepth = 8

  /// Relative paths: each conventional payload folder (not descended into), then every `*.apns` file outside them.
  func payloadPaths() -> [String] {
    var folders: [String] = [], files: [String] = []
    walk(root, depth: 0) { url, isDirectory in
      if isDirectory && Self.payloadFolders.contains(url.lastPathComponent.lowercased()) {
        folders.append(relative(url)); return false
      }
      if !isDirectory && url.pathExtension == "apns" { files.append(relative(url)) }
      return true
    }
    return folders.sorted() + files.sorted()
  }

  /// Relative paths of the folders that hold `.lproj` folders or `.xcstrings` catalogs.
  func tableFolders() -> [String] {
    var found: Set<String> = []
    walk(root, depth: 0) { url, isDirectory in
      if isDirectory && url.pathExtension == "lproj" { found.insert(relative(url.deletingLastPathComponent())); return false }
      if !isDirectory && url.pathExtension == "xcstrings" { found.insert(relative(url.deletingLastPathComponent())) }
      return true
    }
    return found.sorted()
  }

  private func relative(_ url: URL) -> String {
    let base = root.standardizedFileURL.path
    let path = url.standardizedFileURL.path
    guard path.hasPrefix(base) else { return path }
    let tail = path.dropFirst(base.count).drop { $0 == "/" }
    return tail.isEmpty ? "." : String(tail)
  }

  /// Visits entries below `directory`; `visit` returns whether to descend into a folder.
  private func walk(_ directory: URL, depth: Int, _ visit: (URL, Bool) -> Bool) {
    guard depth < Self.maxDepth,
      let entries = try? FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey], options: [.skipsHiddenFiles])
    else { return }
    for entry in entries.sorted(by: { $0.path < $1.path }) {
      let values = try? entry.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
      if values?.isSymbolicLink == true { continue }
      let isDirectory = values?.isDirectory ?? false
      if isDirectory && (Self.skipped.contains(entry.lastPathComponent) || entry.lastPathComponent.hasPrefix(".build")) { continue }
      if visit(entry, isDirectory) && isDirectory { walk(entry, depth: depth + 1, visit) }
    }
  }
}
