import Foundation
import Testing

/// A table changed on disk re-lints only the open tables whose findings depend on it
/// (`TableDependencies`, issue 54 item 2): each re-lint publishes the table's diagnostics, so the
/// publications between two markers (requests the server answers in order) are the re-lints one
/// change caused.
@Suite struct TableDependencyTests {
  /// The tables a change re-lints, by path below the workspace.
  static let tables = ["en.lproj/Localizable.strings", "fr.lproj/Localizable.strings", "de.lproj/Localizable.strings",
                       "fr.lproj/InfoPlist.strings", "en.lproj/InfoPlist.strings", "fr.lproj/Main.strings", "de.lproj/Main.strings"]

  /// Opens every table, then changes each of `changed` on disk in turn (the client's watcher
  /// says so), and returns, for each change, the open tables published again after it.
  static func relinted(after changed: [String]) throws -> [[String]] {
    let session = try LSPSession()
    try session.folder.write("en.lproj/Localizable.strings", "\"a\" = \"Add\";\n\"b\" = \"Back\";\n")
    try session.folder.write("fr.lproj/Localizable.strings", "\"a\" = \"Ajouter\";\n\"b\" = \"Retour\";\n")
    try session.folder.write("de.lproj/Localizable.strings", "\"a\" = \"Hinzufügen\";\n\"b\" = \"Zurück\";\n")
    try session.folder.write("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Notes\";\n")
    try session.folder.write("fr.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Notes\";\n")
    // Interface Builder tables made from a Base-localized storyboard, which says which menu
    // titles AppKit never draws.
    try session.folder.write("Base.lproj/Main.storyboard", "<document><menu title=\"Main Menu\" systemMenu=\"main\" id=\"m-1\"/></document>\n")
    for language in ["fr", "de"] {
      try session.folder.write("\(language).lproj/Main.strings", "/* Class = \"NSMenu\"; title = \"Main Menu\"; ObjectID = \"m-1\"; */\n\"m-1.title\" = \"Menu\";\n")
    }
    session.initialize()
    for table in tables { session.open(session.uri(table), try String(contentsOfFile: session.root + "/" + table, encoding: .utf8)) }
    session.request(100, "apns-lint/marker")
    for (n, path) in changed.enumerated() {
      // Saved in another editor: the bytes on disk change, the open documents not.
      session.perform { _ = try? session.folder.write(path, "\"a\" = \"A\";\n") }
      session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(session.uri(path)), "type": 2]]])
      session.request(101 + n, "apns-lint/marker")
    }
    let outcome = session.run()
    // The publications between each marker's answer and the next.
    var out: [[String]] = []
    var current: [String]?
    for message in outcome.messages {
      if let id = message["id"]?.int, id >= 100, message["method"] == nil {
        if let current { out.append(current) }
        current = []
      } else if message["method"] == "textDocument/publishDiagnostics", let uri = message["params"]?["uri"]?.string,
                let table = tables.first(where: { session.uri($0) == uri }) {
        current?.append(table)
      }
    }
    return out.map { Array(Set($0)).sorted() }
  }

  /// `fr.lproj/InfoPlist.strings` changed: only the `InfoPlist` tables are linted again (`fr`'s
  /// own, and `en`'s, which reports a localization lacking it); no `Localizable` table reads it. `en.lproj/Localizable.strings`
  /// (the development table) changed: every open `Localizable` table, not the `InfoPlist` ones.
  /// `fr.lproj/Localizable.strings` changed: its group (the others read whether `fr` keeps the
  /// development text, as evidence), never the `InfoPlist` tables.
  @Test func aChangeReLintsOnlyTheTablesThatDependOnIt() throws {
    let relinted = try Self.relinted(after: ["fr.lproj/InfoPlist.strings", "en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"])
    #expect(relinted == [
      ["en.lproj/InfoPlist.strings", "fr.lproj/InfoPlist.strings"],
      ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"],
      ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"],
    ])
  }

  /// The storyboard an Interface Builder table was made from changed: its tables are linted
  /// again (which menu titles no user reads may have changed), and no other.
  @Test func aStoryboardChangeReLintsItsTables() throws {
    #expect(try Self.relinted(after: ["Base.lproj/Main.storyboard"]) == [["de.lproj/Main.strings", "fr.lproj/Main.strings"]])
  }

  /// Nothing changed: nothing is linted again.
  @Test func noChangeReLintsNothing() throws {
    #expect(try Self.relinted(after: []) == [])
  }
}
