import Foundation
import ScanCore
import TestSupport
import XcodeProject

/// Small app trees written to a temporary folder, and the helpers that scan them.
enum TreeFixtures {
    /// Anchors broad enough that every test source file is lexed.
    static let anchors = AnchorSearch(["import", "class", "struct", "@interface", "@implementation", "UIApplicationMain", "delegateClass"])

    static func workspace(_ directory: TemporaryDirectory, filter: PathFilter = PathFilter(), limits: Workspace.Limits = Workspace.Limits())
        throws -> Workspace
    {
        Workspace.load(from: try DirectorySource(root: directory.path), filter: filter, anchors: anchors, limits: limits)
    }

    static func workspace(fixture name: String) throws -> Workspace {
        Workspace.load(from: try DirectorySource(root: FixturePaths.scan(name).path), anchors: anchors)
    }

    /// An Info.plist with the given top-level entries (already XML-encoded).
    static func plist(_ entries: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>LSRequiresIPhoneOS</key>
        \t<true/>
        \(entries)
        </dict>
        </plist>

        """
    }

    static let sceneManifest = """
        \t<key>UIApplicationSceneManifest</key>
        \t<dict>
        \t\t<key>UIApplicationSupportsMultipleScenes</key>
        \t\t<false/>
        \t\t<key>UISceneConfigurations</key>
        \t\t<dict>
        \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>UISceneConfigurationName</key>
        \t\t\t\t\t<string>Default Configuration</string>
        \t\t\t\t\t<key>UISceneDelegateClassName</key>
        \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t</dict>
        \t</dict>
        """

    /// A ProjectWriter app at `App.xcodeproj` with its sources, resources and Info.plist written.
    @discardableResult
    static func writeApp(
        in directory: TemporaryDirectory,
        sources: [String: String] = ["AppDelegate.swift": "import UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n"],
        resources: [String] = [], settings: [String: String] = [:], projectSettings: [String: String]? = nil,
        plist: String? = TreeFixtures.plist(), productType: String? = nil, folder: String = ""
    ) -> (text: String, targetLine: Int, settingLines: [String: Int]) {
        var writer = ProjectWriter()
        writer.sourceFiles = sources.keys.sorted()
        writer.resourceFiles = resources
        writer.settings = settings
        if let projectSettings { writer.projectSettings = projectSettings }
        var project = writer.write()
        if let productType {
            project.text = project.text.replacingOccurrences(of: "\"com.apple.product-type.application\"", with: "\"\(productType)\"")
        }
        let prefix = folder.isEmpty ? "" : folder + "/"
        directory.write(prefix + "App.xcodeproj/project.pbxproj", project.text)
        for (path, text) in sources { directory.write(prefix + "App/" + path, text) }
        for path in resources { directory.write(prefix + "App/" + path, "<document/>") }
        if let plist { directory.write(prefix + "App/Info.plist", plist) }
        return project
    }

    /// "Shop": an app that depends on a framework (ShopKit) and embeds an extension (ShopWidget), with
    /// a synchronized `Features` folder whose exception set leaves out one file and one subfolder.
    static let shopProject = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tBUILD_APPDELEGATE = {isa = PBXBuildFile; fileRef = FILE_APPDELEGATE; };
        \t\tBUILD_OBJC = {isa = PBXBuildFile; fileRef = FILE_OBJC; };
        \t\tBUILD_KIT = {isa = PBXBuildFile; fileRef = FILE_KIT; };
        \t\tBUILD_WIDGET = {isa = PBXBuildFile; fileRef = FILE_WIDGET; };
        \t\tBUILD_C = {isa = PBXBuildFile; fileRef = FILE_C; };
        \t\tBUILD_UNLISTED = {isa = PBXBuildFile; fileRef = FILE_UNLISTED; };
        \t\tBUILD_STORYBOARD = {isa = PBXBuildFile; fileRef = FILE_STORYBOARD; };
        \t\tFILE_APPDELEGATE = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
        \t\tFILE_OBJC = {isa = PBXFileReference; path = Legacy/TLYRouter.m; sourceTree = "<group>"; };
        \t\tFILE_C = {isa = PBXFileReference; path = Legacy/crc32.c; sourceTree = "<group>"; };
        \t\tFILE_UNLISTED = {isa = PBXFileReference; path = Generated.swift; sourceTree = "<group>"; };
        \t\tFILE_STORYBOARD = {isa = PBXFileReference; path = Base.lproj/LaunchScreen.storyboard; sourceTree = "<group>"; };
        \t\tFILE_KIT = {isa = PBXFileReference; path = Kit.swift; sourceTree = "<group>"; };
        \t\tFILE_WIDGET = {isa = PBXFileReference; path = Widget.swift; sourceTree = "<group>"; };
        \t\tEXCEPTIONS = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, Debug, ); target = TARGET_APP; };
        \t\tSYNC_FEATURES = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EXCEPTIONS, ); path = Features; sourceTree = "<group>"; };
        \t\tGROUP_MAIN = {isa = PBXGroup; children = (GROUP_SHOP, GROUP_KIT, GROUP_WIDGET, SYNC_FEATURES, ); sourceTree = "<group>"; };
        \t\tGROUP_SHOP = {isa = PBXGroup; children = (FILE_APPDELEGATE, FILE_OBJC, FILE_C, FILE_UNLISTED, FILE_STORYBOARD, ); path = Shop; sourceTree = "<group>"; };
        \t\tGROUP_KIT = {isa = PBXGroup; children = (FILE_KIT, ); path = ShopKit; sourceTree = "<group>"; };
        \t\tGROUP_WIDGET = {isa = PBXGroup; children = (FILE_WIDGET, ); path = ShopWidget; sourceTree = "<group>"; };
        \t\tSOURCES_APP = {isa = PBXSourcesBuildPhase; files = (BUILD_APPDELEGATE, BUILD_OBJC, BUILD_C, BUILD_UNLISTED, ); };
        \t\tRESOURCES_APP = {isa = PBXResourcesBuildPhase; files = (BUILD_STORYBOARD, ); };
        \t\tSOURCES_KIT = {isa = PBXSourcesBuildPhase; files = (BUILD_KIT, ); };
        \t\tSOURCES_WIDGET = {isa = PBXSourcesBuildPhase; files = (BUILD_WIDGET, ); };
        \t\tDEPENDENCY_KIT = {isa = PBXTargetDependency; target = TARGET_KIT; };
        \t\tDEPENDENCY_WIDGET = {isa = PBXTargetDependency; target = TARGET_WIDGET; };
        \t\tTARGET_APP = {isa = PBXNativeTarget; buildConfigurationList = LIST_APP; buildPhases = (SOURCES_APP, RESOURCES_APP, ); dependencies = (DEPENDENCY_KIT, DEPENDENCY_WIDGET, ); fileSystemSynchronizedGroups = (SYNC_FEATURES, ); name = Shop; productType = "com.apple.product-type.application"; };
        \t\tTARGET_KIT = {isa = PBXNativeTarget; buildPhases = (SOURCES_KIT, ); name = ShopKit; productType = "com.apple.product-type.framework"; };
        \t\tTARGET_WIDGET = {isa = PBXNativeTarget; buildPhases = (SOURCES_WIDGET, ); name = ShopWidget; productType = "com.apple.product-type.app-extension"; };
        \t\tCONFIG_RELEASE = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Shop/Info.plist; SDKROOT = iphoneos; }; name = Release; };
        \t\tLIST_APP = {isa = XCConfigurationList; buildConfigurations = (CONFIG_RELEASE, ); defaultConfigurationName = Release; };
        \t\tPROJECT = {isa = PBXProject; mainGroup = GROUP_MAIN; targets = (TARGET_APP, TARGET_KIT, TARGET_WIDGET, ); };
        \t};
        \trootObject = PROJECT;
        }

        """

    static func writeShop(in directory: TemporaryDirectory) {
        directory.write("Shop.xcodeproj/project.pbxproj", shopProject)
        directory.write("Shop/Info.plist", plist())
        directory.write("Shop/AppDelegate.swift", "import UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n")
        directory.write("Shop/Legacy/TLYRouter.m", "#import \"TLYRouter.h\"\n@implementation TLYRouter\n@end\n")
        directory.write("Shop/Legacy/TLYRouter.h", "@interface TLYRouter : NSObject\n@end\n")
        directory.write("Shop/Legacy/crc32.c", "int crc32(void) { return 0; }\n")
        directory.write("Shop/Base.lproj/LaunchScreen.storyboard", "<document/>")
        directory.write("Shop/Unreferenced.swift", "class Unreferenced {}\n")
        directory.write("ShopKit/Kit.swift", "public class Kit {}\n")
        directory.write("ShopWidget/Widget.swift", "import WidgetKit\n")
        directory.write("Features/Cart/CartView.swift", "import SwiftUI\n")
        directory.write("Features/Cart/Cart.storyboard", "<document/>")
        directory.write("Features/Info.plist", plist())
        directory.write("Features/Debug/DebugMenu.swift", "import UIKit\n")
        directory.write("Features/Debug/Nested/Inspector.swift", "import UIKit\n")
    }
}
