import APNsLint
import ArgumentParser
import Foundation
import MCPServer
import PayloadSchema

/// `apns-lint mcp [--root DIR]`: the checks served to AI agents, a Model Context Protocol server
/// on standard input and output (SPEC §17, docs/agents.md). The command line hands the library
/// standard output, standard error for its notes, and the number of threads.
struct MCPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mcp",
    abstract: "Serve the checks to AI agents: a Model Context Protocol server on standard input and output.",
    discussion: """
      An MCP client starts it and speaks JSON-RPC to it, one message a line. Tools: check_payload, \
      lint_strings, render_alert, explain_rule. Every path a tool is given must lie inside the workspace; \
      the workspace's .apns-lint.yml is the configuration. It runs until the client closes its input, and \
      opens no network connection.
      """)

  @Option(help: "The workspace: the only folder the tools read (default: the working directory).", completion: .directory)
  var root: String?

  func run() throws {
    let workspace = try WorkspaceRoot(root ?? FileManager.default.currentDirectoryPath)
    // A client that goes away closes the pipe: the write fails and the server stops, not the signal.
    signal(SIGPIPE, SIG_IGN)
    complain(ToolProblem("apns-lint mcp: serving the workspace '\(workspace.path)' on standard input and output", kind: .note))
    var server = MCPServer(workspace: workspace, output: .standard, workers: Workers.default,
                           log: { note in complain(ToolProblem("apns-lint mcp: \(note)", kind: .note)) })
    server.run(fd: 0)
  }
}
