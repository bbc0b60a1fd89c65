#import <Cordova/CDVViewController.h>

@interface MainViewController : CDVViewController

@end
