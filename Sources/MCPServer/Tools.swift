import APNsLint
import PayloadSchema

/// The tools `apns-lint mcp` offers (SPEC §17), their input schemas, and a call's dispatch.
struct Tools {
  /// The workspace every path is confined to.
  let root: WorkspaceRoot
  /// Threads for `lint_strings`' tables.
  let workers: Int
  /// Seconds since 1970: the clock for provider tokens and `apns-expiration`.
  let clock: @Sendable () -> Int64

  /// The tools' names, in the order `tools/list` gives them.
  static let names = ["check_payload", "lint_strings", "render_alert", "explain_rule"]

  /// The result of calling `name` with `arguments`; nil for a tool that does not exist (a
  /// protocol error, not a tool's).
  func call(_ name: String, _ arguments: [String: JSONValue]) -> ToolResult? {
    guard let definition = Self.definitions.first(where: { $0.name == name }) else { return nil }
    do {
      let given = try Arguments(arguments, tool: definition)
      switch name {
      case "check_payload": return try checkPayload(given)
      case "lint_strings": return try lintStrings(given)
      case "render_alert": return try renderAlert(given)
      default: return try explainRule(given)
      }
    } catch {
      return ToolResult(failure: error)
    }
  }

  /// One tool as `tools/list` describes it.
  struct Definition {
    var name: String
    var title: String
    var description: String
    /// Each argument: its name and its JSON Schema.
    var properties: [(String, JSONValue)]
    var required: [String] = []

    var json: JSONValue {
      let schema: JSONValue = [
        "type": "object",
        "properties": .object(Dictionary(properties, uniquingKeysWith: { first, _ in first })),
        "required": .array(required.map { .string($0) }),
        "additionalProperties": false,
      ]
      return [
        "name": .string(name), "title": .string(title), "description": .string(description), "inputSchema": schema,
        "annotations": ["readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false],
      ]
    }
  }

  /// A string argument's schema.
  static func text(_ description: String, choices: [String]? = nil) -> JSONValue {
    var schema: [String: JSONValue] = ["type": "string", "description": .string(description)]
    if let choices { schema["enum"] = .array(choices.map { .string($0) }) }
    return .object(schema)
  }

  /// An integer argument's schema.
  static func integer(_ description: String) -> JSONValue { ["type": "integer", "description": .string(description)] }

  static let payloadArgument = text(
    "The payload's JSON text; or a whole request file's text (a request line such as 'POST /3/device/<token> HTTP/2', header lines, a blank line, the body), as `apns-lint check` reads *.http files. Give this or 'path'.")

  static let definitions: [Definition] = [
    Definition(
      name: "check_payload", title: "Check an APNs payload or request",
      description: "Checks a push payload or a whole HTTP/2 request as apns-lint check does and predicts what APNs would answer (200, or the status and reason it refuses with, such as 400 BadDeviceToken). The result is the JSON `apns-lint check --format json` prints: per input its size, limit, push type, the predicted answer ('apns': status and reason) and each finding with rule, severity, message, line, column and keyPath.",
      properties: [
        ("payload", payloadArgument),
        ("path", text("A payload (*.json, *.apns), request file (*.http) or folder of them inside the workspace, instead of 'payload'.")),
        ("platform", text("The target platform (default: the configuration's, ios).", choices: Platform.allCases.map(\.rawValue))),
        ("push_type", text("apns-push-type; inferred from the payload when omitted.", choices: PushType.allCases.map(\.rawValue))),
        ("topic", text("apns-topic (the app's bundle id, with a suffix for some push types).")),
        ("priority", integer("apns-priority: 10, 5 or 1.")),
        ("os", text("The devices' OS version on the platform ('18.0', '26'): a push type it predates is an error.")),
        ("now", integer("The time the push is sent, in seconds since 1970, as `check --now`: provider-token age, apns-expiration and a Live Activity's timestamp and stale-date are judged against it (default: tokens and apns-expiration against the clock, no payload date against any).")),
      ]),
    Definition(
      name: "lint_strings", title: "Lint localization tables",
      description: "Lints every .strings, .stringsdict and .xcstrings table below a folder of the workspace (or one table) as `apns-lint strings lint --format json`: each table on its own and every localization against the development language (missing translations, format specifiers that differ, syntax errors CoreFoundation refuses).",
      properties: [
        ("path", text("A folder with .lproj tables or String Catalogs, or one table, inside the workspace.")),
        ("development_language", text("The language the others are compared with (default: the configuration's, en).")),
        ("table", text("Lint only this table name (default: every table).")),
      ],
      required: ["path"]),
    Definition(
      name: "render_alert", title: "Render a localized alert",
      description: "Shows what a device with given preferred languages displays for a payload's alert (loc-key, loc-args, title-loc-key… looked up in the app's tables as iOS does), as `apns-lint render --format json`: the language asked, the localization picked, title, subtitle, body, action and the findings for that language. A declarative web push message needs no tables: its notification as Safari shows it.",
      properties: [
        ("payload", text("The payload's JSON text. Give this or 'path'.")),
        ("path", text("A payload file inside the workspace, instead of 'payload'.")),
        ("strings", text("A folder inside the workspace with the app's .lproj tables or .xcstrings.")),
        ("lang", text("One device's preferred languages, comma-separated, most preferred first ('fr-CA,en'); 'all' for every localization (default: the development language).")),
        ("table", text("The table name (default: the configuration's, Localizable).")),
      ]),
    Definition(
      name: "explain_rule", title: "Explain a rule",
      description: "A rule's definition as `apns-lint rules --format json` gives it: id, severity (as the workspace's configuration sets it), category, the APNs answer it predicts (apnsReason, and 'apns' with status and reason), summary, consequence (what happens when the finding is real) and a triggering and a passing example.",
      properties: [("rule", text("A rule id as findings name it, such as 'value-type' or 'device-token-syntax'."))],
      required: ["rule"]),
  ]
}

/// A tool call's arguments, read against the tool's schema: an argument the tool does not take,
/// or one of the wrong type, is the caller's mistake and fails the call.
struct Arguments {
  private let values: [String: JSONValue]

  init(_ values: [String: JSONValue], tool: Tools.Definition) throws(ToolFailure) {
    let known = tool.properties.map(\.0)
    if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
      throw ToolFailure("\(tool.name) takes no argument '\(VisibleText.escape(unknown))'; it takes \(known.map { "'\($0)'" }.joined(separator: ", "))")
    }
    if let missing = tool.required.first(where: { values[$0] == nil || values[$0] == .null }) {
      throw ToolFailure("\(tool.name) needs the argument '\(missing)'")
    }
    self.values = values
  }

  /// A string argument; nil when absent or null.
  func string(_ name: String) throws(ToolFailure) -> String? {
    switch values[name] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default: throw ToolFailure("'\(name)' must be a string")
    }
  }

  /// A string argument that must be given.
  func required(_ name: String) throws(ToolFailure) -> String {
    guard let text = try string(name) else { throw ToolFailure("'\(name)' must be given") }
    return text
  }

  /// An integer argument; nil when absent or null.
  func integer(_ name: String) throws(ToolFailure) -> Int? {
    switch values[name] {
    case nil, .null?: return nil
    case .int(let n)?: return n
    case .number(let d)? where d == d.rounded() && abs(d) < 9e15: return Int(d)
    default: throw ToolFailure("'\(name)' must be an integer")
    }
  }

  /// A string argument that must be one of `T`'s raw values.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(ToolFailure) -> T? where T.RawValue == String {
    guard let text = try string(name) else { return nil }
    guard let value = T(rawValue: text) else {
      throw ToolFailure("'\(name)' is '\(VisibleText.escape(text))'; it must be one of \(T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))")
    }
    return value
  }

  /// `payload`'s text or the file `path` names in the workspace (one of the two), with the path
  /// its results show: the path as given, or `-` for text, as `check` shows standard input.
  func payload(in root: WorkspaceRoot, limit: Int) throws(ToolFailure) -> (bytes: [UInt8], shown: String, isFile: Bool) {
    switch (try string("payload"), try string("path")) {
    case (let text?, nil):
      let bytes = Array(text.utf8)
      guard bytes.count <= limit else { throw ToolFailure("the payload is \(bytes.count) bytes, more than \(limit) (limits.max-input-bytes): not checked") }
      return (bytes, "-", false)
    case (nil, let path?):
      _ = try root.confined(path, argument: "path")
      do {
        return (try root.read(path, limit: limit), path, true)
      } catch {
        throw ToolFailure(error.description)
      }
    default:
      throw ToolFailure("give 'payload' (the text) or 'path' (a file inside the workspace): one of the two")
    }
  }
}

/// What a tool answers: one text item holding the JSON, and the same object as
/// `structuredContent`; `isError` when the call failed (the object then says why in `error`).
struct ToolResult {
  var structured: JSONValue
  var text: String
  var isError: Bool

  /// A report a reporter wrote (pretty-printed JSON): its text as written, and its value.
  init(report text: String) {
    structured = JSONValue.parse(Array(text.utf8)) ?? ["error": "the report is not JSON"]
    self.text = text
    isError = false
  }

  /// A value the tool made itself: its text pretty-printed as the reporters print JSON, members
  /// in key order.
  init(value: JSONValue) {
    structured = value
    text = value.inKeyOrder.text
    isError = false
  }

  /// The report with the run's notes (what the projects and the code decided, which the command
  /// line writes to standard error) as its member `notes`; the same report when there is none.
  func adding(notes: [String]) -> ToolResult {
    guard !notes.isEmpty, case .object(var members) = structured else { return self }
    members.append(("notes", .array(notes.map { .string($0) })))
    var result = self
    result.structured = .object(members)
    result.text = result.structured.text
    return result
  }

  /// A failed call: `{"error": message, …details}`.
  init(failure: ToolFailure) {
    var object = failure.details
    object["error"] = .string(failure.message)
    structured = .object(object)
    text = structured.inKeyOrder.text
    isError = true
  }

  /// The `tools/call` result.
  var json: JSONValue {
    ["content": [["type": "text", "text": .string(text)]], "structuredContent": structured, "isError": .bool(isError)]
  }
}
