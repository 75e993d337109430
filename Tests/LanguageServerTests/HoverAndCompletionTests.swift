import APNsLint
import PayloadSchema
import Foundation
import Testing

@testable import LanguageServer

/// Hover (an Apple key's meaning, a rule's summary, consequence, severity and fix) and completion
/// (the keys of `aps`, `aps.alert`, `aps.sound`; the values of sets and flags), as `apns-lint
/// lsp` answers them (SPEC §19).
@Suite struct HoverAndCompletionTests {
  static func position(_ line: Int, _ character: Int) -> JSONValue { ["line": .int(line), "character": .int(character)] }

  @Test func hoverOnAnApsKeySaysWhatItMeansAndWhatChecksIt() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, "{\"aps\": {\"badge\": 3}}")
    session.request(1, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, 12)])
    let answer = session.run().answer(1)?["result"]
    let value = answer?["contents"]?["value"]?.string ?? ""
    let key = try #require(PayloadKeys.key("badge", in: ["aps"]))
    #expect(value == key.markdown)
    #expect(value.hasPrefix("**aps.badge**: the number on the app's icon; 0 removes the badge"))
    #expect(value.contains("`integer` · minimum 0"))
    #expect(value.contains("value-type: \(PayloadRule.valueType.summary)"))
    #expect(answer?["contents"]?["kind"] == "markdown")
    #expect(answer?["range"] == ["start": ["line": 0, "character": 10], "end": ["line": 0, "character": 15]])
  }

  @Test func hoverOnAnAlertKeyAndASoundKey() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.apns")
    session.open(uri, "{\"aps\": {\n  \"alert\": {\"loc-key\": \"K\"},\n  \"sound\": {\"critical\": 1}\n}}")
    session.request(1, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": Self.position(1, 14)])
    session.request(2, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": Self.position(2, 13)])
    session.request(3, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": Self.position(1, 24)])
    let outcome = session.run()
    #expect(outcome.answer(1)?["result"]?["contents"]?["value"]?.string?.hasPrefix("**aps.alert.loc-key**: the key of the body") == true)
    #expect(outcome.answer(2)?["result"]?["contents"]?["value"]?.string?.hasPrefix("**aps.sound.critical**: `1`: a critical alert") == true)
    // On a value that no diagnostic covers: nothing to say.
    #expect(outcome.answer(3)?["result"] == .null)
  }

  /// Over a diagnostic: its rule, with the severity this finding has and the rule's fix.
  @Test func hoverOnADiagnosticExplainsItsRule() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, #"{"aps": {"badge": "3"}}"#)
    session.request(1, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, 19)])
    let value = session.run().answer(1)?["result"]?["contents"]?["value"]?.string ?? ""
    // A string badge is value-type-ignored, whose severity every finding of it has (issue 53).
    let rule = try #require(Rule.named("value-type-ignored"))
    #expect(value == "**value-type-ignored** · severity: warning\n\n\(rule.summary)\n\n\(rule.consequence)"
      + (rule.fix.explanation.isEmpty ? "" : "\n\nFix: \(rule.fix.explanation)"))
  }

  /// A rule id written anywhere (a configuration, a comment) is explained.
  @Test func hoverOnARuleIdExplainsTheRule() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri(".apns-lint.yml")
    session.open(uri, "rules:\n  sound-format: off\n")
    session.request(1, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": Self.position(1, 5)])
    let answer = session.run().answer(1)?["result"]
    let rule = try #require(Rule.named("sound-format"))
    #expect(answer?["contents"]?["value"]?.string?.hasPrefix("**sound-format** · severity: warning\n\n\(rule.summary)") == true)
    #expect(answer?["range"] == ["start": ["line": 1, "character": 2], "end": ["line": 1, "character": 14]])
  }

  @Test func completionInApsOffersItsKeysInApplesOrder() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, "{\"aps\": {\"\"}}")
    session.request(1, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, 10)])
    let items = session.run().answer(1)?["result"]?["items"]?.array ?? []
    #expect(items.prefix(6).map { $0["label"]?.string ?? "" } == ["alert", "badge", "sound", "thread-id", "category", "target-content-id"])
    #expect(items.count == PayloadKeys.levels["aps"]?.count)
    #expect(items.contains { $0["label"] == "interruption-level" })
    #expect(items.contains { $0["label"] == "content-available" })
    let badge = items.first { $0["label"] == "badge" }
    #expect(badge?["kind"] == 10)
    #expect(badge?["detail"] == "integer")
    // Inside the quotes the editor's auto-pair wrote: the name alone, at the cursor.
    #expect(badge?["textEdit"] == ["range": ["start": ["line": 0, "character": 10], "end": ["line": 0, "character": 10]], "newText": "badge"])
  }

  @Test func completionInAlertAndSoundOffersTheirKeys() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, "{\"aps\": {\"alert\": {\"ti\": 1}, \"sound\": {, }}}")
    session.request(1, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, 22)])
    session.request(2, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, 41)])
    let outcome = session.run()
    let alert = outcome.answer(1)?["result"]?["items"]?.array ?? []
    #expect(alert.first?["label"] == "title")
    #expect(alert.first?["textEdit"]?["range"] == ["start": ["line": 0, "character": 20], "end": ["line": 0, "character": 22]])
    #expect(alert.contains { $0["label"] == "loc-key" })
    #expect(alert.first { $0["label"] == "action-loc-key" }?["tags"] == [1])
    let sound = outcome.answer(2)?["result"]?["items"]?.array ?? []
    #expect(sound.map { $0["label"] } == ["critical", "name", "volume"])
    // Outside quotes: the name with its quotes.
    #expect(sound.first?["textEdit"]?["newText"] == "\"critical\"")
  }

  @Test func completionOfValuesOffersTheSetsAndFlags() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    let text = "{\"aps\": {\"interruption-level\": \"\", \"content-available\": , \"event\": \"up\"}}"
    session.open(uri, text)
    func character(after prefix: String) -> Int { text.components(separatedBy: prefix)[0].utf16.count + prefix.utf16.count }
    session.request(1, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, character(after: "\"interruption-level\": \""))])
    session.request(2, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, character(after: "\"content-available\": "))])
    session.request(3, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, character(after: "\"event\": \"up"))])
    let outcome = session.run()
    #expect(outcome.answer(1)?["result"]?["items"]?.array?.map { $0["label"] } == ["passive", "active", "time-sensitive", "critical"])
    #expect(outcome.answer(2)?["result"]?["items"]?.array?.map { $0["label"] } == ["1"])
    #expect(outcome.answer(2)?["result"]?["items"]?.array?.first?["textEdit"]?["newText"] == "1")
    let event = outcome.answer(3)?["result"]?["items"]?.array ?? []
    #expect(event.map { $0["label"] } == ["start", "update", "end"])
    #expect(event.first?["textEdit"]?["newText"] == "start")
  }

  /// At the top level: `aps`; outside any object, or in a custom key's object: nothing.
  @Test func completionElsewhere() throws {
    let session = try LSPSession()
    session.initialize()
    let uri = session.uri("push.json")
    session.open(uri, "{\"\", \"custom\": {\"\"}}")
    session.request(1, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, 2)])
    session.request(2, "textDocument/completion", ["textDocument": ["uri": .string(uri)], "position": Self.position(0, 17)])
    let outcome = session.run()
    #expect(outcome.answer(1)?["result"]?["items"]?.array?.map { $0["label"] } == ["aps"])
    #expect(outcome.answer(2)?["result"]?["items"] == [])
  }

  /// The hover table has a meaning for every key the schema lists, and no other.
  @Test func everyKeyHasAMeaning() {
    let keys = PayloadKeys.levels.values.flatMap { $0 }.map(\.path)
    #expect(keys.count >= 40)
    for key in keys { #expect(PayloadKeys.meanings[key] != nil, "\(key)") }
    for key in PayloadKeys.meanings.keys { #expect(keys.contains(key), "\(key)") }
  }
}
