import Foundation
import APNsLint
@testable import PayloadSchema
import StringsFile
import TestSupport
import Testing

/// The rule catalogue: the ids of the contract (`docs/spec.md`) exactly, and for every payload rule examples that really
/// trigger and really pass under `PayloadValidator`.
@Suite struct RuleCatalogueTests {
  /// The rows of the contract's rule tables (`docs/spec.md`: `| id | default | finding |` and
  /// `| rule | APNs answer | finding |`), in the document's order: the id and the second column.
  /// Read from the contract itself, so a rule added to the catalogue without its row (or a row
  /// without its rule) fails here, with no list restated in this file.
  static let specRows: [(id: String, table: Int, second: String)] = {
    let text = (try? String(contentsOfFile: packageRoot + "/docs/spec.md", encoding: .utf8)) ?? ""
    var rows: [(String, Int, String)] = []
    var table = -1, inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("| id | default | finding |") || line.hasPrefix("| rule | APNs answer | finding |") {
        table += 1
        inTable = true
        continue
      }
      guard inTable else { continue }
      guard line.hasPrefix("|") else { inTable = false; continue }
      if line.hasPrefix("|---") { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count > 3, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
      rows.append((String(cells[1].dropFirst().dropLast()), table, cells[2]))
    }
    return rows
  }()

  /// Every id of the contract: in a rule table's row, or named in its prose (the Live Activity
  /// rules of §13.1 and the catalog rules of §14 are described in sentences).
  static let specText = (try? String(contentsOfFile: packageRoot + "/docs/spec.md", encoding: .utf8)) ?? ""

  @Test func idsAreUniqueAndThoseOfTheSpec() {
    let ids = Rule.catalogue.map(\.id.rawValue)
    #expect(Set(ids).count == ids.count)
    #expect(Self.specRows.count > 70, "the spec's rule tables were not found")
    for row in Self.specRows { #expect(Rule.named(row.id) != nil, "docs/spec.md has a row for '\(row.id)', which no rule defines") }
    for id in ids { #expect(Self.specText.contains("`\(id)`"), "'\(id)' is not in docs/spec.md") }
    for rule in Rule.catalogue { #expect(Rule.named(rule.id.rawValue)?.id == rule.id) }
    #expect(Rule.named("no-such-rule") == nil)
  }

  /// A rule the spec describes in prose (no table row) with its severity beside its id —
  /// `` `strings-stale` (info) ``, `` (`activity-extra-key`, info) `` — has that severity.
  @Test func theSpecsProseSeveritiesMatchTheDefinitions() throws {
    let inTables = Set(Self.specRows.map(\.id))
    var checked = 0
    for rule in Rule.catalogue where !inTables.contains(rule.id.rawValue) {
      let pattern = "`" + NSRegularExpression.escapedPattern(for: rule.id.rawValue) + "`(?:\\s*\\(|,)\\s*(error|warning|info)"
      let regex = try NSRegularExpression(pattern: pattern)
      let text = Self.specText as NSString
      for match in regex.matches(in: Self.specText, range: NSRange(location: 0, length: text.length)) {
        #expect(text.substring(with: match.range(at: 1)) == rule.defaultLevel.name, "\(rule.id): \(text.substring(with: match.range))")
        checked += 1
      }
    }
    #expect(checked >= 14, "only \(checked) prose severities found in docs/spec.md")
  }

  /// The catalogue lists each table's rules in the table's order (a rule in two tables counts in
  /// the first).
  @Test func theCatalogueFollowsTheSpecsOrder() {
    var first: [String: Int] = [:]
    for row in Self.specRows where first[row.id] == nil { first[row.id] = row.table }
    for table in Set(first.values) {
      let spec = Self.specRows.filter { $0.table == table && first[$0.id] == table }.map(\.id)
      let catalogue = Rule.catalogue.map(\.id.rawValue).filter { first[$0] == table }
      guard catalogue != spec else { continue }
      // Name the first row out of place and where the catalogue (families in order, each in its
      // enum's order) puts it, so the fix is one move.
      let k = (0..<min(catalogue.count, spec.count)).first { catalogue[$0] != spec[$0] } ?? min(catalogue.count, spec.count)
      let id = k < catalogue.count ? catalogue[k] : spec[k]
      let after = k > 0 ? "after `\(catalogue[k - 1])`" : "first"
      Issue.record("""
        docs/spec.md's rule table \(table) lists its rules in another order than the catalogue: \
        `\(id)`'s row belongs \(after) (the catalogue is each family's enum in order: a rule \
        appended to its enum goes after its family's last row, not at the end of the table)
        """)
    }
  }

  /// The spec's severity and APNs answer columns say what the definitions say.
  @Test func theSpecsColumnsMatchTheDefinitions() {
    for row in Self.specRows {
      guard let rule = Rule.named(row.id) else { continue }  // idsAreUniqueAndThoseOfTheSpec reports it
      if row.second.hasPrefix("— (") {
        // `— (warning)`: no APNs answer, the rule's severity in parentheses.
        #expect(rule.apnsAnswer == nil, "\(row.id)")
        let level = row.second.dropFirst(3).prefix { $0.isLetter }
        #expect(String(level) == rule.defaultLevel.name, "\(row.id): \(row.second)")
      } else if let first = row.second.first, first.isNumber {
        if let answer = rule.apnsAnswer {
          #expect(row.second == "\(answer.status) \(answer.reason ?? "")", "\(row.id)")
        } else {
          // Several answers (channel-request): the finding carries the one that applies.
          #expect(row.second.contains(";"), "\(row.id): \(row.second) names one answer, the rule none")
        }
      } else {
        #expect(row.second == rule.defaultLevel.name, "\(row.id): the spec says \(row.second)")
      }
    }
  }

  /// Every rule says what happens when its finding is real (SPEC §3, "Severity is the
  /// consequence"): one sentence of its own, not its summary again, that `rules`, `rules.yaml`,
  /// docs/rules.md and the SARIF rule list can show on one line (no line break, no `<…>` that
  /// Markdown would read as HTML, no final period: the reference adds one).
  @Test func everyRuleHasAConsequenceThatIsNotItsSummary() {
    for rule in Rule.catalogue {
      let c = rule.consequence
      #expect(!c.trimmingCharacters(in: .whitespaces).isEmpty, "\(rule.id) has no consequence")
      #expect(c != rule.summary && !c.hasPrefix(rule.summary), "\(rule.id): the consequence repeats the summary")
      #expect(!c.contains("\n") && !c.contains("<") && !c.hasSuffix("."), "\(rule.id): \(c)")
    }
  }

  /// Every rule has a card (issue 53), written in its definition: what the user sees and how to
  /// fix it, each one line that the reference, SARIF's help and `rules --format json` show as they
  /// are (no line break, no `<…>` that Markdown reads as HTML), at least one platform, and at least
  /// one source with an https address, titled, none twice. Sources are the named pages of
  /// `APNsSource` (RuleCard.swift), each checked once under that title and address.
  @Test func everyRuleHasACard() {
    for rule in Rule.catalogue {
      guard let card = rule.card else {
        Issue.record("\(rule.id) has no card: give its definition card: RuleCard(symptom:remedy:platforms:sources:)")
        continue
      }
      for (name, text) in [("symptom", card.symptom), ("remedy", card.remedy)] {
        #expect(text.trimmingCharacters(in: .whitespaces).count >= 10, "\(rule.id): the \(name) is empty or too short: '\(text)'")
        #expect(!text.contains("\n") && !text.contains("<"), "\(rule.id): the \(name) is not one line of text: '\(text)'")
      }
      #expect(card.symptom != card.remedy, "\(rule.id): the remedy repeats the symptom")
      #expect(!card.platforms.isEmpty, "\(rule.id) names no platform")
      #expect(Set(card.platforms).count == card.platforms.count, "\(rule.id) names a platform twice")
      #expect(card.sources.contains { $0.url.hasPrefix("https://") }, "\(rule.id) has no source with an https address")
      #expect(card.sources.allSatisfy { !$0.title.isEmpty && $0.url.hasPrefix("https://") && !$0.url.contains(" ") },
              "\(rule.id): \(card.sources)")
      #expect(Set(card.sources).count == card.sources.count, "\(rule.id) cites a source twice")
      #expect(card.helpURI == card.sources.first?.url)
    }
    // A few cards exactly: the platforms and minimum versions typed, Apple's page named.
    let live = Rule.named("live-activity-fields")?.card
    #expect(live?.platforms == [.iOS("16.1"), .iPadOS("17.0")])
    #expect(live?.platformsText == "iOS 16.1+, iPadOS 17.0+")
    #expect(live?.sources.map(\.title) == ["Starting and updating Live Activities with ActivityKit push notifications"])
    #expect(Rule.named("background-inert")?.card?.symptom == "APNs answers 200 but the app is never woken: a background push without content-available 1 delivers nothing.")
    #expect(Rule.named("background-inert")?.card?.helpURI == "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app")
    #expect(Rule.named("json-syntax")?.card?.platformsText == "all APNs platforms (iOS, iPadOS, macOS, watchOS, tvOS, visionOS)")
    #expect(Rule.named("strings-lproj-name")?.card?.sources == [.languageIDs, .cfBundleLocale])
    #expect(Rule.named("web-push-tag")?.card?.platforms == [.web])
  }

  /// The consequence justifies the default severity: a rule APNs refuses names APNs' answer; an
  /// info rule (or one that is off) has no effect on any device, so its consequence says "none"
  /// first; an error's never does.
  @Test func theConsequenceAgreesWithTheSeverity() {
    for rule in Rule.catalogue {
      let c = rule.consequence
      if let answer = rule.apnsAnswer {
        #expect(c.contains("\(answer.status) \(answer.reason ?? "")"), "\(rule.id): '\(c)' does not name \(answer)")
      }
      switch rule.defaultLevel {
      case .off, .on(.info): #expect(c.hasPrefix("none"), "\(rule.id) is \(rule.defaultLevel.name): '\(c)'")
      case .on(.error): #expect(!c.hasPrefix("none") && !c.hasPrefix("nothing"), "\(rule.id) is an error: '\(c)'")
      case .on(.warning): break
      }
    }
  }

  /// One rule, one definition: the typed rules of every module and the catalogue name the same ids.
  @Test func everyTypedRuleHasAnEntryAndEveryEntryATypedRule() {
    #expect(Set(RuleID.all) == Set(Rule.catalogue.map(\.id)))
    #expect(RuleID.all.count == Rule.catalogue.count)
  }

  @Test func everyPayloadRuleHasAnEntryAndNothingElseIsAPayloadRule() {
    let payloadCategories: Set<RuleCategory> = [.json, .payload, .push, .request, .activity, .web]
    let catalogued = Set(Rule.catalogue.filter { payloadCategories.contains($0.category) }.map(\.id))
    #expect(catalogued == Set(PayloadRule.allCases.map(RuleID.init)))
    for rule in PayloadRule.allCases {
      #expect(Rule.named(rule.rawValue) != nil, "\(rule.rawValue)")
    }
  }

  static var payloadRules: [Rule] {
    Rule.catalogue.filter { [.json, .payload, .push].contains($0.category) }
  }

  /// Web push rules (SPEC §16): their examples, read as web push messages, fire where the marker
  /// says, and the passing ones do not; `check` with the example's flags says the same.
  @Test(arguments: Rule.catalogue.filter { $0.category == .web }.map(\.id.rawValue))
  func webPushExamples(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    #expect(rule.triggeringFlags == "--platform web" && rule.passingFlags == "--platform web")
    var validator = DeclarativePushValidator()
    let found = validator.validate(Array(rule.triggeringExample.utf8)).findings.map { "\($0.rule.rawValue) \($0.line):\($0.column)" }
    let position = try #require(rule.expectedPosition, "\(id) has no position marker")
    #expect(found.first { $0.hasPrefix(id + " ") } == "\(id) \(position.line):\(position.column)", "found \(found)")
    let passing = validator.validate(Array(rule.passingExample.utf8)).findings
    #expect(!passing.contains { $0.rule.rawValue == id }, "found \(passing)")
  }

  @Test(arguments: payloadRules.map(\.id.rawValue))
  func triggeringExampleFires(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    let found = try Self.validate(rule.triggeringExample, flags: rule.triggeringFlags, configuration: rule.exampleConfiguration)
    // The first finding of the rule stands where the example's marker (1️⃣) says.
    let position = try #require(rule.expectedPosition, "\(id) has no position marker")
    #expect(found.first { $0.hasPrefix(id + " ") } == "\(id) \(position.line):\(position.column)", "found \(found)")
  }

  @Test(arguments: payloadRules.map(\.id.rawValue))
  func passingExampleDoesNot(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    let found = try Self.validate(rule.passingExample, flags: rule.passingFlags, configuration: rule.exampleConfiguration)
    #expect(!found.contains { $0.hasPrefix(id + " ") }, "found \(found)")
  }

  /// Every payload rule's examples, under their flags, read three ways that must agree finding for
  /// finding (rule, line, column, key path, message): whole, in two chunks split at every byte, and
  /// a byte at a time (`begin`/`feed`/`finish`: files over the whole-read limit, NDJSON records over
  /// 1 MiB). A finding placed from a fact's offset that `resolveStream` does not resolve stands at
  /// 1:1 when chunked, and fails here by name.
  @Test(arguments: payloadRules.map(\.id.rawValue))
  func examplesReadInChunksGiveTheSameFindings(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    for (example, flags) in [(rule.triggeringExample, rule.triggeringFlags), (rule.passingExample, rule.passingFlags)] {
      let input = Self.bytes(example)
      let options = try Self.options(rule.exampleConfiguration, flags: flags)
      var whole = PayloadValidator(target: Self.target(flags), options: options)
      let expected = whole.validate(input).findings.map(Self.described)
      var splits = (0...input.count).map { [$0] }
      splits.append(Array(0...input.count))   // a byte at a time
      for cuts in splits {
        var chunked = PayloadValidator(target: Self.target(flags), options: options)
        chunked.begin()
        var from = 0
        for cut in cuts + [input.count] where cut > from {
          input[from..<cut].withUnsafeBytes { chunked.feed($0) }
          from = cut
        }
        let found = chunked.finish().findings.map(Self.described)
        if found != expected {
          let place = cuts.count == 1 ? "split at byte \(cuts[0])" : "fed a byte at a time"
          Issue.record("""
            \(id): \(example) \(place) reports \(found), read whole \(expected); a finding at 1:1 \
            means its position comes from a fact offset that resolveStream (PayloadSchema.swift) \
            does not resolve for chunked input
            """)
          break
        }
      }
    }
  }

  /// Every payload rule's examples, under their flags, through the fast lane and the general reader
  /// (`ValidationOptions.fastLane`): the reports must be equal. Both record facts through one
  /// recorder (`Checker/Facts.swift`): a recorder call the general reader makes and the fast lane
  /// leaves out makes a clean passing example differ here.
  @Test(arguments: payloadRules.map(\.id.rawValue))
  func examplesGiveTheSameReportInBothLanes(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    for (example, flags) in [(rule.triggeringExample, rule.triggeringFlags), (rule.passingExample, rule.passingFlags)] {
      var options = try Self.options(rule.exampleConfiguration, flags: flags)
      var fast = PayloadValidator(target: Self.target(flags), options: options)
      options.fastLane = false
      var general = PayloadValidator(target: Self.target(flags), options: options)
      let a = fast.validate(Self.bytes(example)), b = general.validate(Self.bytes(example))
      #expect(a == b, """
        \(id): \(example): the fast lane reports \(a.findings.map(Self.described)) (\(a.pushType)), the general \
        reader \(b.findings.map(Self.described)) (\(b.pushType)): a fact recorded by the general reader \
        (CheckerKeys.swift, CheckerValues.swift) and not by the fast lane (FastLane.swift), or the reverse: \
        both call the recorder's methods (Facts.swift)
        """)
    }
  }

  /// A validator is reused across payloads (`check` with many files, NDJSON, `serve`): every
  /// payload rule's examples, validated after a payload that sets every `aps` key (so every
  /// per-key slot holds an offset), must give the report a fresh validator gives. A slot read
  /// without asking whether this payload has the key reports another payload's position or path.
  @Test(arguments: payloadRules.map(\.id.rawValue))
  func examplesGiveTheSameReportOnAReusedValidator(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    let everyKey = "{\"aps\": {" + Schema.aps.map { "\"\($0.name)\": 1" }.joined(separator: ", ") + "}, \"x\": 1}"
    for (example, flags) in [(rule.triggeringExample, rule.triggeringFlags), (rule.passingExample, rule.passingFlags)] {
      let options = try Self.options(rule.exampleConfiguration, flags: flags)
      var fresh = PayloadValidator(target: Self.target(flags), options: options)
      var reused = PayloadValidator(target: Self.target(flags), options: options)
      _ = reused.validate(Self.bytes(everyKey))
      let a = fresh.validate(Self.bytes(example)), b = reused.validate(Self.bytes(example))
      #expect(a == b, """
        \(id): \(example): a fresh validator reports \(a.findings.map(Self.described)), one that read a payload \
        with every aps key first \(b.findings.map(Self.described)): a per-payload slot (apsKeyOffsets, \
        apsValueOffsets, a fact) is read without checking that this payload set it, or is not reset
        """)
    }
  }

  static func described(_ f: Finding) -> String {
    "\(f.rule.rawValue) \(f.line):\(f.column) \(f.keyPath ?? "-") \(f.message)"
  }

  @Test func onlyPayloadExamplesHaveFlags() {
    for rule in Rule.catalogue where ![.json, .payload, .push, .request, .activity, .web].contains(rule.category) {
      #expect(rule.triggeringFlags.isEmpty && rule.passingFlags.isEmpty && rule.exampleConfiguration.isEmpty, "\(rule.id)")
    }
  }

  static var tableRules: [Rule] { Rule.catalogue.filter { [.localization, .strings].contains($0.category) } }

  /// Every localization and strings rule's examples, through the command line: the triggering
  /// one reports the rule first where its marker (1️⃣) stands, in the section the marker is in
  /// (the payload, or a table); the passing one does not report it.
  @Test(arguments: tableRules.map(\.id.rawValue))
  func tableExampleFiresWhereItsMarkerSays(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    let fired = try Self.runTableExample(rule.markedTriggeringExample, localization: rule.category == .localization)
    let expected = try #require(Self.markerPlace(rule.markedTriggeringExample), "\(id) has no position marker")
    #expect(fired.first { $0.rule == id }.map { "\($0.section) \($0.line):\($0.column)" } == expected, "\(fired)")
    let passed = try Self.runTableExample(rule.passingExample, localization: rule.category == .localization)
    #expect(!passed.contains { $0.rule == id }, "\(passed)")
  }

  /// Sections of an example: the payload (before any `--- ` line) and the tables, each named by
  /// its file below the tables' folder (`--- fr.lproj` is `fr.lproj/Localizable.strings`). A
  /// strings example without sections is `en.lproj/Localizable.strings`.
  static func sections(_ text: String) -> [(name: String, body: String)] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.contains(where: { $0.hasPrefix("--- ") }) else { return [("en.lproj/Localizable.strings", text)] }
    var out: [(String, [Substring])] = []
    for line in lines {
      if line.hasPrefix("--- ") {
        let name = String(line.dropFirst(4))
        out.append((name.contains("/") ? name : name + "/Localizable.strings", []))
      } else if out.isEmpty {
        out.append(("payload", [line]))
      } else {
        out[out.count - 1].1.append(line)
      }
    }
    return out.map { ($0.0, $0.1.joined(separator: "\n")) }
  }

  /// "SECTION LINE:COLUMN" of the marker (columns count scalars; `\xNN` is one).
  static func markerPlace(_ marked: String) -> String? {
    for (name, body) in sections(marked) {
      guard body.contains(RuleExamples.marker) else { continue }
      guard let p = RuleExamples(body, pass: "").expectedPosition else { return nil }
      return "\(name) \(p.line):\(p.column)"
    }
    return nil
  }

  /// Runs an example: `check p.json --strings L` for localization rules, `strings lint L` else.
  static func runTableExample(_ example: String, localization: Bool) throws -> [(rule: String, section: String, line: Int, column: Int)] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-table-example-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    for (name, body) in sections(RuleExamples(example, pass: "").triggering) {
      let file = dir.appendingPathComponent(name == "payload" ? "p.json" : "L/" + name)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes(body)).write(to: file)
    }
    let arguments = localization ? ["check", "p.json", "--strings", "L", "--format", "json"] : ["strings", "lint", "L", "--format", "json"]
    let (_, out, _) = try runCLI(arguments, in: dir.path)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    var found: [(String, String, Int, Int)] = []
    for result in try #require(root["results"] as? [[String: Any]]) {
      let path = result["path"] as? String ?? ""
      let section = path == "p.json" ? "payload" : String(path.dropFirst(2))
      for d in result["diagnostics"] as? [[String: Any]] ?? [] {
        found.append((d["rule"] as? String ?? "", section, d["line"] as? Int ?? 0, d["column"] as? Int ?? 0))
      }
    }
    return found
  }

  @Test func byteNotationDecodes() {
    #expect(Self.bytes(#"\xEF\xBB\xBF{}"#) == [0xEF, 0xBB, 0xBF, 0x7B, 0x7D])
    #expect(Self.bytes(#"caf\xc3 \x"#) == Array("caf".utf8) + [0xC3, 0x20, 0x5C, 0x78])
    #expect(Self.bytes("é") == [0xC3, 0xA9])
  }

  // MARK: Support

  /// The rule ids `PayloadValidator` reports for an example; for an envelope (SPEC §8,
  /// "Envelopes": `provider-payload-unchecked`'s examples), those `check` reports for its parts.
  static func validate(_ example: String, flags: String, configuration yaml: String) throws -> [String] {
    let options = try options(yaml, flags: flags)
    var validator = PayloadValidator(target: target(flags), options: options)
    let input = bytes(example)
    var report = validator.validate(input)
    if !report.findings.isEmpty, let envelope = PayloadEnvelope.recognize(input) {
      var requests = RequestValidator(target: Target(platform: target(flags).platform), options: options)
      report = envelope.report(pushType: .alert, limit: 4096) {
        requests.validate(APNsRequest(path: nil, headers: $0.headers, body: $0.body), now: nil)
      }
    }
    return report.findings.map { "\($0.rule.rawValue) \($0.line):\($0.column)" }
  }

  /// The options `apns-lint check` reads a payload file with, under an example's configuration
  /// and flags (`--now` is the time of sending).
  static func options(_ yaml: String, flags: String = "") throws -> ValidationOptions {
    var options = ValidationOptions()
    options.sizeCounting = .compact   // as `apns-lint check` counts payload files
    let words = flags.split(separator: " ")
    if let i = words.firstIndex(of: "--now"), i + 1 < words.count { options.sendingTime = Int64(words[i + 1]) }
    if !yaml.isEmpty {
      let c = try Configuration.parse(yaml: yaml, path: "example.yml", base: .builtIn)
      options.warnAt = c.warnAt
      options.maxDepth = c.maxDepth
      options.sizeCounting = c.sizeCount
      options.checkSensitiveValues = c.sensitiveCheckValues
      if c.level(of: RuleID(PayloadRule.customKeyAllowlist)) != .off { options.allowedCustomKeys = Set(c.allowedCustomKeys) }
    }
    return options
  }

  /// `apns-lint check`'s target flags.
  static func target(_ flags: String) -> Target {
    var target = Target()
    var words = flags.split(separator: " ").map(String.init)[...]
    while let flag = words.popFirst() {
      guard let value = words.popFirst() else { Issue.record("\(flag) needs a value"); break }
      switch flag {
      case "--platform": if let p = Platform(rawValue: value) { target.platform = p } else { Issue.record("platform \(value)") }
      case "--push-type": if let p = PushType(rawValue: value) { target.pushType = p } else { Issue.record("push type \(value)") }
      case "--transport": if let t = Transport(rawValue: value) { target.transport = t } else { Issue.record("transport \(value)") }
      case "--priority": if let p = Int(value) { target.priority = p } else { Issue.record("priority \(value)") }
      case "--topic": target.topic = value
      case "--collapse-id": target.collapseID = value
      case "--os": if let v = OSVersion(value) { target.os = v } else { Issue.record("os \(value)") }
      case "--now": break  // the time of sending: `options(_:flags:)`
      default: Issue.record("unknown flag \(flag)")
      }
    }
    return target
  }

  /// The catalogue's notation: `\xNN` is the byte NN, everything else its UTF-8.
  static func bytes(_ s: String) -> [UInt8] {
    func hex(_ c: UInt8) -> UInt8? {
      switch c {
      case 0x30...0x39: c - 0x30
      case 0x41...0x46: c - 0x41 + 10
      case 0x61...0x66: c - 0x61 + 10
      default: nil
      }
    }
    let u = Array(s.utf8)
    var out: [UInt8] = []
    var i = 0
    while i < u.count {
      if u[i] == 0x5C, i + 3 < u.count, u[i + 1] == 0x78, let hi = hex(u[i + 2]), let lo = hex(u[i + 3]) {
        out.append(hi << 4 | lo)
        i += 4
      } else {
        out.append(u[i])
        i += 1
      }
    }
    return out
  }
}
