//
//  PLBScheduleViewController.m
//  Pillbox
//
//  Created by Hannah Brandt on 11/02/2020.
//

#import "PLBScheduleViewController.h"
#import "PLBDoseStore.h"

@interface PLBScheduleViewController ()
@property (nonatomic, strong) PLBDoseStore *store;
@end

@implementation PLBScheduleViewController

- (instancetype)initWithStore:(PLBDoseStore *)store {
    self = [super initWithStyle:UITableViewStyleInsetGrouped];
    if (self) {
        _store = store;
        self.title = NSLocalizedString(@"Today", nil);
    }
    return self;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    [[NSNotificationCenter defaultCenter] addObserver:self.tableView
                                             selector:@selector(reloadData)
                                                 name:PLBDoseStoreDidChangeNotification
                                               object:self.store];
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return self.store.doses.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:@"Dose"];
    if (cell == nil) {
        cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:@"Dose"];
    }
    PLBDose *dose = self.store.doses[indexPath.row];
    cell.textLabel.text = dose.medication;
    cell.detailTextLabel.text = [NSString stringWithFormat:@"%@ · %02ld:%02ld", dose.amount, (long)dose.time.hour, (long)dose.time.minute];
    cell.accessoryType = dose.isTakenToday ? UITableViewCellAccessoryCheckmark : UITableViewCellAccessoryNone;
    return cell;
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.store markDoseTaken:self.store.doses[indexPath.row].identifier];
    [tableView deselectRowAtIndexPath:indexPath animated:YES];
}

@end
