import Foundation
import PayloadSchema
import StringsFile
import Testing
@testable import APNsLint

/// `strings-markup` and Markdown: a value written in Markdown (a link `[text](target)`, `**bold**`,
/// `*emphasis*`, `` `code` ``) is meant for a Markdown renderer (SwiftUI's `Text` with a localized
/// key, `AttributedString(markdown:)`, cmark), which decodes an HTML entity as CommonMark does;
/// without such a sign the value is plain text and the entity shows as written. The pattern is Mac
/// Mouse Fix's (`cliquez&nbsp;[ici](%@)`, `…&nbsp;*lentamente*`, rendered through cmark); the table
/// is written here.
@Suite("An HTML entity in Markdown is the renderer's (strings-markup)")
struct MarkupRendererTests {
  @Test func markdownValuesAreLeftToTheirRenderer() throws {
    let folder = TableFolder()
    try folder.write("en.lproj/Localizable.strings", """
      "LINK" = "If you have **problems**, click [here](%@)";
      "SLOW" = "Scroll by moving the wheel *slowly*";
      "CODE" = "Type `list` to see them";
      "PLAIN" = "Help & Feedback";
      "SNAKE" = "Use snake_case names";
      "TIMES" = "5 * 3 & 4";

      """)
    try folder.write("fr.lproj/Localizable.strings", """
      "LINK" = "Si vous rencontrez des **problèmes**, cliquez&nbsp;[ici](%@)";
      "SLOW" = "Faites défiler la molette&nbsp;*lentement*";
      "CODE" = "Tapez&nbsp;`list` pour les voir";
      "PLAIN" = "Aide &amp; commentaires";
      "SNAKE" = "Utilisez des noms snake_case&nbsp;ici";
      "TIMES" = "5 * 3 &amp; 4";

      """)
    let root = folder.root.path
    let files = try StringsLint.lint(root: root, developmentLanguage: "en")
    let french = try #require(files.first { $0.path.hasSuffix("fr.lproj/Localizable.strings") })
    #expect(french.findings.filter { $0.rule == RuleID(TableRule.markup) }.map { "\($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-"): \($0.message)" } == [
      "warning 4:1 PLAIN: 'PLAIN' holds the HTML entity '&amp;': a table value is not HTML, so the device shows it as written; write '&' ('Aide &amp; commentaires')",
      "warning 5:1 SNAKE: 'SNAKE' holds the HTML entity '&nbsp;': a table value is not HTML, so the device shows it as written; write the character itself (U+00A0, a no-break space) ('Utilisez des noms snake_case&nbsp;ici')",
      "warning 6:1 TIMES: 'TIMES' holds the HTML entity '&amp;': a table value is not HTML, so the device shows it as written; write '&' ('5 * 3 &amp; 4')",
    ])
  }

  @Test func whatCountsAsMarkdown() {
    func markdown(_ text: String) -> Bool { StringsLint.hasMarkdown(Array(text.unicodeScalars)) }
    #expect(markdown("[ici](%@)"))
    #expect(markdown("__gras__ et ~~barré~~ x"))
    #expect(markdown("_lentement_"))
    #expect(!markdown("a [note] (see below)"))
    #expect(!markdown("file_name_here"))
    #expect(!markdown("2 * 3 = 6, 4 * 5"))
    #expect(!markdown("one `tick"))
  }
}
