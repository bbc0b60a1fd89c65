#!/usr/bin/env python3
"""Writes an Xcode project with N application targets (each with its own Info.plist, app delegate,
build configuration list and Debug/Release configurations) into FOLDER, for scripts/pbxproj-scale.

  many_targets.py FOLDER N"""
import os
import sys


def ident(kind, number):
    return "%02X%06X%016X" % (kind, number >> 32, number & 0xFFFFFFFFFFFFFFFF)


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    os.makedirs(os.path.join(folder, "Many.xcodeproj"), exist_ok=True)
    files, builds, targets, lists, configs, phases, products, children = [], [], [], [], [], [], [], []
    for n in range(count):
        name = "App%d" % n
        os.makedirs(os.path.join(folder, name), exist_ok=True)
        with open(os.path.join(folder, name, "AppDelegate.swift"), "w") as handle:
            handle.write("import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n")
        with open(os.path.join(folder, name, "Info.plist"), "w") as handle:
            handle.write('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
                         '<key>CFBundleIdentifier</key><string>com.example.%s</string></dict></plist>\n' % name)
        file_id, build_id, target_id = ident(1, n), ident(2, n), ident(3, n)
        list_id, debug_id, release_id, phase_id, product_id = ident(4, n), ident(5, n), ident(6, n), ident(7, n), ident(8, n)
        files.append('\t\t%s /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; '
                     'path = %s/AppDelegate.swift; sourceTree = "<group>"; };\n' % (file_id, name))
        products.append('\t\t%s /* %s.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; '
                        'path = %s.app; sourceTree = BUILT_PRODUCTS_DIR; };\n' % (product_id, name, name))
        builds.append('\t\t%s /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = %s; };\n' % (build_id, file_id))
        phases.append('\t\t%s /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tfiles = (\n\t\t\t\t%s,\n\t\t\t);\n\t\t};\n'
                      % (phase_id, build_id))
        targets.append('\t\t%s /* %s */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = %s;\n'
                       '\t\t\tbuildPhases = (\n\t\t\t\t%s,\n\t\t\t);\n\t\t\tname = %s;\n\t\t\tproductName = %s;\n'
                       '\t\t\tproductReference = %s;\n\t\t\tproductType = "com.apple.product-type.application";\n\t\t};\n'
                       % (target_id, name, list_id, phase_id, name, name, product_id))
        lists.append('\t\t%s = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t%s,\n\t\t\t\t%s,\n'
                     '\t\t\t);\n\t\t};\n' % (list_id, debug_id, release_id))
        for config_id, config in ((debug_id, "Debug"), (release_id, "Release")):
            configs.append('\t\t%s /* %s */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n'
                           '\t\t\t\tINFOPLIST_FILE = %s/Info.plist;\n\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;\n'
                           '\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.%s;\n\t\t\t\tSDKROOT = iphoneos;\n\t\t\t};\n'
                           '\t\t\tname = %s;\n\t\t};\n' % (config_id, config, name, name, config))
        children.append(file_id)
    root, group, project_list = ident(9, 0), ident(10, 0), ident(11, 0)
    project_configs = [ident(12, 0), ident(12, 1)]
    text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n\n"
    text += "".join(builds + files + products + phases + targets + configs + lists)
    for config_id, config in zip(project_configs, ("Debug", "Release")):
        text += '\t\t%s = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t};\n\t\t\tname = %s;\n\t\t};\n' % (config_id, config)
    text += '\t\t%s = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (%s, %s, );\n\t\t};\n' % (
        project_list, project_configs[0], project_configs[1])
    text += '\t\t%s = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n%s\t\t\t);\n\t\t\tsourceTree = "<group>";\n\t\t};\n' % (
        group, "".join("\t\t\t\t%s,\n" % child for child in children))
    text += ('\t\t%s /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = %s;\n'
             '\t\t\tmainGroup = %s;\n\t\t\ttargets = (\n%s\t\t\t);\n\t\t};\n' % (
                 root, project_list, group, "".join("\t\t\t\t%s,\n" % ident(3, n) for n in range(count))))
    text += "\t};\n\trootObject = %s /* Project object */;\n}\n" % root
    with open(os.path.join(folder, "Many.xcodeproj", "project.pbxproj"), "w") as handle:
        handle.write(text)


if __name__ == "__main__":
    main()
