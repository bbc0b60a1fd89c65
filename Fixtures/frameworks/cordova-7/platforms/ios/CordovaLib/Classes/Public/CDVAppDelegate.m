#import "CDVAppDelegate.h"
#import "CDVViewController.h"

NSString* const CDVPluginHandleOpenURLNotificationName = @"CDVPluginHandleOpenURLNotification";

@implementation CDVAppDelegate

- (BOOL)application:(UIApplication*)application didFinishLaunchingWithOptions:(NSDictionary*)launchOptions
{
    CGRect screenBounds = [[UIScreen mainScreen] bounds];

    self.window = [[UIWindow alloc] initWithFrame:screenBounds];
    self.window.autoresizesSubviews = YES;

    if (self.viewController == nil) {
        self.viewController = [[CDVViewController alloc] init];
    }
    self.window.rootViewController = self.viewController;
    [self.window makeKeyAndVisible];

    return YES;
}

// Plugins that handle custom URL schemes listen for this notification.
- (BOOL)application:(UIApplication*)app openURL:(NSURL*)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id>*)options
{
    if (url == nil) {
        return NO;
    }
    [[NSNotificationCenter defaultCenter] postNotificationName:CDVPluginHandleOpenURLNotificationName object:url];
    return YES;
}

@end
