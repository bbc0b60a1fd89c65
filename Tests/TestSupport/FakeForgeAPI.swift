import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fake of the forge APIs `publish` calls (GitHub code scanning's SARIF upload, Gitea and GitLab
/// commit statuses), on 127.0.0.1. It checks every request as the real API would — method, path, the
/// token in the kind's header, the JSON fields, the SARIF inside (base64, gzip, one run, its category) —
/// answers 422 with the reason to anything wrong, and notes each request with what it found, one JSON
/// object a line. It can answer the first N requests with a status (429 with Retry-After, 502) before it
/// starts accepting, and can redirect to another origin.
package final class FakeForgeAPI: @unchecked Sendable {
    private let process = Process()
    private let directory = TemporaryDirectory("fakeforge")
    package let port: Int
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// One request as the server saw it.
    package struct Request: Sendable, Equatable {
        package let method: String
        package let path: String
        /// 202/201 when accepted, else the status it answered.
        package let status: Int
        /// Why it was refused (422), empty when accepted.
        package let problem: String
        package let commit: String
        package let ref: String
        package let category: String
        /// Results in the uploaded SARIF, and the apps (`properties.app` / target) they name.
        package let results: Int
        package let apps: [String]
        package let state: String
        package let context: String
        package let targetURL: String
    }

    /// - Parameters:
    ///   - githubToken, giteaToken, gitlabToken: what each kind's header must carry.
    ///   - refusals: the first requests are answered with these statuses (429 comes with `Retry-After: 1`).
    ///   - redirectTo: when set, every request is answered 307 to this origin instead.
    package init(
        githubToken: String = "", giteaToken: String = "", gitlabToken: String = "", refusals: [Int] = [], redirectTo: String? = nil
    ) throws {
        let script = #"""
            import base64, gzip, json, re, sys, threading, http.server
            log_path, github, gitea, gitlab, refusals, redirect = sys.argv[1:7]
            refusals = [int(s) for s in refusals.split(",") if s]
            lock = threading.Lock()
            def note(entry):
                with lock:
                    with open(log_path, "a") as log: log.write(json.dumps(entry) + "\n")
            class H(http.server.BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
                def answer(self, status, body, headers=()):
                    data = json.dumps(body).encode()
                    self.send_response(status)
                    for name, value in headers: self.send_header(name, value)
                    self.send_header("Content-Type", "application/json"); self.send_header("Content-Length", str(len(data)))
                    self.end_headers(); self.wfile.write(data)
                def do_GET(self): self.handle_any()
                def do_POST(self): self.handle_any()
                def handle_any(self):
                    body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                    entry = {"method": self.command, "path": self.path, "status": 0, "problem": "", "commit": "", "ref": "",
                             "category": "", "results": 0, "apps": [], "state": "", "context": "", "targetURL": ""}
                    with lock:
                        refusal = refusals.pop(0) if refusals else None
                    if redirect:
                        entry["status"] = 307; note(entry)
                        return self.answer(307, {"message": "moved"}, [("Location", redirect + self.path)])
                    if refusal:
                        entry["status"] = refusal; note(entry)
                        return self.answer(refusal, {"message": "try later"}, [("Retry-After", "1")] if refusal == 429 else [])
                    problem = ""
                    try:
                        problem = self.check(body, entry)
                    except Exception as error:
                        problem = "unreadable request: %r" % (error,)
                    entry["problem"] = problem
                    if problem:
                        entry["status"] = 422; note(entry)
                        return self.answer(422, {"message": problem})
                    entry["status"] = 202 if "code-scanning" in self.path else 201; note(entry)
                    if entry["status"] == 202:
                        return self.answer(202, {"id": "upload-%d" % abs(hash(entry["category"] + entry["commit"])), "url": "x"})
                    return self.answer(201, {"state": entry["state"]})
                def check(self, body, entry):
                    h = self.headers
                    if self.command != "POST": return "expected POST"
                    if h.get("Content-Type") != "application/json": return "expected a JSON body"
                    fields = json.loads(body)
                    m = re.fullmatch(r"/repos/([\w.-]+)/([\w.-]+)/code-scanning/sarifs", self.path)
                    if m:
                        if h.get("Authorization") != "Bearer " + github: return "bad credentials"
                        if h.get("Accept") != "application/vnd.github+json": return "Accept is not application/vnd.github+json"
                        if h.get("X-GitHub-Api-Version") != "2022-11-28": return "no API version"
                        if sorted(fields) != ["commit_sha", "ref", "sarif", "tool_name"]: return "unexpected fields %s" % sorted(fields)
                        entry["commit"], entry["ref"] = fields["commit_sha"], fields["ref"]
                        if not re.fullmatch(r"[0-9a-f]{40}", fields["commit_sha"]): return "commit_sha is not a full commit id"
                        if not fields["ref"].startswith("refs/heads/"): return "ref is not refs/heads/…"
                        log = json.loads(gzip.decompress(base64.b64decode(fields["sarif"], validate=True)))
                        if log.get("version") != "2.1.0" or len(log.get("runs", [])) != 1: return "not one SARIF 2.1.0 run"
                        run = log["runs"][0]
                        category = run.get("automationDetails", {}).get("id", "")
                        if not category.startswith("scenesweep/") or not category.endswith("/"): return "no category"
                        entry["category"] = category[:-1]
                        entry["results"] = len(run.get("results", []))
                        entry["apps"] = sorted({"%s|%s" % (r["properties"]["app"], r["properties"]["target"]) for r in run.get("results", [])})
                        if run["tool"]["driver"]["name"] != "scenesweep": return "wrong tool"
                        return ""
                    m = re.fullmatch(r"/repos/([\w.-]+)/([\w.-]+)/statuses/([0-9a-f]{40})", self.path)
                    if m:
                        if h.get("Authorization") != "token " + gitea: return "bad credentials"
                        entry["commit"] = m.group(3)
                        if fields.get("state") not in ("pending", "success", "error", "failure", "warning"): return "bad state"
                        if not fields.get("description") or fields.get("context") != "scenesweep/ios27": return "no description or context"
                        entry["state"], entry["context"], entry["targetURL"] = fields["state"], fields["context"], fields.get("target_url", "")
                        return ""
                    m = re.fullmatch(r"/projects/([^/]+)/statuses/([0-9a-f]{40})", self.path)
                    if m:
                        if h.get("PRIVATE-TOKEN") != gitlab: return "bad credentials"
                        entry["commit"], entry["ref"] = m.group(2), fields.get("ref", "")
                        if fields.get("state") not in ("pending", "running", "success", "failed", "canceled"): return "bad state"
                        entry["state"], entry["context"], entry["targetURL"] = fields["state"], fields.get("name", ""), fields.get("target_url", "")
                        return ""
                    return "no such endpoint"
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
            server.daemon_threads = True
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """#
        port = try PythonServer.start(
            process, script: script,
            arguments: [
                directory.path + "/requests.jsonl", githubToken, giteaToken, gitlabToken, refusals.map(String.init).joined(separator: ","),
                redirectTo ?? "",
            ], name: "the fake forge API")
    }

    /// Every request so far, in order.
    package var requests: [Request] {
        let text = (try? String(contentsOfFile: directory.path + "/requests.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return Request(
                method: object["method"] as? String ?? "", path: object["path"] as? String ?? "", status: object["status"] as? Int ?? 0,
                problem: object["problem"] as? String ?? "", commit: object["commit"] as? String ?? "", ref: object["ref"] as? String ?? "",
                category: object["category"] as? String ?? "", results: object["results"] as? Int ?? 0,
                apps: object["apps"] as? [String] ?? [], state: object["state"] as? String ?? "",
                context: object["context"] as? String ?? "", targetURL: object["targetURL"] as? String ?? "")
        }
    }

    package func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
