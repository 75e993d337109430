import PayloadSchema
import StringsFile

// How a table reaches the device (SPEC §5, "What the device receives"): Xcode builds a `.strings`
// file with its Copy Strings File step (swift-build's CopyStringsFileTaskAction), which decodes
// it, drops one leading U+FEFF, validates it and writes it again; a file copied as it is reaches
// CoreFoundation with whatever it holds. Only `strings-extra-bom` depends on it today.

/// How the project below the linted folder puts a table on the device.
enum TableDelivery: Equatable {
  /// Xcode's build rules process it (Copy Strings File): a file reference or a variant group's
  /// file in a target's build phase, a file of a synchronized folder a target builds, a package
  /// resource SwiftPM processes (a `.lproj` file, `.process`), which Xcode builds the same way.
  case built(by: String)
  /// Copied as it is: through a folder reference (`how` says so), or a package's `.copy`.
  case verbatim(by: String, how: String)
}

extension ProjectShipping {
  /// How the projects deliver the table at `relativePath` (below the root); nil when no project
  /// says (no project holds it, or none ships it). A project that builds it wins over one that
  /// copies it.
  func delivery(for relativePath: String) -> TableDelivery? {
    let path = rootPath(relativePath)
    var verbatim: TableDelivery? = nil
    for project in projects {
      guard let below = Self.path(path, below: project.folder) else { continue }
      switch project.kind {
      case .xcode(let xcode):
        if xcode.references[below.lowercased()] == true { return .built(by: project.name) }
        switch xcode.lookup(below) {
        case .synchronized(ships: true, _)?:
          return .built(by: project.name)
        case .referenced(inBuildPhase: true)?:
          // Not referenced itself, so a folder reference holding it is in the build phase.
          if verbatim == nil { verbatim = .verbatim(by: project.name, how: "a folder reference holds it") }
        default:
          break
        }
      case .package(let manifest, let folders):
        guard case .some(nil) = Self.decide(below, in: project) else { continue }
        let copied = zip(manifest.targets, folders).lazy.compactMap { target, folder -> String? in
          guard let folder, let inTarget = Self.path(below, below: folder) ?? (folder.isEmpty ? below : nil) else { return nil }
          let lowered = inTarget.lowercased()
          return target.resources.first { resource in
            let item = XcodeProject.normalised(resource.path).lowercased()
            return resource.rule == "copy" && (item.isEmpty || lowered == item || lowered.hasPrefix(item + "/"))
          }.map { "target '\(target.name)' has .copy(\"\($0.path)\")" }
        }.first
        if let copied {
          if verbatim == nil { verbatim = .verbatim(by: project.name, how: copied) }
        } else {
          return .built(by: project.name)
        }
      }
    }
    return verbatim
  }
}

extension StringsLint.LintedFile {
  /// `strings-extra-bom` as the device receives the table (``delivery``): information when the
  /// project builds it with Xcode (the mark is dropped), an error when it copies it verbatim
  /// (CoreFoundation refuses it); with no project saying, the rule's warning stands.
  mutating func judgeExtraBOM() {
    guard let delivery, let index = findings.firstIndex(where: { $0.rule == RuleID(StringsRule.extraBOM) }) else { return }
    let encoding = table?.encoding ?? "utf-8"
    // strings-extra-bom-built (information) or strings-extra-bom-copied (an error), at its place.
    let message = switch delivery {
    case .built(let project): StringsMessage.extraBOM(encoding: encoding, builtBy: project)
    case .verbatim(let project, let how): StringsMessage.extraBOM(encoding: encoding, copiedVerbatimBy: project, how: how)
    }
    var judged = Finding(message, line: 1, column: 1, keyPath: findings[index].keyPath)
    judged.position = findings[index].position
    findings[index] = judged
  }
}
