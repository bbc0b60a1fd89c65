//
//  AppDelegate.m
//  Pillbox
//
//  Created by Hannah Brandt on 11/02/2020.
//

#import <UserNotifications/UserNotifications.h>
#import "AppDelegate.h"
#import "PLBDoseStore.h"

@interface AppDelegate () <UNUserNotificationCenterDelegate>
@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    UNUserNotificationCenter *center = [UNUserNotificationCenter currentNotificationCenter];
    center.delegate = self;
    [center requestAuthorizationWithOptions:(UNAuthorizationOptionAlert | UNAuthorizationOptionSound)
                          completionHandler:^(BOOL granted, NSError * _Nullable error) {
        if (granted) {
            [[PLBDoseStore sharedStore] rescheduleReminders];
        }
    }];
    return YES;
}

#pragma mark - UNUserNotificationCenterDelegate

- (void)userNotificationCenter:(UNUserNotificationCenter *)center
       willPresentNotification:(UNNotification *)notification
         withCompletionHandler:(void (^)(UNNotificationPresentationOptions))completionHandler {
    completionHandler(UNNotificationPresentationOptionBanner | UNNotificationPresentationOptionSound);
}

- (void)userNotificationCenter:(UNUserNotificationCenter *)center
didReceiveNotificationResponse:(UNNotificationResponse *)response
         withCompletionHandler:(void (^)(void))completionHandler {
    NSString *doseID = response.notification.request.content.userInfo[@"dose"];
    if ([response.actionIdentifier isEqualToString:@"TAKEN"] && doseID != nil) {
        [[PLBDoseStore sharedStore] markDoseTaken:doseID];
    }
    completionHandler();
}

#pragma mark - UISceneSession lifecycle

- (void)application:(UIApplication *)application didDiscardSceneSessions:(NSSet<UISceneSession *> *)sceneSessions {
}

@end
