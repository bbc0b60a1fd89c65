import TestSupport
import Testing

@testable import ScanCore

@Suite("Structure parser: Swift types")
struct SwiftTypeTests {
    @Test("An @main app delegate class has its attribute and inheritance list")
    func mainAppDelegate() {
        let file = source(
            """
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
            }
            """)
        let type = file.type(named: "AppDelegate")
        #expect(type?.kind == .classType)
        #expect(type?.attributes == ["@main"])
        #expect(type?.inherits == ["UIResponder", "UIApplicationDelegate"])
        #expect(type?.isMainEntry == true)
        #expect(type.map { file.text($0.nameToken) } == "AppDelegate")
        #expect(type.map { file.text($0.bodyStart) } == "{")
        #expect(type.map { file.text($0.bodyEnd) } == "}")
    }

    @Test("@UIApplicationMain marks an entry point too")
    func uiApplicationMain() {
        let file = source("@UIApplicationMain final class AppDelegate: UIResponder, UIApplicationDelegate {}")
        #expect(file.type(named: "AppDelegate")?.attributes == ["@UIApplicationMain"])
        #expect(file.type(named: "AppDelegate")?.isMainEntry == true)
    }

    @Test("A class without an entry attribute is not an entry point")
    func notMainEntry() {
        let file = source("@objc class AppDelegate: UIResponder, UIApplicationDelegate {}")
        #expect(file.type(named: "AppDelegate")?.isMainEntry == false)
    }

    @Test("An extension records the protocols it adds")
    func extensionConformance() {
        let file = source(
            """
            extension AppDelegate: UNUserNotificationCenterDelegate {
                func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
                    [.banner]
                }
            }
            """)
        #expect(file.types.count == 1)
        #expect(file.types.first?.kind == .extensionType)
        #expect(file.types.first?.name == "AppDelegate")
        #expect(file.types.first?.inherits == ["UNUserNotificationCenterDelegate"])
        #expect(file.functions.first?.container == 0)
        #expect(file.functions.first?.signature == "userNotificationCenter(_:willPresent:)")
    }

    @Test("An extension of a nested type keeps the dotted name")
    func dottedExtension() {
        let file = source("extension Outer.Inner: Codable {}")
        #expect(file.types.first?.name == "Outer.Inner")
        #expect(file.types.first?.simpleName == "Inner")
    }

    @Test("@objc(Name) gives the Objective-C name")
    func objcName() {
        let file = source(
            """
            @objc(SceneDelegate)
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {}
            @objc(TLYRouter) final class Router: NSObject {}
            """)
        #expect(file.type(named: "SceneDelegate")?.objcName == "SceneDelegate")
        #expect(file.type(named: "SceneDelegate")?.attributes == ["@objc"])
        #expect(file.type(named: "Router")?.objcName == "TLYRouter")
    }

    @Test("An @objc name does not leak to the next declaration")
    func objcNameDoesNotLeak() {
        let file = source("@objc(Named) class A: NSObject {}\nclass B: NSObject {}")
        #expect(file.type(named: "A")?.objcName == "Named")
        #expect(file.type(named: "B")?.objcName == nil)
        #expect(file.type(named: "B")?.attributes == [])
    }

    @Test("Several attributes with arguments are all kept")
    func severalAttributes() {
        let file = source("@available(iOS 13.0, *)\n@MainActor\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {}")
        #expect(file.type(named: "SceneDelegate")?.attributes == ["@available", "@MainActor"])
    }

    @Test("Generic classes with where clauses list only their supertypes")
    func genericWithWhereClause() {
        let file = source(
            """
            class Box<T: Equatable, U>: Base<T, U>, Proto where T: Hashable, U: Sendable {
                func open() {}
            }
            """)
        let type = file.type(named: "Box")
        #expect(type?.inherits == ["Base", "Proto"])
        #expect(file.function(named: "open")?.container == 0)
    }

    @Test("Module-qualified and attributed supertypes")
    func qualifiedSupertypes() {
        let file = source("struct NotesApp: SwiftUI.App, @unchecked Sendable {}")
        #expect(file.types.first?.inherits == ["SwiftUI.App", "Sendable"])
        #expect(file.types.first?.inherits("App") == true)
        #expect(file.types.first?.inherits("Ap") == false)
    }

    @Test("class func and class var are not types")
    func classMembersAreNotTypes() {
        let file = source(
            """
            class Theme {
                class func make() -> Theme { Theme() }
                class var shared: Theme { make() }
                class override func load() {}
            }
            """)
        #expect(file.types.map(\.name) == ["Theme"])
        #expect(file.function(named: "make") != nil)
        #expect(file.function(named: "shared")?.kind == .property)
        #expect(file.function(named: "load") != nil)
    }

    // Regression test (fixed): `class` as a modifier is read as a failed type introducer and resets the pending modifiers,
    // so `class func` / `class var` come out with isStatic == false (documented as static/class).
    @Test("class func and class var are static members")
    func classMembersAreStatic() {
        let file = source(
            """
            class Theme {
                class func make() -> Theme { Theme() }
                class var shared: Theme { make() }
            }
            """)
        #expect(file.function(named: "make")?.isStatic == true)
        #expect(file.function(named: "shared")?.isStatic == true)
    }

    @Test("static members are static, instance members are not")
    func staticMembers() {
        let file = source(
            """
            struct Config {
                static func load() {}
                public static var current: Config { Config() }
                func save() {}
            }
            """)
        #expect(file.function(named: "load")?.isStatic == true)
        #expect(file.function(named: "current")?.isStatic == true)
        #expect(file.function(named: "save")?.isStatic == false)
    }

    @Test("Nested types and their functions belong to the innermost type")
    func nestedTypes() {
        let file = source(
            """
            class Outer {
                struct Inner {
                    func innerWork() { let marker = 1 }
                }
                enum Mode { case a, b }
                func outerWork() {}
            }
            """)
        #expect(file.types.map(\.name) == ["Outer", "Inner", "Mode"])
        #expect(file.types.map(\.kind) == [.classType, .structType, .enumType])
        let inner = file.types.firstIndex { $0.name == "Inner" }
        let outer = file.types.firstIndex { $0.name == "Outer" }
        #expect(file.function(named: "innerWork")?.container == inner)
        #expect(file.function(named: "outerWork")?.container == outer)
        let marker = file.index(of: "marker")!
        #expect(file.type(containing: marker) == inner)
        #expect(file.function(containing: marker) == file.functions.firstIndex { $0.name == "innerWork" })
        #expect(file.functions(in: outer!).map(\.name) == ["outerWork"])
    }

    @Test("Actors, protocols and enums are recognised")
    func otherTypeKinds() {
        let file = source("actor Cache {}\nprotocol Routing: AnyObject {}\nenum Route: String {}\nstruct S {}")
        #expect(file.types.map(\.kind) == [.actorType, .protocolType, .enumType, .structType])
        #expect(file.type(named: "Routing")?.inherits == ["AnyObject"])
    }

    @Test("Types inside #if branches are all recognised")
    func typesInConditionalCompilation() {
        let file = source(
            """
            #if DEBUG
            class DebugDelegate: UIResponder, UIApplicationDelegate {}
            #elseif os(iOS)
            class PhoneDelegate: UIResponder, UIApplicationDelegate {}
            #else
            class OtherDelegate: NSObject {}
            #endif
            """)
        #expect(file.types.map(\.name) == ["DebugDelegate", "PhoneDelegate", "OtherDelegate"])
    }

    @Test("A type's name in a string or comment is no declaration")
    func typeInLiteral() {
        let file = source("// class Hidden: UIApplicationDelegate {}\nlet s = \"class Fake {}\"")
        #expect(file.types.isEmpty)
    }

    @Test("Member access named class is not a type")
    func dotClass() {
        let file = source("let x = object.class\nlet y = Foo.self")
        #expect(file.types.isEmpty)
    }
}

@Suite("Structure parser: Swift functions and properties")
struct SwiftFunctionTests {
    @Test("Signatures split over lines read as one")
    func splitSignature() {
        let file = source(
            """
            func application(
                _ application: UIApplication,
                didFinishLaunchingWithOptions launchOptions:
                    [UIApplication.LaunchOptionsKey: Any]? = nil
            ) -> Bool {
                return true
            }
            """)
        let function = file.functions.first
        #expect(function?.signature == "application(_:didFinishLaunchingWithOptions:)")
        #expect(function?.name == "application")
        #expect(function?.kind == .function)
        #expect(function?.parameters.map(\.label) == ["_", "didFinishLaunchingWithOptions"])
        #expect(function?.parameters.map(\.name) == ["application", "launchOptions"])
        #expect(function.map { file.typeText(of: $0.parameters[1]) } == "[UIApplication.LaunchOptionsKey:Any]?")
        #expect(function.map { file.line(ofToken: $0.nameToken) } == 1)
        #expect(function.map { file.line(ofToken: $0.bodyStart) } == 5)
        #expect(function.map { file.line(ofToken: $0.bodyEnd) } == 7)
    }

    @Test("The open-URL signature has its three labels")
    func openURLSignature() {
        let file = source(
            "func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey : Any] = [:]) -> Bool { true }"
        )
        #expect(file.functions.first?.signature == "application(_:open:options:)")
        #expect(file.functions.first.map { file.typeText(of: $0.parameters[2]) } == "[UIApplication.OpenURLOptionsKey:Any]")
    }

    @Test("A parameter without a label uses its name as label")
    func parameterWithoutLabel() {
        let file = source("func scene(scene: UIScene, willConnectTo session: UISceneSession) {}")
        #expect(file.functions.first?.signature == "scene(scene:willConnectTo:)")
        #expect(file.functions.first?.parameters.map(\.name) == ["scene", "session"])
    }

    @Test("A function with no parameters has empty parentheses")
    func noParameters() {
        let file = source("func viewDidLoad() { super.viewDidLoad() }")
        #expect(file.functions.map(\.signature) == ["viewDidLoad()"])
    }

    @Test("Default-argument closures are not the function body")
    func defaultArgumentClosure() {
        let file = source(
            """
            func load(completion: @escaping () -> Void = { print("done") }, retries: Int = 3) {
                body()
            }
            func next() {}
            """)
        let load = file.function(named: "load")
        #expect(load?.signature == "load(completion:retries:)")
        #expect(load.map { file.text($0.bodyStart + 1) } == "body")
        #expect(load.map { file.line(ofToken: $0.bodyEnd) } == 3)
        #expect(file.function(named: "next") != nil)
        #expect(load.map { file.typeText(of: $0.parameters[0]) } == "()->Void")
    }

    @Test("Closure-typed parameters with commas stay one parameter")
    func closureTypedParameter() {
        let file = source("func run(_ block: (Int, String) -> Void, on queue: DispatchQueue) {}")
        #expect(file.functions.first?.signature == "run(_:on:)")
    }

    @Test("Generic functions skip their generic clause")
    func genericFunction() {
        let file = source("func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T where T: Sendable { fatalError() }")
        #expect(file.functions.first?.signature == "decode(_:from:)")
        #expect(file.functions.first?.hasBody == true)
    }

    @Test("Initializers, failable ones included")
    func initializers() {
        let file = source(
            """
            class View: UIView {
                override init(frame: CGRect) { super.init(frame: frame) }
                required init?(coder: NSCoder) { fatalError() }
                convenience init() { self.init(frame: .zero) }
            }
            """)
        let inits = file.functions.filter { $0.kind == .initializer }
        #expect(inits.map(\.signature) == ["init(frame:)", "init(coder:)", "init()"])
        #expect(inits.allSatisfy { $0.container == 0 && $0.hasBody })
    }

    @Test("Calls of init are not declarations")
    func initCalls() {
        let file = source("func make() { let v = View.init(frame: .zero); super.init() }")
        #expect(file.functions.map(\.name) == ["make"])
    }

    // Regression test (fixed): `subscript` is classified like `init`, so it comes out as an initializer named "subscript"
    // (rules treat initializers as early-launch code).
    @Test("A subscript is not an initializer")
    func subscriptIsNotInitializer() {
        let file = source("struct Grid { subscript(row: Int) -> Int { row } }")
        #expect(!file.functions.contains { $0.kind == .initializer })
    }

    @Test("Protocol requirements have no body")
    func protocolRequirements() {
        let file = source(
            """
            protocol Routing {
                func route(to url: URL) -> Bool
                func reset()
                init(path: String)
            }
            """)
        #expect(file.functions.map(\.signature) == ["route(to:)", "reset()", "init(path:)"])
        #expect(file.functions.allSatisfy { !$0.hasBody && $0.container == 0 })
    }

    @Test("A body-less declaration does not steal the next function's body")
    func bodylessThenBody() {
        let file = source("protocol P { func a() }\nfunc b() { work() }")
        #expect(file.function(named: "a")?.hasBody == false)
        #expect(file.function(named: "b")?.hasBody == true)
    }

    @Test("Computed properties are recorded, stored ones are not")
    func computedVersusStored() {
        let file = source(
            """
            class Store {
                var count: Int { items.count }
                var name: String {
                    get { _name }
                    set { _name = newValue }
                }
                var stored: Int = 0
                let constant = 1
                var inferred = [String]()
                lazy var lazyValue: Int = { 42 }()
                var tuple: (Int, Int) { (1, 2) }
                var dictionary: [String: Int] { [:] }
                weak var delegate: StoreDelegate?
                var optional: Int?
                func after() {}
            }
            """)
        let properties = file.functions.filter { $0.kind == .property }
        #expect(properties.map(\.name) == ["count", "name", "tuple", "dictionary"])
        #expect(properties.allSatisfy { $0.hasBody && $0.container == 0 && $0.signature == $0.name })
        #expect(file.function(named: "after")?.container == 0)
    }

    @Test("Local variables in function bodies are not properties")
    func localVariables() {
        let file = source("func f() { var x: Int { 1 }; let y = 2 }")
        #expect(file.functions.map(\.name) == ["f"])
    }

    @Test("Functions nested in a method belong to no type")
    func nestedFunctions() {
        let file = source("class A { func outer() { func inner() { work() } } }")
        #expect(file.function(named: "outer")?.container == 0)
        #expect(file.function(named: "inner")?.container == -1)
        #expect(file.function(containing: file.index(of: "work")!) == file.functions.firstIndex { $0.name == "inner" })
    }

    @Test("Functions in closures inside a type body belong to no type")
    func functionsInClosures() {
        let file = source("class A { let handler = { func helper() {} } }")
        #expect(file.function(named: "helper")?.container == -1)
    }

    @Test("Operator functions are named by their operator")
    func operatorFunctions() {
        let file = source("static func == (lhs: A, rhs: A) -> Bool { true }")
        #expect(file.functions.first?.name == "==")
        #expect(file.functions.first?.signature == "==(lhs:rhs:)")
    }

    @Test("Attributed functions are recorded")
    func attributedFunctions() {
        let file = source("class A { @objc(handleURL:) func handle(_ url: URL) {}\n@IBAction private func tap(_ sender: Any) {} }")
        #expect(file.functions.map(\.signature) == ["handle(_:)", "tap(_:)"])
    }

    @Test("Parameter modifiers are not labels")
    func parameterModifiers() {
        let file = source("func swap(_ a: inout Int, b: inout Int, isolation: isolated (any Actor)? = #isolation) {}")
        #expect(file.functions.first?.signature == "swap(_:b:isolation:)")
    }
}

@Suite("Structure parser: imports")
struct ImportTests {
    @Test("Swift imports, attributed and kind-qualified ones included")
    func swiftImports() {
        let file = source(
            """
            import UIKit
            @testable import Shelf
            @preconcurrency import UserNotifications
            import struct Foundation.Date
            import CoreNFC.NFCReaderSession
            #if canImport(BackgroundTasks)
            import BackgroundTasks
            #endif
            // import Hidden
            let s = "import AlsoHidden"
            """)
        #expect(file.imports == ["UIKit", "Shelf", "UserNotifications", "Foundation", "CoreNFC", "BackgroundTasks"])
    }

    @Test("Objective-C imports: framework headers and module imports")
    func objcImports() {
        let file = source(
            """
            #import <UIKit/UIKit.h>
            #include <UserNotifications/UserNotifications.h>
            @import CoreNFC;
            #import "AppDelegate.h"
            #import <stdio.h>
            // #import <Hidden/Hidden.h>
            """, .objectiveC)
        #expect(file.imports == ["UIKit", "UserNotifications", "CoreNFC"])
    }
}

@Suite("Structure parser: Objective-C")
struct ObjectiveCStructureTests {
    @Test("An interface lists its superclass first, then its protocols")
    func interface() {
        let file = source(
            """
            @interface AppDelegate : UIResponder <UIApplicationDelegate, UNUserNotificationCenterDelegate>
            @property (strong, nonatomic) UIWindow *window;
            - (void)openURL:(NSURL *)url;
            @end
            """, .objectiveC)
        let type = file.type(named: "AppDelegate")
        #expect(type?.kind == .objcInterface)
        #expect(type?.inherits == ["UIResponder", "UIApplicationDelegate", "UNUserNotificationCenterDelegate"])
        #expect(type?.category == nil)
        #expect(type.map { file.text($0.bodyEnd) } == "@end")
        #expect(file.functions.map(\.signature) == ["openURL:"])
        #expect(file.functions.first?.hasBody == false)
        #expect(file.functions.first?.container == 0)
    }

    @Test("Categories and class extensions")
    func categories() {
        let file = source(
            """
            @interface UIViewController (Routing) <TLYRoutable>
            @end
            @interface AppDelegate () <UNUserNotificationCenterDelegate>
            @property (nonatomic) BOOL ready;
            @end
            @implementation AppDelegate (Links)
            @end
            """, .objectiveC)
        #expect(file.types.map(\.kind) == [.objcCategory, .objcCategory, .objcImplementation])
        #expect(file.types.map(\.name) == ["UIViewController", "AppDelegate", "AppDelegate"])
        #expect(file.types.map(\.category) == ["Routing", "", "Links"])
        #expect(file.types[0].inherits == ["TLYRoutable"])
        #expect(file.types[1].inherits == ["UNUserNotificationCenterDelegate"])
    }

    @Test("Methods with multi-part selectors split over lines")
    func multiPartSelector() {
        let file = source(
            """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application
            continueUserActivity:(NSUserActivity *)userActivity
              restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> * _Nullable))restorationHandler {
                return [self.router openURL:userActivity.webpageURL];
            }
            @end
            """, .objectiveC)
        let method = file.functions.first
        #expect(method?.kind == .objcMethod)
        #expect(method?.name == "application")
        #expect(method?.signature == "application:continueUserActivity:restorationHandler:")
        #expect(method?.parameters.map(\.name) == ["application", "userActivity", "restorationHandler"])
        #expect(method?.parameters.map(\.label) == ["application", "continueUserActivity", "restorationHandler"])
        #expect(method.map { file.typeText(of: $0.parameters[1]) } == "NSUserActivity*")
        #expect(method?.hasBody == true)
        #expect(method.map { file.line(ofToken: $0.bodyEnd) } == 6)
        #expect(method?.container == 0)
        #expect(method?.isStatic == false)
    }

    @Test("The open-URL selector")
    func openURLSelector() {
        let file = source(
            """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
                return YES;
            }
            @end
            """, .objectiveC)
        #expect(file.functions.map(\.signature) == ["application:openURL:options:"])
    }

    @Test("Unary selectors and class methods")
    func unaryAndClassMethods() {
        let file = source(
            """
            @implementation TLYLedger
            + (instancetype)sharedLedger {
                static TLYLedger *shared;
                return shared;
            }
            - (void)viewDidLoad {
                [super viewDidLoad];
            }
            @end
            """, .objectiveC)
        #expect(file.functions.map(\.signature) == ["sharedLedger", "viewDidLoad"])
        #expect(file.functions.map(\.isStatic) == [true, false])
        #expect(file.functions.allSatisfy { $0.hasBody })
    }

    @Test("Blocks in method bodies do not end the method or start new ones")
    func blocksInBodies() {
        let file = source(
            """
            @implementation Loader
            - (void)load {
                [self.session fetch:^(NSData *data) {
                    dispatch_async(dispatch_get_main_queue(), ^{
                        self.count = self.count - (1);
                    });
                }];
            }
            - (void)next {}
            @end
            """, .objectiveC)
        #expect(file.functions.map(\.signature) == ["load", "next"])
        #expect(file.function(named: "load").map { file.line(ofToken: $0.bodyEnd) } == 8)
    }

    @Test("Method attributes before the body are skipped")
    func methodAttributes() {
        let file = source(
            """
            @implementation A
            - (void)setUp __attribute__((objc_requires_super)) {
                work();
            }
            @end
            """, .objectiveC)
        #expect(file.functions.first?.signature == "setUp")
        #expect(file.functions.first?.hasBody == true)
    }

    // Regression test (fixed): the selector loop stops at `, ...`, so a variadic method's body is never found.
    @Test("A variadic method has its body")
    func variadicMethod() {
        let file = source(
            """
            @implementation Logger
            - (void)log:(NSString *)format, ... {
                va_list args;
            }
            @end
            """, .objectiveC)
        #expect(file.functions.first?.signature == "log:")
        #expect(file.functions.first?.hasBody == true)
    }

    @Test("Instance variables in an interface do not hide its methods")
    func instanceVariables() {
        let file = source(
            """
            @interface Store : NSObject {
                NSString *_name;
            }
            - (void)save;
            @end
            """, .objectiveC)
        #expect(file.functions.map(\.signature) == ["save"])
    }

    @Test("C functions at file level")
    func cFunctions() {
        let file = source(
            """
            #import <UIKit/UIKit.h>
            static void helper(void) {
                if (x) { }
            }
            void declared(int a);
            int main(int argc, char * argv[]) {
                @autoreleasepool {
                    return UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class]));
                }
            }
            """, .objectiveC)
        #expect(file.functions.map(\.name) == ["helper", "main"])
        #expect(file.functions.allSatisfy { $0.kind == .cFunction && $0.hasBody })
        #expect(file.function(named: "main").map { file.line(ofToken: $0.bodyEnd) } == 10)
    }

    @Test("Protocol forward declarations and @protocol expressions are not types")
    func protocolForwardDeclarations() {
        let file = source(
            """
            @protocol TLYRoutable;
            @protocol A, B;
            @class TLYDeepLinkRouter;
            static Protocol *p = @protocol(UIApplicationDelegate);
            @protocol TLYRouting <NSObject>
            - (BOOL)canRoute:(NSURL *)url;
            @optional
            - (void)reset;
            @end
            """, .objectiveC)
        #expect(file.types.map(\.name) == ["TLYRouting"])
        #expect(file.types.first?.kind == .objcProtocol)
        #expect(file.types.first?.inherits == ["NSObject"])
        #expect(file.functions.map(\.signature) == ["canRoute:", "reset"])
        #expect(file.functions.allSatisfy { !$0.hasBody })
    }

    @Test("Methods outside any @interface or @implementation are ignored")
    func methodsOutsideTypes() {
        let file = source("- (void)stray;\nint x = a - (b);", .objectiveC)
        #expect(file.functions.isEmpty)
    }

    @Test("Functions of an implementation are listed by functions(in:)")
    func functionsInImplementation() {
        let file = source(
            """
            @implementation A
            - (void)one {}
            @end
            @implementation B
            - (void)two {}
            @end
            """, .objectiveC)
        #expect(file.functions(in: 0).map(\.signature) == ["one"])
        #expect(file.functions(in: 1).map(\.signature) == ["two"])
    }
}

@Suite("Structure parser: hostile input")
struct StructureHostileInputTests {
    @Test("Unclosed type bodies end at the end of the file")
    func unclosedBody() {
        let file = source("class A {\n func f() {\n")
        #expect(file.types.first?.bodyEnd == file.tokens.count - 1)
        #expect(file.functions.first?.bodyEnd == file.tokens.count - 1)
    }

    @Test("A body whose opening brace is the file's last token is empty, in Swift and Objective-C (found by scripts/fuzz scan)")
    func openingBraceAsTheLastToken() throws {
        for (text, language) in [("class A {\n func f() {", SourceLanguage.swift), ("@implementation A\n- (void)f {", .objectiveC)] {
            let file = source(text, language)
            let function = try #require(file.functions.first, "\(text)")
            // Without a partner the brace is its own end, and `bodyStart + 1 ..< bodyEnd` would be a range that traps.
            #expect(function.bodyEnd == function.bodyStart, "\(text)")
            #expect(function.body == function.bodyStart + 1..<function.bodyStart + 1, "\(text)")
            #expect(file.types.first.map { $0.body.contains(function.nameToken) } == true, "\(text)")
        }
        let closed = source("func f() { a }")
        #expect(closed.functions.first.map { $0.body.map(closed.text) } == ["a"])
        #expect(source("protocol P { func f() }").functions.first?.body == 0..<0)
    }

    @Test("A header cut off after its keyword names the keyword's token, not one past the last (found by scripts/fuzz lexer)")
    func headerKeywordAtTheEnd() throws {
        let file = source(bytes: try FixturePaths.fuzzRegression("lexer/objc-header-keyword-at-end.m"), .objectiveC)
        let type = try #require(file.types.first)
        #expect(type.kind == .objcProtocol && type.name.isEmpty)
        #expect(type.nameToken == file.tokens.count - 1)
        #expect(file.text(type.nameToken) == "@protocol")
        // Rules report a type at its name token's line; past the end this indexed out of the token array.
        #expect(file.line(ofToken: type.nameToken) == 1)
    }

    @Test("10,000 nested types parse without recursion")
    func deeplyNestedTypes() {
        let depth = 10_000
        let text = String(repeating: "class A {", count: depth) + String(repeating: "}", count: depth)
        let file = source(text)
        #expect(file.types.count == depth)
        #expect(file.types.first?.bodyEnd == depth * 4 - 1)
        #expect(file.types.last?.bodyEnd == depth * 3)
    }
}
