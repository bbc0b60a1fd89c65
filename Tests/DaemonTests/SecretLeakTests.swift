import Daemon
import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// The https token and the webhook URL never leave the process: after `validate`, `sweep` and `daemon --once`
/// (text and JSON logs) over a fleet whose runs fail in the ways whose messages would naturally quote them
/// (refused credentials, an unreachable host, a webhook answering 500), no file of the workspace and no
/// line of output holds the token, the `user:token` pair, the webhook URL or its secret path.
@Suite(.timeLimit(.minutes(3))) struct SecretLeakTests {
    private struct Secrets {
        let token = "tok-\(UUID().uuidString)-secret"
        let hookSecret = "T0SECRET/B0SECRET/\(UUID().uuidString)"
        var userAndToken: String { "ci-bot:" + token }

        func hook(port: Int) -> String { "http://127.0.0.1:\(port)/services/\(hookSecret)" }

        /// Every form a leak could take; each is checked in every file and output.
        func forms(port: Int) -> [String] { [token, userAndToken, hook(port: port), hookSecret] }
    }

    /// Every regular file under `folder`, recursively (mirrors' objects and config, runs, status, logs).
    private static func files(under folder: String) -> [String] {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(folder + "/" + relative)
            }
        }
        return files
    }

    @Test func aTokenInAURLIsRefusedByEveryCommandWithoutBeingEchoed() async throws {
        let secrets = Secrets()
        let fleet = try FleetBench(schedule: "@every 1h")
        try fleet.writeConfig(
            schedule: "@every 1h",
            repos: "  - url: https://\(secrets.userAndToken)@git.example.com/acme/shop-ios.git\n"
                + "  - url: http://\(secrets.userAndToken)@localhost:1/acme/unreachable.git\n")

        var outputs: [String] = []
        for arguments in [
            ["validate", "--config", "fleet.yaml"], ["sweep", "--config", "fleet.yaml"], ["daemon", "--once", "--config", "fleet.yaml"],
            ["daemon", "--once", "--config", "fleet.yaml", "--log-format", "json"],
        ] {
            let result = try await ScenesweepProcess.run(arguments, in: fleet.root)
            #expect(result.status == 2, "\(arguments)")
            outputs += [result.out, result.err]
        }

        let message = "the URL holds credentials; put the token in the environment variable named by auth.https_token_env"
        #expect(outputs[1].contains("fleet.yaml:12:10: error: repos[2].url: \(message)\n"), "\(outputs[1])")
        #expect(outputs[1].contains("fleet.yaml:13:10: error: repos[3].url: \(message)\n"))
        #expect(outputs[7].contains("\"event\":\"config.problem\""))
        for output in outputs {
            #expect(!output.contains(secrets.token))
        }
        #expect(!FileManager.default.fileExists(atPath: fleet.workspace))
    }

    @Test func noFileOfTheWorkspaceAndNoOutputHoldsTheTokenOrTheWebhookURL() async throws {
        let secrets = Secrets()
        let credentials = try CredentialServer()
        defer { credentials.stop() }
        // The first run's notification is refused once (a retry is logged), the second's every time.
        let receiver = try WebhookReceiver(statuses: [500, 200, 500, 500, 500])
        defer { receiver.stop() }
        let fleet = try FleetBench(
            schedule: "@every 1h", extra: "auth: { https_token_env: TEST_TOKEN }\nnotify: { webhook_url_env: TEST_HOOK }",
            repos: "  - url: http://localhost:\(credentials.port)/acme/private.git\n  - url: http://localhost:1/acme/unreachable.git\n")
        let environment = ["TEST_TOKEN": secrets.token, "TEST_HOOK": secrets.hook(port: receiver.port)]
        let once = ["daemon", "--once", "--config", "fleet.yaml"]

        var outputs: [String] = []
        func run(_ arguments: [String]) async throws -> Int32 {
            let result = try await ScenesweepProcess.run(arguments, in: fleet.root, environment: environment)
            outputs += [result.out, result.err]
            return result.status
        }
        #expect(try await run(["validate", "--config", "fleet.yaml"]) == 0)
        #expect(try await run(["sweep", "--config", "fleet.yaml"]) == 0)
        try fleet.regressBooks()
        #expect(try await run(once + ["--log-format", "json"]) == 0)
        try fleet.blockBooks()
        #expect(try await run(once) == 0)

        // The secrets were really used: the token was offered, the webhook called at its path and refused.
        #expect(credentials.sawCredential(user: "x-access-token", password: secrets.token))
        #expect(receiver.requests.count == 5)
        #expect(receiver.requests.allSatisfy { $0.path == "/services/\(secrets.hookSecret)" })
        let log = outputs.joined()
        #expect(log.contains("acme/private: FAILED: authentication failed for http://localhost:\(credentials.port)/acme/private.git"))
        #expect(log.contains("acme/unreachable: FAILED: cannot reach http://localhost:1/acme/unreachable.git"))
        #expect(log.contains("\"event\":\"notify.retry\""))
        #expect(log.contains("\"event\":\"notify.sent\""))
        #expect(
            log.contains("could not notify the webhook in TEST_HOOK after 3 attempts (HTTP status 500); the run is stored all the same"))

        let files = Self.files(under: fleet.workspace)
        #expect(files.contains { $0.hasSuffix("/history.jsonl") } && files.contains { $0.hasSuffix("/status.json") })
        #expect(files.contains { $0.hasSuffix("/metrics.prom") } && files.contains { $0.hasSuffix(".git/config") })
        for form in secrets.forms(port: receiver.port) {
            for file in files {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                #expect(data.range(of: Data(form.utf8)) == nil, "\(form) is in \(file)")
            }
            #expect(!log.contains(form), "\(form) is in the output")
        }
    }
}
