@testable import PayloadSchema
import Testing

/// The request reader keeps the first index of each header it reads in a fixed tuple, one slot a
/// `KnownHeader` (no allocation per request). A header added to `KnownHeader` needs a slot.
@Suite struct KnownHeadersTests {
  @Test func everyKnownHeaderHasASlot() {
    #expect(KnownHeader.allCases.count <= KnownHeaders.slots,
            "KnownHeader has \(KnownHeader.allCases.count) cases but KnownHeaders' Storage tuple holds \(KnownHeaders.slots): add a slot for each new header")
    // Only headers with a slot can be recorded; the count expectation above reports the others.
    let slotted = KnownHeader.allCases.filter { $0.rawValue < KnownHeaders.slots }
    var seen = KnownHeaders()
    for (i, header) in slotted.enumerated() {
      #expect(seen.index(header) == nil)
      seen.record(header, i)
      seen.record(header, i + 100)   // a repeated header keeps its first index
    }
    for (i, header) in slotted.enumerated() {
      #expect(seen.index(header) == i, "\(header.name)")
    }
  }
}
