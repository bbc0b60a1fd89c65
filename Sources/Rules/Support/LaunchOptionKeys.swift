/// The fourteen launch-option keys, all nil once an app adopts scenes, with what to use instead.
struct LaunchOptionKey: Sendable {
    /// `url`, as in `UIApplication.LaunchOptionsKey.url`.
    let swift: String
    /// `UIApplicationLaunchOptionsURLKey`.
    let objc: String
    /// What to do instead, as an imperative clause.
    let replacement: String

    static let all: [LaunchOptionKey] = [
        LaunchOptionKey(
            swift: "url", objc: "UIApplicationLaunchOptionsURLKey",
            replacement: "read connectionOptions.urlContexts in scene(_:willConnectTo:options:)"),
        LaunchOptionKey(
            swift: "sourceApplication", objc: "UIApplicationLaunchOptionsSourceApplicationKey",
            replacement: "read connectionOptions.sourceApplication"),
        LaunchOptionKey(
            swift: "userActivityDictionary", objc: "UIApplicationLaunchOptionsUserActivityDictionaryKey",
            replacement: "read connectionOptions.userActivities"),
        LaunchOptionKey(
            swift: "userActivityType", objc: "UIApplicationLaunchOptionsUserActivityTypeKey",
            replacement: "read connectionOptions.handoffUserActivityType"),
        LaunchOptionKey(
            swift: "shortcutItem", objc: "UIApplicationLaunchOptionsShortcutItemKey", replacement: "read connectionOptions.shortcutItem"),
        LaunchOptionKey(
            swift: "cloudKitShareMetadata", objc: "UIApplicationLaunchOptionsCloudKitShareMetadataKey",
            replacement: "read connectionOptions.cloudKitShareMetadata"),
        LaunchOptionKey(
            swift: "eventAttribution", objc: "UIApplicationLaunchOptionsEventAttributionKey",
            replacement: "read the eventAttribution of the URL context's options (connectionOptions.urlContexts)"),
        LaunchOptionKey(
            swift: "remoteNotification", objc: "UIApplicationLaunchOptionsRemoteNotificationKey",
            replacement:
                "read connectionOptions.notificationResponse for taps, and keep application(_:didReceiveRemoteNotification:fetchCompletionHandler:) for background pushes"
        ),
        LaunchOptionKey(
            swift: "localNotification", objc: "UIApplicationLaunchOptionsLocalNotificationKey",
            replacement: "handle notifications in a UNUserNotificationCenterDelegate"),
        LaunchOptionKey(
            swift: "location", objc: "UIApplicationLaunchOptionsLocationKey",
            replacement: "create the location manager (or CLLocationUpdate/CLMonitor) at every launch"),
        LaunchOptionKey(
            swift: "bluetoothCentrals", objc: "UIApplicationLaunchOptionsBluetoothCentralsKey",
            replacement: "recreate CBCentralManagers with their stored restoration identifiers at every launch"),
        LaunchOptionKey(
            swift: "bluetoothPeripherals", objc: "UIApplicationLaunchOptionsBluetoothPeripheralsKey",
            replacement: "recreate CBPeripheralManagers with their stored restoration identifiers at every launch"),
        LaunchOptionKey(
            swift: "newsstandDownloads", objc: "UIApplicationLaunchOptionsNewsstandDownloadsKey",
            replacement: "drop the read: the key is no longer used"),
        LaunchOptionKey(
            swift: "annotation", objc: "UIApplicationLaunchOptionsAnnotationKey", replacement: "drop the read: the key is no longer used"),
    ]

    static func swift(_ name: String) -> LaunchOptionKey? { all.first { $0.swift == name } }
    static func objc(_ name: String) -> LaunchOptionKey? { all.first { $0.objc == name } }
}
