//
//  PLBDoseStore.m
//  Pillbox
//
//  Created by Hannah Brandt on 11/02/2020.
//

#import <UserNotifications/UserNotifications.h>
#import "PLBDoseStore.h"

NSNotificationName const PLBDoseStoreDidChangeNotification = @"PLBDoseStoreDidChangeNotification";

@implementation PLBDose
@end

@interface PLBDoseStore ()
@property (nonatomic, copy) NSArray<PLBDose *> *doses;
@property (nonatomic, strong) NSMutableSet<NSString *> *takenToday;
@end

@implementation PLBDoseStore

+ (instancetype)sharedStore {
    static PLBDoseStore *store;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        store = [[PLBDoseStore alloc] init];
    });
    return store;
}

- (instancetype)init {
    self = [super init];
    if (self) {
        _doses = @[];
        _takenToday = [NSMutableSet set];
    }
    return self;
}

- (void)reload {
    NSArray *taken = [[NSUserDefaults standardUserDefaults] stringArrayForKey:@"PLBTakenToday"] ?: @[];
    self.takenToday = [NSMutableSet setWithArray:taken];
    for (PLBDose *dose in self.doses) {
        dose.takenToday = [self.takenToday containsObject:dose.identifier];
    }
    [[NSNotificationCenter defaultCenter] postNotificationName:PLBDoseStoreDidChangeNotification object:self];
}

- (void)markDoseTaken:(NSString *)identifier {
    [self.takenToday addObject:identifier];
    [[NSUserDefaults standardUserDefaults] setObject:self.takenToday.allObjects forKey:@"PLBTakenToday"];
    [self reload];
}

- (void)rescheduleReminders {
    UNUserNotificationCenter *center = [UNUserNotificationCenter currentNotificationCenter];
    [center removeAllPendingNotificationRequests];
    for (PLBDose *dose in self.doses) {
        UNMutableNotificationContent *content = [[UNMutableNotificationContent alloc] init];
        content.title = dose.medication;
        content.body = dose.amount;
        content.userInfo = @{ @"dose": dose.identifier };
        UNCalendarNotificationTrigger *trigger = [UNCalendarNotificationTrigger triggerWithDateMatchingComponents:dose.time repeats:YES];
        UNNotificationRequest *request = [UNNotificationRequest requestWithIdentifier:dose.identifier content:content trigger:trigger];
        [center addNotificationRequest:request withCompletionHandler:nil];
    }
}

@end
