#import <React/RCTBridgeModule.h>

@interface SPRLightMeter : NSObject <RCTBridgeModule>
@end
