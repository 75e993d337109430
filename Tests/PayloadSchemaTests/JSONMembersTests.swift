import PayloadSchema
import Testing

/// `JSONMembers`: a small document's top-level members through the one JSON reader, each value's
/// bytes as written and strings decoded (send --batch's lines, channel create bodies).
@Suite struct JSONMembersTests {
  static func read(_ text: String, maxDepth: Int = 64) -> Result<[JSONMembers.Member], JSONMembers.Problem> {
    JSONMembers.read(Array(text.utf8), maxDepth: maxDepth)
  }

  @Test func membersWithTheirBytesAsWritten() throws {
    let text = #"{ "token" : "0a1b" , "payload": {"aps": {"alert": "Hi"}},"n":-1.5e3 ,"ok":true,"none":null,"list":[1,[2]] }"#
    let members = try Self.read(text).get()
    let bytes = Array(text.utf8)
    #expect(members.map(\.name) == ["token", "payload", "n", "ok", "none", "list"])
    #expect(members.map(\.kind) == [.string, .object, .number, .bool, .null, .array])
    #expect(members.map { String(decoding: bytes[$0.range], as: UTF8.self) }
      == [#""0a1b""#, #"{"aps": {"alert": "Hi"}}"#, "-1.5e3", "true", "null", "[1,[2]]"])
    #expect(members[0].string == "0a1b" && members[2].string == nil)
  }

  @Test func escapesAreDecodedInNamesAndStrings() throws {
    let members = try Self.read(#"{"apns-\u0074opic": "caf\u00e9 \"x\"", "a": "\ud83d\ude00"}"#).get()
    #expect(members.map(\.name) == ["apns-topic", "a"])
    #expect(members.map(\.string) == [#"café "x""#, "😀"])
  }

  @Test func repeatedNamesAreEachKept() throws {
    #expect(try Self.read(#"{"a": 1, "a": 2}"#).get().map(\.name) == ["a", "a"])
    #expect(try Self.read("{}").get().isEmpty)
  }

  @Test func problemsSayWhere() {
    #expect(throws: JSONMembers.Problem(offset: 0, message: "not a JSON object")) { try Self.read("[1]").get() }
    #expect(throws: JSONMembers.Problem(offset: 0, message: "not a JSON object")) { try Self.read(#""x""#).get() }
    if case .failure(let p) = Self.read(#"{"a": 1,}"#) { #expect(p.offset == 8) } else { Issue.record("a trailing comma was read") }
    if case .failure(let p) = Self.read(#"{"a": "\ud800"}"#) { #expect(p.message == "a \\u escape of half a surrogate pair") } else { Issue.record("a lone surrogate was read") }
    // maxDepth 1: an object of scalars only.
    if case .failure(let p) = Self.read(#"{"h": {"x": 1}}"#, maxDepth: 1) { #expect(p.message == "nested deeper than 1") } else { Issue.record("nesting past 1 was read") }
    #expect((try? Self.read(#"{"h": "x"}"#, maxDepth: 1).get())?.count == 1)
  }

  /// An array of strings (a channel list's `channels`): escapes decoded; anything else is nil.
  @Test func stringArrays() {
    #expect(JSONMembers.strings(inArray: Array(#"["a", "b\u0063", ""]"#.utf8)) == ["a", "bc", ""])
    #expect(JSONMembers.strings(inArray: Array("[]".utf8)) == [])
    #expect(JSONMembers.strings(inArray: Array(#"["a", 1]"#.utf8)) == nil)
    #expect(JSONMembers.strings(inArray: Array(#"["a", ["b"]]"#.utf8)) == nil)
    #expect(JSONMembers.strings(inArray: Array(#"["a", {"b": "c"}]"#.utf8)) == nil)
    #expect(JSONMembers.strings(inArray: Array(#"{"a": "b"}"#.utf8)) == nil)
    #expect(JSONMembers.strings(inArray: Array(#"["a",]"#.utf8)) == nil)
  }
}
