#import <Cordova/Cordova.h>
