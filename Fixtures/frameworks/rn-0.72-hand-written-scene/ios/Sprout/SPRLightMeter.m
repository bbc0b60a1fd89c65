#import "SPRLightMeter.h"

#import <UIKit/UIKit.h>

@implementation SPRLightMeter

RCT_EXPORT_MODULE();

+ (BOOL)requiresMainQueueSetup
{
  return NO;
}

RCT_EXPORT_METHOD(currentLevel : (RCTPromiseResolveBlock)resolve rejecter : (RCTPromiseRejectBlock)reject)
{
  dispatch_async(dispatch_get_main_queue(), ^{
    resolve(@([UIScreen mainScreen].brightness));
  });
}

// Shows the system brightness panel over whatever React Native presents.
RCT_EXPORT_METHOD(showCalibration)
{
  dispatch_async(dispatch_get_main_queue(), ^{
    UIViewController *top = RCTPresentedViewController();
    [top presentViewController:[UIViewController new] animated:YES completion:nil];
  });
}

@end
