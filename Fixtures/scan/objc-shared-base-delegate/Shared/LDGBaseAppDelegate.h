//
//  LDGBaseAppDelegate.h
//  LDGShared (local pod: pod 'LDGShared', :path => '../Shared')
//

#import <UIKit/UIKit.h>

@interface LDGBaseAppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@end
