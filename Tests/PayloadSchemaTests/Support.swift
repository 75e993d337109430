import PayloadSchema

/// A finding reduced to what tests compare: "rule line:column keyPath".
func summary(_ f: PayloadFinding) -> String {
  "\(f.rule.rawValue) \(f.line):\(f.column) \(f.keyPath ?? "-")"
}

func check(_ json: String, _ target: Target = Target(), options: ValidationOptions = ValidationOptions()) -> PayloadReport {
  var v = PayloadValidator(target: target, options: options)
  return v.validate(Array(json.utf8))
}

func findings(_ json: String, _ target: Target = Target(), options: ValidationOptions = ValidationOptions()) -> [String] {
  check(json, target, options: options).findings.map(summary)
}

/// The package root, found from this file's path.
let packageRoot: String = {
  var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)  // Tests/PayloadSchemaTests/Support.swift
  return parts.joined(separator: "/")
}()
