/// Adds a build setting to some of a target's build configurations in a `project.pbxproj`, as a whole line
/// inserted into each configuration's `buildSettings` where Xcode's sorted order puts it. Like
/// `ProjectFileEditor`, it never rewrites the file (Foundation cannot write this format): every other byte
/// stays as it was.
package enum BuildSettingEditor {
    /// Adds `key = value;` to the `buildSettings` of the target's configurations named `configurations`.
    ///
    /// Refused when a configuration is missing from the target's list or already sets the key there (the
    /// edit only adds), or when the text is not laid out as Xcode writes it.
    package static func adding(
        key: String, value: String, toConfigurations configurations: [String], ofTarget targetID: String, in bytes: [UInt8],
        xcodeprojPath: String
    ) throws(ProjectEditError) -> [UInt8] {
        let plist: (value: PlistValue, format: PropertyListFormat)
        do {
            plist = try PropertyListReader.read(bytes)
        } catch {
            throw .unreadable(error.message)
        }
        guard plist.format == .openStep else { throw .unsupportedFormat(plist.format) }
        guard let objects = plist.value["objects"]?.dictionary else { throw .unreadable("it has no objects") }
        guard let target = objects[targetID]?.dictionary, target["isa"]?.string == "PBXNativeTarget" else {
            throw .targetNotFound(id: targetID)
        }
        let targetName = target["name"]?.string ?? targetID
        let listed = (target["buildConfigurationList"]?.string.flatMap { objects[$0]?["buildConfigurations"]?.array } ?? [])
            .compactMap(\.string)
        var configurationIDs: [String] = []
        for name in configurations {
            guard let id = listed.first(where: { objects[$0]?["name"]?.string == name }) else {
                throw .configurationNotFound(name: name, target: targetName)
            }
            if objects[id]?["buildSettings"]?[key] != nil {
                throw .settingAlreadySet(key: key, configuration: name, target: targetName)
            }
            configurationIDs.append(id)
        }
        guard !configurationIDs.isEmpty else { return bytes }
        guard let text = ProjectText(bytes), let objectsNode = text.root["objects"] else {
            throw .unexpectedLayout("the text could not be followed")
        }
        let line = Array("\(key) = \(OpenStepText.quoted(value));".utf8)
        var insertions: [(offset: Int, bytes: [UInt8])] = []
        for id in configurationIDs {
            guard let object = objectsNode.entries.first(where: { $0.key == id }).flatMap({ text.parsed($0.value) }),
                let settings = object["buildSettings"],
                case .dictionary(let range, let entries) = settings
            else { throw .unexpectedLayout("the configuration \(id) has no buildSettings dictionary") }
            let offset: Int
            let indentation: [UInt8]
            if let next = entries.first(where: { $0.key > key }) {
                guard let start = text.lineStart(before: next.keyRange.lowerBound) else {
                    throw .unexpectedLayout("the setting \(next.key) of configuration \(id) does not start its line")
                }
                offset = start
                indentation = text.indentation(ofLineAt: start)
            } else {
                guard let closing = text.lineStart(before: range.upperBound - 1) else {
                    throw .unexpectedLayout("the buildSettings of configuration \(id) do not end on a line of their own")
                }
                offset = closing
                if let last = entries.last {
                    guard let start = text.lineStart(before: last.keyRange.lowerBound) else {
                        throw .unexpectedLayout("the setting \(last.key) of configuration \(id) does not start its line")
                    }
                    indentation = text.indentation(ofLineAt: start)
                } else {
                    indentation = text.indentation(ofLineAt: closing) + [UInt8(ascii: "\t")]
                }
            }
            insertions.append((offset, indentation + line + text.lineEnding))
        }
        var edited: [UInt8] = []
        edited.reserveCapacity(bytes.count + insertions.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for insertion in insertions.sorted(by: { $0.offset < $1.offset }) {
            edited += bytes[copied..<insertion.offset]
            edited += insertion.bytes
            copied = insertion.offset
        }
        edited += bytes[copied...]
        try verify(
            edited, original: bytes, key: key, value: value, configurations: Set(configurationIDs), targetID: targetID,
            xcodeprojPath: xcodeprojPath)
        return edited
    }

    /// Reads the edited text back: the named configurations have the setting with its value, nothing else changed.
    private static func verify(
        _ edited: [UInt8], original: [UInt8], key: String, value: String, configurations: Set<String>, targetID: String,
        xcodeprojPath: String
    ) throws(ProjectEditError) {
        let before: Project
        let after: Project
        do {
            before = try ProjectReader.read(original, xcodeprojPath: xcodeprojPath)
            after = try ProjectReader.read(edited, xcodeprojPath: xcodeprojPath)
        } catch {
            throw .editNotVerified(error.message)
        }
        guard let old = before.target(id: targetID), let new = after.target(id: targetID),
            old.buildConfigurations.count == new.buildConfigurations.count
        else { throw .editNotVerified("the target or one of its configurations is missing") }
        for (oldConfiguration, newConfiguration) in zip(old.buildConfigurations, new.buildConfigurations) {
            var expected = oldConfiguration.settings
            if configurations.contains(oldConfiguration.id) { expected[key] = value }
            guard newConfiguration.settings == expected else {
                throw .editNotVerified("the build settings of \(oldConfiguration.name) are not the old ones and \(key)")
            }
        }
        guard old.sourceFiles == new.sourceFiles, old.resourceFiles == new.resourceFiles else {
            throw .editNotVerified("the target's files changed")
        }
    }
}
