#import <UIKit/UIKit.h>

@interface LDGRouter : NSObject
+ (instancetype)sharedRouter;
- (BOOL)openURL:(NSURL *)url;
@end
