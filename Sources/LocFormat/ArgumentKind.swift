/// What a conversion reads from the argument list, as CoreFoundation's `__CFParseFormatSpec`
/// classifies it (CFString.c): the conversion character decides; flags, width, precision and
/// length modifiers do not change the kind.
///
/// On an iPhone (arm64, Apple's ABI) every variadic argument takes one 8-byte stack slot,
/// integers and doubles alike (Apple's "Writing ARM64 code for Apple platforms"), so `%d` and
/// `%ld` read the same slot (at most the high half is lost), and a `%f` that meets an integer
/// reads its bits as a double: a meaningless number, not a crash. What crashes is a conversion
/// that follows a pointer (`%@` is sent a message, `%s` is read up to a NUL) where the code passed
/// something else.
public enum ArgumentKind: Sendable, Hashable {
  /// `d i o u x X D O U c C` with any length (`hh h l ll q j z t`): `CFFormatLongType`,
  /// `CFFormatSingleUnicharType`.
  case integer
  /// `f F e E g G a A`: `CFFormatDoubleType`.
  case double
  /// `@`: `CFFormatCFType`, an object sent `description`.
  case object
  /// `s`, `P`: a C (or Pascal) string, read through the pointer.
  case cString
  /// `S`: a NUL-terminated UTF-16 string, read through the pointer.
  case unicharString
  /// `p`: a pointer printed as a number, never followed.
  case pointer
  /// `n`: `CFFormatDummyPointerType`; CoreFoundation skips the argument and prints nothing.
  case writeBack

  /// The kind a conversion reads (`"@"`, `"lld"`, `" lu"`, `".1f"`, `"5@"`: the last character
  /// decides); nil for a conversion that reads no argument (`%%`, `%y`, a `%` at the end).
  public init?(conversion: String) {
    guard let last = conversion.unicodeScalars.last else { return nil }
    switch last {
    case "d", "i", "o", "u", "x", "X", "D", "O", "U", "c", "C": self = .integer
    case "f", "F", "e", "E", "g", "G", "a", "A": self = .double
    case "@": self = .object
    case "s", "P": self = .cString
    case "S": self = .unicharString
    case "p": self = .pointer
    case "n": self = .writeBack
    default: return nil
    }
  }

  /// Whether the conversion follows the argument as a pointer (a message, or bytes read through it).
  public var dereferences: Bool { self == .object || self == .cString || self == .unicharString }

  /// What happens on the device when a conversion of this kind reads an argument the code
  /// passed as `passed` (nil: no argument there, past the end of the list). Nil when nothing goes
  /// wrong (the same kind).
  public func reading(_ passed: ArgumentKind?) -> ArgumentMismatch? {
    if passed == self { return nil }
    if self == .writeBack { return .vanishes }
    if dereferences { return .crash }
    return .garbage
  }

  /// A word for the kind in messages: `an integer`, `an object`.
  public var described: String {
    switch self {
    case .integer: "an integer"
    case .double: "a double"
    case .object: "an object"
    case .cString: "a C string"
    case .unicharString: "a UTF-16 string"
    case .pointer: "a pointer"
    case .writeBack: "a %n"
    }
  }
}

/// What a device does when a conversion meets an argument of another kind.
public enum ArgumentMismatch: Sendable, Hashable {
  /// The conversion follows what is not a pointer of its kind (`%@` or `%s` given an integer, or
  /// reading past the arguments): the app crashes.
  case crash
  /// The argument's bits are printed as another kind (a double's bits as an integer, an
  /// object's address as a number): a meaningless number, no crash.
  case garbage
  /// `%n`: CoreFoundation skips the argument and prints nothing, so the value vanishes.
  case vanishes
}
