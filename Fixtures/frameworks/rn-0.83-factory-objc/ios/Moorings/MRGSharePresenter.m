#import <React/RCTBridgeModule.h>
#import <UIKit/UIKit.h>

@interface MRGSharePresenter : NSObject <RCTBridgeModule>
@end

@implementation MRGSharePresenter

RCT_EXPORT_MODULE();

RCT_EXPORT_METHOD(share : (NSString *)text)
{
  dispatch_async(dispatch_get_main_queue(), ^{
    UIActivityViewController *sheet = [[UIActivityViewController alloc] initWithActivityItems:@[ text ]
                                                                        applicationActivities:nil];
    UIViewController *host = [UIApplication sharedApplication].delegate.window.rootViewController;
    while (host.presentedViewController != nil) {
      host = host.presentedViewController;
    }
    [host presentViewController:sheet animated:YES completion:nil];
  });
}

@end
