/// Flutter's iOS `AppDelegate` templates: the pre-scene ones its UIScene migration replaces (Swift, and the
/// Objective-C header and implementation pair), the implicit-engine ones it writes, and ours.
enum FlutterTemplates {
    /// The `flutter create` app delegate before scenes: plugins registered on the app delegate at launch.
    static let legacySwift = """
        import Flutter
        import UIKit

        @main
        @objc class AppDelegate: FlutterAppDelegate {
          override func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
          ) -> Bool {
            GeneratedPluginRegistrant.register(with: self)
            return super.application(application, didFinishLaunchingWithOptions: launchOptions)
          }
        }
        """

    /// The short-lived template that set `pluginRegistrant` instead of registering at once.
    static let registrantSwift = """
        import Flutter
        import UIKit

        @main
        @objc class AppDelegate: FlutterAppDelegate, FlutterPluginRegistrant {
          override func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
          ) -> Bool {
            pluginRegistrant = self
            return super.application(application, didFinishLaunchingWithOptions: launchOptions)
          }

          func register(with registry: any FlutterPluginRegistry) {
            GeneratedPluginRegistrant.register(with: registry)
          }
        }
        """

    static let legacyHeader = """
        #import <Flutter/Flutter.h>
        #import <UIKit/UIKit.h>

        @interface AppDelegate : FlutterAppDelegate

        @end
        """

    static let legacyImplementation = """
        #import "AppDelegate.h"
        #import "GeneratedPluginRegistrant.h"

        @implementation AppDelegate

        - (BOOL)application:(UIApplication *)application
            didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
          [GeneratedPluginRegistrant registerWithRegistry:self];
          // Override point for customization after application launch.
          return [super application:application didFinishLaunchingWithOptions:launchOptions];
        }

        @end
        """

    /// Flutter's implicit-engine app delegate, as its migration and `flutter create` (3.38+) write it.
    static let implicitSwift = """
        import Flutter
        import UIKit

        @main
        @objc class AppDelegate: FlutterAppDelegate, FlutterImplicitEngineDelegate {
          override func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
          ) -> Bool {
            return super.application(application, didFinishLaunchingWithOptions: launchOptions)
          }

          func didInitializeImplicitFlutterEngine(_ engineBridge: FlutterImplicitEngineBridge) {
            GeneratedPluginRegistrant.register(with: engineBridge.pluginRegistry)
          }
        }
        """

    static let implicitHeader = """
        #import <Flutter/Flutter.h>
        #import <UIKit/UIKit.h>

        @interface AppDelegate : FlutterAppDelegate <FlutterImplicitEngineDelegate>

        @end
        """

    static let implicitImplementation = """
        #import "AppDelegate.h"
        #import "GeneratedPluginRegistrant.h"

        @implementation AppDelegate

        - (BOOL)application:(UIApplication *)application
            didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
          // Override point for customization after application launch.
          return [super application:application didFinishLaunchingWithOptions:launchOptions];
        }

        - (void)didInitializeImplicitFlutterEngine:(NSObject<FlutterImplicitEngineBridge>*)engineBridge {
          [GeneratedPluginRegistrant registerWithRegistry:engineBridge.pluginRegistry];
        }

        @end
        """

    /// The implicit-engine app delegate `fix` writes: Flutter's, with the reason for the move spelled out.
    static let writtenSwift = """
        import Flutter
        import UIKit

        @main
        @objc class AppDelegate: FlutterAppDelegate, FlutterImplicitEngineDelegate {
          override func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
          ) -> Bool {
            return super.application(application, didFinishLaunchingWithOptions: launchOptions)
          }

          // With scenes the Flutter engine is created after launch, by FlutterSceneDelegate: plugins are
          // registered when it exists rather than in didFinishLaunching.
          func didInitializeImplicitFlutterEngine(_ engineBridge: FlutterImplicitEngineBridge) {
            GeneratedPluginRegistrant.register(with: engineBridge.pluginRegistry)
          }
        }

        """

    static let writtenHeader = implicitHeader + "\n"

    static let writtenImplementation = """
        #import "AppDelegate.h"
        #import "GeneratedPluginRegistrant.h"

        @implementation AppDelegate

        - (BOOL)application:(UIApplication *)application
            didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
          return [super application:application didFinishLaunchingWithOptions:launchOptions];
        }

        // With scenes the Flutter engine is created after launch, by FlutterSceneDelegate: plugins are
        // registered when it exists rather than in didFinishLaunching.
        - (void)didInitializeImplicitFlutterEngine:(NSObject<FlutterImplicitEngineBridge> *)engineBridge {
          [GeneratedPluginRegistrant registerWithRegistry:engineBridge.pluginRegistry];
        }

        @end

        """

    /// The pre-scene Swift templates, with the earlier spellings Flutter shipped (`import UIKit` first,
    /// `@UIApplicationMain`), which compile to the same app delegate.
    static let legacySwiftShapes: [String] = {
        let older = legacySwift.replacingOccurrences(of: "import Flutter\nimport UIKit", with: "import UIKit\nimport Flutter")
        return [
            legacySwift, registrantSwift, older,
            older.replacingOccurrences(of: "@main", with: "@UIApplicationMain"),
            legacySwift.replacingOccurrences(of: "@main", with: "@UIApplicationMain"),
        ]
    }()
    /// The pre-scene Objective-C implementation, also in the `#include` spelling of older templates.
    static let legacyImplementationShapes = [
        legacyImplementation, legacyImplementation.replacingOccurrences(of: "#import \"", with: "#include \""),
    ]
    static let implicitSwiftShapes = [implicitSwift, writtenSwift]
    static let implicitHeaderShapes = [implicitHeader]
    static let implicitImplementationShapes = [implicitImplementation, writtenImplementation]

    /// The text with its leading Flutter licence comment dropped (Flutter's own example apps carry one, and
    /// its migration ignores it) and every run of whitespace made one space.
    static func normalized(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        let header = lines.prefix { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("//") }
        if header.contains(where: { $0.contains("The Flutter Authors") }) { lines = lines.dropFirst(header.count) }
        return lines.joined(separator: "\n").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `text` is one of `shapes`, whitespace aside.
    static func matches(_ text: String, _ shapes: [String]) -> Bool {
        let normal = normalized(text)
        return shapes.contains { normalized($0) == normal }
    }
}
