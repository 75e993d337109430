import APNsLint
import ArgumentParser
import PayloadSchema

/// `apns-lint rules [RULE-ID] [--format text|json|markdown|yaml]`: the rule catalogue.
struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules", abstract: "List every rule with its severity, category, summary and consequence, or describe one.")

  @Argument(help: "A rule id to describe with its examples.")
  var rule: String?

  @Option(help: "Output format: text, json, markdown (the rule reference, docs/rules.md) or yaml (the built-in configuration, rules.yaml).")
  var format: RulesFormat = .text

  @Option(help: "A configuration file whose severities to show (default: .apns-lint.yml, else built in).")
  var config: String?

  enum RulesFormat: String, ExpressibleByArgument, CaseIterable { case text, json, markdown, yaml }

  func run() throws {
    let configuration = try loadConfiguration(config)
    if let id = rule {
      guard let found = Rule.named(id) else {
        throw ToolProblem("unknown rule '\(id)'; 'apns-lint rules' lists every rule")
      }
      Output.standard.write(RulesReporter.describe(found, configuration))
      return
    }
    switch format {
    case .text: Output.standard.write(RulesReporter.text(configuration))
    case .json: Output.standard.write(RulesReporter.json(configuration))
    case .markdown: Output.standard.write(RulesReporter.markdown(configuration))
    // The built-in configuration, whatever --config says: it is what rules.yaml holds.
    case .yaml: Output.standard.write(ConfigurationTemplate.rulesYAML())
    }
  }
}
