/// The fourteen launch-option keys, all nil once an app adopts scenes, with what to use instead.
struct LaunchOptionKey: Sendable {
    /// `url`, as in `UIApplication.LaunchOptionsKey.url`.
    let swift: String
    /// `UIApplicationLaunchOptionsURLKey`.
    let objc: String
    let replacement: String

    static let all: [LaunchOptionKey] = [
        LaunchOptionKey(swift: "url", objc: "UIApplicationLaunchOptionsURLKey", replacement: "connectionOptions.urlContexts in scene(_:willConnectTo:options:)"),
        LaunchOptionKey(swift: "sourceApplication", objc: "UIApplicationLaunchOptionsSourceApplicationKey", replacement: "connectionOptions.sourceApplication"),
        LaunchOptionKey(swift: "userActivityDictionary", objc: "UIApplicationLaunchOptionsUserActivityDictionaryKey", replacement: "connectionOptions.userActivities"),
        LaunchOptionKey(swift: "userActivityType", objc: "UIApplicationLaunchOptionsUserActivityTypeKey", replacement: "connectionOptions.handoffUserActivityType"),
        LaunchOptionKey(swift: "shortcutItem", objc: "UIApplicationLaunchOptionsShortcutItemKey", replacement: "connectionOptions.shortcutItem"),
        LaunchOptionKey(swift: "cloudKitShareMetadata", objc: "UIApplicationLaunchOptionsCloudKitShareMetadataKey", replacement: "connectionOptions.cloudKitShareMetadata"),
        LaunchOptionKey(swift: "eventAttribution", objc: "UIApplicationLaunchOptionsEventAttributionKey", replacement: "the eventAttribution of the URL context's options (connectionOptions.urlContexts)"),
        LaunchOptionKey(swift: "remoteNotification", objc: "UIApplicationLaunchOptionsRemoteNotificationKey", replacement: "connectionOptions.notificationResponse for taps, and application(_:didReceiveRemoteNotification:fetchCompletionHandler:) for background pushes"),
        LaunchOptionKey(swift: "localNotification", objc: "UIApplicationLaunchOptionsLocalNotificationKey", replacement: "a UNUserNotificationCenterDelegate"),
        LaunchOptionKey(swift: "location", objc: "UIApplicationLaunchOptionsLocationKey", replacement: "creating the location manager (or CLLocationUpdate/CLMonitor) at every launch"),
        LaunchOptionKey(swift: "bluetoothCentrals", objc: "UIApplicationLaunchOptionsBluetoothCentralsKey", replacement: "recreating CBCentralManagers with their stored restoration identifiers at every launch"),
        LaunchOptionKey(swift: "bluetoothPeripherals", objc: "UIApplicationLaunchOptionsBluetoothPeripheralsKey", replacement: "recreating CBPeripheralManagers with their stored restoration identifiers at every launch"),
        LaunchOptionKey(swift: "newsstandDownloads", objc: "UIApplicationLaunchOptionsNewsstandDownloadsKey", replacement: "nothing: the key is no longer used"),
        LaunchOptionKey(swift: "annotation", objc: "UIApplicationLaunchOptionsAnnotationKey", replacement: "nothing: the key is no longer used"),
    ]

    static func swift(_ name: String) -> LaunchOptionKey? { all.first { $0.swift == name } }
    static func objc(_ name: String) -> LaunchOptionKey? { all.first { $0.objc == name } }
}
