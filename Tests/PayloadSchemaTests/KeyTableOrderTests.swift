import Testing
@testable import PayloadSchema

/// The key enums (`ApsKey`, `AlertKey`, `SoundKey`, `LiveTextKey`) index the rows of their
/// `Schema` tables: case n is row n. Nothing but this test ties the two orders together, so it
/// checks every case against its row's key name (the case name in kebab case: `threadID` is
/// `thread-id`, `titleLocKey` is `title-loc-key`; an accessory push's members are camel case in the
/// payload itself, and their row is the case name: `keyID`).
@Suite struct KeyTableOrderTests {
  /// `targetContentID` → `target-content-id`: a hyphen before each run of capitals, lowercased.
  static func kebab(_ caseName: String) -> String {
    var out = ""
    var previousWasUpper = false
    for character in caseName {
      if character.isUppercase {
        if !previousWasUpper { out += "-" }
        out += character.lowercased()
        previousWasUpper = true
      } else {
        out.append(character)
        previousWasUpper = false
      }
    }
    return out
  }

  static func check<Key: CaseIterable & RawRepresentable>(_ keys: Key.Type, _ rows: [KeySpec], _ table: String)
  where Key.RawValue == Int {
    #expect(Key.allCases.count == rows.count, "\(table): \(Key.allCases.count) cases, \(rows.count) rows")
    for key in Key.allCases {
      guard key.rawValue < rows.count else { continue }
      let name = "\(rows[key.rawValue].name)"
      let expected = rows[key.rawValue].accessory ? "\(key)" : kebab("\(key)")
      #expect(name == expected, "\(table) row \(key.rawValue) is not \(key)")
    }
  }

  /// The Live Activity keys the checker knows as bits (push type inference, push-type-mismatch) are
  /// the rows marked `liveActivity`.
  @Test func liveActivityBitsAreTheTablesLiveActivityRows() {
    var fromTable: UInt32 = 0
    for (i, spec) in Schema.aps.enumerated() where spec.liveActivity { fromTable |= 1 << UInt32(i) }
    #expect(Checker.liveActivityKeys == fromTable)
  }

  /// The accessory push's members the checker knows as bits (push type inference,
  /// accessory-fields) are the rows marked `accessory`, and they are the table's last rows (the
  /// recorder keeps their kinds by their place after `encryptedData`).
  @Test func accessoryBitsAreTheTablesLastRows() {
    var fromTable: UInt32 = 0
    for (i, spec) in Schema.aps.enumerated() where spec.accessory { fromTable |= 1 << UInt32(i) }
    #expect(Checker.accessoryKeys == fromTable)
    #expect(Schema.aps.suffix(4).allSatisfy { $0.accessory })
    #expect(ApsKey.encryptedData.rawValue == Schema.aps.count - 4)
    #expect(Schema.aps.count <= 32, "Facts.apsKeys holds one bit per row")
  }

  @Test func everyKeyCaseIndexesItsOwnRow() {
    Self.check(ApsKey.self, Schema.aps, "Schema.aps")
    Self.check(AlertKey.self, Schema.alert, "Schema.alert")
    Self.check(SoundKey.self, Schema.sound, "Schema.sound")
    Self.check(LiveTextKey.self, Schema.liveText, "Schema.liveText")
  }

  @Test func kebabCaseIsWhatTheTablesSpell() {
    #expect(Self.kebab("threadID") == "thread-id")
    #expect(Self.kebab("targetContentID") == "target-content-id")
    #expect(Self.kebab("summaryArgCount") == "summary-arg-count")
    #expect(Self.kebab("badge") == "badge")
  }
}
