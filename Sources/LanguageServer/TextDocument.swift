import APNsLint
import Foundation
import PayloadSchema
import StringsFile

/// What a document is to the server, by its file name.
enum DocumentKind: Sendable, Equatable {
  /// A `.apns` payload (the Simulator's file) or a `.json` one (a payload when it holds `aps` or
  /// `web_push`).
  case payload
  /// A `.http` request file.
  case request
  /// A `.strings`, `.stringsdict` or `.xcstrings` table.
  case table
  /// Anything else: hover on rule ids only.
  case other

  init(path: String) {
    switch (path as NSString).pathExtension.lowercased() {
    case "apns", "json": self = .payload
    case "http": self = .request
    case "strings", "stringsdict", "xcstrings": self = .table
    default: self = .other
    }
  }

  /// Whether `path` is a storyboard or XIB, which Interface Builder tables are made from (their
  /// menus decide which titles no user reads): not a document, but the tables depend on it.
  static func isInterfaceFile(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    return ext == "storyboard" || ext == "xib"
  }
}

/// How a file's bytes encode its text on disk, which an editor hides: the open buffer is text,
/// and the server encodes it back the same way before checking it, as `check` and `strings lint`
/// read the file (a UTF-8 byte order mark is `json-bom`; a UTF-16 table is read as UTF-16).
enum DiskEncoding: Sendable, Equatable {
  case utf8
  case utf8WithBOM
  case utf16(bigEndian: Bool)

  /// The encoding of a file's first bytes.
  init(_ bytes: [UInt8]) {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { self = .utf8WithBOM }
    else if bytes.starts(with: [0xFF, 0xFE]) && !bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { self = .utf16(bigEndian: false) }
    else if bytes.starts(with: [0xFE, 0xFF]) { self = .utf16(bigEndian: true) }
    else { self = .utf8 }
  }
}

/// The bytes a document is checked as, and how places in them map to the buffer.
struct CheckedText: Sendable {
  /// What the checker reads (the file as it would be saved).
  var bytes: [UInt8]
  /// The UTF-8 text the checker's places count in: `bytes`, or a UTF-16 file's text decoded
  /// (without its byte order mark).
  var text: [UInt8]
  /// Buffer offset minus checker-text offset: -3 when a byte order mark the buffer lacks was put
  /// in front, 3 when a U+FEFF the buffer starts with became the UTF-16 byte order mark.
  var shift: Int
}

/// One open document: its text (UTF-8) and what the server last published for it.
struct TextDocument {
  /// The URI the client named it by.
  let uri: String
  /// The file path of a `file:` URI, percent-decoded; nil for other schemes.
  let path: String?
  /// The real path inside the workspace; nil when the document is outside it (or has no path):
  /// then nothing of it is checked and nothing is read for it.
  let realPath: String?
  /// What the document is.
  let kind: DocumentKind
  /// The encoding of the file on disk when it was opened.
  var encoding: DiskEncoding
  /// The client's version of the text.
  var version: Int
  /// The text, UTF-8.
  var text: [UInt8]
  /// Changed since it was last checked.
  var stale = true
  /// The diagnostics last published (each with its finding and range in the buffer).
  var published: [PublishedDiagnostic] = []
  /// The checker's text those findings stand in (for fixes).
  var checked: CheckedText? = nil
  /// Every fix of those findings (`source.fixAll`), once asked for.
  var allFixes: [PlannedFix]? = nil

  /// The path of a `file:` URI (percent-decoded), or nil.
  static func filePath(of uri: String) -> String? {
    guard uri.lowercased().hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
    let path = url.path
    return path.isEmpty ? nil : path
  }

  /// Whether the document is checked as a payload: `.apns` and `.http` files always, a `.json`
  /// file when it holds `"aps"` or `"web_push"` (a byte search: a JSON file of anything else is not
  /// one).
  var isPayload: Bool {
    switch kind {
    case .request: return true
    case .payload:
      guard let path, path.lowercased().hasSuffix(".json") else { return true }
      return text.containsBytes(of: "\"aps\"") || text.containsBytes(of: "\"web_push\"")
    default: return false
    }
  }

  /// The bytes to check: the buffer in the file's encoding.
  var checkedText: CheckedText {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    switch encoding {
    case .utf8:
      return CheckedText(bytes: text, text: text, shift: 0)
    case .utf8WithBOM:
      if text.starts(with: bom) { return CheckedText(bytes: text, text: text, shift: 0) }
      let bytes = bom + text
      return CheckedText(bytes: bytes, text: bytes, shift: -3)
    case .utf16(let bigEndian):
      guard kind == .table else { return CheckedText(bytes: text, text: text, shift: 0) }
      let body = text.starts(with: bom) ? Array(text.dropFirst(3)) : text
      var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      bytes.reserveCapacity(2 + body.count * 2)
      for unit in String(decoding: body, as: UTF8.self).utf16 {
        let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
        if bigEndian { bytes += [high, low] } else { bytes += [low, high] }
      }
      return CheckedText(bytes: bytes, text: body, shift: body.count == text.count ? 0 : 3)
    }
  }

  /// Applies `textDocument/didChange`'s content changes in order: a change with a range replaces
  /// that range (positions in UTF-16 code units), one without replaces the whole text. Nil when
  /// one is not a change (no `text`, a range that is no range): nothing is applied then.
  static func applying(_ changes: [JSONValue], to text: [UInt8]) -> [UInt8]? {
    var text = text
    for change in changes {
      guard let replacement = change["text"]?.string else { return nil }
      if let rangeValue = change["range"], rangeValue != .null {
        guard let range = TextRange(rangeValue) else { return nil }
        let map = LineMap(text)
        let start = map.offset(of: range.start)
        let end = max(start, map.offset(of: range.end))
        text.replaceSubrange(start..<end, with: Array(replacement.utf8))
      } else {
        text = Array(replacement.utf8)
      }
    }
    return text
  }
}
