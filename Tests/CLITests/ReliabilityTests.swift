import Foundation
import Testing
import TestSupport
import APNsLint
import PayloadSchema
import StringsFile
#if canImport(Glibc)
import Glibc
#endif

/// The built `apns-lint`: in the build products folder, which holds the test bundle. On Linux the
/// test process is the bundle itself (`CommandLine.arguments[0]`, or a file inside it); on macOS
/// a helper of Xcode's runs it, so the loaded `.xctest` bundle says where the products are (and
/// the default `.build/debug` is the last resort).
let cliExecutable: String = {
  var folders: [URL] = []
  let first = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  folders += [first, first.deletingLastPathComponent()]
  for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
    folders.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
  }
  folders.append(URL(fileURLWithPath: packageRoot + "/.build/debug"))  // the default build folder, last
  for folder in folders {
    let candidate = folder.appendingPathComponent("apns-lint").path
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
  }
  return first.appendingPathComponent("apns-lint").path
}()

/// Root reads any file whatever its permission bits, so unreadable inputs are tested as the
/// unprivileged user 65534 (`setpriv`, util-linux). Where that is impossible the tests say why.
/// (The clone must also be reachable by that user: a checkout below a private home folder is not.)
let canDropPrivileges: Bool = {
  guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return false }
  let probe = try? runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", cliExecutable, "--version"],
                              in: NSTemporaryDirectory())
  return probe?.status == 0
}()

/// Runs the CLI as user and group 65534 in `directory`.
func runCLIUnprivileged(_ arguments: [String], in directory: String) throws -> (status: Int32, out: String, err: String) {
  try runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", cliExecutable] + arguments, in: directory)
}

/// Runs a program; stdout and stderr go to files, so neither pipe can fill and block.
func runProcess(_ executable: String, _ arguments: [String], in directory: String, stdout: FileHandle? = nil) throws -> (status: Int32, out: String, err: String) {
  let outPath = NSTemporaryDirectory() + UUID().uuidString, errPath = NSTemporaryDirectory() + UUID().uuidString
  _ = FileManager.default.createFile(atPath: outPath, contents: nil)
  _ = FileManager.default.createFile(atPath: errPath, contents: nil)
  defer { try? FileManager.default.removeItem(atPath: outPath); try? FileManager.default.removeItem(atPath: errPath) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  process.standardOutput = stdout ?? FileHandle(forWritingAtPath: outPath)
  process.standardError = FileHandle(forWritingAtPath: errPath)
  process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
  try process.run()
  process.waitUntilExit()
  let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
  let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
  return (process.terminationStatus, out, err)
}

/// SPEC §8: an input that cannot be read is a diagnostic and exit 2, the others still checked;
/// nothing is ever skipped in silence (issue: never a false pass).
@Suite(.timeLimit(.minutes(2))) struct UnreadableInputTests {
  @Test(.enabled(if: canDropPrivileges, "needs root and setpriv to run as an unprivileged user"))
  func checkReportsAnUnreadableSubfolder() throws {
    let dir = try TemporaryFolder()
    try dir.write("payloads/ok/a.json", #"{"aps": {"badge": 1}}"#)
    try dir.write("payloads/locked/b.json", #"{"aps": {"badge": "1"}}"#)
    chmod(dir.path + "/payloads/locked", 0o000)
    let (status, out, err) = try runCLIUnprivileged(["check", "payloads"], in: dir.path)
    #expect(status == 2)
    #expect(out == "1 payloads, 0 errors, 0 warnings\n")
    #expect(err == "payloads/locked: error: cannot read the folder: Permission denied\n")
  }

  @Test(.enabled(if: canDropPrivileges, "needs root and setpriv to run as an unprivileged user"))
  func stringsLintReportsAnUnreadableLocalizationAndLintsTheRest() throws {
    let dir = try TemporaryFolder()
    try dir.write("App/en.lproj/Localizable.strings", "\"A\" = \"a\"\n\"B\" = \"b\";\n")
    try dir.write("App/fr.lproj/Localizable.strings", "\"A\" = \"a\";\n")
    chmod(dir.path + "/App/fr.lproj", 0o000)
    let (status, out, err) = try runCLIUnprivileged(["strings", "lint", "App"], in: dir.path)
    #expect(status == 2)
    #expect(out.hasPrefix("App/en.lproj/Localizable.strings:2:1: error: expected ';' after the value of 'A'"), "\(out)")
    #expect(out.hasSuffix("1 files, 1 errors, 0 warnings\n"))
    #expect(err == "App/fr.lproj: error: cannot read the folder: Permission denied\n")
  }

  @Test(.enabled(if: canDropPrivileges, "needs root and setpriv to run as an unprivileged user"))
  func checkStringsAndRenderReportAnUnreadableTable() throws {
    let dir = try TemporaryFolder()
    try dir.write("p.json", #"{"aps": {"alert": {"loc-key": "HI"}}}"#)
    try dir.write("L/en.lproj/Localizable.strings", "\"HI\" = \"Hi\";\n")
    let fr = try dir.write("L/fr.lproj/Localizable.strings", "\"HI\" = \"Salut\";\n")
    chmod(fr, 0o000)
    let check = try runCLIUnprivileged(["check", "p.json", "--strings", "L"], in: dir.path)
    #expect(check.status == 2)
    #expect(check.err == "L/fr.lproj/Localizable.strings: error: cannot read: Permission denied\n")
    #expect(check.out == "1 payloads, 0 errors, 0 warnings\n")
    let render = try runCLIUnprivileged(["render", "p.json", "--strings", "L", "--lang", "all"], in: dir.path)
    #expect(render.status == 2)
    #expect(render.err == "L/fr.lproj/Localizable.strings: error: cannot read: Permission denied\n")
    #expect(render.out.contains("p.json, en → en\n"))
  }

  @Test func namesThatAreNotUTF8AreScannedAndShownEscaped() throws {
    let dir = try TemporaryFolder()
    try dir.write("payloads/ok.json", #"{"aps": {"badge": 1}}"#)
    // A file name with the bytes FF FE, which no UTF-8 decoder accepts.
    let name: [UInt8] = Array((dir.path + "/payloads/").utf8) + [0xFF, 0xFE] + Array(".json".utf8)
    let fd = (name + [0]).withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
    }
    #expect(fd >= 0)
    let body = Array(#"{"aps": {"alert": 1}}"#.utf8)
    _ = body.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let (status, out, _) = try runCLI(["check", "payloads"], in: dir.path)
    #expect(status == 1)
    #expect(out == "payloads/\\xFF\\xFE.json:1:19: error: 'alert' must be a string or an object, not a number [value-type]\n2 payloads, 1 errors, 0 warnings\n")
  }

  @Test func fifosAndDevicesInAScanAreReportedNotRead() throws {
    let dir = try TemporaryFolder()
    try dir.write("scan/ok.json", #"{"aps": {"badge": 1}}"#)
    #expect(mkfifo(dir.path + "/scan/fifo.json", 0o644) == 0)
    try FileManager.default.createSymbolicLink(atPath: dir.path + "/scan/zero.json", withDestinationPath: "/dev/zero")
    let (status, out, err) = try runCLI(["check", "scan"], in: dir.path)
    #expect(status == 2)
    #expect(out == "1 payloads, 0 errors, 0 warnings\n")
    #expect(err == """
      scan/fifo.json: error: not a regular file (a FIFO): not read
      scan/zero.json: error: not a regular file (a character device, through a symbolic link): not read

      """)
  }

  @Test func aFailedWriteIsExit2() throws {
    let dir = try TemporaryFolder()
    try dir.write("a.json", #"{"aps": {"badge": "1"}}"#)
    guard let full = FileHandle(forWritingAtPath: "/dev/full") else { return }
    let (status, _, err) = try runProcess(cliExecutable, ["check", "a.json"], in: dir.path, stdout: full)
    #expect(status == 2)
    #expect(err == "error: cannot write the output: No space left on device\n")
  }
}

/// Inputs are read to `limits.max-input-bytes` at most, and streamed to their first fatal error.
@Suite(.timeLimit(.minutes(2))) struct InputSizeTests {
  @Test func devZeroStopsAtItsFirstByte() throws {
    let (status, out, _) = try runCLI(["check", "/dev/zero"])
    #expect(status == 1)
    #expect(out == "/dev/zero:1:1: error: unexpected byte 0x00; expected a value [json-syntax]\n1 payloads, 1 errors, 0 warnings\n")
  }

  @Test func aLargeFileWithAnEarlyErrorIsReadNoFurther() throws {
    let dir = try TemporaryFolder()
    // 64 MiB whose 2 MiB-th byte ends the JSON: reading stops in the chunk that holds it.
    var data = Data(#"{"aps": {"badge": 1}, "pad": ""#.utf8)
    data.append(Data(repeating: UInt8(ascii: "a"), count: 2 << 20))
    data.append(Data("\u{01}".utf8))
    data.append(Data(repeating: 0, count: 62 << 20))
    try dir.write("big.json", data)
    let (status, out, _) = try runCLI(["check", "big.json", "--format", "json"], in: dir.path)
    #expect(status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let result = try #require((json["results"] as? [[String: Any]])?.first)
    let diagnostics = try #require(result["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["rule"] as? String } == ["json-syntax"])
    // `{"aps": {"badge": 1}, "pad": "` is 30 characters, then 2 MiB of `a`, then the control character.
    #expect(diagnostics.first?["column"] as? Int == 30 + (2 << 20) + 1)
    #expect((result["bytes"] as? Int ?? .max) < 4 << 20, "only the chunks up to the error are read")
  }

  @Test func anInputOverTheLimitIsNotChecked() throws {
    let dir = try TemporaryFolder()
    try dir.write("limits.yml", "version: 1\nlimits: {max-input-bytes: 10000}\n")
    try dir.write("long.json", #"{"aps": {"alert": ""# + String(repeating: "a", count: 20_000) + #""}}"#)
    try dir.write("ok.json", #"{"aps": {"badge": 1}}"#)
    let (status, out, err) = try runCLI(["check", "long.json", "ok.json", "--config", "limits.yml"], in: dir.path)
    #expect(status == 2)
    #expect(out == "1 payloads, 0 errors, 0 warnings\n")
    #expect(err.hasPrefix("long.json: error: more than 10000 bytes (limits.max-input-bytes) without an error that ends reading: not checked"))
    let render = try runCLI(["render", "/dev/zero", "--strings", packageRoot + "/Fixtures/Localizations/DemoApp"])
    #expect(render.status == 2)
    #expect(render.err == "/dev/zero: error: more than 8388608 bytes (limits.max-input-bytes): not read (a payload is at most 5120 bytes)\n")
  }

  @Test func theLimitIsConfiguredWithAPositionedError() throws {
    let dir = try TemporaryFolder()
    try dir.write("bad.yml", "version: 1\nlimits: {max-input-bytes: 100}\n")
    let (status, _, err) = try runCLI(["check", "--config", "bad.yml", "/dev/null"], in: dir.path)
    #expect(status == 2)
    #expect(err == "bad.yml:2:27: error: 'limits.max-input-bytes' must be an integer from 5120 to 1073741824, found '100'\n")
  }
}

/// Nothing read from an input reaches a terminal or a CI log as a control character.
@Suite struct OutputInjectionTests {
  /// A key with a newline that would start a GitHub workflow command, an ANSI colour, a C1 control
  /// and a right-to-left override.
  static let hostileKey = "x\n::error file=evil::pwned\u{1B}[31m\u{85}\u{202E}"
  static var payload: String {
    var key = ""
    JSONValueTestEscaper.escape(hostileKey, into: &key)
    return #"{"aps": {"badge": 1, "# + key + #": 1}}"#
  }

  @Test(arguments: ["text", "github"])
  func noControlCharacterIsPrinted(_ format: String) throws {
    let dir = try TemporaryFolder()
    try dir.write("p\u{1B}]0;title\u{07}.json", Self.payload)
    let (status, out, _) = try runCLI(["check", ".", "--format", format], in: dir.path)
    #expect(status == 0)
    #expect(!out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
    #expect(out.split(separator: "\n").filter { $0.hasPrefix("::") }.count == (format == "github" ? 1 : 0))
    if format == "text" {
      #expect(out == """
        ./p\\u{1B}]0;title\\u{7}.json:1:22: info: 'x\\n::error file=evil::pwned\\u{1B}[31m\\u{85}\\u{202E}' in 'aps' is not a key Apple defines, nor close to one: taken as the app's own data (the system ignores it, the app receives it); Apple asks for custom keys beside 'aps' [aps-custom-key]
        1 payloads, 0 errors, 0 warnings

        """)
    }
  }

  @Test func renderAndDumpEscapeTooFromTables() throws {
    let dir = try TemporaryFolder()
    try dir.write("L/en.lproj/Localizable.strings", "\"HI\" = \"line\\none\\U001B[2J\";\n\"RTL\" = \"\u{202E}abc\";\n")
    try dir.write("p.json", #"{"aps": {"alert": {"loc-key": "HI"}}}"#)
    let render = try runCLI(["render", "p.json", "--strings", "L"], in: dir.path)
    #expect(render.out.contains("  body:     line\\none\\u{1B}[2J\n"), "\(render.out)")
    let dump = try runCLI(["strings", "dump", "L/en.lproj/Localizable.strings"], in: dir.path)
    #expect(dump.out.contains(#"2:1 "RTL" = "\u{202E}abc";"#), "\(dump.out)")
    #expect(!dump.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
  }

  @Test func visibleTextEscapesEveryClass() {
    #expect(VisibleText.escape("plain text é 日本") == "plain text é 日本")
    #expect(VisibleText.escape("a\nb\tc\rd") == "a\\nb\\tc\\rd")
    #expect(VisibleText.escape("\u{0}\u{1B}\u{7F}\u{80}\u{9F}") == "\\u{0}\\u{1B}\\u{7F}\\u{80}\\u{9F}")
    #expect(VisibleText.escape("\u{61C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}\u{2028}\u{2029}")
      == "\\u{61C}\\u{200E}\\u{200F}\\u{202A}\\u{202E}\\u{2066}\\u{2069}\\u{2028}\\u{2029}")
    // Neighbours of the escaped ranges are printed as they are.
    #expect(VisibleText.escape("\u{A0}\u{200D}\u{2030}\u{2070}\u{60C}") == "\u{A0}\u{200D}\u{2030}\u{2070}\u{60C}")
    #expect(GitHubReporter.escapeData("a\u{1B}[1mb%\n") == "a\\u{1B}[1mb%25%0A")
  }
}

/// Format expansion and the localization checks stay linear in the number of specifiers.
@Suite(.timeLimit(.minutes(1))) struct HostileLocalizationTests {
  @Test func aHundredThousandSpecifiersAndOneArgument() throws {
    let dir = try TemporaryFolder()
    try dir.write("L/en.lproj/Localizable.strings", "\"K\" = \"" + String(repeating: "%@", count: 100_000) + "\";\n")
    try dir.write("p.json", #"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a"]}}}"#)
    let (status, out, _) = try runCLI(["check", "p.json", "--strings", "L"], in: dir.path)
    #expect(status == 1)
    #expect(out == "p.json:1:49: error: in 'en', 'K' ('" + String(repeating: "%@", count: 40) + "…') needs 100000 loc-args and the payload "
      + "has 1: '%@', '%@', '%@', '%@' and '%@' (and 99994 more) get no argument and show '(null)' [loc-args-count]\n"
      + "1 payloads, 1 errors, 0 warnings\n")
    let render = try runCLI(["render", "p.json", "--strings", "L", "--format", "json"], in: dir.path)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(render.out.utf8)) as? [String: Any])
    let body = try #require((json["results"] as? [[String: Any]])?.first?["body"] as? String)
    #expect(body.utf8.count <= 1 << 16 && body.hasPrefix("a(null)(null)"))
  }

  @Test func aLargeCatalogIsReadInLinearTime() throws {
    #if DEBUG
    let n = 60_000
    #else
    let n = 300_000
    #endif
    var json = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"#
    for i in 0..<n {
      if i > 0 { json += "," }
      json += #""key\#(i)": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "v\#(i)"}}, "#
        + #""fr": {"stringUnit": {"state": "translated", "value": "f\#(i)"}}}}"#
    }
    json += "}}"
    let catalog = StringCatalog.parse(Data(json.utf8), path: "Big.xcstrings")
    #expect(catalog.findings.isEmpty)
    #expect(catalog.tables["en"]?.entries.count == n)
    #expect(catalog.tables["fr"]?.entries.count == n)
    #expect(catalog.tables["fr"]?.entries.first?.value == "f0")
  }
}

/// `strings lint` flags what no translator means: `%n`, positions above 9999, and accidental
/// specifiers in the development language; a table linked to a system file is not read at all (SPEC §14).
@Suite struct TableHazardTests {
  @Test func percentNAndHugePositions() throws {
    let dir = try TemporaryFolder()
    // 'a' has a real specifier, so it goes through String(format:) and its '% g' is read as one; a
    // value with no real specifier is shown as written and is not reported (SPEC §3).
    try dir.write("A/en.lproj/Localizable.strings", "\"a\" = \"%d: not 100% guaranteed\";\n\"b\" = \"%1$n\";\n\"c\" = \"%10000$@ x\";\n\"d\" = \"%d items\";\n")
    let (_, out, _) = try runCLI(["strings", "lint", "A"], in: dir.path)
    #expect(out == """
      A/en.lproj/Localizable.strings:1:1: warning: 'a' has '% g' ('%d: not 100% guaranteed'): the space is a printf flag, so '% g' reads as a specifier, not as a percent sign followed by text; write '%%' [strings-accidental-specifier]
      A/en.lproj/Localizable.strings:2:1: warning: 'b' has '%1$n' ('%1$n'): '%n' is C's write-back conversion, never text: String(format:) does not print it [strings-accidental-specifier]
      A/en.lproj/Localizable.strings:3:1: warning: 'c' has '%10000$@' ('%10000$@ x'): positions run from 1 to 9999, so it is not a specifier and the device shows it as written [strings-accidental-specifier]
      1 files, 0 errors, 3 warnings

      """)
  }

  /// SPEC §14: a payload linking out of the repository is not read either, in a folder or named.
  @Test func aPayloadLinkedOutOfTheRepositoryIsNotRead() throws {
    let dir = try TemporaryFolder()
    let secret = try dir.write("secret.json", "{\"aps\": {\"alert\": \"must-not-be-checked\"}}")
    try dir.write("P/good.json", "{\"aps\": {\"alert\": \"Hi\"}}")
    try FileManager.default.createSymbolicLink(atPath: dir.path + "/P/link.json", withDestinationPath: secret)
    try FileManager.default.createSymbolicLink(atPath: dir.path + "/P/inside.json", withDestinationPath: "good.json")
    let boundary = try #require(FileWalk.repositoryBoundary(of: dir.path + "/P"))
    let message = "P/link.json: error: a symbolic link to a file outside the repository being checked ('\(boundary)'): not read"
    let (status, out, err) = try runCLI(["check", "P", "--format", "json"], in: dir.path)
    #expect(status == 2)
    #expect(err.contains(message), "\(err)")
    #expect(out.contains("P/good.json") && out.contains("P/inside.json") && !out.contains("P/link.json"))
    let (named, _, namedErr) = try runCLI(["check", "P/link.json"], in: dir.path)
    #expect(named == 2)
    #expect(namedErr.contains(message), "\(namedErr)")
  }

  @Test func aTableLinkedToASystemFileIsNotQuotedWhole() throws {
    let dir = try TemporaryFolder()
    let secret = try dir.write("secret.txt", "root-password-line-that-must-not-be-printed:x:0:0\nmore\n")
    try FileManager.default.createDirectory(atPath: dir.path + "/A/en.lproj", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: dir.path + "/A/en.lproj/Localizable.strings", withDestinationPath: secret)
    // SPEC §14: a table linking out of the repository (no git work tree here: the folder named,
    // A) is not read at all: reported like an unreadable file, exit 2, nothing of it printed.
    let (status, out, err) = try runCLI(["strings", "lint", "A"], in: dir.path)
    #expect(status == 2)
    let boundary = try #require(FileWalk.repositoryBoundary(of: dir.path + "/A"))
    #expect(err.contains("A/en.lproj/Localizable.strings: error: a symbolic link to a file outside the repository being checked ('\(boundary)'): not read"),
            "\(err)")
    #expect(!out.contains("root-password") && !err.contains("root-password"))
    // A link to a table inside the repository is read as before.
    try dir.write("A/Shared/fr.strings", "\"a\" = \"b\";\n")
    try FileManager.default.removeItem(atPath: dir.path + "/A/en.lproj/Localizable.strings")
    try FileManager.default.createSymbolicLink(atPath: dir.path + "/A/en.lproj/Localizable.strings", withDestinationPath: "../Shared/fr.strings")
    let (inside, insideOut, _) = try runCLI(["strings", "lint", "A"], in: dir.path)
    #expect(inside == 0)
    #expect(insideOut == "2 files, 0 errors, 0 warnings\n")
  }
}

/// JSON string escaping for building test payloads.
enum JSONValueTestEscaper {
  static func escape(_ s: String, into out: inout String) {
    let data = try! JSONSerialization.data(withJSONObject: [s], options: [])
    let text = String(decoding: data, as: UTF8.self)
    out += String(text.dropFirst().dropLast())
  }
}
