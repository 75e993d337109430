import ActivityContract
import Foundation
import PayloadSchema
import Testing

/// Findings as tests compare them: "rule line:column keyPath".
func summary(_ f: Finding) -> String {
  "\(f.rule.rawValue) \(f.line):\(f.column) \(f.keyPath ?? "-")"
}

func contract(_ files: [(String, String)]) -> ActivityContract {
  var c = ActivityContract()
  for (name, source) in files { c.add(source: source, file: name) }
  return c
}

func run(_ payload: String, _ source: String, now: Int64? = 1_700_000_000) -> ActivityOutcome {
  ActivityChecker(contract: contract([("A.swift", source)])).check(Array(payload.utf8), now: now)
}

func found(_ payload: String, _ source: String, now: Int64? = 1_700_000_000) -> [String] {
  run(payload, source, now: now).findings.map(summary)
}

func messages(_ payload: String, _ source: String) -> [String] {
  run(payload, source).findings.map(\.message)
}

let delivery = """
  import ActivityKit

  struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
      var courier: String
      var eta: Date
      var stops: Int
      var note: String?
      var phase: Phase = .ordered
      let version = 2
    }
    enum Phase: String, Codable { case ordered, shipped, arrived = "done" }
    var orderID: String
  }
  """

func update(_ state: String) -> String {
  #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": "# + state + "}}"
}

@Suite struct DeclarationTests {
  @Test func readsPropertiesOptionalsDefaultsAndEnums() throws {
    let c = contract([("A.swift", delivery)])
    #expect(c.activityTypeNames == ["DeliveryAttributes"])
    let state = try #require(c.types["DeliveryAttributes.ContentState"])
    #expect(state.properties.map(\.name) == ["courier", "eta", "stops", "note", "phase", "version"])
    #expect(state.properties.map { $0.type?.description ?? "-" } == ["String", "Date", "Int", "String?", "Phase", "Int"])
    #expect(state.properties.map(\.isConstantWithValue) == [false, false, false, false, false, true])
    let phase = try #require(c.types["DeliveryAttributes.Phase"])
    #expect(phase.cases.map(\.name) == ["ordered", "shipped", "arrived"])
    #expect(phase.cases[2].rawValue == .string("done"))
    #expect(state.location == SwiftLocation(file: "A.swift", line: 4, column: 17))
  }

  @Test func aFileThatDoesNotParseIsAPositionedProblem() {
    let c = contract([("Bad.swift", "struct A: ActivityAttributes {\n  var x: \n}\n")])
    #expect(c.problems.map(\.description) == ["Bad.swift:2:10: error: the Swift file does not parse: expected a type here"])
    #expect(c.activityTypes.isEmpty)
  }

  @Test func typesResolveAcrossFilesExtensionsAndAliases() {
    let c = contract([
      ("A.swift", "struct Score: ActivityAttributes {\n  typealias ContentState = ScoreState\n  var home: String\n}"),
      ("B.swift", "struct ScoreState: Codable, Hashable { var goals: [Goal] }\nextension ScoreState { struct Goal: Codable, Hashable { var minute: Int } }"),
    ])
    let p = #"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"goals": [{"minute": 3}, {"minute": "4"}]}}}"#
    #expect(ActivityChecker(contract: c).check(Array(p.utf8), now: 0).findings.map(summary)
      == ["activity-state-type 1:108 aps.content-state.goals[1].minute"])
  }

  @Test func conformanceInAnExtensionCounts() {
    let c = contract([("A.swift", "struct Pizza { struct ContentState: Codable, Hashable { var n: Int } }\nextension Pizza: ActivityAttributes {}")])
    #expect(c.activityTypeNames == ["Pizza"])
  }

  @Test func codingKeysGiveTheJSONKeys() {
    let source = """
      struct Ride: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var driverName: String
          var etaMinutes: Int
          var local = 0
          enum CodingKeys: String, CodingKey { case driverName = "driver_name", etaMinutes = "eta_minutes" }
        }
      }
      """
    #expect(found(update(#"{"driver_name": "Ana", "eta_minutes": 4}"#), source) == [])
    #expect(found(update(#"{"driverName": "Ana", "eta_minutes": 4}"#), source)
      == ["activity-state-missing 1:71 aps.content-state.driver_name", "activity-extra-key 1:72 aps.content-state.driverName"])
  }
}

@Suite struct StateRuleTests {
  @Test func aCleanUpdateHasNoFinding() {
    #expect(found(update(#"{"courier": "Anne", "eta": 721694000, "stops": 2, "phase": "done"}"#), delivery) == [])
  }

  @Test func missingAndNull() {
    #expect(found(update(#"{"courier": null, "eta": 721694000}"#), delivery)
      == ["activity-state-missing 1:83 aps.content-state.courier", "activity-state-missing 1:71 aps.content-state.stops",
          "activity-state-missing 1:71 aps.content-state.phase"])
    #expect(messages(update(#"{"courier": "A", "eta": 721694000, "stops": 1}"#), delivery)
      == ["'phase' is missing; DeliveryAttributes.ContentState requires it (Phase): the device drops the update"])
  }

  @Test func optionalMayBeNullOrAbsent() {
    #expect(found(update(#"{"courier": "A", "eta": 721694000, "stops": 1, "phase": "ordered", "note": null}"#), delivery) == [])
  }

  @Test func typeMismatches() {
    let p = update(#"{"courier": 5, "eta": "2025-01-01", "stops": "2", "phase": "arrived", "note": true}"#)
    // In declaration order, as the walk reads the properties.
    #expect(found(p, delivery) == [
      "activity-state-type 1:83 aps.content-state.courier", "activity-state-type 1:93 aps.content-state.eta",
      "activity-state-type 1:116 aps.content-state.stops", "activity-state-type 1:149 aps.content-state.note",
      "activity-state-type 1:130 aps.content-state.phase",
    ])
    #expect(messages(p, delivery) == [
      "'courier' is the number 5; DeliveryAttributes.ContentState.courier decodes from a string (String): the device drops the update",
      "'eta' is the string '2025-01-01'; DeliveryAttributes.ContentState.eta decodes from a number of seconds since 2001-01-01 (Date, decoded with the default strategy): the device drops the update",
      "'stops' is the string '2'; DeliveryAttributes.ContentState.stops decodes from a number (Int): the device drops the update",
      "'note' is true; DeliveryAttributes.ContentState.note decodes from a string (String): the device drops the update",
      "'phase' is 'arrived', not a raw value of DeliveryAttributes.Phase ('ordered', 'shipped', 'done'): the device drops the update",
    ])
  }

  @Test func integersTakeWholeNumbersOnly() {
    let source = "struct T: ActivityAttributes { struct ContentState: Codable, Hashable { var a: Int; var b: UInt8; var c: Bool } }"
    #expect(found(update(#"{"a": 34.0, "b": 255, "c": false}"#), source) == [])
    #expect(found(update(#"{"a": 20.1234, "b": 256, "c": 1}"#), source)
      == ["activity-state-type 1:77 aps.content-state.a", "activity-state-type 1:91 aps.content-state.b",
          "activity-state-type 1:101 aps.content-state.c"])
    #expect(messages(update(#"{"a": 20.1234, "b": 1, "c": true}"#), source)
      == ["'a' is 20.1234; Int takes whole numbers only (T.ContentState.a): the device drops the update"])
    #expect(found(update(#"{"a": 9223372036854775808, "b": 1, "c": true}"#), source) == ["activity-state-type 1:77 aps.content-state.a"])
  }

  @Test func uuidURLAndData() {
    let source = "struct T: ActivityAttributes { struct ContentState: Codable, Hashable { var id: UUID; var link: URL; var blob: Data } }"
    #expect(found(update(#"{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "link": "https://x.example", "blob": "AAE="}"#), source) == [])
    #expect(found(update(#"{"id": "E621E1F8", "link": "", "blob": "A"}"#), source)
      == ["activity-state-type 1:78 aps.content-state.id", "activity-state-type 1:98 aps.content-state.link",
          "activity-state-type 1:110 aps.content-state.blob"])
  }

  @Test func startChecksAttributesAndTheTypeName() {
    let start = #"{"aps": {"event": "start", "timestamp": 1700000000, "attributes-type": "DeliveryAttributes", "attributes": {"orderID": 7}, "content-state": {"courier": "A", "eta": 721694000, "stops": 1, "phase": "ordered"}}}"#
    #expect(found(start, delivery) == ["activity-state-type 1:120 aps.attributes.orderID"])
    let unknown = start.replacingOccurrences(of: "\"DeliveryAttributes\"", with: "\"deliveryAttributes\"")
    #expect(found(unknown, delivery) == ["activity-type-unknown 1:72 aps.attributes-type"])
    #expect(messages(unknown, delivery)
      == ["'deliveryAttributes' is not an ActivityAttributes type of the --activity files (declared: DeliveryAttributes; nearest 'DeliveryAttributes'): the Live Activity never starts"])
  }

  @Test func extraKeysAreInfo() {
    let p = update(#"{"courier": "A", "eta": 721694000, "stops": 1, "phase": "ordered", "version": 3}"#)
    #expect(found(p, delivery) == ["activity-extra-key 1:138 aps.content-state.version"])
  }

  @Test func undeclaredTypesAreNotChecked() {
    let source = "struct T: ActivityAttributes { struct ContentState: Codable, Hashable { var route: Route; var n: Int } }"
    #expect(found(update(#"{"route": {"id": 1}, "n": "x"}"#), source)
      == ["activity-not-checked 1:81 aps.content-state.route", "activity-state-type 1:97 aps.content-state.n"])
    #expect(messages(update(#"{"route": {"id": 1}, "n": 1}"#), source)
      == ["'route' is not checked: Route is not declared in the --activity files"])
  }

  @Test func stateOver4KB() {
    let source = "struct T: ActivityAttributes { struct ContentState: Codable, Hashable { var s: String } }"
    let big = String(repeating: "x", count: 4088)
    #expect(found(update(#"{"s": ""# + big + #""}"#), source) == [])  // 4096 bytes compact: {"s":"…"}
    #expect(found(update(#"{"s": ""# + big + #"x"}"#), source) == ["activity-state-size 1:71 aps.content-state"])
  }

  @Test func severalTypesAnUpdateThatDecodesIntoOneIsClean() {
    let source = delivery + "\nstruct Timer: ActivityAttributes { struct ContentState: Codable, Hashable { var left: Int } }"
    #expect(found(update(#"{"left": 5}"#), source) == [])
    #expect(found(update(#"{"left": "5"}"#), source) == ["activity-state-type 1:80 aps.content-state.left"])
  }
}

@Suite struct DateEpochTests {
  let source = "struct T: ActivityAttributes { struct ContentState: Codable, Hashable { var eta: Date } }"

  @Test func unixSecondsAreThirtyOneYearsLate() {
    let p = update(#"{"eta": 1700000800}"#)
    #expect(found(p, source) == ["activity-date-epoch 1:79 aps.content-state.eta"])
    #expect(messages(p, source) == [
      "'eta' 1700000800 decodes as 2054-11-14 22:26 UTC, 31 years late; ActivityKit counts seconds since 2001-01-01: send 721,693,600 or subtract 978307200",
    ])
  }

  @Test func millisecondsToo() {
    let p = update(#"{"eta": 1700000800000}"#)
    #expect(found(p, source) == ["activity-date-epoch 1:79 aps.content-state.eta"])
    #expect(messages(p, source).first?.hasPrefix("'eta' 1700000800000 looks like milliseconds since 1970 and decodes as 55") == true)
  }

  @Test func secondsSince2001AreFine() {
    #expect(found(update(#"{"eta": 721693600}"#), source) == [])
    #expect(found(update(#"{"eta": 721693600.5}"#), source) == [])
  }

  @Test func withoutTimestampTheTimeOfSendingIsTheReference() {
    let p = #"{"aps": {"event": "update", "content-state": {"eta": 1700000800}}}"#
    #expect(found(p, source, now: 1_700_000_000) == ["activity-date-epoch 1:54 aps.content-state.eta"])
    // Sent in 1990, 2054 is 64 years away: no Live Activity shows that, whatever the number reads as.
    #expect(found(p, source, now: 631_152_000) == ["activity-date-epoch 1:54 aps.content-state.eta"])
    // Seconds since 2001 of the time of sending: fine.
    #expect(found(#"{"aps": {"event": "update", "content-state": {"eta": 721693600}}}"#, source, now: 1_700_000_000) == [])
    // Without a timestamp or a time of sending, what the number reads as since 1970 decides.
    #expect(run(p, source, now: nil).findings.map(summary) == ["activity-date-epoch 1:54 aps.content-state.eta"])
    #expect(run(#"{"aps": {"event": "update", "content-state": {"eta": 1}}}"#, source, now: nil).findings.isEmpty)
  }

  /// A timestamp no Live Activity has (Apple's own start sample sends 1234) is no reference: the
  /// time of sending is.
  @Test func aTimestampBefore2022IsNoReference() {
    let start = #"{"aps": {"event": "start", "timestamp": 1234, "attributes-type": "T", "attributes": {}, "content-state": {"eta": 721693600}}}"#
    #expect(found(start, source, now: 1_700_000_000) == [])
  }

  /// Issue 53: a date that decodes decades from the push's timestamp is the error whatever its
  /// number reads as since 1970: seconds of a date more than a year before the timestamp, a
  /// count of seconds from now, zero.
  @Test(arguments: [
    (#"{"eta": 1639000000}"#, "'eta' 1639000000 decodes as 2052-12-08 21:46 UTC, 31 years late; ActivityKit counts seconds since 2001-01-01: send 660,692,800 or subtract 978307200"),
    (#"{"eta": 900}"#, "'eta' 900 decodes as 2001-01-01 00:15 UTC, 22 years before the push's timestamp (2023-11-14 22:13 UTC); a Live Activity lasts twelve hours at most, so no date it shows is that far: ActivityKit counts seconds since 2001-01-01: send the date's seconds since 2001-01-01"),
    (#"{"eta": 1300000000}"#, "'eta' 1300000000 decodes as 2042-03-13 07:06 UTC, 18 years after the push's timestamp (2023-11-14 22:13 UTC); a Live Activity lasts twelve hours at most, so no date it shows is that far: ActivityKit counts seconds since 2001-01-01; as seconds since 1970 it is 2011-03-13 07:06 UTC: if that is the date meant, send 321,692,800 or subtract 978307200"),
  ])
  func aDateDecadesFromTheTimestampIsTheError(_ state: String, _ message: String) {
    #expect(messages(update(state), source) == [message])
  }

  /// Within ten years of the timestamp a date is the app's to show (an order placed last week, a
  /// membership that ends next year): no mistake of encoding lands there.
  @Test func withinTenYearsADateIsTheApps() {
    #expect(found(update(#"{"eta": 1000000000}"#), source) == [])  // 2032-09-09, 8.8 years after
    #expect(found(update(#"{"eta": 500000000}"#), source) == [])   // 2016-11-05, 7 years before
    #expect(found(update(#"{"eta": 400000000}"#), source) == ["activity-date-epoch 1:79 aps.content-state.eta"])  // 10.2 years before
  }

  @Test func aCustomInitThatReadsUnixSecondsIsNotFlagged() {
    let custom = """
      struct T: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var eta: Date
          enum CodingKeys: String, CodingKey { case eta = "eta_unix" }
          init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            eta = Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .eta))
          }
        }
      }
      """
    #expect(found(update(#"{"eta_unix": 1700000800}"#), custom) == [])
    #expect(found(update(#"{"eta_unix": "1700000800"}"#), custom) == ["activity-state-type 1:84 aps.content-state.eta_unix"])
    #expect(found(update(#"{"eta": 1700000800}"#), custom)
      == ["activity-state-missing 1:71 aps.content-state.eta_unix", "activity-extra-key 1:72 aps.content-state.eta"])
  }

  @Test func aWrapperTypeWithItsOwnSingleValueDecoding() {
    let custom = """
      struct UnixDate: Codable, Hashable {
        var date: Date
        init(from decoder: Decoder) throws {
          let c = try decoder.singleValueContainer()
          date = Date(timeIntervalSince1970: try c.decode(Double.self))
        }
      }
      struct T: ActivityAttributes { struct ContentState: Codable, Hashable { var eta: UnixDate } }
      """
    #expect(found(update(#"{"eta": 1700000800}"#), custom) == [])
    #expect(found(update(#"{"eta": "soon"}"#), custom) == ["activity-state-type 1:79 aps.content-state.eta"])
  }
}

@Suite struct CustomDecodingTests {
  @Test func whatCannotBeFollowedIsNotCheckedNeverGuessed() {
    let source = """
      struct T: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var a: Int
          var b: Int
          init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            a = try c.decode(Int.self, forKey: .a)
            let nested = try c.nestedContainer(keyedBy: CodingKeys.self, forKey: .b)
            b = try nested.decode(Int.self, forKey: .b)
          }
          enum CodingKeys: CodingKey { case a, b }
        }
      }
      """
    #expect(found(update(#"{"a": "1", "whatever": 2}"#), source)
      == ["activity-state-type 1:77 aps.content-state.a", "activity-not-checked 1:71 aps.content-state"])
    #expect(messages(update(#"{"a": 1}"#), source).first?.hasPrefix(
      "'content-state' is partly checked: T.ContentState's own init(from:) (A.swift:5:5) reads 'c.nestedContainer(") == true)
  }

  @Test func tryQuestionMarkAndBranchesAreNotRequired() {
    let source = """
      struct T: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var a: Int?
          var b: Int
          init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            a = try? c.decode(Int.self, forKey: .a)
            b = try c.decodeIfPresent(Int.self, forKey: .b) ?? 0
          }
          enum CodingKeys: CodingKey { case a, b }
        }
      }
      """
    #expect(found(update(#"{"a": "x"}"#), source) == ["activity-not-checked 1:71 aps.content-state"])
    #expect(found(update(#"{"a": 1, "b": "x"}"#), source)
      == ["activity-state-type 1:85 aps.content-state.b", "activity-not-checked 1:71 aps.content-state"])
  }
}

@Suite struct BoundsTests {
  /// 200 types each nested in the previous one, the innermost the ContentState.
  @Test func twoHundredTypesDeep() {
    var source = "struct T: ActivityAttributes {\n"
    for i in 0..<200 { source += "struct N\(i): Codable, Hashable {\n" }
    source += "var x: Int\n"
    for _ in 0..<200 { source += "}\n" }
    source += "typealias ContentState = " + (0..<200).map { "N\($0)" }.joined(separator: ".") + "\n}\n"
    let c = contract([("Deep.swift", source)])
    #expect(c.problems.isEmpty)
    #expect(c.types.count == 201)
    let p = update(#"{"x": "1"}"#)
    #expect(ActivityChecker(contract: c).check(Array(p.utf8), now: 0).findings.map(summary) == ["activity-state-type 1:77 aps.content-state.x"])
  }

  @Test func deeperThanTheParserNestsIsAPositionedProblem() {
    var source = ""
    for i in 0..<2000 { source += "struct N\(i) {\n" }
    for _ in 0..<2000 { source += "}\n" }
    let c = contract([("Deeper.swift", source)])
    #expect(c.problems.count == 1)
    #expect(c.problems.first?.location.file == "Deeper.swift")
    #expect(c.types.isEmpty)
  }

  @Test func oneHundredThousandProperties() {
    var source = "struct T: ActivityAttributes {\n struct ContentState: Codable, Hashable {\n"
    for i in 0..<100_000 { source += "  var p\(i): Int\n" }
    source += " }\n}\n"
    let c = contract([("Wide.swift", source)])
    #expect(c.types["T.ContentState"]?.properties.count == 100_000)
    let p = update(#"{"p0": 1}"#)
    let f = ActivityChecker(contract: c).check(Array(p.utf8), now: 0).findings
    #expect(f.count == 99_999)
    #expect(f.allSatisfy { $0.payloadRule == .activityStateMissing })
  }

  @Test func aPayloadThatIsNotJSONGivesNothing() {
    #expect(found(#"{"aps": {"content-state": {"a": }}"#, delivery) == [])
    #expect(found(String(repeating: "[", count: 10_000), delivery) == [])
  }
}

/// Issue 37's held-out cases, in shapes of our own: an optional `Date` behind `CodingKeys`, and two
/// modules that each declare an `ActivityAttributes` type of the same name (an app's widget
/// extension and a plugin's, as a Capacitor or Flutter Live Activity plugin ships beside the app).
@Suite struct HeldOutActivityTests {
  @Test(arguments: [
    "var eta: Date?", "let eta: Optional<Date>", "var eta: Date? = nil", "var eta: Foundation.Date?",
  ])
  func anOptionalDateBehindCodingKeysIsChecked(_ property: String) {
    let source = """
      struct Delivery: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var status: String
          \(property)
          enum CodingKeys: String, CodingKey {
            case status
            case eta = "eta_time"
          }
        }
      }
      """
    let p = update(#"{"status": "out", "eta_time": 1700000800}"#)
    #expect(found(p, source) == ["activity-date-epoch 1:101 aps.content-state.eta_time"], "\(property)")
    #expect(found(update(#"{"status": "out"}"#), source) == [], "\(property)")
  }

  @Test func anOptionalDateDecodedIfPresentInAnExtension() {
    let source = """
      struct Delivery: ActivityAttributes { typealias ContentState = DeliveryState }
      struct DeliveryState: Codable, Hashable {
        var arrival: Date?
        enum CodingKeys: String, CodingKey { case arrival = "arrival_at" }
      }
      extension DeliveryState {
        init(from decoder: Decoder) throws {
          let c = try decoder.container(keyedBy: CodingKeys.self)
          arrival = try c.decodeIfPresent(Date.self, forKey: .arrival)
        }
      }
      """
    #expect(found(update(#"{"arrival_at": 1700000800}"#), source) == ["activity-date-epoch 1:86 aps.content-state.arrival_at"])
  }

  static let plugin = "struct TimerAttributes: ActivityAttributes { struct ContentState: Codable, Hashable { var remaining: Int } }"
  static let widget = """
    struct TimerAttributes: ActivityAttributes {
      struct ContentState: Codable, Hashable {
        var remaining: String
        var paused: Bool
      }
    }
    """

  @Test func twoTypesOfOneNameAreEachChecked() {
    let checker = ActivityChecker(contract: contract([("Plugin/TimerAttributes.swift", Self.plugin), ("Widget/TimerAttributes.swift", Self.widget)]))
    let outcome = checker.check(Array(update(#"{"remaining": 5}"#).utf8), now: 1_700_000_000)
    // The plugin's declaration decodes it; the widget extension's does not: its two errors, named.
    #expect(outcome.findings.map(summary) == [
      "activity-state-type 1:85 aps.content-state.remaining",
      "activity-state-missing 1:71 aps.content-state.paused",
    ])
    #expect(outcome.findings.allSatisfy { $0.message.hasSuffix("(TimerAttributes as declared in Widget/TimerAttributes.swift:1)") })
    // Each declaration's own findings, each named.
    let both = checker.check(Array(update(#"{"remaining": 5, "paused": false}"#).utf8), now: 1_700_000_000)
    #expect(both.findings.map(summary) == ["activity-extra-key 1:88 aps.content-state.paused", "activity-state-type 1:85 aps.content-state.remaining"])
    #expect(both.findings.map { $0.message.hasSuffix("as declared in Plugin/TimerAttributes.swift:1)") } == [true, false])
    #expect(both.findings.map { $0.message.hasSuffix("as declared in Widget/TimerAttributes.swift:1)") } == [false, true])
    // Two files with the same declaration agree on everything: nothing is said of them.
    let none = ActivityChecker(contract: contract([("P.swift", Self.plugin), ("W.swift", Self.plugin)]))
      .check(Array(update(#"{"remaining": 5}"#).utf8), now: 1_700_000_000)
    #expect(none.findings.isEmpty)
  }

  // Issue 53: the two cases of issue 37 that were still missed, each in a reproduction of ours.

  /// A `Date?` behind `CodingKeys`, sent as Unix seconds of a date more than a year before the
  /// push's timestamp: it used to be reported only when the seconds fell within a year of the
  /// timestamp. The pattern (a kitchen timer's `countdown_end`, a relay that copies the Unix time
  /// of an automation into `content-state`) was seen in home-assistant/iOS at f4d5582,
  /// `Sources/Shared/LiveActivity/HALiveActivityAttributes.swift`, against
  /// home-assistant/mobile-apps-fcm-push at d871cc0 (`functions/live-activity.js`, its
  /// `update-full.json` fixture); types, names and numbers here are ours.
  @Test func anOptionalDateBehindCodingKeysFarFromTheTimestamp() {
    let source = """
      struct OvenTimerAttributes: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var label: String
          var finishesAt: Date?
          enum CodingKeys: String, CodingKey {
            case label
            case finishesAt = "finishes_at"
          }
        }
      }
      """
    // Written in June 2026; the Unix seconds name 1 January 2024, 2.5 years earlier.
    let payload = #"{"aps": {"event": "update", "timestamp": 1781971200, "content-state": {"label": "Bread", "finishes_at": 1704110400}}}"#
    let outcome = run(payload, source, now: nil)
    #expect(outcome.findings.map { "\($0.rule.rawValue) \($0.severity.rawValue) \($0.line):\($0.column) \($0.keyPath ?? "-")" }
      == ["activity-date-epoch error 1:105 aps.content-state.finishes_at"])
    #expect(outcome.findings.first?.message
      == "'finishes_at' 1704110400 decodes as 2055-01-01 12:00 UTC, 31 years late; ActivityKit counts seconds since 2001-01-01: send 725,803,200 or subtract 978307200")
    // Seconds since 2001 of an hour after the timestamp: clean.
    #expect(found(#"{"aps": {"event": "update", "timestamp": 1781971200, "content-state": {"label": "Bread", "finishes_at": 803667600}}}"#,
                  source, now: nil) == [])
  }

  /// One `ActivityAttributes` name declared by a plugin (nested in its plugin class) and again by
  /// the app's widget extension (at the top level, with a `ContentState` of its own): ActivityKit
  /// matches the type by that name in each module, so the push must decode into both. The check
  /// used to run against the one with fewer errors, silently; now each disagreeing declaration's
  /// findings are reported, naming its file and line. The pattern was seen in
  /// istornz/flutter_live_activities at a5de8a1 (`ios/live_activities/Sources/live_activities/LiveActivitiesPlugin.swift`
  /// and `example/ios/extension-example/extension_example.swift`); the types here are ours.
  @Test func oneNameInAPluginAndInTheWidgetExtension() {
    let plugin = """
      public class ScorePlugin {
        struct MatchAttributes: ActivityAttributes {
          public struct ContentState: Codable, Hashable {
            var appGroup: String
          }
          var matchID = UUID()
        }
      }
      """
    let widget = """
      import ActivityKit

      struct MatchAttributes: ActivityAttributes {
        public struct ContentState: Codable, Hashable {
          var home: Int
          var away: Int
        }
        var matchID = UUID()
      }
      """
    let checker = ActivityChecker(contract: contract([("Plugin/ScorePlugin.swift", plugin), ("Widget/MatchWidget.swift", widget)]))
    let findings = checker.check(Array(update(#"{"home": 2, "away": 1}"#).utf8), now: nil).findings
    #expect(findings.map(summary) == [
      "activity-state-missing 1:71 aps.content-state.appGroup",
      "activity-extra-key 1:72 aps.content-state.home",
      "activity-extra-key 1:83 aps.content-state.away",
    ])
    #expect(findings.map(\.message) == [
      "'appGroup' is missing; ScorePlugin.MatchAttributes.ContentState requires it (String): the device drops the update (ScorePlugin.MatchAttributes as declared in Plugin/ScorePlugin.swift:2)",
      "'home' is not a key of ScorePlugin.MatchAttributes.ContentState: the device ignores it (ScorePlugin.MatchAttributes as declared in Plugin/ScorePlugin.swift:2)",
      "'away' is not a key of ScorePlugin.MatchAttributes.ContentState: the device ignores it (ScorePlugin.MatchAttributes as declared in Plugin/ScorePlugin.swift:2)",
    ])
    // Where both declarations read the push alike, nothing is labelled and nothing repeated.
    let same = ActivityChecker(contract: contract([("P.swift", plugin), ("W.swift", plugin.replacingOccurrences(of: "ScorePlugin", with: "WidgetBox"))]))
    #expect(same.check(Array(update(#"{"appGroup": "g"}"#).utf8), now: nil).findings.isEmpty)
  }

  @Test func oneDeclarationAndItsExtensionsAreNotTwo() {
    let c = contract([("A.swift", Self.plugin), ("B.swift", "extension TimerAttributes { var label: String { \"x\" } }")])
    #expect(c.alternates.isEmpty)
  }
}

/// Issue 53: without the app's types a Unix date in `content-state` is a warning guessed from the
/// key's name (`content-state-unix-date`); with them (`ActivityChecker.amend`, what `check`,
/// `serve` and `render` do with `--activity`) the types decide at every member they read.
@Suite struct UnixDateGuessTests {
  /// The app converts Unix seconds itself (a `Double` read in its own `init(from:)`, as LoopFollow
  /// does at 89183a4, `Shared/GlucoseLiveActivityAttributes.swift`; types ours): right to send
  /// them, no finding. The same number into a default `Date`: the error, in the warning's place.
  /// A key the types do not decode is ignored by the device (`activity-extra-key`): no date shows,
  /// no warning. Inside a value whose type the files do not declare, the warning stays.
  @Test func theTypesDecideWhereTheyRead() {
    let converts = """
      struct Glucose: ActivityAttributes {
        struct ContentState: Codable, Hashable {
          var producedAt: Date
          var reading: Reading
          enum CodingKeys: String, CodingKey { case producedAt, reading }
          init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            producedAt = Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .producedAt))
            reading = try c.decode(Reading.self, forKey: .reading)
          }
        }
      }
      """
    let plain = "struct Glucose: ActivityAttributes { struct ContentState: Codable, Hashable { var producedAt: Date; var reading: Reading } }"
    let payload = Array(update(#"{"producedAt": 1700000000, "reading": {"takenAt": 1700000000}, "sentAt": 1700000000}"#).utf8)
    func amended(_ source: String) -> [String] {
      var validator = PayloadValidator()
      var report = validator.validate(payload)
      #expect(report.findings.map(summary) == ["content-state-unix-date 1:86 aps.content-state.producedAt",
                                               "content-state-unix-date 1:121 aps.content-state.reading.takenAt",
                                               "content-state-unix-date 1:144 aps.content-state.sentAt"])
      ActivityChecker(contract: contract([("A.swift", source)])).amend(&report, body: payload, now: nil)
      return report.findings.map { "\(summary($0)) \($0.severity.rawValue)" }
    }
    #expect(amended(converts) == [
      "activity-not-checked 1:109 aps.content-state.reading info",
      "content-state-unix-date 1:121 aps.content-state.reading.takenAt warning",
      "activity-extra-key 1:134 aps.content-state.sentAt info",
    ])
    #expect(amended(plain) == [
      "activity-date-epoch 1:86 aps.content-state.producedAt error",
      "activity-not-checked 1:109 aps.content-state.reading info",
      "content-state-unix-date 1:121 aps.content-state.reading.takenAt warning",
      "activity-extra-key 1:134 aps.content-state.sentAt info",
    ])
  }

  /// A member whose name states a unit holds a number of that unit, which the app converts (a
  /// `Date` has none): Renegades-Studio/live-activity-demo sends `startTimeMs` and `endTimeMs` in
  /// milliseconds to `Int` members (its `LiveActivityAttributes.swift`); no warning. The same
  /// milliseconds under `startTime` are one.
  @Test func aNameThatStatesItsUnitIsANumber() {
    var validator = PayloadValidator()
    let named = validator.validate(Array(update(#"{"startTimeMs": 1796605200000, "endTimeMillis": 1796612400000, "updatedAtUnix": 1796605200}"#).utf8))
    #expect(named.findings.map(summary) == [])
    let unnamed = validator.validate(Array(update(#"{"startTime": 1796605200000}"#).utf8))
    #expect(unnamed.findings.map(summary) == ["content-state-unix-date 1:85 aps.content-state.startTime"])
  }
}
