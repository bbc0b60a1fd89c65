#import <Foundation/Foundation.h>

/// Keeps the berth list cached on disk fresh for the widget and for the JS side.
@interface MRGBerthSync : NSObject

+ (instancetype)sharedSync;
- (void)refreshIfOlderThan:(NSTimeInterval)seconds;

@end
