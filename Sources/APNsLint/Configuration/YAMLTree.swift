import CYAML

// The configuration reader's first stage: libyaml's event API turned into a small tree of scalars,
// lists and mappings, each with its 1-based position. Only the subset a configuration needs is
// accepted: one document, string keys, no anchors, aliases or tags, at most `maxDepth` levels.
// The tree is built with an explicit stack, so no input controls recursion; reading stops at the
// first problem.

/// A 1-based position in a YAML file; columns count Unicode scalars, as libyaml's marks do.
struct YAMLMark: Sendable, Equatable {
  var line: Int
  var column: Int

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  init(_ mark: yaml_mark_t) {
    line = mark.line + 1
    column = mark.column + 1
  }
}

/// A scalar with its text, its position and whether it was written plain (unquoted).
struct YAMLScalar: Sendable, Equatable {
  var text: String
  var mark: YAMLMark
  /// Plain scalars are the only ones that can mean `true`, `false`, a number or null.
  var isPlain: Bool

  /// A plain empty scalar, `~` or `null`: a key written without a value.
  var isNull: Bool { isPlain && ["", "~", "null", "Null", "NULL"].contains(text) }
}

/// One `key: value` of a mapping, in file order.
struct YAMLEntry: Sendable, Equatable {
  var key: YAMLScalar
  var value: YAMLNode
}

/// A node of the configuration's YAML tree.
enum YAMLNode: Sendable, Equatable {
  case scalar(YAMLScalar)
  case sequence([YAMLNode], YAMLMark)
  case mapping([YAMLEntry], YAMLMark)

  /// Where the node starts.
  var mark: YAMLMark {
    switch self {
    case .scalar(let s): s.mark
    case .sequence(_, let m), .mapping(_, let m): m
    }
  }

  /// How messages name the node when it is not what was expected.
  var found: String {
    switch self {
    case .scalar(let s): s.isNull ? "nothing" : s.isPlain ? "'\(s.text)'" : "the string '\(s.text)'"
    case .sequence: "a list"
    case .mapping: "a mapping"
    }
  }
}

/// Reads YAML text into a `YAMLNode` tree with libyaml's event parser.
enum YAMLTreeReader {
  /// The deepest nesting of lists and mappings a configuration may have.
  static let maxDepth = 32

  /// Parses `text`; returns nil for a stream with no document (empty, or only comments).
  static func read(_ text: String, path: String) throws(ConfigurationError) -> YAMLNode? {
    let bytes = Array(text.utf8)
    if bytes.isEmpty { return nil }
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<YAMLNode?, ConfigurationError> in
      guard let base = buffer.baseAddress else { return .success(nil) }
      return parse(base, count: buffer.count, path: path)
    }
    return try result.get()
  }

  private static func parse(_ base: UnsafePointer<UInt8>, count: Int, path: String) -> Result<YAMLNode?, ConfigurationError> {
    func failure(_ mark: YAMLMark, _ message: String) -> Result<YAMLNode?, ConfigurationError> {
      .failure(ConfigurationError(path: path, line: mark.line, column: mark.column, message: message))
    }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      return failure(YAMLMark(line: 1, column: 1), "cannot start the YAML parser (out of memory)")
    }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_input_string(&parser, base, count)
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

    var builder = TreeBuilder()
    var documents = 0
    while true {
      var event = yaml_event_t()
      guard yaml_parser_parse(&parser, &event) == 1 else {
        return .failure(syntaxError(parser, path: path))
      }
      defer { yaml_event_delete(&event) }
      let mark = YAMLMark(event.start_mark)
      switch event.type {
      case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
        continue
      case YAML_STREAM_END_EVENT:
        return .success(builder.root)
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 { return failure(mark, "more than one YAML document; a configuration is one document") }
      case YAML_ALIAS_EVENT:
        return failure(mark, "aliases are not allowed ('*\(string(event.data.alias.anchor))')")
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        if let anchor = scalar.anchor { return failure(mark, "anchors are not allowed ('&\(string(anchor))')") }
        if let tag = scalar.tag { return failure(mark, "tags are not allowed ('\(string(tag))')") }
        let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
        let node = YAMLScalar(text: text, mark: mark, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
        if let message = builder.add(.scalar(node)) { return failure(mark, message) }
      case YAML_SEQUENCE_START_EVENT:
        let start = event.data.sequence_start
        if let anchor = start.anchor { return failure(mark, "anchors are not allowed ('&\(string(anchor))')") }
        if let tag = start.tag { return failure(mark, "tags are not allowed ('\(string(tag))')") }
        if let message = builder.open(isMapping: false, at: mark) { return failure(mark, message) }
      case YAML_MAPPING_START_EVENT:
        let start = event.data.mapping_start
        if let anchor = start.anchor { return failure(mark, "anchors are not allowed ('&\(string(anchor))')") }
        if let tag = start.tag { return failure(mark, "tags are not allowed ('\(string(tag))')") }
        if let message = builder.open(isMapping: true, at: mark) { return failure(mark, message) }
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        if let (message, at) = builder.close() { return failure(at, message) }
      default:
        return failure(mark, "unexpected YAML event")
      }
    }
  }

  /// libyaml's own message, at its problem mark, with the context it gives.
  private static func syntaxError(_ parser: yaml_parser_t, path: String) -> ConfigurationError {
    let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
    var message = problem
    if let context = parser.context {
      let at = YAMLMark(parser.context_mark)
      message += " (\(String(cString: context)) at line \(at.line), column \(at.column))"
    }
    // Reader errors (bad encoding) carry an offset, not a mark; the caller checks UTF-8 first.
    let mark = parser.error == YAML_READER_ERROR ? YAMLMark(line: 1, column: 1) : YAMLMark(parser.problem_mark)
    return ConfigurationError(path: path, line: mark.line, column: mark.column, message: message)
  }

  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
    guard let pointer else { return "" }
    return String(cString: pointer)
  }
}

/// Assembles nodes from events with an explicit stack of open lists and mappings.
private struct TreeBuilder {
  private struct Frame {
    var isMapping: Bool
    var mark: YAMLMark
    var items: [YAMLNode] = []
    var entries: [YAMLEntry] = []
    var pendingKey: YAMLScalar?
    var seen: [String: YAMLMark] = [:]
  }

  private var stack: [Frame] = []
  private(set) var root: YAMLNode?

  /// Opens a list or mapping; returns a message when it cannot be.
  mutating func open(isMapping: Bool, at mark: YAMLMark) -> String? {
    if let top = stack.last, top.isMapping, top.pendingKey == nil {
      return "keys must be plain strings, found \(isMapping ? "a mapping" : "a list")"
    }
    if stack.count >= YAMLTreeReader.maxDepth {
      return "nesting deeper than \(YAMLTreeReader.maxDepth) levels"
    }
    stack.append(Frame(isMapping: isMapping, mark: mark))
    return nil
  }

  /// Closes the innermost list or mapping and adds it to its parent.
  mutating func close() -> (String, YAMLMark)? {
    guard let frame = stack.popLast() else { return ("unbalanced YAML events", YAMLMark(line: 1, column: 1)) }
    let node: YAMLNode = frame.isMapping ? .mapping(frame.entries, frame.mark) : .sequence(frame.items, frame.mark)
    return add(node).map { ($0, frame.mark) }
  }

  /// Adds a finished node to the innermost open container (or makes it the root).
  mutating func add(_ node: YAMLNode) -> String? {
    guard var top = stack.popLast() else {
      root = node
      return nil
    }
    defer { stack.append(top) }
    guard top.isMapping else {
      top.items.append(node)
      return nil
    }
    if let key = top.pendingKey {
      top.entries.append(YAMLEntry(key: key, value: node))
      top.pendingKey = nil
      return nil
    }
    guard case .scalar(let key) = node else { return "keys must be plain strings, found \(node.found)" }
    if let first = top.seen[key.text] {
      return "duplicate key '\(key.text)' (first at line \(first.line), column \(first.column))"
    }
    top.seen[key.text] = key.mark
    top.pendingKey = key
    return nil
  }
}
