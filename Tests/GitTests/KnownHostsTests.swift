import Foundation
import Git
import Testing

/// Keys made once with ssh-keygen; the hashed entries were made with `ssh-keygen -H` and Python's hmac.
private enum Keys {
    static let ed25519A = "AAAAC3NzaC1lZDI1NTE5AAAAILvSU+3ozdpVIRDcJMCm42NKDiXg1A3graskRD7h+rkM"
    static let ed25519B = "AAAAC3NzaC1lZDI1NTE5AAAAICxnQAFfdLoCwbOZEhFBuYpf0cdXPMdijJ/B/YfUnJ9n"
    static let ecdsa =
        "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEo0nCQ/TA3vP5JZ/hXYGNxiOOQrfODasjMxGL/l49xAhqSNCp7D+VfIKGDVs3/lcnB2oRk4iTeBYfwW+o7x5I8="
    /// `git.example.com`, hashed by ssh-keygen -H, for key A.
    static let hashedHost = "|1|NX6Zmzq5KDQgLGyHAkK88Qt/EpQ=|VTVAh2+RHb5WoHC0LX6kZ8Yzp3k="
    /// `[git.example.com]:2222`, salt 00 01 … 13.
    static let hashedHostWithPort = "|1|AAECAwQFBgcICQoLDA0ODxAREhM=|iB8ji+G7JiWchxZqOjryGAnIiTo="

    static func blob(_ base64: String) -> [UInt8] { Array(Data(base64Encoded: base64)!) }
}

@Suite struct KnownHostsTests {
    @Test func aPlainEntryTrustsItsKeyForThatHostOnly() {
        let knownHosts = KnownHosts(parsing: "git.example.com ssh-ed25519 \(Keys.ed25519A) comment\n", source: "kh")

        #expect(knownHosts.verify(host: "git.example.com", port: nil, key: Keys.blob(Keys.ed25519A)) == .trusted)
        #expect(knownHosts.verify(host: "GIT.example.com", port: 22, key: Keys.blob(Keys.ed25519A)) == .trusted)
        #expect(
            knownHosts.verify(host: "other.example.com", port: nil, key: Keys.blob(Keys.ed25519A))
                == .unknownHost(offeredType: "ssh-ed25519", knownTypes: []))
        #expect(
            knownHosts.verify(host: "git.example.com", port: 2222, key: Keys.blob(Keys.ed25519A))
                == .unknownHost(offeredType: "ssh-ed25519", knownTypes: []))
    }

    @Test func aChangedKeyOfTheSameTypeIsAMismatch() {
        let knownHosts = KnownHosts(
            parsing: "# header\n\ngit.example.com ssh-ed25519 \(Keys.ed25519A)\n", source: "/home/u/.ssh/known_hosts")

        let verdict = knownHosts.verify(host: "git.example.com", port: nil, key: Keys.blob(Keys.ed25519B))

        #expect(verdict == .mismatch(line: 3))
        #expect(
            knownHosts.error(for: verdict, host: "git.example.com", port: nil)?.description
                == "host key for git.example.com does not match known_hosts /home/u/.ssh/known_hosts:3 (possible man-in-the-middle)")
        #expect(knownHosts.error(for: verdict, host: "git.example.com", port: nil)?.kind == .hostKey)
    }

    @Test func aKeyOfAnotherTypeIsUnknownAndTheMessageSaysWhichTypesAreKnown() {
        let knownHosts = KnownHosts(parsing: "git.example.com ecdsa-sha2-nistp256 \(Keys.ecdsa)\n", source: "kh")

        let verdict = knownHosts.verify(host: "git.example.com", port: nil, key: Keys.blob(Keys.ed25519A))

        #expect(verdict == .unknownHost(offeredType: "ssh-ed25519", knownTypes: ["ecdsa-sha2-nistp256"]))
        #expect(
            knownHosts.error(for: verdict, host: "git.example.com", port: nil)?.description
                == "host key for git.example.com is not in known_hosts kh (the server offered ssh-ed25519; known_hosts has ecdsa-sha2-nistp256)"
        )
    }

    @Test func anUnknownHostIsRefusedNamingTheFile() {
        let knownHosts = KnownHosts(parsing: "", source: "/etc/kh")
        let verdict = knownHosts.verify(host: "new.example.com", port: 2222, key: Keys.blob(Keys.ecdsa))

        #expect(
            knownHosts.error(for: verdict, host: "new.example.com", port: 2222)?.description
                == "host key for [new.example.com]:2222 is not in known_hosts /etc/kh")
        #expect(knownHosts.error(for: .trusted, host: "x", port: nil) == nil)
    }

    @Test func bracketedEntriesMatchOnlyTheirPort() {
        let knownHosts = KnownHosts(parsing: "[git.example.com]:2222 ssh-ed25519 \(Keys.ed25519A)\n", source: "kh")

        #expect(knownHosts.verify(host: "git.example.com", port: 2222, key: Keys.blob(Keys.ed25519A)) == .trusted)
        #expect(knownHosts.verify(host: "git.example.com", port: nil, key: Keys.blob(Keys.ed25519A)) != .trusted)
        #expect(knownHosts.verify(host: "git.example.com", port: 2223, key: Keys.blob(Keys.ed25519A)) != .trusted)
    }

    @Test func commaSeparatedHostListsWildcardsAndNegationsMatchLikeOpenSSH() {
        let text = """
            git.example.com,10.0.0.5,[mirror.example.com]:2200 ssh-ed25519 \(Keys.ed25519A)
            *.corp.example.com,!bad.corp.example.com ecdsa-sha2-nistp256 \(Keys.ecdsa)
            build?.example.com ssh-ed25519 \(Keys.ed25519B)
            """
        let knownHosts = KnownHosts(parsing: text, source: "kh")
        let a = Keys.blob(Keys.ed25519A)
        let ecdsa = Keys.blob(Keys.ecdsa)
        let b = Keys.blob(Keys.ed25519B)

        #expect(knownHosts.verify(host: "10.0.0.5", port: nil, key: a) == .trusted)
        #expect(knownHosts.verify(host: "mirror.example.com", port: 2200, key: a) == .trusted)
        #expect(knownHosts.verify(host: "git.corp.example.com", port: nil, key: ecdsa) == .trusted)
        #expect(knownHosts.verify(host: "bad.corp.example.com", port: nil, key: ecdsa) != .trusted)
        #expect(knownHosts.verify(host: "corp.example.com", port: nil, key: ecdsa) != .trusted)
        #expect(knownHosts.verify(host: "build7.example.com", port: nil, key: b) == .trusted)
        #expect(knownHosts.verify(host: "build77.example.com", port: nil, key: b) != .trusted)
    }

    @Test func hashedEntriesMatchTheirHostAndPort() {
        let text = """
            \(Keys.hashedHost) ssh-ed25519 \(Keys.ed25519A)
            \(Keys.hashedHostWithPort) ecdsa-sha2-nistp256 \(Keys.ecdsa)
            """
        let knownHosts = KnownHosts(parsing: text, source: "kh")

        #expect(knownHosts.entries.count == 2)
        #expect(knownHosts.verify(host: "git.example.com", port: nil, key: Keys.blob(Keys.ed25519A)) == .trusted)
        #expect(knownHosts.verify(host: "git.example.com", port: 2222, key: Keys.blob(Keys.ecdsa)) == .trusted)
        #expect(knownHosts.verify(host: "git.example.com", port: nil, key: Keys.blob(Keys.ed25519B)) == .mismatch(line: 1))
        #expect(knownHosts.verify(host: "git.example.org", port: nil, key: Keys.blob(Keys.ed25519A)) != .trusted)
    }

    @Test func aRevokedKeyIsRefusedEvenIfAlsoListedAsTrusted() {
        let text = """
            git.example.com ssh-ed25519 \(Keys.ed25519A)
            @revoked * ssh-ed25519 \(Keys.ed25519A)
            """
        let knownHosts = KnownHosts(parsing: text, source: "kh")

        let verdict = knownHosts.verify(host: "git.example.com", port: nil, key: Keys.blob(Keys.ed25519A))

        #expect(verdict == .revoked(line: 2))
        #expect(
            knownHosts.error(for: verdict, host: "git.example.com", port: nil)?.description
                == "host key for git.example.com is revoked in known_hosts kh:2")
    }

    @Test func certificateAuthorityCommentAndMalformedLinesAreSkipped() {
        let text = """
            @cert-authority *.example.com ssh-ed25519 \(Keys.ed25519A)
            # git.example.com ssh-ed25519 \(Keys.ed25519A)
            git.example.com ssh-ed25519
            git.example.com ssh-ed25519 not*base64
            git.example.com ssh-rsa \(Keys.ed25519A)
            |1|bad|hash ssh-ed25519 \(Keys.ed25519A)
            \tgit.example.com   ssh-ed25519\t\(Keys.ed25519B)\r
            """
        let knownHosts = KnownHosts(parsing: text, source: "kh")

        #expect(knownHosts.entries.count == 1)
        #expect(knownHosts.entries.first?.line == 7)
        #expect(knownHosts.verify(host: "git.example.com", port: nil, key: Keys.blob(Keys.ed25519B)) == .trusted)
    }

    @Test func aMissingFileIsEmptySoEveryHostIsUnknown() throws {
        let knownHosts = try KnownHosts(contentsOfFile: "/nonexistent/known_hosts")
        #expect(knownHosts.entries.isEmpty)
        #expect(knownHosts.source == "/nonexistent/known_hosts")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen")))
    func entriesHashedBySSHKeygenMatchFreshKeys() throws {
        let fixture = try GitFixture()
        let keyPath = fixture.path("key")
        try run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", keyPath])
        let publicKey = try String(contentsOfFile: keyPath + ".pub", encoding: .utf8).split(separator: " ")
        let file = fixture.path("known_hosts")
        try "[build.example.com]:7999 \(publicKey[0]) \(publicKey[1])\n".write(toFile: file, atomically: true, encoding: .utf8)
        try run("/usr/bin/ssh-keygen", ["-H", "-f", file])

        let knownHosts = try KnownHosts(contentsOfFile: file)

        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("|1|"))
        let key = Array(Data(base64Encoded: String(publicKey[1]))!)
        #expect(knownHosts.verify(host: "build.example.com", port: 7999, key: key) == .trusted)
        #expect(knownHosts.verify(host: "build.example.com", port: nil, key: key) != .trusted)
    }

    private func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError(message: "\(executable) failed") }
    }
}
