//
//  SceneDelegate.h
//  Pillbox
//
//  Created by Hannah Brandt on 26/01/2026.
//

#import <UIKit/UIKit.h>

@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>

@property (strong, nonatomic) UIWindow *window;

@end
