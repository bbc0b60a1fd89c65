//
//  main.m
//  Ledger
//

#import <UIKit/UIKit.h>
#import "LDGAppDelegate.h"

int main(int argc, char *argv[]) {
    @autoreleasepool {
        return UIApplicationMain(argc, argv, nil, NSStringFromClass([LDGAppDelegate class]));
    }
}
