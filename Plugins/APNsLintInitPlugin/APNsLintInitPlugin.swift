// `swift package --allow-writing-to-package-directory apns-lint-init [--force]`: writes a commented
// `.apns-lint.yml` at the package root (`apns-lint init`). A plugin of its own, because SwiftPM asks
// for a plugin's permissions on every run and only this one writes into the package.

import Foundation
import PackagePlugin

@main
struct APNsLintInitPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "apns-lint").url
    process.arguments = ["init"] + arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw InitFailed(status: process.terminationStatus)
    }
  }
}

/// `apns-lint init` failed (the file exists: pass --force); SwiftPM prints this and exits non-zero.
struct InitFailed: Error, CustomStringConvertible {
  let status: Int32
  var description: String { "apns-lint init exited with status \(status)" }
}
