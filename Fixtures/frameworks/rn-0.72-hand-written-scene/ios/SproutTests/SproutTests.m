#import <XCTest/XCTest.h>

#import "SPRLightMeter.h"

@interface SproutTests : XCTestCase
@end

@implementation SproutTests

- (void)testLightMeterIsABridgeModule
{
  XCTAssertEqualObjects([SPRLightMeter moduleName], @"SPRLightMeter");
}

@end
