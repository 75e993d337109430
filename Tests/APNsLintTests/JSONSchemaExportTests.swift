@testable import APNsLint
import PayloadSchema
import Testing

/// `apns-lint schema` (SPEC §15): generated from the key table, so every key is in it with its
/// type, set and range. Agreement with `check` over the fixtures is scripts/checks/86-schema's.
@Suite("JSON Schema export")
struct JSONSchemaExportTests {
  @Test func everyApsKeyIsInTheGenericSchemaAndNoOther() {
    let text = PayloadJSONSchema.document()
    for spec in Schema.aps {
      #expect(text.contains("\"\(spec.name)\": {\n"), "aps key \(spec.name)")
    }
    #expect(text.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"))
    #expect(text.contains("\"Simulator Target Bundle\": {\n"))
  }

  @Test func badgeIsAWholeNumberAtLeastZero() {
    let text = PayloadJSONSchema.document(pushType: .alert)
    let badge = [
      "        \"badge\": {",
      "          \"description\": \"'badge'. value-type: \(PayloadRule.valueType.summary.replacingQuotes); value-range: \(PayloadRule.valueRange.summary)\",",
      "          \"type\": \"integer\",",
      "          \"minimum\": 0",
      "        },",
    ].joined(separator: "\n")
    #expect(text.contains(badge))
  }

  @Test func safariKeepsOnlyItsAlertKeys() {
    guard case .object(let root) = PayloadJSONSchema.schema(pushType: .alert, platform: .safari),
          case .object(let properties)? = root.first(where: { $0.0 == "properties" })?.1,
          case .object(let aps)? = properties.first(where: { $0.0 == "aps" })?.1,
          case .object(let apsProperties)? = aps.first(where: { $0.0 == "properties" })?.1,
          case .object(let alert)? = apsProperties.first(where: { $0.0 == "alert" })?.1,
          case .object(let alertProperties)? = alert.first(where: { $0.0 == "properties" })?.1 else {
      Issue.record("unexpected shape")
      return
    }
    #expect(alertProperties.map(\.0) == ["title", "body", "action"])
    // No Live Activity keys on Safari; url-args only there.
    #expect(apsProperties.map(\.0) == ["alert", "badge", "sound", "thread-id", "category", "target-content-id", "filter-criteria",
                                       "content-available", "mutable-content", "interruption-level", "relevance-score",
                                       "content-changed", "url-args"])
  }
}

extension String {
  /// The summary as the schema writes it inside a JSON string: `"` escaped.
  var replacingQuotes: String {
    var out = ""
    for c in self { out += c == "\"" ? "\\\"" : String(c) }
    return out
  }
}
