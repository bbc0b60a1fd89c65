#import "PPTShortcutEmitter.h"

static NSString *const PPTShortcutNotification = @"PPTShortcutNotification";

@implementation PPTShortcutEmitter {
  BOOL _hasListeners;
}

RCT_EXPORT_MODULE();

+ (BOOL)requiresMainQueueSetup
{
  return NO;
}

+ (void)emitShortcutType:(NSString *)type
{
  [[NSNotificationCenter defaultCenter] postNotificationName:PPTShortcutNotification object:nil userInfo:@{@"type" : type}];
}

- (NSArray<NSString *> *)supportedEvents
{
  return @[ @"shortcut" ];
}

- (void)startObserving
{
  _hasListeners = YES;
  [[NSNotificationCenter defaultCenter] addObserver:self
                                           selector:@selector(handleShortcut:)
                                               name:PPTShortcutNotification
                                             object:nil];
}

- (void)stopObserving
{
  _hasListeners = NO;
  [[NSNotificationCenter defaultCenter] removeObserver:self];
}

- (void)handleShortcut:(NSNotification *)note
{
  if (_hasListeners) {
    [self sendEventWithName:@"shortcut" body:note.userInfo[@"type"]];
  }
}

@end
