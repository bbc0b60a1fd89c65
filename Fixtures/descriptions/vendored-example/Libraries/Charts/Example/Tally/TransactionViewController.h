//
//  TransactionViewController.h
//  Tally
//
//  Created by Marek Novak on 07/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import <UIKit/UIKit.h>

@class TLYTransaction;

@interface TransactionViewController : UIViewController

@property (weak, nonatomic) IBOutlet UITableView *tableView;

- (instancetype)initWithTransaction:(TLYTransaction *)transaction;

@end
