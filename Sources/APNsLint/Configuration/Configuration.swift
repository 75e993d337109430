import Foundation
import PayloadSchema

/// What a run checks against and how severe each rule is: `rules.yaml` (built in) overlaid with the
/// user's `.apns-lint.yml` or `--config FILE` (SPEC §7).
///
/// ```swift
/// let configuration = try Configuration.resolve(explicitPath: nil, workingDirectory: cwd)
/// configuration.level(of: .unknownKey)   // .on(.warning)
/// ```
public struct Configuration: Sendable, Equatable {
  /// The schema version; only 1 exists.
  public var version: Int
  /// `target.platform`.
  public var platform: Platform
  /// `target.push-type`: the `apns-push-type`, or nil to infer it from each payload.
  public var pushType: PushType?
  /// `target.transport`: `http2`, `broadcast`, `binary` or `binary-pre-ios8`.
  public var transport: Transport
  /// The localization every other one is compared with (`en`).
  public var developmentLanguage: String
  /// The table name without extension (`Localizable`).
  public var table: String
  /// `localization.exclude`: localizations no device picks, not linted as translations (besides
  /// `qqq`, always left out: `StringsLint.alwaysExcluded`).
  public var excludedLocalizations: [String] = []
  /// `size.count`: `compact` (the payload as sent, whitespace removed) or `raw` (the input bytes).
  public var sizeCount: SizeCounting
  /// The fraction of the size limit at which `payload-near-limit` reports, in (0, 1].
  public var warnAt: Double
  /// The deepest JSON nesting read before `json-too-deep`, 1…1000.
  public var maxDepth: Int
  /// `limits.max-input-bytes`: the most bytes read from one payload file or standard input (not
  /// `--ndjson`, which streams); past it the input is reported unreadable and not checked.
  public var maxInputBytes: Int = Configuration.defaultMaxInputBytes
  /// 8 MiB: far above any payload (the largest limit is 5,120 bytes) or a pretty-printed fixture.
  public static let defaultMaxInputBytes = 8 << 20
  /// `build.fail-on`: the least severity that fails a build linted by the build-tool plugin
  /// (SPEC §18): `error` (the default; warnings are shown and the build goes on) or `warning`.
  public var buildFailOn: Severity = .error
  /// The level of every rule of `Rule.catalogue`, by id.
  public var levels: [RuleID: RuleLevel]
  /// `sensitive-data.key-patterns`: regular expressions matched against custom key names.
  public var sensitiveKeyPatterns: [String]
  /// `sensitive-data.check-values`: match string values too.
  public var sensitiveCheckValues: Bool
  /// `custom-key-allowlist.allowed`: the top-level custom keys that are expected.
  public var allowedCustomKeys: [String]

  /// Creates a configuration from every setting; most code starts from `builtIn` instead.
  public init(
    version: Int, platform: Platform, pushType: PushType?, transport: Transport,
    developmentLanguage: String, table: String, sizeCount: SizeCounting, warnAt: Double, maxDepth: Int,
    levels: [RuleID: RuleLevel], sensitiveKeyPatterns: [String], sensitiveCheckValues: Bool,
    allowedCustomKeys: [String]
  ) {
    self.version = version
    self.platform = platform
    self.pushType = pushType
    self.transport = transport
    self.developmentLanguage = developmentLanguage
    self.table = table
    self.sizeCount = sizeCount
    self.warnAt = warnAt
    self.maxDepth = maxDepth
    self.levels = levels
    self.sensitiveKeyPatterns = sensitiveKeyPatterns
    self.sensitiveCheckValues = sensitiveCheckValues
    self.allowedCustomKeys = allowedCustomKeys
  }

  /// The level a rule runs at: the configured one, else the catalogue's default
  /// (`Rule.defaultLevel(of:)`).
  public func level(of rule: RuleID) -> RuleLevel {
    levels[rule] ?? Rule.defaultLevel(of: rule)
  }

  /// The level a payload rule runs at.
  public func level(of rule: PayloadRule) -> RuleLevel { level(of: RuleID(rule)) }
}

extension Configuration {
  /// The text of `rules.yaml`, the built-in configuration, generated from the rule definitions
  /// (``ConfigurationTemplate/rulesYAML()``): the repository's `rules.yaml` is this text, and a
  /// copied executable needs no file beside it.
  public static let builtInYAML: String = ConfigurationTemplate.rulesYAML()

  /// `rules.yaml`, parsed: the configuration when no file is given.
  ///
  /// The text is generated from `catalogueDefaults`, and the test suite checks that it parses back
  /// to exactly them (`builtInParsesAndMatchesTheCatalogue`), so the defaults are used as they are:
  /// generating and reading the text again cost every run some 11 M instructions at start-up.
  public static let builtIn: Configuration = catalogueDefaults

  /// The defaults of SPEC §7 and `Rule.catalogue`, without reading any YAML: the base the built-in
  /// text is overlaid on.
  static let catalogueDefaults = Configuration(
    version: 1, platform: .ios, pushType: nil, transport: .http2,
    developmentLanguage: "en", table: "Localizable", sizeCount: .compact, warnAt: 0.9, maxDepth: 64,
    levels: Dictionary(uniqueKeysWithValues: Rule.defaultLevels),
    sensitiveKeyPatterns: SensitiveKeyMatcher.defaultPatterns,
    sensitiveCheckValues: false,
    allowedCustomKeys: []
  )

  /// The largest configuration file read; anything bigger is a mistake, not a configuration.
  static let maxFileSize = 1 << 20

  /// Reads the file at `path` and overlays it on `builtIn`.
  public static func load(path: String) throws(ConfigurationError) -> Configuration {
    try load(readingFrom: path, reportedAs: path)
  }

  /// Picks the configuration of a run: `--config FILE` when given (relative to
  /// `workingDirectory`), else `.apns-lint.yml` in `workingDirectory` when it exists, else
  /// `builtIn`.
  public static func resolve(explicitPath: String?, workingDirectory: String) throws(ConfigurationError) -> Configuration {
    if let explicitPath {
      return try load(readingFrom: joined(workingDirectory, explicitPath), reportedAs: explicitPath)
    }
    let local = joined(workingDirectory, ".apns-lint.yml")
    if FileManager.default.fileExists(atPath: local) {
      return try load(readingFrom: local, reportedAs: ".apns-lint.yml")
    }
    return builtIn
  }

  /// Parses configuration text and overlays what it names on `base`. `path` is only used in errors.
  public static func parse(yaml: String, path: String, base: Configuration) throws(ConfigurationError) -> Configuration {
    guard let root = try YAMLTreeReader.read(yaml, path: path) else {
      throw ConfigurationError(
        path: path, line: 1, column: 1,
        message: "the configuration is empty; it needs at least 'version: 1'")
    }
    var decoder = ConfigurationDecoder(path: path, configuration: base)
    try decoder.decode(root)
    return decoder.configuration
  }

  private static func joined(_ directory: String, _ path: String) -> String {
    if path.hasPrefix("/") || directory.isEmpty { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }

  private static func load(readingFrom file: String, reportedAs path: String) throws(ConfigurationError) -> Configuration {
    func failure(_ message: String, line: Int = 1, column: Int = 1) -> ConfigurationError {
      ConfigurationError(path: path, line: line, column: column, message: message)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
      throw failure("cannot read the configuration: no such file")
    }
    if isDirectory.boolValue { throw failure("cannot read the configuration: it is a directory") }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw failure("cannot read the configuration: permission denied or I/O error")
    }
    if data.count > maxFileSize { throw failure("the configuration is larger than 1 MiB") }
    let bytes = [UInt8](data)
    if let bad = UTF8Check.firstInvalidOffset(bytes) {
      let at = UTF8Check.position(of: bad, in: bytes)
      throw failure("the configuration is not UTF-8: byte \(UTF8Check.hex(bytes[bad])) cannot be read", line: at.line, column: at.column)
    }
    return try parse(yaml: String(decoding: bytes, as: UTF8.self), path: path, base: builtIn)
  }
}

/// Finds the first byte that is not well-formed UTF-8 and where it is.
enum UTF8Check {
  /// The offset of the first byte of the first ill-formed sequence, or nil when all is UTF-8.
  static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// The 1-based line and column (in Unicode scalars) of `offset`, whose prefix is valid UTF-8.
  static func position(of offset: Int, in bytes: [UInt8]) -> YAMLMark {
    let p = LineIndex.position(of: offset, in: bytes)
    return YAMLMark(line: p.line, column: p.column)
  }

  /// `0xC3`.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }
}
