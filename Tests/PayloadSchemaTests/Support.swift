import PayloadSchema
import Testing

/// A finding reduced to what tests compare: "rule line:column keyPath".
func summary(_ f: Finding) -> String {
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

func findings(bytes: [UInt8], _ target: Target = Target(), options: ValidationOptions = ValidationOptions()) -> [String] {
  var v = PayloadValidator(target: target, options: options)
  return v.validate(bytes).findings.map(summary)
}

/// The UTF-8 bytes of a payload written as text.
func text(_ s: String) -> [UInt8] { Array(s.utf8) }

/// Bytes written as text with `\xNN` for bytes that text cannot hold (a BOM, invalid UTF-8): the
/// notation of the rule catalogue's examples.
func bytes(_ s: String) -> [UInt8] {
  var out: [UInt8] = []
  let u = Array(s.utf8)
  var i = 0
  while i < u.count {
    if u[i] == 0x5C, i + 3 < u.count, u[i + 1] == 0x78,
       let hi = hexValue(u[i + 2]), let lo = hexValue(u[i + 3]) {
      out.append(hi << 4 | lo)
      i += 4
    } else {
      out.append(u[i])
      i += 1
    }
  }
  return out
}

private func hexValue(_ c: UInt8) -> UInt8? {
  switch c {
  case 0x30...0x39: c - 0x30
  case 0x41...0x46: c - 0x41 + 10
  case 0x61...0x66: c - 0x61 + 10
  default: nil
  }
}

/// A target and options from command-line flags (`--platform safari --priority 5`). Besides the
/// CLI's target flags it takes the configuration settings tests need: `--size-count raw`,
/// `--warn-at 0.5`, `--max-depth 4`, `--check-values` (sensitive-data.check-values) and
/// `--allow a,b` (custom-key-allowlist.allowed). Unknown flags or values are a test failure.
func parseFlags(_ flags: String) -> (Target, ValidationOptions) {
  var target = Target()
  var options = ValidationOptions()
  var words = flags.split(separator: " ").map(String.init)[...]
  func value(_ flag: String) -> String {
    guard let v = words.popFirst() else { Issue.record("\(flag) needs a value"); return "" }
    return v
  }
  while let flag = words.popFirst() {
    switch flag {
    case "--platform":
      let v = value(flag)
      if let p = Platform(rawValue: v) { target.platform = p } else { Issue.record("bad platform \(v)") }
    case "--push-type":
      let v = value(flag)
      if let p = PushType(rawValue: v) { target.pushType = p } else { Issue.record("bad push type \(v)") }
    case "--transport":
      let v = value(flag)
      if let t = Transport(rawValue: v) { target.transport = t } else { Issue.record("bad transport \(v)") }
    case "--priority": target.priority = Int(value(flag))
    case "--topic": target.topic = value(flag)
    case "--collapse-id": target.collapseID = value(flag)
    case "--os":
      let v = value(flag)
      if let os = OSVersion(v) { target.os = os } else { Issue.record("bad os \(v)") }
    case "--size-count":
      let v = value(flag)
      if let c = SizeCounting(rawValue: v) { options.sizeCounting = c } else { Issue.record("bad size count \(v)") }
    case "--apns": options.simulatorFile = true
    case "--disable": options.disabledRules.insert(PayloadRule(rawValue: value(flag)) ?? .jsonSyntax)
    case "--warn-at": options.warnAt = Double(value(flag)) ?? .nan
    case "--max-depth": options.maxDepth = Int(value(flag)) ?? 0
    case "--check-values": options.checkSensitiveValues = true
    case "--allow": options.allowedCustomKeys = Set(value(flag).split(separator: ",").map(String.init))
    case "--now": options.sendingTime = Int64(value(flag))
    default: Issue.record("unknown flag \(flag)")
    }
  }
  return (target, options)
}
