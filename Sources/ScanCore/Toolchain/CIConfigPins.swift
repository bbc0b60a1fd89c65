import YAML

/// Xcode pins of the CI services other than GitHub Actions, each from its own configuration file.
enum CIConfigPins {
    /// `bitrise.yml`: `meta: bitrise.io: stack: osx-xcode-16.2.x` at the top or per workflow. A stack
    /// name with `edge` follows the newest Xcode.
    static func bitrise(_ root: Node, file: String, scope: String) -> [XcodePin] {
        var metas: [Node] = [root]
        for pair in root["workflows"]?.mapping ?? [] { metas.append(pair.value) }
        return metas.compactMap { node in
            guard let stack = PinText.value(node["meta"]?["bitrise.io"]?["stack"], file: file) else { return nil }
            return XcodePin(
                version: RunnerImages.xcodeInName(stack.text), floating: stack.text.lowercased().contains("edge"), text: stack.text,
                source: .bitriseStack, location: stack.location, scope: scope)
        }
    }

    /// `.circleci/config.yml`: every `macos: { xcode: 16.2.0 }`, in jobs and executors alike.
    static func circleCI(_ root: Node, file: String, scope: String) -> [XcodePin] {
        var pins: [XcodePin] = []
        root.walk { path, node in
            guard case .key("macos")? = path.components.last, let value = PinText.value(node["xcode"], file: file) else { return }
            pins.append(PinText.pin(value, source: .circleCI, scope: scope))
        }
        return pins
    }

    /// `codemagic.yaml`: `workflows.<name>.environment.xcode` (a version, `latest` or `edge`).
    static func codemagic(_ root: Node, file: String, scope: String) -> [XcodePin] {
        (root["workflows"]?.mapping ?? []).compactMap { pair in
            guard let value = PinText.value(pair.value["environment"]?["xcode"], file: file) else { return nil }
            return PinText.pin(value, source: .codemagic, scope: scope)
        }
    }

    /// `.gitlab-ci.yml`: each job's `image` (or `default: image:`, or the top-level `image`) when it names
    /// a macOS image (`macos-15-xcode-16`); a job on a SaaS macOS runner (`tags: saas-macos-…`) without
    /// an image gets GitLab's default macOS image, which moves with each macOS release. `script`,
    /// `before_script` and `variables: DEVELOPER_DIR` selections win over the image.
    static func gitlab(_ root: Node, file: String, scope: String) -> [XcodePin] {
        let defaultImage = imageValue(root["default"]?["image"], file: file) ?? imageValue(root["image"], file: file)
        let globalDeveloperDir = PinText.value(root["variables"]?["DEVELOPER_DIR"], file: file)
        var pins: [XcodePin] = []
        for pair in root.mapping ?? [] {
            guard let name = pair.key.scalar?.text, !name.hasPrefix("."), !reservedKeys.contains(name) else { continue }
            let job = pair.value
            guard job["script"] != nil || job["extends"] != nil else { continue }
            var selected: [(PinValue, XcodePin.Source)] = []
            if let value = PinText.value(job["variables"]?["DEVELOPER_DIR"], file: file) ?? globalDeveloperDir {
                selected.append((value, .developerDir))
            }
            for key in ["before_script", "script"] {
                for line in scriptNodes(job[key]) {
                    if let text = line.scalar?.text {
                        selected += PinText.scriptSelections(text, file: file, firstLine: PinText.firstLine(of: line))
                    }
                }
            }
            if !selected.isEmpty {
                pins += selected.map { PinText.pin($0.0, source: $0.1, scope: scope) }
                continue
            }
            let image = imageValue(job["image"], file: file) ?? defaultImage
            if let image, image.text.lowercased().hasPrefix("macos") {
                pins.append(
                    XcodePin(
                        version: RunnerImages.xcodeInName(image.text), text: image.text, source: .gitlabImage, location: image.location,
                        scope: scope))
            } else if image == nil, let tags = job["tags"]?.sequence,
                let tag = tags.compactMap({ PinText.value($0, file: file) }).first(where: { $0.text.lowercased().hasPrefix("saas-macos") })
            {
                pins.append(
                    XcodePin(
                        version: nil, floating: true, text: tag.text, source: .gitlabImage, location: tag.location, scope: scope,
                        basis: "GitLab's default macOS image, which becomes each new macOS release when it is generally available"))
            }
        }
        return pins
    }

    /// Top-level keys of `.gitlab-ci.yml` that are not jobs.
    private static let reservedKeys: Set<String> = [
        "default", "include", "stages", "variables", "workflow", "image", "services", "cache", "before_script", "after_script",
        "pages:deploy",
    ]

    private static func imageValue(_ node: Node?, file: String) -> PinValue? {
        PinText.value(node, file: file) ?? PinText.value(node?["name"], file: file)
    }

    private static func scriptNodes(_ node: Node?) -> [Node] {
        guard let node else { return [] }
        if node.scalar != nil { return [node] }
        return node.sequence ?? []
    }

    /// `eas.json`: `build.<profile>.ios.image`. `latest` floats; `default` (or no image) is the image
    /// EAS picks for the project's Expo SDK, which this scan does not know.
    static func eas(_ root: Node, file: String, scope: String) -> [XcodePin] {
        (root["build"]?.mapping ?? []).compactMap { pair in
            guard let image = PinText.value(pair.value["ios"]?["image"], file: file), image.text.lowercased() != "default" else {
                return nil
            }
            if image.text.lowercased().hasPrefix("latest") {
                return XcodePin(version: nil, floating: true, text: image.text, source: .easImage, location: image.location, scope: scope)
            }
            return XcodePin(
                version: RunnerImages.xcodeInName(image.text), text: image.text, source: .easImage, location: image.location, scope: scope)
        }
    }
}
