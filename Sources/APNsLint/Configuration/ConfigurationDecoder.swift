import PayloadSchema
// The configuration reader's second stage: a YAML tree checked against the schema of SPEC §7 and
// overlaid on a base configuration. Every key, value and type is checked; the first problem stops
// the reading with its position.

/// The values and keys the schema allows, as tables.
enum ConfigurationSchema {
  static let topLevelKeys = ["version", "target", "localization", "size", "limits", "build", "rules"]
  static let targetKeys = ["platform", "push-type", "transport"]
  static let localizationKeys = ["development-language", "table", "exclude"]
  static let sizeKeys = ["count", "warn-at"]
  static let limitsKeys = ["max-depth", "max-input-bytes"]
  static let buildKeys = ["fail-on"]
  /// `build.fail-on`: what fails a build (SPEC §18); `info` and `off` fail nothing a build should stop for.
  static let buildFailures: [Severity] = [.error, .warning]

  static let platforms: [Platform] = [.ios, .macos, .tvos, .watchos, .visionos, .safari]
  static let pushTypes: [PushType] = [
    .alert, .background, .location, .voip, .complication, .fileprovider, .mdm, .liveactivity,
    .pushtotalk, .widgets, .controls, .accessory,
  ]
  static let transports: [Transport] = [.http2, .broadcast, .binary, .binaryPreIOS8]
  static let sizeCounts: [SizeCounting] = [.compact, .raw]
  static let severities = ["error", "warning", "info", "off"]

  static let maxDepthRange = 1...1000
  /// `limits.max-input-bytes`: at least a payload's largest limit, at most 1 GiB.
  static let maxInputBytesRange = 5120...(1 << 30)

  /// Words YAML 1.1 reads as booleans; here only `true` and `false` are.
  static let booleanLookalikes: Set<String> = ["yes", "no", "on", "off", "y", "n", "true", "false"]
}

/// Checks a YAML tree against the schema and writes what it names into `configuration`.
struct ConfigurationDecoder {
  let path: String
  var configuration: Configuration

  init(path: String, configuration: Configuration) {
    self.path = path
    self.configuration = configuration
  }

  mutating func decode(_ root: YAMLNode) throws(ConfigurationError) {
    guard case .mapping(let entries, _) = root else {
      throw error(root.mark, "expected a mapping at the top level, found \(root.found)")
    }
    // `version` may be left out (SPEC §7): it means 1, as SwiftLint and swift-format need none.
    for entry in entries {
      let key = entry.key.text
      switch key {
      case "version":
        let version = try integer(entry.value, at: key)
        guard version == 1 else {
          throw error(entry.value.mark, "unsupported configuration version '\(version)'; this apns-lint reads version 1")
        }
        configuration.version = version
      case "target":
        for item in try mapping(entry.value, at: key, allowed: ConfigurationSchema.targetKeys) {
          let name = "target." + item.key.text
          switch item.key.text {
          case "platform": configuration.platform = try choice(item.value, at: name, ConfigurationSchema.platforms)
          case "push-type": configuration.pushType = try choice(item.value, at: name, ConfigurationSchema.pushTypes)
          default: configuration.transport = try choice(item.value, at: name, ConfigurationSchema.transports)
          }
        }
      case "localization":
        for item in try mapping(entry.value, at: key, allowed: ConfigurationSchema.localizationKeys) {
          let name = "localization." + item.key.text
          switch item.key.text {
          case "development-language": configuration.developmentLanguage = try string(item.value, at: name)
          case "exclude": configuration.excludedLocalizations = try strings(item.value, at: name).map(\.text)
          default: configuration.table = try string(item.value, at: name)
          }
        }
      case "size":
        for item in try mapping(entry.value, at: key, allowed: ConfigurationSchema.sizeKeys) {
          let name = "size." + item.key.text
          switch item.key.text {
          case "count": configuration.sizeCount = try choice(item.value, at: name, ConfigurationSchema.sizeCounts)
          default: configuration.warnAt = try warnAt(item.value, at: name)
          }
        }
      case "limits":
        for item in try mapping(entry.value, at: key, allowed: ConfigurationSchema.limitsKeys) {
          let name = "limits." + item.key.text
          let value = try integer(item.value, at: name)
          if item.key.text == "max-input-bytes" {
            let range = ConfigurationSchema.maxInputBytesRange
            guard range.contains(value) else {
              throw error(item.value.mark, "'\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound), found '\(value)'")
            }
            configuration.maxInputBytes = value
            continue
          }
          guard ConfigurationSchema.maxDepthRange.contains(value) else {
            throw error(item.value.mark, "'\(name)' must be an integer from 1 to 1000, found '\(value)'")
          }
          configuration.maxDepth = value
        }
      case "build":
        for item in try mapping(entry.value, at: key, allowed: ConfigurationSchema.buildKeys) {
          configuration.buildFailOn = try choice(item.value, at: "build." + item.key.text, ConfigurationSchema.buildFailures)
        }
      case "rules":
        try decodeRules(entry.value)
      default:
        throw error(entry.key.mark, "unknown key '\(key)'; expected \(choices(ConfigurationSchema.topLevelKeys))")
      }
    }
  }

  private mutating func decodeRules(_ node: YAMLNode) throws(ConfigurationError) {
    guard case .mapping(let entries, _) = node else {
      throw error(node.mark, "expected a mapping of rule ids for 'rules', found \(node.found)")
    }
    // A rule's id names its group too (issue 53, "one consequence per rule"): `value-type: off`
    // turns off value-type and every rule split from it, except a part this mapping names itself,
    // whose own setting wins wherever it is written.
    let named = Set(entries.map(\.key.text))
    func setLevel(_ rule: RuleID, _ level: RuleLevel) {
      configuration.levels[rule] = level
      for part in Rule.family(of: rule).dropFirst() where !named.contains(part.rawValue) { configuration.levels[part] = level }
    }
    for entry in entries {
      let id = entry.key.text
      guard let rule = Rule.named(id)?.id else { throw error(entry.key.mark, unknownRule(id)) }
      let name = "rules." + id
      switch entry.value {
      case .scalar:
        setLevel(rule, try severity(entry.value, at: name))
      case .mapping(let parameters, _):
        // The rule's declared parameters (its catalogue entry) say which names it takes; each
        // name given changes that one parameter of what the configuration has so far.
        let declared = Rule.named(id)?.parameters
        for parameter in parameters {
          let key = parameter.key.text
          let at = name + "." + key
          if key == "severity" {
            setLevel(rule, try severity(parameter.value, at: at))
            continue
          }
          switch (configuration.parameters(of: rule), key) {
          case (.sensitiveData(_, let checkValues)?, "key-patterns"):
            configuration.setParameters(.sensitiveData(patterns: try patterns(parameter.value, at: at), checkValues: checkValues))
          case (.sensitiveData(let patterns, _)?, "check-values"):
            configuration.setParameters(.sensitiveData(patterns: patterns, checkValues: try boolean(parameter.value, at: at)))
          case (.allowlist?, "allowed"):
            configuration.setParameters(.allowlist(keys: try strings(parameter.value, at: at).map(\.text)))
          default:
            let allowed = declared?.names ?? []
            let expected = allowed.isEmpty ? "it takes only 'severity'" : "expected \(choices(["severity"] + allowed))"
            throw error(parameter.key.mark, "unknown parameter '\(key)' of rule '\(id)'; \(expected)")
          }
        }
      case .sequence:
        throw error(entry.value.mark, "expected a severity or a mapping for '\(name)', found a list")
      }
    }
  }

  // MARK: Values

  private func error(_ mark: YAMLMark, _ message: String) -> ConfigurationError {
    ConfigurationError(path: path, line: mark.line, column: mark.column, message: message)
  }

  /// The entries of a mapping whose keys must all be in `allowed`.
  private func mapping(_ node: YAMLNode, at name: String, allowed: [String]) throws(ConfigurationError) -> [YAMLEntry] {
    guard case .mapping(let entries, _) = node else {
      throw error(node.mark, "expected a mapping for '\(name)', found \(node.found)")
    }
    for entry in entries where !allowed.contains(entry.key.text) {
      throw error(entry.key.mark, "unknown key '\(entry.key.text)' in '\(name)'; expected \(choices(allowed))")
    }
    return entries
  }

  private func scalar(_ node: YAMLNode, at name: String, expected: String) throws(ConfigurationError) -> YAMLScalar {
    guard case .scalar(let scalar) = node, !scalar.isNull else {
      throw error(node.mark, "expected \(expected) for '\(name)', found \(node.found)")
    }
    return scalar
  }

  private func string(_ node: YAMLNode, at name: String) throws(ConfigurationError) -> String {
    let scalar = try scalar(node, at: name, expected: "a string")
    if scalar.isPlain, scalar.text == "true" || scalar.text == "false" {
      throw error(scalar.mark, "expected a string for '\(name)', found the boolean '\(scalar.text)'")
    }
    return scalar.text
  }

  /// One of `values`, read by its raw value; the error lists them in the order given.
  private func choice<Value: RawRepresentable<String>>(_ node: YAMLNode, at name: String, _ values: [Value])
    throws(ConfigurationError) -> Value {
    let text = try scalar(node, at: name, expected: "a string").text
    guard let value = values.first(where: { $0.rawValue == text }) else {
      throw error(node.mark, "'\(text)' is not a valid value for '\(name)'; expected \(choices(values.map(\.rawValue)))")
    }
    return value
  }

  private func integer(_ node: YAMLNode, at name: String) throws(ConfigurationError) -> Int {
    let scalar = try scalar(node, at: name, expected: "an integer")
    guard scalar.isPlain, let value = Int(scalar.text) else {
      throw error(scalar.mark, "expected an integer for '\(name)', found \(node.found)")
    }
    return value
  }

  private func warnAt(_ node: YAMLNode, at name: String) throws(ConfigurationError) -> Double {
    let scalar = try scalar(node, at: name, expected: "a number")
    guard scalar.isPlain, let value = Double(scalar.text), value.isFinite else {
      throw error(scalar.mark, "expected a number for '\(name)', found \(node.found)")
    }
    guard value > 0, value <= 1 else {
      throw error(scalar.mark, "'\(name)' must be a number greater than 0 and at most 1, found '\(scalar.text)'")
    }
    return value
  }

  private func boolean(_ node: YAMLNode, at name: String) throws(ConfigurationError) -> Bool {
    let scalar = try scalar(node, at: name, expected: "'true' or 'false'")
    if scalar.isPlain, scalar.text == "true" { return true }
    if scalar.isPlain, scalar.text == "false" { return false }
    if scalar.isPlain, ConfigurationSchema.booleanLookalikes.contains(scalar.text.lowercased()) {
      throw error(scalar.mark, "'\(scalar.text)' is not a boolean for '\(name)'; write 'true' or 'false'")
    }
    throw error(scalar.mark, "expected 'true' or 'false' for '\(name)', found \(node.found)")
  }

  private func severity(_ node: YAMLNode, at name: String) throws(ConfigurationError) -> RuleLevel {
    let scalar = try scalar(node, at: name, expected: "a severity")
    guard let level = RuleLevel(scalar.text) else {
      throw error(scalar.mark, "'\(scalar.text)' is not a severity for '\(name)'; expected \(choices(ConfigurationSchema.severities))")
    }
    return level
  }

  private func strings(_ node: YAMLNode, at name: String) throws(ConfigurationError) -> [YAMLScalar] {
    guard case .sequence(let items, _) = node else {
      throw error(node.mark, "expected a list of strings for '\(name)', found \(node.found)")
    }
    var result: [YAMLScalar] = []
    for (i, item) in items.enumerated() {
      let text = try string(item, at: "\(name)[\(i)]")
      result.append(YAMLScalar(text: text, mark: item.mark, isPlain: false))
    }
    return result
  }

  private func patterns(_ node: YAMLNode, at name: String) throws(ConfigurationError) -> [String] {
    let items = try strings(node, at: name)
    for (i, item) in items.enumerated() {
      do {
        _ = try KeyPattern(item.text)
      } catch let failure {
        throw error(item.mark, "unsupported pattern '\(item.text)' in '\(name)[\(i)]' at character \(failure.index + 1): \(failure.message) "
          + "(patterns: literals, '.', classes, groups, '|', '^', '$', '?', '*', '+', '{m,n}', a leading '(?i)')")
      }
    }
    return items.map(\.text)
  }

  private func unknownRule(_ id: String) -> String {
    // Only ids within 2 scalars of the length can be within distance 2; the others are skipped, so a
    // megabyte-long key (YAML's `? key`) costs nothing, where it cost minutes of edit distances.
    let length = id.unicodeScalars.count
    let closest = Rule.catalogue.map(\.id.rawValue).filter { abs($0.unicodeScalars.count - length) <= 2 }
      .min { editDistance($0, id) < editDistance($1, id) }
    if let closest, editDistance(closest, id) <= 2 {
      return "unknown rule '\(id)'; did you mean '\(closest)'?"
    }
    return "unknown rule '\(id)'; 'apns-lint rules' lists every rule"
  }

  /// `'a', 'b' or 'c'`.
  private func choices(_ values: [String]) -> String {
    let quoted = values.map { "'\($0)'" }
    guard let last = quoted.last else { return "" }
    return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
  }
}

/// Levenshtein distance over Unicode scalars, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
  var previous = Array(0...b.count)
  for i in 1...max(a.count, 1) where !a.isEmpty {
    var current = [i] + Array(repeating: 0, count: b.count)
    for j in 1...max(b.count, 1) where !b.isEmpty {
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return a.isEmpty ? b.count : previous[b.count]
}
