#!/usr/bin/env python3
"""One app described four ways, for scripts/bench descriptions: a committed .xcodeproj, an XcodeGen spec,
a Tuist manifest and a Bazel BUILD file, over byte-identical sources (N Swift files) and Info.plist.

    generate_descriptions.py OUT --files N

writes OUT/xcodeproj, OUT/xcodegen, OUT/tuist and OUT/bazel."""
import argparse
import os
import random

PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleExecutable</key>
\t<string>$(EXECUTABLE_NAME)</string>
\t<key>CFBundleIdentifier</key>
\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
\t<key>CFBundlePackageType</key>
\t<string>APPL</string>
\t<key>UILaunchScreen</key>
\t<dict/>
\t<key>UIApplicationSceneManifest</key>
\t<dict>
\t\t<key>UISceneConfigurations</key>
\t\t<dict>
\t\t\t<key>UIWindowSceneSessionRoleApplication</key>
\t\t\t<array>
\t\t\t\t<dict>
\t\t\t\t\t<key>UISceneDelegateClassName</key>
\t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
\t\t\t\t</dict>
\t\t\t</array>
\t\t</dict>
\t</dict>
</dict>
</plist>
"""

DELEGATES = {
    "AppDelegate.swift": "import UIKit\n\n@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate {\n"
    "    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: "
    "[UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n        true\n    }\n}\n",
    "SceneDelegate.swift": "import UIKit\n\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n\n"
    "    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {\n"
    "        guard let windowScene = scene as? UIWindowScene else { return }\n        window = UIWindow(windowScene: windowScene)\n"
    "        window?.makeKeyAndVisible()\n    }\n}\n",
}


def source(index, rng):
    lines = [f"import UIKit\n\nfinal class Screen{index}ViewController: UIViewController {{"]
    for method in range(rng.randint(3, 9)):
        lines.append(f"    func action{method}() {{\n        let value = {rng.randint(0, 999)}\n        print(\"screen {index}\", value)\n    }}")
    if rng.random() < 0.05:
        lines.append("    var frontWindow: UIWindow? { UIApplication.shared.keyWindow }")
    lines.append("}\n")
    return "\n".join(lines)


def pbxproj(paths):
    counter = [0]

    def oid():
        counter[0] += 1
        return "B0B0B0B0%016X" % counter[0]

    refs = {p: oid() for p in paths}
    builds = {p: oid() for p in paths if p.endswith(".swift")}
    group, main, products, product, target, phase = oid(), oid(), oid(), oid(), oid(), oid()
    project, plist, tlist, tdebug, trelease, pdebug, prelease = oid(), oid(), oid(), oid(), oid(), oid(), oid()
    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;", "\tobjects = {", ""]
    out.append("/* Begin PBXBuildFile section */")
    for p, b in builds.items():
        name = os.path.basename(p)
        out.append(f"\t\t{b} /* {name} in Sources */ = {{isa = PBXBuildFile; fileRef = {refs[p]} /* {name} */; }};")
    out += ["/* End PBXBuildFile section */", "", "/* Begin PBXFileReference section */"]
    for p, r in refs.items():
        name = os.path.basename(p)
        kind = "sourcecode.swift" if p.endswith(".swift") else "text.plist.xml"
        out.append(f"\t\t{r} /* {name} */ = {{isa = PBXFileReference; lastKnownFileType = {kind}; path = {name}; sourceTree = \"<group>\"; }};")
    out.append(f"\t\t{product} /* App.app */ = {{isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; }};")
    out += ["/* End PBXFileReference section */", "", "/* Begin PBXGroup section */"]
    out += [f"\t\t{main} = {{", "\t\t\tisa = PBXGroup;", "\t\t\tchildren = (", f"\t\t\t\t{group} /* App */,", f"\t\t\t\t{products} /* Products */,",
            "\t\t\t);", "\t\t\tsourceTree = \"<group>\";", "\t\t};"]
    out += [f"\t\t{group} /* App */ = {{", "\t\t\tisa = PBXGroup;", "\t\t\tchildren = ("]
    out += [f"\t\t\t\t{r} /* {os.path.basename(p)} */," for p, r in refs.items()]
    out += ["\t\t\t);", "\t\t\tpath = App;", "\t\t\tsourceTree = \"<group>\";", "\t\t};"]
    out += [f"\t\t{products} /* Products */ = {{", "\t\t\tisa = PBXGroup;", f"\t\t\tchildren = ({product},);", "\t\t\tname = Products;",
            "\t\t\tsourceTree = \"<group>\";", "\t\t};", "/* End PBXGroup section */", ""]
    out += ["/* Begin PBXNativeTarget section */", f"\t\t{target} /* App */ = {{", "\t\t\tisa = PBXNativeTarget;",
            f"\t\t\tbuildConfigurationList = {tlist};", f"\t\t\tbuildPhases = ({phase},);", "\t\t\tdependencies = (", "\t\t\t);",
            "\t\t\tname = App;", f"\t\t\tproductReference = {product};", "\t\t\tproductType = \"com.apple.product-type.application\";",
            "\t\t};", "/* End PBXNativeTarget section */", ""]
    out += ["/* Begin PBXProject section */", f"\t\t{project} /* Project object */ = {{", "\t\t\tisa = PBXProject;",
            f"\t\t\tbuildConfigurationList = {plist};", f"\t\t\tmainGroup = {main};", "\t\t\tprojectDirPath = \"\";",
            f"\t\t\ttargets = ({target},);", "\t\t};", "/* End PBXProject section */", ""]
    out += ["/* Begin PBXSourcesBuildPhase section */", f"\t\t{phase} /* Sources */ = {{", "\t\t\tisa = PBXSourcesBuildPhase;", "\t\t\tfiles = ("]
    out += [f"\t\t\t\t{b} /* {os.path.basename(p)} in Sources */," for p, b in builds.items()]
    out += ["\t\t\t);", "\t\t};", "/* End PBXSourcesBuildPhase section */", "", "/* Begin XCBuildConfiguration section */"]
    for cid, name, settings in [(pdebug, "Debug", {"IPHONEOS_DEPLOYMENT_TARGET": "16.0", "SDKROOT": "iphoneos"}),
                                (prelease, "Release", {"IPHONEOS_DEPLOYMENT_TARGET": "16.0", "SDKROOT": "iphoneos"}),
                                (tdebug, "Debug", {"INFOPLIST_FILE": "App/Info.plist", "TARGETED_DEVICE_FAMILY": "\"1,2\""}),
                                (trelease, "Release", {"INFOPLIST_FILE": "App/Info.plist", "TARGETED_DEVICE_FAMILY": "\"1,2\""})]:
        out += [f"\t\t{cid} /* {name} */ = {{", "\t\t\tisa = XCBuildConfiguration;", "\t\t\tbuildSettings = {"]
        out += [f"\t\t\t\t{k} = {v};" for k, v in settings.items()]
        out += ["\t\t\t};", f"\t\t\tname = {name};", "\t\t};"]
    out += ["/* End XCBuildConfiguration section */", "", "/* Begin XCConfigurationList section */"]
    for lid, d, r in [(plist, pdebug, prelease), (tlist, tdebug, trelease)]:
        out += [f"\t\t{lid} = {{", "\t\t\tisa = XCConfigurationList;", f"\t\t\tbuildConfigurations = ({d}, {r},);",
                "\t\t\tdefaultConfigurationName = Release;", "\t\t};"]
    out += ["/* End XCConfigurationList section */", "\t};", f"\trootObject = {project} /* Project object */;", "}", ""]
    return "\n".join(out)


DESCRIPTIONS = {
    "xcodegen": {"project.yml": "name: App\noptions:\n  deploymentTarget:\n    iOS: \"16.0\"\ntargets:\n  App:\n    type: application\n"
                                "    platform: iOS\n    sources: [App]\n    settings:\n      INFOPLIST_FILE: App/Info.plist\n"},
    "tuist": {"Project.swift": "import ProjectDescription\n\nlet project = Project(\n    name: \"App\",\n    targets: [\n"
                               "        .target(\n            name: \"App\",\n            destinations: .iOS,\n            product: .app,\n"
                               "            bundleId: \"com.example.app\",\n            deploymentTargets: .iOS(\"16.0\"),\n"
                               "            infoPlist: \"App/Info.plist\",\n            sources: [\"App/**\"]\n        ),\n    ]\n)\n"},
    "bazel": {"BUILD.bazel": "load(\"@build_bazel_rules_apple//apple:ios.bzl\", \"ios_application\")\n"
                             "load(\"@build_bazel_rules_swift//swift:swift.bzl\", \"swift_library\")\n\n"
                             "swift_library(\n    name = \"AppLib\",\n    module_name = \"App\",\n    srcs = glob([\"App/**/*.swift\"]),\n)\n\n"
                             "ios_application(\n    name = \"App\",\n    bundle_id = \"com.example.app\",\n    families = [\"iphone\", \"ipad\"],\n"
                             "    infoplists = [\"App/Info.plist\"],\n    minimum_os_version = \"16.0\",\n    deps = [\":AppLib\"],\n)\n"},
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--files", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(16)
    sources = {f"Screen{i}ViewController.swift": source(i, rng) for i in range(args.files)}
    sources.update(DELEGATES)
    paths = ["App/" + name for name in sorted(sources)] + ["App/Info.plist"]
    files = {"xcodeproj": {"App.xcodeproj/project.pbxproj": pbxproj(paths)}, **DESCRIPTIONS}
    for kind, described in files.items():
        root = os.path.join(args.out, kind)
        for name, text in list(described.items()) + [("App/" + n, t) for n, t in sources.items()] + [("App/Info.plist", PLIST)]:
            path = os.path.join(root, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as handle:
                handle.write(text)


if __name__ == "__main__":
    main()
