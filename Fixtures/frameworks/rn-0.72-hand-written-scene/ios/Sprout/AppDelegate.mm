#import "AppDelegate.h"

#import <React/RCTBridge.h>
#import <React/RCTBundleURLProvider.h>
#import <React/RCTLinkingManager.h>
#import <React/RCTRootView.h>

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
  self.bridge = [[RCTBridge alloc] initWithDelegate:self launchOptions:launchOptions];
  return YES;
}

- (NSURL *)sourceURLForBridge:(RCTBridge *)bridge
{
#if DEBUG
  return [[RCTBundleURLProvider sharedSettings] jsBundleURLForBundleRoot:@"index"];
#else
  return [[NSBundle mainBundle] URLForResource:@"main" withExtension:@"jsbundle"];
#endif
}

@end

@implementation SceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions
{
  AppDelegate *appDelegate = (AppDelegate *)RCTSharedApplication().delegate;

  // Watering reminders open the plant they are about: hand the tapped notification to JS as before.
  NSMutableDictionary *initialProps = [NSMutableDictionary dictionary];
  NSMutableDictionary *launchOptions = [NSMutableDictionary dictionary];
  if (connectionOptions.notificationResponse) {
    launchOptions[UIApplicationLaunchOptionsRemoteNotificationKey] = connectionOptions.notificationResponse.notification.request.content.userInfo;
    initialProps[@"launchNotification"] = launchOptions[UIApplicationLaunchOptionsRemoteNotificationKey];
  }
  RCTRootView *rootView = [[RCTRootView alloc] initWithBridge:appDelegate.bridge
                                                   moduleName:@"Sprout"
                                            initialProperties:initialProps];
  self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
  self.window.rootViewController = [UIViewController new];
  self.window.rootViewController.view = rootView;
  [self.window makeKeyAndVisible];
}

// sprout://plants/<id> from shared plant cards.
- (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts
{
  UIOpenURLContext *context = URLContexts.anyObject;
  if (context) {
    [RCTLinkingManager application:RCTSharedApplication() openURL:context.URL options:@{}];
  }
}

@end
