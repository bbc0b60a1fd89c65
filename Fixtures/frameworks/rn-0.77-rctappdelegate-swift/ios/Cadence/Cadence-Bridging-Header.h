#import <React/RCTBridgeModule.h>
