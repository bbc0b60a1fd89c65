//
//  LDGSceneDelegate.m
//  Ledger
//

#import "LDGSceneDelegate.h"
#import "LDGRouter.h"
#import "LDGSyncCoordinator.h"

@implementation LDGSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    if (![scene isKindOfClass:[UIWindowScene class]]) {
        return;
    }
    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
    self.window.rootViewController = [[LDGSyncCoordinator sharedCoordinator] rootViewController];
    [self.window makeKeyAndVisible];

    // The sync coordinator still takes the old launch-options dictionary.
    NSMutableDictionary *launchOptions = [NSMutableDictionary dictionary];
    if (connectionOptions.notificationResponse) {
        launchOptions[UIApplicationLaunchOptionsRemoteNotificationKey] = connectionOptions.notificationResponse.notification.request.content.userInfo;
    }
    if (connectionOptions.shortcutItem) {
        [launchOptions setObject:connectionOptions.shortcutItem forKey:UIApplicationLaunchOptionsShortcutItemKey];
    }
    [[LDGSyncCoordinator sharedCoordinator] startWithLaunchOptions:launchOptions];
}

- (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts {
    NSURL *url = URLContexts.anyObject.URL;
    if (url) {
        [[LDGRouter sharedRouter] openURL:url];
    }
}

@end
