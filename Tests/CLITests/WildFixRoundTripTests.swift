import Foundation
import Testing
import TestSupport
import APNsLint
import PayloadSchema
import StringsFile
#if canImport(Glibc)
import Glibc
#endif

/// `--fix` on real material (issue 51, "What it must show", item 2, and the kill test): every
/// table and payload of the shared folder's `wild/`, copied to a temporary folder (never into the
/// repository), fixed by the command line as a user fixes them, then compared with the originals
/// and checked again; and a `--fix` killed between files, which must leave each file old or new.
@Suite struct WildFixRoundTripTests {
  /// `$APNS_LINT_SHARED/wild`, when it is there.
  static let wild: String? = {
    guard let path = SharedCorpus.path("wild") else { return nil }
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
  }()

  static let skipReason = "reads the real tables and payloads of $APNS_LINT_SHARED/wild, kept outside the repository: set APNS_LINT_SHARED to the shared/ folder that holds wild/ (scripts/test does)"

  /// On every table folder and payload of `wild/`: `--fix`, then the report of what is left.
  /// Files without a fix are byte-identical; a fixed file keeps its encoding (UTF-16 and its byte
  /// order mark), its permissions and, in a String Catalog, Xcode's formatting, and changes only
  /// at its fixes; checked again, no finding is new (by rule and key path, file by file) and no
  /// fix is still offered but those the run said it did not apply; a second `--fix` changes
  /// nothing. The summary (files, fixes by rule, fixes declined by reason) is printed.
  @Test(.enabled(if: wild != nil, Comment(rawValue: skipReason)))
  func fixingTheWildLeavesNothingFixableNothingNewAndEveryOtherByteAsItWas() throws {
    let wild = try #require(Self.wild)
    let started = Date()
    let copy = try TemporaryFolder()
    try WildFix.copy(wild, to: copy.path)
    let modes = try WildFix.modes(below: copy.path)
    let copied = Date()
    let jobs = WildFix.payloadJobs(wild: wild) + WildFix.tableJobs(wild: wild)
    #expect(jobs.filter(\.table).count >= 60, "the table folders of wild/")
    #expect(jobs.filter { !$0.table }.reduce(0) { $0 + $1.inputs.count } >= 300, "the payloads of wild/")
    let root = copy.path
    let outcomes = WildFix.parallel(jobs.sorted { $0.weight > $1.weight }) { job in
      WildFix.run(job, wild: wild, copy: root, modes: modes)
    }
    // Nothing but the files a fix changed differs, and no temporary file is left beside them.
    let left = try WildFix.modes(below: copy.path)
    #expect(left.keys.sorted() == modes.keys.sorted(), "files appeared or vanished: \(Set(left.keys).symmetricDifference(modes.keys).sorted().prefix(20))")
    let owned = Set(jobs.flatMap(\.files))
    for file in modes.keys where !owned.contains(file) {
      let same = FileManager.default.contentsEqual(atPath: wild + "/" + file, andPath: copy.path + "/" + file)
      #expect(same, "\(file): no run fixes it, yet it changed")
    }
    for outcome in outcomes {
      for problem in outcome.problems { Issue.record(Comment(rawValue: "\(outcome.label): \(problem)")) }
    }
    print(WildFix.summary(outcomes, copying: copied.timeIntervalSince(started), total: Date().timeIntervalSince(started)))
  }

  /// `check --fix` killed (SIGKILL) at several moments while it writes 400 fixable payloads: every
  /// file is its original or its fixed bytes, never a part; a temporary file left beside them is
  /// never read as a payload by the next `check`; a second `--fix` finishes the work.
  @Test func aKilledFixLeavesEveryFileOldOrNew() throws {
    let folder = try TemporaryFolder()
    var random = SplitMix64(seed: 51)
    var originals: [String: [UInt8]] = [:]
    for i in 0..<400 {
      let pad = String(repeating: "lorem ipsum ", count: 100 + Int(random.next() % 150))
      let text = "{\n  \"aps\": {\n    \"badge\": \"\(i % 97 + 1)\",\n    \"alert\": \"Message \(i)\"\n  },\n  \"pad\": \"\(pad)\"\n}\n"
      originals[String(format: "p%03d.json", i)] = Array(text.utf8)
    }
    // The fixed bytes, from a run that is not killed.
    let expectedFolder = folder.path + "/expected"
    try WildFix.write(originals, to: expectedFolder)
    let clock = Date()
    let whole = try runProcess(cliExecutable, ["check", "--fix", "."], in: expectedFolder)
    let wholeRun = Date().timeIntervalSince(clock)
    #expect(whole.err.hasSuffix("fixed 400 findings in 400 files\n"), "\(whole.err)")
    let expected = try WildFix.contents(of: expectedFolder, names: Array(originals.keys))
    #expect(originals.allSatisfy { name, bytes in
      expected[name].map { $0 != bytes && !String(decoding: $0, as: UTF8.self).contains("\"badge\": \"") } ?? false
    }, "every file is fixed: the badge unquoted")

    var partial = 0, leftovers: [String] = []
    var seen: [String] = []
    // Kills at fractions of the time a whole run takes (a debug and a release build differ tenfold).
    let delays = [0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95].map { Int($0 * wholeRun * 1000) }
    for (attempt, delay) in delays.enumerated() {
      let dir = folder.path + "/run\(attempt)"
      try WildFix.write(originals, to: dir)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: cliExecutable)
      process.arguments = ["check", "--fix", "."]
      process.currentDirectoryURL = URL(fileURLWithPath: dir)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(delay * 1000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let now = try WildFix.contents(of: dir, names: Array(originals.keys))
      var old = 0, new = 0
      for (name, bytes) in originals {
        if now[name] == bytes { old += 1 } else if now[name] == expected[name] { new += 1 } else {
          Issue.record("killed after \(delay) ms: \(name) is neither its original nor its fixed bytes (\(now[name]?.count ?? -1) bytes)")
        }
      }
      seen.append("\(delay) ms: \(new) fixed, \(old) not")
      if old > 0 && new > 0 { partial += 1 }
      // A temporary file of the write that was killed: hidden, and not a payload the next check reads.
      let temporaries = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
      leftovers += temporaries.map { "run\(attempt)/\($0)" }
      for name in temporaries {
        #expect(name.contains(".apns-lint-fix."), "an unexpected file \(name)")
        #expect(CheckInputs.expand(dir).inputs.allSatisfy { !$0.path.hasSuffix(name) }, "check would read \(name)")
      }
      let checked = try runProcess(cliExecutable, ["check", "--format", "json", "."], in: dir)
      let report = try JSONSerialization.jsonObject(with: Data(checked.out.utf8)) as? [String: Any]
      #expect((report?["summary"] as? [String: Any])?["payloads"] as? Int == 400, "\(delay) ms: \(checked.err)")
      // Fixing again finishes what the killed run left.
      if attempt == 0 || (old > 0 && new > 0) {
        _ = try runProcess(cliExecutable, ["check", "--fix", "."], in: dir)
        #expect(try WildFix.contents(of: dir, names: Array(originals.keys)) == expected, "\(delay) ms: a second --fix did not finish the work")
      }
      if partial >= 2 { break }
    }
    print("killed --fix: \(seen.joined(separator: "; ")); temporary files left: \(leftovers.isEmpty ? "none" : leftovers.joined(separator: ", "))")
    #expect(partial >= 1, "no kill landed between files (\(seen.joined(separator: "; "))): the delays need adjusting")
  }
}

/// The round trip's pieces: the jobs (one `check --fix` per payload set and flags, one
/// `strings lint --fix` per app), a run of the tool, its reports and notes, and the comparison.
enum WildFix {
  /// One run of `--fix`: a payload set checked with its flags, or one app's table folder.
  struct Job: Sendable {
    var table: Bool
    var label: String
    /// The command and its options, without the inputs and `--fix`.
    var command: [String]
    /// The inputs, relative to the wild folder (and to its copy).
    var inputs: [String]
    /// Every file the run may touch, relative to the wild folder.
    var files: [String]
    /// Bytes, to start the longest runs first.
    var weight: Int

    var arguments: [String] { command + inputs }
  }

  /// A fix the run said it did not apply (`PATH:L:C: note: fix 'T' [rule] not applied: why`), or
  /// a file it did not touch at all (`PATH: note: not fixed: why`; rule and title empty).
  struct Note: Sendable, Hashable {
    var path: String
    var rule: String
    var title: String
    var reason: String
  }

  /// What one job came to.
  struct Outcome: Sendable {
    var label: String
    var table: Bool
    var problems: [String] = []
    var files = 0
    var filesChanged = 0
    /// Of those changed: UTF-16 tables, String Catalogs.
    var utf16Changed = 0
    var catalogsChanged = 0
    var fixedByTool = 0
    var fixedByRule: [String: Int] = [:]
    /// Findings a fix left in a fixed finding's place, as its rule declares (`RuleFix.leaves`):
    /// "fixed rule → left rule" → how many.
    var leftInPlace: [String: Int] = [:]
    var notes: [Note] = []
    var seconds = 0.0
    /// The seconds of the check before, `--fix`, the check after and `--fix --dry-run`.
    var phases = [0.0, 0.0, 0.0, 0.0]
  }

  // MARK: the jobs

  static let tableSets = ["wild-tables", "real-strings", "catalogs26"]
  static let realLocalizations = "project-fixtures/Fixtures/RealLocalizations"
  static let payloadFolders = ["wild-payloads", "real-payloads", "live-activities", "project-fixtures/Fixtures/payloads"]

  /// One `strings lint --fix` per app, as scripts/checks/87-wild-accuracy and the
  /// RealLocalizations tests lint them: each folder of wild-tables, real-strings and catalogs26,
  /// each of project-fixtures' RealLocalizations (each of its leftovers apart).
  static func tableJobs(wild: String) -> [Job] {
    var apps: [String] = []
    for set in tableSets + [realLocalizations, realLocalizations + "/leftovers"] {
      for name in folders(wild + "/" + set) where !(set == realLocalizations && name == "leftovers") {
        apps.append(set + "/" + name)
      }
    }
    return apps.map { app in
      let files = files(below: wild, app)
      return Job(table: true, label: app, command: ["strings", "lint"], inputs: [app], files: files,
                 weight: files.reduce(0) { $0 + size(wild + "/" + $1) })
    }
  }

  /// One `check --fix` per payload set and flags, the flags its SOURCES.tsv gives (as
  /// 87-wild-accuracy reads them); a Live Activity's payload with its app's attributes.
  static func payloadJobs(wild: String) -> [Job] {
    var groups: [[String]: [String]] = [:]
    func add(_ set: String, _ file: String, _ flags: [String]) {
      if FileManager.default.fileExists(atPath: wild + "/" + set + "/" + file) { groups[flags, default: []].append(set + "/" + file) }
    }
    for c in rows(wild + "/wild-payloads/SOURCES.tsv") where c.count >= 6 {
      var flags: [String] = []
      for (option, value) in [("--push-type", c[3]), ("--platform", c[4]), ("--topic", c[5])] where !["-", ""].contains(value) {
        flags += [option, value]
      }
      add("wild-payloads", c[0], flags)
    }
    for c in rows(wild + "/real-payloads/SOURCES.tsv") where c.count >= 2 {
      let first = (c.count > 2 ? c[2] : "").split(separator: " ").first.map(String.init) ?? ""
      let parts = first.split(separator: "/", maxSplits: 1).map(String.init)
      var flags: [String] = []
      if let platform = parts.first, ["ios", "macos", "tvos", "watchos", "visionos", "safari"].contains(platform) { flags += ["--platform", platform] }
      if parts.count == 2, ["alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity",
                            "pushtotalk", "widgets", "controls"].contains(parts[1]) { flags += ["--push-type", parts[1]] }
      add("real-payloads", c[0], flags)
    }
    for (set, column) in [("project-fixtures/Fixtures/payloads/real", 5), ("project-fixtures/Fixtures/payloads/apple", 4)] {
      for c in rows(wild + "/" + set + "/SOURCES.tsv") where c.count > column {
        add(set, c[0], c[column].split(separator: " ").map(String.init))
      }
    }
    for folder in folders(wild + "/live-activities") {
      add("live-activities", folder + "/payload.json", ["--push-type", "liveactivity", "--activity", "live-activities/" + folder])
    }
    return groups.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { flags, files in
      Job(table: false, label: "payloads " + (flags.isEmpty ? "(no flags)" : flags.joined(separator: " ")),
          command: ["check"] + flags, inputs: files.sorted(), files: files.sorted(), weight: files.count * 2_000)
    }
  }

  static func rows(_ path: String) -> [[String]] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
  }

  static func folders(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path + "/" + $0, isDirectory: &isDirectory) && isDirectory.boolValue
    }.sorted()
  }

  /// The regular files below `root/folder`, as paths relative to `root`.
  static func files(below root: String, _ folder: String) -> [String] {
    guard let walk = FileManager.default.enumerator(atPath: root + "/" + folder) else { return [] }
    var out: [String] = []
    while let name = walk.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + folder + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
        out.append(folder + "/" + name)
      }
    }
    return out.sorted()
  }

  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  // MARK: the copy

  /// Copies the folders the jobs read (outside the repository), writable.
  static func copy(_ wild: String, to copy: String) throws {
    for folder in tableSets + payloadFolders + [realLocalizations] where FileManager.default.fileExists(atPath: wild + "/" + folder) {
      let target = copy + "/" + folder
      try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      let cp = try Process.run(URL(fileURLWithPath: "/bin/cp"), arguments: ["-R", wild + "/" + folder, target])
      cp.waitUntilExit()
      #expect(cp.terminationStatus == 0, "cp \(folder)")
    }
    let chmod = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+w", copy])
    chmod.waitUntilExit()
  }

  /// Every file below `root` (dot files included) with its permission bits.
  static func modes(below root: String) throws -> [String: mode_t] {
    var out: [String: mode_t] = [:]
    for file in files(below: root, ".") {
      var info = stat()
      if stat(root + "/" + file, &info) == 0 { out[String(file.dropFirst(2))] = info.st_mode & 0o7777 }
    }
    return out
  }

  /// Writes `files` (name → bytes) into a fresh folder.
  static func write(_ files: [String: [UInt8]], to folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }
  }

  static func contents(of folder: String, names: [String]) throws -> [String: [UInt8]] {
    var out: [String: [UInt8]] = [:]
    for name in names { out[name] = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) }
    return out
  }

  // MARK: running

  /// Runs `jobs` on as many threads as there are cores, longest first; results in their order.
  static func parallel(_ jobs: [Job], _ body: @escaping @Sendable (Job) -> Outcome) -> [Outcome] {
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var next = 0
      var outcomes: [Int: Outcome] = [:]
    }
    let results = Results()
    let workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        results.lock.lock()
        let index = results.next
        results.next += 1
        results.lock.unlock()
        guard index < jobs.count else { return }
        let outcome = body(jobs[index])
        results.lock.lock()
        results.outcomes[index] = outcome
        results.lock.unlock()
      }
    }
    return jobs.indices.map { results.outcomes[$0]! }
  }

  struct ToolRun {
    var status: Int32
    var out: Data
    var err: String
  }

  /// Runs apns-lint; standard output and error go to files (neither pipe can fill), kept as bytes.
  static func tool(_ arguments: [String], in directory: String) throws -> ToolRun {
    let base = NSTemporaryDirectory() + "apns-lint-wildfix-" + UUID().uuidString
    _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
    defer { try? FileManager.default.removeItem(atPath: base + ".out"); try? FileManager.default.removeItem(atPath: base + ".err") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cliExecutable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
    process.standardError = FileHandle(forWritingAtPath: base + ".err")
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let out = (try? Data(contentsOf: URL(fileURLWithPath: base + ".out"))) ?? Data()
    let err = (try? Data(contentsOf: URL(fileURLWithPath: base + ".err"))) ?? Data()
    return ToolRun(status: process.terminationStatus, out: out, err: String(decoding: err, as: UTF8.self))
  }

  /// The JSON report's findings by path.
  static func findings(_ report: Data) throws -> [String: [Finding]] {
    struct Report: Decodable {
      struct Result: Decodable {
        var path: String
        var diagnostics: [Finding]
      }
      var results: [Result]
    }
    var out: [String: [Finding]] = [:]
    for result in try JSONDecoder().decode(Report.self, from: report).results { out[result.path, default: []] += result.diagnostics }
    return out
  }

  /// The notes of a `--fix` run's standard error, and its summary's numbers (fixed, files).
  static func notes(_ err: String) -> (notes: [Note], fixed: Int?, files: Int?) {
    var notes: [Note] = []
    var fixed: Int?, files: Int?
    for line in err.split(separator: "\n").map(String.init) {
      if let m = line.firstMatch(of: /^(.*?):\d+:\d+: note: fix '(.*)' \[([a-z0-9-]+)\] not applied: (.*)$/) {
        notes.append(Note(path: String(m.1), rule: String(m.3), title: String(m.2), reason: String(m.4)))
      } else if let m = line.firstMatch(of: /^(.*?): note: not fixed: (.*)$/) {
        notes.append(Note(path: String(m.1), rule: "", title: "", reason: "not fixed: " + m.2))
      } else if let m = line.firstMatch(of: /^apns-lint: (?:would fix|fixed) (\d+) findings? in (\d+) files?/) {
        fixed = Int(m.1)
        files = Int(m.2)
      }
    }
    return (notes, fixed, files)
  }

  /// What a finding is compared by before and after a fix: an edit elsewhere moves its line, not these.
  struct Key: Hashable {
    var rule: String
    var keyPath: String?

    init(rule: String, keyPath: String?) {
      self.rule = rule
      self.keyPath = keyPath
    }

    init(_ finding: Finding) { self.init(rule: finding.rule.rawValue, keyPath: finding.keyPath) }
  }

  /// (rule, key path) → how many findings. A finding that stands for several keys of a table (a
  /// localization's missing translations, as every format groups them) counts once per key.
  static func multiset(_ findings: [Finding]) -> [Key: Int] {
    var out: [Key: Int] = [:]
    for f in findings {
      if let keys = f.keys {
        for key in keys { out[Key(rule: f.rule.rawValue, keyPath: key), default: 0] += 1 }
      } else {
        out[Key(f), default: 0] += 1
      }
    }
    return out
  }

  /// The text fixes edit: a table's UTF-8 text (UTF-16 decoded, without its byte order mark), a
  /// payload's bytes.
  static func text(_ bytes: [UInt8], table: Bool) -> [UInt8]? {
    table ? TableText(bytes)?.text : bytes
  }

  static func planned(_ findings: [Finding], in bytes: [UInt8], table: Bool) -> [PlannedFix] {
    guard !findings.isEmpty, let text = text(bytes, table: table) else { return [] }
    return FixPlanner.fixes(for: findings, in: text, carriageReturnEndsLine: table)
  }

  // MARK: one job

  /// The report before (on the originals), `--fix` on the copy, the report after (the fixed copy
  /// checked again by a run of its own), `--fix --dry-run` on the copy; then every file compared.
  static func run(_ job: Job, wild: String, copy: String, modes: [String: mode_t]) -> Outcome {
    var outcome = Outcome(label: job.label, table: job.table)
    outcome.files = job.files.count
    let started = Date()
    compare(job, wild: wild, copy: copy, modes: modes, into: &outcome)
    outcome.seconds = Date().timeIntervalSince(started)
    return outcome
  }

  static func compare(_ job: Job, wild: String, copy: String, modes: [String: mode_t], into outcome: inout Outcome) {
    do {
      var clock = Date()
      func lap() -> Double { defer { clock = Date() }; return Date().timeIntervalSince(clock) }
      let before = try tool(job.arguments + ["--format", "json"], in: wild)
      outcome.phases[0] = lap()
      let fixing = try tool(job.arguments + ["--fix", "--format", "json"], in: copy)
      outcome.phases[1] = lap()
      let checked = try tool(job.arguments + ["--format", "json"], in: copy)
      outcome.phases[2] = lap()
      let again = try tool(job.arguments + ["--fix", "--dry-run"], in: copy)
      outcome.phases[3] = lap()
      guard before.status < 2, fixing.status < 2, checked.status < 2 else {
        outcome.problems.append("exit \(before.status) before, \(fixing.status) with --fix, \(checked.status) after: \(before.err.prefix(300)) \(fixing.err.prefix(300)) \(checked.err.prefix(300))")
        return
      }
      let (notes, fixed, files) = Self.notes(fixing.err)
      outcome.notes = notes
      outcome.fixedByTool = fixed ?? -1
      // A second --fix changes nothing.
      if !again.err.contains("would fix 0 findings in 0 files") || !again.out.isEmpty {
        outcome.problems.append("a second --fix would change something: \(again.err.suffix(400)) \(String(decoding: again.out.prefix(2_000), as: UTF8.self))")
      }
      let old = try findings(before.out), new = try findings(checked.out)
      // The report --fix prints after its writes is what checking the written files says.
      let told = try findings(fixing.out)
      for path in Set(new.keys).union(told.keys) where multiset(new[path] ?? []) != multiset(told[path] ?? []) {
        outcome.problems.append("\(path): the report of --fix differs from checking the fixed file again")
      }
      for file in job.files {
        examine(file, job: job, wild: wild, copy: copy, mode: modes[file], before: old[file] ?? [], after: new[file] ?? [],
                notes: notes.filter { $0.path == file }, into: &outcome)
      }
      if files != outcome.filesChanged {
        outcome.problems.append("the run says it fixed \(files ?? -1) files; \(outcome.filesChanged) changed")
      }
    } catch {
      outcome.problems.append("\(error)")
    }
  }

  /// One file: unchanged unless a fix was offered; if changed, its encoding, permissions and
  /// formatting kept and its diff only at the fixes; checked again, nothing new and nothing still
  /// fixable the run did not name.
  static func examine(_ file: String, job: Job, wild: String, copy: String, mode: mode_t?, before: [Finding], after: [Finding],
                      notes: [Note], into outcome: inout Outcome) {
    guard let original = try? Array(Data(contentsOf: URL(fileURLWithPath: wild + "/" + file))),
          let now = try? Array(Data(contentsOf: URL(fileURLWithPath: copy + "/" + file))) else {
      outcome.problems.append("\(file): cannot be read")
      return
    }
    let offered = planned(before, in: original, table: job.table)
    // Nothing new, file by file, by rule and key path, but what a fixed finding's rule says its
    // fix leaves in its place (`RuleFix.leaves`: an empty catalog unit removed is then missing).
    let was = multiset(before), kept = multiset(after)
    var allowed = was
    var successors: [Key: String] = [:]
    for (key, count) in was where count > kept[key] ?? 0 {
      for successor in Rule.named(key.rule)?.fix.leaves ?? [] {
        allowed[Key(rule: successor.rawValue, keyPath: key.keyPath), default: 0] += count - (kept[key] ?? 0)
        successors[Key(rule: successor.rawValue, keyPath: key.keyPath)] = key.rule
      }
    }
    for (key, count) in kept where count > was[key] ?? 0 {
      if let rule = successors[key] { outcome.leftInPlace["\(rule) → \(key.rule)", default: 0] += min(count, allowed[key] ?? 0) - (was[key] ?? 0) }
    }
    for (key, count) in kept where count > allowed[key] ?? 0 {
      let examples = after.filter { Key($0) == key || ($0.rule.rawValue == key.rule && $0.keys?.contains(key.keyPath ?? "") == true) }
        .prefix(2).map(\.description)
      outcome.problems.append("\(file): new after --fix: [\(key.rule)] '\(key.keyPath ?? "-")' ×\(count - (allowed[key] ?? 0)) (\(examples.joined(separator: "; ")))")
    }
    // No fix is still offered but those the run named as not applied.
    for p in planned(after, in: now, table: job.table) where !notes.contains(where: { $0.rule.isEmpty || ($0.rule == p.finding.rule.rawValue && $0.title == p.fix.title) }) {
      outcome.problems.append("\(file): still fixable after --fix, and not named as declined: [\(p.finding.rule.rawValue)] \(p.fix.title) at \(p.finding.line):\(p.finding.column)")
    }
    guard now != original else { return }
    outcome.filesChanged += 1
    if job.table && [[0xFF, 0xFE], [0xFE, 0xFF]].contains(Array(original.prefix(2))) { outcome.utf16Changed += 1 }
    if file.hasSuffix(".xcstrings") { outcome.catalogsChanged += 1 }
    if offered.isEmpty { outcome.problems.append("\(file): changed, though no fix was offered for it") }
    for (key, count) in was where count > kept[key] ?? 0 {
      outcome.fixedByRule[key.rule, default: 0] += count - (kept[key] ?? 0)
    }
    var info = stat()
    if let mode, stat(copy + "/" + file, &info) == 0, info.st_mode & 0o7777 != mode {
      outcome.problems.append("\(file): its permissions changed from \(String(mode, radix: 8)) to \(String(info.st_mode & 0o7777, radix: 8))")
    }
    outcome.problems += encodingProblems(file, original: original, now: now, table: job.table)
    outcome.problems += shapeProblems(file, original: original, now: now, offered: offered, table: job.table)
  }

  /// A UTF-16 table stays UTF-16 with its byte order mark and decodes; a UTF-8 one keeps its
  /// byte order mark (or its absence).
  static func encodingProblems(_ file: String, original: [UInt8], now: [UInt8], table: Bool) -> [String] {
    guard table else { return [] }
    let utf16: [[UInt8]] = [[0xFF, 0xFE], [0xFE, 0xFF]]
    if utf16.contains(Array(original.prefix(2))) {
      let decoded = String(data: Data(now.dropFirst(2)), encoding: original[0] == 0xFE ? .utf16BigEndian : .utf16LittleEndian)
      if Array(now.prefix(2)) != Array(original.prefix(2)) || now.count % 2 != 0 || decoded == nil || TableText(now) == nil {
        return ["\(file): was UTF-16 with the byte order mark \(original.prefix(2).map { String($0, radix: 16) }), is no longer (\(now.prefix(4).map { String($0, radix: 16) }))"]
      }
      return []
    }
    var problems: [String] = []
    if utf16.contains(Array(now.prefix(2))) { problems.append("\(file): was UTF-8, written as UTF-16") }
    if original.starts(with: [0xEF, 0xBB, 0xBF]) != now.starts(with: [0xEF, 0xBB, 0xBF]) { problems.append("\(file): its UTF-8 byte order mark changed") }
    if TableText(original) != nil && TableText(now) == nil { problems.append("\(file): no longer well-formed UTF-8") }
    return problems
  }

  /// The diff only at the fixes: at most the lines the offered fixes' edits span, twice (removed
  /// and added), plus a little for a later round's fix; a String Catalog's new lines in Xcode's
  /// formatting (`"key" : value`, two-space indents) and the catalog still JSON.
  static func shapeProblems(_ file: String, original: [UInt8], now: [UInt8], offered: [PlannedFix], table: Bool) -> [String] {
    guard let old = text(original, table: table), let new = text(now, table: table) else { return [] }
    var problems: [String] = []
    let diff = UnifiedDiff.make(old: old, new: new, path: file).split(separator: "\n", omittingEmptySubsequences: false)
    let changed = diff.dropFirst(2).filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count
    var bound = 4
    for edit in offered.flatMap(\.fix.edits) {
      let spanned = old[edit.start..<edit.end].filter { $0 == 0x0A }.count + edit.replacement.utf8.filter { $0 == 0x0A }.count + 1
      bound += 2 * spanned
    }
    if changed > bound { problems.append("\(file): \(changed) lines changed for \(offered.count) fixes (at most \(bound) expected):\n\(diff.prefix(40).joined(separator: "\n"))") }
    guard file.hasSuffix(".xcstrings") else { return problems }
    if (try? JSONSerialization.jsonObject(with: Data(new))) == nil { problems.append("\(file): no longer JSON") }
    let oldLines = Set(old.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) })
    for line in new.split(separator: 0x0A, omittingEmptySubsequences: false) where !oldLines.contains(Array(line)) {
      let text = String(decoding: line, as: UTF8.self)
      let indent = text.prefix { $0 == " " || $0 == "\t" }
      let keyed = text.firstMatch(of: /^\s*"(?:[^"\\]|\\.)*"\s*:/) != nil
      if indent.contains("\t") || indent.count % 2 != 0 || (keyed && text.firstMatch(of: /^ *"(?:[^"\\]|\\.)*" : \S/) == nil) || text.hasSuffix(" ") {
        problems.append("\(file): a line not in Xcode's formatting: \(text)")
      }
    }
    return problems
  }

  // MARK: the summary

  static func summary(_ outcomes: [Outcome], copying: Double, total: Double) -> String {
    func counted<S: Sequence>(_ s: S) -> String where S.Element == (key: String, value: Int) {
      s.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
    let tables = outcomes.filter(\.table), payloads = outcomes.filter { !$0.table }
    var byRule: [String: Int] = [:], leftInPlace: [String: Int] = [:]
    for o in outcomes {
      byRule.merge(o.fixedByRule, uniquingKeysWith: +)
      leftInPlace.merge(o.leftInPlace, uniquingKeysWith: +)
    }
    let notes = outcomes.flatMap(\.notes)
    var byReason: [String: Int] = [:]
    for n in notes { byReason[(n.rule.isEmpty ? "" : "[\(n.rule)] ") + (n.reason.split(separator: ":").first.map(String.init) ?? n.reason), default: 0] += 1 }
    var lines = [
      "wild --fix round trip: \(tables.count) table folders (\(tables.reduce(0) { $0 + $1.files }) files), \(payloads.reduce(0) { $0 + $1.files }) payloads in \(payloads.count) runs (one per set and flags); copied in \(String(format: "%.1f", copying)) s, \(String(format: "%.1f", total)) s in all",
      "  files fixed: \(outcomes.reduce(0) { $0 + $1.filesChanged }) (tables \(tables.reduce(0) { $0 + $1.filesChanged }), payloads \(payloads.reduce(0) { $0 + $1.filesChanged }); UTF-16 tables \(tables.reduce(0) { $0 + $1.utf16Changed }), String Catalogs \(tables.reduce(0) { $0 + $1.catalogsChanged })); findings fixed as the tool counts them: \(outcomes.reduce(0) { $0 + $1.fixedByTool })",
      "  findings gone from the fixed files, by rule: \(counted(byRule))",
      "  findings a fix left in their place, as its rule declares (not counted as new): \(leftInPlace.isEmpty ? "none" : counted(leftInPlace))",
      "  fixes not applied: \(notes.count)\(byReason.isEmpty ? "" : ", by reason: " + counted(byReason))",
    ]
    lines += notes.map { "    \($0.path): [\($0.rule)] '\($0.title)': \($0.reason)" }
    let phases = (0..<4).map { i in String(format: "%.1f", outcomes.reduce(0) { $0 + $1.phases[i] }) }
    lines.append("  time in the tool: \(phases[0]) s checking the originals, \(phases[1]) s --fix, \(phases[2]) s checking the fixed files, \(phases[3]) s --fix --dry-run (summed over the runs, which run \(max(2, ProcessInfo.processInfo.activeProcessorCount)) at a time)")
    lines.append("  slowest: " + outcomes.sorted { $0.seconds > $1.seconds }.prefix(5).map { "\($0.label) \(String(format: "%.1f", $0.seconds)) s (--fix \(String(format: "%.1f", $0.phases[1])) s)" }.joined(separator: ", "))
    return lines.joined(separator: "\n")
  }
}
