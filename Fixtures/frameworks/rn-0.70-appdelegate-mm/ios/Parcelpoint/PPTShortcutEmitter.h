#import <React/RCTEventEmitter.h>

/// Sends home-screen quick actions that arrive while the app runs to JS as `shortcut` events.
@interface PPTShortcutEmitter : RCTEventEmitter

+ (void)emitShortcutType:(NSString *)type;

@end
