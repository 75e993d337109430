import APNsClient
import PayloadSchema
import Testing

/// The command line's headers (`check` and `send`): curl's `-H 'name: value'`, and the target
/// options, which yield to a header given by name.
@Suite struct CommandLineHeaderTests {
  @Test func curlStyleHeaders() {
    #expect(RequestHeader(commandLine: "apns-topic:  com.example.app \t") == RequestHeader("apns-topic", "com.example.app"))
    #expect(RequestHeader(commandLine: "apns-id:") == RequestHeader("apns-id", ""))
    #expect(RequestHeader(commandLine: "apns-topic:\u{2003}com.example.app\u{00A0}") == RequestHeader("apns-topic", "com.example.app"))
    #expect(RequestHeader(commandLine: "x: a:b") == RequestHeader("x", "a:b"))
    #expect(RequestHeader(commandLine: ": value") == nil)
    #expect(RequestHeader(commandLine: "apns-topic com.example.app") == nil)
  }

  @Test func optionsYieldToAHeaderOfTheSameName() {
    var headers = [RequestHeader("APNs-Topic", "com.example.given")]
    headers.addUnlessPresent("apns-topic", "com.example.option")
    headers.addUnlessPresent("apns-priority", nil)
    headers.addUnlessPresent("apns-push-type", "alert")
    #expect(headers == [RequestHeader("APNs-Topic", "com.example.given"), RequestHeader("apns-push-type", "alert")])
  }
}
