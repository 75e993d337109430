// swift-tools-version: 6.0
// The README's provider snippet as a package of its own that imports only PayloadSchema: CI builds
// and runs it (scripts/checks/10-provider-example), so the library keeps linking without
// Foundation or libm on Linux.
import PackageDescription

let package = Package(
  name: "ProviderGate",
  dependencies: [.package(name: "apns-lint", path: "../..")],
  targets: [
    .executableTarget(name: "ProviderGate", dependencies: [.product(name: "PayloadSchema", package: "apns-lint")]),
  ],
  swiftLanguageModes: [.v6]
)
