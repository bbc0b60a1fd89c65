"""Checks every pod template in Kubernetes manifests against the Pod Security Standards' "restricted"
profile (the Baseline controls included), as the PodSecurity admission controller enforces it:

  python3 scripts/lib/pod_security.py FILE...     exit 1 and one line per violation, FILE: object: rule

Pods are found in Pod, Job, CronJob, Deployment, StatefulSet, DaemonSet and ReplicaSet objects.
"""
import sys

import yaml

# Volume types "restricted" allows (spec.volumes[*]).
ALLOWED_VOLUMES = {"configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "persistentVolumeClaim", "projected", "secret"}
SAFE_SYSCTLS = {"kernel.shm_rmid_forced", "net.ipv4.ip_local_port_range", "net.ipv4.ip_unprivileged_port_start",
                "net.ipv4.tcp_syncookies", "net.ipv4.ping_group_range", "net.ipv4.ip_local_reserved_ports",
                "net.ipv4.tcp_keepalive_time", "net.ipv4.tcp_fin_timeout", "net.ipv4.tcp_keepalive_intvl",
                "net.ipv4.tcp_keepalive_probes"}


def pod_spec(document):
    kind = document.get("kind")
    spec = document.get("spec") or {}
    if kind == "Pod":
        return spec
    if kind == "CronJob":
        return ((spec.get("jobTemplate") or {}).get("spec") or {}).get("template", {}).get("spec")
    if kind in ("Job", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"):
        return (spec.get("template") or {}).get("spec")
    return None


def violations(pod):
    found = []
    pod_context = pod.get("securityContext") or {}
    for field in ("hostNetwork", "hostPID", "hostIPC"):
        if pod.get(field):
            found.append(f"{field} must not be true")
    for volume in pod.get("volumes") or []:
        kinds = set(volume) - {"name"}
        if not kinds <= ALLOWED_VOLUMES:
            found.append(f"volume {volume.get('name')}: type {sorted(kinds - ALLOWED_VOLUMES)} is not allowed")
    for sysctl in pod_context.get("sysctls") or []:
        if sysctl.get("name") not in SAFE_SYSCTLS:
            found.append(f"sysctl {sysctl.get('name')} is not allowed")
    if pod_context.get("runAsUser") == 0:
        found.append("securityContext.runAsUser must not be 0")
    pod_seccomp = (pod_context.get("seccompProfile") or {}).get("type")
    containers = [("container", c) for c in pod.get("containers") or []]
    containers += [("initContainer", c) for c in pod.get("initContainers") or []]
    containers += [("ephemeralContainer", c) for c in pod.get("ephemeralContainers") or []]
    for role, container in containers:
        name = f"{role} {container.get('name')}"
        context = container.get("securityContext") or {}
        if context.get("privileged"):
            found.append(f"{name}: privileged must not be true")
        if context.get("allowPrivilegeEscalation") is not False:
            found.append(f"{name}: securityContext.allowPrivilegeEscalation must be false")
        capabilities = context.get("capabilities") or {}
        if "ALL" not in (capabilities.get("drop") or []):
            found.append(f"{name}: securityContext.capabilities.drop must include ALL")
        extra = set(capabilities.get("add") or []) - {"NET_BIND_SERVICE"}
        if extra:
            found.append(f"{name}: capabilities {sorted(extra)} must not be added")
        if context.get("runAsNonRoot") is not True and pod_context.get("runAsNonRoot") is not True:
            found.append(f"{name}: runAsNonRoot must be true (in the pod or the container)")
        if context.get("runAsUser") == 0:
            found.append(f"{name}: runAsUser must not be 0")
        seccomp = (context.get("seccompProfile") or {}).get("type") or pod_seccomp
        if seccomp not in ("RuntimeDefault", "Localhost"):
            found.append(f"{name}: seccompProfile.type must be RuntimeDefault or Localhost (in the pod or the container)")
        if context.get("procMount") not in (None, "Default"):
            found.append(f"{name}: procMount must be Default")
        for port in container.get("ports") or []:
            if port.get("hostPort"):
                found.append(f"{name}: hostPort must not be set")
        selinux = context.get("seLinuxOptions") or {}
        if selinux.get("user") or selinux.get("role"):
            found.append(f"{name}: seLinuxOptions user and role must not be set")
    return found


def main(paths):
    failures = 0
    pods = 0
    for path in paths:
        with open(path) as handle:
            for document in yaml.safe_load_all(handle):
                if not document:
                    continue
                pod = pod_spec(document)
                if pod is None:
                    continue
                pods += 1
                name = f"{document.get('kind')}/{(document.get('metadata') or {}).get('name')}"
                for problem in violations(pod):
                    print(f"{path}: {name}: {problem}")
                    failures += 1
    if failures:
        print(f"{failures} Pod Security \"restricted\" violation(s)", file=sys.stderr)
        return 1
    print(f"{pods} pod template(s) pass Pod Security \"restricted\"")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
