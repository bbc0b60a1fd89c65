/// Hand-written `project.pbxproj` texts for reader tests. Object ids are readable names rather than
/// Xcode's 24 hex digits; the format does not care.
enum SampleProjects {
    /// "Shop": an app with a framework, an extension, a unit-test bundle and an aggregate target; a
    /// localised storyboard (variant group), a synchronized folder with per-target exceptions, files
    /// outside the tree, an xcconfig referenced from the source root, array and conditional settings.
    static let shop = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\tBUILD_APPDELEGATE /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = FILE_APPDELEGATE /* AppDelegate.swift */; };
        \t\tBUILD_ROUTER /* Router.swift in Sources */ = {isa = PBXBuildFile; fileRef = FILE_ROUTER /* Router.swift */; };
        \t\tBUILD_ROUTER_AGAIN /* Router.swift in Sources */ = {isa = PBXBuildFile; fileRef = FILE_ROUTER /* Router.swift */; };
        \t\tBUILD_ESCAPE /* Outside.swift in Sources */ = {isa = PBXBuildFile; fileRef = FILE_ESCAPE /* Outside.swift */; };
        \t\tBUILD_ABSOLUTE /* x.c in Sources */ = {isa = PBXBuildFile; fileRef = FILE_ABSOLUTE /* x.c */; };
        \t\tBUILD_DANGLING /* gone in Sources */ = {isa = PBXBuildFile; fileRef = NO_SUCH_OBJECT; };
        \t\tBUILD_MAIN /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = VARIANT_MAIN /* Main.storyboard */; };
        \t\tBUILD_KIT /* Kit.swift in Sources */ = {isa = PBXBuildFile; fileRef = FILE_KIT /* Kit.swift */; };
        \t\tBUILD_WIDGET /* Widget.swift in Sources */ = {isa = PBXBuildFile; fileRef = FILE_WIDGET /* Widget.swift */; };
        /* End PBXBuildFile section */

        /* Begin PBXContainerItemProxy section */
        \t\tPROXY_KIT /* PBXContainerItemProxy */ = {
        \t\t\tisa = PBXContainerItemProxy;
        \t\t\tcontainerPortal = PROJECT /* Project object */;
        \t\t\tproxyType = 1;
        \t\t\tremoteGlobalIDString = TARGET_KIT;
        \t\t\tremoteInfo = ShopKit;
        \t\t};
        /* End PBXContainerItemProxy section */

        /* Begin PBXFileReference section */
        \t\tFILE_APPDELEGATE /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        \t\tFILE_ROUTER /* Router.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Routing/Router.swift; sourceTree = "<group>"; };
        \t\tFILE_ESCAPE /* Outside.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ../../Outside.swift; sourceTree = "<group>"; };
        \t\tFILE_ABSOLUTE /* x.c */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.c; path = /usr/include/x.c; sourceTree = "<absolute>"; };
        \t\tFILE_MAIN_BASE /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        \t\tFILE_MAIN_FR /* fr */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = fr; path = fr.lproj/Main.strings; sourceTree = "<group>"; };
        \t\tFILE_INFOPLIST /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        \t\tFILE_KIT /* Kit.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Kit.swift; sourceTree = "<group>"; };
        \t\tFILE_WIDGET /* Widget.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Widget.swift; sourceTree = "<group>"; };
        \t\tFILE_XCCONFIG /* Shared.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Config/Shared.xcconfig; sourceTree = SOURCE_ROOT; };
        \t\tPRODUCT_APP /* Shop.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Shop.app; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        \t\tEXCEPTIONS_APP /* Exceptions for "Features" folder in "Shop" target */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tDebug/Secret.swift,
        \t\t\t\tREADME.md,
        \t\t\t);
        \t\t\ttarget = TARGET_APP /* Shop */;
        \t\t};
        \t\tEXCEPTIONS_WIDGET /* Exceptions for "Features" folder in "ShopWidget" target */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tOther.swift,
        \t\t\t);
        \t\t\ttarget = TARGET_WIDGET /* ShopWidget */;
        \t\t};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\tSYNC_FEATURES /* Features */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EXCEPTIONS_APP /* Exceptions for "Features" folder in "Shop" target */, EXCEPTIONS_WIDGET /* Exceptions for "Features" folder in "ShopWidget" target */, ); path = Features; sourceTree = "<group>"; };
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXFrameworksBuildPhase section */
        \t\tFRAMEWORKS_APP /* Frameworks */ = {
        \t\t\tisa = PBXFrameworksBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tBUILD_KIT /* not really, but a frameworks phase is never read */,
        \t\t\t);
        \t\t};
        /* End PBXFrameworksBuildPhase section */

        /* Begin PBXGroup section */
        \t\tGROUP_MAIN = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tGROUP_SHOP /* Shop */,
        \t\t\t\tGROUP_KIT /* ShopKit */,
        \t\t\t\tGROUP_WIDGET /* ShopWidget */,
        \t\t\t\tSYNC_FEATURES /* Features */,
        \t\t\t\tFILE_XCCONFIG /* Shared.xcconfig */,
        \t\t\t\tFILE_ABSOLUTE /* x.c */,
        \t\t\t\tGROUP_PRODUCTS /* Products */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tGROUP_PRODUCTS /* Products */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tPRODUCT_APP /* Shop.app */,
        \t\t\t);
        \t\t\tname = Products;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tGROUP_SHOP /* Shop */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tFILE_APPDELEGATE /* AppDelegate.swift */,
        \t\t\t\tFILE_ROUTER /* Router.swift */,
        \t\t\t\tFILE_ESCAPE /* Outside.swift */,
        \t\t\t\tVARIANT_MAIN /* Main.storyboard */,
        \t\t\t\tFILE_INFOPLIST /* Info.plist */,
        \t\t\t);
        \t\t\tpath = Shop;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tGROUP_KIT /* ShopKit */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tFILE_KIT /* Kit.swift */,
        \t\t\t);
        \t\t\tpath = ShopKit;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tGROUP_WIDGET /* ShopWidget */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tFILE_WIDGET /* Widget.swift */,
        \t\t\t);
        \t\t\tname = "Widget (named, with its folder in path)";
        \t\t\tpath = Extensions/ShopWidget;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXAggregateTarget section */
        \t\tTARGET_AGGREGATE /* Lint */ = {
        \t\t\tisa = PBXAggregateTarget;
        \t\t\tbuildConfigurationList = LIST_APP;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tname = Lint;
        \t\t\tproductName = Lint;
        \t\t};
        /* End PBXAggregateTarget section */

        /* Begin PBXNativeTarget section */
        \t\tTARGET_APP /* Shop */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = LIST_APP /* Build configuration list for PBXNativeTarget "Shop" */;
        \t\t\tbuildPhases = (
        \t\t\t\tSOURCES_APP /* Sources */,
        \t\t\t\tFRAMEWORKS_APP /* Frameworks */,
        \t\t\t\tRESOURCES_APP /* Resources */,
        \t\t\t\tMISSING_PHASE,
        \t\t\t);
        \t\t\tbuildRules = (
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t\tDEPENDENCY_KIT /* PBXTargetDependency */,
        \t\t\t\tDEPENDENCY_WIDGET /* PBXTargetDependency */,
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tSYNC_FEATURES /* Features */,
        \t\t\t);
        \t\t\tname = Shop;
        \t\t\tproductName = Shop;
        \t\t\tproductReference = PRODUCT_APP /* Shop.app */;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tTARGET_KIT /* ShopKit */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = LIST_KIT;
        \t\t\tbuildPhases = (
        \t\t\t\tSOURCES_KIT /* Sources */,
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tname = ShopKit;
        \t\t\tproductType = "com.apple.product-type.framework";
        \t\t};
        \t\tTARGET_WIDGET /* ShopWidget */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tSOURCES_WIDGET /* Sources */,
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tSYNC_FEATURES /* Features */,
        \t\t\t);
        \t\t\tname = ShopWidget;
        \t\t\tproductType = "com.apple.product-type.app-extension";
        \t\t};
        \t\tTARGET_TESTS /* ShopTests */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tname = ShopTests;
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tPROJECT /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tbuildConfigurationList = LIST_PROJECT /* Build configuration list for PBXProject "Shop" */;
        \t\t\tcompatibilityVersion = "Xcode 14.0";
        \t\t\tmainGroup = GROUP_MAIN;
        \t\t\tprojectDirPath = "";
        \t\t\tprojectRoot = "";
        \t\t\ttargets = (
        \t\t\t\tTARGET_APP /* Shop */,
        \t\t\t\tTARGET_KIT /* ShopKit */,
        \t\t\t\tTARGET_WIDGET /* ShopWidget */,
        \t\t\t\tTARGET_TESTS /* ShopTests */,
        \t\t\t\tTARGET_AGGREGATE /* Lint */,
        \t\t\t\tNO_SUCH_TARGET,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        \t\tRESOURCES_APP /* Resources */ = {
        \t\t\tisa = PBXResourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tBUILD_MAIN /* Main.storyboard in Resources */,
        \t\t\t);
        \t\t};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXShinyFutureThing section */
        \t\tFUTURE_OBJECT = {
        \t\t\tisa = PBXShinyFutureThing;
        \t\t\tchildren = (
        \t\t\t);
        \t\t\twhatever = "{ ( unbalanced";
        \t\t};
        /* End PBXShinyFutureThing section */

        /* Begin PBXSourcesBuildPhase section */
        \t\tSOURCES_APP /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tBUILD_APPDELEGATE /* AppDelegate.swift in Sources */,
        \t\t\t\tBUILD_ROUTER /* Router.swift in Sources */,
        \t\t\t\tBUILD_ROUTER_AGAIN /* Router.swift in Sources */,
        \t\t\t\tBUILD_ESCAPE /* Outside.swift in Sources */,
        \t\t\t\tBUILD_ABSOLUTE /* x.c in Sources */,
        \t\t\t\tBUILD_DANGLING /* gone in Sources */,
        \t\t\t);
        \t\t};
        \t\tSOURCES_KIT /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tBUILD_KIT /* Kit.swift in Sources */,
        \t\t\t);
        \t\t};
        \t\tSOURCES_WIDGET /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tBUILD_WIDGET /* Widget.swift in Sources */,
        \t\t\t);
        \t\t};
        /* End PBXSourcesBuildPhase section */

        /* Begin PBXTargetDependency section */
        \t\tDEPENDENCY_KIT /* PBXTargetDependency */ = {
        \t\t\tisa = PBXTargetDependency;
        \t\t\ttarget = TARGET_KIT /* ShopKit */;
        \t\t\ttargetProxy = PROXY_KIT /* PBXContainerItemProxy */;
        \t\t};
        \t\tDEPENDENCY_WIDGET /* PBXTargetDependency */ = {
        \t\t\tisa = PBXTargetDependency;
        \t\t\ttarget = TARGET_WIDGET /* ShopWidget */;
        \t\t};
        /* End PBXTargetDependency section */

        /* Begin PBXVariantGroup section */
        \t\tVARIANT_MAIN /* Main.storyboard */ = {
        \t\t\tisa = PBXVariantGroup;
        \t\t\tchildren = (
        \t\t\t\tFILE_MAIN_BASE /* Base */,
        \t\t\t\tFILE_MAIN_FR /* fr */,
        \t\t\t);
        \t\t\tname = Main.storyboard;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXVariantGroup section */

        /* Begin XCBuildConfiguration section */
        \t\tCONFIG_PROJECT_DEBUG /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbaseConfigurationReference = FILE_XCCONFIG /* Shared.xcconfig */;
        \t\t\tbuildSettings = {
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\tCONFIG_PROJECT_RELEASE /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        \t\tCONFIG_APP_DEBUG /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tINFOPLIST_FILE = "Shop/Info-Debug.plist";
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\tCONFIG_APP_RELEASE /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tINFOPLIST_FILE = Shop/Info.plist;
        \t\t\t\tOTHER_LDFLAGS = (
        \t\t\t\t\t"$(inherited)",
        \t\t\t\t\t"-ObjC",
        \t\t\t\t);
        \t\t\t\t"OTHER_SWIFT_FLAGS[sdk=iphoneos*]" = "-DDEVICE";
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t\tSWIFT_VERSION = 5.0;
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        \t\tCONFIG_KIT_RELEASE /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        \t\tLIST_PROJECT /* Build configuration list for PBXProject "Shop" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tCONFIG_PROJECT_DEBUG /* Debug */,
        \t\t\t\tCONFIG_PROJECT_RELEASE /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        \t\tLIST_APP /* Build configuration list for PBXNativeTarget "Shop" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tCONFIG_APP_DEBUG /* Debug */,
        \t\t\t\tCONFIG_APP_RELEASE /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Debug;
        \t\t};
        \t\tLIST_KIT = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tCONFIG_KIT_RELEASE /* Release */,
        \t\t\t);
        \t\t};
        /* End XCConfigurationList section */
        \t};
        \trootObject = PROJECT /* Project object */;
        }

        """

    /// Groups that are each other's parents (A in B, B in A) and a group that is its own child.
    static let groupCycle = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tBUILD_X = {isa = PBXBuildFile; fileRef = FILE_X; };
        \t\tBUILD_Y = {isa = PBXBuildFile; fileRef = FILE_Y; };
        \t\tBUILD_Z = {isa = PBXBuildFile; fileRef = FILE_Z; };
        \t\tFILE_X = {isa = PBXFileReference; path = X.swift; sourceTree = "<group>"; };
        \t\tFILE_Y = {isa = PBXFileReference; path = Y.swift; sourceTree = "<group>"; };
        \t\tFILE_Z = {isa = PBXFileReference; path = Z.swift; sourceTree = "<group>"; };
        \t\tGROUP_MAIN = {isa = PBXGroup; children = (GROUP_OK, ); sourceTree = "<group>"; };
        \t\tGROUP_OK = {isa = PBXGroup; children = (FILE_Z, ); path = App; sourceTree = "<group>"; };
        \t\tGROUP_A = {isa = PBXGroup; children = (GROUP_B, FILE_X, ); path = A; sourceTree = "<group>"; };
        \t\tGROUP_B = {isa = PBXGroup; children = (GROUP_A, ); path = B; sourceTree = "<group>"; };
        \t\tGROUP_SELF = {isa = PBXGroup; children = (GROUP_SELF, FILE_Y, ); path = S; sourceTree = "<group>"; };
        \t\tSOURCES = {isa = PBXSourcesBuildPhase; files = (BUILD_X, BUILD_Y, BUILD_Z, ); };
        \t\tTARGET = {isa = PBXNativeTarget; buildPhases = (SOURCES, ); fileSystemSynchronizedGroups = (GROUP_A, ); name = Loop; productType = "com.apple.product-type.application"; };
        \t\tPROJECT = {isa = PBXProject; mainGroup = GROUP_MAIN; targets = (TARGET, ); };
        \t};
        \trootObject = PROJECT;
        }

        """

    /// The 1-based line of the first line of `text` containing `needle`.
    static func line(of needle: String, in text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(needle) {
            return index + 1
        }
        return nil
    }
}
