#import <UIKit/UIKit.h>
#import <XCTest/XCTest.h>

#import <React/RCTRootView.h>
#import <React/RCTUtils.h>

@interface TrailheadTests : XCTestCase
@end

@implementation TrailheadTests

// Smoke test: after launch the root view controller hosts React Native's root view.
- (void)testRootViewIsReactNative
{
  UIViewController *root = [[[RCTSharedApplication() delegate] window] rootViewController];
  XCTestExpectation *loaded = [self expectationWithDescription:@"root view attached"];
  dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(2 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
    XCTAssertTrue([root.view isKindOfClass:[RCTRootView class]]);
    [loaded fulfill];
  });
  [self waitForExpectationsWithTimeout:10 handler:nil];
}

@end
