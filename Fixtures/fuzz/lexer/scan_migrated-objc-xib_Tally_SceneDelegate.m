//
//  SceneDelegate.m
//  Tally
//
//  Created by Keiko Arai on 20/01/2026.
//  Copyright © 2026 Tally Finance. All rights reserved.
//

#import <UserNotifications/UserNotifications.h>
#import "SceneDelegate.h"
#import "AccountsViewController.h"
#import "TLYDeepLinkRouter.h"
#import "TLYLedger.h"

@implementation SceneDelegate

#pragma mark - Connecting

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    if (![scene isKindOfClass:[UIWindowScene class]]) {
        return;
    }
    UIWindowScene *windowScene = (UIWindowScene *)scene;

    self.window = [[UIWindow alloc] initWithWindowScene:windowScene];
    AccountsViewController *accounts = [[AccountsViewController alloc] initWithNibName:@"AccountsViewController" bundle:nil];
    self.navigationController = [[UINavigationController alloc] initWithRootViewController:accounts];
    self.window.rootViewController = self.navigationController;
    [self.window makeKeyAndVisible];

    self.router = [[TLYDeepLinkRouter alloc] initWithNavigationController:self.navigationController];

    // Cold start: links, universal links and notification taps come with the connection options.
    NSURL *url = connectionOptions.URLContexts.anyObject.URL;
    if (url != nil) {
        [self.router openURL:url];
    }
    for (NSUserActivity *activity in connectionOptions.userActivities) {
        if ([activity.activityType isEqualToString:NSUserActivityTypeBrowsingWeb]) {
            [self.router openURL:activity.webpageURL];
        }
    }
    NSDictionary *payload = connectionOptions.notificationResponse.notification.request.content.userInfo;
    if (payload != nil) {
        [self.router handleNotificationPayload:payload];
    }
}

#pragma mark - Links while running

- (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts {
    [self.router openURL:URLContexts.anyObject.URL];
}

- (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity {
    if ([userActivity.activityType isEqualToString:NSUserActivityTypeBrowsingWeb]) {
        [self.router openURL:userActivity.webpageURL];
    }
}

#pragma mark - Life cycle

- (void)sceneDidBecomeActive:(UIScene *)scene {
    // Balances older than five minutes are refetched; the lock screen comes back after ten.
    [[TLYLedger sharedLedger] refreshIfOlderThan:5 * 60];
    if ([[TLYLedger sharedLedger] secondsSinceLastUnlock] > 10 * 60) {
        [self.router presentLockScreen];
    }
}

- (void)sceneWillResignActive:(UIScene *)scene {
}

- (void)sceneWillEnterForeground:(UIScene *)scene {
}

- (void)sceneDidEnterBackground:(UIScene *)scene {
    // Give the ledger a few seconds to write its cache before the app is suspended.
    self.backgroundTaskIdentifier = [[UIApplication sharedApplication] beginBackgroundTaskWithExpirationHandler:^{
        [[UIApplication sharedApplication] endBackgroundTask:self.backgroundTaskIdentifier];
        self.backgroundTaskIdentifier = UIBackgroundTaskInvalid;
    }];
}

@end
