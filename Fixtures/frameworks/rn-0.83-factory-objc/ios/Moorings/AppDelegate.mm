#import "AppDelegate.h"

#import <React/RCTBundleURLProvider.h>
#import <React_RCTAppDelegate/RCTDefaultReactNativeFactoryDelegate.h>
#import <React_RCTAppDelegate/RCTReactNativeFactory.h>
#import <ReactAppDependencyProvider/RCTAppDependencyProvider.h>

#import "MRGBerthSync.h"

@interface MooringsReactDelegate : RCTDefaultReactNativeFactoryDelegate
@end

@implementation MooringsReactDelegate

- (NSURL *)sourceURLForBridge:(RCTBridge *)bridge
{
  return [self bundleURL];
}

- (NSURL *)bundleURL
{
#if DEBUG
  return [[RCTBundleURLProvider sharedSettings] jsBundleURLForBundleRoot:@"index"];
#else
  return [[NSBundle mainBundle] URLForResource:@"main" withExtension:@"jsbundle"];
#endif
}

@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
  MooringsReactDelegate *delegate = [MooringsReactDelegate new];
  delegate.dependencyProvider = [RCTAppDependencyProvider new];
  RCTReactNativeFactory *factory = [[RCTReactNativeFactory alloc] initWithDelegate:delegate];

  self.reactNativeDelegate = delegate;
  self.reactNativeFactory = factory;

  self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
  [factory startReactNativeWithModuleName:@"Moorings" inWindow:self.window launchOptions:launchOptions];

  return YES;
}

// Berth availability changes while the app sits in the background.
- (void)applicationWillEnterForeground:(UIApplication *)application
{
  [[MRGBerthSync sharedSync] refreshIfOlderThan:300];
}

@end
