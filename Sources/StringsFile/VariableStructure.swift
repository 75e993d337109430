// The structure of a plural or substitution entry that CoreFoundation expands at run time:
// `%#@name@` variables and the types their counts are read with (SPEC §14). The readers record
// what does not hold together (``StringsTable/undefinedVariables``,
// ``StringsTable/invalidVariableTypes``); `strings lint` reports it for the localizations a
// device loads.

/// A variable whose count type (a `.stringsdict` `NSStringFormatValueTypeKey`, a String Catalog
/// substitution's `formatSpecifier`) is no format specifier.
public struct VariableType: Sendable, Hashable {
  /// The variable (`count`).
  public var variable: String
  /// The type as written (`number`, `%`).
  public var type: String

  /// Creates one.
  public init(variable: String, type: String) {
    self.variable = variable
    self.type = type
  }
}

/// The variables an entry's texts name that it does not define, and those it defines.
public struct UndefinedVariables: Sendable, Hashable {
  /// The names named (`%#@name@`) and not defined, in the order named.
  public var names: [String]
  /// The variables (a `.stringsdict` entry's dictionaries, a catalog localization's
  /// substitutions) the entry defines, in its order.
  public var defined: [String]

  /// Creates one.
  public init(names: [String], defined: [String]) {
    self.names = names
    self.defined = defined
  }
}

/// `%#@name@` variables as CoreFoundation reads them, and the check of an entry's variables.
package enum VariableStructure {
  /// The variables `text` names, each once, in order: `%#@name@` and `%1$#@name@`. A name is what
  /// CoreFoundation reads as one (`__CFParseFormatSpec` in CFString.c: after `#` and `@`, letters,
  /// digits and `_` up to the closing `@`); `%%` is a percent sign. Other specifiers are skipped.
  package static func names(in text: String) -> [String] {
    guard text.containsUTF8(UInt8(ascii: "#")) else { return [] }
    // Read in place (a copy of the bytes for each text was most of the cost).
    if let found = text.utf8.withContiguousStorageIfAvailable({ names(inUTF8: $0) }) { return found }
    return Array(text.utf8).withUnsafeBufferPointer { names(inUTF8: $0) }
  }

  private static func names(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    var names: [String] = []
    var i = 0
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
      var j = i + 1
      if j < bytes.count, bytes[j] == UInt8(ascii: "%") { i = j + 1; continue }
      var sharp = false
      // Position, flags, width, precision and length, as CoreFoundation's parser skips them.
      while j < bytes.count, isSkippedByte(bytes[j]) {
        if bytes[j] == UInt8(ascii: "#") { sharp = true }
        j += 1
      }
      guard j < bytes.count, bytes[j] == UInt8(ascii: "@"), sharp else { i = j; continue }
      var k = j + 1
      while k < bytes.count, isNameByte(bytes[k]) { k += 1 }
      if k < bytes.count, bytes[k] == UInt8(ascii: "@"), k > j + 1 {
        let name = String(decoding: bytes[(j + 1)..<k], as: UTF8.self)
        if !names.contains(name) { names.append(name) }
        i = k + 1
      } else {
        i = j + 1
      }
    }
    return names
  }

  /// `0123456789$#-+ '.*hlqLzjt`: what CoreFoundation's parser skips before a conversion.
  private static func isSkippedByte(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: " "), UInt8(ascii: "'"), UInt8(ascii: "."), UInt8(ascii: "*"), UInt8(ascii: "h"), UInt8(ascii: "l"),
      UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "j"), UInt8(ascii: "t"):
      true
    default: false
    }
  }

  private static func isNameByte(_ c: UInt8) -> Bool {
    (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == UInt8(ascii: "_")
  }

  /// Whether `type` is one format conversion as a variable's count type is written (`d`, `ld`,
  /// `lld`, `lu`, `f`, `.1f`, `@`): flags, width and precision, a length, a conversion, and
  /// nothing else (a leading `%` is allowed: Apple's page writes the type "as in %d").
  package static func isSpecifier(_ type: String) -> Bool {
    if commonTypes.contains(type) { return true }
    var bytes = Array(type.utf8)[...]
    if bytes.first == UInt8(ascii: "%") { bytes = bytes.dropFirst() }
    while let c = bytes.first, "-+ #0'".utf8.contains(c) { bytes = bytes.dropFirst() }
    while let c = bytes.first, (0x30...0x39).contains(c) { bytes = bytes.dropFirst() }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      while let c = bytes.first, (0x30...0x39).contains(c) { bytes = bytes.dropFirst() }
    }
    for length in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] where bytes.starts(with: length.utf8) {
      bytes = bytes.dropFirst(length.utf8.count)
      break
    }
    guard bytes.count == 1, let conversion = bytes.first else { return false }
    return "diouxXDOUcCeEfFgGaAsSp@".utf8.contains(conversion)
  }

  /// The types nearly every variable has, known without parsing them.
  private static let commonTypes: Set<String> = ["d", "ld", "lld", "u", "lu", "llu", "i", "li", "f", "@"]

  /// The variables an entry names but does not define, in the order named, and those whose type
  /// is no specifier. `texts` are the entry's format and every text a variable expands to (a
  /// form may name another variable); `defined` the variables it has (a `.stringsdict`
  /// variable's dictionary, a catalog substitution), in order; `types` the declared types.
  package static func check(texts: [String], defined: [String], types: [(variable: String, type: String)])
    -> (undefined: UndefinedVariables?, invalidTypes: [VariableType]) {
    var undefined: [String] = []
    for text in texts {
      for name in names(in: text) where !defined.contains(name) && !undefined.contains(name) { undefined.append(name) }
    }
    let invalid = types.filter { !isSpecifier($0.type) }.map { VariableType(variable: $0.variable, type: $0.type) }
    return (undefined.isEmpty ? nil : UndefinedVariables(names: undefined, defined: defined), invalid)
  }

  /// The keys of a `.stringsdict` entry that are not variables: its format and the rule types
  /// CFBundle reads in place of one (a device or width rule is an entry of its own shape).
  package static let entryKeys: Set<String> = ruleTypeKeys.union(["NSStringLocalizedFormatKey"])

  /// The keys of a device or width rule entry, which has no format (Apple, "Creating width and
  /// device variants of strings").
  package static let ruleTypeKeys: Set<String> = ["NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType"]
}
