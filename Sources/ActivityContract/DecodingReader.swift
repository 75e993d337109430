import SwiftParser
import SwiftSyntax

/// Reads a hand-written `init(from:)`: the plain `decode` and `decodeIfPresent` calls, and what it
/// cannot follow. Never a guess: a read it does not understand is listed in `unfollowed`.
enum DecodingReader {
  static func read(_ initializer: InitializerDeclSyntax, location: SwiftLocation) -> CustomDecoding {
    var result = CustomDecoding(location: location)
    guard let body = initializer.body else {
      result.unfollowed.append("an init(from:) without a body")
      return result
    }
    let collector = CallCollector(viewMode: .sourceAccurate)
    collector.walk(body)
    let usesSingleValue = collector.calls.contains { call in
      (call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? "") == "singleValueContainer"
    }
    // The names bound to the decoder's own containers (`let c = try decoder.container(keyedBy:)`,
    // `singleValueContainer()`): a decode on any other receiver (a nested container) is not followed.
    var containers: Set<String> = []
    for call in collector.calls {
      guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["container", "singleValueContainer"].contains(member.declName.baseName.text),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "decoder" else { continue }
      var node: Syntax? = call.parent
      var depth = 0
      while let n = node, depth < 8 {
        if let binding = n.as(PatternBindingSyntax.self), let name = binding.pattern.as(IdentifierPatternSyntax.self) {
          containers.insert(name.identifier.text)
          break
        }
        node = n.parent
        depth += 1
      }
    }
    for call in collector.calls {
      read(call, body: body, singleValue: usesSingleValue, containers: containers, into: &result)
    }
    return result
  }

  private static func read(_ call: FunctionCallExprSyntax, body: CodeBlockSyntax, singleValue: Bool, containers: Set<String>,
                           into result: inout CustomDecoding) {
    let name: String
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
      name = member.declName.baseName.text
    } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
      // `Other(from: decoder)`: decoding handed to another type's initializer.
      if call.arguments.first?.label?.text == "from" {
        result.unfollowed.append("'\(Self.short(call))' decodes through another initializer")
      }
      return
    } else {
      return
    }
    switch name {
    case "decode", "decodeIfPresent":
      // The receiver must be one of the decoder's own containers, or `decoder.container(…)` itself.
      if let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
        let direct = receiver.as(DeclReferenceExprSyntax.self).map { containers.contains($0.baseName.text) } ?? false
        let text = receiver.trimmedDescription
        let inline = text.contains("decoder.container(") || text.contains("decoder.singleValueContainer(")
        if !direct && !inline {
          result.unfollowed.append("'\(Self.short(call))' on a container it does not follow")
          return
        }
      }
      let arguments = Array(call.arguments)
      guard let first = arguments.first, first.label == nil, let type = Self.selfType(first.expression) else {
        result.unfollowed.append("'\(Self.short(call))' names no plain type")
        return
      }
      let conditional = Self.isConditional(call, body: body)
      if arguments.count == 1 {
        if singleValue && !conditional && result.singleValue == nil {
          result.singleValue = name == "decodeIfPresent" ? .optional(type) : type
        } else {
          result.unfollowed.append("'\(Self.short(call))'")
        }
        return
      }
      guard arguments.count == 2, arguments[1].label?.text == "forKey", let key = Self.keyCase(arguments[1].expression) else {
        result.unfollowed.append("'\(Self.short(call))' computes its key")
        return
      }
      result.keys.append(DecodedKey(caseName: key, type: type, ifPresent: name == "decodeIfPresent", conditional: conditional))
    case "nestedContainer", "nestedUnkeyedContainer", "superDecoder", "unkeyedContainer", "decodeNil":
      result.unfollowed.append("'\(Self.short(call))'")
    case "init":
      if call.arguments.first?.label?.text == "from" {
        result.unfollowed.append("'\(Self.short(call))' decodes through another initializer")
      }
    default:
      // `Other(from: decoder)` spelled `Other.init(from:)` or any call that takes the decoder;
      // a helper handed a container and a key (`Self.decodeRoundedInt(c, forKey: .progress)`).
      if call.arguments.contains(where: { $0.label?.text == "from" }) {
        result.unfollowed.append("'\(Self.short(call))' decodes through another initializer")
      } else if call.arguments.contains(where: { $0.label?.text == "forKey" }) {
        result.unfollowed.append("'\(Self.short(call))'")
      }
    }
  }

  /// `Int.self` → `Int`; `[Stop].self` → `[Stop]`; `Date?.self` → `Date?`.
  static func selfType(_ expr: ExprSyntax) -> SwiftType? {
    guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
          let base = member.base else { return nil }
    var parser = Parser(base.trimmedDescription, maximumNestingLevel: 64)
    let type = TypeSyntax.parse(from: &parser)
    guard !type.hasError else { return nil }
    return FileReader.swiftType(type)
  }

  /// `.count` or `CodingKeys.count` → `count`.
  static func keyCase(_ expr: ExprSyntax) -> String? {
    guard let member = expr.as(MemberAccessExprSyntax.self) else { return nil }
    if let base = member.base {
      guard base.is(DeclReferenceExprSyntax.self) else { return nil }
    }
    return member.declName.baseName.text
  }

  /// A read that may not run, or whose failure may not matter: under `try?`, in a branch, a loop
  /// or a closure.
  static func isConditional(_ call: FunctionCallExprSyntax, body: CodeBlockSyntax) -> Bool {
    var node: Syntax? = call.parent
    var child: Syntax = Syntax(call)
    while let n = node, n.id != body.id {
      defer { child = n }
      node = n.parent
      if let t = n.as(TryExprSyntax.self), t.questionOrExclamationMark != nil { return true }
      // The first condition of an `if` or `guard` always runs (`if let x = try c.decodeIfPresent(…)`).
      if let c = n.as(ConditionElementListSyntax.self) {
        if c.first?.id != child.id { return true }
        continue
      }
      if let i = n.as(IfExprSyntax.self), i.conditions.id == child.id { continue }
      if let g = n.as(GuardStmtSyntax.self), g.conditions.id == child.id { continue }
      if n.is(IfExprSyntax.self) || n.is(GuardStmtSyntax.self) || n.is(SwitchExprSyntax.self) || n.is(ForStmtSyntax.self)
        || n.is(WhileStmtSyntax.self) || n.is(RepeatStmtSyntax.self) || n.is(ClosureExprSyntax.self)
        || n.is(TernaryExprSyntax.self) || n.is(DoStmtSyntax.self) {
        return true
      }
    }
    return false
  }

  static func short(_ call: FunctionCallExprSyntax) -> String {
    let text = call.trimmedDescription.split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
    return text.count > 60 ? String(text.prefix(60)) + "…" : text
  }
}

/// The function calls in a body, in source order.
final class CallCollector: SyntaxVisitor {
  var calls: [FunctionCallExprSyntax] = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    calls.append(node)
    return .visitChildren
  }
}
