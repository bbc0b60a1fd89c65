/// An Xcode 16 project (objectVersion 77) whose targets take their files from synchronized folders: the
/// UIKit app Harbor (folder `Harbor`) and its widget HarborWidget (folder `HarborWidget`), as Xcode 16.2
/// writes a new project after a widget extension is added.
enum HarborProject {
    static let appTarget = "A1C0DE0F2C9A4B7100E51A01"
    static let widgetTarget = "A1C0DE0F2C9A4B7100E51A02"

    /// - Parameters:
    ///   - appExceptions: what the app leaves out of `Harbor`.
    ///   - widgetSharesAppFolder: whether the widget lists `Harbor` among its folders too.
    ///   - widgetExceptionsInAppFolder: the widget's exception set in `Harbor`: files it leaves out when it
    ///     shares the folder, files it adds when it does not.
    static func text(
        appExceptions: [String] = ["Info.plist"], widgetSharesAppFolder: Bool = false, widgetExceptionsInAppFolder: [String] = []
    ) -> String {
        func list(_ items: [String]) -> String {
            items.map { "\t\t\t\t\(quoted($0)),\n" }.joined()
        }
        var appFolderExceptions = "\t\t\t\tA1C0DE0F2C9A4B7100E51A31 /* Exceptions for \"Harbor\" folder in \"Harbor\" target */,\n"
        var widgetExceptionSet = ""
        if !widgetExceptionsInAppFolder.isEmpty {
            appFolderExceptions +=
                "\t\t\t\tA1C0DE0F2C9A4B7100E51A33 /* Exceptions for \"Harbor\" folder in \"HarborWidget\" target */,\n"
            widgetExceptionSet = """
                \t\tA1C0DE0F2C9A4B7100E51A33 /* Exceptions for "Harbor" folder in "HarborWidget" target */ = {
                \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
                \t\t\tmembershipExceptions = (
                \(list(widgetExceptionsInAppFolder))\t\t\t);
                \t\t\ttarget = A1C0DE0F2C9A4B7100E51A02 /* HarborWidget */;
                \t\t};

                """
        }
        let widgetFolders =
            (widgetSharesAppFolder ? "\t\t\t\tA1C0DE0F2C9A4B7100E51A21 /* Harbor */,\n" : "")
            + "\t\t\t\tA1C0DE0F2C9A4B7100E51A22 /* HarborWidget */,\n"
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\tA1C0DE0F2C9A4B7100E51A61 /* HarborWidget.appex in Embed Foundation Extensions */ = {isa = PBXBuildFile; fileRef = A1C0DE0F2C9A4B7100E51A12 /* HarborWidget.appex */; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
            /* End PBXBuildFile section */

            /* Begin PBXContainerItemProxy section */
            \t\tA1C0DE0F2C9A4B7100E51A71 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = A1C0DE0F2C9A4B7100E51A00 /* Project object */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = A1C0DE0F2C9A4B7100E51A02;
            \t\t\tremoteInfo = HarborWidget;
            \t\t};
            /* End PBXContainerItemProxy section */

            /* Begin PBXCopyFilesBuildPhase section */
            \t\tA1C0DE0F2C9A4B7100E51A45 /* Embed Foundation Extensions */ = {
            \t\t\tisa = PBXCopyFilesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tdstPath = "";
            \t\t\tdstSubfolderSpec = 13;
            \t\t\tfiles = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A61 /* HarborWidget.appex in Embed Foundation Extensions */,
            \t\t\t);
            \t\t\tname = "Embed Foundation Extensions";
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXCopyFilesBuildPhase section */

            /* Begin PBXFileReference section */
            \t\tA1C0DE0F2C9A4B7100E51A11 /* Harbor.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Harbor.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tA1C0DE0F2C9A4B7100E51A12 /* HarborWidget.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = HarborWidget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
            /* End PBXFileReference section */

            /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
            \t\tA1C0DE0F2C9A4B7100E51A31 /* Exceptions for "Harbor" folder in "Harbor" target */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \(list(appExceptions))\t\t\t);
            \t\t\ttarget = A1C0DE0F2C9A4B7100E51A01 /* Harbor */;
            \t\t};
            \t\tA1C0DE0F2C9A4B7100E51A32 /* Exceptions for "HarborWidget" folder in "HarborWidget" target */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\tInfo.plist,
            \t\t\t);
            \t\t\ttarget = A1C0DE0F2C9A4B7100E51A02 /* HarborWidget */;
            \t\t};
            \(widgetExceptionSet)/* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

            /* Begin PBXFileSystemSynchronizedRootGroup section */
            \t\tA1C0DE0F2C9A4B7100E51A21 /* Harbor */ = {
            \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
            \t\t\texceptions = (
            \(appFolderExceptions)\t\t\t);
            \t\t\tpath = Harbor;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tA1C0DE0F2C9A4B7100E51A22 /* HarborWidget */ = {
            \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
            \t\t\texceptions = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A32 /* Exceptions for "HarborWidget" folder in "HarborWidget" target */,
            \t\t\t);
            \t\t\tpath = HarborWidget;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXFileSystemSynchronizedRootGroup section */

            /* Begin PBXFrameworksBuildPhase section */
            \t\tA1C0DE0F2C9A4B7100E51A42 /* Frameworks */ = {
            \t\t\tisa = PBXFrameworksBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            \t\tA1C0DE0F2C9A4B7100E51A47 /* Frameworks */ = {
            \t\t\tisa = PBXFrameworksBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXFrameworksBuildPhase section */

            /* Begin PBXGroup section */
            \t\tA1C0DE0F2C9A4B7100E51A0A = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A21 /* Harbor */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A22 /* HarborWidget */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A0B /* Products */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tA1C0DE0F2C9A4B7100E51A0B /* Products */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A11 /* Harbor.app */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A12 /* HarborWidget.appex */,
            \t\t\t);
            \t\t\tname = Products;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\tA1C0DE0F2C9A4B7100E51A01 /* Harbor */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = A1C0DE0F2C9A4B7100E51A82 /* Build configuration list for PBXNativeTarget "Harbor" */;
            \t\t\tbuildPhases = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A41 /* Sources */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A42 /* Frameworks */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A43 /* Resources */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A45 /* Embed Foundation Extensions */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A72 /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A21 /* Harbor */,
            \t\t\t);
            \t\t\tname = Harbor;
            \t\t\tpackageProductDependencies = (
            \t\t\t);
            \t\t\tproductName = Harbor;
            \t\t\tproductReference = A1C0DE0F2C9A4B7100E51A11 /* Harbor.app */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\tA1C0DE0F2C9A4B7100E51A02 /* HarborWidget */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = A1C0DE0F2C9A4B7100E51A83 /* Build configuration list for PBXNativeTarget "HarborWidget" */;
            \t\t\tbuildPhases = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A46 /* Sources */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A47 /* Frameworks */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A48 /* Resources */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \(widgetFolders)\t\t\t);
            \t\t\tname = HarborWidget;
            \t\t\tpackageProductDependencies = (
            \t\t\t);
            \t\t\tproductName = HarborWidget;
            \t\t\tproductReference = A1C0DE0F2C9A4B7100E51A12 /* HarborWidget.appex */;
            \t\t\tproductType = "com.apple.product-type.app-extension";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tA1C0DE0F2C9A4B7100E51A00 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tattributes = {
            \t\t\t\tBuildIndependentTargetsInParallel = 1;
            \t\t\t\tLastSwiftUpdateCheck = 1620;
            \t\t\t\tLastUpgradeCheck = 1620;
            \t\t\t\tTargetAttributes = {
            \t\t\t\t\tA1C0DE0F2C9A4B7100E51A01 = {
            \t\t\t\t\t\tCreatedOnToolsVersion = 16.2;
            \t\t\t\t\t};
            \t\t\t\t\tA1C0DE0F2C9A4B7100E51A02 = {
            \t\t\t\t\t\tCreatedOnToolsVersion = 16.2;
            \t\t\t\t\t};
            \t\t\t\t};
            \t\t\t};
            \t\t\tbuildConfigurationList = A1C0DE0F2C9A4B7100E51A81 /* Build configuration list for PBXProject "Harbor" */;
            \t\t\tdevelopmentRegion = en;
            \t\t\thasScannedForEncodings = 0;
            \t\t\tknownRegions = (
            \t\t\t\ten,
            \t\t\t\tBase,
            \t\t\t);
            \t\t\tmainGroup = A1C0DE0F2C9A4B7100E51A0A;
            \t\t\tminimizedProjectReferenceProxies = 1;
            \t\t\tpreferredProjectObjectVersion = 77;
            \t\t\tproductRefGroup = A1C0DE0F2C9A4B7100E51A0B /* Products */;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\tA1C0DE0F2C9A4B7100E51A01 /* Harbor */,
            \t\t\t\tA1C0DE0F2C9A4B7100E51A02 /* HarborWidget */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXResourcesBuildPhase section */
            \t\tA1C0DE0F2C9A4B7100E51A43 /* Resources */ = {
            \t\t\tisa = PBXResourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            \t\tA1C0DE0F2C9A4B7100E51A48 /* Resources */ = {
            \t\t\tisa = PBXResourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXResourcesBuildPhase section */

            /* Begin PBXSourcesBuildPhase section */
            \t\tA1C0DE0F2C9A4B7100E51A41 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            \t\tA1C0DE0F2C9A4B7100E51A46 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXSourcesBuildPhase section */

            /* Begin PBXTargetDependency section */
            \t\tA1C0DE0F2C9A4B7100E51A72 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\ttarget = A1C0DE0F2C9A4B7100E51A02 /* HarborWidget */;
            \t\t\ttargetProxy = A1C0DE0F2C9A4B7100E51A71 /* PBXContainerItemProxy */;
            \t\t};
            /* End PBXTargetDependency section */

            /* Begin XCBuildConfiguration section */
            \(configuration("A1C0DE0F2C9A4B7100E51A91", "Debug", ["IPHONEOS_DEPLOYMENT_TARGET": "18.2", "SDKROOT": "iphoneos"]))\
            \(configuration("A1C0DE0F2C9A4B7100E51A92", "Release", ["IPHONEOS_DEPLOYMENT_TARGET": "18.2", "SDKROOT": "iphoneos"]))\
            \(configuration("A1C0DE0F2C9A4B7100E51A93", "Debug", appSettings))\
            \(configuration("A1C0DE0F2C9A4B7100E51A94", "Release", appSettings))\
            \(configuration("A1C0DE0F2C9A4B7100E51A95", "Debug", widgetSettings))\
            \(configuration("A1C0DE0F2C9A4B7100E51A96", "Release", widgetSettings))\
            /* End XCBuildConfiguration section */

            /* Begin XCConfigurationList section */
            \(configurationList("A1C0DE0F2C9A4B7100E51A81", "PBXProject \"Harbor\"", "A1C0DE0F2C9A4B7100E51A91", "A1C0DE0F2C9A4B7100E51A92"))\
            \(configurationList("A1C0DE0F2C9A4B7100E51A82", "PBXNativeTarget \"Harbor\"", "A1C0DE0F2C9A4B7100E51A93", "A1C0DE0F2C9A4B7100E51A94"))\
            \(configurationList("A1C0DE0F2C9A4B7100E51A83", "PBXNativeTarget \"HarborWidget\"", "A1C0DE0F2C9A4B7100E51A95", "A1C0DE0F2C9A4B7100E51A96"))\
            /* End XCConfigurationList section */
            \t};
            \trootObject = A1C0DE0F2C9A4B7100E51A00 /* Project object */;
            }

            """
    }

    private static let appSettings = [
        "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "Harbor/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.harbor",
        "PRODUCT_NAME": "\"$(TARGET_NAME)\"", "SWIFT_VERSION": "5.0", "TARGETED_DEVICE_FAMILY": "\"1,2\"",
    ]

    private static let widgetSettings = [
        "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "HarborWidget/Info.plist",
        "PRODUCT_BUNDLE_IDENTIFIER": "com.example.harbor.widget", "PRODUCT_NAME": "\"$(TARGET_NAME)\"", "SKIP_INSTALL": "YES",
        "SWIFT_VERSION": "5.0",
    ]

    private static func configuration(_ id: String, _ name: String, _ settings: [String: String]) -> String {
        let lines = settings.sorted { $0.key < $1.key }.map { "\t\t\t\t\($0.key) = \($0.value);\n" }.joined()
        return "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\(lines)\t\t\t};\n"
            + "\t\t\tname = \(name);\n\t\t};\n"
    }

    private static func configurationList(_ id: String, _ owner: String, _ debug: String, _ release: String) -> String {
        "\t\t\(id) /* Build configuration list for \(owner) */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n"
            + "\t\t\t\t\(debug) /* Debug */,\n\t\t\t\t\(release) /* Release */,\n\t\t\t);\n"
            + "\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};\n"
    }

    private static func quoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "._/".contains($0) } ? text : "\"\(text)\""
    }
}
