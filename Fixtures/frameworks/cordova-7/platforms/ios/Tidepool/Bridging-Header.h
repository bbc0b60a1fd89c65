#import <Cordova/CDV.h>
