import APNsLint
import ArgumentParser

/// `apns-lint rules [RULE-ID] [--format text|json]`: the rule catalogue.
struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules", abstract: "List every rule with its severity, category and summary, or describe one.")

  @Argument(help: "A rule id to describe with its examples.")
  var rule: String?

  @Option(help: "Output format: text or json.")
  var format: RulesFormat = .text

  @Option(help: "A configuration file whose severities to show (default: .apns-lint.yml, else built in).")
  var config: String?

  enum RulesFormat: String, ExpressibleByArgument { case text, json }

  func run() throws {
    let configuration = try loadConfiguration(config)
    if let id = rule {
      guard let found = Rule.named(id) else {
        complain("error: unknown rule '\(id)'; 'apns-lint rules' lists every rule")
        throw ExitCode(2)
      }
      Output.shared.write(RulesReporter.describe(found, configuration))
      return
    }
    Output.shared.write(format == .json ? RulesReporter.json(configuration) : RulesReporter.text(configuration))
  }
}
