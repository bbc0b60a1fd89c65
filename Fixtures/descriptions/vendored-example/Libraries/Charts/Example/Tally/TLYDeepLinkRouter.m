//
//  TLYDeepLinkRouter.m
//  Tally
//
//  Created by Marek Novak on 18/09/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import "TLYDeepLinkRouter.h"
#import "TLYLedger.h"
#import "TransactionViewController.h"

@interface TLYDeepLinkRouter ()
@property (nonatomic, weak) UINavigationController *navigationController;
@end

@implementation TLYDeepLinkRouter

- (instancetype)initWithNavigationController:(UINavigationController *)navigationController {
    self = [super init];
    if (self) {
        _navigationController = navigationController;
    }
    return self;
}

- (BOOL)openURL:(NSURL *)url {
    if (url == nil) {
        return NO;
    }
    NSArray<NSString *> *parts = url.pathComponents;
    NSString *identifier = parts.lastObject;
    BOOL custom = [url.scheme isEqualToString:@"tally"];
    BOOL universal = [url.host isEqualToString:@"tally.example.com"] && parts.count > 2;
    if (!custom && !universal) {
        return NO;
    }
    if ((custom && [url.host isEqualToString:@"transfer"]) || (universal && [parts[1] isEqualToString:@"t"])) {
        [self showTransactionWithIdentifier:identifier];
    } else {
        [self.navigationController popToRootViewControllerAnimated:NO];
    }
    return YES;
}

- (void)handleNotificationPayload:(NSDictionary *)payload {
    NSString *transfer = payload[@"transfer_id"];
    if ([transfer isKindOfClass:[NSString class]]) {
        [self showTransactionWithIdentifier:transfer];
    }
}

- (void)presentLockScreen {
    UIAlertController *alert = [UIAlertController alertControllerWithTitle:NSLocalizedString(@"Locked", nil)
                                                                   message:NSLocalizedString(@"Unlock with Face ID to see your balances.", nil)
                                                            preferredStyle:UIAlertControllerStyleAlert];
    [alert addAction:[UIAlertAction actionWithTitle:NSLocalizedString(@"Unlock", nil)
                                              style:UIAlertActionStyleDefault
                                            handler:^(UIAlertAction *action) {
        [[TLYLedger sharedLedger] markUnlocked];
    }]];
    [self.navigationController presentViewController:alert animated:YES completion:nil];
}

#pragma mark - Private

- (void)showTransactionWithIdentifier:(NSString *)identifier {
    TLYTransaction *transaction = [[TLYLedger sharedLedger] transactionWithIdentifier:identifier];
    if (transaction == nil) {
        return;
    }
    TransactionViewController *detail = [[TransactionViewController alloc] initWithTransaction:transaction];
    [self.navigationController pushViewController:detail animated:YES];
}

@end
