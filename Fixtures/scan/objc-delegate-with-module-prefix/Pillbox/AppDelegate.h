//
//  AppDelegate.h
//  Pillbox
//
//  Created by Hannah Brandt on 11/02/2020.
//

#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>

@end
