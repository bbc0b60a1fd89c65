#import <UIKit/UIKit.h>

@interface UIApplication (LDGTop)
- (UIViewController *)ldg_topViewController;
@end
