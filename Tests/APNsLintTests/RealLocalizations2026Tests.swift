import Foundation
import Testing
import TestSupport
@testable import APNsLint

/// `strings lint` on the five apps collected for SPEC §14 (Fixtures/RealLocalizations, see
/// SOURCES.tsv and docs/accuracy-localization.md): every finding by rule, each judged by CLDR and
/// Apple's documentation there. No error on any of them. The apps' files are real material, read
/// from the shared folder (`RealMaterial`); skipped without it.
@Suite("strings lint on real catalogs and .stringsdict files (SPEC §14)", .enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
struct RealLocalizations2026Tests {
  static func counts(_ app: String) throws -> [String: Int] {
    let root = RealMaterial.path("Fixtures/RealLocalizations/" + app)
    var counts: [String: Int] = [:]
    for file in try StringsLint.lint(root: root) {
      // Counted by the rule as it was when counted apart from the tool: a part (issue 53,
      // strings-needs-review-as-written) by its group.
      for finding in file.findings { counts[(Rule.named(finding.rule.rawValue)?.group ?? finding.rule).rawValue, default: 0] += 1 }
    }
    return counts
  }

  @Test func whisky() throws {
    // 21 translations in state new (one finding per key and language), one key Xcode marks stale;
    // 8 languages keep some English text (button titles, names: information).
    #expect(try Self.counts("Whisky") == ["strings-missing-translation": 21, "strings-stale": 1, "strings-development-copy": 8])
  }

  @Test func loop() throws {
    // 84 translations absent, 30 in state needs_review (counted apart from the tool: same numbers).
    #expect(try Self.counts("Loop") == ["strings-missing-translation": 84, "strings-needs-review": 30])
  }

  @Test func linearMouse() throws {
    // he 'many' in the two plurals: CLDR 47 has no 'many' for Hebrew (info).
    // 10 languages keep some English text (the modifier keys' names: information).
    #expect(try Self.counts("LinearMouse") == ["strings-missing-translation": 4, "strings-plural-unused": 2, "strings-stale": 1,
                                              "strings-development-copy": 10])
  }

  @Test func elementX() throws {
    // cs 'common_replies' with only its 'other' form translated (one and few missing); ko 'one'.
    // Not counted: the English one/other entries copied unchanged into be, cs, lt, ru, uk (80:
    // their missing few and many fall back to the same English 'other' the copy shows for every
    // count), and the entries whose forms all read the same ('%d selected', '%d Banned').
    #expect(try Self.counts("ElementX") == ["strings-plural-missing": 2, "strings-plural-unused": 5])
  }

  @Test func mastodon() throws {
    // 'one' forms writing "1" in be, ru (one covers 21, 31) and fr (one covers 0).
    #expect(try Self.counts("mastodon-ios") == ["strings-plural-one-digit": 74])
  }
}
