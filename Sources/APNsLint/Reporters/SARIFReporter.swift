import Foundation

/// Writes a `LintReport` as SARIF 2.1.0 (SPEC §8 `--format sarif`), for code-scanning services.
///
/// One run; `tool.driver.rules` lists every rule that ran, results point at relative artifact URIs
/// with 1-based lines and columns counted in Unicode scalars (`columnKind: unicodeCodePoints`).
/// Members come in a fixed order and nothing depends on the clock, so output is stable for snapshots.
public enum SARIFReporter: Sendable {
  /// A fix as SARIF's `fix` object: a description and the artifact's replacements, each a
  /// region (1-based lines and columns in Unicode scalars, as `columnKind` says) and its text.
  static func fix(_ fix: PositionedFix, uri: String) -> JSONValue {
    .object([
      ("description", .object([("text", .string(fix.title))])),
      ("artifactChanges", .array([.object([
        ("artifactLocation", .object([("uri", .string(uri))])),
        ("replacements", .array(fix.replacements.map { r in
          .object([
            ("deletedRegion", .object([
              ("startLine", .int(r.start.line)), ("startColumn", .int(r.start.column)),
              ("endLine", .int(r.end.line)), ("endColumn", .int(r.end.column)),
            ])),
            ("insertedContent", .object([("text", .string(r.text))])),
          ])
        })),
      ])])),
    ])
  }

  /// Where the tool is documented (`tool.driver.informationUri`).
  public static let informationURI = "https://github.com/apns-lint/apns-lint"
  static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

  /// Renders `report` as a SARIF log, pretty-printed, ending with a newline.
  ///
  /// - Parameters:
  ///   - report: the lint report to render.
  ///   - toolVersion: `tool.driver.version`.
  ///   - configuration: gives each rule's `defaultConfiguration.level` as the run used it; without
  ///     it the catalogue's default. A level of `off` is written as SARIF's `none`.
  ///   - workingDirectory: absolute input paths are made relative to it (default: the process's).
  public static func render(
    _ report: LintReport, toolVersion: String, configuration: Configuration? = nil,
    workingDirectory: String? = nil
  ) -> String {
    var ruleIDs = report.rulesRun
    var known = Set(ruleIDs)
    // A finding of a rule missing from rulesRun still gets a descriptor, so ruleIndex is always valid.
    for result in report.results {
      for diagnostic in result.findings where !known.contains(diagnostic.rule.rawValue) {
        known.insert(diagnostic.rule.rawValue)
        ruleIDs.append(diagnostic.rule.rawValue)
      }
    }
    var writer = Writer(rulesRun: ruleIDs, toolVersion: toolVersion, configuration: configuration, workingDirectory: workingDirectory)
    var out = writer.header
    for result in report.results { out += writer.results(for: result) }
    return out + writer.footer
  }

  /// Writes a SARIF log piece by piece, byte for byte as `render` does, so that a stream of any
  /// length is reported in memory bounded by one result (`check --format sarif` held every result
  /// until the end: 5 GB for 2 million findings).
  public struct Writer: Sendable {
    /// Everything before the results array.
    public let header: String
    private let tail: String
    private let ruleIndex: [String: Int]
    private let workingDirectory: String
    private var count = 0

    /// Prepares a log whose `tool.driver.rules` are `rulesRun`, in that order.
    public init(rulesRun: [String], toolVersion: String, configuration: Configuration? = nil, workingDirectory: String? = nil) {
      self.workingDirectory = workingDirectory ?? FileManager.default.currentDirectoryPath
      var index: [String: Int] = [:]
      for (i, id) in rulesRun.enumerated() where index[id] == nil { index[id] = i }
      ruleIndex = index
      let rules: [JSONValue] = rulesRun.map { id in
        let rule = Rule.named(id)
        let level = rule.flatMap { configuration?.level(of: $0.id) } ?? rule?.defaultLevel ?? .off
        var members: [(String, JSONValue)] = [
          ("id", .string(id)),
          ("shortDescription", .object([("text", .string(rule?.summary ?? id))])),
          // What happens when a finding is real: why the rule has its default severity.
          ("fullDescription", .object([("text", .string(rule?.consequence ?? id))])),
        ]
        // The rule's card (issue 53): what the user sees and how to fix it, and Apple's page.
        if let card = rule?.card {
          if let uri = card.helpURI { members.append(("helpUri", .string(uri))) }
          members.append(("help", .object([("text", .string(RulesReporter.cardText(card))),
                                           ("markdown", .string(RulesReporter.cardMarkdown(card)))])))
        }
        members.append(("defaultConfiguration", .object([("level", .string(SARIFReporter.sarifLevel(level)))])))
        // One consequence per rule (issue 53): a part names the id it was split from, a group its parts.
        if let group = rule?.group {
          members.append(("properties", .object([("group", .string(group.rawValue))])))
        } else if let parts = rule?.parts, !parts.isEmpty {
          members.append(("properties", .object([("parts", .array(parts.map { .string($0.id.rawValue) }))])))
        }
        return .object(members)
      }
      let log: JSONValue = .object([
        ("$schema", .string(SARIFReporter.schemaURI)),
        ("version", .string("2.1.0")),
        ("runs", .array([.object([
          ("tool", .object([("driver", .object([
            ("name", .string("apns-lint")),
            ("version", .string(toolVersion)),
            ("informationUri", .string(SARIFReporter.informationURI)),
            ("rules", .array(rules)),
          ]))])),
          ("columnKind", .string("unicodeCodePoints")),
          ("results", .array([])),
        ])])),
      ])
      var text = ""
      log.write(to: &text, indent: 0)
      text += "\n"
      // The empty results array is the last `[]` of the document: split there.
      let marker = text.range(of: "\"results\": []", options: .backwards)!
      header = String(text[..<marker.upperBound].dropLast(2))
      tail = String(text[marker.upperBound...])
    }

    /// The SARIF results of one input's findings, with the separators they need.
    public mutating func results(for result: LintResult) -> String {
      guard !result.findings.isEmpty else { return "" }
      let uri = SARIFReporter.artifactURI(result.path, workingDirectory: workingDirectory)
      var out = ""
      for diagnostic in result.findings {
        var location: [(String, JSONValue)] = [
          ("physicalLocation", .object([
            ("artifactLocation", .object([("uri", .string(uri))])),
            ("region", .object([
              ("startLine", .int(max(1, diagnostic.line))),
              ("startColumn", .int(max(1, diagnostic.column))),
            ])),
          ])),
        ]
        if let keyPath = diagnostic.keyPath {
          location.append(("logicalLocations", .array([.object([("fullyQualifiedName", .string(keyPath))])])))
        }
        var members: [(String, JSONValue)] = [("ruleId", .string(diagnostic.rule.rawValue))]
        if let index = ruleIndex[diagnostic.rule.rawValue] { members.append(("ruleIndex", .int(index))) }
        members += [
          ("level", .string(SARIFReporter.sarifLevel(.on(diagnostic.severity)))),
          ("message", .object([("text", .string(diagnostic.message))])),
          ("locations", .array([.object(location)])),
        ]
        // SPEC §9: what APNs would answer a request with this finding.
        if let reason = diagnostic.apnsAnswer?.reason { members.append(("properties", .object([("apnsReason", .string(reason))]))) }
        // SPEC §3.4: the rule's fix, as SARIF 2.1.0 `fixes` (§3.55): regions in the run's columns.
        let fixes = result.fixes.filter { $0.finding == diagnostic }
        if !fixes.isEmpty { members.append(("fixes", .array(fixes.map { SARIFReporter.fix($0, uri: uri) }))) }
        out += count == 0 ? "[\n" : ",\n"
        out += String(repeating: "  ", count: 4)
        JSONValue.object(members).write(to: &out, indent: 4)
        count += 1
      }
      return out
    }

    /// Everything after the last result.
    public var footer: String {
      (count == 0 ? "[]" : "\n" + String(repeating: "  ", count: 3) + "]") + tail
    }
  }

  /// error → `error`, warning → `warning`, info → `note`, off → `none`.
  static func sarifLevel(_ level: RuleLevel) -> String {
    switch level {
    case .on(.error): "error"
    case .on(.warning): "warning"
    case .on(.info): "note"
    case .off: "none"
    }
  }

  /// The relative URI reference of an input path: `-` is `stdin`; relative paths stay relative;
  /// absolute ones are made relative to `workingDirectory` (with `..` when outside it); every byte
  /// other than an unreserved character or `/` is percent-encoded.
  static func artifactURI(_ path: String, workingDirectory: String) -> String {
    if path == "-" { return "stdin" }
    return percentEncoded(ReportPath.relative(path, to: workingDirectory))
  }

  static func percentEncoded(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
           UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
           UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return out
  }
}

/// Input paths as reporters show them: relative to the working directory where possible.
enum ReportPath {
  /// `path` without `.` and empty components; an absolute path is made relative to the absolute
  /// `directory` (climbing with `..` when it lies outside).
  static func relative(_ path: String, to directory: String) -> String {
    guard path.hasPrefix("/"), directory.hasPrefix("/") else {
      let parts = components(path)
      return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
    let target = resolved(components(path)), base = resolved(components(directory))
    var common = 0
    while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
    let parts = Array(repeating: "..", count: base.count - common) + target[common...]
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  private static func components(_ path: String) -> [String] {
    path.split(separator: "/").map(String.init).filter { $0 != "." }
  }

  /// Applies `..` in an absolute path (never above the root).
  private static func resolved(_ parts: [String]) -> [String] {
    var out: [String] = []
    for part in parts {
      if part == ".." { _ = out.popLast() } else { out.append(part) }
    }
    return out
  }
}
