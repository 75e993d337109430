// libFuzzer target `format`: LocFormat's parser and expansion.
//
// Input: segments separated by NUL bytes: the format, a second format (compared with the first
// by signature), then the arguments. Oracles (a trap is a finding):
// - the pieces cover the text exactly, in order, with contiguous scalar and UTF-8 ranges;
// - positions are 1…9999; the signature reads exactly the referenced positions;
// - `expand` equals the expansion SPEC §4 describes, computed here from the public pieces: the
//   i-th smallest referenced position takes argument i, a missing one shows `(null)`, `%%` is `%`,
//   unsupported specifiers stay verbatim; missing/unused counts agree;
// - with at least `argumentsNeeded` arguments and no '(' in the text or the arguments, the
//   expansion has no '(' (so no `(null)`);
// - comparing two signatures is symmetric in emptiness.

import LocFormat

private func split(_ bytes: UnsafeRawBufferPointer) -> [String] {
  var parts: [String] = []
  var start = 0
  for i in 0..<bytes.count where bytes[i] == 0 {
    parts.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
    start = i + 1
  }
  parts.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self))
  return parts
}

private func verify(_ format: FormatString, _ args: [String]) {
  let text = format.text
  // Pieces cover the text.
  var joined = ""
  var scalar = 0, utf8 = 0
  for piece in format.pieces {
    joined += piece.text
    let r = piece.range
    if r.scalars.lowerBound != scalar || r.utf8.lowerBound != utf8 { fatalError("piece ranges not contiguous: \(format.pieces)") }
    if r.scalars.count != piece.text.unicodeScalars.count || r.utf8.count != piece.text.utf8.count {
      fatalError("piece range does not match its text: \(piece)")
    }
    scalar = r.scalars.upperBound
    utf8 = r.utf8.upperBound
  }
  if joined != text { fatalError("pieces do not cover the text: \(format.pieces)") }
  if scalar != text.unicodeScalars.count || utf8 != text.utf8.count { fatalError("ranges do not end at the text's end") }

  let positions = format.referencedPositions
  if positions != Array(Set(positions)).sorted() { fatalError("referenced positions not distinct ascending: \(positions)") }
  if let first = positions.first, first < 1 { fatalError("position below 1") }
  if let last = positions.last, last > 9999 { fatalError("position above 9999") }
  if Set(format.signature.conversions.keys) != Set(positions) { fatalError("signature positions != referenced positions") }
  for p in positions where format.specifiers(readingPosition: p).isEmpty { fatalError("no specifier reads position \(p)") }
  if format.argumentsNeeded != positions.count || format.maxPosition != (positions.last ?? 0) { fatalError("counts disagree") }

  // The expansion SPEC §4 describes.
  var expected = ""
  var index: [Int: Int] = [:]
  for (i, p) in positions.enumerated() { index[p] = i }
  for piece in format.pieces {
    switch piece {
    case .literal(let literal, _): expected += literal
    case .specifier(let s):
      switch s.kind {
      case .percent:
        if s.text != "%%" { fatalError("percent piece is not '%%': \(s.text)") }
        expected += "%"
      case .object(let position, _):
        guard let i = index[position] else { fatalError("object position \(position) not referenced") }
        expected += i < args.count ? args[i] : "(null)"
      case .unsupported:
        expected += s.text
      }
    }
  }
  let expansion = format.expand(args)
  if expansion.text != expected { fatalError("expand(\(args)) of \(text.debugDescription) = \(expansion.text.debugDescription), expected \(expected.debugDescription)") }
  let used = min(args.count, positions.count)
  if expansion.missingPositions != Array(positions[used...]) { fatalError("missingPositions wrong") }
  if expansion.unusedArgumentCount != args.count - used { fatalError("unusedArgumentCount wrong") }
  if expansion.argumentsNeeded != positions.count { fatalError("argumentsNeeded wrong") }
  if args.count >= positions.count && !text.contains("(") && !args.contains(where: { $0.contains("(") })
    && expansion.text.contains("(") {
    fatalError("'(' in an expansion with enough arguments: \(expansion.text.debugDescription)")
  }
  _ = format.issues.map(\.message)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func formatFuzz(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count > 0 ? data : nil, count: count)
  let parts = split(bytes)
  let format = FormatString(parts[0])
  let args = Array(parts.dropFirst(2))
  verify(format, args)
  verify(format, [])
  verify(format, args + ["x", "y"])
  if parts.count > 1 {
    let other = FormatString(parts[1])
    verify(other, args)
    let d1 = format.signature.differences(from: other.signature)
    let d2 = other.signature.differences(from: format.signature)
    if d1.isEmpty != d2.isEmpty || d1.isEmpty != (format.signature == other.signature) { fatalError("signature comparison asymmetric") }
  }
  return 0
}
