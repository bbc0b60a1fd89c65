//
//  AccountsViewController.m
//  Tally
//
//  Created by Marek Novak on 03/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import "AccountsViewController.h"
#import "TransactionViewController.h"
#import "TLYLedger.h"

static NSString * const TLYAccountCell = @"AccountCell";

@implementation AccountsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"Accounts", nil);
    [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:TLYAccountCell];
    [[NSNotificationCenter defaultCenter] addObserver:self.tableView
                                             selector:@selector(reloadData)
                                                 name:@"TLYLedgerWillRefresh"
                                               object:nil];
}

- (void)viewWillLayoutSubviews {
    [super viewWillLayoutSubviews];
    // Landscape shows two columns of balances, so rows get taller there.
    UIInterfaceOrientation orientation = [[UIApplication sharedApplication] statusBarOrientation];
    self.tableView.rowHeight = UIInterfaceOrientationIsLandscape(orientation) ? 72.0 : 56.0;
}

#pragma mark - UITableViewDataSource

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return [TLYLedger sharedLedger].accounts.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:TLYAccountCell forIndexPath:indexPath];
    TLYAccount *account = [TLYLedger sharedLedger].accounts[indexPath.row];
    cell.textLabel.text = account.name;
    cell.detailTextLabel.text = [NSNumberFormatter localizedStringFromNumber:account.balance
                                                                 numberStyle:NSNumberFormatterCurrencyStyle];
    cell.accessoryType = UITableViewCellAccessoryDisclosureIndicator;
    return cell;
}

#pragma mark - UITableViewDelegate

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    TLYAccount *account = [TLYLedger sharedLedger].accounts[indexPath.row];
    TLYTransaction *latest = [[TLYLedger sharedLedger] transactionsForAccount:account].firstObject;
    if (latest == nil) {
        [tableView deselectRowAtIndexPath:indexPath animated:YES];
        return;
    }
    TransactionViewController *detail = [[TransactionViewController alloc] initWithTransaction:latest];
    [self.navigationController pushViewController:detail animated:YES];
}

@end
