import APNsLint
print("apns-lint \(APNsLintVersion.current)")
