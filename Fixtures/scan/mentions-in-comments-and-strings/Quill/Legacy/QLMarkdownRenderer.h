//
//  QLMarkdownRenderer.h
//  Quill
//
//  Created by Elif Demir on 02/02/2020.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Renders the small Markdown subset Quill supports (emphasis, headings, quotes).
/// It used to present its preview in a window made with [[UIWindow alloc] initWithFrame:].
@interface QLMarkdownRenderer : NSObject

- (NSAttributedString *)attributedStringForMarkdown:(NSString *)markdown;
- (UIView *)previewViewForMarkdown:(NSString *)markdown;

@end

NS_ASSUME_NONNULL_END
