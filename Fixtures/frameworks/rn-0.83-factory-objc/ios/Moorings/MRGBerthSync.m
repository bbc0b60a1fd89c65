#import "MRGBerthSync.h"

@implementation MRGBerthSync {
  NSDate *_lastRefresh;
}

+ (instancetype)sharedSync
{
  static MRGBerthSync *shared;
  static dispatch_once_t once;
  dispatch_once(&once, ^{
    shared = [MRGBerthSync new];
  });
  return shared;
}

- (void)refreshIfOlderThan:(NSTimeInterval)seconds
{
  if (_lastRefresh != nil && -[_lastRefresh timeIntervalSinceNow] < seconds) {
    return;
  }
  _lastRefresh = [NSDate date];
  NSURL *url = [NSURL URLWithString:@"https://moorings.example.net/api/berths"];
  [[[NSURLSession sharedSession] dataTaskWithURL:url
                               completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
                                 if (data != nil) {
                                   NSURL *cache = [[NSFileManager.defaultManager URLsForDirectory:NSCachesDirectory
                                                                                        inDomains:NSUserDomainMask] firstObject];
                                   [data writeToURL:[cache URLByAppendingPathComponent:@"berths.json"] atomically:YES];
                                 }
                               }] resume];
}

@end
