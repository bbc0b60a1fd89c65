//
//  SceneDelegate.m
//  Pillbox
//
//  Created by Hannah Brandt on 26/01/2026.
//

#import "SceneDelegate.h"
#import "PLBScheduleViewController.h"
#import "PLBDoseStore.h"

@implementation SceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    if (![scene isKindOfClass:[UIWindowScene class]]) {
        return;
    }
    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
    PLBScheduleViewController *schedule = [[PLBScheduleViewController alloc] initWithStore:[PLBDoseStore sharedStore]];
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:schedule];
    [self.window makeKeyAndVisible];
}

- (void)sceneDidBecomeActive:(UIScene *)scene {
    // A dose may have been marked from the notification while the app was away.
    [[PLBDoseStore sharedStore] reload];
}

- (void)sceneDidEnterBackground:(UIScene *)scene {
    [[PLBDoseStore sharedStore] rescheduleReminders];
}

@end
