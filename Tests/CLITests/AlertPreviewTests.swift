import Foundation
import StringsFile
import Testing
import TestSupport
@testable import apns_lint
@testable import APNsLint
import PayloadSchema

@Suite("render: what devices with given languages show")
struct AlertPreviewTests {
  static let payload = Array(
    #"{"aps": {"alert": {"title-loc-key": "NEW_MESSAGE_TITLE", "loc-key": "FILE_RECEIVED", "loc-args": ["Jenna", "photo.jpg"], "action-loc-key": "ACTION_VIEW"}}}"#
      .utf8)
  static let demo = Result { try LocalizationBundle(root: localizationFixtures.appendingPathComponent("DemoApp").path) }

  /// Each language is one device, as `--lang a --lang b` says.
  func run(_ languages: [String], payload: [UInt8] = payload, configuration: Configuration = .builtIn) throws -> [RenderResult] {
    AlertPreview.render(payload: payload, path: "push.json", bundle: try Self.demo.get(), devices: languages.map { [$0] }, configuration: configuration)
  }

  @Test func jsonFieldForField() throws {
    #expect(RenderReporter.json(try run(["fr-CA", "es"])) == """
      {
        "results": [
          {
            "language": "fr-CA",
            "localization": "fr",
            "title": "Nouveau message",
            "subtitle": null,
            "body": "photo.jpg reçu de Jenna",
            "action": "Voir",
            "diagnostics": [
              {
                "rule": "deprecated-key",
                "severity": "info",
                "message": "'action-loc-key' is deprecated; iOS ignores it",
                "line": 1,
                "column": 122,
                "keyPath": "aps.alert.action-loc-key"
              }
            ]
          },
          {
            "language": "es",
            "localization": "es",
            "title": "Mensaje nuevo",
            "subtitle": null,
            "body": "FILE_RECEIVED",
            "action": "Ver",
            "diagnostics": [
              {
                "rule": "deprecated-key",
                "severity": "info",
                "message": "'action-loc-key' is deprecated; iOS ignores it",
                "line": 1,
                "column": 122,
                "keyPath": "aps.alert.action-loc-key"
              },
              {
                "rule": "loc-key-untranslated",
                "severity": "warning",
                "message": "'FILE_RECEIVED' is not translated in 'es': devices using it show the raw key",
                "line": 1,
                "column": 69,
                "keyPath": "aps.alert.loc-key"
              }
            ]
          }
        ]
      }

      """)
  }

  @Test func allGivesOneResultPerLocalization() throws {
    let results = try run(["all"])
    #expect(results.map(\.language) == ["de", "en", "es", "fr"])
    #expect(results.map(\.localization) == ["de", "en", "es", "fr"])
    #expect(results.map(\.body) == ["photo.jpg von Jenna empfangen", "photo.jpg received from Jenna", "FILE_RECEIVED", "photo.jpg reçu de Jenna"])
  }

  @Test func fallbacksAndDefaults() throws {
    let results = try run(["ja", "de-AT"])
    #expect(results.map(\.localization) == ["en", "de"])
    #expect(results.map(\.title) == ["New message", "Neue Nachricht"])
    // No --lang: the development language.
    #expect(try run([]).map(\.language) == ["en"])
    // No localization at all: the keys.
    let empty = AlertPreview.render(
      payload: Self.payload, path: "push.json", bundle: LocalizationBundle(localizations: []), devices: [["fr"]], configuration: .builtIn)
    #expect(empty.map(\.localization) == [nil])
    #expect(empty.first.map { [$0.title, $0.body, $0.action] } == ["NEW_MESSAGE_TITLE", "FILE_RECEIVED", "ACTION_VIEW"])
  }

  @Test func severitiesComeFromTheConfiguration() throws {
    var configuration = Configuration.builtIn
    configuration.levels[RuleID(PayloadRule.deprecatedKey)] = .off
    configuration.levels[RuleID(LocalizationRule.locKeyUntranslated)] = .on(.error)
    let results = try run(["es"], configuration: configuration)
    #expect(results.first?.findings.map { "\($0.rule) \($0.severity)" } == ["loc-key-untranslated error"])
  }

  @Test func brokenPayloadRendersNothingAndSaysWhy() throws {
    let results = try run(["en"], payload: Array(#"{"aps": {"alert": "Hi",}}"#.utf8))
    #expect(results.first?.body == nil)
    #expect(results.first?.findings.first?.rule.rawValue == "json-syntax")
  }

  @Test func plainStringAlertIsTheBody() throws {
    let results = try run(["fr"], payload: Array(#"{"aps": {"alert": "Hello %@"}}"#.utf8))
    #expect(results.first.map { [$0.title, $0.subtitle, $0.body, $0.action] } == [nil, nil, "Hello %@", nil])
    #expect(results.first?.findings == [])
  }

  @Test func textCard() throws {
    #expect(RenderReporter.text(try run(["fr-CA", "ja"])) == """
      push.json, fr-CA → fr
        title:    Nouveau message
        subtitle: —
        body:     photo.jpg reçu de Jenna
        action:   Voir
        1:122: info: 'action-loc-key' is deprecated; iOS ignores it [deprecated-key]

      push.json, ja → en
        title:    New message
        subtitle: —
        body:     photo.jpg received from Jenna
        action:   View
        1:122: info: 'action-loc-key' is deprecated; iOS ignores it [deprecated-key]

      """)
  }

  /// SPEC §8: one --lang is one device's preference list; repeated, several devices.
  @Test func langIsOneDevicePerOption() throws {
    let (status, out, _) = try runCLI(["render", "Fixtures/payloads/localized/file-received.json", "--strings", "Fixtures/Localizations/DemoApp",
                                       "--lang", "ja,fr", "--lang", "ja", "--format", "json"])
    #expect(status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let results = try #require(root["results"] as? [[String: Any]])
    #expect(results.map { $0["language"] as? String } == ["ja,fr", "ja"])
    #expect(results.map { $0["localization"] as? String } == ["fr", "en"])
  }
}

/// `render --format html`: everything read from an input is escaped, right-to-left devices get a
/// right-to-left banner, and the page loads nothing (the browser check is scripts/checks/60-render-html).
@Suite struct RenderHTMLTests {
  @Test func inputIsEscapedAndThePageIsSelfContained() throws {
    let payload = #"{"aps":{"alert":{"title":"<script>alert('x')</script> & \"q\"","body":"line 1\nline 2\u0007"}}}"#
    let (status, out, err) = try runCLI(
      ["render", "-", "--strings", "Fixtures/Localizations/DemoApp", "--lang", "en", "--lang", "ar-EG",
       "--format", "html", "--app-name", "<img src=x onerror=alert(1)>"],
      stdin: Data(payload.utf8))
    #expect(status == 0, "\(err)")
    #expect(out.hasPrefix("<!DOCTYPE html>"))
    #expect(!out.contains("<script"), "no script element, from the input or otherwise")
    #expect(!out.contains("<img"))
    #expect(out.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"))
    #expect(out.contains("&lt;img src=x onerror=alert(1)&gt;"))
    #expect(out.contains("line 1\nline 2\\u{7}"), "line breaks kept, other controls shown as escapes")
    #expect(out.components(separatedBy: "<section class=\"card").count - 1 == 2)
    #expect(out.contains("<article class=\"banner\" dir=\"rtl\""), "an Arabic device lays the banner out right to left")
    #expect(out.contains("<article class=\"banner\" dir=\"ltr\""))
    for external in ["http://", "https://", "<link", "url("] { #expect(!out.contains(external)) }
  }

  /// The page's bytes for the BannerApp fixture (long German text, Arabic and Hebrew, a missing
  /// Japanese key, French falling back to English, an app name to escape), compared with
  /// `Snapshots/render.html`, so that moving the card between modules cannot change it unnoticed.
  /// `UPDATE_SNAPSHOTS=1` rewrites the snapshot.
  @Test func matchesSnapshot() throws {
    let (status, out, err) = try runCLI(
      ["render", "Fixtures/payloads/localized/order-shipped.json", "--strings", "Fixtures/Localizations/BannerApp",
       "--table", "Notifications", "--lang", "en", "--lang", "de", "--lang", "ar", "--lang", "he-IL,en", "--lang", "ja",
       "--lang", "fr", "--format", "html", "--app-name", #"Parcel <Tracker> & "Co""#])
    #expect(status == 0, "the Japanese table misses a key: a warning")
    #expect(err.isEmpty, "\(err)")
    let snapshot = packageRoot + "/Tests/APNsLintTests/Snapshots/render.html"
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] != nil {
      try out.write(toFile: snapshot, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOfFile: snapshot, encoding: .utf8)
    #expect(out == expected)
  }
}
