//
//  TLYLedger.m
//  Tally
//
//  Created by Marek Novak on 03/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import "TLYLedger.h"

@implementation TLYAccount
@end

@implementation TLYTransaction
@end

@interface TLYLedger ()
@property (nonatomic, copy) NSArray<TLYAccount *> *accounts;
@property (nonatomic, copy) NSDictionary<NSString *, NSArray<TLYTransaction *> *> *transactionsByAccount;
@property (nonatomic, strong) NSDate *lastRefresh;
@property (nonatomic, strong) NSDate *lastUnlock;
@end

@implementation TLYLedger

+ (instancetype)sharedLedger {
    static TLYLedger *ledger;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        ledger = [[TLYLedger alloc] init];
    });
    return ledger;
}

- (instancetype)init {
    self = [super init];
    if (self) {
        _accounts = @[];
        _transactionsByAccount = @{};
        _lastRefresh = [NSDate distantPast];
        _lastUnlock = [NSDate date];
    }
    return self;
}

- (void)loadFromDisk {
    NSURL *caches = [[NSFileManager defaultManager] URLsForDirectory:NSCachesDirectory inDomains:NSUserDomainMask].firstObject;
    NSData *data = [NSData dataWithContentsOfURL:[caches URLByAppendingPathComponent:@"ledger.plist"]];
    if (data == nil) {
        return;
    }
    NSKeyedUnarchiver *unarchiver = [[NSKeyedUnarchiver alloc] initForReadingFromData:data error:nil];
    unarchiver.requiresSecureCoding = NO;
    self.accounts = [unarchiver decodeObjectForKey:@"accounts"] ?: @[];
    self.transactionsByAccount = [unarchiver decodeObjectForKey:@"transactions"] ?: @{};
}

- (void)refreshIfOlderThan:(NSTimeInterval)age {
    if (-[self.lastRefresh timeIntervalSinceNow] < age) {
        return;
    }
    self.lastRefresh = [NSDate date];
    [[NSNotificationCenter defaultCenter] postNotificationName:@"TLYLedgerWillRefresh" object:self];
}

- (TLYTransaction *)transactionWithIdentifier:(NSString *)identifier {
    for (NSArray<TLYTransaction *> *list in self.transactionsByAccount.allValues) {
        for (TLYTransaction *transaction in list) {
            if ([transaction.identifier isEqualToString:identifier]) {
                return transaction;
            }
        }
    }
    return nil;
}

- (NSArray<TLYTransaction *> *)transactionsForAccount:(TLYAccount *)account {
    return self.transactionsByAccount[account.identifier] ?: @[];
}

- (void)registerPushToken:(NSData *)token {
    [[NSUserDefaults standardUserDefaults] setObject:token forKey:@"TLYPushToken"];
}

- (NSTimeInterval)secondsSinceLastUnlock {
    return -[self.lastUnlock timeIntervalSinceNow];
}

- (void)markUnlocked {
    self.lastUnlock = [NSDate date];
}

@end
