//
//  PLBScheduleViewController.h
//  Pillbox
//
//  Created by Hannah Brandt on 11/02/2020.
//

#import <UIKit/UIKit.h>

@class PLBDoseStore;

@interface PLBScheduleViewController : UITableViewController

- (instancetype)initWithStore:(PLBDoseStore *)store;

@end
