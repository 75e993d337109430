import Foundation
import Testing
import TestSupport

/// `apns-lint render` run as users run it.
@Suite struct RenderCLITests {
  @Test func renderAllLeavesTranslatorNotesOut() throws {
    let folder = try TemporaryFolder()
    try folder.write("push.json", #"{"aps": {"alert": {"loc-key": "HI"}}}"#)
    try folder.write("App/en.lproj/Localizable.strings", "\"HI\" = \"Hello\";\n")
    try folder.write("App/fr.lproj/Localizable.strings", "\"HI\" = \"Bonjour\";\n")
    try folder.write("App/qqq.lproj/Localizable.strings", "\"HI\" = \"A greeting; 100% of users see it\";\n")
    let (status, out, _) = try runCLI(["render", folder.path + "/push.json", "--strings", folder.path + "/App", "--lang", "all", "--format", "json"])
    #expect(status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let results = try #require(json["results"] as? [[String: Any]])
    #expect(results.compactMap { $0["localization"] as? String } == ["en", "fr"])
  }}
