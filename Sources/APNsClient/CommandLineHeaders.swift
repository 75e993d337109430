// The command line's headers (`check`, `send`, and a request file's defaults in `send --batch`):
// curl's `-H 'name: value'`, and the target options (`--topic`, `--push-type`…), which yield to a
// header given by name. Not PayloadSchema's: it checks requests, it does not read command lines.

import PayloadSchema

extension RequestHeader {
  /// A header as curl's `-H 'name: value'` gives it: the name before the first colon, the value
  /// after it without surrounding white space (any Unicode white space, a no-break space
  /// included). Nil when there is no colon or no name before it.
  public init?(commandLine text: String) {
    guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
    let value = text[text.index(after: colon)...].drop { $0.isWhitespace }
    var end = value.endIndex
    while end > value.startIndex, value[value.index(before: end)].isWhitespace { end = value.index(before: end) }
    self.init(String(text[..<colon]), String(value[..<end]))
  }
}

extension Array where Element == RequestHeader {
  /// Appends `name: value` unless `value` is nil or a header of that name (in any case) is
  /// already there: a command line's `--topic`, `--push-type`… yield to a `-H` or a request
  /// file's header of the same name.
  public mutating func addUnlessPresent(_ name: String, _ value: String?) {
    guard let value, !contains(where: { $0.name.lowercased() == name.lowercased() }) else { return }
    append(RequestHeader(name, value))
  }
}
