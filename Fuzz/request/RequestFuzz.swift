// libFuzzer target `request`: PayloadSchema's request files, request validator and provider-token
// checks (SPEC §9).
//
// The input is a request file (`*.http` seeds work as they are). Oracles (a trap is a finding):
// - nothing traps: RequestFile.parse, RequestValidator on every request, ProviderToken.check,
//   .decode and .verifySignature on the input itself and on every authorization header;
// - a reused validator gives the same report as a fresh one;
// - every finding about the body has a line and column ≥ 1; every finding about a header names
//   an index inside the request's headers; the verdict is 200 or one of SPEC §9's answers;
// - a request made of the same parts as values gives the same report as the parsed one.

import PayloadSchema

nonisolated(unsafe) private var reused = RequestValidator(authentication: nil, verifier: HashVerifier())

/// Says valid, invalid or unknown key from the signature's first byte: reaches every branch.
private struct HashVerifier: ProviderTokenVerifying {
  func verify(keyID: String, signingInput: UnsafeRawBufferPointer, signature: UnsafeRawBufferPointer) -> ProviderTokenSignature {
    switch signature.first.map({ $0 % 3 }) ?? 0 {
    case 0: .valid
    case 1: .invalid
    default: .unknownKey
    }
  }
}

private let answers: Set<Int> = [200, 400, 403, 404, 405, 413]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  // The raw input as an authorization value.
  let raw = UnsafeBufferPointer(start: data, count: count)
  _ = ProviderToken.check(authorization: raw, now: 1_700_000_600)
  _ = ProviderToken.verifySignature(authorization: raw, with: HashVerifier())
  _ = ProviderToken.decode(String(decoding: bytes, as: UTF8.self))

  guard case .success(let entries) = RequestFile.parse(bytes) else { return 0 }
  for entry in entries {
    let request = entry.request
    var fresh = RequestValidator(authentication: nil, verifier: HashVerifier())
    let a = reused.validate(request, now: 1_700_000_600)
    let b = fresh.validate(request, now: 1_700_000_600)
    guard a == b else { fatalError("a reused validator differs from a fresh one") }
    for f in a.findings {
      if f.line > 0 {
        guard f.column >= 1 else { fatalError("a body finding without a column: \(f)") }
      } else if let h = f.header {
        guard h >= 0 && h < request.headers.count else { fatalError("header index \(h) of \(request.headers.count)") }
      }
      let p = entry.position(of: f)
      guard p.line >= 1 && p.column >= 1 else { fatalError("a finding placed at \(p)") }
    }
    guard answers.contains(a.verdict.status) else { fatalError("verdict \(a.verdict)") }
    let parts = request.body.withUnsafeBytes { body in
      fresh.validate(method: request.method, path: request.path, headers: request.headers, body: body, now: 1_700_000_600)
    }
    guard parts == a else { fatalError("the request's parts give another report") }
    for h in request.headers where h.name.lowercased() == "authorization" {
      _ = ProviderToken.check(authorization: h.value, now: nil)
      _ = ProviderToken.decode(h.value)
    }
  }
  return 0
}
