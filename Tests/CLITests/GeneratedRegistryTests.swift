import Foundation
import PayloadSchema
import Testing
import TestSupport

/// The rule registration is generated from the rules' definitions (`scripts/generate-registry`,
/// as swift-format's `generate-swift-format` writes `RuleRegistry+Generated.swift`): the typed
/// ids in LintVocabulary and each family's `definition` switch. These tests fail when a generated
/// file is not what the definitions give, and show that the check itself notices a definition
/// added without regenerating.
@Suite struct GeneratedRegistryTests {
  /// Runs the generator with `arguments`; its exit status and what it printed on standard error.
  private func generator(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", packageRoot + "/scripts/generate-registry"] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func theGeneratedFilesAreCurrent() throws {
    let run = try generator(["--check"])
    #expect(run.status == 0, "run scripts/generate-rules: \(run.errors)")
  }

  /// A copy of the family files with one definition more: `--check` names the stale files, and
  /// writing them adds the case at the end of its family, with its id as the raw value.
  @Test func aNewDefinitionMakesTheRegistryStaleUntilRegenerated() throws {
    let root = try TemporaryFolder()
    let fm = FileManager.default
    for folder in ["scripts", "Sources/PayloadSchema/Rules", "Sources/StringsFile", "Sources/APNsLint/Rules", "Sources/LintVocabulary"] {
      try fm.createDirectory(atPath: root.path + "/" + folder, withIntermediateDirectories: true)
    }
    let files = try fm.contentsOfDirectory(atPath: packageRoot + "/Sources/PayloadSchema/Rules").map { "Sources/PayloadSchema/Rules/" + $0 }
      + ["Sources/StringsFile/StringsRules.swift", "Sources/StringsFile/StringsRule+Definition.generated.swift",
         "Sources/APNsLint/Rules/LocalizationRules.swift", "Sources/APNsLint/Rules/TableRules.swift",
         "Sources/APNsLint/Rules/Rules+Definition.generated.swift", "Sources/LintVocabulary/RuleIDs+Generated.swift"]
    for file in files { try fm.copyItem(atPath: packageRoot + "/" + file, toPath: root.path + "/" + file) }
    #expect(try generator(["--check", "--root", root.path]).status == 0)

    let family = root.path + "/Sources/PayloadSchema/Rules/WebPushRules.swift"
    var text = try String(contentsOfFile: family, encoding: .utf8)
    let definition = """
      extension RuleDefinition {
        /// `web-push-example`
        static var webPushExample: Self {
          Self(.info, .web, consequence: "none", summary: "an example") {
            RuleExamples("{}", pass: "{}")
          }
        }
      }

      """
    text += "\n" + definition
    try text.write(toFile: family, atomically: true, encoding: .utf8)
    let stale = try generator(["--check", "--root", root.path])
    #expect(stale.status == 1)
    #expect(stale.errors.contains("Sources/LintVocabulary/RuleIDs+Generated.swift"))
    #expect(stale.errors.contains("Sources/PayloadSchema/Rules/PayloadRule+Definition.generated.swift"))

    #expect(try generator(["--root", root.path]).status == 0)
    let ids = try String(contentsOfFile: root.path + "/Sources/LintVocabulary/RuleIDs+Generated.swift", encoding: .utf8)
    let last = try #require(PayloadRule.allCases.last)
    let lastCase = try #require(ids.range(of: "case \(String(describing: last)) = \"\(last.rawValue)\""))
    let added = try #require(ids.range(of: "case webPushExample = \"web-push-example\""))
    #expect(lastCase.upperBound < added.lowerBound, "the new rule comes last in its family")
    let switchText = try String(contentsOfFile: root.path + "/Sources/PayloadSchema/Rules/PayloadRule+Definition.generated.swift", encoding: .utf8)
    #expect(switchText.contains("case .webPushExample: .webPushExample"))
    #expect(try generator(["--check", "--root", root.path]).status == 0)
  }

  /// A definition written without its id line is refused with its place, not skipped.
  @Test func aDefinitionWithoutItsIdIsAnError() throws {
    let root = try TemporaryFolder()
    let fm = FileManager.default
    try fm.createDirectory(atPath: root.path + "/Sources/PayloadSchema/Rules", withIntermediateDirectories: true)
    for folder in ["Sources/StringsFile", "Sources/APNsLint/Rules"] {
      try fm.createDirectory(atPath: root.path + "/" + folder, withIntermediateDirectories: true)
    }
    for file in try fm.contentsOfDirectory(atPath: packageRoot + "/Sources/PayloadSchema/Rules") {
      try fm.copyItem(atPath: packageRoot + "/Sources/PayloadSchema/Rules/" + file, toPath: root.path + "/Sources/PayloadSchema/Rules/" + file)
    }
    for file in ["Sources/StringsFile/StringsRules.swift", "Sources/APNsLint/Rules/LocalizationRules.swift", "Sources/APNsLint/Rules/TableRules.swift"] {
      try fm.copyItem(atPath: packageRoot + "/" + file, toPath: root.path + "/" + file)
    }
    let family = root.path + "/Sources/PayloadSchema/Rules/JSONRules.swift"
    let text = try String(contentsOfFile: family, encoding: .utf8)
    try text.replacingOccurrences(of: "  /// `json-bom`\n", with: "").write(toFile: family, atomically: true, encoding: .utf8)
    let run = try generator(["--check", "--root", root.path])
    #expect(run.status == 2)
    #expect(run.errors.contains("Sources/PayloadSchema/Rules/JSONRules.swift:"))
  }
}
