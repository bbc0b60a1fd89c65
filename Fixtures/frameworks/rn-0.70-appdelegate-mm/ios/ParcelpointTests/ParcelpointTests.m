#import <XCTest/XCTest.h>

#import "PPTShortcutEmitter.h"

@interface ParcelpointTests : XCTestCase
@end

@implementation ParcelpointTests

- (void)testShortcutEmitterDeclaresItsEvent
{
  PPTShortcutEmitter *emitter = [PPTShortcutEmitter new];
  XCTAssertEqualObjects([emitter supportedEvents], @[ @"shortcut" ]);
}

@end
