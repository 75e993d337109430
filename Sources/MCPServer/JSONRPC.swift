import APNsLint

/// A JSON-RPC error answer (JSON-RPC 2.0 §5.1): the code, a message for a person, and data.
struct JSONRPCError: Error, Sendable, Equatable {
  /// Not JSON, or not UTF-8.
  static let parseError = -32700
  /// JSON, but not a request: no `jsonrpc: "2.0"`, no method, an id that is neither a string nor
  /// a number, a message larger than the server reads.
  static let invalidRequest = -32600
  /// A method the server does not have.
  static let methodNotFound = -32601
  /// Parameters the method cannot take (an unknown tool included, as MCP says).
  static let invalidParams = -32602

  var code: Int
  var message: String
  var data: JSONValue? = nil

  /// The error answer to the request `id` (null when the request's id could not be read).
  func answer(to id: JSONValue) -> JSONValue {
    var error: [String: JSONValue] = ["code": .int(code), "message": .string(message)]
    if let data { error["data"] = data }
    return ["jsonrpc": "2.0", "id": id, "error": .object(error)]
  }
}
