//
//  LDGAppDelegate.h
//  Ledger
//
//  The app's delegate; launch, window and link handling live in the base class the
//  company's apps share (Shared/LDGBaseAppDelegate, a local pod).
//

#import <LDGShared/LDGBaseAppDelegate.h>

@interface LDGAppDelegate : LDGBaseAppDelegate
@end
