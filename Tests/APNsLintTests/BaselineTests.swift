@testable import APNsLint
import PayloadSchema
import StringsFile
import TestSupport
import Testing

/// Baselines (SPEC §15, docs/baselines.md): what an entry is, how findings are matched, the file.
@Suite("baseline matching and file")
struct BaselineTests {
  static let root = BaselineRoot(root: "/repo", workingDirectory: "/repo/App")

  static func badge(line: Int, column: Int = 14, message: String = "'badge' must be an integer, not a string") -> Finding {
    Finding(rule: ruleID("value-type"), severity: .error, message: message, line: line, column: column, keyPath: "aps.badge")
  }

  static func matcher(_ results: [LintResult]) -> BaselineMatcher {
    var recorder = BaselineRecorder(root: root)
    for r in results { recorder.add(r) }
    return BaselineMatcher(baseline: recorder.baseline, root: root)
  }

  @Test func subjectIsWhatTheMessageQuotes() {
    #expect(BaselineEntry.subject(ofMessage: "'badge' must be an integer, not a string") == "'badge'")
    #expect(BaselineEntry.subject(ofMessage: "'interruption-level' must be one of 'passive', 'active', not 'loud'")
            == "'interruption-level' 'passive' 'active' 'loud'")
    // A line number is never part of the subject: outside quotes, or a place in another file.
    #expect(BaselineEntry.subject(ofMessage: "key 'OK' is defined again; line 12 is overridden, the last definition wins") == "'OK'")
    #expect(BaselineEntry.subject(ofMessage: "'HELLO' of 'en.lproj/Localizable.strings:3' has no translation in 'fr': the device shows the key")
            == "'HELLO' 'en.lproj/Localizable.strings' 'fr'")
    // An apostrophe inside a word opens no quote; a message that quotes nothing is its own subject.
    #expect(BaselineEntry.subject(ofMessage: "don't send 'x'") == "'x'")
    #expect(BaselineEntry.subject(ofMessage: "escaped characters take 4 bytes more than raw UTF-8 would")
            == "escaped characters take 4 bytes more than raw UTF-8 would")
  }

  @Test func pathsAreRelativeToTheRepositoryRoot() {
    #expect(Self.root.relative("Push/a.json") == "App/Push/a.json")
    #expect(Self.root.relative("./Push/../Push//a.json") == "App/Push/a.json")
    #expect(Self.root.relative("/repo/Other/b.json") == "Other/b.json")
    #expect(Self.root.relative("/elsewhere/c.json") == "/elsewhere/c.json")
    #expect(Self.root.relative("-") == "-")
    // A combining mark right after a slash does not hide the slash.
    #expect(Self.root.relative("/repo/App/\u{301}x/../a.json") == "App/a.json")
  }

  @Test func aMovedFindingIsStillMatched() {
    var matcher = Self.matcher([LintResult(path: "Push/a.json", findings: [Self.badge(line: 3)])])
    let moved = matcher.filter(LintResult(path: "Push/a.json", findings: [Self.badge(line: 53, column: 20)]))
    #expect(moved.findings.isEmpty)
    #expect(matcher.suppressed == 1)
    #expect(matcher.fixed == 0)
    #expect(matcher.summary == "1 finding hidden by the baseline")
  }

  /// One consequence per rule (issue 53): a baseline written before a rule was split names the
  /// group (`value-type`); it hides a finding of a part (`value-type-ignored`, a string badge) at
  /// the same path, key and subject, once; `--write-baseline` writes the part's own id.
  @Test func anEntryOfAGroupHidesAFindingOfItsPart() throws {
    var old = Baseline()
    old.counts[BaselineEntry(path: "App/Push/a.json", record: nil, rule: "value-type", key: "aps.badge",
                             message: "'badge' must be an integer, not a string")] = 1
    // Read back from its file as a baseline of before the split would be.
    old = try Baseline.parse(old.text, path: "b.tsv")
    var matcher = BaselineMatcher(baseline: old, root: Self.root)
    let part = Finding(rule: ruleID("value-type-ignored"), severity: .warning, message: "'badge' must be an integer, not a string",
                       line: 3, column: 14, keyPath: "aps.badge")
    let other = Finding(rule: ruleID("value-range-ignored"), severity: .warning, message: "'badge' must be a whole number ≥ 0, not -1",
                        line: 3, column: 14, keyPath: "aps.badge")
    let result = matcher.filter(LintResult(path: "Push/a.json", findings: [part, part, other]))
    #expect(result.findings == [part, other])
    #expect(matcher.suppressed == 1 && matcher.fixed == 0)
    var recorder = BaselineRecorder(root: Self.root)
    recorder.add(LintResult(path: "Push/a.json", findings: [part]))
    #expect(recorder.baseline.counts.keys.map(\.rule) == ["value-type-ignored"])
  }

  @Test func aChangedSubjectIsNotMatched() {
    let old = Finding(rule: ruleID("value-enum"), severity: .error, message: "'event' must be one of 'start', 'update', 'end', not 'stop'",
                         line: 2, column: 12, keyPath: "aps.event")
    var changed = old
    changed.message = "'event' must be one of 'start', 'update', 'end', not 'finish'"
    var matcher = Self.matcher([LintResult(path: "Push/a.json", findings: [old])])
    let result = matcher.filter(LintResult(path: "Push/a.json", findings: [changed]))
    #expect(result.findings == [changed])
    #expect(matcher.suppressed == 0)
    #expect(matcher.fixed == 1)
    #expect(matcher.summary == "1 baseline entry fixed; `--write-baseline` to drop them")
    // Another file, key or rule is another finding too.
    var other = Self.matcher([LintResult(path: "Push/a.json", findings: [Self.badge(line: 3)])])
    #expect(other.filter(LintResult(path: "Push/b.json", findings: [Self.badge(line: 3)])).findings.count == 1)
    var key = Self.badge(line: 3)
    key.keyPath = "aps.alert.badge"
    #expect(other.filter(LintResult(path: "Push/a.json", findings: [key])).findings.count == 1)
  }

  @Test func fixedEntriesAreCountedOnlyForInputsChecked() {
    var matcher = Self.matcher([
      LintResult(path: "Push/a.json", findings: [Self.badge(line: 3), Self.badge(line: 9)]),
      LintResult(path: "Push/b.json", findings: [Self.badge(line: 3)]),
      LintResult(path: "Push/c.json", findings: [Self.badge(line: 3)]),
    ])
    // a.json now has one of its two findings; b.json none; c.json is not checked in this run.
    #expect(matcher.filter(LintResult(path: "Push/a.json", findings: [Self.badge(line: 4)])).findings.isEmpty)
    #expect(matcher.filter(LintResult(path: "Push/b.json", findings: [])).findings.isEmpty)
    #expect(matcher.suppressed == 1)
    #expect(matcher.fixed == 2)
    #expect(matcher.summary == "1 finding hidden by the baseline; 2 baseline entries fixed; `--write-baseline` to drop them")
  }

  @Test func eachOccurrenceHidesOneFinding() {
    var matcher = Self.matcher([LintResult(path: "Push/a.json", findings: [Self.badge(line: 3)])])
    let result = matcher.filter(LintResult(path: "Push/a.json", findings: [Self.badge(line: 3), Self.badge(line: 8)]))
    #expect(result.findings == [Self.badge(line: 8)])
  }

  @Test func streamsAreMatchedByRecordAndRequestFilesAreNot() {
    var matcher = Self.matcher([LintResult(path: "s.ndjson", record: 7, findings: [Self.badge(line: 7)])])
    #expect(matcher.filter(LintResult(path: "s.ndjson", record: 8, findings: [Self.badge(line: 8)])).findings.count == 1)
    #expect(matcher.filter(LintResult(path: "s.ndjson", record: 7, findings: [Self.badge(line: 7)])).findings.isEmpty)
    var request = LintResult(path: "r.http", record: 4, findings: [Self.badge(line: 6)])
    request.isRequest = true
    var requests = Self.matcher([request])
    request.record = 40
    request.findings = [Self.badge(line: 42)]
    #expect(requests.filter(request).findings.isEmpty, "a request moved within its file is the same request")
  }

  @Test func theFileIsSortedEscapedAndReadsBack() throws {
    var baseline = Baseline()
    baseline.add(BaselineEntry(path: "b.json", record: nil, rule: "value-type", key: "aps.badge", subject: "'badge'"))
    baseline.add(BaselineEntry(path: "a.strings", record: nil, rule: "strings-syntax", key: "-", subject: "tab\there\\ \u{1B}"))
    baseline.add(BaselineEntry(path: "a.strings", record: nil, rule: "json-bom", key: nil, subject: "a byte order mark"))
    baseline.add(BaselineEntry(path: "b.json", record: nil, rule: "value-type", key: "aps.badge", subject: "'badge'"))
    baseline.add(BaselineEntry(path: "s.ndjson", record: 12, rule: "value-type", key: "aps.badge", subject: "'badge'"))
    #expect(baseline.text == """
      # apns-lint baseline 1
      # path\trecord\trule\tkey\tsubject\tcount: regenerate with --write-baseline (docs/baselines.md)
      a.strings\t-\tjson-bom\t-\ta byte order mark\t1
      a.strings\t-\tstrings-syntax\t\\-\ttab\\there\\\\ \\u{1B}\t1
      b.json\t-\tvalue-type\taps.badge\t'badge'\t2
      s.ndjson\t12\tvalue-type\taps.badge\t'badge'\t1

      """)
    #expect(try Baseline.parse(baseline.text, path: "b.tsv") == baseline)
    #expect(baseline.total == 5)
  }

  @Test(arguments: [
    ("", "b.tsv:1:1: error: not an apns-lint baseline: the first line must be '# apns-lint baseline 1' (write one with --write-baseline)"),
    ("{\"version\": 1}\n", "b.tsv:1:1: error: not an apns-lint baseline: the first line must be '# apns-lint baseline 1' (write one with --write-baseline)"),
    ("# apns-lint baseline 1\na.json\t-\tvalue-type\taps.badge\t'badge'\n",
     "b.tsv:2:38: error: expected 6 tab-separated fields (path, record, rule, key, subject, count), found 5"),
    ("# apns-lint baseline 1\n\na.json\tx\tvalue-type\taps.badge\t'badge'\t1\n",
     "b.tsv:3:8: error: the record must be '-' or a line number ≥ 1, not 'x'"),
    ("# apns-lint baseline 1\na.json\t-\tValue Type\taps.badge\t'badge'\t1\n", "b.tsv:2:10: error: 'Value Type' is not a rule id (kebab-case)"),
    ("# apns-lint baseline 1\na.json\t-\tvalue-type\taps.badge\tbad \\q\t1\n",
     "b.tsv:2:35: error: a backslash must start \\\\, \\t, \\n, \\r, \\- or \\u{XX}"),
    ("# apns-lint baseline 1\na.json\t-\tvalue-type\taps.badge\t'badge'\t0\n",
     "b.tsv:2:39: error: the count must be a number from 1 to 5000000, not '0'"),
  ])
  func aBadFileIsAPositionedError(_ text: String, _ expected: String) {
    #expect(throws: ConfigurationError.self) { try Baseline.parse(text, path: "b.tsv") }
    do {
      _ = try Baseline.parse(text, path: "b.tsv")
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test func missingTranslationGroupsKeepOnlyNewKeys() throws {
    let linter = Linter(configuration: .builtIn)
    func missing(_ key: String) -> Finding {
      Finding(rule: RuleID(TableRule.missingTranslation), severity: .warning,
              message: "'\(key)' of 'en.lproj/Localizable.strings:2' has no translation in 'fr': the device shows the key",
              line: 1, column: 1, keyPath: key)
    }
    let group = MissingTranslations(localization: "fr", table: "Localizable.strings", kind: .standard, developmentKeyCount: 3, keys: ["A", "B"])
    let old = StringsLintFile(path: "App/fr.lproj/Localizable.strings", findings: [missing("A")], missingTranslations: [
      MissingTranslations(localization: "fr", table: "Localizable.strings", kind: .standard, developmentKeyCount: 3, keys: ["A"])
    ])
    var recorder = BaselineRecorder(root: BaselineRoot(root: "/repo", workingDirectory: "/repo"))
    recorder.add(LintResult(path: old.path, findings: linter.configured(old.findings)))
    var matcher = BaselineMatcher(baseline: recorder.baseline, root: BaselineRoot(root: "/repo", workingDirectory: "/repo"))
    let now = matcher.filter(StringsLintFile(path: old.path, findings: [missing("A"), missing("B")], missingTranslations: [group]), linter: linter)
    #expect(now.findings == [missing("B")])
    #expect(now.missingTranslations.map(\.keys) == [["B"]])
    #expect(matcher.suppressed == 1)
  }

  /// Hostile files: 20,000 lines made of the characters the format gives a meaning to. Each is
  /// read or refused with a position on the file; none traps, and what is read writes back to
  /// text that reads back the same.
  @Test func hostileFilesNeverTrap() throws {
    var random = SplitMix64(seed: 30)
    let alphabet: [String] = ["\t", "\\", "u", "{", "}", "-", "1", "0", "a", "'", "\r", "\u{1F600}", "é", "t", "n", "FFFFFFF", "D800"]
    var read = 0, refused = 0
    for _ in 0..<20_000 {
      var line = ""
      for _ in 0..<Int.random(in: 0...24, using: &random) { line += alphabet.randomElement(using: &random)! }
      let text = Baseline.header + "\n" + line + "\n"
      do {
        let baseline = try Baseline.parse(text, path: "b.tsv")
        #expect(try Baseline.parse(baseline.text, path: "b.tsv") == baseline)
        read += 1
      } catch {
        #expect(error.line == 2 && error.column >= 1 && error.column <= line.unicodeScalars.count + 1, "\(error)")
        refused += 1
      }
    }
    #expect(read + refused == 20_000)
    #expect(read > 0 && refused > 0)
  }
}
