import Foundation
import Testing
import TestSupport

/// `apns-lint render` run as users run it.
@Suite struct RenderCLITests {
  /// An accessory push shows nothing on the iPhone (the system decrypts it for the accessory's data
  /// provider extension): render says so without tables, for the push type given, its topic or
  /// inferred, and lists the findings; its exit status is check's.
  @Test func anAccessoryPushRendersAsNothingShown() throws {
    let folder = try TemporaryFolder()
    try folder.write("reply.json", #"{"aps": {"encryptedData": "c2VhbGVkIHJlcGx5", "sessionIdentifier": "9B2D6E0A-51C4-4F7B-8A0E-3C5D7F1B2A44", "keyID": "a2V5LTE=", "messageIndex": "7"}}"#)
    let why = "an accessory push shows nothing on the iPhone: the system decrypts it and hands it to the accessory's data provider extension, which forwards it to the accessory"
    for flags in [[], ["--push-type", "accessory"], ["--topic", "com.example.app.push-type.accessory"]] {
      let (status, out, err) = try runCLI(["render", folder.path + "/reply.json"] + flags)
      #expect(status == 0, "\(err)")
      #expect(out == folder.path + "/reply.json: " + why + "\n")
    }
    let (status, out, _) = try runCLI(["render", folder.path + "/reply.json", "--format", "json"])
    #expect(status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    #expect(json["pushType"] as? String == "accessory")
    #expect(json["shows"] as? String == why)
    #expect((json["diagnostics"] as? [Any])?.isEmpty == true)
    try folder.write("broken.json", #"{"aps": {"encryptedData": "c2Vh", "sessionIdentifier": "9B2D", "keyID": "a2V5"}}"#)
    let broken = try runCLI(["render", folder.path + "/broken.json", "--push-type", "accessory"])
    #expect(broken.status == 1)
    #expect(broken.out.hasSuffix("/broken.json:1:9: error: an accessory push's 'aps' needs 'encryptedData', 'sessionIdentifier', 'keyID' and 'messageIndex' (Apple, \"Responding to forwarded notifications\"); without 'messageIndex' the system cannot decrypt the accessory's response, so it is dropped [accessory-fields]\n"))
    let html = try runCLI(["render", folder.path + "/reply.json", "--format", "html"])
    #expect(html.status == 0)
    #expect(html.out.contains("<p class=\"nothing\">nothing to show</p>"))
    // Any other push still needs its tables.
    try folder.write("alert.json", #"{"aps": {"alert": "Hi"}}"#)
    #expect(try runCLI(["render", folder.path + "/alert.json"]).status == 2)
  }

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
