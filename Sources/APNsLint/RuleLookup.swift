import PayloadSchema

extension Rule {
  /// The catalogue's ids nearest to `id`, nearest first (at most `limit`): an id that contains
  /// `id` or is contained in it, then by edit distance; what a tool answers to an unknown id
  /// (`apns-lint mcp`'s `explain_rule`, SPEC §17). Only the first 64 characters of `id` are
  /// compared, so a megabyte of text costs what a word does.
  public static func closest(to id: String, limit: Int = 3) -> [String] {
    let asked = String(id.lowercased().unicodeScalars.prefix(64))
    let ranked = catalogue.map(\.id.rawValue).map { candidate -> (id: String, contains: Bool, distance: Int) in
      let contains = !asked.isEmpty && (candidate.contains(asked) || asked.contains(candidate))
      return (candidate, contains, editDistance(asked, candidate))
    }
    return ranked.sorted { a, b in
      if a.contains != b.contains { return a.contains }
      return a.distance != b.distance ? a.distance < b.distance : a.id < b.id
    }.prefix(max(0, limit)).map(\.id)
  }
}
