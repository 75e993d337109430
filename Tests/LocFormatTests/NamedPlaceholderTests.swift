import LocFormat
import Testing

/// Xcode 26's named placeholders (SPEC §14): `%(count)lld`, `%1$(name)@`.
@Suite struct NamedPlaceholderTests {
  @Test func parsedWithTheirNameAndConversion() throws {
    let format = FormatString("%(count)lld photos by %1$(name)@, 50%%")
    let specifiers = format.specifiers
    #expect(specifiers.map(\.text) == ["%(count)lld", "%1$(name)@", "%%"])
    #expect(specifiers.map(\.name) == ["count", "name", nil])
    #expect(specifiers.map(\.conversion) == ["lld", "@", "%"])
    #expect(specifiers[0].range == FormatRange(scalars: 0..<11, utf8: 0..<11))
    // Named ones are matched by name: they read no position.
    #expect(format.signature == FormatSignature(conversions: [:], names: ["count": "lld", "name": "@"]))
    #expect(format.argumentsNeeded == 0)
  }

  @Test func notANameStaysWhatItWas() {
    // No `)`: the `(` is the conversion (unsupported, reads nothing), as before.
    #expect(FormatString("%(count lld").specifiers.map(\.text) == ["%("])
    #expect(FormatString("%(count lld").specifiers.map(\.name) == [nil])
    #expect(FormatString("%()@").specifiers.map(\.text) == ["%("])
    #expect(FormatString("%(a%d)").specifiers.map(\.text) == ["%(", "%d"])
    // A name longer than 64 scalars is not one.
    let long = String(repeating: "x", count: 65)
    #expect(FormatString("%(\(long))@").specifiers.first?.text == "%(")
    #expect(FormatString("%(\(long.dropLast()))@").specifiers.first?.name == String(long.dropLast()))
    #expect(FormatString("%d %@").signature == FormatSignature(conversions: [1: "d", 2: "@"]))
  }

  @Test func translationsComparedByNameAndType() {
    let source = FormatString("%(count)lld photos by %(name)@").signature
    #expect(FormatString("%(name)@ a pris %(count)lld photos").signature.differences(from: source) == [])
    #expect(FormatString("%(count)lld Fotos").signature.differences(from: source) == ["the placeholder 'name' is missing"])
    #expect(FormatString("%(count)lld Fotos von %(name)@ am %(date)@").signature.differences(from: source)
      == ["the placeholder 'date' is extra"])
    #expect(FormatString("%(count)d Fotos von %(name)@").signature.differences(from: source)
      == ["the placeholder 'count' is '%d', not '%lld'"])
    #expect(FormatString("%lld Fotos von %(name)@").signature.differences(from: source)
      == ["position 1 is extra", "the placeholder 'count' is missing"])
  }
}
