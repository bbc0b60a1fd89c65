import Fleet
import Foundation
import TestSupport
import Testing
import YAML

/// config/k8s and config/ci read with the project's YAML module: the fields the scale-out depends on.
/// (scripts/check-deploy also validates them against the Kubernetes and GitHub Actions schemas.)
@Suite("Deployment manifests")
struct DeploymentManifestTests {
    static let root = FixturePaths.packageRoot.path

    static func document(_ path: String) throws -> Node {
        let bytes = try #require(FileManager.default.contents(atPath: root + "/" + path), "\(path) is missing")
        return try YAMLParser().parse(Array(bytes))
    }

    static func text(_ node: Node?) -> String? { node?.scalar?.text }

    /// The first container of a Job's pod.
    static func container(_ job: Node) throws -> Node {
        try #require(job["spec"]?["template"]?["spec"]?["containers"]?.sequence?.first)
    }

    static func env(_ container: Node, _ name: String) -> String? {
        text(container["env"]?.sequence?.first { text($0["name"]) == name }?["value"])
    }

    /// The mount path of the pod volume backed by `claim` (a PVC) or `configMap`.
    static func mountPath(_ job: Node, claim: String? = nil, configMap: String? = nil) throws -> String? {
        let pod = try #require(job["spec"]?["template"]?["spec"])
        let volume = pod["volumes"]?.sequence?.first { volume in
            (claim != nil && text(volume["persistentVolumeClaim"]?["claimName"]) == claim)
                || (configMap != nil && text(volume["configMap"]?["name"]) == configMap)
        }
        let name = try #require(text(volume?["name"]))
        return text(try container(job)["volumeMounts"]?.sequence?.first { text($0["name"]) == name }?["mountPath"])
    }

    @Test func everyKubernetesManifestIsOneNamedObject() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/config/k8s").filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files == ["fleet-config.yaml", "merge-job.yaml", "nightly-cronjob.yaml", "shards-job.yaml", "workspace-volume.yaml"])
        for file in files {
            let bytes = Array(try #require(FileManager.default.contents(atPath: Self.root + "/config/k8s/" + file)))
            let documents = try YAMLParser().parseAll(bytes)
            #expect(documents.count == 1, "\(file)")
            #expect(Self.text(documents.first?["apiVersion"]) != nil, "\(file)")
            #expect(Self.text(documents.first?["metadata"]?["name"])?.hasPrefix("scenesweep-") == true, "\(file)")
        }
    }

    @Test func theShardsRunAsAnIndexedJobWhoseZeroBasedIndexBecomesAOneBasedShard() throws {
        let job = try Self.document("config/k8s/shards-job.yaml")
        #expect(Self.text(job["apiVersion"]) == "batch/v1")
        #expect(Self.text(job["kind"]) == "Job")
        let spec = try #require(job["spec"])
        #expect(Self.text(spec["completionMode"]) == "Indexed")
        let completions = try #require(spec["completions"]?.scalar?.integer)
        #expect(completions > 1)
        #expect(spec["parallelism"]?.scalar?.integer == completions)
        #expect(spec["backoffLimitPerIndex"]?.scalar?.integer != nil)
        #expect(["Never", "OnFailure"].contains(Self.text(spec["template"]?["spec"]?["restartPolicy"])))
        let container = try Self.container(job)
        #expect(Self.env(container, "SHARD_COUNT") == String(completions))
        #expect((container["command"]?.sequence ?? []).compactMap { $0.scalar?.text } == ["/bin/sh", "-c"])
        let script = try #require(container["args"]?.sequence?.first?.scalar?.text)
        #expect(script.hasPrefix("exec scenesweep sweep --config /etc/scenesweep/fleet.yaml --shard "))

        // The shell in the manifest, run for every index the Job controller hands out.
        var shards: [String] = []
        for index in 0..<completions {
            let output = try Self.shell(
                script.replacingOccurrences(of: "exec scenesweep", with: "echo"),
                environment: ["JOB_COMPLETION_INDEX": String(index), "SHARD_COUNT": String(completions)])
            shards.append(String(try #require(output.split(separator: " ").last)))
        }
        #expect(shards == (1...completions).map { "\($0)/\(completions)" })
        #expect(shards.allSatisfy { Shard(parsing: $0) != nil })
    }

    @Test func everyShardAndTheMergeShareTheWorkspaceVolumeAtTheConfiguredWorkspace() throws {
        let volume = try Self.document("config/k8s/workspace-volume.yaml")
        #expect(Self.text(volume["kind"]) == "PersistentVolumeClaim")
        #expect((volume["spec"]?["accessModes"]?.sequence ?? []).compactMap { $0.scalar?.text } == ["ReadWriteMany"])
        let claim = try #require(Self.text(volume["metadata"]?["name"]))
        let configMap = try Self.document("config/k8s/fleet-config.yaml")
        #expect(Self.text(configMap["kind"]) == "ConfigMap")
        let configName = try #require(Self.text(configMap["metadata"]?["name"]))

        // The config the pods mount is a valid fleet config whose workspace is the volume's mount path.
        let fleetYAML = try #require(Self.text(configMap["data"]?["fleet.yaml"]))
        let directory = TemporaryDirectory("k8s")
        directory.write("fleet.yaml", fleetYAML)
        let config = try ConfigValidator.load(path: directory.path + "/fleet.yaml")
        #expect(config.workspace == "/var/lib/scenesweep")
        #expect(config.auth.httpsTokenVariable == "GIT_TOKEN")

        for file in ["config/k8s/shards-job.yaml", "config/k8s/merge-job.yaml"] {
            let job = try Self.document(file)
            #expect(try Self.mountPath(job, claim: claim) == config.workspace, "\(file)")
            #expect(try Self.mountPath(job, configMap: configName) == "/etc/scenesweep", "\(file)")
        }
        let shards = try Self.container(try Self.document("config/k8s/shards-job.yaml"))
        let token = shards["env"]?.sequence?.first { Self.text($0["name"]) == "GIT_TOKEN" }
        #expect(Self.text(token?["valueFrom"]?["secretKeyRef"]?["name"]) != nil)
    }

    @Test func theMergeJobMergesEveryShardStoreOnTheVolume() throws {
        let job = try Self.document("config/k8s/merge-job.yaml")
        #expect(Self.text(job["kind"]) == "Job")
        #expect(job["spec"]?["completionMode"] == nil)
        #expect(job["spec"]?["completions"]?.scalar?.integer == 1)
        let script = try #require(try Self.container(job)["args"]?.sequence?.first?.scalar?.text)
        #expect(script == "exec scenesweep merge --config /etc/scenesweep/fleet.yaml /var/lib/scenesweep/shards/*")
    }

    @Test func theNightlyCronJobRunsTheDaemonOnceOnTheSharedWorkspaceAndGivesItTimeToStop() throws {
        let cron = try Self.document("config/k8s/nightly-cronjob.yaml")
        #expect(Self.text(cron["apiVersion"]) == "batch/v1")
        #expect(Self.text(cron["kind"]) == "CronJob")
        #expect(Self.text(cron["spec"]?["concurrencyPolicy"]) == "Forbid")
        let job = try #require(cron["spec"]?["jobTemplate"])
        let pod = try #require(job["spec"]?["template"]?["spec"])
        #expect(Self.text(pod["restartPolicy"]) == "Never")
        let container = try Self.container(job)
        let command = ((container["command"]?.sequence ?? []) + (container["args"]?.sequence ?? [])).compactMap { $0.scalar?.text }
        #expect(Array(command.prefix(5)) == ["scenesweep", "daemon", "--once", "--config", "/etc/scenesweep/fleet.yaml"])
        let stopTimeout = try #require(command.firstIndex(of: "--stop-timeout").flatMap { Int(command[$0 + 1]) })
        let grace = try #require(pod["terminationGracePeriodSeconds"]?.scalar?.integer)
        #expect(grace > stopTimeout, "Kubernetes would SIGKILL the sweep while it waits for the repositories in flight")

        let configMap = try Self.document("config/k8s/fleet-config.yaml")
        let fleetYAML = try #require(Self.text(configMap["data"]?["fleet.yaml"]))
        let directory = TemporaryDirectory("k8s")
        directory.write("fleet.yaml", fleetYAML)
        let config = try ConfigValidator.load(path: directory.path + "/fleet.yaml")
        #expect(try Self.mountPath(job, claim: "scenesweep-workspace") == config.workspace)
        #expect(try Self.mountPath(job, configMap: "scenesweep-config") == "/etc/scenesweep")
        let variables = (container["env"]?.sequence ?? []).compactMap { Self.text($0["name"]) }
        #expect(variables == [config.auth.httpsTokenVariable, config.notify?.webhookURLVariable].compactMap { $0 })
    }

    @Test func theGitHubWorkflowSweepsAMatrixOfShardsMergesTheirArtifactsAndUploadsSARIFPerApp() throws {
        let workflow = try Self.document("config/ci/scenesweep-fleet.yml")
        #expect(workflow["on"]?["schedule"]?.sequence?.isEmpty == false)
        let jobs = try #require(workflow["jobs"])
        #expect(jobs.keys.map(\.name) == ["shards", "merge", "sarif", "code-scanning"])

        let shards = try #require(jobs["shards"])
        #expect(Self.text(shards["strategy"]?["fail-fast"]) == "false")
        let matrix = (shards["strategy"]?["matrix"]?["shard"]?.sequence ?? []).compactMap { $0.scalar?.integer }
        #expect(matrix == Array(1...matrix.count) && matrix.count > 1)
        let shardSteps = try #require(shards["steps"]?.sequence)
        #expect(
            shardSteps.contains {
                Self.text($0["run"]) == "scenesweep sweep --config fleet.yaml --shard \"${{ matrix.shard }}/${{ strategy.job-total }}\""
            })
        let upload = try #require(shardSteps.first { Self.text($0["uses"])?.hasPrefix("actions/upload-artifact@") == true })
        #expect(Self.text(upload["with"]?["name"]) == "shard-${{ matrix.shard }}")
        #expect(Self.text(upload["if"]) == "${{ !cancelled() }}")
        #expect(
            shardSteps.contains {
                Self.text($0["uses"])?.hasPrefix("actions/cache/restore@") == true
                    && Self.text($0["with"]?["path"]) == ".scenesweep/shards/${{ matrix.shard }}"
            })

        let merge = try #require(jobs["merge"])
        #expect(Self.text(merge["needs"]) == "shards")
        #expect(Self.text(merge["if"]) == "${{ !cancelled() }}")
        let mergeSteps = try #require(merge["steps"]?.sequence)
        let download = try #require(mergeSteps.first { Self.text($0["uses"])?.hasPrefix("actions/download-artifact@") == true })
        #expect(Self.text(download["with"]?["pattern"]) == "shard-*")
        #expect(Self.text(download["with"]?["path"]) == "shard-runs")
        #expect(mergeSteps.contains { Self.text($0["run"]) == "scenesweep merge --config fleet.yaml shard-runs/*" })

        let scanning = try #require(jobs["code-scanning"])
        #expect(Self.text(scanning["needs"]) == "sarif")
        #expect(Self.text(scanning["permissions"]?["security-events"]) == "write")
        #expect(Self.text(scanning["strategy"]?["matrix"]?["app"]) == "${{ fromJSON(needs.sarif.outputs.apps) }}")
        let sarif = try #require(
            scanning["steps"]?.sequence?.first { Self.text($0["uses"])?.hasPrefix("github/codeql-action/upload-sarif@") == true })
        #expect(Self.text(sarif["with"]?["category"]) == "${{ matrix.app.category }}")
        #expect(Self.text(sarif["with"]?["sarif_file"]) == "${{ matrix.app.file }}")
    }

    static func shell(_ script: String, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
