#import <UIKit/UIKit.h>

/// Hosts the WKWebView that loads www/ and the plugins declared in config.xml.
@interface CDVViewController : UIViewController

@property (nonatomic, readwrite, copy) NSString* startPage;

@end
