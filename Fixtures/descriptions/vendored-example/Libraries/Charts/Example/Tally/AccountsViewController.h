//
//  AccountsViewController.h
//  Tally
//
//  Created by Marek Novak on 03/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import <UIKit/UIKit.h>

@interface AccountsViewController : UIViewController <UITableViewDataSource, UITableViewDelegate>

@property (weak, nonatomic) IBOutlet UITableView *tableView;

@end
