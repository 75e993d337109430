import Foundation
import APNsLint
import PayloadSchema
import StringsFile
import TestSupport
import Testing

/// Issue 53, item 12: one consequence per rule. Every finding has its rule's default severity
/// (no finding is raised or lowered by itself), whatever input made it: the rules' own examples,
/// the fixtures and, with `APNS_LINT_SHARED`, the wild and real payloads and the wild tables. The
/// one exception is a finding about what reaches no device (`Finding.unreached`: a key no source
/// file names, a table the project does not ship), information whatever the rule (SPEC §3).
@Suite struct OneConsequenceTests {
  /// "rule severity line:column key" of every finding whose severity is not its rule's default.
  static func offDefault(_ checkOutput: String) throws -> [String] {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(checkOutput.utf8)) as? [String: Any], "\(checkOutput.prefix(300))")
    var out: [String] = []
    for result in root["results"] as? [[String: Any]] ?? [] {
      for d in result["diagnostics"] as? [[String: Any]] ?? [] {
        let id = d["rule"] as? String ?? "", severity = d["severity"] as? String ?? ""
        guard let rule = Rule.named(id) else { out.append("unknown rule \(id)"); continue }
        // A rule that is off unless configured has the severity its example's configuration gives.
        if rule.defaultLevel != .off && severity != rule.defaultLevel.name {
          out.append("\(result["path"] as? String ?? "") \(id) \(severity) (default \(rule.defaultLevel.name)) \(d["line"] ?? 0):\(d["column"] ?? 0) \(d["keyPath"] as? String ?? "-")")
        }
      }
    }
    return out
  }

  /// Every rule has one default severity, and a part (a rule split from another) names a rule that
  /// exists, is not itself a part, and comes right before its parts in the catalogue.
  @Test func partsNameTheirGroup() throws {
    for (i, rule) in Rule.catalogue.enumerated() {
      guard let group = rule.group else { continue }
      let owner = try #require(Rule.named(group.rawValue), "\(rule.id): group \(group) is no rule")
      #expect(owner.group == nil, "\(rule.id): its group \(group) is itself a part")
      #expect(owner.defaultLevel != rule.defaultLevel,
              "\(rule.id): same severity as \(group): one consequence, one rule")
      // Directly after its group and its other parts, in its family (a request part of a push
      // rule, `live-activity-priority-unset`, is with the request rules).
      if owner.category == rule.category {
        let before = Rule.catalogue[..<i].last { $0.group != group }
        #expect(before?.id == group, "\(rule.id) must follow \(group) and its other parts in the catalogue")
      }
      #expect(owner.parts.contains { $0.id == rule.id })
    }
  }

  /// Ids are stable: a retired id stays reserved (`Rule.reservedIDs`) and no rule takes it again;
  /// every group's id is a rule of the catalogue, not a retired one.
  @Test func noRuleTakesAReservedID() {
    for rule in Rule.catalogue {
      #expect(!Rule.reservedIDs.contains(rule.id.rawValue), "\(rule.id) is a reserved (retired) id")
      if let group = rule.group { #expect(!Rule.reservedIDs.contains(group.rawValue) && Rule.named(group.rawValue) != nil) }
    }
  }

  /// Payload, request and web rules' triggering examples, through `check` with their flags.
  @Test func everyPayloadExampleFindsAtItsRulesSeverity() throws {
    let rules = Rule.catalogue.filter { [.json, .payload, .push, .request, .web].contains($0.category) }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-one-consequence-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    // One folder per set of flags and configuration: one run each.
    var groups: [String: [Rule]] = [:]
    for rule in rules { groups[rule.triggeringFlags + "\u{0}" + rule.exampleConfiguration, default: []].append(rule) }
    var wrong: [String] = []
    for (n, (key, members)) in groups.sorted(by: { $0.key < $1.key }).enumerated() {
      let folder = dir.appendingPathComponent("g\(n)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for rule in members {
        let name = rule.id.rawValue + (rule.category == .request ? ".http" : ".json")
        try Data(RuleCatalogueTests.bytes(rule.triggeringExample)).write(to: folder.appendingPathComponent(name))
      }
      let parts = key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
      var arguments = ["check", folder.path, "--format", "json"] + parts[0].split(separator: " ").map(String.init)
      if parts.count > 1, !parts[1].isEmpty {
        let config = dir.appendingPathComponent("g\(n).yml")
        try String(parts[1]).write(to: config, atomically: true, encoding: .utf8)
        arguments += ["--config", config.path]
      }
      // (Run from the package's root: an example's flags name files of the repository, `--key Fixtures/keys/…`.)
      let (_, out, err) = try runCLI(arguments)
      #expect(!out.isEmpty, "\(arguments): \(err)")
      if !out.isEmpty { wrong += try Self.offDefault(out) }
    }
    #expect(wrong == [], "\(wrong.joined(separator: "\n"))")
  }

  /// Localization and strings rules' triggering examples, through `check --strings` and `strings lint`.
  @Test func everyTableExampleFindsAtItsRulesSeverity() throws {
    var wrong: [String] = []
    for rule in Rule.catalogue where [.localization, .strings].contains(rule.category) {
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-one-consequence-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: dir) }
      for (name, body) in RuleCatalogueTests.sections(rule.triggeringExample) {
        let file = dir.appendingPathComponent(name == "payload" ? "p.json" : "L/" + name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(RuleCatalogueTests.bytes(body)).write(to: file)
      }
      let arguments = rule.category == .localization ? ["check", "p.json", "--strings", "L", "--format", "json"]
        : ["strings", "lint", "L", "--format", "json"]
      let (_, out, _) = try runCLI(arguments, in: dir.path)
      wrong += try Self.offDefault(out).map { "\(rule.id)'s example: \($0)" }
    }
    #expect(wrong == [], "\(wrong.joined(separator: "\n"))")
  }

  /// Every payload and request under Fixtures/.
  @Test(arguments: ["Fixtures/payloads", "Fixtures/requests"])
  func everyFixtureFindsAtItsRulesSeverity(_ folder: String) throws {
    let (_, out, err) = try runCLI(["check", folder, "--format", "json"])
    #expect(!out.isEmpty, "\(err)")
    let wrong = try Self.offDefault(out)
    #expect(wrong == [], "\(wrong.joined(separator: "\n"))")
  }

  /// The wild and real payloads (`APNS_LINT_SHARED`).
  @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason)),
        arguments: ["wild/wild-payloads", "wild/real-payloads"])
  func everySharedPayloadFindsAtItsRulesSeverity(_ folder: String) throws {
    let path = try #require(SharedCorpus.path(folder))
    let (_, out, err) = try runCLI(["check", path, "--format", "json"])
    #expect(!out.isEmpty, "\(err)")
    let wrong = try Self.offDefault(out)
    #expect(wrong == [], "\(wrong.joined(separator: "\n"))")
  }

  /// The wild tables (`APNS_LINT_SHARED`), each project as `strings lint` reads it; an unreached
  /// finding (nothing of it reaches a device) is the one exception.
  @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.skipReason)))
  func everyWildTableFindsAtItsRulesSeverity() throws {
    let root = try #require(SharedCorpus.path("wild/wild-tables"))
    var wrong: [String] = [], count = 0
    for project in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root + "/" + project, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
      for file in try StringsLint.lint(root: root + "/" + project) {
        for f in file.findings where !f.unreached {
          count += 1
          if f.severity != Rule.defaultSeverity(of: f.rule) {
            wrong.append("\(file.path) \(f.rule) \(f.severity.rawValue) \(f.line):\(f.column) \(f.keyPath ?? "-")")
          }
        }
      }
    }
    #expect(count > 0)
    #expect(wrong == [], "\(wrong.count) findings:\n\(wrong.prefix(40).joined(separator: "\n"))")
  }
}
