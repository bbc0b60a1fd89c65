//
//  AppDelegate.m
//  Tally
//
//  Created by Marek Novak on 03/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import <UserNotifications/UserNotifications.h>
#import "AppDelegate.h"
#import "SceneDelegate.h"
#import "TLYDeepLinkRouter.h"
#import "TLYLedger.h"

@interface AppDelegate () <UNUserNotificationCenterDelegate>
@end

@implementation AppDelegate

#pragma mark - Launch

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    // The window and the first screen are built by SceneDelegate.
    [[TLYLedger sharedLedger] loadFromDisk];
    [UNUserNotificationCenter currentNotificationCenter].delegate = self;
    [application registerForRemoteNotifications];
    return YES;
}

#pragma mark - Remote notifications

- (void)application:(UIApplication *)application didRegisterForRemoteNotificationsWithDeviceToken:(NSData *)deviceToken {
    [[TLYLedger sharedLedger] registerPushToken:deviceToken];
}

- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {
    [[TLYLedger sharedLedger] refreshIfOlderThan:0];
    completionHandler(UIBackgroundFetchResultNewData);
}

#pragma mark - UNUserNotificationCenterDelegate

- (void)userNotificationCenter:(UNUserNotificationCenter *)center
didReceiveNotificationResponse:(UNNotificationResponse *)response
         withCompletionHandler:(void (^)(void))completionHandler {
    NSDictionary *payload = response.notification.request.content.userInfo;
    for (UIScene *scene in [UIApplication sharedApplication].connectedScenes) {
        if (scene.activationState == UISceneActivationStateForegroundActive &&
            [scene.delegate isKindOfClass:[SceneDelegate class]]) {
            [((SceneDelegate *)scene.delegate).router handleNotificationPayload:payload];
            break;
        }
    }
    completionHandler();
}

@end
