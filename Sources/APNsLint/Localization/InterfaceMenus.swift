import Foundation
import StringsFile

// Text Interface Builder puts in a table that AppKit never draws: the title of an `NSMenu` that is
// not a submenu of the application's main menu. Apple's `NSMenu.title`: "If the menu is a submenu
// of the application's main menu, then the title of the menu appears in the menu bar"
// (https://developer.apple.com/documentation/appkit/nsmenu/title); a submenu of a submenu shows its
// menu item's title, and a context, pop-up or status menu shows no title at all.

extension StringsLint {
  /// The keys (`ID.title`) of an Interface Builder table whose text is an `NSMenu`'s title that
  /// no user reads: its storyboard or XIB (`Base.lproj/NAME.storyboard`, `.xib`, or beside the
  /// table) places the menu anywhere but directly under the main menu's items. Empty when the
  /// table has no menu title or its interface file cannot be read (then every key counts).
  static func undrawnMenuTitles(tablePath: String, table: StringsTable) -> Set<String> {
    var menus: [String: String] = [:]  // object ID → key
    for entry in table.entries where entry.key.hasSuffix(".title") {
      guard let comment = entry.comment, comment.hasPrefix("Class = \"NSMenu\";") else { continue }
      menus[String(entry.key.dropLast(".title".count))] = entry.key
    }
    guard !menus.isEmpty, let text = interfaceFile(for: tablePath) else { return [] }
    var hidden: Set<String> = []
    for (id, drawn) in menuTitlesDrawn(in: text, ids: Set(menus.keys)) where !drawn { hidden.insert(menus[id]!) }
    return hidden
  }

  /// The text Xcode's object library gives a new object, which no author writes as an app's words:
  /// a label's "Label" and "Multiline Label", a button's "Button", a table column's "Text Cell"
  /// and "Table View Cell", a pop-up button's "Item 1" to "Item 3", a text view's Lorem ipsum. An
  /// object still showing it is filled by the code before it shows (an outlet), or shows the
  /// placeholder in every language: a translation missing changes nothing a user reads.
  static let xcodePlaceholderTexts: Set<String> = ["Label", "Multiline Label", "Button", "Text Cell", "Table View Cell",
                                                   "Item 1", "Item 2", "Item 3"]

  /// The keys of an Interface Builder table whose development text is Xcode's placeholder
  /// (``xcodePlaceholderTexts``, or the Lorem ipsum a new text view holds).
  static func placeholderKeys(_ table: StringsTable) -> Set<String> {
    var keys: Set<String> = []
    for entry in table.entries where xcodePlaceholderTexts.contains(entry.value) || entry.value.hasPrefix("Lorem ipsum dolor sit er elit lamet") {
      keys.insert(entry.key)
    }
    return keys
  }

  /// The storyboard or XIB a table `…/X.lproj/NAME.strings` was made from, as text: in a
  /// sibling `Base.lproj`, else beside the table (read up to ``SourceKeys/maxFileBytes``).
  static func interfaceFile(for tablePath: String) -> String? {
    let table = URL(fileURLWithPath: tablePath)
    let name = table.deletingPathExtension().lastPathComponent
    let folder = table.deletingLastPathComponent()
    for place in [folder.deletingLastPathComponent().appendingPathComponent("Base.lproj"), folder] {
      for ext in ["storyboard", "xib"] {
        let path = place.appendingPathComponent(name + "." + ext).path
        guard FileManager.default.fileExists(atPath: path),
              case .success(let bytes) = FileWalk.read(Array(path.utf8), shownAs: path, limit: SourceKeys.maxFileBytes) else { continue }
        return String(decoding: bytes, as: UTF8.self)
      }
    }
    return nil
  }

  /// For each menu of `ids` found in the interface file's XML, whether AppKit draws its title:
  /// only a menu whose nearest enclosing `menuItem` sits in the main menu (`systemMenu="main"`),
  /// and that is not the application menu (`systemMenu="apple"`, which shows the app's name).
  static func menuTitlesDrawn(in xml: String, ids: Set<String>) -> [String: Bool] {
    var result: [String: Bool] = [:]
    // The open `menu` and `menuItem` elements, each with whether it is the main menu.
    var stack: [(name: Substring, main: Bool)] = []
    var rest = Substring(xml)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      guard let close = rest.firstIndex(of: ">") else { break }
      let tag = rest[..<close]
      rest = rest[rest.index(after: close)...]
      if tag.hasPrefix("/") {
        let name = tag.dropFirst()
        if name == "menu" || name == "menuItem", let last = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(last...) }
        continue
      }
      guard tag.hasPrefix("menu ") || tag.hasPrefix("menuItem ") || tag == "menu" || tag == "menuItem" else { continue }
      let name = tag.prefix { $0 != " " }
      let selfClosing = tag.hasSuffix("/")
      if name == "menu", let id = attribute("id", in: tag), ids.contains(id) {
        let item = stack.lastIndex { $0.name == "menuItem" }
        let parentMenu = item.flatMap { i in stack[..<i].last { $0.name == "menu" } }
        result[id] = parentMenu?.main == true && attribute("systemMenu", in: tag) != "apple"
      }
      if !selfClosing { stack.append((name, name == "menu" && attribute("systemMenu", in: tag) == "main")) }
    }
    return result
  }

  /// The value of `name="…"` in a start tag's text.
  private static func attribute(_ name: String, in tag: Substring) -> String? {
    guard let start = tag.range(of: " " + name + "=\"") else { return nil }
    let value = tag[start.upperBound...]
    return value.firstIndex(of: "\"").map { String(value[..<$0]) }
  }
}
