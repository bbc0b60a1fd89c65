import Results

extension PlannedPatch {
    /// The first warning the patch claims to resolve that the re-scan still finds at its level, as a failure.
    func unresolvedClaim(_ resolves: [Finding]) -> String? {
        guard let claim = claims.first(where: { !resolves.contains($0) }) else { return nil }
        return "the re-scan still finds \(claim.file):\(claim.line): \(claim.message) [\(claim.rule)]"
    }
}
