import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "Kiosk",
    targets: [
        .target(
            name: "Kiosk",
            destinations: .iOS,
            product: .app,
            bundleId: "com.lumen.kiosk",
            deploymentTargets: .iOS("16.0"),
            infoPlist: kioskPlist(locked: Environment.kioskLocked.getBoolean(default: true)),
            sources: ["Sources/**"]
        ),
    ]
)
