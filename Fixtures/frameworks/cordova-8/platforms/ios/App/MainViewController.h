#import <Cordova/CDVViewController.h>

// Compatibility alias for plugins written against older templates.
@compatibility_alias MainViewController CDVViewController;
