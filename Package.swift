// swift-tools-version: 6.0
// apns-lint: an APNs payload validator, a `.strings` reader and localizer, and a CLI that lints both.
// Module layout: SPEC §1. PayloadSchema and LocFormat depend on the standard library only; only
// APNsLint links libyaml (through the CYAML system-library target).
import PackageDescription

let package = Package(
  name: "apns-lint",
  products: [
    .library(name: "PayloadSchema", targets: ["PayloadSchema"]),
    .library(name: "LocFormat", targets: ["LocFormat"]),
    .library(name: "StringsFile", targets: ["StringsFile"]),
    .library(name: "APNsLint", targets: ["APNsLint"]),
    .library(name: "APNsAuth", targets: ["APNsAuth"]),
    .executable(name: "apns-lint", targets: ["apns-lint"]),
    // `swift package apns-lint check|strings-lint|init|…` in a package that depends on this one (SPEC §11).
    .plugin(name: "APNsLintPlugin", targets: ["APNsLintPlugin"]),
    .plugin(name: "APNsLintInitPlugin", targets: ["APNsLintInitPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    // `swift package generate-documentation` builds each library's DocC catalog (scripts/checks/95-docc);
    // a plugin only: nothing of it is linked into the products.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(name: "PayloadSchema"),
    .target(name: "LocFormat"),
    .target(name: "StringsFile", dependencies: ["LocFormat"]),
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(
      name: "APNsLint",
      dependencies: ["PayloadSchema", "LocFormat", "StringsFile", "CYAML"],
      resources: []
    ),
    // Provider tokens (SPEC §9): ES256 with swift-crypto, kept apart so PayloadSchema stays standard-library only.
    .target(
      name: "APNsAuth",
      dependencies: ["PayloadSchema", .product(name: "Crypto", package: "swift-crypto")]
    ),
    .executableTarget(
      name: "apns-lint",
      dependencies: [
        "APNsLint", "PayloadSchema", "StringsFile", "APNsAuth",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .plugin(
      name: "APNsLintPlugin",
      capability: .command(
        intent: .custom(verb: "apns-lint", description: "Lint the package's push payloads and localization tables with apns-lint")
      ),
      dependencies: ["apns-lint"]
    ),
    // Apart, because SwiftPM asks for a plugin's permissions on every run: only init writes.
    .plugin(
      name: "APNsLintInitPlugin",
      capability: .command(
        intent: .custom(verb: "apns-lint-init", description: "Write a commented .apns-lint.yml at the package root"),
        permissions: [.writeToPackageDirectory(reason: "apns-lint init writes .apns-lint.yml at the package root")]
      ),
      dependencies: ["apns-lint"]
    ),
    // The helpers the test targets share (a seeded generator).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "PayloadSchemaTests", dependencies: ["PayloadSchema", "TestSupport"]),
    .testTarget(name: "LocFormatTests", dependencies: ["LocFormat", "TestSupport"]),
    .testTarget(name: "StringsFileTests", dependencies: ["StringsFile", "TestSupport"]),
    .testTarget(name: "APNsAuthTests", dependencies: ["APNsAuth", "PayloadSchema", .product(name: "Crypto", package: "swift-crypto")]),
    .testTarget(name: "APNsLintTests", dependencies: ["APNsLint", "PayloadSchema", "apns-lint"], exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
