#!/usr/bin/env python3
"""Generates a large, realistic iOS app tree for benchmarks: one Xcode project whose app target
compiles thousands of Swift and Objective-C files. Deterministic for a given seed and size.

Most files are ordinary app code (view controllers, models, services); a minority use the APIs the
rules look for (windows, screens, launch options), as in real codebases."""
import argparse
import os
import random

WORDS = ("account cart order item price total user session profile feed post comment image video cache "
         "request response token page section row cell header footer title subtitle detail summary list "
         "filter sort search query result error state store action reducer effect route step flow").split()
TYPES = "String Int Double Bool URL Data Date UUID CGFloat CGRect".split()


def ident(rng, parts=2):
    words = [rng.choice(WORDS) for _ in range(parts)]
    return words[0] + "".join(w.capitalize() for w in words[1:])


def type_name(rng):
    return "".join(rng.choice(WORDS).capitalize() for _ in range(2))


def swift_file(rng, index, risky):
    name = f"{type_name(rng)}{index}"
    lines = ["import UIKit", "import Combine", "", f"/// Shows the {rng.choice(WORDS)} {rng.choice(WORDS)} screen.",
             f"final class {name}ViewController: UIViewController, UITableViewDelegate, UITableViewDataSource {{"]
    for _ in range(rng.randint(3, 8)):
        lines.append(f"    private var {ident(rng)}: {rng.choice(TYPES)}? = nil")
    lines.append(f"    private let store = {type_name(rng)}Store.shared")
    for method in range(rng.randint(6, 16)):
        params = ", ".join(f"{ident(rng, 1)}: {rng.choice(TYPES)}" for _ in range(rng.randint(0, 3)))
        lines.append("")
        lines.append(f"    // MARK: {rng.choice(WORDS).capitalize()} handling")
        lines.append(f"    func {ident(rng)}{method}({params}) -> {rng.choice(TYPES)}? {{")
        for _ in range(rng.randint(4, 14)):
            roll = rng.random()
            if roll < 0.15:
                lines.append(f'        let message = "Could not load {rng.choice(WORDS)}: \\({ident(rng)}) in \\(String(describing: self))"')
            elif roll < 0.30:
                lines.append(f"        guard let {ident(rng, 1)} = store.{ident(rng)}(for: {ident(rng, 1)}Identifier) else {{ return nil }}")
            elif roll < 0.45:
                lines.append(f"        // TODO: move the {rng.choice(WORDS)} lookup into the {rng.choice(WORDS)} service")
            elif roll < 0.60:
                lines.append(f"        tableView.reloadRows(at: [IndexPath(row: {rng.randint(0, 9)}, section: 0)], with: .automatic)")
            elif roll < 0.75:
                lines.append(f"        {ident(rng)}.sink {{ [weak self] value in self?.{ident(rng)}(value) }}.store(in: &cancellables)")
            else:
                lines.append(f"        if {ident(rng)}.count > {rng.randint(1, 50)} && !{ident(rng)}.isEmpty {{ {ident(rng)}.removeAll() }}")
        if risky and method == 0:
            lines.append(rng.choice([
                "        let width = UIScreen.main.bounds.width",
                "        UIApplication.shared.keyWindow?.endEditing(true)",
                "        let top = UIApplication.shared.windows.first?.safeAreaInsets.top ?? 0",
                "        let frame = UIApplication.shared.statusBarFrame",
            ]))
        lines.append("        return nil")
        lines.append("    }")
    lines += ["", "    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }",
              "    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }",
              "}", ""]
    return "\n".join(lines)


def objc_file(rng, index, risky):
    name = f"LG{type_name(rng)}{index}"
    lines = ["#import <UIKit/UIKit.h>", f'#import "{name}.h"', "", f"@implementation {name}", ""]
    for method in range(rng.randint(6, 14)):
        lines.append(f"- (void){ident(rng)}{method}:(NSString *){ident(rng, 1)} {{")
        for _ in range(rng.randint(4, 12)):
            roll = rng.random()
            if roll < 0.2:
                lines.append(f'    NSLog(@"{rng.choice(WORDS)} failed: %@", {ident(rng, 1)});')
            elif roll < 0.4:
                lines.append(f"    [self.{ident(rng)} reloadData];")
            elif roll < 0.6:
                lines.append(f"    /* keep the {rng.choice(WORDS)} in sync with the {rng.choice(WORDS)} */")
            else:
                lines.append(f"    NSArray *{ident(rng, 1)} = [self.{ident(rng)} filteredArrayUsingPredicate:predicate];")
        if risky and method == 0:
            lines.append("    CGFloat width = [UIScreen mainScreen].bounds.size.width;")
        lines.append("}")
        lines.append("")
    lines += ["@end", ""]
    return "\n".join(lines)


APP_DELEGATE = """import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController()
        window?.makeKeyAndVisible()
        if let url = launchOptions?[.url] as? URL { print(url) }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        print("active")
    }
}
"""

PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleExecutable</key>
\t<string>$(EXECUTABLE_NAME)</string>
\t<key>LSRequiresIPhoneOS</key>
\t<true/>
\t<key>UILaunchStoryboardName</key>
\t<string>LaunchScreen</string>
</dict>
</plist>
"""


def pbxproj(paths, name="Big"):
    counter = [0]

    def oid():
        counter[0] += 1
        return "B0" + format(counter[0], "022X")

    refs = [(oid(), oid(), p) for p in paths]
    project, main_group, app_group, target, sources, config_list, debug, release, tlist, tdebug, trelease = (oid() for _ in range(11))
    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;", "\tobjects = {", "",
           "/* Begin PBXBuildFile section */"]
    for ref, build, path in refs:
        if path.endswith((".swift", ".m")):
            out.append(f"\t\t{build} /* {os.path.basename(path)} in Sources */ = {{isa = PBXBuildFile; fileRef = {ref} /* {os.path.basename(path)} */; }};")
    out += ["/* End PBXBuildFile section */", "", "/* Begin PBXFileReference section */"]
    for ref, _, path in refs:
        kind = "sourcecode.swift" if path.endswith(".swift") else "sourcecode.c.objc" if path.endswith(".m") else "sourcecode.c.h"
        out.append(f'\t\t{ref} /* {os.path.basename(path)} */ = {{isa = PBXFileReference; lastKnownFileType = {kind}; path = "{path}"; sourceTree = "<group>"; }};')
    out += ["/* End PBXFileReference section */", "", "/* Begin PBXGroup section */",
            f"\t\t{main_group} = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t\t{app_group} /* {name} */,\n\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t}};",
            f"\t\t{app_group} /* {name} */ = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = ("]
    out += [f"\t\t\t\t{ref} /* {os.path.basename(path)} */," for ref, _, path in refs]
    out += [f"\t\t\t);\n\t\t\tpath = {name};\n\t\t\tsourceTree = \"<group>\";\n\t\t}};", "/* End PBXGroup section */", "",
            "/* Begin PBXNativeTarget section */",
            f"\t\t{target} /* {name} */ = {{\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = {tlist};\n\t\t\tbuildPhases = (\n\t\t\t\t{sources} /* Sources */,\n\t\t\t);\n\t\t\tname = {name};\n\t\t\tproductName = {name};\n\t\t\tproductType = \"com.apple.product-type.application\";\n\t\t}};",
            "/* End PBXNativeTarget section */", "", "/* Begin PBXProject section */",
            f"\t\t{project} /* Project object */ = {{\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = {config_list};\n\t\t\tmainGroup = {main_group};\n\t\t\tprojectDirPath = \"\";\n\t\t\ttargets = (\n\t\t\t\t{target} /* {name} */,\n\t\t\t);\n\t\t}};",
            "/* End PBXProject section */", "", "/* Begin PBXSourcesBuildPhase section */",
            f"\t\t{sources} /* Sources */ = {{\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tfiles = ("]
    out += [f"\t\t\t\t{build} /* {os.path.basename(path)} in Sources */," for _, build, path in refs if path.endswith((".swift", ".m"))]
    out += ["\t\t\t);\n\t\t};", "/* End PBXSourcesBuildPhase section */", "", "/* Begin XCBuildConfiguration section */"]
    for cid, config, settings in [(debug, "Debug", "SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 16.0;"),
                                (release, "Release", "SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 16.0;"),
                                (tdebug, "Debug", f"INFOPLIST_FILE = {name}/Info.plist; PRODUCT_NAME = \"$(TARGET_NAME)\";"),
                                (trelease, "Release", f"INFOPLIST_FILE = {name}/Info.plist; PRODUCT_NAME = \"$(TARGET_NAME)\";")]:
        out.append(f"\t\t{cid} /* {config} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {{ {settings} }};\n\t\t\tname = {config};\n\t\t}};")
    out += ["/* End XCBuildConfiguration section */", "", "/* Begin XCConfigurationList section */",
            f"\t\t{config_list} = {{\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t{debug},\n\t\t\t\t{release},\n\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t}};",
            f"\t\t{tlist} = {{\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t{tdebug},\n\t\t\t\t{trelease},\n\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t}};",
            "/* End XCConfigurationList section */", "\t};", f"\trootObject = {project} /* Project object */;", "}", ""]
    return "\n".join(out)


FRAMEWORKS = [
    ("react-native", "0.83.2", {"react-native": "0.83.2", "react": "19.1.0"}),
    ("expo", "~57.0.0", {"expo": "~57.0.0", "react-native": "0.84.1"}),
    ("capacitor", "8.4.0", {"@capacitor/core": "8.4.0", "@capacitor/ios": "8.4.0"}),
    ("react-native", "0.77.3", {"react-native": "0.77.3", "react": "18.3.1"}),
]


def write_app(rng, destination, name, files, risky, folders=40):
    """An Xcode project `destination/name.xcodeproj` whose app target compiles `files` sources spread over
    `folders` feature folders."""
    root = os.path.join(destination, name)
    os.makedirs(root, exist_ok=True)
    paths = ["AppDelegate.swift"]
    with open(os.path.join(root, "AppDelegate.swift"), "w") as handle:
        handle.write(APP_DELEGATE)
    with open(os.path.join(root, "Info.plist"), "w") as handle:
        handle.write(PLIST)
    for index in range(files):
        folder = f"Features/{rng.choice(WORDS).capitalize()}{index % folders}"
        os.makedirs(os.path.join(root, folder), exist_ok=True)
        is_risky = rng.random() < risky
        if rng.random() < 0.8:
            path = f"{folder}/{type_name(rng)}{index}ViewController.swift"
            text = swift_file(rng, index, is_risky)
        else:
            path = f"{folder}/LG{type_name(rng)}{index}.m"
            text = objc_file(rng, index, is_risky)
        with open(os.path.join(root, path), "w") as handle:
            handle.write(text)
        paths.append(path)
    os.makedirs(os.path.join(destination, f"{name}.xcodeproj"), exist_ok=True)
    with open(os.path.join(destination, f"{name}.xcodeproj", "project.pbxproj"), "w") as handle:
        handle.write(pbxproj(paths, name))


def write_monorepo(rng, destination, apps, files, risky):
    """A JavaScript workspace: `apps/appN/ios` framework apps sharing `files` sources between them, a shared
    package, and a yarn.lock at the root resolving every app's framework."""
    os.makedirs(destination, exist_ok=True)
    with open(os.path.join(destination, "package.json"), "w") as handle:
        handle.write('{\n  "private": true,\n  "workspaces": ["apps/*", "packages/*"]\n}\n')
    lock = ["# yarn lockfile v1", ""]
    for index in range(apps):
        _, _, dependencies = FRAMEWORKS[index % len(FRAMEWORKS)]
        folder = os.path.join(destination, "apps", f"app{index}")
        os.makedirs(folder, exist_ok=True)
        listed = ",\n".join(f'    "{name}": "{version}"' for name, version in dependencies.items())
        with open(os.path.join(folder, "package.json"), "w") as handle:
            handle.write(f'{{\n  "name": "app{index}",\n  "dependencies": {{\n{listed}\n  }}\n}}\n')
        for name, version in dependencies.items():
            entry = f'"{name}@{version}":\n  version "{version.lstrip("~^")}"\n'
            if entry not in lock:
                lock.append(entry)
        # The apps share the single-app tree's 40 feature folders between them, so that the two trees differ
        # only in how many apps hold the same files (folder count alone changes the cost of listing).
        write_app(rng, os.path.join(folder, "ios"), f"App{index}", files // apps, risky, folders=max(1, 40 // apps))
    shared = os.path.join(destination, "packages", "shared", "src")
    os.makedirs(shared, exist_ok=True)
    with open(os.path.join(destination, "packages", "shared", "package.json"), "w") as handle:
        handle.write('{"name": "shared", "peerDependencies": {"react-native": "*"}}\n')
    for index in range(50):
        with open(os.path.join(shared, f"module{index}.ts"), "w") as handle:
            handle.write(f"export const value{index} = {index};\n")
    with open(os.path.join(destination, "yarn.lock"), "w") as handle:
        handle.write("\n".join(lock))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("destination")
    parser.add_argument("--files", type=int, default=10000, help="source files (default 10000)")
    parser.add_argument("--apps", type=int, default=0, help="a JavaScript-workspace monorepo of this many framework apps sharing the files")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--risky", type=float, default=0.08, help="share of files that use scene-sensitive APIs")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.apps:
        write_monorepo(rng, args.destination, args.apps, args.files, args.risky)
    else:
        write_app(rng, args.destination, "Big", args.files, args.risky)


if __name__ == "__main__":
    main()
