import Foundation
import PayloadSchema
import StringsFile

// What ships decides (SPEC §3 "What ships"): with the Xcode projects and Swift packages below the
// linted folder, a table no target builds is information (no device reads it) and is compared
// with nothing, and the development language is the project's (`developmentRegion`,
// `defaultLocalization`) instead of the configuration's. Without a project, nothing changes.

/// What the Xcode projects (`*.xcodeproj/project.pbxproj`) and Swift packages (`Package.swift`)
/// below a folder ship, for `strings lint` (SPEC §3 "What ships").
///
/// A table is decided by every project whose folder holds it:
/// - an Xcode project ships a file a target's build phase holds (directly, through its variant
///   group, or through a folder reference holding it), and a file of a synchronized folder that
///   some target builds; a file its groups place that no build phase holds, a file of a synchronized
///   folder that every target leaves out (`membershipExceptions`), and a localization of a table
///   the project places whose own file it does not place (`de.lproj/Localizable.strings` beside a
///   `Localizable.strings` variant group without `de`), ship nothing;
/// - a package ships a table in a `.lproj` folder, a String Catalog, or a file its `resources:`
///   name, inside a target's folder; a table a target excludes, a loose table no `resources:` names,
///   and a table in `Sources/`, `Tests/`… that no target's folder holds, ship nothing.
///
/// One that ships wins over one that does not; a table no project knows is undecided (today's
/// behaviour). Conservative where a project cannot be read for sure: a project file that does not
/// parse, a manifest that is not literal, `Pods.xcodeproj` (CocoaPods copies resources by a script),
/// a project whose script phases name localized files: each is a note, and decides nothing.
public struct ProjectShipping: Sendable {
  /// One project read.
  public struct Project: Sendable {
    /// What it is.
    public enum Kind: Sendable {
      /// An Xcode project.
      case xcode(XcodeProject)
      /// A Swift package and its targets' folders (relative to the package; nil for a target
      /// without files of its own).
      case package(PackageManifest, targetFolders: [String?])
    }

    /// The project as shown: `App/App.xcodeproj`, `Package.swift`.
    public var name: String
    /// The folder its paths are relative to, below the root (`App`; empty for the root).
    public var folder: String
    /// What it is.
    public var kind: Kind

    /// Its development language (`developmentRegion`, `defaultLocalization`).
    public var developmentLanguage: String? {
      switch kind {
      case .xcode(let project): project.developmentRegion
      case .package(let manifest, _): manifest.defaultLocalization
      }
    }
  }

  /// What the projects say of one table.
  public enum Decision: Sendable, Hashable {
    /// A target builds it.
    case ships(developmentLanguage: String?)
    /// No target builds it, for `reason` (which project, and why).
    case notShipped(reason: String, developmentLanguage: String?)
    /// No project knows it: linted as without a project (with the development language of the
    /// nearest project holding it, if any).
    case undecided(developmentLanguage: String?)

    /// The development language the projects give the table.
    public var developmentLanguage: String? {
      switch self {
      case .ships(let language), .notShipped(_, let language), .undecided(let language): language
      }
    }
  }

  /// The projects read, in path order.
  public var projects: [Project]
  /// What was not understood or not read, one sentence each (shown on standard error, by
  /// ``notes(forTablesAt:)``).
  public var notes: [String]
  /// The folder of the project each note is about.
  var notedFolders: [String] = []
  /// Whether the projects' development language replaces the one the lint is given (false when
  /// the command line names one: `--development-language`).
  public var decidesDevelopmentLanguage = true
  /// The folder below the root that the paths asked about are relative to (``below(_:)``).
  var pathPrefix = ""
  /// Whether CocoaPods' phases may place files of the repository that no project references:
  /// unless a Podfile was read below the root and none takes a pod from a folder (`:path`), they
  /// may (a local pod's resources are the repository's files).
  public var cocoaPodsMayPlaceRepositoryFiles = true
  /// Whether an `Info.plist`, a configuration file or a project below the root sets
  /// `CFBundleAllowMixedLocalizations` (`INFOPLIST_KEY_CFBundleAllowMixedLocalizations`): a
  /// framework then picks its own localization from the user's languages, not the app's; or
  /// `CFBundleLocalizations`, localizations the app declares beyond what its files show. Either
  /// way, which of a framework's languages no device reads is not decided.
  public var allowsMixedLocalizations = false
  /// The Xcode projects with an app target (`com.apple.product-type.application`), with what they
  /// use that takes the app's language: the local Swift packages they reference
  /// (`XCLocalSwiftPackageReference`, folders below the root) and their project file's text, in
  /// which a framework they embed is named.
  var apps: [AppProject] = []

  /// An Xcode project with an app target (``apps``).
  struct AppProject: Sendable {
    /// Its `knownRegions` but `Base`.
    var languages: [String]
    /// The folders (below the root) of the local packages it references.
    var localPackages: [String]
    /// The project file's text.
    var text: [UInt8]

    /// Whether a target depends on the product `name` of a package the project does not name
    /// (`XCSwiftPackageProductDependency` with `productName = name;` and no `package = …;`):
    /// Xcode's form for a local package held as a folder of the project.
    func usesLocalProduct(_ name: String) -> Bool {
      let marker = Array("productName = \(name);".utf8), quoted = Array("productName = \"\(name)\";".utf8)
      let open = Array("isa = XCSwiftPackageProductDependency;".utf8)
      return text.withUnsafeBufferPointer { bytes in
        var at = 0
        while let hit = open.withUnsafeBufferPointer({ bytes.firstOffset(of: $0, from: at) }) {
          at = hit + open.count
          // The object's text: up to its closing `};`.
          let close = Array("};".utf8).withUnsafeBufferPointer { bytes.firstOffset(of: $0, from: at) } ?? bytes.count
          let object = UnsafeBufferPointer(rebasing: bytes[at..<close])
          let named = marker.withUnsafeBufferPointer { object.firstOffset(of: $0, from: 0) != nil }
            || quoted.withUnsafeBufferPointer { object.firstOffset(of: $0, from: 0) != nil }
          let remote = Array("package = ".utf8).withUnsafeBufferPointer { object.firstOffset(of: $0, from: 0) != nil }
          if named && !remote { return true }
        }
        return false
      }
    }
  }

  /// The same projects, asked about paths relative to `folder` (below the root) instead of the
  /// root: the language server reads the projects of the whole workspace once and lints a
  /// table's folder (`App` for `App/fr.lproj/Localizable.strings`).
  public func below(_ folder: String) -> ProjectShipping {
    var copy = self
    let folder = XcodeProject.normalised(folder)
    if !folder.isEmpty && folder != "." { copy.pathPrefix = pathPrefix.isEmpty ? folder : pathPrefix + "/" + folder }
    return copy
  }

  /// `relativePath` (below the folder asked about) as a path below the root, normalised.
  func rootPath(_ relativePath: String) -> String {
    XcodeProject.normalised(pathPrefix.isEmpty ? relativePath : pathPrefix + "/" + relativePath)
  }

  /// The folders of a package where SwiftPM looks for targets' files.
  static let packageSourceFolders = ["Sources", "Source", "src", "srcs", "Tests", "Plugins"]

  /// Creates the shipping of projects already read.
  public init(projects: [Project], notes: [String] = []) {
    self.projects = projects
    self.notes = notes
  }

  /// Folders no project file is looked for in, by the end of their name (`fr.lproj`, `.git`), and
  /// the build tools' folders the walks of tables and code leave out too (`FileWalk.buildFolders`:
  /// the packages a build checked out are other projects).
  static let skippedFolders = [".lproj", ".xcassets", ".git", "node_modules", ".xcworkspace", "xcuserdata"] + FileWalk.buildFolders

  /// Whether a path below the root is a project file read here.
  public static func isProjectFile(_ relativePath: String) -> Bool {
    relativePath == "Package.swift" || relativePath.hasSuffix("/Package.swift") || relativePath.hasSuffix(".xcodeproj/project.pbxproj")
  }

  /// The projects below `root` (a folder); nil when there is none, or `root` is a file.
  public static func read(root: String, jobs: Int = 1) -> ProjectShipping? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
    // No project file lies in a localization, an asset catalog or a repository's own folders.
    // Podfiles and the apps' Info.plists (not a built bundle's) are read for what they say of
    // placing and of localizations.
    let walk = FileWalk.files(below: root, jobs: jobs, skipping: skippedFolders) {
      isProjectFile($0) || isPodfile($0)
        || ((isInfoPlist($0) || $0.hasSuffix(".xcconfig")) && !$0.split(separator: "/").dropLast().contains(where: isBuiltBundle))
    }
    guard walk.files.contains(where: { isProjectFile($0.relativePath) }) else { return nil }
    var files: [(relativePath: String, bytes: [UInt8]?)] = []
    var unread: [(folder: String, note: String)] = []
    var podfiles = 0
    var podfileHasLocalPods = false
    var allowsMixedLocalizations = false
    for file in walk.files where !isProjectFile(file.relativePath) {
      guard case .success(let bytes) = FileWalk.read(file.bytes, shownAs: file.path, limit: PackageManifest.maxBytes) else { continue }
      if isPodfile(file.relativePath) {
        podfiles += 1
        if Self.takesLocalPods(bytes) { podfileHasLocalPods = true }
      } else if Self.setsBundleLocalizations(bytes) {
        allowsMixedLocalizations = true
      }
    }
    for file in walk.files where isProjectFile(file.relativePath) {
      let limit = file.relativePath.hasSuffix(".pbxproj") ? XcodeProject.maxBytes : PackageManifest.maxBytes
      switch FileWalk.read(file.bytes, shownAs: file.path, limit: limit) {
      case .success(let bytes): files.append((file.relativePath, bytes))
      case .failure(let problem):
        unread.append((projectFolder(file.relativePath), "\(problem.path): \(problem.message); it decides nothing about what ships"))
      }
    }
    var shipping = ProjectShipping(reading: files) { folder in
      var isDirectory: ObjCBool = false
      let path = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
    shipping.notedFolders = unread.map(\.folder) + shipping.notedFolders
    shipping.notes = unread.map(\.note) + shipping.notes
    shipping.cocoaPodsMayPlaceRepositoryFiles = podfiles == 0 || podfileHasLocalPods
    shipping.allowsMixedLocalizations = allowsMixedLocalizations
      || files.contains { $0.relativePath.hasSuffix(".pbxproj") && ($0.bytes.map(Self.setsBundleLocalizations) ?? false) }
    for project in shipping.projects {
      guard case .xcode(let xcode) = project.kind,
            let bytes = files.first(where: { $0.relativePath == project.name + "/project.pbxproj" })?.bytes,
            bytes.containsBytes(of: "com.apple.product-type.application") else { continue }
      shipping.apps.append(AppProject(languages: xcode.knownRegions.filter { $0.lowercased() != "base" },
                                      localPackages: localPackages(in: bytes, folder: project.folder), text: bytes))
    }
    return shipping
  }

  /// Whether a property list, configuration file or project sets `CFBundleAllowMixedLocalizations`
  /// or `CFBundleLocalizations` (``allowsMixedLocalizations``).
  static func setsBundleLocalizations(_ bytes: [UInt8]) -> Bool {
    bytes.containsBytes(of: "CFBundleAllowMixedLocalizations") || bytes.containsBytes(of: "CFBundleLocalizations")
  }

  static func isPodfile(_ relativePath: String) -> Bool { relativePath == "Podfile" || relativePath.hasSuffix("/Podfile") }

  /// A property list whose name says it is an `Info.plist` (`Info.plist`, `Info-iOS.plist`,
  /// `App-Info.plist`): the one `INFOPLIST_FILE` names is not known here.
  static func isInfoPlist(_ relativePath: String) -> Bool {
    let name = relativePath.split(separator: "/").last.map { $0.lowercased() } ?? ""
    return name.hasSuffix(".plist") && name.contains("info")
  }

  /// Whether a Podfile's lines (comments left out) may take a pod from a folder: `:path =>`,
  /// `path:`, a `podspec`, or Ruby that reads pods from elsewhere (`eval`, `load`, `require`,
  /// `instance_eval`) or a framework's helper that declares them (Flutter's
  /// `flutter_install_all_ios_pods`, React Native's `use_native_modules!`, `use_react_native!`).
  static func takesLocalPods(_ bytes: [UInt8]) -> Bool {
    let words = [":path", "path:", "podspec", "eval", "load ", "load(", "require", "flutter_install_all_ios_pods",
                 "use_native_modules!", "use_react_native!"]
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains { line in
      let code = line.prefix { $0 != "#" }
      return words.contains { code.contains($0) }
    }
  }

  /// The notes about projects that hold one of the tables at `relativePaths` (below the root):
  /// a project with no table below its folder needs none, whatever it holds.
  public func notes(forTablesAt relativePaths: [String]) -> [String] {
    zip(notedFolders, notes).filter { Self.holdsTable($0.0, relativePaths) }.map(\.1)
  }

  /// The folder a project file's paths are relative to (`App` for `App/App.xcodeproj/project.pbxproj`).
  static func projectFolder(_ relativePath: String) -> String {
    let parts = relativePath.split(separator: "/")
    return parts.dropLast(relativePath.hasSuffix(".pbxproj") ? 2 : 1).joined(separator: "/")
  }

  /// Whether one of `tables` lies in `folder`.
  static func holdsTable(_ folder: String, _ tables: [String]) -> Bool {
    folder.isEmpty ? !tables.isEmpty : tables.contains { $0.hasPrefix(folder + "/") }
  }

  /// The projects in `files` (paths below the root and their bytes); `folderExists` says whether
  /// a folder below the root exists (where a package's target without `path:` has its files).
  public init(reading files: [(relativePath: String, bytes: [UInt8]?)], folderExists: (String) -> Bool) {
    var projects: [Project] = []
    var notes: [String] = []
    var notedFolders: [String] = []
    for (relativePath, bytes) in files.sorted(by: { $0.relativePath < $1.relativePath }) {
      guard let bytes else { continue }
      let parts = relativePath.split(separator: "/").map(String.init)
      func note(_ text: String) {
        notes.append(text)
        notedFolders.append(Self.projectFolder(relativePath))
      }
      if relativePath.hasSuffix(".pbxproj") {
        let name = parts.dropLast().joined(separator: "/")
        let folder = parts.dropLast(2).joined(separator: "/")
        if parts.dropLast().last == "Pods.xcodeproj" {
          note("\(name): CocoaPods copies its pods' resources by a script of the app's target: it decides nothing about what ships")
          continue
        }
        switch XcodeProject.parse(bytes) {
        case .success(let project):
          if project.scriptCopiesTables {
            note("\(name): a script phase names localized files: the tables it places that no build phase holds count as shipped")
          }
          projects.append(Project(name: name, folder: folder, kind: .xcode(project)))
        case .failure(let failure):
          note("\(name)/project.pbxproj: not understood (\(failure.message)): it decides nothing about what ships")
        }
      } else {
        let folder = parts.dropLast().joined(separator: "/")
        switch PackageManifest.read(String(decoding: bytes, as: UTF8.self)) {
        case .success(let manifest):
          guard manifest.defaultLocalization != nil else {
            note("\(relativePath): no defaultLocalization, without which SwiftPM builds no localized resource: it decides nothing about what ships")
            continue
          }
          let targetFolders = manifest.targets.map { target -> String? in
            guard target.hasResources else { return nil }
            if let path = target.path { return XcodeProject.normalised(path) }
            let candidates = target.kind == "testTarget" ? ["Tests"] : target.kind == "plugin" ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
            let join = { (a: String) in XcodeProject.normalised(a + "/" + target.name) }
            return candidates.map(join).first { folderExists(XcodeProject.normalised(folder + "/" + $0)) } ?? join(candidates[0])
          }
          projects.append(Project(name: relativePath, folder: folder, kind: .package(manifest, targetFolders: targetFolders)))
        case .failure(let failure):
          note("\(relativePath): not understood (\(failure.message)); the manifest is not run: it decides nothing about what ships")
        }
      }
    }
    self.init(projects: projects, notes: notes)
    self.notedFolders = notedFolders
  }

  /// One line for standard error: which projects were read.
  public var summary: String? {
    guard !projects.isEmpty else { return nil }
    let listed = projects.prefix(5).map(\.name).joined(separator: ", ") + (projects.count > 5 ? " and \(projects.count - 5) more" : "")
    return "read \(projects.count) project\(projects.count == 1 ? "" : "s") (\(listed)) to tell the tables that ship; a table no target builds is info, compared with nothing (--no-project: every table counts as shipped)"
  }

  /// What the projects say of the table at `relativePath` (below the root, as the walk gives it).
  public func decision(for relativePath: String) -> Decision {
    let path = rootPath(relativePath)
    var notShipped: (reason: String, language: String?)? = nil
    var nearest: (depth: Int, language: String)? = nil
    for project in projects {
      guard let below = Self.path(path, below: project.folder) else { continue }
      if let language = project.developmentLanguage, nearest.map({ $0.depth < project.folder.count }) ?? true {
        nearest = (project.folder.count, language)
      }
      switch Self.decide(below, in: project) {
      case .some(nil): return .ships(developmentLanguage: language(project.developmentLanguage))
      case .some(let reason?): if notShipped == nil { notShipped = (reason, project.developmentLanguage) }
      case nil: continue
      }
    }
    if let notShipped { return .notShipped(reason: notShipped.reason, developmentLanguage: language(notShipped.language)) }
    if let reason = placedNowhere(path) { return .notShipped(reason: reason, developmentLanguage: language(nearest?.language)) }
    return .undecided(developmentLanguage: language(nearest?.language))
  }

  /// Why no target builds the file at `path` (below the root) that no project knows, when the
  /// projects whose folder is the nearest to hold it are Xcode projects: such a project builds
  /// only what its groups, folder references and synchronized folders place, so a file in its
  /// folder that none of them places is not in the app (an `.xcloc` export, fastlane's
  /// screenshot titles, a table left behind when its storyboard moved, a Swift file saved with a
  /// table's name). Nil, the file undecided, wherever something may place it unseen: a nearer
  /// folder is a package's or a project's this run could not read (CocoaPods' `Pods`); a project
  /// places paths that cannot be known here (`<absolute>`, `PODS_ROOT`) or runs a script that may
  /// place files (``XcodeProject/scriptMayPlaceFiles``, ``XcodeProject/scriptCopiesTables``); a
  /// project in another folder places it (`../Sources/Resources` from `Example/`); or the file is
  /// inside a built bundle (`Sparkle.framework`), which a project places whole, under a name a
  /// symbolic link or a script may give it.
  func placedNowhere(_ path: String) -> String? {
    func holds(_ folder: String) -> Bool { folder.isEmpty || path.hasPrefix(folder + "/") }
    let folders = projects.map(\.folder).filter(holds) + notedFolders.filter(holds)
    guard let nearest = folders.max(by: { $0.count < $1.count }), !notedFolders.contains(nearest) else { return nil }
    let below = Self.path(path, below: nearest) ?? path
    guard !below.split(separator: "/").dropLast().contains(where: Self.isBuiltBundle) else { return nil }
    var names: [String] = []
    for project in projects {
      guard case .xcode(let xcode) = project.kind else {
        if project.folder == nearest { return nil }
        continue
      }
      if project.folder == nearest {
        guard !xcode.scriptCopiesTables, !xcode.scriptMayPlaceFiles, !xcode.placesUnknownPaths,
              !(xcode.runsCocoaPodsPhases && cocoaPodsMayPlaceRepositoryFiles) else { return nil }
        names.append("'\(project.name)'")
      } else if !holds(project.folder), xcode.lookup(Self.relative(path, from: project.folder)) != nil {
        return nil
      }
    }
    guard !names.isEmpty else { return nil }
    let verb = names.count == 1 ? "does" : "do"
    return "\(names.joined(separator: " and ")) \(verb) not reference it: no group, folder reference or synchronized folder holds it"
  }

  /// `path` (below the root) as a project in `folder` (below the root) writes it: `../` for each
  /// of the folder's components (`Example` and `Sources/R/x.strings`: `../Sources/R/x.strings`).
  static func relative(_ path: String, from folder: String) -> String {
    folder.isEmpty ? path : String(repeating: "../", count: folder.split(separator: "/").count) + path
  }

  /// Extensions of the bundles a build makes, whose files a project places by placing the bundle.
  static let builtBundleExtensions = [".framework", ".xcframework", ".bundle", ".app", ".appex", ".plugin", ".kext", ".xpc"]

  static func isBuiltBundle(_ folder: Substring) -> Bool {
    let lowered = folder.lowercased()
    return builtBundleExtensions.contains { lowered.hasSuffix($0) }
  }

  private func language(_ language: String?) -> String? { decidesDevelopmentLanguage ? language : nil }

  /// `path` relative to `folder` when it lies inside it.
  static func path(_ path: String, below folder: String) -> String? {
    if folder.isEmpty { return path }
    guard path.hasPrefix(folder + "/") else { return nil }
    return String(path.dropFirst(folder.count + 1))
  }

  /// One project's word on a path relative to its folder: nil when it does not know it; `.some(nil)`
  /// when a target builds it; `.some(reason)` when none does.
  static func decide(_ path: String, in project: Project) -> String?? {
    switch project.kind {
    case .xcode(let xcode):
      switch xcode.lookup(path) {
      case .referenced(inBuildPhase: true)?, .synchronized(ships: true, _)?:
        return .some(nil)
      case .referenced(inBuildPhase: false)?:
        return xcode.scriptCopiesTables ? nil : "'\(project.name)' places it, but no target's build phase holds it"
      case .synchronized(ships: false, let folder)?:
        return "every target building the synchronized folder '\(folder)' of '\(project.name)' leaves it out (membershipExceptions)"
      case nil:
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts[parts.count - 2].lowercased().hasSuffix(".lproj"), !xcode.scriptCopiesTables,
              xcode.placesLocalizations(of: parts[parts.count - 1], in: parts.dropLast(2).joined(separator: "/"))
        else { return nil }
        return "'\(project.name)' places '\(parts[parts.count - 1])', but not the '\(parts[parts.count - 2])' one"
      }
    case .package(let manifest, let folders):
      let lowered = path.lowercased()
      for (target, folder) in zip(manifest.targets, folders) {
        guard let folder, let inTarget = Self.path(path, below: folder) else { continue }
        let inTargetLowered = inTarget.lowercased()
        func holds(_ listed: String) -> Bool {
          let item = XcodeProject.normalised(listed).lowercased()
          return item.isEmpty || inTargetLowered == item || inTargetLowered.hasPrefix(item + "/")
        }
        if let excluded = target.exclude.first(where: holds) {
          return "'\(project.name)': target '\(target.name)' excludes '\(excluded)'"
        }
        let parts = inTargetLowered.split(separator: "/")
        if (parts.count >= 2 && parts[parts.count - 2].hasSuffix(".lproj")) || lowered.hasSuffix(".xcstrings")
            || target.resources.contains(where: { holds($0.path) }) {
          return .some(nil)
        }
        return "'\(project.name)': target '\(target.name)' holds it outside a .lproj folder and no resources: rule names it, so SwiftPM leaves it out"
      }
      if Self.packageSourceFolders.contains(where: { lowered.hasPrefix($0.lowercased() + "/") }) {
        return "'\(project.name)' has no target whose folder holds it"
      }
      return nil
    }
  }
}

extension StringsLint {
  /// The files found, each with what the projects say of it (``ProjectShipping``): a table no
  /// target builds is compared with nothing, the project's development language is its, and how
  /// the project delivers it (``TableDelivery``).
  static func plan(_ found: [FileWalk.File], jobs: Int, shipping: ProjectShipping?) -> [LintedFile] {
    var planned = Concurrent.map(found, jobs: jobs) { LintedFile(path: $0.path, relativePath: $0.relativePath) }
    if let shipping {
      for index in planned.indices {
        planned[index].take(shipping.decision(for: planned[index].relativePath))
        planned[index].delivery = shipping.delivery(for: planned[index].relativePath)
      }
      shipping.markFrameworkLocalizationsUnread(&planned)
    }
    return planned
  }
}

extension ProjectShipping {
  /// The bundle types that run as a process of their own: each is its own main bundle, and picks
  /// its localization from the user's languages.
  static let mainBundleExtensions = [".app", ".appex", ".xpc"]

  /// The bundle a table belongs to when that bundle is not the app's but takes the language the
  /// app runs in, and the languages that can be: a prebuilt framework (`Sparkle.framework/…`, not
  /// inside an app, app extension or XPC service: those host their own), or the resource bundle
  /// of a Swift package inside the app's folder (`Modules/Loc/Package.swift`, not the folder's own
  /// package, which other apps use). CFBundle gives a bundle other than the main one the language
  /// the app runs in (`_CFBundleAddPreferredLprojNamesInDirectory` in `CFBundle_Locale.c` tries the
  /// main bundle's first language before the user's); the app's languages are the ones its Xcode
  /// projects list (`knownRegions` but `Base`). Nil when the app sets
  /// `CFBundleAllowMixedLocalizations` or no Xcode project lists languages.
  func host(ofTableAt relativePath: String) -> BundleHost? {
    guard !allowsMixedLocalizations, !apps.isEmpty else { return nil }
    let path = rootPath(relativePath)
    let folders = path.split(separator: "/").dropLast()
    let kept = ["en", "English", "en_US", "en-US"] + projects.compactMap(\.developmentLanguage)
    func languages(of users: [AppProject]) -> [String] {
      users.reduce([]) { Self.union($0, $1.languages) }
    }
    if let bundle = folders.lastIndex(where: Self.isBuiltBundle) {
      guard folders[bundle].lowercased().hasSuffix(".framework"),
            !folders[..<bundle].contains(where: { folder in Self.mainBundleExtensions.contains { folder.lowercased().hasSuffix($0) } })
      else { return nil }
      // The apps whose project names the framework (a file reference, an embed phase).
      let name = String(folders[bundle])
      let users = apps.filter { $0.text.containsBytes(of: name) }
      let found = languages(of: users)
      guard !found.isEmpty else { return nil }
      return BundleHost(name: "'\(name)', a framework", appLanguages: found, kept: kept)
    }
    let packages = projects.filter { project in
      guard case .package = project.kind, !project.folder.isEmpty else { return false }
      return path.hasPrefix(project.folder + "/")
    }
    guard let package = packages.max(by: { $0.folder.count < $1.folder.count }) else { return nil }
    // The apps whose project references the package: by its folder (`XCLocalSwiftPackageReference`),
    // or by a product of it with no package named (`XCSwiftPackageProductDependency` without
    // `package`: a local package the project holds as a folder, as anytype's `Modules/Loc`).
    var targets: [String] = []
    if case .package(let manifest, _) = package.kind { targets = manifest.targets.map(\.name) }
    let users = apps.filter { app in
      app.localPackages.contains(package.folder) || targets.contains { app.usesLocalProduct($0) }
    }
    let found = languages(of: users)
    guard !found.isEmpty else { return nil }
    return BundleHost(name: "the resources of the Swift package '\(package.name)'", appLanguages: found, kept: kept)
  }

  /// The local packages a project file references (`XCLocalSwiftPackageReference`'s
  /// `relativePath`), as folders below the root (`folder` is the project's).
  static func localPackages(in text: [UInt8], folder: String) -> [String] {
    var found: [String] = []
    let marker = Array("XCLocalSwiftPackageReference".utf8), key = Array("relativePath = ".utf8), end = Array("};".utf8)
    text.withUnsafeBufferPointer { bytes in
      var at = 0
      while let hit = marker.withUnsafeBufferPointer({ bytes.firstOffset(of: $0, from: at) }) {
        at = hit + marker.count
        let close = end.withUnsafeBufferPointer { bytes.firstOffset(of: $0, from: at) } ?? bytes.count
        guard let start = key.withUnsafeBufferPointer({ bytes.firstOffset(of: $0, from: at) }), start < close else { continue }
        var value = bytes[(start + key.count)..<close].prefix { $0 != UInt8(ascii: ";") }
        if value.first == UInt8(ascii: "\""), value.count >= 2 { value = value.dropFirst().dropLast() }
        let relative = String(decoding: value, as: UTF8.self)
        found.append(XcodeProject.normalised(folder.isEmpty ? relative : folder + "/" + relative))
      }
    }
    return found
  }

  /// Marks the localizations of a bundle that takes the app's language (``host(ofTableAt:)``)
  /// which no language of the app selects: read by no device, so compared with nothing
  /// (`strings-not-shipped`). Decided per folder of `.lproj` folders; a String Catalog's languages
  /// are decided once it is read (``BundleHost/unread(_:)``).
  func markFrameworkLocalizationsUnread(_ planned: inout [StringsLint.LintedFile]) {
    guard !allowsMixedLocalizations, !apps.isEmpty else { return }
    var byDirectory: [String: [Int]] = [:]
    var hosted: [Int] = []
    for index in planned.indices where planned[index].notShipped == nil {
      guard let host = host(ofTableAt: planned[index].relativePath) else { continue }
      planned[index].host = host
      hosted.append(index)
      if planned[index].isInLocalizationFolder && !planned[index].isCatalog { byDirectory[planned[index].directory, default: []].append(index) }
    }
    guard !hosted.isEmpty else { return }
    // The app runs in what the tables and catalogs its projects ship localize it into as well:
    // Xcode builds every language of a String Catalog, listed or not (unless
    // BUILD_ONLY_KNOWN_LOCALIZATIONS).
    let shipped = Self.languagesShipped(by: planned.filter { file in
      file.host == nil && file.shipsByProject && !rootPath(file.relativePath).split(separator: "/").dropLast().contains(where: Self.isBuiltBundle)
    })
    for index in hosted {
      guard var host = planned[index].host else { continue }
      host.appLanguages = Self.union(host.appLanguages, shipped)
      planned[index].host = host
    }
    for (_, members) in byDirectory {
      guard let host = planned[members[0]].host else { continue }
      let unread = host.unread(members.map { planned[$0].localization })
      for index in members where unread.contains(planned[index].localization) {
        planned[index].notShipped = "'\(planned[index].localization).lproj' of \(host.name), which takes the language the app runs in (CFBundle; no Info.plist, configuration or project file here sets CFBundleAllowMixedLocalizations), and no language the app that uses it is localized in (\(host.listed)) selects it"
        planned[index].unreadLocalization = true
      }
    }
  }
}

extension ProjectShipping {
  /// The localizations the app's own tables ship: the `.lproj` folders of its tables, the
  /// languages of its String Catalogs (read for this; one that does not parse adds none), but
  /// `Base`.
  static func languagesShipped(by files: [StringsLint.LintedFile]) -> [String] {
    var languages: Set<String> = []
    for file in files {
      if file.isCatalog {
        guard case .success(let bytes) = FileWalk.read(Array(file.path.utf8), shownAs: file.path, limit: StringsLint.maxTableBytes),
              let found = StringCatalog.languages(bytes) else { continue }
        languages.formUnion(found)
      } else if file.isInLocalizationFolder {
        languages.insert(file.localization)
      }
    }
    return languages.filter { $0.lowercased() != "base" }.sorted()
  }

  /// `a`, then what `b` adds (compared as the same language when only case or `-`/`_` differ).
  static func union(_ a: [String], _ b: [String]) -> [String] {
    var seen = Set(a.map(StringsLint.sameLanguageKey))
    return a + b.filter { seen.insert(StringsLint.sameLanguageKey($0)).inserted }
  }
}

/// A bundle that takes the language the app runs in (``ProjectShipping/host(ofTableAt:)``).
struct BundleHost: Sendable {
  /// `'Sparkle.framework', a framework`, `the resources of the Swift package 'Modules/Loc/Package.swift'`.
  var name: String
  /// The languages the app runs in: its projects' `knownRegions`, and what its own tables and
  /// catalogs localize it into.
  var appLanguages: [String]
  /// Languages always read where the bundle has them (English, the development languages):
  /// CFBundle appends the development region for what a localization lacks.
  var kept: [String]

  var listed: String { appLanguages.sorted().joined(separator: ", ") }

  /// The bundle's localizations (`.lproj` names or a catalog's languages) that no language of the
  /// app selects; none when the bundle lacks one of the app's languages (CFBundle then falls back
  /// to the user's list, which may name any of them).
  func unread(_ localizations: [String]) -> Set<String> {
    let names = Array(Set(localizations).filter { $0.lowercased() != "base" }).sorted()
    var selected: Set<String> = []
    for language in appLanguages {
      guard let index = LocalizationChoice.index(for: language, among: names) else { return [] }
      selected.insert(names[index])
    }
    for language in kept {
      if let index = LocalizationChoice.index(for: language, among: names) { selected.insert(names[index]) }
    }
    return Set(names).subtracting(selected)
  }
}

extension StringsLint.LintedFile {
  /// `excluded` and, for a String Catalog of a bundle that takes the app's language (``host``),
  /// the languages no language of the app selects (its source language kept), which one
  /// finding names: they are compared and checked with nothing.
  mutating func excludingUnreadLanguages(_ excluded: ExcludedLocalizations) -> ExcludedLocalizations {
    guard isCatalog, notShipped == nil, let host, !catalogTables.isEmpty else { return excluded }
    var unread = host.unread(Array(catalogTables.keys))
    if let source = sourceLanguage { unread.remove(source) }
    guard !unread.isEmpty else { return excluded }
    findings.insert(Finding(TableMessage.unreadLanguages(unread.sorted(), host: host), line: 1, column: 1), at: 0)
    return excluded.adding(unread)
  }

  /// Takes what the projects say of this table: why no target builds it, and its development language.
  mutating func take(_ decision: ProjectShipping.Decision) {
    projectLanguage = decision.developmentLanguage
    switch decision {
    case .notShipped(let reason, _): notShipped = reason
    case .ships: shipsByProject = true
    case .undecided: break
    }
  }

  /// A table no target builds: one finding says so, first, and what its own checks found is
  /// information (no device reads the table). Nothing was compared.
  mutating func markNotShipped() {
    guard let reason = notShipped else { return }
    for index in findings.indices where findings[index].severity != .info {
      findings[index].unreached = true
      findings[index].message += unreadLocalization ? " (no device reads this localization: the framework takes the app's language)"
        : " (the table does not ship: no device reads it)"
    }
    findings.insert(Finding(unreadLocalization ? TableMessage.unreadLocalization(reason: reason) : TableMessage.notShipped(reason: reason),
                            line: 1, column: 1), at: 0)
    missing = []
    stateGroups = []
  }

  /// A String Catalog's keys Xcode marks `"extractionState": "stale"`, when Xcode's extraction
  /// maintains the catalog (most of its keys extracted: more than manual and stale together):
  /// keys its extraction no longer finds in the code. Where most keys are manual or stale, the app
  /// looks them up by code Xcode does not read (LiveContainer's `"…".loc`, SwiftGen's
  /// `L10n.tr`, a catalog migrated from `.strings`), and a stale mark says nothing. The evidence
  /// counts only where no code is read (``StringsLint/markStale(_:)``): code that names a key
  /// outweighs it.
  func evidentlyStaleKeys() -> Set<String> {
    guard isCatalog, let source = sourceLanguage.flatMap({ catalogTables[$0] }), !source.staleKeys.isEmpty,
          source.extractedKeyCount > source.manualKeyCount + source.staleKeys.count else { return [] }
    return source.staleKeys
  }
}
