/// APNsLint: the rule catalogue, the configuration, the linter and the reporters.
///
/// The libraries below it find things (`PayloadSchema`, `StringsFile`, `LocFormat`); this module
/// decides what they mean for the user: the severity of each rule (`Rule.catalogue`, `rules.yaml`),
/// the cross-checks between payloads and tables, and the output formats.
public enum APNsLintVersion {
  public static let current = "0.1.0"
}
