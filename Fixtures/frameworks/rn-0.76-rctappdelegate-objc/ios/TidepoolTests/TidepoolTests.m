#import <XCTest/XCTest.h>

#import "TDPBacklight.h"

@interface TidepoolTests : XCTestCase
@end

@implementation TidepoolTests

- (void)testBacklightIsABridgeModule
{
  XCTAssertEqualObjects([TDPBacklight moduleName], @"TDPBacklight");
}

@end
