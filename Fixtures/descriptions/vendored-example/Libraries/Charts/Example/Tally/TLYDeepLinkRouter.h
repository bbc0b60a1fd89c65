//
//  TLYDeepLinkRouter.h
//  Tally
//
//  Created by Marek Novak on 18/09/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Maps tally://account/<id>, tally://transfer/<id> and https://tally.example.com/a/<id> to screens.
@interface TLYDeepLinkRouter : NSObject

- (instancetype)initWithNavigationController:(UINavigationController *)navigationController NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (BOOL)openURL:(nullable NSURL *)url;
- (void)handleNotificationPayload:(NSDictionary *)payload;
- (void)presentLockScreen;

@end

NS_ASSUME_NONNULL_END
