import Foundation
import PayloadSchema
import TestSupport
import Testing

/// One catalogue of what APNs and Apple's web push service answer (LintVocabulary's
/// `APNsReason.swift`): a reason is written as a value there and nowhere else in Sources/, every
/// reason has a row, every row cites its source, and the lookups answer what Apple's tables say.
@Suite struct AnswerCatalogueTests {
  /// The one file of Sources/ that spells a reason as a value.
  static let catalogueFile = "LintVocabulary/APNsReason.swift"

  /// Every spelling of a reason: Apple's (the raw values) and the aliases read from the wire.
  static let spellings = Set(APNsReason.allCases.map(\.rawValue)).union(APNsReason.aliases.keys)

  /// The string literals of Swift source without an interpolation, each with the line it opens
  /// on: `"…"`, `#"…"#` (any number of `#`) and `"""…"""` (its text trimmed of the lines' white
  /// space). Comments (`//`, `///`, nested `/* */`) are skipped; an interpolation is read as code,
  /// so a literal inside one (`"\(ok ? "a" : "b")"`) is found too.
  static func stringLiterals(in text: String) -> [(line: Int, text: String)] {
    let b = Array(text.utf8)
    var i = 0, line = 1
    var found: [(line: Int, text: String)] = []
    func at(_ k: Int, _ c: Unicode.Scalar) -> Bool { k < b.count && b[k] == UInt8(ascii: c) }
    func step() { if b[i] == 0x0A { line += 1 }; i += 1 }
    /// Code up to the end, or (in an interpolation) up to its closing parenthesis, which is consumed.
    func code(inInterpolation: Bool) {
      var depth = 0
      while i < b.count {
        if at(i, "/") && at(i + 1, "/") {
          while i < b.count && b[i] != 0x0A { step() }
        } else if at(i, "/") && at(i + 1, "*") {
          var nesting = 0
          repeat {
            if at(i, "/") && at(i + 1, "*") { nesting += 1; step(); step() }
            else if at(i, "*") && at(i + 1, "/") { nesting -= 1; step(); step() }
            else { step() }
          } while nesting > 0 && i < b.count
        } else if at(i, "#") || at(i, "\"") {
          var hashes = 0
          while at(i + hashes, "#") { hashes += 1 }
          if at(i + hashes, "\"") { i += hashes; string(hashes: hashes) } else { step() }
        } else if at(i, "(") {
          depth += 1; step()
        } else if at(i, ")") {
          step()
          if depth == 0 && inInterpolation { return }
          depth -= 1
        } else {
          step()
        }
      }
    }
    /// One literal from its opening quote, `hashes` `#` before it.
    func string(hashes: Int) {
      let opened = line
      var multiline = at(i, "\"") && at(i + 1, "\"") && at(i + 2, "\"")
      if multiline {
        var k = i + 3
        while at(k, " ") || at(k, "\t") { k += 1 }
        multiline = k == b.count || b[k] == 0x0A || b[k] == 0x0D
      }
      let quotes = multiline ? 3 : 1
      i += quotes
      var content: [UInt8] = []
      var interpolated = false
      func closes() -> Bool { (0..<quotes).allSatisfy { at(i + $0, "\"") } && (0..<hashes).allSatisfy { at(i + quotes + $0, "#") } }
      while i < b.count && !closes() {
        if at(i, "\\") && (0..<hashes).allSatisfy({ at(i + 1 + $0, "#") }) {
          let after = i + 1 + hashes
          if at(after, "(") {
            interpolated = true
            while i <= after { step() }
            code(inInterpolation: true)
            continue
          }
          content.append(b[i]); step()
          if i < b.count { content.append(b[i]); step() }
          continue
        }
        content.append(b[i]); step()
      }
      i = min(b.count, i + quotes + hashes)
      guard !interpolated else { return }
      let text = String(decoding: content, as: UTF8.self)
      found.append((opened, multiline ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text))
    }
    code(inInterpolation: false)
    return found
  }

  @Test func theLiteralReaderSeesWhatItMust() {
    let source = #"""
      /// An example: `Response("BadTtl")`.
      let a = "BadTtl" // "BadPath"
      /* "BadPath" /* "BadPath" */ still a comment: "BadPath" */ let b = #"BadPath"#
      let c = "the \(ok ? "MissingTopic" : "none") reason", d = "TTL is \"BadTtl\""
      let help = """
        GOAWAY {"reason":"Shutdown"}
        """
      let e = """
        Shutdown
        """
      let f = ##"a "# b"##
      """#
    let literals = Self.stringLiterals(in: source)
    #expect(literals.map(\.line) == [2, 3, 4, 4, 4, 5, 8, 11])
    #expect(literals.map(\.text) == ["BadTtl", "BadPath", "MissingTopic", "none", #"TTL is \"BadTtl\""#,
                                     #"GOAWAY {"reason":"Shutdown"}"#, "Shutdown", ##"a "# b"##])
    #expect(literals.filter { Self.spellings.contains($0.text) }.map(\.line) == [2, 3, 4, 8])
  }

  /// The guard: a reason is a value of `APNsReason` everywhere but in its catalogue. Prose that
  /// names one inside a longer text (a rule's consequence, a help text) is not a value.
  @Test func aReasonIsWrittenOnlyInTheCatalogue() {
    #expect(HouseRulesTests.sources.count > 100)
    #expect(HouseRulesTests.sources.contains { $0.path == Self.catalogueFile })
    for (path, text) in HouseRulesTests.sources where path != Self.catalogueFile {
      for literal in Self.stringLiterals(in: text) where Self.spellings.contains(literal.text) {
        Issue.record("Sources/\(path):\(literal.line): \"\(literal.text)\" is a reason written outside \(Self.catalogueFile): use APNsReason's case")
      }
    }
  }

  @Test func everyReasonHasARowAndEveryRowItsSource() {
    #expect(APNsReason.allCases.count == 50)
    for reason in APNsReason.allCases {
      #expect(APNsCatalogue.rows.contains { $0.reason == reason }, "\(reason) has no row")
    }
    let keys = APNsCatalogue.rows.map { "\($0.reason?.rawValue ?? String($0.status)) \($0.source.url)" }
    #expect(Set(keys).count == keys.count, "\(keys.filter { k in keys.filter { $0 == k }.count > 1 })")
    for row in APNsCatalogue.rows {
      let url = row.source.url
      let cited = url.hasPrefix("https://developer.apple.com/documentation/") || url.hasPrefix("https://www.rfc-editor.org/rfc/")
        || (url.hasPrefix("docs/") && FileManager.default.fileExists(atPath: packageRoot + "/" + url))
      #expect(cited, "\(row.answer): \(url)")
      #expect(!row.apple.isEmpty && !row.surfaces.isEmpty && !row.source.title.isEmpty, "\(row.answer)")
      #expect((100..<600).contains(row.status), "\(row.answer)")
    }
    for (alias, reason) in APNsReason.aliases {
      #expect(APNsReason(rawValue: alias) == nil && APNsReason(wire: alias) == reason)
    }
  }

  @Test func theLookupsAnswerWhatApplesTablesSay() throws {
    let badDeviceToken = try #require(APNsCatalogue.row(.badDeviceToken, on: .device))
    #expect(badDeviceToken.status == 400 && badDeviceToken.source == .deviceResponses)
    #expect(badDeviceToken.apple == "The specified device token is invalid. Verify that the request contains a valid token and that the token matches the environment.")
    #expect(APNsAnswer(.badDeviceToken) == APNsAnswer(status: 400, reason: "BadDeviceToken"))
    #expect(APNsAnswer(.unregistered, timestamp: 5) == APNsAnswer(status: 410, reason: "Unregistered", timestamp: 5))

    let expired = try #require(APNsCatalogue.row(for: APNsAnswer(status: 410, reason: nil), on: .webPush))
    #expect(expired.reason == nil && expired.source == .webPush && expired.apple == "The device token has expired.")
    #expect(expired.explanation == nil)
    #expect(APNsCatalogue.row(for: APNsAnswer(status: 410, reason: nil), on: .device) == nil)

    #expect(APNsReason(wire: "BadEnvironmentKeyInToken") == .badEnvironmentKeyIdInToken)
    #expect(APNsReason(wire: "Service Unavailable") == .serviceUnavailable)
    #expect(APNsReason(wire: "BadEnvironmentKeyInTokens") == nil)
    let wire = APNsAnswer(status: 403, reason: "BadEnvironmentKeyInToken")
    #expect(wire.knownReason == .badEnvironmentKeyIdInToken)
    #expect(APNsCatalogue.row(for: wire, on: .device)?.apple == "The key ID in the provider token doesn’t match the environment.")
    let decoded = try JSONDecoder().decode([APNsReason].self, from: Data(#"["BadEnvironmentKeyInToken", "Shutdown"]"#.utf8))
    #expect(decoded == [.badEnvironmentKeyIdInToken, .shutdown])
    #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["BadEnvironmentKeyIdInToken","Shutdown"]"#)
    #expect("\(APNsReason.badJwtToken)" == "BadJwtToken")

    // The status of each API: Apple's channel table, web push as docs/behaviour.md reads it, and a
    // token reason on a channel request at the device table's status.
    #expect(APNsAnswer(.channelNotRegistered, on: .channel).status == 400)
    #expect(APNsAnswer(.topicMismatch, on: .broadcast).status == 403)
    #expect(APNsAnswer(.badEnvironmentKeyIdInToken, on: .channel).status == 403)
    #expect(APNsAnswer(.badJwtToken, on: .webPush).status == 403)
    #expect(APNsAnswer(.badPath, on: .webPush).status == 404)
    #expect(APNsCatalogue.row(.badPath, on: .webPush)?.explanation == "no subscription has this endpoint")
    #expect(APNsCatalogue.row(.channelNotRegistered, on: .device) == nil)

    // The channel table `channel` explains with is the catalogue's channel rows.
    #expect(ChannelManagement.documentedReasons.count == 30)
    #expect(ChannelManagement.documented("Service Unavailable")?.meaning == "the service is unavailable; retry later, with back-off")
    #expect(ChannelManagement.documented("ChannelNotRegistered")?.meaning == "the apns-channel-id header used in the request doesn't exist")
  }
}
