//
//  UIApplication+LDGTop.m
//  Ledger
//

#import "UIApplication+LDGTop.h"

@implementation UIApplication (LDGTop)

- (UIViewController *)ldg_topViewController {
    UIViewController *top = self.keyWindow.rootViewController;
    if (top == nil) {
        top = [[self windows] firstObject].rootViewController;
    }
    while (top.presentedViewController) {
        top = top.presentedViewController;
    }
    return top;
}

@end
