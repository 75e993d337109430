import Foundation
import PayloadSchema
import StringsFile
import Testing
@testable import APNsLint

/// One defect, one finding: a `%#@name@` its entry does not define is `strings-variable-undefined`
/// (the more specific rule); `strings-format-mismatch` does not report the argument that variable
/// misreads again, and still reports any other argument of the same value. The pattern is
/// bitchat's `content.accessibility.people_count` (`%#@people@` in 14 localizations that define no
/// substitution); the tables are written here.
@Suite("An undefined variable is reported once (strings-variable-undefined over strings-format-mismatch)")
struct UndefinedVariableOnceTests {
  private func linted(_ folder: borrowing TableFolder) throws -> [String: [String]] {
    let root = folder.root.path
    let files = try StringsLint.lint(root: root, developmentLanguage: "en")
    let base = root.hasSuffix("/") ? root : root + "/"
    let rules: Set<String> = ["strings-variable-undefined", "strings-format-mismatch"]
    return Dictionary(uniqueKeysWithValues: files.map { file in
      (String(file.path.dropFirst(base.count)),
       file.findings.filter { rules.contains($0.rule.rawValue) }
         .map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.line):\($0.column): \($0.message)" })
    })
  }

  static let consequence = "CoreFoundation formats an undefined substitution as an object, so the count is read as an object: "
    + "the app crashes, or shows '(null)' where the text belongs"

  @Test func aCatalogValueNamingASubstitutionItLacks() throws {
    let folder = TableFolder()
    func unit(_ value: String) -> String { "\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(value)\"}" }
    let substitution = "\"substitutions\": {\"people\": {\"argNum\": 1, \"formatSpecifier\": \"lld\", \"variations\": "
      + pluralJSON(["one": "%arg person", "other": "%arg people"]) + "}}"
    try folder.write("Localizable.xcstrings", """
      {"sourceLanguage": "en", "version": "1.0", "strings": {"people_count": {"localizations": {
      "en": {\(unit("%#@people@")), \(substitution)},
      "ms": {\(unit("%#@people@"))},
      "tr": {\(unit("%#@people@ (%@)"))}
      }}}}
      """)
    #expect(try linted(folder)["Localizable.xcstrings"] == [
      "error strings-variable-undefined 3:55: in 'ms', 'people_count' names '%#@people@', which 'ms' does not define as a substitution "
        + "(it defines none): " + Self.consequence,
      // The variable is said once; the second argument, which the code does not pass, is another defect.
      "error strings-format-mismatch 4:55: 'people_count' in 'tr' ('%#@people@ (%@)') does not take the arguments of 'en' ('%#@people@'): "
        + "position 2 is extra: '%@' reads past the arguments the code passes (a crash: it follows a pointer that is not there)",
      "error strings-variable-undefined 4:55: in 'tr', 'people_count' names '%#@people@', which 'tr' does not define as a substitution "
        + "(it defines none): " + Self.consequence,
    ])
  }
}
