// Live Activities against the app's own ActivityAttributes (SPEC §13.1; ActivityContract detects them): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `activity-type-unknown`
  static var activityTypeUnknown: Self {
    Self(.error, .activity,
         fix: .never("whether the payload names the wrong type or the app lacks it only the author knows, even when a name is close"),
         consequence: "ActivityKit finds no ActivityAttributes type of that name in the app, so the Live Activity never starts, while APNs accepts the push",
         summary: "attributes-type names no ActivityAttributes type of the --activity files (bare name, case-sensitive): the Live Activity never starts",
         card: RuleCard(symptom: "APNs answers 200 but the Live Activity never starts: the app has no ActivityAttributes type of that name.",
                        remedy: "Set attributes-type to the exact Swift name of the app's ActivityAttributes type (case-sensitive, without the module).",
                        platforms: [.iOS("17.2"), .iPadOS("17.2")], sources: [.liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": 1️⃣"DeliveryActivity", "attributes": {"orderID": "A1"}, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}, "alert": {"title": "Order A1", "body": "On its way"}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": "DeliveryAttributes", "attributes": {"orderID": "A1"}, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}, "alert": {"title": "Order A1", "body": "On its way"}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-state-missing`
  static var activityStateMissing: Self {
    Self(.error, .activity,
         fix: .never("the missing values are the app's data; the tool cannot know them"),
         consequence: "the app's decoder cannot decode content-state or attributes without the property, so the device drops the push: the start or update never happens, while APNs accepts it",
         summary: "content-state or attributes lacks a non-optional property of the app's type, or sends null for it: the device cannot decode the push and drops it",
         card: RuleCard(symptom: "APNs answers 200 but the Live Activity does not start or update: the device cannot decode the push.",
                        remedy: "Send every non-optional property of the app's ContentState (or attributes) with a value of its type, or make the property optional in the app.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": 1️⃣{"courier": "Anne", "eta": 721694000}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-state-type`
  static var activityStateType: Self {
    Self(.error, .activity,
         fix: .never("the value meant cannot be told for certain from one of the wrong type (is 2.5 stops 2 or 3?)"),
         consequence: "the app's decoder refuses the value, so the device drops the push: the start or update never happens, while APNs accepts it",
         summary: "a value the app's Swift type cannot decode (a number as a string, 0/1 for Bool, 20.5 for Int, a string for Date, an unknown enum raw value, a bad UUID): the device drops the push",
         card: RuleCard(symptom: "APNs answers 200 but the Live Activity does not start or update: the device cannot decode the value.",
                        remedy: "Send each value in the JSON form its Swift type decodes from with JSONDecoder's defaults: numbers unquoted, Bool as true or false, Date as seconds since 2001, an enum's raw value.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 1️⃣2.5}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2.0}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-date-epoch`
  static var activityDateEpoch: Self {
    Self(.error, .activity,
         fix: .never("the value's clock (seconds or milliseconds since 1970) is read from its size, a guess the author must confirm"),
         consequence: "ActivityKit decodes a Date as seconds since 2001-01-01 (Apple, \"Starting and updating Live Activities with ActivityKit push notifications\": \"the system always decodes JSON payloads for Live Activity updates using its default encoding strategies\"), so a date sent as seconds since 1970 shows 31 years late, in milliseconds millennia away, as seconds from now in 2001: a countdown or arrival time the user reads is meaningless, decades from anything a Live Activity, which lasts twelve hours (Apple, \"Displaying live data with Live Activities\"), shows",
         summary: "a Date that decodes more than ten years from the push's timestamp (else from the time of sending; else sent as seconds or milliseconds since 1970), whatever its number reads as: ActivityKit counts seconds since 2001-01-01, and the activity shows a date decades away",
         card: RuleCard(symptom: "The Live Activity shows a countdown or time decades away.",
                        remedy: "Encode Dates as seconds since 2001-01-01 (Swift's timeIntervalSinceReferenceDate; Unix seconds minus 978307200).",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes, .liveActivities])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 1️⃣1700000800, "stops": 2}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721693600, "stops": 2}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-not-checked`
  static var activityNotChecked: Self {
    Self(.info, .activity,
         fix: .never("nothing is known to be wrong: the tool only could not follow the value's type"),
         consequence: "none known: the tool could not follow the value's type, so the finding says only that a check was not made, not that the device does anything",
         summary: "a value whose Swift type the tool cannot see or follow (not among the --activity files, a custom init(from:) it cannot read): not checked",
         card: RuleCard(symptom: "Nothing known: the tool could not follow the value's type, so it cannot say whether the device decodes it.",
                        remedy: "Pass the Swift files that declare the type with --activity, or check that value on a device or in the Simulator.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2, "route": 1️⃣{"id": 7}}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-extra-key`
  static var activityExtraKey: Self {
    Self(.info, .activity,
         fix: .never("whether the key should go or the app's type should decode it only the author knows"),
         consequence: "none: the app's decoder ignores a key its type does not have, so the device shows the same as without it",
         summary: "a key of content-state or attributes that the app's type does not decode (ignored on the device)",
         card: RuleCard(symptom: "Nothing changes: the app's decoder ignores the key.",
                        remedy: "Remove the key, or add the property to the app's type if it was meant to be shown.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2, 1️⃣"driver": "Anne"}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-state-size`
  static var activityStateSize: Self {
    Self(.error, .activity,
         fix: .never("what to cut from the content-state is the author's choice: any cut changes what the activity shows"),
         consequence: "Apple limits a Live Activity's dynamic data to 4 KB, so a larger content-state is not applied: the update is dropped",
         summary: "the encoded content-state is over 4 KB (4096 bytes)",
         card: RuleCard(symptom: "The Live Activity does not update: a content-state over 4 KB is not applied.",
                        remedy: "Shrink content-state under 4 KB: send only what the views show, ids rather than long texts, and fetch the rest in the app.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.activityUpdate, .liveActivityPushes])) {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": 1️⃣{"courier": ""# + String(repeating: "x", count: 4100)
                     + #"", "eta": 721694000, "stops": 2}}}"# + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": ""# + String(repeating: "x", count: 3900)
                     + #"", "eta": 721694000, "stops": 2}}}"# + Self.activityExampleSource,
                   triggerFlags: "--transport broadcast")
    }
  }

  /// The app's source the Live Activity examples run against (`check --activity Attributes.swift`):
  /// after a line `--- Attributes.swift`, as table examples put their tables.
  static let activityExampleSource = """

    --- Attributes.swift
    import ActivityKit

    struct DeliveryAttributes: ActivityAttributes {
      struct ContentState: Codable, Hashable {
        var courier: String
        var eta: Date
        var stops: Int
        var route: Route?
      }
      var orderID: String
    }
    """
}

// The messages of the Live Activity rules (`PayloadMessage`), reported by ActivityContract.
// `field`: the last component of the key path (`score`); `owner`: the Swift property or type that
// decodes it (`Score.ContentState.score`); `dropped`: what the device does with the push then
// ("the device drops the update").
extension PayloadMessage {
  // MARK: activity-type-unknown

  /// `declared`: the declared types shown (the first eight, then "…"), "none" when there are none;
  /// `nearest`: the closest declared name, if one is close.
  package static func activityTypeUnknown(_ name: String, declared: String, nearest: String?) -> Self {
    let hint = nearest.map { "; nearest '\($0)'" } ?? ""
    return Self(.activityTypeUnknown,
                "'\(name)' is not an ActivityAttributes type of the --activity files (declared: \(declared)\(hint)): the Live Activity never starts")
  }

  // MARK: activity-state-missing

  package static func stateKeyMissing(_ json: String, type: String, swiftType: String, dropped: String) -> Self {
    Self(.activityStateMissing, "'\(json)' is missing; \(type) requires it (\(swiftType)): \(dropped)")
  }

  package static func stateKeyNull(_ json: String, owner: String, swiftType: String, dropped: String) -> Self {
    Self(.activityStateMissing, "'\(json)' is null; \(owner) is a non-optional \(swiftType): \(dropped)")
  }

  // MARK: activity-state-type

  /// A JSON value of a kind the Swift type cannot take (`got`: "the string 'x'", "an array").
  package static func stateType(_ field: String, got: String, owner: String, expected: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(field)' is \(got); \(owner) decodes from \(expected): \(dropped)")
  }

  /// A key of a dictionary keyed by an integer type that is not a whole number.
  package static func dictionaryKeyNotInteger(_ key: String, type: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(key)' is not a key of \(type): the keys must be whole numbers written as strings: \(dropped)")
  }

  package static func notWholeNumber(_ field: String, text: String, integerType: String, owner: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(field)' is \(text); \(integerType) takes whole numbers only (\(owner)): \(dropped)")
  }

  package static func outOfRange(_ field: String, text: String, integerType: String, owner: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(field)' is \(text), out of \(integerType)'s range (\(owner)): \(dropped)")
  }

  /// `shown`: the string, clipped for the message.
  package static func notOneCharacter(_ field: String, shown: String, owner: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(field)' is '\(shown)'; a Character decodes from a string of exactly one character (\(owner)): \(dropped)")
  }

  package static func emptyURL(_ field: String, owner: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(field)' is the empty string, which is not a URL (\(owner)): \(dropped)")
  }

  package static func notUUID(_ field: String, shown: String, owner: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(field)' is '\(shown)', not a UUID (8-4-4-4-12 hexadecimal digits) (\(owner)): \(dropped)")
  }

  package static func notBase64(_ field: String, owner: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(field)' is not base64, which Data decodes from (\(owner)): \(dropped)")
  }

  /// A string that is no raw value of a string enum (`allowed`: the raw values listed;
  /// `nearest`: the closest one, if close).
  package static func notStringRawValue(_ field: String, shown: String, type: String, allowed: String, nearest: String?,
                                        dropped: String) -> Self {
    let hint = nearest.map { " (nearest: '\($0)')" } ?? ""
    return Self(.activityStateType, "'\(field)' is '\(shown)', not a raw value of \(type) (\(allowed))\(hint): \(dropped)")
  }

  package static func notIntegerRawValue(_ field: String, text: String, type: String, allowed: String, dropped: String) -> Self {
    Self(.activityStateType, "'\(field)' is \(text), not a raw value of \(type) (\(allowed)): \(dropped)")
  }

  // MARK: activity-date-epoch

  /// A date sent as seconds since 1970 (`decodesAs`: the date ActivityKit reads; `late`: by how
  /// many years; `fix`: the value to send, grouped).
  package static func dateSince1970(_ field: String, text: String, decodesAs: String, late: Int64, fix: String) -> Self {
    Self(.activityDateEpoch,
         "'\(field)' \(text) decodes as \(decodesAs), \(late) years late; ActivityKit counts seconds since 2001-01-01: send \(fix) or subtract 978307200")
  }

  /// A date sent as milliseconds since 1970.
  package static func dateInMilliseconds(_ field: String, text: String, decodesAs: String, fix: String) -> Self {
    Self(.activityDateEpoch,
         "'\(field)' \(text) looks like milliseconds since 1970 and decodes as \(decodesAs); ActivityKit counts seconds since 2001-01-01: send \(fix) (divide by 1000, then subtract 978307200)")
  }

  /// A date that decodes `years` ("22 years") `side` ("after", "before") the `reference` ("the push's timestamp",
  /// "the time of sending") at `referenceDate`, whose number is no count since 1970 near it;
  /// `as1970`: what it reads as in seconds since 1970 when that is a date at all (then `fix`: the
  /// same instant in seconds since 2001).
  package static func dateFarFromReference(_ field: String, text: String, decodesAs: String, years: String, side: String,
                                           reference: String, referenceDate: String, as1970: String?, fix: String?) -> Self {
    let hint = as1970.map { reading in
      "; as seconds since 1970 it is \(reading): if that is the date meant, send \(fix ?? "it less 978307200") or subtract 978307200"
    } ?? ": send the date's seconds since 2001-01-01"
    return Self(.activityDateEpoch,
                "'\(field)' \(text) decodes as \(decodesAs), \(years) \(side) \(reference) (\(referenceDate)); a Live Activity lasts twelve hours at most, so no date it shows is that far: ActivityKit counts seconds since 2001-01-01\(hint)")
  }

  // MARK: activity-not-checked

  package static func noActivityTypes(_ key: String) -> Self {
    Self(.activityNotChecked, "the --activity files declare no ActivityAttributes type: '\(key)' is not checked")
  }

  package static func contentStateNotDeclared(_ type: String) -> Self {
    Self(.activityNotChecked, "\(type).ContentState is not declared in the --activity files: 'content-state' is not checked")
  }

  package static func dictionaryKeyedByOther(_ field: String, keyType: String) -> Self {
    Self(.activityNotChecked,
         "'\(field)' is not checked: a dictionary keyed by \(keyType) decodes from an array of pairs, which this tool does not follow")
  }

  package static func typeNotRead(_ field: String, type: String) -> Self {
    Self(.activityNotChecked, "'\(field)' is not checked: its type '\(type)' is not one this tool reads")
  }

  package static func typeNotDeclared(_ field: String, type: String) -> Self {
    Self(.activityNotChecked, "'\(field)' is not checked: \(type) is not declared in the --activity files")
  }

  /// A property whose type the tool cannot read (`why`: "a property wrapper decodes it", …).
  package static func propertyNotChecked(_ json: String, why: String, owner: String) -> Self {
    Self(.activityNotChecked, "'\(json)' is not checked: \(why) (\(owner))")
  }

  /// A type with its own `init(from:)` at `location` that `what` ("reads keys under a condition or try?").
  package static func customDecoding(_ field: String, type: String, location: String, what: String) -> Self {
    Self(.activityNotChecked, "'\(field)' is partly checked: \(type)'s own init(from:) (\(location)) \(what), which this tool does not follow")
  }

  package static func enumWithoutRawValues(_ field: String, type: String) -> Self {
    Self(.activityNotChecked, "'\(field)' is not checked: \(type) is an enum without raw values")
  }

  /// `kind`: "string" or "integer".
  package static func rawValueNotPlain(_ field: String, type: String, caseName: String, kind: String) -> Self {
    Self(.activityNotChecked, "'\(field)' is not checked: \(type).\(caseName)'s raw value is not a plain \(kind)")
  }

  // MARK: activity-extra-key

  package static func activityExtraKey(_ key: String, type: String) -> Self {
    Self(.activityExtraKey, "'\(key)' is not a key of \(type): the device ignores it")
  }

  // MARK: activity-state-size

  /// `bytes`: the encoded size, grouped (`4,217`).
  package static func activityStateSize(bytes: String) -> Self {
    Self(.activityStateSize, "the encoded content-state is \(bytes) bytes, over ActivityKit's 4096-byte limit")
  }
}
