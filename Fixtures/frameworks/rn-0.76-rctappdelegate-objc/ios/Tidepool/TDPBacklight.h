#import <React/RCTBridgeModule.h>

@interface TDPBacklight : NSObject <RCTBridgeModule>
@end
