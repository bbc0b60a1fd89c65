#import <Cordova/CDVAppDelegate.h>

// Kept so that plugins importing "AppDelegate.h" still compile; the class is implemented in
// AppDelegate.swift. Extend CDVAppDelegate instead of relying on AppDelegate.
@class AppDelegate;

#import "App-Swift.h"
