//
//  PLBDoseStore.h
//  Pillbox
//
//  Created by Hannah Brandt on 11/02/2020.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

extern NSNotificationName const PLBDoseStoreDidChangeNotification;

@interface PLBDose : NSObject
@property (nonatomic, copy) NSString *identifier;
@property (nonatomic, copy) NSString *medication;
@property (nonatomic, copy) NSString *amount;
@property (nonatomic, copy) NSDateComponents *time;
@property (nonatomic, assign, getter=isTakenToday) BOOL takenToday;
@end

@interface PLBDoseStore : NSObject

+ (instancetype)sharedStore;

@property (nonatomic, readonly, copy) NSArray<PLBDose *> *doses;

- (void)reload;
- (void)markDoseTaken:(NSString *)identifier;
- (void)rescheduleReminders;

@end

NS_ASSUME_NONNULL_END
