//
//  AppDelegate.m
//  Tally
//
//  Created by Marek Novak on 03/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import "AppDelegate.h"
#import "AccountsViewController.h"
#import "TLYDeepLinkRouter.h"
#import "TLYLedger.h"

@implementation AppDelegate

#pragma mark - Launch

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [[TLYLedger sharedLedger] loadFromDisk];

    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    AccountsViewController *accounts = [[AccountsViewController alloc] initWithNibName:@"AccountsViewController" bundle:nil];
    self.navigationController = [[UINavigationController alloc] initWithRootViewController:accounts];
    self.window.rootViewController = self.navigationController;
    [self.window makeKeyAndVisible];

    self.router = [[TLYDeepLinkRouter alloc] initWithNavigationController:self.navigationController];

    // A transfer alert tapped while the app was not running.
    NSDictionary *payload = launchOptions[UIApplicationLaunchOptionsRemoteNotificationKey];
    if (payload != nil) {
        [self.router handleNotificationPayload:payload];
    }

    // tally://account/<id> from Safari or another app.
    NSURL *url = [launchOptions objectForKey:UIApplicationLaunchOptionsURLKey];
    if (url != nil) {
        [self.router openURL:url];
    }

    [application registerForRemoteNotifications];
    return YES;
}

#pragma mark - Links

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
    return [self.router openURL:url];
}

- (BOOL)application:(UIApplication *)application
continueUserActivity:(NSUserActivity *)userActivity
  restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> * _Nullable))restorationHandler {
    if (![userActivity.activityType isEqualToString:NSUserActivityTypeBrowsingWeb]) {
        return NO;
    }
    return [self.router openURL:userActivity.webpageURL];
}

#pragma mark - Life cycle

- (void)applicationDidBecomeActive:(UIApplication *)application {
    // Balances older than five minutes are refetched; the lock screen comes back after ten.
    [[TLYLedger sharedLedger] refreshIfOlderThan:5 * 60];
    if ([[TLYLedger sharedLedger] secondsSinceLastUnlock] > 10 * 60) {
        [self.router presentLockScreen];
    }
}

#pragma mark - Remote notifications

- (void)application:(UIApplication *)application didRegisterForRemoteNotificationsWithDeviceToken:(NSData *)deviceToken {
    [[TLYLedger sharedLedger] registerPushToken:deviceToken];
}

- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {
    [[TLYLedger sharedLedger] refreshIfOlderThan:0];
    completionHandler(UIBackgroundFetchResultNewData);
}

@end
