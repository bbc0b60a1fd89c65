import ProjectDescription

// Ledger predates the template and still uses Tuist 3's spelling.
let ledgerTarget = Target(
    name: "Ledger",
    platform: .iOS,
    product: .app,
    bundleId: "com.lumen.ledger",
    deploymentTarget: .iOS(targetVersion: "14.0", devices: .iphone),
    infoPlist: "Info.plist",
    sources: ["Sources/**"]
)

let project = Project(
    name: "Ledger",
    targets: [ledgerTarget]
)
