// Live Activities against the app's own ActivityAttributes (SPEC §13.1; ActivityContract detects them): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `activity-type-unknown`
  static var activityTypeUnknown: Self {
    Self(.error, .activity,
         summary: "attributes-type names no ActivityAttributes type of the --activity files (bare name, case-sensitive): the Live Activity never starts") {
      RuleExamples(#"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": 1️⃣"DeliveryActivity", "attributes": {"orderID": "A1"}, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}, "alert": {"title": "Order A1", "body": "On its way"}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": "DeliveryAttributes", "attributes": {"orderID": "A1"}, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}, "alert": {"title": "Order A1", "body": "On its way"}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-state-missing`
  static var activityStateMissing: Self {
    Self(.error, .activity,
         summary: "content-state or attributes lacks a non-optional property of the app's type, or sends null for it: the device cannot decode the push and drops it") {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": 1️⃣{"courier": "Anne", "eta": 721694000}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-state-type`
  static var activityStateType: Self {
    Self(.error, .activity,
         summary: "a value the app's Swift type cannot decode (a number as a string, 0/1 for Bool, 20.5 for Int, a string for Date, an unknown enum raw value, a bad UUID): the device drops the push") {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 1️⃣2.5}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2.0}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-date-epoch`
  static var activityDateEpoch: Self {
    Self(.error, .activity,
         summary: "a Date sent as seconds (or milliseconds) since 1970: ActivityKit counts seconds since 2001-01-01 and shows it 31 years late") {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 1️⃣1700000800, "stops": 2}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721693600, "stops": 2}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-not-checked`
  static var activityNotChecked: Self {
    Self(.info, .activity,
         summary: "a value whose Swift type the tool cannot see or follow (not among the --activity files, a custom init(from:) it cannot read): not checked") {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2, "route": 1️⃣{"id": 7}}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-extra-key`
  static var activityExtraKey: Self {
    Self(.info, .activity,
         summary: "a key of content-state or attributes that the app's type does not decode (ignored on the device)") {
      RuleExamples(#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2, 1️⃣"driver": "Anne"}}}"#
                     + Self.activityExampleSource,
                   pass: #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"courier": "Anne", "eta": 721694000, "stops": 2}}}"#
                     + Self.activityExampleSource)
    }
  }

  /// `activity-state-size`
  static var activityStateSize: Self {
    Self(.error, .activity,
         summary: "the encoded content-state is over 4 KB (4096 bytes)") {
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
