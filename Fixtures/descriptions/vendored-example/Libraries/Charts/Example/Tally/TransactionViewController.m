//
//  TransactionViewController.m
//  Tally
//
//  Created by Marek Novak on 07/06/2017.
//  Copyright © 2017 Tally Finance. All rights reserved.
//

#import "TransactionViewController.h"
#import "TLYLedger.h"

@interface TransactionViewController () <UITableViewDataSource, UITableViewDelegate>
@property (strong, nonatomic) TLYTransaction *transaction;
@end

@implementation TransactionViewController

- (instancetype)initWithTransaction:(TLYTransaction *)transaction {
    self = [super initWithNibName:@"TransactionViewController" bundle:nil];
    if (self) {
        _transaction = transaction;
        self.title = transaction.payee;
    }
    return self;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:NSLocalizedString(@"Dispute", nil)
                                                                              style:UIBarButtonItemStylePlain
                                                                             target:self
                                                                             action:@selector(dispute:)];
}

#pragma mark - Actions

- (void)dispute:(id)sender {
    // Cover the whole window, navigation bar included, while the dispute is filed.
    UIWindow *window = [UIApplication sharedApplication].keyWindow;
    UIView *shield = [[UIView alloc] initWithFrame:window.bounds];
    shield.backgroundColor = [[UIColor blackColor] colorWithAlphaComponent:0.3];
    UIActivityIndicatorView *spinner = [[UIActivityIndicatorView alloc] initWithActivityIndicatorStyle:UIActivityIndicatorViewStyleWhiteLarge];
    spinner.center = shield.center;
    [spinner startAnimating];
    [shield addSubview:spinner];
    [window addSubview:shield];

    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        [shield removeFromSuperview];
    });
}

#pragma mark - UITableViewDataSource

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return 3;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleValue1 reuseIdentifier:nil];
    switch (indexPath.row) {
        case 0:
            cell.textLabel.text = NSLocalizedString(@"Payee", nil);
            cell.detailTextLabel.text = self.transaction.payee;
            break;
        case 1:
            cell.textLabel.text = NSLocalizedString(@"Amount", nil);
            cell.detailTextLabel.text = [NSNumberFormatter localizedStringFromNumber:self.transaction.amount
                                                                         numberStyle:NSNumberFormatterCurrencyStyle];
            break;
        default:
            cell.textLabel.text = NSLocalizedString(@"Booked", nil);
            cell.detailTextLabel.text = [NSDateFormatter localizedStringFromDate:self.transaction.bookedAt
                                                                       dateStyle:NSDateFormatterMediumStyle
                                                                       timeStyle:NSDateFormatterShortStyle];
            break;
    }
    return cell;
}

@end
