import APNsLint
import PayloadSchema

/// One key Apple defines in `aps`, `aps.alert` or `aps.sound`, as the payload's JSON Schema
/// (`PayloadJSONSchema`, generated from the validator's own tables) describes it.
struct PayloadKey: Sendable {
  /// `aps.alert.loc-key`.
  let path: String
  /// `loc-key`.
  let name: String
  /// Its place in Apple's table (completion keeps that order).
  let order: Int
  /// The JSON types it takes (`integer`, `string`, …); empty for a flag given by its values.
  let types: [String]
  /// Its set or its flag's values (`enum`, `const`).
  let values: [JSONValue]
  /// Its range, as `minimum 0`, `maximum 1`.
  let bounds: [String]
  /// Deprecated by Apple.
  let deprecated: Bool
  /// The schema's description: the platforms and the rules that check it.
  let description: String

  /// What it means, in a sentence (``PayloadKeys/meanings``), or nil.
  var meaning: String? { PayloadKeys.meanings[path] }

  /// The key as Markdown: its meaning, type, values and range, and the rules that check it.
  var markdown: String {
    var out = "**\(path)**" + (meaning.map { ": \($0)" } ?? "")
    var facts: [String] = []
    if !types.isEmpty { facts.append(types.map { "`\($0)`" }.joined(separator: " or ")) }
    if !values.isEmpty { facts.append("values: " + values.map { "`\($0.compact)`" }.joined(separator: ", ")) }
    facts += bounds
    if deprecated { facts.append("deprecated") }
    if !facts.isEmpty { out += "\n\n" + facts.joined(separator: " · ") }
    return out + "\n\n" + description
  }
}

/// The keys of the payload's levels (`aps`, `aps.alert`, `aps.sound`), read once from the JSON
/// Schema `apns-lint schema` prints, so that hover and completion say what `check` checks.
enum PayloadKeys {
  /// The keys of each level, in Apple's order: `aps`, `aps.alert`, `aps.sound`; the top level
  /// (`""`) has `aps`.
  static let levels: [String: [PayloadKey]] = {
    guard let schema = JSONValue.parse(Array(PayloadJSONSchema.document().utf8)),
          let aps = schema["$defs"]?["aps"], let apsKeys = aps["properties"]?.object else { return [:] }
    var levels: [String: [PayloadKey]] = [:]
    func read(_ node: JSONValue?, path: String, order: [String]) -> [PayloadKey] {
      guard let members = node?["properties"]?.object else { return [] }
      return order.filter { members[$0] != nil }.enumerated().map { index, name in
        key(members[name]!, path: path + "." + name, name: name, order: index)
      }
    }
    levels["aps"] = read(aps, path: "aps", order: schemaOrder(aps, table: Schema.aps))
    levels["aps.alert"] = read(apsKeys["alert"], path: "aps.alert", order: schemaOrder(apsKeys["alert"], table: Schema.alert))
    levels["aps.sound"] = read(apsKeys["sound"], path: "aps.sound", order: schemaOrder(apsKeys["sound"], table: Schema.sound))
    if let description = schema["properties"]?["aps"]?["description"]?.string {
      levels[""] = [PayloadKey(path: "aps", name: "aps", order: 0, types: ["object"], values: [], bounds: [], deprecated: false,
                               description: description)]
    }
    return levels
  }()

  /// The key `name` of the object at `container` (`["aps"]`, `["aps", "alert"]`), if Apple
  /// defines it there.
  static func key(_ name: String, in container: [String]) -> PayloadKey? {
    levels[container.joined(separator: ".")]?.first { $0.name == name }
  }

  /// The members of a schema object in the order of the validator's table the export writes
  /// them from (Apple's order), which a dictionary forgets; names the table lacks come after.
  private static func schemaOrder(_ node: JSONValue?, table: [KeySpec]) -> [String] {
    guard let members = node?["properties"]?.object else { return [] }
    let names = table.map { "\($0.name)" }
    return names.filter { members[$0] != nil } + members.keys.filter { !names.contains($0) }.sorted()
  }

  private static func key(_ node: JSONValue, path: String, name: String, order: Int) -> PayloadKey {
    var types: [String] = []
    switch node["type"] {
    case .string(let type)?: types = [type]
    case .array(let list)?: types = list.compactMap(\.string)
    default: break
    }
    var values = node["enum"]?.array ?? []
    if let constant = node["const"] { values = [constant] }
    var bounds: [String] = []
    if let minimum = node["minimum"] { bounds.append("minimum \(minimum.compact)") }
    if let maximum = node["maximum"] { bounds.append("maximum \(maximum.compact)") }
    return PayloadKey(path: path, name: name, order: order, types: types, values: values, bounds: bounds,
                      deprecated: node["deprecated"]?.bool == true, description: node["description"]?.string ?? "")
  }

  /// What each key means, in a sentence: what the system does with it (Apple's "Generating a
  /// remote notification", "Starting and updating Live Activities with ActivityKit push
  /// notifications", `UNNotificationSound`), in our words.
  static let meanings: [String: String] = [
    "aps": "the Apple-defined part of the payload: what the system shows, plays and does; the app's own data goes beside it.",
    "aps.alert": "the alert to show: a string (its body), or a dictionary of title, subtitle, body and localization keys.",
    "aps.badge": "the number on the app's icon; 0 removes the badge, and leaving the key out leaves the badge as it is.",
    "aps.sound": "the sound to play: a sound file's name in the app's bundle or Library/Sounds, `default` for the system sound, or a dictionary for a critical alert.",
    "aps.thread-id": "groups notifications with the same identifier together in Notification Center.",
    "aps.category": "the identifier of a notification category the app registered: it gives the notification its actions and custom interface.",
    "aps.content-available": "`1`: a background update; the app is woken to fetch content (a silent push when nothing else is shown).",
    "aps.mutable-content": "`1`: the app's notification service extension may change the content before it is shown.",
    "aps.target-content-id": "the identifier of the window brought forward when the notification is opened.",
    "aps.interruption-level": "how much the notification interrupts: `passive`, `active` (the default), `time-sensitive` (breaks through a Focus) or `critical` (needs Apple's entitlement).",
    "aps.relevance-score": "0 to 1: how the notification ranks among the app's others in the notification summary; for a Live Activity, which of its activities is featured.",
    "aps.filter-criteria": "the criteria a Focus filter of the app compares to decide whether the notification is shown in the current Focus.",
    "aps.stale-date": "Live Activity: when its content becomes out of date, in seconds since 1970.",
    "aps.content-state": "Live Activity: its dynamic content, decoded into the activity's `ContentState`.",
    "aps.timestamp": "Live Activity: when the update was sent, in seconds since 1970; an update older than the last one is ignored.",
    "aps.event": "Live Activity: what the push does: `start`, `update` or `end` the activity.",
    "aps.dismissal-date": "Live Activity: when an ended activity leaves the Lock Screen, in seconds since 1970.",
    "aps.attributes-type": "Live Activity start: the name of the `ActivityAttributes` type to start.",
    "aps.attributes": "Live Activity start: the activity's static attributes.",
    "aps.input-push-token": "Live Activity start: `1` asks for a push token for the new activity.",
    "aps.input-push-channel": "Live Activity start: the channel the activity subscribes to for broadcast updates (iOS 18).",
    "aps.content-changed": "widgets and controls: `true` reloads the app's widgets or controls.",
    "aps.url-args": "Safari website push: the values filled into the website's URL format string.",
    "aps.alert.title": "the alert's title.",
    "aps.alert.subtitle": "a line below the title, saying what the notification is about.",
    "aps.alert.body": "the alert's text.",
    "aps.alert.launch-image": "the image shown while the app launches from the notification.",
    "aps.alert.title-loc-key": "the key of the title in the app's `Localizable.strings`: the device shows its localization.",
    "aps.alert.title-loc-args": "the strings put in place of the localized title's `%@` and `%n$@`.",
    "aps.alert.subtitle-loc-key": "the key of the subtitle in the app's `Localizable.strings`.",
    "aps.alert.subtitle-loc-args": "the strings put in place of the localized subtitle's `%@` and `%n$@`.",
    "aps.alert.loc-key": "the key of the body in the app's `Localizable.strings`: the device shows its localization.",
    "aps.alert.loc-args": "the strings put in place of the localized body's `%@` and `%n$@`.",
    "aps.alert.action-loc-key": "deprecated: the key of the localized title of the alert's action button.",
    "aps.alert.action": "Safari: the label of the alert's action button.",
    "aps.alert.summary-arg": "deprecated: the text the notification adds to its group's summary.",
    "aps.alert.summary-arg-count": "deprecated: how many items the notification adds to its group's summary.",
    "aps.sound.critical": "`1`: a critical alert, which plays even when the device is muted or in a Focus (needs Apple's entitlement).",
    "aps.sound.name": "the sound file's name in the app's bundle or Library/Sounds, or `default`.",
    "aps.sound.volume": "the critical alert's volume, from 0 (silent) to 1 (full).",
  ]
}
