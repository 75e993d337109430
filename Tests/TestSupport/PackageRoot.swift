import Foundation

/// The package root, found from this file's path (`Tests/TestSupport/PackageRoot.swift`).
public let packageRoot: String = {
  var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)
  return parts.joined(separator: "/")
}()

/// `Fixtures/Localizations`, the bundled localization fixtures.
public let localizationFixtures = URL(fileURLWithPath: packageRoot).appendingPathComponent("Fixtures/Localizations")
