import APNsLint
import PayloadSchema

extension LanguageServer {
  /// `textDocument/completion`: at a key of the top level, `aps`, `aps.alert` or `aps.sound`, the
  /// keys Apple defines there (in Apple's order); at the value of a key with a set or a flag
  /// (`interruption-level`, `event`, `content-available`, …), its values.
  func completion(_ uri: String, _ params: JSONValue) -> Result<JSONValue, ResponseError> {
    guard let position = Position(params["position"]) else {
      return .failure(ResponseError(.invalidParams, "params.position is not {line, character}"))
    }
    guard let document = documents[uri], document.kind == .payload || document.kind == .request else {
      return .success(["isIncomplete": false, "items": []])
    }
    let map = LineMap(document.text)
    let offset = map.offset(of: position)
    let start = document.kind == .request ? PayloadCursor.bodyStart(of: document.text) : 0
    var items: [JSONValue] = []
    switch offset >= start ? PayloadCursor.slot(at: offset, in: document.text, from: start) : .none {
    case .key(let container, _, let span, let quoted):
      let range = map.range(span.lowerBound, span.upperBound)
      for key in PayloadKeys.levels[container.joined(separator: ".")] ?? [] {
        items.append(Self.item(label: key.name, kind: 10, newText: quoted ? key.name : "\"\(key.name)\"", range: range,
                               detail: key.types.joined(separator: " or "), key: key, sort: key.order))
      }
    case .value(let container, let name, _, let span, let quoted):
      guard let key = PayloadKeys.key(name, in: container) else { break }
      let range = map.range(span.lowerBound, span.upperBound)
      for (index, value) in Self.offeredValues(key).enumerated() {
        if case .string(let text) = value {
          items.append(Self.item(label: text, kind: 20, newText: quoted ? text : "\"\(text)\"", range: range, detail: key.path, key: key, sort: index))
        } else if !quoted {
          items.append(Self.item(label: value.compact, kind: 12, newText: value.compact, range: range, detail: key.path, key: key, sort: index))
        }
      }
    case .none:
      break
    }
    return .success(["isIncomplete": false, "items": .array(items)])
  }

  /// The values completion offers for a key: its set's strings, and of a flag the value that
  /// turns it on (`1`, `true`); `0` and `false` are what leaving the key out means (`flag-off`).
  static func offeredValues(_ key: PayloadKey) -> [JSONValue] {
    key.values.filter { value in
      switch value {
      case .string, .bool(true), .int(1): return true
      default: return false
      }
    }
  }

  /// A completion item that writes `newText` over `range`.
  static func item(label: String, kind: Int, newText: String, range: TextRange, detail: String, key: PayloadKey, sort: Int) -> JSONValue {
    var item: [String: JSONValue] = [
      "label": .string(label),
      "kind": .int(kind),
      "detail": .string(detail),
      "documentation": ["kind": "markdown", "value": .string(key.markdown)],
      "textEdit": ["range": range.json, "newText": .string(newText)],
      "filterText": .string(label),
      "sortText": .string(String(repeating: "0", count: max(0, 4 - String(sort).count)) + String(sort)),
    ]
    if key.deprecated && kind == 10 { item["tags"] = [1] }
    return .object(item)
  }
}
