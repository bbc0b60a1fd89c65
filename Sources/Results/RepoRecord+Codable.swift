/// `run.json`'s repository entries. Written as the synthesized form wrote them (the same keys, optional
/// ones left out when nil), `reused` and `stale` included for readers of the file; read back ignoring
/// those two, which `status` decides, so runs stored by earlier versions (which always wrote them)
/// decode as before and a file whose flags disagree with its status cannot make a record disagree.
extension RepoRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, name, url, branch, scannedBranch, team, status, commit, resultTool, resultRulePack, settingsHash, scannedIn
        case reused, stale, error, failingSince, fetchSeconds, scanSeconds, counts, patches
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            key: container.decode(RepoKey.self, forKey: .key),
            name: container.decode(String.self, forKey: .name),
            url: container.decode(String.self, forKey: .url),
            branch: container.decodeIfPresent(String.self, forKey: .branch),
            scannedBranch: container.decodeIfPresent(String.self, forKey: .scannedBranch),
            team: container.decodeIfPresent(String.self, forKey: .team),
            status: container.decode(RepoStatus.self, forKey: .status),
            commit: container.decodeIfPresent(String.self, forKey: .commit),
            resultTool: container.decodeIfPresent(String.self, forKey: .resultTool),
            resultRulePack: container.decodeIfPresent(String.self, forKey: .resultRulePack),
            settingsHash: container.decodeIfPresent(String.self, forKey: .settingsHash),
            scannedIn: container.decodeIfPresent(String.self, forKey: .scannedIn),
            error: container.decodeIfPresent(String.self, forKey: .error),
            failingSince: container.decodeIfPresent(String.self, forKey: .failingSince),
            fetchSeconds: container.decodeIfPresent(Double.self, forKey: .fetchSeconds),
            scanSeconds: container.decodeIfPresent(Double.self, forKey: .scanSeconds),
            counts: container.contains(.counts) ? AppCounts(from: container.superDecoder(forKey: .counts), as: .repository) : nil)
        patches = try container.decodeIfPresent(PatchCounts.self, forKey: .patches)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(name, forKey: .name)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(branch, forKey: .branch)
        try container.encodeIfPresent(scannedBranch, forKey: .scannedBranch)
        try container.encodeIfPresent(team, forKey: .team)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(commit, forKey: .commit)
        try container.encodeIfPresent(resultTool, forKey: .resultTool)
        try container.encodeIfPresent(resultRulePack, forKey: .resultRulePack)
        try container.encodeIfPresent(settingsHash, forKey: .settingsHash)
        try container.encodeIfPresent(scannedIn, forKey: .scannedIn)
        try container.encode(reused, forKey: .reused)
        try container.encode(stale, forKey: .stale)
        try container.encodeIfPresent(error, forKey: .error)
        try container.encodeIfPresent(failingSince, forKey: .failingSince)
        try container.encodeIfPresent(fetchSeconds, forKey: .fetchSeconds)
        try container.encodeIfPresent(scanSeconds, forKey: .scanSeconds)
        if let counts { try counts.encode(to: container.superEncoder(forKey: .counts), as: .repository) }
        try container.encodeIfPresent(patches, forKey: .patches)
    }
}
