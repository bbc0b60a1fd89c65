#import "CDVViewController.h"

@implementation CDVViewController

- (void)viewDidLoad
{
    [super viewDidLoad];
    if (self.startPage == nil) {
        self.startPage = @"index.html";
    }
}

@end
