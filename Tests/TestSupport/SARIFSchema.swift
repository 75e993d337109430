import Foundation

/// The official SARIF 2.1.0 schema, from the external corpus (`SharedCorpus`), and a validator.
public enum SARIFSchema {
  /// The schema file (`corpus/sarif-schema-2.1.0.json`).
  public static let schema = URL(fileURLWithPath: SharedCorpus.path("corpus/sarif-schema-2.1.0.json") ?? "/nonexistent")

  /// Runs jsonschema's Draft 7 validator on `sarif` against the 2.1.0 schema; returns its verdict line.
  public static func validate(_ sarif: String) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-\(UUID().uuidString).sarif")
    try sarif.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1], encoding="utf-8"))
      log = json.load(open(sys.argv[2], encoding="utf-8"))
      checker = getattr(jsonschema.Draft7Validator, "FORMAT_CHECKER", None)
      errors = sorted(jsonschema.Draft7Validator(schema, format_checker=checker).iter_errors(log), key=str)
      print("valid" if not errors else "invalid: " + errors[0].message)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, schema.path, file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
