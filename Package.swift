// swift-tools-version: 6.0
// apns-lint: an APNs payload validator, a `.strings` reader and localizer, and a CLI that lints both.
// Module layout: SPEC §1. PayloadSchema and LocFormat depend on the standard library only; only
// APNsLint links libyaml (through the CYAML system-library target).
import PackageDescription

let package = Package(
  name: "apns-lint",
  products: [
    .library(name: "LintVocabulary", targets: ["LintVocabulary"]),
    .library(name: "PayloadSchema", targets: ["PayloadSchema"]),
    .library(name: "LocFormat", targets: ["LocFormat"]),
    .library(name: "StringsFile", targets: ["StringsFile"]),
    .library(name: "APNsLint", targets: ["APNsLint"]),
    .library(name: "APNsAuth", targets: ["APNsAuth"]),
    .library(name: "APNsServer", targets: ["APNsServer"]),
    .library(name: "NotificationCard", targets: ["NotificationCard"]),
    .library(name: "ActivityContract", targets: ["ActivityContract"]),
    .library(name: "APNsClient", targets: ["APNsClient"]),
    .executable(name: "apns-lint", targets: ["apns-lint"]),
    // `swift package apns-lint check|strings-lint|init|…` in a package that depends on this one (SPEC §11).
    .plugin(name: "APNsLintPlugin", targets: ["APNsLintPlugin"]),
    .plugin(name: "APNsLintInitPlugin", targets: ["APNsLintInitPlugin"]),
    // A build-tool plugin: a target's tables and payload fixtures linted on every build that changes one (SPEC §18).
    .plugin(name: "APNsLintBuildPlugin", targets: ["APNsLintBuildPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    // apns-lint serve (SPEC §10): HTTP/2 over plain TCP and TLS; a self-signed certificate at start.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    // `swift package generate-documentation` builds each library's DocC catalog (scripts/checks/95-docc);
    // a plugin only: nothing of it is linked into the products.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The words every module speaks (a finding, its position, severity and rule id, a rule's
    // definition, APNs' answer, a tool problem, visible text, JSON text): the standard library only.
    .target(name: "LintVocabulary"),
    // The payload and request checkers; re-exports LintVocabulary, so provider code imports one module.
    .target(name: "PayloadSchema", dependencies: ["LintVocabulary"]),
    .target(name: "LocFormat"),
    .target(name: "StringsFile", dependencies: ["LintVocabulary", "LocFormat"]),
    // An alert drawn in HTML as a lock-screen banner: the card of `render --format html` and of the
    // `serve` inbox, in one place. Strings to HTML; the standard library and LintVocabulary only.
    .target(name: "NotificationCard", dependencies: ["LintVocabulary"]),
    // Live Activities (SPEC §13.1): the ActivityAttributes of an app, read from its Swift declarations with
    // the module's own reader of Swift declarations (no compiler, no swift-syntax), and a payload's
    // content-state checked against them.
    .target(name: "ActivityContract", dependencies: ["PayloadSchema"]),
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(
      name: "APNsLint",
      dependencies: ["PayloadSchema", "LocFormat", "StringsFile", "ActivityContract", "CYAML"],
      resources: []
    ),
    // Provider tokens (SPEC §9): ES256 with swift-crypto, kept apart so PayloadSchema stays standard-library only.
    .target(
      name: "APNsAuth",
      dependencies: ["PayloadSchema", .product(name: "Crypto", package: "swift-crypto")]
    ),
    // A local APNs (SPEC §10): a SwiftNIO HTTP/2 server that answers with PayloadSchema's verdicts.
    // NIO stays here: PayloadSchema, LocFormat and StringsFile import none of it.
    .target(
      name: "APNsServer",
      dependencies: [
        "PayloadSchema", "APNsAuth", "StringsFile", "NotificationCard", "ActivityContract",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTP2", package: "swift-nio-http2"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOExtras", package: "swift-nio-extras"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // `apns-lint send` (SPEC §12): an HTTP/2 + TLS client on SwiftNIO; NIO stays out of
    // PayloadSchema, LocFormat and StringsFile.
    .target(
      name: "APNsClient",
      dependencies: [
        "PayloadSchema", "APNsAuth",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        // Web push (SPEC §16): one POST, HTTP/2 or HTTP/1.1 by ALPN (NIOTLS), HTTP/1.1 in plain.
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOTLS", package: "swift-nio"),
        .product(name: "NIOHTTP2", package: "swift-nio-http2"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    // `apns-lint mcp` (SPEC §17): a Model Context Protocol server (JSON-RPC on standard input and
    // output) whose tools run APNsLint's checks for agents; Foundation only, no network, no NIO.
    .target(name: "MCPServer", dependencies: ["APNsLint"]),
    // `apns-lint lsp` (SPEC §19): a language server (LSP 3.17 on standard input and output) whose
    // diagnostics, hover, completion and code actions are APNsLint's checks; Foundation only, no NIO.
    .target(name: "LanguageServer", dependencies: ["APNsLint", "StringsFile"]),
    .executableTarget(
      name: "apns-lint",
      dependencies: [
        "APNsLint", "PayloadSchema", "StringsFile", "APNsAuth", "APNsServer", "NotificationCard", "ActivityContract", "APNsClient",
        "MCPServer", "LanguageServer",
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
    // The build-tool plugin's tool: APNsLint alone (no ArgumentParser, NIO or swift-crypto), so
    // that a package using the plugin builds it in a few minutes; the lint itself is BuildLint.
    .executableTarget(name: "apns-lint-build", dependencies: ["APNsLint"]),
    .plugin(name: "APNsLintBuildPlugin", capability: .buildTool(), dependencies: ["apns-lint-build"]),
    // The helpers the test targets share: a seeded generator, the package root, a temporary
    // folder, the SARIF schema check, the external corpus.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "PayloadSchemaTests", dependencies: ["PayloadSchema", "TestSupport"]),
    .testTarget(name: "LocFormatTests", dependencies: ["LocFormat", "TestSupport"]),
    .testTarget(name: "StringsFileTests", dependencies: ["StringsFile", "TestSupport"]),
    .testTarget(name: "ActivityContractTests", dependencies: ["ActivityContract", "PayloadSchema", "TestSupport"]),
    .testTarget(name: "NotificationCardTests", dependencies: ["NotificationCard", "PayloadSchema"]),
    .testTarget(name: "APNsAuthTests", dependencies: ["APNsAuth", "PayloadSchema", .product(name: "Crypto", package: "swift-crypto")]),
    .testTarget(
      name: "APNsServerTests",
      dependencies: [
        "APNsServer", "APNsAuth", "PayloadSchema", "NotificationCard", "StringsFile", "ActivityContract",
        .product(name: "Crypto", package: "swift-crypto"),
        // The tests' own HTTP client (TestHTTPClient.swift): SwiftNIO's codecs, nothing of the server's.
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTP2", package: "swift-nio-http2"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    .testTarget(
      name: "APNsClientTests",
      dependencies: [
        "APNsClient", "APNsServer", "APNsAuth", "PayloadSchema",
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .testTarget(name: "MCPServerTests", dependencies: ["MCPServer", "APNsLint", "PayloadSchema", "TestSupport"]),
    .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "APNsLint", "PayloadSchema", "StringsFile", "TestSupport"]),
    .testTarget(name: "APNsLintTests", dependencies: ["APNsLint", "PayloadSchema", "TestSupport", "APNsServer", "APNsAuth", "APNsClient", "ActivityContract",
                                                   .product(name: "Crypto", package: "swift-crypto")], exclude: ["Snapshots"]),
    // The command line's tests: they run the built apns-lint (and read its command types); library
    // test targets never import the executable.
    .testTarget(
      name: "CLITests",
      dependencies: [
        "apns-lint", "APNsLint", "PayloadSchema", "StringsFile", "TestSupport", "APNsServer", "APNsAuth", "APNsClient",
        // HouseRulesTests measures the sources' functions with ActivityContract's Swift tokens.
        "ActivityContract",
        // VAPID keys made at run time for `token make --vapid` (none is committed).
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The tests are built in the one release build that CI shares (scripts/release-build), but their
// own code is not worth optimizing: compiled at -Onone it builds in a fraction of the time, and the
// code under test stays optimized. Test targets are in no product, so dependents are unaffected.
for target in package.targets where target.type == .test || target.name == "TestSupport" {
  target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
}
