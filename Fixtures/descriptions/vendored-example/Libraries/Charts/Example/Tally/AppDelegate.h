//
//  AppDelegate.h
//  Tally
//
//  Created by Marek Novak on 03/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import <UIKit/UIKit.h>

@class TLYDeepLinkRouter;

@interface AppDelegate : UIResponder <UIApplicationDelegate>

@property (strong, nonatomic) UIWindow *window;
@property (strong, nonatomic) UINavigationController *navigationController;
@property (strong, nonatomic) TLYDeepLinkRouter *router;

@end
