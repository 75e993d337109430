import APNsLint
import ArgumentParser
import PayloadSchema

/// `apns-lint schema`: the payload schema as a JSON Schema (draft 2020-12) for editors (SPEC §15,
/// docs/editors.md), generated from the validator's own key table and rule summaries.
struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print a JSON Schema (draft 2020-12) of APNs payloads for editors (VS Code, JetBrains, SchemaStore).",
    discussion: """
      Generated from the same key table and rule definitions as `check`: every aps key with its \
      type, set or range, unknown aps keys flagged. Without --push-type, a payload whose aps has \
      'event' is read as a Live Activity's, as `check` infers it. See docs/editors.md.
      """)

  @Option(name: .customLong("push-type"), help: "The push type's shape (alert, background, liveactivity, voip, …); default: as check infers it.")
  var pushType: PushType?
  @Option(help: "Allow only this platform's keys (ios, macos, tvos, watchos, visionos, safari); web: the schema of declarative web push messages; default: every platform's.")
  var platform: Platform?

  func run() throws {
    Output.standard.write(PayloadJSONSchema.document(pushType: pushType, platform: platform))
  }
}
