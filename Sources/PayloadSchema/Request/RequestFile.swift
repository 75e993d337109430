/// Reads request files (`*.http`, SPEC §9): the format editors' REST clients use.
///
/// ```http
/// # a comment
/// POST /3/device/0d2f…9a1c HTTP/2
/// apns-topic: com.example.app
/// apns-push-type: alert
///
/// {"aps": {"alert": "Hello"}}
/// ```
///
/// A request line (`METHOD TARGET [HTTP/2]`, the target a path or a whole URL), header lines
/// `name: value`, a blank line, then the body as it is sent, up to a line `###` (which starts the
/// next request) or the end of the file. The line break that ends the body's last line is not part
/// of the body. Lines starting with `#` or `//` before a request line are comments.
public enum RequestFile {
  /// One request of a file, with where its parts stand.
  public struct Entry: Sendable, Hashable {
    public var request: APNsRequest
    /// The 1-based line of the request line.
    public var line: Int
    /// For each header: the 1-based line, and the column where its value starts.
    public var headerPositions: [SourcePosition]
    /// The 1-based line the body starts on (the line after the blank line).
    public var bodyLine: Int
    /// The APNs environment the request line's URL names by its host
    /// (`https://api.sandbox.push.apple.com/3/device/…`); nil for a bare path or another host.
    public var environment: PushEnvironment? = nil

    /// - Parameter line: 0 for a request made of a payload file and options: then findings about
    ///   the method, path and headers stand at line 1, column 1.
    public init(request: APNsRequest, line: Int, headerPositions: [SourcePosition] = [], bodyLine: Int = 1) {
      self.request = request
      self.line = line
      self.headerPositions = headerPositions
      self.bodyLine = bodyLine
    }

    /// Where a finding of `RequestValidator` stands in the file: a header's value, the request
    /// line's target (`:path`) or method, or a place in the body (shifted to the body's line).
    public func position(of finding: Finding) -> SourcePosition {
      if finding.line > 0 { return SourcePosition(line: finding.line + bodyLine - 1, column: finding.column) }
      if line == 0 { return SourcePosition(line: 1, column: 1) }
      if let h = finding.header, h < headerPositions.count { return headerPositions[h] }
      if finding.keyPath == ":path" { return SourcePosition(line: line, column: request.method.count + 2) }
      return SourcePosition(line: line, column: 1)
    }

    /// Moves each finding of `RequestValidator` on this request to its place in the file
    /// (`position(of:)`): what `check` and `send` report for a request file.
    public func place(_ findings: inout [Finding]) {
      for i in findings.indices {
        let p = position(of: findings[i])
        findings[i].line = p.line
        findings[i].column = p.column
      }
    }
  }

  /// Why a request file cannot be read, and where.
  public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "\(line):\(column): \(message)" }
  }

  /// The requests of a file, or the first place it cannot be read. Memory is linear in the file.
  public static func parse(_ bytes: [UInt8]) -> Result<[Entry], SyntaxError> {
    var entries: [Entry] = []
    var lines = LineCursor(bytes)
    // A UTF-8 byte order mark (editors on Windows write one) is not part of the request line.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lines.at = 3 }
    while true {
      // Comments and blank lines before a request line.
      var requestLine: (start: Int, end: Int, number: Int, next: Int)? = nil
      while let l = lines.next() {
        let text = bytes[l.start..<l.end]
        if isBlank(text) || text.starts(with: "#".utf8) || text.starts(with: "//".utf8) { continue }
        requestLine = l
        break
      }
      guard let rl = requestLine else { break }
      guard let utf8 = String(validating: bytes[rl.start..<rl.end], as: UTF8.self) else {
        return .failure(SyntaxError(line: rl.number, column: 1, message: "the request line is not UTF-8"))
      }
      let words = utf8.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count == 2 || words.count == 3 else {
        return .failure(SyntaxError(line: rl.number, column: 1,
                                    message: "expected a request line 'POST /3/device/<token> HTTP/2', found '\(Visible.short(utf8))'"))
      }
      if words.count == 3 && !words[2].hasPrefix("HTTP/") {
        return .failure(SyntaxError(line: rl.number, column: words[0].count + words[1].count + 3,
                                    message: "expected 'HTTP/2' after the path, found '\(Visible.short(String(words[2])))'"))
      }
      let method = String(words[0])
      var path = String(words[1])
      var environment: PushEnvironment? = nil
      if let scheme = Self.schemeEnd(path.utf8) {
        // A whole URL: the path starts at the first '/' after the host.
        let afterHost = path.utf8[scheme...]
        let slash = afterHost.firstIndex(of: 0x2F)
        environment = PushEnvironment(host: String(path[scheme..<(slash ?? path.endIndex)]))
        path = slash.map { String(path[$0...]) } ?? "/"
      }
      var headers: [RequestHeader] = []
      var positions: [SourcePosition] = []
      var bodyLine = rl.number + 1
      var bodyStart = bytes.count
      var sawBlank = false
      while let l = lines.next() {
        let text = bytes[l.start..<l.end]
        if isBlank(text) {
          sawBlank = true
          bodyLine = l.number + 1
          bodyStart = l.next
          break
        }
        if isSeparator(text) {
          lines.back(to: l)
          bodyStart = l.start
          break
        }
        guard let colon = text.firstIndex(of: 0x3A), colon > l.start else {
          return .failure(SyntaxError(line: l.number, column: 1, message: "expected a header 'name: value' or a blank line before the body"))
        }
        guard let name = String(validating: bytes[l.start..<colon], as: UTF8.self),
              let rawValue = String(validating: bytes[(colon + 1)..<l.end], as: UTF8.self) else {
          return .failure(SyntaxError(line: l.number, column: 1, message: "the header line is not UTF-8"))
        }
        if name.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 }) {
          return .failure(SyntaxError(line: l.number, column: 1, message: "header name '\(Visible.short(name))' has a space"))
        }
        let leading = rawValue.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
        var value = Substring(rawValue).dropFirst(leading)
        while let last = value.utf8.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        headers.append(RequestHeader(name, String(value)))
        positions.append(SourcePosition(line: l.number, column: name.unicodeScalars.count + 2 + leading))
      }
      // The body: to the next `###` line or the end, less the line break that ends it.
      var bodyEnd = bytes.count
      if sawBlank {
        while let l = lines.next() {
          if isSeparator(bytes[l.start..<l.end]) { bodyEnd = l.start; break }
        }
      } else {
        bodyEnd = bodyStart
      }
      if bodyEnd > bodyStart && bytes[bodyEnd - 1] == 0x0A {
        bodyEnd -= 1
        if bodyEnd > bodyStart && bytes[bodyEnd - 1] == 0x0D { bodyEnd -= 1 }
      }
      let body = bodyEnd > bodyStart ? Array(bytes[bodyStart..<bodyEnd]) : []
      var entry = Entry(request: APNsRequest(method: method, path: path, headers: headers, body: body),
                        line: rl.number, headerPositions: positions, bodyLine: bodyLine)
      entry.environment = environment
      entries.append(entry)
    }
    if entries.isEmpty {
      return .failure(SyntaxError(line: 1, column: 1, message: "no request: expected a request line 'POST /3/device/<token> HTTP/2'"))
    }
    return .success(entries)
  }

  /// Where the host starts in `scheme://host/…`, or nil.
  static func schemeEnd(_ text: String.UTF8View) -> String.Index? {
    var i = text.startIndex
    while i < text.endIndex {
      let b = text[i]
      if b == 0x3A {
        let rest = text[text.index(after: i)...]
        if rest.starts(with: "//".utf8) { return text.index(i, offsetBy: 3) }
        return nil
      }
      guard (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x2B || b == 0x2D || b == 0x2E else { return nil }
      i = text.index(after: i)
    }
    return nil
  }

  static func isBlank(_ text: ArraySlice<UInt8>) -> Bool { text.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }

  static func isSeparator(_ text: ArraySlice<UInt8>) -> Bool { text.starts(with: "###".utf8) }

  /// Lines of a byte array: start, end (without the line break), the next line's start and number.
  struct LineCursor {
    let bytes: [UInt8]
    var at = 0
    var number = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> (start: Int, end: Int, number: Int, next: Int)? {
      guard at < bytes.count else { return nil }
      let start = at
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      at = end < bytes.count ? end + 1 : end
      number += 1
      var trimmed = end
      if trimmed > start && bytes[trimmed - 1] == 0x0D { trimmed -= 1 }
      return (start, trimmed, number, at)
    }

    mutating func back(to line: (start: Int, end: Int, number: Int, next: Int)) {
      at = line.start
      number = line.number - 1
    }
  }
}
