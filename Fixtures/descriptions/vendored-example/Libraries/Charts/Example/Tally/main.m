//
//  main.m
//  Tally
//
//  Created by Marek Novak on 03/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import <UIKit/UIKit.h>
#import "AppDelegate.h"

int main(int argc, char * argv[]) {
    @autoreleasepool {
        return UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class]));
    }
}
