import Results
import ScanCore

/// The factory template's two statements as an Objective-C(++) app delegate writes them: apps that kept
/// `AppDelegate.mm` when they moved to `RCTReactNativeFactory` (React Native's own template is Swift from 0.79).
///
/// `self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];` then
/// `[factory startReactNativeWithModuleName:@"Name" inWindow:self.window launchOptions:launchOptions];`, where
/// `factory` is the local `RCTReactNativeFactory *factory = [[RCTReactNativeFactory alloc] initWithDelegate:…]`
/// kept in a property (`self.reactNativeFactory = factory;`), or that property itself
/// (`[self.reactNativeFactory startReactNative…]`, set from the `initWithDelegate:` call or the local).
extension ReactNativeTemplateStart {
    private static let objectiveCTemplate =
        "self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds]; + [factory startReactNativeWithModuleName:@\"Name\" inWindow:self.window launchOptions:launchOptions];"

    /// Finds the statements in `function` (`application:didFinishLaunchingWithOptions:`), or refuses naming the
    /// first thing that differs from the template.
    static func findObjectiveC(in function: FunctionDeclaration, of file: SourceFile) throws(Refusal) -> Self {
        let launch = Location(file: file.path, line: file.line(ofToken: function.nameToken))
        guard function.hasBody else { throw Refusal("application:didFinishLaunchingWithOptions: has no body", at: launch) }
        let body = function.body
        // `[[UIWindow alloc]`
        guard
            let windowToken = body.first(where: {
                file.is($0, "UIWindow") && file.is($0 + 1, "alloc") && file.isPunctuation($0 - 1, UInt8(ascii: "["))
            })
        else {
            throw Refusal(
                "didFinishLaunching builds no self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds] as the template does",
                at: launch)
        }
        let place = Location(file: file.path, line: file.line(ofToken: windowToken))
        func differs(_ what: String) -> Refusal {
            Refusal(
                "\(what) differs from the template's \(objectiveCTemplate): move the window and the start into a scene delegate by hand (never start React Native in both)",
                at: place)
        }
        func expect(_ parts: [StaticString], at index: inout Int) -> Bool {
            for part in parts {
                guard file.is(index, part) else { return false }
                index += 1
            }
            return true
        }
        // `self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];`, or `UIScreen.mainScreen.bounds`.
        let first = windowToken - 6
        var index = first
        guard expect(["self", ".", "window", "=", "[", "["], at: &index) else { throw differs("the window statement") }
        guard expect(["UIWindow", "alloc", "]", "initWithFrame", ":"], at: &index) else { throw differs("the window statement") }
        var bounds = index
        if !expect(["[", "UIScreen", "mainScreen", "]", ".", "bounds"], at: &bounds) {
            bounds = index
            guard expect(["UIScreen", ".", "mainScreen", ".", "bounds"], at: &bounds) else { throw differs("the window statement") }
        }
        index = bounds
        guard expect(["]", ";"], at: &index) else { throw differs("the window statement") }
        // `[factory startReactNativeWithModuleName:@"Name" inWindow:self.window launchOptions:launchOptions];`
        guard file.isPunctuation(index, UInt8(ascii: "[")) else { throw differs("the statement after the window") }
        index += 1
        let receiver: (local: String?, property: String?)
        if file.is(index, "self"), file.isPunctuation(index + 1, UInt8(ascii: ".")), file.isIdentifier(index + 2) {
            receiver = (nil, file.text(index + 2))
            index += 3
        } else if file.isIdentifier(index), !file.is(index, "self") {
            receiver = (file.text(index), nil)
            index += 1
        } else {
            throw differs("the statement after the window")
        }
        guard file.is(index, "startReactNativeWithModuleName") else { throw differs("the statement after the window") }
        index += 1
        guard file.is(index, ":"), file.tokens[index + 1].kind == .string, file.text(index + 1).hasPrefix("@\"") else {
            throw differs("the start call")
        }
        let moduleName = file.text(index + 1)
        index += 2
        guard expect(["inWindow", ":", "self", ".", "window", "launchOptions", ":", "launchOptions", "]", ";"], at: &index) else {
            throw differs("the start call")
        }
        let last = index - 1
        guard depth(at: first, in: body, of: file) == 0 else { throw differs("the place of the statements (inside a block)") }
        let factoryProperty = try objectiveCFactoryProperty(receiver, body: body, in: file, differs: differs, place: place)
        // Nothing else in the method may use the window the statements build.
        for token in body where (file.is(token, "window") || file.is(token, "_window")) && !(first...last).contains(token) {
            let member = file.isPunctuation(token - 1, UInt8(ascii: ".")) && !file.is(token - 2, "self")
            if !member {
                throw Refusal(
                    "didFinishLaunching uses the window again on line \(file.line(ofToken: token)): under scenes the window belongs to the scene delegate; move that use there by hand",
                    at: Location(file: file.path, line: file.line(ofToken: token)))
            }
        }
        let lines = file.line(ofToken: first)...file.line(ofToken: last)
        guard onlyStatements(lines, tokens: first...last, in: file, condition: false) else {
            throw differs("the lines of the statements (they hold other code or comments)")
        }
        return ReactNativeTemplateStart(file: file, moduleName: moduleName, factoryProperty: factoryProperty, lines: lines, place: place)
    }

    /// The property that keeps the factory the start call uses: assigned at the top level of the method from
    /// `[[RCTReactNativeFactory alloc] initWithDelegate:…]` or from the local made by it.
    private static func objectiveCFactoryProperty(
        _ receiver: (local: String?, property: String?), body: Range<Int>, in file: SourceFile, differs: (String) -> Refusal,
        place: Location
    ) throws(Refusal) -> String {
        /// `[[RCTReactNativeFactory alloc] initWithDelegate:` (also `initWithDelegate:releaseLevel:`) at `index`.
        func creation(at index: Int) -> Bool {
            file.isPunctuation(index, UInt8(ascii: "[")) && file.isPunctuation(index + 1, UInt8(ascii: "["))
                && file.is(index + 2, "RCTReactNativeFactory") && file.is(index + 3, "alloc") && file.is(index + 4, "]")
                && file.is(index + 5, "initWithDelegate") && file.is(index + 6, ":")
        }
        /// `RCTReactNativeFactory *name = [[RCTReactNativeFactory alloc] initWithDelegate:…`.
        func createdLocal(_ name: String) -> Bool {
            body.contains { token in
                file.is(token, "RCTReactNativeFactory") && file.isPunctuation(token + 1, UInt8(ascii: "*"))
                    && file.is(token + 2, text: name)
                    && file.isPunctuation(token + 3, UInt8(ascii: "=")) && creation(at: token + 4)
            }
        }
        /// `self.property = …` statements at the top level of the method, with the index after `=`.
        let stores: [(property: String, value: Int)] = body.compactMap { token in
            guard file.is(token, "self"), file.isPunctuation(token + 1, UInt8(ascii: ".")), file.isIdentifier(token + 2),
                file.isPunctuation(token + 3, UInt8(ascii: "=")), !file.isPunctuation(token - 1, UInt8(ascii: "[")),
                depth(at: token, in: body, of: file) == 0
            else { return nil }
            return (file.text(token + 2), token + 4)
        }
        let factoryNames = "[[RCTReactNativeFactory alloc] initWithDelegate:…]"
        if let local = receiver.local {
            guard createdLocal(local) else {
                throw differs("the factory (\(local) is not RCTReactNativeFactory *\(local) = \(factoryNames))")
            }
            let kept = stores.first { file.is($0.value, text: local) && file.isPunctuation($0.value + 1, UInt8(ascii: ";")) }
            guard let kept else {
                throw Refusal(
                    "the factory is not kept in a property of the app delegate (self.reactNativeFactory = \(local);), so a scene delegate cannot start React Native from it",
                    at: place)
            }
            return kept.property
        }
        let property = receiver.property ?? ""
        let set = stores.filter { $0.property == property }
        let fromFactory =
            set.count == 1
            && set.contains { store in
                creation(at: store.value)
                    || (file.isIdentifier(store.value) && file.isPunctuation(store.value + 1, UInt8(ascii: ";"))
                        && createdLocal(file.text(store.value)))
            }
        guard fromFactory else {
            throw differs("the factory (self.\(property) is not set once in didFinishLaunching from \(factoryNames))")
        }
        return property
    }

    /// How many braces (blocks, `if` bodies) enclose `token` inside the method body.
    private static func depth(at token: Int, in body: Range<Int>, of file: SourceFile) -> Int {
        var depth = 0
        for index in body.lowerBound..<token {
            if file.isPunctuation(index, UInt8(ascii: "{")) { depth += 1 }
            if file.isPunctuation(index, UInt8(ascii: "}")) { depth -= 1 }
        }
        return depth
    }
}
