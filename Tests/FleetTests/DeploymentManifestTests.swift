import Fleet
import Foundation
import Results
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

    static func documents(_ path: String) throws -> [Node] {
        let bytes = try #require(FileManager.default.contents(atPath: root + "/" + path), "\(path) is missing")
        return try YAMLParser().parseAll(Array(bytes))
    }

    static func strings(_ node: Node?) -> [String] { (node?.sequence ?? []).compactMap { $0.scalar?.text } }

    @Test func everyKubernetesManifestHoldsNamedObjects() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/config/k8s").filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(
            files == [
                "fleet-config.yaml", "merge-job.yaml", "nightly-cronjob.yaml", "shard-volumes.yaml", "shards-job.yaml",
                "workspace-volume.yaml",
            ])
        for file in files {
            let documents = try Self.documents("config/k8s/" + file)
            #expect(!documents.isEmpty, "\(file)")
            for document in documents {
                #expect(Self.text(document["apiVersion"]) != nil, "\(file)")
                #expect(Self.text(document["metadata"]?["name"])?.hasPrefix("scenesweep-") == true, "\(file)")
            }
        }
    }

    /// The shard Jobs, by index: Job scenesweep-shard-I sweeps --shard I/N on claim scenesweep-shard-I.
    @Test func eachShardIsAJobOnAReadWriteOnceVolumeOfItsOwn() throws {
        let jobs = try Self.documents("config/k8s/shards-job.yaml")
        let claims = try Self.documents("config/k8s/shard-volumes.yaml")
        #expect(jobs.count > 1)
        let count = jobs.count
        for (offset, job) in jobs.enumerated() {
            let index = offset + 1
            #expect(Self.text(job["kind"]) == "Job")
            #expect(Self.text(job["metadata"]?["name"]) == "scenesweep-shard-\(index)")
            #expect(Self.text(job["spec"]?["template"]?["spec"]?["restartPolicy"]) == "Never")
            let container = try Self.container(job)
            #expect(container["command"] == nil, "the image's entry point is scenesweep")
            #expect(Self.strings(container["args"]) == ["sweep", "--config", "/etc/scenesweep/fleet.yaml", "--shard", "\(index)/\(count)"])
            #expect(Shard(parsing: "\(index)/\(count)") != nil)
            #expect(try Self.mountPath(job, claim: "scenesweep-shard-\(index)") == "/var/lib/scenesweep")
            #expect(try Self.mountPath(job, configMap: "scenesweep-config") == "/etc/scenesweep")
            let token = container["env"]?.sequence?.first { Self.text($0["name"]) == "GIT_TOKEN" }
            #expect(Self.text(token?["valueFrom"]?["secretKeyRef"]?["name"]) != nil)
        }
        // One ReadWriteOnce claim per shard and one for the merged runs; nothing needs ReadWriteMany.
        #expect(
            claims.compactMap { Self.text($0["metadata"]?["name"]) } == (1...count).map { "scenesweep-shard-\($0)" } + ["scenesweep-merged"]
        )
        for claim in claims + [try Self.document("config/k8s/workspace-volume.yaml")] {
            #expect(Self.text(claim["kind"]) == "PersistentVolumeClaim")
            #expect(Self.strings(claim["spec"]?["accessModes"]) == ["ReadWriteOnce"])
        }
    }

    @Test func theConfigMapIsAValidFleetConfigWhoseWorkspaceIsTheVolumesMountPath() throws {
        let configMap = try Self.document("config/k8s/fleet-config.yaml")
        #expect(Self.text(configMap["kind"]) == "ConfigMap")
        let fleetYAML = try #require(Self.text(configMap["data"]?["fleet.yaml"]))
        let directory = TemporaryDirectory("k8s")
        directory.write("fleet.yaml", fleetYAML)
        let config = try ConfigValidator.load(path: directory.path + "/fleet.yaml")
        #expect(config.workspace == "/var/lib/scenesweep")
        #expect(config.auth.httpsTokenVariable == "GIT_TOKEN")
    }

    @Test func theMergeJobReadsEveryShardsVolumeReadOnlyAndWritesTheMergedOne() throws {
        let job = try Self.document("config/k8s/merge-job.yaml")
        let count = try Self.documents("config/k8s/shards-job.yaml").count
        #expect(Self.text(job["kind"]) == "Job")
        #expect(job["spec"]?["completions"]?.scalar?.integer == 1)
        let container = try Self.container(job)
        let inputs = (1...count).map { "/var/lib/scenesweep-shards/\($0)/shards/\($0)" }
        #expect(Self.strings(container["args"]) == ["merge", "--config", "/etc/scenesweep/fleet.yaml"] + inputs)
        #expect(try Self.mountPath(job, claim: "scenesweep-merged") == "/var/lib/scenesweep")
        let pod = try #require(job["spec"]?["template"]?["spec"])
        for index in 1...count {
            let volume = pod["volumes"]?.sequence?.first {
                Self.text($0["persistentVolumeClaim"]?["claimName"]) == "scenesweep-shard-\(index)"
            }
            #expect(Self.text(volume?["persistentVolumeClaim"]?["readOnly"]) == "true")
            #expect(try Self.mountPath(job, claim: "scenesweep-shard-\(index)") == "/var/lib/scenesweep-shards/\(index)")
        }
    }

    /// The settings Pod Security "restricted" requires, in every pod (scripts/check-deploy checks every rule).
    @Test func everyPodRunsRestricted() throws {
        var jobs = try Self.documents("config/k8s/shards-job.yaml") + [try Self.document("config/k8s/merge-job.yaml")]
        jobs.append(try #require(try Self.document("config/k8s/nightly-cronjob.yaml")["spec"]?["jobTemplate"]))
        for job in jobs {
            let pod = try #require(job["spec"]?["template"]?["spec"])
            #expect(Self.text(pod["securityContext"]?["runAsNonRoot"]) == "true")
            #expect(Self.text(pod["securityContext"]?["seccompProfile"]?["type"]) == "RuntimeDefault")
            let context = try Self.container(job)["securityContext"]
            #expect(Self.text(context?["allowPrivilegeEscalation"]) == "false")
            #expect(Self.text(context?["readOnlyRootFilesystem"]) == "true")
            #expect(Self.strings(context?["capabilities"]?["drop"]) == ["ALL"])
        }
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

    @Test func theGitHubWorkflowSweepsAMatrixOfShardsMergesTheirArtifactsAndPublishesToEachRepository() throws {
        let workflow = try Self.document("config/ci/scenesweep-fleet.yml")
        #expect(workflow["on"]?["schedule"]?.sequence?.isEmpty == false)
        let jobs = try #require(workflow["jobs"])
        #expect(jobs.keys.map(\.name) == ["shards", "merge"])
        #expect(Self.text(jobs["shards"]?["container"]) == Self.text(jobs["merge"]?["container"]))
        #expect(Self.text(jobs["merge"]?["container"])?.hasSuffix("/scenesweep:0.1.0") == true)

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

        // Each repository's SARIF goes to its own code scanning, after the merge, with the token from a secret;
        // what was published is kept with the merged runs, so only changed repositories are uploaded again.
        let publish = try #require(mergeSteps.first { Self.text($0["run"])?.hasPrefix("scenesweep publish") == true })
        #expect(Self.text(publish["run"]) == "scenesweep publish --config fleet.yaml")
        #expect(Self.text(publish["env"]?["PUBLISH_TOKEN"]) == "${{ secrets.FLEET_PUBLISH_TOKEN }}")
        let save = try #require(mergeSteps.first { Self.text($0["uses"])?.hasPrefix("actions/cache/save@") == true })
        #expect(Self.text(save["with"]?["path"])?.contains(".scenesweep/published.json") == true)
        #expect(
            mergeSteps.firstIndex { Self.text($0["run"]) == "scenesweep merge --config fleet.yaml shard-runs/*" }! < mergeSteps.firstIndex {
                Self.text($0["run"])?.hasPrefix("scenesweep publish") == true
            }!)
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
