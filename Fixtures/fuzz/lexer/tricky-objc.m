#import <UIKit/UIKit.h>
#define MULTI(x) do { \
    NSLog(@"%@", x); /* a \
    comment */ } while (0)
@import CoreNFC;
@protocol Fwd;
@interface AppDelegate : UIResponder <UIApplicationDelegate, UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end
@implementation AppDelegate (Category)
- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options NS_REQUIRES_SUPER {
    char c = '\''; NSString *s = @"a \" b"; log("x", ...);
    return [self.window makeKeyAndVisible], YES;
}
+ (void)logFormat:(NSString *)format, ... { }
static void helper(int x) __attribute__((unused)) { if (x) { helper(x - 1); } }
@end
