#import "MainViewController.h"

@implementation MainViewController

- (void)viewDidLoad
{
    [super viewDidLoad];
    // The web view is transparent until the first page has rendered.
    self.view.backgroundColor = [UIColor colorWithRed:0.04 green:0.24 blue:0.36 alpha:1.0];
}

@end
