import PayloadSchema

import StringsFile

/// Writes findings the way compilers do, one a line: `PATH:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID]`
/// (Xcode, editors and CI log parsers read it), then a summary line (SPEC §8 `text`).
public struct TextReporter: Sendable {
  /// ANSI colours for the severity (only when writing to a terminal).
  public var colour: Bool

  public init(colour: Bool = false) { self.colour = colour }

  /// The lines for one result, each ending in a newline; then, for a request or a payload APNs
  /// would refuse, `PATH: APNs would answer 413 PayloadTooLarge` (SPEC §9).
  public func lines(for result: LintResult) -> String {
    var out = ""
    for d in result.findings {
      out += line(path: result.path, d)
    }
    if let apns = result.apns, result.isRequest || !apns.isAccepted {
      let place = result.record.map { "\(VisibleText.escape(result.path)):\($0)" } ?? VisibleText.escape(result.path)
      out += "\(place): \(result.pushType == "web" ? "the web push service" : "APNs") would answer \(apns)\n"
    }
    return out
  }

  /// Whether `lines(for:)` writes anything for a result.
  public func hasLines(for result: LintResult) -> Bool {
    !result.findings.isEmpty || (result.apns.map { result.isRequest || !$0.isAccepted } ?? false)
  }

  /// One finding. The path and the message are written with `VisibleText.escape`: a newline or a
  /// terminal escape read from an input never breaks the line or reaches the terminal.
  public func line(path: String, _ d: Finding) -> String {
    let path = VisibleText.escape(path)
    guard colour else { return path + ":" + LocalizationOutput.line(d) + "\n" }
    let code = d.severity == .error ? "31" : (d.severity == .warning ? "33" : "36")
    let severity = "\u{1B}[1;\(code)m\(d.severity.rawValue)\u{1B}[0m"
    return "\u{1B}[1m\(path):\(d.line):\(d.column):\u{1B}[0m \(severity): \(VisibleText.escape(d.message)) [\(d.rule)]\n"
  }

  /// `N payloads, E errors, W warnings` (SPEC §8); `noun` is `payloads` for `check`, `files` for
  /// `strings lint`.
  public func summary(count: Int, errors: Int, warnings: Int, noun: String = "payloads") -> String {
    "\(count) \(noun), \(errors) errors, \(warnings) warnings\n"
  }

  /// The whole report at once.
  public func render(_ report: LintReport, noun: String = "payloads") -> String {
    var out = ""
    for r in report.results { out += lines(for: r) }
    return out + summary(count: report.results.count, errors: report.errors, warnings: report.warnings, noun: noun)
  }
}

/// Writes SPEC §8's JSON: `{"version": 1, "results": [...], "summary": {...}}`, one result per
/// payload (or strings file) in input order. It can write incrementally, so a stream of any length
/// is reported without holding its results.
public struct JSONReporter: Sendable {
  private var count = 0

  public init() {}

  /// The opening of the document.
  public func header() -> String { "{\n  \"version\": 1,\n  \"results\": [" }

  // The last path written, escaped: a stream's results all have the same one.
  private var lastPath = ""
  private var lastPathJSON: [UInt8] = Array("\"\"".utf8)

  /// One result, with the separator it needs.
  public mutating func result(_ r: LintResult) -> String {
    var bytes: [UInt8] = []
    write(r, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One result, with the separator it needs, appended to `out` as UTF-8 (what `result` returns,
  /// without a `String` per result: a stream's results are mostly without diagnostics).
  public mutating func write(_ r: LintResult, to out: inout [UInt8]) {
    out.append(contentsOf: count == 0 ? Self.firstSeparator : Self.separator)
    count += 1
    guard r.findings.isEmpty else {
      Self.value(r).write(to: &out, indent: 2)
      return
    }
    // Written straight, byte for byte as `value(r)` would be.
    if r.path != lastPath {
      lastPath = r.path
      var text = ""
      JSONValue.writeString(r.path, to: &text)
      lastPathJSON = Array(text.utf8)
    }
    out.append(contentsOf: Self.pathMember)
    out.append(contentsOf: lastPathJSON)
    out.append(contentsOf: Self.recordMember)
    Self.append(r.record, to: &out)
    out.append(contentsOf: Self.bytesMember)
    Self.append(r.bytes, to: &out)
    out.append(contentsOf: Self.limitMember)
    Self.append(r.limit, to: &out)
    out.append(contentsOf: Self.pushTypeMember)
    if let t = r.pushType {
      var text = ""
      JSONValue.writeString(t, to: &text)
      out.append(contentsOf: text.utf8)
    } else {
      out.append(contentsOf: Self.null)
    }
    if let apns = r.apns {
      if apns == .accepted {
        out.append(contentsOf: Self.acceptedMember)
      } else {
        var text = ",\n      \"apns\": "
        Self.value(apns).write(to: &text, indent: 3)
        out.append(contentsOf: text.utf8)
      }
    }
    out.append(contentsOf: Self.noDiagnostics)
  }

  private static let firstSeparator = Array("\n    ".utf8)
  private static let separator = Array(",\n    ".utf8)
  private static let pathMember = Array("{\n      \"path\": ".utf8)
  private static let recordMember = Array(",\n      \"record\": ".utf8)
  private static let bytesMember = Array(",\n      \"bytes\": ".utf8)
  private static let limitMember = Array(",\n      \"limit\": ".utf8)
  private static let pushTypeMember = Array(",\n      \"pushType\": ".utf8)
  private static let acceptedMember = Array(",\n      \"apns\": {\n        \"status\": 200,\n        \"reason\": null\n      }".utf8)
  private static let noDiagnostics = Array(",\n      \"diagnostics\": []\n    }".utf8)
  private static let null = Array("null".utf8)

  /// An integer in decimal (or `null`), as `JSONValue.int` writes it.
  private static func append(_ n: Int?, to out: inout [UInt8]) {
    guard let n else { out.append(contentsOf: null); return }
    if n < 0 { out.append(contentsOf: String(n).utf8); return }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var v = n
    withUnsafeMutableBytes(of: &digits) { d in
      repeat {
        d[19 - count] = UInt8(0x30 + v % 10)
        v /= 10
        count += 1
      } while v > 0
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: d[(20 - count)...]))
    }
  }

  /// The closing of the document with the summary; with `--baseline`, the summary also has
  /// `"baseline": {"suppressed": N, "fixed": M}` (findings hidden, entries no longer found).
  public func footer(payloads: Int, errors: Int, warnings: Int, infos: Int, baseline: (suppressed: Int, fixed: Int)? = nil) -> String {
    var out = count == 0 ? "],\n  \"summary\": " : "\n  ],\n  \"summary\": "
    var members: [(String, JSONValue)] = [
      ("payloads", .int(payloads)), ("errors", .int(errors)), ("warnings", .int(warnings)), ("infos", .int(infos)),
    ]
    if let baseline {
      members.append(("baseline", .object([("suppressed", .int(baseline.suppressed)), ("fixed", .int(baseline.fixed))])))
    }
    JSONValue.object(members).write(to: &out, indent: 1)
    return out + "\n}\n"
  }

  /// The whole report at once.
  public static func render(_ report: LintReport) -> String {
    var writer = JSONReporter()
    var out = writer.header()
    for r in report.results { out += writer.result(r) }
    return out + writer.footer(payloads: report.results.count, errors: report.errors, warnings: report.warnings, infos: report.infos)
  }

  static func value(_ r: LintResult) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("path", .string(r.path)),
      ("record", .optional(r.record)),
      ("bytes", .optional(r.bytes)),
      ("limit", .optional(r.limit)),
      ("pushType", .optional(r.pushType)),
    ]
    if let apns = r.apns { members.append(("apns", value(apns))) }
    members.append(("diagnostics", .array(r.findings.map(value))))
    return .object(members)
  }

  /// `{"status": 400, "reason": "BadPriority"}` (SPEC §9).
  static func value(_ a: APNsAnswer) -> JSONValue {
    .object([("status", .int(a.status)), ("reason", .optional(a.reason))])
  }

  /// A diagnostic as SPEC §8 writes it (also used by `render` and `strings dump`).
  static func value(_ d: Finding) -> JSONValue {
    .object([
      ("rule", .string(d.rule.rawValue)),
      ("severity", .string(d.severity.rawValue)),
      ("message", .string(d.message)),
      ("line", .int(d.line)),
      ("column", .int(d.column)),
      ("keyPath", .optional(d.keyPath)),
    ] + (d.apnsAnswer?.reason.map { [("apnsReason", JSONValue.string($0))] } ?? [])
      + (d.keys.map { [("keys", JSONValue.array($0.map(JSONValue.string)))] } ?? []))
  }
}
