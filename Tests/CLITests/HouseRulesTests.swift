import Foundation
import APNsLint
import PayloadSchema
import TestSupport
import Testing

/// The shape the sources keep (docs/adding-a-rule.md): one finding type, one position type, and a
/// rule id spelt out in one source file only (its definition).
@Suite struct HouseRulesTests {
  /// Every Swift file under `Sources/`, with its text.
  static let sources: [(path: String, text: String)] = {
    let root = packageRoot + "/Sources"
    guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [(String, String)] = []
    for case let path as String in walk where path.hasSuffix(".swift") {
      if let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) { files.append((path, text)) }
    }
    return files.sorted { $0.0 < $1.0 }
  }()

  @Test func aRuleIdIsSpeltInOneSourceFile() {
    #expect(Self.sources.count > 100)
    for rule in Rule.catalogue {
      let literal = "\"\(rule.id.rawValue)\""
      let files = Self.sources.filter { $0.text.contains(literal) }.map(\.path)
      #expect(files.count == 1, "\(literal) in \(files)")
    }
  }

  /// Public types named `…Finding` or `…Position`, by a plain reading of the declarations.
  static func publicTypes(endingIn suffix: String) -> [String] {
    var names: [String] = []
    for file in sources {
      for line in file.text.split(separator: "\n") {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 3, words[0] == "public" else { continue }
        let kind = words[1] == "final" && words.count >= 4 ? words[2] : words[1]
        guard ["struct", "enum", "class", "protocol", "typealias", "actor"].contains(kind) else { continue }
        let nameWord = words[words.firstIndex(of: kind)! + 1]
        let name = nameWord.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if name.hasSuffix(suffix) { names.append("\(file.path): \(name)") }
      }
    }
    return names
  }

  @Test func oneFindingTypeAndOnePositionType() {
    #expect(Self.publicTypes(endingIn: "Finding") == ["PayloadSchema/Core/Finding.swift: Finding"])
    #expect(Self.publicTypes(endingIn: "Position") == ["PayloadSchema/Core/Finding.swift: SourcePosition"])
  }
}
