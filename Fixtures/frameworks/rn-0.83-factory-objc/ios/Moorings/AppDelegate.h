#import <UIKit/UIKit.h>

@class RCTReactNativeFactory;
@protocol RCTReactNativeFactoryDelegate;

/// Kept in Objective-C++ when the project moved to RCTReactNativeFactory (the 0.79 template is Swift).
@interface AppDelegate : UIResponder <UIApplicationDelegate>

@property (nonatomic, strong) UIWindow *window;
@property (nonatomic, strong) RCTReactNativeFactory *reactNativeFactory;
@property (nonatomic, strong) id<RCTReactNativeFactoryDelegate> reactNativeDelegate;

@end
