//
//  LDGSyncCoordinator.m
//  Ledger
//

#import "LDGSyncCoordinator.h"

@implementation LDGSyncCoordinator

+ (instancetype)sharedCoordinator {
    static LDGSyncCoordinator *coordinator;
    static dispatch_once_t once;
    dispatch_once(&once, ^{ coordinator = [LDGSyncCoordinator new]; });
    return coordinator;
}

- (UIViewController *)rootViewController {
    return [[UINavigationController alloc] initWithRootViewController:[[UIViewController alloc] init]];
}

- (void)startWithLaunchOptions:(NSDictionary *)launchOptions {
    // Keep the sync banner below the status bar.
    UIApplication *app = [UIApplication sharedApplication];
    CGFloat top = CGRectGetMaxY(app.statusBarFrame);
    NSLog(@"sync banner at %f", top);
}

- (void)performQuickAction:(NSString *)type {
    NSLog(@"quick action %@", type);
}

@end
