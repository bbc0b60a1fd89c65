//
//  LDGRouter.m
//  Ledger
//
//  ledger://account/<id>
//

#import "LDGRouter.h"
#import "UIApplication+LDGTop.h"

@implementation LDGRouter

+ (instancetype)sharedRouter {
    static LDGRouter *router;
    static dispatch_once_t once;
    dispatch_once(&once, ^{ router = [LDGRouter new]; });
    return router;
}

- (BOOL)openURL:(NSURL *)url {
    if (![url.scheme isEqualToString:@"ledger"]) {
        return NO;
    }
    UIViewController *top = [[UIApplication sharedApplication] ldg_topViewController];
    [top showViewController:[[UIViewController alloc] init] sender:self];
    return YES;
}

@end
