import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.featureApp(name: "Reader", bundleSuffix: "reader", infoPlist: sceneManifest)
