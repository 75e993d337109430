// swift-tools-version: 6.0
// A tiny library that formats a "new photo" alert from its tables, linted on every build by
// apns-lint's build-tool plugin (SPEC §18): `swift build` here prints the French table's finding at
// its line, and a second build with nothing changed does not run the lint again
// (scripts/checks/92-build-plugin builds it).
import PackageDescription

let package = Package(
  name: "LocalizedAlerts",
  defaultLocalization: "en",
  dependencies: [.package(name: "apns-lint", path: "../..")],
  targets: [
    .target(
      name: "LocalizedAlerts",
      // The payload fixtures are test data, not shipped: excluded from the target, linted all the same.
      exclude: ["Payloads"],
      resources: [.process("Resources")],
      plugins: [.plugin(name: "APNsLintBuildPlugin", package: "apns-lint")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
