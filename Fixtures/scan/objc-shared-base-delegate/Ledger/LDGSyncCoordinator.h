#import <UIKit/UIKit.h>

@interface LDGSyncCoordinator : NSObject
+ (instancetype)sharedCoordinator;
- (UIViewController *)rootViewController;
- (void)startWithLaunchOptions:(NSDictionary *)launchOptions;
- (void)performQuickAction:(NSString *)type;
@end
