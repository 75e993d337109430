import PayloadSchema
import Foundation
import StringsFile

/// Writes a `LintReport` as GitHub Actions workflow commands (SPEC §8 `--format github`), which
/// the runner turns into annotations on the pull request.
///
/// One line a finding: `::error file=PATH,line=L,col=C,title=RULE-ID::MESSAGE` (`warning`, and
/// `notice` for info), escaped as `@actions/core` escapes (`packages/core/src/command.ts`).
public enum GitHubReporter: Sendable {
  /// Renders every finding of `report`, one command a line; empty when there is none.
  ///
  /// Absolute paths are made relative to `workingDirectory` (default: the process's). Standard
  /// input (`-`) has no file, so its commands carry only the line and column.
  public static func render(_ report: LintReport, workingDirectory: String? = nil) -> String {
    let cwd = workingDirectory ?? FileManager.default.currentDirectoryPath
    var out = ""
    for result in report.results {
      let file = result.path == "-" ? nil : ReportPath.relative(result.path, to: cwd)
      for diagnostic in result.findings {
        var properties: [(String, String)] = []
        if let file { properties.append(("file", file)) }
        properties.append(("line", String(diagnostic.line)))
        properties.append(("col", String(diagnostic.column)))
        properties.append(("title", diagnostic.rule.rawValue))
        out += "::" + command(diagnostic.severity) + " "
        out += properties.map { $0.0 + "=" + escapeProperty($0.1) }.joined(separator: ",")
        out += "::" + escapeData(diagnostic.message) + "\n"
      }
    }
    return out
  }

  /// error → `error`, warning → `warning`, info → `notice`.
  static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "notice"
    }
  }

  /// A command's message: `%`, CR and LF percent-encoded as `@actions/core`'s `escapeData` does;
  /// every other control and bidi character is written visibly (`VisibleText`), so that an escape
  /// sequence read from an input never reaches the log viewer.
  public static func escapeData(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
      switch c {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default:
        if let visible = VisibleText.escape(c) { out += visible } else { out.unicodeScalars.append(c) }
      }
    }
    return out
  }

  /// A property value: as `escapeData`, plus `:` and `,` (`escapeProperty`).
  public static func escapeProperty(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
      switch c {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case ":": out += "%3A"
      case ",": out += "%2C"
      default:
        if let visible = VisibleText.escape(c) { out += visible } else { out.unicodeScalars.append(c) }
      }
    }
    return out
  }
}
