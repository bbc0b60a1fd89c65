//
//  TLYLedger.h
//  Tally
//
//  Created by Marek Novak on 03/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface TLYAccount : NSObject
@property (nonatomic, copy) NSString *identifier;
@property (nonatomic, copy) NSString *name;
@property (nonatomic, strong) NSDecimalNumber *balance;
@end

@interface TLYTransaction : NSObject
@property (nonatomic, copy) NSString *identifier;
@property (nonatomic, copy) NSString *payee;
@property (nonatomic, strong) NSDecimalNumber *amount;
@property (nonatomic, strong) NSDate *bookedAt;
@end

/// Accounts and their recent transactions, cached on disk between launches.
@interface TLYLedger : NSObject

+ (instancetype)sharedLedger;

@property (nonatomic, readonly) NSArray<TLYAccount *> *accounts;

- (void)loadFromDisk;
- (void)refreshIfOlderThan:(NSTimeInterval)age;
- (nullable TLYTransaction *)transactionWithIdentifier:(NSString *)identifier;
- (NSArray<TLYTransaction *> *)transactionsForAccount:(TLYAccount *)account;
- (void)registerPushToken:(NSData *)token;
- (NSTimeInterval)secondsSinceLastUnlock;
- (void)markUnlocked;

@end

NS_ASSUME_NONNULL_END
