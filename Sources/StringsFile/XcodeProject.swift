// What an Xcode project (`*.xcodeproj/project.pbxproj`) builds into its targets, as far as tables
// are concerned: the development region, the known regions, every file its groups place (with
// whether a target's build phase holds it) and Xcode 16's synchronized folders.
//
// A project file is an old-style (OpenStep) property list. It is read whole by the scanner of
// `OldStylePlistParser.swift` (its whitespace, comments, quoted and unquoted strings, data), with
// an explicit stack for the nesting, so a deep or huge file neither recurses nor is read twice.

/// A value of an old-style property list read whole.
enum OldStyleValue {
  case string(String)
  case array([OldStyleValue])
  case dictionary(OldStyleEntries)
  case data

  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  var dictionary: OldStyleEntries? {
    if case .dictionary(let d) = self { return d }
    return nil
  }

  /// The strings of an array (other elements left out); empty for anything else.
  var strings: [String] {
    guard case .array(let items) = self else { return [] }
    return items.compactMap(\.string)
  }
}

/// A dictionary's entries in file order: a project's objects have a handful of keys each, which
/// a linear search finds faster than a hash table is built (a 30 MB project has 200,000 of them).
struct OldStyleEntries {
  var pairs: [(key: String, value: OldStyleValue)] = []

  /// The value of `key` (its last definition).
  subscript(key: String) -> OldStyleValue? {
    pairs.last { $0.key == key }?.value
  }

  /// The entries as a hash table, for a dictionary of many (`objects`).
  var table: [String: OldStyleValue] {
    var table: [String: OldStyleValue] = [:]
    table.reserveCapacity(pairs.count)
    for (key, value) in pairs { table[key] = value }
    return table
  }
}

/// Reads a whole old-style property list (a project file) into ``OldStyleValue``s.
enum OldStyleTree {
  /// Why a file is not a property list: what was met, and the line.
  struct Failure: Error, Hashable {
    let message: String
    let line: Int
  }

  /// A container being read, innermost last.
  private enum Open {
    case dictionary(OldStyleEntries, key: String?)
    case array([OldStyleValue])
  }

  /// What one step of the reading gives.
  private enum Step {
    /// A value, for the innermost container (or the whole file when there is none).
    case value(OldStyleValue)
    /// A container was opened (or a key read): read on.
    case next
    /// What was met where it should not be.
    case failed(String)
  }

  /// The property list in `bytes`, valid UTF-8 (a project file's encoding, `// !$*UTF8*$!`).
  /// With `keeping`, a dictionary `depth` containers deep keeps only those keys (the values of
  /// the others are read, and dropped at once: a project's build settings are never held).
  static func parse(_ bytes: [UInt8], keeping: (depth: Int, keys: Set<String>)? = nil) -> Result<OldStyleValue, Failure> {
    return bytes.withUnsafeBufferPointer { text in
      guard isValidUTF8(text) else { return .failure(Failure(message: "not UTF-8", line: 1)) }
      var parser = OldStyleParser(text: text)
      var stack: [Open] = []
      var step = Step.next
      while true {
        switch step {
        case .next:
          step = read(&parser, text, &stack)
        case .value(let value):
          guard !stack.isEmpty else { return .success(value) }
          step = deliver(value, &parser, text, &stack, keeping: keeping)
        case .failed(let what):
          var line = 1
          for i in 0..<min(parser.curr, text.count) where text[i] == 0x0A { line += 1 }
          return .failure(Failure(message: what, line: line))
        }
      }
    }
  }

  /// Reads what the innermost container expects next: a key and `=` (or its end) in a
  /// dictionary, its end in an array, then a value (a container opened, or a scalar).
  private static func read(_ parser: inout OldStyleParser<UInt8>, _ text: UnsafeBufferPointer<UInt8>, _ stack: inout [Open]) -> Step {
    switch stack.popLast() {
    case .dictionary(let entries, key: nil)?:
      guard parser.advance() else { return .failed("the file ends inside a dictionary") }
      if text[parser.curr] == 0x7D {  // '}'
        parser.curr += 1
        return .value(.dictionary(entries))
      }
      guard let key = parser.parseString(requireObject: true).map({ parser.string($0) }) else {
        return .failed("\(parser.describe(at: parser.curr)) where a key should be")
      }
      guard parser.advance(), text[parser.curr] == 0x3D else {  // '='
        return .failed("\(parser.describe(at: parser.curr)) where '=' should follow the key '\(key)'")
      }
      parser.curr += 1
      stack.append(.dictionary(entries, key: key))
    case .array(let items)?:
      guard parser.advance() else { return .failed("the file ends inside an array") }
      if text[parser.curr] == 0x29 {  // ')'
        parser.curr += 1
        return .value(.array(items))
      }
      stack.append(.array(items))
    case let open?:
      stack.append(open)
    case nil:
      break
    }
    guard stack.count < oldStyleMaxDepth else { return .failed("more than \(oldStyleMaxDepth) levels of nesting") }
    guard parser.advance() else { return .failed("the file ends where a value should be") }
    let ch = text[parser.curr]
    parser.curr += 1
    switch ch {
    case 0x7B:  // '{'
      stack.append(.dictionary(OldStyleEntries(), key: nil))
      return .next
    case 0x28:  // '('
      stack.append(.array([]))
      return .next
    case 0x3C:  // '<'
      return parser.parseData() ? .value(.data) : .failed("data that does not parse")
    case 0x22, 0x27:
      return parser.parseQuoted(ch).map { .value(.string(parser.string($0))) } ?? .failed("an unterminated string")
    default:
      parser.curr -= 1
      guard OldStyleParser<UInt8>.isUnquoted(ch), let s = parser.parseUnquoted() else {
        return .failed("\(parser.describe(at: parser.curr)) where a value should be")
      }
      return .value(.string(parser.string(s)))
    }
  }

  /// Gives `value` to the innermost container and reads the separator after it: `;` in a
  /// dictionary, `,` or the end in an array (an array ended is a value in turn).
  private static func deliver(_ value: OldStyleValue, _ parser: inout OldStyleParser<UInt8>, _ text: UnsafeBufferPointer<UInt8>,
                              _ stack: inout [Open], keeping: (depth: Int, keys: Set<String>)?) -> Step {
    let depth = stack.count
    switch stack.popLast() {
    case .dictionary(var entries, key: let key?)?:
      if keeping.map({ $0.depth != depth || $0.keys.contains(key) }) ?? true { entries.pairs.append((key, value)) }
      guard parser.advance(), text[parser.curr] == 0x3B else {  // ';'
        return .failed("\(parser.describe(at: parser.curr)) where ';' should follow the value of '\(key)'")
      }
      parser.curr += 1
      stack.append(.dictionary(entries, key: nil))
      return .next
    case .array(var items)?:
      items.append(value)
      guard parser.advance() else { return .failed("the file ends inside an array") }
      if text[parser.curr] == 0x2C {  // ','
        parser.curr += 1
        stack.append(.array(items))
        return .next
      }
      guard text[parser.curr] == 0x29 else {  // ')'
        return .failed("\(parser.describe(at: parser.curr)) where ',' or ')' should follow an array element")
      }
      parser.curr += 1
      return .value(.array(items))
    case .dictionary(_, key: nil)?, nil:
      return .failed("a value where a key should be")
    }
  }
}

/// What an Xcode project file says about the tables it builds (`*.xcodeproj/project.pbxproj`).
///
/// Paths are relative to the project's source root (the folder holding the `.xcodeproj`, with the
/// project's `projectDirPath`), normalised: no `.`, a `..` resolved against the component before
/// it, and a `..` that leaves the source root kept at the start.
///
/// ```swift
/// let project = try XcodeProject(parsing: bytes).get()
/// project.developmentRegion               // "fr"
/// project.lookup("App/de.lproj/Localizable.strings")   // .referenced(inBuildPhase: false)
/// ```
public struct XcodeProject: Sendable, Hashable {
  /// The most bytes read from a project file (the largest real ones are tens of megabytes).
  public static let maxBytes = 64 << 20

  /// `developmentRegion`: the language of `CFBundleDevelopmentRegion` (`$(DEVELOPMENT_LANGUAGE)`).
  public var developmentRegion: String?
  /// `knownRegions`: the localizations the project lists (`Base` among them).
  public var knownRegions: [String]
  /// Every file or folder the project's groups place (a file reference, a variant group's
  /// localized file), lowercased, with whether a build phase of a target holds it (directly, or
  /// through its variant group).
  public var references: [String: Bool]
  /// Xcode 16's synchronized folders (`PBXFileSystemSynchronizedRootGroup`).
  public var synchronizedFolders: [SynchronizedFolder]
  /// Whether a target runs a script that names localized files (`lproj`, `.strings`,
  /// `.stringsdict`, `.xcstrings`): it may copy tables no build phase holds.
  public var scriptCopiesTables: Bool
  /// Whether a target runs a script that may place files in the product this reader cannot
  /// follow: one that names the product's folders (`TARGET_BUILD_DIR`, `CONTENTS_FOLDER_PATH` …)
  /// or CocoaPods' (`PODS_ROOT`: its resources script), copies (`cp`, `rsync`, `ditto`), or runs
  /// another script file (`"${SRCROOT}/scripts/copy.sh"`). A file such a project does not place may
  /// still ship.
  public var scriptMayPlaceFiles = false
  /// Whether a target runs CocoaPods' own phases (`isCocoaPodsPhase(_:)`): they place what
  /// CocoaPods installed, which is the app's own files only for a pod the Podfile takes from a
  /// folder of the repository (`:path`).
  public var runsCocoaPodsPhases = false
  /// Whether a group or file is placed where a path cannot be known here (`<absolute>`, a build
  /// setting such as `PODS_ROOT`), other than the product (`BUILT_PRODUCTS_DIR`) and the system's
  /// (`SDKROOT`, `DEVELOPER_DIR`, `PLATFORM_DIR`): a file the project does not place by a known
  /// path may be one of those.
  public var placesUnknownPaths = false
  /// The names of the targets.
  public var targetNames: [String]
  /// References placed where a path cannot be known (`<absolute>`, `BUILT_PRODUCTS_DIR`, `SDKROOT`…):
  /// left out.
  public var unplaced: Int

  /// A folder whose files Xcode 16 adds to targets by themselves.
  public struct SynchronizedFolder: Sendable, Hashable {
    /// The folder, relative to the source root as the other paths.
    public var path: String
    /// For each target building from the folder, the paths below it (`membershipExceptions`,
    /// lowercased) it leaves out.
    public var memberExceptions: [[String]]
    /// Paths below it that targets not building from the folder take in (their exceptions).
    public var takenElsewhere: [String]

    /// Whether some target builds `relativePath` (below the folder, lowercased).
    public func ships(_ relativePath: String) -> Bool {
      memberExceptions.contains { !Self.listed(relativePath, in: $0) } || Self.listed(relativePath, in: takenElsewhere)
    }

    /// Whether an exception list names `path`, the folder holding it, or (`/Localized: X`) the
    /// variant group it belongs to: `X` is the path with its `.lproj` folder left out
    /// (`/Localized: Resources/Localizable.strings` names `Resources/fr.lproj/Localizable.strings`).
    static func listed(_ path: String, in exceptions: [String]) -> Bool {
      for exception in exceptions {
        for prefix in ["/localized: ", "/localized/"] where exception.hasPrefix(prefix) {
          let named = String(exception.dropFirst(prefix.count))
          if XcodeProject.delocalized(path) == named || path == named { return true }
        }
        if path == exception || path.hasPrefix(exception + "/") { return true }
      }
      return false
    }
  }

  /// A shell script's lines without its comments: a line whose first non-blank character is `#`
  /// is left out (a `#!` line too; a `#` after code is kept, as it may sit inside a string).
  static func uncommentedLines(of script: String) -> String {
    script.split(separator: "\n", omittingEmptySubsequences: true)
      .filter { !$0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") }
      .joined(separator: "\n")
  }

  /// Whether a script's lines (lowercased, comments left out) may place files in the product:
  /// they name the product's folders or CocoaPods', copy, or run another script file (a first
  /// word, or the word after an interpreter, that is a path or a script's name).
  static func mayPlaceFiles(_ script: String) -> Bool {
    let names = ["target_build_dir", "built_products_dir", "contents_folder_path", "unlocalized_resources_folder_path",
                 "wrapper_name", "full_product_name", "codesigning_folder_path", "pods_root", "pods_podfile_dir_path",
                 "cp ", "rsync", "ditto", "install "]
    if names.contains(where: { script.contains($0) }) { return true }
    let interpreters: Set<Substring> = ["exec", "sh", "bash", "zsh", "/bin/sh", "/bin/bash", "/bin/zsh", "python", "python3",
                                        "ruby", "node", "perl", "swift", "xcrun", "source", "."]
    for line in script.split(separator: "\n") {
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
      while let first = words.first, interpreters.contains(first) { words = words.dropFirst() }
      guard let word = words.first else { continue }
      let command = word.filter { $0 != "\"" && $0 != "'" }
      if command.contains("/") || [".sh", ".py", ".rb", ".js", ".pl", ".swift"].contains(where: { command.hasSuffix($0) }) { return true }
    }
    return false
  }

  /// Whether a script (lowercased, comments left out) is one of the phases `pod install` writes
  /// into the app's target: `[CP] Check Pods Manifest.lock` (it compares `Podfile.lock` with
  /// `Pods/Manifest.lock` and writes a stamp) or `[CP] Embed Pods Frameworks` / `[CP] Copy Pods
  /// Resources` / `[CP] Copy XCFrameworks` (each only runs `${PODS_ROOT}/Target Support
  /// Files/…-frameworks.sh`, `…-resources.sh` or `…-xcframeworks.sh`, which copy what CocoaPods
  /// installed). Every line must be one of theirs.
  static func isCocoaPodsPhase(_ script: String) -> Bool {
    let lines = script.split(separator: "\n").map { line in
      line.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()
    }.map { String($0) }.filter { !$0.isEmpty }
    guard !lines.isEmpty else { return false }
    let runsSupportScripts = lines.allSatisfy { line in
      let command = line.filter { $0 != "\"" }
      return command.hasPrefix("${pods_root}/target support files/") && (command.hasSuffix("-frameworks.sh") || command.hasSuffix("-resources.sh") || command.hasSuffix("-xcframeworks.sh"))
    }
    if runsSupportScripts { return true }
    return lines.allSatisfy { line in
      line.hasPrefix("diff \"${pods_podfile_dir_path}/podfile.lock\" \"${pods_root}/manifest.lock\"")
        || line.hasPrefix("if [ $? != 0 ]") || line.hasPrefix("echo \"error:") || line == "exit 1" || line == "fi"
        || line.hasPrefix("echo \"success\" > \"${script_output_file_0}\"")
    } && lines.contains { $0.hasPrefix("diff \"${pods_podfile_dir_path}/podfile.lock\"") }
  }

  /// What the project says about one path.
  public enum Lookup: Sendable, Hashable {
    /// A file reference or a variant group's file places it (or a folder holding it); whether a
    /// build phase of a target holds it.
    case referenced(inBuildPhase: Bool)
    /// It lies in a synchronized folder; whether a target builds it.
    case synchronized(ships: Bool, folder: String)
  }

  /// Creates a project from what was read.
  public init(developmentRegion: String?, knownRegions: [String], references: [String: Bool],
              synchronizedFolders: [SynchronizedFolder] = [], scriptCopiesTables: Bool = false,
              targetNames: [String] = [], unplaced: Int = 0) {
    self.developmentRegion = developmentRegion
    self.knownRegions = knownRegions
    self.references = references
    self.synchronizedFolders = synchronizedFolders
    self.scriptCopiesTables = scriptCopiesTables
    self.targetNames = targetNames
    self.unplaced = unplaced
    localizedTables = Self.localizedTables(references)
  }

  /// What the project says about `path` (relative to its source root): a reference to it or to
  /// a folder holding it, else the synchronized folder holding it; nil when the project does not
  /// know it.
  public func lookup(_ path: String) -> Lookup? {
    let key = XcodeProject.normalised(path).lowercased()
    if let inPhase = references[key] { return .referenced(inBuildPhase: inPhase) }
    var folder = key
    while let slash = folder.lastIndex(of: "/") {
      folder = String(folder[..<slash])
      if let inPhase = references[folder] { return .referenced(inBuildPhase: inPhase) }
    }
    for synchronized in synchronizedFolders {
      let folder = synchronized.path.lowercased()
      guard folder.isEmpty || key.hasPrefix(folder + "/") else { continue }
      let below = folder.isEmpty ? key : String(key.dropFirst(folder.count + 1))
      return .synchronized(ships: synchronized.ships(below), folder: synchronized.path)
    }
    return nil
  }

  /// Whether the project places a file named `fileName` in a `.lproj` folder of `directory`
  /// (some localization of that table), lowercased paths.
  public func placesLocalizations(of fileName: String, in directory: String) -> Bool {
    localizedTables.contains(XcodeProject.normalised(directory).lowercased() + "\u{0}" + fileName.lowercased())
  }

  /// `directory\0fileName` of every referenced file in a `.lproj` folder.
  private var localizedTables: Set<String> = []

  private static func localizedTables(_ references: [String: Bool]) -> Set<String> {
    var tables: Set<String> = []
    for path in references.keys {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { continue }
      tables.insert(parts.dropLast(2).joined(separator: "/") + "\u{0}" + parts[parts.count - 1])
    }
    return tables
  }

  /// `path` without its last `.lproj` folder (`a/fr.lproj/T.strings` → `a/T.strings`).
  static func delocalized(_ path: String) -> String {
    var parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return path }
    parts.remove(at: parts.count - 2)
    return parts.joined(separator: "/")
  }

  /// `path` with empty and `.` components left out and each `..` resolved against the component
  /// before it (kept at the start when there is none).
  public static func normalised(_ path: String) -> String {
    let utf8 = path.utf8
    // Most paths need nothing done: no `//`, no `.` or `..` component, no `/` at either end.
    if utf8.first != UInt8(ascii: "/"), utf8.last != UInt8(ascii: "/"), !path.containsUTF8("//"), !path.containsUTF8("./"),
       !path.hasSuffix("/."), !path.hasSuffix("/.."), path != ".", path != ".." {
      return path
    }
    var out: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = out.last, last != ".." { out.removeLast() } else { out.append(part) }
    }
    return out.joined(separator: "/")
  }

  /// Reads a project file's bytes; the failure says what is not understood.
  public static func parse(_ bytes: [UInt8]) -> Result<XcodeProject, ReadFailure> {
    switch OldStyleTree.parse(bytes, keeping: (depth: 3, keys: objectKeys)) {
    case .failure(let failure):
      return .failure(ReadFailure(message: "line \(failure.line): \(failure.message)"))
    case .success(let root):
      return read(root)
    }
  }

  /// The keys of a project's objects (`objects = { ID = { isa = …; … }; }`) read here; the
  /// others (build settings, file types, names) are dropped as they are read.
  static let objectKeys: Set<String> = [
    "isa", "path", "sourceTree", "children", "files", "fileRef", "buildPhases", "targets", "mainGroup", "name",
    "developmentRegion", "knownRegions", "projectDirPath", "shellScript", "fileSystemSynchronizedGroups", "exceptions",
    "membershipExceptions", "target", "productType",
  ]

  /// The product types of test bundles (unit and UI tests): what they build never reaches a
  /// user's device, so a table only they hold does not ship (Firefox Focus's
  /// `focus-ios-tests/ScreenshotTests/*.lproj/InfoPlist.strings`).
  static let testProductTypes: Set<String> = ["com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing"]

  /// Why a project file says nothing usable.
  public struct ReadFailure: Error, Sendable, Hashable {
    /// What is not understood, lowercase start.
    public var message: String
  }

  private static func read(_ root: OldStyleValue) -> Result<XcodeProject, ReadFailure> {
    guard let top = root.dictionary, let objects = top["objects"]?.dictionary?.table else {
      return .failure(ReadFailure(message: "no 'objects' dictionary"))
    }
    guard let rootID = top["rootObject"]?.string, let project = objects[rootID]?.dictionary,
          project["isa"]?.string == "PBXProject" else {
      return .failure(ReadFailure(message: "no 'rootObject' naming a PBXProject"))
    }
    let projectDir = project["projectDirPath"]?.string ?? ""
    guard !projectDir.hasPrefix("/"), !projectDir.contains("$") else {
      return .failure(ReadFailure(message: "the project's folder is '\(projectDir)', a path outside the files it is in"))
    }
    guard let mainGroup = project["mainGroup"]?.string else {
      return .failure(ReadFailure(message: "no 'mainGroup'"))
    }
    var result = XcodeProject(developmentRegion: project["developmentRegion"]?.string,
                              knownRegions: project["knownRegions"]?.strings ?? [], references: [:])
    let (inPhase, folderMembers) = readTargets(project, objects, into: &result)
    placeReferences(from: mainGroup, sourceRoot: normalised(projectDir), objects, inPhase: inPhase, folderMembers: folderMembers, into: &result)
    result.localizedTables = localizedTables(result.references)
    // The deepest synchronized folder first, so that a nested one decides for its files.
    result.synchronizedFolders.sort { $0.path.count > $1.path.count }
    return .success(result)
  }

  /// What the build phases of every target hold (the ids their build files refer to), and the
  /// targets building from each synchronized folder (by the folder's id).
  private static func readTargets(_ project: OldStyleEntries, _ objects: [String: OldStyleValue],
                                  into result: inout XcodeProject) -> (inPhase: Set<String>, folderMembers: [String: [String]]) {
    var inPhase: Set<String> = []
    var folderMembers: [String: [String]] = [:]
    for targetID in project["targets"]?.strings ?? [] {
      guard let target = objects[targetID]?.dictionary else { continue }
      result.targetNames.append(target["name"]?.string ?? targetID)
      if let type = target["productType"]?.string, testProductTypes.contains(type) { continue }
      for phaseID in target["buildPhases"]?.strings ?? [] {
        guard let phase = objects[phaseID]?.dictionary else { continue }
        if phase["isa"]?.string == "PBXShellScriptBuildPhase" {
          // Only the lines the shell runs: a comment naming tables copies none (Mac Mouse Fix's
          // phase is a comment about a strings script it no longer runs).
          let script = XcodeProject.uncommentedLines(of: phase["shellScript"]?.string ?? "").lowercased()
          if ["lproj", ".strings", ".stringsdict", ".xcstrings"].contains(where: { script.contains($0) }) {
            result.scriptCopiesTables = true
          }
          if XcodeProject.isCocoaPodsPhase(script) {
            result.runsCocoaPodsPhases = true
          } else if XcodeProject.mayPlaceFiles(script) {
            result.scriptMayPlaceFiles = true
          }
        }
        for buildFileID in phase["files"]?.strings ?? [] {
          if let fileRef = objects[buildFileID]?.dictionary?["fileRef"]?.string { inPhase.insert(fileRef) }
        }
      }
      for folderID in target["fileSystemSynchronizedGroups"]?.strings ?? [] {
        folderMembers[folderID, default: []].append(targetID)
      }
    }
    return (inPhase, folderMembers)
  }

  /// Walks the groups from the main group down, placing each reference through its parents'
  /// paths (`<group>`, `SOURCE_ROOT`; any other source tree cannot be placed).
  private static func placeReferences(from mainGroup: String, sourceRoot: String, _ objects: [String: OldStyleValue],
                                      inPhase: Set<String>, folderMembers: [String: [String]], into result: inout XcodeProject) {
    var visited: Set<String> = []
    var pending: [(id: String, parentPath: String, variantGroup: String?, depth: Int)] = [(mainGroup, sourceRoot, nil, 0)]
    while let (id, parentPath, variantGroup, depth) = pending.popLast() {
      guard depth < 256, visited.insert(id).inserted, let object = objects[id]?.dictionary else { continue }
      let path = object["path"]?.string
      let place: String?
      switch object["sourceTree"]?.string ?? "<group>" {
      case "<group>": place = path.map { normalised(parentPath + "/" + $0) } ?? parentPath
      case "SOURCE_ROOT": place = path.map { normalised(sourceRoot + "/" + $0) } ?? sourceRoot
      default: place = nil
      }
      guard let place else {
        result.unplaced += 1
        if !["BUILT_PRODUCTS_DIR", "SDKROOT", "DEVELOPER_DIR", "PLATFORM_DIR"].contains(object["sourceTree"]?.string ?? "") {
          result.placesUnknownPaths = true
        }
        continue
      }
      switch object["isa"]?.string ?? "" {
      case "PBXGroup":
        for child in (object["children"]?.strings ?? []).reversed() { pending.append((child, place, variantGroup, depth + 1)) }
      case "PBXVariantGroup":
        // Its path is its folder's; its children are its localized files, which the phase
        // holding the group holds.
        for child in (object["children"]?.strings ?? []).reversed() { pending.append((child, place, id, depth + 1)) }
      case "PBXFileReference", "XCVersionGroup":
        let shipped = inPhase.contains(id) || variantGroup.map(inPhase.contains) == true
        let key = place.lowercased()
        result.references[key] = (result.references[key] ?? false) || shipped
      case "PBXFileSystemSynchronizedRootGroup":
        result.synchronizedFolders.append(synchronizedFolder(object, at: place, objects, members: folderMembers[id] ?? []))
      default:
        continue
      }
    }
  }

  /// A synchronized folder at `place`, built from by `members` (target ids), with its exception sets.
  private static func synchronizedFolder(_ object: OldStyleEntries, at place: String, _ objects: [String: OldStyleValue],
                                         members: [String]) -> SynchronizedFolder {
    var exceptionsByTarget: [String: [String]] = [:]
    for exceptionID in object["exceptions"]?.strings ?? [] {
      guard let exception = objects[exceptionID]?.dictionary,
            exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
            let target = exception["target"]?.string else { continue }
      exceptionsByTarget[target, default: []] += (exception["membershipExceptions"]?.strings ?? []).map {
        $0.lowercased().hasPrefix("/localized") ? $0.lowercased() : normalised($0).lowercased()
      }
    }
    let elsewhere = exceptionsByTarget.keys.sorted().filter { !members.contains($0) }.flatMap { exceptionsByTarget[$0] ?? [] }
    return SynchronizedFolder(path: place, memberExceptions: members.map { exceptionsByTarget[$0] ?? [] }, takenElsewhere: elsewhere)
  }
}
