//
// Objective-C headers listed here become visible to the Swift code of this target.
//
