//
//  SceneDelegate.h
//  Tally
//
//  Created by Keiko Arai on 20/01/2026.
//  Copyright © 2026 Tally Finance. All rights reserved.
//

#import <UIKit/UIKit.h>

@class TLYDeepLinkRouter;

@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>

@property (strong, nonatomic) UIWindow *window;
@property (strong, nonatomic) UINavigationController *navigationController;
@property (strong, nonatomic) TLYDeepLinkRouter *router;
@property (nonatomic, assign) UIBackgroundTaskIdentifier backgroundTaskIdentifier;

@end
