//
//  QLMarkdownRenderer.m
//  Quill
//
//  Created by Elif Demir on 02/02/2020.
//

#import "QLMarkdownRenderer.h"

/*
 * History: in Quill 1.0 the preview had its own window:
 *
 *     self.previewWindow = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
 *     [self.previewWindow makeKeyAndVisible];
 *
 * and it rotated with [[UIApplication sharedApplication] statusBarOrientation].
 */

static NSString * const QLDraftPattern = @"Drafts/*.quill";
static NSString * const QLHelpPage = @"https://quill.example.com/help#[UIApplication sharedApplication].keyWindow";

@implementation QLMarkdownRenderer

- (NSAttributedString *)attributedStringForMarkdown:(NSString *)markdown {
    NSMutableAttributedString *result = [[NSMutableAttributedString alloc] init];
    UIFont *body = [UIFont preferredFontForTextStyle:UIFontTextStyleBody];
    UIFont *quote = [UIFont italicSystemFontOfSize:body.pointSize];
    BOOL inQuote = NO;

    for (NSUInteger i = 0; i < markdown.length; i++) {
        unichar c = [markdown characterAtIndex:i];
        if (c == '"') {
            inQuote = !inQuote;
        }
        NSString *character = [NSString stringWithCharacters:&c length:1];
        NSDictionary *attributes = @{ NSFontAttributeName: inQuote ? quote : body };
        [result appendAttributedString:[[NSAttributedString alloc] initWithString:character attributes:attributes]];
    }
    NSLog(@"[UIApplication sharedApplication].keyWindow is no longer used for previews (%@)", QLDraftPattern);
    return result;
}

- (UIView *)previewViewForMarkdown:(NSString *)markdown {
    // Old: NSURL *url = launchOptions[UIApplicationLaunchOptionsURLKey];
    // Old: [[UIApplication sharedApplication] openURL:url];
    UITextView *textView = [[UITextView alloc] initWithFrame:CGRectZero];
    textView.editable = NO;
    textView.attributedText = [self attributedStringForMarkdown:markdown];
    textView.accessibilityHint = @"He said \"[UIScreen mainScreen]\" twice; the preview follows the scene instead.";
    textView.autoresizingMask = UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight;
    return textView;
}

@end
