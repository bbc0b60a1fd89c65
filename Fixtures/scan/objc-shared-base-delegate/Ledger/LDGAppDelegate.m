//
//  LDGAppDelegate.m
//  Ledger
//

#import "LDGAppDelegate.h"
#import "LDGSyncCoordinator.h"

@implementation LDGAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    BOOL launched = [super application:application didFinishLaunchingWithOptions:launchOptions];
    [self handleLaunchOptions:launchOptions];
    return launched;
}

- (void)handleLaunchOptions:(NSDictionary *)options {
    UIApplicationShortcutItem *item = options[UIApplicationLaunchOptionsShortcutItemKey];
    if (item) {
        [[LDGSyncCoordinator sharedCoordinator] performQuickAction:item.type];
    }
}

@end
