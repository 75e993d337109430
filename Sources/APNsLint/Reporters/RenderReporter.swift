import PayloadSchema
import StringsFile

/// `apns-lint render`'s output (SPEC §8): the `AlertPreview` results as JSON or as text cards.
public enum RenderReporter {
  /// SPEC §8: `{"results": [{"language", "localization", "title", "subtitle", "body", "action",
  /// "diagnostics": [{"rule", "severity", "message", "line", "column", "keyPath"}]}]}`, pretty-printed,
  /// ending in a newline.
  public static func json(_ results: [RenderResult]) -> String {
    JSONValue.object([
      ("results", .array(results.map { result in
        .object([
          ("language", .string(result.language)),
          ("localization", .optional(result.localization)),
          ("title", .optional(result.title)),
          ("subtitle", .optional(result.subtitle)),
          ("body", .optional(result.body)),
          ("action", .optional(result.action)),
          ("diagnostics", .array(result.findings.map(LocalizationOutput.json))),
        ])
      }))
    ]).text
  }

  /// A small card per language:
  ///
  ///     push.json, fr-CA → fr
  ///       title:    Nouveau message
  ///       subtitle: —
  ///       body:     photo.jpg reçu de Jenna
  ///       action:   Voir
  ///       3:14: warning: … [loc-key-untranslated]
  ///
  /// Cards are separated by a blank line; `—` marks a field the alert does not have.
  public static func text(_ results: [RenderResult]) -> String {
    var cards: [String] = []
    for result in results {
      var card = "\(VisibleText.escape(result.path)), \(VisibleText.escape(result.language)) → \(result.localization.map(VisibleText.escape) ?? "no localization")\n"
      for (label, value) in [("title", result.title), ("subtitle", result.subtitle), ("body", result.body), ("action", result.action)] {
        let padded = label + ":" + String(repeating: " ", count: 9 - label.count)
        card += "  \(padded)\(value.map(VisibleText.escape) ?? "—")\n"
      }
      for diagnostic in result.findings { card += "  \(LocalizationOutput.line(diagnostic))\n" }
      cards.append(card)
    }
    return cards.joined(separator: "\n")
  }
}
