import Git
import Testing

@Suite struct GitURLTests {
    @Test func redactionRemovesUserAndPasswordFromHTTPSURLs() {
        #expect(GitURL.redacted("https://user:secret@host/x.git") == "https://host/x.git")
        #expect(
            GitURL.redacted("https://x-access-token:ghp_abc@github.example.com:8443/a/b.git")
                == "https://github.example.com:8443/a/b.git")
        #expect(GitURL.redacted("http://token@host/x.git") == "http://host/x.git")
        #expect(GitURL.redacted("https://host/x.git") == "https://host/x.git")
        #expect(GitURL.redacted("https://host/path@with-at") == "https://host/path@with-at")
    }

    @Test func redactionKeepsTheSSHUserButDropsAPassword() {
        #expect(GitURL.redacted("ssh://git@host:2222/x.git") == "ssh://git@host:2222/x.git")
        #expect(GitURL.redacted("ssh://git:pw@host/x.git") == "ssh://git@host/x.git")
        #expect(GitURL.redacted("git@host:acme/x.git") == "git@host:acme/x.git")
        #expect(GitURL.redacted("/srv/git/x.git") == "/srv/git/x.git")
    }

    @Test func descriptionIsAlwaysRedacted() {
        #expect(GitURL("https://u:p@host/x.git").description == "https://host/x.git")
        #expect("\(GitURL("https://u:p@host/x.git"))" == "https://host/x.git")
    }

    @Test func localSourcesAreRecognisedAndFileURLsBecomePlainPaths() {
        #expect(GitURL("/srv/git/wallet.git").localPath == "/srv/git/wallet.git")
        #expect(GitURL("repos/wallet").localPath == "repos/wallet")
        #expect(GitURL("./wallet").isLocal)
        #expect(GitURL("file:///srv/git/wallet.git").localPath == "/srv/git/wallet.git")
        #expect(GitURL("file://localhost/srv/git/wallet.git").localPath == "/srv/git/wallet.git")
        #expect(GitURL("file:///tmp/with%20space").localPath == "/tmp/with space")
    }

    @Test func remoteURLsExposeTransportHostPortAndUser() {
        let https = GitURL("https://x-access-token:t@git.example.com/acme/shop-ios.git")
        #expect(https.transport == .http)
        #expect(https.host == "git.example.com")
        #expect(https.port == nil)
        #expect(https.user == "x-access-token")

        let ssh = GitURL("ssh://git@[::1]:2222/acme/x.git")
        #expect(ssh.transport == .ssh)
        #expect(ssh.host == "::1")
        #expect(ssh.port == 2222)
        #expect(ssh.user == "git")

        let scp = GitURL("git@GitHub.example.com:acme/x.git")
        #expect(scp.transport == .ssh)
        #expect(scp.host == "github.example.com")
        #expect(scp.user == "git")
        #expect(!scp.isLocal)
    }

    /// Plain ASCII is searched by bytes, anything else by Characters: a path outside ASCII must not change
    /// how the rest of the URL reads.
    @Test(arguments: [
        "/srv/git/wallet", "repos/wallet", "./a:b/c", "https://u:p@git.example.com:8443/acme/shop", "http://localhost/x",
        "ssh://git@[::1]:2222/acme/x", "git@GitHub.example.com:acme/x", "host:path/x", "[::1]:x/y", "c:/windows/repo",
        "gopher://example.com/x", "a:b://c", "file:///srv/git/x",
    ])
    func aURLReadsTheSameWhetherItsPathIsASCIIOrNot(url: String) {
        let ascii = GitURL(url + "/x")
        let other = GitURL(url + "/é")
        #expect(ascii.transport == other.transport)
        #expect(ascii.host == other.host && ascii.port == other.port && ascii.user == other.user)
        #expect(ascii.localPath.map { String($0.dropLast()) } == other.localPath.map { String($0.dropLast()) })
    }
}

@Suite struct CredentialsTests {
    @Test func printingCredentialsNeverShowsTheToken() {
        let credentials = Credentials(httpsToken: "ghp_secret", knownHostsFile: "/etc/ssh/known_hosts")
        #expect(!"\(credentials)".contains("ghp_secret"))
        #expect(!String(reflecting: credentials).contains("ghp_secret"))
        #expect(credentials.resolvedKnownHostsFile == "/etc/ssh/known_hosts")
    }
}
