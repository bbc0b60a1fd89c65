#import <React/RCTBridgeModule.h>

// Exposes RunRecorder (Swift) to JS as NativeModules.RunRecorderModule.
@interface RCT_EXTERN_MODULE(RunRecorderModule, NSObject)

RCT_EXTERN_METHOD(start)
RCT_EXTERN_METHOD(stop)

@end
