// libFuzzer target `config`: the rules.yaml loader (libyaml events → tree → Configuration).
//
// Input: the YAML text (invalid UTF-8 is repaired, as `Configuration.load` refuses it before
// parsing). Oracles (a trap is a finding): nothing traps or recurses without bound; an error
// has a 1-based line and column, a non-empty message and a line no further than the text has;
// parsing is deterministic; a configuration that loads parses again over itself unchanged.

import APNsLint

@_cdecl("LLVMFuzzerTestOneInput")
public func configFuzz(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count > 0 ? data : nil, count: count)
  let text = String(decoding: bytes, as: UTF8.self)
  let lines = text.utf8.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) } + 1
  let first: Result<Configuration, ConfigurationError>
  do {
    first = .success(try Configuration.parse(yaml: text, path: "fuzz.yml", base: .builtIn))
  } catch {
    if error.line < 1 || error.column < 1 || error.message.isEmpty { fatalError("error without a position: \(error)") }
    if error.line > lines { fatalError("error past the last line (\(lines)): \(error)") }
    first = .failure(error)
  }
  let second: Result<Configuration, ConfigurationError>
  do {
    second = .success(try Configuration.parse(yaml: text, path: "fuzz.yml", base: .builtIn))
  } catch {
    second = .failure(error)
  }
  if first != second { fatalError("parsing is not deterministic") }
  if case .success(let configuration) = first {
    do {
      let overlaid = try Configuration.parse(yaml: text, path: "fuzz.yml", base: configuration)
      if overlaid != configuration { fatalError("overlaying a configuration on itself changed it") }
    } catch {
      fatalError("a configuration that loads fails over itself: \(error)")
    }
  }
  return 0
}
