#import <UIKit/UIKit.h>

@class CDVViewController;

/// Base app delegate of Cordova apps before cordova-ios 8: owns the window and the web view controller.
@interface CDVAppDelegate : UIResponder <UIApplicationDelegate>

@property (nonatomic, strong) IBOutlet UIWindow* window;
@property (nonatomic, strong) IBOutlet CDVViewController* viewController;

@end
