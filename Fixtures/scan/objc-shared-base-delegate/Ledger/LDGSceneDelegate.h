//
//  LDGSceneDelegate.h
//  Ledger
//

#import <UIKit/UIKit.h>

@interface LDGSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end
